"""Bringing played matches in (HAND_RECORD.md "Matches file"): ``import_matches`` and
the officials' upload page. All or nothing, every error with its path, no duplicates."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from competitions.models import (
    Competition,
    CupTie,
    JuryApproval,
    Lineup,
    Match,
    MatchResult,
    Membership,
    Player,
    Team,
)
from scoring.engine import score_match_record
from scoring.models import Hand
from scoring.services.imports.store import matches_import
from tarokk_admin.core.models import Followup
from tarokk_admin.core.roles import Role
from tests import ROOT
from tests.factories import PlayerFactory, SeasonFactory, UserFactory, sheet

LINEUPS = {
    "Kisfaludy": {"driver": "Kiss Anna", "catcher": "Nagy Béla"},
    "Dunakeszi": {"driver": "Tóth Csaba", "catcher": "Szabó Dóra"},
}


def entry(
    seed: int = 1,
    *,
    teams: tuple[str, str] = ("Kisfaludy", "Dunakeszi"),
    date: str = "2026-03-14",
    competition: dict | None = None,
    hands: int = 8,
    **extra,
) -> dict:
    record = {
        "format": "royal-tarokk-match/1",
        "teams": list(teams),
        "first_attack": teams[0],
        "hands": [sheet(seed * 100 + i) for i in range(hands)],
    }
    if hands == 2:
        record["tiebreak"] = True
    return {
        "competition": competition or {"season": 2026, "kind": "championship"},
        "date": date,
        "venue": "Budapest",
        "public": True,
        "lineups": {team: dict(LINEUPS[team]) for team in teams},
        "record": record,
        **extra,
    }


def matches_file(*entries: dict) -> dict:
    return {"format": "royal-tarokk-matches/1", "matches": list(entries)}


@pytest.fixture
def official():
    return UserFactory(roles=[Role.OFFICIAL])


def run_command(data, tmp_path) -> tuple[int, dict, str]:
    path = tmp_path / "matches.json"
    path.write_text(
        data if isinstance(data, str) else json.dumps(data), encoding="utf-8"
    )
    out, err = StringIO(), StringIO()
    code = 0
    try:
        call_command("import_matches", str(path), stdout=out, stderr=err)
    except SystemExit as exc:
        code = exc.code
    return code, json.loads(out.getvalue()), err.getvalue()


@pytest.mark.django_db
def test_import_stores_completed_matches_with_the_engines_results_r11(tmp_path):
    data = matches_file(entry(1), entry(2, teams=("Dunakeszi", "Kisfaludy")))
    code, output, _err = run_command(data, tmp_path)
    assert (code, output) == (0, {"imported": 2})
    assert Match.objects.filter(status=Match.Status.COMPLETED).count() == 2
    for item, match in zip(data["matches"], Match.objects.order_by("pk"), strict=True):
        judged = score_match_record(item["record"])
        stored = {r.team.name: (r.total, r.points) for r in match.results.all()}
        assert stored == {
            name: (t["total"], t["points"]) for name, t in judged["teams"].items()
        }
        hands = list(match.hands.order_by("number"))
        assert [h.record for h in hands] == item["record"]["hands"]
        for hand, result in zip(hands, judged["hands"], strict=True):
            assert hand.attack_team.name == result["attack_team"]  # R3
            assert (hand.attack_score, hand.defence_score) == (
                result["attack"]["score"],
                result["defence"]["score"],
            )
            assert hand.result["attack"] == result["attack"]


@pytest.mark.django_db
def test_a_command_line_import_is_recorded_among_the_officials_imports(
    tmp_path, client
):
    """Stored or refused, an import by ``manage.py import_matches`` shows on the
    officials' import page like one uploaded there."""
    from scoring.models import ImportRun

    data = matches_file(entry(1), entry(2, teams=("Dunakeszi", "Kisfaludy")))
    assert run_command(data, tmp_path)[0] == 0
    assert run_command(data, tmp_path)[0] == 0  # again: both already stored
    bad = copy.deepcopy(data)
    bad["matches"][1]["record"]["hands"][0]["attack"]["trumps"] = 30
    assert run_command(bad, tmp_path)[0] == 1
    first, again, refused = ImportRun.objects.order_by("pk")
    assert (first.status, first.total, first.imported, first.errors) == (
        "done",
        2,
        2,
        [],
    )
    assert first.user.username == "import"
    assert first.file_name.endswith("matches.json")
    assert (again.imported, again.present) == (0, ["/matches/0", "/matches/1"])
    assert refused.imported == 0
    assert refused.user is None  # nothing was recorded under the import account
    assert refused.errors
    assert refused.errors[0]["path"].startswith("/matches/1/")
    assert Match.objects.count() == 2
    # A file that is not JSON is refused and recorded; one that cannot be read is
    # not an import of anything.
    assert run_command('{"format": ', tmp_path)[0] == 1
    not_json = ImportRun.objects.order_by("pk").last()
    assert not_json.errors[0]["code"] == "invalid_json"
    with pytest.raises(SystemExit):
        call_command(
            "import_matches", str(tmp_path / "missing.json"), stdout=StringIO()
        )
    assert ImportRun.objects.count() == 4
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    page = client.get(reverse("officials:import_run", args=[refused.pk])).text
    assert "/matches/1/" in page


