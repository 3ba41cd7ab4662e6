"""Event tables in spreadsheet ranges: players and games rows in, tournament objects out.

Part of the spreadsheet boundary (like :mod:`xlrating.sheet.cells`): it reads what a range of
cells holds and builds :class:`~xlrating.rating.tournament.Player` and
:class:`~xlrating.rating.tournament.Game` values, naming the row of the range in every error.
A first row whose rating (or round) cell is text is taken as a header and skipped;
rows that are blank throughout are skipped.

Layouts (the function-catalog conventions):

* players: name, rating (blank if unrated), games (blank or 0 if unrated), then optional
  floor and optional age;
* games: round, white, black, result from White's side (1, 0.5, 0, "1-0", "0-1", "½-½",
  "1/2-1/2", "=", forfeits "+-" and "-+"); a bye has black blank or "BYE";
* season games: event, [date], round, white, black, result (the date column is there when
  the range has six columns).
"""

from __future__ import annotations

import datetime as _dt
import math
import pickle
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final

from ..errors import InvalidInputError
from ..rating._check import check_rating, show
from ..rating.events import FidePlayer
from ..rating.fide_rules import K_NEW_GAMES
from ..rating.tournament import BYE, MAX_NAME_CHARS, Game, Player, parse_result
from .cells import (
    MAX_WHOLE,
    UNRATED_WORDS,
    CellValue,
    is_blank,
    is_error_cell,
    to_bool,
    to_date,
    to_grid,
    to_int,
    to_optional_number,
)

__all__ = [
    "PLAYER_ID_COLUMNS",
    "GameRow",
    "KnownGames",
    "PlayersTable",
    "SeasonGames",
    "SeasonRows",
    "member_id",
    "read_fide_players",
    "read_games",
    "read_name",
    "read_players",
    "read_players_table",
    "read_season_games",
    "read_season_rows",
    "row_label",
    "season_games_known",
]


def _is_header(row: Sequence[CellValue], numeric_column: int) -> bool:
    """A row of column titles: text with no digit in a column that holds numbers ("Rating",
    "Rd"), and nothing but text or blanks in the row.

    An error cell ("#N/A") is never a title, and neither is a row holding a number, a date
    or TRUE/FALSE: such a row is data, and skipping it would drop a player or a game
    without a word.
    """
    if numeric_column >= len(row):
        return False
    cell = row[numeric_column]
    if not isinstance(cell, str) or is_blank(cell) or is_error_cell(cell):
        return False
    if any(not (c is None or isinstance(c, str)) or is_error_cell(c) for c in row):
        return False
    text = cell.strip().lower()
    return text not in UNRATED_WORDS and not any(ch.isdigit() for ch in text)


def _rows(value: CellValue, name: str, numeric_column: int) -> list[tuple[int, list[CellValue]]]:
    grid = to_grid(value, name)
    rows = [(i, row) for i, row in enumerate(grid, start=1) if not all(map(is_blank, row))]
    if rows and rows[0][0] == 1 and _is_header(rows[0][1], numeric_column):
        rows = rows[1:]
    return rows


def row_label(name: str, row_no: int, first_row: int | None = None) -> str:
    """How a message names row *row_no* of a range (1 for its first): "games row 3", or,
    given the sheet row of the range's first row, the row the user sees: "Games row 77"."""
    if first_row is None:
        return f"{name} row {row_no}"
    return f"{name[:1].upper()}{name[1:]} row {_shown_row(row_no, first_row)}"


def _shown_row(row_no: int, first_row: int | None) -> int:
    """The row number a message gives row *row_no* of a range (:func:`row_label`'s)."""
    return row_no if first_row is None else first_row + row_no - 1


def _rating(value: CellValue, where: str) -> float | None:
    """A rating cell: a number, or blank / "unrated" for an unrated player."""
    if isinstance(value, str) and value.strip().lower() in UNRATED_WORDS:
        return None
    return to_optional_number(value, where)


