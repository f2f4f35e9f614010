"""The statistics' and the team page's SVG charts in Hungarian: every coordinate is
written for a machine (``210.5``), never the Hungarian way (``210,5``), which the
browser refuses with an error for every bar and point; the numbers people read
beside the bars and points are Hungarian."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from tarokk_admin.core.charts import bar_chart, points_chart
from tests.sweep.browser import machine_values_in

pytestmark = pytest.mark.django_db


def _svgs(html: str) -> list[str]:
    return re.findall(r"<svg.*?</svg>", html, flags=re.S)


@pytest.mark.parametrize("language", ["hu", "en"])
def test_the_statistics_charts_are_drawn_in_both_languages(client, kit, language):
    team, player = kit.teams["K"], kit.players["Anna"]
    for url in (
        "/statistics/2026/",
        f"/statistics/2026/teams/{team.pk}/",
        f"/statistics/2026/players/{player.pk}/",
        f"/teams/{team.pk}/",
    ):
        html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        svgs = _svgs(html)
        assert svgs, url
        assert machine_values_in("".join(svgs)) == [], url
        assert re.search(r"<(rect|polyline) ", "".join(svgs)), url


def test_the_numbers_people_read_on_a_chart_are_hungarian(client, kit):
    html = client.get("/statistics/2026/", HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    months = _svgs(html)[1]  # the average hand score month by month
    assert re.search(r"<title>[^<]*: \d+,\d+</title>", months)


def test_chart_geometry_leaves_python_written_for_a_machine():
    with translation.override("hu"):
        bars = bar_chart([("Ultimó", 3, 2), ("Centrum", 2, None)])
        line = points_chart([("2026-01-24", 75), ("2026-02-07", 150)])
    assert str(bars["bars"][0].whole) == 'x="200" y="5" width="210" height="24"'
    assert str(bars["bars"][1].whole) == 'x="200" y="39" width="140" height="24"'
    assert bars["bars"][1].part_rect is None
    assert str(line["polyline"]) == 'points="48,112 628,12"'
    assert bars["view_box"] == "0 0 480 68"


def test_the_months_are_named_as_each_language_shortens_them():
    from stats.views.season import _month_label

    with translation.override("hu"):
        assert [_month_label(m) for m in (1, 3, 9)] == ["jan.", "márc.", "szept."]
    with translation.override("en"):
        assert [_month_label(m) for m in (1, 3, 9)] == ["Jan.", "March", "Sept."]
