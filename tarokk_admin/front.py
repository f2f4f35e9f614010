"""The front: nginx's configuration written from the templates in ``deploy/nginx/``
and this deployment's settings (``manage.py front_config``).

What the front must agree on with the app is read from the settings, never typed
twice: the body limit from ``UPLOAD_MAX_MB`` (plus a megabyte for the form around the
file), the static files from ``STATIC_URL`` and ``STATIC_ROOT``, what the shared cache
keys on and passes by from the language and session cookies' names and ``LANGUAGES``
(``core.shared_pages``). The app servers, the
address to listen on and the folder come from the command's options. Only the
``${TAROKK_...}`` names are filled in; nginx's own ``$variables`` are left alone, and a
name left unfilled is an error.
"""

from __future__ import annotations

import grp
import os
import re
import string
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.template.loader import render_to_string

TEMPLATES = Path(settings.BASE_DIR) / "deploy" / "nginx"
MIME_TYPES = Path("/etc/nginx/mime.types")
FORM_MARGIN_MB = 1  # the form's other fields and the multipart boundaries
ADDRESS = re.compile(r"(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.\-]+):\d{1,5}|\d{1,5}|unix:/\S+")
PAGES = ("413", "502")


class FrontError(ValueError):
    """A value the front cannot be written with, said in one sentence."""


@dataclass
class Front:
    prefix: Path
    listen: str = "127.0.0.1:8000"
    apps: list[str] = field(default_factory=lambda: ["127.0.0.1:8001"])
    server_name: str = "_"
    tls_certificate: str = ""
    tls_key: str = ""

    def checked(self) -> Front:
        for value in (self.listen, *self.apps):
            if not ADDRESS.fullmatch(value):
                raise FrontError(
                    f"{value!r} is not an address: write host:port such as "
                    "127.0.0.1:8001 (or unix:/path for a socket)."
                )
        if not self.apps:
            raise FrontError("The front needs at least one app server (--app).")
        if bool(self.tls_certificate) != bool(self.tls_key):
            raise FrontError("TLS needs both a certificate and its key.")
        if not settings.STATIC_ROOT:
            raise FrontError(
                "STATIC_ROOT is not set: the front serves collectstatic's folder "
                "(use the production settings)."
            )
        return self

    def values(self) -> dict[str, str]:
        listen = f"    listen {self.listen}"
        if self.tls_certificate:
            listen += (
                f" ssl;\n    ssl_certificate {self.tls_certificate};"
                f"\n    ssl_certificate_key {self.tls_key};"
            )
        else:
            listen += ";"
        static_url = "/" + settings.STATIC_URL.strip("/") + "/"
        return {
            "TAROKK_PREFIX": str(self.prefix),
            "TAROKK_USER": _user_line(),
            "TAROKK_MIME_TYPES": str(MIME_TYPES),
            "TAROKK_UPSTREAM": "\n".join(
                f"    server {app} max_fails=3 fail_timeout=10s;" for app in self.apps
            ),
            "TAROKK_CACHE": str(self.prefix / "cache"),
            "TAROKK_LOGS": str(self.prefix / "logs"),
            "TAROKK_PAGES": str(self.prefix / "pages"),
            "TAROKK_LISTEN": listen,
            "TAROKK_SERVER_NAME": self.server_name,
            "TAROKK_BODY_MB": str(settings.UPLOAD_MAX_MB + FORM_MARGIN_MB),
            "TAROKK_STATIC_URL": static_url,
            "TAROKK_STATIC_ROOT": str(Path(settings.STATIC_ROOT).resolve()),
            # What the shared cache keys on and passes by (core.shared_pages).
            "TAROKK_LANGUAGE_COOKIE": _cookie(settings.LANGUAGE_COOKIE_NAME),
            "TAROKK_SESSION_COOKIE": _cookie(settings.SESSION_COOKIE_NAME),
            "TAROKK_LANGUAGES": "|".join(
                re.escape(code) for code, _name in settings.LANGUAGES
            ),
        }


def _cookie(name: str) -> str:
    """A cookie's name as nginx's ``$cookie_…`` variable can spell it."""
    if not re.fullmatch(r"[A-Za-z0-9_]+", name):
        raise FrontError(
            f"The cookie name {name!r} cannot be read by the front: use letters, "
            "digits and _ only."
        )
    return name


def _user_line() -> str:
    """Started by root, nginx's workers run as nobody; otherwise as the user."""
    if os.geteuid() != 0:
        return "# Not started by root: the workers run as the user who starts nginx."
    group = "nogroup"
    try:
        grp.getgrnam(group)
    except KeyError:
        group = "nobody"
    return f"user nobody {group};"


def _filled(template: str, values: dict[str, str]) -> str:
    text = string.Template(template).safe_substitute(values)
    left = sorted(set(re.findall(r"\$\{(TAROKK_[A-Z_]+)\}", text)))
    if left:
        raise FrontError(f"The template names values nobody gives: {', '.join(left)}.")
    return text


def front_write(front: Front) -> list[Path]:
    """Write nginx.conf, the site and the front's own error pages under the prefix;
    return the files written."""
    values = front.checked().values()
    prefix = front.prefix
    for folder in ("logs", "tmp", "cache", "pages"):
        (prefix / folder).mkdir(parents=True, exist_ok=True)
    written = []
    for name in ("nginx.conf", "tarokk.conf"):
        path = prefix / name
        path.write_text(_filled((TEMPLATES / name).read_text(), values))
        written.append(path)
    for page in PAGES:
        path = prefix / "pages" / f"{page}.html"
        path.write_text(
            render_to_string(f"front/{page}.html", {"upload": settings.UPLOAD_MAX_MB})
        )
        written.append(path)
    return written
