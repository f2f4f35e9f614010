"""``manage.py seed_demo``: load the demo federation and accounts (idempotent)."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from tarokk_admin.demo import demo_seed
from tarokk_admin.demo.common import DemoSeedError


class Command(BaseCommand):
    help = (
        "Load the demo federation and the demo accounts; running it again "
        "changes nothing."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            lines = demo_seed()
        except DemoSeedError as exc:
            raise CommandError(str(exc)) from exc
        for line in lines:
            self.stdout.write(line)
        if not lines:
            self.stdout.write("Demo data already loaded; nothing to do.")
