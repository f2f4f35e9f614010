"""The catalogue of the 70 announcements (R13) held against the rules document, and the
engine's purity (no Django import: the engine is what every caller is judged against)."""

import ast
import re

import pytest

from scoring.engine.catalogue import FEASTS, Group, SuitParam
from tests import ROOT

# R13's table transcribed: code, English name, value, the rules' group column; then
# the catalogue's group, trophy class, chain (R12), declared cards and declared suits.
N, A, B, R = SuitParam.NONE, SuitParam.ANY, SuitParam.BLACK, SuitParam.RED_AND_BLACK
G = Group
ROWS = [
    ("suit_count", "Number of a Suit", 0, "message", G.MESSAGE, None, None, 0, A),
    ("trumps_count", "Trumps", 0, "message", G.MESSAGE, None, None, 0, N),
    ("birds", "Birds", 0, "message", G.MESSAGE, None, None, 0, N),
    ("flush", "Flush", 10, "message", G.MESSAGE, None, None, 0, N),
    ("four_of_a_kind", "Four of a Kind", 20, "message", G.MESSAGE, None, None, 0, N),
    ("visi", "Visi", 1, "material", G.MATERIAL, None, None, 0, N),
    ("lamour", "L'amour", 1, "material", G.MATERIAL, None, None, 0, N),
    ("angel", "Angel", 1, "material", G.MATERIAL, None, None, 0, N),
    ("honour", "Honour", 1, "material chain", G.MATERIAL, None, "honour", 0, N),
    ("heads", "Heads", 2, "material chain", G.MATERIAL, None, "honour", 0, N),
    (
        "full_honours",
        "Full Honours (Trull)",
        3,
        "material chain",
        G.MATERIAL,
        None,
        "honour",
        0,
        N,
    ),
    ("obscure", "Obscure", 5, "silent", G.SILENT, None, None, 0, N),
    ("lie_in_wait", "Lie in Wait", 15, "silent", G.SILENT, None, None, 0, N),
    ("four_kings", "Four Kings", 20, "silent", G.SILENT, None, None, 0, N),
    (
        "silent_mond_capture",
        "Silent Mond Capture",
        50,
        "silent",
        G.SILENT,
        None,
        None,
        0,
        N,
    ),
    ("play", "Play", 10, "free pass", G.FREE_PASS, None, "free_pass", 0, N),
    ("cash", "Cash", 20, "free pass", G.FREE_PASS, None, "free_pass", 0, N),
    ("bridge", "Bridge", 30, "free pass", G.FREE_PASS, None, "free_pass", 0, N),
    ("octave", "Octave", 40, "free pass", G.FREE_PASS, None, "free_pass", 0, N),
    ("misere", "Misere", 50, "free pass", G.FREE_PASS, None, "free_pass", 0, N),
    ("slam", "Slam", 60, "free pass", G.FREE_PASS, None, "free_pass", 0, N),
    ("piccolo", "Piccolo", 5, "bound trick", G.BOUND_TRICK, None, None, 0, N),
    ("town_centre", "Town Centre", 5, "bound trick", G.BOUND_TRICK, None, None, 0, N),
    ("centre", "Centre", 10, "bound trick", G.BOUND_TRICK, None, None, 0, N),
    ("small_bird", "Small Bird", 20, "bound trick", G.BOUND_TRICK, None, None, 0, N),
    ("large_bird", "Large Bird", 30, "bound trick", G.BOUND_TRICK, None, None, 0, N),
    (
        "last_day_of_month",
        "Last Day of the Month",
        10,
        "magnified (1 card)",
        G.MAGNIFIED,
        None,
        "magnified",
        1,
        N,
    ),
    (
        "before_end_of_month",
        "Before the End of the Month",
        20,
        "magnified (1 card)",
        G.MAGNIFIED,
        None,
        "magnified",
        1,
        N,
    ),
    ("kite", "Kite", 30, "magnified (1 card)", G.MAGNIFIED, None, "magnified", 1, N),
    ("seize", "Seize", 40, "magnified (1 card)", G.MAGNIFIED, None, "magnified", 1, N),
    ("turul", "Turul", 50, "magnified (1 card)", G.MAGNIFIED, None, "magnified", 1, N),
    ("pheasant", "Pheasant", 20, "flight (1 card)", G.FLIGHT, None, "flight", 1, N),
    ("falcon", "Falcon", 20, "flight (1 card)", G.FLIGHT, None, "flight", 1, N),
    ("gang", "Gang", 5, "intercept (1 suit)", G.INTERCEPT, None, "intercept", 0, A),
    ("quick_one", "Quick One", 20, "intercept", G.INTERCEPT, None, "intercept", 0, N),
    (
        "red_and_black",
        "The Red and the Black",
        25,
        "intercept (red suit, black suit)",
        G.INTERCEPT,
        None,
        "intercept",
        0,
        R,
    ),
    ("army", "Army", 30, "intercept", G.INTERCEPT, None, "intercept", 0, N),
    ("legion", "Legion", 50, "intercept", G.INTERCEPT, None, "intercept", 0, N),
    ("amazon", "Amazon", 5, "extra", G.EXTRA, None, None, 0, N),
    ("pagat_capture", "Pagat Capture", 30, "extra", G.EXTRA, None, None, 0, N),
    (
        "second_pheasant",
        "Second Pheasant",
        60,
        "flight (2 cards)",
        G.FLIGHT,
        None,
        "flight",
        2,
        N,
    ),
    (
        "third_pheasant",
        "Third Pheasant",
        60,
        "flight (2 cards)",
        G.FLIGHT,
        None,
        "flight",
        2,
        N,
    ),
    (
        "fourth_pheasant",
        "Fourth Pheasant",
        60,
        "flight (2 cards)",
        G.FLIGHT,
        None,
        "flight",
        2,
        N,
    ),
    ("schleicher", "Schleicher", 60, "extra", G.EXTRA, None, None, 0, N),
    ("pho_nothing", "Pho Nothing", 60, "extra", G.EXTRA, None, None, 0, N),
    ("spadille", "Spadille", 30, "little trophy", G.TROPHY, "little", None, 0, N),
    ("manille", "Manille", 30, "little trophy", G.TROPHY, "little", None, 0, N),
    (
        "dschinn",
        "Dschinn",
        50,
        "little trophy (black suit)",
        G.TROPHY,
        "little",
        None,
        0,
        B,
    ),
    (
        "marriage",
        "Marriage",
        60,
        "little trophy (1 suit)",
        G.TROPHY,
        "little",
        None,
        0,
        A,
    ),
    ("mond_capture", "Mond Capture", 120, "trophy", G.TROPHY, "trophy", None, 0, N),
    (
        "habicht",
        "Habicht",
        120,
        "trophy, flight (3 cards)",
        G.TROPHY,
        "trophy",
        "flight",
        3,
        N,
    ),
    ("couleur", "Couleur", 120, "trophy", G.TROPHY, "trophy", None, 0, N),
    ("scale", "Scale", 120, "trophy", G.TROPHY, "trophy", None, 0, N),
    ("golgotha", "Golgotha", 130, "greater trophy", G.TROPHY, "greater", None, 0, N),
    ("centaur", "Centaur", 130, "greater trophy", G.TROPHY, "greater", None, 0, N),
    ("trojka", "Trojka", 130, "greater trophy", G.TROPHY, "greater", None, 0, N),
    (
        "famille",
        "Famille",
        130,
        "greater trophy (1 suit)",
        G.TROPHY,
        "greater",
        None,
        0,
        A,
    ),
    ("bethlehem", "Bethlehem", 130, "greater trophy", G.TROPHY, "greater", None, 0, N),
    ("sphinx", "Sphinx", 130, "greater trophy", G.TROPHY, "greater", None, 0, N),
    ("quart", "Quart", 140, "super trophy", G.TROPHY, "super", None, 0, N),
    ("pyramid", "Pyramid", 140, "super trophy", G.TROPHY, "super", None, 0, N),
    ("spectrum", "Spectrum", 140, "super trophy", G.TROPHY, "super", None, 0, N),
    (
        "stella",
        "Stella",
        150,
        "multi trophy, flight (3 cards)",
        G.TROPHY,
        "multi",
        "flight",
        3,
        N,
    ),
    ("full", "Full", 150, "multi trophy", G.TROPHY, "multi", None, 0, N),
    ("court", "Court", 150, "multi trophy (1 suit)", G.TROPHY, "multi", None, 0, A),
    ("grand", "Grand", 150, "multi trophy", G.TROPHY, "multi", None, 0, N),
    ("harpy", "Harpy", 160, "ultra trophy", G.TROPHY, "ultra", None, 0, N),
    ("gloria", "Gloria", 160, "ultra trophy", G.TROPHY, "ultra", None, 0, N),
    ("triumph", "Triumph", 160, "ultra trophy", G.TROPHY, "ultra", None, 0, N),
    ("royal", "Royal", 200, "royal", G.TROPHY, "royal", None, 0, N),
]


