"""The live event day: every public match of a day with line-ups, hand
scores and running totals, the event's standings as they stand; a poll that costs
one query while nothing changed and brings the new board once a hand is saved."""

from __future__ import annotations

import datetime as dt
import re
import time

import pytest
from django.utils import timezone

from competitions.models import (
    Competition,
    CupRegistration,
    GrandPrixEntry,
    JuryApproval,
    Lineup,
    Match,
    MatchResult,
)
from competitions.services.cup.ties import cup_match_schedule
from competitions.services.lineups import lineup_set
from competitions.services.matches import match_cut_set
from scoring.services.hands import hand_save
from tests.competitions.kit import drawn_cup, play, tie_at
from tests.factories import (
    CompetitionFactory,
    MatchFactory,
    UserFactory,
    ready_match,
    roster,
    team_with_roster,
)
from tests.scoring.kit import hand
from tests.stats.kit import DAY

pytestmark = pytest.mark.django_db

URL = f"/live/{DAY.isoformat()}/"


def version(html: str) -> str:
    found = re.search(
        r'hx-get="[^"]*/board/\?(?:projector=1&amp;)?v=([0-9a-f]+)&amp;lang=\w+"', html
    )
    assert found, "the board polls its own address with its version"
    return found.group(1)


def card(html: str, match: Match) -> str:
    """The HTML of one match's card on the board."""
    start = html.index(f'data-match="{match.pk}"')
    end = html.find("</article>", start)
    return html[start:end]


def running(card_html: str, number: int) -> tuple[int, ...]:
    row = re.search(rf'data-hand="{number}"[^>]*>(.*?)</tr>', card_html, re.S).group(1)
    mark = r"<span[^>]*>▲<span[^>]*>[^<]*</span></span> "  # the attack's mark (R3)
    cells = re.findall(rf"<td[^>]*>(?:{mark})?(-?\d+)</td>", row)
    return tuple(int(cell) for cell in cells)


def test_the_day_shows_each_match_with_lineups_hands_and_running_totals(client, kit):
    html = client.get(URL).content.decode()
    first, second, in_play = kit.matches
    # Match 1 (kit): Kisfaludy 95 70 95 90 120 90 95 100, Dunakeszi 70 75 90
    # 85 90 75 90 55: after hand 2 the totals are 165 and 145; after hand 8, 755 and
    # 630, and the match points 94 and 78 (R11).
    one = card(html, first)
    assert "driver Anna, catcher Ákos" in one
    assert running(one, 2) == (70, 165, 75, 145)
    assert running(one, 8) == (100, 755, 55, 630)
    assert "94 match points" in one
    assert "78 match points" in one
    # Gödöllő's substitute played catcher (R15): the line-up says so.
    assert "driver Csaba, catcher Dénes" in card(html, second)
    # In play: Dunakeszi attacks hand 1 (75 to Gödöllő's 90), Gödöllő hand 2.
    live = card(html, in_play)
    assert "hand 2 of 8" in live
    assert running(live, 1) == (75, 75, 90, 90)
    assert running(live, 2) == (90, 165, 75, 165)
    assert "match point" not in live
    # What is being played comes first.
    assert html.index(f'data-match="{in_play.pk}"') < html.index(
        f'data-match="{first.pk}"'
    )


def test_r15_a_match_not_in_public_shows_only_once_the_jury_approved_it(client, kit):
    hidden = MatchFactory(
        competition=kit.matches[0].competition, date=DAY, public=False
    )
    void = MatchFactory(
        competition=kit.matches[0].competition, date=DAY, status=Match.Status.VOID
    )
    html = client.get(URL).content.decode()
    assert f'data-match="{hidden.pk}"' not in html
    assert f'data-match="{void.pk}"' not in html
    JuryApproval.objects.create(
        match=hidden, approved_by=kit.official, approved_at=timezone.now()
    )
    assert f'data-match="{hidden.pk}"' in client.get(URL).content.decode()


def test_the_poll_costs_one_query_until_a_hand_is_saved(
    client, kit, django_assert_max_num_queries
):
    current = version(client.get(URL).content.decode())
    board = f"{URL}board/"
    with django_assert_max_num_queries(1):
        unchanged = client.get(board, {"v": current})
    assert unchanged.status_code == 204
    assert unchanged["ETag"] == f'"{current}"'
    conditional = client.get(board, HTTP_IF_NONE_MATCH=f'"{current}"')
    assert conditional.status_code == 304

    in_play = kit.matches[2]
    hand_save(match=in_play, number=3, record=hand(), user=kit.referee)
    changed = client.get(board, {"v": current})
    assert changed.status_code == 200
    html = changed.content.decode()
    assert version(html) != current
    # Hand 3: Dunakeszi attacks again, 75 to 90: totals 240 and 255.
    assert running(card(html, in_play), 3) == (75, 240, 90, 255)
    assert client.get(board, {"v": version(html)}).status_code == 204


