"""``handler400``: a request Django refuses before any view, said in a sentence.

A form whose text is larger than Django reads into memory (``DATA_UPLOAD_MAX_MEMORY_SIZE``,
2.5 MB: the JSON pasted into the import page's text box) is refused by Django while
the CSRF check reads the form, before any view. Instead of the bare "Bad Request
(400)" it gets a 413 page naming the limit and what to do (upload the file, up to
``UPLOAD_MAX_MB``); every other refusal keeps Django's 400.
"""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views import defaults

from scoring.forms.imports import paste_limit_mb, upload_limit_mb


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if isinstance(exception, RequestDataTooBig):
        return render(
            request,
            "413.html",
            {"paste": paste_limit_mb(), "upload": upload_limit_mb()},
            status=413,
        )
    return defaults.bad_request(request, exception)
