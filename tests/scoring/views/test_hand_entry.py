"""Entering a hand through the form: preview, save, engine errors on their fields,
conflicts (two people saving the same hand) and uploads of hand records."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from scoring.engine import score_hand_record
from scoring.models import Hand
from scoring.services.hands import hand_save
from tarokk_admin.core.roles import Role
from tests.factories import UserFactory, sheet
from tests.scoring.kit import SPEC_EXAMPLE, ann, hand, hand_post

pytestmark = pytest.mark.django_db


def url(match, number=1, tail=""):
    return f"/referee/matches/{match.pk}/hands/{number}/{tail}"


def test_preview_shows_each_teams_score_parts_and_stores_nothing(client, match):
    client.force_login(match.referee)
    response = client.post(url(match, tail="preview/"), hand_post(SPEC_EXAMPLE))
    html = response.content.decode()
    assert response.status_code == 200
    assert "The engine accepts this hand." in html
    assert 'data-score="attack">90<' in html
    assert 'data-score="defence">60<' in html
    assert not Hand.objects.exists()


def test_preview_puts_every_engine_error_on_its_field_out_of_band_R5_R8(client, match):
    client.force_login(match.referee)
    data = hand_post(SPEC_EXAMPLE)
    data["attack_trumps"] = "20"
    data["announcements-0-contra"] = "attack:driver"
    response = client.post(url(match, tail="preview/"), data)
    html = response.content.decode()
    assert 'id="err-attack_trumps" hx-swap-oob="true"' in html
    slot = html.split('id="err-attack_trumps"')[1].split("</div></div>")[0]
    assert "trumps must be between 6 and 16; got 20." in slot
    contra = html.split('id="err-announcements-0-contra"')[1].split("</div></div>")[0]
    assert "cannot contra it himself" in contra
    # A field without an error gets an empty slot, clearing an earlier error.
    assert (
        'id="err-attack_honours" hx-swap-oob="true" aria-live="polite"></div>' in html
    )
    # The defence's 2 trumps follow from the attack's 20 (R5): one problem, not two.
    assert "2 problems to fix" in html
    assert "Attack · Trumps:" in html
    assert "/attack/trumps" not in html


def test_saving_a_valid_hand_stores_the_engines_scores_and_goes_to_the_next(
    client, match
):
    client.force_login(match.referee)
    response = client.post(url(match), hand_post(SPEC_EXAMPLE))
    assert response.status_code == 302
    assert response["Location"] == url(match, 2)
    hand = Hand.objects.get(match=match, number=1)
    assert hand.record == SPEC_EXAMPLE
    assert (hand.attack_score, hand.defence_score) == (90, 60)
    assert hand.attack_team_id == match.team_a_id  # R3: the cut's team in hand 1


def test_an_invalid_hand_is_refused_with_errors_on_fields_and_nothing_stored_R13(
    client, match
):
    client.force_login(match.referee)
    data = hand_post(SPEC_EXAMPLE)
    data["tricks"] = "5"  # cash needs 6 tricks (R13)
    response = client.post(url(match), data)
    html = response.content.decode()
    assert response.status_code == 200
    made = html.split('id="err-announcements-0-made"')[1].split("</div></div>")[0]
    assert "Cash needs at least 6 tricks; the attack won 5 (R13)." in made
    assert 'name="tricks" value="5"' in html  # the input stays
    assert not Hand.objects.exists()


def test_the_attacking_side_alternates_from_the_cut_R3(client, match):
    client.force_login(match.referee)
    html = client.get(url(match, 2)).content.decode()
    attack = html.split('class="attack-line')[1].split("</p>")[0]
    assert match.team_b.name in attack.split("Defence")[0]


def test_editing_a_stored_hand_shows_its_record_and_version(client, match):
    hand_save(match=match, number=1, record=SPEC_EXAMPLE, user=match.referee)
    client.force_login(match.referee)
    html = client.get(url(match)).content.decode()
    assert 'name="version" value="1"' in html
    assert 'name="attack_trumps" value="12"' in html
    assert '<option value="red_and_black" selected>' in html
    # The row has the fields its feast declares, two suits and no card (R12); the
    # page holds the others once, for the script to copy when the feast changes.
    rows = html.split('data-prefix="announcements-')
    cash, pheasant, red_and_black = rows[1], rows[2], rows[3]
    assert 'name="announcements-2-suit1"' in red_and_black
    assert 'name="announcements-2-card0"' not in red_and_black
    assert 'name="announcements-1-card0"' in pheasant
    assert 'name="announcements-1-card1"' not in pheasant
    assert not any(name in cash for name in ("-card0", "-suit0", "-count"))
    assert html.count('<template id="announcement-params">') == 1
    assert html.count('name="announcements-__prefix__-card0"') == 1


def test_the_feast_catalogue_is_one_versioned_script_kept_for_good_R12(client, match):
    client.force_login(match.referee)
    html = client.get(url(match)).content.decode()
    src = html.split('<script src="/referee/feasts.en.js?v=')[1].split('"')[0]
    response = client.get(f"/referee/feasts.en.js?v={src}")
    assert response["Content-Type"].startswith("text/javascript")
    assert "immutable" in response["Cache-Control"]
    body = response.content.decode()
    assert '"red_and_black":{"cards":0,"suits":2,"count":0' in body
    assert '"four_kings":"Four Kings (20)"' in body
    hungarian = client.get("/referee/feasts.hu.js").content.decode()
    assert '"four_kings":"Négy király (20)"' in hungarian
    # An old page's address after a release: answered, but kept only briefly.
    assert "immutable" not in client.get("/referee/feasts.en.js?v=old")["Cache-Control"]
    missing = client.get("/referee/feasts.xx.js")
    assert missing.status_code == 404
    assert "No feast catalogue in the language “xx”; there are: en, hu." in (
        missing.content.decode()
    )


def test_a_conflict_shows_the_other_version_keeps_mine_and_can_overwrite(client, match):
    hand_save(match=match, number=1, record=sheet(1), user=match.referee)
    other = UserFactory(username="masik", roles=[Role.OFFICIAL])
    theirs = hand_save(match=match, number=1, record=sheet(2), user=other, version=1)
    client.force_login(match.referee)
    mine = hand_post(SPEC_EXAMPLE, version=1)
    response = client.post(url(match), mine)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Someone else saved this hand meanwhile" in html
    assert "masik" in html
    assert f">{theirs.attack_score}</strong>" in html
    assert 'name="attack_trumps" value="12"' in html  # nothing of mine is lost
    assert 'name="overwrite_version" value="2"' in html
    assert Hand.objects.get(match=match, number=1).record == sheet(2)

    response = client.post(
        url(match), {**mine, "action": "overwrite", "overwrite_version": "2"}
    )
    assert response.status_code == 302
    hand = Hand.objects.get(match=match, number=1)
    assert hand.record == SPEC_EXAMPLE
    assert hand.version == 3


def test_adding_an_announcement_row_without_javascript(client, match):
    client.force_login(match.referee)
    data = hand_post(SPEC_EXAMPLE, action="add", blank_rows=0)
    html = client.post(url(match), data).content.decode()
    assert 'name="announcements-4-feast"' in html
    assert 'name="announcements-TOTAL_FORMS" value="5"' in html


def test_uploading_a_hand_record_goes_through_the_engine(client, match):
    client.force_login(match.referee)
    upload = SimpleUploadedFile(
        "hand.json", json.dumps(SPEC_EXAMPLE).encode(), "application/json"
    )
    response = client.post(url(match, 3, "upload/"), {"file": upload, "version": "0"})
    assert response.status_code == 302
    hand = Hand.objects.get(match=match, number=3)
    assert hand.attack_score == score_hand_record(SPEC_EXAMPLE)["attack"]["score"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "is not valid JSON"),
        ("", "Choose a JSON file or paste the JSON."),
        (json.dumps({**SPEC_EXAMPLE, "tricks": {"attack": 11}}), "/tricks/attack"),
        (json.dumps({**SPEC_EXAMPLE, "colour": 1}), "/colour"),
    ],
)
def test_a_bad_hand_upload_says_what_is_wrong_and_stores_nothing(
    client, match, text, message
):
    client.force_login(match.referee)
    response = client.post(url(match, 1, "upload/"), {"text": text, "version": "0"})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Hand.objects.exists()


def test_a_service_refusal_is_shown_at_the_top_R15(client, match):
    match.lineups.all().delete()
    client.force_login(match.referee)
    response = client.post(url(match), hand_post(SPEC_EXAMPLE))
    assert "Enter both teams&#x27; line-ups first (R15)." in response.content.decode()
    assert not Hand.objects.exists()


def test_unknown_hand_number_is_not_found(client, match):
    client.force_login(match.referee)
    assert client.get(url(match, 9)).status_code == 404
    assert client.get("/referee/matches/999999/hands/1/").status_code == 404


def test_a_garbled_post_gets_messages_not_a_server_error(client, match):
    client.force_login(match.referee)
    response = client.post(
        url(match),
        {"action": "save", "attack_trumps": "many", "announcements-TOTAL_FORMS": "x"},
    )
    assert response.status_code == 200
    assert "Enter a whole number." in response.content.decode()
    assert not Hand.objects.exists()


def test_the_conflict_panel_says_in_words_what_differs(client, match):
    hand_save(match=match, number=1, record=SPEC_EXAMPLE, user=match.referee)
    other = UserFactory(username="masik", roles=[Role.OFFICIAL])
    theirs = dict(SPEC_EXAMPLE, tricks={"attack": 7})
    hand_save(match=match, number=1, record=theirs, user=other, version=1)
    client.force_login(match.referee)
    html = client.post(url(match), hand_post(SPEC_EXAMPLE, version=1)).content.decode()
    table = html.split('class="table table-sm mb-0 conflict-diff"')[1].split(
        "</table>"
    )[0]
    assert "Tricks won by the attack</th><td>7</td><td>6</td>" in table
    assert "Announcements" not in table  # the same four on both sides
    assert "cash" not in table  # no raw codes


def test_a_refused_save_lists_every_problem_by_its_label(client, match):
    client.force_login(match.referee)
    data = hand_post(SPEC_EXAMPLE)
    del data["announcements-1-made"]
    data["attack_trumps"] = "17"
    html = client.post(url(match), data).content.decode()
    problems = html.split('id="problem-list"')[1].split("</div>")[0]
    assert 'data-focus="id_attack_trumps"' in html
    assert "Attack · Trumps:" in problems
    assert "Announcement 2 · Outcome:</span> Choose made or failed." in problems
    assert "/announcements" not in problems
    assert "Defence" not in problems  # its 5 trumps follow from the attack's 17


def test_removing_a_row_without_javascript(client, match):
    client.force_login(match.referee)
    data = hand_post(SPEC_EXAMPLE, action="check")
    data["remove"] = "announcements-3"
    html = client.post(url(match), data).content.decode()
    row = html.split('data-prefix="announcements-3"')[1][:20]
    assert row.startswith(" hidden>")
    assert "The engine accepts this hand." in html
    data["remove"] = "announcements-3-x"  # not a row: ignored
    html = client.post(url(match), data).content.decode()
    assert html.split('data-prefix="announcements-3"')[1].startswith(">")


def test_the_preview_answers_for_the_fields_each_row_has_R12(client, match):
    """The preview's error slots are those of the page: a row's parameter fields
    only for a feast that takes them (the page has no others to put them in)."""
    client.force_login(match.referee)
    html = client.post(url(match, tail="preview/"), hand_post(SPEC_EXAMPLE)).content
    html = html.decode()
    assert 'id="err-announcements-0-contra" hx-swap-oob="true"' in html  # cash
    assert 'id="err-announcements-0-card0"' not in html
    assert 'id="err-announcements-1-card0" hx-swap-oob="true"' in html  # pheasant
    assert 'id="err-announcements-1-card1"' not in html
    assert 'id="err-announcements-2-suit1" hx-swap-oob="true"' in html  # red and black
    assert 'id="err-announcements-2-count"' not in html


def test_a_row_whose_choices_are_no_choices_is_refused_not_dropped_R6(client, match):
    """A row posted with who announced it and its outcome as values that are none of
    the form's choices (a page that lost its buttons' values) and no feast is refused
    with each problem listed: the hand is never stored without that row."""
    client.force_login(match.referee)
    data = hand_post(hand())
    data["announcements-0-announcer"] = "on"
    data["announcements-0-made"] = "on"
    html = client.post(url(match), data).content.decode()
    assert not Hand.objects.exists()
    problems = html.split('id="problem-list"')[1].split("</ol>")[0]
    assert "Announcement 1 · Feast:</span> Choose the feast." in problems
    assert "Announcement 1 · Announced by:</span> Select a valid choice." in problems
    assert "Announcement 1 · Outcome:</span> Select a valid choice." in problems
    assert "Choose who announced it" not in problems  # said once, by the form
    assert problems.count("<li>") == 3
    assert 'data-focus="id_announcements-0-feast"' in html


def test_a_value_the_form_cannot_read_is_refused_even_beside_a_valid_hand(
    client, match
):
    """A contra that is none of the four players is not dropped from a hand the
    engine would accept without it."""
    client.force_login(match.referee)
    data = hand_post(hand(ann("cash", made=True), tricks=6))
    data["announcements-0-contra"] = "defence:nobody"
    html = client.post(url(match), data).content.decode()
    assert not Hand.objects.exists()
    assert "Announcement 1 · Contra:</span> Select a valid choice." in html
    preview = client.post(url(match, tail="preview/"), data).content.decode()
    slot = preview.split('id="err-announcements-0-contra"')[1].split("</div></div>")[0]
    assert "Select a valid choice." in slot
    assert "The engine accepts this hand." not in preview
