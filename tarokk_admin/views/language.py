"""The language switch in the page header: Django's ``set_language`` cookie, and
back to the page it was pressed on, by a safe ``next`` only (``core.redirects``).

It takes no CSRF token, on purpose. The switch is in the header of every page, and a
token in it would make every page one reader's own: the front could not share a
public page among its anonymous readers (``core.shared_pages``), and a live day's
thousand arrivals would each cost a render. What a forged switch can do is harmless:
the victim's next pages come in the other of the site's two languages, which the
same button turns back; it reads nothing, writes nothing stored, touches no account
and goes only to a page of this site. It stays a POST (a form's button, working
without JavaScript), so a link followed or prefetched by a crawler never changes a
reader's language."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.translation import check_for_language
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from tarokk_admin.core.redirects import next_from, safe_next


def _referring_path(request: HttpRequest) -> str | None:
    """The path of the page the form was on, when it is a page of this site."""
    parts = urlsplit(request.headers.get("Referer", ""))
    if parts.netloc and parts.netloc != request.get_host():
        return None
    return safe_next(request, parts.path + (f"?{parts.query}" if parts.query else ""))


@csrf_exempt  # harmless without a token: see the module's text
@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """Remember the chosen language (a cookie, as Django's ``set_language``) and go
    back: to ``next``, else the referring page, else the home page."""
    response = HttpResponseRedirect(
        next_from(request) or _referring_path(request) or "/"
    )
    language = request.POST.get("language", "")
    if language and check_for_language(language):
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            language,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            path=settings.LANGUAGE_COOKIE_PATH,
            domain=settings.LANGUAGE_COOKIE_DOMAIN,
            secure=settings.LANGUAGE_COOKIE_SECURE,
            httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )
    return response
