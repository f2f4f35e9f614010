"""The demo's schedule to come and an open dispute, so the officials' schedule and
disputes pages have something to show: a few championship matches scheduled through
the officials' service, and one completed result disputed by the demo
captain. Idempotent."""

from __future__ import annotations

import datetime as dt

from django.db.models import Q
from django.utils import timezone

from competitions.models import Competition, Match, MatchResult, Team
from competitions.selectors.schedule import matches_on_day
from competitions.services.results import result_answer
from competitions.services.schedule import match_schedule
from tarokk_admin.demo.common import demo_season_year, demo_user
from tarokk_admin.demo.data import DEMO_TEAMS

# Teams (positions in DEMO_TEAMS) of the matches to come, and the days from today.
FIXTURES = ((8, 9, 7), (10, 11, 7), (12, 13, 14), (14, 15, 14), (16, 17, 21))
# What the captain disputes is true of the demo's sheet: hand 6 holds no ultimo (the
# official's journey adds it, made, as the correction that resolves the dispute).
DISPUTE_NOTE = (
    "6. leosztás: a fogónk (Kovács Ildikó) teljesített ultimója kimaradt a lapról."
)


def demo_schedule_seed() -> list[str]:
    year = demo_season_year(timezone.localdate())
    competition = (
        Competition.objects.select_related("season")
        .filter(season__year=year, kind=Competition.Kind.CHAMPIONSHIP)
        .first()
    )
    if competition is None:
        return []
    lines = []
    scheduled = _fixtures(competition)
    if scheduled:
        lines.append(f"Demo schedule {year}: {scheduled} championship matches to come.")
    if _dispute(competition):
        lines.append("Demo dispute: one completed result disputed by a captain.")
    return lines


def _fixtures(competition: Competition) -> int:
    official = demo_user("official")
    today = timezone.localdate()
    last = dt.date(competition.season.year, 12, 31)
    names = [DEMO_TEAMS[i][0] for pair in FIXTURES for i in pair[:2]]
    teams = {team.name: team for team in Team.objects.filter(name__in=names)}
    count = 0
    for a_index, b_index, days in FIXTURES:
        a, b = teams.get(DEMO_TEAMS[a_index][0]), teams.get(DEMO_TEAMS[b_index][0])
        day = min(today + dt.timedelta(days=days), last)
        if a is None or b is None or day <= today:
            continue
        if matches_on_day(competition.season_id, day, (a.pk, b.pk)).exists():
            continue
        match_schedule(
            competition=competition,
            team_a=a,
            team_b=b,
            date=day,
            time=dt.time(18, 0),
            venue=a.club,
            user=official,
        )
        count += 1
    return count


def _dispute(competition: Competition) -> bool:
    """The demo captain disputes their team's first result (confirmed before)."""
    if MatchResult.objects.filter(
        match__competition=competition,
        answer__in=[MatchResult.Answer.DISPUTED, MatchResult.Answer.RESOLVED],
    ).exists():
        return False
    team = Team.objects.filter(name=DEMO_TEAMS[0][0]).first()
    if team is None:
        return False
    match = (
        Match.objects.filter(
            Q(team_a=team) | Q(team_b=team),
            competition=competition,
            status=Match.Status.COMPLETED,
        )
        .select_related("team_a", "team_b")
        .order_by("date", "pk")
        .first()
    )
    if match is None:
        return False
    result_answer(
        match=match,
        team=team,
        user=demo_user("captain"),
        confirm=False,
        note=DISPUTE_NOTE,
    )
    return True
