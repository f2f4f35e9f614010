"""A bench seed for the trophy list: many players and awards in bulk.

Used by ``manage.py seed_trophy_bench`` and ``bench/trophies.py``. The players'
federation numbers start with ``BENCH-``, so the seed can remove its own rows and
never touches real ones.
"""

from __future__ import annotations

import datetime as dt
import random
from collections import defaultdict

from django.db import transaction

from competitions.models import Player
from scoring.engine.catalogue import FEASTS, TROPHIES
from tarokk_admin.core.text import fold
from trophies.models import TrophyAward, TrophyCup, TrophyTally
from trophies.rules import trophy_cup_crossings
from trophies.selectors import trophy_cup_thresholds

PREFIX = "BENCH-"
SURNAMES = (
    "Kovács", "Nagy", "Tóth", "Szabó", "Horváth", "Varga", "Kiss", "Molnár", "Németh",
    "Farkas", "Balogh", "Papp", "Takács", "Juhász", "Lakatos", "Mészáros", "Oláh",
    "Simon", "Rácz", "Fekete", "Szilágyi", "Török", "Fehér", "Balázs", "Gál", "Kis",
    "Szűcs", "Kocsis", "Orsós", "Pintér", "Fodor", "Szalai", "Sipos", "Magyar",
    "Lukács", "Gulyás", "Biró", "Király", "Katona", "László", "Jakab", "Bogdán",
    "Balog", "Sándor", "Boros", "Fazekas", "Kelemen", "Antal", "Orosz", "Somogyi",
)  # fmt: skip
GIVEN = (
    "Éva", "Anna", "Béla", "Csaba", "Dóra", "Ödön", "Ágnes", "László", "Zsófia",
    "István", "Gábor", "Katalin", "Péter", "Erzsébet", "János", "Ildikó", "Zoltán",
    "Judit", "Ferenc", "Krisztina", "Attila", "Mária", "Tamás", "Andrea", "Sándor",
    "Gyöngyi", "Lőrinc", "Tünde", "Ünige", "Őrs",
)  # fmt: skip
VARIANTS = ("emperor", "illustrated", "high", "royal_variant")


def bench_clear() -> None:
    players = Player.objects.filter(federation_number__startswith=PREFIX)
    TrophyCup.objects.filter(player__in=players).delete()
    TrophyAward.objects.filter(player__in=players).delete()
    TrophyTally.objects.filter(player__in=players).delete()
    players.delete()


@transaction.atomic
def bench_seed(*, players: int = 20_000, awards: int = 100_000, seed: int = 7) -> None:
    """``players`` players and ``awards`` variant-game awards over 2016-2026, with
    their tallies and cups computed in bulk (no history rows: bench data)."""
    rng = random.Random(seed)
    bench_clear()
    rows = []
    for n in range(players):
        name = f"{rng.choice(SURNAMES)} {rng.choice(GIVEN)} {n}"
        rows.append(
            Player(
                name=name,
                name_folded=fold(name),
                federation_number=f"{PREFIX}{n:06d}",
                club="Bench",
            )
        )
    created = Player.objects.bulk_create(rows, batch_size=2000)
    ids = [p.pk for p in created]
    start = dt.date(2016, 1, 1)
    span = (dt.date(2026, 11, 30) - start).days
    batch = [
        TrophyAward(
            player_id=rng.choice(ids),
            feast=(code := rng.choice(TROPHIES)),
            value=FEASTS[code].value,
            date=start + dt.timedelta(days=rng.randrange(span)),
            variant=rng.choice(VARIANTS),
            event="Bench",
        )
        for _ in range(awards)
    ]
    made = TrophyAward.objects.bulk_create(batch, batch_size=5000)
    by_player: dict[int, list[tuple[int, dt.date, int]]] = defaultdict(list)
    for award in made:
        by_player[award.player_id].append((award.pk, award.date, award.value))
    tallies, cups = [], []
    thresholds = trophy_cup_thresholds()
    for player_id, items in by_player.items():
        total, crossings = trophy_cup_crossings(items, thresholds)
        tallies.append(TrophyTally(player_id=player_id, points=total))
        cups.extend(
            TrophyCup(
                player_id=player_id,
                threshold=c.threshold,
                award_id=c.award_id,
                date=c.date,
            )
            for c in crossings
        )
    TrophyTally.objects.bulk_create(tallies, batch_size=5000)
    TrophyCup.objects.bulk_create(cups, batch_size=5000)