def test_the_board_reads_the_same_few_queries_whatever_the_day_holds(
    client, kit, django_assert_max_num_queries
):
    for _ in range(4):
        match = ready_match(competition=kit.matches[0].competition, date=DAY)
        hand_save(match=match, number=1, record=hand(), user=match.referee)
    with django_assert_max_num_queries(10):
        assert client.get(URL).status_code == 200
    with django_assert_max_num_queries(3):  # mark, and the two neighbouring days
        assert client.get(URL).status_code == 200


def _grand_prix_day():
    """A Grand Prix: round 1 (Ács–Bakony) completed on day 1, round 2 (Ács–Csepel)
    in play on day 2 with two plain hands; Dorog entered, not yet played."""
    event = CompetitionFactory(kind=Competition.Kind.GRAND_PRIX, name="Téli GP")
    season = event.season
    teams = [
        team_with_roster(season, name=name)
        for name in ("Ács", "Bakony", "Csepel", "Dorog")
    ]
    for team in teams:
        GrandPrixEntry.objects.create(competition=event, team=team)
    referee = UserFactory(roles=["Referee"])
    day1, day2 = dt.date(2026, 4, 18), dt.date(2026, 4, 19)
    matches = []
    for (a, b), day, hands in (((0, 1), day1, 8), ((0, 2), day2, 2)):
        match = Match.objects.create(
            competition=event,
            team_a=teams[a],
            team_b=teams[b],
            date=day,
            round=len(matches) + 1,
            referee=referee,
            first_attack=teams[a],
        )
        for team in match.teams:
            players = roster(team, season)
            Lineup.objects.create(
                match=match,
                team=team,
                driver=players["driver"],
                catcher=players["catcher"],
            )
        for number in range(1, hands + 1):
            hand_save(match=match, number=number, record=hand(), user=referee)
        matches.append(match)
    return event, teams, matches, day2


def test_r15_grand_prix_totals_so_far_are_the_raw_hand_sums(client):
    _event, _teams, _matches, day = _grand_prix_day()
    html = client.get(f"/live/{day.isoformat()}/").content.decode()
    table = html[html.index("Grand Prix totals so far") :]
    rows = re.findall(
        r'<td class="rank">(\d+=?)</td><td class="live-totals-team">([^<]+) '
        r'<span class="live-totals-hands">(\d+) hands?</span></td>'
        r'<td class="text-end fw-semibold live-totals-total"[^>]*>(\d+)</td>',
        table,
    )
    # A plain hand scores 75 in attack and 90 in defence (kit's docstring).
    # Ács: 8 hands of round 1 (4 × 75 + 4 × 90 = 660) + 75 + 90 = 825 in 10 hands;
    # Bakony 660 in 8; Csepel 90 + 75 = 165 in 2; Dorog nothing yet.
    assert rows[:4] == [
        ("1", "Ács", "10", "825"),
        ("2", "Bakony", "8", "660"),
        ("3", "Csepel", "2", "165"),
        ("4", "Dorog", "0", "0"),
    ]


def test_r15_a_cup_tie_shows_its_points_so_far(client):
    cup = drawn_cup()
    tie = tie_at(cup, 1, 1)
    completed = play(tie)
    in_play = cup_match_schedule(
        tie=tie, date=completed.date, referee=completed.referee
    )
    for team in in_play.teams:
        registration = CupRegistration.objects.get(competition=cup, team=team)
        lineup_set(
            match=in_play,
            team=team,
            driver=registration.driver,
            catcher=registration.catcher,
        )
    match_cut_set(match=in_play, first_attack=in_play.team_a)
    hand_save(match=in_play, number=1, record=hand(), user=completed.referee)
    points = dict(
        MatchResult.objects.filter(match=completed).values_list("team_id", "points")
    )
    html = client.get(f"/live/{completed.date.isoformat()}/").content.decode()
    expected = (
        f"{tie.team_a.name} {points[tie.team_a_id]} : "
        f"{points[tie.team_b_id]} {tie.team_b.name}"
    )
    assert expected in html
    assert "1 of 3 matches completed" in html
    assert running(card(html, in_play), 1) == (75, 75, 90, 90)


