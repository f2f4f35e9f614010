"""Disputes (R15): an official resolves a disputed result with a note, closing it for
both teams; a correction of a hand of a disputed match offers to resolve it; the
officials' list of disputes."""

from __future__ import annotations

import pytest

from competitions.models import MatchResult
from competitions.services.disputes import dispute_resolve
from competitions.services.matches import match_complete
from competitions.services.results import result_answer
from scoring.models import Hand
from scoring.services.hands import hand_save
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role
from tarokk_admin.core.words import shown as in_words
from tests.factories import UserFactory, captain_of, sheet
from tests.scoring.kit import hand_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def disputed(match):
    for number in range(1, match.hands_expected + 1):
        hand_save(match=match, number=number, record=sheet(number), user=match.referee)
    match_complete(match=match, user=match.referee)
    season = match.competition.season_id
    result_answer(
        match=match,
        team=match.team_a,
        user=captain_of(match.team_a, season),
        confirm=True,
        note="",
    )
    result_answer(
        match=match,
        team=match.team_b,
        user=captain_of(
            match.team_b,
            season,
            UserFactory(username="kapitany", roles=[Role.TEAM_CAPTAIN]),
        ),
        confirm=False,
        note="Hand 4 is 10 short",
    )
    return match


def answers(match):
    return sorted(
        MatchResult.objects.filter(match=match).values_list("answer", flat=True)
    )


def test_resolving_closes_the_dispute_for_both_teams_with_who_when_and_note(disputed):
    official = UserFactory(roles=[Role.OFFICIAL])
    dispute_resolve(match=disputed, user=official, note="Checked the sheet: right.")
    assert answers(disputed) == ["resolved", "resolved"]
    row = MatchResult.objects.get(match=disputed, team=disputed.team_b)
    assert row.resolved_by == official
    assert row.resolved_at is not None
    assert row.resolution_note == "Checked the sheet: right."
    assert row.answer_note == "Hand 4 is 10 short"  # the captain's note is kept
    latest = row.history.first()
    assert (latest.history_user, in_words(latest.history_change_reason)) == (
        official,
        "dispute resolved",
    )


def test_resolving_needs_a_note_and_an_open_dispute(disputed):
    official = UserFactory(roles=[Role.OFFICIAL])
    with pytest.raises(ServiceError, match="Say how"):
        dispute_resolve(match=disputed, user=official, note=" ")
    dispute_resolve(match=disputed, user=official, note="ok")
    with pytest.raises(ServiceError, match="no open dispute"):
        dispute_resolve(match=disputed, user=official, note="again")


def test_a_correction_that_changes_the_result_keeps_the_dispute_open(disputed):
    official = UserFactory(roles=[Role.OFFICIAL])
    hand = Hand.objects.get(match=disputed, number=4)
    hand_save(
        match=disputed,
        number=4,
        record=sheet(40),
        user=official,
        version=hand.version,
        reason="Hand 4 re-added",
    )
    row = MatchResult.objects.get(match=disputed, team=disputed.team_b)
    assert row.answer == MatchResult.Answer.DISPUTED


def test_a_correction_offers_to_resolve_the_dispute_it_answers(client, disputed):
    official = UserFactory(roles=[Role.OFFICIAL])
    client.force_login(official)
    address = f"/referee/matches/{disputed.pk}/hands/4/"
    html = client.get(address).content.decode()
    assert "resolve_dispute" in html
    hand = Hand.objects.get(match=disputed, number=4)
    data = hand_post(sheet(40), version=hand.version)
    data.update(reason="Hand 4 was 10 short", resolve_dispute="on")
    assert client.post(address, data).status_code == 302
    assert answers(disputed) == ["resolved", "resolved"]
    row = MatchResult.objects.get(match=disputed, team=disputed.team_b)
    assert row.resolution_note == "Hand 4 was 10 short"
    assert row.resolved_by == official


