"""Access to the officials' pages of this package."""

from __future__ import annotations

from django.utils.translation import gettext as _

from competitions.permissions import is_official
from tarokk_admin.access import role_required

# Anonymous visitors go to the login page; other roles get a 403 saying why.
official_only = role_required(
    is_official, lambda: _("Only officials may manage Grand Prix and free games.")
)
