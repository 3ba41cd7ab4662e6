"""``club_season.xlsx``: a club's season: players, games, ratings after each event, standings.

The builder lays out seven sheets (Players, Games, Ratings, Standings, Chart, Crosstable,
Player card) where :mod:`xlrating.workbook.season.layout` says;
:mod:`xlrating.workbook.season.book` imports events into a built book.  Every season
array covers its tables' whole room (a row per Players row, a column per event column,
a cell per Games row) and the functions pad it with blanks, so a player, game or event
typed in shows at once in every table, with nothing to re-enter; every call passes skip
TRUE and the tables' first rows, so a row being typed is left out (the Games sheet's
Status column says why) and never shows an error elsewhere.  The Ratings sheet is one
SEASON_RATINGS call (a dynamic array, written with the values it gives for the season
typed in) with the season's one line above it (SEASON_CHECK); the Standings sheet is one
SEASON_STANDINGS call; the Crosstable sheet is one EVENT_CROSSTABLE call; the Player card
reads the Ratings and Games sheets; the charts read SEASON_CHART's lines.  Standings,
Crosstable and Player card follow the latest event and the first player while their
selector is blank.  Two templates: the sample club (``club_season.xlsx``) and the empty
season (``club_season_empty.xlsx``, what ``xlrating new-season`` writes).
No formula looks text up inside a table result (LibreOffice never finds it there): rows
and columns are found with SUMPRODUCT(EXACT(...)) and read with INDEX.  The sample
season and the checks are in :mod:`.club_sample`.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Final

from ...rating._check import show
from ...sheet.catalog import FUNCTIONS
from ..lint.formulas import formula_problems, with_prefixes
from ..season.layout import (
    CARD_SHEET,
    CHART_SHEET,
    CLUB_BYE,
    CLUB_CHART_LINES,
    CLUB_EVENT_COLUMNS,
    CLUB_FIDE_ID_DIGITS,
    CLUB_GAME_ROWS,
    CLUB_MAX_EVENT_COLUMNS,
    CLUB_MAX_GAME_ROWS,
    CLUB_MAX_PLAYER_ROWS,
    CLUB_PLAYER_ROWS,
    CLUB_RESULTS,
    CLUB_SEASON,
    CLUB_SEASON_EMPTY,
    CLUB_SYSTEMS,
    CLUB_USCF_ID_DIGITS,
    GAMES_FIRST,
    GAMES_SHEET,
    PLAYERS_FIRST,
    PLAYERS_HEADINGS,
    PLAYERS_RECORD,
    PLAYERS_RECORD_PLACEHOLDER,
    PLAYERS_SHEET,
    RATINGS_SHEET,
    ROOM_DEFAULTS,
    STANDINGS_FIRST,
    STANDINGS_SHEET,
    ClubRoom,
)
from .club_pages import (
    TEXT_FORMAT,
    Areas,
    areas,
    card_sheet,
    crosstable_sheet,
    printed,
    season_args,
    shown_event,
    table_array,
    titled,
)
from .club_sample import CLUB_AGREEMENTS, CLUB_CHECKS, CLUB_GAMES, CLUB_PLAYERS
from .pages import HEADER_CHARS, header_length, page_header
from .registry import Built, build_template, how_to_use_sheet, template
from .writer import (
    CHANGE_FORMAT,
    DATE_FORMAT,
    RATING_FORMAT,
    SUBTITLE,
    WHOLE_CHANGE_FORMAT,
    Book,
    Expr,
    Ref,
    Sheet,
    TemplateError,
    absolute,
    as_cell,
    as_table,
    call_text,
    cell_at,
    cell_index,
    choice_validation,
    date_validation,
    length_validation,
    member_id_validation,
    number_validation,
    range_validation,
    rating_validation,
)

__all__ = ["RATINGS_EVENT_WIDTH", "build_club_season"]

#: The width (characters) of the Ratings sheet's event columns: a whole rating's four
#: digits and a little room (the event's name reads upwards in the header).
RATINGS_EVENT_WIDTH: Final = 7
#: The Chart sheet: one wide column holding the chart (pixels: width, height) and its
#: notes, one landscape page wide.
CHART_WIDTH: Final = 120
CHART_PIXELS: Final = (820, 420)


def _room(key: str, value: object, needed: int, standard: int, most: int) -> int:
    if value is None:
        return max(standard, needed)
    low = max(needed, 1)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= most:
        raise TemplateError(
            f"club_season.xlsx: {key} must be a whole number from {low} to {most} "
            f"(the table holds {needed}), got {show(value)}"
        )
    return value


def _club_room(v: Mapping[str, object]) -> ClubRoom:
    """The room the inputs ask for (``player_rows``, ``game_rows``, ``event_columns``).

    >>> _club_room({"players": [["A", 1500]], "games": [], "game_rows": 5000})
    ClubRoom(players=40, games=5000, events=16)
    """
    players, games = as_table(v.get("players")), as_table(v.get("games"))
    events = {str(row[0]).strip() for row in games if row and row[0] not in (None, "")}
    return ClubRoom(
        _room(
            "player_rows",
            v.get("player_rows"),
            len(players),
            CLUB_PLAYER_ROWS,
            CLUB_MAX_PLAYER_ROWS,
        ),
        _room("game_rows", v.get("game_rows"), len(games), CLUB_GAME_ROWS, CLUB_MAX_GAME_ROWS),
        _room(
            "event_columns",
            v.get("event_columns"),
            len(events),
            CLUB_EVENT_COLUMNS,
            CLUB_MAX_EVENT_COLUMNS,
        ),
    )


def _season_grids(
    v: Mapping[str, object], room: ClubRoom
) -> tuple[list[list[object]], list[list[object]]]:
    """The Players and Games tables as the functions get them (blank rows included)."""

    def grid(rows: object, height: int, width: int) -> list[list[object]]:
        out = [[as_cell(x) for x in row] + [None] * (width - len(row)) for row in as_table(rows)]
        return out + [[None] * width for _ in range(height - len(out))]

    return grid(v["players"], room.players, len(PLAYERS_HEADINGS)), grid(v["games"], room.games, 6)


def build_club_season(
    path: str | Path,
    players: Sequence[Sequence[object]],
    games: Sequence[Sequence[object]],
    *,
    system: str = "uscf",
    k: float = 20,
    event: str | None = None,
    player_rows: int | None = None,
    game_rows: int | None = None,
    event_columns: int | None = None,
    club: str = "",
    card_player: str | None = None,
    lint: bool = True,
) -> Built:
    """Build ``club_season.xlsx`` at *path* holding *players* and *games*.

    :param players: rows of name, rating, rated games, floor, age, US Chess ID, FIDE ID (as
        the Players sheet; the last ones may be left out).
    :param games: rows of event, date, round, White, Black, result (as the Games sheet).
    :param system: the rating system chosen on the Ratings sheet.
    :param k: the K-factor cell (used by the elo system only).
    :param event: the event the Standings sheet shows; None: the last event listed.
    :param player_rows: rows in the Players table (and the Ratings and Standings sheets);
        None: 40, or as many as *players* if more.
    :param game_rows: rows in the Games table; None: 600, or as many as *games* if more.
    :param event_columns: event columns the Ratings and Standings sheets read; None: 16,
        or as many as the events if more.
    :param club: the club's name: it titles every sheet and heads every printed page.
    :param card_player: the player the Player card shows (None: the first listed; "": the
        first listed, followed as the Players table changes).
    :param lint: lint the new file before it replaces *path*.
    :raises TemplateError: if a table does not fit the room asked for.
    """
    listed = [str(row[0]) for row in games if row and row[0] not in (None, "")]
    inputs: dict[str, object] = {
        "players": [list(row) for row in players],
        "games": [list(row) for row in games],
        "system": system,
        "k": k,
        "event": event if event is not None else (listed[-1] if listed else ""),
        "player_rows": player_rows,
        "game_rows": game_rows,
        "event_columns": event_columns,
        "club": club,
        "card_player": card_player,
    }
    return build_template("club_season.xlsx", path, inputs, lint=lint)


@template(
    CLUB_SEASON,
    "Club season ratings",
    defaults={
        "players": [list(p) for p in CLUB_PLAYERS],
        "games": [list(g) for g in CLUB_GAMES],
        "system": "uscf",
        "k": 20,
        "event": "December Swiss",
    },
    sample={
        "players": [list(p) for p in CLUB_PLAYERS],
        "games": [list(g) for g in CLUB_GAMES],
        "system": "uscf",
        "k": 20,
        "event": "December Swiss",
    },
    checks=CLUB_CHECKS,
    agreements=CLUB_AGREEMENTS,
    summary=("start", "ratings", "final"),
    options={**ROOM_DEFAULTS, "club": "", "card_player": None},
)
def _club_season(book: Book, v: Mapping[str, object]) -> None:
    """The club season: Players, Games, Ratings, Standings, Chart and How to use."""
    room = _club_room(v)
    players_grid, games_grid = _season_grids(v, room)
    a = areas(room)
    club = str(v.get("club") or "").strip()
    if club:  # the page header of every sheet names the club
        _check_header(club)
        book.title = club
    _players_sheet(book, v, a)
    _games_sheet(book, v, a, (players_grid, games_grid))
    _ratings_sheet(book, v, a, players_grid, games_grid)
    _standings_sheet(book, v, a, players_grid, games_grid)
    _chart_sheet(book, v, a)
    crosstable_sheet(book, v, a, players_grid, games_grid)
    card_sheet(book, v, a, players_grid, games_grid)
    _club_how_to(book)


def _check_header(club: str) -> None:
    """Refuse (one line) a club's name too long for the page header it heads (Excel's
    :data:`HEADER_CHARS`; XlsxWriter would write the sheets without a header)."""
    if header_length(page_header(club)) <= HEADER_CHARS:
        return
    most = HEADER_CHARS - header_length(page_header("-")) + 1
    doubled = " (an & counts twice)" if "&" in club else ""
    raise TemplateError(
        f"club must be a name of at most {most} characters{doubled}: it heads every printed "
        f"page, whose header holds {HEADER_CHARS} (Excel's limit); got "
        f"{header_length(club.replace('&', '&&')):,} characters"
    )


# The empty season: the same book with no player and no game, its Standings, Crosstable
# and Player card following the latest event and the first player (xlrating new-season
# writes it with a club's name and room; shipped for those who start from the file).
_EMPTY: Final[dict[str, object]] = {
    "players": [],
    "games": [],
    "system": "uscf",
    "k": 20,
    "event": "",
}
template(
    CLUB_SEASON_EMPTY,
    "Club season ratings (empty)",
    defaults=_EMPTY,
    sample=_EMPTY,
    checks=CLUB_CHECKS,
    agreements=CLUB_AGREEMENTS,
    summary=(),  # no season to print (xlrating demo)
    options={**ROOM_DEFAULTS, "club": "", "card_player": ""},
)(_club_season)


def _players_sheet(book: Book, v: Mapping[str, object], a: Areas) -> None:
    """The Players sheet: the table of members, and the BYE row the Games sheet offers."""
    room, top, bye_row = a.room, a.top, a.bye_row
    p = book.sheet(PLAYERS_SHEET)
    p.widths(A=28, B=12, C=12, D=12, E=10, F=13, G=12, H=3, I=70)
    p.title(titled(v, "Club members"), SUBTITLE)
    # Where the starting ratings came from (xlrating ratings --list writes its line here).
    p.write(PLAYERS_RECORD, PLAYERS_RECORD_PLACEHOLDER, "note")
    for col, text in enumerate(PLAYERS_HEADINGS):
        p.write(cell_at(top - 2, col), text, "header")
    p.input_table(
        "players",
        f"A{top}",
        as_table(v["players"]),
        room.players,
        [
            (
                length_validation(
                    1, 60, "Name", "The player's name (unique), as the Games sheet spells it."
                ),
                TEXT_FORMAT,
            ),
            (
                rating_validation(
                    "Rating", "The rating at the start of the season; blank if unrated."
                ),
                None,
            ),
            (
                number_validation(
                    0,
                    100000,
                    "Rated games",
                    "Rated games the rating rests on (0 or blank if unrated). Blank with a "
                    "rating: established, count not known.",
                    whole=True,
                ),
                None,
            ),
            (
                rating_validation("Floor", "The player's rating floor (US Chess); blank: none."),
                None,
            ),
            (
                number_validation(
                    0, 130, "Age", "Age in years, for an unrated player's first US Chess rating."
                ),
                None,
            ),
            (
                member_id_validation(
                    f"F{top}",
                    CLUB_USCF_ID_DIGITS,
                    PLAYERS_HEADINGS[5],
                    "The US Chess member ID (8 digits), if any: xlrating import matches the "
                    "player by it before the name, xlrating ratings --list fills the rating.",
                ),
                None,
            ),
            (
                member_id_validation(
                    f"G{top}",
                    CLUB_FIDE_ID_DIGITS,
                    PLAYERS_HEADINGS[6],
                    "The FIDE ID, if any: xlrating import matches the player by it before "
                    "the name, xlrating ratings --list fills the rating.",
                ),
                None,
            ),
        ],
        "Players",
    )
    p.write(f"A{bye_row}", CLUB_BYE, "constant")
    p.write(f"B{bye_row}", "<- not a player: for byes (Games, Black)", "note")
    notes = [
        "A blank rating means unrated: give a junior's age (US Chess starts an unrated player "
        "from the age; without one, 1300).",
        "Rated games: how many games the rating rests on; a rating with blank games is an "
        "established rating whose count is not known.",
        "Floor: the player's US Chess rating floor, if any. Rows left blank are skipped.",
        "US Chess ID, FIDE ID: member numbers, if known: an imported player with the same "
        "ID is this member whatever the spelling.",
    ]
    for i, text in enumerate(notes):
        p.write(f"I{top + i}", text, "note")
    column = f"$A${top}:$A${a.last_player}"
    p.formula(
        None,
        f"I{top + len(notes)}",
        f'"Room for "&ROWS({column})&" players, "&(ROWS({column})-COUNTA({column}))&'
        '" free: xlrating import adds rows when an event brings more players, xlrating '
        'resize THIS_FILE.xlsx --player-rows N on demand."',
        "note",
    )
    # Printed: the table's columns (the notes beside it are read on the screen; How to
    # use prints them), down to the last player (xlrating import, resize and recalc keep
    # the print area on the rows in use), not the table's blank rows nor the BYE row.
    p.print_cols = cell_index(a.players.split(":")[1].replace("$", ""))[1]
    p.free_rows.add(top - 3)  # xlrating ratings records the list applied there
    p.print_rows = printed(v, a)[PLAYERS_SHEET] - 1
    p.ws.freeze_panes(top - 1, 1)


def _status_column(
    book: Book,
    g: Sheet,
    v: Mapping[str, object],
    a: Areas,
    grids: tuple[list[list[object]], list[list[object]]],
) -> None:
    """The Games sheet's Status column, beside the table (the functions do not read it):
    one SEASON_GAME_STATUS array, a cell per games row: "rated", or "not rated yet: ..."
    and why (a row being typed, an unknown player), blank for a blank row."""
    first, last = a.first, a.last_game
    g.write(f"G{first - 1}", "Status", "header")
    system = str(v["system"])
    k_value = as_cell(v["k"]) if system == "elo" else None
    k_text = f'IF({RATINGS_SHEET}!$C$5="elo",{RATINGS_SHEET}!$C$6,"")'
    args = {
        "players": Ref(a.players),
        "games": Ref(a.games),
        "system": Ref(f"{RATINGS_SHEET}!$C$5"),
        "k": Expr(k_text, k_value),
        "players_first_row": Expr(a.players_row, float(PLAYERS_FIRST)),
        "games_first_row": Expr(a.games_row, float(GAMES_FIRST)),
    }
    text = with_prefixes(call_text("SEASON_GAME_STATUS", args))
    problems = formula_problems(text, array=True)
    if problems:
        raise TemplateError(f"{GAMES_SHEET}!G{first} ={text}: {problems[0]}")
    column = FUNCTIONS["SEASON_GAME_STATUS"](
        *grids, system, k_value, float(PLAYERS_FIRST), float(GAMES_FIRST)
    )
    if not isinstance(column, list) or len(column) != a.room.games:
        raise TemplateError(f"club_season.xlsx: SEASON_GAME_STATUS gives {column!r}")
    cells = [row[0] if isinstance(row, list) else row for row in column]
    fmt = book.fmt("output")
    g.ws.write_dynamic_array_formula(f"G{first}:G{last}", "=" + text, fmt, cells[0])
    for i, value in enumerate(cells[1:], start=first):
        g.ws.write_string(i, 6, str(value), fmt)
    g.ws.conditional_format(
        f"G{first}:G{last}",
        {
            "type": "text",
            "criteria": "begins with",
            "value": "not rated",
            "format": book.fmt("fail"),
        },
    )
    book.record("status", GAMES_SHEET, f"$G${first}:$G${last}", "Status")


def _games_sheet(
    book: Book,
    v: Mapping[str, object],
    a: Areas,
    grids: tuple[list[list[object]], list[list[object]]],
) -> None:
    """The Games sheet: one row per game or bye."""
    room, top, bye_row, names = a.room, a.top, a.bye_row, a.names
    g = book.sheet(GAMES_SHEET)
    g.widths(A=22, B=12, C=8, D=24, E=24, F=9, G=40, H=3, I=70)
    g.title(titled(v, "Games of the season"), SUBTITLE)
    first = a.first
    headers = ["Event", "Date", "Round", "White", "Black", "Result"]
    for col, text in enumerate(headers):
        g.write(cell_at(first - 2, col), text, "header")
    g.input_table(
        "games",
        f"A{first}",
        as_table(v["games"]),
        room.games,
        [
            (
                length_validation(
                    1, 100, "Event", "The event's name: the same on every row of the event."
                ),
                TEXT_FORMAT,
            ),
            (
                date_validation(
                    dt.date(2000, 1, 1),
                    "Date",
                    "The event's date (the same on every row): events are rated in date order.",
                ),
                DATE_FORMAT,
            ),
            (number_validation(1, 99, "Round", "The round number.", whole=True), None),
            (
                range_validation(
                    names,
                    "White",
                    "A name from the Players sheet (for a bye: the player who has it).",
                    "Choose a player listed on the Players sheet.",
                ),
                TEXT_FORMAT,
            ),
            (
                range_validation(
                    f"{PLAYERS_SHEET}!$A${top}:$A${bye_row}",
                    "Black",
                    f"A name from the Players sheet, or {CLUB_BYE} for a bye.",
                    f"Choose a player listed on the Players sheet, or {CLUB_BYE}.",
                ),
                TEXT_FORMAT,
            ),
            (
                choice_validation(
                    CLUB_RESULTS,
                    "Result",
                    "From White's side: 1-0, 0-1, ½-½; forfeits +- (White wins) and -+. "
                    "A bye (BYE in Black): +- a full point, ½-½ half a point, -+ none.",
                ),
                TEXT_FORMAT,
            ),
        ],
        "Games",
    )
    for i, text in enumerate(
        [
            "One row per game or bye. Result from White's side: 1-0, 0-1, ½-½; a forfeit is "
            "+- (White wins) or -+ and is not rated.",
            f"A bye: {CLUB_BYE} in Black and its points as the result: +- a full point, ½-½ half "
            "a point, -+ none (byes are not rated).",
            "The Result column is formatted as text, so that Excel keeps 1-0 and +- as typed "
            "(in a cell formatted General it reads 1-0 as a date and +- as a formula).",
        ]
    ):
        g.write(f"I{first + i}", text, "note")
    # The room, counted by a formula: true after xlrating import or resize grows the table.
    column = f"$A${first}:$A${a.last_game}"
    free = f"(ROWS({column})-COUNTA({column}))"
    g.formula(
        None,
        f"I{first + 3}",
        f'IF({free}<=0,"The Games table is full: xlrating resize THIS_FILE.xlsx --game-rows "'
        f'&(ROWS({column})+{CLUB_GAME_ROWS})&" makes room for more rows.",'
        f'"Room for "&ROWS({column})&" rows, "&{free}&'
        '" free. Add an event with xlrating import FILE --into THIS_FILE.xlsx (FIDE TRF or '
        'US Chess crosstable): the table grows when the event needs more rows.")',
        "note",
    )
    _status_column(book, g, v, a, grids)
    # Printed: the table and its Status column (which rows are not rated) down to the
    # last row in use (xlrating import, resize and recalc keep the print area on the rows
    # in use), not the table's blank rows nor the notes beside it.
    g.print_cols = 6
    g.print_rows = printed(v, a)[GAMES_SHEET] - 1
    g.ws.freeze_panes(first - 1, 0)


def _ratings_sheet(
    book: Book,
    v: Mapping[str, object],
    a: Areas,
    players_grid: list[list[object]],
    games_grid: list[list[object]],
) -> tuple[int, int]:
    """The Ratings sheet: the settings, the SEASON_RATINGS table and the Start and Final
    columns; returns the height and width of the table."""
    room = a.room
    r = book.sheet(RATINGS_SHEET)
    # Narrow event columns (a rating has four digits; the event's name wraps in the
    # header): sixteen of them, Start and Final fit a landscape page at 8 points or more.
    r.widths(A=24)
    r.ws.set_column(1, room.events, RATINGS_EVENT_WIDTH)
    r.ws.set_column(room.events + 1, room.events + 2, RATINGS_EVENT_WIDTH + 1)
    r.title(titled(v, "Ratings after each event of the season"), SUBTITLE)
    r.section("A4", "Settings", 3)
    r.input(
        "system",
        "C5",
        "Rating system",
        v["system"],
        choice_validation(
            CLUB_SYSTEMS,
            "Rating system",
            "uscf: US Chess, each event in five steps. fide: each event as a rating period. "
            "elo: plain Elo with the K below. glicko2: Glicko-2.",
        ),
        label_ref="A5",
    )
    r.input(
        "k",
        "C6",
        "K-factor (elo only)",
        v["k"],
        number_validation(1, 100, "K-factor", "Used by the elo system only."),
        label_ref="A6",
    )
    for i, text in enumerate(
        [
            "uscf: each event rated as US Chess does (all five steps), with the ratings and "
            "game counts the previous event left; floors and ages as typed.",
            "fide: each event is its own rating period (its date picks the rules); newcomers' "
            "games are pooled until they earn a first rating.",
            "elo: plain Elo with the K-factor above; an unrated player starts at 1500. "
            "glicko2: Glicko-2, everyone starting with RD 350. Events are rated in date "
            "order; a blank cell: the player is (still) unrated.",
        ]
    ):
        r.write(f"A{7 + i}", text, "note")
    r.formula("room", "A10", _room_line(a), "note")
    # One line: every game row rated, or how many are not yet and the first reason (the
    # Games sheet's Status column says it beside each row).
    r.formula("season_check", "A11", _season_check(a, "$C$5", "$C$6"), "headline")
    height, width = _ratings_table(book, v, a, r, players_grid, games_grid)
    _start_and_final(book, v, a, r, (players_grid, games_grid))
    _chart_lines(book, v, a, r)
    return height, width


def _season_check(a: Areas, system: str, k: str) -> str:
    """The SEASON_CHECK call over the season's tables, with the Ratings sheet's system and
    K (at *system* and *k*): every game row rated, or how many are not yet and the first
    reason (the Games sheet's Status column says it beside each row)."""
    return call_text(
        "SEASON_CHECK",
        {
            "players": Ref(a.players),
            "games": Ref(a.games),
            "system": Ref(system),
            "k": Expr(f'IF({system}="elo",{k},"")', None),
            "players_first_row": Expr(a.players_row, float(PLAYERS_FIRST)),
            "games_first_row": Expr(a.games_row, float(GAMES_FIRST)),
        },
    )


def _room_line(a: Areas) -> str:
    """The Ratings sheet's line on the room left: the players rows free, or that the
    Players table has outgrown the season's arrays (rows inserted in the spreadsheet) or
    is full, and the xlrating resize that grows it.  (Events past the event columns: the
    last column's header says so, from SEASON_RATINGS.)"""
    names = a.names
    shown = f"$A${a.data_first}:$A${a.data_last}"
    rows, free = f"ROWS({names})", f"(ROWS({names})-COUNTA({names}))"
    events = f"COLUMNS({a.event_room.split('!')[1]})"
    grow = "xlrating resize THIS_FILE.xlsx --player-rows "
    return (
        f'IF({rows}>ROWS({shown}),"The Players table has "&{rows}&" rows, the tables here '
        f'show "&ROWS({shown})&": run {grow}"&{rows}&" to show them all",'
        f'IF({free}<=0,"The Players table is full: {grow}"&({rows}+{CLUB_PLAYER_ROWS})&'
        '" makes room for more players",'
        f'"Room for "&{rows}&" players ("&{free}&" free) and "&{events}&" events: '
        'xlrating resize grows it."))'
    )


def _ratings_table(
    book: Book,
    v: Mapping[str, object],
    a: Areas,
    r: Sheet,
    players_grid: list[list[object]],
    games_grid: list[list[object]],
) -> tuple[int, int]:
    """The SEASON_RATINGS array formula over the table's whole room (a row per players
    row, a column per event column: the function pads with blanks, so a player or event
    typed in appears at once), written with the values it gives for the season typed in;
    returns the height and width of the table."""
    room, head = a.room, a.head
    r.section(f"A{head - 1}", "Ratings after each event (SEASON_RATINGS)", 3 + room.events)
    r.repeat = (head - 1, head - 1)
    r.set_height(head - 1, 84)  # an event's name reads upwards in its narrow column
    system = str(v["system"])
    k_value = as_cell(v["k"]) if system == "elo" else None
    # SEASON_RATINGS refuses a K for the other systems; the event columns are counted over
    # the section row above the header, which xlrating resize --event-columns widens.
    args = season_args(
        a,
        system=Ref("$C$5"),
        k=Expr('IF($C$5="elo",$C$6,"")', k_value),
        columns=Expr(f"COLUMNS({a.event_room.split('!')[1]})", room.events),
    )
    text = with_prefixes(call_text("SEASON_RATINGS", args))
    problems = formula_problems(text, array=True)
    if problems:
        raise TemplateError(f"{RATINGS_SHEET}!A{head} ={text}: {problems[0]}")
    table = FUNCTIONS["SEASON_RATINGS"](
        players_grid,
        games_grid,
        system,
        k_value,
        float(room.events),
        True,
        float(PLAYERS_FIRST),
        float(GAMES_FIRST),
    )
    if not isinstance(table, list) or not table:
        raise TemplateError(f"club_season.xlsx: the season typed in gives {table!r}")
    rows = [list(row) for row in table]
    height, width = len(rows), len(rows[0])
    if (height, width) != (room.players + 1, room.events + 1):
        raise TemplateError(
            f"club_season.xlsx: SEASON_RATINGS gives {height} rows and {width} columns for "
            f"a table of {room.players + 1} and {room.events + 1}"
        )
    area = f"A{head}:{cell_at(head - 1 + height - 1, width - 1)}"
    rating_fmt = book.fmt("output", RATING_FORMAT)
    header_fmt, event_fmt = book.fmt("header"), book.fmt("header_up")
    name_fmt = book.fmt("output")
    # The table holds what the function gives for the season typed in (the cached values a
    # viewer shows before any recalculation).
    r.ws.write_dynamic_array_formula(area, "=" + text, header_fmt, rows[0][0])
    for i in range(height):
        for j in range(width):
            row, col = head - 1 + i, j
            cell_format = (
                (event_fmt if j else header_fmt) if i == 0 else name_fmt if j == 0 else rating_fmt
            )
            value = rows[i][j]
            if (i, j) == (0, 0):
                continue
            if value is None or value == "":
                r.ws.write_blank(row, col, None, cell_format)
            elif isinstance(value, str):
                r.ws.write_string(row, col, value, cell_format)
            else:
                r.ws.write_number(row, col, float(value), cell_format)
    book.record("ratings", RATINGS_SHEET, absolute(area), "Ratings after each event")
    # The names column with its header (a range of the Players table's height on the
    # Checks sheet would make xlrating resize take it for rows that follow the players).
    book.record("ratings_names", RATINGS_SHEET, f"$A${a.head}:$A${a.data_last}")
    book.formats["ratings"] = RATING_FORMAT
    return height, width


def _start_and_final(
    book: Book,
    v: Mapping[str, object],
    a: Areas,
    r: Sheet,
    grids: tuple[list[list[object]], list[list[object]]],
) -> None:
    """The Start and Final columns right of the ratings table's room: one SEASON_START_FINAL
    array over the same tables as SEASON_RATINGS (the season is rated once), its header
    on the table's header row and one row per players row."""
    room, head = a.room, a.head
    start_col, final_col = a.event_last + 1, a.event_last + 2
    start, final = cell_at(0, start_col)[:-1], cell_at(0, final_col)[:-1]
    system = str(v["system"])
    k_value = as_cell(v["k"]) if system == "elo" else None
    args = season_args(a, system=Ref("$C$5"), k=Expr('IF($C$5="elo",$C$6,"")', k_value))
    text = with_prefixes(call_text("SEASON_START_FINAL", args))
    problems = formula_problems(text, array=True)
    if problems:
        raise TemplateError(f"{RATINGS_SHEET}!{start}{head} ={text}: {problems[0]}")
    table = FUNCTIONS["SEASON_START_FINAL"](
        *grids, system, k_value, True, float(PLAYERS_FIRST), float(GAMES_FIRST)
    )
    if not isinstance(table, list) or len(table) != room.players + 1:
        raise TemplateError(f"club_season.xlsx: the season typed in gives {table!r}")
    header_fmt, rating_fmt = book.fmt("header"), book.fmt("output", RATING_FORMAT)
    area = f"{start}{head}:{final}{head + room.players}"
    # The cells hold what the function gives for the season typed in (cached values).
    r.ws.write_dynamic_array_formula(area, "=" + text, header_fmt, table[0][0])
    for i, row in enumerate(table):
        for j, value in enumerate(row):
            if (i, j) == (0, 0):
                continue
            cell_format = header_fmt if i == 0 else rating_fmt
            if isinstance(value, str):
                r.ws.write_string(head - 1 + i, start_col + j, value, cell_format)
            else:
                r.ws.write_number(head - 1 + i, start_col + j, float(value), cell_format)
    last = head + room.players
    book.record("start", RATINGS_SHEET, f"${start}${head}:${start}${last}", "Start rating")
    book.record("final", RATINGS_SHEET, f"${final}${head}:${final}${last}", "Final rating")
    book.formats["start"] = book.formats["final"] = RATING_FORMAT
    r.ws.freeze_panes(head, 1)


def _standings_sheet(
    book: Book,
    v: Mapping[str, object],
    a: Areas,
    players_grid: list[list[object]],
    games_grid: list[list[object]],
) -> None:
    """The Standings sheet: one event's players, rounds, points, rank and rating change
    (one SEASON_STANDINGS call).
    """
    room, first, last_game, spill_events = a.room, a.first, a.last_game, a.spill_events
    st = book.sheet(STANDINGS_SHEET)
    st.widths(A=26, B=16, C=8, D=6, E=10, F=10, G=10, H=10, I=9, J=3, K=70)
    st.title(titled(v, "Standings of one event"), SUBTITLE)
    st.input(
        "event",
        "B4",
        "Event",
        v["event"] or None,  # blank: the latest event
        range_validation(
            spill_events,
            "Event",
            "Choose an event of the season (the Ratings sheet lists them); blank: the "
            "latest event.",
            "Choose an event listed on the Ratings sheet.",
        ),
    )
    # The event shown: the one chosen, or the latest while B4 is blank.
    st.formula("event_shown", "C4", shown_event(a, "$B$4"), "output")
    ev_games = f"{GAMES_SHEET}!$A${first}:$A${last_game}"
    st.formula(
        "event_rounds",
        "B5",
        f"SUMPRODUCT(MAX(({ev_games}=$C$4)*{GAMES_SHEET}!$C${first}:$C${last_game}))",
        "output",
        "0",
        "Rounds",
    )
    sfirst, slast = STANDINGS_FIRST, STANDINGS_FIRST + room.players - 1
    st.formula(
        "event_players", "B6", f'COUNTIF($B${sfirst}:$B${slast},">0")', "output", "0", "Players"
    )
    # Position of the event in the Ratings table, found with EXACT (names are
    # case-sensitive, as the functions read them): LibreOffice's MATCH never finds the text
    # inside an add-in's table result (docs/libreoffice.md), EXACT does.
    head_col = spill_events.split(":")[0]
    st.write("A7", "Event number", "label")
    st.formula(
        "event_number",
        "B7",
        f"SUMPRODUCT(EXACT({spill_events},$C$4)*(COLUMN({spill_events})-COLUMN({head_col})+1))",
        "output",
        "0",
        "Event number",
    )
    # The table: one SEASON_STANDINGS call (rounds, points, rank and the ratings before and
    # after, as SEASON_RATINGS rates the season with the Ratings sheet's system and K).
    system = str(v["system"])
    k_text = f'IF({RATINGS_SHEET}!$C$5="elo",{RATINGS_SHEET}!$C$6,"")'
    k_value = as_cell(v["k"]) if system == "elo" else None
    args = season_args(
        a,
        event=Ref("$B$4"),
        system=Ref(f"{RATINGS_SHEET}!$C$5"),
        k=Expr(k_text, k_value),
        order="rank",  # the wall's order (SORT does not exist in Excel 2016)
    )
    values = (
        players_grid,
        games_grid,
        v["event"] or None,
        system,
        k_value,
        True,
        float(PLAYERS_FIRST),
        float(GAMES_FIRST),
        "rank",
    )
    area = table_array(
        book,
        st,
        sfirst - 1,
        ("SEASON_STANDINGS", args, values),
        room.players,
        [None, "0", "0.0", "0", RATING_FORMAT, RATING_FORMAT, CHANGE_FORMAT, "0"],
    )
    # On every printed page: the event shown, its rounds and players, the header row.
    st.repeat = (3, sfirst - 2)
    st.set_height(sfirst - 2, 30)  # two lines: Rating before
    book.record("standings", STANDINGS_SHEET, absolute(area), "Standings")
    for key, letter, label, fmt in [
        ("standings_player", "A", "Player", "General"),
        ("rounds", "B", "Rounds", "0"),
        ("points", "C", "Points", "0.0"),
        ("rank", "D", "Rank", "0"),
        ("rating_before", "E", "Rating before", RATING_FORMAT),
        ("new_rating", "F", "New rating", RATING_FORMAT),
        ("change", "G", "Change", CHANGE_FORMAT),
    ]:
        book.record(key, STANDINGS_SHEET, f"${letter}${sfirst}:${letter}${slast}", label)
        book.formats[key] = fmt
    _shown_change(book, st, (sfirst, slast))
    # Printed: the table down to the last player listed, without its helper columns
    # (the unrounded change, the Ratings row: hidden) nor the notes beside it.
    st.ws.set_column(6, 7, 10, None, {"hidden": True})
    st.print_cols = 8
    st.print_rows = printed(v, a)[STANDINGS_SHEET] - 1
    for i, text in enumerate(
        [
            "Points count byes and forfeits. Rounds: the rounds the player appears in (games, "
            "forfeits and byes). Rank: players with more points, plus one. Listed by rank; "
            "the members without a game in the event after them.",
            "Rating before: the rating the event started from (Start on the Ratings sheet for "
            "the first event); New rating: after the event, with the system chosen there. "
            "Change: the difference of the two as shown (whole numbers); the unrounded "
            "change and the Ratings row (the player's row in the Ratings sheet's table) are "
            "in the hidden columns G and H.",
            "Points add up the results as the Ratings sheet reads them (1-0, 0-1, ½-½ and the "
            "other spellings it accepts, forfeits +- and -+). The table is one "
            "SEASON_STANDINGS call over the Players and Games tables.",
        ]
    ):
        st.write(f"K{sfirst + i}", text, "note")
    st.ws.freeze_panes(sfirst - 1, 1)


def _shown_change(book: Book, st: Sheet, rows: tuple[int, int]) -> None:
    """The Standings sheet's Change column as printed: the difference of the ratings as
    they are shown (whole numbers, as US Chess and FIDE publish them), so that a change
    never reads -6 beside ratings 6 apart by one; the unrounded change stays in the
    table's own Change column (hidden).  One array formula beside the table, which grows
    with it (xlrating resize adds no formula cell); without the add-in LibreOffice
    computes it again from the table's #NAME? cells, and shows it blank."""
    first, last = rows
    before, after = f"$E${first}:$E${last}", f"$F${first}:$F${last}"
    text = f'IF(ISNUMBER({before})*ISNUMBER({after}),ROUND({after},0)-ROUND({before},0),"")'
    problems = formula_problems(text, array=True)
    if problems:
        raise TemplateError(f"{STANDINGS_SHEET}!I{first} ={text}: {problems[0]}")
    st.write(f"I{first - 1}", "Change", "header")
    fmt = book.fmt("output", WHOLE_CHANGE_FORMAT)
    # The cached values are computed when the template is finished (xlrating recalc).
    st.ws.write_dynamic_array_formula(f"I{first}:I{last}", "=" + text, fmt, "")
    for i in range(first, last):
        st.ws.write_blank(i, 8, None, fmt)
    book.record("shown_change", STANDINGS_SHEET, f"$I${first}:$I${last}", "Change")
    book.formats["shown_change"] = WHOLE_CHANGE_FORMAT


def _chart_lines(book: Book, v: Mapping[str, object], a: Areas, r: Sheet) -> None:
    """The chart's lines below the Ratings table: one SEASON_CHART array over the table
    (the Player card's player, then the highest-rated players; each over every event
    column, a missing rating carried from the nearest event).  In the table's columns, so
    that xlrating resize --event-columns widens it with them."""
    room, head = a.room, a.lines_head
    width, lines = 1 + room.events, CLUB_CHART_LINES
    r.section(f"A{head - 1}", "The charts' lines (SEASON_CHART)", width)
    r.set_height(head - 1, 45)  # the events' names wrap in their narrow columns
    r.write(
        f"A{head + lines + 1}",
        "The Chart sheet draws these lines, the Player card the first one (its player): "
        "after a player's last event his line stays at his last rating, before his first "
        "rating it starts at that rating.",
        "note",
    )
    table = a.spill_table.replace(f"$A${a.data_first}:", f"$A${a.head}:").split("!")[1]
    args: dict[str, object] = {
        "ratings": Ref(table),
        "player": Ref(f"'{CARD_SHEET}'!$C$4"),
        "lines": lines,
    }
    text = with_prefixes(call_text("SEASON_CHART", args))
    problems = formula_problems(text, array=True)
    if problems:
        raise TemplateError(f"{RATINGS_SHEET}!A{head} ={text}: {problems[0]}")
    area = f"A{head}:{cell_at(head - 1 + lines, width - 1)}"
    # The cached values are computed when the template is finished (xlrating recalc).
    r.ws.write_dynamic_array_formula(area, "=" + text, book.fmt("header"), "Player")
    for i in range(lines + 1):
        for j in range(width):
            if (i, j) != (0, 0):
                fmt = book.fmt("header") if i == 0 else book.fmt("output", RATING_FORMAT)
                r.ws.write_blank(head - 1 + i, j, None, fmt)
    # A line past the players (named with a space) repeats the last one, for the charts'
    # fixed number of series: its numbers are not shown.
    first, last = head + 1, head + lines
    r.ws.conditional_format(
        f"B{first}:{cell_at(last - 1, width - 1)}",
        # EXACT, not =: LibreOffice's = never matches the text of a table result.
        {"type": "formula", "criteria": f'=EXACT($A{first}," ")', "format": book.fmt("hidden")},
    )
    book.record("chart_lines", RATINGS_SHEET, absolute(area), "The charts' lines")
    # Printed: the settings and the table down to the last player; the lines are the
    # charts' data.
    r.print_rows = printed(v, a)[RATINGS_SHEET] - 1


def _chart_sheet(book: Book, v: Mapping[str, object], a: Areas) -> None:
    """The Chart sheet: the rating through the season of the card's player and the
    highest-rated players (the lines SEASON_CHART gives below the Ratings table: a fixed
    number, each over every event column)."""
    room = a.room
    c = book.sheet(CHART_SHEET)
    c.widths(A=CHART_WIDTH)
    c.title(
        titled(v, "Ratings through the season"),
        "The Player card's player and the highest-rated players: the rating after each event.",
    )
    # The season's one line (SEASON_CHECK, as above the Ratings table): "No games yet"
    # while the chart has nothing to draw.
    c.formula(
        None, "A3", _season_check(a, f"{RATINGS_SHEET}!$C$5", f"{RATINGS_SHEET}!$C$6"), "note"
    )
    chart = book.wb.add_chart({"type": "line"})
    head = a.lines_head  # 1-based: SEASON_CHART's header row
    width = 1 + room.events
    for i in range(1, CLUB_CHART_LINES + 1):
        row = head - 1 + i  # zero-based
        chart.add_series(
            {
                "name": [RATINGS_SHEET, row, 0],
                "categories": [RATINGS_SHEET, head - 1, 1, head - 1, width - 1],
                "values": [RATINGS_SHEET, row, 1, row, width - 1],
                "marker": {"type": "circle", "size": 5},
            }
        )
    chart.set_title({"name": "Ratings after each event"})
    chart.set_x_axis({"name": "Event"})
    chart.set_y_axis({"name": "Rating", "major_gridlines": {"visible": True}})
    # Eight lines at most (CLUB_CHART_LINES), their names below the plot: the legend
    # never takes the plot's room, however many players the season has.
    chart.set_legend({"position": "bottom"})
    chart.set_size({"width": CHART_PIXELS[0], "height": CHART_PIXELS[1]})
    c.ws.insert_chart("A4", chart)
    below = 4 + math.ceil(CHART_PIXELS[1] / 20)  # rows of 20 pixels
    c.reach = (below, 0)
    c.write(
        f"A{below + 1}",
        "The lines are those below the Ratings table (one SEASON_CHART call): after a "
        "player's last event his line stays at his last rating; before his first rating it "
        "starts at that rating.",
        "note",
    )


def _club_how_to(book: Book) -> None:
    """The How to use sheet of the club season."""
    how_to_use_sheet(
        book,
        [
            "A club's season: the players (sheet Players), every game (sheet Games), every "
            "player's rating after each event (sheet Ratings, one SEASON_RATINGS call), the "
            "standings of one event (sheet Standings), a chart of the ratings (sheet Chart), "
            "one event as a crosstable with Buchholz and Sonneborn-Berger (sheet Crosstable, "
            "one EVENT_CROSSTABLE call) and one member's season (sheet Player card).",
            "Start a season of your own with an empty book: xlrating new-season MYCLUB.xlsx "
            '--club "My Chess Club" (--from LAST.xlsx starts from last season\'s players and '
            "their final ratings), or a copy of club_season_empty.xlsx. Then type the members "
            "and the games as they are played: every table grows as you type, with no command.",
            "Players: name, rating at the start of the season (blank if unrated), rated games "
            "(blank with a rating: established, count not known), floor, age (for an unrated "
            "junior), US Chess ID and FIDE ID (if known). Blank rows are skipped; the sheet "
            "says how many rows its table has (xlrating import adds rows when an event needs "
            "them).",
            "xlrating import takes a player of a file for the member with the same ID, "
            "whatever the spelling, else for the member of the same name (ADAMS, ALAN is Alan "
            "Adams); a name whose member has another ID is refused. xlrating ratings "
            "THIS_FILE.xlsx --list FILE fills the starting ratings from a federation's list "
            "by the IDs and says so in the line under the Players sheet's title.",
            "Games: event, date, round, White, Black and the result from White's side (1-0, "
            f"0-1, ½-½, +- or -+ for a forfeit, which is not rated). A bye: {CLUB_BYE} in Black "
            "and its points as the result (+- a full point, ½-½ half a point, -+ none). The "
            "Status column beside the table says rated, or why a row is not rated yet (a row "
            "still being typed, a name not on the Players sheet); the line above the Ratings "
            "table counts those rows and the Checks sheet fails while there is one.",
            "Ratings: choose the system (uscf, fide, elo with its K-factor, glicko2). The "
            "table has a row per Players row and a column per event column, filled as the "
            "season grows (the same fixed range in Excel 2016/2019 and LibreOffice, a spill "
            "of that size in Excel 365): nothing to re-enter. When the season outgrows it "
            "(more players than rows, more events than columns) the line above the table or "
            "the last column's header says so: xlrating resize THIS_FILE.xlsx --player-rows N "
            "--event-columns E grows it, and xlrating import grows it by itself.",
            "Standings, Crosstable and Player card: choose the event or the member in the "
            "yellow cell; left blank, they show the latest event (date order) and the first "
            "player listed. Ratings are shown as whole numbers, as US Chess and FIDE publish "
            "them; the cells hold the unrounded values, and the Standings' change is the "
            "difference of the ratings as shown. The Standings list the players by rank. "
            "Every sheet prints one page wide, with its header rows on each page, down to "
            "the rows in use (the Player card on one page); xlrating import, resize and "
            "recalc set the printed rows again after the tables change, so after typing "
            "players or games run xlrating recalc THIS_FILE.xlsx --in-place before "
            "printing.",
            "Add an event from a FIDE TRF file, a US Chess crosstable or a US Chess API file "
            "(players not yet on the Players sheet are added with their IDs, then the games; "
            "--dry-run shows who matched whom, and how):",
            "    xlrating import FILE --into THIS_FILE.xlsx [--event NAME] [--date YYYY-MM-DD]",
        ],
    )
