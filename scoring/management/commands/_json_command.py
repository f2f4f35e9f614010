"""Shared shape of the engine's JSON commands: read a record, print the engine's answer."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils.translation import gettext as _

from tarokk_admin.core.jsonio import json_parse


def read_json(source: str) -> tuple[Any, dict[str, str] | None]:
    """The parsed JSON of FILE or ``-`` (stdin), or an error in the engine's shape."""
    try:
        if source == "-":
            text = sys.stdin.read()
        else:
            with open(source, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        return None, {
            "code": "unreadable_file",
            "message": _("Cannot read %(file)s: %(reason)s.")
            % {"file": source, "reason": reason},
            "path": "",
        }
    return json_parse(text, source=source)


class JsonRecordCommand(BaseCommand):
    """Prints the engine's result as one JSON object; exit status 1 when invalid."""

    judge: Callable[[Any], dict[str, Any]]
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help=_("the record's JSON file, or - for stdin"))

    def handle(self, *args: Any, **options: Any) -> None:
        data, error = read_json(options["file"])
        result = (
            {"valid": False, "errors": [error]} if error else type(self).judge(data)
        )
        self.stdout.write(json.dumps(result, ensure_ascii=False))
        if not result["valid"]:
            sys.exit(1)
