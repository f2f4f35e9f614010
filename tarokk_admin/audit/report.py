"""The audit's report: printed by ``check_records``, e-mailed to the officials by the
nightly task when something is wrong."""

from __future__ import annotations

from collections.abc import Sequence

from django.conf import settings
from django.core.mail import send_mail
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tarokk_admin.audit.problems import problem_text
from tarokk_admin.core.mail import role_emails
from tarokk_admin.core.problems import Problem
from tarokk_admin.core.roles import Role

# The e-mail lists this many problems; the command prints them all.
MAIL_PROBLEMS = 200
# The matches waiting for their follow-up named in the report (the rest counted).
WAITING_SHOWN = 20


def waiting_text(waiting: Sequence[str]) -> str:
    """The matches the audit could not check yet, or nothing."""
    if not waiting:
        return ""
    return ngettext(
        "Not checked yet: the trophies of %(n)s match whose follow-up still waits in "
        "the outbox (the worker runs it shortly): %(matches)s.",
        "Not checked yet: the trophies of %(n)s matches whose follow-up still waits "
        "in the outbox (the worker runs it shortly): %(matches)s.",
        len(waiting),
    ) % {"n": len(waiting), "matches": _listed(waiting)}


def _listed(items: Sequence[str]) -> str:
    listed = "; ".join(items[:WAITING_SHOWN])
    if len(items) > WAITING_SHOWN:
        listed += " " + _("… and %(n)s more") % {"n": len(items) - WAITING_SHOWN}
    return listed


def report_text(
    problems: list[Problem], *, limit: int | None = None, waiting: Sequence[str] = ()
) -> str:
    note = waiting_text(waiting)
    if not problems:
        text = _("The records are consistent: no problem found.")
        return f"{text}\n{note}" if note else text
    shown = problems if limit is None else problems[:limit]
    lines = [
        ngettext(
            "%(n)s problem in the records:",
            "%(n)s problems in the records:",
            len(problems),
        )
        % {"n": len(problems)},
        "",
        *(problem_text(problem) for problem in shown),
    ]
    if len(shown) < len(problems):
        lines += [
            "",
            _("… and %(n)s more: run manage.py check_records to see them all.")
            % {"n": len(problems) - len(shown)},
        ]
    if note:
        lines += ["", note]
    return "\n".join(lines)


def report_mail(problems: list[Problem], *, waiting: Sequence[str] = ()) -> int:
    """E-mail the officials when something is wrong; how many e-mails were sent.
    Matches whose follow-up still waits are no reason for an e-mail."""
    recipients = role_emails(Role.OFFICIAL)
    if not problems or not recipients:
        return 0
    subject = ngettext(
        "Records check: %(n)s problem found",
        "Records check: %(n)s problems found",
        len(problems),
    ) % {"n": len(problems)}
    body = report_text(problems, limit=MAIL_PROBLEMS, waiting=waiting)
    return send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, recipients)
