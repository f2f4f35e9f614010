"""The shape of the code: dependencies follow the data.

The shared core (``tarokk_admin/core``) imports no app; ``competitions`` imports the
core; ``scoring`` the two below it; ``trophies`` the three below it; ``stats`` (the
statistics and the live day) the four below it; the wiring (the rest of
``tarokk_admin``) may import everything. The rules engine
(``scoring/engine``) is the pure library beneath everything: it imports no app and no
Django. Every import counts: at module level, inside functions, ``import_module``
and ``__import__`` with a literal name. No circle of files; no satellite module
(``views_cup.py`` beside ``views/``); no module over 450 lines and no function over 80
outside tests and migrations.
"""

from __future__ import annotations

import ast
import fnmatch
import re
import tomllib
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("tarokk_admin", "competitions", "scoring", "trophies", "stats")
# Lower number = lower layer; a module may import its own layer or below.
LAYERS = {
    "engine": 0,
    "core": 1,
    "competitions": 2,
    "scoring": 3,
    "trophies": 4,
    "stats": 5,
    "wiring": 6,
}
LAYER_PACKAGES = {"views", "forms", "services", "selectors", "models", "rules"}
MAX_MODULE_LINES = 450
MAX_FUNCTION_LINES = 80


def _source_files() -> list[Path]:
    return sorted(
        path
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts
    )


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer(module: str) -> str:
    if module.startswith("scoring.engine"):
        return "engine"
    if module == "tarokk_admin.core" or module.startswith("tarokk_admin.core."):
        return "core"
    top = module.split(".")[0]
    return "wiring" if top == "tarokk_admin" else top


def _resolve(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    if not is_package:
        parts = parts[:-1]
    parts = parts[: len(parts) - (node.level - 1)]
    return ".".join([*parts, *([node.module] if node.module else [])])


def imports_of(path: Path, known: frozenset[str]) -> set[str]:
    """Every project module ``path`` imports, wherever the import is written."""
    module = _module(path)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(node, module, path.name == "__init__.py")
            # ``from package import module`` imports that module; ``from module
            # import name`` the module.
            names = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            ]
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            called = getattr(func, "id", None) or getattr(func, "attr", None)
            first = node.args[0]
            if called in ("__import__", "import_module") and isinstance(
                first, ast.Constant
            ):
                names = [str(first.value)]
        for name in names:
            # The deepest project module the name denotes (a module, not a symbol).
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module:
                found.add(name)
    return found


@cache
def graph() -> dict[str, set[str]]:
    files = _source_files()
    known = frozenset(_module(path) for path in files)
    return {_module(path): imports_of(path, known) for path in files}


def test_the_engine_imports_neither_django_nor_the_apps():
    for path in (ROOT / "scoring" / "engine").rglob("*.py"):
        text = path.read_text()
        assert not re.search(r"^\s*(from|import) django", text, re.M), path
        for module in imports_of(path, frozenset(graph())):
            assert layer(module) == "engine", f"{_module(path)} imports {module}"


def pure_paths() -> list[Path]:
    """The files of the Makefile's ``PURE`` (checked with strict mypy)."""
    line = re.search(r"^PURE := (.*)$", (ROOT / "Makefile").read_text(), re.M)
    assert line, "the Makefile names the pure modules in PURE"
    paths: list[Path] = []
    for entry in line.group(1).split():
        target = ROOT / entry
        paths += sorted(target.rglob("*.py")) if target.is_dir() else [target]
    return paths


def impurities(path: Path, pure: frozenset[str]) -> list[str]:
    """What makes ``path`` impure: a Django import, or a project module outside the
    engine and the pure modules (wherever the import is written)."""
    wrong = []
    for node in ast.walk(ast.parse(path.read_text())):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        wrong += [name for name in names if name.split(".")[0] == "django"]
    for module in imports_of(path, frozenset(graph()) | pure):
        if layer(module) != "engine" and module not in pure:
            wrong.append(module)
    return wrong


