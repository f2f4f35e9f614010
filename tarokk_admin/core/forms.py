"""What every form of the project shares: a service's refusal shown on the form."""

from __future__ import annotations

from django import forms

from tarokk_admin.core.errors import ServiceError


def form_error_add(form: forms.Form, error: ServiceError) -> None:
    """Show a service's refusal on the field it names, or above the form."""
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)
