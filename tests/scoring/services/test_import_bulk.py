"""The bulk import path (issue 24) stores exactly what the per-match path stores:
the same file imported through both (``matches_import(bulk=False)`` is the
reference, each match through the services) gives the same records, byte for byte
as ``export_federation`` writes them (every table and its history) and as the API
and the match records answer, ids kept equal and timestamps normalised. The
follow-ups are delivered as at the commit: the per-match path's one per match
(``match_completed``), the bulk path's one for all its plain matches
(``matches_completed``); the derived tables they write, the trophies (R14), the
trophy cups, the statistics and their tallies, the standings and the cup's
decisions (R15), and the notices, are compared like the rest. The outbox itself is
compared apart: everything delivered on both paths."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from django.core.management.color import no_style
from django.db import connection, transaction
from django.urls import reverse
from django.utils import timezone

from competitions.models import (
    AnnualMeeting,
    JuryApproval,
    Match,
    Membership,
    Notice,
)
from competitions.services.matches import MATCHES_FOLLOWUP
from scoring.services.imports.store import matches_import
from stats.models import SeasonStatistics
from tarokk_admin.backup.catalogue import backup_models
from tarokk_admin.backup.export import BackupEncoder, federation_snapshot
from tarokk_admin.core.models import Followup
from tarokk_admin.core.roles import Role
from tests.factories import (
    MembershipFactory,
    PlayerFactory,
    SeasonFactory,
    TeamFactory,
    UserFactory,
    captain_of,
)
from tests.scoring.services.test_import import entry, matches_file
from tests.scoring.services.test_import_cup import whole_cup
from trophies.models import TrophyAward

pytestmark = pytest.mark.django_db

NOW_WITHIN = dt.timedelta(hours=1)
OUTBOX = "tarokk_core.followup"
# Written by the follow-ups: compared row by row (ids included) on both paths.
DERIVED = (
    "trophies.trophyaward",
    "trophies.historicaltrophyaward",
    "trophies.trophycup",
    "trophies.trophytally",
    "stats.seasonstatistics",
    "stats.matchtally",
    "competitions.notice",
)


def _normalised(value: Any, now: dt.datetime) -> Any:
    """Timestamps of the import itself (history dates, created, completed, due)
    become "<now>"; everything else is kept as it is."""
    if isinstance(value, dict):
        return {key: _normalised(item, now) for key, item in value.items()}
    if isinstance(value, list):
        return [_normalised(item, now) for item in value]
    if isinstance(value, str) and len(value) >= 19 and value[4:5] == "-":
        try:
            value = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return value
    if isinstance(value, dt.datetime):
        aware = value if timezone.is_aware(value) else timezone.make_aware(value)
        return "<now>" if abs(aware - now) < NOW_WITHIN else aware.isoformat()
    return value


def _sequences_reset() -> None:
    """PostgreSQL keeps a sequence's values when a transaction rolls back: start
    each import's ids where the other's started (SQLite rolls them back)."""
    statements = connection.ops.sequence_reset_sql(no_style(), backup_models())
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


def _api(client) -> dict[str, Any]:
    """What the API and the match records answer after the import."""
    pages = ["/api/trophies/", "/api/trophy-list/", "/api/grand-prix/"]
    for year in (2025, 2026):
        pages += [f"/api/championship/{year}/", f"/api/cup/{year}/"]
        pages += [f"/api/statistics/{year}/", f"/api/free-games/{year}/"]
    pages += [
        f"/matches/{pk}/record.json"
        for pk in Match.objects.values_list("pk", flat=True)
    ]
    answers = {}
    for page in pages:
        response = client.get(page)
        try:
            body = json.loads(response.content)
        except ValueError:
            body = response.content.decode()
        answers[page] = (response.status_code, body)
    return answers


def _imported(data, user, client, capture, *, bulk: bool):
    """Import through one path, deliver its follow-ups, read everything back, and
    roll it all back."""
    _sequences_reset()
    with transaction.atomic():
        with capture(execute=True):
            outcome = matches_import(data=data, user=user, bulk=bulk)
        now = timezone.now()
        snapshot = json.loads(json.dumps(federation_snapshot(), cls=BackupEncoder))
        snapshot.pop("exported_at")
        answers = _api(client)
        counts = {
            "matches": Match.objects.count(),
            "approvals": JuryApproval.objects.count(),
            "notices": Notice.objects.count(),
            "awards": TrophyAward.objects.count(),
            "statistics": SeasonStatistics.objects.count(),
            "undelivered": Followup.objects.filter(delivered_at=None).count(),
        }
        kinds = sorted(set(Followup.objects.values_list("kind", flat=True)))
        transaction.set_rollback(True)
    outbox = snapshot["models"].pop(OUTBOX)
    snapshot["counts"].pop(OUTBOX)
    assert counts["undelivered"] == 0, outbox
    return (
        {
            "answer": outcome.as_json(),
            "present": outcome.present_paths,
            "ids": outcome.match_ids,
        },
        _normalised(snapshot, now),
        _normalised(answers, now),
        counts | {"kinds": kinds},
    )


def _same(data, user, client, capture) -> tuple[dict, dict, dict]:
    reference = _imported(data, user, client, capture, bulk=False)
    bulk = _imported(data, user, client, capture, bulk=True)
    assert bulk[0] == reference[0]
    for label, rows in reference[1]["models"].items():
        assert bulk[1]["models"][label] == rows, label
    assert bulk[1] == reference[1]
    for page, answer in reference[2].items():
        assert bulk[2][page] == answer, page
    for label in DERIVED:
        assert label in reference[1]["models"], label
    reference_kinds, bulk_kinds = reference[3].pop("kinds"), bulk[3].pop("kinds")
    assert bulk[3] == reference[3]
    if reference[3]["matches"]:  # one follow-up for the plain matches (issue 24)
        assert MATCHES_FOLLOWUP in bulk_kinds
        assert MATCHES_FOLLOWUP not in reference_kinds
    return reference[0], reference[1], reference[3]


@pytest.fixture
def official():
    return UserFactory(roles=[Role.OFFICIAL], email="official@example.org")


@pytest.fixture
def season_with_members():
    """2026: its annual meeting on 1 March; Kisfaludy with its members (a
    substitute among them) and a captain who hears of results."""
    season = SeasonFactory(year=2026, annual_meeting=dt.date(2026, 3, 1))
    team = TeamFactory(name="Kisfaludy")
    for name, role in (
        ("Kiss Anna", Membership.Role.DRIVER),
        ("Nagy Béla", Membership.Role.CATCHER),
        ("Mohai Cili", Membership.Role.SUBSTITUTE),
    ):
        MembershipFactory(
            season=season, team=team, player=PlayerFactory(name=name), role=role
        )
    captain_of(team, season, UserFactory(email="captain@example.org"))
    return season


def _mixed_file() -> dict:
    """Championship, free games and Grand Prix matches of two seasons, a whole cup,
    matches needing the jury's approval (not in public; before the annual meeting),
    a substitute playing, a match twice, new and known teams and players."""
    cup, _api_rows = whole_cup()
    entries = [
        entry(1),
        entry(2, date="2026-02-10"),  # before the annual meeting: approved (R15)
        entry(3, public=False),  # not in public: approved (R15)
        entry(1),  # the first match again: present, not stored twice
        entry(4, competition={"season": 2026, "kind": "free"}),
        entry(
            5,
            competition={
                "season": 2026,
                "kind": "grand_prix",
                "event": "Tavaszi GP",
                "round": 1,
            },
        ),
        entry(6, date="2025-06-01", competition={"season": 2025, "kind": "free"}),
    ]
    substitute = entry(7, date="2026-04-01")
    substitute["lineups"]["Kisfaludy"] = {
        "driver": "Kiss Anna",
        "catcher": "Mohai Cili",
    }
    entries.append(substitute)
    # Cup matches among the others: the plain ones around them keep their order.
    return matches_file(
        *entries[:3], *cup["matches"][:12], *entries[3:], *cup["matches"][12:]
    )


def test_issue24_bulk_import_stores_what_the_services_store(
    official, season_with_members, client, django_capture_on_commit_callbacks
):
    client.force_login(official)
    answer, snapshot, counts = _same(
        _mixed_file(), official, client, django_capture_on_commit_callbacks
    )
    assert "valid" not in answer["answer"]
    assert answer["present"] == ["/matches/15"]
    assert counts["approvals"] == 2
    assert counts["notices"] > 0  # the captain of Kisfaludy heard of its results
    assert counts["awards"] > 0  # trophies (R14) awarded by the follow-ups
    assert counts["statistics"] > 0
    history = snapshot["models"]["competitions.historicalmatch"]
    assert [row["fields"]["history_type"] for row in history][:4] == list("+~~~")


def test_issue24_refused_file_stores_nothing_either_way(
    official, season_with_members, client, django_capture_on_commit_callbacks
):
    """A player of another team (R15): both paths refuse the file with the same
    errors, and nothing of it is stored."""
    other = entry(9, date="2026-05-01")
    other["record"]["teams"] = ["Dunakeszi", "Vác"]
    other["record"]["first_attack"] = "Dunakeszi"
    other["lineups"] = {
        "Dunakeszi": {"driver": "Tóth Csaba", "catcher": "Szabó Dóra"},
        "Vác": {"driver": "Nagy Béla", "catcher": "Vác fogó"},  # of Kisfaludy
    }
    before = _normalised(
        json.loads(json.dumps(federation_snapshot(), cls=BackupEncoder)),
        timezone.now(),
    )
    before.pop("exported_at")
    assert before["models"].pop(OUTBOX) == []
    before["counts"].pop(OUTBOX)
    answer, snapshot, counts = _same(
        matches_file(entry(1), entry(2, date="2026-04-02"), other),
        official,
        client,
        django_capture_on_commit_callbacks,
    )
    assert answer["answer"]["valid"] is False
    assert [error["path"] for error in answer["answer"]["errors"]] == [
        "/matches/2/lineups/Vác/driver"
    ]
    assert snapshot == before
    assert counts["matches"] == 0


def test_issue24_R15_the_53rd_match_refused_the_same_way(
    official, client, django_capture_on_commit_callbacks
):
    """A file in which a team plays its 53rd championship match of the season."""
    teams = [f"Csapat {i:02d}" for i in range(54)]
    entries = []
    for i, rival in enumerate(teams[1:]):
        one = entry(i % 5 + 1, date=f"2026-{3 + i // 28:02d}-{1 + i % 28:02d}")
        names = (teams[0], rival)
        one["record"]["teams"] = list(names)
        one["record"]["first_attack"] = names[0]
        one["lineups"] = {
            name: {"driver": f"{name} hajtó", "catcher": f"{name} fogó"}
            for name in names
        }
        entries.append(one)
    answer, _snapshot, counts = _same(
        matches_file(*entries), official, client, django_capture_on_commit_callbacks
    )
    errors = answer["answer"]["errors"]
    assert [error["path"] for error in errors] == ["/matches/52"]
    assert "52" in errors[0]["message"]
    assert counts["matches"] == 0


def test_issue24_R15_a_final_year_refused_the_same_way(
    official, season_with_members, client, django_capture_on_commit_callbacks
):
    """The annual meeting approved 2026: its records are final, both paths refuse
    the file's 2026 matches in the guard's words (competitions.services.finality)."""
    AnnualMeeting.objects.create(
        year=2026, date=dt.date(2027, 1, 20), recorded_at=timezone.now()
    )
    answer, _snapshot, counts = _same(
        matches_file(
            entry(6, date="2025-06-01", competition={"season": 2025, "kind": "free"}),
            entry(1),
        ),
        official,
        client,
        django_capture_on_commit_callbacks,
    )
    errors = answer["answer"]["errors"]
    assert [error["path"] for error in errors] == ["/matches/1"]
    assert "2026" in errors[0]["message"]
    assert counts["matches"] == 0


def test_issue24_the_page_and_the_command_store_through_the_bulk_store(
    official, client, tmp_path, monkeypatch
):
    """The officials' import page (in the request, as the worker would) and
    ``manage.py import_matches`` both store with the set-based store."""
    from scoring.services.imports import store
    from tests.scoring.services.test_import import run_command

    used: list[int] = []
    real = store.store_bulk

    def spy(planned, *args):
        used.append(len(planned))
        return real(planned, *args)

    monkeypatch.setattr(store, "store_bulk", spy)
    client.force_login(official)
    response = client.post(
        reverse("officials:import"), {"text": json.dumps(matches_file(entry(1)))}
    )
    assert response.status_code == 302
    code, answer, _err = run_command(matches_file(entry(2)), tmp_path)
    assert (code, answer) == (0, {"imported": 1})
    assert used == [1, 1]
    assert Match.objects.filter(status="completed").count() == 2


def test_issue24_a_match_dated_after_today_refused_the_same_way(
    official, client, django_capture_on_commit_callbacks
):
    """match_complete refuses to complete a match dated after today without a
    confirmation (issue 20): an import cannot give one, both paths refuse."""
    later = timezone.localdate() + dt.timedelta(days=400)
    answer, _snapshot, counts = _same(
        matches_file(
            entry(1),
            entry(
                2,
                date=later.isoformat(),
                competition={"season": later.year, "kind": "championship"},
            ),
        ),
        official,
        client,
        django_capture_on_commit_callbacks,
    )
    assert [error["path"] for error in answer["answer"]["errors"]] == [
        "/matches/1/record"
    ]
    assert counts["matches"] == 0
