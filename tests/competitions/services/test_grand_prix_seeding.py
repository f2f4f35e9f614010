"""Grand Prix seeding (R15: round 1 pairs the seeds 1-2, 3-4, ...) — the order shown
is the order used, fixed once round 1 is paired — and a Grand Prix match counting
for a cup tie (R15)."""

import datetime as dt

import pytest

from competitions.models import (
    Competition,
    CupRegistration,
    GrandPrixEntry,
    Lineup,
    Match,
)
from competitions.selectors.cup import tie_scores
from competitions.services.cup.ties import (
    cup_match_schedule,
    grand_prix_match_cup_tie_set,
)
from competitions.services.grand_prix import (
    grand_prix_create,
    grand_prix_entries_set,
    grand_prix_round_generate,
    grand_prix_seed_move,
    grand_prix_seeding_set,
)
from competitions.services.lineups import lineup_set
from competitions.services.matches import match_complete, match_cut_set
from scoring.services.hands import hand_save
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role
from tarokk_admin.core.words import shown
from tests.competitions.kit import drawn_cup, tie_at
from tests.factories import SeasonFactory, UserFactory, roster, sheet, team_with_roster

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    season = SeasonFactory(year=2026)
    event = grand_prix_create(season=season, name="Tavaszi GP")
    teams = [team_with_roster(season, name=name) for name in "ABCD"]
    grand_prix_entries_set(competition=event, teams=teams)
    return event, teams


def seeding(event):
    return [e.team.name for e in GrandPrixEntry.objects.filter(competition=event)]


def test_R15_round_1_pairs_the_seeding_set_by_the_official_not_the_alphabet(event):
    competition, (a, b, c, d) = event
    grand_prix_seeding_set(competition=competition, teams=[d, a, c, b])
    assert seeding(competition) == ["D", "A", "C", "B"]
    matches = grand_prix_round_generate(
        competition=competition, date=dt.date(2026, 4, 1)
    )
    assert [(m.team_a.name, m.team_b.name) for m in matches] == [("D", "A"), ("C", "B")]


def test_moving_a_team_up_or_down_changes_the_order_used(event):
    competition, (a, _b, c, _d) = event
    grand_prix_seed_move(competition=competition, team=c, up=True)
    assert seeding(competition) == ["A", "C", "B", "D"]
    grand_prix_seed_move(competition=competition, team=a, up=False)
    assert seeding(competition) == ["C", "A", "B", "D"]
    grand_prix_seed_move(competition=competition, team=c, up=True)  # first stays first
    assert seeding(competition) == ["C", "A", "B", "D"]


def test_entering_teams_again_keeps_the_seeding_of_those_already_entered(event):
    competition, (a, b, c, d) = event
    grand_prix_seeding_set(competition=competition, teams=[d, c, b, a])
    e = team_with_roster(competition.season, name="E")
    grand_prix_entries_set(competition=competition, teams=[a, b, c, d, e])
    assert seeding(competition) == ["D", "C", "B", "A", "E"]


def test_the_seeding_lists_every_entered_team_once(event):
    competition, (a, b, c, _d) = event
    with pytest.raises(ServiceError, match="exactly once"):
        grand_prix_seeding_set(competition=competition, teams=[a, b, c])
    with pytest.raises(ServiceError, match="exactly once"):
        grand_prix_seeding_set(competition=competition, teams=[a, b, c, c])


def test_R15_the_seeding_is_fixed_once_round_1_is_paired(event):
    competition, (a, b, c, d) = event
    grand_prix_round_generate(competition=competition, date=dt.date(2026, 4, 1))
    with pytest.raises(ServiceError, match="already paired"):
        grand_prix_seeding_set(competition=competition, teams=[d, c, b, a])
    with pytest.raises(ServiceError, match="already paired"):
        grand_prix_seed_move(competition=competition, team=b, up=True)
    assert seeding(competition) == ["A", "B", "C", "D"]


# --- a Grand Prix match counting for a cup tie (R15) ---------------------------------


