"""One rule names who did something (issue 20: refusals named usernames,
"rögzítette: player"): the linked player's name, else the account's full name
(family name first), else the username."""

from __future__ import annotations

import datetime as dt

import pytest
from django.template import Context, Template

from competitions.services.sittings import sitting_record
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.people import person_name
from tests.factories import PlayerFactory, SeasonFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_the_player_then_the_full_name_then_the_username():
    linked = UserFactory(username="player", first_name="Éva", last_name="Kovács")
    PlayerFactory(name="Kovács Éva Mária", user=linked)
    named = UserFactory(username="bnagy", first_name="Béla", last_name="Nagy")
    bare = UserFactory(username="x7", first_name="", last_name="")
    assert person_name(linked) == "Kovács Éva Mária"
    assert person_name(named) == "Nagy Béla"
    assert person_name(bare) == "x7"
    assert person_name(None) == ""
    shown = Template("{% load people_tags %}{{ u|person }}").render(
        Context({"u": named})
    )
    assert shown == "Nagy Béla"


def test_a_refusal_names_the_person_who_recorded_not_the_username():
    SeasonFactory(year=2026)
    eva = PlayerFactory(name="Kovács Éva", user=UserFactory(username="player"))
    bela = PlayerFactory(name="Nagy Béla", user=UserFactory(username="bela"))
    cili = PlayerFactory(name="Ács Cili")
    results = [(eva, 10), (bela, -5), (cili, -5)]
    day = dt.date(2026, 5, 2)
    sitting_record(user=eva.user, date=day, variant="emperor", results=results)
    with pytest.raises(ServiceError) as refused:
        sitting_record(user=bela.user, date=day, variant="emperor", results=results)
    assert "Kovács Éva" in refused.value.message
    assert "player" not in refused.value.message
