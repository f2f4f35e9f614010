"""Environment variables read strictly: a value that is set must mean something.

Each reader returns the default when the variable is unset or empty, the parsed
value when it is good, and otherwise raises ``ImproperlyConfigured`` with one
sentence naming the variable, the value and what it accepts. ``manage.py``, the WSGI
and ASGI entry points, gunicorn (``gunicorn.conf.py``) and the Celery worker print
that sentence and stop.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from email.utils import parseaddr
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = frozenset({"true", "1", "yes", "on"})
FALSE_WORDS = frozenset({"false", "0", "no", "off"})
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
DOTTED_PATH = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)+")
HOST_NAME = re.compile(
    r"\.?[A-Za-z0-9*]([A-Za-z0-9.\-*]*[A-Za-z0-9])?|\[[0-9a-fA-F:.]+\]"
)
ADDRESS = re.compile(r"[^@\s]+@[^@\s]+")

# EMAIL_URL schemes and the Django backend each selects (django-environ's names).
EMAIL_BACKENDS = {
    "consolemail": "django.core.mail.backends.console.EmailBackend",
    "smtp": "django.core.mail.backends.smtp.EmailBackend",
    "smtp+tls": "django.core.mail.backends.smtp.EmailBackend",
    "smtps": "django.core.mail.backends.smtp.EmailBackend",
    "smtp+ssl": "django.core.mail.backends.smtp.EmailBackend",
    "filemail": "django.core.mail.backends.filebased.EmailBackend",
    "memorymail": "django.core.mail.backends.locmem.EmailBackend",
    "dummymail": "django.core.mail.backends.dummy.EmailBackend",
}
SMTP_DEFAULT_PORTS = {"smtp": 25, "smtp+tls": 587, "smtps": 587, "smtp+ssl": 465}


def _shown(value: str) -> str:
    """A value as quoted in a sentence, cut when long."""
    return repr(value if len(value) <= 60 else value[:57] + "...")


class Environment:
    """Strict readers over ``os.environ`` (or any mapping, for tests)."""

    def __init__(self, variables: Mapping[str, str] | None = None) -> None:
        self.variables = os.environ if variables is None else variables

    def raw(self, name: str) -> str | None:
        """The variable's text with surrounding spaces removed, or None if unset
        or empty."""
        value = self.variables.get(name, "").strip()
        return value or None

    def refuse(self, name: str, value: str, accepts: str) -> ImproperlyConfigured:
        return ImproperlyConfigured(f"{name} must be {accepts}, not {_shown(value)}.")

    def text(self, name: str, default: str) -> str:
        return self.raw(name) or default

    def flag(self, name: str, default: bool) -> bool:
        value = self.raw(name)
        if value is None:
            return default
        if value.lower() in TRUE_WORDS:
            return True
        if value.lower() in FALSE_WORDS:
            return False
        raise self.refuse(name, value, "true or false (or 1/0, yes/no, on/off)")

    def whole(
        self, name: str, default: int, *, minimum: int = 0, maximum: int | None = None
    ) -> int:
        value = self.raw(name)
        if value is None:
            return default
        limits = f"from {minimum} to {maximum}" if maximum else f"{minimum} or more"
        accepts = f"a whole number {limits}"
        if not re.fullmatch(r"[0-9]{1,12}", value):
            raise self.refuse(name, value, accepts)
        number = int(value)
        if number < minimum or (maximum is not None and number > maximum):
            raise self.refuse(name, value, accepts)
        return number

    def words(self, name: str, default: list[str]) -> list[str]:
        """A comma-separated list; empty items are dropped."""
        value = self.raw(name)
        if value is None:
            return list(default)
        return [item.strip() for item in value.split(",") if item.strip()]

    def choice(self, name: str, default: str, choices: tuple[str, ...]) -> str:
        """One of ``choices``, compared without regard to case."""
        value = self.raw(name)
        if value is None:
            return default
        for choice in choices:
            if value.lower() == choice.lower():
                return choice
        raise self.refuse(name, value, "one of " + ", ".join(choices))

    def log_level(self, name: str, default: str) -> str:
        return self.choice(name, default, LOG_LEVELS)

    def hosts(self, name: str, default: list[str]) -> list[str]:
        """Host names for ALLOWED_HOSTS (``.example.org`` and ``*`` as Django has them).
        A value that is set must name one: ``" , "`` would leave the site answering
        no host at all (every request a 400)."""
        accepts = "comma-separated host names such as tarokk.example"
        hosts = self.words(name, default)
        if not hosts and self.raw(name) is not None:
            raise self.refuse(name, self.variables.get(name, ""), accepts)
        for host in hosts:
            if not HOST_NAME.fullmatch(host):
                raise self.refuse(name, host, accepts)
        return hosts

    def origins(self, name: str) -> list[str]:
        """Origins for CSRF_TRUSTED_ORIGINS: scheme and host, e.g. https://x.example."""
        origins = self.words(name, [])
        for origin in origins:
            parts = urlsplit(origin)
            if parts.scheme not in ("http", "https") or not parts.netloc:
                raise self.refuse(
                    name,
                    origin,
                    "comma-separated origins such as https://tarokk.example",
                )
        return origins

    def dotted_path(self, name: str, default: str) -> str:
        value = self.raw(name)
        if value is None:
            return default
        if not DOTTED_PATH.fullmatch(value):
            raise self.refuse(
                name, value, "a dotted Python path such as package.module.Class"
            )
        return value

    def address(self, name: str, default: str) -> str:
        """An e-mail address, optionally with a name: ``Name <a@b.example>``."""
        value = self.raw(name)
        if value is None:
            return default
        if not ADDRESS.fullmatch(parseaddr(value)[1]):
            raise self.refuse(
                name, value, "an e-mail address such as Tarokk <noreply@tarokk.example>"
            )
        return value

    def email_url(self, name: str, default: str) -> dict[str, Any]:
        """Django's EMAIL_* settings from a URL: ``smtp+tls://user:pass@host:587``."""
        value = self.raw(name) or default
        accepts = (
            "an e-mail URL such as consolemail:// or smtp+tls://user:password@host:587"
            " (schemes: " + ", ".join(EMAIL_BACKENDS) + ")"
        )
        try:
            parts = urlsplit(value)
            port = parts.port
        except ValueError:
            raise self.refuse(name, redacted(value), accepts) from None
        scheme = parts.scheme.lower()
        if scheme not in EMAIL_BACKENDS:
            raise self.refuse(name, redacted(value), accepts)
        if scheme in SMTP_DEFAULT_PORTS and not parts.hostname:
            raise self.refuse(name, redacted(value), accepts + " with a host name")
        tls, ssl = scheme in ("smtp+tls", "smtps"), scheme == "smtp+ssl"
        if parts.query:
            tls, ssl = self._email_options(name, value, parts.query, scheme, tls, ssl)
        return {
            "EMAIL_BACKEND": EMAIL_BACKENDS[scheme],
            "EMAIL_HOST": parts.hostname or "localhost",
            "EMAIL_PORT": port or SMTP_DEFAULT_PORTS.get(scheme, 25),
            "EMAIL_HOST_USER": unquote(parts.username or ""),
            "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
            "EMAIL_USE_TLS": tls,
            "EMAIL_USE_SSL": ssl,
            "EMAIL_FILE_PATH": unquote(parts.path) if scheme == "filemail" else None,
        }

    def _email_options(
        self, name: str, value: str, query: str, scheme: str, tls: bool, ssl: bool
    ) -> tuple[bool, bool]:
        """``?tls=1`` (STARTTLS) or ``?ssl=1`` (implicit TLS) on an SMTP URL."""
        accepts = "an SMTP URL whose options are tls=1 or ssl=1 (not both)"
        options = parse_qs(query, keep_blank_values=True)
        if scheme not in SMTP_DEFAULT_PORTS or set(options) - {"tls", "ssl"}:
            raise self.refuse(name, redacted(value), accepts)
        for key, values in options.items():
            word = values[-1].lower()
            if len(values) != 1 or word not in TRUE_WORDS | FALSE_WORDS:
                raise self.refuse(name, redacted(value), accepts)
            if key == "tls":
                tls = word in TRUE_WORDS
            else:
                ssl = word in TRUE_WORDS
        if tls and ssl:
            raise self.refuse(name, redacted(value), accepts)
        return tls, ssl


def redacted(url: str) -> str:
    """``url`` with any password replaced by ``***``, fit to print."""
    try:
        parts = urlsplit(url)
        if parts.password:
            netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
            return parts._replace(netloc=netloc).geturl()
    except ValueError:
        pass
    return url
