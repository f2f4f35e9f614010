"""One place decides how a number or a date is written (core/l10n): for a machine
the same in every language, for people in theirs."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django import forms
from django.template import Context, Template
from django.utils import timezone, translation

from tarokk_admin.core.l10n import (
    DateInput,
    NumberInput,
    TimeInput,
    human_date,
    human_number,
    machine,
    machine_attrs,
)

LANGUAGES = ["hu", "en"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("value", "written"),
    [
        (210, "210"),
        (210.0, "210"),
        (186.66666, "186.67"),
        (-0.001, "0"),
        (Decimal("74.40"), "74.4"),
        (dt.date(2027, 2, 6), "2027-02-06"),
        (dt.time(14, 30), "14:30"),
        (dt.time(14, 30, 15), "14:30:15"),
        (None, ""),
        ("Győri Rába", "Győri Rába"),
    ],
)
def test_a_machine_reads_the_same_in_every_language(language, value, written):
    with translation.override(language):
        assert machine(value) == written


def test_an_aware_date_time_is_written_in_the_sites_time_zone():
    moment = dt.datetime(2027, 2, 6, 13, 30, tzinfo=dt.UTC)
    with translation.override("hu"):
        assert machine(moment) == "2027-02-06T14:30"  # Budapest, winter


def test_machine_attributes_are_escaped_and_never_localised():
    with translation.override("hu"):
        html = machine_attrs(x=200, width=210.5, class_="a<b", text_anchor="end")
    assert html == 'x="200" width="210.5" class="a&lt;b" text-anchor="end"'


@pytest.mark.parametrize(
    ("language", "number", "date"),
    [("hu", "74,4", "2027.02.06."), ("en", "74.4", "2027-02-06")],
)
def test_people_read_numbers_and_dates_in_their_language(language, number, date):
    with translation.override(language):
        assert human_number(74.43, 1) == number
        assert human_date(dt.date(2027, 2, 6)) == date
        assert human_number(None) == ""


def test_people_read_a_date_time_in_the_sites_time_zone():
    moment = timezone.make_aware(dt.datetime(2027, 2, 6, 14, 30))
    with translation.override("hu"):
        assert human_date(moment) == "2027.02.06. 14:30"


def test_the_template_filters_say_the_same():
    template = Template(
        "{% load l10n_tags %}{{ x|machine }}|{{ x|human:1 }}|{{ d|machine }}"
    )
    with translation.override("hu"):
        text = template.render(Context({"x": 74.43, "d": dt.date(2027, 2, 6)}))
    assert text == "74.43|74,4|2027-02-06"


class _Form(forms.Form):
    day = forms.DateField(widget=DateInput())
    hour = forms.TimeField(widget=TimeInput())
    share = forms.DecimalField(widget=NumberInput(), localize=True)


def test_the_widgets_give_inputs_their_machine_value_in_hungarian():
    """A date input shows nothing for ``2027.02.06.`` (Django's Hungarian input
    format): the value must be ISO 8601, whatever the language."""
    form = _Form(
        initial={"day": dt.date(2027, 2, 6), "hour": dt.time(18), "share": 74.4}
    )
    with translation.override("hu"):
        html = str(form)
    assert 'type="date"' in html
    assert 'value="2027-02-06"' in html
    assert 'type="time"' in html
    assert 'value="18:00"' in html
    assert 'value="74.4"' in html


def test_a_value_typed_wrong_is_shown_back_as_typed():
    form = _Form(data={"day": "2027.13.45.", "hour": "", "share": ""})
    with translation.override("hu"):
        html = str(form["day"])
    assert 'value="2027.13.45."' in html


def test_a_date_typed_as_the_browser_sends_it_is_read_in_hungarian():
    form = _Form(data={"day": "2027-02-06", "hour": "18:00", "share": "1"})
    with translation.override("hu"):
        assert form.is_valid(), form.errors
    assert form.cleaned_data["day"] == dt.date(2027, 2, 6)
