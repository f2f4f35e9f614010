"""The JSON API is described by the OpenAPI document at ``/api/schema.json``: every
``api:`` address is in it, every answer of the demo federation conforms to it, and
schemathesis (bounded) drives every operation through the site as its command line
does (``schemathesis run``: every phase, every default check): nothing but
documented statuses, types and shapes, never a 500, whatever the schema allows is
accepted and whatever it does not is refused, and a method the schema does not list
is a 405 with ``Allow``."""

from __future__ import annotations

import os

import jsonschema_rs
import pytest
import schemathesis
from django.core.management import call_command
from django.core.wsgi import get_wsgi_application
from django.db import connections
from schemathesis.engine import Status, events, from_schema

from tarokk_admin.core.params import ID, YEAR
from tarokk_admin.schema.document import api_routes, openapi_document
from tarokk_admin.schema.operations import OPERATIONS
from tests.tarokk_admin.api_kit import api_answers


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
@pytest.mark.django_db(transaction=True)
def test_schemathesis_finds_every_api_answer_conforming():
    """Bounded: a few generated cases per operation and per phase (examples, the
    boundaries of every parameter, other methods, generated values that fit the
    schema and values that do not). The engine sends its requests from a thread
    of its own, so the demo federation is committed (a transactional test)."""
    call_command("seed_demo", stdout=None)
    drive_every_operation()


def _closing_site():
    """The WSGI site, each request's connection closed when it is answered: the
    engine's threads keep none open past the test (its database is dropped at the
    end of the run)."""
    site = get_wsgi_application()

    def answer(environ, start_response):
        response = site(environ, start_response)
        try:
            return [b"".join(response)]
        finally:
            response.close()
            connections.close_all()

    return answer


def drive_every_operation() -> None:
    """schemathesis' engine, as ``schemathesis run`` uses it, on the WSGI site;
    fails with every check that failed."""
    schema = schemathesis.openapi.from_wsgi("/api/schema.json", _closing_site())
    schema.config.generation.update(
        max_examples=int(os.environ.get("SCHEMA_EXAMPLES", "8")), deterministic=True
    )
    failed, tested = [], set()
    for event in from_schema(schema).execute():
        if isinstance(event, (events.NonFatalError, events.FatalError)):
            failed.append(("error", str(event)[:300]))
        if not isinstance(event, events.ScenarioFinished):
            continue
        tested.add(event.label)
        for checks in event.recorder.checks.values():
            for check in checks:
                if check.status == Status.FAILURE:
                    info = check.failure_info
                    failed.append((event.label, check.name, str(info and info.failure)))
    assert len(tested - {None}) >= len(api_routes())
    assert not failed, "\n".join(map(str, failed[:10]))


@pytest.mark.parametrize(
    ("shape", "good", "bad"),
    [
        (YEAR, ["2026", "1000", "9999"], ["0", "999", "02026", "10000", " 2026", ""]),
        (ID, ["1", "9" * 18], ["0", "01", "-1", "9" * 19, "1.0", "１", ""]),
    ],
)
def test_the_schema_and_the_parsers_share_one_shape(shape, good, bad):
    """What the schema allows is exactly what the views parse (``core.params``)."""
    pattern = jsonschema_rs.Draft202012Validator(shape.schema)
    assert [(pattern.is_valid(v), shape.matches(v)) for v in good] == [
        (True, True)
    ] * len(good)
    assert [(pattern.is_valid(v), shape.matches(v)) for v in bad] == [
        (False, False)
    ] * len(bad)
