"""The officials' schedule (R15): every check made when a match is scheduled, moved
or postponed; referees; voiding a completed match undoes what followed from it; two
officials scheduling the same match at once store it once."""

import contextlib
import datetime as dt
import threading

import pytest
from django.db import connection

from competitions.models import Competition, Match, MatchResult
from competitions.rules.standings import CHAMPIONSHIP_MATCH_CAP
from competitions.services.matches import match_void
from competitions.services.schedule import (
    match_move,
    match_postpone,
    match_referee_assign,
    match_schedule,
)
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role
from tarokk_admin.core.words import shown
from tests.factories import (
    CompetitionFactory,
    MatchFactory,
    SeasonFactory,
    TeamFactory,
    UserFactory,
    pool_referee,
    team_with_roster,
)

pytestmark = pytest.mark.django_db

DAY = dt.date(2026, 3, 14)


@pytest.fixture
def league():
    season = SeasonFactory(year=2026)
    championship = CompetitionFactory(season=season)
    teams = [team_with_roster(season) for _ in range(4)]
    return championship, teams, UserFactory(roles=[Role.OFFICIAL])


def schedule(competition, a, b, user, day=DAY, **kwargs):
    return match_schedule(
        competition=competition, team_a=a, team_b=b, date=day, user=user, **kwargs
    )


def test_R15_a_scheduled_match_is_stored_with_its_history(league):
    championship, (a, b, *_), official = league
    match = schedule(championship, a, b, official, venue="Pécs")
    assert match.status == Match.Status.SCHEDULED
    entry = match.history.get()
    assert entry.history_user == official
    assert shown(entry.history_change_reason) == "scheduled"


@pytest.mark.parametrize(
    "day", [dt.date(2025, 12, 31), dt.date(2027, 1, 1)], ids=["before", "after"]
)
def test_R15_a_date_outside_the_season_is_refused(league, day):
    championship, (a, b, *_), official = league
    with pytest.raises(ServiceError, match="outside the 2026 season") as caught:
        schedule(championship, a, b, official, day=day)
    assert caught.value.field == "date"
    assert not Match.objects.exists()


def test_R15_a_date_outside_the_competitions_own_dates_is_refused(league):
    championship, (a, b, *_), official = league
    championship.starts, championship.ends = dt.date(2026, 2, 1), dt.date(2026, 11, 30)
    championship.save()
    with pytest.raises(ServiceError, match="is outside it"):
        schedule(championship, a, b, official, day=dt.date(2026, 12, 5))


def test_R15_a_team_not_entered_in_the_season_is_refused(league):
    championship, (a, *_), official = league
    stranger = TeamFactory(name="Nincs Csapat")
    with pytest.raises(ServiceError, match="Nincs Csapat is not entered") as caught:
        schedule(championship, a, stranger, official)
    assert caught.value.field == "team_b"


def test_R15_the_same_team_on_both_sides_is_refused(league):
    championship, (a, *_), official = league
    with pytest.raises(ServiceError, match="two different teams"):
        schedule(championship, a, a, official)


def test_R15_no_team_plays_twice_on_one_date(league):
    championship, (a, b, c, _d), official = league
    schedule(championship, a, b, official)
    with pytest.raises(ServiceError, match=f"{c.name}|{b.name} already plays"):
        schedule(championship, b, c, official)
    assert Match.objects.count() == 1


def test_the_same_match_twice_is_refused_either_way_round(league):
    championship, (a, b, *_), official = league
    schedule(championship, a, b, official)
    with pytest.raises(ServiceError, match="already scheduled"):
        schedule(championship, b, a, official)


def test_a_void_match_frees_its_date(league):
    championship, (a, b, *_), official = league
    first = schedule(championship, a, b, official)
    match_void(match=first, user=official, reason="wrong teams")
    assert schedule(championship, a, b, official).pk != first.pk


def test_R15_the_53rd_championship_match_is_refused_when_scheduled(league):
    championship, (a, b, c, _d), official = league
    for day in range(CHAMPIONSHIP_MATCH_CAP):
        MatchFactory(
            competition=championship,
            team_a=a,
            team_b=c,
            date=dt.date(2026, 2, 1) + dt.timedelta(days=day),
        )
    with pytest.raises(ServiceError, match="at most 52"):
        schedule(championship, a, b, official, day=dt.date(2026, 12, 1))


def test_R15_royal_free_matches_do_not_count_for_the_cap(league):
    championship, (a, b, c, _d), official = league
    free = CompetitionFactory(season=championship.season, kind=Competition.Kind.FREE)
    for day in range(CHAMPIONSHIP_MATCH_CAP):
        MatchFactory(
            competition=championship,
            team_a=a,
            team_b=c,
            date=dt.date(2026, 2, 1) + dt.timedelta(days=day),
        )
    match = schedule(free, a, b, official, day=dt.date(2026, 12, 1))
    assert match.competition == free


def test_cup_and_grand_prix_matches_are_not_scheduled_here(league):
    championship, (a, b, *_), official = league
    cup = CompetitionFactory(season=championship.season, kind=Competition.Kind.CUP)
    with pytest.raises(ServiceError, match="scheduled from its own page"):
        schedule(cup, a, b, official)


