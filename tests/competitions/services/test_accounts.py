"""Accounts and roles without a superuser: an official invites by e-mail (a one-time
link to set a password), gives and withdraws roles with a reason kept, deactivates;
nobody raises their own rights and the last official stays."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.management import call_command
from django.utils import timezone

from competitions.models import AccountEvent, AccountSettings
from competitions.services.accounts import (
    account_deactivate,
    account_invitation_resend,
    account_invite,
    account_reactivate,
    account_role_grant,
    account_role_withdraw,
    official_create,
)
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role, roles
from tests.factories import (
    PlayerFactory,
    SeasonFactory,
    UserFactory,
    captain_of,
    team_with_roster,
)

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https?://\S+/accounts/reset/\S+/")


@pytest.fixture
def official():
    return UserFactory(username="olga", roles=[Role.OFFICIAL], is_staff=True)


def invite(official, **kwargs):
    values = {
        "by": official,
        "email": "rezso@example.org",
        "first_name": "Rezső",
        "last_name": "Bíró",
        "site": "http://tarokk.example",
    }
    return account_invite(**{**values, **kwargs})


def test_an_invitation_makes_an_account_without_a_password_and_mails_the_link(
    official, django_capture_on_commit_callbacks
):
    player = PlayerFactory(name="Bíró Rezső")
    with django_capture_on_commit_callbacks(execute=True):
        account = invite(
            official,
            player=player,
            roles=[Role.REFEREE, Role.JURY],
            reason="the 2026 referee course",
        )
    assert not account.has_usable_password()
    assert account.username == "rezso"
    assert set(roles(get_user_model().objects.get(pk=account.pk))) == {
        "Referee",
        "Jury",
    }
    player.refresh_from_db()
    assert player.user == account
    events = AccountEvent.objects.filter(account=account).order_by("pk")
    assert [(e.kind, e.role, e.reason, e.by) for e in events] == [
        ("invited", "", "the 2026 referee course", official),
        ("role_granted", "Referee", "the 2026 referee course", official),
        ("role_granted", "Jury", "the 2026 referee course", official),
    ]
    [message] = mail.outbox
    assert message.to == ["rezso@example.org"]
    assert "rezso" in message.body  # the username
    assert LINK.search(message.body).group(0).startswith("http://tarokk.example/")
    # Nobody chose a language: the federation's, Hungarian.
    assert "jelszó" in message.body.lower()


def test_the_invitation_link_sets_the_password_once(
    official, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        account = invite(official, language="en")
    assert AccountSettings.objects.get(user=account).language == "en"
    link = LINK.search(mail.outbox[0].body).group(0)
    path = link.removeprefix("http://tarokk.example")
    form_page = client.get(path, follow=True)
    assert "new_password1" in form_page.text
    response = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": "Tarokk-2026-ok", "new_password2": "Tarokk-2026-ok"},
        follow=True,
    )
    assert response.status_code == 200
    account.refresh_from_db()
    assert account.check_password("Tarokk-2026-ok")
    again = client.get(path, follow=True)
    assert "does not work any more" in again.text


@pytest.mark.parametrize(
    ("kwargs", "field", "code"),
    [
        ({"email": "not an address"}, "email", "bad_email"),
        ({"email": "OLGA@example.org"}, "email", "email_taken"),
        ({"first_name": "", "last_name": ""}, "last_name", "name_missing"),
        ({"username": "has space"}, "username", "bad_username"),
        ({"username": "olga"}, "username", "username_taken"),
        ({"roles": [Role.REFEREE], "reason": " "}, "reason", "reason_missing"),
        ({"roles": ["Wizard"], "reason": "x"}, "role", "unknown_role"),
    ],
)
def test_an_invitation_is_refused_with_a_sentence_and_stores_nothing(
    official, kwargs, field, code
):
    official.email = "olga@example.org"
    official.save()
    before = get_user_model().objects.count()
    with pytest.raises(ServiceError) as error:
        invite(official, **kwargs)
    assert (error.value.field, error.value.code) == (field, code)
    assert get_user_model().objects.count() == before


def test_only_officials_invite_and_give_roles():
    referee = UserFactory(roles=[Role.REFEREE])
    with pytest.raises(ServiceError, match="Only officials") as error:
        invite(referee)
    assert error.value.code == "not_an_official"
    other = UserFactory()
    with pytest.raises(ServiceError, match="Only officials"):
        account_role_grant(account=other, role=Role.JURY, by=referee, reason="x")


def test_nobody_raises_their_own_rights(official):
    with pytest.raises(ServiceError, match="Nobody gives themselves") as error:
        account_role_grant(account=official, role=Role.JURY, by=official, reason="x")
    assert error.value.code == "own_rights"


def test_a_role_given_and_withdrawn_keeps_its_reasons(official):
    person = UserFactory()
    account_role_grant(
        account=person, role=Role.OFFICIAL, by=official, reason="elected in May"
    )
    person.refresh_from_db()
    assert person.is_staff  # officials may look at the read-only admin
    with pytest.raises(ServiceError, match="already has the role"):
        account_role_grant(account=person, role=Role.OFFICIAL, by=official, reason="x")
    account_role_withdraw(
        account=person, role=Role.OFFICIAL, by=official, reason="stepped down"
    )
    person.refresh_from_db()
    assert not person.is_staff
    assert "Official" not in roles(get_user_model().objects.get(pk=person.pk))
    reasons = list(
        AccountEvent.objects.filter(account=person)
        .order_by("pk")
        .values_list("kind", "reason")
    )
    assert reasons == [
        ("role_granted", "elected in May"),
        ("role_withdrawn", "stepped down"),
    ]


def test_the_last_official_is_neither_withdrawn_nor_deactivated(official):
    with pytest.raises(ServiceError, match="last official") as error:
        account_role_withdraw(
            account=official, role=Role.OFFICIAL, by=official, reason="bye"
        )
    assert error.value.code == "last_official"
    with pytest.raises(ServiceError, match="last active official") as error:
        account_deactivate(account=official, by=official, reason="bye")
    # Its own code: one code names one sentence.
    assert error.value.code == "last_active_official"
    other = UserFactory(roles=[Role.OFFICIAL])
    account_deactivate(account=official, by=other, reason="left the federation")
    official.refresh_from_db()
    assert not official.is_active
    # The one who is left is now the last.
    with pytest.raises(ServiceError, match="last active official"):
        account_deactivate(account=other, by=other, reason="bye")
    account_reactivate(account=official, by=other, reason="back again")
    official.refresh_from_db()
    assert official.is_active


def test_a_captain_keeps_the_role_while_captaining_this_season(official):
    season = SeasonFactory(year=timezone.localdate().year)
    team = team_with_roster(season)
    captain = captain_of(team, season)
    with pytest.raises(ServiceError, match="choose another captain") as error:
        account_role_withdraw(
            account=captain, role=Role.TEAM_CAPTAIN, by=official, reason="x"
        )
    assert team.name in error.value.message
    assert error.value.code == "captain_now"


def test_a_lost_invitation_is_sent_again_until_a_password_is_set(
    official, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        account = invite(official)
    with django_capture_on_commit_callbacks(execute=True):
        account_invitation_resend(account=account, by=official, site="http://x.org")
    assert len(mail.outbox) == 2
    assert "http://x.org/accounts/reset/" in mail.outbox[1].body
    account.set_password("Tarokk-2026-ok")
    account.save()
    with pytest.raises(ServiceError, match="has set a password") as error:
        account_invitation_resend(account=account, by=official)
    assert error.value.code == "password_set"


def test_the_first_official_comes_from_the_command_and_only_once():
    out = StringIO()
    call_command("create_official", "olga", "olga@example.org", stdout=out)
    account = get_user_model().objects.get(username="olga")
    assert "Official" in roles(account)
    assert not account.has_usable_password()
    assert "/accounts/reset/" in out.getvalue()
    with pytest.raises(ServiceError, match="has an official already") as error:
        official_create(username="other", email="other@example.org")
    assert error.value.code == "official_exists"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["olga", "not-an-address"], "is not an e-mail address"),
        (["", "olga@example.org"], "Give a username"),
    ],
)
def test_the_command_says_what_is_wrong_in_one_sentence(args, message, capsys):
    with pytest.raises(SystemExit) as stop:
        call_command("create_official", *args)
    assert stop.value.code == 1
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err
    assert not get_user_model().objects.exists()
