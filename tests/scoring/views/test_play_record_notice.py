"""A hand stored as a play record warns before the form replaces it with a sheet."""

import random

import pytest
from django.urls import reverse

from scoring.engine.generate import random_play_record
from scoring.services.hands import hand_save
from tests.factories import ready_match, sheet

pytestmark = pytest.mark.django_db
NOTICE = "stored as a full play record"


@pytest.mark.parametrize(("play_record", "shown"), [(True, True), (False, False)])
def test_play_record_hand_shows_the_replacement_notice(client, play_record, shown):
    match = ready_match()
    record = (
        random_play_record(random.Random(4), n_announcements=3)
        if play_record
        else sheet(4)
    )
    hand_save(match=match, number=1, record=record, user=match.referee)
    client.force_login(match.referee)
    html = client.get(reverse("referee:hand", args=[match.pk, 1])).content.decode()
    assert (NOTICE in html) is shown
