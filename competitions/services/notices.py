"""E-mail notices (the public API other services call): who is told of what, in
which words, recorded as :class:`~competitions.models.Notice` rows in the event's
own transaction and sent by the worker after the commit (``notice_delivery``).
Who receives each kind and in which words is declared once, in
``competitions/notices/kinds.py``.

* ``notice_match(kind, *, match, note="")`` — a match event, to the kind's
  audience: both teams' captains and the referee, the captains, the officials or
  the jury.
* ``notice_role(kind, *, message, values, role, key)`` — one of the kind's messages
  to everyone in a role, once per address for ``key`` (the cup's calendar);
  ``values`` is a callable so that they are written in the recipient's language.

Nobody is told twice of one event; a person without an address, inactive, or who
turned the kind off on their account page, is left out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import formats, translation
from django.utils.translation import gettext as _

from competitions.errors import ERRORS
from competitions.models import AccountSettings, Match, MatchResult, Notice, NoticeKind
from competitions.notices.kinds import (
    BY_CODE,
    Audience,
    NoticeKindSpec,
    Words,
    notice_kind,
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


def _recipients(audience: Audience, match: Match) -> list[Any]:
    if audience == Audience.OFFICIALS:
        return role_users(Role.OFFICIAL)
    if audience == Audience.JURY:
        return role_users(Role.JURY)
    # The teams' captains of the match's season.
    users = match_captains(match)
    if audience == Audience.BOTH_SIDES and match.referee is not None:
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


# The values a match notice's words may use (in the active language); each kind's
# words (``competitions/notices/kinds.py``) pick theirs.
MATCH_VALUES: dict[str, Callable[[Match, str], str]] = {
    "match": lambda match, note: f"{match.team_a.name} – {match.team_b.name}",
    "competition": lambda match, note: str(match.competition),
    "when": lambda match, note: _when(match),
    "venue": lambda match, note: match.venue or _("venue to be announced"),
    "scores": lambda match, note: _scores(match),
    "why": lambda match, note: jury_approval_why(match),
    "note": lambda match, note: note,
}


def _words(words: Words, match: Match, note: str) -> tuple[str, str]:
    """Subject and body of a match notice, in the active language."""
    values = {name: MATCH_VALUES[name](match, note) for name in words.placeholders()}
    body = _(words.body) % values
    if note and "note" not in values:
        body += "\n\n" + _("Note: %(note)s") % {"note": note}
    return _(words.subject) % values, body


def _link(spec: NoticeKindSpec, match: Match, user: Any, captains: set[int]) -> str:
    """The page of the match for this recipient: a captain's own match page, the
    referee's, or where the kind's audience acts on it (its declared ``link``)."""
    if user.pk in captains:
        path = reverse("captain:match", args=[match.pk])
    elif match.referee_id == user.pk and spec.audience == Audience.BOTH_SIDES:
        path = reverse("referee:match", args=[match.pk])
    elif spec.link:
        path = reverse(spec.link)
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
    spec = notice_kind(kind)
    words = spec.words if spec is not None else None
    if spec is None or words is None:
        # The kind comes from the code, never from the user.
        raise ServiceBug(f"{kind!r} is not a kind of match notice")
    note = note.strip()
    match = Match.objects.select_related(
        "competition__season", "team_a", "team_b", "referee"
    ).get(pk=match.pk)
    notices = []
    users = list(only) if only is not None else _recipients(spec.audience, match)
    captains = {user.pk for user in match_captains(match)}
    for user, language in _willing(users, kind):
        with translation.override(language):
            subject, body = _words(words, match, note)
            link = _link(spec, match, user, captains)
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
    message: str,
    values: Callable[[], Mapping[str, Any]],
    role: Role,
    key: str,
    users: Iterable[Any] | None = None,
) -> list[Notice]:
    """Tell everyone in ``role`` (or only ``users``, people in that role for what
    the notice concerns: a season's captains) the kind's ``message``, once per
    address for ``key``: a second call with the same key writes nothing for the
    addresses already told."""
    spec = notice_kind(kind)
    words = spec.messages.get(message) if spec else None
    if words is None:
        # The kind and its message come from the code, never from the user.
        raise ServiceBug(f"{kind!r} has no message {message!r}")
    notices = []
    people = list(users) if users is not None else role_users(role)
    for user, language in _willing(people, kind):
        if Notice.objects.filter(key=key, email=user.email).exists():
            continue
        with translation.override(language):
            filled = values()
            subject, body = _(words.subject) % filled, _(words.body) % filled
        try:
            with transaction.atomic():
                notices.append(
                    Notice.objects.create(
                        kind=kind,
                        recipient=user,
                        email=user.email,
                        language=language,
                        subject=subject[:200],
                        body=body,
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
    unknown = [kind for kind in off if kind not in BY_CODE]
    if unknown:
        ERRORS.refuse("notice_kind_unknown", field="notices_off", kind=unknown[0])
    if language and language not in dict(settings.LANGUAGES):
        ERRORS.refuse("notice_language_unknown", field="language", code=language)
    row, _created = AccountSettings.objects.update_or_create(
        user=user, defaults={"notices_off": off, "language": language}
    )
    return row
