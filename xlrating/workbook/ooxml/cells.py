"""The cells of one worksheet part: found by position, made in order, written.

A worksheet part (ECMA-376 Part 1 §18.3.1.99 ``worksheet``) keeps its cells in
``sheetData``: ``<row r="5">`` elements in row order, each with ``<c r="B5">`` cells in
column order.  A cell holds its formula (``<f>``), its value (``<v>``, typed by its ``t``
attribute: ``n`` number, ``str`` formula text, ``s`` shared string, ``b`` boolean, ``e``
error) or an inline string (``<is>``).  :class:`SheetCells` edits them on the lxml tree of
a :class:`~.package.Package` part:

* a cell is found by (row, column) (:meth:`SheetCells.find`) or made where it belongs,
  its row too (:meth:`SheetCells.cell`), with the row's ``spans`` and the sheet's
  ``dimension`` kept true;
* a value is written as Excel writes it (:meth:`SheetCells.set_value`): after the
  formula, typed, text as ST_Xstring (:func:`excel_text`), or with ``values_only`` as a
  plain value (the formula dropped, text as an inline string);
* :meth:`SheetCells.formula_targets` lists the cells a calculation gives a value: each
  formula cell, and every member of an array formula's range.

Rows and cells without ``r`` (allowed, rare) are numbered first, as a reader counts them.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterator
from typing import Final

from lxml import etree

from ...sheet.cells import EXCEL_ERRORS
from .a1 import address, cell_range, column_number, parse_cell, parse_row
from .package import children, drop_attribute, local_name

__all__ = ["CellError", "SheetCells", "excel_text", "is_error_text", "typed"]

_XML_NS: Final = "{http://www.w3.org/XML/1998/namespace}space"


class CellError(str):
    """An Excel error value (``#N/A``, ``#VALUE!``, ...), as opposed to text in a cell.

    Text returned by a registry function such as ``"#VALUE! rating must be ..."`` is text
    (that is what classic xlwings shows); a CellError is a real error value.
    """

    __slots__ = ()


#: Characters XML 1.0 cannot hold, even as references: the C0 controls but tab, line feed
#: and carriage return; U+FFFE, U+FFFF; surrogates (a lone one cannot be UTF-8 either).
_NOT_XML_RE: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
#: A literal ``_xHHHH_`` in a text: it is escaped too, or readers would decode it.
_LOOKS_ESCAPED_RE: Final = re.compile("_(x[0-9A-Fa-f]{4}_)")


def excel_text(text: str) -> str:
    """*text* as Excel writes it in a cell (ECMA-376 Part 1 §22.9.2.19, ST_Xstring): a
    character XML cannot hold becomes ``_xHHHH_`` (its UTF-16 code in hex), and a literal
    ``_xHHHH_`` gets its underscore escaped (``_x005F_``), so Excel and LibreOffice read
    back the very text. Excel writes ``=CHAR(1)``'s result so.

    >>> excel_text("a\x01b")
    'a_x0001_b'
    >>> excel_text("_x0041_ and tab\t")
    '_x005F_x0041_ and tab\t'
    """
    text = _LOOKS_ESCAPED_RE.sub(r"_x005F_\1", text)
    return _NOT_XML_RE.sub(lambda found: f"_x{ord(found.group()):04X}_", text)


def typed(value: object) -> tuple[str, str]:
    """The cell type ``t`` and ``<v>`` text for a computed value (text as
    :func:`excel_text` writes it; a carriage return stays one, and the serializer writes
    it ``&#13;`` so that no XML reader turns it into a line feed).

    >>> typed(1716.0), typed(0.5), typed(True), typed(CellError("#N/A")), typed("x")
    (('n', '1716'), ('n', '0.5'), ('b', '1'), ('e', '#N/A'), ('str', 'x'))
    """
    if isinstance(value, CellError):
        text = str(value)
        return "e", text if text in EXCEL_ERRORS else "#VALUE!"
    if isinstance(value, bool):
        return "b", "1" if value else "0"
    if isinstance(value, int):
        return "n", str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return "e", "#NUM!"
        return "n", str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    return "str", excel_text(str(value))


def is_error_text(value: object) -> bool:
    """Whether *value* is an error value or text that starts with one (how the registry's
    functions report bad input: ``"#VALUE! k is blank ..."``)."""
    return isinstance(value, str) and value.split(" ", 1)[0] in EXCEL_ERRORS


@functools.lru_cache(maxsize=4096)
def _column_of_letters(letters: str) -> int:
    return column_number(letters)


def _column(ref: str) -> int:
    """The column of a cell reference ("B5" -> 2): the plain form Excel writes read
    quickly, any other (``$B$5``, lower case) by :func:`~.a1.parse_cell`."""
    letters = ref.rstrip("0123456789")
    if letters.isalpha() and letters.isupper() and len(letters) <= 3 and len(letters) < len(ref):
        return _column_of_letters(letters)
    return parse_cell(ref)[1]


class SheetCells:
    """The cells of the worksheet whose root element is *root* (see the module)."""

    def __init__(self, root: etree._Element) -> None:
        self.root = root
        #: The namespace of the sheet's elements, as the part spells it.
        self.ns = etree.QName(root).namespace or ""
        self.sheet_data: etree._Element | None = next(iter(children(root, "sheetData")), None)
        self._rows: dict[int, etree._Element] | None = None
        self._cells: dict[int, dict[int, etree._Element]] = {}
        self.added = False

    def _tag(self, local: str) -> str:
        return f"{{{self.ns}}}{local}" if self.ns else local

    # ---------------------------------------------------------------- finding

    def rows(self) -> dict[int, etree._Element]:
        """Row number -> ``<row>`` (rows without ``r`` numbered, and given one)."""
        if self._rows is None:
            self._rows = {}
            if self.sheet_data is not None:
                number = 0
                for row in children(self.sheet_data, "row"):
                    given = row.get("r")
                    number = parse_row(given) if given else number + 1
                    if given != str(number):  # none, or a whole float such as "1.0"
                        row.set("r", str(number))
                    self._rows[number] = row
        return self._rows

    def row_cells(self, number: int) -> dict[int, etree._Element]:
        """Column -> ``<c>`` of row *number* (cells without ``r`` numbered, and given one)."""
        found = self._cells.get(number)
        if found is None:
            found = self._cells[number] = {}
            row = self.rows().get(number)
            if row is not None:
                col = 0
                for cell in row.iterchildren(self._tag("c")):
                    ref = cell.get("r")
                    if ref:
                        col = _column(ref)
                    else:
                        col += 1
                        cell.set("r", address(number, col))
                    found[col] = cell
        return found

    def find(self, row: int, col: int) -> etree._Element | None:
        """The cell at (row, col), or None when the sheet has none there."""
        return self.row_cells(row).get(col)

    def formula_cells(self) -> Iterator[tuple[int, int, etree._Element]]:
        """(row, column, first ``<f>``) of every cell holding a formula, in order."""
        if self.sheet_data is None:
            return
        for number, row in self.rows().items():
            if not any(True for _ in row.iter(self._tag("f"))):
                continue
            for col, cell in self.row_cells(number).items():
                formula = next(iter(children(cell, "f")), None)
                if formula is not None:
                    yield number, col, formula

    def formula_targets(self) -> list[tuple[int, int]]:
        """Cells holding a formula, and every cell of each array formula's range (a data
        table's cells are Excel's to fill)."""
        targets: dict[tuple[int, int], None] = {}
        for row, col, formula in self.formula_cells():
            kind, ref = formula.get("t"), formula.get("ref")
            if kind == "dataTable":
                continue
            if kind == "array" and ref:
                for member in cell_range(ref):
                    targets[member] = None
            targets[(row, col)] = None
        return list(targets)

    # ---------------------------------------------------------------- writing

    def cell(self, row: int, col: int) -> etree._Element:
        """The cell at (row, col), made in order (its row too) when the sheet lacks it."""
        found = self.find(row, col)
        if found is not None:
            return found
        if self.sheet_data is None:
            raise ValueError("a worksheet part without sheetData")
        rows = self.rows()
        row_element = rows.get(row)
        if row_element is None:
            row_element = etree.Element(self._tag("row"), r=str(row))
            later = min((n for n in rows if n > row), default=None)
            if later is None:
                self.sheet_data.append(row_element)
            else:
                rows[later].addprevious(row_element)
            rows[row] = row_element
        cells = self.row_cells(row)
        cell = etree.Element(self._tag("c"), r=address(row, col))
        later_col = min((k for k in cells if k > col), default=None)
        if later_col is None:
            if cells:
                cells[max(cells)].addnext(cell)  # before the row's extLst, if any
            else:
                row_element.insert(0, cell)
        else:
            cells[later_col].addprevious(cell)
        cells[col] = cell
        self.added = True
        if row_element.get("spans"):
            row_element.set("spans", f"{min(cells)}:{max(cells)}")
        return cell

    def set_value(self, cell: etree._Element, value: object, values_only: bool) -> None:
        """Write *value* (None: no value) into *cell* as Excel writes a computed value
        after its formula; *values_only*: the formula goes and text is an inline string."""
        for child in [c for c in cell if local_name(c) in ("v", "is")]:
            cell.remove(child)
        drop_attribute(cell, "t")
        formulas = children(cell, "f")
        if values_only:
            for child in formulas:
                cell.remove(child)
            formulas = []
            drop_attribute(cell, "cm")
            drop_attribute(cell, "vm")
        if value is None:
            return
        kind, text = typed(value)
        if kind == "str" and values_only:
            cell.set("t", "inlineStr")
            new = etree.Element(self._tag("is"))
            t = etree.SubElement(new, self._tag("t"))
            if text != text.strip():
                t.set(_XML_NS, "preserve")
            t.text = text
        else:
            cell.set("t", kind)
            new = etree.Element(self._tag("v"))
            new.text = text
        if formulas:
            formulas[-1].addnext(new)
        else:
            cell.insert(0, new)
        new.tail = None

    def drop_formulas(self, cell: etree._Element) -> None:
        """Remove the formulas of *cell* (a values-only copy of a cell left uncomputed)."""
        for child in children(cell, "f"):
            cell.remove(child)

    def update_dimension(self) -> None:
        """Make the sheet's ``dimension`` cover every cell, when cells were added."""
        if not self.added:
            return
        found = next(iter(children(self.root, "dimension")), None)
        if found is None:
            return
        rows = self.rows()
        for number in rows:
            self.row_cells(number)
        positions = [(r, c) for r, cols in self._cells.items() for c in cols]
        if not positions:
            return
        first = address(min(r for r, _ in positions), min(c for _, c in positions))
        last = address(max(r for r, _ in positions), max(c for _, c in positions))
        found.set("ref", first if first == last else f"{first}:{last}")
