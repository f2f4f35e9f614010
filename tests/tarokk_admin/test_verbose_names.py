"""Every model of the federation has its names in both languages (the admin's lists,
headings and counts, the history): the model's singular and plural and every
field's, none made up by Django from the code ("Grand prix entrys", "Team a")."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.utils import translation
from django.utils.functional import Promise

FEDERATION_APPS = ("competitions", "scoring", "trophies", "stats", "tarokk_core")


def _models():
    return [
        model
        for model in apps.get_models()
        if model._meta.app_label in FEDERATION_APPS
        and not model.__name__.startswith("Historical")
    ]


@pytest.mark.parametrize("model", _models(), ids=lambda m: m.__name__)
def test_a_model_is_named_in_both_languages(model):
    options = model._meta.original_attrs
    assert isinstance(options.get("verbose_name"), Promise), "no verbose_name"
    assert isinstance(options.get("verbose_name_plural"), Promise), "no plural"
    with translation.override("hu"):
        hungarian = str(model._meta.verbose_name_plural)
    with translation.override("en"):
        english = str(model._meta.verbose_name_plural)
    assert hungarian != english, f"{english!r} is not translated"


@pytest.mark.parametrize("model", _models(), ids=lambda m: m.__name__)
def test_every_field_is_named_in_both_languages(model):
    unnamed, untranslated = [], []
    for field in model._meta.get_fields():
        if not field.concrete or field.auto_created:
            continue
        if not isinstance(field.verbose_name, Promise):
            unnamed.append(field.name)
            continue
        with translation.override("hu"):
            hungarian = str(field.verbose_name)
        with translation.override("en"):
            english = str(field.verbose_name)
        if hungarian == english:
            untranslated.append(english)
    assert not unnamed, f"fields named from the code: {unnamed}"
    assert not untranslated, f"names not translated: {untranslated}"
