"""``manage.py create_official USERNAME EMAIL``: the first official of an empty
federation. Prints the one-time link to set the password (and e-mails it when the
site sends e-mail); after that, officials invite everyone else in the workspace
(Accounts and roles) and nobody needs a superuser. Refused, in one sentence, once
an active official exists, for a bad address or a taken username or address."""

from __future__ import annotations

import sys
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.db import DatabaseError, transaction

from competitions.services.accounts import official_create
from competitions.services.invitations import DEFAULT_SITE, invitation_link
from tarokk_admin.core.errors import ServiceError


class Command(BaseCommand):
    help = (
        "Create the federation's first official and print the link to set their "
        "password; refused once an official exists."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username", help="the official's username")
        parser.add_argument("email", help="the official's e-mail address")
        parser.add_argument("--first-name", default="", help="given name")
        parser.add_argument("--last-name", default="", help="family name")
        parser.add_argument(
            "--site",
            default=DEFAULT_SITE,
            help=f"the site's address for the link (default {DEFAULT_SITE})",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            with transaction.atomic():
                account = official_create(
                    username=options["username"],
                    email=options["email"],
                    first_name=options["first_name"],
                    last_name=options["last_name"],
                )
        except ServiceError as error:
            self._fail(error.message)
        except DatabaseError as error:
            reason = (str(error).strip().splitlines() or [type(error).__name__])[0]
            self._fail(
                f"The official cannot be stored: {reason.rstrip('.')}. "
                "Run `manage.py migrate` first."
            )
        hours = settings.PASSWORD_RESET_TIMEOUT // 3600
        self.stdout.write(
            f"The official {account.get_username()} ({account.email}) is created.\n"
            f"Open this link within {hours} hours to choose the password:\n"
            f"{invitation_link(account, options['site'])}\n"
            "Then log in and invite the others under Officials' workspace → "
            "Accounts and roles."
        )

    def _fail(self, message: str) -> Any:
        self.stderr.write(message)
        sys.exit(1)
