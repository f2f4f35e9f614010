"""The roll of honour (issues 22, 23): every year's placings, newest year first.

A year the app closed itself (R15) comes from the competitions' own records
(``closings.year_placings``); any other year from the archive's ``Honour`` rows.
A year is never both: the app's own record of a year stands, and the archive's
rows of that year are not shown (the import refuses them too).

Each honour on the roll has a key (year, competition, event, place and the name
on the roll) that the ceremony's presented mark (``HonourPresentation``) refers
to, whichever the source."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from competitions.models import (
    Honour,
    HonourCompetition,
    HonourPresentation,
    Membership,
    Player,
    Team,
)
from competitions.selectors.closings import Placing, closed_years, year_placings
from tarokk_admin.core.collation import collation_key
from tarokk_admin.core.text import fold

ORDER = [choice.value for choice in HonourCompetition]
APP, ARCHIVE = "app", "archive"


def honour_key(year: int, competition: str, event: str, place: int, name: str) -> str:
    """An honour's identity on the roll, as a short fixed-length key."""
    text = "|".join([str(year), competition, fold(event), str(place), fold(name)])
    return hashlib.sha1(text.encode("utf-8"), usedforsecurity=False).hexdigest()


def place_label(competition: str, place: int) -> str:
    """The cup names its places (R15: winner, finalist, two bronzes); the others
    are numbered."""
    if competition == HonourCompetition.CUP:
        names = {1: _("Winner"), 2: _("Finalist"), 3: _("Bronze")}
        if place in names:
            return names[place]
    return _("Place %(n)s") % {"n": place}


@dataclass
class RollEntry:
    year: int
    competition: str
    event: str
    place: int
    name: str
    points: int | None
    source: str
    team_id: int | None = None
    player_id: int | None = None
    presented: HonourPresentation | None = None

    @property
    def key(self) -> str:
        return honour_key(
            self.year, self.competition, self.event, self.place, self.name
        )

    @property
    def place_label(self) -> str:
        return place_label(self.competition, self.place)

    @property
    def competition_label(self) -> str:
        return str(HonourCompetition(self.competition).label)

    @property
    def label(self) -> str:
        """The honour in no language (its presented mark): the event, the place
        and the name, "Tavaszi Nagydíj · 1. Szegedi Skíz"."""
        return " · ".join(filter(None, [self.event, f"{self.place}. {self.name}"]))


@dataclass
class RollSection:
    competition: str
    event: str
    entries: list[RollEntry] = field(default_factory=list)

    @property
    def label(self) -> str:
        return str(HonourCompetition(self.competition).label)


@dataclass
class YearRoll:
    year: int
    source: str
    sections: list[RollSection] = field(default_factory=list)

    def entries(self) -> list[RollEntry]:
        return [entry for section in self.sections for entry in section.entries]

    def entry(self, key: str) -> RollEntry | None:
        return next((e for e in self.entries() if e.key == key), None)

    def firsts(self) -> list[RollEntry]:
        """The winners of each competition and event (the index's line)."""
        return [e for s in self.sections for e in s.entries if e.place == 1]


def _placing_entry(year: int, placing: Placing) -> RollEntry:
    name = placing.team or " – ".join(placing.players)
    return RollEntry(
        year, placing.competition, placing.event, placing.place, name,
        placing.points, APP,
    )  # fmt: skip


def _honour_entry(honour: Honour) -> RollEntry:
    return RollEntry(
        honour.year,
        honour.competition,
        honour.event,
        honour.place,
        honour.name,
        honour.points,
        ARCHIVE,
        team_id=honour.team_id,
        player_id=honour.player_id,
    )


def _sections(entries: Iterable[RollEntry]) -> list[RollSection]:
    grouped: dict[tuple[str, str], RollSection] = {}
    for entry in entries:
        slot = (entry.competition, entry.event)
        if slot not in grouped:
            grouped[slot] = RollSection(entry.competition, entry.event)
        grouped[slot].entries.append(entry)
    sections = sorted(
        grouped.values(),
        key=lambda s: (
            ORDER.index(s.competition) if s.competition in ORDER else 99,
            collation_key(s.event),
        ),
    )
    for section in sections:
        section.entries.sort(key=lambda e: (e.place, collation_key(e.name)))
    return sections


