"""Geometry of the server-rendered SVG charts (no JavaScript): horizontal bars with a
part drawn inside the whole (announced / made), and a line through labelled points
(``tarokk_admin.core.charts.line_chart``). The templates
(``templates/statistics/_bar_chart.html``, ``_line_chart.html``) add the text
alternative; every number is also printed beside its bar or point, so nothing is said
by colour alone. Coordinates leave here as attributes written for a machine
(``core.l10n.machine_attrs``), never as numbers a template would localise."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.safestring import SafeString

from tarokk_admin.core.charts import line_chart as core_line_chart
from tarokk_admin.core.charts import view_box
from tarokk_admin.core.l10n import machine_attrs


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


def line_chart(
    points: list[tuple[str, float]], *, width: int = 480, height: int = 220
) -> dict[str, Any]:
    """A line through ``points`` (label, value), with five grid lines from 0 to the
    largest value; a single point is drawn in the middle."""
    return core_line_chart(points, width=width, height=height)
