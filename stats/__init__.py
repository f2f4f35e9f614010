"""Statistics from the archive and the live event day.

The package is called ``stats``, not ``statistics``: a top-level package named
``statistics`` would shadow Python's standard module of that name, which Django's
SQLite backend imports (``django/db/backends/sqlite3/_functions.py``). Its addresses
are ``/statistics/…``, ``/api/statistics/…`` and ``/live/…``; templates live under
``templates/statistics/``.

It sits above ``trophies`` (competitions ← scoring ← trophies ← stats) and nothing
imports it except the wiring: ``tarokk_admin/urls.py``, ``INSTALLED_APPS`` and the
follow-up task ``tarokk_admin.tasks.match_completed``.
"""
