"""One freshness key for every cached page, table and board (issue 21,
``core.page_cache.page_key``): it derives from what the cached thing depends on — its
data and the code that makes it — never from a version number bumped by hand."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone, translation

from competitions.models import Match, MatchResult
from competitions.selectors.standings import championship_matches, table_key
from stats.selectors.live import live_mark
from tarokk_admin.core import page_cache
from tarokk_admin.core.page_cache import data_mark, page_key, tree_mark
from tests import ROOT
from tests.factories import MatchFactory


def test_the_code_mark_follows_every_file_it_reads(tmp_path):
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "rules.py").write_text("METRICS = ('score',)\n")
    before = tree_mark(tmp_path, ["app"])
    assert tree_mark(tmp_path, ["app"]) == before
    # A new tie-break (R15) in the code: a new key, with nothing else edited.
    (tmp_path / "app" / "rules.py").write_text("METRICS = ('score', 'new')\n")
    assert tree_mark(tmp_path, ["app"]) != before
    (tmp_path / "app" / "__pycache__").mkdir()
    (tmp_path / "app" / "__pycache__" / "rules.pyc").write_bytes(b"\0")
    assert tree_mark(tmp_path, ["app"]) == tree_mark(tmp_path, ["app"])


def test_the_key_holds_the_code_the_data_and_the_language(monkeypatch):
    key = page_key("championship", 1, "7.3")
    assert page_key("championship", 1, "7.3") == key
    assert page_key("championship", 1, "7.4") != key  # the data
    with translation.override("hu"):
        assert page_key("championship", 1, "7.3") != key
    monkeypatch.setattr(page_cache, "code_mark", lambda: "another-build")
    assert page_key("championship", 1, "7.3") != key  # the code


def test_no_cache_key_is_versioned_by_hand():
    """``tarokk:<name>:v1`` would need a v2 after a change nobody is reminded of."""
    versioned = [
        f"{path.relative_to(ROOT)}: {line.strip()}"
        for package in ("tarokk_admin", "competitions", "scoring", "trophies", "stats")
        for path in (ROOT / package).rglob("*.py")
        for line in path.read_text().splitlines()
        if re.search(r"""["']tarokk:[\w:-]*:v\d""", line)
    ]
    assert versioned == []


def _completed(**kwargs) -> Match:
    match = MatchFactory(
        status=Match.Status.COMPLETED, completed_at=timezone.now(), **kwargs
    )
    for team, other, points in (
        (match.team_a, match.team_b, 3),
        (match.team_b, match.team_a, 0),
    ):
        MatchResult.objects.create(
            match=match, team=team, opponent=other, total=60, points=points
        )
    return match


@pytest.mark.django_db
def test_the_standings_key_follows_the_data_of_its_table_r15():
    match = _completed()
    season = match.competition.season
    scope = f"championship:{season.pk}"

    def key() -> str:
        return table_key(scope, championship_matches(season.pk))

    first = key()
    assert key() == first
    result = MatchResult.objects.get(match=match, team=match.team_a)
    result.best_trophy = "birds"  # a correction: a best trophy (R15's tie-break)
    result.save()
    second = key()
    assert second != first
    match.team_a.name = "Renamed"  # the rows carry the teams' names
    match.team_a.save()
    third = key()
    assert third != second
    _completed(competition=match.competition)  # another counted match
    assert key() != third


@pytest.mark.django_db
def test_the_live_board_key_follows_its_data():
    before = live_mark()
    match = MatchFactory()
    assert live_mark() != before
    during = live_mark()
    match.venue = "Debrecen"
    match.save()
    assert live_mark() != during


@pytest.mark.django_db
def test_the_trophy_list_key_follows_the_kept_points_without_a_token_r14():
    """The recompute writes the points in bulk (no history): their newest change is
    part of the list's mark, so no version token is bumped by hand."""
    from tests.factories import PlayerFactory
    from trophies.models import TrophyTally
    from trophies.services.trophy_cups import _tallies
    from trophies.views.trophy_list import LIST_MARKS

    player = PlayerFactory()
    _tallies({player.pk: 5})
    first = data_mark(LIST_MARKS)
    assert TrophyTally.objects.get(player=player).points == 5
    _tallies({player.pk: 5})  # nothing changed: the same key
    assert data_mark(LIST_MARKS) == first
    _tallies({player.pk: 30})
    assert data_mark(LIST_MARKS) != first
