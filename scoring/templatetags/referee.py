"""Template helpers of the score-sheet form: a field with its label and error slot,
errors on their field, feast parameters.

What a field, a row or the announcer shows is worked out here (which choices are
ticked, which errors are this field's, which parameters the row's feast takes); the
markup is in the macros of ``templates/jinja2/scoring/sheet.jinja``, the one the
page's CSS, the scripts and the tests know (``sheet-field``, ``toggle-group``,
``err-<name>`` slots). They are Jinja2's (``scoring/jinja.py`` says why): a row has a
dozen fields, and Django's engine made the form's server time grow by about a third.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.template import engines
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.engine.catalogue import FEASTS, SuitParam

register = template.Library()

GROUPS = ("radioselect", "checkboxselectmultiple")


def _macro(name: str, *args: Any) -> SafeString:
    """One macro of the score sheet's partials, called with ``args``."""
    sheet = engines["sheet"].env.get_template("scoring/sheet.jinja")  # type: ignore[attr-defined]
    return mark_safe(getattr(sheet.module, name)(*args))


def _errors(placed: Any, field: Any, oob: bool = False) -> dict[str, Any]:
    """A field's error slot: Django's own errors and the engine's errors whose path
    concerns this field. ``oob`` for htmx out-of-band swaps of the preview."""
    name = field.html_name
    engine = placed.fields.get(name, []) if placed else []
    # Django's own errors are in ``placed`` too once the hand is judged.
    own = [] if oob else [e for e in field.errors if e not in engine]
    return {"name": name, "messages": own + engine, "oob": oob}


def error_slot(placed: Any, field: Any, oob: bool = False) -> SafeString:
    return _macro("errors", _errors(placed, field, oob))


@register.simple_tag
def field_errors(placed: Any, field: Any, oob: bool = False) -> SafeString:
    return error_slot(placed, field, oob)


def _choices(field: Any) -> list[dict[str, Any]]:
    """A radio or checkbox group's buttons: each choice, and whether it is ticked."""
    kind = "radio" if field.widget_type == "radioselect" else "checkbox"
    value = field.value()
    chosen = {str(v) for v in (value if isinstance(value, list | tuple) else [value])}
    chosen.discard("None")
    name = field.html_name
    return [
        {
            "id": f"{field.auto_id}_{i}",
            "name": name,
            "kind": kind,
            "code": str(code),
            "label": label,
            "checked": str(code) in chosen,
        }
        for i, (code, label) in enumerate(field.field.choices)
    ]


def _field(
    placed: Any, field: Any, param: str = "", hidden: Any = False, extra_class: str = ""
) -> dict[str, Any]:
    """What a field of the score sheet shows: its classes, its input or its toggle
    buttons, its error slot."""
    wt = field.widget_type
    group = wt in GROUPS
    return {
        "field": field,
        "css": f"sheet-field sheet-field-{wt}"
        + (f" {extra_class}" if extra_class else ""),
        "hidden": bool(hidden),
        "param": param,
        "choices": _choices(field) if group else None,
        "widget": None if group else field.as_widget(),
        "errors": _errors(placed, field),
        "card": field.name.startswith("card"),
    }


@register.simple_tag
def sheet_field(
    placed: Any, field: Any, param: str = "", hidden: Any = False, extra_class: str = ""
) -> SafeString:
    """A field of the score sheet: label (or legend), input, help text, error slot."""
    return _macro("field", _field(placed, field, param, hidden, extra_class))


def _taken(form: Any, p: dict[str, Any]) -> list[Any]:
    """The parameter fields the row's feast takes (R12): its declared cards, suits
    and count."""
    taken = form.card_fields()[: p["cards"]] + form.suit_fields()[: p["suits"]]
    return [*taken, form["count"]] if p["count"] else taken


def _slots(placed: Any, form: Any, p: dict[str, Any]) -> list[dict[str, Any]]:
    return [_field(placed, field, param=field.name) for field in _taken(form, p)]


def _words() -> dict[str, str]:
    """The row's words, translated here so that the catalogue keeps them."""
    return {
        "remove": _("Remove"),
        "this_announcement": _("this announcement"),
        "announcement": _("Announcement"),
        "message_note": _("A message is always made and cannot be contra'd (R6)."),
    }


@register.simple_tag
def announcement_row(placed: Any, form: Any, sides: Any, number: int) -> SafeString:
    """One announcement row (R6, R8, R12): the feast, the announcer, the parameters
    the feast takes, the outcome and the contra (neither for a message)."""
    p = feast_params(form)
    feast = form["feast"]
    announcer = form["announcer"]
    teams = [getattr(sides.get(side), "name", "") for side in ("attack", "defence")]
    row = {
        "prefix": form.prefix,
        "number": number or "",
        "deleted": bool(getattr(form, "cleaned_data", {}).get("DELETE")),
        "delete": form["DELETE"].as_widget() if "DELETE" in form.fields else None,
        "feast": feast,
        "feast_widget": feast.as_widget(),
        "feast_errors": _errors(placed, feast),
        "announcer": {
            "field": announcer,
            "teams": [teams[0] or _("Attack"), teams[1] or _("Defence")],
            "choices": _choices(announcer),
            "errors": _errors(placed, announcer),
        },
        "slots": _slots(placed, form, p),
        "made": _field(placed, form["made"], param="made", hidden=p["message"]),
        "contra": _field(
            placed, form["contra"], param="contra", hidden=not p["contra"]
        ),
        "message": p["message"],
        "errors": form.non_field_errors(),
    }
    return _macro("row", row, _words())


_PARAMS_TEMPLATE: dict[str, SafeString] = {}


@register.simple_tag
def announcement_params(formset: Any) -> SafeString:
    """Every parameter field of a row (R12), blank, for referee.js to copy into a row
    whose feast takes it (``__prefix__`` becomes the row's prefix). The same for
    every page in a language: built once."""
    language = get_language() or ""
    if language not in _PARAMS_TEMPLATE:
        form = formset.empty_form
        every = {"cards": len(form.card_fields()), "suits": len(form.suit_fields())}
        _PARAMS_TEMPLATE[language] = _macro(
            "params", _slots(None, form, {**every, "count": True})
        )
    return _PARAMS_TEMPLATE[language]


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
def row_fields(form: Any) -> list[Any]:
    """The fields an announcement row shows: the parameters its feast takes (R12),
    not the others (the page does not have them), nor the remove flag."""
    params = {f.name for f in form.card_fields() + form.suit_fields()} | {"count"}
    taken = {field.name for field in _taken(form, feast_params(form))}
    return [
        field
        for field in form.visible_fields()
        if field.name != "DELETE" and (field.name in taken or field.name not in params)
    ]


@register.filter
def lookup(mapping: Any, key: Any) -> Any:
    return mapping.get(key) if mapping else None
