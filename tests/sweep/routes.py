"""Every address pattern of the site, read from the URLconf, and how the sweep visits
it: as a page in the browser, as a file fetched, or not at all (with the reason).

A pattern is named by its URL name with its namespaces (``officials:schedule``).
``tests/sweep/test_routes.py`` fails when a pattern is neither swept nor listed here,
so a new page is swept from the day it is added (or says why it cannot be).
"""

from __future__ import annotations

import fnmatch
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from django.contrib import admin
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.sweep.demo import ANONYMOUS, ROLES, DemoIds

SIGNED_IN = tuple(role for role in ROLES if role != ANONYMOUS)
OFFICIAL = ("official",)
REFEREE = ("referee", "official")  # officials may do a referee's work
JURY = ("jury", "official")  # and the jury's
CAPTAIN = ("captain",)
PLAYER = ("player",)  # a signed-in account linked to a federation player
# The free-games pages of an account: linked to a player, or not (an official).
ACCOUNT = ("player", "official")

Fill = Callable[[DemoIds], dict[str, Any]]


def _none(demo: DemoIds) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class Sweep:
    """How a pattern is visited: ``page`` in the browser (every check), or ``fetch``
    (a file or fragment: status and type); by ``roles``, with ``fill``'s ids."""

    kind: str
    roles: tuple[str, ...]
    fill: Fill = _none
    content_type: str = "text/html"
    query: Callable[[DemoIds], str] | None = None

    def address(self, name: str, demo: DemoIds) -> str:
        query = f"?{self.query(demo)}" if self.query else ""
        return reverse(name, kwargs=self.fill(demo)) + query


def page(roles: tuple[str, ...] = ROLES, fill: Fill = _none) -> Sweep:
    return Sweep("page", roles, fill)


def fetch(
    roles: tuple[str, ...] = (ANONYMOUS,),
    fill: Fill = _none,
    content_type: str = "application/json",
    query: Callable[[DemoIds], str] | None = None,
) -> Sweep:
    return Sweep("fetch", roles, fill, content_type, query)


def _year(d: DemoIds) -> dict[str, Any]:
    return {"year": d.year}


def _team(d: DemoIds) -> dict[str, Any]:
    return {"pk": d.team}


def _match(d: DemoIds) -> dict[str, Any]:
    return {"pk": d.match}


def _referee_match(d: DemoIds) -> dict[str, Any]:
    return {"pk": d.referee_match}


def _sitting(d: DemoIds) -> dict[str, Any]:
    return {"pk": d.sitting}


def _pending_sitting(d: DemoIds) -> dict[str, Any]:
    return {"pk": d.pending_sitting}


def _day(d: DemoIds) -> dict[str, Any]:
    return {"day": d.day}


def _grand_prix(d: DemoIds) -> dict[str, Any]:
    return {"pk": d.grand_prix}


def _year_team(d: DemoIds) -> dict[str, Any]:
    return {"year": d.year, "pk": d.team}


def _year_player(d: DemoIds) -> dict[str, Any]:
    return {"year": d.year, "pk": d.player}


def _closed_year(d: DemoIds) -> dict[str, Any]:
    return {"year": d.closed_year}


def _closed_match(d: DemoIds) -> dict[str, Any]:
    return {"pk": d.closed_match}


def _str_year(d: DemoIds) -> dict[str, Any]:
    return {"year": str(d.year)}


ICS = "text/calendar"

