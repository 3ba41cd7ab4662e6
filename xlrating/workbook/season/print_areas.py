"""Print areas that follow the tables: each named sheet prints down to its last row in use.

A print area is a defined name, ``_xlnm.Print_Area``, with fixed references.  Excel also
accepts a formula there (``OFFSET(...)``, ``A1:INDEX(...)``), but LibreOffice does not:
LibreOffice 25.2 prints such a sheet as if it had no print area (tested: every used cell
of the sheet, on as many pages as that takes).  So a print area is written with fixed
references, and a command that grows or shrinks a table (``import``, ``resize``,
``recalc`` of a season book) calls :func:`reset_print_areas` on the book it has written:
each sheet it names then prints from its first printed row down to its last row holding
something to see.

"In use" means a cell that shows something: a constant (number, text, TRUE/FALSE), or a
formula whose cached value is not empty.  The styled blank rows of a table's room, and
formulas that show ``""`` there (a ratings table sized for more players than it has),
are not printed.  A formula without a cached value (never computed) counts as in use.
The columns of a print area are kept (the templates set them to the table and the text
beside it; :func:`xlrating.workbook.ooxml.columns.keep_text_printed` follows column edits), and
so are its first row and the rows repeated on every page (``_xlnm.Print_Titles``).  A
hidden sheet is left alone: it is not printed (LibreOffice prints a hidden sheet that has
a print area, so the templates give hidden sheets none).
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Final
from xml.etree import ElementTree

from ...errors import WorkbookError
from ..ooxml.files import replacing
from ..ooxml.legacy import sheet_parts, workbook_part
from .find import with_print_rows

__all__ = ["PrintAreaError", "last_used_row", "reset_print_areas", "with_print_areas"]

_MAIN: Final = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"


class PrintAreaError(WorkbookError):
    """A print area could not be reset (its message is one line)."""


def last_used_row(sheet_xml: bytes) -> int:
    """The last row (1-based) of a worksheet part holding a cell that shows something
    (0: none): a constant, or a formula whose cached value is not empty or is missing."""
    last = 0
    for _, element in ElementTree.iterparse(io.BytesIO(sheet_xml), events=("end",)):
        if element.tag == _MAIN + "c":
            if _shows(element):
                ref = element.get("r", "")
                digits = ref.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz$")
                if digits.isdigit():
                    last = max(last, int(digits))
            element.clear()
    return last


def _shows(cell: ElementTree.Element) -> bool:
    value = cell.find(_MAIN + "v")
    inline = cell.find(_MAIN + "is")
    if inline is not None:
        return bool("".join(inline.itertext()))
    if cell.find(_MAIN + "f") is not None and value is None:
        return True  # never computed: it will show something
    return value is not None and bool(value.text)


def with_print_areas(
    workbook_xml: bytes, sheets: Mapping[str, bytes], hidden: Iterable[str] = ()
) -> bytes:
    """The workbook part with the print area of each sheet in *sheets* (name -> its
    worksheet part) ending on the sheet's last row in use (never above its first row).
    Sheets named in *hidden* and sheets without a print area are left as they are."""
    skipped = {name.casefold() for name in hidden}
    for name, xml in sheets.items():
        if name.casefold() in skipped:
            continue
        workbook_xml = with_print_rows(workbook_xml, name, max(last_used_row(xml), 1))
    return workbook_xml


def reset_print_areas(
    book: str | Path,
    sheets: Iterable[str] | Mapping[str, int],
    target: str | Path | None = None,
) -> list[str]:
    """Set the print area of each of *sheets* in the workbook *book* to end on its last
    row in use (see the module), or on the row *sheets* gives it when it maps sheet
    names to rows (1-based: a caller that knows its tables' rows, as
    :mod:`xlrating.workbook.season.printing`); write the result to *target* (default: *book*
    itself, through a temporary file and a rename, so the book is never left half
    written).

    :returns: the sheets whose print area changed (nothing is written when none did).
    :raises PrintAreaError: naming the book and the sheet that it does not have.
    """
    path = Path(book)
    given = dict(sheets) if isinstance(sheets, Mapping) else {}
    wanted = list(sheets)
    with zipfile.ZipFile(path) as zf:
        parts = {name.casefold(): (name, part) for name, part in sheet_parts(zf)}
        book_part = workbook_part(zf)
        old = zf.read(book_part)
        chosen: dict[str, bytes] = {}
        for name in wanted:
            found = parts.get(name.casefold())
            if found is None:
                raise PrintAreaError(
                    f"{path.name} has no sheet {name!r} (sheets: "
                    f"{', '.join(n for n, _ in parts.values())})"
                )
            chosen[found[0]] = zf.read(found[1])
        hidden = _hidden_sheets(old)
        new, changed = old, []
        rows = {name.casefold(): row for name, row in given.items()}
        for name, xml in chosen.items():
            before = new
            if name.casefold() in rows:
                if name not in hidden:
                    new = with_print_rows(new, name, max(rows[name.casefold()], 1))
            else:
                new = with_print_areas(new, {name: xml}, hidden)
            if new != before:
                changed.append(name)
        if new == old:
            if target is not None and Path(target) != path:
                with replacing(target) as temp:
                    temp.write_bytes(path.read_bytes())
            return []
        with (
            replacing(target if target is not None else path) as temp,
            zipfile.ZipFile(temp, "w", zipfile.ZIP_DEFLATED) as out,
        ):
            for info in zf.infolist():
                out.writestr(info, new if info.filename == book_part else zf.read(info))
    return changed


def _hidden_sheets(workbook_xml: bytes) -> list[str]:
    """The names of the hidden and very hidden sheets of a workbook part."""
    root = ElementTree.fromstring(workbook_xml)
    return [
        sheet.get("name", "")
        for sheet in root.iter(_MAIN + "sheet")
        if sheet.get("state") in ("hidden", "veryHidden")
    ]
