"""Development on one machine (``manage.py`` and ``make run``): debug on by default."""

from .base import *  # noqa: F403
from .base import env

DEBUG = env.flag("DJANGO_DEBUG", default=True)

# Nothing is collected during development: WhiteNoise serves straight from static/.
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
