"""Keeping the standings fresh (R15) after a completion, correction or void."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from competitions.models import Competition, Match
from competitions.selectors.standings import championship_table, grand_prix_table
from tarokk_admin.core.page_cache import pages_version_bump


def standings_refresh(*, match: Match) -> None:
    """Recompute and cache the tables a match's result feeds: its season's
    championship, and its Grand Prix event. Their keys follow their data by
    themselves (``standings.table_key``); the cached public pages are told after the
    follow-up's writes (a new pages version). Idempotent."""
    competition = match.competition
    pages_version_bump()
    championship_table(season=competition.season, fresh=True)
    if competition.kind == Competition.Kind.GRAND_PRIX:
        grand_prix_table(competition=competition, fresh=True)


def standings_refresh_matches(*, matches: Iterable[Match]) -> None:
    """:func:`standings_refresh` for many matches at once (a bulk import's
    follow-up, issue 24): each season's championship and each Grand Prix event
    recomputed once, the cached pages told once. Idempotent."""
    seasons: dict[int, Any] = {}
    events: dict[int, Competition] = {}
    for match in matches:
        competition = match.competition
        seasons.setdefault(competition.season_id, competition.season)
        if competition.kind == Competition.Kind.GRAND_PRIX:
            events.setdefault(competition.pk, competition)
    if not seasons:
        return
    pages_version_bump()
    for season in seasons.values():
        championship_table(season=season, fresh=True)
    for competition in events.values():
        grand_prix_table(competition=competition, fresh=True)
