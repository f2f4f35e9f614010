"""The feast picker's catalogue as a script: the same for every hand form in a
language, so it is fetched once and kept (by the browser and by the referee's
service worker), not repeated in every page."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseNotFound
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scoring.forms.feast_search import picker_script

YEAR = 365 * 24 * 3600


def languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def feast_data_url(language: str | None = None) -> str:
    """The versioned address of the picker's data in ``language`` (the active one
    by default); a new release gives a new address."""
    try:
        language = translation.get_supported_language_variant(
            language or translation.get_language() or settings.LANGUAGE_CODE
        )
    except LookupError:
        language = settings.LANGUAGE_CODE
    _body, version = picker_script(language)
    return f"{reverse('referee:feast_data', args=[language])}?v={version}"


@require_GET
def feast_data(request: HttpRequest, language: str) -> HttpResponse:
    if language not in languages():
        return HttpResponseNotFound(
            _(
                "No feast catalogue in the language “%(language)s”; there are: %(known)s."
            )
            % {"language": language, "known": ", ".join(languages())},
            content_type="text/plain; charset=utf-8",
        )
    body, version = picker_script(language)
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    # The address carries the version: the current one is kept for good, any other
    # (an old page asking after a release) only briefly.
    current = request.GET.get("v") == version
    response["Cache-Control"] = (
        f"public, max-age={YEAR}, immutable" if current else "public, max-age=300"
    )
    response["ETag"] = f'"{version}"'
    return response