@pytest.mark.django_db
def test_import_creates_teams_players_memberships_and_the_competition(tmp_path):
    code, _out, _err = run_command(matches_file(entry(1)), tmp_path)
    assert code == 0
    assert set(Team.objects.values_list("name", flat=True)) == set(LINEUPS)
    competition = Competition.objects.get()
    assert (competition.kind, competition.season.year) == ("championship", 2026)
    roles = set(Membership.objects.values_list("team__name", "player__name", "role"))
    assert roles == {
        ("Kisfaludy", "Kiss Anna", "driver"),
        ("Kisfaludy", "Nagy Béla", "catcher"),
        ("Dunakeszi", "Tóth Csaba", "driver"),
        ("Dunakeszi", "Szabó Dóra", "catcher"),
    }
    numbers = list(Player.objects.values_list("federation_number", flat=True))
    assert all(n.startswith("IMP-") for n in numbers)
    assert len(set(numbers)) == 4
    assert Lineup.objects.count() == 2


@pytest.mark.django_db
def test_known_players_and_teams_are_found_by_name_not_created_again(tmp_path):
    PlayerFactory(name="Kiss Anna", federation_number="H00042")
    PlayerFactory(name="IMP-numbered", federation_number="IMP-7")
    run_command(matches_file(entry(1)), tmp_path)
    run_command(matches_file(entry(2, date="2026-04-01")), tmp_path)
    assert Player.objects.filter(name="Kiss Anna").get().federation_number == "H00042"
    assert Player.objects.count() == 5
    assert Player.objects.filter(federation_number="IMP-8").exists()


@pytest.mark.django_db
def test_a_match_before_the_annual_meeting_gets_the_import_as_jury_approval_r15(
    tmp_path,
):
    SeasonFactory(year=2026)  # annual meeting 17 January
    code, _out, _err = run_command(
        matches_file(entry(1, date="2026-01-05"), entry(2, public=False)), tmp_path
    )
    assert code == 0
    approvals = JuryApproval.objects.select_related("match", "approved_by")
    assert approvals.count() == 2
    for approval in approvals:
        assert approval.approved_by.username == "import"
        assert approval.approved_at.date() <= approval.match.date
    assert not approvals[0].approved_by.has_usable_password()


@pytest.mark.django_db
def test_one_invalid_match_stores_nothing_and_every_error_has_its_path(tmp_path):
    bad = entry(2, date="2026-04-01")
    bad["record"]["hands"][2]["attack"]["trumps"] = 99
    worse = entry(3, date="2026-04-02")
    worse["lineups"]["Kisfaludy"]["drivr"] = "Kiss Anna"
    code, output, _err = run_command(matches_file(entry(1), bad, worse), tmp_path)
    assert code == 1
    assert output["valid"] is False
    paths = [e["path"] for e in output["errors"]]
    assert "/matches/1/record/hands/2/attack/trumps" in paths
    assert "/matches/2/lineups/Kisfaludy/drivr" in paths
    assert all(set(e) == {"code", "message", "path"} for e in output["errors"])
    assert not Match.objects.exists()
    assert not Team.objects.exists()
    assert not Player.objects.exists()


