"""``manage.py check_records``: the integrity audit of the stored records
(``tarokk_admin.audit``). Prints each problem with what to do; exit status 1 when
something is wrong, 0 when the records are consistent (matches whose follow-up
still waits in the outbox are listed as not checked yet, not as wrong)."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand

from tarokk_admin.audit import records_check, records_waiting
from tarokk_admin.audit.report import report_text


class Command(BaseCommand):
    help = (
        "Check the stored records: every hand judged again by the engine; line-ups, "
        "cup substitutes, dates, jury approvals, the 52-match cap, results and "
        "trophies against the rules. Exit status 1 when something is wrong."
    )
    requires_system_checks: list[str] = []

    def handle(self, *args: Any, **options: Any) -> None:
        problems = records_check()
        self.stdout.write(report_text(problems, waiting=records_waiting()))
        if problems:
            sys.exit(1)
