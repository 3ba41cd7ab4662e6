"""The rows a club season prints: each table's header and the rows its season uses.

A club season's tables have room for more than the season holds (40 player rows, 600
game rows), and the tables on the other sheets cover that room, padded with blanks; a
printed page shows the rows in use only.  Those rows follow from the Players and Games
tables alone (what was typed in, never a cached result, which an import leaves stale
until the book is recalculated):

* Players: down to the last named player; Games: down to the last row typed in;
* Ratings (SEASON_RATINGS, a row per Players row): down to the last named player's row;
* Standings (SEASON_STANDINGS in rank order, then the members without a game in the
  event): a row per named player, whichever event is chosen;
* Crosstable (EVENT_CROSSTABLE: the chosen event's players): a row per player of the
  season's largest event, whichever event is chosen;
* Player card (PLAYER_GAMES): as many rows as the most games and byes of one player.

:func:`season_print_rows` gives those last rows from the tables and where each sheet's
table starts; :func:`reset_season_print_areas` sets the print areas of a built book
(``xlrating import``, ``resize``, ``recalc`` and ``new-season`` call it: LibreOffice
ignores a print area written as a formula, so a fixed one is reset whenever the tables
change).  The template sets the same areas when it builds the book.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from ..ooxml.a1 import bounds, parse_cell
from ..ooxml.package import Package
from .find import FUNCTION, array_calls, calls, read_tables
from .layout import (
    CARD_SHEET,
    CROSSTABLE_SHEET,
    GAMES_FIRST,
    GAMES_SHEET,
    PLAYERS_FIRST,
    PLAYERS_SHEET,
    RATINGS_SHEET,
    STANDINGS_SHEET,
)
from .print_areas import reset_print_areas

__all__ = [
    "TABLE_FUNCTIONS",
    "reset_season_print_areas",
    "season_print_areas",
    "season_print_rows",
    "table_tops",
]

#: The function whose array is each sheet's printed table (its first row the header).
TABLE_FUNCTIONS: Final[dict[str, str]] = {
    RATINGS_SHEET: "SEASON_RATINGS",
    STANDINGS_SHEET: "SEASON_STANDINGS",
    CROSSTABLE_SHEET: "EVENT_CROSSTABLE",
    CARD_SHEET: "PLAYER_GAMES",
}


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _tidy(value: object) -> str:
    """A name or event as the season functions read it: inner spaces joined, so "Ann  Lee"
    on Players and "Ann Lee" on Games are one player."""
    return " ".join(str(value).split())


def season_print_rows(
    players: Sequence[Sequence[object]],
    games: Sequence[Sequence[object]],
    tops: Mapping[str, int],
    *,
    players_first: int = PLAYERS_FIRST,
    games_first: int = GAMES_FIRST,
) -> dict[str, int]:
    """The last row (1-based) each sheet prints, for the Players and Games tables
    *players* and *games* (blank rows included, first at sheet rows *players_first* and
    *games_first*) and the header row of each sheet's table in *tops* (sheet name ->
    row; a sheet not in *tops* is left out).

    >>> season_print_rows([["Ann"], [None], ["Bo"]], [["E", 1, 1, "Ann", "Bo", "1-0"]],
    ...                   {"Ratings": 13, "Standings": 8, "Crosstable": 9, "Player card": 29})
    {'Players': 7, 'Games': 5, 'Ratings': 16, 'Standings': 10, 'Crosstable': 11, 'Player card': 30}
    """
    named = [_tidy(row[0]) for row in players if row and not _blank(row[0])]
    last_player = max(
        (i for i, row in enumerate(players, 1) if row and not _blank(row[0])), default=0
    )
    last_game = max(
        (i for i, row in enumerate(games, 1) if any(not _blank(x) for x in row)), default=0
    )
    played: dict[str, int] = {}
    events: dict[str, set[str]] = {}
    listed = set(named)
    for row in games:
        event = _tidy(row[0]) if row and not _blank(row[0]) else ""
        for side in (3, 4):  # White, Black: a player's games and byes
            if len(row) > side and not _blank(row[side]):
                name = _tidy(row[side])
                played[name] = played.get(name, 0) + 1
                if name in listed:
                    events.setdefault(event, set()).add(name)
    most = max((played.get(name, 0) for name in named), default=0)
    # The crosstable places the chosen event's players: the largest event bounds it.
    largest = max((len(names) for names in events.values()), default=0)
    rows = {
        PLAYERS_SHEET: players_first - 1 + last_player,
        GAMES_SHEET: games_first - 1 + last_game,
    }
    below = {
        RATINGS_SHEET: last_player,
        STANDINGS_SHEET: len(named),
        CROSSTABLE_SHEET: largest,
        CARD_SHEET: most,
    }
    for sheet, more in below.items():
        if sheet in tops:
            rows[sheet] = tops[sheet] + more
    return rows


def table_tops(package: Package) -> dict[str, int]:
    """The header row of each sheet's table (:data:`TABLE_FUNCTIONS`) in *package*: the
    first row of the array formula that calls the sheet's function."""
    tops: dict[str, int] = {}
    for name, part in package.sheet_parts():
        function = TABLE_FUNCTIONS.get(name)
        if function is None:
            continue
        for _, ref, _ in array_calls(package.xml(part), function):
            tops[name] = parse_cell(ref.split(":")[0])[0]
            break
    return tops


def season_print_areas(package: Package) -> dict[str, int] | None:
    """The last row each sheet of the club season *package* prints (see the module), by
    the sheets' names as the book spells them; None when it is no club season (no
    SEASON_RATINGS table)."""
    if not any(calls(package.xml(part), FUNCTION) for _, part in package.sheet_parts()):
        return None
    layout, players, games = read_tables(package)
    rows = season_print_rows(
        players,
        games,
        table_tops(package),
        players_first=bounds(layout.players[1])[0],
        games_first=bounds(layout.games[1])[0],
    )
    # The sheets as the book names them (the tables' sheets from its layout).
    named = {PLAYERS_SHEET: layout.players[0], GAMES_SHEET: layout.games[0]}
    return {named.get(sheet, sheet): row for sheet, row in rows.items()}


def reset_season_print_areas(package: Package) -> list[str]:
    """Set the print areas of the club season *package* to the rows its tables use (see
    the module), in memory.  A book that is no club season is left as it is.

    :returns: the sheets whose print area changed.
    """
    rows = season_print_areas(package)
    if rows is None:
        return []
    return reset_print_areas(package, rows)
