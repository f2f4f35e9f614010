"""Widgets rendered in Python: the hand form has one feast list of 65 options and a
contra list per announcement row, number fields and hidden fields, and Django's
template per widget, per attribute and per option made those most of the page's
server time. Same markup as Django's."""

from __future__ import annotations

from collections.abc import Hashable
from html import escape
from typing import Any, ClassVar

from django import forms
from django.forms.utils import flatatt
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe


class FastSelect(forms.Select):
    """``options_key``: for a list whose options depend only on what it returns (the
    language), the options are built once per field name (without the form's
    prefix), key and chosen value."""

    _options: ClassVar[dict[Hashable, str]] = {}

    def __init__(
        self, attrs: Any = None, choices: Any = (), options_key: Any = None
    ) -> None:
        super().__init__(attrs, choices)
        self.options_key = options_key

    def render(
        self, name: str, value: Any, attrs: Any = None, renderer: Any = None
    ) -> SafeString:
        final = self.build_attrs(self.attrs, attrs)
        final["name"] = name
        chosen = frozenset(str(v) for v in self.format_value(value))
        if self.options_key is None:
            options = self._render_options(chosen)
        else:
            key = (name.rsplit("-", 1)[-1], self.options_key(), chosen)
            options = self._options.get(key)
            if options is None:
                options = self._options[key] = self._render_options(chosen)
        return mark_safe(f"<select{flatatt(final)}>{options}</select>")

    def _render_options(self, chosen: frozenset[str]) -> str:
        def option(code: Any, label: Any) -> str:
            code = "" if code is None else str(code)
            selected = " selected" if code in chosen else ""
            return f'<option value="{escape(code)}"{selected}>{escape(str(label))}</option>'

        parts = []
        for code, label in self.choices:
            if isinstance(label, (list, tuple)):
                parts.append(f'<optgroup label="{escape(str(code))}">')
                parts.extend(option(c, lab) for c, lab in label)
                parts.append("</optgroup>")
            else:
                parts.append(option(code, label))
        return "".join(parts)


class FastInputMixin:
    """An ``<input>`` (number, hidden) without the widget templates."""

    input_type: str

    def render(
        self, name: str, value: Any, attrs: Any = None, renderer: Any = None
    ) -> SafeString:
        final = self.build_attrs(self.attrs, attrs)  # type: ignore[attr-defined]
        shown = self.format_value(value)  # type: ignore[attr-defined]
        value_attr = "" if shown is None else f' value="{conditional_escape(shown)}"'
        return mark_safe(
            f'<input type="{self.input_type}" name="{conditional_escape(name)}"'
            f"{value_attr}{flatatt(final)}>"
        )


class FastNumberInput(FastInputMixin, forms.NumberInput):
    pass


class FastHiddenInput(FastInputMixin, forms.HiddenInput):
    pass
