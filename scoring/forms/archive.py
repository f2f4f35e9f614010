"""The upload of an archive file (HAND_RECORD.md "Archive files"): which kind, and
the CSV or XLSX file."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tarokk_admin.core.archive import archive_kinds

MAX_ARCHIVE_BYTES = 20 * 1024 * 1024  # a 20,000-row trophy list is about 1 MB


class ArchiveImportForm(forms.Form):
    kind = forms.ChoiceField(
        label=_("What the file holds"), widget=forms.RadioSelect, choices=()
    )
    file = forms.FileField(
        label=_("Archive file"),
        help_text=_(
            "CSV (UTF-8, separated by commas or semicolons) or an Excel workbook "
            "(.xlsx, its first sheet), with one header row in English or Hungarian."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [
            (kind.name, kind.label) for kind in archive_kinds()
        ]

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_ARCHIVE_BYTES:
            raise forms.ValidationError(
                _(
                    "The file is %(size)s MB; at most 20 MB can be imported at once: "
                    "split it into several files."
                ),
                params={"size": round(upload.size / 1024 / 1024, 1)},
                code="too_large",
            )
        return upload
