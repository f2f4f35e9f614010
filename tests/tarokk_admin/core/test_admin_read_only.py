"""The admin cannot bypass the rules: every ModelAdmin of the federation's apps is
read-only for everyone, superusers included. Each registered admin's add, change
and delete forms are submitted — with other existing choices in every relation, as
an official and as a superuser — and nothing stored changes; the change page says
where the record is changed; reading and history stay."""

from __future__ import annotations

import datetime as dt

import pytest
from django.apps import apps
from django.contrib import admin
from django.db import models
from django.forms.models import model_to_dict
from django.urls import reverse

from competitions.models import Notice
from competitions.services.accounts import account_role_grant
from competitions.services.jury import jury_refuse
from competitions.services.matches import jury_approve, match_complete
from scoring.services.hands import hand_save
from scoring.services.imports.runs import import_run_create
from tarokk_admin.core.background import followup_queue
from tarokk_admin.core.roles import Role
from tests.competitions.kit import drawn_cup, linked_player, sitting_of
from tests.factories import (
    CompetitionFactory,
    MatchFactory,
    SeasonFactory,
    UserFactory,
    captain_of,
    pool_referee,
    ready_match,
    sheet,
    team_with_roster,
    trophy_award,
)
from trophies.models import TrophyCup, TrophyTally

pytestmark = pytest.mark.django_db

FEDERATION_APPS = {"competitions", "scoring", "trophies", "stats", "tarokk_core"}


def federation_admins():
    return sorted(
        (
            (model, model_admin)
            for model, model_admin in admin.site._registry.items()
            if model._meta.app_label in FEDERATION_APPS
        ),
        key=lambda pair: pair[0]._meta.label,
    )


def snapshot():
    """Every row of every federation model, as stored."""
    rows = {}
    for config in apps.get_app_configs():
        if config.label not in FEDERATION_APPS:
            continue
        for model in config.get_models():
            rows[model._meta.label] = sorted(
                model.objects.values_list(), key=lambda row: str(row)
            )
    return rows


def other_choices(obj):
    """The object's form data with every relation pointing at another existing row
    and every other value changed, as someone trying to bypass the rules would."""
    data = {}
    for field in obj._meta.get_fields():
        if not getattr(field, "editable", False) or field.auto_created:
            continue
        if isinstance(field, models.ForeignKey):
            other = (
                field.related_model.objects.exclude(pk=getattr(obj, field.attname))
                .values_list("pk", flat=True)
                .first()
            )
            data[field.name] = other or ""
        elif isinstance(field, models.ManyToManyField):
            data[field.name] = list(
                field.related_model.objects.values_list("pk", flat=True)[:2]
            )
        elif isinstance(field, models.BooleanField):
            if not getattr(obj, field.attname):
                data[field.name] = "on"
        elif isinstance(field, models.DateField):
            data[field.name] = "2030-01-01"
        elif isinstance(field, models.IntegerField):
            data[field.name] = "1"
        elif isinstance(field, models.CharField | models.TextField):
            choices = [value for value, _label in field.choices or []]
            data[field.name] = choices[-1] if choices else "changed"
    data.update({k: v for k, v in model_to_dict(obj).items() if k not in data and v})
    return data


@pytest.fixture
def federation(django_capture_on_commit_callbacks):
    """A completed match with its hands, results, trophies and notices; other
    seasons, teams and players to choose from; a follow-up pending."""
    official = UserFactory(roles=[Role.OFFICIAL], is_staff=True)
    season = SeasonFactory(year=2027, annual_meeting=dt.date(2027, 1, 20))
    referee = pool_referee(season, email="rita@x.org")
    CompetitionFactory(season=SeasonFactory(year=2028), kind="cup", name="Cup")
    team_with_roster(season, substitute=True)
    match = ready_match(referee=referee, competition=CompetitionFactory(season=season))
    captain_of(match.team_a, season, UserFactory(email="ann@x.org"))
    with django_capture_on_commit_callbacks(execute=True):
        for number in range(1, 9):
            hand_save(match=match, number=number, record=sheet(number), user=referee)
        # A 2027 match completed today: early, as its referee confirms (issue 20).
        match_complete(match=match, user=referee, early=True)
    followup_queue("match_completed", match.pk)
    assert Notice.objects.exists()
    drawn_cup(year=2029)  # registrations, rounds and ties
    later = MatchFactory(
        competition=match.competition, date=dt.date(2027, 6, 1), public=False
    )
    jury = UserFactory(roles=[Role.JURY])
    jury_approve(match=later, user=jury)
    refused = MatchFactory(
        competition=match.competition, date=dt.date(2027, 7, 1), public=False
    )
    jury_refuse(match=refused, user=jury, reason="no neutral venue")
    account_role_grant(
        account=UserFactory(), role=Role.REFEREE, by=official, reason="course"
    )
    # A closed 2025 (R15): its kept table, a correction the jury approved, the
    # annual meeting that made the year final.
    from competitions.services.closings import (
        annual_meeting_record,
        closing_correction_approve,
        competition_close,
    )

    old = ready_match(
        competition=CompetitionFactory(season=SeasonFactory(year=2025)),
        date=dt.date(2025, 3, 1),
    )
    with django_capture_on_commit_callbacks(execute=True):
        for number in range(1, 9):
            hand_save(match=old, number=number, record=sheet(number), user=old.referee)
        match_complete(match=old, user=old.referee)
    competition_close(competition=old.competition, user=official)
    closing_correction_approve(match=old, user=jury, reason="elírás")
    annual_meeting_record(year=2025, date=dt.date(2026, 1, 17), user=official)
    award = trophy_award(match, match.team_a, "royal")
    TrophyTally.objects.create(player=award.player, points=award.value)
    TrophyCup.objects.create(
        player=award.player, threshold=1, date=award.date, award=award
    )
    table = [linked_player() for _ in range(3)]
    sitting_of([(table[0], 1), (table[1], 2), (table[2], 3)], confirm_by=table[1].user)
    import_run_create(user=official, file_name="matches.json", content="{}")
    # The roll of honour's archive placing and its presented mark.
    from competitions.models import Honour, HonourPresentation

    Honour.objects.create(
        year=2012, competition="cup", place=1, name="Egri Dobó", archive_key="k"
    )
    HonourPresentation.objects.create(
        year=2012,
        key="k",
        competition="cup",
        label="1. Egri Dobó",
        presented_by=official,
    )
    return official


