from .tallies import HEADLINES, MatchTally, Scope, SeasonStatistics

__all__ = ["HEADLINES", "MatchTally", "Scope", "SeasonStatistics"]
