"""``GET /api/schema.json``: the OpenAPI description of the JSON API."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_safe

from tarokk_admin.schema.document import openapi_document


@require_safe
def api_schema(request: HttpRequest) -> JsonResponse:
    return JsonResponse(openapi_document(), json_dumps_params={"ensure_ascii": False})
