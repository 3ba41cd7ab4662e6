"""A club season workbook: find its tables, fit its ratings table, add an imported event.

A season workbook (``club_season.xlsx`` or any book built the same way) holds one
``SEASON_RATINGS`` call written as a dynamic array; its first two arguments are the
Players and Games tables (fixed ranges with spare blank rows).  Everything here is found
from that formula, not from fixed addresses, so a book whose user moved things keeps
working.

* :func:`fit_season` resizes the array to the table the function returns for the tables
  as they are now (rows: the players plus a header; columns: the events plus the names),
  as Excel 365 does when it recalculates, and redraws the chart lines over it (one per
  player).  The headless engine computes an array formula over its stored range only
  (``formulas`` 1.3 gives ``#VALUE!`` in every cell when the result is larger), so
  ``xlrating recalc`` fits a season book before computing it.
* :func:`import_event` writes an imported event (:func:`xlrating.imports.parse_any`) into
  the tables: players not yet listed (matched by name, ignoring case and spacing), then
  one row per game or bye, then fits the array and the chart.

The file is edited as XML inside the zip, like :mod:`xlrating.workbook.xlsx` does:
saving with openpyxl would drop the dynamic-array metadata (Excel 365 would then show the
array as a legacy CSE array) and rewrite every part, charts included.
Only the cells written, the array's range, the cells it gains or loses, and the chart
series change; every other part is copied byte for byte.  The new file is written next to
the target and renamed over it, so a failure never leaves a damaged book.  openpyxl is
used to read cell values (shared strings, dates) only, and only after
:func:`xlrating.workbook.guard.check_workbook` has accepted the file (no DOCTYPE in any
part, sizes within the limits, no links to other workbooks).
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

from ..cells import EXCEL_EPOCH, is_error_cell
from ..errors import RatingError, WorkbookError
from ..tables import read_players, read_season_games
from ..tournament import BYE, MAX_NAME_CHARS, Event, name_problem
from .a1 import RANGE_RE, address, bounds, cell_range, column_letters, parse_cell, split_sheet
from .files import replacing
from .guard import WorkbookRefusedError, check_workbook, require_defusedxml
from .lint import references
from .rows import Package, RowEdit, RowsError
from .season_layout import (
    CARD_SHEET,
    CLUB_BYE_RESULTS,
    CLUB_GAME_ROWS,
    CLUB_MAX_GAME_ROWS,
    CLUB_MAX_PLAYER_ROWS,
    CLUB_PLAYER_ROWS,
)
from .xlsx import (
    XML_DECLARATION,
    SheetRewriter,
    children,
    sheet_parts,
    with_calc_properties,
    workbook_part,
)

__all__ = [
    "BYE_TEXT",
    "FUNCTION",
    "RESULT_TEXT",
    "FitReport",
    "GrowReport",
    "ImportReport",
    "SeasonBookError",
    "SeasonLayout",
    "find_season",
    "fit_season",
    "game_rows",
    "import_event",
    "resize_season",
    "text_problem",
]

#: The registry function whose array a season book fits.
FUNCTION: Final = "SEASON_RATINGS"
#: How a played game's result is written (White's points -> text), as the template's
#: drop-down offers it; forfeits are ``+-`` and ``-+``.
RESULT_TEXT: Final[dict[float, str]] = {1.0: "1-0", 0.5: "½-½", 0.0: "0-1"}
#: How a bye's points are written in the result column (``BYE`` in the Black column).
BYE_TEXT: Final = CLUB_BYE_RESULTS
_FORFEIT_TEXT: Final[dict[float, str]] = {1.0: "+-", 0.0: "-+"}
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


def _check(path: Path) -> None:
    """Refuse (as a SeasonBookError naming the file) what the guard refuses."""
    try:
        require_defusedxml()
        check_workbook(path)
    except WorkbookRefusedError as error:
        raise SeasonBookError(f"{path.name}: {error}") from None


def _load(path: Path, *, checked: bool = False) -> Any:
    from openpyxl import load_workbook

    if not checked:
        _check(path)
    try:
        with path.open("rb") as handle:  # a file object: openpyxl then ignores the suffix
            return load_workbook(handle)
    except zipfile.BadZipFile:
        raise SeasonBookError(f"{path.name} is not an xlsx file") from None
    except (KeyError, ValueError) as error:
        raise SeasonBookError(f"{path.name} cannot be read: {error}") from None


def _layout_of(wb: Any, book: str) -> SeasonLayout:
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
    return _layout_of(_load(path), path.name)


def _cell_value(value: object) -> object:
    """A cell as the spreadsheet functions get it: numbers as floats, blanks as None."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, (bool, dt.date, str)):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    return str(value)