SWEPT: dict[str, Sweep] = {
    # The public site: every visitor, signed in or not.
    "home": page(),
    "login": page((ANONYMOUS,)),
    "team": page(fill=_team),
    "honours": page(),
    "honours_year": page(fill=lambda d: {"year": d.honours_year}),
    "sitting": page(fill=_sitting),
    "competitions:championship": page(),
    "competitions:championship_season": page(fill=_year),
    "competitions:grand_prix": page(),
    "competitions:grand_prix_event": page(fill=_grand_prix),
    "competitions:free_games": page(),
    "competitions:free_games_season": page(fill=_year),
    "competitions:cup": page(),
    "competitions:cup_bracket": page(fill=_year),
    "scoring:match": page(fill=_match),
    "scoring:match_sheet": page(fill=_match),
    "trophies:list": page(),
    "trophies:player": page(fill=lambda d: {"pk": d.player}),
    "statistics:current": page(),
    "statistics:season": page(fill=_year),
    "statistics:teams": page(fill=_year),
    "statistics:team": page(fill=_year_team),
    "statistics:players": page(fill=_year),
    "statistics:player": page(fill=_year_player),
    "statistics:live_today": page(),
    "statistics:live": page(fill=_day),
    "statistics:live_projector": page(fill=_day),
    # Signed-in accounts.
    "competitions:account_settings": page(SIGNED_IN),
    "competitions:free_games_mine": page(ACCOUNT),
    "competitions:free_games_account": page(ACCOUNT),
    "competitions:sitting_new": page(PLAYER),
    "sitting_correct": page(PLAYER, _pending_sitting),
    "sitting_void": page(PLAYER, _pending_sitting),
    "competitions:cup_register": page(CAPTAIN, _year),
    "competitions:captaincy": page(CAPTAIN),
    "password_change": page(SIGNED_IN),
    "password_change_done": page(SIGNED_IN),
    "password_reset": page((ANONYMOUS,)),
    "password_reset_done": page((ANONYMOUS,)),
    "password_reset_complete": page((ANONYMOUS,)),
    # The referee, the jury and the captains.
    "referee:home": page(REFEREE),
    "referee:offline": page(REFEREE),
    "referee:match": page(REFEREE, _referee_match),
    "referee:hand": page(REFEREE, lambda d: {"pk": d.referee_match, "number": 1}),
    "referee:match_complete": page(REFEREE, _referee_match),
    "jury:home": page(JURY),
    "jury:given": page(JURY),
    "captain:home": page(CAPTAIN),
    "captain:match": page(CAPTAIN, lambda d: {"pk": d.captain_match}),
    # The officials' workspace.
    "officials:home": page(OFFICIAL),
    "officials:cup_current": page(OFFICIAL),
    "officials:seasons": page(OFFICIAL),
    "officials:season": page(OFFICIAL, _year),
    "officials:annual_meeting": page(OFFICIAL, _closed_year),
    "jury:correction": page(JURY, _closed_match),
    "officials:players": page(OFFICIAL),
    "officials:player": page(OFFICIAL, lambda d: {"pk": d.player}),
    "officials:teams_current": page(OFFICIAL),
    "officials:teams": page(OFFICIAL, _year),
    "officials:team": page(OFFICIAL, _year_team),
    "officials:schedule": page(OFFICIAL),
    "officials:schedule_match": page(OFFICIAL, lambda d: {"pk": d.referee_match}),
    "officials:competition": page(OFFICIAL, lambda d: {"pk": d.grand_prix}),
    "officials:disputes": page(OFFICIAL),
    "officials:dispute_resolve": page(OFFICIAL, lambda d: {"pk": d.disputed_match}),
    "officials:grand_prix_list": page(OFFICIAL),
    "officials:grand_prix": page(OFFICIAL, _grand_prix),
    "officials:grand_prix_pairing": page(
        OFFICIAL, lambda d: {"pk": d.grand_prix_match}
    ),
    "officials:grand_prix_cup_tie": page(
        OFFICIAL, lambda d: {"pk": d.grand_prix_match}
    ),
    "officials:free_games": page(OFFICIAL),
    "officials:cup": page(OFFICIAL, _year),
    "officials:cup_tie": page(
        OFFICIAL,
        lambda d: {"year": d.year, "round": d.tie_round, "slot": d.tie_slot},
    ),
    "officials:import": page(OFFICIAL),
    "officials:import_run": page(OFFICIAL, lambda d: {"pk": d.import_run}),
    "officials:variant_trophy_new": page(OFFICIAL),
    "officials:sitting_trophy_new": page(OFFICIAL, _sitting),
    "officials:sitting": page(OFFICIAL, _sitting),
    "officials:sitting_correct": page(OFFICIAL, _sitting),
    "officials:sitting_void": page(OFFICIAL, _sitting),
    "officials:referees": page(OFFICIAL, _year),
    "officials:accounts": page(OFFICIAL),
    "officials:account_invite": page(OFFICIAL),
    "officials:account": page(OFFICIAL, lambda d: {"pk": d.referee}),
    "officials:outbox": page(OFFICIAL),
    "officials:sitting_paper": page(OFFICIAL),
    "officials:import_archive": page(OFFICIAL),
    "officials:archive_trophies": page(OFFICIAL),
    "officials:archive_trophy": page(OFFICIAL, lambda d: {"pk": d.archive_award}),
    "admin:index": page(OFFICIAL),
    # Files and fragments: fetched, in both languages.
    "healthz": fetch(),
    "api_schema": fetch(),
    "competitions:calendar_team": fetch(fill=_team, content_type=ICS),
    "competitions:calendar_season": fetch(fill=_year, content_type=ICS),
    "competitions:calendar_referee": fetch(
        fill=lambda d: {"pk": d.referee, "token": d.referee_token}, content_type=ICS
    ),
    "scoring:match_record": fetch(fill=_match),
    "scoring:match_sheet_pdf": fetch(fill=_match, content_type="application/pdf"),
    "honours_pdf": fetch(
        fill=lambda d: {"year": d.honours_year}, content_type="application/pdf"
    ),
    "statistics:live_board": fetch(fill=_day, content_type="text/html"),
    "referee:service_worker": fetch(REFEREE, content_type="text/javascript"),
    "referee:feast_data": fetch(
        REFEREE, lambda d: {"language": "hu"}, "text/javascript"
    ),
    "referee:offline_token": fetch(REFEREE),
    "referee:match_download": fetch(REFEREE, _referee_match),
    "officials:import_run_status": fetch(
        OFFICIAL, lambda d: {"pk": d.import_run}, "text/html"
    ),
    "api:championship": fetch(fill=_str_year),
    "api:grand_prix_list": fetch(query=lambda d: f"season={d.year}"),
    "api:grand_prix": fetch(fill=lambda d: {"pk": str(d.grand_prix)}),
    "api:cup": fetch(fill=_str_year),
    "api:free_games": fetch(fill=_str_year),
    "api:trophy_list": fetch(),
    "api:trophies": fetch(),
    "api:player_trophies": fetch(fill=lambda d: {"player_id": str(d.player)}),
    "api:statistics_seasons": fetch(),
    "api:statistics_season": fetch(fill=_str_year),
    "api:statistics_teams": fetch(fill=_str_year),
    "api:statistics_team": fetch(
        fill=lambda d: {"year": str(d.year), "pk": str(d.team)}
    ),
    "api:statistics_players": fetch(fill=_str_year),
    "api:statistics_player": fetch(
        fill=lambda d: {"year": str(d.year), "pk": str(d.player)}
    ),
}

