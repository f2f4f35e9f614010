"""The referee offline: the service worker and its page, and the replay of hands kept
on the referee's device (same engine, same version check, stored once)."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from scoring.engine import score_hand_record
from scoring.models import Hand
from scoring.services.hands import hand_save
from tarokk_admin.core.roles import Role
from tests.factories import UserFactory, sheet
from tests.scoring.kit import SPEC_EXAMPLE, hand, hand_post

pytestmark = pytest.mark.django_db


def replay(match, number=1):
    return f"/referee/matches/{match.pk}/hands/{number}/replay/"


def test_service_worker_looks_after_the_referee_pages_and_names_its_files(client):
    response = client.get("/referee/sw.js")
    body = response.content.decode()
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/referee/"
    assert response["Cache-Control"] == "no-cache"
    first = body.splitlines()[0]
    assert first.startswith("self.TAROKK_SW = {")
    for name in (
        "/static/js/offline/boot.js",
        "/static/vendor/htmx/htmx.min.js",
        "/referee/offline/",
    ):
        assert name in first
    assert 'addEventListener("fetch"' in body


def test_the_worker_keeps_every_static_file_the_referee_pages_load(client, match):
    """Offline, a referee page works only with its scripts and styles: every file it
    loads (from /static/, and the feast catalogue in either language) is one the
    worker keeps; and the worker keeps nothing those pages do not load (its list and
    the pages' tags come from one declaration, tarokk_admin/core/assets.py)."""
    first = client.get("/referee/sw.js").content.decode().splitlines()[0]
    kept = set(
        json.loads(first.removeprefix("self.TAROKK_SW = ").rstrip(";"))["assets"]
    )
    client.force_login(match.referee)
    loaded_anywhere = set()
    for path, language in (
        ("/referee/", "en"),
        (f"/referee/matches/{match.pk}/", "en"),
        (f"/referee/matches/{match.pk}/hands/1/", "en"),
        (f"/referee/matches/{match.pk}/hands/1/", "hu"),
    ):
        html = client.get(path, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        loaded = set(re.findall(r'(?:src|href)="(/static/[^"]+)"', html))
        loaded |= set(re.findall(r'<script src="(/[^"]+)"', html))
        assert loaded, path
        assert loaded - kept == set(), path
        loaded_anywhere |= loaded
    assert {"/referee/feasts.en.js", "/referee/feasts.hu.js"} <= {
        name.split("?")[0] for name in loaded_anywhere
    }
    assert kept - loaded_anywhere == set()


def test_the_policy_lets_the_worker_run(client):
    policy = client.get("/referee/offline/")["Content-Security-Policy"]
    assert "worker-src 'self'" in policy
    assert "script-src 'self'" in policy


def test_offline_page_says_what_happened_in_both_languages(client):
    response = client.get("/referee/offline/")
    assert response.status_code == 200
    assert "No connection" in response.content.decode()
    response = client.get("/referee/offline/", HTTP_ACCEPT_LANGUAGE="hu")
    assert "Nincs kapcsolat" in response.content.decode()


def test_referee_pages_load_the_offline_script(client, match):
    client.force_login(match.referee)
    for path in (
        "/referee/",
        f"/referee/matches/{match.pk}/",
        f"/referee/matches/{match.pk}/hands/3/",
    ):
        html = client.get(path).content.decode()
        assert "/static/js/offline/boot.js" in html, path
        assert 'id="offline-ui"' in html, path
    html = client.get(f"/referee/matches/{match.pk}/hands/3/").content.decode()
    assert f'data-hand-url="/referee/matches/{match.pk}/hands/3/"' in html
    assert f'data-next-url="/referee/matches/{match.pk}/hands/4/"' in html
    html = client.get(f"/referee/matches/{match.pk}/hands/8/").content.decode()
    assert f'data-next-url="/referee/matches/{match.pk}/"' in html


def test_token_is_fresh_and_says_whether_signed_in(client, match):
    answer = client.get("/referee/offline/token/").json()
    assert answer["signed_in"] is False
    client.force_login(match.referee)
    answer = client.get("/referee/offline/token/").json()
    assert answer["signed_in"] is True
    assert answer["user"] == match.referee.get_username()
    assert len(answer["csrf"]) == 64


def test_replayed_hand_is_saved_with_the_engines_score(client, match):
    client.force_login(match.referee)
    response = client.post(replay(match, 2), hand_post(SPEC_EXAMPLE))
    assert response.status_code == 200
    answer = response.json()
    result = score_hand_record(Hand.objects.get(match=match, number=2).record)
    assert answer["status"] == "saved"
    assert (answer["attack"], answer["defence"]) == (
        result["attack"]["score"],
        result["defence"]["score"],
    )
    assert answer["version"] == 1


def test_a_hand_sent_twice_is_stored_once(client, match):
    """The answer to the first send was lost; the device sends the same hand again
    with the version it was made on."""
    client.force_login(match.referee)
    data = hand_post(SPEC_EXAMPLE)
    assert client.post(replay(match), data).json()["status"] == "saved"
    again = client.post(replay(match), data)
    assert again.status_code == 200
    assert again.json()["status"] == "already"
    stored = Hand.objects.get(match=match, number=1)
    assert stored.version == 1
    assert Hand.objects.filter(match=match).count() == 1
    assert Hand.history.filter(id=stored.pk).count() == 1


def test_the_form_posted_twice_is_stored_once(client, match):
    """The same through the hand form itself (a save whose answer never came)."""
    client.force_login(match.referee)
    data = hand_post(SPEC_EXAMPLE)
    url = f"/referee/matches/{match.pk}/hands/1/"
    assert client.post(url, data).status_code == 302
    assert client.post(url, data).status_code == 302
    assert Hand.objects.get(match=match, number=1).version == 1


def test_a_conflict_on_replay_is_answered_and_keeps_theirs(client, match):
    other = UserFactory(roles=[Role.OFFICIAL])
    theirs = hand_save(match=match, number=1, record=sheet(2), user=other)
    client.force_login(match.referee)
    response = client.post(replay(match), hand_post(SPEC_EXAMPLE, version=0))
    assert response.status_code == 409
    answer = response.json()
    assert answer["status"] == "conflict"
    assert answer["version"] == 1
    assert "Hand 1 was changed by" in answer["message"]
    assert Hand.objects.get(pk=theirs.pk).record == sheet(2)


def test_an_overwrite_on_replay_uses_the_version_it_names(client, match):
    hand_save(match=match, number=1, record=sheet(2), user=match.referee)
    client.force_login(match.referee)
    data = hand_post(SPEC_EXAMPLE, version=0, action="overwrite", overwrite_version="1")
    assert client.post(replay(match), data).json()["status"] == "saved"
    assert Hand.objects.get(match=match, number=1).version == 2


def test_a_refused_hand_on_replay_names_its_problems_and_stores_nothing(client, match):
    client.force_login(match.referee)
    data = hand_post(hand())
    data["attack_trumps"] = "20"
    response = client.post(replay(match), data)
    assert response.status_code == 422
    answer = response.json()
    assert answer["status"] == "refused"
    assert answer["errors"]
    assert not Hand.objects.exists()


@pytest.mark.parametrize("role", ["anonymous", "other_referee", "captain"])
def test_only_who_may_enter_the_hand_replays_it(client, match, login, role):
    login(role)
    response = client.post(replay(match), hand_post(SPEC_EXAMPLE))
    assert response.status_code in (401, 403)
    assert response.json()["status"] in ("signin", "refused")
    assert not Hand.objects.exists()


def test_replay_needs_the_csrf_token_and_takes_it_from_the_header(match):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(match.referee)
    data = hand_post(SPEC_EXAMPLE)
    assert browser.post(replay(match), data).status_code == 403
    token = browser.get("/referee/offline/token/").json()["csrf"]
    response = browser.post(replay(match), data, HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 200
    assert Hand.objects.filter(match=match).count() == 1


@pytest.mark.parametrize("number", [0, 9])
def test_replay_of_a_hand_the_match_does_not_have(client, match, number):
    client.force_login(match.referee)
    response = client.post(replay(match, number), hand_post(SPEC_EXAMPLE))
    assert response.status_code == 403
    assert not Hand.objects.exists()


def test_replay_pages_run_few_queries(client, match, django_assert_max_num_queries):
    client.force_login(match.referee)
    data = hand_post(SPEC_EXAMPLE)
    with django_assert_max_num_queries(20):
        client.post(replay(match), data)
    with django_assert_max_num_queries(4):
        client.get("/referee/offline/")


def test_a_row_whose_choices_are_no_choices_is_refused_on_replay_R6(client, match):
    """A kept hand whose row lost the values of its buttons is refused on sending,
    with each problem in the form's words: never stored without that row."""
    client.force_login(match.referee)
    data = hand_post(hand())
    data["announcements-0-announcer"] = "on"
    data["announcements-0-made"] = "on"
    response = client.post(replay(match), data)
    assert response.status_code == 422
    answer = response.json()
    assert answer["status"] == "refused"
    assert answer["message"] == "The hand was not saved: 3 problems to fix."
    assert [p["label"] for p in answer["problems"]] == [
        "Announcement 1 · Feast",
        "Announcement 1 · Announced by",
        "Announcement 1 · Outcome",
    ]
    assert answer["problems"][1]["message"].startswith("Select a valid choice.")
    assert not Hand.objects.exists()


def test_the_worker_is_served_under_the_manifest_storage_of_a_deployment(
    client, settings, tmp_path
):
    """A deployment collects the static files under names with their hash
    (tarokk_admin.settings.production): the worker still answers, and names the
    files to keep by those names."""
    from django.core.management import call_command

    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {
            "BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"
        },
    }
    call_command("collectstatic", interactive=False, verbosity=0)
    response = client.get("/referee/sw.js")
    assert response.status_code == 200
    first = response.content.decode().splitlines()[0]
    config = json.loads(first.removeprefix("self.TAROKK_SW = ").rstrip(";"))
    assert config["static"] == "/static/"
    boot = [a for a in config["assets"] if a.startswith("/static/js/offline/boot.")]
    assert len(boot) == 1
    assert re.fullmatch(r"/static/js/offline/boot\.[0-9a-f]{12}\.js", boot[0])
    collected = boot[0].removeprefix("/static/")
    assert (tmp_path / collected).exists()
