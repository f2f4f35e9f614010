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
from django.utils.translation import gettext_lazy, gettext_noop

from competitions.models import Player, PlayerClaim
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.roles import official_check
from tarokk_admin.core.words import app_words

OFFICIALS_ONLY = gettext_lazy("Only officials link accounts to players.")


def _link(player: Player, account: Any, by: Any, why: str) -> None:
    linked = Player.objects.filter(user=account).exclude(pk=player.pk).first()
    if linked is not None:
        raise ServiceError(
            _("The account %(user)s is already linked to %(player)s.")
            % {"user": account.get_username(), "player": linked.name},
            field="user",
            code="account_linked",
        )
    if player.user_id is not None and player.user_id != account.pk:
        raise ServiceError(
            _("%(player)s is already linked to another account; unlink it first.")
            % {"player": player.name},
            field="player",
            code="player_linked",
        )
    player.user = account
    history_mark(player, by, why)
    player.save()


@transaction.atomic
def player_claim_make(*, user: Any, player: Player) -> PlayerClaim:
    """The signed-in user says they are this player; an official decides."""
    if Player.objects.filter(user=user).exists():
        raise ServiceError(
            _("Your account is already linked to a player."), code="account_linked"
        )
    if player.user_id is not None:
        raise ServiceError(
            _(
                "%(player)s is already linked to an account; if that is wrong, "
                "ask an official."
            )
            % {"player": player.name},
            field="player",
            code="player_linked",
        )
    if PlayerClaim.objects.filter(
        user=user, status=PlayerClaim.Status.PENDING
    ).exists():
        raise ServiceError(
            _("Your claim is already waiting for an official."), code="claim_pending"
        )
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
        raise ServiceError(
            _("This claim is already %(status)s.")
            % {"status": claim.get_status_display()},
            code="decided",
        )
    return claim


@transaction.atomic
def player_claim_accept(*, claim: PlayerClaim, user: Any) -> PlayerClaim:
    """An official accepts the claim: the account is linked to the player."""
    official_check(user, OFFICIALS_ONLY)
    claim = _pending(claim)
    _link(claim.player, claim.user, user, app_words(gettext_noop("claim accepted")))
    return _decide(claim, user, PlayerClaim.Status.ACCEPTED, "")


@transaction.atomic
def player_claim_refuse(*, claim: PlayerClaim, user: Any, note: str) -> PlayerClaim:
    """An official refuses the claim, saying why (the user reads it)."""
    official_check(user, OFFICIALS_ONLY)
    claim = _pending(claim)
    if not note.strip():
        raise ServiceError(_("Say why the claim is refused."), field="note")
    return _decide(claim, user, PlayerClaim.Status.REFUSED, note)


@transaction.atomic
def player_account_link(*, player: Player, username: str, user: Any) -> Player:
    """An official links an existing account to the player directly."""
    official_check(user, OFFICIALS_ONLY)
    account = get_user_model().objects.filter(username=username.strip()).first()
    if account is None:
        raise ServiceError(
            _("There is no account with the username “%(name)s”.")
            % {"name": username.strip()[:150]},
            field="username",
            code="no_account",
        )
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
    official_check(user, OFFICIALS_ONLY)
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.user_id is None:
        raise ServiceError(
            _("%(player)s has no linked account.") % {"player": player.name},
            code="not_linked",
        )
    player.user = None
    history_mark(
        player, user, app_words(gettext_noop("account unlinked by an official"))
    )
    player.save()
    return player
