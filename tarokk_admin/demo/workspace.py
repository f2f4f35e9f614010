"""The officials' workspace of the demo shows a season in progress: besides the
matches, sittings and claims the other parts leave waiting, the demo captain has
disputed one of their team's results."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from competitions.models import Match, MatchResult, TeamCaptain
from competitions.services.results import result_answer

DISPUTE_NOTE = "5. leosztás: az ultimóra mondott kontra nem került be a jegyzőkönyvbe."


def demo_workspace_seed() -> list[str]:
    """One disputed result of the captain's team (not its latest, which the captain
    still has to answer), unless a result is disputed."""
    if MatchResult.objects.filter(answer=MatchResult.Answer.DISPUTED).exists():
        return []
    captain = get_user_model().objects.filter(username="captain").first()
    row = (
        TeamCaptain.objects.filter(user=captain).select_related("team").first()
        if captain
        else None
    )
    if row is None:
        return []
    team = row.team
    # The latest result stays for the captain to answer; an earlier one is disputed.
    rows = list(
        MatchResult.objects.filter(team=team, match__status=Match.Status.COMPLETED)
        .select_related("match")
        .order_by("-match__date", "-match_id")[1:]
    )
    confirmed = [r for r in rows if r.answer == MatchResult.Answer.CONFIRMED]
    row = next(
        (r for r in rows if r.answer == MatchResult.Answer.PENDING),
        confirmed[0] if len(confirmed) > 1 else None,
    )
    if row is None:
        return []
    result_answer(
        match=row.match, team=team, user=captain, confirm=False, note=DISPUTE_NOTE
    )
    return [f"Demo workspace: {team.name} disputes {row.match}."]
