"""Every JSON entry point answers hostile JSON with an error, never a traceback."""

import json
import os
import subprocess
import sys

import pytest

from tarokk_admin.core.jsonio import json_parse
from tests import ROOT

HUGE_NUMBER = '{"format": ' + "9" * 5000 + "}"
DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(
    ("text", "code"),
    [
        pytest.param("{not json", "invalid_json", id="syntax"),
        pytest.param(HUGE_NUMBER, "invalid_json", id="5000-digit-number"),
        pytest.param(DEEP, "invalid_json", id="deep-nesting"),
        pytest.param(b"\xff\xfe{}", "unreadable_file", id="not-utf-8"),
    ],
)
def test_json_parse_refuses_with_an_engine_shaped_error(text, code):
    value, error = json_parse(text, source="upload.json")
    assert value is None
    assert error["code"] == code
    assert error["message"].startswith("upload.json")


def own_database(tmp_path) -> dict[str, str]:
    """The command's environment with a database of its own (import_matches records
    even a refused file among the imports; here it finds no tables and says so)."""
    return {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}


@pytest.mark.parametrize("command", ["score_hand", "score_match", "import_matches"])
def test_commands_answer_a_huge_number_with_json_not_a_traceback(command, tmp_path):
    done = subprocess.run(
        [sys.executable, "manage.py", command, "-"],
        cwd=ROOT,
        env=own_database(tmp_path),
        input=HUGE_NUMBER,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert '"invalid_json"' in done.stdout
    assert "Traceback" not in done.stderr


SURROGATE_HAND = '{"format": "royal-tarokk-hand/1", "note": "\\ud800"}'
SURROGATE_MATCHES = (
    '{"format": "royal-tarokk-matches/1", "matches": [{"venue": "Pécs \\udfff"}]}'
)
DUPLICATE_KEY = (
    '{"format": "royal-tarokk-matches/1", "matches": [{"date": 1, "date": 2}]}'
)


@pytest.mark.parametrize(
    ("text", "path", "quoted"),
    [
        pytest.param('"\\ud800"', "", '"\\ud800"', id="lone-high"),
        pytest.param('{"a": ["x", "\\udc00y"]}', "/a/1", '"\\udc00y"', id="lone-low"),
        pytest.param('{"a/b": {"\\ud800": 1}}', "/a~1b", '"\\ud800"', id="in-a-key"),
        pytest.param(DUPLICATE_KEY, "/matches/0/date", '"date"', id="duplicate-key"),
        pytest.param('{"~k": 1, "~k": 2}', "/~0k", '"~k"', id="duplicate-escaped"),
    ],
)
def test_lone_surrogates_and_repeated_keys_are_refused_with_their_path(
    text, path, quoted
):
    value, error = json_parse(text, source="upload.json")
    assert value is None
    assert (error["code"], error["path"]) == ("invalid_json", path)
    assert quoted in error["message"]
    error["message"].encode("utf-8")  # printable: no surrogate left in it


@pytest.mark.parametrize(
    "text",
    ['"\\ud83d\\ude00"', '{"a": 1, "b": {"a": 2}}', '["\\\\ud800"]', '{"a": "é"}'],
    ids=["surrogate-pair", "same-key-other-object", "escaped-backslash", "accent"],
)
def test_good_json_is_read_as_before(text):
    value, error = json_parse(text, source="upload.json")
    assert error is None
    assert value is not None


@pytest.mark.parametrize(
    ("command", "text", "path"),
    [
        ("score_hand", SURROGATE_HAND, "/note"),
        ("score_match", SURROGATE_HAND, "/note"),
        ("import_matches", SURROGATE_MATCHES, "/matches/0/venue"),
        ("import_matches", DUPLICATE_KEY, "/matches/0/date"),
    ],
)
def test_commands_refuse_surrogates_and_repeated_keys_without_a_traceback(
    command, text, path, tmp_path
):
    done = subprocess.run(
        [sys.executable, "manage.py", command, "-"],
        cwd=ROOT,
        env=own_database(tmp_path),
        input=text,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    error = json.loads(done.stdout)["errors"][0]
    assert (error["code"], error["path"]) == ("invalid_json", path)


@pytest.mark.django_db
@pytest.mark.parametrize("text", [SURROGATE_MATCHES, DUPLICATE_KEY])
def test_the_import_page_refuses_them_clearly(client, text):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from competitions.models import Match
    from tarokk_admin.core.roles import Role
    from tests.factories import UserFactory

    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    upload = SimpleUploadedFile("matches.json", text.encode())
    response = client.post("/officials/import/", {"file": upload})
    assert response.status_code == 400
    assert "is not valid JSON" in response.content.decode()
    assert not Match.objects.exists()
