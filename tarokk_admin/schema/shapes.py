"""JSON Schema pieces of the API's answers (OpenAPI 3.1 uses JSON Schema 2020-12)."""

from __future__ import annotations

from typing import Any

Schema = dict[str, Any]

INTEGER: Schema = {"type": "integer"}
NUMBER: Schema = {"type": "number"}
STRING: Schema = {"type": "string"}
BOOLEAN: Schema = {"type": "boolean"}


def nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


def obj(**properties: Schema) -> Schema:
    """An object with these properties, all required (more may follow)."""
    return {"type": "object", "required": list(properties), "properties": properties}


def array(items: Schema) -> Schema:
    return {"type": "array", "items": items}


ERROR = obj(error=STRING)
DATE: Schema = {"type": "string", "format": "date"}
NAMED = obj(id=INTEGER, name=STRING)

# Standings (HAND_RECORD.md "Standings API").
STANDING = obj(rank=INTEGER, team=STRING, matches=INTEGER)
CHAMPIONSHIP = obj(season=INTEGER, rows=array(STANDING))
GRAND_PRIX_LIST = obj(events=array(NAMED))
GRAND_PRIX = obj(id=INTEGER, name=STRING, season=INTEGER, rows=array(STANDING))

# Cup (HAND_RECORD.md "Cup API").
CUP_TIE = obj(
    round=INTEGER,
    slot=INTEGER,
    teams=array(nullable(STRING)),
    points=array(nullable(INTEGER)),
    tiebreaks=array(array(nullable(INTEGER))),
    winner=nullable(STRING),
    # Added beside HAND_RECORD.md's keys: R15's walkover (the winner advanced
    # without scores; "points" then count nothing).
    walkover=BOOLEAN,
)
CUP = obj(season=INTEGER, ties=array(CUP_TIE))

# Free games (R15).
FREE_GAMES_ROW = obj(
    rank=INTEGER, entrant=STRING, id=INTEGER, name=STRING, games=INTEGER, points=INTEGER
)
FREE_GAMES_WINNER = obj(entrant=STRING, id=INTEGER, name=STRING, points=INTEGER)
FREE_GAMES_TABLE = obj(
    key=STRING,
    title=STRING,
    variant=nullable(STRING),
    name=nullable(STRING),
    unit={"type": "string", "enum": ["match_points", "variant_points"]},
    rows=array(FREE_GAMES_ROW),
    winners=array(FREE_GAMES_WINNER),
)
FREE_GAMES = obj(season=INTEGER, closed=nullable(DATE), tables=array(FREE_GAMES_TABLE))

# Trophies (HAND_RECORD.md "Trophy list API", R14).
TROPHY_LIST = obj(
    rows=array(obj(rank=INTEGER, player=STRING, points=INTEGER, cups=array(INTEGER)))
)
AWARD = obj(
    player=STRING,
    trophy=STRING,
    points=INTEGER,
    date=DATE,
    match=nullable(INTEGER),
    variant=nullable(STRING),
    # Added keys (the API grows by adding): a variant sitting's or an archive
    # award's event, and where the award comes from (R14).
    event={
        **nullable(STRING),
        "description": "the variant sitting's or the archive's event, if any",
    },
    source={
        "type": "string",
        "enum": ["app", "archive"],
        "description": "app: made in a match or a variant sitting entered in the "
        "app; archive: brought in from the federation's archive (no match)",
    },
)
TROPHIES = obj(count=INTEGER, next=nullable(STRING), results=array(AWARD))
PLAYER_TROPHIES = obj(
    player=STRING, points=INTEGER, cups=array(INTEGER), trophies=array(AWARD)
)

# Statistics (README "Statistics API").
AVERAGE = nullable(NUMBER)
SIDES = obj(attack=AVERAGE, defence=AVERAGE)
TALLY = obj(
    count=INTEGER, points=INTEGER, by_trophy=array(obj(trophy=STRING, count=INTEGER))
)
ANNOUNCEMENT = obj(
    feast=STRING,
    group=STRING,
    value=INTEGER,
    announced=nullable(INTEGER),
    made=INTEGER,
)
CONTRA = obj(feast=STRING, given=INTEGER, won=INTEGER, lost=INTEGER)
SILENT = obj(premium=STRING, count=INTEGER)
SEASON_LINE = obj(
    season=INTEGER,
    matches=INTEGER,
    hands=INTEGER,
    trophies=INTEGER,
    trophy_points=INTEGER,
    average_hand_score=AVERAGE,
    average_match_points=AVERAGE,
)
SEASONS = obj(seasons=array(SEASON_LINE))
SEASON = obj(
    season=INTEGER,
    matches=INTEGER,
    hands=INTEGER,
    match_points=INTEGER,
    average_match_points=AVERAGE,
    average_hand_score=obj(all=AVERAGE, attack=AVERAGE, defence=AVERAGE),
    announcements=array(ANNOUNCEMENT),
    contras=array(CONTRA),
    silent=array(SILENT),
    trophies=TALLY,
    months=array(obj(month=INTEGER, hands=INTEGER, average_hand_score=AVERAGE)),
    seasons=array(SEASON_LINE),
)


def subject_rows(subject: str) -> Schema:
    """``/teams/`` and ``/players/``: one row per team or player."""
    row = obj(
        id=INTEGER,
        matches=INTEGER,
        match_points=INTEGER,
        average_match_points=AVERAGE,
        hands=INTEGER,
        average_hand_score=SIDES,
        announced=INTEGER,
        made=INTEGER,
        made_share=AVERAGE,
        trophies=INTEGER,
        trophy_points=INTEGER,
    )
    row["required"].append(subject)
    row["properties"][subject] = STRING
    return obj(season=INTEGER, rows=array(row))


TEAM = obj(
    season=INTEGER,
    team=NAMED,
    matches=INTEGER,
    match_points=INTEGER,
    average_match_points=AVERAGE,
    hands=obj(attack=INTEGER, defence=INTEGER),
    average_hand_score=SIDES,
    announcements=array(ANNOUNCEMENT),
    contras=array(CONTRA),
    silent=array(SILENT),
    trophies=TALLY,
)
ROLE = obj(
    matches=INTEGER,
    match_points=INTEGER,
    hands=obj(attack=INTEGER, defence=INTEGER),
    average_hand_score=SIDES,
    announcements=array(ANNOUNCEMENT),
    contras=array(CONTRA),
)
PLAYER = obj(
    season=INTEGER,
    player=NAMED,
    matches=INTEGER,
    hands=INTEGER,
    announced=INTEGER,
    made=INTEGER,
    roles={"type": "object", "additionalProperties": ROLE},
    trophies=TALLY,
)
