"""Issue 22's "done when": the federation's whole year from an empty database, in
Hungarian, without ``/admin/``. Only the first official comes from
``manage.py create_official`` (as the README says); then, through the pages: the
official (at a desk) invites a referee, two captains and a jury member (each sets a
password from the e-mailed link), gives their roles with a reason, creates last
year's season, its players and two teams, links the captains' accounts to their
records and makes them captains, puts the referee in the pool and schedules the
match; the referee (on a phone) enters its line-ups, cut and 8 hands
(``plan.HANDS``) and completes it; each captain confirms the result on their own
page; the official closes the championship, records the annual meeting, opens the
year's roll of honour and downloads its PDF. The stored records are read back and
compared with what was typed (R15)."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
from io import StringIO
from typing import Any

import pytest
from django.core import mail
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import Browser, expect

from scoring.engine import score_match_record
from tarokk_admin.core.roles import Role
from tests.browser.test_officials_accounts import LINK, PASSWORD, set_password
from tests.journeys.browsing import DESKTOP, PHONE, Watched, hu
from tests.journeys.plan import HANDS, expected_record
from tests.journeys.referee import Journey
from tests.journeys.seeding import TEAMS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TODAY = timezone.localdate()
YEAR = TODAY.year - 1  # a past year: it can be closed and approved
SEASON_MEETING = dt.date(YEAR, 1, 17)  # the season's meeting (R15's date)
MATCH_DAY = dt.date(YEAR, 3, 14)
APPROVED_ON = min(dt.date(YEAR + 1, 1, 16), TODAY)  # the meeting that approves YEAR
MEETING_NOTE = "Budapest, Tarokk Ház, 42 jelenlévő"
PEOPLE = (  # username (from the e-mail), e-mail, family name, given name, role
    ("rezso", "rezso@example.org", "Bíró", "Rezső", Role.REFEREE),
    ("anna", "anna@example.org", "Kiss", "Anna", Role.TEAM_CAPTAIN),
    ("csaba", "csaba@example.org", "Tóth", "Csaba", Role.TEAM_CAPTAIN),
    ("janos", "janos@example.org", "Zsűri", "János", Role.JURY),
)
PLAYERS = {  # the referee's journey line-ups (referee.Journey): name: number
    "Kiss Anna": "H601",
    "Nagy Béla": "H602",
    "Tóth Csaba": "H603",
    "Gál Gergő": "H604",
}
ROSTERS = {  # team (seeding.TEAMS' names): (driver, catcher, captain's username)
    TEAMS["a"][0]: ("Kiss Anna", "Nagy Béla", "anna"),
    TEAMS["b"][0]: ("Tóth Csaba", "Gál Gergő", "csaba"),
}


def _alert(official: Watched) -> Any:
    return official.page.locator("main .alert-success")


def _accounts(official: Watched, browser: Browser) -> None:
    """Invited by e-mail; each sets a password from the link and signs in; then
    the official gives each their role with a reason."""
    page = official.page
    for _username, email, last, first, _role in PEOPLE:
        official.go("/officials/accounts/invite/")
        page.fill("#id_email", email)
        page.fill("#id_last_name", last)
        page.fill("#id_first_name", first)
        official.submit(page.get_by_role("button", name="Meghívás"))
        expect(_alert(official)).to_contain_text("meghívót kapott")
    invitations = {message.to[0]: message.body for message in mail.outbox}
    assert sorted(invitations) == sorted(p[1] for p in PEOPLE)
    for username, email, *_rest in PEOPLE:
        context = browser.new_context(**PHONE)
        own = Watched(context, official.base)
        set_password(own.page, LINK.search(invitations[email]).group(0))
        own.sign_in(username, PASSWORD)
        assert own.problems == [], own.problems
        context.close()
    for _username, _email, last, first, role in PEOPLE:
        official.go("/officials/accounts/")
        official.submit(page.get_by_role("link", name=f"{last} {first}"))
        page.select_option("#id_grant-role", role.value)
        page.fill("#id_grant-reason", f"{role.label} a {YEAR}-es évre")
        official.submit(page.get_by_role("button", name="Szerep megadása"))
        expect(_alert(official)).to_contain_text("mostantól rendelkezik")


def _season(official: Watched) -> None:
    """Last year's season, its four players, two teams with driver and catcher."""
    page = official.page
    official.go("/officials/seasons/")
    page.fill("#id_new-year", str(YEAR))
    page.fill("#id_new-annual_meeting", SEASON_MEETING.isoformat())
    official.submit(page.get_by_role("button", name=hu("Create the season")))
    expect(page).to_have_url(f"{official.base}/officials/seasons/{YEAR}/")
    for name, number in PLAYERS.items():
        official.go("/officials/players/")
        page.fill("#id_new-name", name)
        page.fill("#id_new-federation_number", number)
        official.submit(page.get_by_role("button", name=hu("Register")))
        expect(_alert(official)).to_contain_text(number)
    for team, (driver, catcher, _captain) in ROSTERS.items():
        official.go(f"/officials/teams/{YEAR}/")
        page.fill("#id_new-name", team)
        official.submit(page.get_by_role("button", name=hu("Create")))
        expect(page.locator("h1")).to_contain_text(team)
        for role, name in (("driver", driver), ("catcher", catcher)):
            page.select_option("#id_place-role", role)
            page.fill("#id_place-player", f"{name} ({PLAYERS[name]})")
            official.submit(page.get_by_role("button", name=hu("Save the place")))
            expect(_alert(official)).to_contain_text(name)


