"""A club season workbook's tables found (:func:`find_season`), read, and the book written
back with cells changed (:func:`write_book`, for an import or a resize).

Split from :mod:`xlrating.workbook.season.book` (whose docstring tells the whole story),
which re-exports every public name here.
"""

from __future__ import annotations

import datetime as dt
import re
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from ...errors import WorkbookError
from ...rating.tournament import MAX_NAME_CHARS
from ..lint import references
from ..ooxml.a1 import RANGE_RE, bounds, column_letters, column_number, parse_cell, split_sheet
from ..ooxml.files import replacing
from ..ooxml.guard import Inspection, WorkbookRefusedError, check_workbook, require_defusedxml
from ..ooxml.legacy import SheetRewriter, sheet_parts, with_calc_properties, workbook_part
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


_CHART_NS: Final = "http://schemas.openxmlformats.org/drawingml/2006/chart"


_CACHES: Final = frozenset({"strCache", "numCache", "multiLvlStrCache", "extLst"})


_PLAIN_SHEET: Final = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]*$")


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


# ---------------------------------------------------------------- addresses


def _split_reference(text: str) -> Area | None:
    """ "Players!$A$5:$E$44" -> ("Players", "A5:E44"); None if it is not sheet!range."""
    sheet, ref = split_sheet(text)
    if sheet is None or not RANGE_RE.match(ref.upper()):
        return None
    return sheet, ref.replace("$", "").upper()


def _sheet_ref(sheet: str, ref: str) -> str:
    """A reference as a chart formula writes it: Ratings!$C$14 or 'My sheet'!$C$14."""
    name = sheet if _PLAIN_SHEET.match(sheet) else "'" + sheet.replace("'", "''") + "'"
    parts = []
    for cell in ref.split(":"):
        row, col = parse_cell(cell)
        parts.append(f"${column_letters(col)}${row}")
    return f"{name}!{':'.join(parts)}"


# ---------------------------------------------------------------- reading


def check_book(path: Path) -> Inspection:
    """The guard's :class:`Inspection` of *path*; refuse (as a SeasonBookError naming the
    file) what the guard refuses."""
    try:
        require_defusedxml()
        return check_workbook(path)
    except WorkbookRefusedError as error:
        raise SeasonBookError(f"{path.name}: {error}") from None


def load_book(path: Path, inspection: Inspection | None = None) -> Any:
    """The whole book at *path*, read by openpyxl.  *inspection*: the guard's of this very
    file, when the caller has checked it (the file is not scanned again); without it the
    guard checks the file first."""
    from openpyxl import load_workbook

    if inspection is None:
        check_book(path)
    try:
        with path.open("rb") as handle:  # a file object: openpyxl then ignores the suffix
            return load_workbook(handle)
    except zipfile.BadZipFile:
        raise SeasonBookError(f"{path.name} is not an xlsx file") from None
    except (KeyError, ValueError) as error:
        raise SeasonBookError(f"{path.name} cannot be read: {error}") from None


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
    path = Path(path)
    return layout_of(load_book(path), path.name)


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


# ---------------------------------------------------------------- writing


