"""An official's season through the workspace only (never ``/admin/``), on the
demo federation with the demo's accounts, at a desk (1366×768) in Hungarian:
the 2027 season created, five players registered, two teams with their rosters
(driver, catcher, a substitute), the season's referee pool, a fixtures file with a
bad line first (the problem read, the file fixed and uploaded again), a match
moved and another voided with a reason, and the demo captain's dispute resolved
by a correction with a reason. Every step's stored records are read back and
compared with what was typed; the histories are read on the pages."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import Page, expect

from tests.journeys.browsing import DESKTOP, Watched, hu
from tests.journeys.federations import DEMO_PASSWORD, demo_federation
from tests.journeys.referee import toggle_to

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

YEAR = 2027
MEETING = dt.date(YEAR, 1, 16)
PLAYERS = {  # name: (federation number, club)
    "Bódi Gáspár": ("H27001", "Eger"),
    "Csiki Hanna": ("H27002", "Eger"),
    "Dobos Ilona": ("H27003", "Eger"),
    "Erdei János": ("H27004", "Balatonfüred"),
    "Fenyő Kornél": ("H27005", "Balatonfüred"),
}
TEAMS = {  # name: (club, {role: player})
    "Egri Csillagok": (
        "Eger",
        {
            "driver": "Bódi Gáspár",
            "catcher": "Csiki Hanna",
            "substitute": "Dobos Ilona",
        },
    ),
    "Füredi Vitorlások": (
        "Balatonfüred",
        {"driver": "Erdei János", "catcher": "Fenyő Kornél"},
    ),
}
HEADER = "date,time,team_a,team_b,venue,public,referee\n"
ROWS = (
    "2027-03-13,18:00,Egri Csillagok,Füredi Vitorlások,Eger,yes,referee\n",
    "2027-04-17,10:00,Füredi Vitorlások,Egri Csillagok,Balatonfüred,yes,referee\n",
)
BAD = ROWS[0] + ROWS[1].replace("Egri Csillagok", "Egri Csilagok")
MOVE = {"date": "2027-03-20", "time": "17:30", "venue": "Eger, Dobó tér 1."}
MOVE_WHY = "A terem március 13-án foglalt."
VOID_WHY = "A Füredi Vitorlások visszaléptek a tavaszi fordulótól."
FIX_WHY = (
    "A 6. leosztásban a fogó (Kovács Ildikó) ultimója teljesült; kimaradt a lapról."
)


def _menu(official: Watched, path: str) -> Page:
    """Follow the workspace's menu (the one shown at a desk) to ``path``."""
    page = official.page
    if not page.locator(f"nav a[href='{path}']:visible").count():
        official.go("/officials/")  # the workspace's home, where the menu is
    official.submit(page.locator(f"nav a[href='{path}']:visible").first)
    return page


def _season(official: Watched) -> None:
    page = _menu(official, "/officials/seasons/")
    page.fill("#id_new-year", str(YEAR))
    page.fill("#id_new-annual_meeting", MEETING.isoformat())
    official.submit(page.get_by_role("button", name=hu("Create the season")))
    expect(page).to_have_url(f"{official.base}/officials/seasons/{YEAR}/")
    from competitions.models import Competition, Season

    season = Season.objects.get(year=YEAR)
    assert season.annual_meeting == MEETING
    assert Competition.objects.filter(season=season, kind="championship").count() == 1


def _players(official: Watched) -> None:
    page = _menu(official, "/officials/players/")
    for name, (number, club) in PLAYERS.items():
        page.fill("#id_new-name", name)
        page.fill("#id_new-federation_number", number)
        page.fill("#id_new-club", club)
        official.submit(page.get_by_role("button", name=hu("Register")))
        expect(page.locator(".alert-success")).to_contain_text(number)
    from competitions.models import Player

    stored = Player.objects.filter(name__in=PLAYERS).values_list(
        "name", "federation_number", "club"
    )
    assert {name: (n, c) for name, n, c in stored} == PLAYERS


