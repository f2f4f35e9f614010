"""A cached table is put into words in each visitor's language (R15 tie-breaks)."""

from django.core.cache import cache
from django.utils import translation

from competitions.rules.standings import StandingRow, rank_rows


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
