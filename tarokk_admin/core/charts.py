"""Charts drawn on the server as SVG (no JavaScript): their geometry.

Every coordinate leaves here already written as SVG attributes for a machine
(``core.l10n.machine_attrs``): a template prints ``<circle {{ point.at }} …>`` and
never a bare number, so no language can write ``210,0`` where an SVG needs
``210.0`` (a browser refuses the attribute and logs an error). The numbers people
read (the values, the tick labels) stay numbers, which the template writes in the
reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.safestring import SafeString

from tarokk_admin.core.l10n import machine, machine_attrs

TICK_FRACTIONS = (0, 0.25, 0.5, 0.75, 1)


@dataclass(frozen=True)
class Point:
    """A point of a line: its circle's centre, where its label goes under the axis,
    its value and label, and whether the label is shown (about eight are)."""

    at: SafeString
    label_at: SafeString
    value: Any
    label: Any
    shown: bool


@dataclass(frozen=True)
class Tick:
    """A grid line across the chart and its value written left of the axis."""

    line: SafeString
    text_at: SafeString
    value: float


def view_box(width: float, height: float) -> str:
    return " ".join(machine(n) for n in (0, 0, width, height))


def line_chart(
    points: list[tuple[Any, float]],
    *,
    width: int = 480,
    height: int = 220,
    margins: tuple[int, int, int, int] = (52, 20, 14, 34),
    tick_decimals: int = 1,
) -> dict[str, Any]:
    """A line through ``points`` (label, value) with five grid lines from 0 to the
    largest value; a single point is drawn in the middle. ``margins`` are left,
    right, top and bottom."""
    left, right, top, bottom = margins
    inner_w, inner_h = width - left - right, height - top - bottom
    highest = max((value for _, value in points), default=0) or 1
    step = inner_w / max(len(points) - 1, 1)
    base = top + inner_h
    label_y = height - 8
    every = max(1, -(-len(points) // 8))  # every label when they fit, else ~8
    coords = []
    for index, (label, value) in enumerate(points):
        x = round(left + (index * step if len(points) > 1 else inner_w / 2), 1)
        y = round(base - value / highest * inner_h, 1)
        coords.append((x, y, value, label, index % every == 0))
    ticks = []
    for fraction in TICK_FRACTIONS:
        y = round(base - fraction * inner_h, 1)
        ticks.append(
            Tick(
                line=machine_attrs(x1=left, x2=width - right, y1=y, y2=y),
                text_at=machine_attrs(x=left - 6, y=y),
                value=(
                    round(highest * fraction, tick_decimals)
                    if tick_decimals
                    else round(highest * fraction)
                ),
            )
        )
    return {
        "width": width,
        "height": height,
        "view_box": view_box(width, height),
        "axis": machine_attrs(x1=left, x2=width - right, y1=base, y2=base),
        "polyline": machine_attrs(
            points=" ".join(f"{machine(x)},{machine(y)}" for x, y, *_ in coords)
        ),
        "points": [
            Point(
                at=machine_attrs(cx=x, cy=y),
                label_at=machine_attrs(x=x, y=label_y),
                value=value,
                label=label,
                shown=shown,
            )
            for x, y, value, label, shown in coords
        ],
        "ticks": ticks,
        "first_at": machine_attrs(x=left, y=height - 6),
        "last_at": machine_attrs(x=width - right, y=height - 6),
    }


def points_chart(
    points: list[tuple[Any, int]], *, width: int = 640, height: int = 240
) -> dict[str, Any]:
    """The cumulative points chart of a team's season: (day, points so far)."""
    chart = line_chart(
        points, width=width, height=height, margins=(48, 12, 12, 28), tick_decimals=0
    )
    chart["total"] = points[-1][1] if points else 0
    chart["first"] = points[0][0] if points else None
    chart["last"] = points[-1][0] if points else None
    return chart
