"""The typed-in cells of a big sheet read straight from its XML, for the engine.

``formulas`` reads a book with openpyxl, which makes a cell object of every cell of every
sheet (a 5,000-game season: the Games table's 30,000 cells); the engine then keeps each value
cell only as a value
(:class:`~xlrating.workbook.engine.value_cells.ValueCells`). Here, as openpyxl opens each sheet
part, the part is parsed by an XML parser (expat, as the guard and openpyxl parse it:
entities as openpyxl decodes them, line ends normalised, comments, processing
instructions and CDATA as XML reads them), its plain value cells (a number, a shared or
formula-result text, a Boolean, an error) are read with the very conversions openpyxl
applies (its ``WorkSheetParser.parse_cell`` of openpyxl 3.1, as ``formulas`` calls it: no
date conversion, ``_cast_number``, the shared strings ``formulas`` read), and the part
goes on to openpyxl without them: their bytes are cut out whole, everything else stays
byte for byte. Every other cell (a formula, an inline or rich text, an ISO date, a
value that is not one Excel writes, a cell inside a merged range or an array formula's
range, a styled blank) stays for openpyxl.

What openpyxl reads is every child element of every ``row`` element anywhere in the part
(nested, in a foreign element or inside ``mc:AlternateContent``), positioned by its
``r`` or by counting. The values are read apart only where that is the plain shape, so
the two cannot differ: the part is left whole to openpyxl when it is not UTF-8, declares
a DOCTYPE, is not well-formed, has a ``row`` anywhere but directly in the ``sheetData``
of the ``worksheet`` root (or a second ``sheetData``), a row child that is not a
SpreadsheetML ``c``, a cell without a plain reference (no ``r``, ``$``, lower case, off
the grid) or a reference written twice, a data-table formula, an array formula outside a
cell, ``mergeCells`` anywhere but in the root or more than :data:`MOST_MERGES` merged and
array ranges. Nothing is guessed: what is not read here exactly is openpyxl's.

Why expat here, where the rest of the wing parses a part with lxml
(:mod:`~xlrating.workbook.ooxml.package`): this reader cuts the value cells' bytes out of
the part, by the byte offsets expat reports for each element, and hands openpyxl the rest
byte for byte; with a tree it would build the Games sheet's 40,000 elements and write them
out again only for openpyxl to parse them a second time.  It reads the part's bytes from
the package (no zip is opened) and keeps nothing of its own.

:mod:`xlrating.workbook.engine.evaluation` installs it (:func:`reading_values_apart` while
``formulas`` loads the book, :func:`keep_taken` as it pushes each sheet); ``formulas``
is imported only there.  The same hook serves ``formulas`` the book from its
:class:`~xlrating.workbook.ooxml.package.Package` (the sheet parts as the package holds
them, no file opened) and refuses any other file it asks for.

What it is worth (measured on the 5,000-game generated season, seconds of CPU; the runs and
their conditions are in bench/README.md, "What changed since 2026-12-02"): reading the book
1.2 -> 0.87 s when the value cells were first read apart (commit 5c8bd8d, regular
expressions); read by expat since 2026-12-06, the Games part in 182 ms (the regular
expressions: 188 ms), and ``recalc`` of that season 1.66-2.37 s against 2.13-2.51 s
before (three alternated runs each, the same output byte for byte).  Measured again on
2026-12-06 with the book read from its package (issue 37): in one warm process, loading
the book takes about as long either way (0.627 s with the cells read apart, 0.649 s
without, medians of 20 alternated runs), but ``recalc`` in a fresh process, what the user
waits for, spends 2.50 s of CPU with them read apart against 2.57 s without (medians of 8
alternated runs), and bench/bench_suite.py's case 5a put ``recalc`` without them 5-10 %
of CPU behind the code before issue 37 (with them: 1.01 and 0.99 of it); so it stays.
"""

from __future__ import annotations

import contextlib
import io
import os.path
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO, Any, Final
from xml.parsers import expat

from ...sheet.cells import EXCEL_COLUMNS, EXCEL_ROWS
from ..ooxml.a1 import RANGE_RE, column_number
from ..ooxml.damaged_cells import cast_number
from ..ooxml.guard import WorkbookRefusedError
from ..ooxml.package import Package

__all__ = [
    "MOST_MERGES",
    "SheetValues",
    "StrippingArchive",
    "keep_taken",
    "load_apart",
    "reading_values_apart",
    "strip_values",
]