def read_name(value: CellValue, where: str, what: str = "a player's name") -> str:
    """A name cell as the Players and Games tables read one: text (spaces tidied) or a
    member number; never blank, an error or a date (one line naming *where*)."""
    if isinstance(value, int) and not isinstance(value, bool):
        if abs(value) > MAX_WHOLE:  # (from Python only: cells hold floats)
            raise InvalidInputError(f"{where} must be {what}, got a number of over 15 digits")
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InvalidInputError(f"{where} must be {what}, got {show(value)}")
        if value.is_integer() and abs(value) <= MAX_WHOLE:
            return str(int(value))  # a member number typed as a name
        return repr(value)
    if not isinstance(value, str) or is_blank(value) or is_error_cell(value):
        raise InvalidInputError(f"{where} must be {what}, got {show(value)}")
    name = " ".join(value.split())
    if len(name) > MAX_NAME_CHARS:  # a formula's text: no cell holds more than Excel's limit
        raise InvalidInputError(
            f"{where} must be {what} of at most {MAX_NAME_CHARS:,} characters (what a "
            f"spreadsheet cell holds), got {len(name):,} characters"
        )
    return name


def _player_rows(
    value: CellValue, name: str, width: int, first_row: int | None = None
) -> Iterator[tuple[int, str, list[CellValue], str, float | None]]:
    """(row of the range, where, cells padded to *width*, name, rating) for each player row,
    names unique (strict: the first bad row raises)."""
    for row_no, where, cells, error in _player_cells(value, name, width, first_row):
        if error is not None:
            raise error
        yield (
            row_no,
            where,
            cells,
            read_name(cells[0], f"{where}: name"),
            _rating(cells[1], f"{where}: rating"),
        )


def _player_cells(
    value: CellValue, name: str, width: int, first_row: int | None
) -> Iterator[tuple[int, str, list[CellValue], InvalidInputError | None]]:
    """Each player row of the range: (row of the range, where, cells padded to *width*,
    the error of a name that is not one or is taken by an earlier row, else None)."""
    seen: dict[str, int] = {}  # name -> the row number its first row is shown as
    for row_no, row in _rows(value, name, 1):
        where = row_label(name, row_no, first_row)
        if len(row) < 2:
            raise InvalidInputError(f"{name} needs at least two columns: name and rating")
        cells = list(row) + [None] * (width - len(row))
        try:
            player = read_name(cells[0], f"{where}: name")
        except InvalidInputError as error:
            yield row_no, where, cells, error
            continue
        if player in seen:
            also = seen[player]
            yield (
                row_no,
                where,
                cells,
                InvalidInputError(f"{where}: duplicate name {show(player)} (also row {also})"),
            )
            continue
        seen[player] = _shown_row(row_no, first_row)
        yield row_no, where, cells, None


@dataclass(frozen=True, slots=True)
class PlayersTable:
    """A Players table as read: the players, the range row each came from, their member IDs,
    and (read with ``skip``) the rows left out and why."""

    players: tuple[Player, ...]
    #: The row of the range (1 for its first) of each player.
    rows: tuple[int, ...]
    #: Each player's US Chess ID and FIDE ID (columns 6 and 7; None when blank).
    ids: tuple[tuple[str | None, str | None], ...]
    #: The rows left out (read with ``skip``): (row of the range, the one-line reason naming
    #: the row, the name the row gives or None).
    left_out: tuple[tuple[int, str, str | None], ...]
    #: The range's height in rows.
    height: int


#: The Players table's optional member-ID columns (after name, rating, games, floor, age).
PLAYER_ID_COLUMNS: Final = ("US Chess ID", "FIDE ID")


def member_id(value: CellValue, where: str) -> str | None:
    """A member-ID cell: blank, or a member number (typed as a number or as digits)."""
    if is_blank(value):
        return None
    if isinstance(value, float) and value.is_integer() and 0 < value <= MAX_WHOLE:
        return str(int(value))
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_WHOLE:
        return str(value)
    if isinstance(value, str) and value.strip().isdigit() and value.strip().isascii():
        return value.strip()
    raise InvalidInputError(f"{where} must be a member number, got {show(value)}")


