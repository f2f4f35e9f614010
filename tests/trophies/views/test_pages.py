"""The public trophy list and player pages (R14), and the officials' entry of
variant-game trophies."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from tarokk_admin.core.roles import Role
from tests.competitions.kit import linked_player, sitting_of
from tests.factories import PlayerFactory, TeamFactory, UserFactory
from tests.scoring.kit import ann, hand
from tests.trophies.kit import (
    VariantAwardFactory,
    awards_for,
    completed_match,
    official,
)
from trophies.models import TrophyAward

pytestmark = pytest.mark.django_db

LIST = "/trophies/"


def ranking(response) -> list[tuple[int, str, int]]:
    return [
        (row.record["rank"], row.record["name"], row.record["points"])
        for row in response.context["table"].page.object_list
    ]


def league() -> dict[str, object]:
    players = {
        "Kovács Éva": ("royal", "spadille", "spadille"),  # 260
        "Zala Béla": ("golgotha",),  # 130
        "Ács Anna": ("golgotha",),  # 130
        "Nagy Ödön": ("spadille",),  # 30
    }
    made = {}
    for name, feasts in players.items():
        made[name] = player = PlayerFactory(name=name)
        awards_for(player, *feasts)
    return made


def test_r14_list_ranks_by_points_with_shared_ranks_and_ties_by_name(client):
    league()
    response = client.get(LIST)
    assert response.status_code == 200
    assert ranking(response) == [
        (1, "Kovács Éva", 260),
        (2, "Ács Anna", 130),
        (2, "Zala Béla", 130),
        (4, "Nagy Ödön", 30),
    ]
    html = response.content.decode()
    assert "250-point cup" in html  # cups as badges, their threshold in text


@pytest.mark.parametrize("query", ["kovacs", "KOVÁCS", "Kovács", "eva kov", "ács é"])
def test_search_ignores_case_and_hungarian_accents_and_keeps_the_rank(client, query):
    league()
    response = client.get(LIST, {"q": query})
    assert ranking(response) == [(1, "Kovács Éva", 260)]


def test_search_keeps_each_players_rank_in_the_whole_list(client):
    league()
    response = client.get(LIST, {"q": "zala"})
    assert ranking(response) == [(2, "Zala Béla", 130)]
    assert client.get(LIST, {"q": "nobody"}).context["table"].paginator.count == 0


def test_filters_by_trophy_year_and_variant_rank_the_matching_points(client):
    eva, bela = PlayerFactory(name="Kovács Éva"), PlayerFactory(name="Zala Béla")
    VariantAwardFactory(player=eva, feast="royal", date=dt.date(2025, 5, 1))
    VariantAwardFactory(player=eva, feast="spadille", date=dt.date(2026, 5, 1))
    VariantAwardFactory(
        player=bela, feast="golgotha", date=dt.date(2026, 5, 1), variant="high"
    )
    response = client.get(LIST, {"year": "2026"})
    assert ranking(response) == [(1, "Zala Béla", 130), (2, "Kovács Éva", 30)]
    response = client.get(LIST, {"trophy": "royal"})
    assert ranking(response) == [(1, "Kovács Éva", 200)]
    response = client.get(LIST, {"variant": "high"})
    assert ranking(response) == [(1, "Zala Béla", 130)]
    response = client.get(LIST, {"variant": "royal", "q": "zala"})
    assert ranking(response) == []
    recent = response.context["recent"]
    assert len(recent.rows) == 0


def test_royal_matches_filter_keeps_only_match_trophies(
    client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = completed_match({1: hand(ann("golgotha"))})
    VariantAwardFactory(feast="royal")
    response = client.get(LIST, {"variant": "royal"})
    driver = match.lineups.get(team=match.team_a).driver
    assert ranking(response) == [(1, driver.name, 130)]


def test_a_bad_filter_is_shown_on_its_field_not_a_500(client):
    league()
    response = client.get(LIST, {"trophy": "cash", "year": "abc"})
    assert response.status_code == 200
    assert response.context["invalid"]
    form = response.context["filterset"].form
    assert "trophy" in form.errors
    assert "year" in form.errors
    assert ranking(response) == []


def test_trophy_list_exports_csv(client):
    league()
    response = client.get(LIST, {"_export": "csv"})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    lines = response.content.decode("utf-8-sig").splitlines()
    assert lines[0] == "Rank,Player,Trophy points,Cups"
    assert lines[1] == "1,Kovács Éva,260,100 250"
    assert len(lines) == 5


def test_recent_trophies_are_newest_first(client):
    player = PlayerFactory()
    for n in range(12):
        VariantAwardFactory(player=player, date=dt.date(2026, 1, 1) + dt.timedelta(n))
    recent = client.get(LIST).context["recent"]
    dates = [row.record.date for row in recent.rows]
    assert len(dates) == 10
    assert dates == sorted(dates, reverse=True)


def _populate(players: int) -> None:
    for n in range(players):
        player = PlayerFactory(name=f"Kovács {n}")
        awards_for(player, "royal", "golgotha", "spadille")


@pytest.mark.parametrize("players", [3, 30])
def test_list_page_runs_a_fixed_number_of_queries(
    client, django_assert_max_num_queries, players
):
    _populate(players)
    for params in ({}, {"q": "kovacs"}, {"year": "2026"}, {"_export": "csv"}):
        with django_assert_max_num_queries(8):
            assert client.get(LIST, params).status_code == 200


@pytest.mark.parametrize("awards", [2, 40])
def test_player_page_runs_a_fixed_number_of_queries(
    client, django_assert_max_num_queries, awards
):
    player = PlayerFactory()
    awards_for(player, *(["golgotha"] * awards), team=TeamFactory())
    # + the teams played for, the years the app closed (two) and the archive's
    # past placings (the roll of honour); the placings of each closed year: two more
    with django_assert_max_num_queries(8):
        response = client.get(f"/players/{player.pk}/")
    assert response.status_code == 200
    assert response.context["count"] == awards


def test_player_page_links_each_trophy_to_its_match_and_shows_cups_as_badges(
    client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = completed_match({1: hand(ann("royal")), 3: hand(ann("golgotha"))})
    driver = match.lineups.get(team=match.team_a).driver
    VariantAwardFactory(player=driver, feast="spadille", event="Szeged night")
    response = client.get(reverse("trophies:player", args=[driver.pk]))
    html = response.content.decode()
    assert response.context["points"] == 360
    assert [c.threshold for c in response.context["cups"]] == [100, 250]
    assert html.count(f'href="/matches/{match.pk}/"') == 2
    assert "Emperor Tarokk — Szeged night" in html
    assert 'class="cup-threshold">250<' in html


def test_unknown_player_page_is_404(client):
    assert client.get("/players/999999/").status_code == 404


# --- Variant-game trophies, entered against their sitting (officials only, R14) ----

NEW = "/officials/trophies/new/"


def _sitting(variant="emperor", confirmed=True):
    eva, bela, cili = (
        linked_player(n) for n in ("Kovács Éva", "Nagy Béla", "Ács Cili")
    )
    sitting = sitting_of(
        [(eva, 120), (bela, -40), (cili, -80)],
        variant=variant,
        name="" if variant == "emperor" else "Próba",
        event="Emperor night, Szeged",
        date=dt.date(2026, 3, 1),
        confirm_by=bela.user if confirmed else None,
    )
    return sitting, eva, bela, cili


def _trophy_url(sitting):
    return f"/officials/free-games/sittings/{sitting.pk}/trophies/new/"


def test_variant_page_sends_anonymous_visitors_to_log_in(client):
    response = client.get(NEW)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("role", [None, Role.REFEREE, Role.JURY, Role.TEAM_CAPTAIN])
def test_variant_pages_are_forbidden_to_everyone_but_officials(client, role):
    sitting = _sitting()[0]
    client.force_login(UserFactory(roles=[role] if role else []))
    assert client.get(NEW).status_code == 403
    assert client.get(_trophy_url(sitting)).status_code == 403
    assert client.post(_trophy_url(sitting), {}).status_code == 403


def test_r14_the_officials_choose_among_confirmed_sittings_of_recognised_variants(
    client,
):
    confirmed = _sitting()[0]
    pending = _sitting(confirmed=False)[0]
    training = _sitting(variant="training")[0]
    client.force_login(official())
    html = client.get(NEW).content.decode()
    assert _trophy_url(confirmed) in html
    assert _trophy_url(pending) not in html
    assert _trophy_url(training) not in html


def _post(who, **changes):
    data = {
        "feast": "golgotha",
        "player": who.pk,
        "partner": "",
        "jury_note": "Confirmed by the jury chair.",
    }
    data.update(changes)
    return data


def test_r14_official_enters_a_trophy_against_its_sitting(
    client, django_capture_on_commit_callbacks
):
    sitting, eva, bela, _cili = _sitting()
    officer = official()
    client.force_login(officer)
    assert client.get(_trophy_url(sitting)).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(_trophy_url(sitting), _post(eva, partner=bela.pk))
    assert response.status_code == 302
    assert response["Location"] == f"/free-games/sittings/{sitting.pk}/"
    award = TrophyAward.objects.get()
    assert (award.player, award.partner, award.match, award.sitting) == (
        eva,
        bela,
        None,
        sitting,
    )
    assert (award.feast, award.value, award.variant) == ("golgotha", 130, "emperor")
    assert (award.date, award.event) == (sitting.date, "Emperor night, Szeged")
    assert award.jury_note == "Confirmed by the jury chair."
    assert award.entered_by == officer
    assert [c.threshold for c in eva.trophy_cups.all()] == [100]  # R14 cups follow
    page = client.get(f"/free-games/sittings/{sitting.pk}/").content.decode()
    assert "Golgotha" in page
    # The trophy list says where it was made: a link to its sitting.
    player_page = client.get(f"/players/{eva.pk}/").content.decode()
    assert f'href="/free-games/sittings/{sitting.pk}/">Emperor Tarokk' in player_page


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        pytest.param({"feast": "cash"}, "feast", "valid choice", id="not-a-trophy"),
        pytest.param({"player": "stranger"}, "player", "valid choice", id="stranger"),
        pytest.param({"jury_note": " "}, "jury_note", "required", id="no-jury-note"),
        pytest.param(
            {"partner": "self"}, "partner", "another player", id="own-partner"
        ),
    ],
)
def test_variant_form_errors_are_on_their_field_and_store_nothing(
    client, changes, field, words
):
    sitting, eva, _bela, _cili = _sitting()
    if changes.get("player") == "stranger":
        changes["player"] = PlayerFactory().pk
    if changes.get("partner") == "self":
        changes["partner"] = eva.pk
    client.force_login(official())
    response = client.post(_trophy_url(sitting), _post(eva, **changes))
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert field in errors
    assert words in " ".join(errors[field])
    assert not TrophyAward.objects.exists()


@pytest.mark.parametrize(
    ("variant", "confirmed", "words"),
    [
        pytest.param("emperor", False, "confirmed sitting", id="pending-sitting"),
        pytest.param("training", True, "not a recognised variant", id="r14-training"),
    ],
)
def test_r14_a_trophy_needs_a_confirmed_sitting_of_a_recognised_variant(
    client, variant, confirmed, words
):
    sitting, eva, _bela, _cili = _sitting(variant=variant, confirmed=confirmed)
    client.force_login(official())
    response = client.post(_trophy_url(sitting), _post(eva))
    assert response.status_code == 200
    assert words in " ".join(response.context["form"].non_field_errors())
    assert not TrophyAward.objects.exists()


def test_ranks_of_a_searched_export_are_ranks_in_the_whole_list(client, monkeypatch):
    """Many distinct points (an export) are ranked from every player's points."""
    import trophies.selectors

    monkeypatch.setattr(trophies.selectors, "RANK_COUNTS_MAX", 1)
    league()
    response = client.get(LIST, {"q": "o", "_export": "csv"})  # Kovács, Ödön
    lines = response.content.decode("utf-8-sig").splitlines()[1:]
    assert lines == ["1,Kovács Éva,260,100 250", "4,Nagy Ödön,30,"]