def _full_name(feast):
    return f"{feast.name} ({feast.german})" if feast.german == "Trull" else feast.name


@pytest.mark.parametrize(
    ("row", "entry"), list(enumerate(ROWS, start=1)), ids=[r[0] for r in ROWS]
)
def test_catalogue_entry(row, entry):
    code, name, value, _, group, trophy, chain, cards, suits = entry
    feast = FEASTS[code]
    assert (feast.row, _full_name(feast), feast.value) == (row, name, value)
    assert (feast.group, feast.trophy_class, feast.chain) == (group, trophy, chain)
    assert (feast.declared_cards, feast.suits) == (cards, suits)


def test_catalogue_has_66_announcements_4_silent_premiums_25_trophies():
    """R13 / German text: 66 announcements and 4 silent premiums; R9: 25 trophies."""
    feasts = list(FEASTS.values())
    assert len(feasts) == 70
    assert sum(f.is_silent for f in feasts) == 4
    assert [f.code for f in feasts if f.is_trophy] == [r[0] for r in ROWS[45:]]


RULES = ROOT.parent / "shared/rules/ROYAL_TAROKK_RULES.md"


@pytest.mark.skipif(
    not RULES.exists(), reason="the shared rules document is not beside the repository"
)
def test_transcription_matches_the_rules_document():
    """The table above is R13's, row for row (guards against the document changing)."""
    section = RULES.read_text(encoding="utf-8").split("## R13")[1].split("## R14")[0]
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in section.splitlines()
        if re.match(r"\| [a-z_]+ \| [^|]+ \| \d+ \|", line)
    ]
    assert [(r[0], r[1], int(r[2]), r[3]) for r in rows] == [r[:4] for r in ROWS]