def _player(cells: Sequence[CellValue], where: str) -> tuple[Player, str | None, str | None]:
    """One Players row (name, rating, games, [floor], [age], [US Chess ID], [FIDE ID])."""
    player = read_name(cells[0], f"{where}: name")
    rating = _rating(cells[1], f"{where}: rating")
    games_cell = cells[2]
    if isinstance(games_cell, str) and games_cell.strip().lower() in {"established", "est"}:
        games: int | None = None
    elif is_blank(games_cell):
        games = 0 if rating is None else None
    else:
        games = to_int(games_cell, f"{where}: games")
    floor = to_optional_number(cells[3], f"{where}: floor") or 0.0
    check_rating(floor, f"{where}: floor")  # a rating: the events check it by name only
    age = to_optional_number(cells[4], f"{where}: age")
    uscf_id = member_id(cells[5], f"{where}: {PLAYER_ID_COLUMNS[0]}")
    fide_id = member_id(cells[6], f"{where}: {PLAYER_ID_COLUMNS[1]}")
    try:
        return Player(player, rating, games, floor, age), uscf_id, fide_id
    except InvalidInputError as error:  # a value out of range: say which row
        raise InvalidInputError(f"{where}: {error}") from None


def read_players_table(
    value: CellValue, name: str = "players", *, first_row: int | None = None, skip: bool = False
) -> PlayersTable:
    """Players rows: name, rating, games, [floor], [age], [US Chess ID], [FIDE ID].

    Strict (``skip`` False): the first row that cannot be read raises, naming it, and a table
    with no player raises.  With ``skip``: such a row is left out (:attr:`PlayersTable.left_out`
    says why) and a table with no player reads as none.  *first_row* is the sheet row of the
    range's first row: messages then name the row the user sees ("Players row 9").
    """
    players: list[Player] = []
    rows: list[int] = []
    ids: list[tuple[str | None, str | None]] = []
    left_out: list[tuple[int, str, str | None]] = []
    for row_no, where, cells, error in _player_cells(value, name, 7, first_row):
        try:
            if error is not None:
                raise error
            player, uscf_id, fide_id = _player(cells, where)
        except InvalidInputError as failure:
            if not skip:
                raise
            try:
                given: str | None = read_name(cells[0], where)
            except InvalidInputError:
                given = None
            left_out.append((row_no, str(failure), given))
            continue
        players.append(player)
        rows.append(row_no)
        ids.append((uscf_id, fide_id))
    if not players and not skip:
        raise InvalidInputError(f"{name} is empty: list at least two players")
    height = len(to_grid(value, name))
    return PlayersTable(tuple(players), tuple(rows), tuple(ids), tuple(left_out), height)


def read_players(
    value: CellValue, name: str = "players", *, first_row: int | None = None
) -> list[Player]:
    """Players rows: name, rating, games, [floor], [age], [US Chess ID], [FIDE ID] (strict:
    see :func:`read_players_table`, which also gives the member IDs)."""
    return list(read_players_table(value, name, first_row=first_row).players)


def read_fide_players(value: CellValue, name: str = "players") -> list[FidePlayer]:
    """FIDE players rows: name, rating, [rated games], [birth year], [reached 2400], [K]."""
    players: list[FidePlayer] = []
    for _, where, cells, player, rating in _player_rows(value, name, 6):
        year = to_optional_number(cells[3], f"{where}: birth year")
        rated_games = to_int(
            cells[2], f"{where}: rated games", K_NEW_GAMES if rating is not None else 0
        )
        birth_year = None if year is None else to_int(year, f"{where}: birth year")
        reached_2400 = to_bool(cells[4], f"{where}: reached 2400", False)
        k = to_optional_number(cells[5], f"{where}: k")
        try:
            players.append(FidePlayer(player, rating, rated_games, birth_year, reached_2400, k))
        except InvalidInputError as error:  # a value out of range: say which row
            raise InvalidInputError(f"{where}: {error}") from None
    if not players:
        raise InvalidInputError(f"{name} is empty: list at least two players")
    return players


