"""The columns of a trophy archive file (HAND_RECORD.md "Archive files",
**trophies**) and what each cell may say: a trophy of the catalogue by its code or
its English, Hungarian or German name (R13's trophy groups), a recognised variant
(R14) by its code or name, the players by federation number or an unambiguous name
(``competitions.selectors.player_names``). Names are compared without case,
accents or punctuation, and only whole: nothing is guessed."""

from __future__ import annotations

import datetime as dt
import hashlib
import unicodedata
from collections import defaultdict
from functools import lru_cache
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

from competitions.models import RECOGNISED_VARIANTS, Variant
from competitions.selectors.player_names import KnownPlayer, PlayerIndex
from scoring.engine import feast_name
from scoring.engine.catalogue import FEASTS
from tarokk_admin.core.sheets import CellProblem, Column
from tarokk_admin.core.sheets.parsers import past_date, text, whole

EVENT_MAX = 120
LANGUAGES = ("en", "hu")


def name_key(value: str) -> str:
    """Lower case without accents or punctuation: "L'Amour" -> "l amour"."""
    plain = "".join(
        ch
        for ch in unicodedata.normalize("NFKD", value.casefold())
        if not unicodedata.combining(ch)
    )
    return " ".join("".join(ch if ch.isalnum() else " " for ch in plain).split())


def _translations(text_: str) -> list[str]:
    names = [text_]
    for language in LANGUAGES:
        with translation.override(language):
            names.append(translation.gettext(text_))
    return names


@lru_cache(maxsize=1)
def _feast_names() -> dict[str, frozenset[str]]:
    """Every feast's code and names (English, Hungarian, German), folded."""
    names: dict[str, set[str]] = defaultdict(set)
    for code, feast in FEASTS.items():
        for name in [code, code.replace("_", " "), *_translations(feast.name)]:
            names[name_key(name)].add(code)
        if feast.german:
            names[name_key(feast.german)].add(code)
    return {name: frozenset(codes) for name, codes in names.items()}


@lru_cache(maxsize=1)
def _variant_names() -> dict[str, str]:
    names: dict[str, str] = {}
    for variant in Variant:
        for name in [variant.value, *_translations(str(variant.label))]:
            names[name_key(name)] = variant.value
    return names


def trophy_code(raw: str, context: Any = None) -> str:
    """The catalogue code of the trophy ``raw`` names (R13)."""
    codes = _feast_names().get(name_key(raw), frozenset())
    trophies = sorted(code for code in codes if FEASTS[code].is_trophy)
    if len(trophies) == 1:
        return trophies[0]
    if len(trophies) > 1:
        raise CellProblem(
            "ambiguous_trophy",
            _("%(value)s names several trophies (%(codes)s): write the code.")
            % {"value": raw, "codes": ", ".join(trophies)},
        )
    if codes:
        raise CellProblem(
            "not_a_trophy",
            _(
                "%(value)s is %(feast)s, which is not a trophy (R13): the trophy "
                "list holds the trophy groups only."
            )
            % {"value": raw, "feast": feast_name(sorted(codes)[0])},
        )
    raise CellProblem(
        "unknown_trophy",
        _(
            "%(value)s is no trophy of the catalogue: write its code (golgotha) or "
            "its English, Hungarian or German name."
        )
        % {"value": raw},
    )


def variant_code(raw: str, context: Any = None) -> str:
    """A recognised variant (R14): its code, or its English or Hungarian name."""
    code = _variant_names().get(name_key(raw))
    if code is None:
        raise CellProblem(
            "unknown_variant",
            _(
                "%(value)s is not a variant game; leave the cell empty for Royal "
                "Tarokk, or write one of %(variants)s."
            )
            % {
                "value": raw,
                "variants": ", ".join(str(v.label) for v in RECOGNISED_VARIANTS),
            },
        )
    if code not in RECOGNISED_VARIANTS:
        raise CellProblem(
            "variant_not_recognised",
            _(
                "%(variant)s is not a recognised variant: its trophies do not go "
                "on the trophy list (R14)."
            )
            % {"variant": Variant(code).label},
        )
    return code


def player_found(raw: str, context: PlayerIndex) -> KnownPlayer:
    return context.find(raw)


COLUMNS = (
    Column("date", "dátum", required=True, parse=past_date),
    Column("player", "játékos", required=True, parse=player_found),
    Column("trophy", "trófea", required=True, parse=trophy_code),
    Column("partner", "partner", parse=player_found),
    Column("event", "esemény", parse=text(EVENT_MAX)),
    Column("variant", "változat", parse=variant_code),
    Column("points", "pont", parse=whole),
)


def archive_key(
    *, date: dt.date, player_id: int, feast: str, partner_id: int | None, event: str
) -> str:
    """An archive row's identity (HAND_RECORD.md: date, player, trophy, partner,
    event), as a short fixed-length key."""
    text_ = "|".join(
        [date.isoformat(), str(player_id), feast, str(partner_id or ""), event]
    )
    return hashlib.sha1(text_.encode("utf-8"), usedforsecurity=False).hexdigest()
