"""Notes (legacy comments) of a sheet whose rows move: the note moves with its cell.

A note typed in Excel ("New Note"; "Insert Comment" before Excel 365) or LibreOffice
("Insert Comment") is held in three places of the package, all found through the sheet's
relationships: the comments part (``xl/comments1.xml``: ``<comment ref="H10">``), the VML
drawing that shows it (``xl/drawings/vmlDrawing1.vml``: ``<x:Row>`` the 0-based row,
``<x:Anchor>`` the box's cells, its rows 3rd and 7th), and, for Excel 365's threaded
comments, ``xl/threadedComments/threadedComment1.xml`` (``<threadedComment ref="H10">``).
:class:`xlrating.workbook.ooxml.rows.RowEditor` moves them with their rows, and
:mod:`xlrating.workbook.ooxml.columns` with their columns, through :func:`move_notes`, as
Excel's insert-rows and insert-columns edits do.  Only the cell addresses and row
numbers change, in the parts' lxml trees: every other element, attribute and text is
kept (a part where nothing moves is not touched at all).

A note on a row or column that an edit deletes is refused
(:class:`~xlrating.workbook.ooxml.rows.RowsError`, naming the cell): xlrating never drops what the
user typed.  So is a sheet whose notes' parts are not well-formed XML (a VML drawing that
also holds a legacy form control can carry an unclosed ``<br>``): they are parsed with
lxml like every other part, and xlrating does not edit what it cannot parse.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Final

from lxml import etree

from .a1 import column_letters, column_number
from .package import Package, local_name

__all__ = ["NOTE_KINDS", "move_notes", "note_parts"]

#: Relationship types (their last segment) of a sheet's parts that hold its notes.
NOTE_KINDS: Final = ("comments", "vmlDrawing", "threadedComment")

#: The namespace of the VML drawing's Excel elements (``x:Row``, ``x:Column``,
#: ``x:Anchor``: [MS-OI29500] 2.1.1857 and the VML spreadsheet extensions).
_EXCEL_VML: Final = "urn:schemas-microsoft-com:office:excel"
_NOTES: Final = ("comment", "threadedComment")
_REF: Final = re.compile(r"([A-Za-z]{1,3})([0-9]+)")
_NUMBER: Final = re.compile(r"(\s*)([0-9]+)(\s*)")


def note_parts(package: Package, sheets: Mapping[str, str]) -> dict[str, list[str]]:
    """Sheet name -> the parts holding its notes, found through the sheet part's
    relationships (sheets without notes are left out)."""
    out: dict[str, list[str]] = {}
    for name, part in sheets.items():
        found = [
            rel.target
            for rel in package.relationships(part)
            if rel.type.rsplit("/", 1)[-1] in NOTE_KINDS and package.has(rel.target)
        ]
        if found:
            out[name] = found
    return out


def move_notes(
    roots: Mapping[str, etree._Element],
    sheet: str,
    row_after: Callable[[int], int | None],
    *,
    columns: bool = False,
) -> list[str]:
    """Move every note of *sheet* (its note parts' trees, *roots*: part -> root element)
    to the row (or column, with *columns*) *row_after* gives (1-based; None: that row or
    column is deleted).  The trees are changed in place, and only once every note has
    been found a place; returns the parts that changed.

    :raises ValueError: (one line) a note on a deleted row or column.
    """
    what = "columns" if columns else "rows"
    position = "Column" if columns else "Row"
    box = (0, 4) if columns else (2, 6)  # LeftColumn, RightColumn / TopRow, BottomRow
    changes: list[tuple[str, etree._Element, str | None, str]] = []  # part, element, attr

    def zero_based(index: int) -> int:
        moved = row_after(index + 1)
        return index if moved is None else moved - 1  # deleted: its note refused

    for part, root in roots.items():
        for element in root.iter():
            if not isinstance(element.tag, str):  # a comment or a processing instruction
                continue
            local = local_name(element)
            if local in _NOTES:
                ref = _REF.fullmatch(element.get("ref", ""))
                if ref is None:
                    continue
                letters, row = ref.group(1), int(ref.group(2))
                moved = row_after(column_number(letters.upper()) if columns else row)
                if moved is None:
                    raise ValueError(
                        f"sheet {sheet!r} has a note on cell {letters}{row}, in {what} "
                        "xlrating would delete: move the note to a cell that stays, or "
                        "delete it, then run again"
                    )
                new = f"{column_letters(moved)}{row}" if columns else f"{letters}{moved}"
                changes.append((part, element, "ref", new))
            elif etree.QName(element).namespace != _EXCEL_VML or len(element):
                continue
            elif local == position:
                number = _NUMBER.fullmatch(element.text or "")
                if number is not None:
                    moved_index = zero_based(int(number.group(2)))
                    new = f"{number.group(1)}{moved_index}{number.group(3)}"
                    changes.append((part, element, None, new))
            elif local == "Anchor":
                fields = (element.text or "").split(",")
                if len(fields) != 8 or not all(f.strip().isdigit() for f in fields):
                    continue
                for index in box:
                    value = fields[index]
                    fields[index] = value.replace(value.strip(), str(zero_based(int(value))))
                changes.append((part, element, None, ",".join(fields)))
    changed: list[str] = []
    for part, element, attribute, new in changes:
        old = element.get(attribute) if attribute is not None else element.text
        if new == old:
            continue
        if attribute is not None:
            element.set(attribute, new)
        else:
            element.text = new
        if part not in changed:
            changed.append(part)
    return changed
