"""gunicorn's configuration (``make serve``; gunicorn also reads this file by itself
when started from the repository root: ``gunicorn``).

- **gthread workers**: each process serves ``WEB_THREADS`` requests at once, and a
  connection that sends nothing yet waits in the worker's poller, not in a thread, so
  a few slow clients no longer stall the site as they stall sync workers. On the open
  internet put a buffering proxy (nginx, Caddy) in front as README.md shows.
- **Configuration checked in the master**: ``on_starting`` loads the Django settings
  before any worker is forked, so a bad or missing variable stops gunicorn with one
  sentence instead of failing in every worker that gunicorn then restarts forever.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from django.core.exceptions import ImproperlyConfigured

from tarokk_admin.core.environment import Environment

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_admin.settings.production")


def _read() -> tuple[str, int, int]:
    env = Environment()
    try:
        return (
            env.text("BIND", "127.0.0.1:8000"),
            env.whole(
                "WEB_WORKERS",
                env.whole("WEB_CONCURRENCY", 2, minimum=1, maximum=64),
                minimum=1,
                maximum=64,
            ),
            env.whole("WEB_THREADS", 8, minimum=1, maximum=64),
        )
    except ImproperlyConfigured as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        raise SystemExit(1) from None


_bind, workers, threads = _read()
bind = [_bind]
wsgi_app = "tarokk_admin.wsgi:application"
worker_class = "gthread"
# A request that takes longer than this is a bug or an attack: the worker restarts.
timeout = 60
graceful_timeout = 30
# Idle keep-alive connections are closed after this many seconds.
keepalive = 5
accesslog = "-"
errorlog = "-"


def on_starting(server: object) -> None:
    """Load the settings in the master: a configuration error stops gunicorn here."""
    from tarokk_admin.config import settings_loaded_or_exit

    settings_loaded_or_exit()