def _game(cells: Sequence[CellValue], where: str, known: set[str] | frozenset[str] | None) -> Game:
    round_cell, white_cell, black_cell, result_cell = cells
    rnd = to_int(round_cell, f"{where}: round")
    white = read_name(white_cell, f"{where}: white")
    bye = is_blank(black_cell) or (
        isinstance(black_cell, str) and black_cell.strip().upper() == BYE
    )
    black = None if bye else read_name(black_cell, f"{where}: black")
    if known is not None:
        for who in (white, black):
            if who is not None and who not in known:
                raise InvalidInputError(f"{where}: unknown player {show(who)}")
    if black == white:
        raise InvalidInputError(f"{where}: {show(white)} is paired with himself")
    if not bye and is_blank(result_cell):
        raise InvalidInputError(f"{where}: the result is blank")
    score, kind = parse_result(result_cell, bye=bye, where=where)
    return Game(rnd, white, black, score, kind)


def read_games(
    value: CellValue, players: Sequence[Player] | None = None, name: str = "games"
) -> list[Game]:
    """Games rows: round, white, black, result (White's side)."""
    known = None if players is None else {p.name for p in players}
    games: list[Game] = []
    for row_no, row in _rows(value, name, 0):
        if len(row) < 4:
            raise InvalidInputError(f"{name} needs four columns: round, white, black, result")
        games.append(_game(row[:4], f"{name} row {row_no}", known))
    return games


@dataclass(frozen=True, slots=True)
class SeasonGames:
    """A season's games grouped by event, in the order the events first appear."""

    events: tuple[str, ...]
    dates: tuple[_dt.date | None, ...]
    games: tuple[tuple[Game, ...], ...]


#: The season games tables read last: (content key, name, first row) -> what they read as
#: (without checking the players' names against a roster: :func:`season_games_known`
#: does that apart).
_READ_SEASONS: dict[object, SeasonRows] = {}
#: How many tables :data:`_READ_SEASONS` keeps (a club season's functions read one).
_READ_SEASONS_KEPT = 4
#: The cell types a content key covers (exact types: a subclass may compare or print
#: otherwise).
_KEYED_TYPES: Final = frozenset({type(None), str, int, float, bool, _dt.date, _dt.datetime})


def _content_key(value: object) -> object:
    """A key that only equal cell contents share (None: no key, read the cells each time).

    The key is the cells pickled: it tells TRUE from 1, 1 from 1.0, -0.0 from 0.0, text
    from a number and a date from a time, for a cell, a row or column (a list) or a table
    (a list of rows) of the types in :data:`_KEYED_TYPES` (pickling writes each value
    with its exact type, and two equal tables whose cells are shared differently only
    get different keys). A NaN is keyed like any float (a table holding one is refused
    when it is read, and what is refused is never kept)."""
    types: set[type] = set()
    if isinstance(value, (list, tuple)):
        for v in value:
            if isinstance(v, (list, tuple)):
                types.update(map(type, v))
            else:
                types.add(type(v))
    else:
        types.add(type(value))
    if not types <= _KEYED_TYPES:
        return None  # a nested list, or a type whose pickle may not tell contents apart
    return pickle.dumps(value, protocol=5)


@dataclass(frozen=True, slots=True)
class GameRow:
    """One row of a season games table that reads as a game."""

    #: The row of the range (1 for its first).
    row: int
    #: How messages name the row ("games row 3", "Games row 77").
    where: str
    event: str
    game: Game


