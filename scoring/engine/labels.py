"""How the engine's messages name the parts of a hand record: the path of an
announcement's field, a feast with its declared cards or suits, teams and players."""

from __future__ import annotations

from .errors import pointer
from .i18n import _
from .sheet import ROLE_NAMES, SIDE_NAMES, Announcement


def path_of(announcement: Announcement, *parts: str | int) -> str:
    """The JSON Pointer of an announcement or one of its fields."""
    return pointer("announcements", announcement.index, *parts)


def feast_label(announcement: Announcement) -> str:
    """The feast's translated name, with its declared cards or suits: ``Kite (H-K)``."""
    extra = announcement.cards or announcement.suits
    name = _(announcement.feast.name)
    return name + (f" ({', '.join(extra)})" if extra else "")


def side_name(side: str) -> str:
    """A team's translated name: attack, defence."""
    return _(SIDE_NAMES[side])


def role_name(role: str) -> str:
    """A player's translated name: driver, catcher."""
    return _(ROLE_NAMES[role])
