"""Finding the player a spreadsheet names (HAND_RECORD.md "Archive files": a
``player`` or ``partner`` column): by federation number, or by a name that matches
exactly one player ignoring case and accents (the folded name, ``Player.name_folded``).
A name that matches several players, or none, is a problem of its row naming the
candidates: the import never guesses.

One query reads every player once (numbers, names, folded names), so a file of
thousands of rows is matched without a query per row.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from competitions.models import Player
from tarokk_admin.core.sheets import CellProblem
from tarokk_admin.core.text import fold

CANDIDATES_SHOWN = 5


@dataclass(frozen=True)
class KnownPlayer:
    pk: int
    name: str
    number: str
    club: str
    active: bool

    @property
    def label(self) -> str:
        return f"{self.name} ({self.number})"


class PlayerIndex:
    """Every player (or those of ``players``) by federation number and by folded
    name."""

    def __init__(self, players: QuerySet[Player] | None = None) -> None:
        self.by_number: dict[str, KnownPlayer] = {}
        self.by_name: dict[str, list[KnownPlayer]] = defaultdict(list)
        players = Player.objects.all() if players is None else players
        rows = players.order_by("pk").values_list(
            "pk", "name", "name_folded", "federation_number", "club", "active"
        )
        for pk, name, folded, number, club, active in rows:
            player = KnownPlayer(pk, name, number, club, active)
            self.by_number[number.upper()] = player
            self.by_name[folded].append(player)

    def find(self, raw: str) -> KnownPlayer:
        """The player ``raw`` names; :class:`CellProblem` when none or several."""
        written = " ".join(raw.split())
        player = self.by_number.get(written.upper())
        if player is not None:
            return player
        found = self.by_name.get(fold(written), [])
        if len(found) == 1:
            return found[0]
        if not found:
            raise CellProblem(
                "unknown_player",
                _(
                    "There is no player with the federation number or the name "
                    "%(value)s; import the players first, or write the number."
                )
                % {"value": written},
            )
        shown = ", ".join(p.label for p in found[:CANDIDATES_SHOWN])
        if len(found) > CANDIDATES_SHOWN:
            shown += ", …"
        raise CellProblem(
            "ambiguous_player",
            _(
                "%(value)s names %(n)s players: %(names)s. Write the federation "
                "number of the one meant."
            )
            % {"value": written, "n": len(found), "names": shown},
        )


def player_find(raw: str) -> KnownPlayer:
    """The one player ``raw`` names (a form's field): two index lookups, not the
    whole register. :class:`CellProblem` when none or several."""
    written = " ".join(raw.split())
    players = Player.objects.filter(
        Q(federation_number=written.upper()) | Q(name_folded=fold(written))
    )
    return PlayerIndex(players).find(written)
