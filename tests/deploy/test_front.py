"""The front as ``make serve`` starts it: Debian's nginx with the configuration of
``manage.py front_config`` on a port other than 80, a gunicorn behind it, the
production settings. A browser's form passes Django's CSRF origin check (the Host
keeps its port); a 21 MB matches file is imported through it, one over the upload
limit gets the app's sentence and one over the front's limit the front's page of
ours (one number, ``UPLOAD_MAX_MB``); static files come from nginx with long cache
headers for hashed names; 100 slow clients neither stop ``/healthz`` nor a public
page, and are dropped; the live board's poll and the anonymous reader's pages are
shared among anonymous viewers (per language; never a page with a form), never for
a signed-in one; the language switch works through the shared pages.

Runs in CI's second pass or with ``DEPLOY_TESTS=1``; needs Debian's nginx."""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import threading
import time

import pytest

from tests.deploy.stack import Browser, Stack, free_port, needs_nginx
from tests.scoring.services.test_import import entry, matches_file

pytestmark = [
    pytest.mark.slow,
    needs_nginx,
    pytest.mark.skipif(
        not (os.environ.get("REDIS_URL") or os.environ.get("DEPLOY_TESTS")),
        reason="the front's test runs in CI's second pass (REDIS_URL set) or with "
        "DEPLOY_TESTS=1",
    ),
]

UPLOAD_MAX_MB = 24
MB = 1024 * 1024
SLOW_CLIENTS = 100


@pytest.fixture(scope="module")
def site():
    stack = Stack(
        DATABASE_URL="sqlite:////{}/db.sqlite3", UPLOAD_MAX_MB=str(UPLOAD_MAX_MB)
    )
    stack.env["DATABASE_URL"] = f"sqlite:///{stack.directory}/db.sqlite3"
    try:
        stack.build()
        port = free_port()
        stack.gunicorn("gunicorn", port)
        stack.front([port])
        yield stack
    finally:
        stack.stop()


def _official(site: Stack) -> Browser:
    browser = Browser(site.base)
    answer = browser.login(site.seed["official"], site.seed["password"])
    assert answer.status_code == 302, answer.text[:2000]
    return browser


def test_a_browsers_form_passes_the_csrf_origin_check_on_another_port(site):
    """The browser sends Origin http://127.0.0.1:<port>; nginx passes the Host with
    its port, so Django finds them equal (``Host $host`` dropped the port: 403)."""
    browser = Browser(site.base)
    answer = browser.login(site.seed["official"], site.seed["password"])
    assert answer.status_code == 302
    assert browser.page("/officials/import/").status_code == 200
    # The client's address is the one nginx appended (DJANGO_TRUSTED_PROXIES=1).
    assert "127.0.0.1" in site.front_log()


def _matches_file(size: int) -> bytes:
    """A valid matches file of one match, padded with JSON whitespace to ``size``."""
    text = json.dumps(matches_file(entry(7, date="2026-04-11")))
    return (text + " " * (size - len(text))).encode()


def test_a_21_mb_matches_file_is_imported_through_the_front(site):
    browser = _official(site)
    answer = browser.form(
        "/officials/import/",
        {},
        files={"file": ("matches.json", _matches_file(21 * MB), "application/json")},
    )
    assert answer.status_code == 302, answer.text[:2000]
    page = browser.page(answer.headers["Location"]).text
    assert "1 match imported." in page


def test_a_file_over_the_limit_gets_the_apps_sentence(site):
    browser = _official(site)
    size = UPLOAD_MAX_MB * MB + MB // 2  # over the app's limit, within the front's
    answer = browser.form(
        "/officials/import/",
        {},
        files={"file": ("big.json", _matches_file(size), "application/json")},
    )
    assert answer.status_code == 400
    assert f"at most {UPLOAD_MAX_MB} MB can be imported at once" in answer.text


def test_a_body_over_the_fronts_limit_gets_our_page_not_nginxs(site):
    browser = _official(site)
    answer = browser.form(
        "/officials/import/",
        {},
        files={"file": ("big.json", b" " * (UPLOAD_MAX_MB + 2) * MB)},
    )
    assert answer.status_code == 413
    assert f"at most {UPLOAD_MAX_MB} MB in one request" in answer.text
    assert "legfeljebb" in answer.text  # and in Hungarian
    assert "nginx" not in answer.text


def test_static_files_come_from_nginx_with_long_cache_headers(site):
    manifest = json.loads((site.static / "staticfiles.json").read_text())
    hashed = manifest["paths"]["css/tarokk.css"]
    assert re.search(r"\.[0-9a-f]{12}\.css$", hashed)
    browser = Browser(site.base)
    answer = browser.page(f"/static/{hashed}", headers={"Accept-Encoding": "gzip"})
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert answer.headers["Content-Encoding"] == "gzip"  # collectstatic's .gz
    plain = browser.page("/static/css/tarokk.css")
    assert plain.status_code == 200
    assert plain.headers["Cache-Control"] == "public, max-age=60"
    assert "/static/" not in site.log("gunicorn")  # never reached the app


