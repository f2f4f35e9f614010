"""The Hungarian catalogue the site reads (``django.mo``) is the one translated
(``django.po``): ``make test`` does not compile it, so a merge that appends to the
.po without compiling left the roll of honour's title in English on a Hungarian
page (issue 22's year walk). Compiled again here with ``msgfmt`` (what
``compilemessages`` runs) and compared entry by entry."""

from __future__ import annotations

import gettext
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings

HU = Path(settings.BASE_DIR) / "locale" / "hu" / "LC_MESSAGES"


def _entries(mo: Path) -> dict[object, str]:
    with mo.open("rb") as handle:
        catalog = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    return {key: value for key, value in catalog.items() if key}


@pytest.mark.skipif(not shutil.which("msgfmt"), reason="msgfmt (gettext) is missing")
def test_the_compiled_hungarian_catalogue_is_the_translated_one(tmp_path):
    fresh = tmp_path / "django.mo"
    subprocess.run(
        ["msgfmt", "--check-format", "-o", str(fresh), str(HU / "django.po")],
        check=True,
    )
    compiled, translated = _entries(HU / "django.mo"), _entries(fresh)
    missing = sorted(str(key) for key in translated.keys() - compiled.keys())
    stale = sorted(
        str(key)
        for key in translated.keys() & compiled.keys()
        if translated[key] != compiled[key]
    )
    assert (missing, stale) == ([], []), (
        "run: manage.py compilemessages --ignore=.venv -l hu"
    )
