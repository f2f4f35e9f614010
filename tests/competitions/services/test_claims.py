"""Linking an account to its federation record: the user claims, an official accepts
or refuses; an official links or unlinks directly; the player's history keeps it."""

from __future__ import annotations

import pytest

from competitions.models import Player, PlayerClaim
from competitions.services.claims import (
    player_account_link,
    player_account_unlink,
    player_claim_accept,
    player_claim_make,
    player_claim_refuse,
)
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role
from tarokk_admin.core.words import shown
from tests.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def official():
    return UserFactory(roles=[Role.OFFICIAL])


def test_a_claim_accepted_by_an_official_links_the_account(official):
    user, player = UserFactory(), PlayerFactory()
    claim = player_claim_make(user=user, player=player)
    assert claim.status == PlayerClaim.Status.PENDING
    assert Player.objects.get(pk=player.pk).user is None  # nothing until accepted
    player_claim_accept(claim=claim, user=official)
    player.refresh_from_db()
    claim.refresh_from_db()
    assert (player.user, claim.status, claim.decided_by) == (user, "accepted", official)
    assert shown(player.history.first().history_change_reason) == "claim accepted"


def test_a_refused_claim_says_why_and_links_nothing(official):
    claim = player_claim_make(user=UserFactory(), player=PlayerFactory())
    with pytest.raises(ServiceError) as refused:
        player_claim_refuse(claim=claim, user=official, note="")
    assert refused.value.field == "note"
    player_claim_refuse(claim=claim, user=official, note="Not the same person.")
    claim.refresh_from_db()
    assert (claim.status, claim.note) == ("refused", "Not the same person.")
    assert claim.player.user is None
    with pytest.raises(ServiceError, match="already refused"):
        player_claim_accept(claim=claim, user=official)


@pytest.mark.parametrize("case", ["account-linked", "player-linked", "claim-pending"])
def test_claims_that_cannot_stand_are_refused(case):
    user, player = UserFactory(), PlayerFactory()
    if case == "account-linked":
        PlayerFactory(user=user)
    if case == "player-linked":
        player.user = UserFactory()
        player.save()
    if case == "claim-pending":
        player_claim_make(user=user, player=PlayerFactory())
    before = PlayerClaim.objects.count()
    with pytest.raises(ServiceError):
        player_claim_make(user=user, player=player)
    assert PlayerClaim.objects.count() == before


def test_only_officials_decide_claims_and_link(official):
    user, player = UserFactory(), PlayerFactory()
    claim = player_claim_make(user=user, player=player)
    with pytest.raises(ServiceError):
        player_claim_accept(claim=claim, user=user)
    with pytest.raises(ServiceError):
        player_account_link(player=player, username=user.username, user=user)
    assert Player.objects.get(pk=player.pk).user is None


def test_an_official_links_and_unlinks_directly_and_settles_the_claims(official):
    user = UserFactory(username="eva")
    right, wrong = PlayerFactory(), PlayerFactory()
    claim = player_claim_make(user=user, player=wrong)
    player_account_link(player=right, username=" eva ", user=official)
    right.refresh_from_db()
    claim.refresh_from_db()
    assert right.user == user
    assert claim.status == PlayerClaim.Status.REFUSED
    assert right.name in claim.note
    with pytest.raises(ServiceError) as refused:
        player_account_link(player=wrong, username="eva", user=official)
    assert refused.value.field == "user"
    with pytest.raises(ServiceError) as refused:
        player_account_link(player=wrong, username="nobody", user=official)
    assert refused.value.field == "username"
    player_account_unlink(player=right, user=official)
    right.refresh_from_db()
    assert right.user is None
    assert [
        shown(h.history_change_reason) for h in right.history.order_by("history_date")
    ][-2:] == ["account linked by an official", "account unlinked by an official"]
