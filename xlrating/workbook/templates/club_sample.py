"""The sample season of ``club_season.xlsx``, and the checks its Checks sheet computes.

A club of nine, four monthly Swiss events (3-4 rounds); names and games are invented.
The checks recompute seed 004's Elo examples and seed 001's FIDE tournament as seasons.
"""

from __future__ import annotations

import datetime as dt
from typing import Final

from ..season_layout import CLUB_BYE
from .elo import SEED_004
from .fide_period import SEED_001
from .registry import Check
from .writer import (
    RATING_FORMAT,
)

__all__ = ["CLUB_CHECKS", "CLUB_GAMES", "CLUB_PLAYERS"]

# The sample season: a club of nine, four monthly Swiss events (3-4 rounds), an unrated
# junior with his age, a player with a floor, an established player whose game count is not
# known, full-, half- and zero-point byes and a forfeit.  Names and games are invented.
_AM, _BC, _CN, _DO = "Alice Morgan", "Ben Carter", "Chloe Nguyen", "David Okafor"
_ES, _FH, _GL, _HW, _LP = "Emma Schulz", "Farid Haddad", "Grace Liu", "Henry Walsh", "Leo Park"
CLUB_PLAYERS: Final[tuple[tuple[object, ...], ...]] = (
    # name, rating, rated games, floor, age
    (_AM, 1845, 112, None, None),
    (_BC, 1720, 64, None, None),
    (_CN, 1655, 38, None, None),
    (_DO, 1580, None, None, None),  # established, game count not known
    (_ES, 1502, 21, None, None),
    (_FH, 1430, 9, None, None),
    (_GL, 1365, 5, None, None),  # five games: the special formula
    (_HW, 1290, 47, 1200, None),
    (_LP, None, 0, None, 11),  # unrated junior, aged 11
)
_CLUB_EVENTS: Final[tuple[tuple[str, dt.date, tuple[tuple[int, str, str, str], ...]], ...]] = (
    (
        "September Swiss",
        dt.date(2025, 9, 13),
        (
            (1, _AM, _ES, "1-0"),
            (1, _FH, _BC, "0-1"),
            (1, _CN, _GL, "1-0"),
            (1, _HW, _DO, "0-1"),
            (1, _LP, CLUB_BYE, "+-"),
            (2, _AM, _LP, "1-0"),
            (2, _BC, _DO, "1-0"),
            (2, _ES, _CN, "0-1"),
            (2, _FH, _HW, "½-½"),
            (2, _GL, CLUB_BYE, "+-"),
            (3, _BC, _AM, "½-½"),
            (3, _CN, _DO, "½-½"),
            (3, _GL, _LP, "0-1"),
            (3, _HW, _ES, "1-0"),
            (3, _FH, CLUB_BYE, "+-"),
            (4, _AM, _CN, "1-0"),
            (4, _LP, _BC, "0-1"),
            (4, _DO, _FH, "1-0"),
            (4, _ES, _GL, "½-½"),
            (4, _HW, CLUB_BYE, "-+"),  # left before the last round
        ),
    ),
    (
        "October Swiss",
        dt.date(2025, 10, 11),
        (
            (1, _AM, _FH, "1-0"),
            (1, _ES, _BC, "0-1"),
            (1, _CN, _HW, "1-0"),
            (1, _LP, _DO, "½-½"),
            (1, _GL, CLUB_BYE, "+-"),
            (2, _BC, _CN, "0-1"),
            (2, _DO, _AM, "0-1"),
            (2, _GL, _LP, "0-1"),
            (2, _FH, _ES, "+-"),  # Emma did not come: a forfeit, not rated
            (2, _HW, CLUB_BYE, "+-"),
            (3, _AM, _CN, "½-½"),
            (3, _LP, _BC, "0-1"),
            (3, _HW, _FH, "0-1"),
            (3, _DO, _GL, "1-0"),
            (3, _ES, CLUB_BYE, "-+"),
            (4, _BC, _AM, "0-1"),
            (4, _CN, _LP, "1-0"),
            (4, _FH, _DO, "½-½"),
            (4, _HW, _GL, "1-0"),
            (4, _ES, CLUB_BYE, "-+"),
        ),
    ),
    (
        "November Swiss",
        dt.date(2025, 11, 8),
        (
            (1, _AM, _HW, "1-0"),
            (1, _GL, _BC, "0-1"),
            (1, _CN, _FH, "½-½"),
            (1, _LP, _DO, "0-1"),
            (2, _BC, _AM, "½-½"),
            (2, _DO, _CN, "1-0"),
            (2, _FH, _LP, "0-1"),
            (2, _HW, _GL, "½-½"),
            (3, _AM, _DO, "1-0"),
            (3, _CN, _BC, "½-½"),
            (3, _LP, _HW, "1-0"),
            (3, _GL, _FH, "0-1"),
        ),
    ),
    (
        "December Swiss",
        dt.date(2025, 12, 13),
        (
            (1, _AM, _GL, "1-0"),
            (1, _HW, _BC, "0-1"),
            (1, _CN, _LP, "½-½"),
            (1, _ES, _DO, "0-1"),
            (1, _FH, CLUB_BYE, "½-½"),  # a half-point bye he asked for
            (2, _BC, _CN, "1-0"),
            (2, _DO, _AM, "½-½"),
            (2, _LP, _FH, "1-0"),
            (2, _HW, _ES, "½-½"),
            (2, _GL, CLUB_BYE, "+-"),
            (3, _AM, _BC, "1-0"),
            (3, _LP, _DO, "0-1"),
            (3, _CN, _HW, "1-0"),
            (3, _FH, _GL, "1-0"),
            (3, _ES, CLUB_BYE, "+-"),
            (4, _DO, _CN, "½-½"),
            (4, _LP, _AM, "½-½"),
            (4, _BC, _FH, "1-0"),
            (4, _ES, _GL, "½-½"),
            (4, _HW, CLUB_BYE, "+-"),
        ),
    ),
)
#: The sample season's games: event, date, round, white, black, result.
CLUB_GAMES: Final[tuple[tuple[object, ...], ...]] = tuple(
    (event, day, *game) for event, day, games in _CLUB_EVENTS for game in games
)

