"""The officials' archive import page (HAND_RECORD.md "Archive files"): upload →
check (nothing stored) → the preview (counts, the first rows, the rows already
stored) → confirm → stored; a refused file shows every problem with its line and
column on the upload page; a large file is checked and stored by the worker while
its page shows progress; every import is listed among the imports."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from competitions.models import Player
from scoring.models import ImportRun
from scoring.services.imports import archive
from tarokk_admin.core.roles import Role
from tests.factories import PlayerFactory, UserFactory
from trophies.models import TrophyAward

pytestmark = pytest.mark.django_db

TROPHIES = (
    "dátum;játékos;trófea;esemény\n"
    "2012-03-04;H10001;golgotha;Őszi kupa\n"
    "2013-05-06;Nagy Béla;Aranyeső;\n"
)


@pytest.fixture
def official(client):
    user = UserFactory(roles=[Role.OFFICIAL])
    client.force_login(user)
    return user


@pytest.fixture
def players():
    PlayerFactory(name="Kovács Éva", federation_number="H10001")
    PlayerFactory(name="Nagy Béla", federation_number="H10002")


def upload(client, content: str, kind: str = "trophies", name: str = "t.csv"):
    return client.post(
        reverse("officials:import_archive"),
        {"kind": kind, "file": SimpleUploadedFile(name, content.encode())},
    )


def test_the_matches_page_links_the_archive_page_and_lists_every_import(
    client, official
):
    ImportRun.objects.create(kind="trophies", file_name="trofeak.xlsx", status="done")
    page = client.get(reverse("officials:import")).text
    assert reverse("officials:import_archive") in page
    assert "trofeak.xlsx" in page
    assert "Trophy list" in page


def test_a_refused_file_lists_every_problem_with_line_and_column_and_stores_nothing(
    client, official, players
):
    response = upload(client, TROPHIES)
    assert response.status_code == 400
    page = response.text
    assert "Nothing was stored: 1 problem to fix in the file." in page
    assert "line 3, column trófea:" in page
    assert "Aranyeső is no trophy of the catalogue" in page
    assert not TrophyAward.objects.exists()
    run = ImportRun.objects.get()
    assert (run.kind, run.status, run.errors[0]["line"]) == ("trophies", "done", 3)


def test_a_good_file_is_previewed_then_stored_once_confirmed(client, official, players):
    response = upload(client, TROPHIES.replace("Aranyeső", "Royal"))
    run = ImportRun.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("officials:import_run", args=[run.pk])
    assert run.status == "checked"
    assert not TrophyAward.objects.exists()  # nothing before the confirmation

    page = client.get(response.url).text
    assert "What will be stored" in page
    assert "The file has 2 rows: 2 trophy awards will be stored" in page
    assert "Kovács Éva (H10001)" in page
    assert "Őszi kupa" in page
    assert "hx-trigger" not in page  # waiting for the official, not polling

    done = client.post(reverse("officials:import_run_confirm", args=[run.pk]))
    assert done.status_code == 302
    run.refresh_from_db()
    assert (run.status, run.imported, run.user) == ("done", 2, official)
    assert TrophyAward.objects.filter(source="archive", import_run=run).count() == 2
    assert "Stored: 2 trophy awards." in client.get(done.url).text

    again = client.post(reverse("officials:import_run_confirm", args=[run.pk]))
    assert TrophyAward.objects.count() == 2  # confirmed once
    assert "not waiting for a confirmation" in client.get(again.url).text


def test_the_same_file_again_stores_nothing_and_says_so_without_a_confirmation(
    client, official, players
):
    upload(client, TROPHIES.replace("Aranyeső", "Royal"))
    first = ImportRun.objects.get()
    client.post(reverse("officials:import_run_confirm", args=[first.pk]))
    response = upload(client, TROPHIES.replace("Aranyeső", "Royal"))
    second = ImportRun.objects.latest("pk")
    assert (second.status, second.imported, len(second.present)) == ("done", 0, 2)
    page = client.get(response.url).text
    assert "Nothing new to store." in page
    assert "2 rows of the file were already stored" in page
    assert TrophyAward.objects.count() == 2


def test_a_checked_file_may_be_discarded(client, official, players):
    upload(client, TROPHIES.replace("Aranyeső", "Royal"))
    run = ImportRun.objects.get()
    client.post(reverse("officials:import_run_discard", args=[run.pk]))
    run.refresh_from_db()
    assert run.status == "failed"
    assert "discarded" in run.failure
    client.post(reverse("officials:import_run_confirm", args=[run.pk]))
    assert not TrophyAward.objects.exists()


def test_a_large_file_is_checked_and_stored_by_the_worker(
    client, official, players, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(archive, "INLINE_ROWS", 1)
    text = TROPHIES.replace("Aranyeső", "Royal")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = upload(client, text)
    run = ImportRun.objects.get()
    assert run.status == "queued"
    page = client.get(response.url).text
    status_url = reverse("officials:import_run_status", args=[run.pk])
    assert f'hx-get="{status_url}"' in page
    assert "Waiting for the worker" in page
    callbacks[0]()  # the worker checks the file
    run.refresh_from_db()
    assert run.status == "checked"
    assert "What will be stored" in client.get(status_url).text

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        client.post(reverse("officials:import_run_confirm", args=[run.pk]))
    assert not TrophyAward.objects.exists()
    callbacks[0]()  # the worker stores it
    run.refresh_from_db()
    assert (run.status, run.imported) == ("done", 2)
    assert TrophyAward.objects.count() == 2


def test_a_players_file_in_hungarian_on_a_hungarian_page(client, official):
    text = "igazolásszám;név;klub\nH20001;Szabó Dóra;Győr\n"
    client.cookies["django_language"] = "hu"
    upload(client, text, kind="players", name="jatekosok.csv")
    run = ImportRun.objects.get()
    page = client.get(
        reverse("officials:import_run", args=[run.pk]), HTTP_ACCEPT_LANGUAGE="hu"
    ).text
    assert "igazolásszám" in page  # the columns named as the file names them
    client.post(reverse("officials:import_run_confirm", args=[run.pk]))
    assert Player.objects.get(federation_number="H20001").club == "Győr"


def test_only_officials_import_archive_files(client):
    client.force_login(UserFactory(roles=[Role.REFEREE]))
    assert client.get(reverse("officials:import_archive")).status_code == 403


def test_the_pages_run_a_bounded_number_of_queries(
    client, official, players, django_assert_max_num_queries
):
    for _ in range(5):
        upload(client, TROPHIES.replace("Aranyeső", "Royal"))
    run = ImportRun.objects.latest("pk")
    with django_assert_max_num_queries(12):
        client.get(reverse("officials:import_archive"))
    with django_assert_max_num_queries(12):
        client.get(reverse("officials:import_run", args=[run.pk]))


def test_the_roll_of_honour_is_uploaded_previewed_and_stored(client, official, players):
    from competitions.models import Honour

    content = "év;verseny;helyezés;csapat;játékos\n2012;kupa;1;Egri Dobó;\n"
    content += "2012;szabad játékok;1;;H10001\n"
    page = client.get(reverse("officials:import_archive")).text
    assert 'value="honours"' in page
    response = upload(client, content, kind="honours")
    run = ImportRun.objects.get()
    assert response.status_code == 302
    assert "2 honours will be stored" in client.get(response.url).text
    assert not Honour.objects.exists()
    client.post(reverse("officials:import_run_confirm", args=[run.pk]))
    run.refresh_from_db()
    assert (run.kind, run.status, run.imported) == ("honours", "done", 2)
    assert Honour.objects.filter(import_run_id=run.pk).count() == 2