def _grid(wb: Any, area: Area) -> list[list[object]]:
    sheet, ref = area
    return [[_cell_value(cell.value) for cell in row] for row in wb[sheet][ref]]


def _shape(players: list[list[object]], games: list[list[object]]) -> tuple[int, int] | None:
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


def _fitted_ref(layout: SeasonLayout, shape: tuple[int, int]) -> str:
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


def _write(
    source: Path,
    target: Path,
    layout: SeasonLayout,
    edits: Mapping[str, Mapping[tuple[int, int], object]],
    new_ref: str | None,
    base: Mapping[str, bytes | None] | None = None,
) -> int:
    """Copy *source* to *target* with *edits* (sheet -> (row, col) -> value) written and
    the array resized to *new_ref* (and its charts redrawn); returns the chart lines.

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
        replaced.update({part: rewriter.to_bytes() for part, rewriter in sheets.items()})
        # The cells changed but their dependents were not computed: Excel must
        # recalculate on load (a later recalc writes the current calcPr back).
        book_part = workbook_part(zf)
        replaced[book_part] = with_calc_properties(read(book_part), current=False)
        with replacing(target) as temp:
            with zipfile.ZipFile(temp, "w", zipfile.ZIP_DEFLATED) as out:
                for info in zf.infolist():
                    if info.filename in base and base[info.filename] is None:
                        continue
                    data = replaced.get(info.filename)
                    out.writestr(info, data if data is not None else read(info.filename))
            _verify(temp, source.name)
    return series


class _Refused(SeasonBookError):
    """The new file would not pass the guard (its limits, or an XML part not well-formed)."""


def _verify(temp: Path, book: str) -> None:
    """Refuse (SeasonBookError) a new file that the guard would refuse: every XML part
    must be well-formed and the file within the limits ``xlrating recalc`` computes."""
    try:
        check_workbook(temp)
    except WorkbookRefusedError as error:
        raise _Refused(
            f"{book}: the workbook as changed would not pass xlrating's check "
            f"({' '.join(str(error).split())}); nothing was written"
        ) from None


#: A SEASON_RATINGS array formula in sheet XML: its cell, its range and its text.
_ARRAY_RE: Final = re.compile(
    r'<c\b[^>]*\br="([A-Z]+[0-9]+)"[^>]*>\s*<f\b(?=[^>]*\bt="array")[^>]*\bref="([^"]+)"[^>]*>'
    r"((?:_xludf\.)?" + FUNCTION + r"\([^<]*)</f>"
)


def _layout_from_xml(path: Path) -> SeasonLayout | None:
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


def _streamed_shape(path: Path, layout: SeasonLayout) -> tuple[int, int] | None:
    """:func:`_shape` of the tables, read with openpyxl's streaming (read-only) reader."""
    from openpyxl import load_workbook

    with path.open("rb") as handle:
        wb = load_workbook(handle, read_only=True)
        try:
            names = {name.upper(): name for name in wb.sheetnames}

            def grid(area: Area) -> list[list[object]]:
                first_row, first_col, last_row, last_col = bounds(area[1])
                rows = wb[names.get(area[0].upper(), area[0])].iter_rows(
                    min_row=first_row,
                    max_row=last_row,
                    min_col=first_col,
                    max_col=last_col,
                    values_only=True,
                )
                width = last_col - first_col + 1
                out = [[_cell_value(v) for v in row] + [None] * (width - len(row)) for row in rows]
                return out + [[None] * width for _ in range(last_row - first_row + 1 - len(out))]

            return _shape(grid(layout.players), grid(layout.games))
        finally:
            wb.close()


