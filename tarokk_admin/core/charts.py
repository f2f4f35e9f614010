"""Charts drawn on the server as SVG (no JavaScript): their coordinates."""

from __future__ import annotations

from typing import Any


def points_chart(
    points: list[tuple[Any, int]], *, width: int = 640, height: int = 240
) -> dict[str, Any]:
    """Coordinates of the cumulative points chart (server-side SVG, no JS)."""
    left, right, top, bottom = 48, 12, 12, 28
    inner_w, inner_h = width - left - right, height - top - bottom
    top_value = max((value for _, value in points), default=0) or 1
    step = inner_w / max(len(points) - 1, 1)
    coords = [
        (
            round(left + index * step, 1),
            round(top + inner_h - value / top_value * inner_h, 1),
            value,
            day,
        )
        for index, (day, value) in enumerate(points)
    ]
    ticks = [
        (round(top + inner_h - fraction * inner_h, 1), round(top_value * fraction))
        for fraction in (0, 0.25, 0.5, 0.75, 1)
    ]
    return {
        "width": width,
        "height": height,
        "left": left,
        "right": width - right,
        "bottom": top + inner_h,
        "polyline": " ".join(f"{x},{y}" for x, y, _, _ in coords),
        "points": coords,
        "ticks": ticks,
        "total": points[-1][1] if points else 0,
        "first": points[0][0] if points else None,
        "last": points[-1][0] if points else None,
    }
