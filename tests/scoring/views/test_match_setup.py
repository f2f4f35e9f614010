"""Set-up first (R3, R15): while a line-up or the cut is missing, the referee's match
page starts with what is missing, above the score sheet; what is set stays beside
the sheet. Every form appears once."""

from __future__ import annotations

import pytest

from competitions.models import Lineup

pytestmark = pytest.mark.django_db


def page_html(client, match) -> str:
    client.force_login(match.referee)
    return client.get(f"/referee/matches/{match.pk}/").content.decode()


def before_sheet(html: str) -> str:
    return html[: html.index('id="sheet-title"')]


def test_missing_line_ups_come_first(client, match):
    Lineup.objects.filter(match=match, team=match.team_b).delete()
    html = page_html(client, match)
    top = before_sheet(html)
    assert f"/lineup/{match.team_b.pk}/" in top
    assert f"/lineup/{match.team_a.pk}/" not in top  # set: beside the sheet
    for team in match.teams:
        assert (
            html.count(f'action="/referee/matches/{match.pk}/lineup/{team.pk}/"') == 1
        )


def test_a_missing_cut_comes_first(client, match):
    match.first_attack = None
    match.save()
    html = page_html(client, match)
    top = before_sheet(html)
    assert "/cut/" in top
    assert "/lineup/" not in top
    assert html.count(f'action="/referee/matches/{match.pk}/cut/"') == 1


def test_a_set_up_match_starts_with_the_sheet(client, match):
    html = page_html(client, match)
    top = before_sheet(html)
    assert "setup-first" not in top
    assert "/lineup/" not in top
    assert "Change the line-ups or the cut" in html


def test_a_refused_cut_is_listed_on_top_with_its_field_focused(client, match):
    match.first_attack = None
    match.save()
    client.force_login(match.referee)
    html = client.post(
        f"/referee/matches/{match.pk}/cut/", {"first_attack": "nonsense"}
    ).content.decode()
    top = before_sheet(html)
    assert 'id="form-problems"' in top
    assert 'href="#id_first_attack_0"' in top
    assert "autofocus" in top
