"""The officials' pages in Hungarian say everything in Hungarian: the competitions'
fixed names translated (never the stored "Team Championship 2027"), no pointer to
the README, a match's history in words ("Állapot: kiírva → folyamatban"), and the
catalogue never leaves the reader a suffix to choose ("2027-ben/ban")."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.utils import translation

from competitions.models import Competition, Match
from competitions.services.grand_prix import grand_prix_create, grand_prix_entries_set
from scoring.selectors.history import match_history
from tarokk_admin.core.roles import Role
from tests.factories import (
    CompetitionFactory,
    MatchFactory,
    SeasonFactory,
    UserFactory,
    team_with_roster,
)

PO = settings.BASE_DIR / "locale" / "hu" / "LC_MESSAGES" / "django.po"


@pytest.fixture
def official(client):
    client.force_login(UserFactory(username="foti", roles=[Role.OFFICIAL]))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "hu"


@pytest.mark.django_db
def test_the_schedule_names_each_competition_in_hungarian(client, official):
    season = SeasonFactory(year=2027)
    teams = [team_with_roster(season, name=n) for n in ("Győri", "Gödöllői")]
    for kind in ("championship", "cup", "free"):
        MatchFactory(
            competition=CompetitionFactory(season=season, kind=kind),
            team_a=teams[0],
            team_b=teams[1],
        )
    match = Match.objects.filter(competition__kind="championship").get()
    pages = [
        client.get("/officials/schedule/").content.decode(),
        client.get(f"/officials/schedule/matches/{match.pk}/").content.decode(),
        client.get(f"/officials/competitions/{match.competition_id}/").content.decode(),
    ]
    for html in pages:
        assert "Team Championship" not in html
        assert "Hungarian Cup" not in html
        assert "Free games" not in html
    assert "Csapatbajnokság 2027" in pages[0]
    assert "Magyar Kupa 2027" in pages[0]
    assert "Szabadjátékok 2027" in pages[0]
    assert "Csapatbajnokság 2027" in pages[1]
    day = match.date
    assert day.strftime("%Y.%m.%d.") in pages[0]  # the dates people read
    assert f">{day.isoformat()}<" not in pages[0]


@pytest.mark.django_db
def test_the_grand_prix_page_explains_the_pairing_without_the_readme(client, official):
    season = SeasonFactory(year=2027)
    event = grand_prix_create(season=season, name="Tavaszi GP")
    teams = [team_with_roster(season, name=f"Csapat {n}") for n in range(4)]
    grand_prix_entries_set(competition=event, teams=teams)
    html = client.get(f"/officials/grand-prix/{event.pk}/").content.decode()
    assert "README" not in html
    assert "nincs visszavágó" in html


@pytest.mark.django_db
def test_a_matchs_history_says_what_changed_in_the_readers_words():
    match = MatchFactory(
        competition=CompetitionFactory(season=SeasonFactory(year=2027)),
        venue="Szeged",
    )
    match.status = Match.Status.IN_PLAY
    match.venue = "Győr"
    match.save()
    with translation.override("hu"):
        changes = [line for entry in match_history(match) for line in entry.changes]
    assert "Állapot: kiírva → folyamatban" in changes
    assert "Helyszín: Szeged → Győr" in changes
    assert not any("status" in line or "in_play" in line for line in changes)


def _msgstrs() -> list[str]:
    text = PO.read_text(encoding="utf-8")
    entries = re.findall(r'^msgstr(?:\[\d\])? ((?:".*"\n?)+)', text, flags=re.M)
    return ["".join(re.findall(r'"(.*)"', entry)) for entry in entries]


def test_no_translation_leaves_the_reader_a_suffix_to_choose():
    """ "2027-ben/ban" reads as a form to fill in: a Hungarian sentence is phrased
    so that it needs no suffix on a number ("a 2027. évben")."""
    choose = re.compile(
        r"\S-?(ban/ben|ben/ban|ra/re|re/ra|ból/ből|ből/ból|án/én|én/án)"
    )
    assert [s for s in _msgstrs() if choose.search(s)] == []


def test_no_string_points_the_reader_to_the_readme():
    assert [s for s in _msgstrs() if "README" in s] == []


def test_the_card_games_royal_is_hungarian():
    """The federation is the Magyar Királyi Tarokk Szövetség: "Royal" is
    "királyi" in every Hungarian string, the trophy and the free games too."""
    assert [s for s in _msgstrs() if "Royal" in s] == []
    with translation.override("hu"):
        assert str(Competition.Kind.FREE.label) == "Szabadjátékok"
        assert translation.gettext("Royal") == "Királyi"
