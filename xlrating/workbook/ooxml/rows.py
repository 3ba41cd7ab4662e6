"""Insert and delete whole rows of an xlsx package, adjusting every reference to them.

:mod:`xlrating.workbook.season.book` grows (and shrinks) a club season's tables with
this module: Excel's own "insert rows" edit, done on the XML parts of the file.  Rows at
or below the insertion point move down; every reference to them moves with them, in
every part that holds references:

* cell formulas (plain, shared and array formulas; an array formula's range too),
* data validations (their ``sqref`` and their list sources), conditional formats,
  merged cells, hyperlinks, auto-filters, the panes and selections of the sheet views,
  and the Excel 2010 extensions that hold the same (``x14:dataValidation``...),
* defined names (print areas included) and the references of every chart series.

A range that ends on the last row of a table and starts at or above its first row
(``Players!$A$5:$A$44`` for rows 5-44) *grows with the table*: inserting rows just
below a table is how a table gets more rows.  A range of one row (``$D44:$S44``) never
grows.  New rows get the cells of the table's last row: the same styles, blank inputs,
and formulas continued the way the last two rows continue them (``Players!$A$43``,
``Players!$A$44`` -> ``Players!$A$45``...); array formulas over the table's rows are
extended by the rule above.

Deleting rows is the reverse, and is refused (:class:`RowsError`) when a reference
outside the deleted rows points only into them (Excel would show ``#REF!``).

Parts this module cannot adjust (Excel tables, drawings anchored on a sheet whose rows
move, comments whose parts were not given) make it refuse rather than leave them pointing
at the wrong rows; a drawing wholly above the rows inserted or deleted
(``Package(drawn=...)``) need not move; notes (``Package(notes=...)``, :mod:`.notes`) move
with their cells.  Only the standard library is used (``xml.dom.minidom``, which keeps
namespace prefixes as written).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Final
from xml.dom import minidom

from .a1 import column_letters, column_number
from .formula_text import (
    continue_formula,
    row_number,
    substitute,
    translate,
    unquote,
)
from .guard import EXCEL_ROWS
from .notes import move_notes

__all__ = [
    "FORMULA_ELEMENTS",
    "MAX_ROW",
    "SQREF_ELEMENTS",
    "Package",
    "RowEdit",
    "RowsError",
    "SheetPart",
    "children",
    "formula_ranges",
    "map_references",
    "set_reference",
    "set_text",
    "split_cell",
    "text_of",
]

#: The last row of an Excel worksheet (Excel specifications and limits: 1,048,576 rows).
MAX_ROW: Final = EXCEL_ROWS

_XML_DECLARATION: Final = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
#: Elements whose text is a formula (sheet cells, validations, conditional formats, the
#: x14 extensions' ``xm:f``, chart series' ``c:f``) and whose text is a list of ranges.
FORMULA_ELEMENTS: Final = frozenset({"f", "formula", "formula1", "formula2"})
SQREF_ELEMENTS: Final = frozenset({"sqref"})
#: Elements that mean nothing without their range: dropped when all its cells are deleted.
_RANGED_ELEMENTS: Final = frozenset(
    {"mergeCell", "hyperlink", "dataValidation", "conditionalFormatting"}
)
#: Attributes holding ranges of the sheet they are on: those that grow with a table, and
#: those that only move (a merged cell, a view's position, a shared formula's group).
_GROWING_ATTRIBUTES: Final = frozenset({"sqref"})
_MOVING_ATTRIBUTES: Final = frozenset({"activeCell", "topLeftCell"})
#: Sheet parts (relationship types) whose anchors or ranges this module does not move.
_UNMOVED: Final = ("drawing", "legacyDrawing", "tableParts")


class RowsError(ValueError):
    """Rows cannot be inserted or deleted as asked (the message is one line)."""


@dataclass(frozen=True, slots=True)
class RowEdit:
    """Rows inserted (``count`` > 0) before row ``at`` of ``sheet``, or deleted
    (``count`` < 0: rows ``at`` .. ``at - count - 1``).  ``first`` is the first row of
    the table that grows: ranges from it (or above) to ``at - 1`` grow with it."""

    sheet: str
    at: int
    count: int
    first: int

    def rows(self, a: int, b: int, grows: bool = True) -> tuple[int, int] | None:
        """Rows a..b after the edit; None when every one of them is deleted."""
        at, n = self.at, self.count
        if n > 0:
            if a >= at:
                return a + n, b + n
            if b >= at or (grows and b == at - 1 and a <= self.first and a < b):
                return a, b + n
            return a, b
        last = at - n - 1
        if b < at:
            return a, b
        if a > last:
            return a + n, b + n
        if a >= at and b <= last:
            return None
        return (a if a < at else at), (b + n if b > last else at - 1)


def map_references(
    text: str,
    context: str | None,
    change: Callable[[str, int, int, bool], tuple[int, int] | None],
) -> str:
    """*text* (a formula) with the rows of every reference changed by *change*.

    *change(sheet, first row, last row, is a range)* gives the new rows, or None when
    they are deleted (then :class:`RowsError`).  References without a sheet are on
    *context* (None: left alone).
    """

    def moved(m: re.Match[str]) -> str:
        sheet = unquote(m.group("sheet")) if m.group("sheet") else context
        if sheet is None:
            return m.group(0)
        if m.group("w1"):
            (d1, a), (d2, b) = row_number(m.group("w1")), row_number(m.group("w2"))
            whole = True
        else:
            d1, a = row_number(m.group("r1"))
            d2, b = row_number(m.group("r2")) if m.group("r2") else (d1, a)
            whole = False
        ranged = bool(m.group("r2")) or whole
        new = change(sheet, min(a, b), max(a, b), ranged)
        if new is None:
            raise RowsError(f"the formula {text[:80]!r} refers to {m.group(0)} only")
        if (min(a, b), max(a, b)) == new:
            return m.group(0)
        na, nb = new if a <= b else (new[1], new[0])
        prefix = m.group("sheet") or ""
        if whole:
            return f"{prefix}{d1}{na}:{d2}{nb}"
        if m.group("r2"):
            return f"{prefix}{m.group('c1')}{d1}{na}:{m.group('c2')}{d2}{nb}"
        return f"{prefix}{m.group('c1')}{d1}{na}"

    return substitute(text, moved)


def formula_ranges(text: str, context: str | None) -> Iterator[tuple[str, int, int]]:
    """(sheet, first row, last row) of every multi-row range reference in *text*."""
    found: list[tuple[str, int, int]] = []

    def note(sheet: str, a: int, b: int, ranged: bool) -> tuple[int, int]:
        if ranged and a < b:
            found.append((sheet, a, b))
        return a, b

    map_references(text, context, note)
    yield from found


# ---------------------------------------------------------------- one sheet's XML


def children(node: minidom.Node, local: str) -> list[minidom.Element]:
    return [c for c in node.childNodes if isinstance(c, minidom.Element) and c.localName == local]


def text_of(node: minidom.Element) -> str:
    return "".join(c.data for c in node.childNodes if isinstance(c, minidom.Text))


def set_text(node: minidom.Element, text: str) -> None:
    doc = node.ownerDocument
    assert doc is not None
    for child in list(node.childNodes):
        node.removeChild(child)
    node.appendChild(doc.createTextNode(text))


def set_reference(element: minidom.Element, name: str, new: str) -> None:
    """Give *element* the range *new* in attribute *name*; an empty one (every cell of it
    deleted) drops the attribute, or the element when it means nothing without it."""
    if new:
        element.setAttribute(name, new)
    elif element.localName in _RANGED_ELEMENTS:
        if element.parentNode is not None:
            element.parentNode.removeChild(element)
    else:
        element.removeAttribute(name)


_CELL: Final = re.compile(r"^([A-Z]{1,3})([0-9]+)$")


def split_cell(ref: str) -> tuple[str, int]:
    match = _CELL.match(ref.replace("$", ""))
    if match is None:
        raise RowsError(f"a cell address {ref!r} that is not A1 style")
    return match.group(1), int(match.group(2))


def _formula_text(cell: minidom.Element, shared: Mapping[str, tuple[str, int, int]]) -> str | None:
    """The formula of a (non-array) cell, shared formulas spelled out."""
    found = children(cell, "f")
    if not found:
        return None
    f = found[0]
    if f.getAttribute("t") == "shared" and not text_of(f):
        master = shared.get(f.getAttribute("si"))
        if master is None:
            return None
        text, row, col = master
        letters, here = split_cell(cell.getAttribute("r"))
        return translate(text, here - row, column_number(letters) - col)
    return text_of(f)


class SheetPart:
    """One worksheet part, parsed, with its rows and cells."""

    def __init__(self, name: str, part: str, data: bytes) -> None:
        self.name = name
        self.part = part
        self.doc = minidom.parseString(data)
        root = self.doc.documentElement
        assert root is not None
        self.root: minidom.Element = root
        found = children(root, "sheetData")
        self.data: minidom.Element | None = found[0] if found else None
        self.changed = False

    def rows(self) -> dict[int, minidom.Element]:
        out: dict[int, minidom.Element] = {}
        if self.data is None:
            return out
        number = 0
        for row in children(self.data, "row"):
            number = int(row.getAttribute("r") or number + 1)
            out[number] = row
        return out

    def cells(self, row: minidom.Element, number: int) -> list[tuple[int, minidom.Element]]:
        out: list[tuple[int, minidom.Element]] = []
        col = 0
        for cell in children(row, "c"):
            ref = cell.getAttribute("r")
            if ref:
                letters, _ = split_cell(ref)
                col = column_number(letters)
            else:
                col += 1
            out.append((col, cell))
        return out

    def formula_elements(self) -> list[minidom.Element]:
        """Every ``<f>`` of the sheet, in document order: SpreadsheetML has them only in
        cells (``sheetData/row/c/f``; data validations and conditional formats spell
        theirs ``formula``, the x14 extensions ``xm:f``).  A walk of the cells alone: a
        search of the whole document for them took a third of a grow's DOM time."""
        out: list[minidom.Element] = []
        if self.data is None:
            return out
        element = minidom.Node.ELEMENT_NODE
        for row in self.data.childNodes:
            if row.nodeType != element or row.localName != "row":
                continue
            for cell in row.childNodes:
                if cell.nodeType != element or cell.localName != "c":
                    continue
                for f in cell.childNodes:
                    if f.nodeType == element and f.localName == "f":
                        out.append(f)
        return out

    def shared(self) -> dict[str, tuple[str, int, int]]:
        """Shared formulas by group: (text, row, column) of the cell that spells it."""
        out: dict[str, tuple[str, int, int]] = {}
        for f in self.formula_elements():
            if f.getAttribute("t") == "shared" and text_of(f) and f.parentNode is not None:
                cell = f.parentNode
                assert isinstance(cell, minidom.Element)
                letters, row = split_cell(cell.getAttribute("r"))
                out[f.getAttribute("si")] = (text_of(f), row, column_number(letters))
        return out

    def arrays(self) -> list[tuple[str, str, str]]:
        """(cell, formula text, range) of every array formula on the sheet."""
        out: list[tuple[str, str, str]] = []
        for f in self.formula_elements():
            cell = f.parentNode
            if f.getAttribute("t") == "array" and isinstance(cell, minidom.Element):
                ref = f.getAttribute("ref") or cell.getAttribute("r")
                out.append((cell.getAttribute("r"), text_of(f), ref))
        return out

    def unshare(self) -> None:
        """Spell out every shared formula (rows moving apart would change what the
        group's relative references mean)."""
        shared = self.shared()
        if not shared:
            return
        for f in self.formula_elements():
            if f.getAttribute("t") != "shared":
                continue
            cell = f.parentNode
            assert isinstance(cell, minidom.Element)
            text = _formula_text(cell, shared)
            for attribute in ("t", "ref", "si"):
                if f.hasAttribute(attribute):
                    f.removeAttribute(attribute)
            if text is not None:
                set_text(f, text)
        self.changed = True

    def formula_cells(self) -> Iterator[tuple[int, str]]:
        """(row, formula text) of every formula cell, shared formulas spelled out."""
        shared = self.shared()
        for number, row in self.rows().items():
            for _, cell in self.cells(row, number):
                text = _formula_text(cell, shared)
                if text:
                    yield number, text

    def refuse_unmoved(self, below: int | None = None, notes: bool = False) -> None:
        """Refuse an edit of a sheet holding parts this module cannot move; *below*: the
        edit's first row, when the sheet's drawings end above it (they need not move);
        *notes*: the sheet's notes are known and move with their rows (:mod:`.notes`)."""
        for local in _UNMOVED:
            if local == "drawing" and below is not None:
                continue
            if local == "legacyDrawing" and notes:
                continue
            if children(self.root, local):
                what = {"drawing": "a chart or picture", "legacyDrawing": "comments"}.get(
                    local, "an Excel table"
                )
                raise RowsError(
                    f"sheet {self.name!r} holds {what}, which xlrating does not move: "
                    "its rows cannot be inserted or deleted here"
                )

    def update_dimension(self) -> None:
        found = children(self.root, "dimension")
        rows = self.rows()
        if not found or not rows:
            return
        cols = [c for number, row in rows.items() for c, _ in self.cells(row, number)]
        if not cols:
            return

        first = f"{column_letters(min(cols))}{min(rows)}"
        last = f"{column_letters(max(cols))}{max(rows)}"
        found[0].setAttribute("ref", first if first == last else f"{first}:{last}")

    def to_bytes(self) -> bytes:
        return (_XML_DECLARATION + self.root.toxml()).encode("utf-8")


