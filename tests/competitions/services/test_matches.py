"""Match services: the rules of a match (R3, R11, R15) enforced where matches are written."""

import datetime as dt

import pytest
from django.utils import timezone

from competitions.models import Competition, CupRegistration, Match, MatchResult
from competitions.rules.standings import CHAMPIONSHIP_MATCH_CAP
from competitions.services.lineups import lineup_set
from competitions.services.matches import (
    jury_approve,
    match_check_playable,
    match_complete,
    match_create,
    match_cut_set,
)
from competitions.services.results import result_answer
from scoring.services.hands import hand_save
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role
from tarokk_admin.core.words import shown as in_words
from tests.factories import (
    CompetitionFactory,
    MatchFactory,
    PlayerFactory,
    SeasonFactory,
    UserFactory,
    captain_of,
    ready_match,
    roster,
    sheet,
    team_with_roster,
)

pytestmark = pytest.mark.django_db


def _play_all(match, referee, seeds=range(8)):
    for number, seed in enumerate(seeds, start=1):
        hand_save(match=match, number=number, record=sheet(seed), user=referee)


def test_R15_53rd_championship_match_of_a_team_is_refused():
    competition = CompetitionFactory()
    season = competition.season
    team = team_with_roster(season)
    opponents = [team_with_roster(season) for _ in range(2)]
    Match.objects.bulk_create(
        Match(
            competition=competition,
            team_a=team,
            team_b=opponents[i % 2],
            date=dt.date(2026, 3, 1),
        )
        for i in range(CHAMPIONSHIP_MATCH_CAP)
    )
    with pytest.raises(ServiceError, match="at most 52"):
        match_create(
            competition=competition,
            team_a=opponents[0],
            team_b=team,
            date=dt.date(2026, 5, 1),
        )


def test_R15_void_matches_do_not_count_towards_the_cap():
    competition = CompetitionFactory()
    team, other = (
        team_with_roster(competition.season),
        team_with_roster(competition.season),
    )
    Match.objects.bulk_create(
        Match(
            competition=competition,
            team_a=team,
            team_b=other,
            date=dt.date(2026, 3, 1),
            status=Match.Status.VOID if i == 0 else Match.Status.COMPLETED,
        )
        for i in range(CHAMPIONSHIP_MATCH_CAP)
    )
    match = match_create(
        competition=competition, team_a=team, team_b=other, date=dt.date(2026, 5, 1)
    )
    assert match.pk


def test_R15_grand_prix_match_counts_for_the_cap_only_when_flagged():
    season = SeasonFactory()
    championship = CompetitionFactory(season=season)
    grand_prix = CompetitionFactory(
        season=season, kind=Competition.Kind.GRAND_PRIX, name="Tavaszi Grand Prix"
    )
    team, other = team_with_roster(season), team_with_roster(season)
    Match.objects.bulk_create(
        Match(
            competition=championship,
            team_a=team,
            team_b=other,
            date=dt.date(2026, 3, 1),
        )
        for _ in range(CHAMPIONSHIP_MATCH_CAP)
    )
    assert (
        match_create(
            competition=grand_prix, team_a=team, team_b=other, date=dt.date(2026, 4, 1)
        ).counts_for_championship
        is False
    )
    with pytest.raises(ServiceError, match="at most 52"):
        match_create(
            competition=grand_prix,
            team_a=team,
            team_b=other,
            date=dt.date(2026, 4, 2),
            counts_for_championship=True,
        )


def test_match_date_must_fall_in_the_season():
    competition = CompetitionFactory()
    season = competition.season
    with pytest.raises(ServiceError, match="outside the 2026 season"):
        match_create(
            competition=competition,
            team_a=team_with_roster(season),
            team_b=team_with_roster(season),
            date=dt.date(2025, 12, 31),
        )


