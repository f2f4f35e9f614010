"""Archive awards on the trophy list (R14): the APIs show their event and
``"source": "archive"`` (keys added, none changed), the list and the player's page
show them, and officials correct or withdraw one with a reason on a workspace page
that keeps its history."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from tarokk_admin.core.roles import Role
from tests.factories import PlayerFactory, UserFactory
from tests.trophies.kit import VariantAwardFactory, official
from trophies.models import TrophyAward, TrophyCup, TrophyTally
from trophies.services.trophy_cups import trophy_cups_recompute

pytestmark = pytest.mark.django_db


def archive_award(player, feast="golgotha", **kwargs) -> TrophyAward:
    award = VariantAwardFactory(
        player=player,
        feast=feast,
        source="archive",
        variant=kwargs.pop("variant", ""),
        event=kwargs.pop("event", "Őszi kupa 2012"),
        date=kwargs.pop("date", dt.date(2012, 10, 6)),
        **kwargs,
    )
    trophy_cups_recompute(player_ids=[player.pk])
    return award


def test_r14_the_apis_show_an_archive_awards_event_and_source(client):
    player = PlayerFactory(name="Kovács Éva")
    archive_award(player)
    VariantAwardFactory(player=player, feast="royal", date=dt.date(2026, 4, 2))
    trophy_cups_recompute(player_ids=[player.pk])
    results = client.get("/api/trophies/").json()["results"]
    assert [(r["source"], r["event"], r["match"]) for r in results] == [
        ("app", "Emperor night", None),
        ("archive", "Őszi kupa 2012", None),
    ]
    assert results[1]["variant"] is None  # Royal Tarokk
    mine = client.get(f"/api/players/{player.pk}/trophies/").json()
    assert (mine["points"], mine["cups"]) == (330, [100, 250])
    assert mine["trophies"][1]["source"] == "archive"
    listed = client.get("/api/trophy-list/").json()["rows"]
    assert listed == [
        {"rank": 1, "player": "Kovács Éva", "points": 330, "cups": [100, 250]}
    ]


def test_r14_the_player_page_and_the_list_show_the_archive_and_its_event(client):
    player = PlayerFactory(name="Kovács Éva")
    archive_award(player, variant="emperor")
    page = client.get(reverse("trophies:player", args=[player.pk])).text
    assert "Archive" in page
    assert "Emperor Tarokk — Őszi kupa 2012" in page
    listing = client.get(reverse("trophies:list")).text
    assert "Őszi kupa 2012" in listing
    export = client.get(
        reverse("trophies:player", args=[player.pk]), {"_export": "csv"}
    )
    assert "Archive: emperor Őszi kupa 2012" in export.content.decode()


@pytest.fixture
def officer(client):
    user = official()
    client.force_login(user)
    return user


def test_officials_list_the_archive_awards_by_name_and_year(
    client, officer, django_assert_max_num_queries
):
    eva, bela = PlayerFactory(name="Kovács Éva"), PlayerFactory(name="Nagy Béla")
    archive_award(eva)
    archive_award(bela, date=dt.date(2010, 1, 1))
    VariantAwardFactory(player=eva)  # not from the archive: not listed
    with django_assert_max_num_queries(12):
        page = client.get(reverse("officials:archive_trophies")).text
    assert "2 trophies from the archive" in page
    page = client.get(reverse("officials:archive_trophies"), {"q": "kovacs"}).text
    assert "1 trophy from the archive" in page
    page = client.get(reverse("officials:archive_trophies"), {"year": "2010"}).text
    assert "Nagy Béla" in page
    assert "Kovács Éva" not in page


def test_an_official_corrects_an_archive_award_with_a_reason_kept_in_its_history(
    client, officer, django_capture_on_commit_callbacks
):
    eva, bela = PlayerFactory(name="Kovács Éva"), PlayerFactory(name="Nagy Béla")
    award = archive_award(eva)
    url = reverse("officials:archive_trophy", args=[award.pk])
    form = {
        "action": "correct",
        "correct-date": "2012-10-07",
        "correct-player": "nagy bela",
        "correct-feast": "royal",
        "correct-partner": eva.federation_number,
        "correct-event": "Őszi kupa",
        "correct-variant": "",
        "correct-reason": "The minutes name Nagy Béla",
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, form)
    assert response.status_code == 302
    award.refresh_from_db()
    assert (award.player, award.partner, award.feast, award.value) == (
        bela,
        eva,
        "royal",
        200,
    )
    assert award.date == dt.date(2012, 10, 7)
    latest = award.history.first()
    assert (latest.history_user, latest.history_change_reason) == (
        officer,
        "The minutes name Nagy Béla",
    )
    assert TrophyTally.objects.get(player=bela).points == 200
    assert TrophyTally.objects.get(player=eva).points == 0
    page = client.get(url).text
    assert "The minutes name Nagy Béla" in page


def test_a_correction_without_a_reason_or_with_an_unknown_player_is_refused(
    client, officer
):
    award = archive_award(PlayerFactory(name="Kovács Éva"))
    url = reverse("officials:archive_trophy", args=[award.pk])
    response = client.post(
        url,
        {
            "action": "correct",
            "correct-date": "2012-10-07",
            "correct-player": "Senki",
            "correct-feast": "golgotha",
            "correct-reason": "",
        },
    )
    assert response.status_code == 400
    assert "There is no player with the federation number or the name Senki" in (
        response.text
    )
    award.refresh_from_db()
    assert award.date == dt.date(2012, 10, 6)


def test_an_official_withdraws_an_archive_award_and_the_cups_follow(
    client, officer, django_capture_on_commit_callbacks
):
    eva = PlayerFactory(name="Kovács Éva")
    award = archive_award(eva)
    assert TrophyCup.objects.filter(player=eva).exists()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("officials:archive_trophy", args=[award.pk]),
            {"action": "withdraw", "withdraw-reason": "Made in a friendly game"},
        )
    assert response.url == reverse("officials:archive_trophies")
    assert not TrophyAward.objects.exists()
    assert not TrophyCup.objects.filter(player=eva).exists()
    deleted = TrophyAward.history.get(history_type="-")
    assert (deleted.history_user, deleted.history_change_reason) == (
        officer,
        "Made in a friendly game",
    )
    page = client.get(reverse("officials:archive_trophies")).text
    assert "Made in a friendly game" in page


def test_an_award_made_in_the_app_is_not_corrected_here(client, officer):
    award = VariantAwardFactory(player=PlayerFactory())
    response = client.get(reverse("officials:archive_trophy", args=[award.pk]))
    assert response.status_code == 404


def test_only_officials_look_after_the_archive(client):
    client.force_login(UserFactory(roles=[Role.REFEREE]))
    assert client.get(reverse("officials:archive_trophies")).status_code == 403
