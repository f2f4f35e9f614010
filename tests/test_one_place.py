"""One rule, one place (issue 21): the helpers and rules written once stay written
once. An AST scan of the project's source (tests and migrations left out; the
seeds in ``bench/`` included) fails on a second definition outside its home:

- ``HISTORY_REASON_MAX`` and the marks of a history row (``_history_user``,
  ``_change_reason``): ``tarokk_admin/core/history.py`` (``history_mark``);
- the check for an official in a service (``def _official…``) and the officials'
  page decorator (``official_only``): ``tarokk_admin/core/roles.py``;
- "run the service, put its refusal on the form" (``service_run``):
  ``tarokk_admin/core/forms.py``;
- R15's "needs a jury approval" and "publicly visible" as queries (a ``Q`` on
  ``public``, the annual meeting in an ``F``), and the approval rule in words:
  ``competitions/selectors/matches.py``;
- R3's attacking side (``hand_sides``): ``scoring/engine/sides.py``;
- the options of a posted hand's save: ``scoring/views/submit.py``;
- each notice kind (its recipients, words and settings label):
  ``competitions/notices/kinds.py``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("tarokk_admin", "competitions", "scoring", "trophies", "stats", "bench")

HISTORY = "tarokk_admin/core/history.py"
ROLES = "tarokk_admin/core/roles.py"
FORMS = "tarokk_admin/core/forms.py"
MATCHES = "competitions/selectors/matches.py"
SIDES = "scoring/engine/sides.py"
SUBMIT = "scoring/views/submit.py"
NOTICE_KINDS = "competitions/notices/kinds.py"


def _sources() -> Iterator[tuple[str, ast.AST]]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            name = path.relative_to(ROOT).as_posix()
            yield name, ast.parse(path.read_text(), filename=name)


def _defined(tree: ast.AST) -> Iterator[tuple[str, int]]:
    """Names a module defines: functions, classes and assigned names (any depth)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node.name, node.lineno
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    yield target.id, node.lineno


def _attributes_set(tree: ast.AST) -> Iterator[tuple[str, int]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Attribute):
                    yield target.attr, node.lineno


def _called(node: ast.Call) -> str:
    return getattr(node.func, "id", None) or getattr(node.func, "attr", "") or ""


HOMES = {  # a name defined only in its home
    "HISTORY_REASON_MAX": HISTORY,
    "history_mark": HISTORY,
    "official_check": ROLES,
    "official_only": ROLES,
    "service_run": FORMS,
    "needs_jury_approval_q": MATCHES,
    "match_needs_jury_approval": MATCHES,
    "publicly_visible_q": MATCHES,
    "match_publicly_visible": MATCHES,
    "publicly_visible": MATCHES,
    "hand_sides": SIDES,
    "save_options": SUBMIT,
    "NOTICE_KINDS": NOTICE_KINDS,
    "NoticeKindSpec": NOTICE_KINDS,
    "best_trophies": "competitions/services/results.py",
}


def test_each_helper_and_rule_is_defined_once_in_its_home():
    copies = [
        f"{name}:{line} defines {defined} (its home is {HOMES[defined]})"
        for name, tree in _sources()
        for defined, line in _defined(tree)
        if defined in HOMES and name != HOMES[defined]
    ]
    copies += [
        f"{name}:{line} defines {defined} (use official_check in tarokk_admin/core/roles.py)"
        for name, tree in _sources()
        for defined, line in _defined(tree)
        if defined.startswith("_official") and name != ROLES
    ]
    copies += [
        f"{name}:{node.lineno} role_required(is_official, …) (use official_only)"
        for name, tree in _sources()
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and _called(node) == "role_required"
        and node.args
        and getattr(node.args[0], "id", None) == "is_official"
        and name != ROLES
    ]
    assert copies == []


def test_history_rows_are_marked_only_by_history_mark():
    """Who and why of a history row: ``history_mark`` (the reason cut to the
    column's length), never ``obj._change_reason = …`` in a service."""
    marks = [
        f"{name}:{line} sets {attr}"
        for name, tree in _sources()
        for attr, line in _attributes_set(tree)
        if attr in ("_history_user", "_change_reason") and name != HISTORY
    ]
    assert marks == []


def test_r15_visibility_and_approval_queries_are_written_once():
    """A ``Q`` on a match's ``public`` flag or an ``F`` of the annual meeting is R15
    written again: use ``needs_jury_approval_q`` / ``publicly_visible_q``."""
    copies = []
    for name, tree in _sources():
        if name == MATCHES:
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            called = _called(node)
            if called == "Q" and any(
                (kw.arg or "").split("__")[-1] == "public" for kw in node.keywords
            ):
                copies.append(f"{name}:{node.lineno} Q(…public…)")
            if called == "F" and any(
                isinstance(arg, ast.Constant) and "annual_meeting" in str(arg.value)
                for arg in node.args
            ):
                copies.append(f"{name}:{node.lineno} F(…annual_meeting)")
    assert copies == []


def test_the_dead_code_stays_gone():
    assert not (ROOT / "templates" / "forbidden.html").exists()
    names = {defined for _name, tree in _sources() for defined, _line in _defined(tree)}
    assert not {"index_lt", "statistics_mark", "hand_delete"} & names


def test_notice_kinds_are_declared_only_in_their_declaration():
    """Who gets a notice kind and in which words is declared once, in
    ``competitions/notices/kinds.py``: a dict or a set keyed by ``NoticeKind.X``
    elsewhere is one more table of the kinds that nothing checks."""
    tables = []
    for name, tree in _sources():
        for node in ast.walk(tree):
            members = (
                node.keys
                if isinstance(node, ast.Dict)
                else node.elts
                if isinstance(node, ast.Set)
                else []
            )
            if any(
                isinstance(member, ast.Attribute)
                and getattr(member.value, "id", None) == "NoticeKind"
                for member in members
            ):
                tables.append(f"{name}:{node.lineno}")
    assert tables == []


def test_r15_approval_words_are_not_written_in_templates():
    """The halves of R15's approval rule in words live beside the rule
    (``JURY_APPROVAL_RULE``, ``jury_approval_why`` in
    ``competitions/selectors/matches.py``); a template shows them, never writes them."""
    copies = [
        path.relative_to(ROOT).as_posix()
        for path in sorted((ROOT / "templates").rglob("*.html"))
        if "before the annual meeting" in path.read_text()
    ]
    assert copies == []


def test_no_app_borrows_another_apps_private_helper():
    """A helper another app needs is a public, documented function of its home
    (``competitions.services.results.best_trophies`` for the bulk import), never a
    ``_name`` imported across apps, where a change to it breaks a caller unseen."""
    borrowed = []
    for name, tree in _sources():
        app = name.split("/")[0]
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or node.level:
                continue
            source_app = (node.module or "").split(".")[0]
            if source_app not in PACKAGES or source_app == app:
                continue
            borrowed += [
                f"{name}:{node.lineno} imports {node.module}.{alias.name}"
                for alias in node.names
                if alias.name.startswith("_") and alias.name != "_"
            ]
    assert borrowed == []
