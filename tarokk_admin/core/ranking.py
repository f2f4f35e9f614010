"""Shared ranks, as every table of the federation shows them (R14, R15): items equal
on their key share a rank and the next rank skips (1, 2, 2, 4). Pure Python."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def shared_ranks(items: Sequence[T], key: Callable[[T], Any]) -> list[int]:
    """The rank of each item of ``items``, already in order (best first)."""
    ranks: list[int] = []
    for position, item in enumerate(items, start=1):
        if position > 1 and key(item) == key(items[position - 2]):
            ranks.append(ranks[-1])
        else:
            ranks.append(position)
    return ranks


def rank_above(count_above: int) -> int:
    """The shared rank of an item with ``count_above`` items strictly better."""
    return count_above + 1