POST_ONLY = "an action sent by a form's button (POST only) on a page swept above"

# Patterns the sweep does not visit, each with the reason. Keys may be patterns with
# ``*`` (fnmatch); the admin's own pages are Django's.
NOT_SWEPT: dict[str, str] = {
    "logout": POST_ONLY,
    "set_language": POST_ONLY + " (the language switch of every page)",
    "competitions:sitting_confirm": POST_ONLY,
    "officials:player_active": POST_ONLY,
    "officials:honour_presented": POST_ONLY + " (the roll of honour's year page)",
    "officials:player_delete": POST_ONLY,
    "officials:roster_copy": POST_ONLY,
    "officials:team_place": POST_ONLY,
    "officials:team_place_remove": POST_ONLY,
    "officials:grand_prix_seed": POST_ONLY,
    "officials:claim_accept": POST_ONLY,
    "officials:claim_refuse": POST_ONLY,
    "officials:account_link": POST_ONLY,
    "officials:account_unlink": POST_ONLY,
    "officials:free_games_close": POST_ONLY,
    "officials:competition_close": POST_ONLY,
    "officials:free_games_reopen": POST_ONLY,
    "referee:match_lineup": POST_ONLY,
    "referee:match_cut": POST_ONLY,
    "referee:match_accept": POST_ONLY,
    "referee:match_referee": POST_ONLY,
    "referee:match_upload": POST_ONLY,
    "referee:hand_preview": POST_ONLY,
    "referee:hand_replay": POST_ONLY,
    "referee:hand_upload": POST_ONLY,
    "jury:approve": POST_ONLY,
    "captain:answer": POST_ONLY,
    "jury:refuse": POST_ONLY,
    "officials:team_captain": POST_ONLY,
    "officials:account_action": POST_ONLY,
    "officials:import_run_confirm": POST_ONLY,
    "officials:import_run_discard": POST_ONLY,
    "password_reset_confirm": "the one-time link of an invitation or a reset "
    "e-mail (tests/competitions/views/test_accounts_pages.py opens it)",
    # The read-only admin (officials only): its index and each model's list are
    # swept (``admin_lists``); the rest are Django's own pages for one object.
    "admin:login": "the admin's sign-in: an official signed in is sent on",
    "admin:logout": POST_ONLY,
    "admin:password_change*": "Django's own password form (not used: the admin is "
    "for looking)",
    "admin:app_list": "Django's list of one app's models: the index shows them all",
    "admin:jsi18n": "Django's script of the admin's translations",
    "admin:autocomplete": "Django's JSON for the admin's pickers (none is used)",
    "admin:view_on_site": "Django's redirect to an object's page",
    "admin:*_add": "the admin adds nothing (read-only: records go through the services)",
    "admin:*_delete": "the admin deletes nothing (read-only)",
    "admin:auth_*_changelist": "Django's accounts and groups, for superusers only "
    "(an official is refused)",
    "admin:axes_*_changelist": "django-axes' sign-in records, for superusers only",
    "admin:*_change": "one record in the admin: its model's list is swept",
    "admin:*_history": "one record's history in the admin: its list is swept",
    "admin:*_password_change": "Django's password form for an account",
    "admin:(admin/*/<path:object_id>/)": "Django's redirect of an old admin address",
    "admin:(admin/(?P<url>.*)$)": "Django's catch-all of the admin (a 404 or the "
    "sign-in)",
}


