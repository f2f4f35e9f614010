"""The season's referee pool: the people who may referee its matches. Officials
add and remove them (a referee needs the Referee role); every referee picker (the
schedule, a fixtures file, a cup tie, a Grand Prix pairing, the match page) offers
``selectors.schedule.referees(season)`` and every service that sets a referee asks
:func:`referee_check`, so a picker and the rule never disagree."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext_noop

from competitions.errors import ERRORS
from competitions.models import Match, Season, SeasonReferee
from competitions.selectors.schedule import in_referee_pool, is_referee_account
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.people import person_name
from tarokk_admin.core.roles import official_check
from tarokk_admin.core.words import app_words


def referee_check(referee: Any, season: Season, field: str = "referee") -> None:
    """Nobody, or a referee of the season's pool (with the Referee role)."""
    if referee is None:
        return
    if not is_referee_account(referee):
        ERRORS.refuse("not_a_referee", field=field, user=person_name(referee))
    if not in_referee_pool(referee, season):
        ERRORS.refuse(
            "not_in_pool", field=field, user=person_name(referee), year=season.year
        )


@transaction.atomic
def referee_pool_add(
    *, season: Season, referee: Any, by: Any, reason: str = ""
) -> SeasonReferee:
    """Put a referee (an active account with the Referee role) in the pool."""
    official_check(by, ERRORS.error("not_an_official__referees"))
    if not referee.is_active or not is_referee_account(referee):
        ERRORS.refuse("no_referee_role", field="referee", user=person_name(referee))
    if SeasonReferee.objects.filter(season=season, user=referee).exists():
        ERRORS.refuse(
            "in_pool", field="referee", user=person_name(referee), year=season.year
        )
    row = SeasonReferee(season=season, user=referee)
    history_mark(row, by, " ".join(reason.split()) or app_words(gettext_noop("added")))
    row.save()
    return row


@transaction.atomic
def referee_pool_remove(*, season: Season, referee: Any, by: Any, reason: str) -> None:
    """Take a referee out of the pool, with a reason; refused while they are the
    referee of a match of the season still to be played (assign another first)."""
    official_check(by, ERRORS.error("not_an_official__referees"))
    reason = " ".join(reason.split())
    if not reason:
        ERRORS.refuse("pool_leave_reason_missing", field="reason")
    row = SeasonReferee.objects.filter(season=season, user=referee).first()
    if row is None:
        ERRORS.refuse("not_in_pool_now", user=person_name(referee), year=season.year)
    assigned = list(
        Match.objects.filter(
            competition__season=season,
            referee=referee,
            status__in=[Match.Status.SCHEDULED, Match.Status.IN_PLAY],
        )
        .select_related("team_a", "team_b")
        .order_by("date", "pk")[:3]
    )
    if assigned:
        ERRORS.refuse(
            "assigned",
            user=person_name(referee),
            matches=", ".join(
                f"{m.team_a.name} – {m.team_b.name} ({m.date.isoformat()})"
                for m in assigned
            ),
        )
    history_mark(row, by, reason)
    row.delete()
