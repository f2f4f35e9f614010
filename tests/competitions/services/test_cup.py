"""Cup services (R15): registration, the draw, scheduling a tie's matches, the
tie-breaker loop, advancement and medals — every refusal with its message."""

import datetime as dt

import pytest

from competitions.models import CupRound, CupTie, MatchResult
from competitions.selectors.cup import cup_api_data, cup_of_year, cup_view
from competitions.services.cup.draw import cup_draw, cup_round_deadline_set
from competitions.services.cup.registration import (
    cup_ensure,
    cup_register,
    cup_withdraw,
)
from competitions.services.cup.ties import cup_match_schedule, cup_tie_decide
from competitions.services.lineups import lineup_set
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role
from tests.competitions.kit import (
    OPEN_DAY,
    cup_season,
    drawn_cup,
    level_records,
    play,
    registered_cup,
    tie_at,
)
from tests.factories import UserFactory, captain_of, roster, team_with_roster

pytestmark = pytest.mark.django_db


def _register(cup, team, today=OPEN_DAY):
    players = roster(team, cup.season)
    return cup_register(
        cup=cup,
        team=team,
        driver=players["driver"],
        catcher=players["catcher"],
        today=today,
    )


class TestRegistration:
    def test_R15_team_registers_its_driver_and_catcher(self):
        season = cup_season()
        cup = cup_ensure(season=season)
        team = team_with_roster(season)
        registration = _register(cup, team)
        players = roster(team, season)
        assert (registration.driver, registration.catcher) == (
            players["driver"],
            players["catcher"],
        )

    def test_R15_cup_has_four_rounds_with_month_end_deadlines(self):
        cup = cup_ensure(season=cup_season())
        assert [(r.number, r.deadline) for r in cup.cup_rounds.all()] == [
            (1, dt.date(2026, 9, 30)),
            (2, dt.date(2026, 10, 31)),
            (3, dt.date(2026, 11, 30)),
            (4, dt.date(2026, 12, 31)),
        ]

    def test_R15_substitute_cannot_be_registered(self):
        season = cup_season()
        cup = cup_ensure(season=season)
        team = team_with_roster(season, substitute=True)
        players = roster(team, season)
        with pytest.raises(ServiceError, match="no substitute") as error:
            cup_register(
                cup=cup,
                team=team,
                driver=players["driver"],
                catcher=players["substitute"],
                today=OPEN_DAY,
            )
        assert error.value.field == "catcher"

    def test_R15_seventeenth_team_waits_as_a_reserve_and_is_not_drawn(self):
        cup = registered_cup(16)
        team = team_with_roster(cup.season)
        _register(cup, team)
        view = cup_view(cup)
        assert [r.team for r in view.reserves] == [team]
        assert len(view.active) == 16
        cup_draw(cup=cup, user=UserFactory(roles=[Role.OFFICIAL]), seed=3)
        drawn = CupTie.objects.filter(competition=cup, round=1)
        assert team.pk not in {t.team_a_id for t in drawn} | {
            t.team_b_id for t in drawn
        }

    def test_R15_a_team_withdrawing_before_the_draw_is_replaced_by_the_next(self):
        cup = registered_cup(16)
        reserve = team_with_roster(cup.season)
        later = team_with_roster(cup.season)
        _register(cup, reserve)
        _register(cup, later)
        official = UserFactory(roles=[Role.OFFICIAL])
        first = cup.registrations.order_by("registered_at", "pk").first()
        done = cup_withdraw(registration=first, user=official)
        assert done.replacement.team == reserve
        view = cup_view(cup)
        assert reserve in [r.team for r in view.active]
        assert [r.team for r in view.reserves] == [later]
        cup_draw(cup=cup, user=official, seed=5)
        drawn = CupTie.objects.filter(competition=cup, round=1)
        teams = {t.team_a_id for t in drawn} | {t.team_b_id for t in drawn}
        assert reserve.pk in teams
        assert first.team_id not in teams
        assert later.pk not in teams

    def test_R15_a_reserve_cannot_be_placed_in_the_bracket(self):
        cup = registered_cup(16)
        reserve = team_with_roster(cup.season)
        _register(cup, reserve)
        order = [r.team for r in cup_view(cup).active]
        order[0] = reserve
        with pytest.raises(ServiceError, match="is a reserve"):
            cup_draw(cup=cup, user=UserFactory(roles=[Role.OFFICIAL]), order=order)

    def test_a_captain_registers_only_a_team_they_captain_that_season(self):
        season = cup_season()
        cup = cup_ensure(season=season)
        team, other = team_with_roster(season), team_with_roster(season)
        captain = captain_of(team, season)
        players = roster(other, season)
        with pytest.raises(ServiceError, match="is not the captain") as error:
            cup_register(
                cup=cup,
                team=other,
                driver=players["driver"],
                catcher=players["catcher"],
                today=OPEN_DAY,
                user=captain,
            )
        assert error.value.code == "not_the_captain"
        players = roster(team, season)
        registration = cup_register(
            cup=cup,
            team=team,
            driver=players["driver"],
            catcher=players["catcher"],
            today=OPEN_DAY,
            user=captain,
        )
        assert registration.team == team

    @pytest.mark.parametrize(
        ("today", "message"),
        [
            (dt.date(2026, 8, 1), "opens on 2026-08-25"),
            (dt.date(2026, 9, 11), "closed"),
        ],
    )
    def test_R15_registration_only_while_open(self, today, message):
        season = cup_season()
        cup = cup_ensure(season=season)
        with pytest.raises(ServiceError, match=message):
            _register(cup, team_with_roster(season), today=today)

    def test_registration_twice_is_refused(self):
        season = cup_season()
        cup = cup_ensure(season=season)
        team = team_with_roster(season)
        _register(cup, team)
        with pytest.raises(ServiceError, match="already registered"):
            _register(cup, team)

    def test_R15_official_withdraws_before_the_draw_and_frees_a_place(self):
        cup = registered_cup(16)
        official = UserFactory(roles=[Role.OFFICIAL])
        cup_withdraw(registration=cup.registrations.first(), user=official)
        _register(cup, team_with_roster(cup.season))  # a 16th again
        cup_draw(cup=cup, user=official, seed=1)
        with pytest.raises(ServiceError, match="already drawn"):
            cup_withdraw(registration=cup.registrations.last(), user=official)

    def test_no_registration_after_the_draw(self):
        cup = drawn_cup()
        with pytest.raises(ServiceError, match="already drawn"):
            _register(cup, team_with_roster(cup.season))


