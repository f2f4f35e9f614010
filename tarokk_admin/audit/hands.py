"""Every stored hand judged again by the engine (R1-R13): still valid, and its stored
result and scores equal to the engine's."""

from __future__ import annotations

from collections.abc import Iterator

from django.utils.translation import gettext as _

from scoring.engine import score_hand_record
from scoring.models import Hand
from tarokk_admin.audit.problems import match_where, problem_found
from tarokk_admin.core.problems import Problem

BATCH = 500


def hands_check() -> Iterator[Problem]:
    hands = Hand.objects.select_related(
        "match__team_a", "match__team_b", "match__competition__season"
    ).order_by("match_id", "number")
    for hand in hands.iterator(chunk_size=BATCH):
        where = _("%(match)s, hand %(number)s") % {
            "match": match_where(hand.match),
            "number": hand.number,
        }
        judged = score_hand_record(hand.record)
        if not judged["valid"]:
            first = judged["errors"][0]
            yield problem_found(
                "hand_invalid",
                where,
                _("The engine refuses the stored record: %(path)s %(message)s")
                % {"path": first["path"] or "/", "message": first["message"]},
                _(
                    "An official corrects the hand on the referee's page (with a "
                    "reason); the match result follows."
                ),
            )
            continue
        result = {k: v for k, v in judged.items() if k not in ("valid", "errors")}
        scores = (judged["attack"]["score"], judged["defence"]["score"])
        if (hand.attack_score, hand.defence_score) != scores or hand.result != result:
            yield problem_found(
                "hand_result_differs",
                where,
                _(
                    "The stored scores %(stored)s differ from the engine's "
                    "%(engine)s for the stored record."
                )
                % {
                    "stored": f"{hand.attack_score}/{hand.defence_score}",
                    "engine": f"{scores[0]}/{scores[1]}",
                },
                _(
                    "Save the hand again unchanged on the referee's page (an official, "
                    "with a reason): its result, the match result and the trophies "
                    "are recomputed."
                ),
            )
