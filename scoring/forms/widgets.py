"""Widgets rendered in Python: the hand form has one feast list of 65 options and a
contra list per announcement row, number fields and hidden fields, and Django's
template per widget, per attribute and per option made those most of the page's
server time. Same markup as Django's."""

from __future__ import annotations

from typing import Any

from django import forms
from django.forms.utils import flatatt
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe


class FastSelect(forms.Select):
    def render(
        self, name: str, value: Any, attrs: Any = None, renderer: Any = None
    ) -> SafeString:
        final = self.build_attrs(self.attrs, attrs)
        final["name"] = name
        chosen = {str(v) for v in self.format_value(value)}
        parts = [f"<select{flatatt(final)}>"]

        def option(code: Any, label: Any) -> str:
            code = "" if code is None else str(code)
            selected = " selected" if code in chosen else ""
            return (
                f'<option value="{conditional_escape(code)}"{selected}>'
                f"{conditional_escape(str(label))}</option>"
            )

        for code, label in self.choices:
            if isinstance(label, (list, tuple)):
                parts.append(f'<optgroup label="{conditional_escape(str(code))}">')
                parts.extend(option(c, lab) for c, lab in label)
                parts.append("</optgroup>")
            else:
                parts.append(option(code, label))
        parts.append("</select>")
        return mark_safe("".join(parts))


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
