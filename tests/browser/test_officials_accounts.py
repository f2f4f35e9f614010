"""The federation's year without a superuser, in Hungarian at 1366×768: from an
empty database where only the first official exists (``manage.py create_official``),
the official invites a referee, a captain and a jury member (each sets a password
from the e-mailed link and signs in), gives their roles with a reason, creates the
season, players and teams, sets the captain and the referee pool and schedules a
match with that referee — and not one request goes to /admin/. The stored records
are read back and compared with what was typed."""

from __future__ import annotations

import datetime as dt
import re
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core import mail
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from competitions.models import (
    AccountEvent,
    Match,
    Membership,
    SeasonReferee,
    TeamCaptain,
)
from tarokk_admin.core.roles import Role, roles

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1366, "height": 768}
LINK = re.compile(r"https?://\S+?/accounts/reset/\S+/")
PASSWORD = "Kártya-Ász-2026!"
PEOPLE = (
    # username made from the e-mail, e-mail, family name, given name, role
    ("rezso", "rezso@example.org", "Bíró", "Rezső", Role.REFEREE),
    ("kata", "kata@example.org", "Kapitány", "Kata", Role.TEAM_CAPTAIN),
    ("janos", "janos@example.org", "Zsűri", "János", Role.JURY),
)


def hungarian(browser: Browser, problems: list[str]) -> Page:
    context = browser.new_context(
        viewport=DESKTOP, locale="hu-HU", extra_http_headers={"Accept-Language": "hu"}
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))

    def failed(request) -> None:
        # The tab's icon, still loading when a quick form moves on, is dropped by
        # the browser itself on a busy machine: not the page's failure.
        if request.failure == "net::ERR_ABORTED" and "/favicon." in request.url:
            return
        problems.append(f"failed: {request.url} {request.failure}")

    page.on("requestfailed", failed)
    return page


def set_password(page: Page, link: str) -> None:
    page.goto(link)
    expect(page.get_by_role("heading", level=1)).to_have_text("Válasszon jelszót")
    page.fill("#id_new_password1", PASSWORD)
    page.fill("#id_new_password2", PASSWORD)
    page.get_by_role("button", name="Jelszó mentése").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("A jelszava elmentve")


def log_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form").get_by_role("button", name="Bejelentkezés").click()
    expect(page.get_by_role("navigation", name="Főmenü")).to_contain_text(
        f"Bejelentkezve: {username}"
    )


def alert(page: Page):
    return page.locator("main .alert-success")


