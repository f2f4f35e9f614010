"""Every address of the JSON API (``api:`` in the URLconf) with real values: what the
federation backup's round trip and the schema tests walk. A new API address with a
parameter this kit does not know fails loudly, so it is never skipped silently."""

from __future__ import annotations

import json
from typing import Any

from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from competitions.models import Competition, Player, Season, Team


def api_patterns() -> list[tuple[str, str]]:
    """(name, route) of every pattern mounted under ``api/``, route from the root."""
    found: list[tuple[str, str]] = []

    def walk(patterns: list[Any], prefix: str, namespace: str) -> None:
        for item in patterns:
            route = prefix + str(item.pattern)
            if isinstance(item, URLResolver):
                walk(item.url_patterns, route, item.namespace or namespace)
            elif isinstance(item, URLPattern) and namespace == "api":
                found.append((item.name, route))

    walk(get_resolver().url_patterns, "/", "")
    return found


def _values(name: str, route: str, parameter: str) -> list[str]:
    before = route.split(f"<str:{parameter}>")[0].rstrip("/").rsplit("/", 1)[-1]
    if parameter == "year":
        return [
            str(y)
            for y in Season.objects.order_by("year").values_list("year", flat=True)
        ]
    if parameter == "player_id" or (parameter == "pk" and before == "players"):
        return [
            str(pk) for pk in Player.objects.order_by("pk").values_list("pk", flat=True)
        ]
    if parameter == "pk" and before == "teams":
        return [
            str(pk) for pk in Team.objects.order_by("pk").values_list("pk", flat=True)
        ]
    if parameter == "pk" and before == "grand-prix":
        kind = Competition.objects.order_by("pk").values_list("pk", flat=True)
        return [str(pk) for pk in kind]
    raise AssertionError(
        f"api:{name} has a parameter {parameter} that the kit does not fill"
    )


def api_addresses() -> list[str]:
    """Every API address with every real value of its parameters (one season's
    team and player pages: each team and player)."""
    addresses: list[str] = []
    for name, route in api_patterns():
        expanded = [route]
        while any("<" in r for r in expanded):
            next_round = []
            for r in expanded:
                if "<" not in r:
                    next_round.append(r)
                    continue
                head, rest = r.split("<", 1)
                spec, tail = rest.split(">", 1)
                parameter = spec.split(":")[-1]
                for value in _values(name, route, parameter):
                    next_round.append(f"{head}{value}{tail}")
            expanded = next_round
        addresses.extend(expanded)
    return addresses


def api_answers() -> dict[str, Any]:
    """Status and body of every API address, as the site answers them now."""
    client = Client()
    answers: dict[str, Any] = {}
    for address in api_addresses():
        response = client.get(address)
        body = json.loads(response.content) if response.content else None
        answers[address] = [response.status_code, body]
    return answers


def row_counts() -> dict[str, int]:
    """The number of rows of every table a backup holds: the accounts and every
    model of the project's apps, their many-to-many tables and change history."""
    from tarokk_admin.backup.catalogue import backup_models

    tables = {}
    for model in backup_models():
        tables[model._meta.db_table] = model._default_manager.count()
        for field in model._meta.many_to_many:
            through = field.remote_field.through
            tables[through._meta.db_table] = through._default_manager.count()
    return tables
