"""The nightly backup: a new file in the backups storage (``STORAGES["backups"]``: the
folder ``BACKUP_DIR`` by default, a folder or a bucket shared by every machine of a
deployment) named after its time, the oldest removed beyond the last
``BACKUP_KEEP``. In a folder, files and the folder are readable by their owner only,
and a file appears whole (written beside its place and renamed); to any other
storage the finished file is sent in one piece."""

from __future__ import annotations

import datetime as dt
import re
import tempfile
from pathlib import Path

from django.core.files import File
from django.core.files.storage import FileSystemStorage, Storage, storages
from django.utils import timezone

from tarokk_admin.backup.export import federation_export

NAME = "federation-{stamp}.json"
NAMED = re.compile(r"federation-\d{8}-\d{6}\.json")


def backup_storage() -> Storage:
    return storages["backups"]


def _local_folder(storage: Storage) -> Path | None:
    """The storage's folder, or None for any other storage (a bucket)."""
    if isinstance(storage, FileSystemStorage):
        return Path(storage.path(""))
    return None


def backups_kept(*, storage: Storage | None = None) -> list[str]:
    """The nightly backups' names, oldest first (other files are left alone)."""
    storage = storage or backup_storage()
    folder = _local_folder(storage)
    if folder is not None and not folder.is_dir():
        return []
    _folders, files = storage.listdir("")
    return sorted(name for name in files if NAMED.fullmatch(name))


def backup_nightly_write(
    *, keep: int, storage: Storage | None = None, now: dt.datetime | None = None
) -> str:
    """Write a backup into the storage and remove all but the newest ``keep``;
    return where it went (a path for a folder, else the storage's name)."""
    storage = storage or backup_storage()
    stamp = (now or timezone.now()).astimezone(dt.UTC).strftime("%Y%m%d-%H%M%S")
    name = NAME.format(stamp=stamp)
    folder = _local_folder(storage)
    if folder is not None:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        federation_export(path=folder / name)
        where = str(folder / name)
    else:
        with tempfile.TemporaryDirectory(prefix="tarokk-backup-") as scratch:
            local = Path(scratch) / name
            federation_export(path=local)
            with local.open("rb") as file:
                where = storage.save(name, File(file, name=name))
    for old in backups_kept(storage=storage)[:-keep]:
        storage.delete(old)
    return where