@pytest.mark.parametrize(
    ("where", "path"),
    [
        (lambda d: d.update(extra=1), "/extra"),
        (lambda d: d["matches"][0].update(venu="x"), "/matches/0/venu"),
        (
            lambda d: d["matches"][0]["competition"].update(name="Bajnokság"),
            "/matches/0/competition/name",
        ),
        (
            lambda d: d["matches"][0]["record"].update(referee="x"),
            "/matches/0/record/referee",
        ),
        (
            lambda d: d["matches"][0]["record"]["hands"][5].update(tricksx=1),
            "/matches/0/record/hands/5/tricksx",
        ),
    ],
    ids=["file", "match", "competition", "record", "hand"],
)
@pytest.mark.django_db
def test_unknown_keys_are_errors_at_their_path(where, path, official):
    data = matches_file(entry(1))
    where(data)
    outcome = matches_import(data=data, user=official)
    assert [e["code"] for e in outcome.errors if e["path"] == path] == ["unknown_key"]
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda m: m.pop("date"), "/matches/0/date"),
        (lambda m: m.update(date="14/03/2026"), "/matches/0/date"),
        (lambda m: m.update(date="2025-12-31"), "/matches/0/date"),
        (lambda m: m.update(public="yes"), "/matches/0/public"),
        (
            lambda m: m["competition"].update(kind="league"),
            "/matches/0/competition/kind",
        ),
        (
            lambda m: m["competition"].update(season="2026"),
            "/matches/0/competition/season",
        ),
        (lambda m: m["lineups"].pop("Dunakeszi"), "/matches/0/lineups"),
        (
            lambda m: m["lineups"]["Dunakeszi"].update(catcher="Tóth Csaba"),
            "/matches/0/lineups/Dunakeszi/catcher",
        ),
        (
            lambda m: m["lineups"]["Dunakeszi"].update(driver="Kiss Anna"),
            "/matches/0/lineups/Dunakeszi",
        ),
        (lambda m: m["record"]["hands"].pop(), "/matches/0/record/hands"),
    ],
    ids=[
        "no-date",
        "bad-date",
        "date-outside-season",
        "public-not-bool",
        "unknown-kind",
        "season-not-int",
        "missing-lineup",
        "driver-is-catcher-r15",
        "player-on-both-sides-r15",
        "seven-hands-r3",
    ],
)
@pytest.mark.django_db
def test_bad_match_fields_are_refused_with_their_path(change, path, official):
    data = matches_file(entry(1))
    change(data["matches"][0])
    outcome = matches_import(data=data, user=official)
    assert path in [e["path"] for e in outcome.errors], outcome.errors
    assert outcome.imported == 0
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_grand_prix_needs_event_and_round(official):
    gp = {"season": 2026, "kind": "grand_prix", "event": "Tavaszi Grand Prix"}
    outcome = matches_import(data=matches_file(entry(1, competition=gp)), user=official)
    assert [e["path"] for e in outcome.errors] == ["/matches/0/competition/round"]
    outcome = matches_import(
        data=matches_file(entry(1, competition={**gp, "round": 2})), user=official
    )
    assert outcome.imported == 1
    match = Match.objects.get()
    assert (match.competition.name, match.round) == ("Tavaszi Grand Prix", 2)


@pytest.mark.django_db
def test_a_cup_match_creates_its_tie_with_the_teams_in_record_order_r15(official):
    cup = {"season": 2026, "kind": "cup", "round": 1, "slot": 3}
    outcome = matches_import(
        data=matches_file(entry(1, competition=cup)), user=official
    )
    assert outcome.ok, outcome.errors
    tie = CupTie.objects.get(round=1, slot=3)
    assert (tie.round, tie.slot, tie.team_a.name, tie.team_b.name) == (
        1,
        3,
        "Kisfaludy",
        "Dunakeszi",
    )
    assert Match.objects.get().tie == tie


