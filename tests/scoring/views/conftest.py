"""Fixtures of the result-entry pages: a ready match and a user per role."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group

from tarokk_admin.core.roles import Role
from tests.factories import TeamFactory, UserFactory, captain_of, ready_match


@pytest.fixture(autouse=True)
def role_groups(request):
    """The role groups come from a migration; a transactional (browser) test run
    earlier on the same worker flushes them, so make sure they exist."""
    if "django_db" not in request.keywords:
        return
    request.getfixturevalue("db")
    for role in Role:
        Group.objects.get_or_create(name=role.value)


@pytest.fixture
def referee(db):
    return UserFactory(roles=[Role.REFEREE])


@pytest.fixture
def match(referee):
    return ready_match(referee=referee)


def make_user(role: str, match):
    """A user in ``role`` with respect to ``match`` (None for anonymous)."""
    if role == "anonymous":
        return None
    if role == "official":
        return UserFactory(roles=[Role.OFFICIAL])
    if role == "jury":
        return UserFactory(roles=[Role.JURY])
    if role == "referee":
        return match.referee
    if role == "other_referee":
        return UserFactory(roles=[Role.REFEREE])
    if role in ("captain", "other_captain"):
        team = match.team_a if role == "captain" else TeamFactory()
        return captain_of(team, match.competition.season_id)
    return UserFactory()


@pytest.fixture
def login(client, match):
    """``login(role)`` signs the test client in as that role and returns the user."""

    def sign_in(role: str):
        user = make_user(role, match)
        if user is not None:
            client.force_login(user)
        return user

    return sign_in
