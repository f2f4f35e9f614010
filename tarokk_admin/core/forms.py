"""What every form of the project shares: a service's refusal shown on the form, and
a text area for pasted records that does not echo a very long paste back."""

from __future__ import annotations

from typing import Any

from django import forms

from tarokk_admin.core.errors import ServiceError


def form_error_add(form: forms.Form, error: ServiceError) -> None:
    """Show a service's refusal on the field it names, or above the form."""
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)


class PastedText(forms.Textarea):
    """A text area for a pasted record (JSON). A refused paste is shown again for
    correction, unless it is longer than ``ECHOED_CHARS``: then the page would be
    larger than what was sent (a megabyte of JSON, every quote escaped), and the
    field is left empty for the record to be pasted again once corrected."""

    ECHOED_CHARS = 100_000

    def format_value(self, value: Any) -> str | None:
        text = super().format_value(value)
        if text is not None and len(text) > self.ECHOED_CHARS:
            return None
        return text
