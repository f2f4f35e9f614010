"""The nightly backup: a new file in ``BACKUP_DIR`` named after its time, the oldest
removed beyond the last ``BACKUP_KEEP``. The folder is created readable by its owner
only, like the files."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from django.utils import timezone

from tarokk_admin.backup.export import federation_export

NAME = "federation-{stamp}.json"
NAMED = re.compile(r"federation-\d{8}-\d{6}\.json")


def backups_kept(*, folder: Path) -> list[Path]:
    """The nightly backups in ``folder``, oldest first (other files are left alone)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if NAMED.fullmatch(p.name))


def backup_nightly_write(
    *, folder: Path, keep: int, now: dt.datetime | None = None
) -> Path:
    """Write today's backup into ``folder`` and remove all but the newest ``keep``;
    return the new file's path."""
    folder = Path(folder)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    stamp = (now or timezone.now()).astimezone(dt.UTC).strftime("%Y%m%d-%H%M%S")
    path = folder / NAME.format(stamp=stamp)
    federation_export(path=path)
    for old in backups_kept(folder=folder)[:-keep]:
        old.unlink(missing_ok=True)
    return path