class TestDraw:
    def test_R15_random_draw_records_its_seed_and_creates_15_ties(self):
        cup = drawn_cup(seed=424242)
        cup.refresh_from_db()
        assert cup.draw_seed == 424242
        assert cup.draw_placed_by is None
        assert CupTie.objects.filter(competition=cup).count() == 15
        first_round = CupTie.objects.filter(competition=cup, round=1)
        assert all(t.team_a_id and t.team_b_id for t in first_round)
        assert not CupTie.objects.filter(competition=cup, round=2, team_a__isnull=False)

    def test_R15_same_seed_reproduces_the_bracket(self):
        from competitions.rules import bracket

        cup = drawn_cup(seed=99)
        names = [r.team.name for r in cup.registrations.select_related("team")]
        expected = bracket.draw(names, 99)
        drawn = [
            (t.team_a.name, t.team_b.name)
            for t in CupTie.objects.filter(competition=cup, round=1).order_by("slot")
        ]
        assert drawn == expected

    def test_R15_draw_needs_sixteen_teams(self):
        cup = registered_cup(15)
        with pytest.raises(ServiceError, match="exactly 16 registered teams"):
            cup_draw(cup=cup, user=UserFactory(roles=[Role.OFFICIAL]))

    def test_R15_official_places_the_teams(self):
        cup = registered_cup(16)
        official = UserFactory(roles=[Role.OFFICIAL])
        order = [r.team for r in cup.registrations.order_by("-pk")]
        cup_draw(cup=cup, user=official, order=order)
        cup.refresh_from_db()
        assert cup.draw_placed_by == official
        assert cup.draw_seed is None
        first = tie_at(cup, 1, 1)
        assert (first.team_a, first.team_b) == (order[0], order[1])

    def test_draw_only_once(self):
        cup = drawn_cup()
        with pytest.raises(ServiceError, match="already drawn"):
            cup_draw(cup=cup, user=UserFactory(roles=[Role.OFFICIAL]))

    def test_R15_round_deadlines_stay_in_order(self):
        cup = cup_ensure(season=cup_season())
        cup_round_deadline_set(cup=cup, number=1, deadline=dt.date(2026, 9, 27))
        assert CupRound.objects.get(competition=cup, number=1).deadline.day == 27
        with pytest.raises(ServiceError, match="follow each other"):
            cup_round_deadline_set(cup=cup, number=2, deadline=dt.date(2026, 9, 1))


