"""The archive files of the demo and of the archive benchmark, generated the same
way every time (a seeded generator; fixed timestamps inside the workbook).

    .venv/bin/python bench/archive_files.py                # docs/archive/ (the demo's)
    .venv/bin/python bench/archive_files.py --bench 20000 /tmp/trophies-20000.csv

The demo's files are committed in ``docs/archive/`` as examples for officials and
loaded by ``manage.py seed_demo`` (``tarokk_admin/demo/archive.py``) through the
archive import: ``players.csv`` with Hungarian headers and semicolons (as a
Hungarian spreadsheet program writes CSV, with a byte-order mark), ``trophies.xlsx``
with English headers. 40 players (28 of them the demo federation's own, the rest
retired), 300 trophy awards over the 15 years before the demo season, and
``honours.csv`` (English headers, commas): the roll of honour of those years but
the last, which the demo closes itself.
The bench file names the ``seed_trophy_bench`` players (``BENCH-…``).
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import io
import os
import random
import re
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_admin.settings.local")

import django  # noqa: E402

django.setup()

from scoring.engine.catalogue import FEASTS, TROPHIES  # noqa: E402
from tarokk_admin.demo.data import (  # noqa: E402
    DEMO_TEAMS,
    FAMILY_NAMES,
    GIVEN_NAMES,
    demo_roster_players,
)

DEMO_DIR = ROOT / "docs" / "archive"
FIRST_YEAR, LAST_YEAR = 2011, 2025
KNOWN_PLAYERS = 28
RETIRED_PLAYERS = 12
TROPHY_ROWS = 300
FIXED_TIME = (2026, 1, 1, 0, 0, 0)
EVENTS = (
    "Őszi Kupa {year}",
    "Tavaszi Nagydíj {year}",
    "Évzáró verseny {year}",
    "Csapatbajnokság {year}",
    "Császár-est, {town}",
    "Balatoni Tarokk Napok {year}",
    "",
)
# Little trophies are made most often, the royal rarely.
WEIGHTS = {
    "little": 10,
    "trophy": 5,
    "greater": 4,
    "super": 1.5,
    "multi": 1,
    "ultra": 0.6,
    "royal": 0.3,
}


def demo_players() -> list[tuple[str, str, str, bool]]:
    """(federation number, name, club, active): the demo federation's first 28
    players as it registers them, and 12 retired players of its past."""
    known = [(n, name, club, True) for n, name, club in demo_roster_players()]
    taken = {name for _n, name, _club, _active in known}
    retired: list[tuple[str, str, str, bool]] = []
    index = 0
    while len(retired) < RETIRED_PLAYERS:
        name = (
            f"{FAMILY_NAMES[(index * 5 + 1) % len(FAMILY_NAMES)]} "
            f"{GIVEN_NAMES[(index * 3 + 11) % len(GIVEN_NAMES)]}"
        )
        index += 1
        if name in taken:
            continue
        taken.add(name)
        town = DEMO_TEAMS[(index * 7) % len(DEMO_TEAMS)][1]
        number = f"H09{len(retired) + 1:03d}"
        retired.append((number, name, town, len(retired) % 3 != 0))
    return known[:KNOWN_PLAYERS] + retired


def _trophy(rng: random.Random) -> str:
    codes = list(TROPHIES)
    weights = [WEIGHTS[FEASTS[code].trophy_class or "trophy"] for code in codes]
    return rng.choices(codes, weights)[0]


def demo_trophy_rows(players: list[tuple[str, str, str, bool]]) -> list[list[object]]:
    """About 300 awards over 15 years; a few players made many (weights)."""
    rng = random.Random(2011)
    weights = [
        1 + (9 if i % 7 == 0 else 0) + rng.random() * 3 for i in range(len(players))
    ]
    rows: list[list[object]] = []
    for _ in range(TROPHY_ROWS):
        year = rng.randint(FIRST_YEAR, LAST_YEAR)
        day = dt.date(year, 1, 1) + dt.timedelta(days=rng.randrange(365))
        number, name, town, _active = rng.choices(players, weights)[0]
        partner = ""
        if rng.random() < 0.6:
            other = rng.choice([p for p in players if p[0] != number])
            partner = other[0] if rng.random() < 0.7 else other[1]
        player = number if rng.random() < 0.8 else name.lower()
        code = _trophy(rng)
        event = rng.choice(EVENTS).format(year=year, town=town)
        variant = ""
        if event.startswith("Császár"):
            variant = "emperor"
        elif rng.random() < 0.05:
            variant = "illustrated"
        points = FEASTS[code].value if rng.random() < 0.7 else None
        rows.append([day, player, code, partner, event, variant, points])
    rows.sort(key=lambda row: (row[0], str(row[1])))
    return rows


HONOUR_NAMES_THEN = {
    "Kisfaludy Kör": "Kisfaludy Kör Budapest",
    "Dunakeszi Pagát": "Dunakeszi Pagát SE",
}
FREE_GAMES_TABLES = ("Illusztrált tarokk", "Császártarokk")


def demo_honour_rows(players: list[tuple[str, str, str, bool]]) -> list[list[object]]:
    """The roll of honour of the archive's years but the last (the demo closes
    that year itself, and the app's own record of a year stands): the
    championship's first three, the cup's winner, finalist and two bronzes, the
    spring Grand Prix's winner, the free-games tables' winners; some teams under
    the names they had then."""
    rng = random.Random(2012)
    teams = [name for name, _town in DEMO_TEAMS]
    rows: list[list[object]] = []
    for year in range(FIRST_YEAR, LAST_YEAR):

        def then(name: str, year: int = year) -> str:
            return HONOUR_NAMES_THEN.get(name, name) if year < 2016 else name

        table = rng.sample(teams, 3)
        points = sorted(rng.sample(range(24, 49), 3), reverse=True)
        for place, (team, total) in enumerate(zip(table, points, strict=True), 1):
            rows.append([year, "championship", "", place, then(team), "", total])
        cup = rng.sample(teams, 4)
        for place, team in zip((1, 2, 3, 3), cup, strict=True):
            rows.append([year, "cup", "", place, then(team), "", ""])
        rows.append(
            [
                year,
                "grand_prix",
                f"Tavaszi Nagydíj {year}",
                1,
                then(rng.choice(teams)),
                "",
                "",
            ]
        )
        for name in FREE_GAMES_TABLES:
            number, player_name, _club, _active = rng.choice(players)
            who = number if rng.random() < 0.7 else player_name
            rows.append([year, "free_games", name, 1, "", who, rng.randint(30, 90)])
    rows.sort(key=lambda row: -int(str(row[0])))
    return rows


def honours_csv(rows: list[list[object]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["year", "competition", "event", "place", "team", "player", "points"]
    )
    writer.writerows(rows)
    return out.getvalue().encode("utf-8")


def players_csv(players: list[tuple[str, str, str, bool]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow(["igazolásszám", "név", "klub", "aktív"])
    for number, name, club, active in players:
        writer.writerow([number, name, club, "igen" if active else "nem"])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def _fixed_zip(content: bytes) -> bytes:
    """The workbook with fixed timestamps, so the same rows give the same bytes."""
    source = zipfile.ZipFile(io.BytesIO(content))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "docProps/core.xml":
                data = re.sub(
                    rb"(<dcterms:(created|modified)[^>]*>)[^<]*",
                    rb"\g<1>2026-01-01T00:00:00Z",
                    data,
                )
            info = zipfile.ZipInfo(item.filename, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(info, data)
    return out.getvalue()


def trophies_xlsx(rows: list[list[object]]) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = "Trophies"
    sheet.append(["date", "player", "trophy", "partner", "event", "variant", "points"])
    for row in rows:
        sheet.append(row)
        sheet.cell(row=sheet.max_row, column=1).number_format = "yyyy-mm-dd"
    sheet.column_dimensions["A"].width = 12
    sheet.column_dimensions["E"].width = 28
    out = io.BytesIO()
    book.save(out)
    return _fixed_zip(out.getvalue())


def bench_csv(rows: int, seed: int = 20_000) -> bytes:
    """``rows`` awards of the bench players (``BENCH-000000`` …), 2001-2015,
    before every bench award, so many cups move."""
    rng = random.Random(seed)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["date", "player", "trophy", "partner", "event", "points"])
    for _ in range(rows):
        day = dt.date(2001, 1, 1) + dt.timedelta(days=rng.randrange(15 * 365))
        player, partner = rng.sample(range(20_000), 2)
        code = _trophy(rng)
        writer.writerow(
            [
                day.isoformat(),
                f"BENCH-{player:06d}",
                code,
                f"BENCH-{partner:06d}" if rng.random() < 0.5 else "",
                f"Archívum {day.year}",
                FEASTS[code].value,
            ]
        )
    return out.getvalue().encode("utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench", type=int, metavar="ROWS")
    parser.add_argument("path", nargs="?", type=Path)
    args = parser.parse_args()
    if args.bench:
        path = args.path or Path(f"/tmp/trophies-{args.bench}.csv")
        path.write_bytes(bench_csv(args.bench))
        print(f"{path}: {args.bench} rows")
        return
    DEMO_DIR.mkdir(parents=True, exist_ok=True)
    players = demo_players()
    (DEMO_DIR / "players.csv").write_bytes(players_csv(players))
    (DEMO_DIR / "trophies.xlsx").write_bytes(trophies_xlsx(demo_trophy_rows(players)))
    (DEMO_DIR / "honours.csv").write_bytes(honours_csv(demo_honour_rows(players)))
    print(f"{DEMO_DIR}: players.csv ({len(players)}), trophies.xlsx ({TROPHY_ROWS})")


if __name__ == "__main__":
    main()
