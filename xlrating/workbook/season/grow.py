"""A club season workbook's Players and Games tables and its Ratings sheet's event columns
grown or shrunk (:func:`resize_season`), as Excel inserts rows and columns: the formulas,
validations, formats, print areas and charts that refer to a table follow it.

The rows that follow the Players table (one per player: the Ratings, Standings and
Crosstable rows) grow with it; the Player card's rows (one per event column) grow with
the event columns (:mod:`xlrating.workbook.ooxml.columns` inserts those); the charts' lines
below the Ratings table (SEASON_CHART) are in its event columns and widen with them.
The season's arrays cover their tables' whole room, so growing a table is all a resize
does: nothing is fitted.

The book is one :class:`~xlrating.workbook.ooxml.package.Package`: the rows and columns
are moved in its parts' trees (:class:`~xlrating.workbook.ooxml.rows.RowEditor`), then
:func:`~xlrating.workbook.season.find.write_book` writes the cells, checks the new bytes
with the guard and saves it.  Each size tried (:func:`write_grown`) starts from a fresh
package opened from the guard's inspection of the book.

Split from :mod:`xlrating.workbook.season.book`, which re-exports :func:`resize_season`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from ..ooxml.a1 import address, bounds, column_letters, parse_cell
from ..ooxml.columns import (
    column_areas,
    delete_columns,
    event_room,
    insert_columns,
    keep_text_printed,
)
from ..ooxml.guard import (
    LIMITS,
    Inspection,
    too_many_cells,
    too_many_formulas,
)
from ..ooxml.notes import note_parts
from ..ooxml.package import Package, children, local_name
from ..ooxml.rows import RowEdit, RowEditor, RowsError, SheetPart, formula_ranges
from ..ooxml.xlsx import drop_calc_chain
from .find import (
    FUNCTION,
    Area,
    GrowReport,
    SeasonBookError,
    SeasonLayout,
    check_book,
    events_in,
    grid_of,
    last_used,
    layout_of,
    load_book,
)
from .layout import (
    CARD_SHEET,
    CHECKS_SHEET,
    CLUB_MAX_EVENT_COLUMNS,
    CLUB_MAX_GAME_ROWS,
    CLUB_MAX_PLAYER_ROWS,
)
from .write import Refused, refused, write_book

# ---------------------------------------------------------------- tables that grow


def room_for(needed: int, step: int, most: int) -> int:
    """The rows a table grows to when it must hold *needed*: the next multiple of the
    template's standard room (*step*: 40 players, 600 games), at most *most*."""
    return min(-(-needed // step) * step, most)


def _followers(editor: RowEditor, layout: SeasonLayout, book: str) -> list[tuple[str, int, int]]:
    """The blocks of rows that follow the Players table, one row per player (the Ratings
    and Standings rows): ranges of as many rows as the table, on other sheets, whose rows
    hold formulas."""
    p_sheet, p_ref = layout.players
    g_sheet = layout.games[0]
    first, _, last, _ = bounds(p_ref)
    height = last - first
    found: dict[str, set[tuple[int, int]]] = {}
    for sheet, a, b in editor.ranges():
        # The Player card's rows follow the events (its chart's range can have as many
        # rows as the Players table by chance), never the players; nor do the Checks
        # sheet's (its status reads its rows of checks, as many as the players by chance).
        if b - a != height or sheet.casefold() in (
            p_sheet.casefold(),
            g_sheet.casefold(),
            CARD_SHEET.casefold(),
            CHECKS_SHEET.casefold(),
        ):
            continue
        found.setdefault(sheet, set()).add((a, b))
    for sheet, a, b in _player_arrays(editor, layout):
        found.setdefault(sheet, set()).add((a, b))
    out: list[tuple[str, int, int]] = []
    for sheet, blocks in sorted(found.items()):
        blocks = {(a, b) for a, b in blocks if editor.holds_formulas(sheet, a, b)}
        if len(blocks) > 1:
            shown = ", ".join(f"{a}-{b}" for a, b in sorted(blocks))
            raise SeasonBookError(
                f"{book}: sheet {sheet!r} has two blocks of rows that follow the Players "
                f"table ({shown}): xlrating cannot tell which one to grow"
            )
        out.extend((sheet, a, b) for a, b in blocks)
    return out


def _player_arrays(editor: RowEditor, layout: SeasonLayout) -> list[tuple[str, int, int]]:
    """The array formulas of one row per player (the Crosstable's EVENT_CROSSTABLE): an
    array on another sheet that reads the Players table and has as many rows as it, or
    one more for its header; returns (sheet, first player row, last row) of each (the
    SEASON_RATINGS array too: it covers the room, a row per players row)."""
    p_sheet, p_ref = layout.players
    first, _, last, _ = bounds(p_ref)
    rows = last - first + 1
    out: list[tuple[str, int, int]] = []
    for sheet in editor.sheets.values():
        if sheet.name.casefold() == p_sheet.casefold():
            continue
        for _, text, ref in sheet.arrays():
            reads = {(s.casefold(), a, b) for s, a, b in formula_ranges(text, sheet.name)}
            if (p_sheet.casefold(), first, last) not in reads:
                continue
            r1, _, r2, _ = bounds(ref if ":" in ref else f"{ref}:{ref}")
            if r2 - r1 + 1 in (rows, rows + 1):
                out.append((sheet.name, r2 - rows + 1, r2))
    return out


def _event_rows(
    editor: RowEditor, sheet: str, head: int, first: int, last: int
) -> list[tuple[str, int, int]]:
    """The blocks of rows of one per event (the Player card's table): on another sheet,
    at least as many consecutive rows as there are event columns (more: rows kept beside
    a chart when the columns shrank), each reading the events' header range; (sheet,
    first row, last row) of each."""
    wanted = (sheet.casefold(), head, first, head, last)
    out: list[tuple[str, int, int]] = []
    for other in editor.sheets.values():
        if other.name.casefold() == sheet.casefold():
            continue
        # The card's PLAYER_RATINGS array, one row per event column: it reads the table
        # from its header row to the last event column, and has as many rows (or more).
        for _, text, ref in other.arrays():
            r1, _, r2, _ = bounds(ref if ":" in ref else f"{ref}:{ref}")
            if "PLAYER_RATINGS(" not in text.upper() or r2 - r1 < last - first:
                continue
            if any(
                (w.casefold(), top, right) == (sheet.casefold(), head, last) and left < first
                for w, top, left, _, right in column_areas(text, other.name)
            ):
                out.append((other.name, r1, r2))
        rows = sorted(
            {
                number
                for number, text in other.formula_cells()
                if any(
                    (w.casefold(), r1, c1, r2, c2) == wanted
                    for w, r1, c1, r2, c2 in column_areas(text, other.name)
                )
            }
        )
        run: list[int] = []
        for number in [*rows, -1]:
            if run and number == run[-1] + 1:
                run.append(number)
                continue
            if len(run) >= last - first + 1:
                out.append((other.name, run[0], run[-1]))
            run = [number]
    return out


def _drawn(package: Package, sheets: Mapping[str, str]) -> dict[str, int]:
    """Sheet -> the last row (1-based) its drawings reach, for sheets whose drawings are
    all anchored to two cells (a sheet whose drawing is anchored otherwise is left out:
    its rows are not moved)."""
    out: dict[str, int] = {}
    for name, part in sheets.items():
        targets = [
            rel.target for rel in package.relationships(part) if rel.type.endswith("/drawing")
        ]
        reach, known = 0, bool(targets)
        for target in targets:
            if not package.has(target):
                known = False
                continue
            for element in package.xml(target).iter():
                local = local_name(element)
                if local in ("oneCellAnchor", "absoluteAnchor"):
                    known = False
                elif local == "to":
                    row = next((r for r in element.iter() if local_name(r) == "row"), None)
                    text = (row.text or "").strip() if row is not None else ""
                    if text.isdigit():  # 0-based
                        reach = max(reach, int(text) + 1)
        if known:
            out[name] = reach
    return out


def _resize_events(
    editor: RowEditor,
    layout: SeasonLayout,
    head: int,
    room: tuple[int, int],
    columns: int,
    drawn: Mapping[str, int],
    strings: list[str],
) -> tuple[list[RowEdit], int]:
    """Give the ratings sheet *columns* event columns (inserted or deleted at the right
    end of *room*, Start and Final moving with them) and the Player card one row per
    event column; returns the card's row edits and the formula cells written."""
    first, last = room
    delta = columns - (last - first + 1)
    edits: list[RowEdit] = []
    formulas = 0
    for sheet, a, b in _event_rows(editor, layout.sheet, head, first, last):
        more = columns - (b - a + 1)
        if more > 0:
            edit = RowEdit(sheet, b + 1, more, a)
            editor.apply(edit)
            formulas += editor.fill(sheet, b, more)
            edits.append(edit)
            continue
        # Rows beside a chart stay (they show blank): the chart keeps its place.
        start = max(a + columns, drawn.get(sheet, 0) + 1)
        if start <= b:
            edit = RowEdit(sheet, start, start - b - 1, a)
            editor.apply(edit)
            edits.append(edit)
    if delta > 0:
        insert_columns(editor, layout.sheet, last + 1, delta, first)
    else:
        delete_columns(editor, layout.sheet, first + columns, -delta, first)
    keep_text_printed(editor, layout.sheet, strings)
    return edits, formulas


def _shared_strings(package: Package) -> list[str]:
    """The book's shared strings, in order (rich text runs joined)."""
    book = package.workbook_part
    parts = [
        rel.target for rel in package.relationships(book) if rel.type.endswith("/sharedStrings")
    ]
    if not parts or not package.has(parts[0]):
        return []
    return [
        "".join(t.text or "" for t in si.iter("{*}t")) for si in package.xml(parts[0]).iter("{*}si")
    ]


def _edit_rows(
    editor: RowEditor, blocks: list[tuple[str, int, int, int]], book: str
) -> tuple[list[RowEdit], int]:
    """Insert (or drop) the rows of each block (sheet, first row, last row, rows to add):
    the edits made, and how many formula cells the new rows were given."""
    edits: list[RowEdit] = []
    formulas = 0
    for sheet, first, last, delta in blocks:
        if delta == 0:
            continue
        if delta < 0:
            kept = editor.values_in(sheet, last + delta + 1, last)
            if kept:
                raise SeasonBookError(
                    f"{book}: cannot drop rows {last + delta + 1}-{last} of sheet "
                    f"{sheet!r}: {sheet}!{kept[0]} holds a value (only blank rows are "
                    "dropped)"
                )
            edit = RowEdit(sheet, last + delta + 1, delta, first)
            editor.apply(edit)
        else:
            if last - first < 1 and editor.holds_formulas(sheet, first, last):
                raise SeasonBookError(
                    f"{book}: sheet {sheet!r} has one row per player and a single row: "
                    "xlrating cannot tell how its formulas continue"
                )
            edit = RowEdit(sheet, last + 1, delta, first)
            editor.apply(edit)
            formulas += editor.fill(sheet, last, delta)
        edits.append(edit)
    return edits, formulas


def _moved(area: Area, edits: Sequence[RowEdit]) -> Area:
    """*area* where the row *edits* moved it."""
    sheet, ref = area
    r1, c1, r2, c2 = bounds(ref)
    for edit in edits:
        if edit.sheet.casefold() == sheet.casefold():
            new = edit.rows(r1, r2)
            assert new is not None
            r1, r2 = new
    return sheet, f"{address(r1, c1)}:{address(r2, c2)}"


def _ratings_array(editor: RowEditor, layout: SeasonLayout) -> str | None:
    """The range of the ratings array (the SEASON_RATINGS formula in the layout's column)
    as the package now has it; None if there is none."""
    found = None
    for cell, text, ref in editor.sheet(layout.sheet).arrays():
        if f"{FUNCTION}(" in text and parse_cell(cell)[1] == parse_cell(layout.cell)[1]:
            found = ref
    return found


def _moved_layout(
    layout: SeasonLayout, edits: Sequence[RowEdit], array_ref: str | None
) -> SeasonLayout:
    """*layout* where the row *edits* moved it; *array_ref*: the ratings array's range as
    the edits left it (None: moved as the layout's own)."""
    anchor = _moved((layout.sheet, layout.cell), edits)[1].split(":")[0]
    whole = layout.ref if ":" in layout.ref else f"{layout.ref}:{layout.ref}"
    ref = _moved((layout.sheet, whole), edits)[1] if ":" in layout.ref else anchor
    return SeasonLayout(
        layout.sheet,
        anchor,
        array_ref.replace("$", "") if array_ref is not None else ref,
        _moved(layout.players, edits),
        _moved(layout.games, edits),
    )


def _moved_row(row: int, sheet: str, edits: Sequence[RowEdit]) -> int:
    """Where the row *edits* moved row *row* of *sheet*."""
    for edit in edits:
        if edit.sheet.casefold() == sheet.casefold():
            moved = edit.rows(row, row)
            assert moved is not None
            row = moved[0]
    return row


def _grown_parts(
    package: Package,
    layout: SeasonLayout,
    player_rows: int,
    game_rows: int,
    book: str,
    event_columns: int | None = None,
    held: tuple[int, int] | None = None,
) -> tuple[SeasonLayout, GrowReport]:
    """Give the Players table of *package* (and the rows that follow it) and its Games
    table *player_rows* and *game_rows* rows, and its ratings sheet *event_columns* event
    columns (None: as it has), in the package's parts, its calculation chain dropped
    (Excel rebuilds it); returns the grown layout and what grew.

    :param held: the cells and formula cells the book holds (the guard's counts): a grow
        whose new rows alone take the book past the guard's limits is refused before
        they are written (:class:`Refused`, as the check of the written book would)."""
    p_sheet, p_ref = layout.players
    g_sheet, g_ref = layout.games
    pr1, _, pr2, _ = bounds(p_ref)
    gr1, _, gr2, _ = bounds(g_ref)
    dp, dg = player_rows - (pr2 - pr1 + 1), game_rows - (gr2 - gr1 + 1)
    if p_sheet.casefold() == g_sheet.casefold() and (dp or dg):
        raise SeasonBookError(
            f"{book}: the Players and Games tables share sheet {p_sheet!r}; xlrating grows "
            "a table by inserting rows, which would move the other one"
        )
    sheets = dict(package.sheet_parts())
    head = parse_cell(layout.cell)[0]
    part = package.sheet_part(layout.sheet)
    room = None
    if part is not None:
        room = event_room(SheetPart(package, layout.sheet, part), layout.cell)
    events = (room[1] - room[0] + 1) if room is not None else None
    if event_columns is not None and room is None:
        raise SeasonBookError(
            f"{book}: sheet {layout.sheet!r} has no event columns xlrating can find (a range "
            "of its header row that a formula reads, or an array formula such as the Start and "
            "Final columns' SEASON_START_FINAL right of them)"
        )
    drawn = _drawn(package, sheets)
    try:
        editor = RowEditor(package, drawn, note_parts(package, sheets))
        followers = _followers(editor, layout, book) if dp else []
        blocks = [(p_sheet, pr1, pr2, dp)] + [(s, a, b, dp) for s, a, b in followers]
        if dp < 0:  # the rows that read the dropped players go first
            blocks = blocks[1:] + blocks[:1]
        blocks.append((g_sheet, gr1, gr2, dg))
        shrinks_columns = (
            event_columns is not None and events is not None and event_columns < events
        )
        if held is not None and dp >= 0 and dg >= 0 and not shrinks_columns:  # cells only added
            _refuse_rows_beyond_limits(editor, blocks, held, book)
        edits, formulas = _edit_rows(editor, blocks, book)
        if event_columns is not None and event_columns != events and room is not None:
            head = _moved_row(head, layout.sheet, edits)
            card_edits, written = _resize_events(
                editor, layout, head, room, event_columns, drawn, _shared_strings(package)
            )
            edits.extend(card_edits)
            formulas += written
        array_ref = _ratings_array(editor, layout)  # its range as the edits left it
        # New formula cells carry no cached value: write_book asks for a full calculation on
        # load, as it does for every book it changes.
    except RowsError as error:
        raise SeasonBookError(f"{book}: {error}") from None
    drop_calc_chain(package)

    grown = _moved_layout(layout, edits, array_ref)
    columns: tuple[int, int] | None = None
    event_area: Area | None = None
    if room is not None and events is not None:
        after = event_columns if event_columns is not None else events
        columns = (events, after)
        end = column_letters(room[0] + after - 1)
        event_area = (layout.sheet, f"{column_letters(room[0])}{head}:{end}{head}")
    report = GrowReport(
        (pr2 - pr1 + 1, player_rows),
        (gr2 - gr1 + 1, game_rows),
        grown.players,
        grown.games,
        tuple(sheet for sheet, _, _ in followers),
        formulas,
        columns,
        event_area,
    )
    return grown, report


def _refuse_rows_beyond_limits(
    editor: RowEditor, blocks: Sequence[tuple[str, int, int, int]], held: tuple[int, int], book: str
) -> None:
    """Refuse a grow that the guard would refuse for its counts alone: each new row of a
    block gets the cells (and formula cells) of the block's last row, so the book would
    hold at least *held* plus those; nothing is built to find out (a 9,000-row grow
    took seconds to be refused)."""
    cells, formulas = held
    for name, _, last, delta in blocks:
        if delta <= 0:
            continue
        sheet = editor.sheet(name)
        model = sheet.rows().get(last)
        if model is None:
            continue
        row = [cell for _, cell in sheet.cells(model, last)]
        cells += delta * len(row)
        formulas += delta * sum(1 for cell in row if children(cell, "f"))
    if cells > LIMITS.cells:
        raise refused(book, too_many_cells(LIMITS))
    if formulas > LIMITS.formulas:
        raise refused(book, too_many_formulas(LIMITS))


def event_columns_of(package: Package, layout: SeasonLayout) -> int | None:
    """How many event columns the season book *package* has (None: none found)."""
    part = package.sheet_part(layout.sheet)
    if part is None:
        return None
    room = event_room(SheetPart(package, layout.sheet, part), layout.cell)
    return None if room is None else room[1] - room[0] + 1


def _check_room(key: str, rows: int, low: int, most: int, note: str | None = None) -> None:
    """Refuse a table size outside what ``xlrating templates`` accepts (same message)."""
    if isinstance(rows, bool) or not isinstance(rows, int) or not low <= rows <= most:
        raise SeasonBookError(
            f"{key} must be a whole number from {low} to {most} "
            f"({note or f'the table holds {low}'}), got {rows!r}"
        )


def resize_season(
    source: str | Path,
    target: str | Path,
    *,
    player_rows: int | None = None,
    game_rows: int | None = None,
    event_columns: int | None = None,
    inspection: Inspection | None = None,
) -> GrowReport:
    """Write *source* to *target* with its Players and Games tables holding *player_rows*
    and *game_rows* rows and its Ratings sheet *event_columns* event columns (None: as
    they are).

    Growing inserts rows below a table, as Excel's "insert rows" does: everything below
    moves down and every reference follows (formulas, array formulas, data validations,
    conditional formats, defined names, the chart); ranges over the table grow with it;
    the new rows get the last row's styles and validation.  The rows that follow the
    Players table one per player on other sheets (Ratings, Standings) grow with it, their
    formulas continued.  Shrinking drops rows from the end of a table, and only blank
    ones.  Event columns are inserted (or deleted) at the right end of the Ratings
    sheet's event columns, as Excel inserts columns: the Start and Final columns move
    right, every range over the event columns grows (the Standings, Crosstable and Player
    card read them so), the Player card gets one row per event column (rows beside its
    chart stay when it shrinks; they show blank).  The season's arrays cover the new room:
    nothing else changes.

    *inspection*: the guard's of *source*, when the caller has checked it (the book is
    read from it, not from disk again); without it the guard checks *source* first.

    :raises SeasonBookError: (one line) when the book is not a season workbook, a size is
        out of range, rows to drop hold values, or the grown book would pass the guard's
        limits (nothing is written then).
    """
    source, target = Path(source), Path(target)
    package = Package.open(inspection if inspection is not None else check_book(source))
    wb = load_book(package)
    layout = layout_of(wb, package.name)
    players, games = grid_of(wb, layout.players), grid_of(wb, layout.games)
    p_rows, g_rows = len(players), len(games)
    new_p = p_rows if player_rows is None else player_rows
    new_g = g_rows if game_rows is None else game_rows
    _check_room("player_rows", new_p, max(last_used(players) + 1, 1), CLUB_MAX_PLAYER_ROWS)
    _check_room("game_rows", new_g, max(last_used(games) + 1, 1), CLUB_MAX_GAME_ROWS)
    if event_columns is not None:
        held = events_in(games)
        note = f"the season has {held} event{'s' if held != 1 else ''}"
        _check_room("event_columns", event_columns, max(held, 1), CLUB_MAX_EVENT_COLUMNS, note)
    rooms = [(new_p, new_g, event_columns)]
    _, report, _ = write_grown(package.inspection, target, layout, {}, rooms)
    return report


def write_grown(
    inspection: Inspection,
    target: Path,
    layout: SeasonLayout,
    edits: Mapping[str, Mapping[tuple[int, int], object]],
    rooms: Sequence[tuple[int, int, int | None]],
) -> tuple[SeasonLayout, GrowReport, Package]:
    """:func:`write_book` with the tables grown to the first of *rooms* (player rows, game
    rows, event columns or None) that stays within the guard's limits; returns the grown
    layout, what grew and the book as written (its package).

    *inspection*: the guard's of the season book.  Each room is tried on a fresh package
    opened from it (the book as accepted).  A resize (no *edits*) refuses too many new
    rows from the guard's counts before building them."""
    name = ""
    tried: list[tuple[int, int, int | None]] = []
    last: SeasonBookError | None = None
    # a resize: what the book holds now, to refuse too many new rows early
    held = None if edits else (inspection.cells, inspection.formulas)
    for room in rooms:
        if room in tried:
            continue
        tried.append(room)
        package = Package.open(inspection)  # each room starts from the book as accepted
        name = package.name
        try:
            grown, report = _grown_parts(package, layout, room[0], room[1], name, room[2], held)
            write_book(package, target, grown, edits)
        except Refused as refusal:
            last = refusal
            continue
        return grown, report, package
    players, games, events = tried[-1]
    reason = str(last).split("check (", 1)[-1].rsplit(")", 1)[0].split(";")[0]
    columns = f" and {events:,} event columns" if events is not None else ""
    raise SeasonBookError(
        f"{name}: the tables would need {players:,} player rows and {games:,} game rows"
        f"{columns}, and the book would then hold {reason}: start a new season book; nothing "
        "was written"
    )