@pytest.fixture
def cup_and_match():
    """A drawn cup and a Grand Prix match in September between the teams of the
    first last-16 tie, with their registered pairs as line-ups."""
    cup = drawn_cup()
    tie = tie_at(cup, 1, 1)
    event = grand_prix_create(season=cup.season, name="Őszi GP")
    match = Match.objects.create(
        competition=event,
        team_a=tie.team_b,
        team_b=tie.team_a,
        date=dt.date(2026, 9, 19),
        round=1,
    )
    return tie, match


def official():
    return UserFactory(roles=[Role.OFFICIAL])


def play_match(match, *, referee):
    match.referee = referee
    match.save()
    for team in match.teams:
        registration = CupRegistration.objects.get(team=team)
        lineup_set(
            match=match,
            team=team,
            driver=registration.driver,
            catcher=registration.catcher,
        )
    match_cut_set(match=match, first_attack=match.team_a)
    for number in range(1, 9):
        hand_save(match=match, number=number, record=sheet(number), user=referee)
    match_complete(match=match, user=referee)


def test_R15_a_grand_prix_match_of_the_ties_teams_counts_for_the_tie(
    cup_and_match, django_capture_on_commit_callbacks
):
    tie, match = cup_and_match
    grand_prix_match_cup_tie_set(match=match, tie=tie, user=official())
    match.refresh_from_db()
    assert match.tie == tie
    assert shown(match.history.first().history_change_reason).startswith("counts for")
    with django_capture_on_commit_callbacks(execute=True):
        play_match(match, referee=UserFactory(roles=[Role.REFEREE]))
    points, _tiebreaks = tie_scores(tie)
    a = match.results.get(team=tie.team_a).points
    b = match.results.get(team=tie.team_b).points
    assert points == [(a, b)]  # the bracket uses its result, in the tie's order
    # It is one of the tie's 3 matches: two more, not three.
    for day in (20, 21):
        cup_match_schedule(tie=tie, date=dt.date(2026, 9, day))
    with pytest.raises(ServiceError, match="no 4th match"):
        cup_match_schedule(tie=tie, date=dt.date(2026, 9, 22))


def test_R15_another_pair_of_teams_is_refused(cup_and_match):
    tie, match = cup_and_match
    other = tie_at(tie.competition, 1, 2)
    with pytest.raises(ServiceError, match="not played by this match's two teams"):
        grand_prix_match_cup_tie_set(match=match, tie=other, user=official())


def test_R15_outside_the_cup_rounds_month_is_refused(cup_and_match):
    tie, match = cup_and_match
    Match.objects.filter(pk=match.pk).update(date=dt.date(2026, 10, 3))
    match.refresh_from_db()
    with pytest.raises(ServiceError, match="cup round's month"):
        grand_prix_match_cup_tie_set(match=match, tie=tie, user=official())


def test_R15_a_tie_with_its_3_matches_takes_no_more(cup_and_match):
    tie, match = cup_and_match
    for day in (20, 21, 22):
        cup_match_schedule(tie=tie, date=dt.date(2026, 9, day))
    with pytest.raises(ServiceError, match="already has its 3 matches"):
        grand_prix_match_cup_tie_set(match=match, tie=tie, user=official())


def test_R15_cup_rules_apply_no_substitute_in_the_line_up(cup_and_match):
    tie, match = cup_and_match
    season = tie.competition.season
    players = roster(tie.team_a, season)  # the kit's cup teams have substitutes
    Lineup.objects.create(
        match=match,
        team=tie.team_a,
        driver=players["substitute"],
        catcher=players["catcher"],
    )
    with pytest.raises(ServiceError, match="no substitutes"):
        grand_prix_match_cup_tie_set(match=match, tie=tie, user=official())


def test_only_a_grand_prix_match_and_only_once(cup_and_match):
    tie, match = cup_and_match
    championship = Competition.objects.create(
        season=tie.competition.season, kind="championship", name="Team Championship"
    )
    other = Match.objects.create(
        competition=championship,
        team_a=tie.team_a,
        team_b=tie.team_b,
        date=dt.date(2026, 9, 26),
    )
    with pytest.raises(ServiceError, match="Only a Grand Prix match"):
        grand_prix_match_cup_tie_set(match=other, tie=tie, user=official())
    grand_prix_match_cup_tie_set(match=match, tie=tie, user=official())
    with pytest.raises(ServiceError, match="already counts"):
        grand_prix_match_cup_tie_set(match=match, tie=tie, user=official())
