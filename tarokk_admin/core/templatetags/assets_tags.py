"""``{% load assets_tags %}{% assets "base" %}``: the ``<link>`` and ``<script>`` tags
of one or more groups of ``tarokk_admin.core.assets`` (the one declaration of what the
pages load, which the referee's service worker keeps too)."""

from __future__ import annotations

from django import template
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from tarokk_admin.core.assets import files

register = template.Library()


def tag(path: str) -> SafeString:
    """One file's tag, by its kind (an SVG is the page's icon)."""
    url = static(path)
    if path.endswith(".js"):
        return format_html('<script src="{}" defer></script>', url)
    if path.endswith(".css"):
        return format_html('<link rel="stylesheet" href="{}">', url)
    if path.endswith(".svg"):
        return format_html('<link rel="icon" href="{}" type="image/svg+xml">', url)
    raise ValueError(f"no tag for {path}")


@register.simple_tag
def assets(*groups: str) -> SafeString:
    return mark_safe("".join(tag(path) for path in files(groups)))