def _slow_client(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    return sock


def _closed(sock: socket.socket) -> bool:
    sock.settimeout(0.05)
    try:
        return sock.recv(1024) == b""
    except TimeoutError:
        return False
    except OSError:
        return True


def test_slow_clients_do_not_stop_the_site_and_are_dropped(site):
    slow = [_slow_client(site.front_port) for _ in range(SLOW_CLIENTS)]
    started = time.monotonic()
    stop = threading.Event()

    def trickle() -> None:  # one more header line every 3 s, never the end
        n = 0
        while not stop.wait(3):
            n += 1
            for sock in slow:
                with contextlib.suppress(OSError):
                    sock.sendall(f"X-Slow-{n}: still here\r\n".encode())

    thread = threading.Thread(target=trickle, daemon=True)
    thread.start()
    browser = Browser(site.base)
    seconds = []
    try:
        while time.monotonic() - started < 8:
            for path in ("/healthz", "/", f"/live/{site.seed['day']}/"):
                began = time.monotonic()
                answer = browser.page(path, timeout=5)
                seconds.append((path, answer.status_code, time.monotonic() - began))
            time.sleep(0.3)
        assert all(status == 200 for _p, status, _s in seconds), seconds
        slowest = max(s for _p, _status, s in seconds)
        assert slowest < 1, seconds
        # nginx drops each after client_header_timeout (10 s).
        deadline = started + 20
        while time.monotonic() < deadline and not all(map(_closed, slow)):
            time.sleep(0.5)
        assert all(map(_closed, slow)), "slow clients still connected after 20 s"
    finally:
        stop.set()
        thread.join(timeout=5)
        for sock in slow:
            sock.close()
    print(
        f"\n{SLOW_CLIENTS} slow clients: {len(seconds)} requests to /healthz, / and "
        f"the live page, slowest {slowest:.3f} s; all dropped after "
        f"{time.monotonic() - started:.1f} s"
    )


def _poll_address(html: str) -> str:
    found = re.search(r'hx-get="([^"]*/board/[^"]*)"', html)
    assert found
    return found.group(1).replace("&amp;", "&")


def test_the_live_boards_poll_is_shared_but_never_a_signed_in_viewers(site):
    day = site.seed["day"]
    viewer = Browser(site.base)
    address = _poll_address(viewer.page(f"/live/{day}/").text)
    first = viewer.page(address)
    again = Browser(site.base).page(address)
    assert first.status_code == again.status_code == 204
    assert again.headers["X-Cache"] in ("HIT", "UPDATING")
    signed_in = _official(site)
    answer = signed_in.page(address.replace("v=", "v=old"))
    assert answer.status_code == 200
    assert answer.headers["X-Cache"] == "BYPASS"
    assert "private" in answer.headers["Cache-Control"]


def _cache(answer) -> str:
    return answer.headers.get("X-Cache", "")


def test_the_anonymous_live_page_is_shared_per_language_never_a_signed_in_one(site):
    """100 arrivals a second cost the app about one render a second per language
    (core.shared_pages): the anonymous page sets no cookie and carries no token, so
    the front gives the next anonymous reader the same copy; a signed-in reader's
    page is always the app's own, and its forms still post."""
    live = f"/live/{site.seed['day']}/"
    hungarian = {"Accept-Language": "hu"}
    first = Browser(site.base).page(live, headers=hungarian)
    again = Browser(site.base).page(live, headers=hungarian)
    assert first.status_code == again.status_code == 200
    assert "Set-Cookie" not in first.headers
    assert "csrf" not in first.text.lower()
    assert _cache(again) in ("HIT", "UPDATING"), again.headers
    assert again.text == first.text
    assert '<html lang="hu">' in again.text
    # Another language is another copy: the key holds what the app's Vary names.
    english = Browser(site.base).page(live, headers={"Accept-Language": "en"})
    assert '<html lang="en">' in english.text
    chosen = Browser(site.base)
    chosen.cookies.set("django_language", "hu")
    assert (
        '<html lang="hu">' in chosen.page(live, headers={"Accept-Language": "en"}).text
    )
    waiting = Browser(site.base)  # a one-time message for this reader: its own page
    waiting.cookies.set("messages", "waiting")
    assert _cache(waiting.page(live, headers=hungarian)) == "BYPASS"

    official = _official(site)
    for _ in range(2):
        own = official.page(live)
        assert own.status_code == 200
        assert _cache(own) == "BYPASS"
        assert "private" in own.headers["Cache-Control"]
        assert "Log out" in own.text
    assert official.form("/accounts/logout/", {}).status_code == 302


def test_the_language_switch_works_through_the_shared_pages(site):
    """No token needed (tarokk_admin/views/language.py); the next page comes in the
    chosen language, from the front's copy of that language or from the app."""
    live = f"/live/{site.seed['day']}/"
    reader = Browser(site.base)
    assert '<html lang="en">' in reader.page(live).text
    for language in ("hu", "en"):
        switched = reader.form("/i18n/setlang/", {"language": language, "next": live})
        assert switched.status_code == 302, switched.text[:500]
        assert switched.headers["Location"] == live
        assert f'<html lang="{language}">' in reader.page(live).text
    assert "csrftoken" not in reader.cookies


def test_a_page_with_a_form_is_never_shared(site):
    """The login page carries a token and sets its cookie: each reader its own."""
    for _ in range(2):
        answer = Browser(site.base).page("/accounts/login/")
        assert answer.status_code == 200
        assert "csrftoken" in answer.cookies
        assert _cache(answer) == "MISS"
