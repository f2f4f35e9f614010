"""The data marks of the competitions' cached pages (``tarokk_admin.core.page_cache``):
which models' history a page body depends on."""

from __future__ import annotations

from tarokk_admin.core.page_cache import Mark

MATCHES = Mark("competitions.Match")
RESULTS = Mark("competitions.MatchResult")
TEAMS = Mark("competitions.Team")
PLAYERS = Mark("competitions.Player")
MEMBERSHIPS = Mark("competitions.Membership")
# In every page's mark: competitions (their flags), jury approvals (they make a match
# public, R15) and seasons (the season lists).
STRUCTURE = (
    Mark("competitions.Competition"),
    Mark("competitions.JuryApproval"),
    Mark("competitions.Season"),
)

# One match's rows only (the match page).
THIS_MATCH = Mark("competitions.Match", "id")
THIS_MATCH_LINEUPS = Mark("competitions.Lineup", "match_id")
THIS_MATCH_RESULTS = Mark("competitions.MatchResult", "match_id")