#: (row, column) -> (raw value, openpyxl's data type) of the cells taken out of a sheet.
SheetValues = dict[tuple[int, int], tuple[object, str]]

#: Most merged ranges and array formula ranges a sheet may have for its values to be read
#: apart (each value cell is checked against each range); a sheet with more is left whole
#: to openpyxl.
MOST_MERGES: Final = 256

_WORKSHEET: Final = re.compile(r"xl/worksheets/[^/]+\.xml")
_MAIN: Final = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
# Elements as expat names them with namespace_separator=" ".
_ROOT_TAG: Final = f"{_MAIN} worksheet"
_DATA_TAG: Final = f"{_MAIN} sheetData"
_ROW_TAG: Final = f"{_MAIN} row"
_CELL_TAG: Final = f"{_MAIN} c"
_VALUE_TAG: Final = f"{_MAIN} v"
_FORMULA_TAG: Final = f"{_MAIN} f"
_MERGES_TAG: Final = f"{_MAIN} mergeCells"
_MERGE_TAG: Final = f"{_MAIN} mergeCell"
#: Elements that may stand only where the plain shape has them (see the module's text).
_PLACED: Final = frozenset({_DATA_TAG, _ROW_TAG, _CELL_TAG, _MERGES_TAG, _MERGE_TAG})
#: A cell reference openpyxl and this module read alike (no ``$``, upper case).
_PLAIN_REF: Final = re.compile(r"([A-Z]{1,3})([1-9][0-9]{0,6})")
#: Formulas whose cells hold members of one result: an array formula's range is left to
#: openpyxl (as a merged range is); a sheet with a data table is left whole, and so is one
#: with an array formula written anywhere but inside a cell.
_ARRAY: Final = "array"
_WHOLE_FORMULAS: Final = frozenset({_ARRAY, "dataTable"})
#: A number as Excel writes one (anything else is left to openpyxl, which may refuse it).
_NUMBER: Final = re.compile(r"-?[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?")
_INDEX: Final = re.compile(r"[0-9]+")
_UTF8: Final = frozenset({"utf-8", "utf8"})
#: Byte-order marks of UTF-16 and UTF-32 (the parser reads them; the cut would not).
_WIDE_MARKS: Final = (b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")


def _value(kind: str, text: str, strings: list[str]) -> tuple[object, str] | None:
    """What openpyxl makes of ``<v>text</v>`` in a cell of type *kind* (None: leave it)."""
    if kind == "n":
        return (cast_number(text), "n") if _NUMBER.fullmatch(text) else None
    if kind == "s":
        index = int(text) if _INDEX.fullmatch(text) else -1
        return (strings[index], "s") if 0 <= index < len(strings) else None
    if kind == "b":
        return (bool(int(text)), "b") if text in ("0", "1") else None
    if kind == "str":
        return text, "s"
    if kind == "e":
        return text, "e"
    return None


class _Aside(Exception):
    """The part is left whole to openpyxl."""


#: A cell of the plain shape holding one value: its reference, type, the text of its
#: ``v``, and where its bytes start and end in the part.
_Found = tuple[str, str, str, int, int]
#: A merged range: first row, first column, last row, last column.
_Box = tuple[int, int, int, int]


def _merge_box(ref: str) -> _Box:
    found = RANGE_RE.match(ref)
    if found is None:
        raise _Aside
    column, row, last_column, last_row = found.groups()
    r1, c1 = int(row), column_number(column)
    r2, c2 = (int(last_row), column_number(last_column)) if last_column else (r1, c1)
    return min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2)


