"""Imported once by the fork server of :mod:`tests.cli_process`, never by a test (and never
collected: tests/conftest.py lists it in ``collect_ignore``, since importing it for
``--doctest-modules`` cost each test process two seconds).

Importing ``formulas`` is half of its start-up; the other half is its table of Excel
functions, built on first use (every function module imported).  Building it here, as the
command does
(:func:`xlrating.workbook.engine.evaluation.register_functions`: ``scipy.stats`` left to its
first use), and importing the modules every command imports (the workbook wing,
XlsxWriter, the tournament-file readers), leaves each forked run only the command's own
work.
"""

from __future__ import annotations

import xlsxwriter  # noqa: F401  (what xlrating.commands.common.workbook_modules imports)

import xlrating.imports  # noqa: F401  (import reads tournament files)
from xlrating.workbook.engine import evaluation as engine
from xlrating.workbook.season import book as season_book  # noqa: F401

engine.register_functions()
