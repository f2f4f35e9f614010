"""The referee offline: the service worker that keeps the referee's pages on the
device, the page shown where nothing is kept, and the replay of hands saved on the
device while the connection was down (README "The referee offline").

A replayed save goes through the same form, engine, options and version check as
the hand form (``scoring/views/submit.py``, the one save path): a conflict is
answered as a conflict, never dropped, and the same save sent twice is stored once."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Any

from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.templatetags.static import PrefixNode, static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from competitions.models import Match
from scoring.forms import hand_forms, place_errors, record_from_forms
from scoring.forms.record import input_errors
from scoring.models import Hand
from scoring.selectors.access import hand_editable_by
from scoring.services.hands import HandConflict, HandRejected, hand_judge
from scoring.views.access import load_match
from scoring.views.feast_data import feast_data_url, languages
from scoring.views.submit import hand_submit, save_options
from tarokk_admin.core.assets import offline_files
from tarokk_admin.core.errors import ServiceError


@lru_cache(maxsize=1)
def _worker_source() -> bytes:
    path = finders.find("js/sw.js")
    if not path:  # a deployment without the sources: the collected copy
        from django.contrib.staticfiles.storage import staticfiles_storage

        with staticfiles_storage.open("js/sw.js") as handle:
            return handle.read()
    with open(path, "rb") as handle:
        return handle.read()


def _worker_config() -> str:
    import json

    # The files the referee's pages load, from the one declaration the templates
    # use (core/assets.py), by their served names; the feast picker's catalogue in
    # each language besides.
    assets = [static(name) for name in offline_files()]
    assets += [feast_data_url(language) for language in languages()]
    pages = [reverse("referee:offline"), reverse("referee:home")]
    source = _worker_source()
    version = hashlib.sha256(source + json.dumps([assets, pages]).encode()).hexdigest()[
        :12
    ]
    config = {
        "version": version,
        "assets": assets,
        "pages": pages,
        "offline": reverse("referee:offline"),
        # The prefix of every static address: static("") is no file, and the
        # manifest storage of a deployment refuses to name it.
        "static": PrefixNode.handle_simple("STATIC_URL"),
    }
    return "self.TAROKK_SW = " + json.dumps(config) + ";\n"


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, from the referee's address so that it looks after every
    referee page; its first line says which files to keep (they change with each
    release, and so then does this script, which makes browsers update it)."""
    body = _worker_config().encode() + _worker_source()
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = reverse("referee:home")
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def offline_page(request: HttpRequest) -> HttpResponse:
    """Shown by the service worker for a page never opened on this device."""
    return render(request, "scoring/offline.html")


@never_cache
@require_GET
def offline_token(request: HttpRequest) -> JsonResponse:
    """A fresh CSRF token for sending the hands kept on the device (the one in a
    page kept offline may be older than the last sign-in)."""
    user = request.user
    return JsonResponse(
        {
            "signed_in": user.is_authenticated,
            "user": user.get_username() if user.is_authenticated else "",
            "csrf": get_token(request),
        }
    )


def _answer(status: str, code: int, message: str, **extra: Any) -> JsonResponse:
    return JsonResponse({"status": status, "message": message, **extra}, status=code)


def _refused(
    errors: list[dict[str, Any]], rows: list[int], inputs: list[dict[str, Any]]
) -> JsonResponse:
    """A refused hand, in the words of the form's refusal: how many problems, and
    each with its field's label (what the form would list at the top)."""
    placed = place_errors(errors, rows, inputs)
    n = len(placed.all)
    return _answer(
        "refused",
        422,
        ngettext(
            "The hand was not saved: %(n)s problem to fix.",
            "The hand was not saved: %(n)s problems to fix.",
            n,
        )
        % {"n": n},
        errors=errors,
        problems=[
            {"label": error.get("label", ""), "message": error["message"]}
            for error in placed.all
        ],
    )


@require_POST
def hand_replay(request: HttpRequest, pk: int, number: int) -> JsonResponse:
    """A hand saved on the device while offline, sent now: the hand form's POST data,
    answered in JSON (saved, already stored, conflict, refused, sign in)."""
    if not request.user.is_authenticated:
        return _answer("signin", 401, _("Sign in again to send the hands kept here."))
    match = load_match(pk)
    if not 1 <= number <= match.hands_expected or not hand_editable_by(
        request.user, match
    ):
        return _answer(
            "refused",
            403,
            _("You may not enter hand %(n)s of this match.") % {"n": number},
        )
    data = request.POST
    correction = match.status == Match.Status.COMPLETED
    hand_form, formset = hand_forms(data, correction=correction)
    hand_form.is_valid()
    formset.is_valid()
    record, rows = record_from_forms(hand_form, formset)
    inputs = input_errors(hand_form, formset)
    if inputs:
        return _refused(hand_judge(record)["errors"], rows, inputs)
    version = save_options(data, correction=correction).version
    before = (
        Hand.objects.filter(match=match, number=number)
        .values_list("version", flat=True)
        .first()
    )
    try:
        saved = hand_submit(request, match, number, record)
    except HandRejected as error:
        return _refused(error.errors, rows, [])
    except HandConflict as error:
        return _answer("conflict", 409, error.message, version=error.current.version)
    except ServiceError as error:
        return _answer("refused", 422, error.message)
    already = before is not None and saved.version == before and version != before
    return _answer(
        "already" if already else "saved",
        200,
        _("Hand %(n)s saved: attack %(a)s, defence %(d)s.")
        % {"n": number, "a": saved.attack_score, "d": saved.defence_score},
        version=saved.version,
        attack=saved.attack_score,
        defence=saved.defence_score,
    )
