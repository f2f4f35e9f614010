#!/usr/bin/env python
"""Django's command-line utility for Tarokk Admin."""

import os
import sys

# Commands that need the database at once: they stop with one sentence when it is
# unreachable instead of failing later with a traceback.
DATABASE_COMMANDS = {
    "runserver",
    "migrate",
    "seed_demo",
    "createsuperuser",
    "create_official",
    "shell",
}


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_admin.settings.local")
    from django.core.management import execute_from_command_line
    from django.db import OperationalError

    from tarokk_admin.config import (
        database_reachable_or_exit,
        settings_loaded_or_exit,
    )

    settings_loaded_or_exit()
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command in DATABASE_COMMANDS and "--help" not in sys.argv:
        database_reachable_or_exit()
    try:
        execute_from_command_line(sys.argv)
    except OperationalError as exc:
        lines = str(exc).strip().splitlines()
        reason = lines[0].rstrip(".") if lines else type(exc).__name__
        sys.exit(f"Database error: {reason}; check DATABASE_URL and run migrate.")


if __name__ == "__main__":
    main()
