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
    language), the options' markup is built once per field name (without the form's
    prefix) and key; each rendering only marks the chosen ones. Whatever is posted,
    the cache holds one entry per list and language."""

    _options: ClassVar[dict[Hashable, list[tuple[str | None, str]]]] = {}

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
        chosen = {str(v) for v in self.format_value(value)}
        if self.options_key is None:
            parts = self._parts()
        else:
            key = ("select", name.rsplit("-", 1)[-1], self.options_key())
            parts = self._options.get(key) or self._options.setdefault(
                key, self._parts()
            )
        options = "".join(
            f"{html} selected>"
            if code in chosen
            else f"{html}>"
            if code is not None
            else html
            for code, html in parts
        )
        return mark_safe(f"<select{flatatt(final)}>{options}</select>")

    def _parts(self) -> list[tuple[str | None, str]]:
        """The options' markup in pieces: ``(code, '<option value="…"')`` for an
        option's opening tag (closed with or without ``selected``), ``(None, text)``
        for the rest."""
        parts: list[tuple[str | None, str]] = []

        def option(code: Any, label: Any) -> None:
            code = "" if code is None else str(code)
            parts.append((code, f'<option value="{escape(code)}"'))
            parts.append((None, f"{escape(str(label))}</option>"))

        for code, label in self.choices:
            if isinstance(label, (list, tuple)):
                parts.append((None, f'<optgroup label="{escape(str(code))}">'))
                for c, lab in label:
                    option(c, lab)
                parts.append((None, "</optgroup>"))
            else:
                option(code, label)
        return parts


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
