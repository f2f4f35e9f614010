"""The integrity audit of the stored records (``manage.py check_records``, nightly in
``CELERY_BEAT_SCHEDULE``): every stored hand judged again by the engine, and the
federation's rules checked on what is stored — line-ups of members of the teams, no
substitute in the cup, match dates in their season, jury approvals before the match,
the 52-match cap, results equal to their hands, trophies equal to their hands (R9,
R11, R14, R15).

The services refuse all of this when records are written; the audit finds what came
in another way (the admin, the database, an old import, a bug). It only reads. Each
problem says where it is and what to do about it.
"""

from __future__ import annotations

from tarokk_admin.audit.hands import hands_check
from tarokk_admin.audit.matches import matches_check
from tarokk_admin.audit.problems import Check, Problem
from tarokk_admin.audit.trophies import trophies_check

CHECKS: list[Check] = [hands_check, matches_check, trophies_check]


def records_check() -> list[Problem]:
    """Every problem the checks find, in the order of the checks."""
    return [problem for check in CHECKS for problem in check()]
