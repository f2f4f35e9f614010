"""Entering one hand (HAND_RECORD.md): the score-sheet form, its live preview, saving
with optimistic versions, and uploading a hand record. The engine judges everything."""

from __future__ import annotations

import re
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from competitions.models import Match
from competitions.selectors.disputes import match_has_open_dispute
from scoring.engine import score_hand_record, sheet_from_play
from scoring.forms import RecordUploadForm, hand_forms, place_errors, record_from_forms
from scoring.forms.compare import hand_differences
from scoring.forms.messages import readable_errors
from scoring.forms.record import PlacedErrors, defence_facts, input_errors
from scoring.models import Hand
from scoring.selectors.access import hand_editable_by
from scoring.services.hands import HandConflict, HandRejected, hand_judge
from scoring.views.access import load_match, match_view_check
from scoring.views.feast_data import feast_data_url
from scoring.views.match import edit_refusal
from scoring.views.submit import hand_submit, save_options
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.listing import problems_listed
from tarokk_admin.core.methods import get_or_post
from tarokk_admin.core.params import whole_number
from tarokk_admin.core.roles import is_official, refuse

REMOVABLE = re.compile(r"announcements-\d{1,2}")


def _load(request: HttpRequest, pk: int, number: int) -> Match:
    match = load_match(pk)
    if not 1 <= number <= match.hands_expected:
        raise Http404(
            _("This match has hands 1 to %(n)s.") % {"n": match.hands_expected}
        )
    match_view_check(request, match)
    if not hand_editable_by(request.user, match):
        refuse(request, edit_refusal(request.user, match))
    return match


def _sheet_record(hand: Hand | None) -> dict[str, Any]:
    """The stored record as score-sheet facts (a play record is shown as its facts)."""
    if hand is None:
        return {}
    record = hand.record
    if isinstance(record, dict) and "play" in record:
        return sheet_from_play(record, score_hand_record(record))
    return record


def _side_teams(match: Match, number: int) -> dict[str, Any]:
    attack_id = match.attack_team_id(number)
    if attack_id is None:
        return {"attack": None, "defence": None}
    attack = match.team_a if attack_id == match.team_a_id else match.team_b
    defence = match.team_b if attack is match.team_a else match.team_a
    return {"attack": attack, "defence": defence}


def _table(match: Match, number: int) -> dict[str, Any]:
    """Who sits at the table in this hand: each side's team and line-up, and the
    names the announcement buttons show (``attack`` -> team, driver, catcher)."""
    sides = _side_teams(match, number)
    lineups = {
        lu.team_id: lu for lu in match.lineups.select_related("driver", "catcher")
    }
    by_side = {
        side: lineups.get(team.pk) if team else None for side, team in sides.items()
    }
    names = {
        side: {
            "team": team.name if team else "",
            "driver": by_side[side].driver.name if by_side[side] else "",
            "catcher": by_side[side].catcher.name if by_side[side] else "",
        }
        for side, team in sides.items()
    }
    return {"sides": sides, "lineups": by_side, "names": names}


def _context(
    request: HttpRequest,
    match: Match,
    number: int,
    hand_form: Any,
    formset: Any,
    **extra: Any,
) -> dict[str, Any]:
    stored = list(
        Hand.objects.filter(match=match).values_list(
            "number", "attack_team_id", "attack_score", "defence_score"
        )
    )
    totals = [0, 0]
    for _n, attack_id, attack, defence in stored:
        a, b = (attack, defence) if attack_id == match.team_a_id else (defence, attack)
        totals = [totals[0] + a, totals[1] + b]
    table = extra.pop("table", None) or _table(match, number)
    return {
        "match": match,
        "number": number,
        "numbers": range(1, match.hands_expected + 1),
        "stored": {row[0] for row in stored},
        "totals": totals,
        "sides": table["sides"],
        "lineups": table["lineups"],
        "form": hand_form,
        "formset": formset,
        "placed": extra.pop("placed", PlacedErrors()),
        "upload_form": extra.pop("upload_form", RecordUploadForm()),
        "correction": match.status == Match.Status.COMPLETED,
        "open_dispute": match.status == Match.Status.COMPLETED
        and match_has_open_dispute(match),
        "feast_data_src": feast_data_url(),
        **extra,
    }


def _stored_hand(match: Match, number: int) -> Hand | None:
    return (
        Hand.objects.select_related("updated_by__player")
        .filter(match=match, number=number)
        .first()
    )


def _render_stored(
    request: HttpRequest,
    match: Match,
    number: int,
    hand: Hand | None,
    correction: bool,
    **extra: Any,
) -> HttpResponse:
    """The hand form filled with the stored hand (or empty for a new one)."""
    table = _table(match, number)
    record = _sheet_record(hand)
    hand_form, formset = hand_forms(
        record=record,
        version=hand.version if hand else 0,
        correction=correction,
        names=table["names"],
    )
    context = _context(
        request,
        match,
        number,
        hand_form,
        formset,
        hand=hand,
        table=table,
        derived=defence_facts(record.get("attack") or {}),
        **extra,
    )
    return render(request, "scoring/hand_form.html", context)


def _judged(
    record: dict[str, Any], rows: list[int], inputs: list[dict[str, Any]]
) -> dict[str, Any]:
    """The engine's verdict and every problem on its field; what the forms could not
    read (``inputs``) makes the hand invalid whatever the engine says of the rest."""
    verdict = hand_judge(record)
    if inputs:
        verdict = {**verdict, "valid": False}
    return {"verdict": verdict, "placed": place_errors(verdict["errors"], rows, inputs)}


