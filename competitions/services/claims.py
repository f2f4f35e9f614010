"""Linking a user's account to their federation record (``Player.user``), so that
the player can record and confirm free-game sittings (R15).

Two ways, both ending in the same link: the user claims their record by federation
number and an official accepts (or refuses) the claim; or an official links (or
unlinks) an account directly. The player's history keeps every link and unlink.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from competitions.errors import ERRORS
from competitions.models import Player, PlayerClaim
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.roles import official_check
from tarokk_admin.core.words import app_words


def _link(player: Player, account: Any, by: Any, why: str) -> None:
    linked = Player.objects.filter(user=account).exclude(pk=player.pk).first()
    if linked is not None:
        ERRORS.refuse(
            "account_linked",
            field="user",
            user=account.get_username(),
            player=linked.name,
        )
    if player.user_id is not None and player.user_id != account.pk:
        ERRORS.refuse("player_linked", field="player", player=player.name)
    player.user = account
    history_mark(player, by, why)
    player.save()


@transaction.atomic
def player_claim_make(*, user: Any, player: Player) -> PlayerClaim:
    """The signed-in user says they are this player; an official decides."""
    if Player.objects.filter(user=user).exists():
        ERRORS.refuse("own_account_linked")
    if player.user_id is not None:
        ERRORS.refuse("player_claimed_linked", field="player", player=player.name)
    if PlayerClaim.objects.filter(
        user=user, status=PlayerClaim.Status.PENDING
    ).exists():
        ERRORS.refuse("claim_pending")
    claim = PlayerClaim(user=user, player=player)
    history_mark(claim, user)
    claim.save()
    return claim


def _decide(claim: PlayerClaim, user: Any, status: str, note: str) -> PlayerClaim:
    claim.status, claim.note = status, note.strip()
    claim.decided_by, claim.decided_at = user, timezone.now()
    history_mark(claim, user)
    claim.save()
    return claim


def _pending(claim: PlayerClaim) -> PlayerClaim:
    claim = PlayerClaim.objects.select_for_update().get(pk=claim.pk)
    if claim.status != PlayerClaim.Status.PENDING:
        ERRORS.refuse("decided", status=claim.get_status_display())
    return claim


@transaction.atomic
def player_claim_accept(*, claim: PlayerClaim, user: Any) -> PlayerClaim:
    """An official accepts the claim: the account is linked to the player."""
    official_check(user, ERRORS.error("not_an_official__claims"))
    claim = _pending(claim)
    _link(claim.player, claim.user, user, app_words(gettext_noop("claim accepted")))
    return _decide(claim, user, PlayerClaim.Status.ACCEPTED, "")


@transaction.atomic
def player_claim_refuse(*, claim: PlayerClaim, user: Any, note: str) -> PlayerClaim:
    """An official refuses the claim, saying why (the user reads it)."""
    official_check(user, ERRORS.error("not_an_official__claims"))
    claim = _pending(claim)
    if not note.strip():
        ERRORS.refuse("claim_refusal_note_missing", field="note")
    return _decide(claim, user, PlayerClaim.Status.REFUSED, note)


@transaction.atomic
def player_account_link(*, player: Player, username: str, user: Any) -> Player:
    """An official links an existing account to the player directly."""
    official_check(user, ERRORS.error("not_an_official__claims"))
    account = get_user_model().objects.filter(username=username.strip()).first()
    if account is None:
        ERRORS.refuse("username_unknown", field="username", name=username.strip()[:150])
    player = Player.objects.select_for_update().get(pk=player.pk)
    _link(
        player, account, user, app_words(gettext_noop("account linked by an official"))
    )
    for claim in PlayerClaim.objects.filter(
        user=account, status=PlayerClaim.Status.PENDING
    ):
        if claim.player_id == player.pk:
            _decide(claim, user, PlayerClaim.Status.ACCEPTED, "")
        else:
            note = _("An official linked the account to %(player)s.")
            _decide(
                claim, user, PlayerClaim.Status.REFUSED, note % {"player": player.name}
            )
    return player


@transaction.atomic
def player_account_unlink(*, player: Player, user: Any) -> Player:
    """An official removes the link between a player and their account."""
    official_check(user, ERRORS.error("not_an_official__claims"))
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.user_id is None:
        ERRORS.refuse("not_linked", player=player.name)
    player.user = None
    history_mark(
        player, user, app_words(gettext_noop("account unlinked by an official"))
    )
    player.save()
    return player
