"""The catalogue of the 70 announcements and silent premiums (R13) as data.

Each :class:`Feast` carries what the rules say of it: value, group, chain (R12), the
parameters it declares, the cards it binds to tricks (R12) and what a made feast needs
(specific tricks won, cards in the team's tricks, cards held at the deal). Validation,
scoring and play judging read these facts instead of testing codes one by one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from . import cards as c
from .i18n import gettext_noop


class Group(StrEnum):
    """Sections of the paper score sheet (R13's group column, without sub-kinds)."""

    MESSAGE = "message"
    MATERIAL = "material"
    SILENT = "silent"
    FREE_PASS = "free_pass"
    BOUND_TRICK = "bound_trick"
    MAGNIFIED = "magnified"
    FLIGHT = "flight"
    INTERCEPT = "intercept"
    EXTRA = "extra"
    TROPHY = "trophy"


# Each section's name, the paper sheet's words (the referee's feast picker, the paper
# sheet and the statistics say the same), marked for translation here and translated
# where shown (``scoring.engine.made.group_name``).
GROUP_NAMES: Final[dict[Group, str]] = {
    Group.MESSAGE: gettext_noop("Messages"),
    Group.MATERIAL: gettext_noop("Material"),
    Group.SILENT: gettext_noop("Silent premiums"),
    Group.FREE_PASS: gettext_noop("Free passes"),
    Group.BOUND_TRICK: gettext_noop("Bound tricks"),
    Group.MAGNIFIED: gettext_noop("Magnified"),
    Group.FLIGHT: gettext_noop("Flight"),
    Group.INTERCEPT: gettext_noop("Intercept"),
    Group.EXTRA: gettext_noop("Extras"),
    Group.TROPHY: gettext_noop("Trophies"),
}

# The paper score sheet's sections in its order (R13), then the silent premiums and
# the messages.
SHEET_ORDER: Final[tuple[Group, ...]] = (
    Group.MATERIAL,
    Group.FREE_PASS,
    Group.BOUND_TRICK,
    Group.MAGNIFIED,
    Group.FLIGHT,
    Group.INTERCEPT,
    Group.EXTRA,
    Group.TROPHY,
    Group.SILENT,
    Group.MESSAGE,
)


class SuitParam(StrEnum):
    """Which suits an announcement declares (R12)."""

    NONE = "none"
    ANY = "any"  # one suit
    BLACK = "black"  # one black suit
    RED_AND_BLACK = "red_and_black"  # one red and one black suit


# R13 messages: a suit_count announcer holds at least 2 (but not all) cards of the
# suit, a trumps_count announcer at least 8 trumps.
SUIT_COUNT_MIN: Final = 2
TRUMPS_COUNT_MIN: Final = 8


@dataclass(frozen=True, slots=True)
class CardNeed:
    """The team's tricks hold at least ``at_least`` of ``cards``."""

    cards: frozenset[str]
    at_least: int


def tricks_for(needs: Iterable[CardNeed]) -> int:
    """The fewest tricks that can hold what ``needs`` asks for (4 cards a trick, R2)."""
    return max(((n.at_least + 3) // 4 for n in needs), default=0)


@dataclass(frozen=True, slots=True)
class Feast:
    code: str
    name: str
    german: str | None
    value: int
    group: Group
    row: int  # catalogue row, 1-based; later rows rank higher among equal values (R15)
    trophy_class: str | None = (
        None  # little, trophy, greater, super, multi, ultra, royal
    )
    chain: str | None = None  # R12 raise chain / one-per-team family
    chain_per_card: bool = False  # magnified: one chain per declared card
    level: int = 0
    declared_cards: int = 0  # number of declared magnifiers, in trick order
    suits: SuitParam = SuitParam.NONE
    has_count: bool = False  # suit_count and trumps_count state a number
    binds_declared: tuple[int, ...] = ()  # trick each declared card is bound to
    binds: tuple[tuple[str, int], ...] = ()  # fixed cards bound to tricks
    tricks: frozenset[int] = frozenset()  # specific tricks the team wins when made
    all_tricks: bool = False
    min_tricks: int = 0
    cards_won: tuple[CardNeed, ...] = ()
    holds: frozenset[str] = frozenset()  # the team holds these at the deal
    opponents_hold: frozenset[str] = frozenset()  # the opponents held these
    suppressed_by: frozenset[str] = frozenset()  # silent premiums only (R7)
    # Derived in __post_init__ from the fields above.
    is_message: bool = field(default=False, init=False, repr=False, compare=False)
    is_silent: bool = field(default=False, init=False, repr=False, compare=False)
    is_trophy: bool = field(default=False, init=False, repr=False, compare=False)
    _needed: int = field(default=0, init=False, repr=False, compare=False)

    @property
    def can_contra(self) -> bool:
        """R8: any announced feast except a message."""
        return not self.is_message and not self.is_silent

    @property
    def needed_tricks(self) -> int:
        """The fewest tricks the team can have won when this feast is made."""
        return self._needed

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_message", self.group is Group.MESSAGE)
        object.__setattr__(self, "is_silent", self.group is Group.SILENT)
        object.__setattr__(self, "is_trophy", self.trophy_class is not None)
        if self.is_message:
            needed = 0
        elif self.all_tricks:
            needed = c.TRICKS
        else:
            by_cards = tricks_for(self.cards_won)
            needed = max(1, self.min_tricks, len(self.tricks), by_cards)
        object.__setattr__(self, "_needed", needed)

    @property
    def trophy_rank(self) -> tuple[int, int]:
        """R15: the higher value ranks higher, then the later catalogue row."""
        return (self.value, self.row)


def _won(cards: frozenset[str] | tuple[str, ...] | str, at_least: int = 0) -> CardNeed:
    group = frozenset((cards,)) if isinstance(cards, str) else frozenset(cards)
    return CardNeed(group, at_least or len(group))


def _range(first: int, last: int) -> frozenset[int]:
    return frozenset(range(first, last + 1))


_FIVE = c.BOUND_TRICK_CARDS
_BOUND_TO = dict(_FIVE)
_FIVE_HELD = frozenset(card for card, _ in _FIVE)
_XXI = frozenset({c.MOND})
_XXI_I = frozenset({c.MOND, c.PAGAT})
_ALL = {"all_tricks": True}


def _bound_trick(card: str) -> dict[str, object]:
    """piccolo … large_bird: win tricks 1..k, the card played by the team to trick k,
    the trick the card is bound to."""
    trick = _BOUND_TO[card]
    return {
        "binds": ((card, trick),),
        "tricks": _range(1, trick),
        "cards_won": (_won(card),),
        "holds": frozenset({card}),
    }


def _magnified(trick: int) -> dict[str, object]:
    return {
        "declared_cards": 1,
        "binds_declared": (trick,),
        "tricks": frozenset({trick}),
        "chain": "magnified",
        "chain_per_card": True,
    }


def _flight(*tricks: int) -> dict[str, object]:
    return {
        "declared_cards": len(tricks),
        "binds_declared": tricks,
        "tricks": frozenset(tricks),
        "chain": "flight",
    }


def _free_pass(level: int, tricks: int) -> dict[str, object]:
    return {"chain": "free_pass", "level": level, "min_tricks": tricks}


_FIVE_BOUND: dict[str, object] = {
    "binds": _FIVE,
    "holds": _FIVE_HELD,
    "all_tricks": True,
}

G = Group
# The name column is English, marked for translation (makemessages); a message shows a
# name as ``_(feast.name)``, translated when it is reported. ``Feast.name`` stays English.
# fmt: off
_ROWS: tuple[tuple[str, str, str | None, int, Group, dict[str, object]], ...] = (
    ("suit_count", gettext_noop("Number of a Suit"), None, 0, G.MESSAGE,
     {"suits": SuitParam.ANY, "has_count": True}),
    ("trumps_count", gettext_noop("Trumps"), None, 0, G.MESSAGE, {"has_count": True}),
    ("birds", gettext_noop("Birds"), None, 0, G.MESSAGE, {}),
    ("flush", gettext_noop("Flush"), None, 10, G.MESSAGE, {}),
    ("four_of_a_kind", gettext_noop("Four of a Kind"), None, 20, G.MESSAGE, {}),
    ("visi", gettext_noop("Visi"), None, 1, G.MATERIAL, {"cards_won": (_won("XVIII"),)}),
    ("lamour", gettext_noop("L'amour"), None, 1, G.MATERIAL, {"cards_won": (_won("XIX"),)}),
    ("angel", gettext_noop("Angel"), None, 1, G.MATERIAL, {"cards_won": (_won("XX"),)}),
    ("honour", gettext_noop("Honour"), "Honneur", 1, G.MATERIAL,
     {"chain": "honour", "level": 1, "cards_won": (_won(c.HONOURS, 1),)}),
    ("heads", gettext_noop("Heads"), "Köpfe", 2, G.MATERIAL,
     {"chain": "honour", "level": 2, "cards_won": (_won(c.HONOURS),)}),
    ("full_honours", gettext_noop("Full Honours"), "Trull", 3, G.MATERIAL,
     {"chain": "honour", "level": 3, "cards_won": (_won((*c.HONOURS, c.PAGAT)),)}),
    ("obscure", gettext_noop("Obscure"), None, 5, G.SILENT,
     {"tricks": _range(1, 5),
      "suppressed_by": frozenset({"play", "cash", "bridge", "octave", "misere", "slam"})}),
    ("lie_in_wait", gettext_noop("Lie in Wait"), None, 15, G.SILENT,
     {"cards_won": (_won(c.PAGAT),), "opponents_hold": frozenset({c.PAGAT}),
      "suppressed_by": frozenset({"pagat_capture", "golgotha", "royal"})}),
    ("four_kings", gettext_noop("Four Kings"), None, 20, G.SILENT, {"cards_won": (_won(c.KINGS),)}),
    ("silent_mond_capture", gettext_noop("Silent Mond Capture"), None, 50, G.SILENT,
     {"cards_won": (_won(c.MOND),), "opponents_hold": _XXI,
      "suppressed_by": frozenset({"mond_capture", "golgotha", "centaur", "harpy",
                                  "gloria", "triumph", "royal"})}),
    ("play", gettext_noop("Play"), None, 10, G.FREE_PASS, _free_pass(1, 5)),
    ("cash", gettext_noop("Cash"), None, 20, G.FREE_PASS, _free_pass(2, 6)),
    ("bridge", gettext_noop("Bridge"), None, 30, G.FREE_PASS, _free_pass(3, 7)),
    ("octave", gettext_noop("Octave"), None, 40, G.FREE_PASS, _free_pass(4, 8)),
    ("misere", gettext_noop("Misere"), None, 50, G.FREE_PASS, _free_pass(5, 9)),
    ("slam", gettext_noop("Slam"), None, 60, G.FREE_PASS,
     {**_free_pass(6, 10), "all_tricks": True}),
    ("piccolo", gettext_noop("Piccolo"), None, 5, G.BOUND_TRICK, _bound_trick("XVIII")),
    ("town_centre", gettext_noop("Town Centre"), None, 5, G.BOUND_TRICK, _bound_trick("XIX")),
    ("centre", gettext_noop("Centre"), None, 10, G.BOUND_TRICK, _bound_trick("XX")),
    ("small_bird", gettext_noop("Small Bird"), None, 20, G.BOUND_TRICK, _bound_trick("XXI")),
    ("large_bird", gettext_noop("Large Bird"), None, 30, G.BOUND_TRICK, _bound_trick("SKIZ")),
    ("last_day_of_month", gettext_noop("Last Day of the Month"), None, 10, G.MAGNIFIED,
     {**_magnified(10), "level": 1}),
    ("before_end_of_month", gettext_noop("Before the End of the Month"), None, 20, G.MAGNIFIED,
     {**_magnified(9), "level": 2}),
    ("kite", gettext_noop("Kite"), None, 30, G.MAGNIFIED, {**_magnified(8), "level": 3}),
    ("seize", gettext_noop("Seize"), None, 40, G.MAGNIFIED, {**_magnified(7), "level": 4}),
    ("turul", gettext_noop("Turul"), None, 50, G.MAGNIFIED, {**_magnified(6), "level": 5}),
    ("pheasant", gettext_noop("Pheasant"), "Fasan", 20, G.FLIGHT, {**_flight(1), "level": 1}),
    ("falcon", gettext_noop("Falcon"), "Falke", 20, G.FLIGHT, {**_flight(2), "level": 1}),
    ("gang", gettext_noop("Gang"), None, 5, G.INTERCEPT,
     {"chain": "intercept", "level": 1, "suits": SuitParam.ANY}),
    ("quick_one", gettext_noop("Quick One"), None, 20, G.INTERCEPT,
     {"chain": "intercept", "level": 2, "cards_won": (_won(c.RED_CARDS),)}),
    ("red_and_black", gettext_noop("The Red and the Black"), None, 25, G.INTERCEPT,
     {"chain": "intercept", "level": 3, "suits": SuitParam.RED_AND_BLACK}),
    ("army", gettext_noop("Army"), None, 30, G.INTERCEPT,
     {"chain": "intercept", "level": 4, "cards_won": (_won(c.BLACK_CARDS),)}),
    ("legion", gettext_noop("Legion"), None, 50, G.INTERCEPT,
     {"chain": "intercept", "level": 5, "cards_won": (_won(c.ALL_SUIT_CARDS),)}),
    ("amazon", gettext_noop("Amazon"), None, 5, G.EXTRA, {"cards_won": (_won(c.BELOW_KING, 1),)}),
    ("pagat_capture", gettext_noop("Pagat Capture"), None, 30, G.EXTRA,
     {"cards_won": (_won(c.PAGAT),), "opponents_hold": frozenset({c.PAGAT})}),
    ("second_pheasant", gettext_noop("Second Pheasant"), None, 60, G.FLIGHT,
     {**_flight(1, 2), "level": 2}),
    ("third_pheasant", gettext_noop("Third Pheasant"), None, 60, G.FLIGHT,
     {**_flight(1, 3), "level": 2}),
    ("fourth_pheasant", gettext_noop("Fourth Pheasant"), None, 60, G.FLIGHT,
     {**_flight(2, 4), "level": 2}),
    ("schleicher", gettext_noop("Schleicher"), None, 60, G.EXTRA,
     {"tricks": frozenset({9, 10}), "cards_won": (_won(c.BIRDS, 2),)}),
    ("pho_nothing", gettext_noop("Pho Nothing"), None, 60, G.EXTRA,
     {"tricks": frozenset({9, 10}), "cards_won": (_won(c.KINGS, 2),)}),
    ("spadille", gettext_noop("Spadille"), None, 30, G.TROPHY,
     {"trophy_class": "little", "cards_won": (_won(c.RED_QCV, 1),)}),
    ("manille", gettext_noop("Manille"), None, 30, G.TROPHY,
     {"trophy_class": "little", "cards_won": (_won(c.BLACK_QCV, 1),)}),
    ("dschinn", gettext_noop("Dschinn"), None, 50, G.TROPHY,
     {"trophy_class": "little", "suits": SuitParam.BLACK}),
    ("marriage", gettext_noop("Marriage"), None, 60, G.TROPHY,
     {"trophy_class": "little", "suits": SuitParam.ANY, "tricks": frozenset({9, 10})}),
    ("mond_capture", gettext_noop("Mond Capture"), None, 120, G.TROPHY,
     {"trophy_class": "trophy", "cards_won": (_won(c.HONOURS),),
      "holds": frozenset({c.SKIZ}), "opponents_hold": _XXI}),
    ("habicht", gettext_noop("Habicht"), None, 120, G.TROPHY,
     {"trophy_class": "trophy", **_flight(1, 2, 3), "level": 3}),
    ("couleur", gettext_noop("Couleur"), None, 120, G.TROPHY,
     {"trophy_class": "trophy", "tricks": _range(8, 10),
      "cards_won": (_won(c.ALL_SUIT_CARDS, 3),)}),
    ("scale", gettext_noop("Scale"), None, 120, G.TROPHY,
     {"trophy_class": "trophy", **_FIVE_BOUND}),
    ("golgotha", gettext_noop("Golgotha"), None, 130, G.TROPHY,
     {"trophy_class": "greater", "cards_won": (_won(_XXI_I),),
      "opponents_hold": _XXI_I}),
    ("centaur", gettext_noop("Centaur"), None, 130, G.TROPHY,
     {"trophy_class": "greater", "min_tricks": 2,
      "cards_won": (_won(c.HONOURS), _won(c.BELOW_KING, 1)),
      "holds": frozenset({c.SKIZ}), "opponents_hold": _XXI}),
    ("trojka", gettext_noop("Trojka"), None, 130, G.TROPHY,
     {"trophy_class": "greater", "tricks": _range(8, 10), "cards_won": (_won(c.BIRDS, 3),)}),
    ("famille", gettext_noop("Famille"), None, 130, G.TROPHY,
     {"trophy_class": "greater", "suits": SuitParam.ANY, "tricks": _range(8, 10)}),
    ("bethlehem", gettext_noop("Bethlehem"), None, 130, G.TROPHY,
     {"trophy_class": "greater", "tricks": _range(8, 10), "cards_won": (_won(c.KINGS, 3),)}),
    ("sphinx", gettext_noop("Sphinx"), None, 130, G.TROPHY,
     {"trophy_class": "greater", "min_tricks": 2,
      "cards_won": (_won(c.RED_QCV, 1), _won(c.BLACK_QCV, 1))}),
    ("quart", gettext_noop("Quart"), None, 140, G.TROPHY, {"trophy_class": "super", **_ALL}),
    ("pyramid", gettext_noop("Pyramid"), None, 140, G.TROPHY, {"trophy_class": "super", **_ALL}),
    ("spectrum", gettext_noop("Spectrum"), None, 140, G.TROPHY,
     {"trophy_class": "super", **_FIVE_BOUND}),
    ("stella", gettext_noop("Stella"), None, 150, G.TROPHY,
     {"trophy_class": "multi", **_flight(1, 2, 3), "level": 4,
      "binds": _FIVE[1:], "holds": _FIVE_HELD - {"XVIII"}, "all_tricks": True}),
    ("full", gettext_noop("Full"), None, 150, G.TROPHY, {"trophy_class": "multi", **_FIVE_BOUND}),
    ("court", gettext_noop("Court"), None, 150, G.TROPHY,
     {"trophy_class": "multi", "suits": SuitParam.ANY, **_FIVE_BOUND}),
    ("grand", gettext_noop("Grand"), None, 150, G.TROPHY, {"trophy_class": "multi", **_FIVE_BOUND}),
    ("harpy", gettext_noop("Harpy"), None, 160, G.TROPHY,
     {"trophy_class": "ultra", "opponents_hold": _XXI, **_ALL}),
    ("gloria", gettext_noop("Gloria"), None, 160, G.TROPHY,
     {"trophy_class": "ultra", "opponents_hold": _XXI, **_ALL}),
    ("triumph", gettext_noop("Triumph"), None, 160, G.TROPHY,
     {"trophy_class": "ultra", "opponents_hold": _XXI, **_ALL}),
    ("royal", gettext_noop("Royal"), None, 200, G.TROPHY,
     {"trophy_class": "royal", "opponents_hold": _XXI_I, **_ALL}),
)
# fmt: on


def _build() -> dict[str, Feast]:
    feasts: dict[str, Feast] = {}
    for row, (code, name, german, value, group, extra) in enumerate(_ROWS, start=1):
        feasts[code] = Feast(code, name, german, value, group, row, **extra)  # type: ignore[arg-type]
    return feasts


FEASTS: Final[dict[str, Feast]] = _build()
"""All 70 entries by code, in catalogue order."""

ANNOUNCEABLE: Final[tuple[str, ...]] = tuple(
    code for code, feast in FEASTS.items() if not feast.is_silent
)
SILENT: Final[tuple[str, ...]] = tuple(
    code for code, feast in FEASTS.items() if feast.is_silent
)
TROPHIES: Final[tuple[str, ...]] = tuple(
    code for code, feast in FEASTS.items() if feast.is_trophy
)


# R2: a team is two players, its driver and its catcher.
TEAM_PLAYERS: Final = 2
_SUIT_DECLARATIONS: Final[dict[SuitParam, int]] = {
    SuitParam.NONE: 1,
    SuitParam.ANY: len(c.SUITS),
    SuitParam.BLACK: len(c.BLACK_SUITS),
    SuitParam.RED_AND_BLACK: len(c.RED_SUITS) * len(c.BLACK_SUITS),
}


def most_per_team(feast: Feast) -> int:
    """How many times one team's announcements can list ``feast`` in a hand, at
    most (R12, R13): the same announcement twice is an error, so once per way of
    declaring it (a magnifier carries one feast, so once per group of declared
    magnifiers; once per suit or pair of suits it can declare); a message may
    repeat, once per player of the team for each declaration."""
    if feast.declared_cards:
        declarations = len(c.MAGNIFIERS) // feast.declared_cards
    else:
        declarations = _SUIT_DECLARATIONS[feast.suits]
    return declarations * (TEAM_PLAYERS if feast.is_message else 1)


# More announcements than this in one team's record cannot all be valid (R12, R13):
# the bound a record is checked against before its announcements are judged.
TEAM_ANNOUNCEMENTS_MOST: Final[int] = sum(
    most_per_team(FEASTS[code]) for code in ANNOUNCEABLE
)


def suit_cards_for(feast: Feast, suits: tuple[str, ...]) -> tuple[CardNeed, ...]:
    """Cards a suit-declaring feast needs in the team's tricks, given its suits."""
    if not suits:
        return ()
    if feast.code in ("gang", "red_and_black"):
        return tuple(_won(c.SUIT_CARDS[suit]) for suit in suits)
    if feast.code == "dschinn":
        return (_won(f"{suits[0]}-10"),)
    if feast.code == "marriage":
        return (_won((f"{suits[0]}-K", f"{suits[0]}-Q")),)
    if feast.code == "famille":
        return (_won(c.SUIT_CARDS[suits[0]], 3),)
    return ()