def _field_refusal(hand_form: Any, error: ServiceError) -> dict[str, Any]:
    """A service's refusal that names a field of the form (a correction without a
    reason), to be listed at the top like every refused save, its field focused."""
    return {
        "code": error.code,
        "message": error.message,
        "path": "",
        "field": error.field,
        "label": str(hand_form.fields[str(error.field)].label),
    }


def _save(
    request: HttpRequest,
    match: Match,
    number: int,
    action: str,
    hand_form: Any,
    formset: Any,
    ctx: dict[str, Any],
) -> HttpResponse | None:
    """Save (or overwrite) the hand: the next page, or None with what to show in
    ``ctx`` (every problem listed at the top, or the conflict panel)."""
    record, rows = record_from_forms(hand_form, formset)
    inputs = input_errors(hand_form, formset)
    if inputs:  # refused like the engine's refusals: what could not be read, listed
        ctx.update(_judged(record, rows, inputs), refused_list=True)
        return None
    correction = match.status == Match.Status.COMPLETED
    try:
        saved = hand_submit(request, match, number, record)
    except HandRejected as error:
        ctx["placed"] = place_errors(error.errors, rows)
        ctx["verdict"] = {"valid": False, "errors": error.errors}
        ctx["refused_list"] = True  # the list says it, with the readable count
        if not ctx["placed"].all:
            ctx["refused"] = error.message
        return None
    except HandConflict as error:
        ctx["conflict"] = error
        ctx["mine"] = hand_judge(record)
        ctx["differences"] = hand_differences(
            _sheet_record(error.current), record, ctx["table"]["names"]
        )
        return None
    except ServiceError as error:
        if error.field and error.field in hand_form.fields:
            refusal = _field_refusal(hand_form, error)
            ctx.update(_judged(record, rows, [refusal]), refused_list=True)
        else:
            ctx["refused"] = error.message
        return None
    messages.success(
        request,
        _("Hand %(n)s saved: attack %(a)s, defence %(d)s.")
        % {"n": number, "a": saved.attack_score, "d": saved.defence_score},
    )
    if number < match.hands_expected and not (correction and is_official(request.user)):
        return redirect("referee:hand", pk=match.pk, number=number + 1)
    return redirect("referee:match", pk=match.pk)


@get_or_post
def hand_edit(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    match = _load(request, pk, number)
    correction = match.status == Match.Status.COMPLETED
    hand = _stored_hand(match, number)
    if request.method != "POST":
        return _render_stored(request, match, number, hand, correction)
    action = request.POST.get("action", "check")
    data = request.POST.copy()
    removed = request.POST.get("remove", "")
    if REMOVABLE.fullmatch(removed):  # a row's "Remove" button without JavaScript
        data[f"{removed}-DELETE"] = "on"
        action = "check"
    if action == "add":
        key = "announcements-TOTAL_FORMS"
        data[key] = str((whole_number(data.get(key)) or 0) + 1)
    table = _table(match, number)
    hand_form, formset = hand_forms(data, correction=correction, names=table["names"])
    hand_form.is_valid()
    formset.is_valid()
    record, rows = record_from_forms(hand_form, formset)
    ctx: dict[str, Any] = {"hand": hand, "table": table, "derived": record["defence"]}
    if action in ("save", "overwrite"):
        saved = _save(request, match, number, action, hand_form, formset, ctx)
        if saved is not None:
            return saved
    else:
        ctx.update(_judged(record, rows, input_errors(hand_form, formset)))
    return render(
        request,
        "scoring/hand_form.html",
        _context(request, match, number, hand_form, formset, **ctx),
    )


@require_POST
def hand_preview(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """htmx: the engine's verdict on what is typed so far; stores nothing."""
    match = _load(request, pk, number)
    correction = match.status == Match.Status.COMPLETED
    hand_form, formset = hand_forms(request.POST, correction=correction)
    hand_form.is_valid()
    formset.is_valid()
    record, rows = record_from_forms(hand_form, formset)
    return render(
        request,
        "scoring/_hand_preview.html",
        {
            **_judged(record, rows, input_errors(hand_form, formset)),
            "form": hand_form,
            "formset": formset,
            "sides": _side_teams(match, number),
            "derived": record["defence"],
            "oob": True,
        },
    )


@require_POST
def hand_upload(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A hand record JSON (file or pasted) into this hand, through the same engine."""
    match = _load(request, pk, number)
    correction = match.status == Match.Status.COMPLETED
    hand = _stored_hand(match, number)
    form = RecordUploadForm(request.POST, request.FILES)
    upload_errors: list[dict[str, str]] = []
    # A correction may answer the match's dispute, as on the form (R15).
    options = save_options(request.POST, correction=correction)
    if form.is_valid():
        try:
            saved = hand_submit(request, match, number, form.cleaned_data["record"])
        except HandRejected as error:
            upload_errors = problems_listed(
                readable_errors(error.errors, derived=False)
            )
            form.add_error(None, error.message)
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                _(
                    "Hand %(n)s saved from the uploaded record: attack %(a)s, "
                    "defence %(d)s."
                )
                % {"n": number, "a": saved.attack_score, "d": saved.defence_score},
            )
            return redirect("referee:match", pk=match.pk)
    return _render_stored(
        request,
        match,
        number,
        hand,
        correction,
        upload_form=form,
        upload_errors=upload_errors,
        upload_open=True,
        upload_reason=request.POST.get("reason", ""),
        upload_resolve=options.resolve_dispute,
    )
