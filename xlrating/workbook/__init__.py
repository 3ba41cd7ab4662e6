"""Workbooks: template builders, the headless engine, the formula lint and cached values.

The modules here read the one registry of spreadsheet functions
(:data:`xlrating.sheet.catalog.FUNCTIONS`) and never compute a rating themselves.  They
stand in floors, each importing only the floors below it (tests/test_layering.py):

* :mod:`xlrating.workbook.ooxml`, the bottom: an xlsx package read and written with the
  standard library (the guard, sheet parts, cached values, rows, columns, notes, formula
  text, A1 addresses) and the one atomic writer (:mod:`xlrating.workbook.ooxml.files`);
* :mod:`xlrating.workbook.engine` evaluates a workbook headlessly (the ``formulas``
  package), and :mod:`xlrating.workbook.lint` checks every formula of a workbook (openpyxl);
* :mod:`xlrating.excel`, the Excel host beside them (the ``.xlsm`` twins' VBA, the
  set-up steps, ``excel-check``);
* :mod:`xlrating.workbook.season`: a club season book found, written, grown, imported into,
  printed and started;
* :mod:`xlrating.workbook.templates` builds the template workbooks with XlsxWriter;
* on top, :mod:`xlrating.workbook.finish` caches a built template's computed values and
  writes its ``.xlsm`` twin, and :mod:`xlrating.workbook.new_season` starts a season from
  the template.

openpyxl, formulas and XlsxWriter (the ``workbook`` extra) are imported lazily inside the
functions that need them, so importing this package costs nothing.
"""

from __future__ import annotations

__all__: list[str] = []
