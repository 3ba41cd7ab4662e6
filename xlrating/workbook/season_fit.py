"""A club season workbook's tables found (:func:`find_season`), and the pieces that fit its
ratings table (:func:`xlrating.workbook.season_grow.fit_season`): reading the book, and
writing the array's range and chart lines.

Split from :mod:`xlrating.workbook.season_book` (whose docstring tells the whole story),
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
from xml.dom import minidom

from ..errors import RatingError, WorkbookError
from ..rating.tournament import MAX_NAME_CHARS
from ..sheet.tables import read_players, read_season_games
from .a1 import RANGE_RE, address, bounds, cell_range, column_letters, parse_cell, split_sheet
from .files import replacing
from .guard import WorkbookRefusedError, check_workbook, require_defusedxml
from .lint import references
from .season_layout import (
    CARD_SHEET,
    CLUB_BYE_RESULTS,
)
from .xlsx import (
    XML_DECLARATION,
    SheetRewriter,
    children,
    sheet_parts,
    with_calc_properties,
    workbook_part,
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
class FitReport:
    """What :func:`fit_season` did."""

    #: The array's range before and after.
    before: str
    after: str
    #: Chart lines drawn over the array (0 when no chart reads it).
    series: int
    #: The event columns grown first, when the season has more events than columns.
    grown: GrowReport | None = None


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
    #: The array and chart after the import (None when they already fitted).
    fit: FitReport | None
    #: How the tables grew to make room (None when they had room enough).
    grown: GrowReport | None = None


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


def check_book(path: Path) -> None:
    """Refuse (as a SeasonBookError naming the file) what the guard refuses."""
    try:
        require_defusedxml()
        check_workbook(path)
    except WorkbookRefusedError as error:
        raise SeasonBookError(f"{path.name}: {error}") from None


def load_book(path: Path, *, checked: bool = False) -> Any:
    from openpyxl import load_workbook

    if not checked:
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


def shape_of(players: list[list[object]], games: list[list[object]]) -> tuple[int, int] | None:
    """Rows and columns SEASON_RATINGS returns for these tables (None if they cannot be read:
    the function then shows one line of error text)."""
    try:
        roster = read_players(players)
        season = read_season_games(games, roster)
    except RatingError:
        return None
    if not season.events:
        return None
    return len(roster) + 1, len(season.events) + 1


# ---------------------------------------------------------------- writing


def fitted_ref(layout: SeasonLayout, shape: tuple[int, int]) -> str:
    row, col = parse_cell(layout.cell)
    rows, cols = shape
    last = address(row + rows - 1, col + cols - 1)
    return f"{layout.cell}:{last}" if (rows, cols) != (1, 1) else layout.cell


def _resize_array(sheet: SheetRewriter, layout: SeasonLayout, new_ref: str) -> None:
    """Give the array formula the range *new_ref*: cells it gains are created (styled like
    the nearest cell it had), cells it loses are emptied (their style kept)."""
    row, col = parse_cell(layout.cell)
    anchor = sheet.cells.get((row, col))
    formulas = children(anchor, "f") if anchor is not None else []
    if not formulas:
        raise SeasonBookError(f"{layout.sheet}!{layout.cell} has no array formula to resize")
    old = formulas[0].getAttribute("ref") or layout.cell
    r1, c1, r2, c2 = bounds(old)
    old_cells, new_cells = set(cell_range(old)), set(cell_range(new_ref))
    formulas[0].setAttribute("ref", new_ref)
    for position in sorted(old_cells - new_cells):
        if position in sheet.cells:
            sheet.set_value(sheet.cells[position], None, values_only=False)
    _add_cells(sheet, new_cells - old_cells)
    for r, c in sorted(new_cells - old_cells):
        cell = sheet.cell(r, c)
        for child in children(cell, "f"):
            cell.removeChild(child)  # a formula in the way would be #SPILL! in Excel
        sheet.set_value(cell, None, values_only=False)
        if not cell.getAttribute("s"):
            near = sheet.cells.get((min(max(r, r1), r2), min(max(c, c1), c2)))
            style = near.getAttribute("s") if near is not None else ""
            if style:
                cell.setAttribute("s", style)
    sheet.update_dimension()


def _add_cells(sheet: SheetRewriter, positions: set[tuple[int, int]]) -> None:
    """Create the cells at *positions* the sheet lacks, row by row, as
    :meth:`SheetRewriter.cell` would one at a time (in order, with the row's ``spans``
    widened), but sorting each row once: a ratings array that gains a column and a few
    players gains thousands of cells."""
    by_row: dict[int, list[int]] = {}
    for row, col in positions:
        if (row, col) not in sheet.cells:
            by_row.setdefault(row, []).append(col)
    if not by_row:
        return
    columns: dict[int, list[int]] = {}
    for row, col in sheet.cells:
        columns.setdefault(row, []).append(col)
    for row in sorted(by_row):
        if row not in sheet.rows:
            sheet.cell(row, by_row[row][0])  # creates the row element in its place
            columns.setdefault(row, []).append(by_row[row][0])
        element = sheet.rows[row]
        present = sorted(columns.get(row, []))
        wanted = sorted(c for c in by_row[row] if (row, c) not in sheet.cells)
        at = 0
        for col in wanted:
            while at < len(present) and present[at] < col:
                at += 1
            following = sheet.cells[(row, present[at])] if at < len(present) else None
            cell = sheet._new("c")
            cell.setAttribute("r", address(row, col))
            element.insertBefore(cell, following)
            sheet.cells[(row, col)] = cell
        sheet.added = True
        if element.getAttribute("spans"):
            every = present + wanted
            element.setAttribute("spans", f"{min(every)}:{max(every)}")


def _set_text(doc: minidom.Document, parent: minidom.Element, text: str) -> None:
    for child in list(parent.childNodes):
        parent.removeChild(child)
    parent.appendChild(doc.createTextNode(text))


def _refit_chart(data: bytes, layout: SeasonLayout, new_ref: str) -> tuple[bytes, int] | None:
    """The chart part redrawn with one line per row of the array (None if no series of
    this chart reads the array's name column)."""
    doc = minidom.parseString(data)
    r1, c1, r2, c2 = bounds(new_ref)
    mine: list[minidom.Element] = []
    for series in doc.getElementsByTagNameNS(_CHART_NS, "ser"):
        names = [
            f
            for tx in children(series, "tx")
            for ref in children(tx, "strRef")
            for f in children(ref, "f")
        ]
        text = names[0].firstChild.nodeValue if names and names[0].firstChild else None
        target = _split_reference(text or "")
        if target is None or target[0].upper() != layout.sheet.upper():
            continue
        _, name_col = parse_cell(target[1].split(":")[0])
        if name_col == c1:
            mine.append(series)
    if not mine:
        return None
    model = mine[0]
    parent = model.parentNode
    assert parent is not None
    after: Any = mine[-1].nextSibling
    start = min(
        int(idx.getAttribute("val") or 0) for series in mine for idx in children(series, "idx")
    )
    for series in mine:
        parent.removeChild(series)
    # The cached points are dropped from every redrawn line: drop them from the model
    # once, not from each of its clones (a line over 600 events caches 1,200 points).
    for child in list(model.getElementsByTagNameNS(_CHART_NS, "*")):
        if child.localName in _CACHES and child.parentNode is not None:
            child.parentNode.removeChild(child)
    header = _sheet_ref(layout.sheet, f"{address(r1, c1 + 1)}:{address(r1, c2)}")
    count = 0
    for row in range(r1 + 1, r2 + 1):
        clone = model.cloneNode(deep=True)
        assert isinstance(clone, minidom.Element)
        for child in list(clone.getElementsByTagNameNS(_CHART_NS, "*")):
            if child.localName in _CACHES and child.parentNode is not None:
                child.parentNode.removeChild(child)
        for local in ("idx", "order"):
            for node in children(clone, local):
                node.setAttribute("val", str(start + count))
        refs = {
            "tx": _sheet_ref(layout.sheet, address(row, c1)),
            "cat": header,
            "val": _sheet_ref(layout.sheet, f"{address(row, c1 + 1)}:{address(row, c2)}"),
        }
        for local, text in refs.items():
            for holder in children(clone, local):
                for ref in holder.childNodes:
                    if isinstance(ref, minidom.Element):
                        for f in children(ref, "f"):
                            _set_text(doc, f, text)
        parent.insertBefore(clone, after)
        count += 1
    root = doc.documentElement
    assert root is not None
    return (XML_DECLARATION + root.toxml()).encode("utf-8"), count


def _refit_card_chart(data: bytes, events: int) -> bytes | None:
    """The Player card's chart part with its line over the start and *events* events:
    each series over one column of the card sheet keeps its first row and ends *events*
    rows below it (None: no series reads the card sheet, or they already fit)."""
    doc = minidom.parseString(data)
    changed = False
    for series in doc.getElementsByTagNameNS(_CHART_NS, "ser"):
        refs = [
            f
            for local in ("cat", "val")
            for holder in children(series, local)
            for ref in holder.childNodes
            if isinstance(ref, minidom.Element)
            for f in children(ref, "f")
        ]
        for f in refs:
            text = f.firstChild.nodeValue if f.firstChild is not None else ""
            target = _split_reference(text or "")
            if target is None or target[0].casefold() != CARD_SHEET.casefold():
                continue
            r1, c1, r2, c2 = bounds(target[1])
            if c1 != c2 or r2 == r1 + events:
                continue
            _set_text(
                doc, f, _sheet_ref(target[0], f"{address(r1, c1)}:{address(r1 + events, c1)}")
            )
            changed = True
    if not changed:
        return None
    for child in list(doc.getElementsByTagNameNS(_CHART_NS, "*")):
        if child.localName in ("strCache", "numCache") and child.parentNode is not None:
            child.parentNode.removeChild(child)
    root = doc.documentElement
    assert root is not None
    return (XML_DECLARATION + root.toxml()).encode("utf-8")


def write_book(
    source: Path,
    target: Path,
    layout: SeasonLayout,
    edits: Mapping[str, Mapping[tuple[int, int], object]],
    new_ref: str | None,
    base: Mapping[str, bytes | None] | None = None,
) -> int:
    """Copy *source* to *target* with *edits* (sheet -> (row, col) -> value) written and
    the array resized to *new_ref* (and its charts redrawn), and the Games sheet's print
    area ending on its last row in use; returns the chart lines.

    *base* holds parts already changed (grown tables: :func:`_grown_parts`; None for a
    part to leave out).  Every XML part of the new file must parse and the file must pass
    the guard (:func:`_verify`) before it replaces *target*.
    """
    series = 0
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
        replaced: dict[str, bytes] = {}
        if new_ref is not None:
            _resize_array(sheet(layout.sheet), layout, new_ref)
            for part in zf.namelist():
                if part.startswith("xl/charts/") and part.endswith(".xml"):
                    redrawn = _refit_chart(read(part), layout, new_ref)
                    if redrawn is not None:
                        replaced[part], lines = redrawn
                        series += lines
                        continue
                    events = bounds(new_ref)[3] - bounds(new_ref)[1]
                    card = _refit_card_chart(read(part), events)
                    if card is not None:
                        replaced[part] = card
        replaced.update({part: rewriter.to_bytes() for part, rewriter in sheets.items()})
        # The cells changed but their dependents were not computed: Excel must
        # recalculate on load (a later recalc writes the current calcPr back).
        book_part = workbook_part(zf)
        replaced[book_part] = with_calc_properties(read(book_part), current=False)
        games_part = parts.get(layout.games[0].upper())
        if games_part is not None:
            games_xml = replaced.get(games_part) or read(games_part)
            replaced[book_part] = with_print_rows(
                replaced[book_part], layout.games[0], last_content_row(games_xml)
            )
        with replacing(target) as temp:
            with zipfile.ZipFile(temp, "w", zipfile.ZIP_DEFLATED) as out:
                for info in zf.infolist():
                    if info.filename in base and base[info.filename] is None:
                        continue
                    data = replaced.get(info.filename)
                    out.writestr(info, data if data is not None else read(info.filename))
            _verify(temp, source.name)
    return series


#: A cell element and its row; ``/`` when it closes at once (a style, no content).
_CELL_TAG: Final = re.compile(
    rb'<(?:[A-Za-z_][\w.-]*:)?c\b[^>]*?\br="[A-Z]{1,3}([0-9]+)"[^>]*?(/?)>'
)
_DEFINED_NAME: Final = re.compile(r"(<definedName\b([^>]*)>)([^<]*)(</definedName>)")
_AREA_END: Final = re.compile(r"^(.*![$]?[A-Z]{1,3}[$]?([0-9]+):[$]?[A-Z]{1,3}[$]?)([0-9]+)$")


def last_content_row(sheet_xml: bytes) -> int:
    """The last row of a worksheet part holding a value or a formula (0: none); cells
    with a style only (a table's blank rows) do not count."""
    last = 0
    for match in _CELL_TAG.finditer(sheet_xml):
        if match.group(2) or sheet_xml.startswith(b"</", match.end()):
            continue
        last = max(last, int(match.group(1)))
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


def prints_used_rows(path: Path, layout: SeasonLayout) -> bool:
    """True when the Games sheet's print area already ends on its last row in use."""
    with zipfile.ZipFile(path) as zf:
        part = dict((n.upper(), p) for n, p in sheet_parts(zf)).get(layout.games[0].upper())
        if part is None:
            return True
        book = zf.read(workbook_part(zf))
        return with_print_rows(book, layout.games[0], last_content_row(zf.read(part))) == book


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
    not plain: then :func:`fit_season` decides with openpyxl)."""
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


def streamed_shape(path: Path, layout: SeasonLayout) -> tuple[int, int] | None:
    """:func:`shape_of` of the tables, read with openpyxl's streaming (read-only) reader."""
    tables = streamed_tables(path, layout)
    return None if tables is None else shape_of(tables[1], tables[2])


# ---------------------------------------------------------------- importing


def last_used(grid: Sequence[Sequence[object]]) -> int:
    """Index of the last row holding anything (-1 for an empty table)."""
    for i in range(len(grid) - 1, -1, -1):
        if any(v is not None for v in grid[i]):
            return i
    return -1
