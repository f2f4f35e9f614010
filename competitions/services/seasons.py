"""The season (R15): a calendar year, its annual-meeting date (matches before it
need a jury approval) and the cup's registration dates. Created with its Team
Championship; every change kept in the season's history with who and why."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from competitions.errors import ERRORS
from competitions.models import Competition, Match, Season
from competitions.selectors.matches import needs_jury_approval_q
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.l10n import human_date
from tarokk_admin.core.roles import official_check
from tarokk_admin.core.words import app_words

FIRST_YEAR, LAST_YEAR = 1990, 2100
NAMED_AT_MOST = 5


def _dates_check(
    year: int,
    annual_meeting: dt.date | None,
    opens: dt.date | None,
    closes: dt.date | None,
) -> None:
    if annual_meeting is None:
        ERRORS.refuse("annual_meeting_missing", field="annual_meeting")
    if annual_meeting.year != year:
        ERRORS.refuse("meeting_outside_season", field="annual_meeting", year=year)
    if (opens is None) != (closes is None):
        field = (
            "cup_registration_closes" if closes is None else "cup_registration_opens"
        )
        ERRORS.refuse("registration_dates_half", field=field)
    if opens is not None and closes is not None:
        if closes < opens:
            ERRORS.refuse(
                "dates_inverted",
                field="cup_registration_closes",
                closes=human_date(closes),
                opens=human_date(opens),
            )
        if opens.year != year or closes.year != year:
            ERRORS.refuse(
                "registration_outside_season", field="cup_registration_opens", year=year
            )


@transaction.atomic
def season_create(
    *,
    year: int,
    annual_meeting: dt.date | None,
    cup_registration_opens: dt.date | None = None,
    cup_registration_closes: dt.date | None = None,
    user: Any,
) -> Season:
    """A new season and its Team Championship (1 Jan - 31 Dec, R15). Seasons are
    calendar years, so two seasons of one year would overlap: refused."""
    official_check(user, ERRORS.error("not_an_official__seasons"))
    if not FIRST_YEAR <= year <= LAST_YEAR:
        ERRORS.refuse(
            "year_out_of_range", field="year", first=FIRST_YEAR, last=LAST_YEAR
        )
    _dates_check(year, annual_meeting, cup_registration_opens, cup_registration_closes)
    season = Season(
        year=year,
        annual_meeting=annual_meeting,
        cup_registration_opens=cup_registration_opens,
        cup_registration_closes=cup_registration_closes,
    )
    history_mark(season, user, app_words(gettext_noop("season created")))
    try:
        with transaction.atomic():
            season.save()
    except IntegrityError:
        raise ERRORS.error("season_exists", field="year", year=year) from None
    Competition.objects.create(
        season=season,
        kind=Competition.Kind.CHAMPIONSHIP,
        name="Team Championship",
        starts=dt.date(year, 1, 1),
        ends=dt.date(year, 12, 31),
    )
    return season


def _unapproved_before(season: Season, meeting: dt.date) -> list[Match]:
    """Matches played (or being played) before ``meeting`` without a jury approval:
    moving the meeting after them would make them break R15 after the fact."""
    return list(
        Match.objects.filter(
            competition__season=season,
            date__lt=meeting,
            jury_approval__isnull=True,
            status__in=(Match.Status.IN_PLAY, Match.Status.COMPLETED),
        )
        .exclude(needs_jury_approval_q())
        .select_related("team_a", "team_b")
        .order_by("date", "id")
    )


@transaction.atomic
def season_update(
    *,
    season: Season,
    annual_meeting: dt.date | None,
    cup_registration_opens: dt.date | None,
    cup_registration_closes: dt.date | None,
    user: Any,
    reason: str = "",
) -> Season:
    """Change the annual meeting or the cup registration dates. Moving the meeting
    later is refused when a match already played before the new date has no jury
    approval (R15 needs it recorded before the match)."""
    official_check(user, ERRORS.error("not_an_official__seasons"))
    season = Season.objects.select_for_update().get(pk=season.pk)
    _dates_check(
        season.year, annual_meeting, cup_registration_opens, cup_registration_closes
    )
    assert annual_meeting is not None  # checked above
    if annual_meeting > season.annual_meeting:
        played = _unapproved_before(season, annual_meeting)
        if played:
            names = "; ".join(str(match) for match in played[:NAMED_AT_MOST])
            more = len(played) - NAMED_AT_MOST
            if more > 0:
                names += _(" and %(n)s more") % {"n": more}
            ERRORS.refuse(
                "played_without_approval",
                field="annual_meeting",
                date=human_date(annual_meeting),
                matches=names,
            )
    season.annual_meeting = annual_meeting
    season.cup_registration_opens = cup_registration_opens
    season.cup_registration_closes = cup_registration_closes
    history_mark(
        season, user, reason.strip() or app_words(gettext_noop("season dates changed"))
    )
    season.save()
    return season
