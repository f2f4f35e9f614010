"""Forms of the end of the year (R15): the annual meeting's record and the jury's
approval of a correction after closing. Shapes only; the rules are the services'."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tarokk_admin.core.l10n import DateInput


class AnnualMeetingForm(forms.Form):
    date = forms.DateField(label=_("Date of the meeting"), widget=DateInput())
    note = forms.CharField(
        label=_("Note (optional)"),
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class CorrectionApprovalForm(forms.Form):
    reason = forms.CharField(
        label=_("Why the correction is approved (kept)"),
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
