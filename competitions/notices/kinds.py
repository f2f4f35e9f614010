"""Each kind of e-mail notice, declared once: its code, the label on the account's
notice settings, who receives it, and its words (subject and body, English msgids
translated into each recipient's language when the notice is written).

Everything else reads this table: the ``NoticeKind`` choices of the models and the
settings form (``competitions/models/notices.py``), the recipients and the words of
``competitions/services/notices.py``. A new kind is one more :class:`NoticeKindSpec`
here (and its test); ``tests/competitions/services/test_notice_kinds.py`` checks
that every kind has all its parts.

A match notice's words are %-formats of the values ``services/notices.py`` knows
(``MATCH_VALUES``: the match, its competition, when, venue, scores, R15's reason for
an approval, and the ``note`` the caller gives); a note not used by the body is
added after it. A role notice (the cup's calendar) has several messages, each with
its own words, the caller giving their values.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop


class Audience(StrEnum):
    """Who receives a notice."""

    BOTH_SIDES = "both_sides"  # both teams' captains and the match's referee
    CAPTAINS = "captains"  # both teams' captains of the match's season
    OFFICIALS = "officials"
    JURY = "jury"
    ROLE = "role"  # the people of the role the caller names (the cup's calendar)


@dataclass(frozen=True)
class Words:
    """A subject and a body: English msgids marked with ``gettext_noop``."""

    subject: str
    body: str

    def placeholders(self) -> set[str]:
        return set(re.findall(r"%\((\w+)\)s", self.subject + self.body))


@dataclass(frozen=True)
class NoticeKindSpec:
    code: str
    label: Promise  # the switch on the account's notice settings
    audience: Audience
    # A match notice's words; a role notice has ``messages`` instead, by name.
    words: Words | None = None
    messages: Mapping[str, Words] = field(default_factory=dict)
    # Where a recipient who is neither a captain nor the referee acts on it.
    link: str = ""


def _w(subject: str, body: str) -> Words:
    return Words(subject, body)


NOTICE_KINDS: tuple[NoticeKindSpec, ...] = (
    NoticeKindSpec(
        "match_scheduled",
        _("A match is scheduled"),
        Audience.BOTH_SIDES,
        _w(
            gettext_noop("Match scheduled: %(match)s"),
            gettext_noop(
                "%(match)s (%(competition)s) is scheduled for %(when)s, %(venue)s."
            ),
        ),
    ),
    NoticeKindSpec(
        "match_moved",
        _("A match is moved"),
        Audience.BOTH_SIDES,
        _w(
            gettext_noop("Match moved: %(match)s"),
            gettext_noop(
                "%(match)s (%(competition)s) now takes place on %(when)s, %(venue)s."
            ),
        ),
    ),
    NoticeKindSpec(
        "match_postponed",
        _("A match is postponed"),
        Audience.BOTH_SIDES,
        _w(
            gettext_noop("Match postponed: %(match)s"),
            gettext_noop(
                "%(match)s (%(competition)s) is postponed to %(when)s, %(venue)s. "
                "The reason: %(note)s"
            ),
        ),
    ),
    NoticeKindSpec(
        "match_voided",
        _("A match is voided"),
        Audience.BOTH_SIDES,
        _w(
            gettext_noop("Match voided: %(match)s"),
            gettext_noop(
                "%(match)s (%(competition)s) of %(when)s is void: it no longer counts."
            ),
        ),
    ),
    NoticeKindSpec(
        "result_completed",
        _("A match's result is in"),
        Audience.CAPTAINS,
        _w(
            gettext_noop("Result in: %(match)s"),
            gettext_noop(
                "%(match)s (%(competition)s, %(when)s) ended %(scores)s in match "
                "points. Captains confirm or dispute the result on their page."
            ),
        ),
    ),
    NoticeKindSpec(
        "result_corrected",
        _("A match's result is corrected"),
        Audience.CAPTAINS,
        _w(
            gettext_noop("Result corrected: %(match)s"),
            gettext_noop(
                "The result of %(match)s (%(competition)s, %(when)s) was corrected: "
                "%(scores)s in match points. Captains confirm it again on their page."
            ),
        ),
    ),
    NoticeKindSpec(
        "result_disputed",
        _("A captain disputes a result"),
        Audience.OFFICIALS,
        _w(
            gettext_noop("Result disputed: %(match)s"),
            gettext_noop(
                "A captain disputes the result of %(match)s (%(competition)s, "
                "%(when)s). The disputes are listed in the officials' workspace."
            ),
        ),
        link="officials:disputes",
    ),
    NoticeKindSpec(
        "dispute_resolved",
        _("A disputed result is resolved"),
        Audience.CAPTAINS,
        _w(
            gettext_noop("Dispute resolved: %(match)s"),
            gettext_noop(
                "An official resolved the dispute about the result of %(match)s "
                "(%(competition)s, %(when)s)."
            ),
        ),
    ),
    NoticeKindSpec(
        "approval_needed",
        _("A match needs the jury's approval"),
        Audience.JURY,
        _w(
            gettext_noop("Jury approval needed: %(match)s"),
            gettext_noop(
                "%(match)s (%(competition)s) on %(when)s needs a jury approval "
                "recorded before it starts, because %(why)s (R15)."
            ),
        ),
        link="jury:home",
    ),
    NoticeKindSpec(
        "cup_calendar",
        _("The cup's registration and deadlines"),
        Audience.ROLE,
        messages={
            "open": _w(
                gettext_noop("Registration for the %(year)s Hungarian Cup is open"),
                gettext_noop(
                    "Captains register their team's driver and catcher (no "
                    "substitute) until %(closes)s; the cup takes 16 teams (R15)."
                ),
            ),
            "closed": _w(
                gettext_noop("Registration for the %(year)s cup closed: %(n)s teams"),
                gettext_noop(
                    "%(n)s of 16 teams registered. Withdraw teams if needed and "
                    "make the draw on the cup's officials page."
                ),
            ),
            "deadline": _w(
                gettext_noop(
                    "%(year)s cup, %(round)s: %(n)s undecided ties, deadline %(date)s"
                ),
                "%(ties)s",
            ),
            "reserve": _w(
                gettext_noop("%(team)s plays the %(year)s cup"),
                gettext_noop(
                    "%(withdrawn)s withdrew before the draw: %(team)s, the next "
                    "registered team, takes its place in the %(year)s cup (R15)."
                ),
            ),
        },
    ),
)

BY_CODE: dict[str, NoticeKindSpec] = {kind.code: kind for kind in NOTICE_KINDS}
MATCH_KIND_CODES = frozenset(
    kind.code for kind in NOTICE_KINDS if kind.audience != Audience.ROLE
)


def notice_kind(code: str) -> NoticeKindSpec | None:
    """The declaration of the kind ``code``, or None when there is none."""
    return BY_CODE.get(str(code))
