"""The federation's data: people and teams, seasons and competitions, matches.

One model carries every competition (DOMAIN.md): a championship match, a cup tie's
matches and tie-breakers, a Grand Prix round and a Royal free game are all ``Match``es
of ``scoring.Hand``s, judged by the one engine.
"""

from .claims import PlayerClaim
from .closings import AnnualMeeting, Closing, ClosingCorrection, ClosingRow
from .competitions import Competition
from .cup import CupRegistration, CupRound, CupTie
from .free_games import (
    NAMED_VARIANTS,
    RECOGNISED_VARIANTS,
    FreeGamesClosing,
    FreeGamesWinner,
    SittingResult,
    Variant,
    VariantSitting,
)
from .grand_prix import GrandPrixEntry
from .honours import Honour, HonourCompetition, HonourPresentation
from .matches import JuryApproval, JuryRefusal, Lineup, Match, MatchResult
from .notices import AccountSettings, Notice, NoticeKind
from .people import Membership, Player, Season, Team
from .roles import AccountEvent, SeasonReferee, TeamCaptain

__all__ = [
    "NAMED_VARIANTS",
    "RECOGNISED_VARIANTS",
    "AccountEvent",
    "AccountSettings",
    "AnnualMeeting",
    "Closing",
    "ClosingCorrection",
    "ClosingRow",
    "Competition",
    "CupRegistration",
    "CupRound",
    "CupTie",
    "FreeGamesClosing",
    "FreeGamesWinner",
    "GrandPrixEntry",
    "Honour",
    "HonourCompetition",
    "HonourPresentation",
    "JuryApproval",
    "JuryRefusal",
    "Lineup",
    "Match",
    "MatchResult",
    "Membership",
    "Notice",
    "NoticeKind",
    "Player",
    "PlayerClaim",
    "Season",
    "SeasonReferee",
    "SittingResult",
    "Team",
    "TeamCaptain",
    "Variant",
    "VariantSitting",
]
