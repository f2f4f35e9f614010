"""From the score-sheet form to a hand record and back, and engine errors onto fields.

``record_from_forms`` builds the record exactly as HAND_RECORD.md has it (only what was
entered; declared cards, suits and count only for a feast that takes them), so the
engine's ``missing_key``/``out_of_range`` errors are the form's required/range checks.
``place_errors`` maps each error's JSON Pointer to the field it concerns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring.engine.cards import HONOURS, MIDDLE
from scoring.engine.catalogue import FEASTS, SuitParam
from scoring.forms.hand import MAX_CARDS, MAX_SUITS, PLAYERS, SIDES, AnnouncementFormSet
from scoring.forms.messages import path_label, readable_errors

HAND_FORMAT = "royal-tarokk-hand/1"


def _int(value: Any) -> Any:
    return value if value is not None and value != "" else None


ROW_INPUTS = (
    "feast",
    "announcer",
    "made",
    "contra",
    "count",
    *(f"card{i}" for i in range(MAX_CARDS)),
    *(f"suit{i}" for i in range(MAX_SUITS)),
)


def _row_is_blank(form: Any) -> bool:
    """Whether nothing was entered in a row, judged by what was posted: a value the
    form cannot read (a choice that is none of its choices) is not blank but an input
    error (:func:`input_errors`), so such a row is never silently left out."""
    data = form.data if form.is_bound else {}
    many = getattr(data, "getlist", None)
    values = (
        many(form.add_prefix(key)) if many else [data.get(form.add_prefix(key))]
        for key in ROW_INPUTS
    )
    return not any(str(value or "").strip() for group in values for value in group)


TRUMPS_IN_PLAY = 22  # R5: the two teams' trumps add up to 22


def defence_facts(attack: dict[str, Any]) -> dict[str, Any]:
    """The defence's consolation facts, which follow from the attack's (R5): the
    rest of the 22 trumps, of the two Honours and of XVI, XVII, XVIII. A fact the
    attack's entry lacks is left out (the engine asks for the attack's)."""
    facts: dict[str, Any] = {
        "middle": [card for card in MIDDLE if card not in attack.get("middle", [])]
    }
    if isinstance(attack.get("trumps"), int):
        facts["trumps"] = TRUMPS_IN_PLAY - attack["trumps"]
    if isinstance(attack.get("honours"), int):
        facts["honours"] = len(HONOURS) - attack["honours"]
    return facts


def record_from_forms(hand_form: Any, formset: Any) -> tuple[dict[str, Any], list[int]]:
    """The hand record the forms describe, and for each of its announcements the index
    of the formset row it came from (blank and deleted rows are left out)."""
    data = hand_form.cleaned_data
    record: dict[str, Any] = {"format": HAND_FORMAT}
    attack: dict[str, Any] = {"middle": list(data.get("attack_middle") or [])}
    for key in ("trumps", "honours"):
        value = _int(data.get(f"attack_{key}"))
        if value is not None:
            attack[key] = value
    record["attack"] = attack
    record["defence"] = defence_facts(attack)
    if _int(data.get("tricks")) is not None:
        record["tricks"] = {"attack": data["tricks"]}
    announcements: list[dict[str, Any]] = []
    rows: list[int] = []
    for i, form in enumerate(formset.forms):
        row = getattr(form, "cleaned_data", None) or {}
        if row.get("DELETE") or _row_is_blank(form):
            continue
        announcements.append(_announcement(row))
        rows.append(i)
    record["announcements"] = announcements
    silent = {side: list(data.get(f"{side}_silent") or []) for side in SIDES}
    if any(silent.values()):
        record["silent"] = silent
    return record, rows


def _announcement(row: dict[str, Any]) -> dict[str, Any]:
    item: dict[str, Any] = {}
    if row.get("feast"):
        item["feast"] = row["feast"]
    if row.get("announcer") in PLAYERS:
        item["team"], item["by"] = row["announcer"].split(":", 1)
    feast = FEASTS.get(row.get("feast") or "")
    if feast is not None and feast.declared_cards:
        item["cards"] = [
            row[f"card{i}"] for i in range(feast.declared_cards) if row.get(f"card{i}")
        ]
    if feast is not None and feast.suits is not SuitParam.NONE:
        wanted = 2 if feast.suits is SuitParam.RED_AND_BLACK else 1
        item["suits"] = [row[f"suit{i}"] for i in range(wanted) if row.get(f"suit{i}")]
    if feast is not None and feast.has_count and _int(row.get("count")) is not None:
        item["count"] = row["count"]
    if feast is not None and feast.is_message:
        item["made"] = True  # R6: a message is always made and cannot be contra'd
        return item
    if row.get("made"):
        item["made"] = row["made"] == "yes"
    if row.get("contra"):
        team, by = row["contra"].split(":", 1)
        item["contra"] = {"team": team, "by": by}
    return item


def initial_from_record(record: dict[str, Any]) -> tuple[dict[str, Any], list[dict]]:
    """Initial data for the forms from a score-sheet hand record."""
    initial: dict[str, Any] = {}
    facts = record.get("attack") or {}
    initial["attack_trumps"] = facts.get("trumps")
    initial["attack_honours"] = facts.get("honours")
    initial["attack_middle"] = list(facts.get("middle") or [])
    for side in SIDES:
        initial[f"{side}_silent"] = list((record.get("silent") or {}).get(side) or [])
    initial["tricks"] = (record.get("tricks") or {}).get("attack")
    rows = []
    for item in record.get("announcements") or []:
        row: dict[str, Any] = {"feast": item.get("feast", "")}
        if item.get("team") and item.get("by"):
            row["announcer"] = f"{item['team']}:{item['by']}"
        if "made" in item:
            row["made"] = "yes" if item["made"] else "no"
        contra = item.get("contra")
        if contra:
            row["contra"] = f"{contra.get('team')}:{contra.get('by')}"
        for i, card in enumerate((item.get("cards") or [])[:MAX_CARDS]):
            row[f"card{i}"] = card
        for i, suit in enumerate((item.get("suits") or [])[:MAX_SUITS]):
            row[f"suit{i}"] = suit
        if "count" in item:
            row["count"] = item["count"]
        rows.append(row)
    return initial, rows


# --- engine errors onto fields -------------------------------------------------

_FACT_FIELDS = {"trumps", "honours", "middle"}
_ROW_FIELDS = {"feast", "made", "contra", "count"}


@dataclass
class PlacedErrors:
    """Engine errors by the form field they concern; the rest go to the top."""

    top: list[dict[str, str]] = field(default_factory=list)
    fields: dict[str, list[str]] = field(default_factory=dict)  # html name -> messages
    all: list[dict[str, Any]] = field(default_factory=list)  # in order, with field

    def add(self, name: str | None, error: dict[str, Any]) -> None:
        self.all.append({**error, "field": name})
        if name is None:
            self.top.append(error)
        else:
            self.fields.setdefault(name, []).append(error["message"])

    @property
    def first_field(self) -> str | None:
        """The html name of the first field at fault (focused after a refusal)."""
        return next((e["field"] for e in self.all if e["field"]), None)

    def __bool__(self) -> bool:
        return bool(self.top or self.fields)


def _parts(path: str) -> list[str]:
    if not path.startswith("/"):
        return []
    return [p.replace("~1", "/").replace("~0", "~") for p in path[1:].split("/")]


def error_field(
    path: str, rows: list[int], prefix: str = "announcements"
) -> str | None:
    """The html name of the field an engine error's path concerns, or None (top):
    ``/attack/trumps`` -> ``attack_trumps``; ``/announcements/2/cards/0`` -> the
    ``card0`` field of the formset row that announcement came from."""
    parts = _parts(path)
    if not parts:
        return None
    head = parts[0]
    if head in SIDES and len(parts) >= 2 and parts[1] in _FACT_FIELDS:
        return f"attack_{parts[1]}"  # the defence's facts follow from these (R5)
    if head == "tricks":
        return "tricks"
    if head == "silent" and len(parts) >= 2 and parts[1] in SIDES:
        return f"{parts[1]}_silent"
    if head == "announcements" and len(parts) >= 2 and parts[1].isdigit():
        index = int(parts[1])
        if index >= len(rows):
            return None
        row = f"{prefix}-{rows[index]}"
        if len(parts) == 2:
            return f"{row}-feast"
        key = parts[2]
        if key in ("team", "by"):
            return f"{row}-announcer"
        if key in _ROW_FIELDS:
            return f"{row}-{key}"
        if key in ("cards", "suits"):
            n = int(parts[3]) if len(parts) > 3 and parts[3].isdigit() else 0
            limit = MAX_CARDS if key == "cards" else MAX_SUITS
            return f"{row}-{key[:-1]}{min(n, limit - 1)}"
        return f"{row}-feast"
    return None


_INPUT_PATHS = {
    "attack_trumps": "/attack/trumps",
    "attack_honours": "/attack/honours",
    "attack_middle": "/attack/middle",
    "tricks": "/tricks",
    "attack_silent": "/silent/attack",
    "defence_silent": "/silent/defence",
}


def _input_label(form: Any, name: str, row: int | None) -> str:
    """The words a referee reads for a field, as for the engine's errors on it."""
    if row is None:
        path = _INPUT_PATHS.get(name)
        return path_label(path) if path else str(form.fields[name].label)
    key = {"announcer": "by"}.get(name, name)
    if key[:4] in ("card", "suit") and key[4:].isdigit():
        key = f"{key[:4]}s/{key[4:]}"
    return path_label(f"/announcements/{row}/{key}")


