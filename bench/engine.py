"""Throughput of the rules engine on one core: validate + score.

Two workloads from one seeded, realistic mix of hands (random legal deals and plays with
0-8 announcements, contras and trophies, judged by the engine itself):
- score sheets: the referee's record (facts, announcements with made, tricks, silent);
- play records: the deal and the ten tricks, every announcement judged from the play.

    .venv/bin/python bench/engine.py [--hands 2000] [--rounds 5] [--seed 1984]

Prints hands per second (best and median round) for each workload.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.engine import score_hand_record, sheet_from_play
from scoring.engine.generate import random_play_record


def build(hands: int, seed: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    rng = random.Random(seed)
    plays, sheets = [], []
    while len(plays) < hands:
        record = random_play_record(rng, n_announcements=rng.randint(0, 8))
        result = score_hand_record(record)
        if not result["valid"]:
            raise SystemExit(
                f"generator produced an invalid record: {result['errors']}"
            )
        plays.append(record)
        sheets.append(sheet_from_play(record, result))
    return plays, sheets


def measure(records: list[dict[str, Any]], rounds: int) -> tuple[float, float]:
    judge: Callable[[object], dict[str, Any]] = score_hand_record
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        for record in records:
            judge(record)
        rates.append(len(records) / (time.perf_counter() - start))
    return max(rates), statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1984)
    args = parser.parse_args()
    plays, sheets = build(args.hands, args.seed)
    announcements = statistics.mean(len(r["announcements"]) for r in plays)
    print(
        f"{args.hands} hands, seed {args.seed}, {announcements:.1f} announcements/hand"
    )
    for name, records, goal in (
        ("score sheets", sheets, 20_000),
        ("play records", plays, 5_000),
    ):
        best, median = measure(records, args.rounds)
        verdict = "meets" if median >= goal else "BELOW"
        print(
            f"{name:13}: best {best:,.0f} hands/s, median {median:,.0f} hands/s "
            f"({verdict} the goal of {goal:,}/s)"
        )


if __name__ == "__main__":
    main()
