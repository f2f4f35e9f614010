"""The demo federation the sweep visits (``manage.py seed_demo``), and the ids that
fill each address pattern: a team, a player, a completed match, the demo referee's
match in play, a Grand Prix event, sittings, the claim, a cup tie, an import."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone, translation

from competitions.models import (
    Competition,
    CupTie,
    Match,
    MatchResult,
    Player,
    PlayerClaim,
    Season,
    Team,
    VariantSitting,
)
from competitions.selectors.calendars import referee_calendar_token
from competitions.selectors.honours import honour_years
from scoring.models import ImportRun
from scoring.services.imports.runs import import_run_create, import_run_execute
from trophies.models import TrophyAward

# The roles a page is swept as: a visitor and one demo account per role.
ANONYMOUS = "anonymous"
ROLES = (ANONYMOUS, "player", "captain", "referee", "jury", "official")


def demo_seed() -> None:
    """The demo, plus what it leaves out that a page needs: an import, refused
    with a problem to show, made by an official working in Hungarian (an import
    keeps its problems in the words they were written in)."""
    call_command("seed_demo", verbosity=0)
    if not ImportRun.objects.exists():
        official = get_user_model().objects.get(username="official")
        with translation.override("hu"):
            run = import_run_create(
                user=official,
                file_name="season.json",
                content=json.dumps(
                    {"format": "royal-tarokk-matches/1", "matches": [{}]}
                ),
            )
            import_run_execute(run_id=run.pk)


@dataclass(frozen=True)
class DemoIds:
    """What fills the patterns' ``<int:…>`` and ``<str:…>``."""

    year: int
    day: str
    team: int
    player: int
    match: int  # completed, public
    referee_match: int  # the demo referee's, in play
    referee_match_team: int
    referee: int
    referee_token: str
    grand_prix: int
    grand_prix_match: int
    disputed_match: int
    captain_match: int  # the demo captain's team's, completed when one is
    sitting: int  # confirmed: every visitor sees it
    pending_sitting: int  # recorded by ``player``, awaiting confirmation
    claim: int
    tie_round: int
    tie_slot: int
    import_run: int
    archive_award: int  # a trophy award of the demo's archive
    honours_year: int  # the newest year on the roll of honour
    closed_year: int  # the demo's previous year: closed, its meeting recorded
    closed_match: int  # a completed championship match of that year

    @classmethod
    def read(cls) -> DemoIds:
        season = Season.objects.order_by("-year").first()
        assert season is not None, "the demo has a season"
        referee = get_user_model().objects.get(username="referee")
        referee_match = (
            Match.objects.filter(referee=referee, status=Match.Status.IN_PLAY)
            .order_by("date", "id")
            .first()
        )
        assert referee_match is not None, "the demo referee has a match in play"
        completed = Match.objects.filter(
            status=Match.Status.COMPLETED, public=True
        ).order_by("date", "id")
        grand_prix = Competition.objects.filter(
            season=season, kind=Competition.Kind.GRAND_PRIX
        ).order_by("id")
        tie = (
            CupTie.objects.filter(competition__season=season, team_a__isnull=False)
            .order_by("round", "slot")
            .first()
        )
        return cls(
            year=season.year,
            day=timezone.localdate().isoformat(),
            team=_first(Team.objects.filter(memberships__season=season)),
            player=_first(Player.objects.filter(memberships__season=season)),
            match=_first(completed),
            referee_match=referee_match.pk,
            referee_match_team=referee_match.team_a_id,
            referee=referee.pk,
            referee_token=referee_calendar_token(referee.pk),
            grand_prix=_first(grand_prix),
            grand_prix_match=_first(
                Match.objects.filter(competition__in=grand_prix).order_by("id")
            ),
            disputed_match=_first(
                Match.objects.filter(results__answer=MatchResult.Answer.DISPUTED)
            ),
            captain_match=_captain_match(),
            sitting=_first(
                VariantSitting.objects.filter(status=VariantSitting.Status.CONFIRMED)
            ),
            pending_sitting=_first(
                VariantSitting.objects.filter(
                    status=VariantSitting.Status.PENDING,
                    recorded_by__username="player",
                )
            ),
            claim=_first(PlayerClaim.objects.all()),
            tie_round=tie.round if tie else 1,
            tie_slot=tie.slot if tie else 1,
            import_run=_first(ImportRun.objects.all()),
            archive_award=_first(
                TrophyAward.objects.filter(source=TrophyAward.Source.ARCHIVE)
            ),
            honours_year=(honour_years() or [season.year])[0],
            closed_year=season.year - 1,
            closed_match=_first(
                Match.objects.filter(
                    competition__season__year=season.year - 1,
                    competition__kind=Competition.Kind.CHAMPIONSHIP,
                    status=Match.Status.COMPLETED,
                ).order_by("id")
            ),
        )

    @property
    def date(self) -> dt.date:
        return dt.date.fromisoformat(self.day)


