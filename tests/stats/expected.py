"""Every statistic of the hand-built season (``kit``), worked out on paper from
the hands in its docstring. The pages and the API must agree with these numbers."""

from __future__ import annotations

# Hand scores (R10) per team, from the tables in kit:
#   match 1  Kisfaludy attack 95 95 120 95 = 405, defence 70 90 90 100 = 350
#            Dunakeszi attack 75 85 75 55 = 290, defence 70 90 90 90 = 340
#   match 2  Kisfaludy attack 76 75 75 75 = 301, defence 90 92 100 90 = 372
#            Gödöllő   attack 75 73 75 75 = 298, defence 90 90 90 90 = 360
# All attack scores 405 + 290 + 301 + 298 = 1294 over 16 hands;
# all defence scores 350 + 340 + 372 + 360 = 1422 over 16 hands.
FEDERATION = {
    "season": 2026,
    "matches": 2,
    "hands": 16,
    "match_points": 94 + 78 + 84 + 82,  # 338
    "average_match_points": 338 / 4,  # 84.5
    "average_hand_score": {
        "all": (1294 + 1422) / 32,  # 84.875
        "attack": 1294 / 16,  # 80.875
        "defence": 1422 / 16,  # 88.875
    },
    # feast: (announced, made, contras, contras won by the caller)
    "announced": {
        "cash": (2, 1, 2, 1),  # made (contra lost) / failed (contra won)
        "pheasant": (1, 0, 0, 0),
        "flush": (1, 1, 0, 0),
        "mond_capture": (1, 1, 0, 0),
        "play": (1, 1, 1, 1),  # the partner's contra on a made feast wins
        "honour": (1, 1, 0, 0),
        "heads": (1, 0, 1, 1),
        "birds": (1, 1, 0, 0),
    },
    "silent": {"four_kings": 1, "lie_in_wait": 1},
    "contras": [
        {"feast": "cash", "given": 2, "won": 1, "lost": 1},
        {"feast": "heads", "given": 1, "won": 1, "lost": 0},
        {"feast": "play", "given": 1, "won": 1, "lost": 0},
    ],
    "trophies": {
        "count": 1,
        "points": 120,
        "by_trophy": [{"trophy": "mond_capture", "count": 1}],
    },
    "months": [{"month": 3, "hands": 16, "average_hand_score": 2716 / 32}],
}

TEAMS = {
    "Kisfaludy": {
        "matches": 2,
        "match_points": 94 + 84,
        "average_match_points": 178 / 2,
        "hands": {"attack": 8, "defence": 8},
        "average_hand_score": {"attack": (405 + 301) / 8, "defence": (350 + 372) / 8},
        "announcements": [
            ("honour", 1, 1),
            ("play", 1, 1),
            ("cash", 1, 1),
            ("pheasant", 1, 0),
            ("mond_capture", 1, 1),
        ],
        "contras": [
            {"feast": "heads", "given": 1, "won": 1, "lost": 0},
            {"feast": "play", "given": 1, "won": 1, "lost": 0},
            {"feast": "cash", "given": 1, "won": 1, "lost": 0},
        ],
        # the engine's capped contra points: match 1 hand 7 +10, hand 8 +20;
        # match 2 hand 3 +2
        "contra_points": 32,
        "silent": [
            {"premium": "lie_in_wait", "count": 1},
            {"premium": "four_kings", "count": 1},
        ],
        "trophies": {
            "count": 1,
            "points": 120,
            "by_trophy": [{"trophy": "mond_capture", "count": 1}],
        },
    },
    "Dunakeszi": {
        "matches": 1,
        "match_points": 78,
        "average_match_points": 78,
        "hands": {"attack": 4, "defence": 4},
        "average_hand_score": {"attack": 290 / 4, "defence": 340 / 4},
        "announcements": [("flush", 1, 1), ("cash", 1, 0)],
        "contras": [{"feast": "cash", "given": 1, "won": 0, "lost": 1}],
        "contra_points": -20,
        "silent": [],
        "trophies": {"count": 0, "points": 0, "by_trophy": []},
    },
    "Gödöllő": {
        "matches": 1,
        "match_points": 82,
        "average_match_points": 82,
        "hands": {"attack": 4, "defence": 4},
        "average_hand_score": {"attack": 298 / 4, "defence": 360 / 4},
        "announcements": [("birds", 1, 1), ("heads", 1, 0)],
        "contras": [],
        "contra_points": 0,
        "silent": [],
        "trophies": {"count": 0, "points": 0, "by_trophy": []},
    },
}

# Per player and role: (matches, match points, hands (attack, defence), average hand
# score (attack, defence), announcements (feast, announced, made), contras given).
PLAYERS = {
    "Anna": {
        "driver": (
            2,
            178,
            (8, 8),
            (706 / 8, 722 / 8),
            [("play", 1, 1), ("cash", 1, 1)],
            [("heads", 1, 1, 0), ("cash", 1, 1, 0)],
        ),
        "trophies": (0, 0),
    },
    "Ákos": {
        "catcher": (
            2,
            178,
            (8, 8),
            (706 / 8, 722 / 8),
            [("honour", 1, 1), ("pheasant", 1, 0), ("mond_capture", 1, 1)],
            [("play", 1, 1, 0)],
        ),
        "trophies": (1, 120),
    },
    "Béla": {
        "driver": (1, 78, (4, 4), (290 / 4, 340 / 4), [("cash", 1, 0)], []),
        "trophies": (0, 0),
    },
    "Bori": {
        "catcher": (
            1,
            78,
            (4, 4),
            (290 / 4, 340 / 4),
            [("flush", 1, 1)],
            [("cash", 1, 0, 1)],
        ),
        "trophies": (0, 0),
    },
    "Csaba": {
        "driver": (1, 82, (4, 4), (298 / 4, 360 / 4), [("birds", 1, 1)], []),
        "trophies": (0, 0),
    },
    "Dénes": {  # the substitute, playing catcher (R15)
        "catcher": (1, 82, (4, 4), (298 / 4, 360 / 4), [("heads", 1, 0)], []),
        "trophies": (0, 0),
    },
    "Cili": {"trophies": (0, 0)},  # on the roster, never played
}
