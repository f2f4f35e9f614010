"""WSGI entry point (gunicorn ``tarokk_admin.wsgi``); production settings by default."""

import os

from django.core.wsgi import get_wsgi_application

from tarokk_admin.config import settings_loaded_or_exit

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_admin.settings.production")
settings_loaded_or_exit()
application = get_wsgi_application()
