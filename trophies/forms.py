"""Officials' forms of the trophy list (R14): a variant trophy entered against its
sitting, what becomes of a sitting's trophies when it is corrected or voided (R15),
and an archive award corrected or withdrawn."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from competitions.forms.free_games import (
    SittingCorrectForm,
    SittingVoidForm,
)
from competitions.models import RECOGNISED_VARIANTS, Player, VariantSitting
from competitions.selectors.player_names import player_find
from tarokk_admin.core.collation import hu
from tarokk_admin.core.l10n import DateInput, human_date
from tarokk_admin.core.sheets import CellProblem
from trophies.catalogue import trophy_choices
from trophies.services.sittings import KEEP, MOVE, WITHDRAW


class SittingTrophyForm(forms.Form):
    """A trophy made at a sitting (R14): one of the catalogue's trophies, credited
    to a player of the sitting, the partner optional (also of the sitting)."""

    feast = forms.ChoiceField(
        label=_("Trophy"),
        choices=trophy_choices(empty=_("— choose a trophy —")),
    )
    player = forms.ModelChoiceField(
        label=_("Player"),
        queryset=Player.objects.none(),
        empty_label=_("— who announced it —"),
        help_text=_("The player who announced the trophy; credited its value."),
    )
    partner = forms.ModelChoiceField(
        label=_("Partner"),
        queryset=Player.objects.none(),
        required=False,
        empty_label=_("— none —"),
    )
    jury_note = forms.CharField(
        label=_("Jury note"),
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Who of the jury confirmed the trophy, and how."),
    )

    def __init__(self, *args: Any, sitting: VariantSitting, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        players = Player.objects.filter(sitting_results__sitting=sitting).order_by(
            hu("name"), "id"
        )
        self.fields["player"].queryset = players
        self.fields["partner"].queryset = players

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        player, partner = data.get("player"), data.get("partner")
        if player is not None and partner is not None and player.pk == partner.pk:
            self.add_error(
                "partner",
                _("The partner must be another player than the one credited."),
            )
        return data


TROPHY_FATES_CORRECT = [
    (KEEP, _("Keep them with the corrected sitting")),
    (WITHDRAW, _("Withdraw them from the trophy list")),
]
TROPHY_FATES_VOID = [
    (WITHDRAW, _("Withdraw them from the trophy list")),
    (MOVE, _("Move them to another sitting (e.g. the right entry of a duplicate)")),
]


class SittingCorrectSettlingForm(SittingCorrectForm):
    """The correction of a sitting that may have trophies: asks what becomes of
    them when it has any (R14, R15)."""

    def __init__(self, *args: Any, trophies: int = 0, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if trophies:
            self.fields["trophies"] = forms.ChoiceField(
                label=_("What becomes of the sitting's trophies?"),
                choices=TROPHY_FATES_CORRECT,
                widget=forms.RadioSelect,
            )


class SittingVoidSettlingForm(SittingVoidForm):
    """The void of a sitting: asks what becomes of its trophies when it has any."""

    def __init__(
        self, *args: Any, sitting: VariantSitting, trophies: int = 0, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        if trophies:
            self.fields["trophies"] = forms.ChoiceField(
                label=_("What becomes of the sitting's trophies?"),
                choices=TROPHY_FATES_VOID,
                widget=forms.RadioSelect,
            )
            self.fields["move_to"] = forms.ModelChoiceField(
                label=_("Move them to"),
                required=False,
                queryset=VariantSitting.objects.filter(
                    season=sitting.season,
                    variant=sitting.variant,
                    status=VariantSitting.Status.CONFIRMED,
                )
                .exclude(pk=sitting.pk)
                .order_by("-date", "-id"),
                empty_label=_("— the sitting they move to —"),
            )
            self.fields["move_to"].label_from_instance = sitting_choice_label


def sitting_choice_label(sitting: VariantSitting) -> str:
    event = f" · {sitting.event}" if sitting.event else ""
    return f"{human_date(sitting.date)} · {sitting.title}{event} (#{sitting.pk})"


def _player(raw: str) -> Player:
    try:
        found = player_find(raw)
    except CellProblem as problem:
        raise forms.ValidationError(problem.message, code=problem.code) from problem
    return Player.objects.get(pk=found.pk)


class ArchiveAwardCorrectForm(forms.Form):
    """An official corrects an archive award (R14): what the archive should have
    said, and why."""

    date = forms.DateField(
        label=_("Date"),
        widget=DateInput(),
    )
    player = forms.CharField(
        label=_("Player"),
        max_length=120,
        help_text=_("Federation number, or a name that belongs to one player."),
    )
    feast = forms.ChoiceField(label=_("Trophy"), choices=trophy_choices())
    partner = forms.CharField(
        label=_("Partner"),
        max_length=120,
        required=False,
        help_text=_("Optional: federation number or name."),
    )
    event = forms.CharField(label=_("Event"), max_length=120, required=False)
    variant = forms.ChoiceField(label=_("Game"), required=False, choices=())
    reason = forms.CharField(
        label=_("Reason for the correction"),
        max_length=100,
        help_text=_("Kept in the trophy's history."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["variant"].choices = [("", _("Royal Tarokk"))] + [
            (variant.value, variant.label) for variant in RECOGNISED_VARIANTS
        ]

    def clean_player(self) -> Player:
        return _player(self.cleaned_data["player"])

    def clean_partner(self) -> Player | None:
        raw = self.cleaned_data.get("partner") or ""
        return _player(raw) if raw.strip() else None

    @staticmethod
    def initial_for(award: Any) -> dict[str, Any]:
        return {
            "date": award.date,
            "player": award.player.federation_number,
            "feast": award.feast,
            "partner": award.partner.federation_number if award.partner else "",
            "event": award.event,
            "variant": award.variant,
        }


class ArchiveAwardWithdrawForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason for withdrawing it"),
        max_length=100,
        help_text=_("Kept in the trophy's history."),
    )
