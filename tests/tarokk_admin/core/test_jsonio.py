"""Every JSON entry point answers hostile JSON with an error, never a traceback."""

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


@pytest.mark.parametrize("command", ["score_hand", "score_match", "import_matches"])
def test_commands_answer_a_huge_number_with_json_not_a_traceback(command):
    done = subprocess.run(
        [sys.executable, "manage.py", command, "-"],
        cwd=ROOT,
        input=HUGE_NUMBER,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert '"invalid_json"' in done.stdout
    assert "Traceback" not in done.stderr