def _teams(official: Watched) -> None:
    page = official.page
    official.go(f"/officials/seasons/{YEAR}/")
    official.submit(page.locator(f"main a[href='/officials/teams/{YEAR}/']"))
    for name, (club, roster) in TEAMS.items():
        page.fill("#id_new-name", name)
        page.fill("#id_new-club", club)
        official.submit(page.get_by_role("button", name=hu("Create")))
        expect(page.locator("h1")).to_contain_text(name)
        for role, player in roster.items():
            page.select_option("#id_place-role", role)
            page.fill("#id_place-player", f"{player} ({PLAYERS[player][0]})")
            official.submit(page.get_by_role("button", name=hu("Save the place")))
            expect(page.locator(".alert-success")).to_contain_text(player)
        official.submit(page.locator(f"main a[href='/officials/teams/{YEAR}/']"))
    from competitions.models import Membership

    stored: dict[str, tuple[str, dict[str, str]]] = {}
    for row in Membership.objects.filter(season__year=YEAR).select_related(
        "team", "player"
    ):
        stored.setdefault(row.team.name, (row.team.club, {}))[1][row.role] = (
            row.player.name
        )
    assert stored == TEAMS


def _referees(official: Watched) -> None:
    page = official.page
    official.go(f"/officials/seasons/{YEAR}/")
    official.submit(page.locator(f"main a[href='/officials/seasons/{YEAR}/referees/']"))
    page.select_option("#id_add-referee", label="Referee Rezső")
    page.fill("#id_add-reason", "A 2026-os keretből.")
    official.submit(page.get_by_role("button", name=hu("Add to the pool")))
    expect(page.locator("[data-testid=referee-pool]")).to_contain_text("Referee Rezső")
    from competitions.models import SeasonReferee

    pool = SeasonReferee.objects.filter(season__year=YEAR)
    assert list(pool.values_list("user__username", flat=True)) == ["referee"]


def _fixtures(official: Watched) -> list[int]:
    """The file with a misspelt team first: nothing stored, the line and column
    named; fixed and uploaded again."""
    page = _menu(official, "/officials/schedule/")
    official.submit(
        page.locator("main a", has_text=hu("Team Championship")).filter(
            has_text=str(YEAR)
        )
    )
    upload = page.get_by_role("button", name=hu("Schedule the file's matches"))
    page.set_input_files("#id_file", files=[_csv("sorsolas.csv", HEADER + BAD)])
    official.refused(upload)
    problems = page.locator("[data-testid=fixture-errors] li")
    expect(problems).to_have_count(1)
    expect(problems).to_contain_text("Egri Csilagok")
    expect(problems).to_contain_text("3")  # the file's line
    expect(problems).to_contain_text("team_b")
    from competitions.models import Match

    matches = Match.objects.filter(competition__season__year=YEAR)
    assert not matches.exists()
    page.set_input_files(
        "#id_file", files=[_csv("sorsolas.csv", HEADER + "".join(ROWS))]
    )
    official.submit(upload)
    expect(page.locator(".alert-success")).to_be_visible()
    stored = [
        (
            m.date.isoformat(),
            m.time.strftime("%H:%M"),
            m.team_a.name,
            m.team_b.name,
            m.venue,
            m.public,
            m.referee.get_username(),
            m.status,
        )
        for m in matches.select_related("team_a", "team_b", "referee").order_by("date")
    ]
    typed = [row.strip().split(",") for row in ROWS]
    assert stored == [(*r[:5], True, r[6], "scheduled") for r in typed]
    return list(matches.order_by("date").values_list("pk", flat=True))


def _csv(name: str, text: str) -> dict[str, object]:
    return {"name": name, "mimeType": "text/csv", "buffer": text.encode("utf-8")}


