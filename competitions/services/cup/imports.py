"""The cup's own refusals of a matches file (HAND_RECORD.md "Cup matches in a
matches file", R15), checked once every match of the file is stored and before the
import commits, so the order of the matches in the file does not matter:

- a 4th match in a tie;
- a tie-breaker while the tie's totals (and the earlier tie-breakers) are not level;
- a later-round tie whose teams are not the winners of the ties that feed it;
- a line-up with a player other than the pair that team played its first cup match
  with (no substitutes in the cup);
- more than 16 teams.

Any error and the import rolls the whole file back. Without errors the touched ties
are decided and their winners advanced, round by round, and each team's pair is kept
as its cup registration.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from competitions.errors import ERRORS
from competitions.models import (
    Competition,
    CupRegistration,
    CupRound,
    CupTie,
    Lineup,
    Match,
)
from competitions.rules import bracket
from competitions.selectors.cup import refusal_message, tie_scores
from competitions.services.cup.registration import cup_ensure
from competitions.services.cup.ties import cup_tie_decide
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.problems import Problem


def _error(error: ServiceError, path: str) -> dict[str, str]:
    """A refusal from the table as the matches file's problem at ``path``, in the
    engine's shape ``{code, message, path}``."""
    return Problem.refused(error, path=path).as_json()


def _tie_label(tie: CupTie) -> str:
    return _("round %(round)s slot %(slot)s (%(name)s)") % {
        "round": tie.round,
        "slot": tie.slot,
        "name": CupRound.Number(tie.round).label,
    }


def cup_import_finish(*, stored: Sequence[tuple[str, Match]]) -> list[dict[str, str]]:
    """Check the cups that the file's stored matches belong to; ``stored`` is
    (path of the match in the file, the stored match) in file order. Returns the
    errors (engine-shaped, with paths); without errors, decides the ties."""
    cup_matches = [(path, m) for path, m in stored if m.tie_id is not None]
    if not cup_matches:
        return []
    paths = {m.pk: path for path, m in cup_matches}
    errors: list[dict[str, str]] = []
    cups = Competition.objects.filter(
        pk__in={m.competition_id for _p, m in cup_matches}
    ).select_related("season")
    for cup in cups:
        errors += _check_cup(cup, paths)
    if errors:
        return errors
    for cup in cups:
        cup_ensure(season=cup.season)
        for tie in CupTie.objects.filter(competition=cup).order_by("round", "slot"):
            cup_tie_decide(tie=tie)
    return []


def _path(match: Match, paths: dict[int, str], fallback: str) -> str:
    return paths.get(match.pk, fallback)


def _check_cup(cup: Competition, paths: dict[int, str]) -> list[dict[str, str]]:
    matches = list(
        Match.objects.filter(competition=cup, tie__isnull=False)
        .exclude(status=Match.Status.VOID)
        .select_related("tie", "team_a", "team_b")
        .order_by("date", "pk")
    )
    first_path = next(iter(paths.values()))
    errors = _check_teams(cup, matches, paths, first_path)
    errors += _check_lineups(cup, matches, paths, first_path)
    ties = {
        (t.round, t.slot): t
        for t in CupTie.objects.filter(competition=cup).select_related(
            "team_a", "team_b"
        )
    }
    by_tie: dict[int, list[Match]] = {}
    for match in matches:
        by_tie.setdefault(match.tie_id, []).append(match)
    winners: dict[tuple[int, int], Any] = {}
    for (round_, slot), tie in sorted(ties.items()):
        own = by_tie.get(tie.pk, [])
        here = _path(own[0], paths, first_path) if own else first_path
        errors += _check_tie(tie, own, paths, here)
        winners[(round_, slot)] = _winner(tie)
        if round_ > 1 and own:
            errors += _check_feeders(tie, ties, winners, here)
    return errors


def _check_teams(
    cup: Competition, matches: list[Match], paths: dict[int, str], fallback: str
) -> list[dict[str, str]]:
    seen: list[int] = []
    for match in matches:
        for team_id in (match.team_a_id, match.team_b_id):
            if team_id not in seen:
                seen.append(team_id)
                if len(seen) > bracket.CUP_TEAMS:
                    return [
                        _error(
                            ERRORS.error(
                                "too_many_teams",
                                year=cup.season.year,
                                n=bracket.CUP_TEAMS,
                                team=match.team_a
                                if team_id == match.team_a_id
                                else match.team_b,
                            ),
                            _path(match, paths, fallback) + "/record/teams",
                        )
                    ]
    return []


