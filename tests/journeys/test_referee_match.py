"""The referee's whole match on a phone in Hungarian against the test server, the
stored hands and result then read back and compared with what was typed and with
what the engine gives (tests/journeys/referee.py has the journey)."""

from __future__ import annotations

import pytest

from tests.journeys.referee import PHONE, referee_journey
from tests.journeys.seeding import journey_match, stored_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_referees_whole_match_on_a_phone_in_hungarian(live_server, browser):
    base = live_server.url
    assert base.startswith("http://localhost:")  # a secure context: the worker runs
    ids = journey_match()
    context = browser.new_context(**PHONE)
    try:
        journey = referee_journey(context, base, ids)
        journey.check_stored(stored_match(ids["match"]))
    finally:
        context.close()
