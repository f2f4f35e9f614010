"""Settings come from the environment; bad configuration stops with one sentence."""

from __future__ import annotations

import os
import runpy
import subprocess
import sys

import pytest

from tests import ROOT

CONFIG_VARIABLES = (
    "DJANGO_SECRET_KEY",
    "DJANGO_DEBUG",
    "DATABASE_URL",
    "REDIS_URL",
    "DJANGO_ALLOWED_HOSTS",
    "DJANGO_SETTINGS_MODULE",
    "DJANGO_ALLOW_ASYNC_UNSAFE",  # set for Playwright; check --deploy rejects it
)
STRONG_SECRET = "x7Gk2-pQ9vR4mZ8tY1wE5nB3cH6jL0sD-aF4uK7iO2pT9rW3eQ8yU1bN6mV5"


def base_settings(monkeypatch, **variables: str) -> dict:
    """Evaluate ``settings/base.py`` afresh with only these variables set."""
    for name in CONFIG_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(ROOT / "tarokk_admin" / "settings" / "base.py"))


def run_manage(*args: str, **variables: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in CONFIG_VARIABLES}
    env.update(variables)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def assert_one_sentence_naming(result, variable: str) -> None:
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert variable in lines[0]
    assert lines[0].endswith(".")


def test_nothing_set_gives_the_embedded_default(monkeypatch):
    settings = base_settings(monkeypatch)
    assert settings["DATABASES"]["default"]["ENGINE"] == "django.db.backends.sqlite3"
    assert settings["DATABASES"]["default"]["NAME"] == ROOT / "db.sqlite3"
    assert settings["CELERY_TASK_ALWAYS_EAGER"] is True
    assert settings["CACHES"]["default"]["BACKEND"].endswith("LocMemCache")
    assert settings["DEBUG"] is False


def test_database_url_switches_to_postgresql(monkeypatch):
    settings = base_settings(
        monkeypatch, DATABASE_URL="postgres://tarokk:secret@db.example:6543/federation"
    )
    database = settings["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert (database["HOST"], database["PORT"], database["NAME"]) == (
        "db.example",
        6543,
        "federation",
    )
    assert (database["USER"], database["PASSWORD"]) == ("tarokk", "secret")


def test_redis_url_brings_broker_results_and_cache_to_redis(monkeypatch):
    settings = base_settings(monkeypatch, REDIS_URL="redis://cache.example:6379/3")
    assert settings["CELERY_BROKER_URL"] == "redis://cache.example:6379/3"
    assert settings["CELERY_RESULT_BACKEND"] == "redis://cache.example:6379/3"
    assert settings["CELERY_TASK_ALWAYS_EAGER"] is False
    cache = settings["CACHES"]["default"]
    # Django's Redis cache that answers a miss when Redis fails (core/cache.py).
    assert cache["BACKEND"] == "tarokk_admin.core.cache.ResilientRedisCache"
    assert cache["LOCATION"] == "redis://cache.example:6379/3"
    assert cache["OPTIONS"]["socket_connect_timeout"] <= 2


def test_allowed_hosts_and_debug_come_from_the_environment(monkeypatch):
    settings = base_settings(
        monkeypatch,
        DJANGO_ALLOWED_HOSTS="tarokk.example,www.tarokk.example",
        DJANGO_DEBUG="true",
    )
    assert settings["ALLOWED_HOSTS"] == ["tarokk.example", "www.tarokk.example"]
    assert settings["DEBUG"] is True


def test_celery_serializes_json_and_has_a_beat_schedule(settings):
    assert settings.CELERY_TASK_SERIALIZER == "json"
    assert settings.CELERY_ACCEPT_CONTENT == ["json"]
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        assert entry["task"].count(".") >= 2


def test_languages_and_time_zone(settings):
    assert settings.LANGUAGE_CODE == "en"
    assert [code for code, _ in settings.LANGUAGES] == ["en", "hu"]
    assert "django.middleware.locale.LocaleMiddleware" in settings.MIDDLEWARE
    assert settings.TIME_ZONE == "Europe/Budapest"


def test_axes_is_the_first_backend_and_the_last_middleware(settings):
    assert settings.AUTHENTICATION_BACKENDS[0].startswith("axes.")
    assert settings.MIDDLEWARE[-1] == "axes.middleware.AxesMiddleware"


@pytest.mark.slow
def test_production_refuses_to_start_without_a_secret_key():
    result = run_manage(
        "check", DJANGO_SETTINGS_MODULE="tarokk_admin.settings.production"
    )
    assert_one_sentence_naming(result, "DJANGO_SECRET_KEY")


@pytest.mark.slow
def test_production_with_secret_and_database_passes_the_deploy_check():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SETTINGS_MODULE="tarokk_admin.settings.production",
        DJANGO_SECRET_KEY=STRONG_SECRET,
        DATABASE_URL="postgres://tarokk@127.0.0.1:5432/tarokk",
    )
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues" in result.stdout


@pytest.mark.slow
@pytest.mark.parametrize(
    "redis_url",
    ["redis://localhost:port/0", "http://localhost:6379/0", "redis://localhost/zero"],
    ids=["port-not-a-number", "wrong-scheme", "database-not-a-number"],
)
def test_malformed_redis_url_stops_with_one_sentence(redis_url):
    assert_one_sentence_naming(run_manage("check", REDIS_URL=redis_url), "REDIS_URL")


@pytest.mark.slow
def test_unsupported_database_url_stops_with_one_sentence_hiding_the_password():
    result = run_manage("check", DATABASE_URL="mysql://tarokk:hunter2@db/tarokk")
    assert_one_sentence_naming(result, "DATABASE_URL")
    assert "hunter2" not in result.stderr


@pytest.mark.slow
def test_unreachable_database_stops_migrate_with_one_sentence():
    result = run_manage(
        "migrate", DATABASE_URL="postgres://postgres@127.0.0.1:1/tarokk_nowhere"
    )
    assert_one_sentence_naming(result, "DATABASE_URL")
    assert "cannot be reached" in result.stderr


@pytest.mark.slow
def test_wsgi_without_secret_stops_with_one_sentence():
    env = {k: v for k, v in os.environ.items() if k not in CONFIG_VARIABLES}
    result = subprocess.run(
        [sys.executable, "-c", "import tarokk_admin.wsgi"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert_one_sentence_naming(result, "DJANGO_SECRET_KEY")