def _captains(official: Watched) -> None:
    """Each captain's account linked to their record, then chosen on the team."""
    page = official.page
    for team, (driver, _catcher, _username) in ROSTERS.items():
        official.go("/officials/accounts/")
        official.submit(page.get_by_role("link", name=driver))
        page.fill("#id_link-player", f"{driver} ({PLAYERS[driver]})")
        official.submit(page.get_by_role("button", name="Kapcsolás", exact=True))
        expect(_alert(official)).to_be_visible()
        official.go(f"/officials/teams/{YEAR}/")
        official.submit(page.locator("main a", has_text=team).first)
        page.select_option("#id_captain-player", label=driver)
        page.fill("#id_captain-reason", "csapatgyűlés")
        official.submit(page.get_by_role("button", name="Kapitánnyá teszem"))
        expect(page.get_by_test_id("team-captain")).to_contain_text(driver)


def _schedule(official: Watched) -> int:
    """The referee in the season's pool, then the match with that referee."""
    page = official.page
    official.go(f"/officials/seasons/{YEAR}/referees/")
    page.select_option("#id_add-referee", label="Bíró Rezső")
    official.submit(page.get_by_role("button", name="Felvétel a keretbe"))
    expect(page.get_by_test_id("referee-pool")).to_contain_text("Bíró Rezső")
    official.go(f"/officials/schedule/?season={YEAR}")
    form = page.locator("section[aria-labelledby=new-title] form")
    form.locator("select[name=competition]").select_option(
        label=f"Csapatbajnokság {YEAR}"
    )
    a, b = ROSTERS
    form.locator("select[name=team_a]").select_option(label=a)
    form.locator("select[name=team_b]").select_option(label=b)
    form.locator("input[name=date]").fill(MATCH_DAY.isoformat())
    form.locator("select[name=referee]").select_option(label="Bíró Rezső")
    official.submit(form.get_by_role("button", name="Kiírás"))
    expect(_alert(official)).to_contain_text(f"{a} – {b}")
    from competitions.models import Match

    return Match.objects.get(competition__season__year=YEAR).pk


