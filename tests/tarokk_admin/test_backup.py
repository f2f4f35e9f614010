"""The federation backup (HAND_RECORD.md "Federation backup"): the round trip of the
demo federation into a fresh database keeps every API answer and every row count
(history included); a damaged backup, an unknown format or a non-empty database is
refused with nothing stored; the file is its owner's only; the nightly task keeps
the last ``BACKUP_KEEP``."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.contrib.auth.models import Group
from django.core.management import CommandError, call_command
from django.db import connection

from tarokk_admin.backup.catalogue import backup_models
from tarokk_admin.backup.export import federation_export
from tarokk_admin.backup.restore import federation_import
from tarokk_admin.core.errors import ServiceError
from tests import ROOT
from tests.factories import MembershipFactory, UserFactory
from tests.tarokk_admin.api_kit import api_answers, row_counts

pytestmark = pytest.mark.django_db


@pytest.fixture
def fresh_database(tmp_path):
    """The URL of a second, empty database on the same engine as the tests'."""
    if connection.vendor == "sqlite":
        yield f"sqlite:///{tmp_path / 'restored.sqlite3'}"
        return
    import psycopg

    db = connection.settings_dict
    name = f"tarokk_restore_{uuid.uuid4().hex[:12]}"
    params = {
        "host": db["HOST"] or "127.0.0.1",
        "port": db["PORT"] or 5432,
        "user": db["USER"],
        "password": db["PASSWORD"] or None,
        "dbname": "postgres",
        "autocommit": True,
    }
    with psycopg.connect(**params) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    try:
        yield f"postgres://{auth}@{params['host']}:{params['port']}/{name}"
    finally:
        with psycopg.connect(**params) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def restore_elsewhere(path: Path, database_url: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    env.update(
        DATABASE_URL=database_url,
        REDIS_URL="",  # a cache of its own: never the answers of the first database
        DJANGO_SETTINGS_MODULE="tarokk_admin.settings.test",
    )
    result = subprocess.run(
        [sys.executable, "-m", "tests.tarokk_admin.restore_probe", str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout)


@pytest.mark.slow
def test_round_trip_of_the_demo_federation_keeps_every_api_answer_and_count(
    tmp_path, fresh_database
):
    call_command("seed_demo", stdout=None)
    answers, counts = api_answers(), row_counts()
    path = tmp_path / "federation.json"
    call_command("export_federation", str(path), stdout=None)

    restored = restore_elsewhere(path, fresh_database)

    assert len(answers) > 100  # every season, team, player and Grand Prix
    assert sum(1 for status, _ in answers.values() if status == 200) > 100
    assert restored["answers"] == json.loads(json.dumps(answers))
    assert restored["counts"] == counts
    assert counts["competitions_historicalmatch"] > 0
    assert counts["scoring_historicalhand"] > 0
    # Every row of every table holds the same values (creation times included).
    backup = json.loads(path.read_text())
    assert restored["rows"] == backup["models"]
    # The sequences continue after the restored keys: new records get new numbers.
    for label, key in restored["next_keys"].items():
        assert key > max(row["pk"] for row in backup["models"][label])


def small_federation() -> None:
    staff = UserFactory(username="official")
    staff.groups.add(Group.objects.get(name="Official"))
    MembershipFactory()
    MembershipFactory()


def wipe() -> None:
    """Empty every backed-up table (the role groups stay, as after migrate)."""
    with connection.cursor() as cursor:
        for model in reversed(backup_models()):
            for field in model._meta.many_to_many:
                cursor.execute(
                    f"DELETE FROM {field.remote_field.through._meta.db_table}"
                )
            if model is not Group:
                cursor.execute(f"DELETE FROM {model._meta.db_table}")


@pytest.fixture
def backup(tmp_path) -> dict:
    small_federation()
    path = tmp_path / "federation.json"
    federation_export(path=path)
    wipe()
    return json.loads(path.read_text())


def test_the_backup_is_written_for_its_owner_only_with_its_counts(tmp_path):
    small_federation()
    path = tmp_path / "federation.json"
    out = call_command("export_federation", str(path))
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    data = json.loads(path.read_text())
    assert data["format"] == "royal-tarokk-federation/1"
    assert data["exported_at"]
    assert data["counts"]["competitions.membership"] == 2
    assert data["counts"]["competitions.historicalmembership"] == 2
    assert {row["pk"] for row in data["models"]["competitions.membership"]}
    user = next(
        row
        for row in data["models"]["auth.user"]
        if row["fields"]["username"] == "official"
    )
    assert user["fields"]["password"].startswith("md5$")  # the hash, never a password
    assert user["fields"]["groups"] == [["Official"]]
    assert out is None or "records" in out


def test_a_backup_restores_its_primary_keys_and_group_members(tmp_path, backup):
    path = tmp_path / "again.json"
    path.write_text(json.dumps(backup))
    federation_import(path=path)
    from competitions.models import Membership

    stored = sorted(Membership.objects.values_list("pk", "player_id", "team_id"))
    expected = sorted(
        (row["pk"], row["fields"]["player"], row["fields"]["team"])
        for row in backup["models"]["competitions.membership"]
    )
    assert stored == expected
    assert Group.objects.get(name="Official").user_set.get().username == "official"


def damaged(backup: dict, how: str) -> str:
    if how == "truncated":
        return json.dumps(backup)[:-200]
    if how == "count changed":
        backup["counts"]["competitions.player"] += 1
    elif how == "dangling reference":
        backup["models"]["competitions.membership"][0]["fields"]["player"] = 987654
    elif how == "wrong format":
        backup["format"] = "royal-tarokk-federation/2"
    elif how == "unknown table":
        backup["models"]["competitions.nonsense"] = []
        backup["counts"]["competitions.nonsense"] = 0
    elif how == "bad value":
        backup["models"]["competitions.season"][0]["fields"]["year"] = "MMXXVI"
    elif how == "repeated key":
        return json.dumps(backup).replace('"format":', '"format": 1, "format":', 1)
    return json.dumps(backup)


@pytest.mark.parametrize(
    "how",
    [
        "truncated",
        "count changed",
        "dangling reference",
        "wrong format",
        "unknown table",
        "bad value",
        "repeated key",
    ],
)
def test_a_damaged_backup_stores_nothing(tmp_path, backup, how):
    before = row_counts()
    path = tmp_path / "damaged.json"
    path.write_text(damaged(backup, how))
    with pytest.raises(CommandError) as refused:
        call_command("import_federation", str(path))
    assert "Nothing was stored" in str(refused.value)
    assert "Traceback" not in str(refused.value)
    assert row_counts() == before


def test_the_import_refuses_a_database_that_holds_records(tmp_path):
    small_federation()
    path = tmp_path / "federation.json"
    federation_export(path=path)
    before = row_counts()
    with pytest.raises(ServiceError) as refused:
        federation_import(path=path)
    assert refused.value.code == "database_not_empty"
    assert row_counts() == before


def test_an_archive_award_and_its_import_survive_the_backup(tmp_path):
    """R14: an archive award keeps its source, event, row key and import, and its
    history, through a backup and a restore."""
    from scoring.models import ImportRun
    from trophies.models import TrophyAward

    small_federation()
    run = ImportRun.objects.create(
        kind="trophies", file_name="trofeak.xlsx", status="done", imported=1
    )
    award = TrophyAward.objects.create(
        player=MembershipFactory().player,
        feast="golgotha",
        value=130,
        date="2012-10-06",
        event="Őszi kupa",
        source="archive",
        archive_key="a" * 40,
        import_run=run,
    )
    path = tmp_path / "federation.json"
    federation_export(path=path)
    wipe()
    assert not TrophyAward.objects.exists()
    federation_import(path=path)
    restored = TrophyAward.objects.get(pk=award.pk)
    assert (
        restored.source,
        restored.event,
        restored.archive_key,
        restored.import_run.kind,
    ) == ("archive", "Őszi kupa", "a" * 40, "trophies")
    assert restored.history.get().source == "archive"