def fit_season(
    source: str | Path, target: str | Path, *, checked: bool = False
) -> FitReport | None:
    """Write *source* to *target* with its SEASON_RATINGS array sized to its tables.

    The array gets one row per player plus the header and one column per event plus the
    names; the chart lines over it are redrawn, one per player.  Nothing is written (and
    None returned) when the array already fits, when the book has no season table, or
    when its tables cannot be read (the function then shows its error text).

    :param checked: the caller has run the guard on *source* already.
    """
    source, target = Path(source), Path(target)
    if checked:  # the caller ran the guard on this file; openpyxl still needs defusedxml
        try:
            require_defusedxml()
        except WorkbookRefusedError as error:
            raise SeasonBookError(f"{source.name}: {error}") from None
    else:
        _check(source)
    with zipfile.ZipFile(source) as zf:
        if not any(
            f"{FUNCTION}(".encode() in zf.read(part) for _, part in sheet_parts(zf)
        ):  # not a season book: no need to open it with openpyxl
            return None
    # Most books already fit: tell from the sheet XML and a streamed read of the tables,
    # and read the whole book (and rewrite it) only when the array must change.
    quick = _layout_from_xml(source)
    if quick is not None:
        shape = _streamed_shape(source, quick)
        if shape is None or _fitted_ref(quick, shape) == quick.ref:
            return None
    wb = _load(source, checked=True)
    try:
        layout = _layout_of(wb, source.name)
    except SeasonBookError:
        return None
    shape = _shape(_grid(wb, layout.players), _grid(wb, layout.games))
    if shape is None:
        return None
    new_ref = _fitted_ref(layout, shape)
    if new_ref == layout.ref:
        return None
    series = _write(source, target, layout, {}, new_ref)
    return FitReport(layout.ref, new_ref, series)


# ---------------------------------------------------------------- importing


def _key(name: object) -> str:
    return " ".join(str(name).split()).casefold()


