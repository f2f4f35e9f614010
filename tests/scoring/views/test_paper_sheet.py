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
    assert len(columns) == 5
    parts = [part for column in columns for part in column]
    shown = [code for _label, feasts in parts for code, _n, _v in feasts]
    assert shown == codes  # in order, each once
    headings = [label for label, _feasts in parts]
    assert headings[:-1] == labels  # the trophies go on in the last column
    assert headings[-1] == "Trophies (continued)"
    heights = [sum(len(feasts) + 1 for _l, feasts in column) for column in columns]
    assert max(heights) <= 18
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


LONG_TEAMS = ("Hódmezővásárhelyi Tulipán", "Székesfehérvári Koronázók")
LONG_PLAYERS = (
    "Szentgyörgyi Bernadett",
    "Kovács-Nagy Ildikó",
    "Vörösmarty Gergely",
    "Csonka Erzsébet",
)


def _pages(match) -> int:
    """How many pages the sheet's PDF has (rendered as the download is)."""
    from scoring.views.paper import sheet_document

    return len(sheet_document(match).pages)


def test_the_blank_sheet_asks_every_fact_the_hand_form_asks_on_one_page_R5(client):
    """A hand written on the paper fallback can be scored later: the attack's trumps,
    Honours and XVI–XVIII (R5: the defence's follow), the tricks, each announcement
    with who announced it, its outcome and who contra'd it, the silent premiums."""
    match = MatchFactory()
    html = client.get(f"/matches/{match.pk}/sheet/").content.decode()
    head = html.split('class="sheet-hands"')[1].split("</thead>")[0]
    for words in (
        "The attack holds (R5)",
        "Trumps",
        "Honours",
        ">XVI<",
        ">XVII<",
        ">XVIII<",
        "Tricks",
        "who announced it",
        "✔ made",
        "✘ failed",
        "contra by whom",
        "Silent premiums",
    ):
        assert words in head, words
    assert _pages(match) == 1


def test_the_filled_sheet_prints_the_facts_and_who_contrad_on_one_page_R8(
    client, referee
):
    from tests.factories import ready_match
    from tests.scoring.kit import ann, facts, hand

    match = ready_match(referee=referee)
    # Long names, as a federation has them: the rows wrap the most.
    for team, name in zip(match.teams, LONG_TEAMS, strict=True):
        team.name = name
        team.save()
    lineups = {lu.team_id: lu for lu in match.lineups.select_related("driver")}
    players = [
        player
        for lineup in lineups.values()
        for player in (lineup.driver, lineup.catcher)
    ]
    for player, name in zip(players, LONG_PLAYERS, strict=True):
        player.name = name
        player.save()
    lineups = {lu.team_id: lu for lu in match.lineups.select_related("driver")}
    attack = lineups[match.team_a_id]  # hand 1's attack (the cut)
    defence = lineups[match.team_b_id]
    first = hand(
        ann("cash", made=True, contra=("defence", "catcher")),
        ann("pheasant", team="defence", by="driver", made=False, cards=["I"]),
        ann("red_and_black", by="catcher", made=False, suits=["H", "C"]),
        ann("flush", team="defence", by="driver", made=True),
        ann("visi", made=True, contra=("attack", "catcher")),
        attack=facts(12, 1, "XVI", "XVIII"),
        defence=facts(10, 1, "XVII"),
        tricks=6,
        silent_attack=("four_kings",),
    )
    hand_save(match=match, number=1, record=first, user=referee)
    for number in range(2, 9):  # long rows: five announcements each
        hand_save(match=match, number=number, record=sheet(number, 5), user=referee)
    html = client.get(f"/matches/{match.pk}/sheet/").content.decode()
    row = html.split('class="sheet-hands"')[1].split("<tbody>")[1].split("</tr>")[0]
    cells = [c.split(">", 1)[1].split("</td>")[0].strip() for c in row.split("<td")[1:]]
    assert cells[1:7] == ["12", "1", "✔", "–", "✔", "6"]  # trumps … XVIII, tricks
    catcher = defence.catcher.name
    assert f"Cash — {attack.driver.name} ✔ · contra: {catcher}<" in row
    assert f"Visi — {attack.driver.name} ✔ · contra: {attack.catcher.name}<" in row
    assert "Pheasant I — " in row
    assert "The Red and the Black H,C — " in row
    assert "Four Kings (attack)" in cells[8]
    assert _pages(match) == 1
