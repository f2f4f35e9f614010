"""``seed_demo`` relies on the role groups' migration and is idempotent."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import CommandError, call_command

from competitions.demo import DEMO_ACCOUNTS, DEMO_PASSWORD
from competitions.roles import Role

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
    assert {a.role for a in DEMO_ACCOUNTS} == set(Role)
    assert DEMO_PASSWORD in output


def test_second_run_changes_nothing_and_prints_no_password():
    seed()
    users_before = list(get_user_model().objects.order_by("pk").values())
    output = seed()
    assert list(get_user_model().objects.order_by("pk").values()) == users_before
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
