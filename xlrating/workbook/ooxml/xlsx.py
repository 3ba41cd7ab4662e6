"""Write computed values into a workbook package, as Excel's cached values or as plain values.

An xlsx file is a zip of XML parts; each formula cell may carry the value Excel last
computed (``<c r="B5" t="str"><f>...</f><v>Class B</v></c>``).  Programs that cannot run
the formulas (Excel without the add-in, LibreOffice, Google Sheets, viewers, openpyxl's
``data_only``) show that cached value.  :func:`write_values` writes them into the sheet
parts of a :class:`~.package.Package` (:class:`~.cells.SheetCells` on each part's tree),
leaving every other part byte for byte:

* formula cells keep their formulas and get ``<v>`` with the type ``t`` = ``n`` (number),
  ``str`` (text), ``b`` (boolean) or ``e`` (error value); the cells of an array formula's
  range (dynamic arrays included, their ``cm`` metadata kept) get their share of the array;
* with ``values_only`` the formulas are dropped, text becomes an inline string, and the
  calculation chain (``xl/calcChain.xml``, which lists formula cells) is removed;
* the workbook's ``calcPr`` is the one Excel writes for a book whose values are current
  (:func:`set_calc_properties`), so Excel does not throw the values away on open.

:func:`write_cached_values` does it all for a file: the guard, the package, the values,
one atomic write.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from lxml import etree

from .a1 import address
from .cells import SheetCells, is_error_text
from .guard import Inspection, check_workbook
from .package import CONTENT_TYPES, Package, drop_attribute, local_name, rels_path

__all__ = [
    "CURRENT_CALC_ID",
    "CacheReport",
    "CellKey",
    "calc_properties",
    "drop_calc_chain",
    "set_calc_properties",
    "write_cached_values",
    "write_values",
]

#: A cell's address: (sheet name as in the workbook, "B5").
CellKey = tuple[str, str]

#: The calculation engine id Excel for Microsoft 365 (and Excel 2019) writes in
#: ``<calcPr calcId=...>``: pyOpenVBA 6.5.0's blank workbook, saved by Excel for Microsoft
#: 365 (fileVersion rupBuild 29929), carries ``<calcPr calcId="191029"/>``; xlwings
#: 0.37.8's quickstart.xlsm, saved by Excel 2016, carries 171027.  ECMA-376 Part 1
#: §18.2.2: an application whose engine is newer than a file's calcId recalculates the
#: whole workbook on load, as ``fullCalcOnLoad="1"`` asks every application to do.
CURRENT_CALC_ID: Final = 191029


@dataclass(frozen=True, slots=True)
class CacheReport:
    """What :func:`write_values` did."""

    #: Cells holding a formula, or inside an array formula's range.
    formula_cells: int
    #: Of those, how many got a computed value.
    written: int
    #: Formula cells for which no computed value was given (left as they were).
    missing: tuple[CellKey, ...]
    #: Formula cells whose value is an error: an error value, or text that starts with one
    #: (how the registry's functions report bad input, e.g. "#VALUE! k is blank ...").
    errors: tuple[CellKey, ...] = ()


# ---------------------------------------------------------------- calculation on load

#: The elements that come before calcPr in a workbook part (ECMA-376 CT_Workbook order),
#: the nearest first.
_BEFORE_CALC_PR: Final = ("definedNames", "externalReferences", "functionGroups", "sheets")


def _calc_pr(workbook: etree._Element) -> etree._Element | None:
    return next((child for child in workbook if local_name(child) == "calcPr"), None)


def calc_properties(package: Package) -> dict[str, str] | None:
    """The attributes of the workbook's ``calcPr``, or None when it has none."""
    found = _calc_pr(package.xml(package.workbook_part))
    return None if found is None else {str(k): str(v) for k, v in found.attrib.items()}


def set_calc_properties(package: Package, *, current: bool) -> None:
    """Give the workbook the ``calcPr`` Excel writes for its values.

    *current*: every formula cell carries the value its formula gives now (a headless
    recalculation wrote them all), so the book gets ``calcId`` = :data:`CURRENT_CALC_ID`
    and no ``fullCalcOnLoad``: Excel opens it showing those values and recalculates only
    what the user changes.  Otherwise (placeholder values, or cells changed since they
    were computed) it gets ``fullCalcOnLoad="1"``: every application recalculates the
    whole workbook when it opens it.  Other attributes (calculation mode, iteration) are
    kept; a workbook without ``calcPr`` gets one after the elements that precede it.
    """
    root = package.edit(package.workbook_part)
    element = _calc_pr(root)
    if element is None:
        ns = etree.QName(root).namespace
        element = etree.Element(f"{{{ns}}}calcPr" if ns else "calcPr")
        for local in _BEFORE_CALC_PR:
            before = [child for child in root if local_name(child) == local]
            if before:
                before[-1].addnext(element)
                break
        else:
            raise ValueError("a workbook part without sheets")
    if current:
        element.set("calcId", str(CURRENT_CALC_ID))
        drop_attribute(element, "fullCalcOnLoad")
    else:
        if element.get("calcId") is None:
            element.set("calcId", str(CURRENT_CALC_ID))
        element.set("fullCalcOnLoad", "1")


