"""The OpenAPI document, assembled from the URLconf and :data:`OPERATIONS`."""

from __future__ import annotations

import re
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver

from tarokk_admin.core.params import ID, YEAR, Shape
from tarokk_admin.schema.operations import OPERATIONS
from tarokk_admin.schema.shapes import ERROR

PARAMETER = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")
# What each path parameter of the API is, by its name in the route: the shapes the
# views parse it with (core.params), so the schema allows exactly what they take
# and they answer 400 for anything else.
PATH_PARAMETERS: dict[str, Shape] = {"year": YEAR, "pk": ID, "player_id": ID}


def api_routes() -> list[tuple[str, str]]:
    """(URL name, route from the root) of every address mounted as ``api:``."""
    found: list[tuple[str, str]] = []

    def walk(patterns: list[Any], prefix: str, namespace: str) -> None:
        for item in patterns:
            route = prefix + str(item.pattern)
            if isinstance(item, URLResolver):
                walk(item.url_patterns, route, item.namespace or namespace)
            elif isinstance(item, URLPattern) and namespace == "api" and item.name:
                found.append((item.name, route))

    walk(get_resolver().url_patterns, "/", "")
    return found


def _json(description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": schema}},
    }


def _operation(name: str, route: str) -> tuple[str, dict[str, Any]]:
    operation = OPERATIONS[name]
    parameters = [
        {
            "name": match["name"],
            "in": "path",
            "required": True,
            "schema": PATH_PARAMETERS[match["name"]].schema,
            "example": PATH_PARAMETERS[match["name"]].example,
        }
        for match in PARAMETER.finditer(route)
    ]
    parameters += operation.query
    responses = {"200": _json(operation.summary, operation.answer)}
    if parameters:
        responses["400"] = _json(
            "A parameter is malformed: one sentence says which.", ERROR
        )
    if operation.not_found:
        responses["404"] = _json(f"There is no such {operation.not_found}.", ERROR)
    path = PARAMETER.sub(lambda m: "{" + m["name"] + "}", route)
    return path, {
        "get": {
            "operationId": name,
            "summary": operation.summary,
            "tags": [operation.tag],
            "parameters": parameters,
            "responses": responses,
        }
    }


def openapi_document() -> dict[str, Any]:
    """The whole OpenAPI 3.1 document of the JSON API."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Tarokk Admin API",
            "version": "1",
            "description": (
                "Read-only JSON of the Hungarian Royal Tarokk federation: standings, "
                "the cup, free games, trophies and statistics. No login; GET only (any "
                'other method is a 405). Errors are {"error": sentence}.'
            ),
        },
        "paths": dict(_operation(name, route) for name, route in api_routes()),
    }
