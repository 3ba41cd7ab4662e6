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
(``RowEditor(drawn=...)``) need not move; notes (``RowEditor(notes=...)``, :mod:`.notes`)
move with their cells.

:class:`RowEditor` works on a :class:`~.package.Package`: it reads the parts' lxml trees
(:meth:`~.package.Package.xml`), changes them in place and tells the package which it
changed (:meth:`~.package.Package.edit`), so the package writes those from their trees
and every other part byte for byte.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from lxml import etree

from ...sheet.cells import EXCEL_ROWS
from .a1 import CELL_RE, column_letters, column_number, parse_row
from .formula_text import (
    continue_formula,
    row_number,
    substitute,
    translate,
    unquote,
)
from .notes import move_notes
from .package import Package, children, local_name

__all__ = [
    "FORMULA_ELEMENTS",
    "MAX_ROW",
    "SQREF_ELEMENTS",
    "RowEdit",
    "RowEditor",
    "RowsError",
    "SheetPart",
    "drop",
    "formula_ranges",
    "map_references",
    "set_reference",
    "set_text",
    "split_cell",
    "text_of",
]

#: The last row of an Excel worksheet (Excel specifications and limits: 1,048,576 rows).
MAX_ROW: Final = EXCEL_ROWS

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


def text_of(node: etree._Element) -> str:
    """The text directly inside *node* (its child elements' own text left out)."""
    text = node.text or ""
    for child in node:
        text += child.tail or ""
    return text


def set_text(node: etree._Element, text: str) -> None:
    """Make *text* all that *node* holds."""
    for child in list(node):
        node.remove(child)
    node.text = text


def drop(element: etree._Element) -> None:
    """Take *element* out of its parent, leaving the text that followed it in place."""
    parent = element.getparent()
    if parent is None:
        return
    if element.tail:
        previous = element.getprevious()
        if previous is not None:
            previous.tail = (previous.tail or "") + element.tail
        else:
            parent.text = (parent.text or "") + element.tail
    parent.remove(element)


def set_reference(element: etree._Element, name: str, new: str) -> None:
    """Give *element* the range *new* in attribute *name*; an empty one (every cell of it
    deleted) drops the attribute, or the element when it means nothing without it."""
    if new:
        element.set(name, new)
    elif local_name(element) in _RANGED_ELEMENTS:
        drop(element)
    elif name in element.attrib:
        del element.attrib[name]


def split_cell(ref: str) -> tuple[str, int]:
    """ "$B$5" -> ("B", 5): :data:`~.a1.CELL_RE`'s reading, refused as a RowsError."""
    match = CELL_RE.match(ref)
    if match is None:
        raise RowsError(f"a cell address {ref!r} that is not A1 style")
    return match.group(1), int(match.group(2))


def _formula_text(cell: etree._Element, shared: Mapping[str, tuple[str, int, int]]) -> str | None:
    """The formula of a (non-array) cell, shared formulas spelled out."""
    f = next((child for child in cell if local_name(child) == "f"), None)
    if f is None:
        return None
    if f.get("t") == "shared" and not text_of(f):
        master = shared.get(f.get("si", ""))
        if master is None:
            return None
        text, row, col = master
        letters, here = split_cell(cell.get("r", ""))
        return translate(text, here - row, column_number(letters) - col)
    return text_of(f)


def _elements(root: etree._Element) -> list[etree._Element]:
    """Every element of the tree under *root* (itself first), in document order: a list,
    so that the walk may drop elements as it goes."""
    return [node for node in root.iter() if isinstance(node.tag, str)]


