"""Charts drawn on the server as SVG (no JavaScript): their geometry — a line through
labelled points (:func:`line_chart`, :func:`points_chart`) and horizontal bars with a
part drawn inside the whole (:func:`bar_chart`: announced / made). The templates
(``templates/statistics/_bar_chart.html``, ``_line_chart.html``, …) add the text
alternative; every number is also printed beside its bar or point, so nothing is said
by colour alone.

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


@dataclass(frozen=True)
class Bar:
    label: str  # shortened to fit; ``name`` is the whole label
    name: str
    value: int
    part: int | None
    label_at: SafeString  # x, y of the label, right-aligned before the bar
    whole: SafeString  # x, y, width, height of the whole bar
    part_rect: SafeString | None  # the part inside it, when there is one
    number_at: SafeString  # x, y of the numbers after the bar


def _short(label: str, limit: int = 19) -> str:
    return label if len(label) <= limit else label[: limit - 1].rstrip() + "…"


def bar_chart(
    rows: list[tuple[str, int, int | None]],
    *,
    width: int = 480,
    row_height: int = 34,
    label_width: int = 200,
) -> dict[str, Any]:
    """``rows`` of (label, value, part or None), drawn top to bottom. Sized for a
    phone as much as a desktop: the SVG scales to its box, the type stays legible."""
    right = 70  # room for the numbers after the longest bar
    inner = width - label_width - right
    top = max((value for _, value, _ in rows), default=0) or 1
    bar_height = row_height - 10
    bars = []
    for index, (label, value, part) in enumerate(rows):
        y = index * row_height
        mid = y + row_height / 2
        bar_width = round(value / top * inner, 1)
        part_width = round((part or 0) / top * inner, 1)
        bars.append(
            Bar(
                label=_short(label),
                name=label,
                value=value,
                part=part,
                label_at=machine_attrs(x=label_width - 8, y=mid),
                whole=machine_attrs(
                    x=label_width, y=y + 5, width=bar_width, height=bar_height
                ),
                part_rect=(
                    machine_attrs(
                        x=label_width, y=y + 5, width=part_width, height=bar_height
                    )
                    if part
                    else None
                ),
                number_at=machine_attrs(x=label_width + bar_width + 6, y=mid),
            )
        )
    height = max(len(rows), 1) * row_height
    return {
        "width": width,
        "height": height,
        "view_box": view_box(width, height),
        "bars": bars,
    }
