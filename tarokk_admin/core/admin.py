"""The Django admin shows the federation's records; it never writes them.

Every change to a federation record goes through the services, with the rules'
refusals, reasons and history: the officials' workspace (``/officials/``), the
referee's, jury's and captains' pages. So every ModelAdmin of the federation's apps
(competitions, scoring, trophies, stats, core) uses :class:`OfficialAdminMixin`,
which lets officials (and superusers) *view* and lets nobody — superusers included
— add, change or delete; the change page points to the workspace. The only writes
left are admin actions that call a service (the outbox's "deliver now", a notice's
"send now"). User accounts and groups (``django.contrib.auth``) are not federation
records and keep Django's own admin.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin, messages
from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop, ngettext

from tarokk_admin.core.background import followup_deliver
from tarokk_admin.core.models import Followup
from tarokk_admin.core.roles import is_official

# Words of Django's admin that its Hungarian catalogue leaves untranslated (the
# headings of the index's model table): the site's catalogue translates them.
DJANGO_ADMIN_WORDS = (
    gettext_noop("Model name"),
    gettext_noop("Add link"),
    gettext_noop("Change or view list link"),
)


def workspace_url() -> str:
    """The officials' workspace, where the services change what the admin shows."""
    for name in ("officials:home", "officials:import"):
        try:
            return reverse(name)
        except NoReverseMatch:
            continue
    return "/officials/"


class OfficialAdminMixin:
    """Read-only for everyone: officials (active staff in the Official group) and
    superusers may view; nobody adds, changes or deletes here (see the module)."""

    def _staff_official(self, request: HttpRequest) -> bool:
        return (
            request.user.is_active
            and request.user.is_staff
            and is_official(request.user)
        )

    def has_module_permission(self, request: HttpRequest) -> bool:
        return self._staff_official(request) or super().has_module_permission(request)  # type: ignore[misc]

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._staff_official(request) or super().has_view_permission(
            request, obj
        )  # type: ignore[misc]

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def render_change_form(
        self, request: HttpRequest, context: dict[str, Any], *args: Any, **kwargs: Any
    ) -> Any:
        """The change page says where the record is changed (``admin/change_form``)."""
        context["workspace_url"] = workspace_url()
        return super().render_change_form(request, context, *args, **kwargs)  # type: ignore[misc]


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
        return self._staff_official(request) or request.user.is_superuser

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
