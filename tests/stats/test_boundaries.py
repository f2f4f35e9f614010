"""The statistics and live pages carry no inline script and no event
handler attribute, so they run under a Content-Security-Policy without
'unsafe-inline'. (Where the app sits, above trophies and beneath the wiring, is
pinned by tests/test_layout.py.)"""

from __future__ import annotations

import re

import pytest

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
