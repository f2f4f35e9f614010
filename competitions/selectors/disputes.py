"""Reading disputes: the matches whose result a captain disputes, with both teams'
results, for the officials' list."""

from __future__ import annotations

from django.db.models import Count, Prefetch, QuerySet

from competitions.models import Match, MatchResult
from tarokk_admin.core.collation import hu


def disputed_matches() -> QuerySet[Match]:
    """Completed matches with an open dispute, the latest dispute first; each with
    its results (``rows``) and its number of stored hands (``hand_count``)."""
    return (
        Match.objects.filter(results__answer=MatchResult.Answer.DISPUTED)
        .distinct()
        .select_related("competition__season", "team_a", "team_b")
        .prefetch_related(
            Prefetch(
                "results",
                queryset=MatchResult.objects.select_related(
                    "team", "answered_by"
                ).order_by(hu("team__name")),
                to_attr="rows",
            )
        )
        .annotate(hand_count=Count("hands", distinct=True))
        .order_by("-date", "-id")
    )


def match_has_open_dispute(match: Match) -> bool:
    return MatchResult.objects.filter(
        match=match, answer=MatchResult.Answer.DISPUTED
    ).exists()
