"""My account: one switch per kind of e-mail notice and the e-mails' language,
saved through the service; reachable from the user menu."""

from __future__ import annotations

import pytest

from competitions.models import AccountSettings, NoticeKind
from tarokk_admin.core.roles import Role
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

URL = "/accounts/settings/"


def test_anonymous_visitors_are_sent_to_log_in(client):
    response = client.get(URL)
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_every_kind_is_on_until_turned_off(client, django_assert_max_num_queries):
    user = UserFactory(roles=[Role.TEAM_CAPTAIN])
    client.force_login(user)
    with django_assert_max_num_queries(8):
        page = client.get(URL).content.decode()
    for kind in NoticeKind.values:
        assert f'value="{kind}"' in page
    assert page.count("checked") >= len(NoticeKind.values)
    assert 'href="/accounts/settings/"' in page  # the user menu links it
    on = [k for k in NoticeKind.values if k != "match_moved"]
    response = client.post(URL, {"notices_on": on, "language": "en"})
    assert response.status_code == 302
    row = AccountSettings.objects.get(user=user)
    assert row.notices_off == ["match_moved"]
    assert row.language == "en"
    page = client.get(URL).content.decode()
    assert 'value="match_moved"' in page
    assert page.count("checked") == len(on)


def test_an_unknown_kind_or_language_is_refused_and_nothing_stored(client):
    client.force_login(UserFactory())
    page = client.post(URL, {"notices_on": ["spam"], "language": "xx"})
    assert page.status_code == 200
    assert "spam" in page.content.decode()
    assert not AccountSettings.objects.exists()


def test_a_referee_sees_the_address_of_their_calendar(client):
    referee = UserFactory(roles=[Role.REFEREE])
    client.force_login(referee)
    assert f"/calendar/referee/{referee.pk}/" in client.get(URL).content.decode()
    client.force_login(UserFactory())
    assert "/calendar/referee/" not in client.get(URL).content.decode()
