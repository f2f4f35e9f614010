"""How many problems a page lists: the first :data:`LISTED`, then one line saying how
many more there are. A refused upload's page stays small whatever was uploaded
(every problem is still counted; the command line and the API keep their own
bounds)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import ngettext

LISTED = 100


def problems_listed(
    problems: list[dict[str, Any]], *, limit: int = LISTED
) -> list[dict[str, Any]]:
    """``problems`` (engine-shaped: code, message, path), at most ``limit`` of them
    and a last one saying how many more were left out."""
    if len(problems) <= limit:
        return problems
    more = len(problems) - limit
    return [
        *problems[:limit],
        {
            "code": "more_problems",
            "path": "",
            "label": "",
            "message": ngettext(
                "And %(n)s more problem, not listed here: fix these first.",
                "And %(n)s more problems, not listed here: fix these first.",
                more,
            )
            % {"n": more},
        },
    ]
