"""Where the club season workbook keeps its tables: sheets, first rows, columns and room.

``club_season.xlsx`` is built by :mod:`xlrating.workbook.templates.club_season`; the
importer (:mod:`xlrating.workbook.season.book`) and the ``xlrating`` command read this
small module instead of the builder, so they know the layout without XlsxWriter, the
registry or the sample season.  Only the standard library and the core are imported.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...rating.tournament import BYE

__all__ = [
    "CARD_SHEET",
    "CHART_SHEET",
    "CHECKS_SHEET",
    "CLUB_BYE",
    "CLUB_BYE_RESULTS",
    "CLUB_CARD_GAMES",
    "CLUB_CHART_LINES",
    "CLUB_CROSSTABLE_ROUNDS",
    "CLUB_EVENT_COLUMNS",
    "CLUB_FIDE_ID_DIGITS",
    "CLUB_GAME_ROWS",
    "CLUB_MAX_EVENT_COLUMNS",
    "CLUB_MAX_GAME_ROWS",
    "CLUB_MAX_PLAYER_ROWS",
    "CLUB_PLAYER_ROWS",
    "CLUB_RESULTS",
    "CLUB_SEASON",
    "CLUB_SEASON_EMPTY",
    "CLUB_SYSTEMS",
    "CLUB_USCF_ID_DIGITS",
    "CROSSTABLE_SHEET",
    "GAMES_FIRST",
    "GAMES_SHEET",
    "PLAYERS_FIRST",
    "PLAYERS_HEADINGS",
    "PLAYERS_RECORD",
    "PLAYERS_RECORD_PLACEHOLDER",
    "PLAYERS_SHEET",
    "RATINGS_HEADER",
    "RATINGS_SHEET",
    "RECORD_PREFIX",
    "ROOM_DEFAULTS",
    "STANDINGS_FIRST",
    "STANDINGS_SHEET",
    "ClubRoom",
]

#: The file name of the club season template (the sample club's season).
CLUB_SEASON: Final = "club_season.xlsx"
#: The empty club season (what ``xlrating new-season`` writes, for those without it).
CLUB_SEASON_EMPTY: Final = "club_season_empty.xlsx"
#: Its sheets, in order (then How to use, Checks and xlwings.conf, as every template).
PLAYERS_SHEET: Final = "Players"
GAMES_SHEET: Final = "Games"
RATINGS_SHEET: Final = "Ratings"
STANDINGS_SHEET: Final = "Standings"
CHART_SHEET: Final = "Chart"
CROSSTABLE_SHEET: Final = "Crosstable"
CARD_SHEET: Final = "Player card"
#: The sheet every template ends with: worked examples and rows comparing two sheets.
CHECKS_SHEET: Final = "Checks"

#: Room in the club season's tables: players, game rows (a game or a bye per row), and the
#: event columns the Ratings and Standings sheets look up (a monthly season fits).
CLUB_PLAYER_ROWS: Final = 40
CLUB_GAME_ROWS: Final = 600
CLUB_EVENT_COLUMNS: Final = 16
#: Round columns of the Crosstable sheet (more if an event of the season has more rounds),
#: and the games a player's card lists.
CLUB_CROSSTABLE_ROUNDS: Final = 9
CLUB_CARD_GAMES: Final = 60
#: Lines of the Chart sheet's chart: the Player card's player and the highest-rated
#: players (SEASON_CHART); a line per member of a 40-player club would be unreadable.
CLUB_CHART_LINES: Final = 8
#: What a result cell of the Games sheet offers, from White's side: results, and forfeits
#: (+- White wins, -+ White loses).  A bye (BYE in the Black column) takes the same texts
#: for its points: +- a full point, ½-½ half a point, -+ none.  All texts: numbers would be
#: typed in many ways, and the Standings sheet counts texts.
CLUB_RESULTS: Final = ["1-0", "0-1", "½-½", "+-", "-+"]
#: A bye's points written as a result.
CLUB_BYE_RESULTS: Final[dict[float, str]] = {1.0: "+-", 0.5: "½-½", 0.0: "-+"}
#: The text that marks a bye in the Black column.
CLUB_BYE: Final = BYE
CLUB_SYSTEMS: Final = ["uscf", "fide", "elo", "glicko2"]

# Where the tables are (1-based rows; the Players and Games tables start in column A).
PLAYERS_FIRST: Final = 5
#: The Players table's columns, headed in the row above it: what every season function
#: reads (name, rating, rated games, floor, age), then the member IDs that match imported
#: players before names (columns 6 and 7: :data:`xlrating.sheet.tables.PLAYER_ID_COLUMNS`).
#: A book made before the ID columns reads A:E and still works (the functions, import,
#: resize and new-season take the width its formulas give).
PLAYERS_HEADINGS: Final = (
    "Name",
    "Rating",
    "Rated games",
    "Floor",
    "Age",
    "US Chess ID",
    "FIDE ID",
)
#: The cell two rows above the Players table (A3) that records where the starting ratings
#: came from (``xlrating ratings BOOK --list FILE`` writes its line there; it holds a
#: placeholder starting "Starting ratings from " until then).
PLAYERS_RECORD: Final = "A3"
#: How that line starts: the command writes only into a cell that is empty or starts so.
RECORD_PREFIX: Final = "Starting ratings from "
#: What the cell holds in a new book.
PLAYERS_RECORD_PLACEHOLDER: Final = (
    f"{RECORD_PREFIX}this table as typed (xlrating ratings THIS_FILE.xlsx --list FILE fills "
    "them from a federation's rating list, by the ID columns, and says so here)"
)
#: Digits a member ID cell accepts: US Chess IDs are 8-digit numbers (e.g. 12345678, as
#: its crosstables show them); FIDE IDs fill at most TRF-16's "58 - 68 FIDE Number" field
#: (11 columns: FIDE Handbook C.04 Annex 2).
CLUB_USCF_ID_DIGITS: Final = 8
CLUB_FIDE_ID_DIGITS: Final = 11
GAMES_FIRST: Final = 5
RATINGS_HEADER: Final = 13
STANDINGS_FIRST: Final = 9

#: The most the club season's tables can be asked to hold (an Excel sheet has 1,048,576
#: rows and 16,384 columns; the Standings sheet repeats its formulas for every player row).
CLUB_MAX_PLAYER_ROWS: Final = 10_000
CLUB_MAX_GAME_ROWS: Final = 1_000_000
CLUB_MAX_EVENT_COLUMNS: Final = 1_000
#: The inputs that size the club season's tables; None: the standard room above, or the
#: rows given if there are more.
ROOM_DEFAULTS: Final[dict[str, object]] = {
    "player_rows": None,
    "game_rows": None,
    "event_columns": None,
}


@dataclass(frozen=True, slots=True)
class ClubRoom:
    """Room in a club season's tables: player rows, game rows and event columns."""

    players: int
    games: int
    events: int
