"""Keeping the standings fresh (R15) after a completion, correction or void."""

from __future__ import annotations

from competitions.models import Competition, Match
from competitions.selectors.standings import (
    CACHE_PREFIX,
    championship_scope,
    championship_table,
    grand_prix_scope,
    grand_prix_table,
)
from tarokk_admin.core.page_cache import cache_token_bump, pages_version_bump


def standings_refresh(*, match: Match) -> None:
    """Recompute and cache the tables a match's result feeds: its season's
    championship, and its Grand Prix event (after a new version, so pages rendered
    from the old numbers are not served again). Idempotent."""
    competition = match.competition
    scopes = [championship_scope(competition.season_id)]
    if competition.kind == Competition.Kind.GRAND_PRIX:
        scopes.append(grand_prix_scope(competition.pk))
    for scope in scopes:
        cache_token_bump(f"{CACHE_PREFIX}:version:{scope}")
    # The cached public pages go with them.
    pages_version_bump()
    championship_table(season=competition.season, fresh=True)
    if competition.kind == Competition.Kind.GRAND_PRIX:
        grand_prix_table(competition=competition, fresh=True)
