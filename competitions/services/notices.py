"""E-mail notices (the public API other services call): who is told of what, in
which words, recorded as :class:`~competitions.models.Notice` rows in the event's
own transaction and sent by the worker after the commit (``notice_delivery``).

* ``notice_match(kind, *, match, note="")`` — a match event:
  ``match_scheduled``, ``match_moved``, ``match_voided`` → both teams' captains and
  the referee; ``result_completed``, ``result_corrected``, ``dispute_resolved`` →
  the captains; ``result_disputed`` → the officials; ``approval_needed`` → the jury.
* ``notice_role(kind, *, role, key, subject, body)`` — a message to everyone in a
  role, once per address for ``key`` (the cup's calendar); ``subject`` and ``body``
  are callables so that each is written in the recipient's language.

Nobody is told twice of one event; a person without an address, inactive, or who
turned the kind off on their account page, is left out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import formats, translation
from django.utils.translation import gettext as _

from competitions.errors import ERRORS
from competitions.models import (
    AccountSettings,
    Match,
    MatchResult,
    Notice,
    NoticeKind,
)
from competitions.selectors.matches import (
    jury_approval_why,
    match_needs_jury_approval,
)
from competitions.selectors.teams import match_captains
from tarokk_admin.core.background import followup_queue
from tarokk_admin.core.errors import ServiceBug
from tarokk_admin.core.mail import role_users
from tarokk_admin.core.roles import Role

NOTICES_FOLLOWUP = "notices_send"
DEFAULT_LANGUAGE = "hu"  # the federation's language, for whoever chose none

TO_BOTH_SIDES = {
    NoticeKind.MATCH_SCHEDULED,
    NoticeKind.MATCH_MOVED,
    NoticeKind.MATCH_VOIDED,
}
TO_CAPTAINS = {
    NoticeKind.RESULT_COMPLETED,
    NoticeKind.RESULT_CORRECTED,
    NoticeKind.DISPUTE_RESOLVED,
}
MATCH_KINDS = (
    TO_BOTH_SIDES
    | TO_CAPTAINS
    | {NoticeKind.RESULT_DISPUTED, NoticeKind.APPROVAL_NEEDED}
)


def _match_recipients(kind: NoticeKind, match: Match) -> list[Any]:
    if kind == NoticeKind.RESULT_DISPUTED:
        return role_users(Role.OFFICIAL)
    if kind == NoticeKind.APPROVAL_NEEDED:
        return role_users(Role.JURY)
    # The teams' captains of the match's season.
    users = match_captains(match)
    if kind in TO_BOTH_SIDES and match.referee is not None:
        users.append(match.referee)
    return users


def _willing(users: Iterable[Any], kind: str) -> list[tuple[Any, str]]:
    """Each active user with an address who has not turned ``kind`` off, once,
    with the language of their e-mails."""
    unique = {user.pk: user for user in users if user.is_active and user.email}
    chosen = {
        row.user_id: row
        for row in AccountSettings.objects.filter(user_id__in=list(unique))
    }
    willing = []
    for pk, user in sorted(unique.items()):
        row = chosen.get(pk)
        if row is not None and kind in row.notices_off:
            continue
        willing.append((user, (row.language if row else "") or DEFAULT_LANGUAGE))
    return willing


def _when(match: Match) -> str:
    day = formats.date_format(match.date, "DATE_FORMAT")
    if match.time is None:
        return day
    return f"{day} {formats.time_format(match.time, 'TIME_FORMAT')}"


def _scores(match: Match) -> str:
    points = dict(
        MatchResult.objects.filter(match=match).values_list("team_id", "points")
    )
    a, b = points.get(match.team_a_id, "?"), points.get(match.team_b_id, "?")
    return f"{a} – {b}"


def _words(kind: str, match: Match, note: str) -> tuple[str, str]:
    """Subject and body of a match notice, in the active language."""
    values = {
        "match": f"{match.team_a.name} – {match.team_b.name}",
        "competition": str(match.competition),
        "when": _when(match),
        "venue": match.venue or _("venue to be announced"),
    }
    subjects = {
        NoticeKind.MATCH_SCHEDULED: _("Match scheduled: %(match)s"),
        NoticeKind.MATCH_MOVED: _("Match moved: %(match)s"),
        NoticeKind.MATCH_VOIDED: _("Match voided: %(match)s"),
        NoticeKind.RESULT_COMPLETED: _("Result in: %(match)s"),
        NoticeKind.RESULT_CORRECTED: _("Result corrected: %(match)s"),
        NoticeKind.RESULT_DISPUTED: _("Result disputed: %(match)s"),
        NoticeKind.DISPUTE_RESOLVED: _("Dispute resolved: %(match)s"),
        NoticeKind.APPROVAL_NEEDED: _("Jury approval needed: %(match)s"),
    }
    bodies = {
        NoticeKind.MATCH_SCHEDULED: _(
            "%(match)s (%(competition)s) is scheduled for %(when)s, %(venue)s."
        ),
        NoticeKind.MATCH_MOVED: _(
            "%(match)s (%(competition)s) now takes place on %(when)s, %(venue)s."
        ),
        NoticeKind.MATCH_VOIDED: _(
            "%(match)s (%(competition)s) of %(when)s is void: it no longer counts."
        ),
        NoticeKind.RESULT_COMPLETED: _(
            "%(match)s (%(competition)s, %(when)s) ended %(scores)s in match points. "
            "Captains confirm or dispute the result on their page."
        ),
        NoticeKind.RESULT_CORRECTED: _(
            "The result of %(match)s (%(competition)s, %(when)s) was corrected: "
            "%(scores)s in match points. Captains confirm it again on their page."
        ),
        NoticeKind.RESULT_DISPUTED: _(
            "A captain disputes the result of %(match)s (%(competition)s, %(when)s). "
            "The disputes are listed in the officials' workspace."
        ),
        NoticeKind.DISPUTE_RESOLVED: _(
            "An official resolved the dispute about the result of %(match)s "
            "(%(competition)s, %(when)s)."
        ),
        NoticeKind.APPROVAL_NEEDED: _(
            "%(match)s (%(competition)s) on %(when)s needs a jury approval recorded "
            "before it starts, because %(why)s (R15)."
        ),
    }
    if kind in (NoticeKind.RESULT_COMPLETED, NoticeKind.RESULT_CORRECTED):
        values["scores"] = _scores(match)
    if kind == NoticeKind.APPROVAL_NEEDED:
        values["why"] = jury_approval_why(match)
    body = bodies[kind] % values
    if note.strip():
        body += "\n\n" + _("Note: %(note)s") % {"note": note.strip()}
    return subjects[kind] % values, body


def _link(kind: str, match: Match, user: Any, captains: set[int]) -> str:
    """The page of the match for this recipient: a captain's own match page, the
    referee's, the officials' disputes, the jury's approvals."""
    if user.pk in captains:
        path = reverse("captain:match", args=[match.pk])
    elif match.referee_id == user.pk and kind in TO_BOTH_SIDES:
        path = reverse("referee:match", args=[match.pk])
    elif kind == NoticeKind.RESULT_DISPUTED:
        path = reverse("officials:disputes")
    elif kind == NoticeKind.APPROVAL_NEEDED:
        path = reverse("jury:home")
    else:
        return ""
    return f"{settings.SITE_URL}{path}"


