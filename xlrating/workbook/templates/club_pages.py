"""The club season's shared addresses (:class:`Areas`) and its two pages for one event
and one member: the Crosstable sheet (``EVENT_CROSSTABLE`` for the event chosen) and the
Player card (a member's rating after every event, a line chart, his games).

:mod:`xlrating.workbook.templates.club_season` builds the other sheets over the same
:class:`Areas`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from ...sheet.catalog import FUNCTIONS, UNRATED
from ..lint.formulas import formula_problems, with_prefixes
from ..season.layout import (
    CARD_SHEET,
    CLUB_CARD_GAMES,
    CLUB_CROSSTABLE_ROUNDS,
    CROSSTABLE_SHEET,
    GAMES_FIRST,
    GAMES_SHEET,
    PLAYERS_FIRST,
    PLAYERS_HEADINGS,
    PLAYERS_SHEET,
    RATINGS_HEADER,
    RATINGS_SHEET,
    STANDINGS_FIRST,
    STANDINGS_SHEET,
    ClubRoom,
)
from ..season.printing import season_print_rows
from .writer import (
    RATING_FORMAT,
    Book,
    Expr,
    Ref,
    Sheet,
    TemplateError,
    absolute,
    as_table,
    call_text,
    cell_at,
    range_validation,
)

__all__ = [
    "NO_PLAYERS",
    "TEXT_FORMAT",
    "UNRATED",
    "Areas",
    "areas",
    "card_games_head",
    "card_sheet",
    "crosstable_rounds",
    "crosstable_sheet",
    "printed",
    "season_args",
    "shown_event",
    "titled",
]

#: Text cells: Excel would read a result typed as 1-0 as the date Jan-00, and +- as the
#: start of a formula; a name such as 1-2 as a date.
TEXT_FORMAT: Final = "@"
#: The header rows of the Crosstable's table and of the Player card's ratings.
CROSSTABLE_HEAD: Final = 9
CARD_HEAD: Final = 9
#: Widths (characters) of the Crosstable's round columns and of its Total, Buchholz and
#: Sonneborn-Berger columns: narrow, so that 12 rounds fit a landscape page at 8 points.
CROSSTABLE_ROUND_WIDTH: Final = 5.5
CROSSTABLE_SCORE_WIDTH: Final = 10


@dataclass(frozen=True, slots=True)
class Areas:
    """The rows and ranges the club season's sheets refer to each other by, for its room."""

    room: ClubRoom
    #: Players: the table's first and last rows, the BYE row below it, the table and names.
    top: int
    last_player: int
    bye_row: int
    players: str
    names: str
    #: Games: the table's first and last rows, and the table.
    first: int
    last_game: int
    games: str
    #: Ratings: the SEASON_RATINGS header row, the player rows, the last event column
    #: (zero-based), and the spilled table's names, events, ratings and the Start column.
    head: int
    data_first: int
    data_last: int
    event_last: int
    spill_names: str
    spill_events: str
    spill_table: str
    starts: str
    #: The sheet rows of the tables' first rows, as the season functions are given them
    #: (their messages then name the row the user sees: "Games row 77"), and the row of
    #: cells above the Ratings header whose width is the event columns' (COLUMNS of it is
    #: what SEASON_RATINGS is asked for; xlrating resize --event-columns grows it).
    players_row: str
    games_row: str
    event_room: str
    #: The header row of the chart's lines (SEASON_CHART), below the Ratings table.
    lines_head: int


def areas(room: ClubRoom) -> Areas:
    top = PLAYERS_FIRST
    last_player = top + room.players - 1
    first = GAMES_FIRST
    last_game = first + room.games - 1
    head = RATINGS_HEADER
    data_first, data_last = head + 1, head + room.players
    event_first = 1  # column B: the names in A, then one column per event
    event_last = event_first + room.events - 1
    start = cell_at(0, event_last + 1)[:-1]  # the Start and Final columns after the room
    return Areas(
        room,
        top,
        last_player,
        last_player + 1,
        f"{PLAYERS_SHEET}!$A${top}:${cell_at(0, len(PLAYERS_HEADINGS) - 1)[:-1]}${last_player}",
        f"{PLAYERS_SHEET}!$A${top}:$A${last_player}",
        first,
        last_game,
        f"{GAMES_SHEET}!$A${first}:$F${last_game}",
        head,
        data_first,
        data_last,
        event_last,
        f"{RATINGS_SHEET}!$A${data_first}:$A${data_last}",
        f"{RATINGS_SHEET}!$B${head}:${cell_at(0, event_last)[:-1]}${head}",
        f"{RATINGS_SHEET}!$A${data_first}:${cell_at(0, event_last)[:-1]}${data_last}",
        f"{RATINGS_SHEET}!${start}${data_first}:${start}${data_last}",
        f"ROW({PLAYERS_SHEET}!$A${top})",
        f"ROW({GAMES_SHEET}!$A${first})",
        f"{RATINGS_SHEET}!$B${head - 1}:${cell_at(0, event_last)[:-1]}${head - 1}",
        data_last + 3,
    )