def _referee(browser: Browser, base: str, match: int) -> Journey:
    """The referee's match on a phone: line-ups, the cut, 8 hands, completed."""
    from competitions.models import Player, Team

    ids = {
        "match": match,
        "team_a": Team.objects.get(name=TEAMS["a"][0]).pk,
        "team_b": Team.objects.get(name=TEAMS["b"][0]).pk,
        "players": dict(Player.objects.values_list("name", "pk")),
    }
    journey = Journey(browser.new_context(**PHONE), base, ids)
    page = journey.page
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", "rezso")
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.locator("main form button[type=submit]").tap()
    expect(page).to_have_url(f"{base}/referee/")
    with page.expect_navigation():
        page.locator(f"a[href='/referee/matches/{match}/']").first.tap()
    journey.set_up()
    page.locator(f"a[href='{journey.hands}1/']").first.tap()
    for number, plan in enumerate(HANDS, start=1):
        journey.enter_hand(number, plan)
        journey.save(number, plan)
    expect(page.locator("h1")).to_have_text(" – ".join(ROSTERS))
    page.locator(f"a[href='/referee/matches/{match}/complete/']").first.tap()
    expect(page.locator("h1")).to_have_text(hu("Complete the match"))
    with page.expect_navigation():
        page.locator(".complete-confirm button[type=submit]").tap()
    expect(page.locator(".complete-confirm")).to_have_count(0)
    return journey


def _confirm(browser: Browser, base: str, match: int) -> None:
    """Each captain confirms their team's result on their own page."""
    title = " – ".join(ROSTERS)
    for team, (_driver, _catcher, username) in ROSTERS.items():
        context = browser.new_context(**PHONE)
        captain = Watched(context, base)
        captain.sign_in(username, PASSWORD)
        page = captain.page
        expect(page).to_have_url(f"{base}/captain/")
        captain.submit(page.get_by_role("link", name=title))
        expect(page).to_have_url(f"{base}/captain/matches/{match}/")
        form = page.get_by_role("form", name=hu("The answer of %(team)s", team=team))
        captain.submit(form.get_by_role("button", name=hu("Confirm the result")))
        expect(page.locator(".alert-success")).to_be_visible()
        assert captain.problems == [], captain.problems
        context.close()


def _close_and_approve(official: Watched, champion: str) -> int:
    """The championship closed (its champion named), the annual meeting recorded."""
    from competitions.models import Competition

    page = official.page
    championship = Competition.objects.get(season__year=YEAR, kind="championship")
    official.go(f"/officials/seasons/{YEAR}/")
    closing = page.locator(f"#closing-{championship.pk}")
    expect(closing).not_to_contain_text("nyitott")
    official.submit(closing.get_by_role("button"))
    expect(page.locator(f"#closing-{championship.pk}")).to_contain_text("lezárva")
    official.submit(
        page.locator(f"a[href='/officials/seasons/{YEAR}/annual-meeting/']")
    )
    page.fill("#id_meeting-date", APPROVED_ON.isoformat())
    page.fill("#id_meeting-note", MEETING_NOTE)
    official.submit(page.locator("main form button[type=submit]"))
    expect(page.locator("[data-approves]")).to_contain_text("jóváhagyva")
    official.go(f"/championship/{YEAR}/")
    expect(page.locator("[data-closed]")).to_contain_text(f"Bajnok: {champion}")
    return championship.pk


def _honours(official: Watched, champion: str, tmp_path: Any) -> None:
    """The year's roll of honour, reached from the roll of every year; its PDF."""
    page = official.page
    official.go("/honours/")
    official.submit(page.get_by_role("link", name=str(YEAR), exact=True))
    expect(page.locator("h1")).to_have_text(f"Dicsőségtábla {YEAR}")
    expect(page.locator("main")).to_contain_text(champion)
    with page.expect_download() as download_info:
        page.get_by_role("link", name="PDF letöltése (A4)").click()
    path = tmp_path / "dicsosegtabla.pdf"
    download_info.value.save_as(path)
    assert path.read_bytes().startswith(b"%PDF")
    if shutil.which("pdftotext"):
        text = subprocess.run(
            ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
        ).stdout
        assert f"Dicsőségtábla {YEAR}" in text
        assert champion in text


