"""The cup's calendar (R15), run daily by Celery beat: the season's cup is opened
on its registration date, officials hear when registration closes, and a week
before each round's deadline they are e-mailed the ties still undecided.

Each notice is written once per address (``notices.notice_role`` with a key, a
unique row in the database) in the recipient's language, and sent by the worker."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _

from competitions.models import Competition, CupRound, CupTie, NoticeKind, Season
from competitions.selectors.cup import active_registrations
from competitions.selectors.teams import season_captains
from competitions.services.cup.registration import cup_ensure
from competitions.services.notices import notice_role
from tarokk_admin.core.roles import Role

REMINDER_DAYS = 7


def _send_once(
    key: str,
    message: str,
    values: Callable[[], Mapping[str, Any]],
    role: Role,
    users: list[Any] | None = None,
) -> bool:
    """Write the calendar's ``message`` (its words declared with the kind, in
    ``competitions/notices/kinds.py``) for everyone in ``role`` (or ``users``) not
    told yet; True when any was."""
    written = notice_role(
        NoticeKind.CUP_CALENDAR,
        message=message,
        values=values,
        role=role,
        key=f"cup:{key}",
        users=users,
    )
    return bool(written)


def cup_registration_update(*, today: dt.date) -> list[str]:
    """Open the cup of a season whose registration runs today (creating it with its
    rounds) and tell captains; the day after it closes, tell officials how many
    teams registered. Returns what it did, for the task's log."""
    done = []
    for season in Season.objects.filter(
        cup_registration_opens__lte=today, cup_registration_closes__gte=today
    ):
        cup_ensure(season=season)
        if _send_once(
            f"open:{season.year}",
            "open",
            lambda season=season: {
                "year": season.year,
                "closes": season.cup_registration_closes,
            },
            Role.TEAM_CAPTAIN,
            # The captains of that season's teams.
            [row.user for row in season_captains(season.pk).values()],
        ):
            done.append(f"opened {season.year}")
    yesterday = today - dt.timedelta(days=1)
    for cup in Competition.objects.filter(
        kind=Competition.Kind.CUP, season__cup_registration_closes=yesterday
    ).select_related("season"):
        values = {"year": cup.season.year, "n": active_registrations(cup).count()}
        if _send_once(
            f"closed:{cup.season.year}",
            "closed",
            lambda values=values: values,
            Role.OFFICIAL,
        ):
            done.append(f"closed {cup.season.year}")
    return done


def _undecided_lines(ties: list[CupTie]) -> str:
    return "\n".join(
        _("Tie %(slot)s: %(a)s – %(b)s")
        % {
            "slot": t.slot,
            "a": t.team_a or _("to be decided"),
            "b": t.team_b or _("to be decided"),
        }
        for t in ties
    )


def cup_deadline_reminders_send(*, today: dt.date) -> list[str]:
    """A week before a round's deadline, e-mail officials its undecided ties."""
    done = []
    due = today + dt.timedelta(days=REMINDER_DAYS)
    for round_ in CupRound.objects.filter(deadline=due).select_related(
        "competition__season"
    ):
        ties = list(
            CupTie.objects.filter(
                competition=round_.competition, round=round_.number, winner__isnull=True
            ).select_related("team_a", "team_b")
        )
        if not ties:
            continue
        year = round_.competition.season.year
        if _send_once(
            f"deadline:{year}:{round_.number}",
            "deadline",
            lambda round_=round_, ties=ties: {
                "year": round_.competition.season.year,
                "round": round_.get_number_display(),
                "n": len(ties),
                "date": round_.deadline,
                "ties": _undecided_lines(ties),
            },
            Role.OFFICIAL,
        ):
            done.append(f"reminded {year} round {round_.number}")
    return done
