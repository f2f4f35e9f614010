"""The score-sheet form for one hand (HAND_RECORD.md, royal-tarokk-hand/1).

The form only collects what the referee saw; the engine judges it. Django validates
nothing but the shape of the inputs, so every rule error comes from the engine and is
shown on the field its JSON Pointer path names (:mod:`scoring.forms.paths`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django import forms
from django.utils.functional import cached_property, lazy
from django.utils.text import format_lazy
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from scoring.engine.cards import MAGNIFIERS, MIDDLE, SUIT_NAMES, SUITS
from scoring.engine.catalogue import FEASTS, SHEET_ORDER, SILENT, Group, SuitParam
from scoring.engine.made import group_name
from scoring.forms.widgets import FastHiddenInput, FastNumberInput, FastSelect

SIDES = ("attack", "defence")
ROLES = ("driver", "catcher")
MAX_CARDS = max(f.declared_cards for f in FEASTS.values())  # habicht, stella: 3
MAX_SUITS = 2  # red_and_black
SUITS_DECLARED = {
    SuitParam.NONE: 0,
    SuitParam.ANY: 1,
    SuitParam.BLACK: 1,
    SuitParam.RED_AND_BLACK: 2,
}

# The paper sheet's sections, in its order (R13), messages last; silent premiums
# have their own checkboxes.
FEAST_SECTIONS: tuple[tuple[Group, Any], ...] = tuple(
    (group, lazy(group_name, str)(group))
    for group in SHEET_ORDER
    if group is not Group.SILENT
)
SIDE_LABELS = {"attack": _("attack"), "defence": _("defence")}
ROLE_LABELS = {"driver": _("driver"), "catcher": _("catcher")}


def feast_label(code: str) -> str:
    """The feast's name in the active language, with its value."""
    feast = FEASTS[code]
    name = gettext(feast.name)
    return f"{name} ({feast.value})" if feast.value else name


feast_label_lazy = lazy(feast_label, str)


def feast_choices() -> list[tuple[Any, Any]]:
    """The picker's choices in the paper sheet's sections (built once a language)."""
    return _feast_choices(get_language() or "")


@lru_cache(maxsize=8)
def _feast_choices(language: str) -> list[tuple[Any, Any]]:
    choices: list[tuple[Any, Any]] = [("", gettext("— choose a feast —"))]
    for group, label in FEAST_SECTIONS:
        codes = [code for code, f in FEASTS.items() if f.group is group]
        choices.append((str(label), [(code, feast_label(code)) for code in codes]))
    return choices


def feast_params(code: str) -> dict[str, int]:
    """What a feast declares (R12) and allows (R6, R8), for the page to show only the
    fields it takes: declared cards, suits, a count; outcome and contra."""
    feast = FEASTS[code]
    return {
        "cards": feast.declared_cards,
        "suits": SUITS_DECLARED[feast.suits],
        "count": int(feast.has_count),
        "contra": int(feast.can_contra),
        "message": int(feast.is_message),
    }


def _int_field(label: Any, help_text: Any = "") -> forms.IntegerField:
    # No min/max here: the engine reports ranges with the rule (R5) on the field.
    return forms.IntegerField(
        label=label,
        required=False,
        help_text=help_text,
        widget=FastNumberInput(attrs={"inputmode": "numeric", "class": "num"}),
    )


def _checkboxes(label: Any, choices: Any) -> forms.MultipleChoiceField:
    return forms.MultipleChoiceField(
        label=label,
        required=False,
        choices=choices,
        widget=forms.CheckboxSelectMultiple,
    )


MIDDLE_CHOICES = [(card, card) for card in MIDDLE]
SILENT_CHOICES = [(code, feast_label_lazy(code)) for code in SILENT]
CARD_CHOICES = [("", "—")] + [
    (card, card) for card in sorted(MAGNIFIERS, key=lambda c: (len(c) > 4, c))
]
SUIT_CHOICES = [("", "—")] + [
    (s, format_lazy("{} ({})", s, _(SUIT_NAMES[s]))) for s in SUITS
]
PLAYERS = tuple(f"{side}:{role}" for side in SIDES for role in ROLES)
YES_NO = [("yes", _("made")), ("no", _("failed"))]


class StyledForm(forms.Form):
    """Bootstrap classes on the widgets, and every input (or group's fieldset)
    described by its error slot (``err-<name>``) so a screen reader reads the error
    with the field."""

    def style(self) -> None:
        for name, field in self.fields.items():
            widget = field.widget
            if isinstance(widget, forms.HiddenInput):
                continue
            if isinstance(widget, (forms.RadioSelect, forms.CheckboxSelectMultiple)):
                css = "btn-check"
            elif isinstance(widget, forms.Select):
                css = "form-select"
            else:
                css = "form-control"
            extra = widget.attrs.get("class", "")
            widget.attrs["class"] = f"{css} {extra}".strip()
            if css != "btn-check":  # a group is described on its <fieldset>
                widget.attrs["aria-describedby"] = f"err-{self.add_prefix(name)}"


