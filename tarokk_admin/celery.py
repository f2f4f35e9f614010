"""The Celery application: configured from Django's settings (``CELERY_*``).

Start a worker with ``celery -A tarokk_admin worker`` and exactly one scheduler with
``celery -A tarokk_admin beat``. Without ``REDIS_URL`` tasks run eagerly in-process.
Like ``wsgi.py`` this is a deployment entry point, so it defaults to the production
settings; set ``DJANGO_SETTINGS_MODULE=tarokk_admin.settings.local`` to run a worker
during development.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_admin.settings.production")

app = Celery("tarokk_admin")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.on_configure.connect
def _settings_loaded_or_exit(**_kwargs: object) -> None:
    """A worker or beat reads the settings first: a configuration problem stops it
    with one sentence naming the variable (in a web process they are loaded already).
    """
    from tarokk_admin.config import settings_loaded_or_exit

    settings_loaded_or_exit()
