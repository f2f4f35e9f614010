"""No text the database cannot hold comes in with a request (settings.MIDDLEWARE).

PostgreSQL refuses a NUL character (U+0000) in any text, and the request would end
in a 500 wherever the value reaches a query: a part of the address
(``/officials/teams/2026/3/place/%00/remove/``), a query parameter, a form field, a
header (the login lockout stores the browser's name) or a cookie. No address, value
or header of the site holds one, so ``RequestTextMiddleware`` refuses such a
request before any view or middleware reads it: a 400 with one sentence naming
where the NUL is (as JSON ``{"error": …}`` under the API). Every other character a
request can carry is text PostgreSQL holds: Django decodes addresses, query strings
and forms as UTF-8 and replaces what is not (``RequestCharsetMiddleware`` refuses
other charsets), so no lone surrogate gets in. JSON that people send is read by
``core.jsonio`` and its callers, which check their own texts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils.translation import gettext as _

from tarokk_admin.core.api import api_address, api_error

Handler = Callable[[HttpRequest], HttpResponse]
NUL = "\x00"
SHOWN_CHARS = 40


def _shown(name: str) -> str:
    return name.replace(NUL, "%00")[:SHOWN_CHARS]


def _named(pairs: Iterable[tuple[str, list[str]]]) -> str | None:
    """The name of the first pair whose name or one of whose values holds a NUL."""
    for name, values in pairs:
        if NUL in name or any(NUL in value for value in values):
            return _shown(name)
    return None


def nul_problem(request: HttpRequest) -> str | None:
    """One sentence saying where the request holds a NUL character, or None."""
    if NUL in request.path_info:
        return _(
            "The address holds a NUL character (U+0000), which no address of "
            "this site has."
        )
    name = _named(request.GET.lists())
    if name is not None:
        return _(
            'The parameter "%(name)s" of the address holds a NUL character '
            "(U+0000), which no value can hold."
        ) % {"name": name}
    for key, value in request.META.items():
        if key.startswith("HTTP_") and isinstance(value, str) and NUL in value:
            header = key[5:].replace("_", "-").title()
            return _(
                "The header %(name)s holds a NUL character (U+0000), which no "
                "header can hold."
            ) % {"name": header}
    if request.method == "POST" and request.content_type in (
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    ):
        name = _named(request.POST.lists())
        if name is not None:
            return _(
                'The form field "%(name)s" holds a NUL character (U+0000), which '
                "no value can hold."
            ) % {"name": name}
    return None


class RequestTextMiddleware:
    """A request holding a NUL character anywhere is a 400 that says where."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        problem = nul_problem(request)
        if problem is None:
            return self.get_response(request)
        if api_address(request):
            return api_error(problem, 400)
        return HttpResponseBadRequest(problem, content_type="text/plain; charset=utf-8")
