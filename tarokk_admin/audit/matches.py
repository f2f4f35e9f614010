"""The federation's rules on the stored matches (R11, R15): line-ups of members of
the teams, no substitute in the cup, dates in their season, jury approvals recorded
before the match, at most 52 championship matches a team a season, and each
completed match's results equal to what its hands give."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from competitions.models import (
    Competition,
    CupRegistration,
    Lineup,
    Match,
    MatchResult,
    Membership,
)
from competitions.rules.standings import CHAMPIONSHIP_MATCH_CAP
from competitions.selectors.matches import (
    match_needs_jury_approval,
    match_start_datetime,
)
from scoring.engine import score_match_record
from tarokk_admin.audit.problems import match_where, problem_found
from tarokk_admin.core.l10n import human_date
from tarokk_admin.core.problems import Problem

BATCH = 500


def matches_check() -> Iterator[Problem]:
    members = {
        (m.season_id, m.team_id, m.player_id): m.role for m in Membership.objects.all()
    }
    registered = {
        (r.competition_id, r.team_id): (r.driver_id, r.catcher_id)
        for r in CupRegistration.objects.filter(withdrawn_at__isnull=True)
    }
    matches = (
        Match.objects.exclude(status=Match.Status.VOID)
        .select_related("team_a", "team_b", "competition__season", "jury_approval")
        .prefetch_related(
            Prefetch("lineups", Lineup.objects.select_related("driver", "catcher")),
            "hands",
            "results",
        )
        .order_by("date", "pk")
    )
    played: Counter[tuple[int, int]] = Counter()
    for match in matches.iterator(chunk_size=BATCH):
        where = match_where(match)
        yield from _season(match, where)
        yield from _lineups(match, where, members, registered)
        if match.status == Match.Status.COMPLETED:
            yield from _approval(match, where)
            yield from _results(match, where)
        if _counts(match):
            for team_id in (match.team_a_id, match.team_b_id):
                played[(team_id, match.competition.season_id)] += 1
                if played[(team_id, match.competition.season_id)] == (
                    CHAMPIONSHIP_MATCH_CAP + 1
                ):
                    yield _over_cap(match, team_id, where)


def _counts(match: Match) -> bool:
    return (
        match.competition.kind == Competition.Kind.CHAMPIONSHIP
        or match.counts_for_championship
    )


def _season(match: Match, where: str) -> Iterator[Problem]:
    year = match.competition.season.year
    if match.date.year != year:
        yield problem_found(
            "date_outside_season",
            where,
            _("The match is dated %(date)s, outside its %(year)s season (R15).")
            % {"date": human_date(match.date), "year": year},
            _("Correct the date in the admin, or move the match to the right season."),
        )


def _lineups(
    match: Match,
    where: str,
    members: dict[tuple[int, int, int], str],
    registered: dict[tuple[int, int], tuple[int, int]],
) -> Iterator[Problem]:
    season_id = match.competition.season_id
    is_cup = match.competition.kind == Competition.Kind.CUP
    for lineup in match.lineups.all():
        team = match.team_a if lineup.team_id == match.team_a_id else match.team_b
        for player, role in ((lineup.driver, "driver"), (lineup.catcher, "catcher")):
            membership = members.get((season_id, lineup.team_id, player.pk))
            names = {"player": player.name, "team": team.name, "role": _(role)}
            if membership is None:
                yield problem_found(
                    "lineup_not_member",
                    where,
                    _(
                        "%(player)s plays %(role)s for %(team)s but is not a member "
                        "of the team this season (R15)."
                    )
                    % names,
                    _(
                        "Add the membership in the admin if they were a member, or "
                        "correct the line-up."
                    ),
                )
            elif is_cup and not _cup_player(
                match, lineup, player.pk, role, membership, registered
            ):
                yield problem_found(
                    "cup_substitute",
                    where,
                    _(
                        "%(player)s plays %(role)s for %(team)s in the cup, where only "
                        "the team's registered driver and catcher play: no "
                        "substitute (R15)."
                    )
                    % names,
                    _(
                        "Correct the line-up or the cup registration; if the match "
                        "stands as played, the jury decides and an official voids it."
                    ),
                )


def _cup_player(
    match: Match,
    lineup: Lineup,
    player_id: int,
    role: str,
    membership: str,
    registered: dict[tuple[int, int], tuple[int, int]],
) -> bool:
    pair = registered.get((match.competition_id, lineup.team_id))
    if pair is not None:
        return player_id == (pair[0] if role == "driver" else pair[1])
    return membership == role


def _approval(match: Match, where: str) -> Iterator[Problem]:
    if not match_needs_jury_approval(match):
        return
    approval = getattr(match, "jury_approval", None)
    start = match_start_datetime(match)
    if approval is None:
        yield problem_found(
            "approval_missing",
            where,
            _(
                "The match was not played in public or was before the annual meeting, "
                "and has no jury approval (R15)."
            ),
            _(
                "The jury reviews the match: if it stands, record the approval with "
                "a note saying when it was given; otherwise an official voids it."
            ),
        )
    elif approval.approved_at > start:
        yield problem_found(
            "approval_after_match",
            where,
            _(
                "The jury approval is dated %(when)s, after the match started "
                "(%(start)s); R15 wants it before."
            )
            % {
                "when": approval.approved_at.isoformat(timespec="minutes"),
                "start": start.isoformat(timespec="minutes"),
            },
            _("The jury confirms when it approved; otherwise an official voids it."),
        )


def _results(match: Match, where: str) -> Iterator[Problem]:
    fix = _(
        "An official saves a hand again (with a reason) or completes the match "
        "again: the results are recomputed from the hands."
    )
    if len(match.hands.all()) != match.hands_expected:
        yield problem_found(
            "hands_missing",
            where,
            _("The match is completed with %(n)s of its %(expected)s hands.")
            % {"n": len(match.hands.all()), "expected": match.hands_expected},
            _("Enter the missing hands (an official, with a reason), or void it."),
        )
        return
    judged = score_match_record(_record(match))
    if not judged["valid"]:
        first = judged["errors"][0]
        yield problem_found(
            "match_invalid",
            where,
            _("The engine refuses the match record: %(path)s %(message)s")
            % {"path": first["path"] or "/", "message": first["message"]},
            fix,
        )
        return
    stored = {row.team_id: row for row in match.results.all()}
    for team in (match.team_a, match.team_b):
        want = judged["teams"][team.name]
        row: MatchResult | None = stored.get(team.pk)
        have = (row.total, row.points) if row else None
        if have != (want["total"], want["points"]):
            yield problem_found(
                "result_differs",
                where,
                _(
                    "%(team)s's stored result %(have)s is not what the hands give: "
                    "total %(total)s, %(points)s match points (R11)."
                )
                % {
                    "team": team.name,
                    "have": _("(none)")
                    if have is None
                    else _("total %(t)s, %(p)s match points")
                    % {"t": have[0], "p": have[1]},
                    "total": want["total"],
                    "points": want["points"],
                },
                fix,
            )


def _over_cap(match: Match, team_id: int, where: str) -> Problem:
    team = match.team_a if team_id == match.team_a_id else match.team_b
    return problem_found(
        "over_match_cap",
        where,
        _(
            "This is %(team)s's %(n)sth championship match of %(year)s; a team plays "
            "at most %(cap)s a season (R15)."
        )
        % {
            "team": team.name,
            "n": CHAMPIONSHIP_MATCH_CAP + 1,
            "year": match.competition.season.year,
            "cap": CHAMPIONSHIP_MATCH_CAP,
        },
        _("An official voids the matches beyond the cap (the latest ones)."),
    )


def _record(match: Match) -> dict[str, Any]:
    """The match as a match record (as ``match_as_record``), from its prefetched
    hands."""
    first = match.team_a if match.first_attack_id == match.team_a_id else match.team_b
    hands = sorted(match.hands.all(), key=lambda hand: hand.number)
    record: dict[str, Any] = {
        "format": "royal-tarokk-match/1",
        "teams": [match.team_a.name, match.team_b.name],
        "first_attack": first.name,
        "hands": [hand.record for hand in hands],
    }
    if match.tiebreak:
        record["tiebreak"] = True
    return record
