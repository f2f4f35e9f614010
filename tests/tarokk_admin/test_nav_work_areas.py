"""The navigation's "My work" menu offers each role its own pages, and nothing to
anonymous visitors."""

import pytest
from django.urls import reverse

from tarokk_admin.core.roles import Role
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

LINKS = {
    "referee": reverse("referee:home"),
    "jury": reverse("jury:home"),
    "captain": reverse("captain:home"),
    "import": reverse("officials:import"),
}


@pytest.mark.parametrize(
    ("role", "expected"),
    [
        (None, set()),
        (Role.REFEREE, {"referee"}),
        (Role.JURY, {"jury"}),
        (Role.OFFICIAL, {"referee", "jury", "captain", "import"}),
    ],
    ids=["anonymous", "referee", "jury", "official"],
)
def test_work_menu_links_per_role(client, role, expected):
    if role is not None:
        client.force_login(UserFactory(roles=[role]))
    html = client.get(reverse("home")).content.decode()
    shown = {name for name, url in LINKS.items() if f'href="{url}"' in html}
    assert shown == expected
