"""The one declaration of what the pages load (``tarokk_admin/core/assets.py``): the
templates emit their tags from it, and every file it names is there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.template import Context, Template, TemplateSyntaxError

from tarokk_admin.core.assets import GROUPS, OFFLINE_GROUPS, files, offline_files

ROOT = Path(__file__).resolve().parents[3]
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
USED = re.compile(r"""\{% assets ((?:"[^"]+"\s*)+)%\}""")


def used_groups() -> set[str]:
    found: set[str] = set()
    for path in TEMPLATES:
        for names in USED.findall(path.read_text()):
            found |= set(re.findall(r'"([^"]+)"', names))
    return found


@pytest.mark.parametrize("path", sorted({p for g in GROUPS.values() for p in g}))
def test_every_declared_file_is_a_static_file(path):
    assert finders.find(path), path


def test_the_templates_load_our_files_only_through_the_declaration():
    """No template writes a tag for one of our stylesheets, scripts or icons by hand
    (Django admin's own images excepted): a file is added in one place."""
    written = {
        str(path.relative_to(ROOT)): found
        for path in TEMPLATES
        if (
            found := re.findall(
                r"""\{% static ['"](?!admin/)([^'"]+)""", path.read_text()
            )
        )
    }
    assert written == {}


def test_every_group_is_used_and_every_group_used_is_declared():
    assert used_groups() == set(GROUPS)
    assert set(OFFLINE_GROUPS) <= set(GROUPS)


def test_the_tag_writes_each_kind_in_order_and_each_file_once():
    html = Template('{% load assets_tags %}{% assets "base" "icon" %}').render(
        Context()
    )
    assert html.startswith(
        '<link rel="icon" href="/static/img/favicon.svg" type="image/svg+xml">'
        '<link rel="stylesheet" href="/static/vendor/bootstrap/bootstrap.min.css">'
    )
    assert html.endswith('<script src="/static/js/site.js" defer></script>')
    assert html.count("favicon.svg") == 1
    assert files(["base", "icon"]) == list(GROUPS["base"])


def test_an_unknown_group_fails_loudly():
    with pytest.raises((KeyError, TemplateSyntaxError)):
        Template('{% load assets_tags %}{% assets "nope" %}').render(Context())


def test_the_worker_keeps_the_offline_groups_in_loading_order():
    kept = offline_files()
    assert kept[: len(GROUPS["base"])] == list(GROUPS["base"])
    assert kept[-1] == "js/offline/boot.js"
    assert len(kept) == len(set(kept))