_SEED_004_WORKED: Final = f"{SEED_004}, example"
_ELO_PAIR: Final = [["A", 1500, 30], ["B", 1700, 30]]
_ELO_WIN: Final = [["Example 1", 1, "A", "B", "1-0"]]
_SEED_001_PLAYERS: Final = [
    ["Me", 1800, 100],
    ["A", 1750, 100],
    ["B", 1850, 100],
    ["C", 1900, 100],
    ["D", 1700, 100],
    ["E", 2000, 100],
]
_SEED_001_GAMES: Final = [
    ["Five rounds", "2026-01-10", 1, "Me", "A", "1-0"],
    ["Five rounds", "2026-01-10", 2, "B", "Me", "½-½"],
    ["Five rounds", "2026-01-10", 3, "Me", "C", "0-1"],
    ["Five rounds", "2026-01-10", 4, "D", "Me", "0-1"],
    ["Five rounds", "2026-01-10", 5, "Me", "E", "½-½"],
]

CLUB_CHECKS: Final = (
    Check(
        "season-elo-win",
        "Elo season: the winner's rating after the event",
        "SEASON_RATINGS",
        {"players": _ELO_PAIR, "games": _ELO_WIN, "system": "elo", "k": 20},
        1515.19,
        0.005,
        f"{_SEED_004_WORKED} 1: 1500 + 15.19 = 1515.19",
        "Elo, K 20: A (1500) beats B (1700), one event",
        row="A",
    ),
    Check(
        "season-elo-loss",
        "Elo season: the loser's rating after the event",
        "SEASON_RATINGS",
        {"players": _ELO_PAIR, "games": _ELO_WIN, "system": "elo", "k": 20},
        1684.81,
        0.005,
        f"{_SEED_004_WORKED} 2: 1700 - 15.19 = 1684.81",
        "Elo, K 20: B (1700) loses to A (1500), one event",
        row="B",
    ),
    Check(
        "season-elo-draw",
        "Elo season: a draw between equal ratings",
        "SEASON_RATINGS",
        {
            "players": [["C", 1600, 30], ["D", 1600, 30]],
            "games": [["Example 3", 1, "C", "D", "½-½"]],
            "system": "elo",
            "k": 20,
        },
        1600,
        0.005,
        f"{_SEED_004_WORKED} 3: your estimated rating remains 1,600",
        "Elo, K 20: C (1600) draws with D (1600)",
        row="C",
    ),
    Check(
        "season-fide-seed-001",
        "FIDE season: the five-round tournament",
        "SEASON_RATINGS",
        {"players": _SEED_001_PLAYERS, "games": _SEED_001_GAMES, "system": "fide"},
        1815,
        0,
        f"{SEED_001}, worked example: +15.2 is rounded to +15 for the new rating of 1815",
        "FIDE, 1800 (K 20): 1750 W, 1850 D, 1900 L, 1700 W, 2000 D",
        num_format=RATING_FORMAT,
        row="Me",
    ),
)
