"""Cup walkovers (R15): a team that withdraws, or that does not play its tie by the
end of the round's month, loses the tie by walkover, recorded by an official with a
reason; the other team advances, and the bracket shows the tie as a walkover
without scores. The tie's matches still to play are voided with the same reason.

Whether a walkover may be recorded now is the pure bracket's
(``bracket.walkover_refusal``); these functions load, ask it and store."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from competitions.errors import ERRORS
from competitions.models import CupTie, Match, Team
from competitions.rules import bracket
from competitions.selectors.cup import tie_name
from competitions.services.cup.ties import cup_tie_advance, cup_tie_decide
from competitions.services.matches import match_void
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.roles import official_check
from tarokk_admin.core.words import app_words

REASON_MAX = 500


def _reason(reason: str) -> str:
    reason = " ".join(reason.split())
    if not reason:
        ERRORS.refuse("reason__walkover", field="reason")
    if len(reason) > REASON_MAX:
        ERRORS.refuse("reason_too_long", field="reason", n=REASON_MAX)
    return reason


def _locked(tie: CupTie) -> CupTie:
    return (
        CupTie.objects.select_for_update(of=("self",))
        .select_related("competition__season", "team_a", "team_b", "winner")
        .get(pk=tie.pk)
    )


@transaction.atomic
def cup_tie_walkover(
    *,
    tie: CupTie,
    loser: Team,
    kind: str,
    reason: str,
    user: Any,
    today: dt.date | None = None,
) -> CupTie:
    """R15: ``loser`` withdrew (``kind`` "withdrawn", at any time) or did not play
    the tie by the end of its round's month ("not_played", only after that month);
    the other team wins the tie by walkover and advances."""
    official_check(user, ERRORS.error("not_an_official__walkover"))
    tie = _locked(tie)
    if kind not in CupTie.Walkover.values:
        ERRORS.refuse("bad_kind", field="kind")
    reason = _reason(reason)
    if tie.team_a is None or tie.team_b is None:
        ERRORS.refuse("teams_unknown", tie=tie_name(tie))
    if tie.winner_id is not None:
        ERRORS.refuse("decided__cup_tie", tie=tie_name(tie), team=tie.winner.name)
    if loser.pk not in (tie.team_a_id, tie.team_b_id):
        ERRORS.refuse("not_in_tie", field="loser", team=loser.name, tie=tie_name(tie))
    year = tie.competition.season.year
    too_early = bracket.walkover_refusal(
        year,
        tie.round,
        today or timezone.localdate(),
        withdrawn=kind == CupTie.Walkover.WITHDRAWN,
    )
    if too_early is not None:
        ERRORS.refuse(
            "too_early", field="kind", tie=tie_name(tie), date=too_early.isoformat()
        )
    why = _("walkover: %(reason)s") % {"reason": reason}
    for match in tie.matches.filter(
        status__in=[Match.Status.SCHEDULED, Match.Status.IN_PLAY]
    ):
        match_void(match=match, user=user, reason=why)
    side = 1 if loser.pk == tie.team_a_id else 0
    decision = bracket.walkover(side)
    tie.winner = (tie.team_a, tie.team_b)[decision.winner or 0]
    tie.decided_at = timezone.now()
    tie.walkover, tie.walkover_reason, tie.walkover_by = kind, reason, user
    history_mark(tie, user, why)
    tie.save()
    cup_tie_advance(tie)
    return tie


@transaction.atomic
def cup_tie_walkover_cancel(*, tie: CupTie, reason: str, user: Any) -> CupTie:
    """An official takes back a walkover recorded by mistake, while the next round's
    tie has no match; the tie is decided again from its matches (voided ones do not
    count: schedule them again)."""
    official_check(user, ERRORS.error("not_an_official__walkover"))
    tie = _locked(tie)
    reason = _reason(reason)
    if not tie.walkover:
        ERRORS.refuse("no_walkover", tie=tie_name(tie))
    target = bracket.next_position(tie.round, tie.slot)
    if target is not None:
        later = CupTie.objects.filter(
            competition_id=tie.competition_id, round=target[0], slot=target[1]
        ).first()
        if later and later.matches.exclude(status=Match.Status.VOID).exists():
            ERRORS.refuse("later_played", later=tie_name(later), tie=tie_name(tie))
    tie.winner, tie.decided_at = None, None
    tie.walkover, tie.walkover_reason, tie.walkover_by = "", "", None
    history_mark(
        tie,
        user,
        app_words(gettext_noop("walkover cancelled: %(reason)s"), reason=reason),
    )
    tie.save()
    cup_tie_advance(tie)
    return cup_tie_decide(tie=tie)
