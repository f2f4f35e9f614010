"""The trophies app's refusals: each stable code and its message, declared once
(:class:`tarokk_admin.core.errors.ErrorTable`). A service raises
``ERRORS.refuse("code", field=…, **values)``; a page shows the message on the form."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tarokk_admin.core.errors import ErrorTable

# Trophies entered by hand: from the archive, against a variant sitting, and what
# becomes of them when their sitting is corrected or voided.
AWARDS = {
    "not_an_official__archive_trophies": _(
        "Only officials correct or withdraw archive trophies."
    ),
    "archive_reason_missing": _("Give the reason (it is kept in the history)."),
    "not_archive": _(
        "Only a trophy from the archive is corrected here; a trophy made in "
        "the app follows its hand or its sitting."
    ),
    "archive_not_a_trophy": _("%(code)s is not a trophy of the catalogue (R13)."),
    "variant_not_a_trophy": _("%(code)s is not a trophy of the catalogue (R9)."),
    "partner_is_player": _("The partner must be another player than the one credited."),
    "date_in_future": _("The date is in the future."),
    "variant_not_recognised": _(
        "Choose a recognised variant (R14), or none for Royal Tarokk."
    ),
    "event_too_long": _("The event is at most %(n)s characters."),
    "sitting_not_confirmed": _(
        "Trophies are entered against a confirmed sitting; this one is %(s)s."
    ),
    "sitting_variant_not_recognised": _(
        "%(variant)s is not a recognised variant: its trophies do not go "
        "on the trophy list (R14)."
    ),
    "sitting_without_players": _(
        "This sitting was carried over from a team entry and names no "
        "players: correct it with its players first."
    ),
    "not_at_the_sitting": _("Choose a player of the sitting (%(names)s)."),
    "jury_note_missing": _("Add the jury's note confirming the trophy."),
    "trophies_unanswered": _(
        "This sitting has %(n)s trophy(ies) on the trophy list: say what "
        "becomes of them."
    ),
    "trophy_cannot_stay": _("%(player)s's %(trophy)s cannot stay: %(why)s"),
    "no_target": _("Choose the other sitting the trophies move to."),
}

ERRORS = ErrorTable("trophies", AWARDS)