@pytest.mark.parametrize("day", ["2026-02-30", "tomorrow", "2026-W16-6", "20260418"])
def test_a_bad_date_is_a_404(client, day):
    assert client.get(f"/live/{day}/").status_code == 404
    assert client.get(f"/live/{day}/board/").status_code == 404


def test_live_leads_to_today(client):
    response = client.get("/live/")
    assert response.status_code == 302
    assert response["Location"] == f"/live/{timezone.localdate().isoformat()}/"


def test_an_empty_day_says_so_and_links_the_days_around_it(client, kit):
    html = client.get("/live/2026-03-20/").content.decode()
    assert "No public match on this day." in html
    assert f'href="/live/{DAY.isoformat()}/" rel="prev"' in html


def test_projector_mode_shows_one_match_at_a_time_with_a_static_script(client, kit):
    for url in (f"{URL}projector/", f"{URL}?projector=1"):
        html = client.get(url).content.decode()
        assert 'class="projector"' in html
        assert 'data-cycle="12"' in html
        assert "/static/stats/live.js" in html
        assert html.count('class="projector-match"') == 3
        assert "projector=1&amp;v=" in html  # it polls its own variant


def test_hungarian_live_page(client, kit):
    html = client.get(URL, HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert "Élőben:" in html
    assert "Kivetítő mód" in html
    assert "2/8. leosztás" in html


def _poll_address(html: str) -> str:
    return (
        re.search(r'hx-get="([^"]*/board/[^"]*)"', html).group(1).replace("&amp;", "&")
    )


def test_the_poll_address_names_the_pages_language(client, kit):
    """Everything an answer depends on is in its address, so the front may share it:
    a Hungarian page polls in Hungarian whatever the poll's own headers say."""
    page = client.get(URL, HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    address = _poll_address(page)
    assert address.endswith("&lang=hu")
    hand_save(match=kit.matches[2], number=3, record=hand(), user=kit.referee)
    answer = client.get(address, HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 200
    assert "leosztás" in answer.content.decode()
    assert _poll_address(answer.content.decode()).endswith("&lang=hu")
    english = client.get(address.replace("lang=hu", "lang=en")).content.decode()
    assert "leosztás" not in english
    assert "lang=en" in _poll_address(english)


def test_an_unknown_poll_language_falls_back_to_the_requests(client, kit):
    answer = client.get(f"{URL}board/", {"lang": "xx"}, HTTP_ACCEPT_LANGUAGE="hu")
    assert "&amp;lang=hu" in answer.content.decode()


def test_an_anonymous_poll_may_be_shared_to_the_end_of_its_second(client, kit):
    before = int(time.time())
    answer = client.get(f"{URL}board/", {"v": "old", "lang": "en"})
    stamp = int(answer["X-Accel-Expires"].removeprefix("@"))
    assert before <= stamp <= int(time.time())
    assert answer["Cache-Control"] == "public, max-age=0, s-maxage=1"


def test_a_signed_in_viewers_poll_is_never_shared(client, kit):
    client.force_login(UserFactory())
    answer = client.get(f"{URL}board/", {"v": "old", "lang": "en"})
    assert answer.status_code == 200
    assert "X-Accel-Expires" not in answer
    assert "private" in answer["Cache-Control"]
    assert "no-store" in answer["Cache-Control"]
    assert "public" not in answer["Cache-Control"]


@pytest.mark.parametrize("address", [URL, f"{URL}projector/"])
def test_without_javascript_the_page_reloads_itself(client, kit, address):
    html = client.get(address).content.decode()
    assert '<noscript><meta http-equiv="refresh" content="30"></noscript>' in html


def test_the_anonymous_live_page_holds_nothing_of_its_reader(client, kit):
    """The same page for every anonymous reader: no token, no cookie, so the front
    shares it (core.shared_pages) as it shares the board's poll."""
    answer = client.get(URL, HTTP_ACCEPT_LANGUAGE="hu")
    html = answer.content.decode()
    assert "csrf" not in html.lower()
    assert not answer.cookies
    assert "X-Accel-Expires" in answer
    assert "Kisfaludy" in html  # the board itself is in the page


def test_a_signed_in_viewers_live_page_is_never_shared(client, kit):
    client.force_login(UserFactory())
    answer = client.get(URL)
    assert "X-Accel-Expires" not in answer
    assert "X-CSRFToken" in answer.content.decode()