def input_errors(hand_form: Any, formset: Any) -> list[dict[str, Any]]:
    """What the forms could not read, each on its field with the form's label: a
    choice that is none of the choices, a number that is not a number, a garbled
    list of rows. Such a hand is refused like one the engine refuses: the record
    built from the rest would silently lack what was entered."""
    errors: list[dict[str, Any]] = []
    forms = [(hand_form, None)] + [(f, i) for i, f in enumerate(formset.forms)]
    for form, row in forms:
        for name, messages in form.errors.items():
            field = form.fields.get(name)
            if field is None or field.widget.is_hidden:
                continue  # the version and the row's remove flag: not typed
            for message in messages:
                errors.append(
                    {
                        "code": "invalid_input",
                        "message": str(message),
                        "path": "",
                        "field": form.add_prefix(name),
                        "label": _input_label(form, name, row),
                    }
                )
    for message in formset.non_form_errors():
        errors.append({"code": "invalid_input", "message": str(message), "path": ""})
    return errors


def place_errors(
    errors: list[dict[str, str]],
    rows: list[int],
    inputs: list[dict[str, Any]] | None = None,
) -> PlacedErrors:
    """The errors in a referee's words (:mod:`scoring.forms.messages`), each on the
    field its path concerns, in the order of the page; with ``inputs``
    (:func:`input_errors`), and then no engine error on a field whose input could
    not be read (it would say the same less precisely)."""
    unread = {error.get("field") for error in inputs or []}
    found = [(error.get("field"), error) for error in inputs or []]
    for error in readable_errors(errors, rows):
        name = error_field(error.get("path", ""), rows)
        if name is None or name not in unread:
            found.append((name, error))
    placed = PlacedErrors()
    for name, error in sorted(found, key=lambda item: _page_order(item[0])):
        placed.add(name, error)
    return placed


