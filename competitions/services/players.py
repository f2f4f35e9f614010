"""The federation's players: registered, edited, deactivated (never deleted once
they played: their matches, sittings and trophies keep naming them). The federation
number is unique, by a database constraint, so that two officials registering the
same number at once store one player and the other gets the refusal."""

from __future__ import annotations

import re
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import ProtectedError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from competitions.errors import ERRORS
from competitions.models import Player
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.roles import official_check
from tarokk_admin.core.words import app_words

NUMBER = re.compile(r"^[A-Z0-9][A-Z0-9-]{0,19}$")


def player_number_clean(number: str) -> str:
    """A federation number as stored: upper-cased, 1-20 letters, digits or
    hyphens; a :class:`ServiceError` naming the rule otherwise."""
    number = (number or "").strip().upper()
    if not NUMBER.match(number):
        ERRORS.refuse("bad_number", field="federation_number")
    return number


def _clean(name: str, number: str) -> tuple[str, str]:
    name = " ".join((name or "").split())
    if not name:
        ERRORS.refuse("player_name_missing", field="name")
    if len(name) > Player._meta.get_field("name").max_length:  # type: ignore[operator]
        ERRORS.refuse("player_name_too_long", field="name")
    return name, player_number_clean(number)


def _save(player: Player, user: Any, why: str) -> Player:
    history_mark(player, user, why)
    try:
        with transaction.atomic():
            player.save()
    except IntegrityError:
        holder = (
            Player.objects.filter(federation_number=player.federation_number)
            .exclude(pk=player.pk)
            .first()
        )
        raise ERRORS.error(
            "number_taken",
            field="federation_number",
            number=player.federation_number,
            name=holder.name if holder else _("another player"),
        ) from None
    return player


def player_register(
    *,
    name: str,
    federation_number: str,
    club: str = "",
    active: bool = True,
    user: Any,
    reason: str = "",
) -> Player:
    """Register a player (``reason``: where the record comes from, for its
    history, e.g. an archive file)."""
    official_check(user, ERRORS.error("not_an_official__players"))
    name, number = _clean(name, federation_number)
    player = Player(
        name=name, federation_number=number, club=(club or "").strip(), active=active
    )
    return _save(player, user, reason or app_words(gettext_noop("player registered")))


def player_update(
    *, player: Player, name: str, federation_number: str, club: str = "", user: Any
) -> Player:
    official_check(user, ERRORS.error("not_an_official__players"))
    name, number = _clean(name, federation_number)
    player.name, player.federation_number = name, number
    player.club = (club or "").strip()
    return _save(player, user, app_words(gettext_noop("edited")))


def player_active_set(*, player: Player, active: bool, user: Any) -> Player:
    """Deactivate (no longer offered in rosters and pickers) or reactivate."""
    official_check(user, ERRORS.error("not_an_official__players"))
    player.active = active
    words = gettext_noop("reactivated") if active else gettext_noop("deactivated")
    return _save(player, user, app_words(words))


def player_delete(*, player: Player, user: Any) -> None:
    """Only a player who never played, sat or held a roster place; anyone else is
    deactivated instead, so that the record keeps naming them."""
    official_check(user, ERRORS.error("not_an_official__players"))
    try:
        with transaction.atomic():
            player.delete()
    except ProtectedError:
        raise ERRORS.error("player_played", name=player.name) from None
