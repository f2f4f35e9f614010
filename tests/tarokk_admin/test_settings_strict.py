"""Every configuration variable is parsed strictly: a bad value stops ``manage.py``,
gunicorn and the Celery worker with one sentence naming the variable and what it
accepts, and never silently means something else (``perhaps`` is not "off")."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from tarokk_admin.config import email_settings
from tarokk_admin.core.environment import Environment
from tests import ROOT

BIN = Path(sys.executable).parent
PRODUCTION = "tarokk_admin.settings.production"
STRONG_SECRET = "x7Gk2-pQ9vR4mZ8tY1wE5nB3cH6jL0sD-aF4uK7iO2pT9rW3eQ8yU1bN6mV5"


def clean_environment(**variables: str) -> dict[str, str]:
    """The test process' environment without any configuration, plus ``variables``."""
    prefixes = ("DJANGO_", "DATABASE_URL", "REDIS_URL", "EMAIL_URL", "WEB_", "BIND")
    env = {k: v for k, v in os.environ.items() if not k.startswith(prefixes)}
    env.update(variables)
    return env


def run(command: list[str], timeout: float = 60, **variables: str):
    return subprocess.run(
        command,
        cwd=ROOT,
        env=clean_environment(**variables),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def configuration_sentences(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "Configuration error" in line]


def assert_stopped_with_one_sentence(result, variable: str, *quoted: str) -> None:
    assert result.returncode != 0
    assert "Traceback" not in result.stderr, result.stderr
    sentences = configuration_sentences(result.stderr)
    assert len(sentences) == 1, result.stderr
    assert variable in sentences[0]
    assert sentences[0].endswith(".")
    for text in quoted:
        assert text in sentences[0]


BAD_VALUES = [
    ("DJANGO_SECURE_HSTS_SECONDS", "abc", "whole number"),
    ("DJANGO_SECURE_HSTS_SECONDS", "-1", "whole number"),
    ("DJANGO_EMAIL_PORT", "abc", "from 1 to 65535"),
    ("EMAIL_URL", "smtp://mail.example:587/?tls=1&ssl=1", "tls=1 or ssl=1"),
    ("DJANGO_EMAIL_PORT", "70000", "from 1 to 65535"),
    ("DJANGO_LOG_LEVEL", "LOUD", "DEBUG, INFO, WARNING"),
    ("DJANGO_SECURE_COOKIES", "perhaps", "true or false"),
    ("DJANGO_SECURE_SSL_REDIRECT", "sometimes", "true or false"),
    ("DJANGO_BEHIND_TLS_PROXY", "2", "true or false"),
    ("DJANGO_DEBUG", "maybe", "true or false"),
    ("DJANGO_ALLOWED_HOSTS", "https://tarokk.example", "host names"),
    ("DJANGO_ALLOWED_HOSTS", " , ", "host names"),
    ("DJANGO_CSRF_TRUSTED_ORIGINS", "tarokk.example", "https://tarokk.example"),
    ("DJANGO_DEFAULT_FROM_EMAIL", "nobody", "e-mail address"),
    ("DJANGO_EMAIL_BACKEND", "smtp please", "dotted Python path"),
    ("EMAIL_URL", "http://mail.example", "smtp+tls://"),
    ("EMAIL_URL", "smtp://:587", "host name"),
    ("DJANGO_TRUSTED_PROXIES", "one", "whole number"),
    ("DJANGO_WORK_SESSION_HOURS", "0", "from 1 to"),
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variable", "value", "accepts"),
    BAD_VALUES,
    ids=[f"{name}={value}" for name, value, _ in BAD_VALUES],
)
def test_bad_value_stops_manage_py_with_one_sentence(variable, value, accepts):
    result = run([sys.executable, "manage.py", "check"], **{variable: value})
    assert_stopped_with_one_sentence(result, variable, repr(value), accepts)


@pytest.mark.slow
def test_email_url_error_hides_the_password():
    result = run(
        [sys.executable, "manage.py", "check"],
        EMAIL_URL="smtp://tarokk:hunter2@mail.example:abc",
    )
    assert_stopped_with_one_sentence(result, "EMAIL_URL")
    assert "hunter2" not in result.stderr


@pytest.mark.slow
def test_email_url_and_the_old_email_variables_together_are_refused():
    result = run(
        [sys.executable, "manage.py", "check"],
        EMAIL_URL="smtp://mail.example:25",
        DJANGO_EMAIL_HOST="other.example",
    )
    assert_stopped_with_one_sentence(result, "EMAIL_URL", "DJANGO_EMAIL_HOST")


@pytest.mark.slow
def test_unknown_settings_module_stops_with_one_sentence():
    result = run(
        [sys.executable, "manage.py", "check"],
        DJANGO_SETTINGS_MODULE="tarokk_admin.settings.staging",
    )
    assert_stopped_with_one_sentence(result, "DJANGO_SETTINGS_MODULE", "staging")


# --- gunicorn and Celery stop in their first process, without respawning ---------------


@pytest.mark.slow
@pytest.mark.parametrize(
    "variables",
    [{}, {"DJANGO_SECRET_KEY": STRONG_SECRET, "DJANGO_LOG_LEVEL": "LOUD"}],
    ids=["no-secret-key", "bad-log-level"],
)
def test_gunicorn_stops_in_the_master_before_any_worker_boots(variables):
    """Without the master loading the settings, each worker died on them and gunicorn
    started another, forever."""
    started = time.monotonic()
    result = run(
        [
            str(BIN / "gunicorn"),
            "--config",
            "gunicorn.conf.py",
            "--bind",
            "127.0.0.1:0",
        ],
        timeout=30,
        **variables,
    )
    assert time.monotonic() - started < 20
    variable = "DJANGO_LOG_LEVEL" if variables else "DJANGO_SECRET_KEY"
    assert_stopped_with_one_sentence(result, variable)
    assert "Booting worker" not in result.stderr


@pytest.mark.slow
def test_gunicorn_refuses_a_bad_thread_count_with_one_sentence():
    result = run(
        [
            str(BIN / "gunicorn"),
            "--config",
            "gunicorn.conf.py",
            "--bind",
            "127.0.0.1:0",
        ],
        timeout=30,
        WEB_THREADS="many",
        DJANGO_SECRET_KEY=STRONG_SECRET,
    )
    assert_stopped_with_one_sentence(result, "WEB_THREADS", "'many'")


@pytest.mark.slow
@pytest.mark.parametrize("program", ["worker", "beat"])
@pytest.mark.parametrize(
    ("variables", "variable"),
    [
        ({}, "DJANGO_SECRET_KEY"),
        (
            {"DJANGO_SECRET_KEY": STRONG_SECRET, "DJANGO_SECURE_COOKIES": "perhaps"},
            "DJANGO_SECURE_COOKIES",
        ),
    ],
    ids=["no-secret-key", "cookies-perhaps"],
)
def test_celery_stops_with_one_sentence(program, variables, variable):
    result = run(
        [str(BIN / "celery"), "-A", "tarokk_admin", program, "--loglevel=INFO"],
        timeout=30,
        **variables,
    )
    assert_stopped_with_one_sentence(result, variable)


# --- Good values: what each reader accepts ----------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [("true", True), ("YES", True), ("1", True), ("on", True), ("false", False),
     ("No", False), ("0", False), ("off", False), ("", True), ("  ", True)],
)  # fmt: skip
def test_flags_take_the_usual_words_and_empty_means_the_default(value, expected):
    assert Environment({"X": value}).flag("X", default=True) is expected


