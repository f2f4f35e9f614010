"""The wiring's refusals (backups and what else the project as a whole does): each
stable code and its message, declared once
(:class:`tarokk_admin.core.errors.ErrorTable`). A module raises
``ERRORS.refuse("code", **values)``; a command prints the message."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tarokk_admin.core.errors import ErrorTable

# Restoring a federation backup (``backup/restore.py``): every damage is coded
# ``damaged_backup``, each with its own sentence.
BACKUP = {
    "unreadable_backup": _("The backup %(file)s cannot be read: %(reason)s."),
    "damaged_backup__json": _("The backup is damaged: %(problem)s"),
    "unknown_format": _(
        "%(file)s is not a federation backup in the %(format)s format (found "
        "%(found)r)."
    ),
    "damaged_backup__shape": _("The backup has no counts or no tables."),
    "damaged_backup__table": _(
        "The backup holds a table this version does not know: %(table)s."
    ),
    "damaged_backup__count": _(
        "The backup's count of %(table)s (%(count)s) does not match its "
        "rows (%(rows)s): the file is damaged."
    ),
    "damaged_backup__row": _("Row %(index)s of %(table)s is not a record."),
    "damaged_backup__row_unreadable": _(
        "A row of %(table)s cannot be read: %(reason)s."
    ),
    "damaged_backup__no_key": _("A row of %(table)s has no key."),
    "damaged_backup__nul": _(
        "Row %(index)s of %(table)s (key %(pk)s) holds a NUL character (U+0000) in "
        "%(column)s, which no text can hold."
    ),
    "damaged_backup__reference": _(
        "Row %(index)s of %(table)s (key %(pk)s) points at %(target)s %(value)s in "
        "%(column)s, which the backup does not hold."
    ),
    "database_not_empty": _(
        "The database already holds federation records: a backup is "
        "restored into an empty database only (run migrate on a new one)."
    ),
    "damaged_backup__dangling": _(
        "The backup has a reference to a record it does not hold."
    ),
    "damaged_backup__refused": _(
        "The backup cannot be stored: the database refused it."
    ),
    "damaged_backup__not_unique": _(
        "The rows of %(table)s cannot be stored: two of them have the same key, "
        "or a value that must be unique, or a value that is missing."
    ),
    "damaged_backup__value": _(
        "The rows of %(table)s cannot be stored: a value does not fit its column "
        "(too long, out of range, or of the wrong kind)."
    ),
}

ERRORS = ErrorTable("tarokk_admin", BACKUP)