def card_games_head(a: Areas) -> int:
    """The header row of the Player card's games (PLAYER_GAMES), below his ratings."""
    last_rating = CARD_HEAD + 1 + a.room.events
    return max(last_rating + 2, CARD_HEAD + 17) + 1


def printed(v: Mapping[str, object], a: Areas) -> dict[str, int]:
    """The last row (1-based) each sheet prints for the season typed in
    (:func:`xlrating.workbook.season.printing.season_print_rows`)."""
    tops = {
        RATINGS_SHEET: a.head,
        STANDINGS_SHEET: STANDINGS_FIRST - 1,
        CROSSTABLE_SHEET: CROSSTABLE_HEAD,
        CARD_SHEET: card_games_head(a),
    }
    return season_print_rows(as_table(v["players"]), as_table(v["games"]), tops)


def titled(v: Mapping[str, object], text: str) -> str:
    """A sheet's title, after the club's name when the season has one."""
    club = str(v.get("club") or "").strip()
    return f"{club}: {text}" if club else text


def season_args(a: Areas, **more: object) -> dict[str, object]:
    """The arguments every season function of the template is given: the Players and
    Games tables, skip TRUE (a row being typed is left out and reported on the Games
    sheet's Status column, never an error in another cell) and the tables' first rows."""
    return {
        "players": Ref(a.players),
        "games": Ref(a.games),
        **more,
        "skip": True,
        "players_first_row": Expr(a.players_row, float(PLAYERS_FIRST)),
        "games_first_row": Expr(a.games_row, float(GAMES_FIRST)),
    }


def shown_event(a: Areas, choice: str) -> str:
    """The formula of the event a page shows: the one chosen in *choice*, or the latest
    (date order) while it is blank, or the empty state when there is no game
    (SEASON_EVENT)."""
    return call_text(
        "SEASON_EVENT",
        {
            "games": Ref(a.games),
            "event": Ref(choice),
            "skip": True,
            "games_first_row": Expr(a.games_row, float(GAMES_FIRST)),
        },
    )


def crosstable_rounds(games_grid: list[list[object]]) -> int:
    """Round columns of the Crosstable sheet: the standard room, or the most rounds."""
    rounds = [r[2] for r in games_grid if isinstance(r[2], (int, float)) and r[2] > 0]
    return max([CLUB_CROSSTABLE_ROUNDS, *(int(r) for r in rounds)])


def crosstable_sheet(
    book: Book,
    v: Mapping[str, object],
    a: Areas,
    players_grid: list[list[object]],
    games_grid: list[list[object]],
) -> None:
    """The Crosstable sheet: one event as a wallchart (EVENT_CROSSTABLE), chosen by event."""
    room = a.room
    rounds = crosstable_rounds(games_grid)
    x = book.sheet(CROSSTABLE_SHEET)
    x.widths(A=5, B=22, C=6)
    x.ws.set_column(3, 3 + rounds - 1, CROSSTABLE_ROUND_WIDTH)
    x.ws.set_column(3 + rounds, 3 + rounds + 2, CROSSTABLE_SCORE_WIDTH)
    x.title(
        titled(v, "Crosstable of one event"),
        "Choose the event: EVENT_CROSSTABLE places the players by points, Buchholz and "
        "Sonneborn-Berger; a round shows the opponent's place, the colour and the result.",
    )
    x.input(
        "crosstable_event",
        "B4",
        "Event",
        v["event"] or None,  # blank: the latest event
        range_validation(
            a.spill_events,
            "Event",
            "Choose an event of the season (the Ratings sheet lists them); blank: the "
            "latest event.",
            "Choose an event listed on the Ratings sheet.",
        ),
    )
    # The event shown: the one chosen, or the latest while B4 is blank.
    x.write("A5", "Shows", "label")
    x.formula("crosstable_shown", "B5", shown_event(a, "$B$4"), "output")
    for i, text in enumerate(
        [
            "12w½: a draw with White against the player placed 12th; 12b+ or 12w-: a forfeit "
            "won or lost; bye 1, bye ½, bye 0: a bye and its points; blank: not paired.",
            "Buchholz: the opponents' scores added up. Sonneborn-Berger: the scores of the "
            "opponents beaten, plus half the scores of those drawn (FIDE Handbook C.07).",
            "A bye, forfeit or unpaired round counts as a game against a dummy with the "
            "player's own score (C.07 art. 16.4; capped from March 2026).",
            "Rating: as on the Players sheet (the start of the season).",
        ]
    ):
        x.write(f"D{4 + i}", text, "note")
    head = CROSSTABLE_HEAD
    x.section(f"A{head - 1}", "Crosstable (EVENT_CROSSTABLE)", 6 + rounds)
    args = season_args(a, event=Ref("$B$4"), rounds=rounds)
    values = (
        players_grid,
        games_grid,
        v["event"] or None,
        rounds,
        True,
        float(PLAYERS_FIRST),
        float(GAMES_FIRST),
    )
    area = table_array(
        book,
        x,
        head,
        ("EVENT_CROSSTABLE", args, values),
        room.players,
        ["0", None, RATING_FORMAT] + [None] * rounds + ["0.0", "0.0#", "0.0#"],
    )
    x.ws.set_row(head - 1, 45)  # Buchholz and Sonneborn-Berger wrap in their columns
    x.repeat = (head - 1, head - 1)
    # Printed: a row per player listed (the event chosen may be any of the season's).
    x.print_rows = printed(v, a)[CROSSTABLE_SHEET] - 1
    book.record("crosstable", CROSSTABLE_SHEET, absolute(area), "Crosstable")
    x.ws.freeze_panes(head, 2)


