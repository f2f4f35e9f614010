"""Every stylesheet, script and icon the pages load, declared once, by group.

The templates emit their ``<link>`` and ``<script>`` tags from these groups
(``{% load assets_tags %}{% assets "base" %}``), and the referee's service worker
(``scoring/views/offline.py``) keeps on the device exactly the files of the groups the
referee's pages load (``OFFLINE_GROUPS``), under the names the static files storage
gives them (with their hash in a deployment: ``ManifestStaticFilesStorage``).
A file added to a group is loaded by its pages and kept offline with nothing else to
change; ``tests/tarokk_admin/core/test_assets.py`` checks the pages against the list.

Paths are under ``static/``; the kind of tag follows the file's suffix. Scripts are
``defer``: they run in the order written here, after the page is read.
"""

from __future__ import annotations

from collections.abc import Iterable

# The small scripts of the referee offline, in the order they load
# (static/js/offline/store.js says what each does).
_OFFLINE_SCRIPTS = (
    "store",
    "fields",
    "banner",
    "preview",
    "replay",
    "hand_form",
    "worker",
    "boot",
)

ICON = ("img/favicon.svg",)
STANDINGS = ("css/standings.css",)

GROUPS: dict[str, tuple[str, ...]] = {
    # templates/base.html: every page of the site.
    "base": (
        *ICON,
        "vendor/bootstrap/bootstrap.min.css",
        "css/tarokk.css",
        "vendor/bootstrap/bootstrap.bundle.min.js",
        "vendor/htmx/htmx.min.js",
        "js/site.js",
    ),
    "icon": ICON,
    # The referee's hand form (its feast catalogue, a page of its own per language,
    # comes between the two groups: feast_picker.js reads it).
    "referee": ("css/referee.css",),
    "hand_form": ("js/feast_picker.js", "js/referee.js"),
    # Every referee page (templates/scoring/_offline.html).
    "offline": tuple(f"js/offline/{name}.js" for name in _OFFLINE_SCRIPTS),
    # Public pages.
    "standings": STANDINGS,
    "cup": ("css/cup.css",),
    "free_games": ("css/free_games.css",),
    "free_games_tables": (*STANDINGS, "css/free_games.css"),
    "trophies": ("trophies/trophies.css",),
    "statistics": (*STANDINGS, "stats/statistics.css"),
    "live": (*STANDINGS, "stats/live.css", "stats/live.js"),
    "projector": (*ICON, "stats/live.css", "vendor/htmx/htmx.min.js", "stats/live.js"),
    "sheet": (*ICON, "css/sheet.css"),
}

# The groups the referee's pages (everything under /referee/) load: what the service
# worker keeps on the device.
OFFLINE_GROUPS = ("base", "referee", "hand_form", "offline")


def files(groups: Iterable[str]) -> list[str]:
    """The files of ``groups``, in order, each once (an unknown group is a
    ``KeyError``: a template naming one fails loudly)."""
    seen: dict[str, None] = {}
    for group in groups:
        for path in GROUPS[group]:
            seen.setdefault(path, None)
    return list(seen)


def offline_files() -> list[str]:
    """What the referee's service worker keeps on the device (static paths)."""
    return files(OFFLINE_GROUPS)
