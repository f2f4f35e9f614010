"""The test suite: fast and deterministic, yet honouring DATABASE_URL and REDIS_URL.

Without variables the suite runs on the embedded default (SQLite, eager Celery,
local-memory cache); CI's second pass sets DATABASE_URL and REDIS_URL.
"""

from .base import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Tasks run in the test process; the Celery-over-Redis test turns this off itself.
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True

SECURE_SSL_REDIRECT = False
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False

# Nothing is collected for tests: WhiteNoise serves straight from static/.
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True

LOGGING = {"version": 1, "disable_existing_loggers": False}
