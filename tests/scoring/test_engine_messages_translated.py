"""The scoring app hands Django's gettext to the rules engine (scoring/apps.py), so the
engine's messages to referees come out in the active language (English or Hungarian)."""

from django.utils import translation

from scoring.engine import score_hand_record
from scoring.engine.i18n import get_translator
from tests.scoring.kit import ann, hand


def test_django_gettext_is_the_engines_translator_once_the_apps_are_loaded():
    assert get_translator() is translation.gettext


def test_engine_messages_follow_the_active_language():
    """R13: an unknown feast's message is the catalogue's translation, then formatted."""
    for language in ("hu", "en"):
        with translation.override(language):
            message = score_hand_record(hand(ann("kasino")))["errors"][0]["message"]
            expected = translation.gettext("Unknown feast {value} (R13).")
        assert message == expected.format(value='"kasino"')
