"""The paper fallback: a match's A4 score sheet as a printable page and a PDF —
blank for a scheduled match (teams, line-ups, the hand rows, the 70 announcements
of R13 with their values, grouped), filled for a completed one; shown to whoever
may see the match (R15)."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from django.utils import timezone, translation

from competitions.models import JuryApproval, Lineup
from competitions.services.matches import match_complete
from scoring.engine.catalogue import FEASTS
from scoring.selectors.paper import catalogue_columns, catalogue_groups
from scoring.services.hands import hand_save
from tests.factories import MatchFactory, UserFactory, sheet

pytestmark = pytest.mark.django_db


def pdf_text(pdf: bytes, tmp_path) -> str | None:
    if shutil.which("pdftotext") is None:
        return None
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def test_the_catalogue_prints_all_70_announcements_grouped_as_in_R13():
    groups = catalogue_groups()
    codes = [code for _label, feasts in groups for code, _n, _v in feasts]
    assert sorted(codes) == sorted(FEASTS)  # every entry once
    assert len(codes) == 70
    labels = [label for label, _feasts in groups]
    assert labels[:3] == ["Messages", "Material", "Silent premiums"]
    assert len(labels) == len(set(labels)) == 10  # each group printed once
    flight = dict(groups)["Flight"]
    assert [code for code, _n, _v in flight][:3] == [
        "pheasant",
        "falcon",
        "second_pheasant",
    ]
    columns = catalogue_columns()
    assert len(columns) == 3
    assert [g for column in columns for g in column] == groups
    values = {code: value for _l, feasts in groups for code, _n, value in feasts}
    assert values["royal"] == 200
    assert values["flush"] == 10


def test_a_blank_sheet_for_a_scheduled_match_as_a_pdf(client, tmp_path):
    match = MatchFactory()
    response = client.get(f"/matches/{match.pk}/sheet.pdf")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "attachment" in response["Content-Disposition"]
    assert response.content.startswith(b"%PDF")
    text = pdf_text(response.content, tmp_path)
    if text is not None:
        assert match.team_a.name in text
        assert match.team_b.name in text
        for name in ("Full Honours", "Pagat Capture", "Royal", "Four of a Kind"):
            assert name in " ".join(text.split()), name


def test_the_printable_page_has_8_empty_hand_rows_and_the_catalogue(client):
    match = MatchFactory()
    response = client.get(f"/matches/{match.pk}/sheet/")
    html = response.content.decode()
    rows = response.context["sheet"]["rows"]
    assert [row.number for row in rows] == list(range(1, 9))
    assert all(row.hand is None for row in rows)
    assert html.count('class="feast-name"') == 70
    assert "css/sheet.css" in html  # the A4 print stylesheet
    assert f"/matches/{match.pk}/sheet.pdf" in html


def test_a_completed_match_fills_the_sheet(client, tmp_path, referee):
    from tests.factories import ready_match

    match = ready_match(referee=referee)
    for number in range(1, 9):
        hand_save(match=match, number=number, record=sheet(number), user=referee)
    match_complete(match=match, user=referee)
    response = client.get(f"/matches/{match.pk}/sheet/")
    rows = response.context["sheet"]["rows"]
    assert all(row.hand is not None for row in rows)
    results = {r.team_id: r for r in match.results.all()}
    assert rows[-1].running == (
        results[match.team_a_id].total,
        results[match.team_b_id].total,
    )
    lineup = Lineup.objects.filter(match=match).select_related("driver").first()
    html = response.content.decode()
    assert lineup.driver.name in html
    pdf = client.get(f"/matches/{match.pk}/sheet.pdf").content
    assert pdf.startswith(b"%PDF")
    text = pdf_text(pdf, tmp_path)
    if text is not None:
        assert str(results[match.team_a_id].points) in text
        assert lineup.driver.name in " ".join(text.split())


def test_the_sheet_in_hungarian(client):
    match = MatchFactory()
    with translation.override("hu"):
        client.cookies["django_language"] = "hu"
        html = client.get(
            f"/matches/{match.pk}/sheet/", HTTP_ACCEPT_LANGUAGE="hu"
        ).content.decode()
    assert 'lang="hu"' in html
    assert "Üzenetek" in html or "Bemondások" in html


@pytest.mark.parametrize(
    ("who", "status"),
    [("anonymous", 404), ("referee", 200), ("jury", 200), ("official", 200)],
)
def test_a_match_not_in_public_shows_its_sheet_to_staff_only_R15(
    client, referee, who, status
):
    match = MatchFactory(public=False, referee=referee)
    user = {
        "anonymous": None,
        "referee": referee,
        "jury": UserFactory(roles=["Jury"]),
        "official": UserFactory(roles=["Official"]),
    }[who]
    if user is not None:
        client.force_login(user)
    assert client.get(f"/matches/{match.pk}/sheet/").status_code == status
    assert client.get(f"/matches/{match.pk}/sheet.pdf").status_code == status


def test_a_match_approved_by_the_jury_shows_its_sheet_to_everyone_R15(client):
    match = MatchFactory(public=False)
    JuryApproval.objects.create(
        match=match, approved_by=UserFactory(), approved_at=timezone.now()
    )
    assert client.get(f"/matches/{match.pk}/sheet.pdf").status_code == 200


def test_a_missing_match_has_no_sheet(client):
    assert client.get("/matches/999999/sheet.pdf").status_code == 404