def _queue(notices: list[Notice]) -> list[Notice]:
    if notices:
        followup_queue(NOTICES_FOLLOWUP, [notice.pk for notice in notices])
    return notices


def notice_match(
    kind: str, *, match: Match, note: str = "", only: Iterable[Any] | None = None
) -> list[Notice]:
    """Write the notices of a match event for everyone it concerns (see the module),
    or only for the users in ``only``; they are sent after the surrounding
    transaction commits."""
    if kind not in MATCH_KINDS:
        # The kind comes from the code, never from the user.
        raise ServiceBug(f"{kind!r} is not a kind of match notice")
    match = Match.objects.select_related(
        "competition__season", "team_a", "team_b", "referee"
    ).get(pk=match.pk)
    notices = []
    users = (
        list(only) if only is not None else _match_recipients(NoticeKind(kind), match)
    )
    captains = {user.pk for user in match_captains(match)}
    for user, language in _willing(users, kind):
        with translation.override(language):
            subject, body = _words(kind, match, note)
            link = _link(kind, match, user, captains)
            if link:
                body += "\n\n" + _("The match: %(link)s") % {"link": link}
        notices.append(
            Notice.objects.create(
                kind=kind,
                recipient=user,
                email=user.email,
                language=language,
                subject=subject[:200],
                body=body,
                match=match,
            )
        )
    return _queue(notices)


def notice_match_scheduled(match: Match) -> list[Notice]:
    """A new match: both sides hear of it, and the jury when R15 wants its approval
    (not in public, or before the annual meeting) and none is recorded."""
    notices = notice_match(NoticeKind.MATCH_SCHEDULED, match=match)
    if match_needs_jury_approval(match) and not hasattr(match, "jury_approval"):
        notices += notice_match(NoticeKind.APPROVAL_NEEDED, match=match)
    return notices


def notice_role(
    kind: str,
    *,
    role: Role,
    key: str,
    subject: Callable[[], str],
    body: Callable[[], str],
    users: Iterable[Any] | None = None,
) -> list[Notice]:
    """Tell everyone in ``role`` (or only ``users``, people in that role for what
    the notice concerns: a season's captains) once per address for ``key``: a
    second call with the same key writes nothing for the addresses already told."""
    notices = []
    people = list(users) if users is not None else role_users(role)
    for user, language in _willing(people, kind):
        if Notice.objects.filter(key=key, email=user.email).exists():
            continue
        with translation.override(language):
            words = subject()[:200], body()
        try:
            with transaction.atomic():
                notices.append(
                    Notice.objects.create(
                        kind=kind,
                        recipient=user,
                        email=user.email,
                        language=language,
                        subject=words[0],
                        body=words[1],
                        key=key,
                    )
                )
        except IntegrityError:  # another process told this address meanwhile
            continue
    return _queue(notices)


def account_settings_update(
    *, user: Any, notices_off: Iterable[str], language: str = ""
) -> AccountSettings:
    """A person's own choices: the notice kinds they do not want, and the language
    of their e-mails ("" for Hungarian)."""
    off = sorted(set(notices_off))
    unknown = [kind for kind in off if kind not in NoticeKind.values]
    if unknown:
        ERRORS.refuse("notice_kind_unknown", field="notices_off", kind=unknown[0])
    if language and language not in dict(settings.LANGUAGES):
        ERRORS.refuse("notice_language_unknown", field="language", code=language)
    row, _created = AccountSettings.objects.update_or_create(
        user=user, defaults={"notices_off": off, "language": language}
    )
    return row