def _captain_match() -> int:
    """A match of a team the demo captain captains in its season, a completed one
    first (its answer form shows)."""
    from competitions.selectors.teams import captain_matches_filter

    captain = get_user_model().objects.get(username="captain")
    mine = Match.objects.filter(captain_matches_filter(captain)).exclude(
        status=Match.Status.VOID
    )
    done = mine.filter(status=Match.Status.COMPLETED)
    return _first(done if done.exists() else mine)


def _first(queryset: Any) -> int:
    pk = queryset.order_by("pk").values_list("pk", flat=True).first()
    assert pk is not None, f"the demo has a {queryset.model.__name__}"
    return int(pk)


def demo_names() -> set[str]:
    """Everything people named or typed that a page shows as it is, in every
    language: players, teams, clubs, venues, events, games and competitions as
    officials named them, accounts, notes."""
    from competitions.models import Honour, Notice, PlayerClaim
    from trophies.models import TrophyAward

    users = get_user_model().objects.values_list("username", "first_name", "last_name")
    names: set[str] = {part for row in users for part in row if part}
    names |= set(Player.objects.values_list("name", flat=True))
    names |= set(Player.objects.values_list("federation_number", flat=True))
    names |= set(Team.objects.values_list("name", flat=True))
    names |= set(Team.objects.values_list("club", flat=True))
    names |= set(Match.objects.values_list("venue", flat=True))
    # Grand Prix events are named by officials; the other competitions' fixed
    # names are translated.
    names |= set(
        Competition.objects.filter(kind=Competition.Kind.GRAND_PRIX).values_list(
            "name", flat=True
        )
    )
    # The roll of honour's names and events as the archive wrote them then.
    names |= set(Honour.objects.values_list("name", flat=True))
    names |= set(Honour.objects.values_list("event", flat=True))
    names |= set(VariantSitting.objects.values_list("name", flat=True))
    names |= set(VariantSitting.objects.values_list("event", flat=True))
    names |= set(MatchResult.objects.values_list("answer_note", flat=True))
    names |= set(MatchResult.objects.values_list("resolution_note", flat=True))
    names |= set(PlayerClaim.objects.values_list("note", flat=True))
    names |= set(TrophyAward.objects.values_list("jury_note", flat=True))
    names |= set(TrophyAward.objects.values_list("event", flat=True))
    names |= set(get_user_model().objects.values_list("email", flat=True))
    names |= set(ImportRun.objects.values_list("file_name", flat=True))
    for problems in ImportRun.objects.values_list("errors", flat=True):
        names |= {p.get("message", "") for p in problems or [] if isinstance(p, dict)}
    # Reasons officials typed are kept as typed (the app's own reasons are
    # translated when shown: tarokk_admin.core.words).
    from django.apps import apps

    for model in apps.get_models():
        if model.__name__.startswith("Historical"):
            names |= set(model.objects.values_list("history_change_reason", flat=True))
    # E-mails are written in their recipient's language and kept as sent.
    names |= set(Notice.objects.values_list("subject", flat=True))
    # The annual meeting's note and the jury's reasons for corrections after
    # closing, as typed.
    from competitions.models import AnnualMeeting, ClosingCorrection

    names |= set(AnnualMeeting.objects.values_list("note", flat=True))
    names |= set(ClosingCorrection.objects.values_list("reason", flat=True))
    return {name for name in names if name}
