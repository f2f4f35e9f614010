"""Every address pattern of the site is swept (``test_page_sweep.py``) or listed with
the reason it is not (``routes.NOT_SWEPT``): a new page is swept from the day it is
added. Needs no browser."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.sweep import routes


def test_every_pattern_is_swept_or_listed_with_a_reason():
    swept = routes.swept()
    missing = [
        f"{pattern.name}: {pattern.route}"
        for pattern in routes.patterns()
        if pattern.name not in swept and routes.reason_not_swept(pattern.name) is None
    ]
    assert not missing, (
        "Address patterns neither swept nor listed in tests/sweep/routes.py "
        "(add each to SWEPT with the roles that see it, or to NOT_SWEPT with the "
        "reason):\n" + "\n".join(missing)
    )


def test_nothing_listed_is_stale():
    names = {pattern.name for pattern in routes.patterns()}
    stale = [name for name in routes.SWEPT if name not in names]
    stale += [
        key
        for key in routes.NOT_SWEPT
        if not any(routes.fnmatch.fnmatchcase(name, key) for name in names)
    ]
    assert not stale, f"Listed in tests/sweep/routes.py but no such pattern: {stale}"


@pytest.mark.django_db
def test_a_pattern_left_out_as_post_only_refuses_a_get():
    """What ``NOT_SWEPT`` calls an action (POST only) answers a GET with 405: an
    address that shows a page in answer to a GET must be swept."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    client = Client()
    client.force_login(
        get_user_model().objects.create_superuser("sweeper", "s@example.org", "x")
    )
    shown = []
    for pattern in routes.patterns():
        if routes.reason_not_swept(pattern.name) != routes.POST_ONLY:
            continue
        resolver_kwargs = {
            part.split(":")[-1].rstrip(">"): "1" if part.startswith("<str") else 1
            for part in pattern.route.split("/")
            if part.startswith("<")
        }
        address = reverse(pattern.name, kwargs=resolver_kwargs)
        status = client.get(address).status_code
        if status != 405:
            shown.append(f"{pattern.name} ({address}): GET answers {status}")
    assert not shown, "\n".join(shown)
