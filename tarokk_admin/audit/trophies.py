"""The national trophy list equal to the hands (R9, R14): each completed match's
awards are exactly the made trophies of its hands, credited as the line-ups say; a
match that is not completed has none. A match whose follow-up (which awards its
trophies) still waits in the outbox is not checked yet (``audit.pending``); one
whose follow-up keeps failing is reported as such."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from django.db.models import Prefetch, Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from competitions.models import Match
from scoring.engine.catalogue import FEASTS
from scoring.models import Hand
from tarokk_admin.audit.pending import Waiting, matches_waiting
from tarokk_admin.audit.problems import match_where, problem_found
from tarokk_admin.core.problems import Problem
from trophies.models import TrophyAward
from trophies.services.awards import hand_made_trophies

BATCH = 200
FIELDS = ("player_id", "partner_id", "team_id", "feast", "value", "date")
FIX = gettext_lazy(
    "An official saves one of the match's hands again (with a reason): the match's "
    "trophies are recomputed from its hands, and the trophy cups follow."
)


def trophies_check() -> Iterator[Problem]:
    waiting = matches_waiting()
    awards: dict[int, list[TrophyAward]] = defaultdict(list)
    for award in TrophyAward.objects.filter(match__isnull=False).order_by("pk"):
        awards[award.match_id].append(award)
    matches = (
        Match.objects.filter(Q(status=Match.Status.COMPLETED) | Q(pk__in=list(awards)))
        .select_related("team_a", "team_b", "competition__season")
        .prefetch_related("lineups", Prefetch("hands", Hand.objects.order_by("number")))
        .order_by("date", "pk")
    )
    for match in matches.iterator(chunk_size=BATCH):
        if match.pk in waiting:
            yield from _failing(match, waiting[match.pk])
        else:
            yield from _match(match, awards.get(match.pk, []))


def _failing(match: Match, followup: Waiting) -> Iterator[Problem]:
    """A follow-up that failed: the match's trophies wait for it, and it retries."""
    if followup.attempts:
        yield problem_found(
            "followup_failed",
            match_where(match),
            _(
                "Its follow-up (trophies, cup decision, standings) failed %(n)s "
                "times and waits for its next try: %(error)s"
            )
            % {"n": followup.attempts, "error": followup.last_error[:300]},
            _(
                "Open the admin's Follow-ups page: once the cause is fixed, deliver "
                "it now; the trophies follow."
            ),
        )


def _match(match: Match, awards: list[TrophyAward]) -> Iterator[Problem]:
    where = match_where(match)
    wanted = {}
    if match.status == Match.Status.COMPLETED:
        lineups = {lineup.team_id: lineup for lineup in match.lineups.all()}
        for hand in match.hands.all():
            for trophy in hand_made_trophies(hand, match, lineups):
                wanted[(trophy.hand_id, trophy.team_id)] = trophy
    numbers = {hand.pk: hand.number for hand in match.hands.all()}
    for award in awards:
        key = (award.hand_id, award.team_id)
        trophy = wanted.pop(key, None)
        name = _(FEASTS[award.feast].name) if award.feast in FEASTS else award.feast
        what = {"feast": name, "hand": numbers.get(award.hand_id, "?")}
        if trophy is None:
            yield problem_found(
                "trophy_not_in_hands",
                where,
                _(
                    "The trophy list holds %(feast)s of hand %(hand)s, which its "
                    "hands do not give (R14)."
                )
                % what,
                str(FIX),
            )
        elif any(getattr(award, f) != getattr(trophy, f) for f in FIELDS):
            yield problem_found(
                "trophy_differs",
                where,
                _(
                    "The award of %(feast)s in hand %(hand)s differs from what its "
                    "hand gives (trophy, points, player, partner, team or date)."
                )
                % what,
                str(FIX),
            )
    for trophy in wanted.values():
        yield problem_found(
            "trophy_missing",
            where,
            _("Hand %(hand)s makes %(feast)s, which the trophy list lacks (R14).")
            % {
                "hand": numbers.get(trophy.hand_id, "?"),
                "feast": _(FEASTS[trophy.feast].name),
            },
            str(FIX),
        )
