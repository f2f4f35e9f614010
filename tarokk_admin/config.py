"""Reading and checking the configuration that comes from environment variables.

Every problem is reported as one sentence naming the variable (an
``ImproperlyConfigured``); ``manage.py``, ``wsgi.py`` and ``asgi.py`` print that
sentence and stop instead of showing a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import urlsplit

import environ
from django.core.exceptions import ImproperlyConfigured

from tarokk_admin.core.environment import Environment, redacted

DATABASE_SCHEMES = ("postgres", "postgresql", "pgsql", "sqlite")
REDIS_SCHEMES = ("redis", "rediss", "unix")
OLD_EMAIL_VARIABLES = ("DJANGO_EMAIL_BACKEND", "DJANGO_EMAIL_HOST", "DJANGO_EMAIL_PORT")
CONSOLE_EMAIL = "django.core.mail.backends.console.EmailBackend"


def database_from_url(url: str) -> dict[str, Any]:
    """Return Django's DATABASES entry for ``DATABASE_URL``."""
    scheme = urlsplit(url).scheme
    if scheme not in DATABASE_SCHEMES:
        raise ImproperlyConfigured(
            f"DATABASE_URL must be a PostgreSQL URL such as "
            f"postgres://user:password@host:5432/name, not {redacted(url)!r}."
        )
    try:
        config: dict[str, Any] = environ.Env.db_url_config(url)
    except Exception as exc:  # django-environ raises assorted errors on bad URLs
        raise ImproperlyConfigured(
            f"DATABASE_URL could not be read ({exc}): use "
            f"postgres://user:password@host:5432/name."
        ) from exc
    if config["ENGINE"] == "django.db.backends.postgresql":
        config.setdefault("CONN_MAX_AGE", 60)
        config["CONN_HEALTH_CHECKS"] = True
        config.setdefault("OPTIONS", {})["connect_timeout"] = 5
    return config


def redis_url_checked(url: str) -> str:
    """Return ``REDIS_URL`` unchanged when it is usable (or empty: no Redis), else
    stop with one sentence."""
    if not url:
        return url
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError on a port that is not a number
    except ValueError as exc:
        raise ImproperlyConfigured(
            f"REDIS_URL is malformed ({exc}): use redis://host:6379/0."
        ) from exc
    if parts.scheme not in REDIS_SCHEMES or not (parts.hostname or parts.path):
        raise ImproperlyConfigured(
            f"REDIS_URL must look like redis://host:6379/0, not {redacted(url)!r}."
        )
    database = parts.path.lstrip("/")
    if parts.scheme != "unix" and database and not database.isdigit():
        raise ImproperlyConfigured(
            "REDIS_URL must end in a database number such as /0, "
            f"not {redacted(url)!r}."
        )
    return url


def backup_folder(env: Environment, name: str, default: Path) -> Path:
    """The folder of the nightly backups: an absolute path that is a folder (or does
    not exist yet: the first backup creates it), else stop with one sentence."""
    value = env.raw(name)
    if value is None:
        return default
    folder = Path(value)
    if not folder.is_absolute():
        raise env.refuse(name, value, "an absolute path such as /var/backups/tarokk")
    if folder.exists() and not folder.is_dir():
        raise env.refuse(name, value, "a folder, not a file,")
    return folder


FILE_SYSTEM_STORAGE = "django.core.files.storage.FileSystemStorage"


def backup_storage(env: Environment, folder: Path) -> dict[str, Any]:
    """``STORAGES["backups"]``: the folder ``BACKUP_DIR`` (owner-only files) unless
    ``BACKUP_STORAGE`` names another Django storage class (e.g. django-storages'
    ``storages.backends.s3.S3Storage``) with its ``BACKUP_STORAGE_OPTIONS`` as a
    JSON object; every machine of a deployment points at the same place."""
    backend = env.dotted_path("BACKUP_STORAGE", FILE_SYSTEM_STORAGE)
    options: dict[str, Any] = {}
    if backend == FILE_SYSTEM_STORAGE:
        options = {
            "location": str(folder),
            "file_permissions_mode": 0o600,
            "directory_permissions_mode": 0o700,
        }
    value = env.raw("BACKUP_STORAGE_OPTIONS")
    if value is not None:
        try:
            given = json.loads(value)
        except ValueError:
            given = None
        if not isinstance(given, dict):
            raise env.refuse(
                "BACKUP_STORAGE_OPTIONS",
                value,
                'a JSON object such as {"bucket_name": "tarokk-backups"}',
            )
        options.update(given)
    return {"BACKEND": backend, "OPTIONS": options}


def required(env: Environment, name: str, why: str) -> str:
    """Return a variable that must be set, else stop with one sentence."""
    value = env.text(name, default="")
    if not value:
        raise ImproperlyConfigured(f"{name} must be set {why}.")
    return value


def email_settings(env: Environment) -> dict[str, Any]:
    """Django's ``EMAIL_*`` settings from ``EMAIL_URL`` (console by default), or
    from the older ``DJANGO_EMAIL_BACKEND``/``_HOST``/``_PORT`` when only they are
    set; both at once would leave it unclear which one is meant."""
    old = [name for name in OLD_EMAIL_VARIABLES if env.raw(name) is not None]
    if env.raw("EMAIL_URL") is None and old:
        return {
            **env.email_url("EMAIL_URL", "consolemail://"),
            "EMAIL_BACKEND": env.dotted_path("DJANGO_EMAIL_BACKEND", CONSOLE_EMAIL),
            "EMAIL_HOST": env.text("DJANGO_EMAIL_HOST", "localhost"),
            "EMAIL_PORT": env.whole("DJANGO_EMAIL_PORT", 25, minimum=1, maximum=65535),
        }
    if old:
        raise ImproperlyConfigured(
            f"EMAIL_URL replaces {', '.join(old)}: set EMAIL_URL alone, e.g. "
            "smtp+tls://user:password@host:587."
        )
    return env.email_url("EMAIL_URL", "consolemail://")


def exit_with(exc: BaseException) -> NoReturn:
    """Print the one-sentence configuration problem and stop the process."""
    print(f"Configuration error: {exc}", file=sys.stderr)
    raise SystemExit(1)


def settings_loaded_or_exit() -> None:
    """Load the settings now so that a configuration problem ends the start."""
    from django.conf import settings

    try:
        settings.INSTALLED_APPS  # noqa: B018 - forces the settings module to load
    except ImproperlyConfigured as exc:
        exit_with(exc)
    except ModuleNotFoundError as exc:
        module = os.environ.get("DJANGO_SETTINGS_MODULE", "")
        if exc.name is None or not module.startswith(exc.name):
            raise
        exit_with(
            ImproperlyConfigured(
                f"DJANGO_SETTINGS_MODULE must name a settings module such as "
                f"tarokk_admin.settings.production, not {module!r}."
            )
        )


def database_reachable_or_exit() -> None:
    """Stop with one sentence when the configured database cannot be reached."""
    from django.db import DatabaseError, connection

    try:
        connection.ensure_connection()
    except DatabaseError as exc:
        db = connection.settings_dict
        if db.get("HOST"):
            where = f"DATABASE_URL points to {db['HOST']}:{db.get('PORT') or 5432}"
            where += f"/{db['NAME']}, which"
        else:
            where = f"the SQLite database {db['NAME']}"
        lines = str(exc).strip().splitlines()
        reason = lines[0].rstrip(".") if lines else type(exc).__name__
        print(
            f"Configuration error: {where} cannot be reached ({reason}).",
            file=sys.stderr,
        )
        raise SystemExit(1) from None
    finally:
        connection.close()
