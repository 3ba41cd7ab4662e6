"""Lint a whole workbook: every formula (:mod:`.formulas`) and its ``calcPr``.

* every formula of every sheet is linted as :func:`.formulas.formula_problems` lints one
  (its functions, prefixes, references and array form);
* the workbook's ``calcPr`` matches its values: ``fullCalcOnLoad="1"`` when they are
  placeholders, or the current ``calcId`` (:data:`~xlrating.workbook.ooxml.xlsx.CURRENT_CALC_ID`)
  without it when every formula cell carries its computed value (an older calcId makes
  Excel recalculate on load anyway, which turns the values into ``#NAME?`` wherever the
  functions are not set up).

The book is read from its :class:`~xlrating.workbook.ooxml.package.Package`: its XML with
lxml, its formulas with openpyxl from the package's bytes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from ...sheet.catalog import ExcelFunction
from ..ooxml.a1 import address
from ..ooxml.cells import SheetCells
from ..ooxml.package import Book, Package, local_name, package_of
from ..ooxml.xlsx import CURRENT_CALC_ID, calc_properties
from .formulas import formula_problems

__all__ = ["Problem", "Values", "calc_problems", "lint_workbook"]


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in a workbook: where it is and what it is."""

    book: str
    sheet: str
    cell: str
    message: str

    def __str__(self) -> str:
        return f"{self.book}: {self.sheet}!{self.cell}: {self.message}"


#: What the values of a workbook are, for :func:`lint_workbook`'s ``values``: computed
#: (``"current"``), placeholders (``"placeholder"``), or either (None: calcPr must then be
#: one of the two forms and agree with the cells).
Values = Literal["current", "placeholder"]


def _formula_cells_without_value(package: Package) -> list[tuple[str, str]]:
    """(sheet, cell) of the formula cells that carry no cached value (no ``<v>``, no
    inline string)."""
    missing: list[tuple[str, str]] = []
    for sheet, part in package.sheet_parts():
        for row, col, formula in SheetCells(package.xml(part)).formula_cells():
            cell = formula.getparent()
            if cell is None or any(local_name(child) in ("v", "is") for child in cell):
                continue
            missing.append((sheet, cell.get("r") or address(row, col)))
    return missing


def _calc_properties(package: Package) -> tuple[bool, int | None]:
    """(fullCalcOnLoad, calcId) as the workbook part writes them (openpyxl reads a
    missing fullCalcOnLoad as True, so the XML is read directly)."""
    attributes = calc_properties(package)
    if attributes is None:
        return False, None
    full = attributes.get("fullCalcOnLoad", "0").strip().lower() in ("1", "true")
    raw = attributes.get("calcId", "")
    return full, int(raw) if raw.strip().isdigit() else None


def calc_problems(book: Book, values: Values | None = None) -> list[str]:
    """What is wrong with the calcPr of the workbook *book* (a package, or a file the
    guard checks first; see :func:`lint_workbook`)."""
    package = package_of(book)
    full, calc_id = _calc_properties(package)
    if full:
        if values == "current":
            return [
                "fullCalcOnLoad is set although the values are current: Excel would throw "
                f"them away on open (write calcId {CURRENT_CALC_ID} without it)"
            ]
        return []
    if values == "placeholder":
        return ["fullCalcOnLoad is not set: Excel would show the placeholder values"]
    if calc_id is None or calc_id < CURRENT_CALC_ID:
        return [
            f"calcId {calc_id} without fullCalcOnLoad: Excel recalculates on load anyway "
            f"(write calcId {CURRENT_CALC_ID} for current values, fullCalcOnLoad for "
            "placeholders)"
        ]
    missing = _formula_cells_without_value(package)
    if missing:
        sheet, cell = missing[0]
        return [
            f"calcPr says the values are current but {len(missing)} formula cells carry "
            f"none (first: {sheet}!{cell}): set fullCalcOnLoad"
        ]
    return []


def lint_workbook(
    book: Book,
    *,
    functions: Mapping[str, ExcelFunction] | None = None,
    values: Values | None = None,
) -> list[Problem]:
    """Lint every formula of the workbook *book* (a package, or a file the guard checks
    first); an empty list means it is clean.

    :param values: what the cached values are, when the caller knows (``"current"`` after
        a headless recalculation, ``"placeholder"`` for a fresh build): the calcPr must
        then say so; by default either form passes if it agrees with the cells.
    """
    from openpyxl import load_workbook
    from openpyxl.worksheet.formula import ArrayFormula

    package = package_of(book)
    name = package.name
    wb = load_workbook(package.stream())  # a file object: openpyxl then ignores the suffix
    problems: list[Problem] = [
        Problem(name, "(workbook)", "-", message) for message in calc_problems(package, values)
    ]
    sheets = {ws.title: (ws.max_row, ws.max_column) for ws in wb.worksheets}
    names = set(wb.defined_names.keys()) if hasattr(wb.defined_names, "keys") else set()
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                value = cell.value
                if isinstance(value, ArrayFormula):
                    text, array = value.text or "", True
                elif cell.data_type == "f" and isinstance(value, str):
                    text, array = value, False
                else:
                    continue
                for message in formula_problems(
                    text,
                    sheets=sheets,
                    sheet=ws.title,
                    array=array,
                    names=names,
                    functions=functions,
                ):
                    problems.append(Problem(name, ws.title, cell.coordinate, message))
    return problems
