"""Every refusal has a stable code and a translated message from its app's one
table (``<app>/errors.py``, a :class:`tarokk_admin.core.errors.ErrorTable`).

Read from the code: no module makes a ``ServiceError`` by hand; every
``ERRORS.refuse("code")`` / ``ERRORS.error("code")`` names a code its app's table
declares; every declared code is used; every message reads in Hungarian.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest
from django.utils import translation

from tarokk_admin.core.errors import ErrorTable, ServiceBug, ServiceError

ROOT = Path(__file__).resolve().parent.parent
APPS = ("competitions", "scoring", "stats", "trophies", "tarokk_admin")
ERRORS_MODULE = "errors"
# The one place that defines the exception and makes it from a table.
MAKER = ROOT / "tarokk_admin" / "core" / "errors.py"


def _sources() -> list[Path]:
    found = []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts or path == MAKER:
                continue
            found.append(path)
    return found


def _tables() -> dict[str, ErrorTable]:
    tables = {}
    for app in APPS:
        if (ROOT / app / f"{ERRORS_MODULE}.py").exists():
            module = importlib.import_module(f"{app}.{ERRORS_MODULE}")
            tables[app] = module.ERRORS
    return tables


def _calls(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            yield node


def test_no_module_makes_a_service_error_by_hand():
    by_hand = []
    for path in _sources():
        for call in _calls(ast.parse(path.read_text())):
            name = getattr(call.func, "id", None) or getattr(call.func, "attr", None)
            if name == "ServiceError":
                by_hand.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert by_hand == [], (
        "A refusal is raised from its app's table (ERRORS.refuse / ERRORS.error), "
        f"never made by hand: {by_hand}"
    )


def test_every_code_raised_is_declared_in_its_apps_table_and_every_declared_code_is_used():
    tables = _tables()
    used: dict[str, set[str]] = {app: set() for app in tables}
    unknown = []
    for path in _sources():
        app = path.relative_to(ROOT).parts[0]
        for call in _calls(ast.parse(path.read_text())):
            func = call.func
            if not (
                isinstance(func, ast.Attribute)
                and func.attr in {"refuse", "error", "message"}
                and isinstance(func.value, ast.Name)
                and func.value.id == "ERRORS"
            ):
                continue
            first = call.args[0] if call.args else None
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                continue  # a code chosen at run time: checked by the table itself
            where = f"{path.relative_to(ROOT)}:{call.lineno}"
            if app not in tables or first.value not in tables[app]:
                unknown.append(f"{where} {first.value!r}")
            else:
                used[app].add(first.value)
    assert unknown == [], f"codes raised that their app's table lacks: {unknown}"
    unused = {
        app: sorted(set(table.messages) - used[app])
        for app, table in tables.items()
        if set(table.messages) - used[app]
    }
    assert unused == {}, f"declared codes nothing raises: {unused}"


def test_every_call_gives_exactly_the_values_its_sentence_names():
    """A value the sentence names but the call leaves out would be a KeyError when
    the user makes that mistake; one given and not named is a slip."""
    tables = _tables()
    wrong = []
    for path in _sources():
        app = path.relative_to(ROOT).parts[0]
        for call in _calls(ast.parse(path.read_text())):
            func = call.func
            first = call.args[0] if call.args else None
            if not (
                isinstance(func, ast.Attribute)
                and func.attr in {"refuse", "error", "message"}
                and isinstance(func.value, ast.Name)
                and func.value.id == "ERRORS"
                and isinstance(first, ast.Constant)
                and app in tables
                and first.value in tables[app]
            ):
                continue
            if any(keyword.arg is None for keyword in call.keywords):
                continue  # ** values: checked where they are gathered
            given = {keyword.arg for keyword in call.keywords} - {"field"}
            with translation.override("en"):
                named = set(
                    re.findall(r"%\((\w+)\)", str(tables[app].messages[first.value]))
                )
            if given != named:
                where = f"{path.relative_to(ROOT)}:{call.lineno}"
                wrong.append(
                    f"{where} {first.value}: gives {sorted(given)}, names {sorted(named)}"
                )
    assert wrong == []


@pytest.mark.parametrize("app", sorted(_tables()))
def test_every_message_of_the_table_reads_in_hungarian(app):
    table = _tables()[app]
    untranslated = []
    for code, message in table.messages.items():
        with translation.override("en"):
            english = str(message)
        with translation.override("hu"):
            hungarian = str(message)
        if english == hungarian:
            untranslated.append(code)
    assert untranslated == []


def test_a_table_makes_the_error_with_its_code_field_and_values():
    from django.utils.translation import gettext_lazy

    table = ErrorTable("x", {"too_late": gettext_lazy("%(date)s is in the future.")})
    error = table.error("too_late", field="date", date="2026-12-05")
    assert isinstance(error, ServiceError)
    assert (error.code, error.field, error.message) == (
        "too_late",
        "date",
        "2026-12-05 is in the future.",
    )
    with pytest.raises(ServiceError) as raised:
        table.refuse("too_late", date="x")
    assert raised.value.code == "too_late"
    # An unknown code is the programmer's mistake, not the user's.
    with pytest.raises(ServiceBug):
        table.refuse("no_such_code")
    with pytest.raises(ServiceBug):
        ErrorTable("x", {"Not-Snake": "…"})
