"""The data migrations of the free games (R15): the team-based variant games and their
trophies are carried into sittings, nothing lost (migrate back, create the old rows,
migrate forward, check), and back again."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from competitions.models import SittingResult, VariantSitting
from competitions.selectors.free_games import free_games_tables
from trophies.models import TrophyAward

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

BEFORE = [
    ("competitions", "0003_history_and_best_trophy"),
    ("trophies", "0003_trophy_cups_name"),
    ("scoring", "0002_best_trophies"),
]
DAY = dt.date(2025, 7, 11)


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _latest():
    executor = MigrationExecutor(connection)
    return list(executor.loader.graph.leaf_nodes())


@pytest.fixture
def old_world():
    """The database as it was before sittings, with team-based games and variant
    trophies; migrated to the latest state again afterwards whatever happens."""
    apps = _migrate(BEFORE)
    try:
        yield _old_rows(apps)
    finally:
        _migrate(_latest())


def _old_rows(apps):
    user = apps.get_model("auth", "User").objects.create(username="olga")
    season = apps.get_model("competitions", "Season").objects.create(
        year=2025, annual_meeting=dt.date(2025, 1, 18)
    )
    free = apps.get_model("competitions", "Competition").objects.create(
        season=season, kind="free", name="Free games"
    )
    team = apps.get_model("competitions", "Team")
    alfa, beta, gamma = (team.objects.create(name=n) for n in ("Alfa", "Béta", "Gamma"))
    game = apps.get_model("competitions", "VariantGame")
    score = apps.get_model("competitions", "VariantScore")
    emperor = game.objects.create(
        competition=free, variant="emperor", date=DAY, event="Tábor", entered_by=user
    )
    for t, points in ((alfa, 220), (beta, 120), (gamma, -40)):
        score.objects.create(game=emperor, team=t, points=points)
    twins = [
        game.objects.create(competition=free, variant="high", date=DAY, entered_by=user)
        for _ in range(2)
    ]
    for twin in twins:
        score.objects.create(game=twin, team=alfa, points=10)
        score.objects.create(game=twin, team=beta, points=5)
    player = apps.get_model("competitions", "Player").objects.create(
        name="Kovács Éva", name_folded="kovacs eva", federation_number="H1"
    )
    award = apps.get_model("trophies", "TrophyAward")

    def variant_award(**kwargs):
        return award.objects.create(
            player=player, feast="golgotha", value=130, jury_note="seen", **kwargs
        ).pk

    return {
        "games": [emperor.pk, *(t.pk for t in twins)],
        "linked": variant_award(variant="emperor", date=DAY, event="Tábor", team=alfa),
        "no_game": variant_award(variant="emperor", date=dt.date(2025, 8, 1)),
        "ambiguous": variant_award(variant="high", date=DAY),
        "wrong_team": variant_award(variant="emperor", date=DAY, team=_other(team)),
    }


def _other(team):
    return team.objects.create(name="Delta")


def test_r15_team_games_and_their_trophies_are_carried_nothing_lost(old_world):
    _migrate(_latest())
    sittings = list(VariantSitting.objects.order_by("id"))
    assert len(sittings) == 3
    emperor = sittings[0]
    assert (emperor.variant, emperor.date, emperor.event, emperor.status) == (
        "emperor",
        DAY,
        "Tábor",
        VariantSitting.Status.CONFIRMED,
    )
    assert emperor.carried
    assert emperor.recorded_by.username == "olga"
    assert emperor.confirmed_by.username == "olga"
    assert {
        (r.team.name, r.points, r.player_id)
        for r in SittingResult.objects.filter(sitting=emperor)
    } == {("Alfa", 220, None), ("Béta", 120, None), ("Gamma", -40, None)}
    first = emperor.history.earliest("history_date")
    assert first.history_type == "+"
    assert first.history_change_reason == (
        f"carried from the team-based variant game {old_world['games'][0]}"
    )
    assert SittingResult.history.filter(sitting_id=emperor.pk).count() == 3
    # The carried games count in their variant's table, as team entries.
    tables = {t.key: t for t in free_games_tables(season=emperor.season)}
    assert [(r.entrant, r.name, r.points) for r in tables["emperor"].rows] == [
        ("team", "Alfa", 220),
        ("team", "Béta", 120),
        ("team", "Gamma", -40),
    ]
    assert [(r.name, r.games, r.points) for r in tables["high"].rows] == [
        ("Alfa", 2, 20),
        ("Béta", 2, 10),
    ]
    with connection.cursor() as cursor:
        tables_now = connection.introspection.table_names(cursor)
    assert "competitions_variantgame" not in tables_now
    _r14_old_variant_trophies_are_kept_and_linked_only_when_unambiguous(old_world)


def _r14_old_variant_trophies_are_kept_and_linked_only_when_unambiguous(old_world):
    awards = {a.pk: a for a in TrophyAward.objects.all()}
    assert len(awards) == 4
    assert all(a.value == 130 and a.jury_note == "seen" for a in awards.values())
    linked = awards[old_world["linked"]]
    assert linked.sitting.variant == "emperor"
    assert linked.sitting.event == "Tábor"
    for name in ("no_game", "ambiguous", "wrong_team"):
        assert awards[old_world[name]].sitting_id is None, name
        assert awards[old_world[name]].variant  # still a variant trophy
    change = TrophyAward.history.filter(id=linked.pk).latest("history_date")
    assert change.history_type == "~"
    assert change.history_change_reason.startswith("linked to its carried variant")


def test_migrating_back_turns_carried_sittings_into_team_games_again(old_world):
    _migrate(_latest())
    apps = _migrate(BEFORE)
    games = apps.get_model("competitions", "VariantGame").objects.order_by("date", "id")
    assert [(g.variant, g.event) for g in games] == [
        ("emperor", "Tábor"),
        ("high", ""),
        ("high", ""),
    ]
    scores = apps.get_model("competitions", "VariantScore").objects.filter(
        game=games[0]
    )
    assert sorted(scores.values_list("team__name", "points")) == [
        ("Alfa", 220),
        ("Béta", 120),
        ("Gamma", -40),
    ]
    award = apps.get_model("trophies", "TrophyAward").objects.get(
        pk=old_world["linked"]
    )
    assert award.variant == "emperor"
