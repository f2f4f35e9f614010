"""What the federation's officials may do in the Django admin.

The role groups carry no Django model permissions: an active staff account in the
Official group (or a superuser) gets them through :class:`OfficialAdminMixin`. Other
apps' admin classes (trophies) use the same mixin. The outbox of follow-up work
(``core.background``) is shown read-only.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin, messages
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from tarokk_admin.core.background import followup_deliver
from tarokk_admin.core.models import Followup
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


class PendingFilter(admin.SimpleListFilter):
    title = _("state")
    parameter_name = "state"

    def lookups(self, request: HttpRequest, model_admin: Any) -> Any:
        return [("pending", _("pending")), ("delivered", _("delivered"))]

    def queryset(self, request: HttpRequest, queryset: Any) -> Any:
        if self.value() in ("pending", "delivered"):
            return queryset.filter(delivered_at__isnull=self.value() == "pending")
        return queryset


@admin.register(Followup)
class FollowupAdmin(OfficialAdminMixin, admin.ModelAdmin):
    """The outbox, read-only: what is pending or failing; officials may deliver a
    pending follow-up now (through ``followup_deliver``, which runs it once)."""

    official_can_add = False
    official_can_change = False
    official_can_delete = False
    list_display = (
        "kind",
        "args",
        "attempts",
        "last_error_short",
        "created_at",
        "delivered_at",
        "due_at",
    )
    list_filter = (PendingFilter, "kind")
    actions = ["deliver_now"]

    @admin.display(description=_("last error"))
    def last_error_short(self, obj: Followup) -> str:
        return obj.last_error[:120]

    def has_deliver_permission(self, request: HttpRequest) -> bool:
        return self._official(request) or request.user.is_superuser

    @admin.action(
        description=_("Deliver the selected pending follow-ups now"),
        permissions=["deliver"],
    )
    def deliver_now(self, request: HttpRequest, queryset: Any) -> None:
        ids = list(
            queryset.filter(delivered_at__isnull=True).values_list("pk", flat=True)
        )
        delivered = sum(followup_deliver(pk) for pk in ids)
        self.message_user(
            request,
            ngettext(
                "%(n)s follow-up delivered.", "%(n)s follow-ups delivered.", delivered
            )
            % {"n": delivered},
            messages.SUCCESS,
        )
