"""Run in a process of its own against a fresh database: migrate, restore the
backup given as the first argument and print, as JSON, every API answer, every row
count and the keys the next records get (``python -m`` from the repository)."""

from __future__ import annotations

import json
import sys

import django
from django.core.management import call_command


def main(path: str) -> None:
    django.setup()
    from django.contrib.auth.models import Group
    from django.test.utils import setup_test_environment

    from tarokk_admin.core.models import Followup
    from tests.tarokk_admin.api_kit import api_answers, row_counts

    setup_test_environment()
    call_command("migrate", verbosity=0)
    call_command("import_federation", path, stdout=sys.stderr)
    from tarokk_admin.backup.export import BackupEncoder, federation_snapshot

    report = {"answers": api_answers(), "counts": row_counts()}
    # Every row as the restored database holds it, written as a backup writes it.
    report["rows"] = json.loads(
        json.dumps(federation_snapshot()["models"], cls=BackupEncoder)
    )
    report["next_keys"] = {
        "auth.group": Group.objects.create(name="after the restore").pk,
        "tarokk_core.followup": Followup.objects.create(kind="after the restore").pk,
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main(sys.argv[1])