def _read_cells(data: bytes) -> tuple[list[_Found], list[_Box]]:
    """One pass of expat over a sheet part: its value cells of the plain shape, in order,
    and its merged ranges; :class:`_Aside` (or expat's error) when the part is not of the
    plain shape (the module's text says what that is).

    The handlers are closures over plain locals: this runs for every element of the
    biggest sheets (a 5,000-game season: 65,000 elements), and the Games part of that
    season took 182 ms this way against 337 ms as methods of a reader object.
    """
    if data.startswith(_WIDE_MARKS):
        raise _Aside
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    path: list[str] = []  # the open elements, root first
    found: list[_Found] = []
    seen: set[str] = set()
    merges: list[_Box] = []
    placed = {_DATA_TAG: False, _MERGES_TAG: False}
    # The cell open now (depth 3 of the path), if any.
    in_cell = False
    ref = kind = ""
    start_at = values = 0
    plain = reading = False
    text: str | None = None
    chunks: list[str] = []

    def inner(tag: str, attributes: dict[str, str]) -> None:
        """An element inside a cell (not the cell's own ``v``)."""
        if tag in _PLACED:
            raise _Aside  # openpyxl would read it; the plain shape has none there
        kind = attributes.get("t") if tag == _FORMULA_TAG else None
        if kind == _ARRAY and "ref" in attributes:
            # An array formula's members hold its results as plain values: they stay
            # openpyxl's (the engine drops them as the array's), like a merged range's
            # cells; the cells around them are read apart.  Its anchor holds the formula,
            # so a one-cell array has no member.
            box = _merge_box(attributes["ref"])
            if box[0] != box[2] or box[1] != box[3]:
                if len(merges) >= MOST_MERGES:
                    raise _Aside
                merges.append(box)
        elif kind in _WHOLE_FORMULAS:
            raise _Aside

    def outer(tag: str, depth: int, attributes: dict[str, str]) -> None:
        """An element outside every cell, not a row's child."""
        if depth == 0:
            if tag != _ROOT_TAG:
                raise _Aside
            return
        if tag not in _PLACED:
            if tag == _FORMULA_TAG and attributes.get("t") in _WHOLE_FORMULAS:
                raise _Aside
            return
        parent = path[depth - 1]
        if tag == _ROW_TAG and depth == 2 and parent == _DATA_TAG:
            return
        if tag == _MERGE_TAG and depth == 2 and parent == _MERGES_TAG:
            if len(merges) >= MOST_MERGES:
                raise _Aside
            merges.append(_merge_box(attributes.get("ref", "")))
            return
        if tag in placed and depth == 1 and not placed[tag]:
            placed[tag] = True  # the one sheetData or mergeCells of the root
            return
        raise _Aside

    def start(tag: str, attributes: dict[str, str]) -> None:
        nonlocal in_cell, ref, kind, start_at, values, plain, reading, text, chunks
        depth = len(path)
        path.append(tag)
        if in_cell:
            if depth == 4 and tag == _VALUE_TAG:
                values += 1
                reading = values == 1
                chunks = []
                return
            reading = False  # an element in the value: openpyxl reads only the text before
            if depth == 4:
                plain = False  # a formula, an inline text, anything else: openpyxl's cell
            inner(tag, attributes)
            return
        if depth == 3 and path[2] == _ROW_TAG:
            if tag != _CELL_TAG:
                raise _Aside  # openpyxl makes a cell of every child of a row
            ref = attributes.get("r", "")
            if ref in seen or _PLAIN_REF.fullmatch(ref) is None:
                raise _Aside  # placed by counting, or written twice (openpyxl keeps the last)
            seen.add(ref)
            in_cell, plain, values, text = True, True, 0, None
            kind = attributes.get("t", "n")
            start_at = parser.CurrentByteIndex
            return
        outer(tag, depth, attributes)

    def characters(chunk: str) -> None:
        if reading:
            chunks.append(chunk)

    def end(tag: str) -> None:
        nonlocal in_cell, reading, text
        path.pop()
        if not in_cell:
            return
        depth = len(path)
        if depth == 3:  # the cell closes
            in_cell = False
            if plain and values == 1 and text:  # it has a ``v``: it ends in an end tag
                closing = data.index(b">", parser.CurrentByteIndex) + 1
                found.append((ref, kind, text, start_at, closing))
        elif depth == 4 and reading:  # its first ``v`` closes, nothing inside but text
            text = "".join(chunks)
            reading = False

    def doctype(*_: object) -> None:
        raise _Aside

    def declaration(_version: str, encoding: str | None, _standalone: int) -> None:
        if encoding is not None and encoding.lower() not in _UTF8:
            raise _Aside

    parser.StartDoctypeDeclHandler = doctype
    parser.XmlDeclHandler = declaration
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    parser.buffer_text = True
    parser.Parse(data, True)
    return found, merges


def _position(ref: str, columns: dict[str, int]) -> tuple[int, int] | None:
    """(row, column) of a plain reference; None off Excel's grid."""
    split = 1 if ref[1] <= "9" else (2 if ref[2] <= "9" else 3)
    letters = ref[:split]
    column = columns.get(letters)
    if column is None:
        column = columns[letters] = column_number(letters)
    row = int(ref[split:])
    return (row, column) if row <= EXCEL_ROWS and column <= EXCEL_COLUMNS else None