def test_whole_number_limits_are_checked():
    env = Environment({"PORT": "587", "BIG": "70000"})
    assert env.whole("PORT", 25, minimum=1, maximum=65535) == 587
    assert env.whole("UNSET", 25) == 25
    with pytest.raises(ImproperlyConfigured, match=r"^BIG must be a whole number"):
        env.whole("BIG", 25, minimum=1, maximum=65535)


@pytest.mark.parametrize("value", [" , ", ",", ",,, ,"])
def test_allowed_hosts_set_to_no_host_at_all_is_refused(value):
    """Read as an empty list, the site answered every request with a 400."""
    with pytest.raises(
        ImproperlyConfigured,
        match=r"^DJANGO_ALLOWED_HOSTS must be comma-separated host names such as "
        rf"tarokk.example, not {value!r}\.$",
    ):
        Environment({"DJANGO_ALLOWED_HOSTS": value}).hosts(
            "DJANGO_ALLOWED_HOSTS", ["localhost"]
        )


def test_allowed_hosts_unset_or_empty_is_the_default_and_empty_items_are_dropped():
    env = Environment({"EMPTY": "", "HOSTS": "a.example, ,b.example"})
    assert env.hosts("EMPTY", ["localhost"]) == ["localhost"]
    assert env.hosts("UNSET", ["localhost"]) == ["localhost"]
    assert env.hosts("UNSET", []) == []
    assert env.hosts("HOSTS", []) == ["a.example", "b.example"]


