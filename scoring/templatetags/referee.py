"""Template helpers of the score-sheet form: a field with its label and error slot,
errors on their field, feast parameters.

The fields are rendered here in Python rather than through a template per field and
per choice: an announcement row has a dozen fields, and the template path made the
form's server time grow by ~10 ms a row. The markup is the one the page's CSS, the
scripts and the tests know (``sheet-field``, ``toggle-group``, ``err-<name>`` slots).
"""

from __future__ import annotations

from html import escape
from typing import Any

from django import template
from django.forms.utils import flatatt
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.engine.catalogue import FEASTS, SuitParam

register = template.Library()

GROUPS = ("radioselect", "checkboxselectmultiple")


def error_slot(placed: Any, field: Any, oob: bool = False) -> SafeString:
    """The error slot of a field: Django's own errors and the engine's errors whose
    path concerns this field. ``oob`` for htmx out-of-band swaps of the preview."""
    name = field.html_name
    engine = placed.fields.get(name, []) if placed else []
    # Django's own errors are in ``placed`` too once the hand is judged.
    own = [] if oob else [e for e in field.errors if e not in engine]
    body = "".join(
        format_html(
            '<div class="field-error"><span aria-hidden="true">⚠</span> {}</div>', m
        )
        for m in own + engine
    )
    swap = ' hx-swap-oob="true"' if oob else ""
    return mark_safe(
        f'<div class="field-errors" id="err-{conditional_escape(name)}"{swap}'
        f' aria-live="polite">{body}</div>'
    )


@register.simple_tag
def field_errors(placed: Any, field: Any, oob: bool = False) -> SafeString:
    return error_slot(placed, field, oob)


def choice_inputs(field: Any) -> str:
    """A radio or checkbox group as toggle buttons (``btn-check`` + label)."""
    kind = "radio" if field.widget_type == "radioselect" else "checkbox"
    value = field.value()
    chosen = {str(v) for v in (value if isinstance(value, list | tuple) else [value])}
    chosen.discard("None")
    name = escape(field.html_name)
    parts = []
    for i, (code, label) in enumerate(field.field.choices):
        code = str(code)
        ident = escape(f"{field.auto_id}_{i}")
        checked = " checked" if code in chosen else ""
        parts.append(
            f'<input class="btn-check" id="{ident}" name="{name}" type="{kind}" '
            f'value="{escape(code)}"{checked}><label class="btn '
            f'btn-outline-secondary toggle" for="{ident}">{conditional_escape(label)}'
            "</label>"
        )
    return "".join(parts)


@register.simple_tag
def sheet_field(
    placed: Any, field: Any, param: str = "", hidden: Any = False, extra_class: str = ""
) -> SafeString:
    """A field of the score sheet: label (or legend), input, help text, error slot."""
    wt = field.widget_type
    css = f"sheet-field sheet-field-{wt}" + (f" {extra_class}" if extra_class else "")
    attrs = {"class": css, "hidden": bool(hidden), "data-param": param or None}
    if wt in GROUPS:
        body = format_html(
            '<fieldset aria-describedby="err-{}"><legend class="form-label">{}'
            '</legend><div class="toggle-group">{}</div></fieldset>',
            field.html_name,
            field.label,
            mark_safe(choice_inputs(field)),
        )
    else:
        body = format_html(
            '<label class="form-label" for="{}">{}</label>{}',
            field.id_for_label,
            field.label,
            field.as_widget(),
        )
    help_text = (
        format_html('<div class="form-text">{}</div>', field.help_text)
        if field.help_text
        else ""
    )
    return format_html(
        "<div{}>{}{}{}</div>",
        flatatt({k: v for k, v in attrs.items() if v not in (None, False)}),
        body,
        help_text,
        error_slot(placed, field),
    )


