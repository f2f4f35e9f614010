"""Error pages speak the product's language instead of Django's bare defaults."""

import pytest
from django.core.exceptions import PermissionDenied
from django.test import override_settings
from django.urls import path

from tarokk_admin.urls import urlpatterns as project_urls


def refuse(request):
    raise PermissionDenied("Only officials manage the cup.")


urlpatterns = [path("refuse/", refuse), *project_urls]


@pytest.mark.django_db
@override_settings(ROOT_URLCONF=__name__, DEBUG=False)
def test_403_page_says_why(client):
    response = client.get("/refuse/")
    assert response.status_code == 403
    assert "Only officials manage the cup." in response.content.decode()


@pytest.mark.django_db
@override_settings(DEBUG=False)
def test_404_page_is_ours(client):
    response = client.get("/teams/999999/")
    assert response.status_code == 404
    assert "There is no page at this address" in response.content.decode()