def _check_lineups(
    cup: Competition, matches: list[Match], paths: dict[int, str], fallback: str
) -> list[dict[str, str]]:
    """R15: no substitutes in the cup — every line-up is the pair the team played its
    first cup match with; that pair becomes its cup registration."""
    lineups = {
        (lu.match_id, lu.team_id): lu
        for lu in Lineup.objects.filter(match__in=matches).select_related(
            "team", "driver", "catcher"
        )
    }
    registered = {
        r.team_id: r
        for r in CupRegistration.objects.filter(competition=cup).select_related(
            "driver", "catcher"
        )
    }
    pairs: dict[int, tuple[int, int]] = {
        team_id: (r.driver_id, r.catcher_id) for team_id, r in registered.items()
    }
    errors = []
    for match in sorted(matches, key=lambda m: (m.date, m.pk)):
        for team_id in (match.team_a_id, match.team_b_id):
            lineup = lineups.get((match.pk, team_id))
            if lineup is None:
                continue
            pair = (lineup.driver_id, lineup.catcher_id)
            first = pairs.setdefault(team_id, pair)
            if pair != first:
                path = _path(match, paths, fallback)
                errors.append(
                    _error(
                        ERRORS.error(
                            "cup_lineup_changed",
                            team=lineup.team.name,
                            pair=_pair_names(first),
                        ),
                        f"{path}/lineups/{lineup.team.name}",
                    )
                )
    if not errors:
        _register_pairs(cup, pairs, registered)
    return errors


def _pair_names(pair: tuple[int, int]) -> str:
    from competitions.models import Player

    names = dict(Player.objects.filter(pk__in=pair).values_list("pk", "name"))
    return _("driver %(driver)s and catcher %(catcher)s") % {
        "driver": names.get(pair[0]),
        "catcher": names.get(pair[1]),
    }


def _register_pairs(
    cup: Competition,
    pairs: dict[int, tuple[int, int]],
    registered: dict[int, CupRegistration],
) -> None:
    CupRegistration.objects.bulk_create(
        CupRegistration(
            competition=cup, team_id=team_id, driver_id=pair[0], catcher_id=pair[1]
        )
        for team_id, pair in pairs.items()
        if team_id not in registered
    )


def _check_tie(
    tie: CupTie, matches: list[Match], paths: dict[int, str], here: str
) -> list[dict[str, str]]:
    regular = [m for m in matches if not m.tiebreak]
    if len(regular) > bracket.TIE_MATCHES:
        fourth = regular[bracket.TIE_MATCHES]
        return [
            _error(
                ERRORS.error("fourth_match", tie=_tie_label(tie)),
                _path(fourth, paths, here),
            )
        ]
    tiebreaks = sorted((m for m in matches if m.tiebreak), key=lambda m: m.tiebreak)
    if not tiebreaks:
        return []
    numbers = [m.tiebreak for m in tiebreaks]
    if numbers != list(range(1, len(numbers) + 1)):
        return [
            _error(
                ERRORS.error("tiebreak_number", tie=_tie_label(tie), numbers=numbers),
                _path(tiebreaks[-1], paths, here) + "/competition/tiebreak",
            )
        ]
    scores, breaks = tie_scores(tie)
    for i, match in enumerate(tiebreaks):
        reason = bracket.tiebreak_refusal(scores, breaks[:i])
        if reason:
            return [
                _error(
                    ERRORS.error(
                        "tiebreak_not_level",
                        n=match.tiebreak,
                        tie=_tie_label(tie),
                        reason=refusal_message(reason),
                    ),
                    _path(match, paths, here) + "/competition/tiebreak",
                )
            ]
    return []


def _winner(tie: CupTie) -> int | None:
    if tie.team_a_id is None or tie.team_b_id is None:
        return None
    scores, breaks = tie_scores(tie)
    try:
        decision = bracket.decide(scores, breaks)
    except bracket.BracketError:
        return None
    if decision.winner is None:
        return None
    return (tie.team_a_id, tie.team_b_id)[decision.winner]


def _check_feeders(
    tie: CupTie,
    ties: dict[tuple[int, int], CupTie],
    winners: dict[tuple[int, int], int | None],
    here: str,
) -> list[dict[str, str]]:
    """Slot k is played by the winners of slots 2k-1 and 2k of the round before; the
    lower slot's winner is named first on the tie."""
    feeders = bracket.feeders(tie.round, tie.slot)
    expected = [winners.get(position) for position in feeders]
    if set(expected) == {tie.team_a_id, tie.team_b_id} and None not in expected:
        if [tie.team_a_id, tie.team_b_id] != expected:
            tie.team_a_id, tie.team_b_id = expected
            tie.save(update_fields=["team_a", "team_b"])
        return []
    names = []
    for position, winner in zip(feeders, expected, strict=True):
        feeder = ties.get(position)
        if winner is None:
            names.append(_("the undecided %(tie)s") % {"tie": _tie_label_at(*position)})
        else:
            team = feeder.team_a if feeder.team_a_id == winner else feeder.team_b
            names.append(
                _("%(team)s (winner of %(tie)s)")
                % {"team": team, "tie": _tie_label_at(*position)}
            )
    return [
        _error(
            ERRORS.error(
                "not_the_winners",
                tie=_tie_label(tie),
                a=tie.team_a,
                b=tie.team_b,
                expected=_(" and ").join(str(n) for n in names),
            ),
            here + "/record/teams",
        )
    ]


def _tie_label_at(round_: int, slot: int) -> str:
    return _tie_label(CupTie(round=round_, slot=slot))
