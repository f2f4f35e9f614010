"""Where the statistics sit (issue 16): above trophies (competitions ← scoring ←
trophies ← stats), imported by nothing but the wiring; and their pages carry no
inline script, so they run under a Content-Security-Policy without 'unsafe-inline'."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# The wiring: the URL prefixes, the installed apps, the follow-up of a match.
WIRING = {"tarokk_admin/urls.py", "competitions/tasks.py"}


def _named_call(node: ast.AST) -> bool:
    """``__import__("…")`` or ``include("…")``: an import by name."""
    return (
        isinstance(node, ast.Call)
        and getattr(node.func, "id", "") in ("__import__", "include")
        and bool(node.args)
    )


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif _named_call(node) and isinstance(node.args[0], ast.Constant):
            names.add(str(node.args[0].value))
    return names


def test_nothing_but_the_wiring_imports_the_statistics():
    for app in ("competitions", "scoring", "trophies", "tarokk_admin"):
        for path in (ROOT / app).rglob("*.py"):
            relative = path.relative_to(ROOT).as_posix()
            if "/migrations/" in relative or relative in WIRING:
                continue
            used = {n for n in _imports(path) if n == "stats" or n.startswith("stats.")}
            assert not used, f"{relative} imports {used}: only the wiring may"


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
HANDLER = re.compile(r"\son[a-z]+\s*=", re.I)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    [
        "/statistics/2026/",
        "/statistics/2026/teams/",
        "/statistics/2026/players/",
        "/statistics/2026/teams/{team}/",
        "/statistics/2026/players/{player}/",
        "/live/2026-03-14/",
        "/live/2026-03-14/projector/",
        "/live/2026-03-14/board/",
    ],
)
def test_no_inline_script_and_no_event_handler_attribute(client, kit, url):
    url = url.format(team=kit.teams["K"].pk, player=kit.players["Ákos"].pk)
    html = client.get(url).content.decode()
    assert not INLINE_SCRIPT.findall(html), url
    assert not HANDLER.findall(html), url
