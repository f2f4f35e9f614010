"""Each notice kind declared once (``competitions/notices/kinds.py``), with all its
parts; the choices, recipients and words read that declaration. Postponing a match
sends its own notice, ``match_postponed``; moving one still sends ``match_moved``."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import translation

from competitions.models import AccountSettings, Notice, NoticeKind
from competitions.notices.kinds import NOTICE_KINDS, Audience, Words
from competitions.services.notices import MATCH_VALUES, notice_role
from competitions.services.schedule import (
    match_move,
    match_postpone,
    match_schedule,
)
from tarokk_admin.core.errors import ServiceBug
from tarokk_admin.core.roles import Role
from tests.factories import (
    CompetitionFactory,
    SeasonFactory,
    UserFactory,
    captain_of,
    pool_referee,
    team_with_roster,
)


def _hungarian(message: str) -> str:
    with translation.override("hu"):
        return translation.gettext(message)


def _all_words(kind) -> list[Words]:
    return [kind.words] if kind.words else list(kind.messages.values())


@pytest.mark.parametrize("kind", NOTICE_KINDS, ids=lambda kind: kind.code)
def test_each_kind_has_all_its_parts(kind):
    assert kind.code
    assert len(kind.code) <= Notice._meta.get_field("kind").max_length
    assert str(kind.label)
    assert _hungarian(str(kind.label)) != str(kind.label)
    # A match kind has its one message; a role kind (the cup's calendar) names its
    # messages, the caller choosing one and giving its values.
    if kind.audience == Audience.ROLE:
        assert kind.words is None
        assert kind.messages
    else:
        assert kind.words is not None
        assert not kind.messages
        unknown = kind.words.placeholders() - set(MATCH_VALUES)
        assert unknown == set(), f"{kind.code} uses values nobody supplies"
        assert "match" in kind.words.placeholders()
    for words in _all_words(kind):
        assert words.subject
        assert words.body
        assert _hungarian(words.subject) != words.subject
        if words.body != "%(ties)s":  # the undecided ties' lines, nothing to say
            assert _hungarian(words.body) != words.body
            # The translation fills the same values.
            hungarian = Words(_hungarian(words.subject), _hungarian(words.body))
            assert hungarian.placeholders() == words.placeholders()
    if kind.link:
        assert reverse(kind.link)


def test_the_choices_of_the_models_and_the_settings_are_the_declaration():
    declared = [(kind.code, str(kind.label)) for kind in NOTICE_KINDS]
    assert [(code, str(label)) for code, label in NoticeKind.choices] == declared
    field = Notice._meta.get_field("kind")
    assert [(code, str(label)) for code, label in field.choices] == declared
    assert NoticeKind.MATCH_POSTPONED == "match_postponed"


@pytest.mark.django_db
def test_a_role_notice_is_one_of_its_kinds_messages():
    # The kind and its message come from the code: another is a bug, not a refusal.
    with pytest.raises(ServiceBug, match="has no message"):
        notice_role(
            NoticeKind.CUP_CALENDAR,
            message="nonsense",
            values=dict,
            role=Role.OFFICIAL,
            key="k",
        )
    with pytest.raises(ServiceBug, match="has no message"):
        notice_role(
            NoticeKind.MATCH_MOVED,
            message="open",
            values=dict,
            role=Role.OFFICIAL,
            key="k",
        )


@pytest.fixture
def scheduled(db):
    season = SeasonFactory(year=2026)
    competition = CompetitionFactory(season=season)
    teams = []
    for email in ("ann@x.org", "bob@x.org"):
        team = team_with_roster(season)
        captain_of(team, season, UserFactory(roles=[Role.TEAM_CAPTAIN], email=email))
        teams.append(team)
    referee = pool_referee(season, email="rita@x.org")
    UserFactory(roles=[Role.OFFICIAL], email="olga@x.org")
    official = UserFactory(roles=[Role.OFFICIAL])
    match = match_schedule(
        competition=competition,
        team_a=teams[0],
        team_b=teams[1],
        date=dt.date(2026, 3, 14),
        venue="Pécs",
        referee=referee,
        user=official,
    )
    Notice.objects.all().delete()
    return match, official


def test_postponing_tells_both_captains_and_the_referee_why_and_when(scheduled):
    match, official = scheduled
    bob = match.team_b.season_captains.get().user
    AccountSettings.objects.create(user=bob, language="en")
    match_postpone(
        match=match,
        date=dt.date(2026, 4, 18),
        reason="snow on the roads",
        user=official,
    )
    notices = Notice.objects.filter(kind="match_postponed")
    assert sorted(notices.values_list("email", flat=True)) == [
        "ann@x.org",
        "bob@x.org",
        "rita@x.org",
    ]
    assert not Notice.objects.exclude(kind="match_postponed").exists()
    ann = notices.get(email="ann@x.org")  # Hungarian, the federation's language
    assert ann.subject.startswith("Elhalasztott mérkőzés: ")
    assert "Az elhalasztás oka: snow on the roads" in ann.body
    assert "2026. április 18." in ann.body
    assert "Pécs" in ann.body
    english = notices.get(email="bob@x.org")
    assert english.subject.startswith("Match postponed: ")
    assert "is postponed to April 18, 2026, Pécs." in english.body
    assert "The reason: snow on the roads" in english.body
    assert "Note:" not in english.body  # the reason is said once
    assert f"/captain/matches/{match.pk}/" in english.body


def test_moving_still_sends_match_moved(scheduled):
    match, official = scheduled
    match_move(match=match, date=dt.date(2026, 3, 21), venue="Győr", user=official)
    assert set(Notice.objects.values_list("kind", flat=True)) == {"match_moved"}
    assert Notice.objects.count() == 3


@pytest.mark.django_db
def test_the_settings_page_lists_the_postponed_notice(client):
    client.force_login(UserFactory())
    html = client.get("/accounts/settings/", HTTP_ACCEPT_LANGUAGE="en").content
    assert 'value="match_postponed"' in html.decode()
    assert "A match is postponed" in html.decode()


@pytest.mark.django_db
def test_who_had_moved_matches_off_keeps_postponed_ones_off_after_the_migration():
    """Migration 0019: "A match is moved or postponed" was one kind; an account
    that turned it off does not start getting postponements (and back again)."""
    import importlib

    from django.apps import apps

    from tests.factories import UserFactory

    step = importlib.import_module(
        "competitions.migrations.0019_postponed_off_where_moved_was"
    )
    quiet = AccountSettings.objects.create(
        user=UserFactory(), notices_off=["match_moved", "cup_calendar"]
    )
    other = AccountSettings.objects.create(
        user=UserFactory(), notices_off=["cup_calendar"]
    )
    step.postponed_off(apps, None)
    quiet.refresh_from_db()
    other.refresh_from_db()
    assert quiet.notices_off == ["match_moved", "cup_calendar", "match_postponed"]
    assert other.notices_off == ["cup_calendar"]
    step.postponed_back(apps, None)
    quiet.refresh_from_db()
    assert quiet.notices_off == ["match_moved", "cup_calendar"]
