"""The end of the year (R15): closing a competition (refused with its open matches,
the final table kept with shared ranks and tie-breaks, the cup's winner, finalist
and both bronzes); a correction after closing needs the jury's approval with a
reason and leaves the kept table as it was."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import translation

from competitions.models import Closing, ClosingCorrection, Competition, CupTie
from competitions.selectors.closings import closing_of, kept_table
from competitions.services.closings import (
    ClosingRefused,
    closing_correction_approve,
    competition_close,
)
from competitions.services.matches import match_complete, match_void
from scoring.services.hands import hand_save
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role
from tests.competitions.kit import completed, drawn_cup
from tests.factories import (
    CompetitionFactory,
    MatchFactory,
    SeasonFactory,
    UserFactory,
    ready_match,
    sheet,
    team_with_roster,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def official():
    return UserFactory(roles=[Role.OFFICIAL])


@pytest.fixture
def jury():
    return UserFactory(roles=[Role.JURY])


def _league():
    season = SeasonFactory(year=2026)
    champ = CompetitionFactory(season=season)
    a, b, c, d = (
        team_with_roster(season, name=n) for n in ("Alfa", "Béta", "Gamma", "Delta")
    )
    completed(champ, a, b, 60, 40, day=1)
    completed(champ, c, d, 50, 50, day=2)
    completed(champ, b, c, 50, 30, day=3)
    completed(champ, d, a, 30, 40, day=4)
    return season, champ, (a, b, c, d)


def test_r15_closing_is_refused_with_each_open_match_then_closed_after_its_void(
    official,
):
    _season, champ, (a, _b, c, _d) = _league()
    open_match = MatchFactory(competition=champ, team_a=a, team_b=c)
    with pytest.raises(ClosingRefused) as refused:
        competition_close(competition=champ, user=official)
    assert refused.value.matches == [open_match]
    assert refused.value.code == "open_matches"
    assert not Closing.objects.exists()

    match_void(match=open_match, user=official, reason="nem játszották le")
    closing = competition_close(competition=champ, user=official)

    assert (closing.closed_by, closing.competition) == (official, champ)
    kept = [(r.place, r.team_name, r.points, r.shared) for r in closing.rows.all()]
    assert kept == [
        (1, "Alfa", 100, False),
        (2, "Béta", 90, False),
        (3, "Delta", 80, True),
        (3, "Gamma", 80, True),
    ]
    assert closing.rows.first().players  # the season's driver and catcher
    assert closing.history.first().history_user == official


def test_r15_a_tie_break_is_kept_and_said_in_words():
    season = SeasonFactory(year=2026)
    champ = CompetitionFactory(season=season)
    a, b = team_with_roster(season, name="Alfa"), team_with_roster(season, name="Béta")
    c = team_with_roster(season, name="Cedrus")
    completed(champ, a, c, 70, 10, day=1)
    completed(champ, b, c, 40, 10, day=2)
    completed(champ, b, c, 30, 10, day=3)
    competition_close(competition=champ, user=UserFactory(roles=[Role.OFFICIAL]))
    rows = kept_table(closing_of(champ))
    assert [(r.rank, r.team) for r in rows][:2] == [(1, "Alfa"), (2, "Béta")]
    with translation.override("en"):
        assert rows[1].decided_by == (
            "below Alfa on the best single match: 70 to 40 (R15)"
        )


def test_r15_the_cup_closing_names_winner_finalist_and_both_bronzes(official):
    cup = drawn_cup()
    final = CupTie.objects.get(competition=cup, round=4, slot=1)
    semis = list(CupTie.objects.filter(competition=cup, round=3).order_by("slot"))
    teams = list(cup.registrations.select_related("team"))
    t = [r.team for r in teams]
    for tie, (x, y) in zip(semis, ((t[0], t[1]), (t[2], t[3])), strict=True):
        tie.team_a, tie.team_b, tie.winner = x, y, x
        tie.save()
    final.team_a, final.team_b, final.winner = t[0], t[2], t[2]
    final.save()
    closing = competition_close(competition=cup, user=official)
    assert [(r.place, r.team_id) for r in closing.rows.all()] == [
        (1, t[2].pk),
        (2, t[0].pk),
        (3, t[1].pk),
        (3, t[3].pk),
    ]
    assert all(len(r.players) == 2 for r in closing.rows.all())


def test_r15_an_undecided_cup_final_is_not_closed(official):
    cup = drawn_cup()
    with pytest.raises(ServiceError) as refused:
        competition_close(competition=cup, user=official)
    assert refused.value.code == "final_undecided"


def test_only_officials_close_and_only_once(official):
    _season, champ, _teams = _league()
    with pytest.raises(ServiceError):
        competition_close(competition=champ, user=UserFactory(roles=[Role.REFEREE]))
    competition_close(competition=champ, user=official)
    with pytest.raises(ServiceError) as again:
        competition_close(competition=champ, user=official)
    assert again.value.code == "closed"


def _played(official):
    """A championship match of 8 hands, completed, whose competition is closed."""
    match = ready_match()
    referee = match.referee
    for number in range(1, 9):
        hand_save(match=match, number=number, record=sheet(number), user=referee)
    match_complete(match=match, user=referee)
    competition_close(competition=match.competition, user=official)
    return match


def test_r15_a_correction_after_closing_needs_the_jurys_approval(official, jury):
    match = _played(official)
    closing = closing_of(match.competition)
    kept = [(r.place, r.team_name, r.points) for r in closing.rows.all()]
    with pytest.raises(ServiceError) as refused:
        hand_save(
            match=match,
            number=1,
            record=sheet(99),
            user=official,
            version=1,
            reason="elírás",
        )
    assert refused.value.code == "closed"
    with pytest.raises(ServiceError):
        closing_correction_approve(match=match, user=jury, reason="  ")

    approval = closing_correction_approve(
        match=match, user=jury, reason="a 3. leosztás elírás"
    )
    hand_save(
        match=match,
        number=1,
        record=sheet(99),
        user=official,
        version=1,
        reason="elírás",
    )

    assert ClosingCorrection.objects.get() == approval
    after = closing_of(match.competition)
    assert [(r.place, r.team_name, r.points) for r in after.rows.all()] == kept
    assert list(after.corrections.all()) == [approval]


def test_a_closed_competition_takes_no_new_match(official):
    _season, champ, (a, b, _c, _d) = _league()
    competition_close(competition=champ, user=official)
    from competitions.services.matches import match_create

    with pytest.raises(ServiceError) as refused:
        match_create(competition=champ, team_a=a, team_b=b, date=dt.date(2026, 6, 1))
    assert refused.value.code == "closed"


def test_r15_a_grand_prix_closing_keeps_raw_totals(official):
    season = SeasonFactory(year=2026)
    gp = CompetitionFactory(
        season=season, kind=Competition.Kind.GRAND_PRIX, name="Tavaszi GP"
    )
    a, b = team_with_roster(season, name="Alfa"), team_with_roster(season, name="Béta")
    completed(gp, a, b, 60, 40)
    closing = competition_close(competition=gp, user=official)
    assert [(r.place, r.team_name, r.points) for r in closing.rows.all()] == [
        (1, "Alfa", 480),
        (2, "Béta", 320),
    ]
