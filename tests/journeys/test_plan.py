"""The journey's plan is a match the engine accepts, as planned (without a browser):
every hand valid, 0–5 announcements each, the deliberate mistakes refused."""

from __future__ import annotations

import copy

from scoring.engine import score_hand_record
from tests.journeys.plan import HANDS, expected_record


def test_every_planned_hand_is_valid_and_each_mistake_is_refused_R5_R7():
    for number, plan in enumerate(HANDS, start=1):
        record = expected_record(plan)
        assert score_hand_record(record)["valid"], number
        assert 0 <= len(record["announcements"]) <= 5
        wrong = copy.deepcopy(record)
        if plan.mistake == "trumps":
            wrong["attack"]["trumps"] = 20
        elif plan.mistake == "outcome":
            del wrong["announcements"][0]["made"]
        elif plan.mistake == "silent":
            wrong["silent"] = {"attack": ["lie_in_wait"], "defence": []}
        else:
            continue
        assert not score_hand_record(wrong)["valid"], number
    assert {plan.mistake for plan in HANDS} == {"", "trumps", "outcome", "silent"}
