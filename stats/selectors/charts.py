"""Geometry of the server-rendered SVG charts (no JavaScript): horizontal bars with a
part drawn inside the whole (announced / made), and a line through labelled points.
The templates (``templates/statistics/_bar_chart.html``, ``_line_chart.html``) add the
text alternative; every number is also printed beside its bar or point, so nothing
is said by colour alone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Bar:
    label: str  # shortened to fit; ``name`` is the whole label
    name: str
    value: int
    part: int | None
    y: float
    mid: float
    width: float
    part_width: float
    text_x: float


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
    bars = []
    for index, (label, value, part) in enumerate(rows):
        bar_width = round(value / top * inner, 1)
        bars.append(
            Bar(
                label=_short(label),
                name=label,
                value=value,
                part=part,
                y=index * row_height,
                mid=index * row_height + row_height / 2,
                width=bar_width,
                part_width=round((part or 0) / top * inner, 1),
                text_x=label_width + bar_width + 6,
            )
        )
    return {
        "width": width,
        "height": max(len(rows), 1) * row_height,
        "row_height": row_height,
        "bar_height": row_height - 10,
        "label_width": label_width,
        "label_x": label_width - 8,
        "bars": bars,
    }


def line_chart(
    points: list[tuple[str, float]], *, width: int = 480, height: int = 220
) -> dict[str, Any]:
    """A line through ``points`` (label, value), with five grid lines from 0 to the
    largest value; a single point is drawn in the middle."""
    left, right, top, bottom = 52, 20, 14, 34
    inner_w, inner_h = width - left - right, height - top - bottom
    highest = max((value for _, value in points), default=0) or 1
    step = inner_w / max(len(points) - 1, 1)
    coords = [
        (
            round(left + (index * step if len(points) > 1 else inner_w / 2), 1),
            round(top + inner_h - value / highest * inner_h, 1),
            value,
            label,
        )
        for index, (label, value) in enumerate(points)
    ]
    ticks = [
        (round(top + inner_h - fraction * inner_h, 1), round(highest * fraction, 1))
        for fraction in (0, 0.25, 0.5, 0.75, 1)
    ]
    # Every label when they fit, else about eight of them.
    every = max(1, -(-len(points) // 8))
    return {
        "width": width,
        "height": height,
        "left": left,
        "right": width - right,
        "bottom": top + inner_h,
        "label_y": height - 8,
        "polyline": " ".join(f"{x},{y}" for x, y, _, _ in coords),
        "points": [
            (x, y, value, label, index % every == 0)
            for index, (x, y, value, label) in enumerate(coords)
        ],
        "ticks": ticks,
    }