def strip_values(data: bytes, strings: list[str]) -> tuple[bytes, SheetValues] | None:
    """The sheet part *data* without its plain value cells, and their values; None when
    the sheet is left whole to openpyxl (see the module's docstring)."""
    try:
        found, merges = _read_cells(data)
    except (_Aside, expat.ExpatError, ValueError):
        return None
    values: SheetValues = {}
    pieces: list[bytes] = []
    at = 0
    columns: dict[str, int] = {}
    for ref, kind, text, start, end in found:
        read = _value(kind, text, strings)
        position = _position(ref, columns) if read is not None else None
        if (
            read is None
            or position is None
            or (
                merges
                and any(
                    r1 <= position[0] <= r2 and c1 <= position[1] <= c2 for r1, c1, r2, c2 in merges
                )
            )
        ):
            continue
        values[position] = read
        pieces.append(data[at:start])
        at = end
    if not values:
        return None
    pieces.append(data[at:])
    return b"".join(pieces), values


class StrippingArchive:
    """An openpyxl reader's zip archive whose worksheet parts open without their plain
    value cells, read by *read* (the package's parts; default: the archive's own); what
    was taken out is kept by part name in :attr:`taken`."""

    def __init__(
        self,
        archive: Any,
        strings: Callable[[], list[str]],
        read: Callable[[str], bytes] | None = None,
    ) -> None:
        self._archive = archive
        self._strings = strings
        self._read: Callable[[str], bytes] = read or archive.read
        self.taken: dict[str, SheetValues] = {}

    def open(self, name: str, *args: Any, **kwargs: Any) -> Any:
        if not args and not kwargs and _WORKSHEET.fullmatch(name):
            done = strip_values(self._read(name), self._strings())
            if done is not None:
                data, self.taken[name] = done
                return io.BytesIO(data)
        return self._archive.open(name, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._archive, name)


#: The attribute of a loaded openpyxl workbook holding, by sheet title, the value cells
#: read apart.
_TAKEN: Final = "_xlrating_values_apart"


@dataclass(frozen=True, slots=True)
class ValueCell:
    """A value cell read apart, with what ``ValueCells.keep`` reads of openpyxl's."""

    value: object
    data_type: str
    row: int
    column: int


def load_apart(source: IO[bytes], read: Callable[[str], bytes] | None = None, **kw: Any) -> Any:
    """The openpyxl workbook ``formulas`` reads from *source* (its ``XlReader``), each
    sheet part opened through a :class:`StrippingArchive` (parts read by *read*, default
    from *source*); what was taken out is kept on the workbook by sheet title (for
    :func:`keep_taken`)."""
    from formulas.excel import xlreader

    reader = xlreader.XlReader(source, **kw)
    archive = StrippingArchive(reader.archive, lambda: reader.shared_strings, read)
    reader.archive = archive
    reader.read()
    titles = {rel.target: sheet.name for sheet, rel in reader.parser.find_sheets()}
    taken = {titles[k]: v for k, v in archive.taken.items() if k in titles}
    setattr(reader.wb, _TAKEN, taken)
    return reader.wb


@contextlib.contextmanager
def reading_values_apart(package: Package, name: str) -> Iterator[None]:
    """While ``formulas`` loads a book: the book it asks for by the file *name* is read
    from *package* as it is now (:meth:`~.Package.stream`, its sheet parts by
    :meth:`~.Package.read`) with its value cells apart (:func:`load_apart`); any other
    file it asks for is refused (a linked workbook: xlrating never opens one)."""
    from formulas.excel import xlreader

    def load_workbook(filename: Any, **kw: Any) -> Any:
        if not isinstance(filename, str) or os.path.normcase(filename) != name:
            raise WorkbookRefusedError(
                f"a formula refers to another workbook {filename!r}: xlrating never opens "
                "linked files"
            )
        return load_apart(package.stream(), package.read, **kw)

    original = xlreader.load_workbook
    xlreader.load_workbook = load_workbook
    try:
        yield
    finally:
        xlreader.load_workbook = original


def keep_taken(model: Any, worksheet: Any, context: Any) -> None:
    """Keep the value cells read apart from *worksheet* in the engine *model*'s
    ``constants``, as its ``compile_cell`` keeps each value cell openpyxl makes."""
    taken = getattr(worksheet.parent, _TAKEN, {}).pop(worksheet.title, None)
    if not taken:
        return
    _, ctx = model.add_sheet(worksheet, context)
    for (row, column), (value, kind) in taken.items():
        if not model.constants.keep(ValueCell(value, kind, row, column), ctx):
            raise AssertionError(f"{worksheet.title}: a value read apart was refused")
