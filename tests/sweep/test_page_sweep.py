"""The page sweep in headless Chromium (``tests/sweep/sweeper.py``): every address
pattern of the URLconf that shows a page or a file (``routes.SWEPT``), filled with
the demo federation's ids, as each role that may see it (a visitor, a player, a
captain, a referee, the jury, an official), in Hungarian and in English, at a
phone's (390×844) and a desktop's (1366×768) size.

No console error, no failed request, every answer 200; no English on a Hungarian
page (the catalogue's strings, English words, and text the same in both
renderings that is not a name); nothing a machine reads written the Hungarian way
(SVG geometry, the values of date, time and number inputs, ``data-*``); selects of
names in the Hungarian order; nothing wider than the phone. One seeded database,
one browser context per role, language and size; every problem is reported at once.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from tests.sweep.demo import DemoIds, demo_names, demo_seed
from tests.sweep.sweeper import Sweeper

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]


def test_every_page_as_every_role_in_both_languages_at_both_sizes(live_server, browser):
    demo_seed()
    sessions: dict[str, str] = {}

    def sign_in(context, role: str) -> None:
        if role not in sessions:
            client = Client()
            client.force_login(get_user_model().objects.get(username=role))
            sessions[role] = client.cookies[settings.SESSION_COOKIE_NAME].value
        context.add_cookies(
            [
                {
                    "name": settings.SESSION_COOKIE_NAME,
                    "value": sessions[role],
                    "url": live_server.url,
                }
            ]
        )

    sweeper = Sweeper(browser, live_server.url, DemoIds.read(), demo_names(), sign_in)
    problems = sweeper.run()
    assert sweeper.pages > 400, f"only {sweeper.pages} pages and files were swept"
    assert not problems, (
        f"The sweep of {sweeper.pages} pages and files found:\n{problems.report()}"
    )
