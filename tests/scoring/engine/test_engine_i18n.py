"""The engine's messages are translatable (scoring/engine/i18n.py): each is a literal
template translated by the installed translator, then formatted; feast, suit, team and
player names are translated where a message shows them. Plain pytest, no database."""

from __future__ import annotations

import ast
import copy
import random
from typing import Any

import pytest

from scoring.engine import score_hand_record, score_match_record
from scoring.engine.catalogue import FEASTS
from scoring.engine.errors import Errors
from scoring.engine.generate import random_play_record
from scoring.engine.i18n import _, get_translator, gettext_noop, set_translator
from scoring.engine.play import analyse_play
from tests import ROOT
from tests.scoring.engine import kit as k
from tests.scoring.kit import ann, hand, match

from .test_engine_validation import INVALID

ENGINE = ROOT / "scoring" / "engine"


@pytest.fixture
def translator():
    """Install a translator for one test; the previous one is restored afterwards."""
    previous = get_translator()
    yield set_translator
    set_translator(previous)


def _mapping(table: dict[str, str]):
    return lambda message: table.get(message, message)


def _marked(message: str) -> str:
    return "«" + message + "»"


def _unmarked(message: str) -> str:
    return message.replace("«", "").replace("»", "")


def _messages(records: list[Any]) -> list[tuple[str, str, str]]:
    """(code, path, message) of every error the engine reports for ``records``."""
    found = []
    for record in records:
        result = score_hand_record(record)
        found += [(e["code"], e["path"], e["message"]) for e in result["errors"]]
    for record in _MATCHES:
        result = score_match_record(record)
        found += [(e["code"], e["path"], e["message"]) for e in result["errors"]]
    return found


_VALUES: list[Any] = [None, True, 0, 7, 30, "x", "H", "XXI", [], {}, ["H"], 3.5]
_MATCHES: list[Any] = [
    "not a match",
    {"teams": ["A", "A"], "tiebreak": 1, "hands": 3, "venue": "Pécs"},
    match(*[hand()] * 7),
    match(hand(), tiebreak=True),
    match(*[hand()] * 8, first="Tata"),
]


def _broken(rng: random.Random, record: Any) -> Any:
    """``record`` with one to three values replaced, removed or changed at random."""
    record = copy.deepcopy(record)
    for _n in range(rng.randint(1, 3)):
        spots = []
        stack = [record]
        while stack:
            node = stack.pop()
            keys = node if isinstance(node, dict) else range(len(node))
            for key in keys:
                spots.append((node, key))
                if isinstance(node[key], dict | list):
                    stack.append(node[key])
        if not spots:
            return record
        node, key = rng.choice(spots)
        value = node[key]
        if isinstance(node, dict) and rng.random() < 0.2:
            del node[key]
        elif isinstance(value, bool):
            node[key] = not value
        elif isinstance(value, int):
            node[key] = value + rng.choice([-3, -1, 1, 2])
        elif isinstance(node, list) and rng.random() < 0.5:
            other = rng.randrange(len(node))
            node[key], node[other] = node[other], node[key]
        else:
            node[key] = copy.deepcopy(rng.choice(_VALUES))
    return record


def _corpus() -> list[Any]:
    """Every rule of the validation tests broken once, and broken play records."""
    records = [param.values[0] for param in INVALID]
    rng = random.Random(1984)
    for _n in range(150):
        play = random_play_record(rng, n_announcements=rng.randint(2, 8))
        records.append(_broken(rng, play))
    for _n in range(10):  # R6, R13: messages, mostly untrue of the announcer's hand
        play = random_play_record(rng, n_announcements=0)
        for team in ("attack", "defence"):
            by = rng.choice(["driver", "catcher"])
            for message in ("birds", "flush", "four_of_a_kind"):
                play["announcements"].append({"feast": message, "team": team, "by": by})
            play["announcements"].append(
                {"feast": "trumps_count", "team": team, "by": by, "count": 9}
            )
            play["announcements"].append(
                {
                    "feast": "suit_count",
                    "team": team,
                    "by": by,
                    "suits": ["H"],
                    "count": 2,
                }
            )
        records.append(play)
    return records


def test_identity_translator_keeps_the_english_messages(translator):
    """With no translation the messages read exactly as written (R12: declared cards)."""
    translator(gettext_noop)
    record = hand(ann("pheasant"), ann("kasino"))
    messages = [e["message"] for e in score_hand_record(record)["errors"]]
    assert "Pheasant needs its cards." in messages
    assert 'Unknown feast "kasino" (R13).' in messages


def test_messages_are_translated_before_they_are_formatted(translator):
    """R12: the template and the feast name are translated, then the key filled in."""
    translator(
        _mapping(
            {
                "{feast} needs its {key}.": "{feast}: hiányzik a(z) {key}.",
                "Pheasant": "Fácán",
            }
        )
    )
    result = score_hand_record(hand(ann("pheasant")))
    assert result["errors"][0]["message"] == "Fácán: hiányzik a(z) cards."
    assert result["errors"][0]["code"] == "missing_cards"


