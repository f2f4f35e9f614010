"""Where an imported match belongs, per competition kind (HAND_RECORD.md, Matches file).

``KIND_HANDLERS`` maps a ``competition.kind`` of a matches file to a small handler:
the keys it takes beyond ``season`` and ``kind``, a pure ``check`` of those keys, and
``place``, which finds or creates the competition (and cup tie) in the database.
A handler refuses from the app's table (``scoring.errors``) with a ``field`` naming the
offending key.

The cup's own refusals (a 4th match in a tie, a tie-breaker while the totals differ,
later-round teams that are not the winners, substitutes, more than 16 teams) belong
in :func:`cup_place` / :func:`cup_check` and are added by the cup's owner.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from competitions.models import Competition, CupTie, GrandPrixEntry, Season, Team
from scoring.engine.errors import Errors, quote
from scoring.errors import ERRORS

CUP_ROUNDS = 4  # R15: last 16, quarter-finals, semi-finals, final
GRAND_PRIX_ROUNDS = 3  # R15: each team plays 3 matches


@dataclass(frozen=True)
class Placement:
    """The competition a match belongs to and its place inside it."""

    competition: Competition
    tie: CupTie | None = None
    tiebreak: int = 0
    round: int | None = None


Check = Callable[[dict[str, Any], Any, Errors], None]
Place = Callable[[dict[str, Any], Season, tuple[Team, Team]], Placement]


def _no_check(spec: dict[str, Any], record: Any, errors: Errors) -> None:
    return None


@dataclass(frozen=True)
class KindHandler:
    place: Place
    required: frozenset[str] = frozenset()
    optional: frozenset[str] = frozenset()
    check: Check = field(default=_no_check)

    @property
    def keys(self) -> frozenset[str]:
        return self.required | self.optional


def int_in_range(
    spec: dict[str, Any], key: str, low: int, high: int, errors: Errors
) -> int | None:
    """``spec[key]`` when it is an integer in low..high; an error otherwise (a
    missing key is reported once, by the caller's required-keys check)."""
    if key not in spec:
        return None
    value = spec.get(key)
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not low <= value <= high
    ):
        errors.add(
            "wrong_type",
            f"/competition/{key}",
            _("%(key)s must be a whole number from %(low)s to %(high)s; got %(value)s.")
            % {"key": key, "low": low, "high": high, "value": quote(value)},
        )
        return None
    return value


def single_competition(season: Season, kind: str) -> Competition:
    """The season's one championship / cup / free games, created when missing."""
    competition = Competition.objects.filter(season=season, kind=kind).first()
    if competition is None:
        with translation.override(settings.LANGUAGE_CODE):
            name = str(Competition.Kind(kind).label)
        competition = Competition.objects.create(season=season, kind=kind, name=name)
    return competition


def championship_place(
    spec: dict[str, Any], season: Season, teams: tuple[Team, Team]
) -> Placement:
    return Placement(single_competition(season, Competition.Kind.CHAMPIONSHIP))


def free_place(
    spec: dict[str, Any], season: Season, teams: tuple[Team, Team]
) -> Placement:
    return Placement(single_competition(season, Competition.Kind.FREE))


def grand_prix_check(spec: dict[str, Any], record: Any, errors: Errors) -> None:
    event = spec.get("event")
    if "event" in spec and (
        not isinstance(event, str) or not event.strip() or len(event) > 120
    ):
        errors.add(
            "wrong_type",
            "/competition/event",
            _("event must name the Grand Prix (1-120 characters); got %(value)s.")
            % {"value": quote(event)},
        )
    int_in_range(spec, "round", 1, GRAND_PRIX_ROUNDS, errors)


def grand_prix_place(
    spec: dict[str, Any], season: Season, teams: tuple[Team, Team]
) -> Placement:
    competition, _created = Competition.objects.get_or_create(
        season=season, kind=Competition.Kind.GRAND_PRIX, name=spec["event"].strip()
    )
    for team in teams:
        GrandPrixEntry.objects.get_or_create(competition=competition, team=team)
    return Placement(competition, round=spec["round"])


def cup_check(spec: dict[str, Any], record: Any, errors: Errors) -> None:
    """Round 1 is the last 16 (slots 1-8) ... round 4 the final (slot 1); a
    tie-breaker has ``tiebreak`` N in its competition and ``"tiebreak": true`` in its
    match record (R15)."""
    round_ = int_in_range(spec, "round", 1, CUP_ROUNDS, errors)
    if round_ is not None:
        int_in_range(spec, "slot", 1, 8 >> (round_ - 1), errors)
    if "tiebreak" in spec:
        int_in_range(spec, "tiebreak", 1, 99, errors)
    flagged = isinstance(record, dict) and record.get("tiebreak") is True
    if flagged != ("tiebreak" in spec):
        errors.add(
            "tiebreak_mismatch",
            "/competition/tiebreak",
            _(
                "A cup tie-breaker has tiebreak N in its competition and "
                '"tiebreak": true in its match record; this match has only one of '
                "them (R15)."
            ),
        )


def cup_place(
    spec: dict[str, Any], season: Season, teams: tuple[Team, Team]
) -> Placement:
    competition = single_competition(season, Competition.Kind.CUP)
    tie, created = CupTie.objects.get_or_create(
        competition=competition,
        round=spec["round"],
        slot=spec["slot"],
        defaults={"team_a": teams[0], "team_b": teams[1]},
    )
    if not created:
        if tie.team_a_id is None and tie.team_b_id is None:
            tie.team_a, tie.team_b = teams
            tie.save(update_fields=["team_a", "team_b"])
        elif {tie.team_a_id, tie.team_b_id} != {teams[0].pk, teams[1].pk}:
            ERRORS.refuse(
                "import_cup_slot_taken",
                field="slot",
                round=spec["round"],
                slot=spec["slot"],
                a=tie.team_a,
                b=tie.team_b,
            )
    return Placement(competition, tie=tie, tiebreak=spec.get("tiebreak", 0))


KIND_HANDLERS: dict[str, KindHandler] = {
    Competition.Kind.CHAMPIONSHIP: KindHandler(place=championship_place),
    Competition.Kind.GRAND_PRIX: KindHandler(
        place=grand_prix_place,
        required=frozenset({"event", "round"}),
        check=grand_prix_check,
    ),
    Competition.Kind.FREE: KindHandler(place=free_place),
    Competition.Kind.CUP: KindHandler(
        place=cup_place,
        required=frozenset({"round", "slot"}),
        optional=frozenset({"tiebreak"}),
        check=cup_check,
    ),
}
