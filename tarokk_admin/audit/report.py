"""The audit's report: printed by ``check_records``, e-mailed to the officials by the
nightly task when something is wrong."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mail
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tarokk_admin.audit.problems import Problem
from tarokk_admin.core.mail import role_emails
from tarokk_admin.core.roles import Role

# The e-mail lists this many problems; the command prints them all.
MAIL_PROBLEMS = 200


def report_text(problems: list[Problem], *, limit: int | None = None) -> str:
    if not problems:
        return _("The records are consistent: no problem found.")
    shown = problems if limit is None else problems[:limit]
    lines = [
        ngettext(
            "%(n)s problem in the records:",
            "%(n)s problems in the records:",
            len(problems),
        )
        % {"n": len(problems)},
        "",
        *(problem.as_text() for problem in shown),
    ]
    if len(shown) < len(problems):
        lines += [
            "",
            _("… and %(n)s more: run manage.py check_records to see them all.")
            % {"n": len(problems) - len(shown)},
        ]
    return "\n".join(lines)


def report_mail(problems: list[Problem]) -> int:
    """E-mail the officials when something is wrong; how many e-mails were sent."""
    recipients = role_emails(Role.OFFICIAL)
    if not problems or not recipients:
        return 0
    subject = ngettext(
        "Records check: %(n)s problem found",
        "Records check: %(n)s problems found",
        len(problems),
    ) % {"n": len(problems)}
    body = report_text(problems, limit=MAIL_PROBLEMS)
    return send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, recipients)