_PAGE_ORDER = (
    "attack_trumps",
    "attack_honours",
    "attack_middle",
    "attack_silent",
    "defence_silent",
    "tricks",
)
_ROW_ORDER = ("feast", "announcer", *ROW_INPUTS[5:], "count", "made", "contra")


def _page_order(name: str | None) -> tuple[int, int, int]:
    """Where a field is on the page, top to bottom (the problems are listed so, and
    the first is focused); problems of no field come first."""
    if name is None:
        return (0, 0, 0)
    if name in _PAGE_ORDER:
        return (1, _PAGE_ORDER.index(name), 0)
    parts = name.split("-")
    if len(parts) == 3 and parts[1].isdigit() and parts[2] in _ROW_ORDER:
        return (2, int(parts[1]), _ROW_ORDER.index(parts[2]))
    return (3, 0, 0)


def hand_forms(
    data: Any = None, *, record: dict[str, Any] | None = None, **kwargs: Any
) -> tuple[Any, Any]:
    """The bound (``data``) or initial (``record``) hand form and announcement formset."""
    from scoring.forms.hand import HandForm

    names = {"names": kwargs.pop("names", None)}
    if data is not None:
        return HandForm(data, **kwargs), AnnouncementFormSet(
            data, prefix="announcements", form_kwargs=names
        )
    initial, rows = initial_from_record(record or {})
    initial["version"] = kwargs.pop("version", None)
    formset = AnnouncementFormSet(
        initial=rows, prefix="announcements", form_kwargs=names
    )
    if rows:
        formset.extra = 0  # a stored hand: "Add an announcement" adds a row
    return HandForm(initial=initial, **kwargs), formset
