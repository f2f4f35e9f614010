"""``{% load people_tags %}``: ``{{ user|person }}`` names the person behind an
account (``tarokk_admin.core.people.person_name``)."""

from __future__ import annotations

from typing import Any

from django import template

from tarokk_admin.core.people import person_name

register = template.Library()


@register.filter(name="person")
def person_filter(user: Any) -> str:
    return person_name(user)
