"""The import page's limits, each said before and in a sentence when passed: a
matches file up to ``UPLOAD_MAX_MB`` (the one number the front's body limit is
written from), pasted text up to Django's form limit (2.5 MB), beyond which the
page answers a 413 naming both limits instead of a bare "Bad Request (400)"."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoring.models import ImportRun
from tarokk_admin.core.roles import Role
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def official(client):
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    return client


def test_the_page_says_both_limits_before_anything_is_sent(official, settings):
    settings.UPLOAD_MAX_MB = 48
    page = official.get(reverse("officials:import")).content.decode()
    assert "up to 48 MB" in page
    assert "Up to 2.5 MB can be pasted; upload a larger file (up to 48 MB)" in page


def test_pasted_text_over_the_form_limit_is_a_413_naming_the_limits(official):
    text = '{"format": "royal-tarokk-matches/1", "matches": []}' + " " * (
        3 * 1024 * 1024
    )
    response = official.post(reverse("officials:import"), {"text": text})
    assert response.status_code == 413
    body = response.content.decode()
    assert "at most 2.5 MB of text" in body
    assert "a file of up to 64 MB can be imported" in body
    assert ImportRun.objects.count() == 0


def test_a_413_is_said_in_hungarian_too(official):
    response = official.post(
        reverse("officials:import"),
        {"text": "x" * (3 * 1024 * 1024)},
        HTTP_ACCEPT_LANGUAGE="hu",
    )
    assert response.status_code == 413
    assert "Egy űrlap legfeljebb 2,5 MB szöveget vihet" in response.content.decode()


def test_other_bad_requests_keep_djangos_400(official):
    response = official.post(
        reverse("officials:import"),
        {f"field{n}": "x" for n in range(1100)},  # more fields than Django reads
    )
    assert response.status_code == 400


def test_a_file_over_upload_max_mb_is_refused_by_the_form(official, settings):
    settings.UPLOAD_MAX_MB = 1
    upload = SimpleUploadedFile(
        "big.json", b" " * (1024 * 1024 + 1), content_type="application/json"
    )
    response = official.post(reverse("officials:import"), {"file": upload})
    assert response.status_code == 400
    assert "at most 1 MB can be imported at once" in response.content.decode()
    assert ImportRun.objects.count() == 0
