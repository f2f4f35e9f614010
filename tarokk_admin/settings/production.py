"""Production (``make serve``, ``wsgi.py``): the same settings with safe defaults.

Refuses to start without ``DJANGO_SECRET_KEY``. Every hardening setting can still be
changed through its environment variable (see README.md).
"""

from tarokk_admin.config import required

from .base import *  # noqa: F403
from .base import STORAGES, env

SECRET_KEY = required(
    env, "DJANGO_SECRET_KEY", "for the production settings (a long random string)"
)
DEBUG = env.flag("DJANGO_DEBUG", default=False)

SECURE_SSL_REDIRECT = env.flag("DJANGO_SECURE_SSL_REDIRECT", default=True)
SECURE_HSTS_SECONDS = env.whole(
    "DJANGO_SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 365
)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
SECURE_HSTS_PRELOAD = SECURE_HSTS_SECONDS > 0
SESSION_COOKIE_SECURE = env.flag("DJANGO_SECURE_COOKIES", default=True)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE

# Compressed, cache-busting static files served by WhiteNoise (needs collectstatic).
STORAGES = {
    **STORAGES,
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
