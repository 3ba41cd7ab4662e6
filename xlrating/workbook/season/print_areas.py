"""Print areas that follow the tables: each named sheet prints down to its last row in use.

A print area is a defined name, ``_xlnm.Print_Area``, with fixed references.  Excel also
accepts a formula there (``OFFSET(...)``, ``A1:INDEX(...)``), but LibreOffice does not:
LibreOffice 25.2 prints such a sheet as if it had no print area (tested: every used cell
of the sheet, on as many pages as that takes).  So a print area is written with fixed
references, and a command that grows or shrinks a table (``import``, ``resize``,
``recalc`` of a season book) calls :func:`reset_print_areas` on the book's
:class:`~xlrating.workbook.ooxml.package.Package` before it saves it: each sheet it names
then prints from its first printed row down to its last row holding something to see.
The print areas are read and set on the workbook part's lxml tree (:func:`with_print_rows`);
:func:`last_content_row` and :func:`last_used_row` read a worksheet part's tree.

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

import re
from collections.abc import Iterable, Mapping
from typing import Final

from lxml import etree

from ...errors import WorkbookError
from ..ooxml.a1 import parse_cell
from ..ooxml.package import Package, local_name

__all__ = [
    "PrintAreaError",
    "last_content_row",
    "last_used_row",
    "reset_print_areas",
    "with_print_areas",
    "with_print_rows",
]

#: The defined name of a sheet's print area (ECMA-376 Part 1 §18.2.5, built-in names).
PRINT_AREA: Final = "_xlnm.Print_Area"

#: A print area of one range whose last row can be set: (all but the last row, first
#: row, last row) of ``Games!$A$4:$H$606`` (a formula's text, not XML).
_AREA_END: Final = re.compile(r"^(.*![$]?[A-Z]{1,3}[$]?([0-9]+):[$]?[A-Z]{1,3}[$]?)([0-9]+)$")


class PrintAreaError(WorkbookError):
    """A print area could not be reset (its message is one line)."""


def _cells(sheet: etree._Element) -> Iterable[tuple[int, int, etree._Element]]:
    """(row, column, ``<c>``) of every cell of a worksheet part's tree that has an
    address."""
    for data in sheet:
        if local_name(data) != "sheetData":
            continue
        for row in data:
            if local_name(row) != "row":
                continue
            for cell in row:
                ref = cell.get("r") if local_name(cell) == "c" else None
                if ref:
                    try:
                        number, col = parse_cell(ref.replace("$", ""))
                    except ValueError:
                        continue
                    yield number, col, cell


def last_content_row(sheet: etree._Element, skip: int | None = None) -> int:
    """The last row of a worksheet part's tree holding a value or a formula (0: none);
    cells with a style only (a table's blank rows) do not count, nor cells of column
    *skip* (1-based: the Games sheet's Status column, which holds a cell for every row)."""
    last = 0
    for number, col, cell in _cells(sheet):
        if number <= last or col == skip or not (len(cell) or cell.text):
            continue
        last = number
    return last


def last_used_row(sheet: etree._Element) -> int:
    """The last row (1-based) of a worksheet part's tree holding a cell that shows
    something (0: none): a constant, or a formula whose cached value is not empty or is
    missing."""
    last = 0
    for number, _, cell in _cells(sheet):
        if number > last and _shows(cell):
            last = number
    return last


def _shows(cell: etree._Element) -> bool:
    children = {local_name(child): child for child in reversed(cell)}  # the first of each
    inline = children.get("is")
    if inline is not None:
        return any(inline.itertext())
    value = children.get("v")
    if "f" in children and value is None:
        return True  # never computed: it will show something
    return value is not None and bool(value.text)


def _sheet_index(package: Package, sheet: str) -> int | None:
    """The position of *sheet* (any case) among the workbook's sheets (a print area's
    ``localSheetId``)."""
    names = [
        element.get("name", "") for element in package.xml(package.workbook_part).iter("{*}sheet")
    ]
    return next((i for i, n in enumerate(names) if n.casefold() == sheet.casefold()), None)


def with_print_rows(package: Package, sheet: str, last: int) -> bool:
    """Make *sheet*'s print area (one range) end on row *last*, its columns and first row
    kept; nothing when the sheet has no such print area, or when it starts below *last*.
    Returns whether the workbook part changed."""
    index = _sheet_index(package, sheet)
    if index is None:
        return False
    changed = False
    for name in package.xml(package.workbook_part).iter("{*}definedName"):
        if name.get("name") != PRINT_AREA or name.get("localSheetId") != str(index):
            continue
        end = _AREA_END.match(name.text or "")
        if end is None or int(end.group(2)) > last:
            continue
        text = f"{end.group(1)}{last}"
        if text != name.text:
            package.edit(package.workbook_part)  # the tree *name* belongs to
            name.text = text
            changed = True
    return changed


def with_print_areas(
    package: Package, sheets: Iterable[str], hidden: Iterable[str] = ()
) -> list[str]:
    """Make the print area of each of *sheets* end on the sheet's last row in use (never
    above its first row).  Sheets named in *hidden* and sheets without a print area are
    left as they are.  Returns the sheets whose print area changed."""
    skipped = {name.casefold() for name in hidden}
    changed = []
    for name in sheets:
        part = package.sheet_part(name)
        if part is None or name.casefold() in skipped:
            continue
        if with_print_rows(package, name, max(last_used_row(package.xml(part)), 1)):
            changed.append(name)
    return changed


def reset_print_areas(package: Package, sheets: Iterable[str] | Mapping[str, int]) -> list[str]:
    """Set the print area of each of *sheets* in *package* to end on its last row in use
    (see the module), or on the row *sheets* gives it when it maps sheet names to rows
    (1-based: a caller that knows its tables' rows, as
    :mod:`xlrating.workbook.season.printing`); in memory (the package's owner saves it).

    :returns: the sheets whose print area changed.
    :raises PrintAreaError: naming the book and the sheet that it does not have.
    """
    given = dict(sheets) if isinstance(sheets, Mapping) else {}
    parts = {name.casefold(): name for name in package.sheet_names()}
    chosen: dict[str, None] = {}
    for name in list(sheets):
        found = parts.get(name.casefold())
        if found is None:
            raise PrintAreaError(
                f"{package.name} has no sheet {name!r} (sheets: {', '.join(parts.values())})"
            )
        chosen[found] = None
    hidden = _hidden_sheets(package)
    rows = {name.casefold(): row for name, row in given.items()}
    changed = []
    for name in chosen:
        if name.casefold() in rows:
            if name not in hidden and with_print_rows(package, name, max(rows[name.casefold()], 1)):
                changed.append(name)
        else:
            changed += with_print_areas(package, [name], hidden)
    return changed


def _hidden_sheets(package: Package) -> list[str]:
    """The names of the hidden and very hidden sheets of the workbook."""
    return [
        sheet.get("name", "")
        for sheet in package.xml(package.workbook_part).iter("{*}sheet")
        if sheet.get("state") in ("hidden", "veryHidden")
    ]