def write_book(
    source: Path,
    target: Path,
    layout: SeasonLayout,
    edits: Mapping[str, Mapping[tuple[int, int], object]],
    base: Mapping[str, bytes | None] | None = None,
) -> None:
    """Copy *source* to *target* with *edits* (sheet -> (row, col) -> value) written and
    the Games sheet's print area ending on its last row in use.

    *base* holds parts already changed (grown tables: :func:`_grown_parts`; None for a
    part to leave out).  Every XML part of the new file must parse and the file must pass
    the guard (:func:`_verify`) before it replaces *target*.
    """
    base = base or {}
    with zipfile.ZipFile(source) as zf:

        def read(part: str) -> bytes:
            data = base.get(part)
            return data if data is not None else zf.read(part)

        parts = {name.upper(): part for name, part in sheet_parts(zf)}
        sheets: dict[str, SheetRewriter] = {}

        def sheet(name: str) -> SheetRewriter:
            part = parts.get(name.upper())
            if part is None:
                raise SeasonBookError(f"{source.name} has no sheet {name!r}")
            if part not in sheets:
                sheets[part] = SheetRewriter(read(part))
                if sheets[part].sheet_data is None:
                    raise SeasonBookError(f"{source.name}: sheet {name!r} has no cells")
            return sheets[part]

        for name, cells in edits.items():
            if not cells:
                continue
            rewriter = sheet(name)
            for (row, col), value in sorted(cells.items()):
                rewriter.set_value(rewriter.cell(row, col), value, values_only=True)
            rewriter.update_dimension()
        replaced = {part: rewriter.to_bytes() for part, rewriter in sheets.items()}
        # The cells changed but their dependents were not computed: Excel must
        # recalculate on load (a later recalc writes the current calcPr back).
        book_part = workbook_part(zf)
        replaced[book_part] = with_calc_properties(read(book_part), current=False)
        games_part = parts.get(layout.games[0].upper())
        if games_part is not None:
            games_xml = replaced.get(games_part) or read(games_part)
            # The Status column right of the table holds a cell for every row.
            last = last_content_row(games_xml, bounds(layout.games[1])[3] + 1)
            replaced[book_part] = with_print_rows(replaced[book_part], layout.games[0], last)
        with replacing(target) as temp:
            with zipfile.ZipFile(temp, "w", zipfile.ZIP_DEFLATED) as out:
                for info in zf.infolist():
                    if info.filename in base and base[info.filename] is None:
                        continue
                    data = replaced.get(info.filename)
                    out.writestr(info, data if data is not None else read(info.filename))
            _verify(temp, source.name)


#: A cell element and its row; ``/`` when it closes at once (a style, no content).
_CELL_TAG: Final = re.compile(
    rb'<(?:[A-Za-z_][\w.-]*:)?c\b[^>]*?\br="([A-Z]{1,3})([0-9]+)"[^>]*?(/?)>'
)
_DEFINED_NAME: Final = re.compile(r"(<definedName\b([^>]*)>)([^<]*)(</definedName>)")
_AREA_END: Final = re.compile(r"^(.*![$]?[A-Z]{1,3}[$]?([0-9]+):[$]?[A-Z]{1,3}[$]?)([0-9]+)$")


def last_content_row(sheet_xml: bytes, skip: int | None = None) -> int:
    """The last row of a worksheet part holding a value or a formula (0: none); cells
    with a style only (a table's blank rows) do not count, nor cells of column *skip*
    (1-based: the Games sheet's Status column, which holds a cell for every row)."""
    last = 0
    for match in _CELL_TAG.finditer(sheet_xml):
        if match.group(3) or sheet_xml.startswith(b"</", match.end()):
            continue
        if skip is not None and column_number(match.group(1).decode("ascii")) == skip:
            continue
        last = max(last, int(match.group(2)))
    return last


def with_print_rows(workbook_xml: bytes, sheet: str, last: int) -> bytes:
    """The workbook part with *sheet*'s print area (one range) ending on row *last* (its
    columns and first row kept; unchanged when the sheet has no such print area)."""
    from html import unescape

    text = workbook_xml.decode("utf-8")
    names = [unescape(n) for n in re.findall(r'<sheet\b[^>]*?\bname="([^"]*)"', text)]
    index = next((i for i, n in enumerate(names) if n.casefold() == sheet.casefold()), None)
    if index is None:
        return workbook_xml

    def area(match: re.Match[str]) -> str:
        attributes = match.group(2)
        if 'name="_xlnm.Print_Area"' not in attributes or not re.search(
            rf'\blocalSheetId="{index}"', attributes
        ):
            return match.group(0)
        end = _AREA_END.match(match.group(3))
        if end is None or int(end.group(2)) > last:
            return match.group(0)
        return f"{match.group(1)}{end.group(1)}{last}{match.group(4)}"

    new = _DEFINED_NAME.sub(area, text)
    return workbook_xml if new == text else new.encode("utf-8")


