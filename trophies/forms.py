"""The official's form for a trophy made in a recognised variant game (R14)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from competitions.models import Player, Team, VariantGame
from trophies.catalogue import trophy_choices
from trophies.services.awards import RECOGNISED_VARIANTS


class PlayerNumberField(forms.ModelChoiceField):
    """A player given by federation number (a text input: thousands of players)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("widget", forms.TextInput(attrs={"autocomplete": "off"}))
        super().__init__(
            queryset=Player.objects.all(),
            to_field_name="federation_number",
            error_messages={
                "invalid_choice": _(
                    "No player has the federation number “%(value)s”; the "
                    "player's page on the trophy list shows it."
                )
            },
            **kwargs,
        )


class VariantTrophyForm(forms.Form):
    feast = forms.ChoiceField(
        label=_("Trophy"),
        choices=trophy_choices(empty=_("— choose a trophy —")),
    )
    variant = forms.ChoiceField(
        label=_("Variant game"),
        choices=[("", _("— choose the variant —"))]
        + [(v.value, v.label) for v in RECOGNISED_VARIANTS],
    )
    date = forms.DateField(
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"})
    )
    event = forms.CharField(
        label=_("Event"),
        max_length=120,
        help_text=_("Where the game was played, e.g. “Emperor night, Szeged”."),
    )
    player = PlayerNumberField(
        label=_("Player (federation number)"),
        help_text=_("The player who announced the trophy; credited its value."),
    )
    partner = PlayerNumberField(label=_("Partner (federation number)"), required=False)
    team = forms.ModelChoiceField(
        label=_("Team"), queryset=Team.objects.all(), required=False
    )
    jury_note = forms.CharField(
        label=_("Jury note"),
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Who of the jury confirmed the trophy, and how."),
    )

    def clean_date(self) -> Any:
        date = self.cleaned_data["date"]
        if date > timezone.localdate():
            raise forms.ValidationError(
                _("%(date)s is in the future; enter the day the game was played.")
                % {"date": date.isoformat()}
            )
        return date

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        player, partner = data.get("player"), data.get("partner")
        if player is not None and partner is not None and player.pk == partner.pk:
            self.add_error(
                "partner",
                _("The partner must be another player than the one credited."),
            )
        return data


VARIANT_LABELS = dict(VariantGame.Variant.choices)
