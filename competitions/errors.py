"""The competitions app's refusals: each stable code and its message, declared once
(:class:`tarokk_admin.core.errors.ErrorTable`). A service raises
``ERRORS.refuse("code", field=…, **values)``; the API answers the code, a page shows
the message on the form, an import turns it into a row's problem."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tarokk_admin.core.errors import ErrorTable

# Seasons, teams, accounts, the schedule, matches, results, closings, the jury.
SEASON = {
    "annual_meeting_missing": _("Give the date of the annual meeting (R15)."),
    "meeting_outside_season": _(
        "The annual meeting of %(year)s must be in %(year)s (R15)."
    ),
}


# ---------------------------------------------------------------------------
# The cup, line-ups and rosters, players, free games and sittings, notices,
# disputes, honours, fixtures, finality.
# ---------------------------------------------------------------------------

CUP_AND_MORE = {
    "not_a_cup": _("%(name)s is not a cup."),
}


ERRORS = ErrorTable("competitions", SEASON, CUP_AND_MORE)
