"""The demo's archive (``docs/archive/``): the committed files are what
``bench/archive_files.py`` generates (the same bytes every time: a CSV with
Hungarian headers and semicolons, an XLSX with English headers), and ``seed_demo``
loads them through the archive import, once."""

from __future__ import annotations

import importlib.util
from io import StringIO

import pytest
from django.core.management import call_command

from tests import ROOT


def generator():
    spec = importlib.util.spec_from_file_location(
        "archive_files", ROOT / "bench" / "archive_files.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_archive_files_are_the_generators():
    files = generator()
    players = files.demo_players()
    assert len(players) == 40
    committed = ROOT / "docs" / "archive"
    assert (committed / "players.csv").read_bytes() == files.players_csv(players)
    rows = files.demo_trophy_rows(players)
    assert len(rows) == 300
    assert len({row[0].year for row in rows}) == 15
    assert (committed / "trophies.xlsx").read_bytes() == files.trophies_xlsx(rows)
    honours = files.demo_honour_rows(players)
    # The demo closes the last year itself: the app's own record of it stands.
    assert sorted({row[0] for row in honours}) == list(range(2011, 2025))
    assert (committed / "honours.csv").read_bytes() == files.honours_csv(honours)
    head = (committed / "players.csv").read_bytes().decode("utf-8-sig").splitlines()[0]
    assert head == "igazolásszám;név;klub;aktív"


@pytest.mark.django_db
def test_seed_demo_loads_the_archive_through_the_import_once():
    from competitions.models import Honour, Player
    from scoring.models import ImportRun
    from trophies.models import TrophyAward, TrophyTally

    call_command("seed_demo", stdout=StringIO())
    runs = list(ImportRun.objects.order_by("pk").values_list("kind", "imported"))
    assert runs == [("players", 12), ("trophies", 300), ("honours", 140)]
    assert set(ImportRun.objects.values_list("user__username", flat=True)) == {
        "official"
    }
    archive = TrophyAward.objects.filter(source="archive")
    assert archive.count() == 300
    assert archive.exclude(event="").exists()
    assert Player.objects.filter(federation_number__startswith="H09").count() == 12
    assert Player.objects.filter(active=False).count() == 4
    top = TrophyTally.objects.order_by("-points").first()
    assert top.points >= 1000  # someone reached the 1000-point cup in 15 years
    out = StringIO()
    call_command("seed_demo", stdout=out)
    assert TrophyAward.objects.filter(source="archive").count() == 300
    assert ImportRun.objects.count() == 3
    assert Honour.objects.count() == 140
    assert Honour.objects.filter(player__isnull=False).count() == 28
    assert Honour.objects.filter(team__isnull=False).exists()
