"""The feast picker's matching (R13 names, their translations and table names):
accent- and case-blind, exact and prefix matches first, the sheet's order for ties."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring.forms.feast_search import feast_matches, fold, picker_data


@pytest.mark.parametrize(
    ("typed", "first"),
    [
        ("trull", "full_honours"),
        ("Trull", "full_honours"),
        ("ultimo", "last_day_of_month"),
        ("pagat ultimo", "last_day_of_month"),
        ("centrum", "centre"),
        ("kismadar", "small_bird"),
        ("kismadár", "small_bird"),
        ("nagymadár", "large_bird"),
        ("golg", "golgotha"),
        ("fácán", "pheasant"),
        ("fasan", "pheasant"),
        ("four kings", "four_of_a_kind"),
        ("red_and_black", "red_and_black"),
        ("kassza", "cash"),
        ("VOLÁT", "slam"),
    ],
)
def test_what_a_table_calls_a_feast_comes_first(typed, first):
    assert feast_matches(typed)[0] == first


def test_a_partial_name_never_outranks_an_exact_one():
    # "tru" is inside specTRUm: it comes after the names that start with it.
    ranked = feast_matches("tru")
    assert ranked.index("trumps_count") < ranked.index("spectrum")
    assert ranked.index("full_honours") < ranked.index("spectrum")
    # "ultimo" is exactly the table name of Last Day of the Month, only inside
    # "penultimo" of Before the End of the Month.
    assert feast_matches("ultimo") == ["last_day_of_month", "before_end_of_month"]


def test_prefix_matches_keep_the_paper_sheets_order():
    assert feast_matches("four") == ["four_of_a_kind", "fourth_pheasant"]


def test_silent_premiums_are_found_only_when_asked_and_nothing_for_nothing():
    assert "four_kings" not in feast_matches("four kings")
    assert "four_kings" in feast_matches("four kings", silent=True)
    assert feast_matches("   ") == []
    assert feast_matches("zzz") == []


def test_hungarian_names_match_in_either_language():
    with translation.override("hu"):
        assert feast_matches("centre")[0] == "centre"
        assert feast_matches("kismadar")[0] == "small_bird"
    with translation.override("en"):
        assert feast_matches("Mondfogás")[0] == "mond_capture"


def test_fold_drops_accents_case_and_punctuation():
    assert fold("Kismadár") == "kismadar"
    assert fold("L'amour") == "l amour"
    assert fold("Großer Vogel") == "grosser vogel"


def test_the_page_gets_every_feasts_names_and_the_silent_premiums_labels():
    data = picker_data()
    assert "trull" in data["names"]["full_honours"]
    assert "kismadar" in data["names"]["small_bird"]
    assert data["silent"]["four_kings"] == "Four Kings (20)"
