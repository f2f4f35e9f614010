"""Where a form sends the visitor afterwards: a ``next`` they sent, when it is safe.

A ``next`` (the login's landing, the language switch, a confirmation from a list)
comes from the address or the form, so anyone can write anything there. Only a
local path is followed: one starting with a single ``/``, on this site
(``url_has_allowed_host_and_scheme``), without control characters or spaces at its
ends, and not absurdly long. Anything else (``matches``, ``-1``, another site,
``javascript:``) is ignored and the view's own default is used: it is never taken
for the name of a view, and never ends in a 500 after the work was done.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django.http import HttpRequest, HttpResponseRedirect
from django.shortcuts import resolve_url
from django.utils.http import url_has_allowed_host_and_scheme

NEXT = "next"
# Longer than any address of the site with its query; more is not an address of ours.
MAX_CHARS = 2000


def safe_next(request: HttpRequest, value: object) -> str | None:
    """``value`` when it is a local path of this site, else None."""
    if not isinstance(value, str) or not value or len(value) > MAX_CHARS:
        return None
    if not value.startswith("/") or value.startswith(("//", "/\\")):
        return None
    if any(unicodedata.category(char).startswith("C") for char in value):
        return None  # control characters: a header cannot hold them
    if value != value.strip():
        return None
    if not url_has_allowed_host_and_scheme(
        value, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return None
    return value


def next_from(request: HttpRequest, field: str = NEXT) -> str | None:
    """The safe ``next`` of the form (POST), else of the address (GET)."""
    value = request.POST.get(field)
    if value is None:
        value = request.GET.get(field)
    return safe_next(request, value)


def redirect_next(
    request: HttpRequest, default: str, *args: Any, field: str = NEXT, **kwargs: Any
) -> HttpResponseRedirect:
    """A redirect to the safe ``next``, else to ``default`` (a URL, or a view name
    with its arguments as ``redirect`` takes them)."""
    target = next_from(request, field)
    if target is None:
        target = resolve_url(default, *args, **kwargs)
    return HttpResponseRedirect(target)


class SafeNextMixin:
    """For Django's auth views (``RedirectURLMixin``): only a safe ``next``, as
    :func:`safe_next` decides, is followed or carried in the form."""

    request: HttpRequest
    redirect_field_name: str

    def get_redirect_url(self) -> str:
        return next_from(self.request, self.redirect_field_name) or ""