def _read_back(journey: Journey, match: int, championship: int, champion: str):
    """The stored records against what was typed."""
    from django.contrib.auth import get_user_model

    from competitions.models import (
        AccountEvent,
        AnnualMeeting,
        Closing,
        SeasonReferee,
        TeamCaptain,
    )
    from competitions.selectors.honours import honour_roll_year
    from tarokk_admin.core.roles import roles
    from tests.journeys.seeding import stored_match

    users = get_user_model().objects
    olga = users.get(username="olga")
    for username, email, last, first, role in PEOPLE:
        person = users.get(username=username)
        assert (person.email, person.last_name, person.first_name) == (
            email,
            last,
            first,
        )
        assert person.check_password(PASSWORD)
        assert str(role.label) in roles(person)
        event = AccountEvent.objects.get(account=person, kind="role_granted")
        assert (event.by, event.reason) == (olga, f"{role.label} a {YEAR}-es évre")
    assert not users.filter(is_superuser=True).exists()
    captains = TeamCaptain.objects.filter(season__year=YEAR).select_related("team")
    assert {c.team.name: c.user.username for c in captains} == {
        team: username for team, (*_names, username) in ROSTERS.items()
    }
    pool = SeasonReferee.objects.filter(season__year=YEAR)
    assert list(pool.values_list("user__username", flat=True)) == ["rezso"]
    stored = stored_match(match)
    assert stored["status"] == "completed"
    assert stored["first_attack"] == TEAMS["b"][0]
    for number, plan in enumerate(HANDS, start=1):
        assert stored["hands"][str(number)]["record"] == expected_record(plan)
    teams = score_match_record(journey.match_record())["teams"]
    assert {
        name: (r["total"], r["points"], r["answer"], r["by"])
        for name, r in stored["results"].items()
    } == {
        name: (teams[name]["total"], teams[name]["points"], "confirmed", username)
        for name, (*_names, username) in ROSTERS.items()
    }
    kept = Closing.objects.get(competition_id=championship)
    assert kept.closed_by == olga
    assert [row.team_name for row in kept.rows.all() if row.place == 1] == [champion]
    meeting = AnnualMeeting.objects.get(year=YEAR)
    assert (meeting.date, meeting.note, meeting.recorded_by) == (
        APPROVED_ON,
        MEETING_NOTE,
        olga,
    )
    assert list(meeting.closings.all()) == [kept]
    roll = honour_roll_year(YEAR)
    assert roll is not None
    assert [(e.competition, e.name) for e in roll.firsts()] == [
        ("championship", champion)
    ]


def test_r15_the_federations_whole_year_from_an_empty_database_in_hungarian(
    live_server, browser: Browser, tmp_path
):
    from django.contrib.auth.models import Group

    for role in Role:  # a transactional test flushes the migration's groups
        Group.objects.get_or_create(name=role.value)
    base = live_server.url
    out = StringIO()
    call_command(
        "create_official",
        "olga",
        "olga@example.org",
        "--last-name=Oláh",
        "--first-name=Olga",
        f"--site={base}",
        stdout=out,
    )
    context = browser.new_context(**DESKTOP, accept_downloads=True)
    admin: list[str] = []
    try:
        official = Watched(context, base)
        context.on("request", lambda r: admin.append(r.url) if "/admin" in r.url else 0)
        set_password(official.page, LINK.search(out.getvalue()).group(0))
        official.sign_in("olga", PASSWORD)
        _accounts(official, browser)
        _season(official)
        _captains(official)
        match = _schedule(official)
        journey = _referee(browser, base, match)
        _confirm(browser, base, match)
        teams = score_match_record(journey.match_record())["teams"]
        champion = max(ROSTERS, key=lambda name: teams[name]["points"])
        championship = _close_and_approve(official, champion)
        _honours(official, champion, tmp_path)
        assert [url for url in official.visited if "/admin/" in url] == []
        assert admin == []
        assert official.problems == [], official.problems
        assert journey.problems == [], journey.problems
        journey.context.close()
        _read_back(journey, match, championship, champion)
    finally:
        context.close()