def test_a_referee_must_be_in_the_referee_group(league):
    championship, (a, b, *_), official = league
    captain = UserFactory(username="kapitany", roles=[Role.TEAM_CAPTAIN])
    with pytest.raises(ServiceError, match="kapitany is not in the Referee group"):
        schedule(championship, a, b, official, referee=captain)
    match = schedule(championship, a, b, official)
    with pytest.raises(ServiceError, match="Referee group"):
        match_referee_assign(match=match, referee=captain, user=official)
    referee = pool_referee(championship.season)
    match_referee_assign(match=match, referee=referee, user=official)
    match.refresh_from_db()
    assert match.referee == referee
    assert shown(match.history.first().history_change_reason) == "referee assigned"


def test_moving_a_match_repeats_the_checks_without_the_match_itself(league):
    championship, (a, b, c, d), official = league
    match = schedule(championship, a, b, official)
    schedule(championship, c, d, official, day=dt.date(2026, 3, 21))
    moved = match_move(
        match=match, date=DAY, time=dt.time(18, 0), venue="Győr", user=official
    )
    assert (moved.time, moved.venue) == (dt.time(18, 0), "Győr")
    schedule(championship, a, c, official, day=dt.date(2026, 3, 28))
    with pytest.raises(ServiceError, match="already plays"):
        match_move(match=match, date=dt.date(2026, 3, 28), user=official)
    with pytest.raises(ServiceError, match="outside the 2026 season"):
        match_move(match=match, date=dt.date(2027, 3, 1), user=official)
    match.refresh_from_db()
    assert match.date == DAY


def test_a_started_match_cannot_be_moved(league):
    championship, (a, b, *_), official = league
    match = schedule(championship, a, b, official)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.IN_PLAY)
    with pytest.raises(ServiceError, match="Only a match not started yet"):
        match_move(match=match, date=dt.date(2026, 4, 1), user=official)


def test_postponing_needs_a_reason_and_a_later_date_and_keeps_the_reason(league):
    championship, (a, b, *_), official = league
    match = schedule(championship, a, b, official)
    with pytest.raises(ServiceError, match="Say why"):
        match_postpone(match=match, date=dt.date(2026, 4, 1), reason=" ", user=official)
    with pytest.raises(ServiceError, match="played later than"):
        match_postpone(match=match, date=DAY, reason="snow", user=official)
    match_postpone(match=match, date=dt.date(2026, 4, 1), reason="snow", user=official)
    match.refresh_from_db()
    assert match.date == dt.date(2026, 4, 1)
    latest = match.history.first()
    assert shown(latest.history_change_reason) == "postponed: snow"
    assert latest.history_user == official


def test_void_needs_a_reason_and_cannot_be_repeated(league):
    championship, (a, b, *_), official = league
    match = schedule(championship, a, b, official)
    with pytest.raises(ServiceError, match="Say why"):
        match_void(match=match, user=official, reason="  ")
    match_void(match=match, user=official, reason="double booking")
    assert shown(match.history.first().history_change_reason) == "double booking"
    with pytest.raises(ServiceError, match="void already"):
        match_void(match=match, user=official, reason="again")


@pytest.mark.django_db(transaction=True)
def test_two_officials_scheduling_the_same_match_at_once_store_it_once(monkeypatch):
    """Both submissions pass the duplicate check together unless the competition's
    lock makes the second wait: without it PostgreSQL (CI's second pass) would
    store two matches."""
    from competitions.services import schedule as module

    checked = threading.Barrier(2)
    original = module.same_match

    def same_match_then_wait(*args):
        found = original(*args)
        with contextlib.suppress(threading.BrokenBarrierError):
            checked.wait(timeout=2)
        return found

    monkeypatch.setattr(module, "same_match", same_match_then_wait)
    season = SeasonFactory(year=2026)
    championship = CompetitionFactory(season=season)
    a, b = team_with_roster(season), team_with_roster(season)
    officials = [UserFactory(roles=[Role.OFFICIAL]) for _ in range(2)]
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def submit(user):
        try:
            barrier.wait()
            schedule(championship, a, b, user)
            outcomes.append("scheduled")
        except ServiceError:
            outcomes.append("refused")
        except Exception as error:  # SQLite's "locked": refused, nothing stored
            outcomes.append(type(error).__name__)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(user,)) for user in officials]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert Match.objects.filter(competition=championship).count() == 1
    assert outcomes.count("scheduled") == 1, outcomes


def test_R15_voiding_a_completed_match_undoes_its_results_and_trophies(
    django_capture_on_commit_callbacks,
):
    from tests.competitions.kit import drawn_cup, play, tie_at
    from trophies.models import TrophyAward

    cup = drawn_cup()
    tie = tie_at(cup, 1, 1)
    matches = [
        play(tie, seed=seed, capture=django_capture_on_commit_callbacks)
        for seed in (1, 2, 3)
    ]
    tie.refresh_from_db()
    if tie.winner_id is None:
        pytest.skip("the seeded matches left the tie level")
    official = UserFactory(roles=[Role.OFFICIAL])
    assert tie_at(cup, 2, 1).team_a_id == tie.winner_id
    with django_capture_on_commit_callbacks(execute=True):
        match_void(match=matches[0], user=official, reason="wrong line-up")
    tie.refresh_from_db()
    assert tie.winner_id is None
    assert not MatchResult.objects.filter(match=matches[0]).exists()
    assert TrophyAward.objects.filter(match=matches[0]).count() == 0
    # The winner no longer stands in the quarter-final it had reached.
    assert tie_at(cup, 2, 1).team_a_id is None