class TestScheduling:
    def test_R15_match_of_a_tie_whose_teams_are_not_known_is_refused(self):
        cup = drawn_cup()
        with pytest.raises(ServiceError, match=r"not known yet.*ties 3 and 4"):
            cup_match_schedule(tie=tie_at(cup, 2, 2), date=dt.date(2026, 10, 3))

    def test_R15_fourth_match_in_a_tie_is_refused(self):
        cup = drawn_cup()
        tie = tie_at(cup, 1, 1)
        for _ in range(3):
            cup_match_schedule(tie=tie, date=dt.date(2026, 9, 20))
        with pytest.raises(ServiceError, match="no 4th match"):
            cup_match_schedule(tie=tie, date=dt.date(2026, 9, 21))

    def test_R15_tiebreak_while_the_totals_differ_is_refused(self):
        cup = drawn_cup()
        tie = tie_at(cup, 1, 1)
        play(tie, records=level_records(8, seed=1))
        play(tie, records=level_records(8, seed=2))
        decisive = play(tie, seed=3)
        a, b = (
            MatchResult.objects.get(match=decisive, team=team).points
            for team in decisive.teams
        )
        assert a != b
        tie.refresh_from_db()
        with pytest.raises(ServiceError, match=r"decided|differ"):
            cup_match_schedule(tie=tie, date=dt.date(2026, 9, 22), tiebreak=True)

    def test_R15_tiebreak_before_the_three_matches_is_refused(self):
        cup = drawn_cup()
        tie = tie_at(cup, 1, 1)
        play(tie, records=level_records(8))
        with pytest.raises(ServiceError, match="after the tie's 3 matches"):
            cup_match_schedule(tie=tie, date=dt.date(2026, 9, 22), tiebreak=True)

    def test_R15_substitute_in_a_cup_lineup_is_refused(self):
        cup = drawn_cup()
        tie = tie_at(cup, 1, 1)
        match = cup_match_schedule(tie=tie, date=dt.date(2026, 9, 20))
        players = roster(tie.team_a, cup.season)
        with pytest.raises(ServiceError, match="registered driver and catcher"):
            lineup_set(
                match=match,
                team=tie.team_a,
                driver=players["driver"],
                catcher=players["substitute"],
            )


class TestDecision:
    def test_R15_tiebreak_loop_two_level_tiebreakers_then_a_decision(
        self, django_capture_on_commit_callbacks
    ):
        """Three level matches, two level tie-breakers (raw sums), a third decides;
        the task on commit decides the tie and advances the winner (R15, R11)."""
        cup = drawn_cup()
        tie = tie_at(cup, 1, 3)
        capture = django_capture_on_commit_callbacks
        for seed in (1, 2, 3):
            play(tie, records=level_records(8, seed=seed), capture=capture)
        tie.refresh_from_db()
        assert tie.winner is None
        first = play(
            tie, records=level_records(2, seed=4), tiebreak=True, capture=capture
        )
        second = play(
            tie, records=level_records(2, seed=5), tiebreak=True, capture=capture
        )
        assert (first.tiebreak, second.tiebreak) == (1, 2)
        tie.refresh_from_db()
        assert tie.winner is None
        third = play(tie, tiebreak=True, seed=6, capture=capture)
        results = {r.team_id: r for r in MatchResult.objects.filter(match=third)}
        assert all(r.points == r.total for r in results.values())  # raw, R15
        tie.refresh_from_db()
        expected = max(results.values(), key=lambda r: r.total).team
        assert tie.winner == expected
        assert tie.decided_at is not None
        later = tie_at(cup, 2, 2)
        assert later.team_a == expected  # slot 3 feeds slot 2's first team
        api = cup_api_data(2026)
        row = next(t for t in api["ties"] if (t["round"], t["slot"]) == (1, 3))
        assert len(row["tiebreaks"]) == 3
        assert row["tiebreaks"][0][0] == row["tiebreaks"][0][1]
        assert row["winner"] == expected.name
        with pytest.raises(ServiceError, match="is decided"):
            cup_match_schedule(tie=tie, date=dt.date(2026, 9, 25), tiebreak=True)

    def test_R15_decision_is_idempotent(self):
        cup = drawn_cup()
        tie = tie_at(cup, 1, 1)
        for seed in (1, 2, 3):
            play(tie, seed=seed)
        cup_tie_decide(tie=tie)
        tie.refresh_from_db()
        decided_at = tie.decided_at
        cup_tie_decide(tie=tie)
        tie.refresh_from_db()
        assert tie.decided_at == decided_at
        assert tie_at(cup, 2, 1).team_a == tie.winner  # slot 1 is named first


