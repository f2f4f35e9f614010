"""A problem the integrity audit found, and where it is said."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from django.utils.translation import gettext as _

from tarokk_admin.core.l10n import human_date
from tarokk_admin.core.problems import Problem


def problem_found(code: str, where: str, message: str, fix: str) -> Problem:
    """One thing wrong in the records, as the core's one problem: its kind (a
    stable code), where it is in words, what is wrong and what to do."""
    return Problem(code, message=message, where=where, fix=fix)


def problem_text(problem: Problem) -> str:
    return f"[{problem.code}] {problem.where}: {problem.message}\n    -> {problem.fix}"


Check = Callable[[], Iterator[Problem]]


def match_where(match: Any) -> str:
    """``match 12 (Kisfaludy – Dunakeszi, 2026-03-14)``; the match's teams and
    competition must be loaded."""
    return _("match %(id)s (%(a)s – %(b)s, %(date)s, %(competition)s)") % {
        "id": match.pk,
        "a": match.team_a.name,
        "b": match.team_b.name,
        "date": human_date(match.date),
        "competition": match.competition,
    }
