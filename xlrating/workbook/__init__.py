"""Workbooks: template builders, the headless engine, the formula lint and cached values.

The modules here read the one registry of spreadsheet functions
(:data:`xlrating.sheet.catalog.FUNCTIONS`) and never compute a rating themselves:

* :mod:`xlrating.workbook.templates` builds the template workbooks with XlsxWriter;
* :mod:`xlrating.workbook.lint` checks every formula of a workbook (openpyxl);
* :mod:`xlrating.workbook.engine` evaluates a workbook headlessly (the ``formulas`` package);
* :mod:`xlrating.workbook.xlsx`, the xlsx toolkit: sheet parts, cached values, the
  rename into place (standard library);
* :mod:`xlrating.workbook.a1` reads and writes A1 addresses;
* :mod:`xlrating.workbook.finish` caches a built template's computed values and writes its
  ``.xlsm`` twin (:mod:`xlrating.workbook.excel_vba`: xlwings' generated VBA inside);
* :mod:`xlrating.workbook.instructions` is the one text of the Excel set-up steps;
* :mod:`xlrating.workbook.excel_check` compares Excel's own results with the engine's.

openpyxl, formulas and XlsxWriter (the ``workbook`` extra) are imported lazily inside the
functions that need them, so importing this package costs nothing.
"""

from __future__ import annotations

__all__: list[str] = []