def _map_sqref(text: str, sheet: str, edit: RowEdit, grows: bool) -> str:
    """A space-separated list of ranges on *sheet* after *edit* (ranges wholly deleted
    are dropped)."""
    out = []
    for piece in text.split():
        try:
            out.append(map_references(piece, sheet, lambda s, a, b, r: _rows(edit, s, a, b, grows)))
        except RowsError:
            continue
    return " ".join(out)


def _rows(edit: RowEdit, sheet: str, a: int, b: int, grows: bool) -> tuple[int, int] | None:
    if sheet.casefold() != edit.sheet.casefold():
        return a, b
    return edit.rows(a, b, grows)


# ---------------------------------------------------------------- the package


class Package:
    """The parts of an xlsx file that hold references, parsed for row edits.

    :param parts: part name -> bytes of the worksheets (``sheets``: sheet name -> part),
        charts and the workbook part.
    """

    def __init__(
        self,
        sheets: Mapping[str, str],
        parts: Mapping[str, bytes],
        workbook: str,
        drawn: Mapping[str, int] | None = None,
        notes: Mapping[str, Mapping[str, bytes]] | None = None,
    ) -> None:
        self.sheets = {name: SheetPart(name, part, parts[part]) for name, part in sheets.items()}
        #: Sheet name (casefolded) -> the last row its drawings reach: rows below it can be
        #: inserted or deleted without moving them.
        self.drawn = {k.casefold(): v for k, v in (drawn or {}).items()}
        #: Sheet name (casefolded) -> {part: bytes} of the parts holding its notes
        #: (:func:`.notes.note_parts`): they move with the rows; parts changed so far.
        self.notes = {k.casefold(): dict(v) for k, v in (notes or {}).items()}
        self.changed_notes: set[str] = set()
        self.charts = {
            part: minidom.parseString(data)
            for part, data in parts.items()
            if part.startswith("xl/charts/") and part.endswith(".xml")
        }
        self.workbook_part = workbook
        self.workbook = minidom.parseString(parts[workbook])
        self.changed_charts: set[str] = set()
        self.workbook_changed = False

    def sheet(self, name: str) -> SheetPart:
        for key, sheet in self.sheets.items():
            if key.casefold() == name.casefold():
                return sheet
        raise RowsError(f"no sheet {name!r}")

    # -- reading

    def formulas(self) -> Iterator[tuple[str | None, str]]:
        """(sheet the formula is on or None, formula text) of every formula in the book."""
        for sheet in self.sheets.values():
            shared = sheet.shared()
            for element in sheet.doc.getElementsByTagName("*"):
                if element.localName in FORMULA_ELEMENTS:
                    parent = element.parentNode
                    if isinstance(parent, minidom.Element) and parent.localName == "c":
                        text = _formula_text(parent, shared)
                    else:
                        text = text_of(element)
                    if text:
                        yield sheet.name, text
        for doc in self.charts.values():
            for element in doc.getElementsByTagName("*"):
                if element.localName == "f":
                    yield None, text_of(element)
        for element in self.workbook.getElementsByTagName("*"):
            # Print areas and print titles (_xlnm.) are no formulas: no table follows them.
            if element.localName == "definedName" and not element.getAttribute("name").startswith(
                "_xlnm."
            ):
                yield None, text_of(element)

    def ranges(self) -> set[tuple[str, int, int]]:
        """(sheet, first row, last row) of every multi-row range any formula reads."""
        out: set[tuple[str, int, int]] = set()
        for context, text in self.formulas():
            for sheet, a, b in formula_ranges(text, context):
                out.add((self.sheet(sheet).name if self._has(sheet) else sheet, a, b))
        return out

    def _has(self, name: str) -> bool:
        return any(key.casefold() == name.casefold() for key in self.sheets)

    def holds_formulas(self, name: str, first: int, last: int) -> bool:
        """True when rows first..last of sheet *name* hold a formula or an array's cells."""
        sheet = self.sheet(name)
        arrays: list[tuple[int, int]] = []
        for f in sheet.formula_elements():
            if f.getAttribute("t") == "array" and f.getAttribute("ref"):
                rows = [int(x) for x in re.findall(r"[0-9]+", f.getAttribute("ref"))]
                arrays.append((min(rows), max(rows)))
        for number, row in sheet.rows().items():
            if first <= number <= last:
                if any(children(cell, "f") for _, cell in sheet.cells(row, number)):
                    return True
                if any(a <= number <= b for a, b in arrays):
                    return True
        return False

    def values_in(self, name: str, first: int, last: int) -> list[str]:
        """Addresses of cells of rows first..last holding a typed value (not a formula, not
        an array's cell)."""
        sheet = self.sheet(name)
        arrays: list[tuple[int, int, int, int]] = []
        for f in sheet.formula_elements():
            ref = f.getAttribute("ref")
            if f.getAttribute("t") == "array" and ref:
                ends = [split_cell(x) for x in ref.split(":")]
                (c1, r1), (c2, r2) = ends[0], ends[-1]
                arrays.append((r1, column_number(c1), r2, column_number(c2)))
        found: list[str] = []
        for number, row in sheet.rows().items():
            if not first <= number <= last:
                continue
            for col, cell in sheet.cells(row, number):
                if children(cell, "f") or not (children(cell, "v") or children(cell, "is")):
                    continue
                if any(r1 <= number <= r2 and c1 <= col <= c2 for r1, c1, r2, c2 in arrays):
                    continue
                found.append(cell.getAttribute("r"))
        return found

    # -- editing

    def move_notes(self, edit: RowEdit, *, columns: bool = False) -> None:
        """Move the notes of *edit.sheet* with its rows (or *columns*): :mod:`.notes`."""
        noted = self.notes.get(edit.sheet.casefold())
        if noted is None:
            return

        def after(index: int) -> int | None:
            moved = edit.rows(index, index, False)
            return None if moved is None else moved[0]

        try:
            changed = move_notes(noted, self.sheet(edit.sheet).name, after, columns=columns)
        except ValueError as error:
            raise RowsError(str(error)) from None
        noted.update(changed)
        self.changed_notes |= changed.keys()

    def apply(self, edit: RowEdit) -> None:
        """Insert or delete rows as *edit* says, and adjust every reference in the book."""
        target = self.sheet(edit.sheet)
        reach = self.drawn.get(target.name.casefold())
        below = edit.at if reach is not None and edit.at > reach else None
        target.refuse_unmoved(below, notes=target.name.casefold() in self.notes)
        self.move_notes(edit)  # first: a note on a deleted row refuses the whole edit
        for sheet in self.sheets.values():
            masters = [text for text, _, _ in sheet.shared().values()]
            if sheet is target or any(edit.sheet.casefold() in t.casefold() for t in masters):
                sheet.unshare()
        if edit.count < 0:
            self._drop_rows(target, edit.at, edit.at - edit.count - 1)
        self._move_rows(target, edit)

        def change(sheet: str, a: int, b: int, ranged: bool) -> tuple[int, int] | None:
            return _rows(edit, sheet, a, b, True)

        def attributes(element: minidom.Element, sheet: SheetPart) -> None:
            local = element.localName
            if local == "f":  # an array formula's range grows with the rows inside it
                if element.hasAttribute("ref"):
                    grows = element.getAttribute("t") == "array"
                    self._attribute(element, "ref", sheet, edit, grows)
                return
            for name in _GROWING_ATTRIBUTES | _MOVING_ATTRIBUTES | {"ref"}:
                if element.hasAttribute(name) and local not in ("dimension", "c", "row"):
                    grows = name in _GROWING_ATTRIBUTES or local == "autoFilter"
                    self._attribute(element, name, sheet, edit, grows)

        self.rewrite_references(
            target,
            lambda text, sheet: map_references(text, sheet, change),
            lambda text, sheet: _map_sqref(text, sheet, edit, True),
            attributes,
        )

        def kept(sheet: str, a: int, b: int, ranged: bool) -> tuple[int, int] | None:
            # a chart line over deleted rows stays as it was: season_book redraws its lines
            return _rows(edit, sheet, a, b, True) or (a, b)

        self.rewrite_charts_and_names(
            lambda text: map_references(text, None, kept),
            lambda text: map_references(text, None, change),
        )
        target.update_dimension()
        target.changed = True

    def rewrite_references(
        self,
        target: SheetPart,
        formula: Callable[[str, str], str],
        sqref: Callable[[str, str], str],
        element: Callable[[minidom.Element, SheetPart], None],
    ) -> None:
        """The walk a row or a column edit of *target* makes over the worksheets: every
        formula text through ``formula(text, sheet name)`` where it may read *target* (its
        own formulas, and those of other sheets that name it), the target's sqref texts
        through ``sqref(text, sheet name)``, then each of the target's elements through
        *element* (its attributes), marking what changed."""
        names = {target.name.casefold(), target.name.casefold().replace("'", "''")}
        for sheet in self.sheets.values():
            mine = sheet is target
            for node in sheet.doc.getElementsByTagName("*"):
                local = node.localName
                if local in FORMULA_ELEMENTS or (mine and local in SQREF_ELEMENTS):
                    old = new = text_of(node)
                    if local in SQREF_ELEMENTS:
                        new = sqref(old, sheet.name)
                    elif old and (mine or any(n in old.casefold() for n in names)):  # quick test
                        new = formula(old, sheet.name)
                    if new != old:
                        set_text(node, new)
                        sheet.changed = True
                if mine:
                    element(node, sheet)

    def rewrite_charts_and_names(
        self, chart: Callable[[str], str], name: Callable[[str], str]
    ) -> None:
        """Every chart's series formulas through *chart*, every defined name through
        *name* (a row or a column edit's reference map), marking what changed."""
        for part, doc in self.charts.items():
            for element in doc.getElementsByTagName("*"):
                if element.localName == "f":
                    old = text_of(element)
                    new = chart(old)
                    if new != old:
                        set_text(element, new)
                        self.changed_charts.add(part)
        for element in self.workbook.getElementsByTagName("*"):
            if element.localName == "definedName":
                old = text_of(element)
                new = name(old)
                if new != old:
                    set_text(element, new)
                    self.workbook_changed = True

    def _attribute(
        self, element: minidom.Element, name: str, sheet: SheetPart, edit: RowEdit, grows: bool
    ) -> None:
        old = element.getAttribute(name)
        new = _map_sqref(old, sheet.name, edit, grows)
        if new != old:
            set_reference(element, name, new)
            sheet.changed = True

    def _drop_rows(self, sheet: SheetPart, first: int, last: int) -> None:
        for number, row in sheet.rows().items():
            if first <= number <= last and row.parentNode is not None:
                row.parentNode.removeChild(row)

    def _move_rows(self, sheet: SheetPart, edit: RowEdit) -> None:
        rows = sheet.rows()
        for number, row in rows.items():
            moved = edit.rows(number, number, False)
            if moved is None or moved[0] == number:
                continue
            new = moved[0]
            if new > MAX_ROW:
                raise RowsError(f"sheet {sheet.name!r} would need more than {MAX_ROW:,} rows")
            row.setAttribute("r", str(new))
            for _, cell in sheet.cells(row, number):
                ref = cell.getAttribute("r")
                if ref:
                    letters, _ = split_cell(ref)
                    cell.setAttribute("r", f"{letters}{new}")

    def fill(self, name: str, model: int, count: int) -> int:
        """Give rows model+1 .. model+count of sheet *name* (empty after an insertion) the
        cells of row *model*: its styles, blank inputs, its formulas continued as rows
        model-1 and model continue them.  Returns the formula cells written."""
        sheet = self.sheet(name)
        rows = sheet.rows()
        source = rows.get(model)
        if source is None or sheet.data is None:
            return 0
        shared = sheet.shared()
        above = (
            {col: cell for col, cell in sheet.cells(rows[model - 1], model - 1)}
            if (model - 1 in rows)
            else {}
        )
        later = [row for number, row in sorted(rows.items()) if number > model]
        before: minidom.Element | None = later[0] if later else None
        ns = sheet.root.namespaceURI
        prefix = sheet.root.prefix
        tag = (lambda local: f"{prefix}:{local}") if prefix else (lambda local: local)
        # (letters, style, formula); setAttributeNS spares minidom a failed lookup per attribute
        templates: list[tuple[str, str, str | None]] = []
        for _, cell in sheet.cells(source, model):
            letters, _ = split_cell(cell.getAttribute("r"))
            text = None
            found = children(cell, "f")
            if found and found[0].getAttribute("t") == "array":
                ref = found[0].getAttribute("ref")
                if ref and all(split_cell(x)[1] == model for x in ref.split(":")):
                    raise RowsError(
                        f"sheet {sheet.name!r} cell {cell.getAttribute('r')} holds an array "
                        "formula of one row: xlrating cannot continue it"
                    )
            elif found:
                text = _formula_text(cell, shared)
            templates.append((letters, cell.getAttribute("s"), text))
        written = 0
        for step in range(1, count + 1):
            number = model + step
            row = sheet.doc.createElementNS(ns, tag("row"))
            row.setAttributeNS(None, "r", str(number))
            for key, value in source.attributes.items():
                if key != "r":
                    row.setAttributeNS(None, key, value)
            for letters, style, text in templates:
                new = sheet.doc.createElementNS(ns, tag("c"))
                new.setAttributeNS(None, "r", f"{letters}{number}")
                if style:
                    new.setAttributeNS(None, "s", style)
                if text is not None:
                    previous = above.get(column_number(letters))
                    old = _formula_text(previous, shared) if previous is not None else None
                    continued = continue_formula(old, text, step) if old is not None else None
                    if continued is None and old == text:
                        continued = text
                    if continued is None:
                        raise RowsError(
                            f"sheet {sheet.name!r}: the formulas of {letters}{model - 1} and "
                            f"{letters}{model} do not step from row to row, so xlrating "
                            "cannot continue them into new rows"
                        )
                    f = sheet.doc.createElementNS(ns, tag("f"))
                    f.appendChild(sheet.doc.createTextNode(continued))
                    new.appendChild(f)
                    written += 1
                row.appendChild(new)
            sheet.data.insertBefore(row, before)
        sheet.update_dimension()
        sheet.changed = True
        return written

    def to_parts(self) -> dict[str, bytes]:
        """The parts that changed, as bytes."""
        out = {s.part: s.to_bytes() for s in self.sheets.values() if s.changed}
        for part in self.changed_charts:
            root = self.charts[part].documentElement
            assert root is not None
            out[part] = (_XML_DECLARATION + root.toxml()).encode("utf-8")
        if self.workbook_changed:
            root = self.workbook.documentElement
            assert root is not None
            out[self.workbook_part] = (_XML_DECLARATION + root.toxml()).encode("utf-8")
        for parts in self.notes.values():
            out.update({part: data for part, data in parts.items() if part in self.changed_notes})
        return out
