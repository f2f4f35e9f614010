"""The competitions app's refusals: each stable code and its message, declared once
(:class:`tarokk_admin.core.errors.ErrorTable`). A service raises
``ERRORS.refuse("code", field=…, **values)``; the API answers the code, a page shows
the message on the form, an import turns it into a row's problem."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from competitions.errors_season import SEASON
from tarokk_admin.core.errors import ErrorTable

# ---------------------------------------------------------------------------
# The cup, line-ups and rosters, players, free games and sittings, notices,
# disputes, honours, fixtures, finality.
# ---------------------------------------------------------------------------

CUP_AND_MORE = {
    "not_a_cup": _("%(name)s is not a cup."),
}


ERRORS = ErrorTable("competitions", SEASON, CUP_AND_MORE)
