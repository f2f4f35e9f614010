"""Forms of the officials' workspace: the season, players, teams and rosters. They
check the shape of what is typed; the rules are the services' (their refusals are
put on the field they name)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from competitions.forms.free_games import PlayerField
from competitions.models import Membership, Season
from tarokk_admin.core.l10n import DateInput

DATE = DateInput()


class SeasonDatesForm(forms.Form):
    annual_meeting = forms.DateField(
        label=_("Annual meeting"),
        widget=DATE,
        help_text=_("Matches before this date need a jury approval (R15)."),
    )
    cup_registration_opens = forms.DateField(
        label=_("Cup registration opens"), required=False, widget=DATE
    )
    cup_registration_closes = forms.DateField(
        label=_("Cup registration closes"), required=False, widget=DATE
    )


class SeasonCreateForm(SeasonDatesForm):
    year = forms.IntegerField(label=_("Year"), min_value=1990, max_value=2100)
    field_order = ["year"]


class SeasonChangeForm(SeasonDatesForm):
    reason = forms.CharField(
        label=_("Why (kept in the history)"), required=False, max_length=100
    )


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    federation_number = forms.CharField(
        label=_("Federation number"),
        max_length=20,
        widget=forms.TextInput(attrs={"autocapitalize": "characters"}),
    )
    club = forms.CharField(label=_("Club or town"), max_length=120, required=False)


class PlayerSearchForm(forms.Form):
    q = forms.CharField(
        label=_("Search by name or number"), required=False, max_length=120
    )
    inactive = forms.BooleanField(label=_("Also deactivated players"), required=False)


class TeamForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    club = forms.CharField(label=_("Club or town"), max_length=120, required=False)


class PlaceForm(forms.Form):
    """One roster place: who plays this role for the team this season (R15)."""

    role = forms.ChoiceField(label=_("Role"), choices=Membership.Role.choices)
    player = PlayerField(
        label=_("Player"),
        help_text=_("Type a name or a federation number and choose from the list."),
    )


class RosterCopyForm(forms.Form):
    source = forms.ModelChoiceField(
        label=_("Copy the rosters of"),
        queryset=Season.objects.all(),
        to_field_name="year",
        empty_label=None,
    )