def test_team_names_are_translated_in_messages(translator):
    """R9: one trophy a team; the team's name comes out in the active language."""
    translator(_mapping({"defence": "védekezés"}))
    record = hand(
        ann("spadille", team="defence"), ann("manille", team="defence", by="catcher")
    )
    messages = [e["message"] for e in score_hand_record(record)["errors"]]
    assert any(m.startswith("The védekezés announced two trophies") for m in messages)


def test_suit_names_are_translated_in_play_messages(translator):
    """R2: a revoke names the suit led, translated."""
    translator(_mapping({"hearts": "kőr"}))
    play = k.kings_at(H=7)
    deal, tricks = k.deal_from_play(play), k.tricks(play)
    tricks[6][1], tricks[9][1] = "D-Q", "H-Q"
    errors = Errors()
    analyse_play(deal, tricks, [], errors)
    assert [e.code for e in errors.items] == ["revoke"]
    assert "DC holds kőr, which were led" in errors.items[0].message


def test_every_engine_message_goes_through_the_translator(translator):
    """Each message, and each name or phrase put into it, is translated; translating
    changes nothing else (the placeholders survive, the English is the same)."""
    corpus = _corpus()
    translator(gettext_noop)
    plain = _messages(corpus)
    translator(_marked)
    marked = _messages(corpus)
    assert len({code for code, _path, _m in plain}) >= 40, "the corpus covers the rules"
    assert [(c, p) for c, p, _m in marked] == [(c, p) for c, p, _m in plain]
    for (_c, _p, english), (_c2, _p2, message) in zip(plain, marked, strict=True):
        assert message.startswith("«"), message
        assert message.endswith("»"), message
        assert _unmarked(message) == english


def test_feast_names_are_translated_where_messages_show_them(translator):
    """R7: the silent premium and the announced feast are both named, translated."""
    translator(_mapping({"Obscure": "Sötét", "Cash": "Kassza"}))
    record = hand(ann("cash"), tricks=6, silent_attack=("obscure",))
    messages = [e["message"] for e in score_hand_record(record)["errors"]]
    assert any(
        m.startswith("Sötét does not score for the attack: it announced Kassza")
        for m in messages
    ), messages


def test_translator_is_restored_by_the_fixture(translator):
    before = get_translator()
    translator(str.upper)
    assert _("birds") == "BIRDS"
    translator(before)
    assert _("birds") == before("birds")


# --- static guards: what makemessages extracts ----------------------------------------


def _engine_trees() -> dict[str, ast.Module]:
    return {
        path.name: ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(ENGINE.glob("*.py"))
    }


def _calls(tree: ast.Module, name: str) -> list[ast.Call]:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == name
    ]


@pytest.mark.parametrize("name", ["_", "gettext_noop"])
def test_translated_strings_are_literals_xgettext_can_extract(name):
    for module, tree in _engine_trees().items():
        for call in _calls(tree, name):
            if module == "i18n.py":
                continue
            args = call.args
            literal = (
                len(args) == 1
                and not call.keywords
                and isinstance(args[0], ast.Constant)
                and isinstance(args[0].value, str)
            )
            # _(feast.name), _(SIDE_NAMES[side]): names marked with gettext_noop.
            marked_name = name == "_" and isinstance(
                args[0], ast.Attribute | ast.Subscript
            )
            assert literal or marked_name, f"{module}:{call.lineno}"


def _builds_text(node: ast.AST) -> bool:
    """An f-string, or ``+`` / ``%`` on a string literal: text made outside ``_()``."""
    if isinstance(node, ast.JoinedStr):
        return True
    return isinstance(node, ast.BinOp) and any(
        isinstance(side, ast.Constant) and isinstance(side.value, str)
        for side in (node.left, node.right)
    )


def test_no_error_message_is_an_untranslated_string():
    """Each ``errors.add`` gets ``_("...")``, ``_("...").format(...)`` or a name bound
    to one: never an f-string, a plain literal or ``%`` formatting."""
    for module, tree in _engine_trees().items():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "add"
                and len(node.args) == 3
            ):
                message = node.args[2]
                where = f"{module}:{node.lineno}"
                assert isinstance(message, ast.Call | ast.Name), where
                assert not any(_builds_text(part) for part in ast.walk(message)), where


def test_catalogue_names_are_marked_for_extraction():
    """R13: all 70 names of the catalogue reach the translation catalogue."""
    tree = _engine_trees()["catalogue.py"]
    marked = {
        call.args[0].value
        for call in _calls(tree, "gettext_noop")
        if isinstance(call.args[0], ast.Constant)
    }
    assert {feast.name for feast in FEASTS.values()} <= marked
    assert len(FEASTS) == 70