class TestLineups:
    def test_R15_members_play_their_roles(self):
        match = MatchFactory()
        players = roster(match.team_a, match.competition.season)
        lineup = lineup_set(
            match=match,
            team=match.team_a,
            driver=players["driver"],
            catcher=players["catcher"],
        )
        assert (lineup.driver, lineup.catcher) == (
            players["driver"],
            players["catcher"],
        )

    def test_R15_a_non_member_is_refused(self):
        match = MatchFactory()
        players = roster(match.team_a, match.competition.season)
        with pytest.raises(ServiceError, match="only the team's members") as error:
            lineup_set(
                match=match,
                team=match.team_a,
                driver=players["driver"],
                catcher=PlayerFactory(),
            )
        assert error.value.field == "catcher"

    def test_R15_driver_cannot_play_catcher(self):
        match = MatchFactory()
        players = roster(match.team_a, match.competition.season)
        with pytest.raises(ServiceError, match="cannot play"):
            lineup_set(
                match=match,
                team=match.team_a,
                driver=players["catcher"],
                catcher=players["driver"],
            )

    def test_R15_substitute_takes_either_role_in_the_championship(self):
        season = SeasonFactory()
        match = MatchFactory(
            competition=CompetitionFactory(season=season),
            team_a=team_with_roster(season, substitute=True),
        )
        players = roster(match.team_a, season)
        lineup_set(
            match=match,
            team=match.team_a,
            driver=players["substitute"],
            catcher=players["catcher"],
        )
        lineup = lineup_set(
            match=match,
            team=match.team_a,
            driver=players["driver"],
            catcher=players["substitute"],
        )
        assert lineup.catcher == players["substitute"]

    def test_R15_no_substitute_in_the_cup(self):
        season = SeasonFactory()
        cup = CompetitionFactory(season=season, kind=Competition.Kind.CUP)
        match = MatchFactory(
            competition=cup, team_a=team_with_roster(season, substitute=True)
        )
        players = roster(match.team_a, season)
        with pytest.raises(ServiceError, match="registered driver and catcher"):
            lineup_set(
                match=match,
                team=match.team_a,
                driver=players["substitute"],
                catcher=players["catcher"],
            )

    def test_nobody_plays_on_both_sides(self):
        """A cup registration naming another team's player cannot put him on both
        sides of a match."""
        season = SeasonFactory()
        cup = CompetitionFactory(season=season, kind=Competition.Kind.CUP)
        match = MatchFactory(competition=cup)
        players = roster(match.team_a, season)
        other = roster(match.team_b, season)
        CupRegistration.objects.create(
            competition=cup,
            team=match.team_b,
            driver=other["driver"],
            catcher=players["catcher"],
        )
        lineup_set(
            match=match,
            team=match.team_a,
            driver=players["driver"],
            catcher=players["catcher"],
        )
        with pytest.raises(ServiceError, match="both sides"):
            lineup_set(
                match=match,
                team=match.team_b,
                driver=other["driver"],
                catcher=players["catcher"],
            )


class TestJuryApproval:
    def test_R15_non_public_match_needs_an_approval_before_play(self):
        match = ready_match(public=False)
        with pytest.raises(ServiceError, match="not played in public"):
            match_check_playable(match)
        jury_approve(
            match=match,
            user=UserFactory(roles=[Role.JURY]),
            when=timezone.make_aware(dt.datetime(2026, 3, 13, 12, 0)),
        )
        match_check_playable(match)

    def test_R15_match_before_the_annual_meeting_needs_an_approval(self):
        match = ready_match(date=dt.date(2026, 1, 10))
        with pytest.raises(ServiceError, match="before the annual meeting"):
            match_check_playable(match)

    def test_R15_approval_must_be_recorded_before_the_match(self):
        match = ready_match(public=False)
        with pytest.raises(ServiceError, match="before the match starts"):
            jury_approve(
                match=match,
                user=UserFactory(roles=[Role.JURY]),
                when=timezone.make_aware(dt.datetime(2026, 3, 14, 9, 0)),
            )

    def test_R15_hands_refused_without_the_approval(self):
        match = ready_match(public=False)
        with pytest.raises(ServiceError, match="jury approval"):
            hand_save(match=match, number=1, record=sheet(1), user=match.referee)
        assert not match.hands.exists()


def test_R3_cut_decides_the_attack_and_cannot_change_after_hands():
    match = ready_match()
    assert [match.attack_team_id(n) for n in (1, 2, 3)] == [
        match.team_a_id,
        match.team_b_id,
        match.team_a_id,
    ]
    hand_save(match=match, number=1, record=sheet(1), user=match.referee)
    with pytest.raises(ServiceError, match="cannot change"):
        match_cut_set(match=match, first_attack=match.team_b)


def test_hands_need_the_cut_and_both_lineups():
    match = MatchFactory(referee=UserFactory(roles=[Role.REFEREE]))
    with pytest.raises(ServiceError, match="line-ups"):
        match_check_playable(match)


