"""Template helpers of the score-sheet form: errors on their field, feast parameters."""

from __future__ import annotations

from typing import Any

from django import template

from scoring.engine.catalogue import FEASTS, SuitParam

register = template.Library()


@register.inclusion_tag("scoring/_errors.html")
def field_errors(placed: Any, field: Any, oob: bool = False) -> dict[str, Any]:
    """The error slot of a field: Django's own errors and the engine's errors whose
    path concerns this field. ``oob`` for htmx out-of-band swaps of the preview."""
    name = field.html_name
    engine = placed.fields.get(name, []) if placed else []
    own = [] if oob else list(field.errors)
    return {"id": f"err-{name}", "messages": own + engine, "oob": oob}


@register.simple_tag
def feast_params(form: Any) -> dict[str, Any]:
    """What the row's chosen feast declares (R12): cards, suits, count; contra (R8)."""
    value = form["feast"].value()
    feast = FEASTS.get(str(value or ""))
    if feast is None:
        return {
            "chosen": False,
            "cards": 0,
            "suits": 0,
            "count": False,
            "contra": True,
            "message": False,
        }
    suits = {SuitParam.NONE: 0, SuitParam.RED_AND_BLACK: 2}.get(feast.suits, 1)
    return {
        "chosen": True,
        "cards": feast.declared_cards,
        "suits": suits,
        "count": feast.has_count,
        "contra": feast.can_contra,
        "message": feast.is_message,
    }


@register.filter
def lookup(mapping: Any, key: Any) -> Any:
    return mapping.get(key) if mapping else None


@register.filter
def index_lt(index: int, limit: int) -> bool:
    return int(index) < int(limit)
