"""The integrity audit (``manage.py check_records``, nightly): each kind of problem,
planted by writing the models directly as a bad admin edit or an old bug would, is
reported with where it is and what to do, and the exit status says so (R9, R11, R14,
R15)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from io import StringIO

import pytest
from django.core import mail
from django.core.management import call_command
from django.utils import timezone

from competitions.models import (
    Competition,
    JuryApproval,
    Match,
    MatchResult,
    Membership,
    Team,
)
from competitions.services.matches import match_complete
from scoring.models import Hand
from scoring.services.hands import hand_save
from tarokk_admin import tasks
from tarokk_admin.audit import records_check
from tarokk_admin.core.models import Followup
from tarokk_admin.core.roles import Role
from tests.factories import MatchFactory, UserFactory, ready_match, sheet
from tests.tarokk_admin.kit import TROPHY_SEEDS, followups_deliver_all
from trophies.models import TrophyAward

pytestmark = pytest.mark.django_db


@pytest.fixture
def match() -> Match:
    """A completed championship match with trophies (R14), its awards in the list
    (its follow-up delivered, as the worker does after the commit)."""
    match = ready_match()
    for number, seed in enumerate(TROPHY_SEEDS, start=1):
        hand_save(match=match, number=number, record=sheet(seed), user=match.referee)
    match_complete(match=match, user=UserFactory(roles=[Role.OFFICIAL]))
    followups_deliver_all()
    assert TrophyAward.objects.filter(match=match).count() >= 2
    return match


def check() -> tuple[int, str]:
    out = StringIO()
    try:
        call_command("check_records", stdout=out)
    except SystemExit as exit_:
        return int(exit_.code or 0), out.getvalue()
    return 0, out.getvalue()


def test_consistent_records_pass_with_exit_status_0(match):
    assert check() == (0, "The records are consistent: no problem found.\n")


def _hand(match: Match, number: int = 1) -> Hand:
    return Hand.objects.get(match=match, number=number)


def hand_invalid(match: Match) -> None:
    hand = _hand(match, 2)
    hand.record = {**hand.record, "tricks": {"attack": 11}}
    hand.save()


def hand_result_differs(match: Match) -> None:
    Hand.objects.filter(pk=_hand(match, 3).pk).update(attack_score=999)


def lineup_not_member(match: Match) -> None:
    lineup = match.lineups.get(team=match.team_b)
    Membership.objects.filter(player=lineup.catcher).delete()


def cup_substitute(match: Match) -> None:
    cup = Competition.objects.create(
        season=match.competition.season, kind=Competition.Kind.CUP, name="Cup"
    )
    Match.objects.filter(pk=match.pk).update(competition=cup)
    driver = match.lineups.get(team=match.team_a).driver
    Membership.objects.filter(player=driver).update(role=Membership.Role.SUBSTITUTE)


def date_outside_season(match: Match) -> None:
    Match.objects.filter(pk=match.pk).update(date=dt.date(match.date.year + 1, 1, 3))


def approval_missing(match: Match) -> None:
    Match.objects.filter(pk=match.pk).update(public=False)


def approval_after_match(match: Match) -> None:
    Match.objects.filter(pk=match.pk).update(public=False)
    JuryApproval.objects.create(
        match=match,
        approved_by=UserFactory(roles=[Role.JURY]),
        approved_at=timezone.make_aware(dt.datetime.combine(match.date, dt.time(20))),
    )


def over_match_cap(match: Match) -> None:
    others = [Team.objects.create(name=f"Opponent {n}") for n in range(52)]
    Match.objects.bulk_create(
        Match(
            competition=match.competition,
            team_a=match.team_a,
            team_b=other,
            date=match.date + dt.timedelta(days=1 + n),
        )
        for n, other in enumerate(others)
    )


def result_differs(match: Match) -> None:
    MatchResult.objects.filter(match=match, team=match.team_a).update(total=1)


def hands_missing(match: Match) -> None:
    TrophyAward.objects.filter(hand=_hand(match, 8)).delete()
    _hand(match, 8).delete()


def trophy_missing(match: Match) -> None:
    TrophyAward.objects.filter(match=match).order_by("pk").first().delete()


def trophy_not_in_hands(match: Match) -> None:
    award = TrophyAward.objects.filter(match=match).order_by("pk").first()
    award.pk, award.hand = None, _hand(match, 8)
    award.save()


def trophy_differs(match: Match) -> None:
    award = TrophyAward.objects.filter(match=match).order_by("pk").first()
    TrophyAward.objects.filter(pk=award.pk).update(value=award.value + 1)


PLANTED: dict[str, Callable[[Match], None]] = {
    "hand_invalid": hand_invalid,
    "hand_result_differs": hand_result_differs,
    "lineup_not_member": lineup_not_member,
    "cup_substitute": cup_substitute,
    "date_outside_season": date_outside_season,
    "approval_missing": approval_missing,
    "approval_after_match": approval_after_match,
    "over_match_cap": over_match_cap,
    "result_differs": result_differs,
    "hands_missing": hands_missing,
    "trophy_missing": trophy_missing,
    "trophy_not_in_hands": trophy_not_in_hands,
    "trophy_differs": trophy_differs,
}


@pytest.mark.parametrize("code", list(PLANTED))
def test_each_planted_problem_is_reported_with_what_to_do(match, code):
    PLANTED[code](match)
    status, out = check()
    assert status == 1
    reported = match.pk if code != "over_match_cap" else Match.objects.latest("date").pk
    assert f"[{code}] match {reported} (" in out
    line = out.split(f"[{code}]")[1].split("\n")
    assert line[1].strip().startswith("->")
    assert len(line[1]) > 20
    codes = {problem.code for problem in records_check()}
    assert code in codes


def completed_waiting() -> Match:
    """A match completed a moment ago: its trophies follow through the outbox, whose
    follow-up the worker has not run yet."""
    match = ready_match()
    for number, seed in enumerate(TROPHY_SEEDS, start=1):
        hand_save(match=match, number=number, record=sheet(seed), user=match.referee)
    match_complete(match=match, user=UserFactory(roles=[Role.OFFICIAL]))
    assert not TrophyAward.objects.filter(match=match).exists()
    return match


def test_a_match_whose_follow_up_still_waits_is_no_false_alarm(match):
    """The nightly audit reported trophy_missing (and e-mailed the officials) for a
    match whose trophies were still on their way through the outbox (R14)."""
    waiting = completed_waiting()
    status, out = check()
    assert status == 0, out
    assert "trophy_missing" not in out
    assert out.startswith("The records are consistent: no problem found.\n")
    assert "Not checked yet: the trophies of 1 match whose follow-up" in out
    assert f"match {waiting.pk} (" in out
    assert tasks.check_records() == 0
    assert mail.outbox == []
    followups_deliver_all()
    assert check() == (0, "The records are consistent: no problem found.\n")


def test_a_follow_up_that_keeps_failing_is_the_problem_reported(match):
    waiting = completed_waiting()
    Followup.objects.filter(delivered_at__isnull=True).update(
        attempts=3, last_error="OperationalError: the database went away"
    )
    status, out = check()
    assert status == 1
    assert f"[followup_failed] match {waiting.pk} (" in out
    assert "failed 3 times" in out
    assert "the database went away" in out
    assert "trophy_missing" not in out
    assert "Not checked yet" not in out


def test_a_hand_rejudged_invalid_names_the_engines_path(match):
    hand_invalid(match)
    problems = [p for p in records_check() if p.code == "hand_invalid"]
    assert [p.where.endswith("hand 2") for p in problems] == [True]
    assert "/tricks/attack" in problems[0].message


def test_the_cap_counts_void_matches_out(match):
    over_match_cap(match)
    Match.objects.filter(team_b__name="Opponent 51").update(status=Match.Status.VOID)
    assert "over_match_cap" not in {p.code for p in records_check()}


def test_the_audit_runs_a_bounded_number_of_queries(
    match, django_assert_max_num_queries
):
    for _n in range(3):
        extra = ready_match(competition=match.competition)
        for number, seed in enumerate(TROPHY_SEEDS, start=1):
            hand_save(
                match=extra, number=number, record=sheet(seed), user=extra.referee
            )
        match_complete(match=extra, user=UserFactory(roles=[Role.OFFICIAL]))
    MatchFactory.create_batch(3, competition=match.competition)
    with django_assert_max_num_queries(20):
        records_check()


def test_the_nightly_task_mails_the_officials_only_when_something_is_wrong(
    match, settings
):
    UserFactory(roles=[Role.OFFICIAL], email="official@example.org")
    UserFactory(roles=[Role.REFEREE], email="referee@example.org")
    assert tasks.check_records(slot="night-1") == 0
    assert mail.outbox == []
    result_differs(match)
    assert tasks.check_records(slot="night-2") == 1
    (message,) = mail.outbox
    assert "official@example.org" in message.to
    assert "referee@example.org" not in message.to
    assert "1 problem found" in message.subject
    assert "[result_differs]" in message.body
    assert "->" in message.body


def test_two_beats_sending_the_same_nights_check_mail_the_officials_once(match):
    UserFactory(roles=[Role.OFFICIAL], email="official@example.org")
    result_differs(match)
    assert tasks.check_records(slot="2026-12-02") == 1
    assert tasks.check_records(slot="2026-12-02") is None  # the second beat's
    assert len(mail.outbox) == 1
    assert tasks.check_records(slot="2026-12-03") == 1  # the next night runs


def test_the_records_check_is_in_the_nightly_schedule(settings):
    entries = {e["task"]: e for e in settings.CELERY_BEAT_SCHEDULE.values()}
    schedule = entries["tarokk_admin.tasks.check_records"]["schedule"]
    assert schedule.hour == {3}
    assert schedule.minute == {30}


def imported_waiting() -> list[int]:
    """Matches stored by a bulk import a moment ago: one follow-up for all of them
    (``matches_completed``, issue 24), which the worker has not run yet."""
    from competitions.services.matches import MATCHES_FOLLOWUP
    from scoring.services.imports.store import matches_import
    from tests.scoring.services.test_import import entry, matches_file

    data = matches_file(
        *(entry(seed, date=f"2026-03-{seed:02d}") for seed in (1, 2, 3))
    )
    outcome = matches_import(data=data, user=UserFactory(roles=[Role.OFFICIAL]))
    assert outcome.ok
    assert outcome.imported == 3
    row = Followup.objects.get(kind=MATCHES_FOLLOWUP)
    assert row.args == [outcome.match_ids]
    assert not TrophyAward.objects.filter(match_id__in=outcome.match_ids).exists()
    return outcome.match_ids


def test_matches_whose_import_follow_up_still_waits_are_not_checked_yet():
    """A bulk import's follow-up stands for every match it lists: until the worker
    has run it, their trophies are "not checked yet", not trophy_missing (R14)."""
    ids = imported_waiting()
    status, out = check()
    assert status == 0, out
    assert "trophy_missing" not in out
    assert "Not checked yet: the trophies of 3 matches whose follow-up" in out
    for match_id in ids:
        assert f"match {match_id} (" in out
    followups_deliver_all()
    assert TrophyAward.objects.filter(match_id__in=ids).exists()
    assert check() == (0, "The records are consistent: no problem found.\n")


def test_an_import_follow_up_marked_done_without_running_is_trophy_missing():
    """The same matches, their follow-up marked delivered without its work: the
    audit sees the trophies missing (what it saw while the follow-up waited)."""
    ids = imported_waiting()
    Followup.objects.update(delivered_at=timezone.now())
    status, out = check()
    assert status == 1
    assert "[trophy_missing]" in out
    assert any(f"match {match_id} (" in out for match_id in ids)


def test_an_import_follow_up_that_keeps_failing_is_reported_for_its_matches():
    ids = imported_waiting()
    Followup.objects.filter(delivered_at__isnull=True).update(
        attempts=2, last_error="OperationalError: the database went away"
    )
    status, out = check()
    assert status == 1
    for match_id in ids:
        assert f"[followup_failed] match {match_id} (" in out
    assert "trophy_missing" not in out