class TestCompletion:
    def test_R11_completion_stores_totals_and_floored_points(self):
        match = ready_match()
        _play_all(match, match.referee)
        match_complete(match=match, user=match.referee)
        match.refresh_from_db()
        assert match.status == Match.Status.COMPLETED
        hands = list(match.hands.order_by("number"))
        total_a = sum(
            h.attack_score if h.attack_team_id == match.team_a_id else h.defence_score
            for h in hands
        )
        result = MatchResult.objects.get(match=match, team=match.team_a)
        assert (result.total, result.points) == (total_a, total_a // 8)
        assert result.opponent == match.team_b

    def test_R3_completion_needs_all_eight_hands(self):
        match = ready_match()
        _play_all(match, match.referee, seeds=range(7))
        with pytest.raises(ServiceError, match="hand\\(s\\) 8"):
            match_complete(match=match, user=match.referee)

    def test_R15_tiebreak_points_are_the_raw_total(self):
        season = SeasonFactory()
        cup = CompetitionFactory(season=season, kind=Competition.Kind.CUP)
        match = ready_match(competition=cup, tiebreak=1)
        _play_all(match, match.referee, seeds=(3, 4))
        match_complete(match=match, user=match.referee)
        result = MatchResult.objects.get(match=match, team=match.team_a)
        assert result.points == result.total

    def test_completed_match_locks_hands_for_the_referee(self):
        match = ready_match()
        _play_all(match, match.referee)
        match_complete(match=match, user=match.referee)
        with pytest.raises(ServiceError, match="may not enter hands"):
            hand_save(
                match=match, number=1, record=sheet(99), user=match.referee, version=1
            )

    def test_official_correction_needs_a_reason_and_recomputes_the_result(self):
        match = ready_match()
        _play_all(match, match.referee)
        match_complete(match=match, user=match.referee)
        official = UserFactory(roles=[Role.OFFICIAL])
        with pytest.raises(ServiceError, match="needs a reason"):
            hand_save(match=match, number=1, record=sheet(99), user=official, version=1)
        hand = hand_save(
            match=match,
            number=1,
            record=sheet(99),
            user=official,
            version=1,
            reason="Referee swapped the teams' trumps",
        )
        assert hand.version == 2
        assert in_words(hand.history.first().history_change_reason).startswith(
            "Referee swapped"
        )
        total_a = sum(
            h.attack_score if h.attack_team_id == match.team_a_id else h.defence_score
            for h in match.hands.all()
        )
        assert MatchResult.objects.get(match=match, team=match.team_a).total == total_a


class TestResultAnswer:
    def test_captain_confirms_or_disputes_with_a_note(self):
        match = ready_match()
        _play_all(match, match.referee)
        match_complete(match=match, user=match.referee)
        captain = captain_of(match.team_b, match.competition.season_id)
        stranger = UserFactory(roles=[Role.TEAM_CAPTAIN])
        with pytest.raises(ServiceError, match="not the captain of"):
            result_answer(match=match, team=match.team_b, user=stranger, confirm=True)
        with pytest.raises(ServiceError, match="what is wrong"):
            result_answer(match=match, team=match.team_b, user=captain, confirm=False)
        row = result_answer(
            match=match, team=match.team_b, user=captain, confirm=False, note="Hand 3"
        )
        assert row.answer == MatchResult.Answer.DISPUTED

    def test_only_completed_results_are_answered(self):
        match = ready_match()
        with pytest.raises(ServiceError, match="completed"):
            result_answer(
                match=match, team=match.team_a, user=UserFactory(), confirm=True
            )


def test_corrected_result_must_be_confirmed_again():
    match = ready_match()
    _play_all(match, match.referee)
    match_complete(match=match, user=match.referee)
    before = result_answer(
        match=match,
        team=match.team_a,
        user=captain_of(match.team_a, match.competition.season_id),
        confirm=True,
    ).total
    official = UserFactory(roles=[Role.OFFICIAL])
    hand_save(
        match=match,
        number=1,
        record=sheet(99),
        user=official,
        version=1,
        reason="Wrong trumps count",
    )
    row = MatchResult.objects.get(match=match, team=match.team_a)
    assert row.total != before  # the seeded correction changes the result
    assert row.answer == MatchResult.Answer.PENDING
    assert row.answered_by is None


def test_match_complete_refuses_a_match_dated_after_today_unless_early():
    """Issue 20: completing days before the date needs an explicit early."""
    referee = UserFactory(roles=[Role.REFEREE])
    match = ready_match(referee=referee)
    Match.objects.filter(pk=match.pk).update(
        date=timezone.localdate() + dt.timedelta(days=1)
    )
    match.refresh_from_db()
    _play_all(match, referee)
    with pytest.raises(ServiceError) as refused:
        match_complete(match=match, user=referee)
    assert (refused.value.code, refused.value.field) == ("early", "early")
    assert Match.objects.get(pk=match.pk).status != Match.Status.COMPLETED
    match_complete(match=match, user=referee, early=True)
    assert Match.objects.get(pk=match.pk).status == Match.Status.COMPLETED
