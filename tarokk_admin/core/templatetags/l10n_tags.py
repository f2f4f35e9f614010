"""``{% load l10n_tags %}``: the two ways of writing a number or a date
(``tarokk_admin.core.l10n``) in templates.

- ``{{ value|machine }}`` for what a machine reads (an attribute, a ``data-*``, an
  address): never localised.
- ``{{ value|human }}``, ``{{ value|human:1 }}`` for what people read: in their
  language, with that many decimals.
"""

from __future__ import annotations

from typing import Any

from django import template

from tarokk_admin.core.l10n import human_number, machine
from tarokk_admin.core.words import shown

register = template.Library()


@register.filter(name="machine", is_safe=True)
def machine_filter(value: Any) -> str:
    return machine(value)


@register.filter(name="human", is_safe=True)
def human_filter(value: Any, decimals: Any = None) -> str:
    if value in (None, ""):
        return ""
    return human_number(value, None if decimals in (None, "") else int(decimals))


@register.filter(name="words")
def words_filter(value: Any) -> str:
    """Words the app wrote into a record, in the reader's language
    (``tarokk_admin.core.words``); text people typed stays as typed."""
    return shown(value)