def test_r15_officials_run_the_year_without_a_superuser_in_hungarian(
    live_server, browser: Browser
):
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
    problems: list[str] = []
    admin: list[str] = []
    page = hungarian(browser, problems)
    page.on("request", lambda r: admin.append(r.url) if "/admin" in r.url else None)
    set_password(page, LINK.search(out.getvalue()).group(0))
    log_in(page, base, "olga")

    # 1. The official invites three people by e-mail.
    for _username, email, last, first, _role in PEOPLE:
        page.goto(f"{base}/officials/accounts/invite/")
        page.fill("#id_email", email)
        page.fill("#id_last_name", last)
        page.fill("#id_first_name", first)
        page.get_by_role("button", name="Meghívás").click()
        expect(alert(page)).to_contain_text("meghívót kapott")
    invitations = {message.to[0]: message.body for message in mail.outbox}
    assert sorted(invitations) == sorted(p[1] for p in PEOPLE)

    # 2. Each sets a password from the link in the e-mail and signs in.
    for username, email, *_rest in PEOPLE:
        own = hungarian(browser, problems)
        set_password(own, LINK.search(invitations[email]).group(0))
        log_in(own, base, username)
        own.context.close()

    # 3. The official gives each their role, with a reason.
    for _username, _email, last, first, role in PEOPLE:
        page.goto(f"{base}/officials/accounts/")
        page.get_by_role("link", name=f"{last} {first}").click()
        page.select_option("#id_grant-role", role.value)
        page.fill("#id_grant-reason", f"{role.label} a 2026-os évre")
        page.get_by_role("button", name="Szerep megadása").click()
        expect(alert(page)).to_contain_text("mostantól rendelkezik")
    page.goto(f"{base}/officials/accounts/?role=Referee")
    expect(page.get_by_test_id("accounts")).to_contain_text("Bíró Rezső")
    expect(page.get_by_test_id("accounts")).not_to_contain_text("Kapitány Kata")

    # 4. The season, its players and two teams with their rosters.
    year = timezone.localdate().year
    page.goto(f"{base}/officials/seasons/")
    page.fill("#id_new-year", str(year))
    page.fill("#id_new-annual_meeting", f"{year}-01-17")
    page.get_by_role("button", name="Az idény létrehozása").click()
    expect(alert(page)).to_be_visible()
    players = (
        ("Kapitány Kata", "H501"),
        ("Fogó Ferenc", "H502"),
        ("Győri Gábor", "H503"),
        ("Csonka Csaba", "H504"),
    )
    for name, number in players:
        page.goto(f"{base}/officials/players/")
        page.fill("#id_new-name", name)
        page.fill("#id_new-federation_number", number)
        page.get_by_role("button", name="Nyilvántartásba vétel").click()
        expect(alert(page)).to_contain_text(number)
    team_urls = []
    for team, driver, catcher in (
        ("Kecskeméti Királyok", players[0], players[1]),
        ("Győri Huszárok", players[2], players[3]),
    ):
        page.goto(f"{base}/officials/teams/{year}/")
        page.fill("#id_new-name", team)
        page.get_by_role("button", name="Létrehozás").click()
        expect(page.get_by_role("heading", level=1)).to_contain_text(team)
        team_urls.append(page.url)
        for role, (name, number) in (("driver", driver), ("catcher", catcher)):
            page.select_option("#id_place-role", role)
            page.fill("#id_place-player", f"{name} ({number})")
            page.get_by_role("button", name="A hely mentése").click()
            expect(alert(page)).to_contain_text(name)

    # 5. The captain: Kata's account linked to her record, then chosen on the team.
    page.goto(f"{base}/officials/accounts/")
    page.get_by_role("link", name="Kapitány Kata").click()
    page.fill("#id_link-player", "Kapitány Kata (H501)")
    page.get_by_role("button", name="Kapcsolás", exact=True).click()
    expect(alert(page)).to_be_visible()
    page.goto(team_urls[0])
    page.select_option("#id_captain-player", label="Kapitány Kata")
    page.fill("#id_captain-reason", "csapatgyűlés")
    page.get_by_role("button", name="Kapitánnyá teszem").click()
    expect(page.get_by_test_id("team-captain")).to_contain_text("Kapitány Kata")

    # 6. The referee pool, then a match scheduled with that referee.
    page.goto(f"{base}/officials/seasons/{year}/referees/")
    page.select_option("#id_add-referee", label="Bíró Rezső")
    page.get_by_role("button", name="Felvétel a keretbe").click()
    expect(page.get_by_test_id("referee-pool")).to_contain_text("Bíró Rezső")
    page.goto(f"{base}/officials/schedule/?season={year}")
    form = page.locator("section[aria-labelledby=new-title] form")
    form.locator("select[name=competition]").select_option(
        label=f"Csapatbajnokság {year}"
    )
    form.locator("select[name=team_a]").select_option(label="Kecskeméti Királyok")
    form.locator("select[name=team_b]").select_option(label="Győri Huszárok")
    day = dt.date(year, 12, 30)
    form.locator("input[name=date]").fill(day.isoformat())
    form.locator("select[name=referee]").select_option(label="Bíró Rezső")
    form.get_by_role("button", name="Kiírás").click()
    expect(alert(page)).to_contain_text("Kecskeméti Királyok – Győri Huszárok")

    # Nothing went through /admin/, nothing failed in the browser.
    assert admin == []
    assert problems == []

    # The stored records, read back.
    users = get_user_model().objects
    rezso, kata, janos = (users.get(username=p[0]) for p in PEOPLE)
    for person, role in ((rezso, "Referee"), (kata, "Team captain"), (janos, "Jury")):
        assert person.check_password(PASSWORD)
        assert role in roles(users.get(pk=person.pk))
        event = AccountEvent.objects.get(account=person, kind="role_granted")
        assert event.by.username == "olga"
        assert event.reason.endswith("a 2026-os évre")
    captain = TeamCaptain.objects.select_related("team", "season").get()
    assert (captain.team.name, captain.season.year, captain.user) == (
        "Kecskeméti Királyok",
        year,
        kata,
    )
    assert captain.history.first().history_change_reason == "csapatgyűlés"
    assert Membership.objects.filter(player__user=kata, role="driver").exists()
    assert list(
        SeasonReferee.objects.filter(season__year=year).values_list("user", flat=True)
    ) == [rezso.pk]
    match = Match.objects.select_related("team_a", "team_b", "referee").get()
    assert (match.team_a.name, match.team_b.name, match.date, match.referee) == (
        "Kecskeméti Királyok",
        "Győri Huszárok",
        day,
        rezso,
    )
    assert not users.filter(is_superuser=True).exists()
