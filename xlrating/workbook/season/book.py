"""A club season workbook: find its tables, add an imported event.

A season workbook (``club_season.xlsx`` or any book built the same way) holds one
``SEASON_RATINGS`` call written as a dynamic array; its first two arguments are the
Players and Games tables (fixed ranges with spare blank rows).  Everything here is found
from that formula, not from fixed addresses, so a book whose user moved things keeps
working.  The season's arrays cover their tables' whole room (a row per players row, a
column per event column; the functions pad with blanks), so a player or event typed in
appears at once and nothing is ever fitted to the data;
:func:`~xlrating.workbook.season.grow.resize_season` sets the room.

* :func:`import_event` writes an imported event (:func:`xlrating.imports.parse_any`) into
  the tables: players not yet listed (matched by name, ignoring case and spacing), then
  one row per game or bye, growing the tables when they have too few rows left.

The book is opened once (:class:`~xlrating.workbook.ooxml.package.Package`, from the
guard's inspection), read and edited as XML parts in memory (lxml), and written once, like
:mod:`xlrating.workbook.ooxml.xlsx` does: saving with openpyxl would drop the
dynamic-array metadata (Excel 365 would then show the array as a legacy CSE array) and
rewrite every part, charts included.
Only the cells written, the array's range, the cells it gains or loses, and the chart
series change; every other part is copied byte for byte.  The new file is written next to
the target and renamed over it, so a failure never leaves a damaged book.  openpyxl is
used to read cell values (shared strings, dates) only, and only after
:func:`xlrating.workbook.ooxml.guard.check_workbook` has accepted the file (no DOCTYPE in any
part, sizes within the limits, no links to other workbooks).

This module holds the import (:func:`import_event`); finding and reading the tables live
in :mod:`xlrating.workbook.season.find`, growing them in
:mod:`xlrating.workbook.season.grow`, writing the book back (cells, print areas, the
guard's check, one save) in :mod:`xlrating.workbook.season.write`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from pathlib import Path

from ...errors import InvalidInputError
from ...rating.tournament import BYE, Event, Player, name_problem
from ...rating.uscf_rules import BONUS_MULTIPLIERS, uscf_rules
from ...sheet.cells import EXCEL_EPOCH, is_error_cell, to_date
from ...sheet.names import name_key, near_member
from ...sheet.tables import PLAYER_ID_COLUMNS, member_id
from ..ooxml.a1 import bounds, parse_cell, split_sheet
from ..ooxml.formula_text import outside_strings
from ..ooxml.guard import Inspection
from ..ooxml.package import Package
from .find import (
    BYE_TEXT,
    FORFEIT_TEXT,
    FUNCTION,
    RESULT_TEXT,
    GrowReport,
    ImportReport,
    SeasonBookError,
    SeasonLayout,
    cell_value,
    check_book,
    events_in,
    last_used,
    layout_from_xml,
    read_tables,
)
from .grow import event_columns_of, room_for, write_grown
from .layout import (
    CLUB_EVENT_COLUMNS,
    CLUB_GAME_ROWS,
    CLUB_MAX_EVENT_COLUMNS,
    CLUB_MAX_GAME_ROWS,
    CLUB_MAX_PLAYER_ROWS,
    CLUB_PLAYER_ROWS,
    PLAYERS_SHEET,
)
from .write import write_book

__all__ = [
    "PlayerIds",
    "close_names",
    "game_rows",
    "import_event",
    "season_system",
    "text_problem",
]


# ---------------------------------------------------------------- the season's system

#: Rating systems whose rules depend on the event's date (US Chess's bonus multiplier,
#: FIDE's K rules): a season rated by one of them cannot rate an event of any date.
_DATED_SYSTEMS = ("uscf", "fide")


def _arguments(formula: str) -> list[str]:
    """The top-level arguments of ``=NAME(a,b,...)`` (commas inside strings, parentheses
    and array constants do not split)."""
    body = formula.lstrip("=")
    body = body[body.find("(") + 1 : body.rfind(")")] if "(" in body else ""
    args, depth, current = [], 0, []
    for code, piece in outside_strings(body):
        if not code:
            current.append(piece)
            continue
        for char in piece:
            if char in "({":
                depth += 1
            elif char in ")}":
                depth -= 1
            elif char == "," and depth == 0:
                args.append("".join(current).strip())
                current = []
                continue
            current.append(char)
    args.append("".join(current).strip())
    return args


def season_system(package: Package) -> str | None:
    """The rating system a season book's ``SEASON_RATINGS`` call uses: its third argument,
    a text or a reference to a cell holding one (left out: ``"uscf"``, the default); None
    when it is an expression or the book has no season table."""
    from openpyxl import load_workbook

    layout = layout_from_xml(package)
    if layout is None:
        return None
    wb = load_workbook(package.stream(), read_only=True)
    try:
        names = {name.upper(): name for name in wb.sheetnames}

        def value(sheet: str, ref: str) -> object:
            row, col = parse_cell(ref.replace("$", ""))
            cells = wb[names[sheet.upper()]].iter_rows(
                min_row=row, max_row=row, min_col=col, max_col=col, values_only=True
            )
            return next(iter(cells), (None,))[0]

        formula = value(layout.sheet, layout.cell)
        text = str(getattr(formula, "text", formula) or "")
        args = _arguments(text)
        if len(args) < 3 or not args[2]:
            return "uscf"
        third = args[2]
        if third.startswith('"') and third.endswith('"'):
            return third[1:-1].replace('""', '"').strip().lower() or "uscf"
        sheet, ref = split_sheet(third)
        try:
            held = value(sheet or layout.sheet, ref)
        except (KeyError, ValueError):
            return None  # an expression, or a sheet the book does not have
    finally:
        wb.close()
    if held is None or held == "":
        return "uscf"
    return str(held).strip().lower() if isinstance(held, str) else None


def _refuse_unrateable(
    book: Package,
    players: list[list[object]],
    games: list[list[object]],
    event_name: str,
    date: dt.date,
) -> None:
    """Refuse an event (*games*: its rows of the Games table) that the season's system
    cannot rate, when that system's rules depend on the date: the whole ratings table
    would show an error.  The event is rated alone, with the players as the Players table
    lists them: the rules of its date are what can refuse it (a season of 5,000 games
    would take seconds)."""
    system = season_system(book)
    if system not in _DATED_SYSTEMS:
        return
    if system == "uscf" and uscf_rules(date).bonus_multiplier is None:
        first = BONUS_MULTIPLIERS[0][0].isoformat()
        raise SeasonBookError(
            f"{book.name} rates its season by US Chess (system uscf), whose bonus multiplier "
            f"is known only for events ending {first} or later, and {event_name!r} is dated "
            f"{date.isoformat()}: every rating of the season would show an error, so "
            "nothing was written (the book rates each event by its date and holds no "
            f"multiplier); give a date from {first} on (--date), or choose another system on "
            "the Ratings sheet"
        )
    from ...sheet.catalog import FUNCTIONS

    table = FUNCTIONS["SEASON_RATINGS"](players, games, system, None)
    if isinstance(table, str):  # an error text: the function gives a table otherwise
        raise SeasonBookError(
            f"{book.name} rates its season by {system}, and with {event_name!r} "
            f"({date.isoformat()}) its whole Ratings table would show: {table}; nothing was "
            "written: give the event another date (--date), or choose another system on the "
            "Ratings sheet"
        )


# ---------------------------------------------------------------- importing


def _key(name: object) -> str:
    return " ".join(str(name).split()).casefold()


def text_problem(text: str) -> str | None:
    """Why *text* cannot be written into a cell of a workbook (None: it can).

    The rule is the tournament vocabulary's (:func:`xlrating.rating.tournament.name_problem`): a
    character XML 1.0 cannot carry is refused (never replaced: a name changed behind the
    user's back would no longer match the tournament file or the sheet); so is text longer
    than a cell holds.

    >>> text_problem("Smith, John") is None
    True
    >>> text_problem("Smith\\x0bJohn").split(",")[0]
    'holds character U+000B'
    >>> text_problem("x" * 32_768)
    'holds 32,768 characters, more than the 32,767 a spreadsheet cell holds'
    """
    found = name_problem(text)
    return None if found is None else f"holds {found[1]}"


def _shown(text: str) -> str:
    """A name for a one-line message: control characters escaped, at most 60 characters."""
    shown = repr(text[:60])
    return shown + ("..." if len(text) > 60 else "")


def _check_names(event: Event, event_name: str) -> None:
    """Refuse (one line) text the book cannot hold or the season's functions cannot read:
    characters XML 1.0 cannot carry, more than a cell holds, a name that reads as one of
    Excel's error values, a player named like the bye marker, two players whose names
    are one once case and spacing are ignored."""
    problem = text_problem(event_name)
    if problem is not None:
        raise SeasonBookError(f"the event name {_shown(event_name)} {problem}")
    if is_error_cell(event_name):
        raise SeasonBookError(
            f"the event name {_shown(event_name)} reads as Excel's error value "
            f"{event_name.strip().upper()} in the season's functions: give another name"
        )
    seen: dict[str, str] = {}
    for player in event.players:
        name = player.name
        problem = text_problem(name)
        if problem is not None:
            raise SeasonBookError(f"the player name {_shown(name)} {problem}")
        if is_error_cell(name):
            raise SeasonBookError(
                f"the player name {_shown(name)} reads as Excel's error value "
                f"{name.strip().upper()} in the season's functions (a spreadsheet passes "
                "an error cell as that text): rename the player"
            )
        if _key(name) == _key(BYE):
            raise SeasonBookError(
                f"the player name {_shown(name)} is the bye marker of the Games sheet's "
                f"Black column ({BYE}): rename the player"
            )
        other = seen.get(_key(name))
        if other is not None:
            raise SeasonBookError(
                f"the players {_shown(other)} and {_shown(name)} have one name once case "
                "and spacing are ignored: the season could not tell their games apart"
            )
        seen[_key(name)] = name


def _points(value: float, where: str) -> str:
    if value not in BYE_TEXT:
        raise SeasonBookError(f"{where}: {value!r} points cannot be written as a result")
    return BYE_TEXT[value]


def game_rows(event: Event) -> tuple[list[tuple[int, str, str, str]], int]:
    """The rows an event's games take in a Games table: (round, white, black, result).

    Played games: ``1-0``, ``½-½``, ``0-1``; forfeits ``+-`` / ``-+``; a bye (or a forfeit
    without an opponent): ``BYE`` and its points written the same way (``+-`` a full point,
    ``½-½`` half a point, ``-+`` none).  A
    pairing that no result from White's side describes (a double forfeit, or a game
    "lasting less than one move" that was drawn) becomes a bye row for each player with
    the points scored: neither is rated either way.  Returns the rows and how many
    pairings were split so.

    >>> from xlrating.rating.tournament import Game, Player
    >>> rows, split = game_rows(Event(
    ...     (Player("A", 1500, 30), Player("B", 1500, 30), Player("C")),
    ...     (Game(1, "A", "B", 0.5), Game(1, "C", None, 1.0, "bye"),
    ...      Game(2, "B", "C", 0.0, "forfeit"), Game(3, "A", "C", 0.0, "forfeit", 0.0))))
    >>> split, rows[:3]
    (1, [(1, 'A', 'B', '½-½'), (1, 'C', 'BYE', '+-'), (2, 'B', 'C', '-+')])
    >>> rows[3:]
    [(3, 'A', 'BYE', '-+'), (3, 'C', 'BYE', '-+')]
    """
    rows: list[tuple[int, str, str, str]] = []
    split = 0
    for number, game in enumerate(event.games, start=1):
        where = f"game {number} (round {game.round})"
        if game.black is None:
            rows.append((game.round, game.white, BYE, _points(game.white_score, where)))
        elif game.kind == "played" and game.white_score in RESULT_TEXT:
            rows.append((game.round, game.white, game.black, RESULT_TEXT[game.white_score]))
        elif (
            game.kind == "forfeit"
            and game.white_score in FORFEIT_TEXT
            and game.black_points == 1.0 - game.white_score
        ):
            rows.append((game.round, game.white, game.black, FORFEIT_TEXT[game.white_score]))
        else:
            rows.append((game.round, game.white, BYE, _points(game.white_score, where)))
            rows.append((game.round, game.black, BYE, _points(game.black_points, where)))
            split += 1
    return rows, split


def _serial(day: dt.date) -> float:
    """An Excel date serial (1900 date system)."""
    return float((day - EXCEL_EPOCH).days)


def _player_cells(
    new_players: Sequence[Player],
    players: list[list[object]],
    at: int,
    first: tuple[int, int],
    width: int,
    ids: PlayerIds | None = None,
) -> dict[tuple[int, int], object]:
    """The cells of the Players table's new rows (from sheet cell *first*), and the same
    values put in *players* from its row *at*: name, rating, rated games (0 when
    unrated), floor, age, US Chess ID, FIDE ID (numbers, from *ids*), as far as the table
    is *width* columns wide (a book made before the ID columns gets none)."""
    cells: dict[tuple[int, int], object] = {}
    for i, player in enumerate(new_players):
        unrated = player.rating is None
        given = (ids or {}).get(player.name, (None, None))
        values: list[str | float | None] = [
            player.name,
            player.rating,
            0 if unrated else player.games,
            player.floor or None,
            player.age,
            *(int(x) if x and x.isdigit() and int(x) else None for x in given),
        ]
        for j, value in enumerate(values[:width]):
            if value is not None:
                cells[(first[0] + i, first[1] + j)] = float(value) if j else value
            players[at + i][j] = cell_value(value)
    return cells


def _game_cells(
    rows: Sequence[tuple[int, str, str, str]],
    games: list[list[object]],
    at: int,
    first: tuple[int, int],
    event_name: str,
    date: dt.date,
    spelling: Mapping[str, str],
) -> dict[tuple[int, int], object]:
    """The cells of the Games table's new rows (from sheet cell *first*: event, date as a
    serial, round, white, black, result), and the same put in *games* from its row *at*."""
    cells: dict[tuple[int, int], object] = {}
    for i, (rnd, white, black, result) in enumerate(rows):
        row: list[object] = [
            event_name,
            _serial(date),
            float(rnd),
            spelling[white],
            spelling.get(black, black),
            result,
        ]
        for j, cell in enumerate(row):
            cells[(first[0] + i, first[1] + j)] = cell
        games[at + i][:6] = [event_name, date, float(rnd), *row[3:]]
    return cells


def _event_columns(package: Package, layout: SeasonLayout, needed: int) -> int | None:
    """The event columns the Ratings sheet grows to when the season would have more
    events (*needed*) than it has columns (None: it has room)."""
    have = event_columns_of(package, layout) if needed else None
    if have is None or needed <= have:
        return None
    columns = room_for(needed, CLUB_EVENT_COLUMNS, CLUB_MAX_EVENT_COLUMNS)
    if needed > columns:
        raise SeasonBookError(
            f"no room on sheet {layout.sheet}: the season would have {needed} events and "
            f"the sheet grows to at most {CLUB_MAX_EVENT_COLUMNS:,} event columns"
        )
    return columns


#: Member IDs of an event's players: the file's name -> (US Chess ID, FIDE ID), each None
#: when the file gives none (the order of :data:`~xlrating.sheet.tables.PLAYER_ID_COLUMNS`).
PlayerIds = Mapping[str, tuple[str | None, str | None]]


def _id_text(value: object) -> str | None:
    """A member-ID cell as digits without leading zeros (None: blank, or not a member
    number: such a cell matches nothing; the book's Status column says what is wrong)."""
    try:
        found = member_id(cell_value(value), "id")
    except InvalidInputError:
        return None
    return None if found is None else str(int(found))


def _match_players(
    event: Event,
    players: list[list[object]],
    ids: PlayerIds | None = None,
    where: tuple[str, int] = (PLAYERS_SHEET, 1),
) -> tuple[list[Player], dict[str, str], list[tuple[str, str, str]]]:
    """The event's players not yet on the Players table, each player's name as the book
    will spell it (the table's own spelling for those it has), and how each was matched.

    A player is a member (in this order) when the file gives an ID that one member has in
    the table's ID column of that kind (columns 6 US Chess ID and 7 FIDE ID, when the table
    is that wide), whatever the spelling; else when his name is a member's name once case
    and spacing are ignored and "LAST, FIRST" is read as "First Last"
    (:func:`~xlrating.sheet.names.name_key`).  Refused (one line, nothing written): a
    member matched whose ID of a kind differs from the file's (two people, or a typing
    slip: the user decides), two members with the same ID, two of the event's players
    taken for one member.  *where*: the Players sheet and the sheet row of the table's
    first row, for the messages."""
    sheet, first = where
    width = len(players[0]) if players else 0
    kinds = PLAYER_ID_COLUMNS[: max(0, min(len(PLAYER_ID_COLUMNS), width - 5))]
    held: list[tuple[int, str, tuple[str | None, ...]]] = []
    by_id: dict[tuple[int, str], int] = {}
    for i, row in enumerate(players):
        if not row or not isinstance(row[0], str) or not row[0].strip():
            continue
        member = " ".join(row[0].split())
        row_ids = tuple(_id_text(row[5 + k]) if 5 + k < len(row) else None for k in range(2))
        for k, text in enumerate(row_ids[: len(kinds)]):
            if text is None:
                continue
            other = by_id.get((k, text))
            if other is not None:
                raise SeasonBookError(
                    f"{sheet} rows {first + held[other][0]} and {first + i} have the same "
                    f"{kinds[k]} {text}: correct one before importing"
                )
            by_id[(k, text)] = len(held)
        held.append((i, member, row_ids))
    listed = {name_key(member): j for j, (_, member, _) in enumerate(held)}
    spelling: dict[str, str] = {}
    matched: list[tuple[str, str, str]] = []
    taken: dict[int, str] = {}
    new_players = []
    for player in event.players:
        given = tuple(
            str(int(x)) if x and x.isdigit() and int(x) else None
            for x in (ids or {}).get(player.name, (None, None))
        )
        found, how = None, "new"
        for k, text in enumerate(given[: len(kinds)]):
            if text is not None and (k, text) in by_id:
                found, how = by_id[(k, text)], f"{kinds[k]} {text}"
                break
        if found is None and name_key(player.name) in listed:
            found = listed[name_key(player.name)]
            plain = _key(player.name) == _key(held[found][1])
            how = "name" if plain else "name as LAST, FIRST"
        if found is None:
            new_players.append(player)
            spelling[player.name] = player.name
            matched.append((player.name, player.name, how))
            continue
        at, member, row_ids = held[found]
        for k, text in enumerate(given[: len(kinds)]):
            if text is not None and row_ids[k] is not None and row_ids[k] != text:
                raise SeasonBookError(
                    f"{player.name!r} has {kinds[k]} {text} in the file, and {member!r} "
                    f"({sheet} row {first + at}, matched by {how}) has {kinds[k]} "
                    f"{row_ids[k]}: correct the ID on sheet {sheet}, or rename the member "
                    "if they are two people; nothing was written"
                )
        if found in taken:
            raise SeasonBookError(
                f"{taken[found]!r} and {player.name!r} of the file are both {member!r} "
                f"({sheet} row {first + at}): rename one in the file; nothing was written"
            )
        taken[found] = player.name
        spelling[player.name] = member
        matched.append((player.name, member, how))
    return new_players, spelling, matched


def _rows_for(needed: int, step: int, most: int, no_room: str) -> int:
    """The rows a table grows to for *needed* rows (:func:`room_for`); refused, saying
    *no_room* and the most it grows to, when that is not enough."""
    rows = room_for(needed, step, most)
    if needed > rows:
        raise SeasonBookError(f"{no_room} and grows to at most {most:,} rows")
    return rows


def _check_tables(
    book: Path, layout: SeasonLayout, games: list[list[object]], event_name: str
) -> None:
    """Refuse a season whose tables are too narrow to import into, or that already has
    an event called *event_name*."""
    (_, p_ref), (g_sheet, g_ref) = layout.players, layout.games
    _, pc1, _, pc2 = bounds(p_ref)
    _, gc1, _, gc2 = bounds(g_ref)
    if pc2 - pc1 < 1 or gc2 - gc1 < 5:
        raise SeasonBookError(
            f"{book.name}: the tables need columns name, rating, ... (players) and event, "
            f"date, round, white, black, result (games); {FUNCTION} reads {p_ref} and {g_ref}"
        )
    taken = {_key(row[0]): str(row[0]) for row in games if row and row[0] is not None}
    if _key(event_name) in taken:
        raise SeasonBookError(
            f"{book.name} already has an event called {taken[_key(event_name)]!r} on sheet "
            f"{g_sheet}: it is imported already (importing it again would count its games "
            f"twice); to replace it, delete its rows on sheet {g_sheet} first"
        )


def _imported_as(
    games: list[list[object]],
    rows: Sequence[tuple[int, str, str, str]],
    date: dt.date,
    spelling: Mapping[str, str],
) -> str | None:
    """The event of the Games table that already holds every game of *rows* (same date,
    round, players and result), whatever it is called; None when there is none."""
    wanted = {
        (float(rnd), name_key(spelling[white]), name_key(spelling.get(black, black)), result)
        for rnd, white, black, result in rows
    }
    found: dict[str, set[tuple[float, str, str, str]]] = {}
    for row in games:
        if len(row) < 6 or row[0] is None or not isinstance(row[2], (int, float)):
            continue
        try:
            day = to_date(row[1], "date")
        except ValueError:
            continue
        if day != date or not isinstance(row[3], str) or not isinstance(row[4], str):
            continue
        key = (float(row[2]), name_key(row[3]), name_key(row[4]), str(row[5]))
        found.setdefault(str(row[0]), set()).add(key)
    return next((event for event, held in found.items() if wanted <= held), None)


def _event_rows(
    book: Path,
    layout: SeasonLayout,
    event: Event,
    tables: tuple[list[list[object]], list[list[object]]],
    date: dt.date,
    ids: PlayerIds | None,
) -> tuple[
    list[Player], dict[str, str], list[tuple[int, str, str, str]], int, list[tuple[str, str, str]]
]:
    """The event's new players, spellings and matches (:func:`_match_players`) and its game
    rows (:func:`game_rows`); refused when the Games table already holds those games."""
    players, games = tables
    sheet = layout.games[0]
    where = (layout.players[0], bounds(layout.players[1])[0])
    new_players, spelling, matched = _match_players(event, players, ids, where)
    rows, split = game_rows(event)
    again = _imported_as(games, rows, date, spelling) if rows else None
    if again is not None:
        raise SeasonBookError(
            f"{book.name} already holds these games as event {again!r} on sheet {sheet} "
            f"({date.isoformat()}): importing them again would count them twice"
        )
    return new_players, spelling, rows, split, matched


def close_names(
    package: Package,
    event: Event,
    ids: PlayerIds | None = None,
) -> list[tuple[str, str]]:
    """(the event's name, the member's) for each of *event*'s players the import would add
    as new (not matched by ID or name: :func:`_match_players`) while one member of the
    Players table is one typo from the name (:func:`~xlrating.sheet.names.near_member`):
    what ``import --dry-run`` flags.  *package*: the season book as the guard accepted it.
    Nothing is refused here (the import says why)."""
    layout, players, _ = read_tables(package)
    members = [" ".join(row[0].split()) for row in players if row and isinstance(row[0], str)]
    try:
        new, _, _ = _match_players(event, players, ids, (layout.players[0], 1))
    except SeasonBookError:
        return []  # the import refuses, naming the rows
    out = []
    for player in new:
        close = near_member(player.name, members)
        if close is not None:
            out.append((player.name, close))
    return out


def import_event(
    book: str | Path,
    event: Event,
    *,
    name: str,
    date: dt.date,
    target: str | Path | None = None,
    ids: PlayerIds | None = None,
    inspection: Inspection | None = None,
) -> ImportReport:
    """Add *event* to the season workbook *book* (written to *target*, default *book*).
    *inspection*: the guard's of *book*, when the caller has checked it (it is not scanned
    again); without it the guard checks *book* first.

    Players not yet on the Players table (matched by ID, then by name: :func:`_match_players`;
    *ids*: the member IDs the file gives) are added after its last used row: name, rating,
    rated games (blank when an established rating's count is not known, 0 when unrated),
    floor, age, and their US Chess ID and FIDE ID where the table has those columns.  The
    games follow the last used row of the Games table, one row per game or bye
    (:func:`game_rows`), with the event's *name* and *date* on every row; names the Players
    table already had keep its spelling.

    When a table has too few blank rows left it grows first (:func:`resize_season`'s
    rules), to the next multiple of the template's standard room (40 player rows, 600
    game rows), or to just what the event needs when that multiple would pass the guard's
    limits; :attr:`ImportReport.grown` says so.

    Text is written as inline strings, never as formulas: a name such as
    ``=HYPERLINK(...)``, ``+1`` or ``@x`` stays text in Excel and in the headless engine.
    Refused before anything is written (:func:`text_problem`): names or an event name
    holding characters XML 1.0 cannot carry or more than a cell holds, names that read as
    an Excel error value (``#N/A``: the functions get error cells as that text), a player
    named like the bye marker, and two players whose names differ only in case or spacing.
    Every part written is checked (well-formed, within the guard's limits) before the
    file replaces *target*.

    :raises SeasonBookError: (one line) when the book is not a season workbook, already
        has an event of that name, a name cannot be written, or its tables cannot grow
        enough (the guard's limits, or the template's most rows).
    """
    book = Path(book)
    target = book if target is None else Path(target)
    _check_names(event, name)
    event_name = " ".join(name.split())
    if not event_name:
        raise SeasonBookError("the event needs a name")
    if inspection is None:
        inspection = check_book(book)
    package = Package.open(inspection)
    layout, players, games = read_tables(package)
    _check_tables(book, layout, games, event_name)
    p_sheet, p_ref = layout.players
    g_sheet, g_ref = layout.games
    pr1, pc1, pr2, pc2 = bounds(p_ref)
    gr1, gc1, gr2, gc2 = bounds(g_ref)
    new_players, spelling, rows, split, matched = _event_rows(
        book, layout, event, (players, games), date, ids
    )

    p_next, g_next = last_used(players) + 1, last_used(games) + 1
    p_room, g_room = len(players) - p_next, len(games) - g_next
    p_rows, g_rows = len(players), len(games)
    if len(new_players) > p_room:
        p_rows = _rows_for(
            p_next + len(new_players),
            CLUB_PLAYER_ROWS,
            CLUB_MAX_PLAYER_ROWS,
            f"no room on sheet {p_sheet}: the event brings {len(new_players)} new players, "
            f"the table {p_ref} has room for {p_room} more",
        )
    if len(rows) > g_room:
        g_rows = _rows_for(
            g_next + len(rows),
            CLUB_GAME_ROWS,
            CLUB_MAX_GAME_ROWS,
            f"no room on sheet {g_sheet}: the event needs {len(rows)} rows, the table "
            f"{g_ref} has {g_room} free rows after its last one",
        )
    players += [[None] * (pc2 - pc1 + 1) for _ in range(p_rows - len(players))]
    games += [[None] * (gc2 - gc1 + 1) for _ in range(g_rows - len(games))]

    edits = {
        p_sheet: _player_cells(
            new_players, players, p_next, (pr1 + p_next, pc1), pc2 - pc1 + 1, ids
        )
    }
    game_cells = _game_cells(rows, games, g_next, (gr1 + g_next, gc1), event_name, date, spelling)
    _refuse_unrateable(package, players, games[g_next : g_next + len(rows)], event_name, date)
    edits.setdefault(g_sheet, {}).update(game_cells)

    needed = events_in(games)
    e_cols = _event_columns(package, layout, needed)
    grown: GrowReport | None = None
    if (p_rows, g_rows) == (pr2 - pr1 + 1, gr2 - gr1 + 1) and e_cols is None:
        write_book(package, target, layout, edits)
    else:  # the tables grow: to their standard room, else to just what the event needs
        exact = (
            max(p_next + len(new_players), pr2 - pr1 + 1),
            max(g_next + len(rows), gr2 - gr1 + 1),
        )
        sizes = [(p_rows, g_rows, e_cols), (*exact, None if e_cols is None else needed)]
        layout, grown, package = write_grown(package.inspection, target, layout, edits, sizes)
    return ImportReport(
        event=event_name,
        date=date,
        added=tuple(p.name for p in new_players),
        known=tuple(spelling[p.name] for p in event.players if p not in new_players),
        player_rows=(pr1 + p_next, pr1 + p_next + len(new_players) - 1) if new_players else None,
        game_rows=(gr1 + g_next, gr1 + g_next + len(rows) - 1),
        split=split,
        grown=grown,
        matched=tuple(matched),
        written=package,
    )
