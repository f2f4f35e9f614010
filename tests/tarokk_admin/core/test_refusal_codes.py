"""A code with several sentences (``code__place`` in a table), the official's check
that raises the table's error, and the problem a refusal becomes."""

from __future__ import annotations

import pytest
from django.utils.translation import gettext_lazy

from tarokk_admin.core.errors import ErrorTable, ServiceBug, ServiceError
from tarokk_admin.core.problems import Problem
from tarokk_admin.core.roles import official_check
from tests.factories import UserFactory

TABLE = ErrorTable(
    "x",
    {
        "not_an_official__walkover": gettext_lazy("Only officials record a walkover."),
        "not_an_official__rosters": gettext_lazy(
            "Only officials manage teams and rosters."
        ),
        "no_language": gettext_lazy("There is no language %(code)s."),
        "too_late": gettext_lazy("%(date)s is in the future."),
    },
)


def test_each_sentence_of_a_code_carries_the_code_alone():
    walkover = TABLE.error("not_an_official__walkover")
    rosters = TABLE.error("not_an_official__rosters")
    assert (walkover.code, rosters.code) == ("not_an_official", "not_an_official")
    assert walkover.message != rosters.message


def test_a_placeholder_may_be_called_code():
    # The code is positional only, so a sentence may name a value ``code``.
    assert TABLE.message("no_language", code="xx") == "There is no language xx."
    assert TABLE.error("no_language", code="xx").code == "no_language"


@pytest.mark.django_db
def test_the_officials_check_raises_the_tables_error_for_anyone_else():
    refusal = TABLE.error("not_an_official__walkover")
    with pytest.raises(ServiceError) as raised:
        official_check(UserFactory(), refusal)
    assert raised.value is refusal
    assert raised.value.code == "not_an_official"
    official_check(UserFactory(is_superuser=True), refusal)  # an official: passes


def test_the_officials_check_takes_only_a_refusal_of_the_officials_code():
    with pytest.raises(ServiceBug):
        official_check(None, TABLE.error("too_late", date="2027-01-01"))


def test_a_refusal_is_a_problem_of_a_line_or_of_a_path():
    error = TABLE.error("too_late", field="date", date="2027-01-01")
    line = Problem.refused(error, line=4, column="date")
    assert line.as_json() == {
        "code": "too_late",
        "line": 4,
        "column": "date",
        "message": "2027-01-01 is in the future.",
    }
    path = Problem.refused(error, path="/matches/2/date")
    assert path.as_json() == {
        "code": "too_late",
        "message": "2027-01-01 is in the future.",
        "path": "/matches/2/date",
    }
    assert Problem.from_json(line.as_json()) == line
    assert Problem.from_json(path.as_json()) == path
    # Said in words for a page, never in the JSON.
    assert line.described("line 4").as_json() == line.as_json()