@pytest.mark.parametrize("path", ["replay/", "upload/"])
def test_a_correction_replayed_offline_or_uploaded_resolves_the_dispute_R15(
    client, disputed, path
):
    """One save path: the offline replay and the upload of a corrected hand keep the
    ticked "resolve the dispute" box, as the form does."""
    import json

    official = UserFactory(roles=[Role.OFFICIAL])
    client.force_login(official)
    hand = Hand.objects.get(match=disputed, number=4)
    if path == "replay/":
        data = hand_post(sheet(40), version=hand.version)
    else:
        data = {"text": json.dumps(sheet(40)), "version": str(hand.version)}
    data.update(reason="Hand 4 was 10 short", resolve_dispute="on")
    response = client.post(f"/referee/matches/{disputed.pk}/hands/4/{path}", data)
    assert response.status_code in (200, 302), response.content[:300]
    assert Hand.objects.get(match=disputed, number=4).version == hand.version + 1
    assert answers(disputed) == ["resolved", "resolved"]
    row = MatchResult.objects.get(match=disputed, team=disputed.team_b)
    assert (row.resolution_note, row.resolved_by) == ("Hand 4 was 10 short", official)


def test_the_checkbox_is_only_offered_while_a_dispute_is_open(client, disputed):
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    dispute_resolve(match=disputed, user=UserFactory(), note="ok")
    html = client.get(f"/referee/matches/{disputed.pk}/hands/4/").content.decode()
    assert 'name="resolve_dispute"' not in html


@pytest.mark.parametrize("open_dispute", [True, False])
def test_every_error_slot_the_correction_preview_fills_is_on_the_page(
    client, disputed, open_dispute
):
    """The live check answers with every field's error slot (hx-swap-oob); each
    must be on the correction's page, or htmx logs an error on the console
    (``htmx:oobErrorNoTarget, #err-resolve_dispute`` in the captain's dispute
    journey: the checkbox had no slot)."""
    import re

    official = UserFactory(roles=[Role.OFFICIAL])
    if not open_dispute:
        dispute_resolve(match=disputed, user=official, note="ok")
    client.force_login(official)
    address = f"/referee/matches/{disputed.pk}/hands/4/"
    page = client.get(address).content.decode()
    hand = Hand.objects.get(match=disputed, number=4)
    answer = client.post(
        f"{address}preview/", hand_post(hand.record, version=hand.version)
    ).content.decode()
    targets = set(re.findall(r'id="(err-[^"]+)"[^>]*hx-swap-oob', answer))
    # The hand's own fields (the rows' slots come and go with the rows).
    targets = {t for t in targets if not t.startswith("err-announcements-")}
    assert "err-resolve_dispute" in targets
    assert {t for t in targets if f'id="{t}"' not in page} == set()


def test_the_officials_list_shows_the_note_and_the_hands_and_resolves(
    client, disputed, django_assert_max_num_queries
):
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    with django_assert_max_num_queries(10):
        response = client.get("/officials/disputes/")
    html = response.content.decode()
    assert html.count('data-testid="dispute"') == 1
    assert "Hand 4 is 10 short" in html
    assert "8 hands entered" in html
    assert f"/matches/{disputed.pk}/" in html
    response = client.post(f"/officials/disputes/{disputed.pk}/resolve/", {"note": ""})
    assert response.status_code == 400
    assert answers(disputed) == ["confirmed", "disputed"]
    response = client.post(
        f"/officials/disputes/{disputed.pk}/resolve/",
        {"note": "Sheet checked"},
        follow=True,
    )
    assert "resolved for both teams" in response.content.decode()
    assert answers(disputed) == ["resolved", "resolved"]
    assert "No open disputes." in client.get("/officials/disputes/").content.decode()


@pytest.mark.parametrize("role", [Role.REFEREE, Role.TEAM_CAPTAIN, Role.JURY])
def test_only_officials_see_the_disputes(client, disputed, role):
    client.force_login(UserFactory(roles=[role]))
    assert client.get("/officials/disputes/").status_code == 403
    response = client.post(f"/officials/disputes/{disputed.pk}/resolve/", {"note": "x"})
    assert response.status_code == 403
    assert "disputed" in answers(disputed)


def test_the_resolution_note_is_shown_on_the_match_and_to_the_captain(client, disputed):
    dispute_resolve(match=disputed, user=UserFactory(), note="The sheet stands.")
    captain = captain_of(disputed.team_b, disputed.competition.season_id)
    client.force_login(captain)
    assert "The sheet stands." in client.get("/captain/").content.decode()
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    html = client.get(f"/referee/matches/{disputed.pk}/").content.decode()
    assert "The sheet stands." in html