class HandForm(StyledForm):
    """Consolation facts (R5), tricks, silent premiums (R7) and the editing context.

    Only the attack's facts are asked: the defence holds the rest of the 22 trumps,
    of the 2 Honours and of XVI, XVII, XVIII (R5), so its facts follow and are shown.
    """

    attack_trumps = _int_field(_("Trumps"), _("6–16"))
    attack_honours = _int_field(_("Honours"), _("0–2 (SKIZ, XXI)"))
    attack_middle = _checkboxes(_("Holds"), MIDDLE_CHOICES)
    tricks = _int_field(_("Tricks won by the attack"), _("optional, 0–10"))
    attack_silent = _checkboxes(_("Silent premiums of the attack"), SILENT_CHOICES)
    defence_silent = _checkboxes(_("Silent premiums of the defence"), SILENT_CHOICES)
    version = forms.IntegerField(required=False, widget=FastHiddenInput)
    reason = forms.CharField(
        label=_("Reason for the correction"),
        required=False,
        max_length=300,
        help_text=_("Required: the match is completed."),
    )

    resolve_dispute = forms.BooleanField(
        label=_("This correction settles the match's dispute: resolve it"),
        required=False,
        help_text=_("The reason above becomes the resolution's note."),
    )

    def __init__(self, *args: Any, correction: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not correction:
            del self.fields["reason"]
            del self.fields["resolve_dispute"]
        self.style()


def player_labels(names: dict[str, Any] | None) -> dict[str, str]:
    """``attack:driver`` -> the player's name (or the team and role when the line-up
    is not entered); ``names`` maps a side to its team name and line-up."""
    labels: dict[str, str] = {}
    for side in SIDES:
        team = (names or {}).get(side) or {}
        for role in ROLES:
            player = team.get(role)
            team_name = team.get("team") or str(SIDE_LABELS[side])
            labels[f"{side}:{role}"] = player or gettext("%(team)s's %(role)s") % {
                "team": team_name,
                "role": str(ROLE_LABELS[role]),
            }
    return labels


class AnnouncementForm(StyledForm):
    """One announcement (R6, R8, R12): the final level of a chain only. The announcer
    is one choice of the four players (it gives the team and the role)."""

    feast = forms.ChoiceField(
        label=_("Feast"),
        required=False,
        choices=feast_choices,
        widget=FastSelect(attrs={"class": "feast-select"}, options_key=get_language),
    )
    announcer = forms.ChoiceField(
        label=_("Announced by"),
        required=False,
        choices=[(p, p) for p in PLAYERS],
        widget=forms.RadioSelect,
    )
    made = forms.ChoiceField(
        label=_("Outcome"), required=False, choices=YES_NO, widget=forms.RadioSelect
    )
    contra = forms.ChoiceField(
        label=_("Contra"), required=False, choices=[], widget=FastSelect
    )
    count = _int_field(_("Count announced"))

    def __init__(
        self, *args: Any, names: dict[str, Any] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        labels = player_labels(names)
        self.fields["announcer"].choices = [(p, labels[p]) for p in PLAYERS]
        self.fields["contra"].choices = [("", gettext("no contra"))] + [
            (p, gettext("contra by %(player)s") % {"player": labels[p]})
            for p in PLAYERS
        ]
        self.style()

    def card_fields(self) -> list[forms.BoundField]:
        return [self[f"card{i}"] for i in range(MAX_CARDS)]

    def suit_fields(self) -> list[forms.BoundField]:
        return [self[f"suit{i}"] for i in range(MAX_SUITS)]


# The declared cards and suits (R12), after the declared fields: built once, copied
# with the others for each row.
for _i in range(MAX_CARDS):
    AnnouncementForm.base_fields[f"card{_i}"] = forms.ChoiceField(
        label=lazy(lambda n=_i + 1: gettext("Declared card %(n)s") % {"n": n}, str)(),
        required=False,
        choices=CARD_CHOICES,
        widget=FastSelect(options_key=get_language),
    )
for _i in range(MAX_SUITS):
    AnnouncementForm.base_fields[f"suit{_i}"] = forms.ChoiceField(
        label=lazy(lambda n=_i + 1: gettext("Suit %(n)s") % {"n": n}, str)(),
        required=False,
        choices=SUIT_CHOICES,
        widget=FastSelect(options_key=get_language),
    )


class BaseAnnouncementFormSet(forms.BaseFormSet):
    @cached_property
    def management_form(self) -> forms.Form:
        form = super().management_form
        for field in form.fields.values():
            field.widget = FastHiddenInput()
        return form

    def get_deletion_widget(self) -> forms.Widget:
        # Set by the row's "Remove" button (a submit button without JavaScript).
        return FastHiddenInput(attrs={"data-delete": ""})


AnnouncementFormSet = forms.formset_factory(
    AnnouncementForm,
    formset=BaseAnnouncementFormSet,
    extra=1,
    can_delete=True,
    max_num=20,
    absolute_max=40,
)