def text_problem(text: str) -> str | None:
    """Why *text* cannot be written into a cell of a workbook (None: it can).

    The rule is the tournament vocabulary's (:func:`xlrating.tournament.name_problem`): a
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

    >>> from xlrating.tournament import Game, Player
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
            and game.white_score in _FORFEIT_TEXT
            and game.black_points == 1.0 - game.white_score
        ):
            rows.append((game.round, game.white, game.black, _FORFEIT_TEXT[game.white_score]))
        else:
            rows.append((game.round, game.white, BYE, _points(game.white_score, where)))
            rows.append((game.round, game.black, BYE, _points(game.black_points, where)))
            split += 1
    return rows, split


def _last_used(grid: Sequence[Sequence[object]]) -> int:
    """Index of the last row holding anything (-1 for an empty table)."""
    for i in range(len(grid) - 1, -1, -1):
        if any(v is not None for v in grid[i]):
            return i
    return -1


def _serial(day: dt.date) -> float:
    """An Excel date serial (1900 date system)."""
    return float((day - EXCEL_EPOCH).days)


def import_event(
    book: str | Path,
    event: Event,
    *,
    name: str,
    date: dt.date,
    target: str | Path | None = None,
) -> ImportReport:
    """Add *event* to the season workbook *book* (written to *target*, default *book*).

    Players not yet on the Players table (matched by name, ignoring case and spacing) are
    added after its last used row: name, rating, rated games (blank when an established
    rating's count is not known, 0 when unrated), floor, age.  The games follow the last
    used row of the Games table, one row per game or bye (:func:`game_rows`), with the
    event's *name* and *date* on every row; names the Players table already had keep its
    spelling.  The ratings array and its chart are then fitted (:func:`fit_season`).

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
    wb = _load(book)
    layout = _layout_of(wb, book.name)
    players, games = _grid(wb, layout.players), _grid(wb, layout.games)
    p_sheet, p_ref = layout.players
    g_sheet, g_ref = layout.games
    pr1, pc1, pr2, pc2 = bounds(p_ref)
    gr1, gc1, gr2, gc2 = bounds(g_ref)
    if pc2 - pc1 < 1 or gc2 - gc1 < 5:
        raise SeasonBookError(
            f"{book.name}: the tables need columns name, rating, ... (players) and event, "
            f"date, round, white, black, result (games); {FUNCTION} reads {p_ref} and {g_ref}"
        )
    taken = {_key(row[0]): str(row[0]) for row in games if row and row[0] is not None}
    if _key(event_name) in taken:
        raise SeasonBookError(
            f"{book.name} already has an event called {taken[_key(event_name)]!r} on sheet "
            f"{g_sheet}: import it under another name"
        )
    listed = {_key(row[0]): str(row[0]) for row in players if row and row[0] is not None}
    spelling: dict[str, str] = {}
    new_players = []
    for player in event.players:
        known = listed.get(_key(player.name))
        if known is None:
            new_players.append(player)
            spelling[player.name] = player.name
        else:
            spelling[player.name] = " ".join(known.split())
    rows, split = game_rows(event)

    p_next = _last_used(players) + 1
    p_room = len(players) - p_next
    g_next = _last_used(games) + 1
    g_room = len(games) - g_next
    p_rows, g_rows = len(players), len(games)
    if len(new_players) > p_room:
        p_rows = _room_for(p_next + len(new_players), CLUB_PLAYER_ROWS, CLUB_MAX_PLAYER_ROWS)
        if p_next + len(new_players) > p_rows:
            raise SeasonBookError(
                f"no room on sheet {p_sheet}: the event brings {len(new_players)} new "
                f"players, the table {p_ref} has room for {p_room} more and grows to at "
                f"most {CLUB_MAX_PLAYER_ROWS:,} rows"
            )
    if len(rows) > g_room:
        g_rows = _room_for(g_next + len(rows), CLUB_GAME_ROWS, CLUB_MAX_GAME_ROWS)
        if g_next + len(rows) > g_rows:
            raise SeasonBookError(
                f"no room on sheet {g_sheet}: the event needs {len(rows)} rows, the table "
                f"{g_ref} has {g_room} free rows after its last one and grows to at most "
                f"{CLUB_MAX_GAME_ROWS:,} rows"
            )
    players += [[None] * (pc2 - pc1 + 1) for _ in range(p_rows - len(players))]
    games += [[None] * (gc2 - gc1 + 1) for _ in range(g_rows - len(games))]

    player_cells: dict[tuple[int, int], object] = {}
    for i, player in enumerate(new_players):
        unrated = player.rating is None
        values: list[str | float | None] = [
            player.name,
            player.rating,
            0 if unrated else player.games,
            player.floor or None,
            player.age,
        ]
        row = pr1 + p_next + i
        for j, value in enumerate(values[: pc2 - pc1 + 1]):
            if value is not None:
                player_cells[(row, pc1 + j)] = float(value) if j else value
            players[p_next + i][j] = _cell_value(value)
    game_cells: dict[tuple[int, int], object] = {}
    for i, (rnd, white, black, result) in enumerate(rows):
        cells: list[object] = [
            event_name,
            _serial(date),
            float(rnd),
            spelling[white],
            spelling.get(black, black),
            result,
        ]
        row = gr1 + g_next + i
        for j, cell in enumerate(cells):
            game_cells[(row, gc1 + j)] = cell
        games[g_next + i][:6] = [event_name, date, float(rnd), *cells[3:]]
    edits: dict[str, dict[tuple[int, int], object]] = {}
    edits.setdefault(p_sheet, {}).update(player_cells)
    edits.setdefault(g_sheet, {}).update(game_cells)

    shape = _shape(players, games)
    grown: GrowReport | None = None
    if (p_rows, g_rows) == (pr2 - pr1 + 1, gr2 - gr1 + 1):
        new_ref = _fitted_ref(layout, shape) if shape is not None else None
        new_ref = None if new_ref == layout.ref else new_ref
        series = _write(book, target, layout, edits, new_ref, {})
    else:
        exact = (
            max(p_next + len(new_players), pr2 - pr1 + 1),
            max(g_next + len(rows), gr2 - gr1 + 1),
        )
        series, layout, new_ref, grown = _write_grown(
            book, target, layout, edits, shape, [(p_rows, g_rows), exact]
        )
    return ImportReport(
        event=event_name,
        date=date,
        added=tuple(p.name for p in new_players),
        known=tuple(spelling[p.name] for p in event.players if p not in new_players),
        player_rows=(pr1 + p_next, pr1 + p_next + len(new_players) - 1) if new_players else None,
        game_rows=(gr1 + g_next, gr1 + g_next + len(rows) - 1),
        split=split,
        fit=FitReport(layout.ref, new_ref, series) if new_ref is not None else None,
        grown=grown,
    )


# ---------------------------------------------------------------- tables that grow


def _workbook_part(zf: zipfile.ZipFile) -> str:
    """The workbook part named by the package relationships (xl/workbook.xml)."""
    rels = zf.read("_rels/.rels").decode("utf-8", "replace")
    for match in re.finditer(r"<Relationship\b[^>]*>", rels):
        tag = match.group(0)
        if re.search(r'Type="[^"]*/officeDocument"', tag):
            found = re.search(r'Target="([^"]+)"', tag)
            if found:
                return found.group(1).lstrip("/")
    return "xl/workbook.xml"


def _room_for(needed: int, step: int, most: int) -> int:
    """The rows a table grows to when it must hold *needed*: the next multiple of the
    template's standard room (*step*: 40 players, 600 games), at most *most*."""
    return min(-(-needed // step) * step, most)


def _followers(pkg: Package, layout: SeasonLayout, book: str) -> list[tuple[str, int, int]]:
    """The blocks of rows that follow the Players table, one row per player (the Ratings
    and Standings rows): ranges of as many rows as the table, on other sheets, whose rows
    hold formulas."""
    p_sheet, p_ref = layout.players
    g_sheet = layout.games[0]
    first, _, last, _ = bounds(p_ref)
    height = last - first
    found: dict[str, set[tuple[int, int]]] = {}
    for sheet, a, b in pkg.ranges():
        # The Player card's rows follow the events (its chart's range can have as many
        # rows as the Players table by chance), never the players.
        if b - a != height or sheet.casefold() in (
            p_sheet.casefold(),
            g_sheet.casefold(),
            CARD_SHEET.casefold(),
        ):
            continue
        found.setdefault(sheet, set()).add((a, b))
    out: list[tuple[str, int, int]] = []
    for sheet, blocks in sorted(found.items()):
        blocks = {(a, b) for a, b in blocks if pkg.holds_formulas(sheet, a, b)}
        if len(blocks) > 1:
            shown = ", ".join(f"{a}-{b}" for a, b in sorted(blocks))
            raise SeasonBookError(
                f"{book}: sheet {sheet!r} has two blocks of rows that follow the Players "
                f"table ({shown}): xlrating cannot tell which one to grow"
            )
        out.extend((sheet, a, b) for a, b in blocks)
    return out


def _grown_parts(
    zf: zipfile.ZipFile, layout: SeasonLayout, player_rows: int, game_rows: int, book: str
) -> tuple[dict[str, bytes | None], SeasonLayout, GrowReport]:
    """The parts of the book with the Players table (and the rows that follow it) and the
    Games table given *player_rows* and *game_rows* rows; None for a part to drop (the
    calculation chain, which Excel rebuilds)."""
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
    sheets = dict(sheet_parts(zf))
    wanted = set(sheets.values()) | {_workbook_part(zf)}
    parts = {
        name: zf.read(name)
        for name in zf.namelist()
        if name in wanted or (name.startswith("xl/charts/") and name.endswith(".xml"))
    }
    try:
        pkg = Package(sheets, parts, _workbook_part(zf))
        followers = _followers(pkg, layout, book) if dp else []
        blocks = [(p_sheet, pr1, pr2, dp)] + [(s, a, b, dp) for s, a, b in followers]
        if dp < 0:  # the rows that read the dropped players go first
            blocks = blocks[1:] + blocks[:1]
        blocks.append((g_sheet, gr1, gr2, dg))
        edits: list[RowEdit] = []
        formulas = 0
        for sheet, first, last, delta in blocks:
            if delta == 0:
                continue
            if delta < 0:
                kept = pkg.values_in(sheet, last + delta + 1, last)
                if kept:
                    raise SeasonBookError(
                        f"{book}: cannot drop rows {last + delta + 1}-{last} of sheet "
                        f"{sheet!r}: {sheet}!{kept[0]} holds a value (only blank rows are "
                        "dropped)"
                    )
                edit = RowEdit(sheet, last + delta + 1, delta, first)
                pkg.apply(edit)
            else:
                if last - first < 1 and pkg.holds_formulas(sheet, first, last):
                    raise SeasonBookError(
                        f"{book}: sheet {sheet!r} has one row per player and a single row: "
                        "xlrating cannot tell how its formulas continue"
                    )
                edit = RowEdit(sheet, last + 1, delta, first)
                pkg.apply(edit)
                formulas += pkg.fill(sheet, last, delta)
            edits.append(edit)
        # New formula cells carry no cached value: _write asks for a full calculation on
        # load, as it does for every book it changes.
    except RowsError as error:
        raise SeasonBookError(f"{book}: {error}") from None
    out: dict[str, bytes | None] = dict(pkg.to_parts())
    if any(name == "xl/calcChain.xml" for name in zf.namelist()):
        out["xl/calcChain.xml"] = None
        for name in ("[Content_Types].xml", "xl/_rels/workbook.xml.rels"):
            if name in zf.namelist():
                text = zf.read(name).decode("utf-8")
                text = re.sub(r'<Override\b[^>]*PartName="/xl/calcChain\.xml"[^>]*/>', "", text)
                text = re.sub(r'<Relationship\b[^>]*Type="[^"]*/calcChain"[^>]*/>', "", text)
                out[name] = text.encode("utf-8")

    def moved(area: Area) -> Area:
        sheet, ref = area
        r1, c1, r2, c2 = bounds(ref)
        for edit in edits:
            if edit.sheet.casefold() == sheet.casefold():
                new = edit.rows(r1, r2)
                assert new is not None
                r1, r2 = new
        return sheet, f"{address(r1, c1)}:{address(r2, c2)}"

    anchor = moved((layout.sheet, layout.cell))[1].split(":")[0]
    array = moved((layout.sheet, layout.ref if ":" in layout.ref else f"{layout.ref}:{layout.ref}"))
    grown = SeasonLayout(
        layout.sheet,
        anchor,
        array[1] if ":" in layout.ref else anchor,
        moved(layout.players),
        moved(layout.games),
    )
    report = GrowReport(
        (pr2 - pr1 + 1, player_rows),
        (gr2 - gr1 + 1, game_rows),
        grown.players,
        grown.games,
        tuple(sheet for sheet, _, _ in followers),
        formulas,
    )
    return out, grown, report


def _check_room(key: str, rows: int, low: int, most: int) -> None:
    """Refuse a table size outside what ``xlrating templates`` accepts (same message)."""
    if isinstance(rows, bool) or not isinstance(rows, int) or not low <= rows <= most:
        raise SeasonBookError(
            f"{key} must be a whole number from {low} to {most} (the table holds {low}), "
            f"got {rows!r}"
        )


def resize_season(
    source: str | Path,
    target: str | Path,
    *,
    player_rows: int | None = None,
    game_rows: int | None = None,
) -> GrowReport:
    """Write *source* to *target* with its Players and Games tables holding *player_rows*
    and *game_rows* rows (None: as they are).

    Growing inserts rows below a table, as Excel's "insert rows" does: everything below
    moves down and every reference follows (formulas, array formulas, data validations,
    conditional formats, defined names, the chart); ranges over the table grow with it;
    the new rows get the last row's styles and validation.  The rows that follow the
    Players table one per player on other sheets (Ratings, Standings) grow with it, their
    formulas continued.  Shrinking drops rows from the end of a table, and only blank
    ones.  The ratings array and its chart are fitted afterwards (:func:`fit_season`).

    :raises SeasonBookError: (one line) when the book is not a season workbook, a size is
        out of range, rows to drop hold values, or the grown book would pass the guard's
        limits (nothing is written then).
    """
    source, target = Path(source), Path(target)
    wb = _load(source)
    layout = _layout_of(wb, source.name)
    players, games = _grid(wb, layout.players), _grid(wb, layout.games)
    p_rows, g_rows = len(players), len(games)
    new_p = p_rows if player_rows is None else player_rows
    new_g = g_rows if game_rows is None else game_rows
    _check_room("player_rows", new_p, max(_last_used(players) + 1, 1), CLUB_MAX_PLAYER_ROWS)
    _check_room("game_rows", new_g, max(_last_used(games) + 1, 1), CLUB_MAX_GAME_ROWS)
    shape = _shape(players, games)
    _, _, _, report = _write_grown(source, target, layout, {}, shape, [(new_p, new_g)])
    return report


def _write_grown(
    book: Path,
    target: Path,
    layout: SeasonLayout,
    edits: Mapping[str, Mapping[tuple[int, int], object]],
    shape: tuple[int, int] | None,
    rooms: Sequence[tuple[int, int]],
) -> tuple[int, SeasonLayout, str | None, GrowReport]:
    """:func:`_write` with the tables grown to the first of *rooms* (player rows, game
    rows) that stays within the guard's limits; returns the chart lines, the grown layout,
    the array's new range (None: unchanged) and what grew."""
    tried: list[tuple[int, int]] = []
    last: SeasonBookError | None = None
    for room in rooms:
        if room in tried:
            continue
        tried.append(room)
        with zipfile.ZipFile(book) as zf:
            base, grown, report = _grown_parts(zf, layout, room[0], room[1], book.name)
        new_ref = _fitted_ref(grown, shape) if shape is not None else None
        new_ref = None if new_ref == grown.ref else new_ref
        try:
            series = _write(book, target, grown, edits, new_ref, base)
        except _Refused as refused:
            last = refused
            continue
        return series, grown, new_ref, report
    players, games = tried[-1]
    reason = str(last).split("check (", 1)[-1].rsplit(")", 1)[0].split(";")[0]
    raise SeasonBookError(
        f"{book.name}: the tables would need {players:,} player rows and {games:,} game rows, "
        f"and the book would then hold {reason}: start a new season book; nothing was written"
    )
