from stats.rules.counting import HEADLINES

from .tallies import MatchTally, Scope, SeasonStatistics

__all__ = ["HEADLINES", "MatchTally", "Scope", "SeasonStatistics"]
