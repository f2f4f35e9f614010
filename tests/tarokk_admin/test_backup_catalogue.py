"""What a federation backup holds is decided from the code: every model of the
project's apps is exported or excluded with a reason, history included; and the
nightly backup into ``BACKUP_DIR`` keeps the last ``BACKUP_KEEP``."""

from __future__ import annotations

import datetime as dt
import json
import stat
import sys
from pathlib import Path

import pytest
from django.apps import apps
from django.core.exceptions import ImproperlyConfigured
from simple_history.models import registered_models

from tarokk_admin.backup.catalogue import EXCLUDED, backup_models
from tarokk_admin.backup.export import federation_snapshot
from tarokk_admin.backup.nightly import backup_nightly_write, backups_kept
from tarokk_admin.config import backup_folder
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


@pytest.mark.django_db
def test_the_nightly_backup_keeps_the_newest_files_only(tmp_path):
    folder = tmp_path / "backups"
    start = dt.datetime(2026, 3, 1, 3, 15, tzinfo=dt.UTC)
    (tmp_path / "backups").mkdir(mode=0o700)
    (folder / "notes.txt").write_text("not a backup")
    written = [
        backup_nightly_write(folder=folder, keep=2, now=start + dt.timedelta(days=day))
        for day in range(4)
    ]
    assert backups_kept(folder=folder) == written[-2:]
    assert (folder / "notes.txt").exists()
    for path in written[-2:]:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert json.loads(path.read_text())["format"] == "royal-tarokk-federation/1"


@pytest.mark.django_db
def test_the_nightly_task_writes_into_backup_dir(tmp_path, settings):
    settings.BACKUP_DIR = tmp_path / "new" / "backups"
    settings.BACKUP_KEEP = 3
    path = Path(federation_backup())
    assert path.parent == settings.BACKUP_DIR
    assert stat.S_IMODE(settings.BACKUP_DIR.stat().st_mode) == 0o700
    assert backups_kept(folder=settings.BACKUP_DIR) == [path]


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
