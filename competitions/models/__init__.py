"""The federation's data: people and teams, seasons and competitions, matches.

One model carries every competition (DOMAIN.md): a championship match, a cup tie's
matches and tie-breakers, a Grand Prix round and a Royal free game are all ``Match``es
of ``scoring.Hand``s, judged by the one engine.
"""

from .competitions import Competition
from .cup import CupRegistration, CupRound, CupTie
from .free_games import VariantGame, VariantScore
from .grand_prix import GrandPrixEntry
from .matches import JuryApproval, Lineup, Match, MatchResult
from .people import Membership, Player, Season, Team

__all__ = [
    "Competition",
    "CupRegistration",
    "CupRound",
    "CupTie",
    "GrandPrixEntry",
    "JuryApproval",
    "Lineup",
    "Match",
    "MatchResult",
    "Membership",
    "Player",
    "Season",
    "Team",
    "VariantGame",
    "VariantScore",
]
