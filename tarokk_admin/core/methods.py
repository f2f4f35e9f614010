"""Which HTTP methods each address takes, declared on its view and enforced in one
place (settings.MIDDLEWARE).

Every view declares the methods it takes: with :func:`get_only`,
:func:`get_or_post` or :func:`post_only` (which only declare: a view that another
view calls to render keeps working), with Django's ``require_GET`` /
``require_POST`` / ``require_http_methods`` (read from the list they close over), or
as a class-based view (its ``http_method_names`` it implements). The admin's views
take GET and POST. ``core.security.MethodMiddleware`` answers any other method,
before CSRF and before the view, with a 405 and an ``Allow`` header (JSON under the
API), and ``OPTIONS`` with a 204 and the ``Allow`` header, no body: never the page
itself for ``OPTIONS``, ``TRACE`` or a method nobody knows (``QUERY``). A test walks
every address and fails on a view that declares nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any

from django.http import HttpResponse

View = Callable[..., HttpResponse]
ATTRIBUTE = "http_methods"
ADMIN_NAMESPACE = "admin"
ADMIN_METHODS = frozenset({"GET", "HEAD", "POST"})
# The order methods are listed in an Allow header.
ORDER = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


def takes(*methods: str) -> Callable[[View], View]:
    """Declare the methods ``view`` takes (GET brings HEAD along). Only declares:
    ``core.security.MethodMiddleware`` refuses the others for the address."""
    declared = {method.upper() for method in methods}
    if "GET" in declared:
        declared.add("HEAD")

    def declare(view: View) -> View:
        @wraps(view)
        def declared_view(*args: Any, **kwargs: Any) -> HttpResponse:
            return view(*args, **kwargs)

        setattr(declared_view, ATTRIBUTE, frozenset(declared))
        return declared_view

    return declare


get_only = takes("GET")
get_or_post = takes("GET", "POST")
post_only = takes("POST")


def methods_of(view: Any) -> frozenset[str] | None:
    """The methods ``view`` declares, or None when it declares none. Looks through
    the decorators around it (``functools.wraps`` keeps ``__wrapped__``)."""
    for _depth in range(20):
        if view is None:
            return None
        code = getattr(view, "__code__", None)
        if code is not None and "request_method_list" in code.co_freevars:
            # Django's require_http_methods (require_GET, require_POST, require_safe)
            cell = view.__closure__[code.co_freevars.index("request_method_list")]
            return frozenset(method.upper() for method in cell.cell_contents)
        declared = getattr(view, ATTRIBUTE, None)
        if declared is not None:
            return frozenset(declared)
        view_class = getattr(view, "view_class", None)
        if view_class is not None:
            names = {
                name.upper()
                for name in view_class.http_method_names
                if name != "options" and hasattr(view_class, name)
            }
            if "GET" in names:
                names.add("HEAD")
            return frozenset(names)
        view = getattr(view, "__wrapped__", None)
    return None


def allow_header(methods: Iterable[str]) -> str:
    """``GET, HEAD, POST, OPTIONS``: what the address takes, OPTIONS always."""
    taken = set(methods) | {"OPTIONS"}
    order = {method: index for index, method in enumerate(ORDER)}
    return ", ".join(sorted(taken, key=lambda m: (order.get(m, len(ORDER)), m)))
