"""What the federation's officials may do in the Django admin.

The role groups carry no Django model permissions: an active staff account in the
Official group (or a superuser) gets them through :class:`OfficialAdminMixin`. Other
apps' admin classes (trophies) use the same mixin.
"""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest
from django.utils.html import format_html

from tarokk_admin.core.roles import is_official


class OfficialAdminMixin:
    """Officials may view, add, change and delete; set ``official_can_add`` /
    ``official_can_delete`` to False where a service owns those actions."""

    official_can_add = True
    official_can_change = True
    official_can_delete = True

    def _official(self, request: HttpRequest) -> bool:
        return (
            request.user.is_active
            and request.user.is_staff
            and is_official(request.user)
        )

    def has_module_permission(self, request: HttpRequest) -> bool:
        return self._official(request) or super().has_module_permission(request)  # type: ignore[misc]

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._official(request) or super().has_view_permission(request, obj)  # type: ignore[misc]

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        if not self.official_can_add:
            return False
        return self._official(request) or super().has_add_permission(request, *args)  # type: ignore[misc]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if not self.official_can_change:
            return False
        return self._official(request) or super().has_change_permission(request, obj)  # type: ignore[misc]

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if not self.official_can_delete:
            return False
        return self._official(request) or super().has_delete_permission(request, obj)  # type: ignore[misc]


def pretty_json(value: Any) -> str:
    """A JSON value as indented, escaped text for a read-only admin field."""
    text = json.dumps(value, ensure_ascii=False, indent=2, sort_keys=False)
    return format_html('<pre class="tarokk-json">{}</pre>', text)
