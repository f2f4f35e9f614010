"""The cup's calendar (R15), run daily by Celery beat: the season's cup is opened
on its registration date, officials hear when registration closes, and a week
before each round's deadline they are e-mailed the ties still undecided.

Each notice is sent once: a cache key marks it as sent (Redis in production)."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.core.cache import cache
from django.core.mail import send_mail
from django.utils import translation
from django.utils.translation import gettext as _

from competitions.models import Competition, CupRound, CupTie, Season
from competitions.selectors.cup import active_registrations
from competitions.services.cup.registration import cup_ensure
from tarokk_admin.core.mail import role_emails
from tarokk_admin.core.roles import Role

REMINDER_DAYS = 7
SENT_FOR = 60 * 60 * 24 * 40  # longer than any gap between two notices


def _send_once(key: str, subject: str, body: str, role: Role) -> bool:
    recipients = role_emails(role)
    if not recipients or not cache.add(f"cup-notice:{key}", True, SENT_FOR):
        return False
    send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, recipients)
    return True


def cup_registration_update(*, today: dt.date) -> list[str]:
    """Open the cup of a season whose registration runs today (creating it with its
    rounds) and tell captains; the day after it closes, tell officials how many
    teams registered. Returns what it did, for the task's log."""
    done = []
    with translation.override(settings.LANGUAGE_CODE):
        for season in Season.objects.filter(
            cup_registration_opens__lte=today, cup_registration_closes__gte=today
        ):
            cup_ensure(season=season)
            if _send_once(
                f"open:{season.year}",
                _("Registration for the %(year)s Hungarian Cup is open")
                % {"year": season.year},
                _(
                    "Captains register their team's driver and catcher (no "
                    "substitute) until %(closes)s; the cup takes 16 teams (R15)."
                )
                % {"closes": season.cup_registration_closes},
                Role.TEAM_CAPTAIN,
            ):
                done.append(f"opened {season.year}")
        yesterday = today - dt.timedelta(days=1)
        for cup in Competition.objects.filter(
            kind=Competition.Kind.CUP, season__cup_registration_closes=yesterday
        ).select_related("season"):
            count = active_registrations(cup).count()
            if _send_once(
                f"closed:{cup.season.year}",
                _("Registration for the %(year)s cup closed: %(n)s teams")
                % {"year": cup.season.year, "n": count},
                _(
                    "%(n)s of 16 teams registered. Withdraw teams if needed and make "
                    "the draw on the cup's officials page."
                )
                % {"n": count},
                Role.OFFICIAL,
            ):
                done.append(f"closed {cup.season.year}")
    return done


def cup_deadline_reminders_send(*, today: dt.date) -> list[str]:
    """A week before a round's deadline, e-mail officials its undecided ties."""
    done = []
    due = today + dt.timedelta(days=REMINDER_DAYS)
    with translation.override(settings.LANGUAGE_CODE):
        for round_ in CupRound.objects.filter(deadline=due).select_related(
            "competition__season"
        ):
            ties = CupTie.objects.filter(
                competition=round_.competition, round=round_.number, winner__isnull=True
            ).select_related("team_a", "team_b")
            lines = [
                _("Tie %(slot)s: %(a)s – %(b)s")
                % {
                    "slot": t.slot,
                    "a": t.team_a or _("to be decided"),
                    "b": t.team_b or _("to be decided"),
                }
                for t in ties
            ]
            if not lines:
                continue
            year = round_.competition.season.year
            if _send_once(
                f"deadline:{year}:{round_.number}",
                _("%(year)s cup, %(round)s: %(n)s undecided ties, deadline %(date)s")
                % {
                    "year": year,
                    "round": round_.get_number_display(),
                    "n": len(lines),
                    "date": round_.deadline,
                },
                "\n".join(lines),
                Role.OFFICIAL,
            ):
                done.append(f"reminded {year} round {round_.number}")
    return done