def table_array(
    book: Book,
    sheet: Sheet,
    head: int,
    call: tuple[str, Mapping[str, object], tuple[object, ...]],
    rows: int,
    column_formats: list[str | None],
) -> str:
    """A registry function's table as one dynamic array from column A of row *head* (its
    header row) down *rows* rows, each cell cached with what the function gives for the
    template's own values; returns the area.  *call*: the function's name, its arguments
    as written in the sheet, and the values they hold in the template."""
    name, args, values = call
    text = with_prefixes(call_text(name, args))
    problems = formula_problems(text, array=True)
    if problems:
        raise TemplateError(f"{sheet.name}!A{head} ={text}: {problems[0]}")
    table = FUNCTIONS[name](*values)
    if not isinstance(table, list):
        raise TemplateError(f"club_season.xlsx: {name} gives {table!r} for the template")
    area = f"A{head}:{cell_at(head - 1 + rows, len(column_formats) - 1)}"
    header_fmt = book.fmt("header")
    first = table[0][0] if isinstance(table[0], list) else table[0]
    sheet.ws.write_dynamic_array_formula(area, "=" + text, header_fmt, first)
    for i, row in enumerate(table):
        for j, value in enumerate(row if isinstance(row, list) else [row]):
            if (i, j) == (0, 0):
                continue
            cell_format = header_fmt if i == 0 else book.fmt("output", column_formats[j])
            if isinstance(value, str):
                sheet.ws.write_string(head - 1 + i, j, value, cell_format)
            else:
                sheet.ws.write_number(head - 1 + i, j, float(value), cell_format)
    return area


