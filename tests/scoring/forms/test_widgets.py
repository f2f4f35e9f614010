"""The form's widgets rendered in Python: the same markup as Django's, and the
option lists built once a language whatever is posted."""

from __future__ import annotations

from django import forms
from django.test.html import parse_html
from django.utils import translation

from scoring.forms.hand import AnnouncementForm
from scoring.forms.widgets import FastSelect


def test_the_feast_list_marks_the_chosen_feast_and_escapes_like_django():
    form = AnnouncementForm(
        prefix="announcements-2", data={"announcements-2-feast": "cash"}
    )
    html = form["feast"].as_widget()
    assert '<option value="cash" selected>Cash (20)</option>' in html
    assert html.count(" selected") == 1
    assert '<option value="lamour">L&#x27;amour (1)</option>' in html
    plain = forms.Select(choices=[("a", "A & B"), ("b", 'say "b"')])
    fast = FastSelect(choices=[("a", "A & B"), ("b", 'say "b"')])
    assert parse_html(fast.render("x", "b")) == parse_html(plain.render("x", "b"))


def test_made_up_values_neither_choose_anything_nor_grow_the_cache_R12():
    """A posted value that is no feast (a script posting at random) chooses nothing
    and adds nothing to the options kept for the list."""
    with translation.override("en"):
        AnnouncementForm(prefix="a")["feast"].as_widget()
        kept = len(FastSelect._options)
        for n in range(50):
            form = AnnouncementForm(prefix="a", data={"a-feast": f"made-up-{n}"})
            assert " selected" not in form["feast"].as_widget()
        assert len(FastSelect._options) == kept
    with translation.override("hu"):
        html = AnnouncementForm(prefix="b", data={"b-suit0": "H"})["suit0"].as_widget()
    assert '<option value="H" selected>H (kőr)</option>' in html
