"""The jury refuses on its page; the officials see the refusal on the match's
schedule page and the dashboard; a cup walkover is recorded on the tie's page and
the bracket shows "w/o" without scores (R15)."""

from __future__ import annotations

import datetime as dt

import pytest

from competitions.models import CupTie, JuryRefusal
from tarokk_admin.core.roles import Role
from tests.competitions.kit import drawn_cup, tie_at
from tests.factories import CompetitionFactory, SeasonFactory, UserFactory, ready_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def private():
    season = SeasonFactory(year=2030)
    return ready_match(
        competition=CompetitionFactory(season=season),
        public=False,
        date=dt.date(2030, 3, 14),
    )


def test_R15_the_jury_refuses_on_its_page_and_the_officials_see_it(client, private):
    jury = UserFactory(roles=[Role.JURY])
    client.force_login(jury)
    page = client.get("/jury/").text
    assert f"/jury/matches/{private.pk}/refuse/" in page
    blank = client.post(
        f"/jury/matches/{private.pk}/refuse/", {"note": ""}, follow=True
    )
    assert "Say why the jury refuses the match" in blank.text
    assert not JuryRefusal.objects.exists()
    done = client.post(
        f"/jury/matches/{private.pk}/refuse/",
        {"note": "the venue is a private flat"},
        follow=True,
    )
    assert "Refusal of" in done.text
    assert "the venue is a private flat" in done.text  # listed as refused
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    schedule = client.get(f"/officials/schedule/matches/{private.pk}/").text
    assert 'data-testid="jury-refusal"' in schedule
    assert "the venue is a private flat" in schedule
    home = client.get("/officials/").text
    assert 'data-testid="refusals">1<' in home


def test_R15_a_walkover_on_the_ties_page_shows_on_the_bracket(client):
    cup = drawn_cup()
    tie = tie_at(cup, 1, 5)
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    url = "/officials/cup/2026/ties/1/5/"
    refused = client.post(
        url,
        {"action": "walkover", "wo-loser": tie.team_a_id, "wo-kind": "withdrawn"},
    )
    assert refused.status_code == 400
    client.post(
        url,
        {
            "action": "walkover",
            "wo-loser": tie.team_a_id,
            "wo-kind": "withdrawn",
            "wo-reason": "the team broke up",
        },
    )
    tie.refresh_from_db()
    assert (tie.winner, tie.walkover) == (tie.team_b, CupTie.Walkover.WITHDRAWN)
    bracket = client.get("/cup/2026/").text
    assert 'data-testid="cup-walkover"' in bracket
    assert "w/o" in bracket
    api = client.get("/api/cup/2026/").json()
    row = next(t for t in api["ties"] if (t["round"], t["slot"]) == (1, 5))
    assert row["walkover"] is True
    page = client.get(url).text
    assert "the team broke up" in page


def test_R15_a_cup_match_outside_its_month_is_refused_on_the_ties_page(client):
    cup = drawn_cup()
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    response = client.post(
        "/officials/cup/2026/ties/1/1/",
        {"action": "schedule", "date": "2026-10-02", "public": "on"},
    )
    assert response.status_code == 400
    assert "cup round&#x27;s month (2026-09, R15)" in response.text
    assert not tie_at(cup, 1, 1).matches.exists()


def test_R15_the_jury_page_says_which_half_of_the_rule_each_match_meets(client):
    """The rule's words come from beside the rule (``competitions/selectors/
    matches.py``), in the reader's language; the page does not repeat them."""
    season = SeasonFactory(year=2031, annual_meeting=dt.date(2031, 1, 20))
    competition = CompetitionFactory(season=season)
    early = ready_match(competition=competition, date=dt.date(2031, 1, 10))
    hidden = ready_match(
        competition=competition, public=False, date=dt.date(2031, 3, 1)
    )
    client.force_login(UserFactory(roles=[Role.JURY]))
    page = client.get("/jury/", HTTP_ACCEPT_LANGUAGE="en").text
    assert "dated before the annual meeting need the jury" in page
    assert page.index(f"/matches/{early.pk}/") < page.index(
        "before the annual meeting</div>"
    )
    assert page.index(f"/matches/{hidden.pk}/") < page.index(
        "not played in public</div>"
    )
    assert page.count("not played in public</div>") == 1
    hungarian = client.get("/jury/", HTTP_ACCEPT_LANGUAGE="hu").text
    assert "az éves közgyűlés előtt</div>" in hungarian
    assert "nem nyilvános</div>" in hungarian
