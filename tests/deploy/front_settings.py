"""The production settings as ``make serve`` runs them behind the front, for the
deployment tests: collectstatic's folder from ``FRONT_TEST_STATIC_ROOT`` (nginx serves
it) and a fast password hash for the seeded accounts."""

import os

from tarokk_admin.settings.production import *  # noqa: F403

STATIC_ROOT = os.environ["FRONT_TEST_STATIC_ROOT"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# collectstatic as in production (hashed names, .gz beside each file for nginx's
# gzip_static) without the Brotli copies nobody reads here: a third of its time.
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "tests.deploy.front_settings.GzipOnlyStaticStorage"},
}


def _gzip_only():
    from whitenoise.storage import CompressedManifestStaticFilesStorage

    class GzipOnly(CompressedManifestStaticFilesStorage):
        def create_compressor(self, **kwargs):
            return super().create_compressor(use_brotli=False, **kwargs)

    return GzipOnly


GzipOnlyStaticStorage = _gzip_only()

if os.environ.get("FRONT_TEST_COLLECT") == "0":
    # A test that does not look at static files skips collectstatic (a minute on a
    # busy machine): pages name them unhashed and nobody serves them.
    STORAGES = {
        **STORAGES,
        "staticfiles": {
            "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        },
    }
