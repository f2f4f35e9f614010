"""The app's own words in a record are shown in the reader's language
(tarokk_admin.core.words); what people typed is shown as typed."""

import pytest
from django.utils import translation
from django.utils.translation import gettext_noop

from tarokk_admin.core.words import LIMIT, app_words, shown


def test_a_stored_reason_reads_in_each_readers_language():
    with translation.override("en"):
        value = app_words(gettext_noop("account linked by an official"))
    with translation.override("hu"):
        hungarian = shown(value)
    with translation.override("en"):
        english = shown(value)
    assert english == "account linked by an official"
    assert hungarian
    assert hungarian != english


def test_values_are_kept_and_put_into_the_translated_message():
    value = app_words(gettext_noop("from the archive file %(file)s"), file="régi.xlsx")
    with translation.override("en"):
        assert shown(value) == "from the archive file régi.xlsx"
    with translation.override("hu"):
        text = shown(value)
    assert "régi.xlsx" in text
    assert "archive" not in text


def test_a_long_value_is_shortened_to_fit_the_history_column():
    value = app_words(gettext_noop("postponed: %(reason)s"), reason="eső " * 80)
    assert len(value) <= LIMIT
    with translation.override("en"):
        assert shown(value).startswith("postponed: eső eső")
        assert shown(value).endswith("…")


@pytest.mark.parametrize("typed", ["A csapat kapitánya.", "", None, '{"m": "closed"}'])
def test_what_people_typed_is_shown_as_typed(typed):
    assert shown(typed) == ("" if typed is None else typed)
