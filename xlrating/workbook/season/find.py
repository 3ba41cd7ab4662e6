"""A club season workbook's tables found (:func:`find_season`, :func:`layout_from_xml`)
and read (:func:`read_tables`), with the reports and the one error of the season editor
(:mod:`.write` writes the book back; :mod:`.book` imports an event, telling the whole
story).

Everything here reads one :class:`~xlrating.workbook.ooxml.package.Package` (the book as
the guard accepted it, parsed with lxml on demand); openpyxl reads the package's current
bytes (:meth:`~xlrating.workbook.ooxml.package.Package.stream`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from lxml import etree

from ...errors import WorkbookError
from ...rating.tournament import MAX_NAME_CHARS
from ..lint.formulas import references
from ..ooxml.a1 import RANGE_RE, bounds, split_sheet
from ..ooxml.guard import (
    Inspection,
    WorkbookRefusedError,
    check_workbook,
    require_defusedxml,
)
from ..ooxml.package import Package, local_name
from .layout import (
    CLUB_BYE_RESULTS,
)

#: The registry function whose array a season book fits.
FUNCTION: Final = "SEASON_RATINGS"


#: How a played game's result is written (White's points -> text), as the template's
#: drop-down offers it; forfeits are ``+-`` and ``-+``.
RESULT_TEXT: Final[dict[float, str]] = {1.0: "1-0", 0.5: "½-½", 0.0: "0-1"}


#: How a bye's points are written in the result column (``BYE`` in the Black column).
BYE_TEXT: Final = CLUB_BYE_RESULTS


FORFEIT_TEXT: Final[dict[float, str]] = {1.0: "+-", 0.0: "-+"}


#: The most characters one cell holds (Excel specifications and limits), as the tournament
#: vocabulary defines it.
MAX_CELL_CHARS: Final = MAX_NAME_CHARS


#: A range of one sheet: (sheet name, "A5:E44").
Area = tuple[str, str]


class SeasonBookError(WorkbookError, RuntimeError):
    """A season workbook cannot be read or changed as asked (the message is one line)."""


@dataclass(frozen=True, slots=True)
class SeasonLayout:
    """Where a season book keeps its tables and its ratings array."""

    #: The sheet and first cell of the SEASON_RATINGS array formula, e.g. ("Ratings", "C13").
    sheet: str
    cell: str
    #: The array's range as stored now, e.g. "C13:G22".
    ref: str
    #: The Players and Games tables the formula reads.
    players: Area
    games: Area


@dataclass(frozen=True, slots=True)
class GrowReport:
    """What growing (or shrinking) a season book's tables did."""

    #: Rows of the Players and Games tables, before and after.
    players: tuple[int, int]
    games: tuple[int, int]
    #: The tables after, as SEASON_RATINGS reads them: ("Players", "A5:E84").
    players_area: Area
    games_area: Area
    #: Sheets whose rows follow the Players table (one row per player) and grew with it.
    followers: tuple[str, ...]
    #: Formula cells written into the new rows.
    formulas: int
    #: Event columns of the Ratings sheet, before and after (None: none found), and
    #: their header range after: ("Ratings", "B13:Q13").
    events: tuple[int, int] | None = None
    events_area: Area | None = None


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What :func:`import_event` wrote."""

    event: str
    date: dt.date
    #: Players added to the Players table, and those already there (as the sheet spells
    #: them).
    added: tuple[str, ...]
    known: tuple[str, ...]
    #: The sheet rows written: (first, last), or None when nothing was written there.
    player_rows: tuple[int, int] | None
    game_rows: tuple[int, int]
    #: Pairings that cannot be written as a result from White's side (a double forfeit,
    #: an unrated draw): each player got a bye row with the points scored instead.
    split: int
    #: How the tables grew to make room (None when they had room enough).
    grown: GrowReport | None = None
    #: How each of the event's players was matched: (the file's name, the name the book
    #: gives him, how: "US Chess ID 12345678", "FIDE ID 700070", "name as LAST, FIRST",
    #: "name", or "new" for a player added).
    matched: tuple[tuple[str, str, str], ...] = ()
    #: The book as written (its package): what a caller that goes on reads (``import
    #: --recalc`` computes it), without reading the file again.
    written: Package | None = field(default=None, repr=False, compare=False)


# ---------------------------------------------------------------- addresses


def _split_reference(text: str) -> Area | None:
    """ "Players!$A$5:$E$44" -> ("Players", "A5:E44"); None if it is not sheet!range."""
    sheet, ref = split_sheet(text)
    if sheet is None or not RANGE_RE.match(ref.upper()):
        return None
    return sheet, ref.replace("$", "").upper()


def check_book(path: Path) -> Inspection:
    """The guard's :class:`Inspection` of *path* (the file's bytes, accepted); refuse (as
    a SeasonBookError naming the file) what the guard refuses."""
    try:
        require_defusedxml()
        return check_workbook(path)
    except WorkbookRefusedError as error:
        raise SeasonBookError(f"{path.name}: {error}") from None


def open_book(book: str | Path, inspection: Inspection | None = None) -> Package:
    """The season book at *book* as its one :class:`Package`, opened from *inspection*
    (the guard's of this very file) or after the guard (:func:`check_book`): what a
    command's door does before it hands the package down."""
    return Package.open(inspection or check_book(Path(book)))


def load_book(package: Package) -> Any:
    """The whole book read by openpyxl, from the package's current bytes."""
    from openpyxl import load_workbook

    try:
        return load_workbook(package.stream())
    except (KeyError, ValueError) as error:
        raise SeasonBookError(f"{package.name} cannot be read: {error}") from None


def layout_of(wb: Any, book: str) -> SeasonLayout:
    from openpyxl.worksheet.formula import ArrayFormula

    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                value = cell.value
                if not isinstance(value, ArrayFormula) or f"{FUNCTION}(" not in (value.text or ""):
                    continue
                refs = references(value.text or "")
                tables = [_split_reference(r) for r in refs[:2]]
                if len(tables) < 2 or tables[0] is None or tables[1] is None:
                    raise SeasonBookError(
                        f"{book}: {ws.title}!{cell.coordinate} calls {FUNCTION} without "
                        "sheet ranges for its players and games"
                    )
                names = {name.upper(): name for name in wb.sheetnames}
                players, games = tables[0], tables[1]
                for sheet, _ in (players, games):
                    if sheet.upper() not in names:
                        raise SeasonBookError(f"{book}: {FUNCTION} reads a missing sheet {sheet!r}")
                return SeasonLayout(
                    ws.title,
                    cell.coordinate,
                    (value.ref or cell.coordinate).replace("$", ""),
                    (names[players[0].upper()], players[1]),
                    (names[games[0].upper()], games[1]),
                )
    raise SeasonBookError(
        f"{book} has no {FUNCTION} table: use a club season workbook "
        "(xlrating templates writes club_season.xlsx)"
    )


def find_season(path: str | Path) -> SeasonLayout:
    """Where the season workbook at *path* keeps its tables and its ratings array.

    :raises SeasonBookError: if the file is not an xlsx file or has no SEASON_RATINGS
        dynamic array whose first two arguments are sheet ranges.
    """
    package = open_book(path)
    return layout_of(load_book(package), package.name)


def cell_value(value: object) -> object:
    """A cell as the spreadsheet functions get it: numbers as floats, blanks as None."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, (bool, dt.date, str)):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    return str(value)


def grid_of(wb: Any, area: Area) -> list[list[object]]:
    sheet, ref = area
    return [[cell_value(cell.value) for cell in row] for row in wb[sheet][ref]]


def events_in(games: Sequence[Sequence[object]]) -> int:
    """How many events a Games table names (the event column's distinct names, spacing
    tidied): the event columns the season needs, whether or not every row is rated."""
    return len({" ".join(str(row[0]).split()) for row in games if row and row[0] is not None})


def array_calls(sheet: etree._Element, function: str) -> Iterator[tuple[str, str, str]]:
    """(cell, range, formula text) of each array formula of a worksheet part's tree that
    calls *function* first (``SEASON_RATINGS(...)`` or, as Excel writes a function it
    does not know, ``_xludf.SEASON_RATINGS(...)``), in the sheet's order."""
    starts = (f"{function}(", f"_xludf.{function}(")
    for formula in sheet.iter("{*}f"):
        text = formula.text or ""
        if formula.get("t") != "array" or not text.startswith(starts):
            continue
        cell = formula.getparent()
        if cell is None or local_name(cell) != "c" or not cell.get("r") or not formula.get("ref"):
            continue
        yield cell.get("r", ""), formula.get("ref", ""), text


def calls(sheet: etree._Element, function: str) -> bool:
    """Whether a formula of a worksheet part's tree calls *function* anywhere."""
    wanted = f"{function}("
    return any(wanted in (formula.text or "") for formula in sheet.iter("{*}f"))


def layout_from_xml(package: Package) -> SeasonLayout | None:
    """The season layout read from the sheets' XML alone: the SEASON_RATINGS array formula
    of the first sheet that calls it (None when there is none or it is not plain: then
    :func:`layout_of` reads it with openpyxl)."""
    for sheet, part in package.sheet_parts():
        root = package.xml(part)
        if not calls(root, FUNCTION):
            continue
        found = next(array_calls(root, FUNCTION), None)
        if found is None:
            return None
        cell, ref, text = found
        tables = [_split_reference(r) for r in references(text)[:2]]
        if len(tables) < 2 or tables[0] is None or tables[1] is None:
            return None
        return SeasonLayout(sheet, cell, ref, tables[0], tables[1])
    return None


def streamed_grid(ws: Any, ref: str, *, as_read: bool = True) -> list[list[object]]:
    """The cells of *ref* ("A5:E44") of *ws*, a worksheet of openpyxl's streaming
    (read-only) reader, row by row, padded with None to the range's full size (the reader
    gives no cell past a row's last one written, no row past the sheet's last): each value
    as the spreadsheet functions get it (:func:`cell_value`), or, *as_read* False, as
    openpyxl reads it."""
    first_row, first_col, last_row, last_col = bounds(ref)
    rows = ws.iter_rows(
        min_row=first_row, max_row=last_row, min_col=first_col, max_col=last_col, values_only=True
    )
    width = last_col - first_col + 1
    out = [
        [cell_value(v) if as_read else v for v in row] + [None] * (width - len(row)) for row in rows
    ]
    return out + [[None] * width for _ in range(last_row - first_row + 1 - len(out))]


def streamed_tables(
    package: Package, layout: SeasonLayout
) -> tuple[SeasonLayout, list[list[object]], list[list[object]]] | None:
    """The players and games tables read with openpyxl's streaming (read-only) reader,
    which reads no chart or drawing, and *layout* with the sheets' names as the book
    spells them (None when a table's sheet is missing)."""
    from dataclasses import replace

    from openpyxl import load_workbook

    wb = load_workbook(package.stream(), read_only=True)
    try:
        names = {name.upper(): name for name in wb.sheetnames}
        if any(area[0].upper() not in names for area in (layout.players, layout.games)):
            return None

        def grid(area: Area) -> list[list[object]]:
            return streamed_grid(wb[names[area[0].upper()]], area[1])

        named = replace(
            layout,
            players=(names[layout.players[0].upper()], layout.players[1]),
            games=(names[layout.games[0].upper()], layout.games[1]),
        )
        return named, grid(layout.players), grid(layout.games)
    finally:
        wb.close()


def read_tables(
    package: Package,
) -> tuple[SeasonLayout, list[list[object]], list[list[object]]]:
    """The season's layout and its Players and Games tables.  The tables are streamed
    (openpyxl's full reader would also parse every chart, a second per hundred events);
    the whole book is read only when its layout is unusual."""
    quick = layout_from_xml(package)
    tables = streamed_tables(package, quick) if quick is not None else None
    if tables is not None:
        return tables
    wb = load_book(package)
    layout = layout_of(wb, package.name)
    return layout, grid_of(wb, layout.players), grid_of(wb, layout.games)


# ---------------------------------------------------------------- importing


def last_used(grid: Sequence[Sequence[object]]) -> int:
    """Index of the last row holding anything (-1 for an empty table)."""
    for i in range(len(grid) - 1, -1, -1):
        if any(v is not None for v in grid[i]):
            return i
    return -1
