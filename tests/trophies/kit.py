"""Builders for the trophy tests: completed matches through the real services, and
awards for the list and API tests."""

from __future__ import annotations

import datetime as dt
from typing import Any

import factory

from competitions.models import Match
from competitions.services.matches import match_complete
from scoring.engine.catalogue import FEASTS
from scoring.services.hands import hand_save
from tarokk_admin.core.roles import Role
from tests.factories import PlayerFactory, UserFactory, ready_match
from tests.scoring.kit import hand
from trophies.models import TrophyAward
from trophies.services.trophy_cups import trophy_cups_recompute


def completed_match(hands: dict[int, Any] | None = None, **kwargs: Any) -> Match:
    """A match completed through ``hand_save`` and ``match_complete``; ``hands``
    maps hand numbers to records, the other hands are announcement-free sheets.
    Run it inside ``django_capture_on_commit_callbacks(execute=True)`` to run the
    follow-up tasks (awards, cups)."""
    match = ready_match(**kwargs)
    for number in range(1, 9):
        record = (hands or {}).get(number) or hand()
        hand_save(match=match, number=number, record=record, user=match.referee)
    official = UserFactory(roles=[Role.OFFICIAL])
    return match_complete(match=match, user=official)


def official() -> Any:
    return UserFactory(roles=[Role.OFFICIAL])


class VariantAwardFactory(factory.django.DjangoModelFactory):
    """A trophy from a variant game (no match), for list and API tests."""

    class Meta:
        model = TrophyAward

    player = factory.SubFactory(PlayerFactory)
    feast = "golgotha"
    value = factory.LazyAttribute(lambda a: FEASTS[a.feast].value)
    date = dt.date(2026, 3, 1)
    variant = "emperor"
    event = "Emperor night"


def awards_for(player: Any, *feasts: str, **kwargs: Any) -> list[TrophyAward]:
    """Variant awards for ``player``, then its points and cups recomputed."""
    awards = [VariantAwardFactory(player=player, feast=f, **kwargs) for f in feasts]
    trophy_cups_recompute(player_ids=[player.pk])
    return awards
