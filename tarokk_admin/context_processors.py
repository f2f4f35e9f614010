"""Template context: which work areas the signed-in user may open (no query for
anonymous visitors; one per request for a signed-in user)."""

from __future__ import annotations

from typing import Any

from competitions.selectors.teams import captains_anything
from tarokk_admin.core.roles import is_jury, is_official, is_referee


def work_areas(request: Any) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"work_areas": {}}
    official = is_official(user)
    return {
        "work_areas": {
            "referee": is_referee(user),
            "jury": is_jury(user),
            "captain": official or captains_anything(user),
            "official": official,
            "admin": official and user.is_staff,
        }
    }