@pytest.mark.django_db
def test_cup_slot_out_of_the_round_and_a_tiebreak_flag_alone_are_refused(official):
    data = matches_file(
        entry(1, competition={"season": 2026, "kind": "cup", "round": 2, "slot": 5}),
        entry(2, competition={"season": 2026, "kind": "cup", "round": 1}, hands=2),
        entry(3, hands=2),
    )
    outcome = matches_import(data=data, user=official)
    paths = {e["path"] for e in outcome.errors}
    assert {
        "/matches/0/competition/slot",
        "/matches/1/competition/slot",
        "/matches/1/competition/tiebreak",
        "/matches/2/record/tiebreak",
    } <= paths


@pytest.mark.django_db
def test_a_refusal_of_the_services_is_reported_at_its_path(official):
    """A player of another team this season cannot play for a team (R15)."""
    first = entry(1)
    other = entry(2, teams=("Kisfaludy", "Dunakeszi"), date="2026-04-01")
    third = entry(3, date="2026-04-02")
    third["record"]["teams"] = ["Kisfaludy", "Érd"]
    third["lineups"] = {
        "Kisfaludy": dict(LINEUPS["Kisfaludy"]),
        "Érd": {"driver": "Tóth Csaba", "catcher": "Vida Éva"},
    }
    third["record"]["first_attack"] = "Kisfaludy"
    outcome = matches_import(data=matches_file(first, other, third), user=official)
    assert [e["path"] for e in outcome.errors] == ["/matches/2/lineups/Érd/driver"]
    assert "Dunakeszi" in outcome.errors[0]["message"]
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_the_same_match_imported_again_is_not_duplicated(tmp_path):
    data = matches_file(entry(1), entry(2))
    assert run_command(data, tmp_path)[:2] == (0, {"imported": 2})
    code, output, err = run_command(data, tmp_path)
    assert (code, output) == (0, {"imported": 0})
    assert "2 match(es)" in err
    assert Match.objects.count() == 2
    assert Hand.objects.count() == 16


@pytest.mark.django_db
def test_the_same_match_twice_in_one_file_is_stored_once(official):
    outcome = matches_import(data=matches_file(entry(1), entry(1)), user=official)
    assert (outcome.imported, outcome.present) == (1, 1)


@pytest.mark.django_db
def test_two_different_matches_of_the_same_teams_on_one_day_are_two(official):
    data = matches_file(entry(1), entry(2), entry(3))
    outcome = matches_import(data=data, user=official)
    assert outcome.imported == 3
    assert Match.objects.filter(date="2026-03-14").count() == 3
    assert MatchResult.objects.count() == 6


@pytest.mark.django_db
def test_the_import_queues_one_follow_up_for_its_matches_on_commit(
    official, monkeypatch, django_capture_on_commit_callbacks
):
    """Issue 24: one ``matches_completed`` for the file's matches (their trophies,
    standings and statistics at once), not one follow-up a match."""
    calls = []
    monkeypatch.setattr(
        "tarokk_admin.tasks.matches_completed.run",
        lambda ids, run=None: calls.append((ids, run)),
    )
    with django_capture_on_commit_callbacks(execute=True):
        outcome = matches_import(data=matches_file(entry(1), entry(2)), user=official)
    assert len(outcome.match_ids) == 2
    assert calls == [(outcome.match_ids, None)]
    # Through the outbox: one row for the two matches, delivered.
    rows = Followup.objects.filter(kind__in=("match_completed", "matches_completed"))
    assert [(row.kind, row.args) for row in rows] == [
        ("matches_completed", [outcome.match_ids])
    ]
    assert rows.get().delivered_at is not None
    bad = entry(3)
    bad["public"] = "no"
    calls.clear()
    with django_capture_on_commit_callbacks(execute=True):
        matches_import(data=matches_file(entry(4), bad), user=official)
    assert calls == []


@pytest.mark.django_db
def test_bad_json_and_an_unreadable_file_are_json_errors_without_traceback(
    tmp_path,
):
    code, output, _err = run_command('{"format": ', tmp_path)
    assert code == 1
    assert output["errors"][0]["code"] == "invalid_json"
    out = StringIO()
    with pytest.raises(SystemExit) as exc:
        call_command("import_matches", str(tmp_path / "missing.json"), stdout=out)
    assert exc.value.code == 1
    assert json.loads(out.getvalue())["errors"][0]["code"] == "unreadable_file"


