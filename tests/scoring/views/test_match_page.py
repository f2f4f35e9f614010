"""The match page: score sheet with running totals (R3), line-ups (R15), the cut,
completion and match points (R11), corrections with a reason, history, uploads and
downloads of match records; a bounded number of SQL queries."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from competitions.models import Lineup, Match, MatchResult
from competitions.selectors.matches import match_as_record
from competitions.services.matches import match_complete
from competitions.services.results import result_answer
from scoring.engine import score_match_record
from scoring.models import Hand
from scoring.services.hands import hand_save
from tarokk_admin.core.roles import Role
from tests.factories import (
    MatchFactory,
    PlayerFactory,
    UserFactory,
    captain_of,
    sheet,
)
from tests.scoring.kit import hand_post

pytestmark = pytest.mark.django_db


def page(match):
    return f"/referee/matches/{match.pk}/"


def fill(match, upto=None, user=None):
    for number in range(1, (upto or match.hands_expected) + 1):
        hand_save(
            match=match, number=number, record=sheet(number), user=user or match.referee
        )


def test_score_sheet_rows_alternate_the_attack_and_run_the_totals_R3(client, match):
    fill(match, upto=3)
    client.force_login(match.referee)
    response = client.get(page(match))
    rows = response.context["rows"]
    assert [row.attack for row in rows] == [match.team_a, match.team_b] * 4
    running = [0, 0]
    for row in rows[:3]:
        running = [running[0] + row.scores[0], running[1] + row.scores[1]]
        assert list(row.running) == running
    assert response.context["totals"] == running
    assert rows[3].hand is None
    assert "not entered" in response.content.decode()
    assert "Complete match" not in response.content.decode()


def test_completing_shows_the_match_points_and_locks_the_hands_R11(client, match):
    fill(match)
    client.force_login(match.referee)
    assert "Complete match" in client.get(page(match)).content.decode()
    response = client.post(page(match) + "complete/", follow=True)
    html = response.content.decode()
    expected = score_match_record(match_as_record(match))["teams"]
    for team in match.teams:
        assert (
            f'<span class="match-points">{expected[team.name]["points"]}</span>' in html
        )
    assert "The match is completed." in html
    assert client.get(page(match) + "hands/1/").status_code == 403


def test_completing_too_early_says_which_hands_are_missing(client, match):
    fill(match, upto=6)
    client.force_login(match.referee)
    response = client.post(page(match) + "complete/", follow=True)
    assert "enter hand(s) 7, 8 first" in response.content.decode()
    assert Match.objects.get(pk=match.pk).status == Match.Status.IN_PLAY


def test_an_officials_correction_needs_a_reason_and_shows_in_the_history(client, match):
    fill(match)
    match_complete(match=match, user=match.referee)
    official = UserFactory(username="foti", roles=[Role.OFFICIAL])
    client.force_login(official)
    hand = Hand.objects.get(match=match, number=2)
    data = hand_post(sheet(20), version=hand.version)
    response = client.post(page(match) + "hands/2/", data)
    assert "a correction needs a reason" in response.content.decode()
    assert Hand.objects.get(pk=hand.pk).version == hand.version

    data["reason"] = "Wrong honours on the sheet"
    assert client.post(page(match) + "hands/2/", data).status_code == 302
    html = client.get(page(match)).content.decode()
    assert "Change history" in html
    assert "Wrong honours on the sheet" in html
    assert "foti" in html
    assert "Hand 2" in html


def test_the_history_is_only_for_officials(client, match):
    fill(match, upto=1)
    client.force_login(match.referee)
    assert "Change history" not in client.get(page(match)).content.decode()


def test_a_disputed_result_is_listed_for_officials(client, match):
    fill(match)
    match_complete(match=match, user=match.referee)
    captain = captain_of(match.team_b, match.competition.season_id)
    result_answer(
        match=match,
        team=match.team_b,
        user=captain,
        confirm=False,
        note="Hand 4 is 10 short",
    )
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    html = client.get(page(match)).content.decode()
    assert "Dispute:" in html
    assert "Hand 4 is 10 short" in html


def test_jury_approval_missing_is_said_and_blocks_the_hands_R15(client, match):
    Match.objects.filter(pk=match.pk).update(public=False)
    client.force_login(match.referee)
    html = client.get(page(match)).content.decode()
    assert (
        "needs a jury approval recorded before it starts, because it is not played in public (R15)"
        in html
    )
    assert "None is recorded yet." in html


def test_a_lineup_breaking_R15_is_refused_on_its_field(client, match):
    Lineup.objects.filter(match=match).delete()
    client.force_login(match.referee)
    team = match.team_a
    html = client.get(page(match)).content.decode()
    # Set-up first: the line-up forms come before the score sheet.
    assert html.index("lineup-form") < html.index('id="sheet-title"')
    stranger = PlayerFactory()
    # Only the season's members are offered; a forged choice is refused by the form.
    response = client.post(
        page(match) + f"lineup/{team.pk}/",
        {
            f"lineup{team.pk}-driver": stranger.pk,
            f"lineup{team.pk}-catcher": stranger.pk,
        },
    )
    assert "Select a valid choice" in response.content.decode()
    members = set(response.context["lineup_forms"][0][1].fields["driver"].choices)
    assert len(members) == 3  # blank + driver + catcher of the season
    # The team's catcher as driver: refused by lineup_set (R15) on the driver field.
    from tests.factories import roster

    players = roster(team, match.competition.season)
    response = client.post(
        page(match) + f"lineup/{team.pk}/",
        {
            f"lineup{team.pk}-driver": players["catcher"].pk,
            f"lineup{team.pk}-catcher": players["driver"].pk,
        },
    )
    assert (
        "is the team&#x27;s catcher and cannot play driver (R15)"
        in response.content.decode()
    )
    assert not Lineup.objects.filter(match=match).exists()
    response = client.post(
        page(match) + f"lineup/{team.pk}/",
        {
            f"lineup{team.pk}-driver": players["driver"].pk,
            f"lineup{team.pk}-catcher": players["catcher"].pk,
        },
    )
    assert response.status_code == 302
    assert Lineup.objects.get(match=match, team=team).driver == players["driver"]


def test_the_cut_cannot_change_once_hands_are_in_R3(client, match):
    fill(match, upto=1)
    client.force_login(match.referee)
    response = client.post(page(match) + "cut/", {"first_attack": match.team_b_id})
    assert "The cut cannot change once hands are entered." in response.content.decode()


def test_downloading_gives_the_match_record(client, match):
    fill(match, upto=2)
    client.force_login(match.referee)
    response = client.get(page(match) + "record.json")
    assert response["Content-Disposition"].startswith("attachment;")
    assert json.loads(response.content) == match_as_record(match)


def _match_record(match, seeds=range(1, 9)):
    return {
        "format": "royal-tarokk-match/1",
        "teams": [match.team_a.name, match.team_b.name],
        "first_attack": match.team_a.name,
        "hands": [sheet(seed) for seed in seeds],
    }


def test_uploading_a_match_record_stores_every_hand(client, match):
    client.force_login(match.referee)
    record = _match_record(match)
    response = client.post(page(match) + "upload/", {"text": json.dumps(record)})
    assert response.status_code == 302
    assert [h.record for h in Hand.objects.filter(match=match)] == record["hands"]


def test_a_match_upload_is_all_or_nothing_with_every_error_and_its_path(client, match):
    fill(match, upto=1)
    client.force_login(match.referee)
    record = _match_record(match)
    record["hands"][3] = {**record["hands"][3], "colour": 1}
    record["hands"][6]["attack"] = {**record["hands"][6]["attack"], "trumps": 30}
    record["teams"] = [match.team_a.name, "Somebody"]
    response = client.post(page(match) + "upload/", {"text": json.dumps(record)})
    html = response.content.decode()
    assert "Nothing was stored" in html
    # Listed at the top of the page, hands numbered from 1, the file field focused.
    top = html[html.index('id="form-problems"') : html.index('id="sheet-title"')]
    assert "3 problems to fix" in top
    assert "Hand 4: Unknown key &quot;colour&quot;" in top
    assert "Hand 7: trumps must be between 6 and 16; got 30." in top
    assert "the record names" in top
    assert 'autofocus id="id_file"' in html
    assert [h.record for h in Hand.objects.filter(match=match)] == [sheet(1)]


def _queries(client, url, data=None):
    with CaptureQueriesContext(connection) as ctx:
        response = client.post(url, data) if data else client.get(url)
    assert response.status_code == 200
    return len(ctx.captured_queries)


def test_match_and_hand_pages_run_a_fixed_number_of_queries(
    client, match, django_assert_max_num_queries
):
    """The same count with 1 hand and 8 hands and a long history (officials)."""
    official = UserFactory(roles=[Role.OFFICIAL])
    client.force_login(official)
    counts = []
    for first, upto in ((1, 1), (2, 8)):
        for number in range(first, upto + 1):
            hand_save(match=match, number=number, record=sheet(number), user=official)
        for _ in range(upto):  # history rows grow with every change
            hand = Hand.objects.get(match=match, number=1)
            hand_save(
                match=match,
                number=1,
                record=sheet(1),
                user=official,
                version=hand.version,
            )
        counts.append(
            (
                _queries(client, page(match)),
                _queries(client, page(match) + "hands/2/"),
                _queries(client, page(match) + "hands/2/preview/", hand_post(sheet(2))),
            )
        )
    assert counts[0] == counts[1]
    with django_assert_max_num_queries(20):
        client.get(page(match))
    with django_assert_max_num_queries(10):
        client.get(page(match) + "hands/2/")


def test_jury_lists_matches_waiting_for_approval_and_approves_R15(client, match):
    later = timezone.localdate() + dt.timedelta(days=20)
    waiting = MatchFactory(public=False, date=later)
    early = MatchFactory(public=True, date=dt.date(2026, 1, 5))  # before the meeting
    client.force_login(UserFactory(roles=[Role.JURY]))
    html = client.get("/jury/").content.decode()
    assert f"/jury/matches/{waiting.pk}/approve/" in html
    assert f"/jury/matches/{early.pk}/approve/" in html
    assert f"/jury/matches/{match.pk}/approve/" not in html
    response = client.post(
        f"/jury/matches/{waiting.pk}/approve/", {"note": "Closed room"}, follow=True
    )
    assert "Approval of" in response.content.decode()
    assert waiting.jury_approval.note == "Closed room"
    response = client.post(f"/jury/matches/{early.pk}/approve/", follow=True)
    assert "must be recorded before the match starts (R15)" in response.content.decode()


def test_a_captain_confirms_or_disputes_with_a_required_note(client, match):
    fill(match)
    match_complete(match=match, user=match.referee)
    captain = captain_of(match.team_b, match.competition.season_id)
    client.force_login(captain)
    html = client.get("/captain/").content.decode()
    assert f"/captain/matches/{match.pk}/answer/" in html
    answer = f"/captain/matches/{match.pk}/answer/"
    response = client.post(
        answer, {"team": match.team_b_id, "answer": "dispute"}, follow=True
    )
    assert "Say what is wrong with the result." in response.content.decode()
    client.post(
        answer, {"team": match.team_b_id, "answer": "dispute", "note": "Hand 3"}
    )
    row = MatchResult.objects.get(match=match, team=match.team_b)
    assert (row.answer, row.answer_note) == (MatchResult.Answer.DISPUTED, "Hand 3")
    # Not the captain of team_a: refused.
    response = client.post(answer, {"team": match.team_a_id, "answer": "confirm"})
    assert response.status_code == 403


def test_officials_filter_open_matches_by_competition_and_status(client, match):
    from tests.factories import CompetitionFactory

    cup = CompetitionFactory(kind="cup")
    other = MatchFactory(competition=cup)
    done = MatchFactory(status=Match.Status.COMPLETED)
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    html = client.get("/referee/").content.decode()
    assert f"/referee/matches/{match.pk}/" in html
    assert f"/referee/matches/{other.pk}/" in html
    assert f"/referee/matches/{done.pk}/" not in html
    html = client.get(f"/referee/?competition={cup.pk}").content.decode()
    assert f"/referee/matches/{other.pk}/" in html
    assert f"/referee/matches/{match.pk}/" not in html
    html = client.get("/referee/?status=in_play").content.decode()
    assert f"/referee/matches/{match.pk}/" not in html
    response = client.get("/referee/?competition=nonsense")
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()


def test_a_referee_sees_open_matches_first_then_completed(client, match):
    done = MatchFactory(referee=match.referee, status=Match.Status.COMPLETED)
    client.force_login(match.referee)
    html = client.get("/referee/").content.decode()
    assert html.index(f"/referee/matches/{match.pk}/") < html.index(
        f"/referee/matches/{done.pk}/"
    )
