"""The demo federation that ``manage.py seed_demo`` loads: idempotent parts.

Each part is a function that creates what is missing and returns the lines worth
printing (empty when it changed nothing). Add a part by writing another such function
and listing it in ``DEMO_PARTS``; ``demo_seed`` runs them in order in one transaction.
The cup, Grand Prix and free games reuse the championship's season and teams.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction

from tarokk_admin.demo.accounts import demo_accounts_seed
from tarokk_admin.demo.archive import demo_archive_seed
from tarokk_admin.demo.championship import demo_championship_seed, demo_federation_seed
from tarokk_admin.demo.closed_year import demo_closed_year_seed
from tarokk_admin.demo.cup import demo_cup_seed
from tarokk_admin.demo.free_games import demo_free_games_seed
from tarokk_admin.demo.grand_prix import demo_grand_prix_seed
from tarokk_admin.demo.live import demo_live_seed
from tarokk_admin.demo.schedule import demo_schedule_seed
from tarokk_admin.demo.workspace import demo_workspace_seed

DEMO_PARTS: list[Callable[[], list[str]]] = [
    demo_accounts_seed,
    demo_federation_seed,
    demo_championship_seed,
    demo_cup_seed,
    demo_grand_prix_seed,
    demo_free_games_seed,
    demo_live_seed,
    demo_schedule_seed,
    demo_workspace_seed,
    demo_archive_seed,  # after the matches: the archive moves some of their cups
    demo_closed_year_seed,  # the previous year, closed and approved
]


def demo_seed() -> list[str]:
    """Run every demo part; return what they created, for printing."""
    lines: list[str] = []
    with transaction.atomic():
        for part in DEMO_PARTS:
            lines.extend(part())
    return lines
