"""Forms of the free games (R15): a sitting as a player records it on a phone, its
correction and void, the claim of a federation record, and the officials' forms."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from competitions.models import Player, Variant, VariantSitting
from competitions.services.sittings import PLAYERS_MAX, POINTS_LIMIT, REASON_MAX
from tarokk_admin.core.text import fold

NUMBER_AT_END = re.compile(r"\(([^()]+)\)\s*$")


def player_label(player: Player) -> str:
    """How a player is offered and shown in the sitting form: name (number)."""
    return f"{player.name} ({player.federation_number})"


class PlayerField(forms.CharField):
    """A player typed as the list offers them ("Kovács Éva (H10001)"), by
    federation number, or by a name that only one player has (accents and case do
    not matter)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 160)
        super().__init__(**kwargs)
        self.widget.attrs.update(
            {"autocomplete": "off", "list": "players-list", "autocapitalize": "words"}
        )

    def clean(self, value: Any) -> Player | None:  # type: ignore[override]
        text = " ".join(str(super().clean(value) or "").split())
        if not text:
            return None
        match = NUMBER_AT_END.search(text)
        number = match.group(1).strip() if match else text
        player = Player.objects.filter(federation_number__iexact=number).first()
        if player is not None:
            return player
        named = list(Player.objects.filter(name_folded=fold(text))[:2])
        if len(named) == 1:
            return named[0]
        if named:
            raise forms.ValidationError(
                _(
                    "Several players are called “%(value)s”: choose one from the list "
                    "(with the federation number)."
                )
                % {"value": text[:60]}
            )
        raise forms.ValidationError(
            _(
                "No player is “%(value)s”: choose from the list, or type a federation "
                "number."
            )
            % {"value": text[:60]}
        )


class SittingForm(forms.Form):
    """A sitting: date, variant, name, event, and 3-5 players with their points."""

    date = forms.DateField(
        label=_("Date"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    variant = forms.ChoiceField(
        label=_("Game"),
        choices=[("", _("— choose the game —")), *Variant.choices],
    )
    name = forms.CharField(
        label=_("Name of the game"),
        max_length=80,
        required=False,
        help_text=_("Royal variants, training and test games only, e.g. “Hármas”."),
        widget=forms.TextInput(attrs={"list": "game-names", "autocomplete": "off"}),
    )
    event = forms.CharField(label=_("Event (optional)"), max_length=120, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for index in range(1, PLAYERS_MAX + 1):
            self.fields[f"player_{index}"] = PlayerField(
                label=_("Player %(n)s") % {"n": index}, required=False
            )
            self.fields[f"points_{index}"] = forms.IntegerField(
                label=_("Points"),
                required=False,
                min_value=-POINTS_LIMIT,
                max_value=POINTS_LIMIT,
                widget=forms.NumberInput(
                    attrs={"aria-label": _("Points of player %(n)s") % {"n": index}}
                ),
            )
        if not self.is_bound and "date" not in self.initial:
            self.initial["date"] = timezone.localdate()

    def clean_date(self) -> dt.date:
        date = self.cleaned_data["date"]
        if date > timezone.localdate():
            raise forms.ValidationError(
                _("%(date)s is in the future: enter the day the sitting was played.")
                % {"date": date.isoformat()}
            )
        return date

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        results = []
        for index in range(1, PLAYERS_MAX + 1):
            player_key, points_key = f"player_{index}", f"points_{index}"
            if player_key in self.errors or points_key in self.errors:
                continue
            player, points = data.get(player_key), data.get(points_key)
            if player is None and points is None:
                continue
            if player is None:
                self.add_error(player_key, _("Choose the player of these points."))
            elif points is None:
                self.add_error(
                    points_key,
                    _("Enter %(player)s's points.") % {"player": player.name},
                )
            else:
                results.append((player, points))
        data["results"] = results
        return data

    def rows(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        return [
            (self[f"player_{index}"], self[f"points_{index}"])
            for index in range(1, PLAYERS_MAX + 1)
        ]

    @classmethod
    def initial_for(cls, sitting: VariantSitting) -> dict[str, Any]:
        initial: dict[str, Any] = {
            "date": sitting.date,
            "variant": sitting.variant,
            "name": sitting.name,
            "event": sitting.event,
        }
        players = [row for row in sitting.results.all() if row.player]
        for index, row in enumerate(players, start=1):
            initial[f"player_{index}"] = player_label(row.player)  # type: ignore[arg-type]
            initial[f"points_{index}"] = row.points
        return initial


class ReasonField(forms.CharField):
    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", REASON_MAX)
        kwargs.setdefault("widget", forms.Textarea(attrs={"rows": 2}))
        super().__init__(**kwargs)


class SittingCorrectForm(SittingForm):
    reason = ReasonField(
        label=_("Reason for the correction"),
        help_text=_("Kept in the sitting's history, e.g. “points of Nagy swapped”."),
    )


class SittingVoidForm(forms.Form):
    reason = ReasonField(
        label=_("Reason for the void"),
        help_text=_("Kept in the sitting's history, e.g. “entered twice”."),
    )


class ClaimForm(forms.Form):
    player = PlayerField(
        label=_("Your federation record"),
        help_text=_("Your name as the federation knows it, or your federation number."),
    )


class AccountLinkForm(forms.Form):
    player = PlayerField(label=_("Player"))
    username = forms.CharField(label=_("Account (username)"), max_length=150)


class UnlinkForm(forms.Form):
    player = PlayerField(label=_("Player"))


class NoteForm(forms.Form):
    note = ReasonField(label=_("Why (the user reads it)"))


class ReopenForm(forms.Form):
    reason = ReasonField(label=_("Why the year is reopened"))
