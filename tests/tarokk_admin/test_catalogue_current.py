"""The Hungarian catalogue is current with the code: ``make messages`` on the
committed tree changes nothing (no string missing, none obsolete, none fuzzy or
untranslated), so a change's diff of the catalogue holds only that change's words.

The extraction runs on a copy of the tracked sources, with the Makefile's own
arguments, and its catalogue is compared with the committed one line by line (the
creation date aside)."""

from __future__ import annotations

import difflib
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = Path("locale/hu/LC_MESSAGES/django.po")
SKIPPED = ("tests/", "bench/", "static/", ".ci/")


def _makemessages_args() -> list[str]:
    makefile = (ROOT / "Makefile").read_text()
    found = re.search(r"^MAKEMESSAGES_ARGS := (.+)$", makefile, re.MULTILINE)
    assert found, "the Makefile declares MAKEMESSAGES_ARGS"
    return shlex.split(found.group(1))


def _sources() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=False
    )
    if listed.returncode != 0:
        pytest.skip("not a git checkout: the tracked sources are unknown")
    return [
        name
        for name in listed.stdout.decode().split("\0")
        if name and not name.startswith(SKIPPED) and (ROOT / name).is_file()
    ]


def _without_date(text: str) -> list[str]:
    return [line for line in text.splitlines() if "POT-Creation-Date" not in line]


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="GNU gettext is missing")
def test_make_messages_changes_nothing_in_the_committed_catalogue(tmp_path):
    copy = tmp_path / "tree"
    for name in _sources():
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, copy / name)
    done = subprocess.run(
        [sys.executable, "manage.py", "makemessages", *_makemessages_args()],
        cwd=copy,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    committed = _without_date((ROOT / CATALOGUE).read_text())
    extracted = _without_date((copy / CATALOGUE).read_text())
    diff = list(
        difflib.unified_diff(committed, extracted, "committed", "make messages", n=1)
    )
    assert diff == [], (
        "The catalogue is not current: run `make messages`, translate what it adds "
        "and commit both files.\n" + "\n".join(diff[:60])
    )


@pytest.mark.skipif(shutil.which("msgattrib") is None, reason="GNU gettext is missing")
def test_the_committed_catalogue_has_no_fuzzy_or_untranslated_entry():
    for which in ("--only-fuzzy", "--untranslated"):
        found = subprocess.run(
            ["msgattrib", which, "--no-wrap", str(ROOT / CATALOGUE)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        msgids = [
            line
            for line in found.splitlines()
            if line.startswith("msgid ") and line != 'msgid ""'
        ]
        assert msgids == [], f"{which}: {msgids[:20]}"
