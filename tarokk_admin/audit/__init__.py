"""The integrity audit of the stored records (``manage.py check_records``, nightly in
``CELERY_BEAT_SCHEDULE``): every stored hand judged again by the engine, and the
federation's rules checked on what is stored — line-ups of members of the teams, no
substitute in the cup, match dates in their season, jury approvals before the match,
the 52-match cap, results equal to their hands, trophies equal to their hands (R9,
R11, R14, R15).

The services refuse all of this when records are written; the audit finds what came
in another way (the admin, the database, an old import, a bug). It only reads. Each
problem says where it is and what to do about it. What the outbox still has to do is
not a problem: a match whose follow-up has not run yet is listed as waiting
(``records_waiting``), its trophies checked once it has.
"""

from __future__ import annotations

from competitions.models import Match
from tarokk_admin.audit.hands import hands_check
from tarokk_admin.audit.matches import matches_check
from tarokk_admin.audit.pending import matches_waiting
from tarokk_admin.audit.problems import Check, match_where
from tarokk_admin.audit.trophies import trophies_check
from tarokk_admin.core.problems import Problem

CHECKS: list[Check] = [hands_check, matches_check, trophies_check]


def records_check() -> list[Problem]:
    """Every problem the checks find, in the order of the checks."""
    return [problem for check in CHECKS for problem in check()]


def records_waiting() -> list[str]:
    """Where the matches are whose follow-up still waits in the outbox and has not
    failed (a failing one is a problem of ``trophies_check``)."""
    ids = [w.match_id for w in matches_waiting().values() if not w.attempts]
    matches = (
        Match.objects.filter(pk__in=ids)
        .select_related("team_a", "team_b", "competition__season")
        .order_by("date", "pk")
    )
    return [match_where(match) for match in matches]