def test_every_strictly_typed_module_is_pure():
    """Each module of ``PURE`` (strict mypy, ``make test``) imports no Django and no
    app, only the engine and other pure modules; and ``PURE`` is exactly what
    pyproject.toml types strictly."""
    paths = pure_paths()
    pure = frozenset(_module(path) for path in paths)
    assert {
        path: impurities(path, pure) for path in paths if impurities(path, pure)
    } == {}

    def typed(module: str, pattern: str) -> bool:  # mypy's "a.b.*" also names a.b
        return fnmatch.fnmatch(module, pattern) or f"{module}.*" == pattern

    strict = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    patterns = next(o["module"] for o in strict["overrides"] if o.get("strict"))
    assert (
        sorted(
            module
            for module in pure
            if not any(typed(module, pattern) for pattern in patterns)
        )
        == []
    )
    for pattern in patterns:
        assert any(typed(module, pattern) for module in pure), pattern


def test_the_purity_check_sees_django_and_an_app(tmp_path, monkeypatch):
    """The check above can fail: a module importing Django or an app is impure."""
    package = tmp_path / "competitions" / "rules"
    package.mkdir(parents=True)
    (package / "a.py").write_text(
        "from django.db import models\nfrom competitions import models as m\n"
    )
    (tmp_path / "competitions" / "models.py").write_text("")
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    found = impurities(package / "a.py", frozenset({"competitions.rules.a"}))
    assert found == ["django.db", "competitions.models"]


def test_apps_import_only_in_the_direction_of_the_data():
    wrong = [
        f"{module} ({layer(module)}) imports {target} ({layer(target)})"
        for module, targets in graph().items()
        for target in targets
        if LAYERS[layer(target)] > LAYERS[layer(module)]
    ]
    assert wrong == []


def _cycle() -> list[str] | None:
    edges = graph()
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(edges.get(node, ())):
            if state.get(target) == 1:
                return [*stack[stack.index(target) :], target]
            if target not in state and (found := visit(target)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_no_circle_of_files():
    cycle = _cycle()
    assert cycle is None, " -> ".join(cycle or [])


def test_the_shape_test_sees_a_circle_and_an_upward_import(tmp_path, monkeypatch):
    """The checks above can fail: fed a circle and an upward import, they say so."""
    package = tmp_path / "competitions"
    package.mkdir()
    (package / "a.py").write_text("def f():\n    from competitions import b\n")
    (package / "b.py").write_text("import competitions.a\nimport trophies.x\n")
    (tmp_path / "trophies").mkdir()
    (tmp_path / "trophies" / "x.py").write_text("")
    known = frozenset({"competitions.a", "competitions.b", "trophies.x"})
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    assert imports_of(package / "a.py", known) == {"competitions.b"}
    assert imports_of(package / "b.py", known) == {"competitions.a", "trophies.x"}
    assert LAYERS[layer("trophies.x")] > LAYERS[layer("competitions.b")]


def test_no_satellite_module_beside_a_layer_package():
    satellites = [
        str(path.relative_to(ROOT))
        for path in _source_files()
        if (prefix := path.stem.split("_")[0]) in LAYER_PACKAGES
        and path.stem != prefix
        and path.parent.name not in LAYER_PACKAGES | {"officials"}
        and (path.parent / prefix).is_dir()
    ]
    assert satellites == []


@pytest.mark.parametrize(
    "path", _source_files(), ids=lambda p: str(p.relative_to(ROOT))
)
def test_modules_and_functions_stay_readable_in_one_sitting(path):
    lines = path.read_text().splitlines()
    assert len(lines) <= MAX_MODULE_LINES, f"{len(lines)} lines"
    long = [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for node in ast.walk(ast.parse("\n".join(lines)))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES
    ]
    assert long == []


def test_static_files_live_in_one_tree():
    """Every stylesheet, script and image is under the project's ``static/`` (one
    tree, one place to look): no app keeps a ``static/`` folder of its own."""
    own = sorted(
        str(path.relative_to(ROOT))
        for package in PACKAGES
        for path in (ROOT / package).rglob("static")
        if path.is_dir()
    )
    assert own == []
    assert (ROOT / "static" / "stats" / "live.js").is_file()
