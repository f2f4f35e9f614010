"""The engine's shape: modules small enough to read in one sitting, short functions,
and imports between its modules without a circle (each module's imports read from its
source, module level and inside functions)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[3] / "scoring" / "engine"
MODULES = sorted(p.stem for p in ENGINE.glob("*.py"))
MAX_MODULE_LINES = 450
MAX_FUNCTION_LINES = 80


def _tree(module: str) -> ast.Module:
    return ast.parse((ENGINE / f"{module}.py").read_text(encoding="utf-8"))


def _engine_imports(module: str) -> set[str]:
    """The engine modules ``module`` imports (``from . import x``, ``from .x import``,
    ``scoring.engine.x``), wherever the import statement stands."""
    found: set[str] = set()
    for node in ast.walk(_tree(module)):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                names = [node.module] if node.module else [a.name for a in node.names]
            elif (node.module or "").startswith("scoring.engine"):
                rest = (node.module or "").removeprefix("scoring.engine").strip(".")
                names = [rest] if rest else [a.name for a in node.names]
            else:
                continue
            found.update(name.split(".")[0] for name in names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("scoring.engine."):
                    found.add(alias.name.split(".")[2])
    return found & set(MODULES)


def test_imports_inside_the_engine_form_no_circle():
    graph = {module: _engine_imports(module) for module in MODULES}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        if module in done:
            return
        for imported in sorted(graph[module]):
            visit(imported, (*path, module))
        done.add(module)

    for module in MODULES:
        visit(module, ())


@pytest.mark.parametrize("module", MODULES)
def test_module_and_functions_stay_small(module):
    source = (ENGINE / f"{module}.py").read_text(encoding="utf-8")
    assert len(source.splitlines()) <= MAX_MODULE_LINES
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            assert node.end_lineno is not None
            length = node.end_lineno - first + 1
            assert length <= MAX_FUNCTION_LINES, f"{node.name}: {length} lines"