@pytest.mark.slow
def test_the_command_line_prints_one_json_object_and_its_exit_status(tmp_path):
    """The real process on its own database, reading stdin: stdout is exactly the
    JSON answer, the exit status 0 or 1."""
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}

    def manage(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            input=stdin,
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            check=False,
        )

    assert manage("migrate", "-v0").returncode == 0
    text = json.dumps(matches_file(entry(1)))
    done = manage("import_matches", "-", stdin=text)
    assert (done.returncode, json.loads(done.stdout)) == (0, {"imported": 1})
    done = manage("import_matches", "-", stdin=text)
    assert (done.returncode, json.loads(done.stdout)) == (0, {"imported": 0})
    done = manage("import_matches", "-", stdin="[1,")
    assert done.returncode == 1
    assert json.loads(done.stdout)["errors"][0]["code"] == "invalid_json"
    assert "Traceback" not in done.stderr


# --- the upload page -------------------------------------------------------------


@pytest.mark.django_db
def test_an_official_uploads_a_file_and_sees_the_number_imported(client, official):
    client.force_login(official)
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile(
        "matches.json",
        json.dumps(matches_file(entry(1), entry(2))).encode(),
        content_type="application/json",
    )
    response = client.post(reverse("officials:import"), {"file": upload}, follow=True)
    assert response.status_code == 200
    assert "2 matches imported." in response.content.decode()
    assert Match.objects.filter(status="completed").count() == 2


@pytest.mark.django_db
def test_pasted_json_with_errors_shows_every_error_with_its_path(client, official):
    client.force_login(official)
    bad = entry(2)
    bad["record"]["hands"][2]["attack"]["trumps"] = 99
    bad["colour"] = "red"
    response = client.post(
        reverse("officials:import"), {"text": json.dumps(matches_file(entry(1), bad))}
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert "/matches/1/record/hands/2/attack/trumps" in page
    assert "/matches/1/colour" in page
    assert "(match 2 of the file, hand 3)" in page
    assert "Nothing was imported: 2 problems to fix." in page
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_the_upload_page_says_what_is_wrong_with_bad_json_or_no_input(client, official):
    client.force_login(official)
    response = client.post(reverse("officials:import"), {"text": "{nope"})
    assert response.status_code == 400
    assert "is not valid JSON" in response.content.decode()
    response = client.post(reverse("officials:import"), {})
    assert "Choose a matches file to upload, or paste its JSON." in (
        response.content.decode()
    )


@pytest.mark.django_db
def test_the_upload_page_reports_matches_already_present(client, official):
    client.force_login(official)
    text = json.dumps(matches_file(entry(1)))
    client.post(reverse("officials:import"), {"text": text})
    response = client.post(reverse("officials:import"), {"text": text}, follow=True)
    page = response.content.decode()
    assert "0 matches imported." in page
    assert "1 match of the file was already stored" in page


@pytest.mark.parametrize("role", [Role.REFEREE, Role.JURY, Role.TEAM_CAPTAIN])
@pytest.mark.django_db
def test_other_roles_are_refused_the_upload_page(client, role):
    client.force_login(UserFactory(roles=[role]))
    assert client.get(reverse("officials:import")).status_code == 403
    text = json.dumps(matches_file(entry(1)))
    assert client.post(reverse("officials:import"), {"text": text}).status_code == 403
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_anonymous_visitors_are_sent_to_the_login_page(client):
    response = client.get(reverse("officials:import"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.django_db
def test_the_service_refuses_a_user_who_is_not_an_official():
    from tarokk_admin.core.errors import ServiceError

    with pytest.raises(ServiceError):
        matches_import(
            data=matches_file(entry(1)), user=UserFactory(roles=[Role.REFEREE])
        )


def test_entry_helper_builds_a_valid_record():
    assert score_match_record(copy.deepcopy(entry(1)["record"]))["valid"]
