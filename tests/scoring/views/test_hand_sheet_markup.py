"""The hand form's fields, rows and error slots come from the score sheet's partials
(``templates/jinja2/scoring/sheet.jinja``): what people typed elsewhere (a team's or a
player's name) and what the engine says are escaped there as in every template."""

from __future__ import annotations

import pytest

from competitions.models import Lineup, Player, Team
from tests.scoring.kit import SPEC_EXAMPLE, hand_post

pytestmark = pytest.mark.django_db

SCRIPT = '<script>alert("x")</script>'
ESCAPED = "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;"


def test_names_holding_markup_are_escaped_in_the_announcer_and_the_contra(
    client, match
):
    lineup = Lineup.objects.get(match=match, team=match.team_a)
    Player.objects.filter(pk=lineup.driver_id).update(name=f"Kis {SCRIPT}")
    Team.objects.filter(pk=match.team_a_id).update(name=f"Vác {SCRIPT}")
    client.force_login(match.referee)
    html = client.get(f"/referee/matches/{match.pk}/hands/1/").content.decode()
    assert "<script>alert" not in html
    # The announcer's button of the attack's driver, under the team's name.
    assert f'<span class="announcer-team small">Vác {ESCAPED}</span>' in html
    assert f'for="id_announcements-0-announcer_0">Kis {ESCAPED}</label>' in html


def test_an_engine_message_and_a_blank_row_render_as_before(client, match):
    """An error on its field (with the message's apostrophe escaped) and the parts
    of a row: feast picker, announcer, outcome, contra, the message note."""
    client.force_login(match.referee)
    data = hand_post(SPEC_EXAMPLE)
    data["announcements-0-contra"] = "attack:driver"
    html = client.post(
        f"/referee/matches/{match.pk}/hands/1/", {**data, "action": "save"}
    ).content.decode()
    slot = html.split('id="err-announcements-0-contra" aria-live="polite">')[1]
    assert slot.startswith(
        '<div class="field-error"><span aria-hidden="true">⚠</span> The attack&#39;s '
        "driver announced Cash and cannot contra it himself"
    )
    row = html.split('data-prefix="announcements-0"')[1].split("</fieldset>\n")[0]
    for part in (
        '<legend class="h6 mb-0">Announcement <span class="row-number">1</span>',
        '<div class="feast-picker" data-feast-picker><label class="form-label" '
        'for="id_announcements-0-feast" id="id_announcements-0-feast-label">',
        '<div class="sheet-field sheet-field-radioselect announcer-field">',
        'data-param="made"><fieldset aria-describedby="err-announcements-0-made">',
        '<div class="toggle-group"><input class="btn-check" '
        'id="id_announcements-0-made_0" name="announcements-0-made" type="radio" '
        'value="yes" checked>',
        'data-param="message-note" hidden>A message is always made and cannot be '
        "contra&#39;d (R6).</p>",
    ):
        assert part in row, part