def _move_and_void(official: Watched, first: int, second: int) -> None:
    page = _menu(official, "/officials/schedule/")
    page.fill("#id_date_from", f"{YEAR}-01-01")
    official.submit(page.get_by_role("button", name=hu("Filter")))
    official.submit(page.locator(f"a[href='/officials/schedule/matches/{first}/']"))
    expect(page.locator("#id_move_date")).to_have_value("2027-03-13")
    for field, value in MOVE.items():
        page.fill(f"#id_move_{field}", value)
    page.fill("#id_move_reason", MOVE_WHY)
    official.submit(page.get_by_role("button", name=hu("Move the match")))
    history = page.locator("main ul.list-unstyled li")
    expect(history.filter(has_text=MOVE_WHY)).to_have_count(1)
    official.go(f"/officials/schedule/matches/{second}/")
    page.fill("#id_void_reason", VOID_WHY)
    official.submit(page.get_by_role("button", name=hu("Void the match")))
    expect(page.locator("[data-testid=match-status]")).to_have_text(hu("void"))
    expect(history.filter(has_text=VOID_WHY)).to_have_count(1)
    from competitions.models import Match

    moved, voided = Match.objects.get(pk=first), Match.objects.get(pk=second)
    assert (moved.date.isoformat(), moved.time.strftime("%H:%M"), moved.venue) == (
        MOVE["date"],
        MOVE["time"],
        MOVE["venue"],
    )
    assert moved.status == "scheduled"
    assert voided.status == "void"


def _dispute(official: Watched) -> None:
    """The demo captain's dispute: hand 6's ultimo of their catcher is missing
    from the sheet; added (made), with the reason that resolves the dispute."""
    from competitions.models import MatchResult

    disputed = MatchResult.objects.get(answer="disputed")
    match = disputed.match_id
    page = _menu(official, "/officials/disputes/")
    card = page.locator("[data-testid=dispute]")
    expect(card).to_contain_text(disputed.answer_note)
    official.submit(card.locator(f"a[href='/referee/matches/{match}/']").last)
    official.submit(page.locator(f"a[href='/referee/matches/{match}/hands/6/']"))
    total = page.locator("#id_announcements-TOTAL_FORMS")
    row = int(total.input_value())
    page.locator("#add-announcement").click()
    expect(total).to_have_value(str(row + 1))
    prefix = f"#id_announcements-{row}"
    page.fill(f"{prefix}-feast-search", "ultimo")
    page.locator(f"{prefix}-feast-opt-last_day_of_month").click()
    toggle_to(page, f"id_announcements-{row}-announcer_3", tap=False)
    page.locator(f"{prefix}-card0").select_option("I")
    toggle_to(page, f"id_announcements-{row}-made_0", tap=False)
    page.fill("#id_reason", FIX_WHY)
    page.locator("#id_resolve_dispute").check()
    expect(page.locator(".verdict-ok")).to_be_visible()
    official.submit(page.locator("#save-hand"))
    expect(page.locator(".alert-success")).to_be_visible()
    history = page.locator("table.history tbody tr")
    # The hand's correction with its reason, each team's result resolved with it.
    expect(history.filter(has_text=FIX_WHY)).to_have_count(3)
    expect(
        history.filter(has_text=hu("Resolution: %(note)s", note=FIX_WHY))
    ).to_have_count(2)
    from scoring.models import Hand

    hand = Hand.objects.get(match_id=match, number=6)
    assert hand.record["announcements"][-1] == {
        "feast": "last_day_of_month",
        "team": "defence",
        "by": "catcher",
        "cards": ["I"],
        "made": True,
    }
    assert hand.version == 2
    rows = MatchResult.objects.filter(match_id=match)
    assert {(r.answer, r.resolution_note, r.resolved_by.username) for r in rows} == {
        ("resolved", FIX_WHY, "official")
    }


def test_an_officials_season_through_the_workspace_only_R15(live_server, browser):
    demo_federation()
    context = browser.new_context(**DESKTOP)
    try:
        official = Watched(context, live_server.url)
        official.sign_in("official", DEMO_PASSWORD)
        expect(official.page).to_have_url(f"{live_server.url}/officials/")  # landed
        for step in (_season, _players, _teams, _referees):
            step(official)
        first, second = _fixtures(official)
        _move_and_void(official, first, second)
        _dispute(official)
        visited = [url for url in official.visited if "/admin/" in url]
        assert visited == []
        assert official.problems == [], official.problems
    finally:
        context.close()