@pytest.mark.parametrize("who", ["official", "superuser"])
def test_no_admin_form_of_the_federation_stores_anything(client, federation, who):
    user = (
        federation
        if who == "official"
        else UserFactory(is_staff=True, is_superuser=True)
    )
    client.force_login(user)
    before = snapshot()
    tried = []
    for model, model_admin in federation_admins():
        info = model._meta.app_label, model._meta.model_name
        name = model._meta.label
        changelist = reverse("admin:{}_{}_changelist".format(*info))
        assert client.get(changelist).status_code == 200, name
        assert not model_admin.get_actions(_request(client, user)) or set(
            model_admin.get_actions(_request(client, user))
        ) <= {"deliver_now", "send_now"}, name
        add = reverse("admin:{}_{}_add".format(*info))
        obj = model.objects.order_by("pk").first()
        data = other_choices(obj) if obj is not None else {}
        assert client.get(add).status_code == 403, name
        assert client.post(add, data).status_code == 403, name
        if obj is None:
            continue
        change = reverse("admin:{}_{}_change".format(*info), args=[obj.pk])
        page = client.get(change)
        assert page.status_code == 200, name
        assert 'name="_save"' not in page.content.decode(), name
        assert "/officials/" in page.content.decode(), name  # where it is changed
        assert client.post(change, data).status_code == 403, name
        delete = reverse("admin:{}_{}_delete".format(*info), args=[obj.pk])
        assert client.get(delete).status_code == 403, name
        assert client.post(delete, {"post": "yes"}).status_code == 403, name
        client.post(
            changelist,
            {"action": "delete_selected", "_selected_action": [obj.pk], "post": "yes"},
        )
        history = reverse("admin:{}_{}_history".format(*info), args=[obj.pk])
        assert client.get(history).status_code == 200, name
        tried.append(name)
    # Every admin's change and delete were tried but these (their add was).
    untried = {model._meta.label for model, _ in federation_admins()} - set(tried)
    assert untried <= {
        "competitions.FreeGamesClosing",
        "competitions.FreeGamesWinner",
        "competitions.GrandPrixEntry",
        "competitions.PlayerClaim",
    }
    assert snapshot() == before


def _request(client, user):
    from django.test import RequestFactory

    request = RequestFactory().get("/admin/")
    request.user = user
    return request


def test_accounts_stay_in_djangos_own_admin_for_superusers_only(client, federation):
    client.force_login(federation)  # an official on the staff, not a superuser
    assert client.get(reverse("admin:auth_user_changelist")).status_code == 403
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    assert client.get(reverse("admin:auth_user_add")).status_code == 200


def test_an_import_is_read_in_the_admin_with_its_problems_and_page(client, federation):
    from scoring.models import ImportRun

    run = ImportRun.objects.get()
    ImportRun.objects.filter(pk=run.pk).update(
        status="failed", errors=[{"path": "/matches/0", "message": "no such team"}]
    )
    client.force_login(federation)
    listing = client.get(reverse("admin:scoring_importrun_changelist")).content
    assert b"matches.json" in listing
    assert b'<td class="field-problem_count">1</td>' in listing  # a refused file
    page = client.get(reverse("admin:scoring_importrun_change", args=[run.pk]))
    html = page.content.decode()
    assert "no such team" in html
    assert f'href="/officials/import/{run.pk}/"' in html
    assert '<link rel="icon" href="/static/img/favicon.svg"' in html  # as every page