def honour_years() -> list[int]:
    """Every year on the roll, newest first."""
    years = set(closed_years())
    years |= set(Honour.objects.values_list("year", flat=True).distinct())
    return sorted(years, reverse=True)


def honour_roll_year(year: int) -> YearRoll | None:
    """The year's roll with the ceremony's marks, or None when it has none."""
    if not 1900 <= year <= 9999:  # a year no column holds
        return None
    if year in closed_years():
        entries = [_placing_entry(year, p) for p in year_placings(year)]
        roll = YearRoll(year, APP, _sections(entries))
    else:
        honours = Honour.objects.filter(year=year)
        roll = YearRoll(year, ARCHIVE, _sections(map(_honour_entry, honours)))
    if not roll.sections:
        return None
    marks = {
        mark.key: mark
        for mark in HonourPresentation.objects.filter(
            year=year, presented=True
        ).select_related("presented_by")
    }
    for entry in roll.entries():
        entry.presented = marks.get(entry.key)
    return roll


def honour_rolls() -> list[YearRoll]:
    """Every year's roll, newest first (no presented marks): one query for the
    archive, and the app's own placings of each year it closed."""
    closed = set(closed_years())
    by_year: dict[int, list[RollEntry]] = defaultdict(list)
    for honour in Honour.objects.exclude(year__in=closed):
        by_year[honour.year].append(_honour_entry(honour))
    rolls = [YearRoll(y, ARCHIVE, _sections(e)) for y, e in by_year.items()]
    for year in closed:
        entries = [_placing_entry(year, p) for p in year_placings(year)]
        if entries:
            rolls.append(YearRoll(year, APP, _sections(entries)))
    return sorted(rolls, key=lambda roll: roll.year, reverse=True)


def _app_entries(closed: Iterable[int], wanted: Any) -> list[RollEntry]:
    """The app's own placings of the ``closed`` years that ``wanted(year,
    placing)`` keeps."""
    entries = []
    for year in closed:
        entries += [
            _placing_entry(year, p) for p in year_placings(year) if wanted(year, p)
        ]
    return entries


def _newest_first(entries: list[RollEntry]) -> list[RollEntry]:
    return sorted(
        entries,
        key=lambda e: (
            -e.year,
            ORDER.index(e.competition) if e.competition in ORDER else 99,
            e.place,
        ),
    )


def team_honours(team: Team) -> list[RollEntry]:
    """The team's placings, newest first, as written then: the archive's (by the
    team's link, or its name) and the app's own closed years."""
    closed = set(closed_years())
    archive = Honour.objects.filter(
        Q(team=team) | Q(team__isnull=True, player__isnull=True, name__iexact=team.name)
    ).exclude(year__in=closed)
    folded = fold(team.name)
    entries = [_honour_entry(h) for h in archive]
    entries += _app_entries(closed, lambda year, p: fold(p.team) == folded)
    return _newest_first(entries)


@dataclass
class PlayerPast:
    honours: list[RollEntry]
    # (year, team's name) of every season the player played for a team.
    teams: list[tuple[int, str]]


def player_honours(player: Player) -> PlayerPast:
    """The player's own placings and their teams' placings in the seasons they
    played for them, newest first, and the teams they played for."""
    memberships = list(
        Membership.objects.filter(player=player)
        .select_related("team", "season")
        .order_by("-season__year")
    )
    teams = [(m.season.year, m.team.name) for m in memberships]
    played = {(year, fold(name)) for year, name in teams}
    team_ids = {(m.season.year, m.team_id) for m in memberships}
    closed = set(closed_years())
    archive = Honour.objects.filter(
        Q(player=player) | Q(team_id__in={t for _y, t in team_ids})
    ).exclude(year__in=closed)
    entries = [
        _honour_entry(h)
        for h in archive
        if h.player_id == player.pk or (h.year, h.team_id) in team_ids
    ]
    name = fold(player.name)

    def wanted(year: int, placing: Placing) -> bool:
        if any(fold(p) == name for p in placing.players):
            return True
        return bool(placing.team) and (year, fold(placing.team)) in played

    entries += _app_entries(closed, wanted)
    return PlayerPast(_newest_first(entries), teams)
