"""Sittings from a file on the officials' pages and the command line (R15; issue
22): the free-games desk links the archive import with the kind chosen; upload →
preview → confirm → the sittings on the desk, each with the file in its history;
``manage.py import_archive sittings FILE`` answers one JSON line and its exit
status; the pages' queries are bounded."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from competitions.models import VariantSitting
from scoring.models import ImportRun
from scoring.services.imports import archive
from tarokk_admin.core.roles import Role
from tests.factories import PlayerFactory, SeasonFactory, UserFactory

pytestmark = pytest.mark.django_db

FILE = (
    "dátum;változat;játék neve;esemény;játékos 1;pont 1;játékos 2;pont 2;"
    "játékos 3;pont 3;megjegyzés\n"
    "2026.05.02.;császártarokk;;Őszi kupa;H1;30;H2;-10;H3;-20;a klubban, aláírva\n"
    "2026.05.09.;;Hármas;;H1;5;H2;5;H3;-10;7. lap\n"
)


@pytest.fixture
def official(client):
    SeasonFactory(year=2026)
    PlayerFactory(name="Kovács Éva", federation_number="H1")
    PlayerFactory(name="Nagy Béla", federation_number="H2")
    PlayerFactory(name="Szabó Ágnes", federation_number="H3")
    user = UserFactory(roles=[Role.OFFICIAL])
    client.force_login(user)
    return user


def upload(client, content: str, name: str = "partik.csv"):
    return client.post(
        reverse("officials:import_archive"),
        {"kind": "sittings", "file": SimpleUploadedFile(name, content.encode())},
        HTTP_ACCEPT_LANGUAGE="hu",
    )


def test_the_desk_links_the_import_with_the_sittings_kind_chosen(client, official):
    desk = client.get(reverse("officials:free_games")).text
    link = reverse("officials:import_archive") + "?kind=sittings"
    assert link in desk
    page = client.get(link).text
    assert 'value="sittings" checked' in page
    assert "player 1" in page  # its columns, listed


def test_upload_preview_confirm_and_the_sittings_on_the_desk(client, official):
    response = upload(client, FILE)
    run = ImportRun.objects.get()
    assert response.status_code == 302
    assert (run.kind, run.status) == ("sittings", "checked")
    assert not VariantSitting.objects.exists()
    preview = client.get(reverse("officials:import_run", args=[run.pk])).text
    assert "Kovács Éva (H1)" in preview
    client.post(reverse("officials:import_run_confirm", args=[run.pk]))
    run.refresh_from_db()
    assert (run.status, run.imported) == ("done", 2)
    sittings = VariantSitting.objects.order_by("date")
    assert [(s.variant, s.name, s.status) for s in sittings] == [
        ("emperor", "", "confirmed"),
        ("royal_variant", "Hármas", "confirmed"),
    ]
    assert {s.confirmed_by for s in sittings} == {official}
    desk = client.get(reverse("officials:free_games") + "?year=2026").text
    assert "Őszi kupa" in desk
    assert "Hármas" in desk
    detail = client.get(
        reverse("officials:sitting", args=[sittings[0].pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).text
    assert "from the sittings file partik.csv, line 2" in detail


def test_a_refused_file_names_line_and_column_in_hungarian(client, official):
    response = upload(client, FILE.replace(";H3;-20;", ";H3;;"))
    assert response.status_code == 400
    page = " ".join(response.text.split())
    assert (
        "<strong>2. sor, pont 3 oszlop:</strong> Adja meg Szabó Ágnes pontjait." in page
    )
    assert not VariantSitting.objects.exists()


def test_the_pages_run_a_bounded_number_of_queries(
    client, official, django_assert_max_num_queries
):
    with django_assert_max_num_queries(12):
        client.get(reverse("officials:import_archive") + "?kind=sittings")
    upload(client, FILE)
    run = ImportRun.objects.get()
    with django_assert_max_num_queries(12):
        client.get(reverse("officials:import_run", args=[run.pk]))


def command(capsys, *args):
    try:
        call_command("import_archive", *args)
    except SystemExit as exited:
        code = exited.code
    else:
        code = 0
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_stores_once_and_refuses_with_line_and_column(
    official, tmp_path, capsys
):
    path = tmp_path / "partik.csv"
    path.write_text(FILE.replace(";H3;-20;", ";H3;;"), encoding="utf-8")
    code, out, err = command(capsys, "sittings", str(path))
    assert code == 1
    answer = json.loads(out)
    assert answer["valid"] is False
    assert [(e["line"], e["column"]) for e in answer["errors"]] == [(2, "pont 3")]
    assert "line 2, column pont 3:" in err
    assert not VariantSitting.objects.exists()
    path.write_text(FILE, encoding="utf-8")
    code, out, _err = command(capsys, "sittings", str(path))
    assert (code, json.loads(out)) == (
        0,
        {"kind": "sittings", "stored": 2, "already_stored": 0},
    )
    code, out, err = command(capsys, "sittings", str(path))
    assert json.loads(out) == {"kind": "sittings", "stored": 0, "already_stored": 2}
    assert "already stored" in err
    assert VariantSitting.objects.count() == 2
    assert {s.recorded_by.username for s in VariantSitting.objects.all()} == {"import"}


def test_a_large_file_is_checked_and_stored_by_the_worker_in_the_officials_language(
    client, official, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(archive, "INLINE_ROWS", 1)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        upload(client, FILE.replace(";H3;-20;", ";H3;;"))
    callbacks[0]()  # the worker checks the file, in the page's language
    run = ImportRun.objects.get()
    assert (run.status, [e["column"] for e in run.errors]) == ("done", ["pont 3"])
    assert run.errors[0]["message"] == "Adja meg Szabó Ágnes pontjait."
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        upload(client, FILE)
    callbacks[0]()
    run = ImportRun.objects.latest("pk")
    assert run.status == "checked"
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        client.post(reverse("officials:import_run_confirm", args=[run.pk]))
    assert not VariantSitting.objects.exists()
    callbacks[0]()  # the worker stores it, as the official who confirmed it
    run.refresh_from_db()
    assert (run.status, run.imported) == ("done", 2)
    assert {s.confirmed_by for s in VariantSitting.objects.all()} == {official}