#: The games of a season's rows whose players are known, grouped by event; the rows naming
#: a player not known, row -> (where, the name); the rows that pair a player a second time
#: in one round of an event, row -> the one-line reason (see :func:`season_games_known`).
KnownGames = tuple[SeasonGames, dict[int, tuple[str, str]], dict[int, str]]


@dataclass(frozen=True, slots=True, eq=False)
class SeasonRows:
    """A season games table read row by row, its names not checked against a roster.

    :attr:`rows` are the rows that read as games; :attr:`refused` the rows that do not
    (with the one-line reason that names the row), in the table's order.  The strict
    reading (:func:`read_season_games`) refuses the table at its first refused row; the
    lenient one (:func:`season_games_known`) rates the rows it can.
    """

    rows: tuple[GameRow, ...]
    refused: tuple[tuple[int, str], ...]
    #: Each event's date (None: undated), by the rows read.
    dates: dict[str, _dt.date | None]
    #: The range's height in rows.
    height: int
    #: The games grouped by event, per roster (None: every row): filled on demand.
    _grouped: dict[frozenset[str] | None, KnownGames] = field(default_factory=dict, repr=False)

    def latest_event(self) -> str | None:
        """The latest event in date order (undated events after dated ones, in the order
        they first appear); None when no row reads as a game."""
        order = list(dict.fromkeys(r.event for r in self.rows))
        if not order:
            return None
        dated = sorted(
            (e for e in order if self.dates[e] is not None),
            key=lambda e: self.dates[e] or _dt.date.min,
        )
        undated = [e for e in order if self.dates[e] is None]
        return (dated + undated)[-1]


def read_season_rows(
    value: CellValue, name: str = "games", *, first_row: int | None = None
) -> SeasonRows:
    """Season games rows (event, [date], round, white, black, result), each read on its own:
    a row that cannot be read is set apart with its reason (see :class:`SeasonRows`).

    The same table (the same cells) is read once: the club season's SEASON_RATINGS,
    SEASON_STANDINGS, EVENT_CROSSTABLE, PLAYER_GAMES and SEASON_GAME_STATUS all read its
    Games table, 5,000 rows in about 0.3 s each time.  What it reads as is kept
    (:data:`_READ_SEASONS`); a table of another shape than a season's is refused each time.
    """
    key = _content_key(value)
    if key is None:
        return _read_season_rows(value, name, first_row, None, skip=True)
    key = (key, name, first_row)
    read = _READ_SEASONS.get(key)
    if read is None:
        read = _read_season_rows(value, name, first_row, None, skip=True)
        if len(_READ_SEASONS) >= _READ_SEASONS_KEPT:
            del _READ_SEASONS[next(iter(_READ_SEASONS))]
        _READ_SEASONS[key] = read
    return read


def read_season_games(
    value: CellValue,
    players: Sequence[Player] | None = None,
    name: str = "games",
    *,
    first_row: int | None = None,
    read: SeasonRows | None = None,
) -> SeasonGames:
    """Season games rows: event, [date], round, white, black, result (strict: the first row
    that cannot be read, or that names a player not among *players*, refuses the table).

    The rows are read once per table (:func:`read_season_rows`) and their names checked
    against *players* apart; a table that fails is read again in full, which says which
    row, as when every table was read in full.  *read*: the table as
    :func:`read_season_rows` read it, when the caller has it.
    """
    if read is None:
        read = read_season_rows(value, name, first_row=first_row)
    if read.refused and players is None:
        raise InvalidInputError(read.refused[0][1])
    known = None if players is None else frozenset(p.name for p in players)
    if read.refused:
        _read_season_rows(value, name, first_row, known, skip=False)  # raises: which row
    grouped, unknown, twice = season_games_known(read, known)
    if unknown:
        _read_season_rows(value, name, first_row, known, skip=False)  # raises: which row, who
    if twice:
        raise InvalidInputError(next(iter(twice.values())))
    return grouped