def _decide_everything(cup):
    """Give every tie 3 completed matches' results directly (fast) and decide it."""
    from competitions.models import Match
    from competitions.rules import bracket

    for round_, slot in bracket.positions():
        tie = tie_at(cup, round_, slot)
        for _i in range(3):
            match = Match.objects.create(
                competition=cup,
                team_a=tie.team_a,
                team_b=tie.team_b,
                date=dt.date(2026, 9, 20),
                tie=tie,
                status=Match.Status.COMPLETED,
            )
            for team, other, points in (
                (tie.team_a, tie.team_b, 90 + slot + round_),
                (tie.team_b, tie.team_a, 90),
            ):
                MatchResult.objects.create(
                    match=match,
                    team=team,
                    opponent=other,
                    total=points * 8,
                    points=points,
                )
        cup_tie_decide(tie=tie)


def test_R15_final_gives_winner_and_runner_up_semi_losers_get_bronze():
    cup = drawn_cup()
    _decide_everything(cup)
    view = cup_view(cup_of_year(2026))
    semis = [tie_at(cup, 3, 1), tie_at(cup, 3, 2)]
    final = tie_at(cup, 4, 1)
    assert view.medals.winner == final.team_a == semis[0].team_a
    assert view.medals.runner_up == final.team_b
    assert view.medals.bronze == (semis[0].team_b, semis[1].team_b)
    api = cup_api_data(2026)
    assert [(t["round"], t["slot"]) for t in api["ties"]][:3] == [
        (1, 1),
        (1, 2),
        (1, 3),
    ]
    assert api["winner"] == final.team_a.name
    assert api["bronze"] == [semis[0].team_b.name, semis[1].team_b.name]
    assert api["ties"][0]["points"] == [3 * 92, 270]


def _results(tie, pairs):
    from competitions.models import Match

    matches = []
    for a, b in pairs:
        match = Match.objects.create(
            competition=tie.competition,
            team_a=tie.team_a,
            team_b=tie.team_b,
            date=dt.date(2026, 9, 20),
            tie=tie,
            status=Match.Status.COMPLETED,
        )
        for team, other, points in (
            (tie.team_a, tie.team_b, a),
            (tie.team_b, tie.team_a, b),
        ):
            MatchResult.objects.create(
                match=match, team=team, opponent=other, total=points * 8, points=points
            )
        matches.append(match)
    return matches


def test_R15_a_correction_that_changes_the_winner_moves_the_next_tie_team():
    cup = drawn_cup()
    tie = tie_at(cup, 1, 2)
    matches = _results(tie, [(95, 90), (90, 90), (90, 90)])
    cup_tie_decide(tie=tie)
    assert tie_at(cup, 2, 1).team_b == tie.team_a  # slot 2 feeds the second team
    MatchResult.objects.filter(match=matches[0], team=tie.team_b).update(points=99)
    cup_tie_decide(tie=tie)
    tie.refresh_from_db()
    assert tie.winner == tie.team_b
    assert tie_at(cup, 2, 1).team_b == tie.team_b


def test_R15_a_voided_match_undecides_the_tie_and_empties_the_next_place():
    from competitions.models import Match

    cup = drawn_cup()
    tie = tie_at(cup, 1, 1)
    matches = _results(tie, [(95, 90), (90, 90), (90, 90)])
    cup_tie_decide(tie=tie)
    Match.objects.filter(pk=matches[2].pk).update(status=Match.Status.VOID)
    cup_tie_decide(tie=tie)
    tie.refresh_from_db()
    assert tie.winner is None
    assert tie.decided_at is None
    assert tie_at(cup, 2, 1).team_a is None
