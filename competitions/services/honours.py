"""The ceremony's marks on the roll of honour: an official marks an honour of a
year's roll as presented (or takes the mark back), with who and when, the history
kept (issue 22)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from competitions.errors import ERRORS
from competitions.models import HonourPresentation
from competitions.selectors.honours import honour_roll_year
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.roles import official_check
from tarokk_admin.core.words import app_words

LABEL_MAX = 300


def honour_presented_set(
    *, year: int, key: str, presented: bool, user: Any
) -> HonourPresentation:
    """Mark the honour ``key`` of ``year``'s roll presented (or not presented)."""
    official_check(user, ERRORS.error("not_an_official__honours"))
    roll = honour_roll_year(year)
    entry = roll.entry(key) if roll is not None else None
    if entry is None:
        ERRORS.refuse("no_such_honour", year=year)
    with transaction.atomic():
        mark = (
            HonourPresentation.objects.select_for_update()
            .filter(year=year, key=key)
            .first()
        )
        if mark is None:
            mark = HonourPresentation(year=year, key=key)
        elif mark.presented == presented:
            return mark  # nothing changes: no history row
        mark.competition = entry.competition
        mark.label = entry.label[:LABEL_MAX]
        mark.presented = presented
        mark.presented_by = user
        mark.presented_at = timezone.now()
        history_mark(
            mark,
            user,
            app_words(
                gettext_noop("presented at the ceremony")
                if presented
                else gettext_noop("the presented mark taken back")
            ),
        )
        mark.save()
    return mark
