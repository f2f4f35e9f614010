"""The production settings as ``make serve`` runs them, for the fault drills: the
same Celery (a real broker and worker), cache and security, except what a throw-away
site on one machine does not need: static files served from ``static/`` without
``collectstatic``, a fast password hash for the seeded accounts."""

from tarokk_admin.settings.production import *  # noqa: F403
from tarokk_admin.settings.production import STORAGES

STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
