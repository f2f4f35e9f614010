"""Admin addresses holding values no object can have answer 404, or the admin's own
"invalid lookup" page, instead of a 500: a year past datetime's range in the date
drill-down (``?date__year=99999999999``), a history entry ``abc``, an object id
``abc`` or larger than any integer column; and the admin's login refuses an
over-long username on the field. ``admin_site_harden`` (called when the apps are
ready) puts ``SafeAdminMixin`` in front of every registered ModelAdmin, ours and
those of django.contrib.auth and django-axes alike; a test walks them all."""

from __future__ import annotations

from typing import Any

from django.contrib.admin import AdminSite
from django.contrib.admin.options import IncorrectLookupParameters
from django.contrib.admin.utils import unquote
from django.contrib.admin.views.main import ChangeList
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _

BIGGEST_ID = 2**63 - 1  # PostgreSQL's bigint, SQLite's INTEGER


class SafeChangeList(ChangeList):
    """A lookup whose number overflows (``?date__year=99999999999`` on any date
    field, the drill-down's or not) is an invalid lookup like any other: the admin
    answers with its "invalid lookup" redirect. Django catches only ValueError."""

    def get_filters(self, request: HttpRequest) -> Any:
        try:
            return super().get_filters(request)
        except OverflowError as error:
            raise IncorrectLookupParameters(error) from error

    def get_results(self, request: HttpRequest) -> None:
        try:
            super().get_results(request)
        except OverflowError as error:  # raised when the query is compiled
            raise IncorrectLookupParameters(error) from error


def _whole_id(value: str) -> bool:
    return value.isdigit() and int(value) <= BIGGEST_ID


class SafeAdminMixin:
    model: Any

    def get_changelist(self, request: HttpRequest, **kwargs: Any) -> type[ChangeList]:
        return SafeChangeList

    def get_object(
        self, request: HttpRequest, object_id: str, from_field: Any = None
    ) -> Any:
        try:
            return super().get_object(request, object_id, from_field)  # type: ignore[misc]
        except OverflowError:  # an id beyond SQLite's integers
            return None

    def _object_id_or_404(self, object_id: str) -> None:
        field = self.model._meta.pk
        try:
            value = field.to_python(unquote(object_id))
        except (ValidationError, ValueError, TypeError):
            value = None
        if value is None or (isinstance(value, int) and abs(value) > BIGGEST_ID):
            raise Http404(
                _("There is no %(model)s with id %(id)s.")
                % {"model": self.model._meta.verbose_name, "id": object_id[:40]}
            )

    def history_view(
        self, request: HttpRequest, object_id: str, extra_context: Any = None
    ) -> HttpResponse:
        self._object_id_or_404(object_id)
        return super().history_view(request, object_id, extra_context)  # type: ignore[misc]

    def history_form_view(
        self,
        request: HttpRequest,
        object_id: str,
        version_id: str,
        extra_context: Any = None,
    ) -> HttpResponse:
        """django-simple-history's view of one past version."""
        self._object_id_or_404(object_id)
        if not _whole_id(version_id):
            raise Http404(_("There is no version %(id)s.") % {"id": version_id[:40]})
        return super().history_form_view(  # type: ignore[misc]
            request, object_id, version_id, extra_context
        )


def admin_site_harden(site: AdminSite) -> None:
    """Every registered ModelAdmin re-registered with ``SafeAdminMixin`` first."""
    from tarokk_admin.core.login import AdminLoginForm

    site.login_form = AdminLoginForm
    for model, model_admin in list(site._registry.items()):
        admin_class = type(model_admin)
        if isinstance(model_admin, SafeAdminMixin):
            continue
        safe_class = type(
            admin_class.__name__,
            (SafeAdminMixin, admin_class),
            {"__module__": admin_class.__module__},
        )
        site.unregister(model)
        site.register(model, safe_class)
