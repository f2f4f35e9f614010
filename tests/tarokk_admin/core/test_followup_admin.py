"""The outbox in the admin: officials see pending and failing follow-ups, cannot
write them, and may deliver a pending one now (once)."""

from __future__ import annotations

import pytest

from tarokk_admin.core import background
from tarokk_admin.core.models import Followup
from tarokk_admin.core.roles import Role
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

LIST = "/admin/tarokk_core/followup/"


@pytest.fixture
def official(client):
    user = UserFactory(roles=[Role.OFFICIAL], is_staff=True)
    client.force_login(user)
    return user


def test_officials_see_what_is_pending_and_why(client, official):
    Followup.objects.create(
        kind="match_completed", args=[7], attempts=2, last_error="RuntimeError: no"
    )
    response = client.get(LIST, {"state": "pending"})
    assert response.status_code == 200
    assert "match_completed" in response.text
    assert "RuntimeError: no" in response.text
    assert client.get(f"{LIST}add/").status_code == 403


def test_deliver_now_runs_a_pending_follow_up_once(client, official, monkeypatch):
    runs = []

    class Task:
        def __call__(self, *args):
            runs.append(args)

    monkeypatch.setitem(background._FOLLOWUPS, "admin_probe", Task())
    row = Followup.objects.create(kind="admin_probe", args=[1])
    done = Followup.objects.create(kind="admin_probe", args=[2])
    background.followup_deliver(done.pk)
    runs.clear()
    response = client.post(
        LIST,
        {"action": "deliver_now", "_selected_action": [row.pk, done.pk]},
        follow=True,
    )
    assert response.status_code == 200
    assert "1 follow-up delivered." in response.text
    assert runs == [(1,)]
    row.refresh_from_db()
    assert row.delivered_at is not None


def test_others_do_not_see_the_outbox(client):
    client.force_login(UserFactory(roles=[Role.REFEREE], is_staff=True))
    assert client.get(LIST).status_code == 403
