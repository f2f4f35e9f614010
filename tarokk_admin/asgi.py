"""ASGI entry point; production settings by default."""

import os

from django.core.asgi import get_asgi_application

from tarokk_admin.config import settings_loaded_or_exit

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_admin.settings.production")
settings_loaded_or_exit()
application = get_asgi_application()