class Refused(SeasonBookError):
    """The new file would not pass the guard (its limits, or an XML part not well-formed)."""


def _verify(temp: Path, book: str) -> None:
    """Refuse (SeasonBookError) a new file that the guard would refuse: every XML part
    must be well-formed and the file within the limits ``xlrating recalc`` computes."""
    try:
        check_workbook(temp)
    except WorkbookRefusedError as error:
        raise refused(book, str(error)) from None


def refused(book: str, why: str) -> Refused:
    """The refusal of a change to *book* that the guard refuses for *why*."""
    return Refused(
        f"{book}: the workbook as changed would not pass xlrating's check "
        f"({' '.join(why.split())}); nothing was written"
    )


#: A SEASON_RATINGS array formula in sheet XML: its cell, its range and its text.
_ARRAY_RE: Final = re.compile(
    r'<c\b[^>]*\br="([A-Z]+[0-9]+)"[^>]*>\s*<f\b(?=[^>]*\bt="array")[^>]*\bref="([^"]+)"[^>]*>'
    r"((?:_xludf\.)?" + FUNCTION + r"\([^<]*)</f>"
)


def layout_from_xml(path: Path) -> SeasonLayout | None:
    """The season layout read from the sheet XML alone (None when there is none or it is
    not plain: then :func:`layout_of` reads it with openpyxl)."""
    from html import unescape

    with zipfile.ZipFile(path) as zf:
        for sheet, part in sheet_parts(zf):
            data = zf.read(part)
            if f"{FUNCTION}(".encode() not in data:
                continue
            match = _ARRAY_RE.search(data.decode("utf-8", "replace"))
            if match is None:
                return None
            refs = references(unescape(match.group(3)))
            tables = [_split_reference(r) for r in refs[:2]]
            if len(tables) < 2 or tables[0] is None or tables[1] is None:
                return None
            return SeasonLayout(sheet, match.group(1), match.group(2), tables[0], tables[1])
    return None


def streamed_tables(
    path: Path, layout: SeasonLayout
) -> tuple[SeasonLayout, list[list[object]], list[list[object]]] | None:
    """The players and games tables read with openpyxl's streaming (read-only) reader,
    which reads no chart or drawing, and *layout* with the sheets' names as the book
    spells them (None when a table's sheet is missing)."""
    from dataclasses import replace

    from openpyxl import load_workbook

    with path.open("rb") as handle:
        wb = load_workbook(handle, read_only=True)
        try:
            names = {name.upper(): name for name in wb.sheetnames}
            if any(area[0].upper() not in names for area in (layout.players, layout.games)):
                return None

            def grid(area: Area) -> list[list[object]]:
                first_row, first_col, last_row, last_col = bounds(area[1])
                rows = wb[names[area[0].upper()]].iter_rows(
                    min_row=first_row,
                    max_row=last_row,
                    min_col=first_col,
                    max_col=last_col,
                    values_only=True,
                )
                width = last_col - first_col + 1
                out = [[cell_value(v) for v in row] + [None] * (width - len(row)) for row in rows]
                return out + [[None] * width for _ in range(last_row - first_row + 1 - len(out))]

            named = replace(
                layout,
                players=(names[layout.players[0].upper()], layout.players[1]),
                games=(names[layout.games[0].upper()], layout.games[1]),
            )
            return named, grid(layout.players), grid(layout.games)
        finally:
            wb.close()


# ---------------------------------------------------------------- importing


def last_used(grid: Sequence[Sequence[object]]) -> int:
    """Index of the last row holding anything (-1 for an empty table)."""
    for i in range(len(grid) - 1, -1, -1):
        if any(v is not None for v in grid[i]):
            return i
    return -1