# The apps whose records officials look at in the admin (read-only).
FEDERATION_APPS = ("competitions", "scoring", "trophies", "stats", "tarokk_core")


def admin_lists() -> dict[str, Sweep]:
    """The admin's list of every registered model of the federation, as
    officials."""
    return {
        f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist": page(
            OFFICIAL
        )
        for model in admin.site._registry
        if model._meta.app_label in FEDERATION_APPS
    }


@dataclass(frozen=True)
class Pattern:
    name: str
    route: str
    methods: set[str] = field(default_factory=set)


def patterns() -> Iterator[Pattern]:
    """Every named pattern of the URLconf, with its namespaces and full route."""

    def walk(entries: list[Any], prefix: str, namespace: str) -> Iterator[Pattern]:
        for entry in entries:
            if isinstance(entry, URLResolver):
                inner = namespace
                if entry.namespace:
                    inner = (
                        f"{namespace}:{entry.namespace}"
                        if namespace
                        else (entry.namespace)
                    )
                yield from walk(entry.url_patterns, prefix + str(entry.pattern), inner)
            elif isinstance(entry, URLPattern):
                route = prefix + str(entry.pattern)
                name = entry.name or f"({route})"  # an unnamed pattern: its route
                full = f"{namespace}:{name}" if namespace else name
                yield Pattern(full, route)

    yield from walk(get_resolver().url_patterns, "", "")


def swept() -> dict[str, Sweep]:
    return {**SWEPT, **admin_lists()}


def reason_not_swept(name: str) -> str | None:
    for key, reason in NOT_SWEPT.items():
        if fnmatch.fnmatchcase(name, key):
            return reason
    return None
