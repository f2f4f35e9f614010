"""A person's own settings: which e-mail notices they get, and in which language."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from competitions.models import NoticeKind


class AccountSettingsForm(forms.Form):
    notices_on = forms.MultipleChoiceField(
        label=_("E-mail me when"),
        choices=NoticeKind.choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    language = forms.ChoiceField(
        label=_("Language of my e-mails"),
        choices=[("", _("Hungarian (the federation's)")), *settings.LANGUAGES],
        required=False,
    )

    def notices_off(self) -> list[str]:
        on: Any = self.cleaned_data["notices_on"]
        return [kind for kind in NoticeKind.values if kind not in on]