def season_games_known(read: SeasonRows, known: frozenset[str] | None) -> KnownGames:
    """The games of the rows read whose players are all in *known* (None: every row),
    grouped by event, and the others: row of the range -> (where, the first unknown name).

    A player has one pairing per round of an event: a later row that pairs him again in
    that round (among the rows kept) is left out too, row -> the reason naming both rows.
    Every season function gives this one verdict (EVENT_CROSSTABLE could not show two
    pairings in one round, and a row typed twice would count twice).

    Kept with the rows read (the same roster gives the very same object, which the season's
    rating cache recognises)."""
    found = read._grouped.get(known)
    if found is not None:
        return found
    order: list[str] = []
    grouped: dict[str, list[Game]] = {}
    unknown: dict[int, tuple[str, str]] = {}
    twice: dict[int, str] = {}
    paired: dict[tuple[str, int, str], str] = {}  # (event, round, player) -> the row's where
    for row in read.rows:
        game = row.game
        if known is not None:
            stranger = next(
                (who for who in (game.white, game.black) if who is not None and who not in known),
                None,
            )
            if stranger is not None:
                unknown[row.row] = (row.where, stranger)
                continue
        players = [who for who in (game.white, game.black) if who is not None]
        again = next((who for who in players if (row.event, game.round, who) in paired), None)
        if again is not None:
            twice[row.row] = (
                f"{row.where}: {show(again)} is paired twice in round {game.round} of "
                f"{show(row.event)} (also {paired[(row.event, game.round, again)]})"
            )
            continue
        for who in players:
            paired[(row.event, game.round, who)] = row.where
        if row.event not in grouped:
            order.append(row.event)
            grouped[row.event] = []
        grouped[row.event].append(game)
    if known is not None and not unknown:  # every row: the very object of every row
        season = season_games_known(read, None)[0]
    else:
        season = SeasonGames(
            tuple(order),
            tuple(read.dates[e] for e in order),
            tuple(tuple(grouped[e]) for e in order),
        )
    if len(read._grouped) >= 3:
        del read._grouped[next(iter(read._grouped))]
    read._grouped[known] = (season, unknown, twice)
    return season, unknown, twice


def _read_season_rows(
    value: CellValue,
    name: str,
    first_row: int | None,
    known: frozenset[str] | None,
    *,
    skip: bool,
) -> SeasonRows:
    """Read every row (the one reader of a season games row); without *skip* the first row
    that cannot be read raises."""
    grid = to_grid(value, name)
    width = len(grid[0]) if grid else 0
    grid_rows = _rows(grid, name, 2 if width >= 6 else 1)
    dates: dict[str, _dt.date | None] = {}
    rows: list[GameRow] = []
    refused: list[tuple[int, str]] = []
    for row_no, row in grid_rows:
        where = row_label(name, row_no, first_row)
        if len(row) < 5:
            raise InvalidInputError(
                f"{name} needs columns event, [date], round, white, black, result"
            )
        try:
            event, when, game = _season_row(row, where, known)
            if event in dates and when is not None and dates[event] not in (None, when):
                raise InvalidInputError(
                    f"{where}: event {show(event)} has two dates, {dates[event]} and {when}"
                )
        except InvalidInputError as error:
            if not skip:
                raise
            refused.append((row_no, str(error)))
            continue
        if dates.get(event) is None:  # the event's first date (None: none yet)
            dates[event] = when
        rows.append(GameRow(row_no, where, event, game))
    return SeasonRows(tuple(rows), tuple(refused), dates, len(grid))


def _season_row(
    row: Sequence[CellValue], where: str, known: frozenset[str] | None
) -> tuple[str, _dt.date | None, Game]:
    """One season games row: its event, its date (None: no date column, or blank) and game."""
    with_date = len(row) >= 6
    event = read_name(row[0], f"{where}: event", "an event's name")
    when = to_date(row[1], f"{where}: date") if with_date else None
    game = _game(row[2:6] if with_date else row[1:5], where, known)
    return event, when, game
