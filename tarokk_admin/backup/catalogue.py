"""Which tables a federation backup holds, decided from the code, not listed by hand.

Every concrete model of the project's own apps (any installed app whose code lives in
this repository: competitions, scoring, trophies, stats, the core's outbox and
whatever app is added later) is in the backup, its django-simple-history table
included, unless :data:`EXCLUDED` names it with the reason. Of Django's own apps the
backup takes the accounts and their groups (with password hashes): the rest
(sessions, the admin's log, login attempts, content types, permissions) belongs to the
running site and is recreated by ``migrate``.
"""

from __future__ import annotations

from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.db import models

FORMAT = "royal-tarokk-federation/1"

# Outside the project's apps, restored first: the history of every model points at
# its accounts.
ACCOUNT_MODELS = ("auth.group", "auth.user")

# A model of the project's apps that the backup leaves out, with the reason. Anything
# left out must be rebuilt from what is kept by :func:`restore.derived_rebuild`.
EXCLUDED: dict[str, str] = {}


def project_app_labels() -> list[str]:
    """The installed apps whose code lives in this repository, in INSTALLED_APPS
    order (lower apps first, as the layout's dependency direction has them)."""
    root = Path(settings.BASE_DIR).resolve()
    labels = []
    for config in apps.get_app_configs():
        path = Path(config.path).resolve()
        if path.is_relative_to(root) and ".venv" not in path.relative_to(root).parts:
            labels.append(config.label)
    return labels


def project_models() -> list[type[models.Model]]:
    """Every concrete, database-backed model of the project's apps (history
    included); many-to-many tables travel with the model that declares them."""
    found = []
    for label in project_app_labels():
        for model in apps.get_app_config(label).get_models():
            meta = model._meta
            if meta.managed and not meta.proxy and not meta.abstract:
                found.append(model)
    return found


def backup_models() -> list[type[models.Model]]:
    """The models a backup holds, in the order they are restored."""
    accounts = [apps.get_model(label) for label in ACCOUNT_MODELS]
    kept = [m for m in project_models() if m._meta.label_lower not in EXCLUDED]
    return accounts + kept


def model_label(model: type[models.Model]) -> str:
    return model._meta.label_lower
