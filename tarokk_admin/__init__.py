"""Tarokk Admin, the Hungarian Royal Tarokk federation's web application."""

from tarokk_admin.celery import app as celery_app

__all__ = ["celery_app"]
