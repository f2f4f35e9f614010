"""What a federation backup holds is decided from the code: every model of the
project's apps is exported or excluded with a reason, history included; and the
nightly backup into the backups storage keeps the last ``BACKUP_KEEP``, once a night
however many beats send it."""

from __future__ import annotations

import datetime as dt
import json
import stat
import sys
from pathlib import Path

import pytest
from django.apps import apps
from django.core.exceptions import ImproperlyConfigured
from django.core.files.storage import FileSystemStorage, InMemoryStorage
from simple_history.models import registered_models

from tarokk_admin import tasks
from tarokk_admin.backup.catalogue import EXCLUDED, backup_models
from tarokk_admin.backup.export import federation_snapshot
from tarokk_admin.backup.nightly import backup_nightly_write, backups_kept
from tarokk_admin.config import backup_folder, backup_storage
from tarokk_admin.core.environment import Environment
from tarokk_admin.tasks import federation_backup
from tests import ROOT
from tests.tarokk_admin.test_settings_strict import (
    assert_stopped_with_one_sentence,
    run,
)

OWN_APPS_NOT_HOLDING_RECORDS: set[str] = set()


def own_apps() -> list:
    """The installed apps whose code is in this repository (found independently of
    the backup's own rule: by the module's file)."""
    found = []
    for config in apps.get_app_configs():
        path = Path(config.module.__file__).resolve()
        if path.is_relative_to(ROOT) and ".venv" not in path.parts:
            found.append(config)
    return found


def test_the_project_apps_are_the_federation_apps():
    labels = {config.label for config in own_apps()}
    assert {"competitions", "scoring", "trophies", "stats", "tarokk_core"} <= labels


@pytest.mark.django_db
def test_every_model_of_the_project_apps_is_exported_or_excluded_with_a_reason():
    exported = set(federation_snapshot()["counts"])
    for config in own_apps():
        for model in config.get_models():
            label = model._meta.label_lower
            if label in EXCLUDED:
                assert EXCLUDED[label].strip(), f"{label} is excluded without a reason"
                assert label not in exported
            else:
                assert label in exported, f"{label} is neither exported nor excluded"
    assert {"auth.user", "auth.group"} <= exported
    for label in EXCLUDED:
        assert apps.get_model(label)  # an exclusion names a model that exists


def test_the_change_history_of_every_tracked_model_is_in_the_backup():
    kept = set(backup_models())
    tracked = [m for m in registered_models.values() if m in kept]
    assert len(tracked) >= 10
    for model in tracked:
        history = model.history.model
        assert history in kept, f"the history of {model._meta.label} is not kept"


def _folder(path: Path) -> FileSystemStorage:
    return FileSystemStorage(
        location=path, file_permissions_mode=0o600, directory_permissions_mode=0o700
    )


@pytest.mark.django_db
def test_the_nightly_backup_keeps_the_newest_files_only(tmp_path):
    folder = tmp_path / "backups"
    start = dt.datetime(2026, 3, 1, 3, 15, tzinfo=dt.UTC)
    (tmp_path / "backups").mkdir(mode=0o700)
    (folder / "notes.txt").write_text("not a backup")
    written = [
        backup_nightly_write(
            storage=_folder(folder), keep=2, now=start + dt.timedelta(days=day)
        )
        for day in range(4)
    ]
    assert backups_kept(storage=_folder(folder)) == [
        Path(path).name for path in written[-2:]
    ]
    assert (folder / "notes.txt").exists()
    for path in map(Path, written[-2:]):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert json.loads(path.read_text())["format"] == "royal-tarokk-federation/1"


@pytest.mark.django_db
def test_the_nightly_backup_goes_to_a_storage_that_is_not_a_folder():
    """A bucket (django-storages) has no path on this machine: the finished file is
    sent whole, and the retention removes the oldest through the storage."""
    bucket = InMemoryStorage()
    start = dt.datetime(2026, 3, 1, 3, 15, tzinfo=dt.UTC)
    names = [
        backup_nightly_write(storage=bucket, keep=2, now=start + dt.timedelta(days=day))
        for day in range(3)
    ]
    assert names == [
        "federation-20260301-031500.json",
        "federation-20260302-031500.json",
        "federation-20260303-031500.json",
    ]
    assert backups_kept(storage=bucket) == names[1:]
    with bucket.open(names[2]) as file:
        assert json.load(file)["format"] == "royal-tarokk-federation/1"


