"""The workbook lint: every formula of a book, named by book, sheet and cell, and its calcPr."""

from __future__ import annotations

from pathlib import Path

from xlrating.workbook.lint.book import lint_workbook


def test_lint_workbook_names_book_sheet_and_cell(tmp_path: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.workbook.properties import CalcProperties

    wb = Workbook()
    ws = wb.active
    ws.title = "Event"
    ws["A1"] = 1500
    ws["B2"] = "=ELO_EXPECTED(A1)"
    ws["B3"] = "=_xludf.ELO_EXPECTED(A1,A1)"
    ws["B4"] = "=ELO_EXPECTED(A1,Z99)"
    wb.calculation = CalcProperties(fullCalcOnLoad=False)
    path = tmp_path / "book.xlsx"
    wb.save(path)
    found = [str(p) for p in lint_workbook(path)]
    assert any(p.startswith("book.xlsx: (workbook)") and "fullCalcOnLoad" in p for p in found)
    assert any(p.startswith("book.xlsx: Event!B2: ELO_EXPECTED takes 2") for p in found)
    assert any(p.startswith("book.xlsx: Event!B3:") and "_xludf." in p for p in found)
    assert any(p.startswith("book.xlsx: Event!B4: Z99: outside the used area") for p in found)
    assert len(found) == 4, found