class SheetPart:
    """One worksheet part of a :class:`~.package.Package`, with its rows and cells: read
    from the package's tree, and changed in it (:meth:`mark` tells the package)."""

    def __init__(self, package: Package, name: str, part: str) -> None:
        self.package = package
        self.name = name
        self.part = part
        self.root = package.xml(part)
        found = children(self.root, "sheetData")
        self.data: etree._Element | None = found[0] if found else None
        self.changed = False

    def mark(self) -> None:
        """The sheet's tree changed: the package writes the part from it."""
        if not self.changed:
            self.package.edit(self.part)
            self.changed = True

    def tag(self, local: str) -> str:
        """The qualified name of a SpreadsheetML element of this part (its root's
        namespace, spelt with the prefix the part declares for it)."""
        namespace = etree.QName(self.root).namespace
        return f"{{{namespace}}}{local}" if namespace else local

    def rows(self) -> dict[int, etree._Element]:
        out: dict[int, etree._Element] = {}
        if self.data is None:
            return out
        number = 0
        for row in self.data:
            if local_name(row) != "row":
                continue
            given = row.get("r")
            number = parse_row(given) if given else number + 1
            out[number] = row
        return out

    def cells(self, row: etree._Element, number: int) -> list[tuple[int, etree._Element]]:
        out: list[tuple[int, etree._Element]] = []
        col = 0
        for cell in row:
            if local_name(cell) != "c":
                continue
            ref = cell.get("r")
            if ref:
                letters, _ = split_cell(ref)
                col = column_number(letters)
            else:
                col += 1
            out.append((col, cell))
        return out

    def formula_elements(self) -> list[etree._Element]:
        """Every ``<f>`` of the sheet, in document order: SpreadsheetML has them only in
        cells (``sheetData/row/c/f``; data validations and conditional formats spell
        theirs ``formula``, the x14 extensions ``xm:f``)."""
        if self.data is None:
            return []
        return [
            f
            for f in self.data.iter("{*}f")
            if (cell := f.getparent()) is not None
            and local_name(cell) == "c"
            and (row := cell.getparent()) is not None
            and local_name(row) == "row"
            and row.getparent() is self.data
        ]

    def shared(self) -> dict[str, tuple[str, int, int]]:
        """Shared formulas by group: (text, row, column) of the cell that spells it."""
        out: dict[str, tuple[str, int, int]] = {}
        for f in self.formula_elements():
            if f.get("t") == "shared" and text_of(f):
                cell = f.getparent()
                assert cell is not None
                letters, row = split_cell(cell.get("r", ""))
                out[f.get("si", "")] = (text_of(f), row, column_number(letters))
        return out

    def arrays(self) -> list[tuple[str, str, str]]:
        """(cell, formula text, range) of every array formula on the sheet."""
        out: list[tuple[str, str, str]] = []
        for f in self.formula_elements():
            cell = f.getparent()
            if f.get("t") == "array" and cell is not None:
                ref = f.get("ref") or cell.get("r") or ""
                out.append((cell.get("r", ""), text_of(f), ref))
        return out

    def unshare(self) -> None:
        """Spell out every shared formula (rows moving apart would change what the
        group's relative references mean)."""
        shared = self.shared()
        if not shared:
            return
        for f in self.formula_elements():
            if f.get("t") != "shared":
                continue
            cell = f.getparent()
            assert cell is not None
            text = _formula_text(cell, shared)
            for attribute in ("t", "ref", "si"):
                if attribute in f.attrib:
                    del f.attrib[attribute]
            if text is not None:
                set_text(f, text)
        self.mark()

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
        found[0].set("ref", first if first == last else f"{first}:{last}")


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


# ---------------------------------------------------------------- the editor


