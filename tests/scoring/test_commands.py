"""``score_hand`` and ``score_match``: the command-line contract of HAND_RECORD.md
(one JSON object on stdout, exit status 0 when valid and 1 when not)."""

import json
import subprocess
import sys

import pytest

from tests import ROOT
from tests.scoring.kit import ann, hand, match


def run(command, argument, stdin=None):
    done = subprocess.run(
        [sys.executable, "manage.py", command, argument],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return done.returncode, json.loads(done.stdout), done.stderr


def test_score_hand_from_a_file_prints_the_result(tmp_path):
    record = tmp_path / "hand.json"
    record.write_text(json.dumps(hand(ann("spadille"))), encoding="utf-8")
    status, out, _ = run("score_hand", str(record))
    assert status == 0
    assert out["valid"] is True
    assert (out["attack"]["score"], out["defence"]["score"]) == (105, 90)


def test_score_hand_from_stdin_reports_every_error_with_status_1():
    bad = hand(ann("cash", team="nobody"), ann("kasino"))
    status, out, _ = run("score_hand", "-", stdin=json.dumps(bad))
    assert status == 1
    assert out["valid"] is False
    assert [e["path"] for e in out["errors"]] == [
        "/announcements/0/team",
        "/announcements/1/feast",
    ]


@pytest.mark.parametrize(
    ("argument", "stdin", "code"),
    [
        pytest.param("-", "{not json", "invalid_json", id="bad-json"),
        pytest.param("/nonexistent/hand.json", None, "unreadable_file", id="no-file"),
    ],
)
def test_score_hand_bad_input_is_a_json_error_not_a_traceback(argument, stdin, code):
    status, out, stderr = run("score_hand", argument, stdin=stdin)
    assert status == 1
    assert out["errors"][0]["code"] == code
    assert "Traceback" not in stderr


def test_score_match_prints_totals_and_points():
    record = match(hand(ann("spadille")), *[hand()] * 7)
    status, out, _ = run("score_match", "-", stdin=json.dumps(record))
    assert status == 0
    assert out["teams"]["Kisfaludy"] == {"total": 690, "points": 86}
    assert out["hands"][1]["attack_team"] == "Dunakeszi"


def test_score_match_with_seven_hands_is_invalid():
    status, out, _ = run("score_match", "-", stdin=json.dumps(match(*[hand()] * 7)))
    assert status == 1
    assert out["errors"][0]["code"] == "wrong_hand_count"
