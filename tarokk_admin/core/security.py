"""Request and response hardening shared by every page (settings.MIDDLEWARE).

- ``client_address``: the address the login lockout (django-axes) keys on, read
  behind ``TRUSTED_PROXIES`` reverse proxies and never from a header a client could
  write itself.
- ``RequestCharsetMiddleware``: a request body in another charset than UTF-8 (or an
  unknown one) is refused with a 400 sentence before anything decodes it.
- ``MethodMiddleware``: a method the address does not take (``core.methods``) is a
  405 with ``Allow``, before CSRF and the view; OPTIONS a 204 with ``Allow``.
- ``SecurityHeadersMiddleware``: the Permissions-Policy header on every answer, and
  ``Cache-Control: private, no-store`` on everything shown to a signed-in user, so
  neither a shared proxy nor the browser of a venue's shared computer keeps it.
"""

from __future__ import annotations

import codecs
import ipaddress
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _

from tarokk_admin.core.api import API_NAMESPACE, api_error
from tarokk_admin.core.methods import (
    ADMIN_METHODS,
    ADMIN_NAMESPACE,
    allow_header,
    methods_of,
)

Handler = Callable[[HttpRequest], HttpResponse]
ACCEPTED_CHARSETS = frozenset({"utf-8", "ascii"})


def _address(text: str) -> str | None:
    """``text`` as a normalised IP address, or None (ports and brackets removed)."""
    text = text.strip().strip('"')
    if text.startswith("["):  # [2001:db8::1]:443
        text = text[1:].split("]", 1)[0]
    elif text.count(":") == 1:  # 192.0.2.1:443
        text = text.split(":", 1)[0]
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        return None


def client_address(request: HttpRequest) -> str | None:
    """The client's address: ``REMOTE_ADDR`` without trusted proxies; behind N of
    them (each appending the address it was connected from to X-Forwarded-For) the
    N-th entry from the right, which the client could not have written. A chain
    shorter than N did not come through every proxy: then ``REMOTE_ADDR``."""
    remote = request.META.get("REMOTE_ADDR")
    proxies = settings.TRUSTED_PROXIES
    if proxies <= 0:
        return remote
    chain = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
    chain = [entry for entry in chain if entry.strip()]
    if len(chain) < proxies:
        return remote
    return _address(chain[-proxies]) or remote


class RequestCharsetMiddleware:
    """Refuse a request whose Content-Type names a charset other than UTF-8: Django
    would decode the form (and the query string) with it, or fail on an unknown one."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        charset = request.content_params.get("charset")
        if charset is not None:
            if not self._accepted(charset):
                return HttpResponseBadRequest(
                    _(
                        "The request is in the character set %(charset)s: send it "
                        "as UTF-8 (Content-Type: …; charset=utf-8)."
                    )
                    % {"charset": charset[:40]},
                    content_type="text/plain; charset=utf-8",
                )
            # "UTF8" or "us-ascii" is read as UTF-8, under the name Django expects.
            request.encoding = "utf-8"
        return self.get_response(request)

    @staticmethod
    def _accepted(charset: str) -> bool:
        try:
            return codecs.lookup(charset).name in ACCEPTED_CHARSETS
        except LookupError:
            return False


class SecurityHeadersMiddleware:
    """Permissions-Policy on every answer; private, unstored pages when signed in."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = settings.PERMISSIONS_POLICY
        if policy and "Permissions-Policy" not in response:
            response["Permissions-Policy"] = ", ".join(
                f"{feature}=({' '.join(allowed)})"
                for feature, allowed in policy.items()
            )
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            patch_cache_control(response, private=True, no_store=True)
        return response


class MethodMiddleware:
    """405 with ``Allow`` for a method the address does not take; 204 for OPTIONS."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Handler, args: Any, kwargs: Any
    ) -> HttpResponse | None:
        match = request.resolver_match
        namespaces = match.namespaces if match is not None else []
        taken = ADMIN_METHODS if ADMIN_NAMESPACE in namespaces else methods_of(view)
        if taken is None:
            return None  # undeclared: the test walking every address fails on it
        method = (request.method or "").upper()
        if method in taken:
            return None
        if method == "OPTIONS":
            response = HttpResponse(status=204)
        else:
            message = _(
                "This address does not take %(method)s requests; it takes %(methods)s."
            ) % {"method": method[:20], "methods": allow_header(taken)}
            if API_NAMESPACE in namespaces:
                response = api_error(message, 405)
            else:
                response = HttpResponse(
                    message, status=405, content_type="text/plain; charset=utf-8"
                )
        response["Allow"] = allow_header(taken)
        return response