@pytest.mark.django_db
def test_the_nightly_task_writes_into_the_backups_storage(tmp_path, settings):
    folder = tmp_path / "new" / "backups"
    settings.STORAGES = {
        **settings.STORAGES,
        "backups": backup_storage(Environment({}), folder),
    }
    settings.BACKUP_KEEP = 3
    path = Path(federation_backup(slot="2026-12-01"))
    assert path.parent == folder
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert backups_kept(storage=_folder(folder)) == [path.name]


@pytest.mark.django_db
def test_two_beats_sending_the_same_nights_backup_write_it_once(tmp_path, settings):
    settings.STORAGES = {
        **settings.STORAGES,
        "backups": backup_storage(Environment({}), tmp_path),
    }
    assert federation_backup(slot="2026-12-01")
    assert federation_backup(slot="2026-12-01") == ""  # the second beat's delivery
    assert len(backups_kept(storage=_folder(tmp_path))) == 1


@pytest.mark.django_db
def test_a_failed_backup_gives_its_run_back(tmp_path, settings, monkeypatch):
    settings.STORAGES = {
        **settings.STORAGES,
        "backups": backup_storage(Environment({}), tmp_path),
    }

    def broken(**_kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(tasks, "backup_nightly_write", broken)
    with pytest.raises(OSError, match="disk full"):
        federation_backup(slot="2026-12-01")
    monkeypatch.undo()
    assert federation_backup(slot="2026-12-01")  # the retry does it


def test_backup_storage_reads_a_backend_and_its_options():
    env = Environment(
        {
            "BACKUP_STORAGE": "storages.backends.s3.S3Storage",
            "BACKUP_STORAGE_OPTIONS": '{"bucket_name": "tarokk-backups"}',
        }
    )
    assert backup_storage(env, Path("/unused")) == {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {"bucket_name": "tarokk-backups"},
    }
    folder = backup_storage(Environment({}), Path("/srv/backups"))
    assert folder["OPTIONS"]["location"] == "/srv/backups"
    assert folder["OPTIONS"]["file_permissions_mode"] == 0o600


@pytest.mark.parametrize("value", ["bucket=x", "[1, 2]", "{broken"])
def test_backup_storage_options_that_are_no_json_object_are_refused(value):
    env = Environment({"BACKUP_STORAGE_OPTIONS": value})
    with pytest.raises(ImproperlyConfigured, match="BACKUP_STORAGE_OPTIONS must be"):
        backup_storage(env, Path("/x"))


def test_the_nightly_task_is_scheduled(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["federation-backup"]
    assert entry["task"] == federation_backup.name


@pytest.mark.parametrize("value", ["backups", "./var/backups"])
def test_a_relative_backup_dir_is_refused(value):
    with pytest.raises(ImproperlyConfigured, match="BACKUP_DIR must be an absolute"):
        backup_folder(Environment({"BACKUP_DIR": value}), "BACKUP_DIR", Path("/x"))


def test_a_backup_dir_that_is_a_file_is_refused(tmp_path):
    file = tmp_path / "file"
    file.write_text("")
    with pytest.raises(ImproperlyConfigured, match="a folder"):
        backup_folder(Environment({"BACKUP_DIR": str(file)}), "BACKUP_DIR", Path("/x"))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variable", "value"),
    [("BACKUP_KEEP", "lots"), ("BACKUP_KEEP", "0"), ("BACKUP_DIR", "rel")],
)
def test_a_bad_backup_setting_stops_manage_py_with_one_sentence(variable, value):
    result = run([sys.executable, "manage.py", "check"], **{variable: value})
    assert_stopped_with_one_sentence(result, variable, repr(value))
