"""The sample season of ``club_season.xlsx``, and the checks its Checks sheet computes.

A club of nine, four monthly Swiss events (3-4 rounds); names and games are invented.
The checks recompute seed 004's Elo examples and seed 001's FIDE tournament as seasons.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Final

from ..ooxml.a1 import bounds, column_letters
from ..season.layout import CLUB_BYE
from .elo import SEED_004
from .fide_period import SEED_001
from .registry import NOT_COMPARED, Check, SheetAgreement, sheet_ref
from .writer import (
    RATING_FORMAT,
    Address,
)

__all__ = [
    "CLUB_AGREEMENTS",
    "CLUB_CHECKS",
    "CLUB_GAMES",
    "CLUB_PLAYERS",
    "TEC_EXERCISE_GAMES",
    "TEC_EXERCISE_PLAYERS",
]

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

# FIDE's tie-break exercise (IA Mario Held, "Exercises in Tie-Breaking", FIDE Technical
# Commission, 2024; docs/rules/tiebreak.md): a 16-player Swiss of five rounds with
# half-point, full-point and zero-point byes, forfeits and a withdrawal.  Players are named
# by pairing number; tests/data/fide_tiebreak_exercise_swiss.json holds the crosstable as
# published, with its sources, and tests/rating/test_tiebreak.py checks this copy against it.
TEC_EXERCISE: Final = "FIDE TEC, Exercises in Tie-Breaking (2024), Swiss of page 5"
TEC_EXERCISE_PLAYERS: Final = [
    ["P01", 2200, 30],
    ["P02", 2150, 30],
    ["P03", 2100, 30],
    ["P04", 2050, 30],
    ["P05", 2000, 30],
    ["P06", 1950, 30],
    ["P07", 1900, 30],
    ["P08", 1850, 30],
    ["P09", 1800, 30],
    ["P10", 1750, 30],
    ["P11", 1700, 30],
    ["P12", 1650, 30],
    ["P13", 1600, 30],
    ["P14", 1550, 30],
    ["P15", 1500, 30],
    ["P16", 1450, 30],
]
TEC_EXERCISE_GAMES: Final = [
    ["TEC Swiss", "2024-03-18", 1, "P01", "P09", "1-0"],
    ["TEC Swiss", "2024-03-18", 1, "P03", "P11", "½-½"],
    ["TEC Swiss", "2024-03-18", 1, "P05", "P13", "0-1"],
    ["TEC Swiss", "2024-03-18", 1, "P07", "P15", "1-0"],
    ["TEC Swiss", "2024-03-18", 1, "P10", "P02", "0-1"],
    ["TEC Swiss", "2024-03-18", 1, "P12", "P04", "0-1"],
    ["TEC Swiss", "2024-03-18", 1, "P14", "P06", "1-0"],
    ["TEC Swiss", "2024-03-18", 1, "P16", "P08", "½-½"],
    ["TEC Swiss", "2024-03-18", 2, "P02", "P07", "1-0"],
    ["TEC Swiss", "2024-03-18", 2, "P04", "BYE", "½-½"],
    ["TEC Swiss", "2024-03-18", 2, "P06", "P03", "0-1"],
    ["TEC Swiss", "2024-03-18", 2, "P08", "P14", "1-0"],
    ["TEC Swiss", "2024-03-18", 2, "P09", "P10", "0-1"],
    ["TEC Swiss", "2024-03-18", 2, "P11", "P16", "0-1"],
    ["TEC Swiss", "2024-03-18", 2, "P12", "BYE", "+-"],
    ["TEC Swiss", "2024-03-18", 2, "P13", "P01", "½-½"],
    ["TEC Swiss", "2024-03-18", 2, "P15", "P05", "1-0"],
    ["TEC Swiss", "2024-03-18", 3, "P01", "P02", "½-½"],
    ["TEC Swiss", "2024-03-18", 3, "P03", "P08", "1-0"],
    ["TEC Swiss", "2024-03-18", 3, "P04", "P13", "1-0"],
    ["TEC Swiss", "2024-03-18", 3, "P05", "P11", "1-0"],
    ["TEC Swiss", "2024-03-18", 3, "P06", "BYE", "+-"],
    ["TEC Swiss", "2024-03-18", 3, "P09", "BYE", "½-½"],
    ["TEC Swiss", "2024-03-18", 3, "P10", "P15", "0-1"],
    ["TEC Swiss", "2024-03-18", 3, "P12", "P14", "+-"],
    ["TEC Swiss", "2024-03-18", 3, "P16", "P07", "1-0"],
    ["TEC Swiss", "2024-03-18", 4, "P02", "P16", "1-0"],
    ["TEC Swiss", "2024-03-18", 4, "P04", "P03", "½-½"],
    ["TEC Swiss", "2024-03-18", 4, "P06", "P10", "1-0"],
    ["TEC Swiss", "2024-03-18", 4, "P07", "P05", "½-½"],
    ["TEC Swiss", "2024-03-18", 4, "P08", "P13", "1-0"],
    ["TEC Swiss", "2024-03-18", 4, "P11", "P09", "+-"],
    ["TEC Swiss", "2024-03-18", 4, "P15", "P01", "0-1"],
    ["TEC Swiss", "2024-03-18", 5, "P01", "P04", "½-½"],
    ["TEC Swiss", "2024-03-18", 5, "P03", "P02", "½-½"],
    ["TEC Swiss", "2024-03-18", 5, "P05", "P10", "1-0"],
    ["TEC Swiss", "2024-03-18", 5, "P08", "P06", "0-1"],
    ["TEC Swiss", "2024-03-18", 5, "P09", "BYE", "+-"],
    ["TEC Swiss", "2024-03-18", 5, "P11", "P07", "1-0"],
    ["TEC Swiss", "2024-03-18", 5, "P13", "P14", "0-1"],
    ["TEC Swiss", "2024-03-18", 5, "P16", "P15", "1-0"],
]
_TEC_ARGS: Final = {
    "players": TEC_EXERCISE_PLAYERS,
    "games": TEC_EXERCISE_GAMES,
    "event": "TEC Swiss",
}

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
    Check(
        "tiebreak-tec-1st",
        "Crosstable: the player placed 1st",
        "EVENT_CROSSTABLE",
        _TEC_ARGS,
        "P02",
        0,
        f"{TEC_EXERCISE}: 4 points, the only one",
        "FIDE's 16-player Swiss, 5 rounds: byes, forfeits, a withdrawal",
        num_format="General",
        cell=(2, 2),
    ),
    Check(
        "tiebreak-tec-1st-bh",
        "Crosstable: Buchholz of the 1st (all games played)",
        "EVENT_CROSSTABLE",
        _TEC_ARGS,
        13.0,
        0.005,
        f"{TEC_EXERCISE}: P02: 13 (exercise 1)",
        "FIDE's 16-player Swiss, 5 rounds: byes, forfeits, a withdrawal",
        num_format="0.0#",
        cell=(2, 10),
    ),
    Check(
        "tiebreak-tec-1st-sb",
        "Crosstable: Sonneborn-Berger of the 1st",
        "EVENT_CROSSTABLE",
        _TEC_ARGS,
        9.5,
        0.005,
        f"{TEC_EXERCISE}: P02: 9.5",
        "FIDE's 16-player Swiss, 5 rounds: byes, forfeits, a withdrawal",
        num_format="0.0#",
        cell=(2, 11),
    ),
    Check(
        "tiebreak-tec-3rd-bh",
        "Crosstable: Buchholz with a half-point bye (art. 16.4)",
        "EVENT_CROSSTABLE",
        _TEC_ARGS,
        15.0,
        0.005,
        f"{TEC_EXERCISE}: P04 (3rd): 15 (exercise 4)",
        "FIDE's 16-player Swiss, 5 rounds: byes, forfeits, a withdrawal",
        num_format="0.0#",
        cell=(4, 10),
    ),
    Check(
        "tiebreak-tec-3rd-sb",
        "Crosstable: Sonneborn-Berger with a half-point bye",
        "EVENT_CROSSTABLE",
        _TEC_ARGS,
        9.75,
        0.005,
        f"{TEC_EXERCISE}: P04 (3rd): 9.75",
        "FIDE's 16-player Swiss, 5 rounds: byes, forfeits, a withdrawal",
        num_format="0.0#",
        cell=(4, 11),
    ),
    Check(
        "tiebreak-tec-7th-bh",
        "Crosstable: Buchholz with a forfeit win (art. 16.4)",
        "EVENT_CROSSTABLE",
        _TEC_ARGS,
        13.5,
        0.005,
        f"{TEC_EXERCISE}: P11 (7th): 13.5 (exercise 3)",
        "FIDE's 16-player Swiss, 5 rounds: byes, forfeits, a withdrawal",
        num_format="0.0#",
        cell=(8, 10),
    ),
    Check(
        "tiebreak-tec-11th-bh",
        "Crosstable: Buchholz of a player who withdrew",
        "EVENT_CROSSTABLE",
        _TEC_ARGS,
        11.5,
        0.005,
        f"{TEC_EXERCISE}: P12 (11th): 11.5",
        "FIDE's 16-player Swiss, 5 rounds: byes, forfeits, a withdrawal",
        num_format="0.0#",
        cell=(12, 10),
    ),
    Check(
        "tiebreak-tec-11th-sb",
        "Crosstable: Sonneborn-Berger of a player who withdrew",
        "EVENT_CROSSTABLE",
        _TEC_ARGS,
        4.0,
        0.005,
        f"{TEC_EXERCISE}: P12 (11th): 4",
        "FIDE's 16-player Swiss, 5 rounds: byes, forfeits, a withdrawal",
        num_format="0.0#",
        cell=(12, 11),
    ),
)


def _column(cells: Mapping[str, Address], key: str, from_right: int) -> str:
    """The data rows (below the header) of a recorded table's column, counted from its right
    edge (0: the last column), as a reference.

    For the Crosstable these are as many rows as the Players table: EVENT_CROSSTABLE gives
    one row per players row, and a reference of that height is what tells season_grow that
    the Crosstable's rows follow the Players table (``xlrating import``/``resize`` then grow
    its array area with them instead of leaving a 41-row area for an 81-row result).
    """
    sheet, ref = cells[key]
    top, _, bottom, right = bounds(ref)
    col = column_letters(right - from_right)
    return f"'{sheet}'!${col}${top + 1}:${col}${bottom}"


def _same_event(cells: Mapping[str, Address], then: str) -> str:
    """*then* when the Crosstable and the Standings show the same event (each the one
    chosen, or the latest while its cell is blank), else why they cannot be compared."""
    crosstable, standings = sheet_ref(cells, "crosstable_shown"), sheet_ref(cells, "event_shown")
    return (
        f"IF({crosstable}={standings},{then},"
        f'"{NOT_COMPARED} the Standings sheet shows another event")'
    )


def _card_value(cells: Mapping[str, Address], position: str) -> str:
    return f"INDEX({sheet_ref(cells, 'card_ratings')},{position})"


def _ratings_value(cells: Mapping[str, Address], key: str) -> str:
    """The Start or Final of the card's player: a number as it is, a text (unrated) as
    ``&""`` makes it, a plain text (LibreOffice's ``=`` never matches the text of a table
    result, and Start and Final are one SEASON_START_FINAL array)."""
    row = sheet_ref(cells, "card_row")
    value = f"INDEX({sheet_ref(cells, key)},{row}+1)"
    return f'IF({row}=0,{_card_not_found(cells)},IF(ISNUMBER({value}),{value},{value}&""))'


def _card_not_found(cells: Mapping[str, Address]) -> str:
    """Why the card's player has no row in the Ratings table: the table shows an error
    (a bad argument, which the Ratings sheet names), or lists nobody yet (no game rated:
    an empty season), so the card cannot be compared with it; or the player is not in
    it.  The anchor of SEASON_RATINGS holds the error: a text starting "#" from the
    add-in, or an error value."""
    ratings = sheet_ref(cells, "ratings")
    anchor = f"INDEX({ratings},1,1)"
    names = sheet_ref(cells, "ratings_names")
    shows_error = f'"{NOT_COMPARED} the Ratings sheet shows an error"'
    empty = f'"{NOT_COMPARED} the Ratings table lists no player yet"'
    return (
        f"IF(ISERROR({anchor}),{shows_error},"
        f'IF(LEFT({anchor}&"",1)="#",{shows_error},'
        f'IF(SUMPRODUCT((LEN({names})>0)*1)<=1,{empty},"not in the Ratings table")))'
    )


def _rated(cells: Mapping[str, Address]) -> str:
    """SEASON_CHECK's line as the check compares it: "rated" when every game row is, the
    line itself (why not) otherwise."""
    line = sheet_ref(cells, "season_check")
    return f'IF(LEFT({line},4)="All ","rated",{line})'


def _rated_expected(cells: Mapping[str, Address]) -> str:
    line = sheet_ref(cells, "season_check")
    return f'IF(LEFT({line},12)="No games yet","{NOT_COMPARED} no games yet","rated")'


#: Consistency rows: every game row is rated (nothing left out silently), and the
#: Crosstable and the Player card agree with the rest of the book.
CLUB_AGREEMENTS: Final = (
    SheetAgreement(
        "season-rated",
        "Games: every game row is rated",
        "The line above the Ratings table (SEASON_CHECK); the Games sheet's Status column "
        "says why a row is not rated yet",
        _rated,
        _rated_expected,
        "This workbook: sheets Games and Ratings",
        0,
        "General",
    ),
    SheetAgreement(
        "crosstable-points",
        "Crosstable: the event's points add up as on the Standings",
        "Total column of the Crosstable; Points column of the Standings (same event)",
        lambda c: f"SUM({_column(c, 'crosstable', 2)})",
        lambda c: _same_event(c, f"SUM({sheet_ref(c, 'points')})"),
        "This workbook: sheets Crosstable (EVENT_CROSSTABLE) and Standings",
        0.005,
        "0.0",
    ),
    SheetAgreement(
        "crosstable-players",
        "Crosstable: the event's players as on the Standings",
        "Players with a Total on the Crosstable; Players on the Standings (same event)",
        lambda c: f"COUNT({_column(c, 'crosstable', 2)})",
        lambda c: _same_event(c, sheet_ref(c, "event_players")),
        "This workbook: sheets Crosstable (EVENT_CROSSTABLE) and Standings",
        0,
        "0",
    ),
    SheetAgreement(
        "card-start",
        "Player card: the start rating is the Ratings sheet's Start",
        "The card's first rating; the Start column for the card's player",
        lambda c: _card_value(c, "1"),
        lambda c: _ratings_value(c, "start"),
        "This workbook: sheets Player card and Ratings",
        0.005,
        RATING_FORMAT,
    ),
    SheetAgreement(
        "card-final",
        "Player card: the last rating is the Ratings sheet's Final",
        "The card's rating after the last event; the Final column for the card's player",
        lambda c: _card_value(c, f"{sheet_ref(c, 'card_events')}+1"),
        lambda c: _ratings_value(c, "final"),
        "This workbook: sheets Player card and Ratings",
        0.005,
        RATING_FORMAT,
    ),
)
