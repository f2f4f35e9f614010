"""Ranking a standings table by R15's tie-breaks, each a small named object carrying
its own words (Tabbycat ``standings/metrics.py``): adding one touches nothing else.

Pure Python, no Django: rows are plain :class:`StandingRow` objects; words go through
the engine's translator (the application installs Django's ``gettext``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from scoring.engine.catalogue import FEASTS
from scoring.engine.i18n import _, gettext_noop
from scoring.engine.made import feast_name
from tarokk_admin.core.alphabet import collation_key
from tarokk_admin.core.ranking import shared_ranks

CHAMPIONSHIP_MATCH_CAP: Final = 52  # R15: a team plays at most 52 matches a season


def trophy_rank(code: str | None) -> tuple[int, int]:
    """R15: the higher value ranks higher, then the later catalogue row; none lowest."""
    if not code or code not in FEASTS:
        return (-1, -1)
    return FEASTS[code].trophy_rank


def best_trophy(codes: Sequence[str]) -> str | None:
    """The highest-ranking trophy among ``codes`` (R15), or None."""
    known = [code for code in codes if code in FEASTS]
    return max(known, key=trophy_rank, default=None)


@dataclass
class StandingRow:
    """One team's line of a table; ``score`` is points (championship) or the raw
    total (Grand Prix), ``best_match`` the best match in the same unit."""

    team_id: int
    team: str
    club: str
    matches: int
    score: int
    best_match: int
    best_trophy: str | None = None
    rank: int = 0
    shared: bool = False
    # The tie-break that put this row below the one above: the metric's code and that
    # row; kept as data so cached tables are put into words in each visitor's language.
    decided: tuple[str, StandingRow] | None = field(default=None, repr=False)
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def team_sort(self) -> tuple[Any, ...]:
        """The team's name as the Hungarian order sorts it (a table's A-Z)."""
        return collation_key(self.team)

    @property
    def club_sort(self) -> tuple[Any, ...]:
        return collation_key(self.club)

    @property
    def decided_by(self) -> str:
        """The deciding tie-break in words, in the active language ("" if none)."""
        if self.decided is None:
            return ""
        code, above = self.decided
        return METRICS[code].explain(above, self)

    @property
    def average(self) -> float:
        return round(self.score / self.matches, 1) if self.matches else 0.0

    @property
    def best_trophy_name(self) -> str:
        return feast_name(self.best_trophy) if self.best_trophy else ""


@dataclass(frozen=True)
class Metric:
    """A ranking criterion: a higher ``key`` ranks higher; ``explain`` says in words
    why the row above is ahead on this metric; ``words`` names it in a sentence (the
    page's "Ties: …", :func:`tie_breaks_words`), marked for translation."""

    code: str
    key: Callable[[StandingRow], Any]
    explain: Callable[[StandingRow, StandingRow], str]
    words: str = ""


def _best_match_words(above: StandingRow, below: StandingRow) -> str:
    return _(
        "below %(team)s on the best single match: %(theirs)s to %(ours)s (R15)"
    ) % {"team": above.team, "theirs": above.best_match, "ours": below.best_match}


def _best_trophy_words(above: StandingRow, below: StandingRow) -> str:
    return _("below %(team)s on the best trophy: %(theirs)s to %(ours)s (R15)") % {
        "team": above.team,
        "theirs": above.best_trophy_name,
        "ours": below.best_trophy_name or _("none"),
    }


SCORE = Metric("score", lambda row: row.score, lambda above, below: "")
BEST_MATCH = Metric(
    "best_match",
    lambda row: row.best_match,
    _best_match_words,
    gettext_noop("the best single match"),
)
BEST_TROPHY = Metric(
    "best_trophy",
    lambda row: trophy_rank(row.best_trophy),
    _best_trophy_words,
    gettext_noop("the best trophy"),
)

# R15, both for the championship (score = points) and the Grand Prix (raw totals).
R15_METRICS: tuple[Metric, ...] = (SCORE, BEST_MATCH, BEST_TROPHY)
METRICS: dict[str, Metric] = {metric.code: metric for metric in R15_METRICS}


def tie_breaks_words(metrics: Sequence[Metric] = R15_METRICS) -> str:
    """The tie-breaks in one sentence, in the active language, from the metrics
    themselves (the first is the score, not a tie-break): a new metric is named on
    the page without editing it."""
    order = _(", then ").join(_(metric.words) for metric in metrics[1:])
    return _("Ties: %(order)s; teams equal on every one share a rank (R15).") % {
        "order": order
    }


def rank_rows(
    rows: Sequence[StandingRow], metrics: Sequence[Metric] = R15_METRICS
) -> list[StandingRow]:
    """Sort by the metrics in order; rows equal on every metric share a rank and the
    next rank skips (1, 2, 2, 4); within a shared rank rows go by team name.

    Each row below an equal-score row gets ``decided``: the tie-break that put it
    there (``decided_by`` says it in words).
    """

    def keys(row: StandingRow) -> tuple[Any, ...]:
        return tuple(metric.key(row) for metric in metrics)

    ordered = sorted(rows, key=lambda row: collation_key(row.team))
    ordered.sort(key=keys, reverse=True)
    ranks = shared_ranks(ordered, keys)
    sizes = Counter(ranks)
    for index, row in enumerate(ordered):
        row.rank, row.decided = ranks[index], None
        row.shared = sizes[row.rank] > 1
        above = ordered[index - 1] if index else None
        if above is None or above.rank == row.rank:
            continue
        if metrics[0].key(above) != metrics[0].key(row):
            continue
        for metric in metrics[1:]:
            if metric.key(above) != metric.key(row):
                METRICS.setdefault(metric.code, metric)
                row.decided = (metric.code, above)
                break
    return ordered
