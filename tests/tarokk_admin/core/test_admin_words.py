"""The read-only admin in Hungarian: trophies by their names (never the catalogue's
codes such as ``dschinn``), the competitions' fixed names translated, and the words
Django's own Hungarian catalogue leaves in English."""

from __future__ import annotations

from django.contrib import admin
from django.utils import translation

from competitions.models import Competition, Player
from trophies.models import TrophyAward


def test_a_trophy_award_is_named_by_its_trophy():
    award = TrophyAward(feast="dschinn", value=50, player=Player(name="Kiss Éva"))
    with translation.override("hu"):
        assert str(award) == "Kiss Éva — Dzsinn (50)"
        assert admin.site._registry[TrophyAward].trophy(award) == "Dzsinn"


def test_a_competitions_fixed_name_is_translated_in_the_admin():
    competition = Competition(kind="championship", name="Team Championship")
    with translation.override("hu"):
        assert admin.site._registry[Competition].shown_name(competition) == (
            "Csapatbajnokság"
        )


def test_the_admins_own_words_are_hungarian():
    with translation.override("hu"):
        for english in ("Model name", "Add link", "Change or view list link"):
            assert translation.gettext(english) != english
