"""Forms of the officials' pages."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tarokk_admin.core.forms import PastedText, PastedTextField

MAX_UPLOAD_BYTES = 64 * 1024 * 1024  # a 6,000-match file is about 33 MB


class MatchesImportForm(forms.Form):
    """A matches file (royal-tarokk-matches/1): uploaded, or pasted as text."""

    file = forms.FileField(
        label=_("Matches file"),
        required=False,
        help_text=_("A JSON file in the royal-tarokk-matches/1 format."),
    )
    text = PastedTextField(
        label=_("…or paste its JSON here"),
        required=False,
        widget=PastedText(attrs={"rows": 8, "spellcheck": "false"}),
    )

    def clean(self) -> dict:
        data = super().clean()
        upload = data.get("file")
        text = (data.get("text") or "").strip()
        if upload and text:
            raise forms.ValidationError(
                _("Upload a file or paste JSON, not both."), code="both"
            )
        if not upload and not text:
            raise forms.ValidationError(
                _("Choose a matches file to upload, or paste its JSON."), code="none"
            )
        if upload and upload.size > MAX_UPLOAD_BYTES:
            self.add_error(
                "file",
                _("The file is %(size)s MB; at most 64 MB can be imported at once.")
                % {"size": round(upload.size / 1024 / 1024, 1)},
            )
            return data
        data["content"] = upload.read() if upload else text
        data["source"] = upload.name if upload else str(_("The pasted text"))
        return data
