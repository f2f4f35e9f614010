"""``seed_demo`` relies on the role groups' migration and is idempotent."""

from __future__ import annotations

import datetime as dt
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import CommandError, call_command
from django.utils import timezone

from tarokk_admin.core.roles import Role
from tarokk_admin.demo.accounts import DEMO_ACCOUNTS, DEMO_PASSWORD

pytestmark = pytest.mark.django_db


def seed() -> str:
    out = StringIO()
    call_command("seed_demo", stdout=out)
    return out.getvalue()


def test_the_migration_creates_the_role_groups():
    names = set(Group.objects.values_list("name", flat=True))
    assert {"Official", "Jury", "Referee", "Team captain"} <= names
    assert set(Role.values) <= names


def test_first_run_creates_one_account_per_role_and_prints_the_logins():
    output = seed()
    user_model = get_user_model()
    for account in DEMO_ACCOUNTS:
        user = user_model.objects.get(username=account.username)
        assert user.check_password(DEMO_PASSWORD)
        assert list(user.groups.values_list("name", flat=True)) == [account.role]
        assert f"username {account.username}" in output
        # An address at the reserved example.org: the demo's notices have someone
        # to go to, and never reach anyone.
        assert user.email == f"{account.username}@example.org"
    assert {a.role for a in DEMO_ACCOUNTS} == set(Role)
    assert DEMO_PASSWORD in output


def test_second_run_changes_nothing_and_prints_no_password():
    seed()
    users_before = list(get_user_model().objects.order_by("pk").values())
    rows_before = counts()
    output = seed()
    assert list(get_user_model().objects.order_by("pk").values()) == users_before
    assert counts() == rows_before
    assert output.strip() == "Demo data already loaded; nothing to do."
    assert DEMO_PASSWORD not in output
    assert "nothing to do" in output


def test_a_changed_demo_password_is_left_alone():
    seed()
    official = get_user_model().objects.get(username="official")
    official.set_password("changed-by-the-official")
    official.save()
    seed()
    official.refresh_from_db()
    assert official.check_password("changed-by-the-official")


def test_missing_role_groups_stop_with_one_sentence():
    Group.objects.filter(name="Jury").delete()
    with pytest.raises(
        CommandError, match=r"Jury are missing: run `manage.py migrate`"
    ):
        seed()
    assert not get_user_model().objects.exists()


# --- the living federation ---------------------------------------------

MODELS = (
    "competitions.Player",
    "competitions.Team",
    "competitions.Season",
    "competitions.Membership",
    "competitions.Competition",
    "competitions.Match",
    "competitions.Lineup",
    "competitions.MatchResult",
    "competitions.JuryApproval",
    "competitions.GrandPrixEntry",
    "competitions.VariantSitting",
    "competitions.SittingResult",
    "competitions.PlayerClaim",
    "scoring.Hand",
)


def counts() -> dict[str, int]:
    from django.apps import apps

    return {name: apps.get_model(name).objects.count() for name in MODELS}


def test_seed_creates_a_living_federation_for_the_current_season():
    from django.utils import timezone

    from competitions.models import Match, Membership, Player, Season, Team
    from tarokk_admin.demo.common import demo_season_year

    seed()
    # The current season (the previous one is the demo's closed year).
    season = Season.objects.get(year=demo_season_year(timezone.localdate()))
    assert season.annual_meeting.month == 1
    assert 15 <= season.annual_meeting.day <= 21
    assert Team.objects.count() == 24
    assert 50 <= Player.objects.count() <= 70
    assert Membership.objects.filter(role="substitute").count() >= 4
    assert all(" " in name for name in Player.objects.values_list("name", flat=True))
    assert Player.objects.filter(name__regex=r"[áéíóöőúüű]").exists()
    completed = Match.objects.filter(
        status=Match.Status.COMPLETED,
        competition__kind="championship",
        competition__season=season,
    )
    assert completed.count() == 60
    today = timezone.localdate()
    for match in completed:
        assert season.annual_meeting < match.date < today
        assert match.public
    per_team = {team.pk: 0 for team in Team.objects.all()}
    for a, b in completed.values_list("team_a", "team_b"):
        per_team[a] += 1
        per_team[b] += 1
    assert set(per_team.values()) == {5}


def test_seed_leaves_work_for_the_referee_the_jury_and_the_captain_r15():
    from competitions.models import Match, MatchResult
    from competitions.selectors.matches import match_needs_jury_approval

    seed()
    referee = get_user_model().objects.get(username="referee")
    in_play = Match.objects.get(
        status=Match.Status.IN_PLAY, competition__kind="championship"
    )
    assert in_play.referee == referee
    assert 1 <= in_play.hands.count() < 8
    assert in_play.lineups.count() == 2
    scheduled = Match.objects.filter(
        status=Match.Status.SCHEDULED, referee=referee, competition__kind="championship"
    )
    assert scheduled.count() == 1
    awaiting_jury = Match.objects.get(public=False)
    assert match_needs_jury_approval(awaiting_jury)
    assert not Match.objects.filter(public=False, jury_approval__isnull=False).exists()
    captain = get_user_model().objects.get(username="captain")
    from competitions.models import TeamCaptain

    row = TeamCaptain.objects.select_related("team", "season").get(user=captain)
    team = row.team
    # The demo captain is a member of the team's roster (their account linked to
    # the driver's record), chosen through the services (the history says so).
    assert team.memberships.filter(player__user=captain, season=row.season).exists()
    from tarokk_admin.demo.people import CAPTAIN_REASON

    assert row.history.first().history_change_reason == CAPTAIN_REASON
    assert referee.referee_seasons.filter(season=row.season).exists()
    answers = list(
        MatchResult.objects.filter(team=team, match__competition__season=row.season)
        .order_by("match__date", "match__pk")
        .values_list("answer", flat=True)
    )
    assert answers[-1] == MatchResult.Answer.PENDING
    assert MatchResult.Answer.CONFIRMED in answers
    # The officials' pages have something to show: matches to come, one dispute.
    assert answers[0] == MatchResult.Answer.DISPUTED
    to_come = Match.objects.filter(
        status=Match.Status.SCHEDULED, competition__kind="championship"
    )
    season_over = timezone.localdate() >= dt.date(
        team.memberships.first().season.year, 12, 31
    )
    assert season_over or to_come.count() >= 5


def test_every_demo_hand_is_valid_and_every_result_is_the_engines_r11():
    from competitions.models import Match
    from competitions.selectors.matches import match_as_record
    from scoring.engine import score_hand_record, score_match_record
    from scoring.models import Hand

    seed()
    for hand in Hand.objects.all():
        result = score_hand_record(hand.record)
        assert result["valid"], result["errors"]
        assert "deal" not in hand.record  # the score sheet, as a referee enters it
        assert (hand.attack_score, hand.defence_score) == (
            result["attack"]["score"],
            result["defence"]["score"],
        )
    completed = Match.objects.filter(status=Match.Status.COMPLETED).prefetch_related(
        "results__team"
    )
    for match in completed:
        judged = score_match_record(match_as_record(match))
        assert {r.team.name: (r.total, r.points) for r in match.results.all()} == {
            name: (t["total"], t["points"]) for name, t in judged["teams"].items()
        }


def test_the_demo_season_is_last_year_in_january():
    import datetime as dt

    from tarokk_admin.demo.common import demo_season_year

    assert demo_season_year(dt.date(2027, 1, 10)) == 2026
    assert demo_season_year(dt.date(2027, 2, 1)) == 2027
