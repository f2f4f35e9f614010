"""The Jinja2 environment of the referee's partials (the score sheet's fields, rows
and error slots, ``templates/jinja2/scoring/sheet.jinja``): the hand form renders a
dozen fields a row, and Django's template engine made the form's server time grow
past its goal (BENCHMARKS.md "The hand form at the table"). Every other template is
Django's. Autoescaping is on, as in Django's templates; a value Django marked safe
(a widget's markup) is kept as it is."""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, StrictUndefined


def environment(**options: Any) -> Environment:
    # A name the macros use but the tag does not give is a bug, not a blank.
    return Environment(**{**options, "undefined": StrictUndefined})
