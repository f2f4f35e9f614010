"""Small forms of the match page, the jury and the captains (R3, R15)."""

from __future__ import annotations

from typing import Any

import django_filters
from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from competitions.forms.cup import referee_field_pool
from competitions.models import Competition, Match, Player
from tarokk_admin.core.forms import PastedText, PastedTextField
from tarokk_admin.core.jsonio import json_parse


class LineupForm(forms.Form):
    """Who plays driver and catcher for one team (R15: ``lineup_set`` judges it)."""

    driver = forms.ModelChoiceField(label=_("Driver"), queryset=Player.objects.none())
    catcher = forms.ModelChoiceField(label=_("Catcher"), queryset=Player.objects.none())

    def __init__(self, *args: Any, players: list[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        ids = [p.pk for p in players]
        for name in ("driver", "catcher"):
            field = self.fields[name]
            field.queryset = Player.objects.filter(pk__in=ids)  # type: ignore[attr-defined]
            # The choices are the eligible players already loaded: no extra query.
            field.choices = [("", "—")] + [(p.pk, p.name) for p in players]


class CutForm(forms.Form):
    """R3: the team that attacks in hand 1."""

    first_attack = forms.ChoiceField(
        label=_("Attacks in hand 1 (the cut)"), widget=forms.RadioSelect
    )

    def __init__(self, *args: Any, match: Match, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["first_attack"].choices = [
            (team.pk, team.name) for team in match.teams
        ]


class RefereeForm(forms.Form):
    """The match's referee: one of the season's pool (the one referee list)."""

    referee = forms.ModelChoiceField(
        label=_("Referee"),
        required=False,
        queryset=get_user_model().objects.none(),
        empty_label=_("— nobody —"),
    )

    def __init__(self, *args: Any, season: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        referee_field_pool(self.fields["referee"], season)


class ApprovalForm(forms.Form):
    note = forms.CharField(
        label=_("Note"),
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class AnswerForm(forms.Form):
    """A captain's answer to a completed result."""

    team = forms.IntegerField(widget=forms.HiddenInput)
    note = forms.CharField(
        label=_("Note (required to dispute)"),
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class RecordUploadForm(forms.Form):
    """A JSON record as a file or pasted text."""

    file = forms.FileField(label=_("JSON file"), required=False)
    text = PastedTextField(
        label=_("or paste the JSON"),
        required=False,
        widget=PastedText(attrs={"rows": 4, "spellcheck": "false"}),
    )

    MAX_BYTES = 2_000_000

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        upload = data.get("file")
        if upload is not None:
            if upload.size > self.MAX_BYTES:
                raise forms.ValidationError(_("The file is larger than 2 MB."))
            raw = upload.read()
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise forms.ValidationError(_("The file is not UTF-8 text.")) from exc
        else:
            text = data.get("text") or ""
        if not text.strip():
            raise forms.ValidationError(_("Choose a JSON file or paste the JSON."))
        data["record"], error = json_parse(text, source=_("The record"))
        if error is not None:
            raise forms.ValidationError(error["message"])
        return data


class OpenMatchFilter(django_filters.FilterSet):
    """Officials' filters on /referee/."""

    competition = django_filters.ModelChoiceFilter(
        label=_("Competition"),
        queryset=Competition.objects.select_related("season"),
        empty_label=_("all competitions"),
    )
    status = django_filters.ChoiceFilter(
        label=_("Status"),
        choices=[
            (Match.Status.SCHEDULED, Match.Status.SCHEDULED.label),
            (Match.Status.IN_PLAY, Match.Status.IN_PLAY.label),
        ],
        empty_label=_("scheduled and in play"),
    )

    class Meta:
        model = Match
        fields = ["competition", "status"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for field in self.form.fields.values():
            field.widget.attrs["class"] = "form-select"
