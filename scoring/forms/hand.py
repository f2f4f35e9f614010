"""The score-sheet form for one hand (HAND_RECORD.md, royal-tarokk-hand/1).

The form only collects what the referee saw; the engine judges it. Django validates
nothing but the shape of the inputs, so every rule error comes from the engine and is
shown on the field its JSON Pointer path names (:mod:`scoring.forms.paths`).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.engine.cards import MAGNIFIERS, MIDDLE, SUIT_NAMES, SUITS
from scoring.engine.catalogue import FEASTS, SILENT, Group, SuitParam

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
FEAST_SECTIONS: tuple[tuple[Group, Any], ...] = (
    (Group.MATERIAL, _("Material")),
    (Group.FREE_PASS, _("Free passes")),
    (Group.BOUND_TRICK, _("Bound tricks")),
    (Group.MAGNIFIED, _("Magnified")),
    (Group.FLIGHT, _("Flight")),
    (Group.INTERCEPT, _("Intercept")),
    (Group.EXTRA, _("Extras")),
    (Group.TROPHY, _("Trophies")),
    (Group.MESSAGE, _("Messages")),
)
SIDE_LABELS = {"attack": _("attack"), "defence": _("defence")}
ROLE_LABELS = {"driver": _("driver"), "catcher": _("catcher")}


def feast_label(code: str) -> str:
    """The feast's name in the active language, with its value."""
    feast = FEASTS[code]
    name = gettext(feast.name)
    return f"{name} ({feast.value})" if feast.value else name


feast_label_lazy = lazy(feast_label, str)


def _contra_label(side: str, role: str) -> str:
    return gettext("by the %(side)s's %(role)s") % {
        "side": gettext(side),
        "role": gettext(role),
    }


def feast_choices() -> list[tuple[Any, Any]]:
    choices: list[tuple[Any, Any]] = [("", _("— choose a feast —"))]
    for group, label in FEAST_SECTIONS:
        codes = [code for code, f in FEASTS.items() if f.group is group]
        choices.append((label, [(code, feast_label(code)) for code in codes]))
    return choices


class FeastSelect(forms.Select):
    """A <select> with <optgroup>s; each option says what the feast declares, so the
    page shows the cards, suits and count fields only when they are needed."""

    def create_option(self, name, value, label, selected, index, **kwargs):  # type: ignore[no-untyped-def]
        option = super().create_option(name, value, label, selected, index, **kwargs)
        feast = FEASTS.get(str(value))
        if feast is not None:
            option["attrs"].update(
                {
                    "data-cards": feast.declared_cards,
                    "data-suits": SUITS_DECLARED[feast.suits],
                    "data-count": int(feast.has_count),
                    "data-contra": int(feast.can_contra),
                }
            )
        return option


def _int_field(label: Any, help_text: Any = "") -> forms.IntegerField:
    # No min/max here: the engine reports ranges with the rule (R5) on the field.
    return forms.IntegerField(
        label=label,
        required=False,
        help_text=help_text,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "num"}),
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
CONTRA_CHOICES = [("", _("no contra"))] + [
    (f"{side}:{role}", lazy(_contra_label, str)(side, role))
    for side in SIDE_LABELS
    for role in ROLE_LABELS
]
YES_NO = [("yes", _("made")), ("no", _("failed"))]


class StyledForm(forms.Form):
    """Bootstrap classes on the widgets, and every input described by its error slot
    (``err-<name>``) so a screen reader reads the error with the field."""

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
            widget.attrs["aria-describedby"] = f"err-{self.add_prefix(name)}"


class HandForm(StyledForm):
    """Consolation facts (R5), tricks, silent premiums (R7) and the editing context."""

    attack_trumps = _int_field(_("Trumps"), _("6–16"))
    attack_honours = _int_field(_("Honours"), _("0–2 (SKIZ, XXI)"))
    attack_middle = _checkboxes(_("Holds"), MIDDLE_CHOICES)
    defence_trumps = _int_field(_("Trumps"), _("6–16"))
    defence_honours = _int_field(_("Honours"), _("0–2 (SKIZ, XXI)"))
    defence_middle = _checkboxes(_("Holds"), MIDDLE_CHOICES)
    tricks = _int_field(_("Tricks won by the attack"), _("optional, 0–10"))
    attack_silent = _checkboxes(_("Silent premiums of the attack"), SILENT_CHOICES)
    defence_silent = _checkboxes(_("Silent premiums of the defence"), SILENT_CHOICES)
    version = forms.IntegerField(required=False, widget=forms.HiddenInput)
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


class AnnouncementForm(StyledForm):
    """One announcement (R6, R8, R12): the final level of a chain only."""

    feast = forms.ChoiceField(
        label=_("Feast"),
        required=False,
        choices=feast_choices,
        widget=FeastSelect(attrs={"class": "feast-select"}),
    )
    team = forms.ChoiceField(
        label=_("Team"),
        required=False,
        choices=list(SIDE_LABELS.items()),
        widget=forms.RadioSelect,
    )
    by = forms.ChoiceField(
        label=_("Announcer"),
        required=False,
        choices=list(ROLE_LABELS.items()),
        widget=forms.RadioSelect,
    )
    made = forms.ChoiceField(
        label=_("Outcome"), required=False, choices=YES_NO, widget=forms.RadioSelect
    )
    contra = forms.ChoiceField(
        label=_("Contra"), required=False, choices=CONTRA_CHOICES
    )
    count = _int_field(_("Count announced"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for i in range(MAX_CARDS):
            self.fields[f"card{i}"] = forms.ChoiceField(
                label=_("Declared card %(n)s") % {"n": i + 1},
                required=False,
                choices=CARD_CHOICES,
            )
        for i in range(MAX_SUITS):
            self.fields[f"suit{i}"] = forms.ChoiceField(
                label=_("Suit %(n)s") % {"n": i + 1},
                required=False,
                choices=SUIT_CHOICES,
            )
        self.style()

    def card_fields(self) -> list[forms.BoundField]:
        return [self[f"card{i}"] for i in range(MAX_CARDS)]

    def suit_fields(self) -> list[forms.BoundField]:
        return [self[f"suit{i}"] for i in range(MAX_SUITS)]


class BaseAnnouncementFormSet(forms.BaseFormSet):
    def get_deletion_widget(self) -> forms.Widget:
        return forms.CheckboxInput(attrs={"class": "form-check-input"})


AnnouncementFormSet = forms.formset_factory(
    AnnouncementForm,
    formset=BaseAnnouncementFormSet,
    extra=1,
    can_delete=True,
    max_num=20,
    absolute_max=40,
)
