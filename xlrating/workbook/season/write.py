"""The club season book written back: cells changed (an import, a resize, a rating list),
its print areas on the rows in use, checked by the guard, saved once.

Everything here writes into one :class:`~xlrating.workbook.ooxml.package.Package` (cells
through :class:`~xlrating.workbook.ooxml.cells.SheetCells`, as plain values) and saves it
through the atomic writer only when the guard accepts the new bytes (:func:`save_checked`).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from lxml import etree

from ..ooxml.a1 import bounds
from ..ooxml.cells import SheetCells
from ..ooxml.files import replacing
from ..ooxml.guard import WorkbookRefusedError, check_bytes
from ..ooxml.package import Package
from ..ooxml.xlsx import set_calc_properties
from .find import SeasonBookError, SeasonLayout
from .print_areas import last_content_row, with_print_rows
from .printing import reset_season_print_areas

__all__ = ["Refused", "refused", "save_checked", "write_book", "write_edits"]


def write_edits(package: Package, edits: Mapping[str, Mapping[tuple[int, int], object]]) -> None:
    """Write *edits* (sheet -> (row, col) -> value; None clears a cell) into *package* as
    plain values (text as inline strings, never formulas), and mark the workbook for a
    full calculation on load: the cells changed but their dependents were not computed
    (a later recalc writes the current calcPr back)."""
    sheets: dict[str, SheetCells] = {}
    for name, cells in edits.items():
        if not cells:
            continue
        part = package.sheet_part(name)
        if part is None:
            raise SeasonBookError(f"{package.name} has no sheet {name!r}")
        sheet = sheets.get(part)
        if sheet is None:
            sheet = sheets[part] = SheetCells(package.xml(part))
            if sheet.sheet_data is None:
                raise SeasonBookError(f"{package.name}: sheet {name!r} has no cells")
            package.edit(part)  # the tree *sheet* edits
        for (row, col), value in sorted(cells.items()):
            try:
                sheet.set_value(sheet.cell(row, col), value, values_only=True)
            except ValueError as error:  # lxml takes no text that XML cannot hold
                why = f"a cell's text is not well-formed XML: {error}"
                raise refused(package.name, why) from None
    for sheet in sheets.values():
        sheet.update_dimension()
    set_calc_properties(package, current=False)


def write_book(
    package: Package,
    target: Path,
    layout: SeasonLayout,
    edits: Mapping[str, Mapping[tuple[int, int], object]],
) -> None:
    """Write *package* to *target* with *edits* (sheet -> (row, col) -> value) written
    (:func:`write_edits`), the Games sheet's print area ending on its last row in use and
    a club season's print areas on the rows its tables use
    (:func:`~.printing.reset_season_print_areas`: LibreOffice prints fixed print areas
    only).

    The new file must pass the guard (:func:`save_checked`) before it replaces *target*;
    *package* is then the book as written.
    """
    write_edits(package, edits)
    games_part = package.sheet_part(layout.games[0])
    if games_part is not None:
        # The Status column right of the table holds a cell for every row.
        last = last_content_row(package.xml(games_part), bounds(layout.games[1])[3] + 1)
        with_print_rows(package, layout.games[0], last)
    try:  # the tables are read back from the book as changed
        reset_season_print_areas(package)
    except etree.XMLSyntaxError as error:  # a writer's bug: refused, nothing written
        raise refused(package.name, f"a part is not well-formed XML ({error})") from None
    save_checked(package, target)


def save_checked(package: Package, target: str | Path) -> None:
    """Save *package* to *target* through the atomic writer, once the guard accepts its
    new bytes (every XML part well-formed, within the limits ``xlrating recalc``
    computes; :func:`_verify`): refused, nothing is written."""
    data = package.to_bytes()
    _verify(data, package.name)
    with replacing(target) as temp:  # Package.save, without serializing the parts again
        temp.write_bytes(data)


class Refused(SeasonBookError):
    """The new file would not pass the guard (its limits, or an XML part not well-formed)."""


def _verify(data: bytes, book: str) -> None:
    """Refuse (SeasonBookError) a new file that the guard would refuse: every XML part
    must be well-formed and the file within the limits ``xlrating recalc`` computes."""
    try:
        check_bytes(data)
    except WorkbookRefusedError as error:
        raise refused(book, str(error)) from None


def refused(book: str, why: str) -> Refused:
    """The refusal of a change to *book* that the guard refuses for *why*."""
    return Refused(
        f"{book}: the workbook as changed would not pass xlrating's check "
        f"({' '.join(why.split())}); nothing was written"
    )
