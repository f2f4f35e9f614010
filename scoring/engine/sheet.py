"""The normalized hand record the engine works on, after format validation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from .catalogue import Feast
from .i18n import gettext_noop

Side = Literal["attack", "defence"]
Role = Literal["driver", "catcher"]
SIDES: Final[tuple[Side, Side]] = ("attack", "defence")
ROLES: Final[tuple[Role, Role]] = ("driver", "catcher")
# The domain's words for the teams and players in messages, shown as ``_(SIDE_NAMES[s])``.
SIDE_NAMES: Final[dict[str, str]] = {
    "attack": gettext_noop("attack"),
    "defence": gettext_noop("defence"),
}
ROLE_NAMES: Final[dict[str, str]] = {
    "driver": gettext_noop("driver"),
    "catcher": gettext_noop("catcher"),
}
# R2: seats and the cyclic play order AD -> DC -> DD -> AC.
SEATS: Final[tuple[str, ...]] = ("AD", "AC", "DD", "DC")
PLAY_ORDER: Final[tuple[str, ...]] = ("AD", "DC", "DD", "AC")
FIRST_LEADER: Final = "AD"  # R2: the attack driver leads trick 1
SEAT_OF: Final[dict[tuple[str, str], str]] = {
    ("attack", "driver"): "AD",
    ("attack", "catcher"): "AC",
    ("defence", "driver"): "DD",
    ("defence", "catcher"): "DC",
}
SIDE_OF_SEAT: Final[dict[str, Side]] = {
    "AD": "attack",
    "AC": "attack",
    "DD": "defence",
    "DC": "defence",
}


def other(side: Side) -> Side:
    return "defence" if side == "attack" else "attack"


# A team's facts in a score sheet, in the record's order (R5).
FACT_FIELDS: Final[tuple[str, ...]] = ("trumps", "honours", "middle")


@dataclass(frozen=True, slots=True)
class TeamFacts:
    """A team's consolation facts (R5): trumps, honours and which middle trumps it holds."""

    trumps: int
    honours: int
    middle: tuple[str, ...]  # subset of ("XVI", "XVII", "XVIII"), in that order


@dataclass(frozen=True, slots=True)
class Contra:
    team: Side
    by: Role


@dataclass(frozen=True, slots=True)
class Announcement:
    index: int  # position in the record's ``announcements``
    feast: Feast
    team: Side
    by: Role
    cards: tuple[str, ...] = ()
    suits: tuple[str, ...] = ()
    count: int | None = None
    made: bool | None = None  # None only while a play record has not decided it
    contra: Contra | None = None

    @property
    def seat(self) -> str:
        return SEAT_OF[(self.team, self.by)]

    @property
    def key(self) -> tuple[str, str, tuple[str, ...], tuple[str, ...]]:
        """Identity for R12's 'the same announcement twice' (suit order is free)."""
        return (self.team, self.feast.code, self.cards, tuple(sorted(self.suits)))

    def bindings(self) -> tuple[tuple[str, int], ...]:
        """The (card, trick) pairs this announcement binds (R12)."""
        declared = tuple(zip(self.cards, self.feast.binds_declared, strict=False))
        return declared + self.feast.binds


@dataclass(frozen=True, slots=True)
class PlayFacts:
    """What the engine derives from a deal and its ten tricks (R2, R4, R5, R7, R13)."""

    facts: dict[Side, TeamFacts]
    tricks_attack: int
    silent: dict[Side, tuple[str, ...]]  # silent premiums achieved, before suppression
    made: tuple[bool, ...]  # per announcement, in record order
