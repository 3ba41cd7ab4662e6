"""Insert and delete whole columns of an xlsx package, adjusting every reference to them.

The column twin of :mod:`xlrating.workbook.ooxml.rows` (Excel's "insert columns" edit, done
on the package parts :class:`~xlrating.workbook.ooxml.rows.RowEditor` edits): columns at or
right of the insertion point move right, and every reference to them moves with them, in cell
formulas (array ranges too), data validations, conditional formats, merged cells,
hyperlinks, the sheet views, the ``<cols>`` widths, defined names (print areas included)
and chart series.  The arithmetic is :class:`~xlrating.workbook.ooxml.rows.RowEdit`'s, on
column numbers: a range that ends on the column left of the insertion and starts at or
left of the block's first column (``Ratings!$B$13:$Q$13`` for event columns B-Q) grows
with it; whole-column references (``$A:$C``) are adjusted too.  New columns get the
styles of the block's last column (:func:`fill_columns`); a formula there is refused, as
xlrating would not know how it continues sideways.  Deleting columns is refused when a
reference points only into them, or when they hold a typed value.

:mod:`xlrating.workbook.season.grow` gives the club season's Ratings sheet its event
columns with this module.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Final

from lxml import etree

from ...sheet.cells import EXCEL_COLUMNS
from .a1 import column_letters, column_number, parse_cell
from .formula_text import SHEET_NAME, outside_strings, substitute, unquote
from .package import children, local_name
from .rows import (
    RowEdit,
    RowEditor,
    RowsError,
    SheetPart,
    drop,
    set_reference,
    set_text,
    split_cell,
    text_of,
)

__all__ = [
    "MAX_COLUMN",
    "column_areas",
    "delete_columns",
    "event_room",
    "fill_columns",
    "insert_columns",
    "keep_text_printed",
]

#: The last column of an Excel worksheet (Excel specifications and limits: 16,384, XFD).
MAX_COLUMN: Final = EXCEL_COLUMNS

#: A reference: A1, A1:B2 (each part may carry $), or whole columns A:C; whole rows (5:44)
#: are matched so that they are left alone.
_REFERENCE: Final = re.compile(
    r"(?<![\w.$\]!'])"
    rf"(?P<sheet>{SHEET_NAME}!)?"
    r"(?:(?P<c1>\$?[A-Z]{1,3})(?P<r1>\$?[0-9]{1,7})(?::(?P<c2>\$?[A-Z]{1,3})(?P<r2>\$?[0-9]{1,7}))?"
    r"|(?P<k1>\$?[A-Z]{1,3}):(?P<k2>\$?[A-Z]{1,3})"
    r"|(?P<w1>\$?[0-9]{1,7}):(?P<w2>\$?[0-9]{1,7}))"
    r"(?![\w(!.\[$:])"
)
_MOVING_ATTRIBUTES: Final = ("sqref", "ref", "activeCell", "topLeftCell")

Change = Callable[[str, int, int], "tuple[int, int] | None"]


def _column(text: str) -> tuple[str, int]:
    return ("$" if text.startswith("$") else ""), column_number(text.lstrip("$"))


def map_columns(text: str, context: str | None, change: Change) -> str:
    """*text* (a formula) with the columns of every reference changed by *change*
    (sheet, first column, last column) -> new columns, or None when they are deleted
    (then :class:`RowsError`).  References without a sheet are on *context*."""

    def moved(m: re.Match[str]) -> str:
        sheet = unquote(m.group("sheet")) if m.group("sheet") else context
        if sheet is None or m.group("w1"):
            return m.group(0)
        first, second = ("k1", "k2") if m.group("k1") else ("c1", "c2")
        (d1, a) = _column(m.group(first))
        (d2, b) = _column(m.group(second)) if m.group(second) else (d1, a)
        new = change(sheet, min(a, b), max(a, b))
        if new is None:
            raise RowsError(f"the formula {text[:80]!r} refers to {m.group(0)} only")
        if new == (min(a, b), max(a, b)):
            return m.group(0)
        na, nb = new if a <= b else (new[1], new[0])
        if max(na, nb) > MAX_COLUMN:
            raise RowsError(f"the formula {text[:80]!r} would pass column XFD")
        prefix = m.group("sheet") or ""
        one, two = d1 + column_letters(na), d2 + column_letters(nb)
        if m.group("k1"):
            return f"{prefix}{one}:{two}"
        if m.group("c2"):
            return f"{prefix}{one}{m.group('r1')}:{two}{m.group('r2')}"
        return f"{prefix}{one}{m.group('r1')}"

    return substitute(text, moved, _REFERENCE)


def column_areas(text: str, context: str | None) -> Iterator[tuple[str, int, int, int, int]]:
    """(sheet, first row, first column, last row, last column) of every cell range in
    *text* (whole rows and whole columns left out)."""
    for code, piece in outside_strings(text):
        if not code:
            continue
        for m in _REFERENCE.finditer(piece):
            sheet = unquote(m.group("sheet")) if m.group("sheet") else context
            if sheet is None or not m.group("c2"):
                continue
            c1, c2 = _column(m.group("c1"))[1], _column(m.group("c2"))[1]
            r1, r2 = int(m.group("r1").lstrip("$")), int(m.group("r2").lstrip("$"))
            yield sheet, min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2)


#: The elements whose text :func:`event_room` reads: cell formulas (``f``, and the x14
#: extensions' ``xm:f``) and validations' ``formula1``.
_ROOM_FORMULAS: Final = frozenset({"f", "formula1"})


def event_room(sheet: SheetPart, cell: str) -> tuple[int, int] | None:
    """The event columns (first, last) of a season book's ratings sheet (*sheet*, the
    array's first cell *cell*), from the column right of the names to the last of: the
    widest range on the array's header row, from that column, that a formula or
    validation of that sheet reads (the Final column's ``COUNTA($B$13:$Q$13)`` of books
    made before SEASON_START_FINAL), and the column left of the first other array formula
    that starts on the header row (the Start and Final array at R13); None when there is
    neither."""
    row, col = parse_cell(cell)
    name = sheet.name
    last = 0
    for element in sheet.root.iter():
        if local_name(element) not in _ROOM_FORMULAS or len(element):
            continue
        for where, r1, c1, r2, c2 in column_areas(element.text or "", name):
            if where.casefold() == name.casefold() and r1 == r2 == row and c1 == col + 1:
                last = max(last, c2)
    anchors = []
    for anchor, _, _ in sheet.arrays():
        if not anchor:
            continue
        letters, number = split_cell(anchor)
        if number == row and column_number(letters) > col + 2:
            anchors.append(column_number(letters))
    if anchors:
        last = max(last, min(anchors) - 1)
    return (col + 1, last) if last > col + 1 else None


def _sqref(text: str, sheet: str, edit: RowEdit) -> str:
    out = []
    for piece in text.split():
        try:
            out.append(map_columns(piece, sheet, lambda s, a, b: edit.rows(a, b)))
        except RowsError:
            continue  # wholly deleted
    return " ".join(out)


def _cells(
    sheet: SheetPart,
) -> Iterator[tuple[etree._Element, int, list[tuple[int, etree._Element]]]]:
    for number, row in sheet.rows().items():
        yield row, number, sheet.cells(row, number)


def _spans(row: etree._Element, cells: list[tuple[int, etree._Element]]) -> None:
    if "spans" in row.attrib:
        if cells:
            columns = [col for col, _ in cells]
            row.set("spans", f"{min(columns)}:{max(columns)}")
        else:
            del row.attrib["spans"]


def _apply(editor: RowEditor, edit: RowEdit) -> None:
    """Move the cells of *edit.sheet* and adjust every reference in the book."""
    target = editor.sheet(edit.sheet)
    target.refuse_unmoved(notes=target.name.casefold() in editor.notes)
    editor.move_notes(edit, columns=True)  # first: a note on a deleted column refuses the edit
    names = {edit.sheet.casefold(), edit.sheet.casefold().replace("'", "''")}
    for sheet in editor.sheets.values():
        masters = [text for text, _, _ in sheet.shared().values()]
        if sheet is target or any(n in t.casefold() for t in masters for n in names):
            sheet.unshare()
    last = edit.at - edit.count - 1  # the last deleted column (deletion only)
    for row, number, cells in _cells(target):
        kept: list[tuple[int, etree._Element]] = []
        for col, cell in cells:
            if edit.count < 0 and edit.at <= col <= last:
                drop(cell)
                continue
            moved = edit.rows(col, col, False)
            assert moved is not None
            if moved[0] > MAX_COLUMN:
                raise RowsError(
                    f"sheet {target.name!r} would need more than {MAX_COLUMN:,} columns"
                )
            if moved[0] != col:
                cell.set("r", f"{column_letters(moved[0])}{number}")
            kept.append((moved[0], cell))
        _spans(row, kept)

    def change(sheet: str, a: int, b: int) -> tuple[int, int] | None:
        return edit.rows(a, b) if sheet.casefold() == edit.sheet.casefold() else (a, b)

    def attributes(element: etree._Element, sheet: SheetPart) -> None:
        local = local_name(element)
        if local == "col":
            _col(element, edit)
            return
        for name in _MOVING_ATTRIBUTES:
            if name in element.attrib and local not in ("dimension", "c", "row"):
                old = element.get(name, "")
                new = _sqref(old, sheet.name, edit)
                if new != old:
                    set_reference(element, name, new)

    editor.rewrite_references(
        target,
        lambda text, sheet: map_columns(text, sheet, change),
        lambda text, sheet: _sqref(text, sheet, edit),
        attributes,
    )

    def keep(sheet: str, a: int, b: int) -> tuple[int, int] | None:
        return change(sheet, a, b) or (a, b)  # a chart line is redrawn by its owner

    editor.rewrite_charts_and_names(
        lambda text: map_columns(text, None, keep), lambda text: map_columns(text, None, change)
    )
    target.update_dimension()
    target.mark()


def _col(element: etree._Element, edit: RowEdit) -> None:
    """A ``<col min max>`` width after the edit (dropped when wholly deleted)."""
    low, high = int(element.get("min", "")), int(element.get("max", ""))
    new = edit.rows(low, high, True)
    if new is None:
        drop(element)
        return
    element.set("min", str(new[0]))
    element.set("max", str(min(new[1], MAX_COLUMN)))


def insert_columns(editor: RowEditor, sheet: str, at: int, count: int, first: int) -> None:
    """Insert *count* columns before column *at* of *sheet*; ranges from column *first*
    (or left of it) to ``at - 1`` grow, then the new columns get column ``at - 1``'s
    styles (:func:`fill_columns`)."""
    _apply(editor, RowEdit(sheet, at, count, first))
    fill_columns(editor, sheet, at - 1, count)


def delete_columns(editor: RowEditor, sheet: str, at: int, count: int, first: int) -> None:
    """Delete columns *at* .. *at + count - 1* of *sheet*: refused (:class:`RowsError`)
    when one of their cells holds a typed value (an array's cells do not count) or a
    reference elsewhere points only into them."""
    target = editor.sheet(sheet)
    last = at + count - 1
    arrays = []
    for _, _formula, ref in target.arrays():
        ends = [split_cell(x) for x in ref.split(":")]
        arrays.append(
            (ends[0][1], column_number(ends[0][0]), ends[-1][1], column_number(ends[-1][0]))
        )
    for _, number, cells in _cells(target):
        for col, cell in cells:
            if not at <= col <= last:
                continue
            if any(r1 <= number <= r2 and c1 <= col <= c2 for r1, c1, r2, c2 in arrays):
                continue
            if (
                children(cell, "f")
                or children(cell, "is")
                or any(text_of(v) for v in children(cell, "v"))
            ):
                raise RowsError(
                    f"cannot drop columns {column_letters(at)}-{column_letters(last)} of sheet "
                    f"{target.name!r}: {target.name}!{cell.get('r')} holds a value"
                )
    _apply(editor, RowEdit(sheet, at, -count, first))


def fill_columns(editor: RowEditor, name: str, model: int, count: int) -> None:
    """Give columns model+1 .. model+count of sheet *name* (empty after an insertion) the
    styles of column *model*'s cells, row by row; a formula there is refused."""
    sheet = editor.sheet(name)
    tag = sheet.tag("c")
    for row, number, cells in _cells(sheet):
        source = next((cell for col, cell in cells if col == model), None)
        if source is None:
            continue
        if children(source, "f"):
            raise RowsError(
                f"sheet {sheet.name!r} cell {source.get('r')} holds a formula: "
                "xlrating cannot continue it into new columns"
            )
        following = next((cell for col, cell in cells if col > model), None)
        for step in range(1, count + 1):
            new = etree.SubElement(row, tag, {"r": f"{column_letters(model + step)}{number}"})
            if source.get("s"):
                new.set("s", source.get("s", ""))
            if following is not None:
                following.addprevious(new)
        _spans(row, sheet.cells(row, number))
    sheet.update_dimension()
    sheet.mark()


#: Excel's default column width in characters, and what a ``<col width>`` adds to the
#: characters it holds (the cell padding: 5 pixels of a 7-pixel digit, 0.7109375).
_DEFAULT_WIDTH: Final = 8.43
_PADDING: Final = 0.7109375
#: How far right a text is followed (the template writer's limit).
_MOST_OVERFLOW: Final = 60


def _text_of(cell: etree._Element, strings: list[str]) -> str:
    kind = cell.get("t")
    if children(cell, "f"):
        return ""
    if kind == "s":
        values = children(cell, "v")
        index = int(text_of(values[0])) if values and text_of(values[0]).isdigit() else -1
        return strings[index] if 0 <= index < len(strings) else ""
    if kind == "inlineStr":
        return "".join(text_of(t) for t in cell.iter("{*}t"))
    return ""


def _reach(sheet: SheetPart, strings: list[str]) -> int:
    """The last column a text of *sheet* runs into: a text wider than its column runs on
    over the empty cells to its right, as Excel and LibreOffice show (and print) it."""
    widths: dict[int, float] = {}
    for element in sheet.root.iter(sheet.tag("col")):
        low, high = int(element.get("min", "")), int(element.get("max", ""))
        width = float(element.get("width") or _DEFAULT_WIDTH + _PADDING) - _PADDING
        for number in range(low, min(high, _MOST_OVERFLOW + low) + 1):
            widths[number] = width
    # A text in merged cells wraps within them (the templates merge a long note across
    # the printed columns): it reaches the merge's last column, never further.
    merged: dict[tuple[int, int], int] = {}
    for element in sheet.root.iter(sheet.tag("mergeCell")):
        first, _, last = element.get("ref", "").partition(":")
        top = re.fullmatch(r"([A-Z]{1,3})([0-9]+)", first)
        end_ref = re.fullmatch(r"([A-Z]{1,3})[0-9]+", last)
        if top and end_ref:
            merged[(int(top.group(2)), column_number(top.group(1)))] = column_number(
                end_ref.group(1)
            )
    reach = 0
    for _, row, cells in _cells(sheet):
        filled = {
            col
            for col, cell in cells
            if children(cell, "f") or children(cell, "is") or children(cell, "v")
        }
        for col, cell in cells:
            if (row, col) in merged:
                reach = max(reach, merged[(row, col)])
                continue
            text = _text_of(cell, strings)
            end, room = col, widths.get(col, _DEFAULT_WIDTH)
            while room < len(text) and end + 1 not in filled and end < col + _MOST_OVERFLOW:
                end += 1
                room += widths.get(end, _DEFAULT_WIDTH)
            reach = max(reach, end)
    return reach


def keep_text_printed(editor: RowEditor, name: str, strings: list[str]) -> None:
    """Set sheet *name*'s print area (one range) to end on its last column with a cell or
    the last column its texts run into (*strings*: the book's shared strings), as the
    templates set it: after columns are deleted, a note that runs on to the right is not
    cut off on paper, and after they are inserted no empty column is printed."""
    sheet = editor.sheet(name)
    listed = [s.get("name", "") for s in editor.workbook.iter() if local_name(s) == "sheet"]
    index = next((i for i, n in enumerate(listed) if n.casefold() == name.casefold()), None)
    used = [col for _, _, cells in _cells(sheet) for col, _ in cells]
    reach = max([_reach(sheet, strings), *used])
    for element in editor.workbook.iter():
        if (
            local_name(element) != "definedName"
            or element.get("name") != "_xlnm.Print_Area"
            or element.get("localSheetId") != str(index)
        ):
            continue
        old = text_of(element)
        match = re.fullmatch(r"(.*!\$?[A-Z]{1,3}\$?[0-9]+:)(\$?)([A-Z]{1,3})(\$?[0-9]+)", old)
        if match is None or column_number(match.group(3)) == reach:
            continue
        set_text(
            element, f"{match.group(1)}{match.group(2)}{column_letters(reach)}{match.group(4)}"
        )
        editor.workbook_changed()
