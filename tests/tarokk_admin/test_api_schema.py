"""The JSON API is described by the OpenAPI document at ``/api/schema.json``: every
``api:`` address is in it, every answer of the demo federation conforms to it, and
schemathesis (bounded) drives every operation through the site with generated
parameters: nothing but documented statuses, types and shapes, never a 500."""

from __future__ import annotations

import os

import jsonschema_rs
import pytest
import schemathesis
from django.core.management import call_command
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tarokk_admin.schema.document import api_routes, openapi_document
from tarokk_admin.schema.operations import OPERATIONS
from tests.tarokk_admin.api_kit import api_answers

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


def test_every_api_address_is_in_the_schema(client):
    document = client.get("/api/schema.json").json()
    operations = {
        operation["operationId"]: path
        for path, item in document["paths"].items()
        for operation in item.values()
    }
    names = [name for name, _ in api_routes()]
    assert len(names) >= 14
    for name, route in api_routes():
        assert name in OPERATIONS, (
            f"api:{name} ({route}) is not described in the schema"
        )
        assert name in operations
    assert set(OPERATIONS) == set(names), "the schema describes an address that is gone"


def test_the_schema_is_openapi_3_1_with_valid_json_schemas():
    document = openapi_document()
    assert document["openapi"].startswith("3.1")
    for item in document["paths"].values():
        operation = item["get"]
        for response in operation["responses"].values():
            schema = response["content"]["application/json"]["schema"]
            jsonschema_rs.meta.validate(schema)
        for parameter in operation["parameters"]:
            jsonschema_rs.meta.validate(parameter["schema"])


def _documented(document: dict, address: str, status: int) -> dict:
    """The schema of the answer ``status`` of the operation that ``address`` is."""
    for path, item in document["paths"].items():
        parts, sent = path.strip("/").split("/"), address.strip("/").split("/")
        if len(parts) == len(sent) and all(
            p == s or p.startswith("{") for p, s in zip(parts, sent, strict=True)
        ):
            responses = item["get"]["responses"]
            assert str(status) in responses, (
                f"{address} answered an undocumented {status}"
            )
            return responses[str(status)]["content"]["application/json"]["schema"]
    raise AssertionError(f"{address} is in no path of the schema")


@pytest.mark.slow
@pytest.mark.django_db
def test_every_answer_of_the_demo_federation_conforms_to_the_schema():
    call_command("seed_demo", stdout=None)
    document = openapi_document()
    answers = api_answers()
    assert sum(1 for status, _ in answers.values() if status == 200) > 100
    for address, (status, body) in answers.items():
        validator = jsonschema_rs.Draft202012Validator(
            _documented(document, address, status)
        )
        errors = [
            f"{e.instance_path}: {e.message}" for e in validator.iter_errors(body)
        ]
        assert not errors, f"{address}: {errors[:3]}"


@pytest.mark.slow
@pytest.mark.skipif(
    not (os.environ.get("DATABASE_URL") or os.environ.get("SCHEMATHESIS")),
    reason="schemathesis runs in CI's PostgreSQL pass (DATABASE_URL) or with SCHEMATHESIS=1",
)
@pytest.mark.django_db
def test_schemathesis_finds_every_api_answer_conforming():
    """Bounded: a few generated cases per operation and per mode (parameters that
    fit the schema, and parameters that do not), a second each at most."""
    call_command("seed_demo", stdout=None)
    # As Django's test client does: the test's transaction stays open between calls.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        drive_every_operation()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def drive_every_operation() -> None:
    schema = schemathesis.openapi.from_wsgi("/api/schema.json", get_wsgi_application())
    examples = int(os.environ.get("SCHEMA_EXAMPLES", "8"))
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) == len(api_routes())
    for operation in operations:
        modes = [GenerationMode.POSITIVE]
        if operation.definition.raw.get("parameters"):
            modes.append(GenerationMode.NEGATIVE)
        for mode in modes:

            @given(case=operation.as_strategy(generation_mode=mode))
            @settings(
                max_examples=examples,
                deadline=None,
                database=None,
                derandomize=True,
                suppress_health_check=list(HealthCheck),
            )
            def conforms(case):
                case.call_and_validate(checks=CHECKS)

            conforms()
