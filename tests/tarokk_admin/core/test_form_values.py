"""Every date, time and number field of every form of the site gives its input a
value a browser reads, in Hungarian too (``core.l10n``'s widgets): Django's own
DateInput writes ``2027.02.06.`` in Hungarian, which ``<input type=date>`` shows as
empty, so moving only a match's venue was refused until the date was typed again."""

from __future__ import annotations

import datetime as dt
import importlib
import pkgutil
from decimal import Decimal

import django_filters
import pytest
from django import forms
from django.conf import settings
from django.utils import translation

from tarokk_admin.core.l10n import machine

APPS = ("competitions", "scoring", "trophies", "stats", "tarokk_admin")
SAMPLES = {
    forms.DateTimeField: dt.datetime(2027, 2, 6, 18, 30),
    forms.DateField: dt.date(2027, 2, 6),
    forms.TimeField: dt.time(18, 30),
    forms.DecimalField: Decimal("74.4"),
    forms.FloatField: 74.4,
    forms.IntegerField: 1848,
}


def _modules():
    """Every module of the apps whose name says it holds forms or filters."""
    for app in APPS:
        package = importlib.import_module(app)
        for info in pkgutil.walk_packages(package.__path__, f"{app}."):
            leaf = info.name.rsplit(".", 1)[-1]
            parts = info.name.split(".")
            if "migrations" in parts or "tests" in parts:
                continue
            if leaf in ("forms", "filters") or "forms" in parts[:-1]:
                yield importlib.import_module(info.name)


def _subclasses(base):
    for cls in base.__subclasses__():
        yield cls
        yield from _subclasses(cls)


def _form_fields():
    list(_modules())  # imported, so their classes are known
    for cls in set(_subclasses(forms.BaseForm)):
        if cls.__module__.split(".")[0] not in APPS:
            continue
        for name, field in getattr(cls, "base_fields", {}).items():
            yield f"{cls.__module__}.{cls.__name__}.{name}", field
    for cls in set(_subclasses(django_filters.FilterSet)):
        if cls.__module__.split(".")[0] not in APPS:
            continue
        for name, filter_ in cls.base_filters.items():
            yield f"{cls.__module__}.{cls.__name__}.{name}", filter_.field


def test_the_sweep_finds_the_forms():
    names = [name for name, _ in _form_fields()]
    assert any("MatchMoveForm.date" in name for name in names)
    assert any("StandingFilter.min_matches" in name for name in names)


@pytest.mark.parametrize("language", [code for code, _ in settings.LANGUAGES])
def test_every_date_time_and_number_input_has_a_machine_value(language):
    wrong = []
    for name, field in _form_fields():
        sample = next(
            (value for kind, value in SAMPLES.items() if isinstance(field, kind)),
            None,
        )
        if sample is None or isinstance(field.widget, forms.HiddenInput):
            continue
        with translation.override(language):
            shown = field.widget.format_value(field.prepare_value(sample))
        expected = machine(sample)
        if isinstance(field, forms.DateTimeField | forms.TimeField):
            expected = (
                expected.replace("T", " ") if shown and " " in shown else expected
            )
        if shown != expected:
            wrong.append(f"{name}: {shown!r}, not {expected!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("language", [code for code, _ in settings.LANGUAGES])
def test_every_date_and_time_field_has_the_browsers_picker(language):
    plain = [
        name
        for name, field in _form_fields()
        if isinstance(field, forms.DateField | forms.TimeField)
        and not isinstance(field.widget, forms.HiddenInput)
        and field.widget.input_type not in ("date", "time")
    ]
    assert not plain, plain