@pytest.mark.parametrize(
    ("code", "bindings"),
    [
        ("piccolo", {"XVIII": 3}),
        ("large_bird", {"SKIZ": 7}),
        ("scale", {"XVIII": 3, "XIX": 4, "XX": 5, "XXI": 6, "SKIZ": 7}),
        ("stella", {"XIX": 4, "XX": 5, "XXI": 6, "SKIZ": 7}),
    ],
)
def test_fixed_bound_cards(code, bindings):
    """R12's list of bound cards (card -> trick)."""
    assert dict(FEASTS[code].binds) == bindings


@pytest.mark.parametrize(
    ("code", "tricks"),
    [
        ("last_day_of_month", (10,)),
        ("before_end_of_month", (9,)),
        ("kite", (8,)),
        ("seize", (7,)),
        ("turul", (6,)),
        ("pheasant", (1,)),
        ("falcon", (2,)),
        ("second_pheasant", (1, 2)),
        ("third_pheasant", (1, 3)),
        ("fourth_pheasant", (2, 4)),
        ("habicht", (1, 2, 3)),
        ("stella", (1, 2, 3)),
    ],
)
def test_declared_cards_bound_to_tricks(code, tricks):
    """R12: magnified 10/9/8/7/6, flight feasts their tricks, in declared order."""
    assert FEASTS[code].binds_declared == tricks


ENGINE = ROOT / "scoring" / "engine"


@pytest.mark.parametrize("module", sorted(p.name for p in ENGINE.glob("*.py")))
def test_engine_imports_no_django(module):
    """STYLE.md: the rules engine is pure Python and never imports Django."""
    tree = ast.parse((ENGINE / module).read_text(encoding="utf-8"))
    imported = [
        name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for name in (
            [a.name for a in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
        )
    ]
    assert not [name for name in imported if name.split(".")[0] == "django"]
