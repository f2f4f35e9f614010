"""``manage.py front_config``: write nginx's configuration for this deployment
(``deploy/nginx/`` filled in from the settings and the options; tarokk_admin/front.py)
into its own folder, ``var/nginx`` by default."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tarokk_admin.front import Front, FrontError, front_write


class Command(BaseCommand):
    help = (
        "Write the nginx front's configuration (nginx.conf, the site tarokk.conf and "
        "its error pages) into a folder of its own."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--prefix", default="var/nginx", help="the front's folder")
        parser.add_argument(
            "--listen", default="127.0.0.1:8000", help="address nginx listens on"
        )
        parser.add_argument(
            "--app",
            action="append",
            dest="apps",
            help="an app server (gunicorn) host:port; repeat for each (default "
            "127.0.0.1:8001)",
        )
        parser.add_argument("--server-name", default="_")
        parser.add_argument("--tls-certificate", default="")
        parser.add_argument("--tls-key", default="")

    def handle(self, *args: Any, **options: Any) -> None:
        apps = [
            address.strip()
            for value in options["apps"] or ["127.0.0.1:8001"]
            for address in value.split(",")
            if address.strip()
        ]
        front = Front(
            prefix=Path(options["prefix"]).resolve(),
            listen=options["listen"],
            apps=apps,
            server_name=options["server_name"],
            tls_certificate=options["tls_certificate"],
            tls_key=options["tls_key"],
        )
        try:
            written = front_write(front)
        except (FrontError, OSError) as exc:
            raise CommandError(str(exc)) from exc
        if settings.TRUSTED_PROXIES < 1:
            print(
                "Warning: DJANGO_TRUSTED_PROXIES is 0, so behind this front every "
                "client would share nginx's address (the login lockout): set it to 1.",
                file=sys.stderr,
            )
        self.stdout.write(
            f"Front written to {front.prefix} ({len(written)} files): nginx on "
            f"{front.listen}, app servers {', '.join(apps)}."
        )
