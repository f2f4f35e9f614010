"""Pages of the project itself: the home page and placeholders for coming sections."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.functional import Promise


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


def coming_soon(
    request: HttpRequest, *, title: Promise, intro: Promise
) -> HttpResponse:
    """A section that a later release fills in; its address is already stable."""
    return render(request, "coming_soon.html", {"title": title, "intro": intro})
