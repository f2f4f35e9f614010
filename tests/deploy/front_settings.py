"""The production settings as ``make serve`` runs them behind the front, for the
deployment tests: collectstatic's folder from ``FRONT_TEST_STATIC_ROOT`` (nginx serves
it) and a fast password hash for the seeded accounts."""

import os

from tarokk_admin.settings.production import *  # noqa: F403

STATIC_ROOT = os.environ["FRONT_TEST_STATIC_ROOT"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
