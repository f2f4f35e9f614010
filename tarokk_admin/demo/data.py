"""Names of the demo federation (``seed_demo``): Hungarian teams and players.

Players are written family name first, as in Hungarian ("Kovács Éva").
"""

from __future__ import annotations

# (team, club or town); the teams at these positions have a substitute.
DEMO_TEAMS: tuple[tuple[str, str], ...] = (
    ("Kisfaludy Kör", "Budapest"),
    ("Dunakeszi Pagát", "Dunakeszi"),
    ("Szegedi Skíz", "Szeged"),
    ("Debreceni Huszonegy", "Debrecen"),
    ("Pécsi Mecsek", "Pécs"),
    ("Győri Rába", "Győr"),
    ("Egri Dobó", "Eger"),
    ("Soproni Hűség", "Sopron"),
    ("Kecskeméti Hírös", "Kecskemét"),
    ("Veszprémi Királynék", "Veszprém"),
    ("Miskolci Avas", "Miskolc"),
    ("Szombathelyi Savaria", "Szombathely"),
    ("Tatai Öreg-tó", "Tata"),
    ("Váci Gyertyaláng", "Vác"),
    ("Szentendrei Művészek", "Szentendre"),
    ("Esztergomi Bazilika", "Esztergom"),
    ("Kaposvári Tarokk Klub", "Kaposvár"),
    ("Zalaegerszegi Göcsej", "Zalaegerszeg"),
    ("Nyíregyházi Sóstó", "Nyíregyháza"),
    ("Székesfehérvári Koronázók", "Székesfehérvár"),
    ("Gödöllői Kastély", "Gödöllő"),
    ("Balatonfüredi Vitorla", "Balatonfüred"),
    ("Hódmezővásárhelyi Tulipán", "Hódmezővásárhely"),
    ("Budai Várnegyed", "Budapest"),
)
TEAMS_WITH_SUBSTITUTE = frozenset({0, 3, 6, 9, 12, 15, 18, 21})

FAMILY_NAMES = (
    "Nagy", "Kovács", "Tóth", "Szabó", "Horváth", "Varga", "Kiss", "Molnár",
    "Németh", "Farkas", "Balogh", "Papp", "Takács", "Juhász", "Mészáros", "Oláh",
    "Simon", "Rácz", "Fekete", "Szilágyi", "Török", "Fehér", "Balázs", "Gál",
    "Szűcs", "Kocsis", "Pintér", "Fodor", "Szalai", "Sipos", "Magyar", "Lukács",
    "Gulyás", "Bíró", "Király", "Katona", "László", "Jakab", "Sándor", "Boros",
    "Fazekas", "Kelemen", "Antal", "Orbán", "Vörös", "Somogyi", "Fülöp", "Veres",
    "Hegedűs", "Deák", "Pál", "Vincze", "Illés", "Bognár", "Csonka", "Erdős",
)  # fmt: skip
GIVEN_NAMES = (
    "Éva", "Béla", "Anna", "Csaba", "Dóra", "Gábor", "Zsófia", "László", "Katalin",
    "István", "Ildikó", "Zoltán", "Erzsébet", "Ferenc", "Judit", "Attila", "Mária",
    "Péter", "Ágnes", "Tibor", "Zsuzsanna", "Sándor", "Krisztina", "József", "Edit",
    "Imre", "Andrea", "Lajos", "Gyöngyi", "Ákos", "Réka", "Miklós", "Orsolya",
    "Gergely", "Tünde", "Dénes", "Boglárka", "Levente", "Eszter", "Ödön", "Noémi",
)  # fmt: skip


def demo_player_names(count: int) -> list[str]:
    """``count`` distinct names, the same every time."""
    return [
        f"{FAMILY_NAMES[i % len(FAMILY_NAMES)]} {GIVEN_NAMES[(i * 7 + 3) % len(GIVEN_NAMES)]}"
        for i in range(count)
    ]


def demo_roster_players() -> list[tuple[str, str, str]]:
    """The demo federation's players as ``demo_federation_seed`` registers them:
    (federation number, name, club), the same every time."""
    count = 2 * len(DEMO_TEAMS) + len(TEAMS_WITH_SUBSTITUTE)
    names = iter(demo_player_names(count))
    players = []
    number = 10001
    for index, (_team, town) in enumerate(DEMO_TEAMS):
        for _role in range(3 if index in TEAMS_WITH_SUBSTITUTE else 2):
            players.append((f"H{number}", next(names), town))
            number += 1
    return players
