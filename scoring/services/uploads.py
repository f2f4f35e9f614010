"""Uploading a whole match record into a match's hands: all or nothing (HAND_RECORD.md)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from competitions.models import Match, NoticeKind
from competitions.services.matches import match_cut_set, match_followup_queue
from competitions.services.notices import notice_match
from competitions.services.results import match_results_store
from scoring.engine import score_match_record
from scoring.models import Hand
from scoring.services.hands import HandRejected, hand_save


@transaction.atomic
def match_hands_upload(
    *, match: Match, record: Any, user: Any, reason: str = ""
) -> list[Hand]:
    """Store a whole match record (royal-tarokk-match/1) into the match's hands: all
    or nothing. Every hand is judged first and every error is raised together
    (:class:`HandRejected`, paths like ``/hands/3/attack/trumps``); the record must
    name this match's teams and agree with its cut (R3). Existing hands are replaced."""
    result = score_match_record(record)
    errors = [] if result["valid"] else list(result["errors"])
    names = {match.team_a.name: match.team_a, match.team_b.name: match.team_b}
    if isinstance(record, dict):
        teams = record.get("teams")
        if isinstance(teams, list) and set(map(str, teams)) != set(names):
            errors.append(
                {
                    "code": "wrong_teams",
                    "path": "/teams",
                    "message": _("This match is %(a)s – %(b)s; the record names %(t)s.")
                    % {
                        "a": match.team_a.name,
                        "b": match.team_b.name,
                        "t": " – ".join(map(str, teams)),
                    },
                }
            )
        first = names.get(str(record.get("first_attack")))
        if first is not None and match.first_attack_id not in (None, first.pk):
            errors.append(
                {
                    "code": "wrong_first_attack",
                    "path": "/first_attack",
                    "message": _(
                        "The cut made the other team attack in hand 1, not %(team)s (R3)."
                    )
                    % {"team": first.name},
                }
            )
        if bool(record.get("tiebreak")) != bool(match.tiebreak):
            errors.append(
                {
                    "code": "wrong_tiebreak",
                    "path": "/tiebreak",
                    "message": _("This match has %(n)s hands; the record does not.")
                    % {"n": match.hands_expected},
                }
            )
    if errors:
        raise HandRejected(errors)
    if match.first_attack_id is None:
        match_cut_set(match=match, first_attack=names[record["first_attack"]])
    versions = dict(match.hands.values_list("number", "version"))
    hands = [
        hand_save(
            match=match,
            number=number,
            record=hand,
            user=user,
            version=versions.get(number),
            reason=reason,
            followup=False,
        )
        for number, hand in enumerate(record["hands"], start=1)
    ]
    # A completed match's result is recomputed once for the whole record, not per hand.
    match.refresh_from_db(fields=["status"])
    if match.status == Match.Status.COMPLETED:
        match_results_store(match)
        match_followup_queue(match)
        notice_match(NoticeKind.RESULT_CORRECTED, match=match, note=reason)
    return hands
