"""The live event day: ``/live/<date>/``, its projector mode and the small
board fragment the open pages poll.

Updating without a reload: the board carries the version of its own content (a hash,
also sent as the ETag) in the address htmx polls every few seconds
(``hx-trigger="every 3s"``, static/vendor/htmx). The poll costs one query while
nothing changed — the mark of ``stats.selectors.live.live_mark`` — and is answered
``204 No Content`` (htmx leaves the page alone); a conditional request with
``If-None-Match`` gets ``304``. When the mark changed, the board is rendered once
per language and kept in the cache under the one freshness key of every cached page
(``core.page_cache.page_key``); a client whose version
differs gets the new board (200), which replaces the old one with the new version in
its polling address. No script is inline: ``static/stats/live.js`` only cycles
the projector's matches and says when the board was last updated.

Behind the front (nginx, ``deploy/nginx/tarokk.conf``) the polls of anonymous viewers
are answered from nginx's shared cache: the fragment's address holds everything its
answer depends on (the day, the version shown, the projector mode and the language,
``lang``), and the answer says how long it may be shared — ``X-Accel-Expires`` to the
end of the current second — so a thousand open pages cost the app about one request
a second per address, not one per viewer. A signed-in viewer's answer is never
shared (``private, no-store``, and nginx passes it by). The page itself is shared
the same way for anonymous readers (``core.shared_pages``: it carries no token and
sets no cookie), so a hundred arrivals a second cost about one render a second.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import time

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from stats.selectors.live import live_day, live_mark, neighbour_days
from tarokk_admin.core.methods import get_only
from tarokk_admin.core.page_cache import cached, page_key

BOARD_SECONDS = 60 * 60
# With the front's cache (at most a second old) and the render, a save shows on every
# open page within 3 s.
POLL_SECONDS = 2
PROJECTOR_CYCLE_SECONDS = 12
# Without JavaScript (no polling) the page reloads itself this often.
RELOAD_SECONDS = 30


def _parse(text: str) -> dt.date:
    """A ``YYYY-MM-DD`` day from the address, else a 404 that says how to write it."""
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        try:
            return dt.date.fromisoformat(text)
        except ValueError:
            pass
    raise Http404(
        _("%(text)s is not a date: write it as YYYY-MM-DD, such as 2026-04-18.")
        % {"text": text[:20]}
    )


def _projector(request: HttpRequest) -> bool:
    return request.GET.get("projector", "") in ("1", "true", "yes")


def board(day: dt.date, variant: str) -> tuple[str, str]:
    """(version, HTML) of the day's board, kept under the one freshness key
    (``page_cache.page_key``) of the day's data mark."""

    def render() -> tuple[str, str]:
        data = live_day(day)
        context = {
            "live": data,
            "day": day,
            "latest_ms": int(data.latest_save.timestamp() * 1000)
            if data.latest_save
            else "",
            "rendered_at": timezone.localtime(),
        }
        inner = render_to_string(f"statistics/live/_{variant}_board.html", context)
        version = hashlib.sha256(inner.encode()).hexdigest()[:16]
        html = render_to_string(
            "statistics/live/_board.html",
            {
                **context,
                "inner": mark_safe(inner),  # rendered by our own template
                "version": version,
                "variant": variant,
                "poll": POLL_SECONDS,
                "language": get_language(),
            },
        )
        return version, html

    key = page_key("live", day.isoformat(), variant, live_mark())
    return cached(key, render, BOARD_SECONDS)


@get_only
def live_today(request: HttpRequest) -> HttpResponse:
    """``/live/``: today's board."""
    return redirect("statistics:live", day=timezone.localdate().isoformat())


@get_only
def live_page(request: HttpRequest, day: str) -> HttpResponse:
    """Every public match of the day, updating by itself; ``?projector=1`` is the
    projector mode."""
    if _projector(request):
        return live_projector(request, day)
    date = _parse(day)
    _version, html = board(date, "page")
    before, after = neighbour_days(date)
    return render(
        request,
        "statistics/live/page.html",
        {
            "day": date,
            "board": mark_safe(html),  # rendered by our own template
            "before": before,
            "after": after,
            "today": timezone.localdate(),
            "section": "live",
            "reload": RELOAD_SECONDS,
        },
    )


@get_only
def live_projector(request: HttpRequest, day: str) -> HttpResponse:
    """Large type for the venue's screen, cycling through the matches."""
    date = _parse(day)
    _version, html = board(date, "projector")
    return render(
        request,
        "statistics/live/projector.html",
        {
            "day": date,
            "board": mark_safe(html),
            "cycle": PROJECTOR_CYCLE_SECONDS,
            "reload": RELOAD_SECONDS,
        },
    )


def _language(request: HttpRequest) -> str:
    """The language named in the fragment's address (the page's), else the
    request's own."""
    wanted = request.GET.get("lang", "")
    return wanted if wanted in dict(settings.LANGUAGES) else get_language()


@get_only
def live_board(request: HttpRequest, day: str) -> HttpResponse:
    """The board fragment: 204 (or 304) while the client's version is current."""
    date = _parse(day)
    variant = "projector" if _projector(request) else "page"
    with translation.override(_language(request)):
        version, html = board(date, variant)
    etag = f'"{version}"'
    if request.GET.get("v") == version:
        response = HttpResponse(status=204)
    elif etag in request.headers.get("If-None-Match", ""):
        response = HttpResponse(status=304)
    else:
        response = HttpResponse(html)
    response["ETag"] = etag
    # Browsers ask again each time; a shared cache (the front) may answer the same
    # address until the end of this second. A signed-in viewer's answer becomes
    # "private, no-store" (core.security) and is never shared.
    response["Cache-Control"] = "public, max-age=0, s-maxage=1"
    if not request.user.is_authenticated:
        response["X-Accel-Expires"] = f"@{int(time.time())}"
    return response