def test_log_level_is_case_insensitive():
    assert Environment({"L": "warning"}).log_level("L", default="INFO") == "WARNING"


def test_email_defaults_to_the_console():
    email = email_settings(Environment({}))
    assert email["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (
            "smtp+tls://tarokk%40example.org:p%40ss@mail.example:587",
            {"EMAIL_HOST": "mail.example", "EMAIL_PORT": 587, "EMAIL_USE_TLS": True,
             "EMAIL_USE_SSL": False, "EMAIL_HOST_USER": "tarokk@example.org",
             "EMAIL_HOST_PASSWORD": "p@ss"},
        ),
        (
            "smtp+ssl://mail.example",
            {"EMAIL_PORT": 465, "EMAIL_USE_SSL": True, "EMAIL_USE_TLS": False},
        ),
        ("smtp://relay.example", {"EMAIL_HOST": "relay.example", "EMAIL_PORT": 25}),
    ],
    ids=["starttls-with-login", "implicit-tls", "plain-relay"],
)  # fmt: skip
def test_email_url_gives_djangos_smtp_settings(url, expected):
    email = email_settings(Environment({"EMAIL_URL": url}))
    assert email["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert {key: email[key] for key in expected} == expected


@pytest.mark.parametrize(
    ("url", "tls", "ssl"),
    [
        ("smtp://u:p@mail.example:587/?tls=1", True, False),
        ("smtp://mail.example:465?ssl=yes", False, True),
        ("smtp+tls://mail.example?tls=off", False, False),
    ],
)
def test_email_url_options_turn_tls_on_or_off(url, tls, ssl):
    email = email_settings(Environment({"EMAIL_URL": url}))
    assert (email["EMAIL_USE_TLS"], email["EMAIL_USE_SSL"]) == (tls, ssl)


@pytest.mark.parametrize(
    "url",
    [
        "smtp://mail.example/?tls=perhaps",
        "smtp://mail.example/?starttls=1",
        "smtp://mail.example/?tls=1&tls=0",
        "smtp://mail.example/?tls=1&ssl=1",
        "consolemail://?tls=1",
    ],
)
def test_email_url_refuses_options_it_does_not_know(url):
    with pytest.raises(ImproperlyConfigured, match="EMAIL_URL"):
        email_settings(Environment({"EMAIL_URL": url}))


def test_the_old_email_variables_keep_working():
    email = email_settings(
        Environment(
            {
                "DJANGO_EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                "DJANGO_EMAIL_HOST": "mail.example",
                "DJANGO_EMAIL_PORT": "2525",
            }
        )
    )
    assert email["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert (email["EMAIL_HOST"], email["EMAIL_PORT"]) == ("mail.example", 2525)
