"""Who receives the federation's e-mails."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q

from tarokk_admin.core.roles import Role


def role_emails(role: Role) -> list[str]:
    """The e-mail addresses of the active users in ``role``'s group (superusers count
    as officials, as everywhere), sorted, each once."""
    users = get_user_model().objects.filter(is_active=True).exclude(email="")
    query = Q(groups__name=role.value)
    if role == Role.OFFICIAL:
        query |= Q(is_superuser=True)
    return sorted(set(users.filter(query).values_list("email", flat=True)))


def role_users(role: Role) -> list[Any]:
    """The active users in ``role``'s group with an e-mail address (superusers count
    as officials), each once."""
    users = get_user_model().objects.filter(is_active=True).exclude(email="")
    query = Q(groups__name=role.value)
    if role == Role.OFFICIAL:
        query |= Q(is_superuser=True)
    return list(users.filter(query).distinct().order_by("pk"))
