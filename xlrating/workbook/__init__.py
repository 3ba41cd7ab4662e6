"""Workbooks: template builders, the headless engine, the formula lint and cached values.

The modules here read the one registry of spreadsheet functions
(:data:`xlrating.sheet.catalog.FUNCTIONS`) and never compute a rating themselves.  They
stand in floors, each importing only the floors below it (tests/test_layering.py):

* :mod:`xlrating.workbook.ooxml`, the bottom: the guard, the one
  :class:`~xlrating.workbook.ooxml.package.Package` a book is read into once (from the
  guard's inspection), parsed with lxml and saved once, its cells, cached values, rows,
  columns, notes, formula text and A1 addresses, and the one atomic writer
  (:mod:`xlrating.workbook.ooxml.files`);
* :mod:`xlrating.workbook.engine` evaluates a workbook headlessly (the ``formulas``
  package), and :mod:`xlrating.workbook.lint` checks a formula and every formula of a
  workbook;
* :mod:`xlrating.excel`, the Excel host above them (the ``.xlsm`` twins' VBA,
  ``excel-check``);
* :mod:`xlrating.workbook.season`: a club season book found, written, grown, imported into,
  printed and started;
* :mod:`xlrating.workbook.templates` builds the template workbooks with XlsxWriter;
* on top, :mod:`xlrating.workbook.finish` caches a built template's computed values and
  writes its ``.xlsm`` twin, and :mod:`xlrating.workbook.new_season` starts a season from
  the template.

openpyxl, formulas and XlsxWriter (the ``workbook`` extra) are imported lazily inside the
functions that need them, lxml by the modules that parse a book; importing this package
(as ``xlrating --help`` does) needs none of them.
"""

from __future__ import annotations

__all__: list[str] = []
