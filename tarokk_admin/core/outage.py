"""The answer while the database does not answer (a restart, a failover).

Django calls ``handler500`` for any exception nobody handled, also one raised by a
middleware before the view (the session, the signed-in user). When that exception
is the database refusing or dropping the connection, the visitor gets a 503 with
``Retry-After`` and a sentence saying what happened and what to do, instead of the
500 page: nothing is wrong with what they sent, the service is briefly unavailable.
The page is a self-contained file that needs neither the database nor a template
context (the 500 page's way).
"""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template import loader
from django.views import defaults

RETRY_AFTER_SECONDS = 30


def database_unavailable(error: BaseException | None) -> bool:
    """The database refused or dropped the connection (not a bug in a query)."""
    return isinstance(error, (OperationalError, InterfaceError))


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: a 503 while the database is away, else Django's 500 page."""
    if not database_unavailable(sys.exc_info()[1]):
        return defaults.server_error(request)
    body = loader.get_template("503.html").render()
    response = HttpResponse(body, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