def test_a_correction_uploaded_as_a_record_can_resolve_the_dispute_too(
    client, disputed
):
    """The upload beside the form offers the same box (R15): the uploaded hand is
    the correction, its reason the resolution's note."""
    import json

    official = UserFactory(roles=[Role.OFFICIAL])
    client.force_login(official)
    page = client.get(f"/referee/matches/{disputed.pk}/hands/4/").content.decode()
    assert 'id="upload-resolve"' in page
    hand = Hand.objects.get(match=disputed, number=4)
    upload = f"/referee/matches/{disputed.pk}/hands/4/upload/"
    refused = client.post(
        upload,
        {
            "version": hand.version,
            "text": json.dumps(sheet(40)),
            "resolve_dispute": "on",
        },
    )
    assert refused.status_code == 200  # no reason: nothing stored, box still ticked
    assert 'id="upload-resolve" checked' in refused.content.decode()
    assert answers(disputed) == ["confirmed", "disputed"]
    assert Hand.objects.get(match=disputed, number=4).record == hand.record
    response = client.post(
        upload,
        {
            "version": hand.version,
            "text": json.dumps(sheet(40)),
            "reason": "Hand 4 was 10 short",
            "resolve_dispute": "on",
        },
    )
    assert response.status_code == 302
    assert Hand.objects.get(match=disputed, number=4).version == hand.version + 1
    assert answers(disputed) == ["resolved", "resolved"]
    row = MatchResult.objects.get(match=disputed, team=disputed.team_b)
    assert row.resolution_note == "Hand 4 was 10 short"
    assert row.resolved_by == official


def test_a_correction_without_a_reason_is_listed_on_top_with_the_reason_focused(
    client, disputed
):
    """Refused like every refused save: the problem at the top of the page, as a
    link to the reason, which is focused; nothing is stored."""
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    address = f"/referee/matches/{disputed.pk}/hands/4/"
    hand = Hand.objects.get(match=disputed, number=4)
    response = client.post(address, hand_post(sheet(40), version=hand.version))
    html = response.content.decode()
    assert response.status_code == 200
    problems = html.split('id="problem-list"')[1].split("</ol>")[0]
    assert 'data-focus="id_reason"' in html.split('id="problem-list"')[1][:80]
    assert (
        '<a href="#err-reason" data-focus-field="id_reason"><span '
        'class="problem-label">Reason for the correction:</span> This match is '
        "completed: a correction needs a reason.</a>" in problems
    )
    assert problems.count("<li>") == 1
    slot = html.split('id="err-reason"')[1].split("</div></div>")[0]
    assert slot.count("a correction needs a reason") == 1  # said once on the field
    hand.refresh_from_db()
    assert hand.version == 1


def test_the_match_history_shows_the_dispute_and_its_resolution_who_when_why_R15(
    client, disputed
):
    """The officials' history of a match names the captain's dispute with its
    note and the official's resolution with theirs, each by whom and when (before,
    only the match and its hands were in it: a dispute left no trace there)."""
    from scoring.selectors.history import match_history

    official = UserFactory(username="tisztviselo", roles=[Role.OFFICIAL])
    dispute_resolve(match=disputed, user=official, note="Checked the sheet: right.")
    team = disputed.team_b.name
    entries = [e for e in match_history(disputed) if e.what == f"Result of {team}"]
    lines = [(e.who, line, e.reason) for e in entries for line in e.changes]
    assert (
        "tisztviselo",
        "Resolution: Checked the sheet: right.",
        "dispute resolved",
    ) in lines
    assert any(line == "Dispute: Hand 4 is 10 short" for _, line, _ in lines)
    assert any(
        line == "Captain's answer: disputed → dispute resolved" for _, line, _ in lines
    )
    client.force_login(official)
    html = client.get(f"/referee/matches/{disputed.pk}/").content.decode()
    assert "Resolution: Checked the sheet: right." in html
    assert "Dispute: Hand 4 is 10 short" in html
