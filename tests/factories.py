"""factory_boy factories for the federation's models (STYLE.md: objects from
factories, not copied dicts)."""

from __future__ import annotations

import datetime as dt
import random

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from competitions.models import (
    Competition,
    Lineup,
    Match,
    Membership,
    Player,
    Season,
    SeasonReferee,
    Team,
    TeamCaptain,
)
from scoring.engine import score_hand_record, sheet_from_play
from scoring.engine.generate import random_play_record
from tarokk_admin.core.roles import Role


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.django.Password("secret-pass")

    @factory.post_generation
    def roles(self, create, extracted, **kwargs):
        """``UserFactory(roles=[Role.REFEREE])`` puts the user in those groups."""
        for role in extracted or ():
            # get_or_create: a transactional (browser) test flushes the migration's groups.
            self.groups.add(Group.objects.get_or_create(name=Role(role).value)[0])


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    name = factory.Sequence(lambda n: f"Kovács Éva {n}")
    federation_number = factory.Sequence(lambda n: f"H{n:05d}")
    club = "Budapest"


class TeamFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Team

    name = factory.Sequence(lambda n: f"Team {n}")
    club = "Budapest"


class SeasonFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Season
        django_get_or_create = ("year",)

    year = 2026
    annual_meeting = factory.LazyAttribute(lambda s: dt.date(s.year, 1, 17))


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    season = factory.SubFactory(SeasonFactory)
    team = factory.SubFactory(TeamFactory)
    player = factory.SubFactory(PlayerFactory)
    role = Membership.Role.DRIVER


class CompetitionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Competition
        django_get_or_create = ("season", "kind", "name")

    season = factory.SubFactory(SeasonFactory)
    kind = Competition.Kind.CHAMPIONSHIP
    name = factory.LazyAttribute(lambda c: Competition.Kind(c.kind).label)


def captain_of(team: Team, season: Season | int, user=None):
    """Make ``user`` (a new account with the Team captain role when None) the
    team's captain of the season; returns the user."""
    user = user or UserFactory(roles=[Role.TEAM_CAPTAIN])
    season_id = getattr(season, "pk", season)
    TeamCaptain.objects.update_or_create(
        season_id=season_id, team=team, defaults={"user": user}
    )
    if hasattr(user, "_tarokk_captaincies"):
        del user._tarokk_captaincies
    return user


def pool_referee(season: Season | int, user=None, **kwargs):
    """A referee (an account with the Referee role, new when ``user`` is None) in
    the season's referee pool; returns the user."""
    user = user or UserFactory(roles=[Role.REFEREE], **kwargs)
    SeasonReferee.objects.get_or_create(
        season_id=getattr(season, "pk", season), user=user
    )
    return user


def team_with_roster(season: Season, *, substitute: bool = False, **kwargs) -> Team:
    """A team with a driver and a catcher (and a substitute) for the season."""
    team = TeamFactory(**kwargs)
    roles = [Membership.Role.DRIVER, Membership.Role.CATCHER]
    if substitute:
        roles.append(Membership.Role.SUBSTITUTE)
    for role in roles:
        MembershipFactory(season=season, team=team, role=role)
    return team


def roster(team: Team, season: Season) -> dict[str, Player]:
    return {
        m.role: m.player
        for m in Membership.objects.filter(team=team, season=season).select_related(
            "player"
        )
    }


class MatchFactory(factory.django.DjangoModelFactory):
    """A scheduled championship match after the annual meeting, in public."""

    class Meta:
        model = Match

    competition = factory.SubFactory(CompetitionFactory)
    team_a = factory.LazyAttribute(lambda m: team_with_roster(m.competition.season))
    team_b = factory.LazyAttribute(lambda m: team_with_roster(m.competition.season))
    date = factory.LazyAttribute(lambda m: dt.date(m.competition.season.year, 3, 14))
    venue = "Budapest"
    public = True


def ready_match(*, referee=None, **kwargs) -> Match:
    """A match ready for hands: line-ups of both rosters, the cut (team_a attacks
    first) and an assigned referee."""
    match = MatchFactory(referee=referee or UserFactory(roles=[Role.REFEREE]), **kwargs)
    season = match.competition.season
    for team in match.teams:
        players = roster(team, season)
        Lineup.objects.create(
            match=match,
            team=team,
            driver=players[Membership.Role.DRIVER],
            catcher=players[Membership.Role.CATCHER],
        )
    match.first_attack = match.team_a
    match.save()
    return match


def sheet(seed: int, announcements: int = 4) -> dict:
    """A valid score-sheet hand record from a random legal hand (seeded)."""
    rng = random.Random(seed)
    record = random_play_record(rng, n_announcements=announcements)
    return sheet_from_play(record, score_hand_record(record))


def trophy_award(match: Match, team: Team, feast: str) -> object:
    """A trophy award of ``team`` in ``match`` for ``feast`` (R14), credited to a new
    player, as the trophy list would hold it."""
    from scoring.engine.catalogue import FEASTS
    from trophies.models import TrophyAward

    return TrophyAward.objects.create(
        player=PlayerFactory(),
        team=team,
        feast=feast,
        value=FEASTS[feast].value,
        date=match.date,
        match=match,
    )
