"""The trophies of the catalogue (R9, R13) as the pages show them: names, values and
the trophy classes the pickers group them by."""

from __future__ import annotations

from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from scoring.engine import feast_name
from scoring.engine.catalogue import FEASTS, TROPHIES

TROPHY_CLASSES: tuple[tuple[str, Any], ...] = (
    ("little", _("Little trophies")),
    ("trophy", _("Trophies")),
    ("greater", _("Greater trophies")),
    ("super", _("Super trophies")),
    ("multi", _("Multi trophies")),
    ("ultra", _("Ultra trophies")),
    ("royal", _("Royal trophy")),
)


def _trophy_label(code: str) -> str:
    return f"{feast_name(code)} ({FEASTS[code].value})"


def trophy_choices(empty: Any = None) -> list[tuple[Any, Any]]:
    """Trophies grouped by class, in catalogue order, each with its value."""
    choices: list[tuple[Any, Any]] = []
    if empty is not None:
        choices.append(("", empty))
    for klass, label in TROPHY_CLASSES:
        group = [
            (code, lazy(_trophy_label, str)(code))
            for code in TROPHIES
            if FEASTS[code].trophy_class == klass
        ]
        choices.append((label, group))
    return choices