@register.simple_tag
def announcer_field(placed: Any, field: Any, sides: Any) -> SafeString:
    """The announcer: the four players' buttons in two rows, each under its team's
    name (``attack:driver``, ``attack:catcher``, then the defence's)."""
    buttons = choice_inputs(field).split("<input")[1:]
    teams = [getattr(sides.get(s), "name", "") for s in ("attack", "defence")]
    rows = []
    for i, team in enumerate(teams):
        pair = "".join("<input" + b for b in buttons[2 * i : 2 * i + 2])
        rows.append(
            format_html(
                '<span class="announcer-team small">{}</span>{}',
                team or (_("Attack"), _("Defence"))[i],
                mark_safe(pair),
            )
        )
    return format_html(
        '<div class="sheet-field sheet-field-radioselect announcer-field">'
        '<fieldset aria-describedby="err-{}"><legend class="form-label">{}</legend>'
        '<div class="announcer-grid">{}</div></fieldset>{}</div>',
        field.html_name,
        field.label,
        mark_safe("".join(rows)),
        error_slot(placed, field),
    )


def _taken(form: Any, p: dict[str, Any]) -> list[Any]:
    """The parameter fields the row's feast takes (R12): its declared cards, suits
    and count."""
    taken = form.card_fields()[: p["cards"]] + form.suit_fields()[: p["suits"]]
    return [*taken, form["count"]] if p["count"] else taken


def _param_slots(placed: Any, form: Any, p: dict[str, Any]) -> str:
    """The parameter fields the row's feast takes (R12), each in its grid column
    (``data-slot``: referee.js adds and removes them when the feast changes)."""
    return "".join(
        f'<div class="{"col-4" if field.name.startswith("card") else "col-6"}" '
        f'data-slot="{field.name}">{sheet_field(placed, field, param=field.name)}</div>'
        for field in _taken(form, p)
    )


@register.simple_tag
def announcement_row(placed: Any, form: Any, sides: Any, number: int) -> SafeString:
    """One announcement row (R6, R8, R12): the feast, the announcer, the parameters
    the feast takes, the outcome and the contra (neither for a message)."""
    p = feast_params(form)
    feast = form["feast"]
    remove = ""
    if "DELETE" in form.fields:
        remove = format_html(
            '{}<button type="submit" name="remove" value="{}" class="btn '
            'btn-outline-danger btn-touch remove-row" data-remove-row>{}<span '
            'class="visually-hidden"> {}</span></button>',
            form["DELETE"].as_widget(),
            form.prefix,
            _("Remove"),
            _("this announcement"),
        )
    deleted = " hidden" if getattr(form, "cleaned_data", {}).get("DELETE") else ""
    note_hidden = "" if p["message"] else " hidden"
    errors = "".join(
        format_html('<div class="field-error">{}</div>', e)
        for e in form.non_field_errors()
    )
    return format_html(
        '<fieldset class="card announcement mb-2" data-row data-prefix="{}"{}>'
        '<div class="card-body"><div class="d-flex justify-content-between '
        'align-items-center mb-1"><legend class="h6 mb-0">{} <span '
        'class="row-number">{}</span></legend>{}</div>'
        '<div class="feast-picker" data-feast-picker><label class="form-label" '
        'for="{}" id="{}-label">{}</label>{}{}</div>{}'
        '<div class="row g-2 params">{}</div><div class="row g-2">'
        '<div class="col-12 col-sm-6">{}</div><div class="col-12 col-sm-6">{}</div>'
        '</div><p class="small text-body-secondary mb-0 message-note" '
        'data-param="message-note"{}>{}</p>{}</div></fieldset>',
        form.prefix,
        mark_safe(deleted),
        _("Announcement"),
        number or "",
        remove,
        feast.id_for_label,
        feast.id_for_label,
        feast.label,
        feast.as_widget(),
        error_slot(placed, feast),
        announcer_field(placed, form["announcer"], sides),
        mark_safe(_param_slots(placed, form, p)),
        sheet_field(placed, form["made"], param="made", hidden=p["message"]),
        sheet_field(placed, form["contra"], param="contra", hidden=not p["contra"]),
        mark_safe(note_hidden),
        _("A message is always made and cannot be contra'd (R6)."),
        mark_safe(errors),
    )


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
        _PARAMS_TEMPLATE[language] = format_html(
            '<template id="announcement-params">{}</template>',
            mark_safe(_param_slots(None, form, {**every, "count": True})),
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
