"""A cached table is put into words in each visitor's language (R15 tie-breaks)."""

from django.core.cache import cache
from django.utils import translation

from competitions.rules.standings import (
    R15_METRICS,
    Metric,
    StandingRow,
    rank_rows,
    tie_breaks_words,
)


def test_cached_rows_explain_their_tie_break_in_the_active_language():
    rows = [
        StandingRow(1, "Pécsi Ászok", "", 2, 180, 95, best_trophy="golgotha"),
        StandingRow(2, "Egri Dobó", "", 2, 180, 95, best_trophy="mond_capture"),
    ]
    cache.set("standings-language-test", rank_rows(rows))
    cached = cache.get("standings-language-test")
    with translation.override("en"):
        english = cached[1].decided_by
    with translation.override("hu"):
        hungarian = cached[1].decided_by
    assert "best trophy" in english
    assert hungarian != english
    assert "Golgota" in hungarian or "golgot" in hungarian.casefold()


def test_the_tie_break_words_come_from_the_metrics_r15():
    """The page's "Ties: …" sentence is generated from the metrics themselves: a
    new tie-break is named there without editing a template or help text."""
    with translation.override("en"):
        words = tie_breaks_words()
        assert words == (
            "Ties: the best single match, then the best trophy; teams equal on "
            "every one share a rank (R15)."
        )
        fewest = Metric(
            "fewest_matches", lambda row: -row.matches, lambda a, b: "", "x"
        )
        assert tie_breaks_words((*R15_METRICS, fewest)).endswith(
            "the best trophy, then x; teams equal on every one share a rank (R15)."
        )
    with translation.override("hu"):
        assert tie_breaks_words().startswith(
            "Holtverseny esetén a legjobb egyéni mérkőzés, majd a legjobb trófea dönt"
        )
