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
from django.utils.translation import gettext_lazy, gettext_noop

from competitions.models import CupTie, Match, Team
from competitions.rules import bracket
from competitions.selectors.cup import tie_name
from competitions.services.cup.ties import cup_tie_advance, cup_tie_decide
from competitions.services.matches import match_void
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.roles import official_check
from tarokk_admin.core.words import app_words

OFFICIALS_ONLY = gettext_lazy("Only officials record a walkover.")

REASON_MAX = 500


def _reason(reason: str) -> str:
    reason = " ".join(reason.split())
    if not reason:
        raise ServiceError(
            _("Say why the tie is lost by walkover."), field="reason", code="reason"
        )
    if len(reason) > REASON_MAX:
        raise ServiceError(
            _("Keep the reason under %(n)s characters.") % {"n": REASON_MAX},
            field="reason",
            code="reason_too_long",
        )
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
    official_check(user, OFFICIALS_ONLY)
    tie = _locked(tie)
    if kind not in CupTie.Walkover.values:
        raise ServiceError(
            _("Choose whether the team withdrew or did not play."),
            field="kind",
            code="bad_kind",
        )
    reason = _reason(reason)
    if tie.team_a is None or tie.team_b is None:
        raise ServiceError(
            _("The teams of %(tie)s are not known yet.") % {"tie": tie_name(tie)},
            code="teams_unknown",
        )
    if tie.winner_id is not None:
        raise ServiceError(
            _("%(tie)s is decided: %(team)s won it.")
            % {"tie": tie_name(tie), "team": tie.winner.name},
            code="decided",
        )
    if loser.pk not in (tie.team_a_id, tie.team_b_id):
        raise ServiceError(
            _("%(team)s does not play %(tie)s.")
            % {"team": loser.name, "tie": tie_name(tie)},
            field="loser",
            code="not_in_tie",
        )
    year = tie.competition.season.year
    too_early = bracket.walkover_refusal(
        year,
        tie.round,
        today or timezone.localdate(),
        withdrawn=kind == CupTie.Walkover.WITHDRAWN,
    )
    if too_early is not None:
        raise ServiceError(
            _(
                "%(tie)s may still be played until %(date)s, the end of its round's "
                "month: a team that did not play loses by walkover only after that "
                "(R15). A team that withdraws loses at once."
            )
            % {"tie": tie_name(tie), "date": too_early.isoformat()},
            field="kind",
            code="too_early",
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
    official_check(user, OFFICIALS_ONLY)
    tie = _locked(tie)
    reason = _reason(reason)
    if not tie.walkover:
        raise ServiceError(
            _("%(tie)s was not decided by walkover.") % {"tie": tie_name(tie)},
            code="no_walkover",
        )
    target = bracket.next_position(tie.round, tie.slot)
    if target is not None:
        later = CupTie.objects.filter(
            competition_id=tie.competition_id, round=target[0], slot=target[1]
        ).first()
        if later and later.matches.exclude(status=Match.Status.VOID).exists():
            raise ServiceError(
                _(
                    "%(later)s already has matches: the walkover of %(tie)s stands "
                    "(void those matches first)."
                )
                % {"later": tie_name(later), "tie": tie_name(tie)},
                code="later_played",
            )
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
