"""The test suite: fast and deterministic, yet honouring DATABASE_URL and REDIS_URL.

Without variables the suite runs on the embedded default (SQLite, eager Celery,
local-memory cache); CI's second pass sets DATABASE_URL and REDIS_URL.
"""

import os
from urllib.parse import urlsplit

from .base import *  # noqa: F403
from .base import CACHES, REDIS_URL

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

# Each test starts by emptying the cache (tests/conftest.py), which on Redis empties
# the whole database: with pytest-xdist each worker gets a Redis database of its own.
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
if REDIS_URL and _WORKER.startswith("gw") and _WORKER[2:].isdigit():
    _parts = urlsplit(REDIS_URL)
    _base = int(_parts.path.lstrip("/") or 0)
    _db = (_base + 1 + int(_WORKER[2:])) % 16
    CACHES = {
        "default": {
            **CACHES["default"],
            "LOCATION": _parts._replace(path=f"/{_db}").geturl(),
        }
    }