class RowEditor:
    """Row (and column: :mod:`.columns`) edits of a :class:`~.package.Package`: its
    worksheets, charts and workbook part, changed in the package's own trees.

    :param drawn: sheet name -> the last row its drawings reach (rows below it move
        without them).
    :param notes: sheet name -> the parts holding its notes (:func:`.notes.note_parts`),
        which move with their cells.
    """

    def __init__(
        self,
        package: Package,
        drawn: Mapping[str, int] | None = None,
        notes: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        self.package = package
        self.sheets = {name: SheetPart(package, name, part) for name, part in package.sheet_parts()}
        #: Sheet name (casefolded) -> the last row its drawings reach: rows below it can be
        #: inserted or deleted without moving them.
        self.drawn = {k.casefold(): v for k, v in (drawn or {}).items()}
        #: Sheet name (casefolded) -> the parts holding its notes: they move with the rows.
        self.notes = {k.casefold(): list(v) for k, v in (notes or {}).items()}
        self.charts = {
            part: package.xml(part)
            for part in package.names()
            if part.startswith("xl/charts/") and part.endswith(".xml")
        }
        self.workbook_part = package.workbook_part
        self.workbook = package.xml(self.workbook_part)

    def sheet(self, name: str) -> SheetPart:
        for key, sheet in self.sheets.items():
            if key.casefold() == name.casefold():
                return sheet
        raise RowsError(f"no sheet {name!r}")

    def workbook_changed(self) -> None:
        """The workbook part's tree changed (a defined name): the package writes it."""
        self.package.edit(self.workbook_part)

    # -- reading

    def formulas(self) -> Iterator[tuple[str | None, str]]:
        """(sheet the formula is on or None, formula text) of every formula in the book."""
        for sheet in self.sheets.values():
            shared = sheet.shared()
            for element in _elements(sheet.root):
                if local_name(element) in FORMULA_ELEMENTS:
                    parent = element.getparent()
                    if parent is not None and local_name(parent) == "c":
                        text = _formula_text(parent, shared)
                    else:
                        text = text_of(element)
                    if text:
                        yield sheet.name, text
        for root in self.charts.values():
            for element in _elements(root):
                if local_name(element) == "f":
                    yield None, text_of(element)
        for element in _elements(self.workbook):
            # Print areas and print titles (_xlnm.) are no formulas: no table follows them.
            if local_name(element) == "definedName" and not element.get("name", "").startswith(
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
            if f.get("t") == "array" and f.get("ref"):
                rows = [int(x) for x in re.findall(r"[0-9]+", f.get("ref", ""))]
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
            ref = f.get("ref", "")
            if f.get("t") == "array" and ref:
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
                found.append(cell.get("r", ""))
        return found

    # -- editing

    def move_notes(self, edit: RowEdit, *, columns: bool = False) -> None:
        """Move the notes of *edit.sheet* with its rows (or *columns*): :mod:`.notes`."""
        parts = self.notes.get(edit.sheet.casefold())
        if parts is None:
            return

        def after(index: int) -> int | None:
            moved = edit.rows(index, index, False)
            return None if moved is None else moved[0]

        try:
            roots = {part: self.package.xml(part) for part in parts}
        except etree.XMLSyntaxError:
            raise RowsError(
                f"the notes of sheet {edit.sheet!r} are not well-formed XML: xlrating cannot "
                "move them"
            ) from None
        try:
            changed = move_notes(roots, self.sheet(edit.sheet).name, after, columns=columns)
        except ValueError as error:
            raise RowsError(str(error)) from None
        for part in changed:
            if part.endswith(".xml"):
                self.package.edit(part)
            else:  # a VML drawing: written as it was spelt, its declaration (or none) kept
                declared = self.package.read(part).lstrip().startswith(b"<?xml")
                self.package.write(
                    part,
                    etree.tostring(
                        roots[part].getroottree(), encoding="UTF-8", xml_declaration=declared
                    ),
                )

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

        def attributes(element: etree._Element, sheet: SheetPart) -> None:
            local = local_name(element)
            if local == "f":  # an array formula's range grows with the rows inside it
                if "ref" in element.attrib:
                    grows = element.get("t") == "array"
                    self._attribute(element, "ref", sheet, edit, grows)
                return
            for name in _GROWING_ATTRIBUTES | _MOVING_ATTRIBUTES | {"ref"}:
                if name in element.attrib and local not in ("dimension", "c", "row"):
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
        target.mark()

    def rewrite_references(
        self,
        target: SheetPart,
        formula: Callable[[str, str], str],
        sqref: Callable[[str, str], str],
        element: Callable[[etree._Element, SheetPart], None],
    ) -> None:
        """The walk a row or a column edit of *target* makes over the worksheets: every
        formula text through ``formula(text, sheet name)`` where it may read *target* (its
        own formulas, and those of other sheets that name it), the target's sqref texts
        through ``sqref(text, sheet name)``, then each of the target's elements through
        *element* (its attributes), marking what changed."""
        names = {target.name.casefold(), target.name.casefold().replace("'", "''")}
        for sheet in self.sheets.values():
            mine = sheet is target
            changed = False
            for node in _elements(sheet.root):
                local = local_name(node)
                if local in FORMULA_ELEMENTS or (mine and local in SQREF_ELEMENTS):
                    old = new = text_of(node)
                    if local in SQREF_ELEMENTS:
                        new = sqref(old, sheet.name)
                    elif old and (mine or any(n in old.casefold() for n in names)):  # quick test
                        new = formula(old, sheet.name)
                    if new != old:
                        set_text(node, new)
                        changed = True
                if mine:
                    element(node, sheet)
            if changed:
                sheet.mark()

    def rewrite_charts_and_names(
        self, chart: Callable[[str], str], name: Callable[[str], str]
    ) -> None:
        """Every chart's series formulas through *chart*, every defined name through
        *name* (a row or a column edit's reference map), marking what changed."""
        for part, root in self.charts.items():
            for element in _elements(root):
                if local_name(element) == "f":
                    old = text_of(element)
                    new = chart(old)
                    if new != old:
                        set_text(element, new)
                        self.package.edit(part)
        for element in _elements(self.workbook):
            if local_name(element) == "definedName":
                old = text_of(element)
                new = name(old)
                if new != old:
                    set_text(element, new)
                    self.workbook_changed()

    def _attribute(
        self, element: etree._Element, name: str, sheet: SheetPart, edit: RowEdit, grows: bool
    ) -> None:
        old = element.get(name, "")
        new = _map_sqref(old, sheet.name, edit, grows)
        if new != old:
            set_reference(element, name, new)
            sheet.mark()

    def _drop_rows(self, sheet: SheetPart, first: int, last: int) -> None:
        for number, row in sheet.rows().items():
            if first <= number <= last:
                drop(row)

    def _move_rows(self, sheet: SheetPart, edit: RowEdit) -> None:
        rows = sheet.rows()
        for number, row in rows.items():
            moved = edit.rows(number, number, False)
            if moved is None or moved[0] == number:
                continue
            new = moved[0]
            if new > MAX_ROW:
                raise RowsError(f"sheet {sheet.name!r} would need more than {MAX_ROW:,} rows")
            row.set("r", str(new))
            for _, cell in sheet.cells(row, number):
                ref = cell.get("r")
                if ref:
                    letters, _ = split_cell(ref)
                    cell.set("r", f"{letters}{new}")

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
        before: etree._Element | None = later[0] if later else None
        row_tag, cell_tag, f_tag = sheet.tag("row"), sheet.tag("c"), sheet.tag("f")
        # (letters, style, formula)
        templates: list[tuple[str, str, str | None]] = []
        for _, cell in sheet.cells(source, model):
            letters, _ = split_cell(cell.get("r", ""))
            text = None
            found = children(cell, "f")
            if found and found[0].get("t") == "array":
                ref = found[0].get("ref")
                if ref and all(split_cell(x)[1] == model for x in ref.split(":")):
                    raise RowsError(
                        f"sheet {sheet.name!r} cell {cell.get('r')} holds an array "
                        "formula of one row: xlrating cannot continue it"
                    )
            elif found:
                text = _formula_text(cell, shared)
            templates.append((letters, cell.get("s", ""), text))
        attributes = {str(key): str(value) for key, value in source.attrib.items() if key != "r"}
        written = 0
        for step in range(1, count + 1):
            number = model + step
            row = etree.SubElement(sheet.data, row_tag, {"r": str(number), **attributes})
            if before is not None:
                before.addprevious(row)
            for letters, style, text in templates:
                new = etree.SubElement(row, cell_tag, {"r": f"{letters}{number}"})
                if style:
                    new.set("s", style)
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
                    etree.SubElement(new, f_tag).text = continued
                    written += 1
        sheet.update_dimension()
        sheet.mark()
        return written