def drop_calc_chain(package: Package) -> None:
    """Remove the calculation chain (``xl/calcChain.xml``, which Excel rebuilds), its
    content type and its relationship."""
    book = package.workbook_part
    chains = [rel.target for rel in package.relationships(book) if rel.type.endswith("/calcChain")]
    if not chains:
        return
    for part in chains:
        package.remove(part)
    rels = package.edit(rels_path(book))
    for rel in [r for r in rels if local_name(r) == "Relationship"]:
        if rel.get("Type", "").endswith("/calcChain"):
            rels.remove(rel)
    if package.has(CONTENT_TYPES):
        types = package.edit(CONTENT_TYPES)
        names = {"/" + part for part in chains}
        for override in [o for o in types if local_name(o) == "Override"]:
            if override.get("PartName") in names:
                types.remove(override)


# ---------------------------------------------------------------- the values


class _Caseless(Mapping[CellKey, object]):
    """Cell values by (sheet, cell) whatever the case of either: looked up as given, and
    upper-cased only when a key is not found so (the folded copy is made once, not for
    every write: a grown book's values are a hundred thousand cells)."""

    def __init__(self, values: Mapping[CellKey, object]) -> None:
        self._values = values
        self._folded: dict[CellKey, object] | None = None

    def _fold(self) -> dict[CellKey, object]:
        if self._folded is None:
            self._folded = {(s.upper(), c.upper()): v for (s, c), v in self._values.items()}
        return self._folded

    def __getitem__(self, key: CellKey) -> object:
        if key in self._values:
            return self._values[key]
        return self._fold()[(key[0].upper(), key[1].upper())]

    def __contains__(self, key: object) -> bool:
        if key in self._values:
            return True
        if not (isinstance(key, tuple) and len(key) == 2 and all(isinstance(k, str) for k in key)):
            return False
        return (key[0].upper(), key[1].upper()) in self._fold()

    def __iter__(self) -> Iterator[CellKey]:
        return iter(self._fold())

    def __len__(self) -> int:
        return len(self._fold())


def write_values(
    package: Package, values: Mapping[CellKey, object], *, values_only: bool = False
) -> CacheReport:
    """Write *values* into the formula cells of *package* (in memory; :meth:`Package.save`
    writes the file).

    :param values: computed values by (sheet name, cell such as ``"B5"``, either in any
        case): numbers, text, booleans, :class:`~.cells.CellError` for error values, or None for
        an empty result.
    :param values_only: drop the formulas and keep only the values (and drop the
        calculation chain).
    :returns: a :class:`CacheReport`.

    The workbook's ``calcPr`` says whether the values are current
    (:func:`set_calc_properties`): when every formula cell got a value, Excel opens the
    book showing them; when some did not, it recalculates everything on load.
    """
    lookup = _Caseless(values)
    total = written = 0
    missing: list[CellKey] = []
    errors: list[CellKey] = []
    for sheet, part in package.sheet_parts():
        cells = SheetCells(package.xml(part))
        if cells.sheet_data is None:
            continue
        targets = cells.formula_targets()
        if not targets:
            continue
        package.edit(part)  # the tree *cells* edits
        for row, col in targets:
            total += 1
            key = (sheet, address(row, col))
            if key not in lookup:
                missing.append(key)
                found = cells.find(row, col)
                if values_only and found is not None:
                    cells.drop_formulas(found)
                continue
            value = lookup[key]
            cells.set_value(cells.cell(row, col), value, values_only)
            written += 1
            if is_error_text(value):
                errors.append(key)
        cells.update_dimension()
    set_calc_properties(package, current=not missing)
    if values_only:
        drop_calc_chain(package)
    return CacheReport(total, written, tuple(missing), tuple(errors))


def write_cached_values(
    source: str | Path,
    target: str | Path,
    values: Mapping[CellKey, object],
    *,
    values_only: bool = False,
    inspection: Inspection | None = None,
) -> CacheReport:
    """Copy the workbook *source* to *target* with *values* written into its formula
    cells (:func:`write_values`), in one atomic write.

    :param source: the workbook to copy (never modified, unless it is also *target*).
    :param target: where to write; written to a temporary file first, then renamed.
    :param inspection: the guard's of *source*, when the caller has it (else the guard
        checks *source* first).
    :raises ~.guard.WorkbookRefusedError: if *source* is not a workbook the guard accepts.
    """
    package = Package.open(inspection or check_workbook(source))
    report = write_values(package, values, values_only=values_only)
    package.save(target)
    return report
