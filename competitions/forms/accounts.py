"""Forms of the officials' accounts and roles, a team's captain, the season's
referee pool, cup walkovers and sittings from paper. They check the shape of what
is typed; the rules are the services' (their refusals go on the field they name)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from competitions.forms.free_games import PlayerField, ReasonField, SittingForm
from competitions.models import CupTie, Player, Team
from tarokk_admin.core.collation import hu_sorted
from tarokk_admin.core.roles import Role

REASON = forms.Textarea(attrs={"rows": 2})


class AccountSearchForm(forms.Form):
    role = forms.ChoiceField(
        label=_("Role"),
        choices=[("", _("every role")), *Role.choices],
        required=False,
    )
    q = forms.CharField(label=_("Name, username or e-mail"), required=False)
    inactive = forms.BooleanField(label=_("Also deactivated accounts"), required=False)


class InviteForm(forms.Form):
    email = forms.EmailField(label=_("E-mail address"), max_length=254)
    last_name = forms.CharField(label=_("Family name"), max_length=150, required=False)
    first_name = forms.CharField(label=_("Given name"), max_length=150, required=False)
    player = PlayerField(
        label=_("Their federation record (optional)"),
        required=False,
        help_text=_(
            "Links the account to the player: captains are chosen among the "
            "team's members, and players record their sittings."
        ),
    )
    username = forms.CharField(
        label=_("Username (optional)"),
        max_length=150,
        required=False,
        help_text=_("Made from the e-mail address when left empty."),
    )
    roles = forms.MultipleChoiceField(
        label=_("Roles"),
        choices=Role.choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    reason = forms.CharField(
        label=_("Why these roles (kept in the history)"),
        max_length=500,
        required=False,
        widget=REASON,
    )
    language = forms.ChoiceField(
        label=_("Language of the e-mails"),
        choices=[("", _("Hungarian (the federation's)")), *settings.LANGUAGES],
        required=False,
    )


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices)
    reason = ReasonField(label=_("Why (kept in the history)"))


class AccountReasonForm(forms.Form):
    reason = ReasonField(label=_("Why (kept in the history)"))


class AccountLinkPlayerForm(forms.Form):
    player = PlayerField(label=_("Federation record"))


class CaptainForm(forms.Form):
    """The team's captain of the season: one of its members of the season."""

    player = forms.ModelChoiceField(
        label=_("Captain"), queryset=Player.objects.none(), empty_label=None
    )
    reason = forms.CharField(
        label=_("Why (optional, kept in the history)"), max_length=100, required=False
    )

    def __init__(
        self, *args: Any, members: list[Player], label: Any = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["player"]
        if label is not None:
            field.label = label
        field.queryset = Player.objects.filter(pk__in=[p.pk for p in members])  # type: ignore[attr-defined]
        field.choices = [  # type: ignore[attr-defined]
            (
                p.pk,
                p.name
                if p.user_id
                else _("%(name)s (no account yet)") % {"name": p.name},
            )
            for p in hu_sorted(members, key=lambda member: member.name)
        ]


class RefereePoolForm(forms.Form):
    referee = forms.TypedChoiceField(label=_("Referee"), coerce=int, choices=[])
    reason = forms.CharField(
        label=_("Why (optional, kept in the history)"), max_length=100, required=False
    )

    def __init__(
        self, *args: Any, choices: list[tuple[int, str]], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["referee"].choices = choices  # type: ignore[attr-defined]


class WalkoverForm(forms.Form):
    """R15: which team lost the tie by walkover, how, and why."""

    loser = forms.ModelChoiceField(
        label=_("The team that loses the tie"),
        queryset=Team.objects.none(),
        widget=forms.Select(attrs={"class": "form-select"}),
    )
    kind = forms.ChoiceField(
        label=_("How"),
        choices=CupTie.Walkover.choices,
        widget=forms.RadioSelect(attrs={"class": "form-check-input"}),
    )
    reason = forms.CharField(
        label=_("Reason (shown to the officials, kept in the history)"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2, "class": "form-control"}),
    )

    def __init__(self, *args: Any, tie: CupTie, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["loser"].queryset = Team.objects.filter(  # type: ignore[attr-defined]
            pk__in=[tie.team_a_id, tie.team_b_id]
        )


class PaperSittingForm(SittingForm):
    """A sitting keyed in from its paper sheet (R15): the players need no account."""

    note = ReasonField(
        label=_("The paper sheet's note"),
        help_text=_(
            "Where the sheet is kept and who signed it, e.g. “signed by all four, "
            "kept at the Kecskemét club”."
        ),
    )
