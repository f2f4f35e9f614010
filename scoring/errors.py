"""The scoring app's refusals: each stable code and its message, declared once
(:class:`tarokk_admin.core.errors.ErrorTable`). A service raises
``ERRORS.refuse("code", field=…, **values)``; a page shows the message, the API and
the imports answer the code."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tarokk_admin.core.errors import ErrorTable

# Hands: the referee's form, an upload, an offline replay, an import.
HANDS = {
    "hand_rejected": _("The hand is not valid: %(n)s problem(s) to fix."),
    "hand_conflict": _(
        "Hand %(number)s was changed by %(user)s while you were editing "
        "(version %(version)s). Nothing of yours was saved: compare with their "
        "version below and save again."
    ),
    "hands_not_yours": _("You may not enter hands of this match."),
    "correction_reason_missing": _(
        "This match is completed: a correction needs a reason."
    ),
    "hand_number_outside": _(
        "This match has hands 1 to %(n)s; there is no hand %(number)s."
    ),
    "hand_deleted_meanwhile": _("This hand was deleted meanwhile; reload the match."),
    # What still blocks completing a match (its summary page).
    "hand_missing": _("not entered yet."),
    "cut_missing": _("The cut is not entered."),
}

# Imports: matches files and archive files.
IMPORTS = {
    "not_an_official__matches_import": _("Only officials may import matches."),
    "not_an_official__archive": _("Only officials may import archive files."),
    "import_cup_slot_taken": _(
        "Cup round %(round)s slot %(slot)s is the tie %(a)s – %(b)s."
    ),
    "kind_not_available": _(
        "Archive files of the kind %(kind)s cannot be imported in this version."
    ),
    "not_checked": _("This import is not waiting for a confirmation (it is %(s)s)."),
    "not_checked__discard": _("This import is not waiting for a confirmation."),
    "player_in_other_team": _("%(player)s plays for %(team)s in %(year)s (R15)."),
    "ambiguous_player": _(
        "Several players are named %(name)s: give them distinct names in the "
        "admin, or make the right one a member of %(team)s for %(year)s."
    ),
    "busy": _("Another import is being stored just now; try again soon."),
    "refused__database": _(
        "The database refused this match: a name or a value is too "
        "long or not allowed. Names have at most 120 characters."
    ),
}

ERRORS = ErrorTable("scoring", HANDS, IMPORTS)
