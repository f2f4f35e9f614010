"""Pages the front may share among anonymous readers (settings.MIDDLEWARE).

A public page read by someone who is not signed in carries nothing of that reader:
no CSRF token (``templates/base.html`` asks for one only for signed-in users, and
the language switch takes none, ``tarokk_admin/views/language.py``) and no cookie.
Such an answer is the same for every anonymous reader of the address in the same
language, so the front (nginx, ``deploy/nginx/tarokk.conf``) may answer the next
readers with it for a moment instead of asking the app again: a thousand people
opening the live day's page cost about one render a second per address and
language, not one each.

The app says so with ``X-Accel-Expires`` (nginx reads and removes it), to the end of
the next second, only when nothing in the answer could be one reader's own:

- a GET (or HEAD), answered 200 with an HTML page, to a reader who is not signed in
  and sent no session cookie, no ``Authorization`` and no htmx request header;
- the answer sets no cookie: a page that used the CSRF token (a form: the login
  page), showed a one-time message or started a session sets one, and is not shared;
- it is not marked private or uncacheable, and varies on nothing but the language
  (``Vary: Accept-Language, Cookie``: the front keys its copies on the address, the
  language cookie and Accept-Language, and passes every request with a session or
  messages cookie to the app).

A view that says itself how long its answer may be shared (the live board's poll)
keeps its own word. Without a front the header reaches the browser and means nothing
there.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

Handler = Callable[[HttpRequest], HttpResponse]
HEADER = "X-Accel-Expires"
# Shared to the end of the next second: 1 to 2 s old at most.
SHARED_SECONDS = 1
# What the front keys its copies on besides the address (deploy/nginx/tarokk.conf).
KEYED_VARY = frozenset({"accept-language", "cookie"})
UNSHARED = ("private", "no-store", "no-cache")


def shareable(request: HttpRequest, response: HttpResponse) -> bool:
    """Whether ``response`` holds nothing of the one reader it answers."""
    if request.method not in ("GET", "HEAD") or response.status_code != 200:
        return False
    if HEADER in response or response.cookies or response.streaming:
        return False
    if settings.SESSION_COOKIE_NAME in request.COOKIES:
        return False
    user = getattr(request, "user", None)
    if user is None or user.is_authenticated:
        return False
    if request.headers.get("Authorization") or request.headers.get("HX-Request"):
        return False
    if not response.get("Content-Type", "").startswith("text/html"):
        return False
    control = response.get("Cache-Control", "").lower()
    if any(word in control for word in UNSHARED):
        return False
    vary = {
        name.strip().lower()
        for name in response.get("Vary", "").split(",")
        if name.strip()
    }
    return vary <= KEYED_VARY


class SharedPageMiddleware:
    """Marks an anonymous reader's public page as shareable by the front. Stands
    outside the session, CSRF and messages middleware, so it sees every cookie
    they set."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if shareable(request, response):
            response[HEADER] = f"@{int(time.time()) + SHARED_SECONDS}"
        return response
