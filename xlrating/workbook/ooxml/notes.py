"""Notes (legacy comments) of a sheet whose rows move: the note moves with its cell.

A note typed in Excel ("New Note"; "Insert Comment" before Excel 365) or LibreOffice
("Insert Comment") is held in three places of the package, all found through the sheet's
relationships: the comments part (``xl/comments1.xml``: ``<comment ref="H10">``), the VML
drawing that shows it (``xl/drawings/vmlDrawing1.vml``: ``<x:Row>`` the 0-based row,
``<x:Anchor>`` the box's cells, its rows 3rd and 7th), and, for Excel 365's threaded
comments, ``xl/threadedComments/threadedComment1.xml`` (``<threadedComment ref="H10">``).
:class:`xlrating.workbook.ooxml.rows.Package` moves them with their rows, and
:mod:`xlrating.workbook.ooxml.columns` with their columns, through :func:`move_notes`, as
Excel's insert-rows and insert-columns edits do.  Only the cell addresses and row
numbers change: every other byte of those parts is kept.

A note on a row or column that an edit deletes is refused
(:class:`~xlrating.workbook.ooxml.rows.RowsError`, naming the cell): xlrating never drops what the
user typed.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable, Mapping
from typing import Final

from .a1 import column_letters, column_number
from .legacy import relationships

__all__ = ["NOTE_KINDS", "move_notes", "note_parts"]

#: Relationship types (their last segment) of a sheet's parts that hold its notes.
NOTE_KINDS: Final = ("comments", "vmlDrawing", "threadedComment")

_REF: Final = re.compile(
    r'(<(?:\w+:)?(?:comment|threadedComment)\b[^>]*?\sref=")([A-Za-z]{1,3})([0-9]+)(")'
)
_ROW: Final = re.compile(r"(<x:Row>\s*)([0-9]+)(\s*</x:Row>)")
_COLUMN: Final = re.compile(r"(<x:Column>\s*)([0-9]+)(\s*</x:Column>)")
_ANCHOR: Final = re.compile(r"(<x:Anchor>)([^<]*)(</x:Anchor>)")


def note_parts(zf: zipfile.ZipFile, sheets: Mapping[str, str]) -> dict[str, dict[str, bytes]]:
    """Sheet name -> {part: bytes} of the parts holding its notes (sheets without notes
    are left out)."""
    names = set(zf.namelist())
    out: dict[str, dict[str, bytes]] = {}
    for name, part in sheets.items():
        found = {
            target: zf.read(target)
            for _, kind, target in relationships(zf, part)
            if kind.rsplit("/", 1)[-1] in NOTE_KINDS and target in names
        }
        if found:
            out[name] = found
    return out


def move_notes(
    parts: Mapping[str, bytes],
    sheet: str,
    row_after: Callable[[int], int | None],
    *,
    columns: bool = False,
) -> dict[str, bytes]:
    """The note parts of *sheet* with every note's row (or column, with *columns*) as
    *row_after* gives it (1-based; None: that row or column is deleted).  Only the parts
    that change are returned.

    :raises ValueError: (one line) a note on a deleted row or column, or a part that is
        not text.
    """
    out: dict[str, bytes] = {}
    what = "columns" if columns else "rows"
    position = _COLUMN if columns else _ROW
    box = (0, 4) if columns else (2, 6)  # LeftColumn, RightColumn / TopRow, BottomRow
    for part, data in parts.items():
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"the notes of sheet {sheet!r} ({part}) are not UTF-8 text") from None

        def cell(m: re.Match[str]) -> str:
            letters, row = m.group(2), int(m.group(3))
            moved = row_after(column_number(letters.upper()) if columns else row)
            if moved is None:
                raise ValueError(
                    f"sheet {sheet!r} has a note on cell {letters}{row}, in {what} xlrating "
                    "would delete: move the note to a cell that stays, or delete it, then "
                    "run again"
                )
            if columns:
                return f"{m.group(1)}{column_letters(moved)}{row}{m.group(4)}"
            return f"{m.group(1)}{letters}{moved}{m.group(4)}"

        def zero_based(index: int) -> int:
            moved = row_after(index + 1)
            return index if moved is None else moved - 1  # deleted: its note refused

        def place(m: re.Match[str]) -> str:
            return f"{m.group(1)}{zero_based(int(m.group(2)))}{m.group(3)}"

        def anchor(m: re.Match[str]) -> str:
            fields = m.group(2).split(",")
            if len(fields) != 8 or not all(f.strip().isdigit() for f in fields):
                return m.group(0)
            for index in box:
                value = fields[index]
                moved = zero_based(int(value))
                fields[index] = value.replace(value.strip(), str(moved))
            return f"{m.group(1)}{','.join(fields)}{m.group(3)}"

        new = _REF.sub(cell, text)
        new = _ANCHOR.sub(anchor, position.sub(place, new))
        if new != text:
            out[part] = new.encode("utf-8")
    return out
