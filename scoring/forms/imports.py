"""Forms of the officials' pages."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from tarokk_admin.core.forms import PastedText, PastedTextField


def upload_limit_mb() -> int:
    """The largest matches file, in MB: settings.UPLOAD_MAX_MB, the one number the
    front's body limit is written from too."""
    return settings.UPLOAD_MAX_MB


def paste_limit_mb() -> float:
    """The most text a form may carry besides its files (Django's
    DATA_UPLOAD_MAX_MEMORY_SIZE, 2.5 MB): a larger file must be uploaded."""
    return round(settings.DATA_UPLOAD_MAX_MEMORY_SIZE / 1024 / 1024, 1)


class MatchesImportForm(forms.Form):
    """A matches file (royal-tarokk-matches/1): uploaded, or pasted as text."""

    file = forms.FileField(
        label=_("Matches file"),
        required=False,
    )
    text = PastedTextField(
        label=_("…or paste its JSON here"),
        required=False,
        widget=PastedText(attrs={"rows": 8, "spellcheck": "false"}),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        limits = {"file": upload_limit_mb(), "paste": paste_limit_mb()}
        self.fields["file"].help_text = (
            _("A JSON file in the royal-tarokk-matches/1 format, up to %(file)s MB.")
            % limits
        )
        self.fields["text"].help_text = (
            _(
                "Up to %(paste)s MB can be pasted; upload a larger file (up to "
                "%(file)s MB) with the field above."
            )
            % limits
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
        if upload and upload.size > upload_limit_mb() * 1024 * 1024:
            self.add_error(
                "file",
                _(
                    "The file is %(size)s MB; at most %(limit)s MB can be imported "
                    "at once."
                )
                % {
                    "size": round(upload.size / 1024 / 1024, 1),
                    "limit": upload_limit_mb(),
                },
            )
            return data
        data["content"] = upload.read() if upload else text
        data["source"] = upload.name if upload else str(_("The pasted text"))
        return data
