"""How a page names a person who did something (recorded a sitting, refused a match,
answered a result): ONE rule, :func:`person_name`, and its template filter
``{{ user|person }}`` (``{% load people_tags %}``).

The linked federation player's name; else the account's full name, family name first
(the Hungarian order); else the username. Never the username when a name is known
(issue 20: "rögzítette: player"). To name many people without a query each, load the
accounts with ``select_related("player")`` (the player's reverse one-to-one)."""

from __future__ import annotations

from typing import Any


def person_name(user: Any) -> str:
    """The name of the person behind ``user`` (an account), "" for none."""
    if user is None:
        return ""
    try:
        player = user.player if user.pk else None
    except AttributeError:  # no linked player (the reverse one-to-one raises)
        player = None
    if player is not None and getattr(player, "name", ""):
        return str(player.name)
    full = f"{user.last_name} {user.first_name}".strip()
    return full or str(user.get_username())
