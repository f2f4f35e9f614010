"""What every read-only JSON API of the project shares: GET only, and bad parameters
answered with a 400 JSON error that names what is wrong (never a 500); every refusal,
also one made before the view (a method it does not take, a NUL character), is
``{"error": sentence}``."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, JsonResponse
from django.urls import Resolver404, resolve

from tarokk_admin.core.methods import get_only
from tarokk_admin.core.params import BadParameter

# The URL namespace every JSON API address is mounted under (``tarokk_admin/urls.py``).
API_NAMESPACE = "api"


def api_error(message: str, status: int) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


def api_address(request: HttpRequest) -> bool:
    """Whether the request is for an address of the JSON API (which answers every
    refusal as ``{"error": sentence}``)."""
    match = getattr(request, "resolver_match", None)
    if match is None:
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return False
    return API_NAMESPACE in match.namespaces


def api_get(view: Callable[..., JsonResponse]) -> Callable[..., JsonResponse]:
    """GET (and HEAD) only (declared for ``core.methods``, which answers any other
    method with a JSON 405); a bad parameter becomes a 400 JSON error."""

    @get_only
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
        try:
            return view(request, *args, **kwargs)
        except BadParameter as error:
            return api_error(str(error), 400)

    return wrapper
