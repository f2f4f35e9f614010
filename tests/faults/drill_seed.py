"""Seeds a fault drill's database and prints what the drill needs as JSON:
``python -m tests.faults.drill_seed`` (with the drill's environment)."""

from __future__ import annotations

import datetime as dt
import json

import django

django.setup()

from tarokk_admin.core.roles import Role  # noqa: E402
from tests.factories import UserFactory, ready_match  # noqa: E402
from tests.tarokk_admin.kit import (  # noqa: E402
    TROPHY_SEEDS,
    YEAR,
    federation,
    play_match,
)

REFEREE = "drill-referee"
PASSWORD = "secret-pass"  # tests.factories.UserFactory's


def main() -> None:
    world = federation()
    referee = UserFactory(username=REFEREE, roles=[Role.REFEREE])
    to_complete = [
        play_match(
            ready_match(
                competition=world.champ, referee=referee, date=dt.date(YEAR, 5, day)
            ),
            TROPHY_SEEDS,
            complete=False,
        ).pk
        for day in (1, 2, 3)
    ]
    to_fill = [
        ready_match(
            competition=world.champ, referee=referee, date=dt.date(YEAR, 6, day)
        ).pk
        for day in range(1, 9)
    ]
    print(
        json.dumps(
            {
                "pages": world.pages(),
                "referee": REFEREE,
                "password": PASSWORD,
                "to_complete": to_complete,
                "to_fill": to_fill,
            }
        )
    )


if __name__ == "__main__":
    main()
