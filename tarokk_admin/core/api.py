"""What every read-only JSON API of the project shares: GET only, and bad parameters
answered with a 400 JSON error that names what is wrong (never a 500)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _

from tarokk_admin.core.params import BadParameter


def api_error(message: str, status: int) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


def api_get(view: Callable[..., JsonResponse]) -> Callable[..., JsonResponse]:
    """GET (and HEAD) only; a bad parameter becomes a 400 JSON error."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
        if request.method not in ("GET", "HEAD"):
            response = api_error(_("This address only answers GET requests."), 405)
            response["Allow"] = "GET, HEAD"
            return response
        try:
            return view(request, *args, **kwargs)
        except BadParameter as error:
            return api_error(str(error), 400)

    return wrapper
