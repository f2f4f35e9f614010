"""What the demo parts share: the demo season and accounts, realistic hands, and
playing a match through the services."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from competitions.models import Match, Membership, Player, Season, Team
from competitions.services.lineups import lineup_set
from competitions.services.matches import match_complete, match_cut_set
from scoring.engine import score_hand_record, sheet_from_play
from scoring.engine.generate import random_play_record
from scoring.services.hands import hand_save
from tarokk_admin.demo.data import DEMO_TEAMS


class DemoSeedError(Exception):
    """The demo data cannot be loaded; the message is one sentence for the user."""


def demo_season_year(today: dt.date) -> int:
    """The current year; in January, before there is room for matches after the
    annual meeting, last year."""
    return today.year if today.month > 1 else today.year - 1


def demo_user(username: str) -> Any:
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise DemoSeedError(f"The demo account {username!r} is missing.")
    return user


def demo_season() -> Season:
    year = demo_season_year(timezone.localdate())
    season = Season.objects.filter(year=year).first()
    if season is None:
        raise DemoSeedError(f"The demo season {year} is missing.")
    return season


def demo_teams(season: Season, positions: tuple[int, ...]) -> list[Team]:
    names = [DEMO_TEAMS[i][0] for i in positions]
    by_name = {team.name: team for team in Team.objects.filter(name__in=names)}
    missing = [name for name in names if name not in by_name]
    if missing:
        raise DemoSeedError(f"The demo team {missing[0]!r} is missing.")
    return [by_name[name] for name in names]


def demo_day(season: Season, wanted: dt.date) -> dt.date:
    """The wanted day, moved back before today when the season is young (never before
    the annual meeting, never outside the season)."""
    yesterday = timezone.localdate() - dt.timedelta(days=1)
    earliest = season.annual_meeting + dt.timedelta(days=8)
    return max(min(wanted, yesterday, dt.date(season.year, 12, 31)), earliest)


def demo_hand(rng: random.Random) -> dict[str, Any]:
    """A realistic hand as the referee writes it on the score sheet: a random legal
    deal and play, judged by the engine, written out as a score-sheet record."""
    record = random_play_record(rng, n_announcements=rng.randint(1, 5))
    judged = score_hand_record(record)
    # Players announce what they expect to make: keep the made announcements and only
    # now and then a failed one, judged again from the same deal and tricks. Dropping
    # a binding can make an early bound card illegal (R12); then the hand stays whole.
    trimmed = {
        **record,
        "announcements": [
            announcement
            for announcement, made in zip(
                record["announcements"], judged["derived"]["made"], strict=True
            )
            if made or rng.random() < 0.2
        ],
    }
    rejudged = score_hand_record(trimmed)
    if rejudged["valid"]:
        return sheet_from_play(trimmed, rejudged)
    return sheet_from_play(record, judged)


def demo_roster(season: Season, team: Team) -> dict[str, Player]:
    return {
        m.role: m.player
        for m in Membership.objects.filter(season=season, team=team).select_related(
            "player"
        )
    }


def demo_lineups(match: Match, rng: random.Random, *, substitutes: bool) -> None:
    """Each team's driver and catcher; with ``substitutes`` now and then the
    substitute plays (R15)."""
    for team in match.teams:
        players = demo_roster(match.competition.season, team)
        driver, catcher = players["driver"], players["catcher"]
        if substitutes and "substitute" in players and rng.random() < 0.3:
            if rng.random() < 0.5:
                driver = players["substitute"]
            else:
                catcher = players["substitute"]
        lineup_set(match=match, team=team, driver=driver, catcher=catcher)


def demo_hands_play(
    match: Match, user: Any, rng: random.Random, hands: int, *, first: Team
) -> None:
    """The cut and ``hands`` realistic hands, entered by ``user``."""
    match_cut_set(match=match, first_attack=first)
    for number in range(1, hands + 1):
        hand_save(match=match, number=number, record=demo_hand(rng), user=user)


def demo_match_play(match: Match, user: Any, rng: random.Random) -> Match:
    """Line-ups (the season's driver and catcher), the cut, 8 realistic hands, and
    completion, all through the services (R3, R11)."""
    demo_lineups(match, rng, substitutes=False)
    demo_hands_play(
        match, user, rng, match.hands_expected, first=rng.choice(match.teams)
    )
    match_complete(match=match, user=user)
    return match
