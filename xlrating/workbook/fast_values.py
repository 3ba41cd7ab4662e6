"""The typed-in cells of a big sheet read straight from its XML, for the engine.

``formulas`` reads a book with openpyxl, which makes a cell object of every cell of every
sheet (a 5,000-game season: the Games table's 30,000 cells, half a second of the
recalculation); the engine then keeps each value cell only as a value
(:class:`~xlrating.workbook.value_cells.ValueCells`). Here, as openpyxl opens each sheet
part, the plain value cells (a number, a shared or formula-result text, a Boolean, an
error, each one ``<v>`` without entities) are taken out of the XML it parses and read
here, with the very conversions openpyxl applies (its ``WorkSheetParser.parse_cell`` of
openpyxl 3.1, as ``formulas`` calls it: no date conversion, ``_cast_number``, the shared
strings ``formulas`` read); every other cell (a formula, an inline or rich text, an
ISO date, a value with an entity, a styled blank left as openpyxl would make it) stays
for openpyxl. A sheet is left whole to openpyxl when anything is unusual: not UTF-8, a
namespace prefix on its elements, an array formula (its members are dropped apart), a
comment or CDATA section among the cells, a cell without a plain reference.

:mod:`xlrating.workbook.engine` installs it (:func:`reading_values_apart` while
``formulas`` loads the book, :func:`keep_taken` as it pushes each sheet); ``formulas``
is imported only there.
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Final

__all__ = ["SheetValues", "StrippingArchive", "keep_taken", "reading_values_apart", "strip_values"]

#: (row, column) -> (raw value, openpyxl's data type) of the cells taken out of a sheet.
SheetValues = dict[tuple[int, int], tuple[object, str]]

_WORKSHEET: Final = re.compile(r"xl/worksheets/[^/]+\.xml")
_ROOT: Final = re.compile(r"<worksheet[\s>]")
_DECLARED: Final = re.compile(r"""^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']""")
_SHEET_DATA: Final = re.compile(r"<sheetData\b[^>]*?(?:/>|>(.*?)</sheetData\s*>)", re.DOTALL)
#: A cell: its attributes (double-quoted) and what it holds.
_CELL: Final = re.compile(r'<c((?:\s+[\w:.-]+\s*=\s*"[^"]*")*)\s*(?:/>|>(.*?)</c\s*>)', re.DOTALL)
_ATTRIBUTE: Final = re.compile(r'([\w:.-]+)\s*=\s*"([^"]*)"')
_PLAIN_REF: Final = re.compile(r"([A-Z]{1,3})([0-9]{1,7})")
_ONE_VALUE: Final = re.compile(r"<v>([^<&]+)</v>")
#: A number as Excel writes one (anything else is left to openpyxl, which may refuse it).
_NUMBER: Final = re.compile(r"-?[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?")


def _column(letters: str) -> int:
    number = 0
    for ch in letters:
        number = number * 26 + ord(ch) - 64
    return number


def _cast_number(text: str) -> int | float:
    """openpyxl's ``_cast_number``: a float when the text has a point or an exponent."""
    if "." in text or "E" in text or "e" in text:
        return float(text)
    return int(text)


def _value(kind: str, text: str, strings: list[str]) -> tuple[object, str] | None:
    """What openpyxl makes of ``<v>text</v>`` in a cell of type *kind* (None: leave it)."""
    if kind == "n":
        return (_cast_number(text), "n") if _NUMBER.fullmatch(text) else None
    if kind == "s":
        index = int(text) if text.isdigit() else -1
        return (strings[index], "s") if 0 <= index < len(strings) else None
    if kind == "b":
        return (bool(int(text)), "b") if text in ("0", "1") else None
    if kind == "str":
        return text, "s"
    if kind == "e":
        return text, "e"
    return None


def strip_values(data: bytes, strings: list[str]) -> tuple[bytes, SheetValues] | None:
    """The sheet part *data* without its plain value cells, and their values; None when
    the sheet is left whole to openpyxl (see the module's docstring)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    declared = _DECLARED.match(text)
    if declared and declared.group(1).lower().replace("-", "") != "utf8":
        return None
    if _ROOT.search(text) is None or 't="array"' in text:
        return None
    found = _SHEET_DATA.search(text)
    if found is None or found.group(1) is None:
        return None
    body, offset = found.group(1), found.start(1)
    if "<!--" in body or "<![CDATA[" in body or "'" in body.replace("&apos;", ""):
        return None  # a comment, CDATA, or an attribute in single quotes
    values: SheetValues = {}
    pieces: list[str] = []
    at = 0
    for cell in _CELL.finditer(body):
        attributes = dict(_ATTRIBUTE.findall(cell.group(1)))
        ref = _PLAIN_REF.fullmatch(attributes.get("r", ""))
        if ref is None:
            return None
        inner = cell.group(2)
        if inner is None:
            continue  # a styled blank: openpyxl makes a cell of None, as it will
        one = _ONE_VALUE.fullmatch(inner)
        read = _value(attributes.get("t", "n"), one.group(1), strings) if one else None
        if read is None:
            continue
        position = (int(ref.group(2)), _column(ref.group(1)))
        if position in values:
            return None  # a cell written twice: openpyxl keeps the last
        values[position] = read
        pieces.append(body[at : cell.start()])
        at = cell.end()
    if not values:
        return None
    pieces.append(body[at:])
    stripped = text[:offset] + "".join(pieces) + text[offset + len(body) :]
    return stripped.encode("utf-8"), values


class StrippingArchive:
    """An openpyxl reader's zip archive whose worksheet parts open without their plain
    value cells; what was taken out is kept by part name in :attr:`taken`."""

    def __init__(self, archive: Any, strings: Callable[[], list[str]]) -> None:
        self._archive = archive
        self._strings = strings
        self.taken: dict[str, SheetValues] = {}

    def open(self, name: str, *args: Any, **kwargs: Any) -> Any:
        if not args and not kwargs and _WORKSHEET.fullmatch(name):
            done = strip_values(self._archive.read(name), self._strings())
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


@contextlib.contextmanager
def reading_values_apart() -> Iterator[None]:
    """While ``formulas`` loads a book: its reader opens each sheet part through a
    :class:`StrippingArchive`, and the loaded workbook keeps what was taken out by sheet
    title (for :func:`keep_taken`)."""
    from formulas.excel import xlreader

    def load_workbook(filename: Any, _raw_data: bool = False, **kw: Any) -> Any:
        if isinstance(filename, str) and filename.endswith(".ods"):
            return original(filename, _raw_data=_raw_data, **kw)
        reader = xlreader.XlReader(filename, _raw_data=_raw_data, **kw)
        archive = StrippingArchive(reader.archive, lambda: reader.shared_strings)
        reader.archive = archive
        reader.read()
        titles = {rel.target: sheet.name for sheet, rel in reader.parser.find_sheets()}
        taken = {titles[k]: v for k, v in archive.taken.items() if k in titles}
        setattr(reader.wb, _TAKEN, taken)
        return reader.wb

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
