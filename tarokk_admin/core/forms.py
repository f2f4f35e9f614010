"""What every form of the project shares: a service run from a view, its refusal shown
on the form, and
a text area for pasted records that does not echo a very long paste back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms

from tarokk_admin.core.errors import ServiceError


def form_error_add(form: forms.Form, error: ServiceError) -> None:
    """Show a service's refusal on the field it names, or above the form."""
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)


@dataclass
class FormProblem:
    anchor: str  # the id of the field at fault
    label: str
    message: str


def form_problems(forms: list[Any]) -> list[FormProblem]:
    """The refused forms' problems for the list at the top of the page
    (``_form_problems.html``), each linked to its field; the first field at fault
    gets the focus (``autofocus``)."""
    problems: list[FormProblem] = []
    for form in forms:
        if form is None or not form.is_bound or not form.errors:
            continue
        for name, errors in form.errors.items():
            field = name if name in form.fields else next(iter(form.fields))
            bound = form[field]
            # A radio group has no one label target: its first radio button.
            anchor = bound.id_for_label or bound.subwidgets[0].id_for_label
            if not problems:
                form.fields[field].widget.attrs["autofocus"] = True
            label = str(form.fields[field].label) if name in form.fields else ""
            problems.extend(FormProblem(anchor, label, str(e)) for e in errors)
    return problems


def service_run(form: forms.Form, action: Callable[[], object]) -> object | None:
    """Run a view's service call: what it returns (True when that is nothing), or
    None when it refuses, its refusal then shown on ``form`` (``form_error_add``)."""
    try:
        return action() or True
    except ServiceError as error:
        form_error_add(form, error)
        return None


# A refused paste longer than this is not shown again (see PastedTextField).
ECHOED_CHARS = 100_000


def _echoed(text: Any) -> Any:
    return None if isinstance(text, str) and len(text) > ECHOED_CHARS else text


class PastedText(forms.Textarea):
    """The text area of :class:`PastedTextField`."""

    def format_value(self, value: Any) -> str | None:
        return super().format_value(_echoed(value))


class PastedTextField(forms.CharField):
    """A pasted record (JSON). A refused paste is shown again for correction, unless
    it is longer than ``ECHOED_CHARS``: the page would then be larger than what was
    sent (a megabyte of JSON, every quote escaped), so the field is left empty for
    the record to be pasted again once corrected. Bounded for the widget and for a
    template that shows ``field.value`` itself."""

    widget = PastedText

    def prepare_value(self, value: Any) -> Any:
        return _echoed(super().prepare_value(value))