def card_sheet(
    book: Book,
    v: Mapping[str, object],
    a: Areas,
    players_grid: list[list[object]],
    games_grid: list[list[object]],
) -> None:
    """The Player card sheet: one member's rating after each event (a table and a line
    chart) and his games of the season.
    """
    room, top, last_player = a.room, a.top, a.last_player
    c = book.sheet(CARD_SHEET)
    c.widths(A=22, B=12, C=10, D=24, E=14, F=8, G=8, H=10)
    c.title(
        titled(v, "A player's season"),
        "Choose a member: his rating after every event (from the Ratings sheet) and his games.",
    )
    first = next((str(r[0]) for r in players_grid if r and r[0] not in (None, "")), "")
    chosen = first if v.get("card_player") is None else str(v["card_player"])
    c.input(
        "card_player",
        "B4",
        "Player",
        chosen or None,  # blank: the first player listed
        range_validation(
            a.names,
            "Player",
            "Choose a member (the Players sheet lists them); blank: the first one listed.",
            "Choose a name listed on the Players sheet.",
        ),
    )
    # The player shown: the one chosen, or the first listed while B4 is blank.
    c.formula("card_shown", "C4", card_shown(a), "output")
    names_top = a.spill_names.split(":")[0]
    # EXACT finds the name in the SEASON_RATINGS table (LibreOffice's MATCH does not).
    c.formula(
        "card_row",
        "B5",
        f"SUMPRODUCT(EXACT({a.spill_names},$C$4)*(ROW({a.spill_names})-ROW({names_top})+1))",
        "output",
        "0",
        "Ratings row",
    )
    c.formula(
        "card_events",
        "B6",
        f"SUMPRODUCT((LEN({a.spill_events})>0)*1)",
        "output",
        "0",
        "Events",
    )
    c.write(
        "D5",
        "Ratings row: the player's row in the Ratings sheet's table (0: not rated yet).",
        "note",
    )
    head = CARD_HEAD
    c.section(f"A{head - 1}", "Rating after each event", 2)
    c.write(f"A{head}", "Event", "header")
    c.write(f"B{head}", "Rating", "header")
    ratings_of = f"{PLAYERS_SHEET}!$B${top}:$B${last_player}"
    start_row = head + 1
    c.write(f"A{start_row}", "Start of the season", "label")
    start = f"INDEX({ratings_of},MATCH($C$4,{a.names},0))"
    c.formula(
        None,
        f"B{start_row}",
        f'IFERROR(IF(ISNUMBER({start}),{start},"{UNRATED}"),"")',
        "output",
        RATING_FORMAT,
    )
    # One array of a row per event column: PLAYER_RATINGS reads the SEASON_RATINGS table
    # (its header row names the events) and pads to the rows counted over the empty
    # column C beside it, which xlrating resize --event-columns grows with the array.
    first_event, last_rating = start_row + 1, start_row + room.events
    table = a.spill_table.replace(f"$A${a.data_first}:", f"$A${a.head}:")
    c.array_formula(
        f"A{first_event}:B{last_rating}",
        call_text(
            "PLAYER_RATINGS",
            {
                "ratings": Ref(table),
                "player": Ref("$C$4"),
                "rows": Expr(f"ROWS($C${first_event}:$C${last_rating})", room.events),
            },
        ),
        RATING_FORMAT,
    )
    book.record("card_ratings", CARD_SHEET, f"$B${start_row}:$B${last_rating}", "Ratings")
    book.formats["card_ratings"] = RATING_FORMAT
    chart = book.wb.add_chart({"type": "line"})
    # The line: the card's player's row of the chart's lines below the Ratings table
    # (SEASON_CHART draws him first, over every event column, a missing rating carried
    # from the nearest event, so that the line never drops to 0 where the season has no
    # event yet).
    line = a.lines_head  # zero-based: the row below SEASON_CHART's header
    last = room.events
    chart.add_series(
        {
            "name": [RATINGS_SHEET, line, 0],
            "categories": [RATINGS_SHEET, line - 1, 1, line - 1, last],
            "values": [RATINGS_SHEET, line, 1, line, last],
            "marker": {"type": "circle", "size": 6},
        }
    )
    # A fixed title: LibreOffice shows none read from a cell (the player is in C4).
    chart.set_title({"name": "Rating after each event"})
    chart.set_legend({"none": True})
    chart.set_y_axis({"name": "Rating", "major_gridlines": {"visible": True}})
    chart.set_size({"width": 470, "height": 300})  # within columns D to H
    c.ws.insert_chart(f"D{head}", chart)
    c.reach = (head + 15, 7)
    card_games(book, c, a, games_grid, chosen or first, card_games_head(a) - 1)
    # Printed on one page: down to the most games one player has (whoever is chosen).
    c.one_page = True
    c.print_rows = printed(v, a)[CARD_SHEET] - 1


#: The Player card's text while the Players table lists nobody.
NO_PLAYERS: Final = "No players yet: type them on the Players sheet"


def card_shown(a: Areas) -> str:
    """The formula of the player the card shows: the one chosen in B4, or the first name
    of the Players table while B4 is blank (its position: the table's height plus one,
    less the largest count of rows from a named row to the table's end), or
    :data:`NO_PLAYERS`.  Plain arithmetic over the names (no MATCH with wildcards, no
    array formula), which every program computes alike."""
    names = a.names
    top = names.split(":")[0]
    position = (
        f"ROWS({names})+1-SUMPRODUCT(MAX((LEN({names})>0)*(ROW({top})+ROWS({names})-ROW({names}))))"
    )
    return f'IF(LEN($B$4)>0,$B$4&"",IFERROR(INDEX({names},{position})&"","{NO_PLAYERS}"))'


def card_games(
    book: Book,
    c: Sheet,
    a: Areas,
    games_grid: list[list[object]],
    player: str,
    section_row: int,
) -> None:
    """The player's games of the season (PLAYER_GAMES), in the Games sheet's order:
    one array of :data:`CLUB_CARD_GAMES` rows below its header."""
    c.section(f"A{section_row}", "Games of the season (PLAYER_GAMES)", 6)
    head = section_row + 1
    args: dict[str, object] = {
        "games": Ref(a.games),
        "player": Ref("$C$4"),
        "rows": CLUB_CARD_GAMES,
        "skip": True,
        "games_first_row": Expr(a.games_row, float(GAMES_FIRST)),
    }
    values = (games_grid, player or None, CLUB_CARD_GAMES, True, float(GAMES_FIRST))
    area = table_array(
        book,
        c,
        head,
        ("PLAYER_GAMES", args, values),
        CLUB_CARD_GAMES,
        [None, "0", None, None, None, "0.0"],
    )
    c.repeat = (head - 1, head - 1)
    book.record("card_games", CARD_SHEET, absolute(area), "Games")
