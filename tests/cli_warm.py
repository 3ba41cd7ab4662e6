"""Imported once by the fork server of :mod:`tests.cli_process`, never by a test (and never
collected: tests/conftest.py lists it in ``collect_ignore``, since importing it for
``--doctest-modules`` cost each test process two seconds).

Importing ``formulas`` is half of its start-up; the other half is its table of Excel
functions, built on first use (every function module imported).  Building it here, as the
command does (:func:`xlrating.workbook.engine.register_functions`: ``scipy.stats`` left to
its first use), leaves each forked run only the command's own work.
"""

from __future__ import annotations

from xlrating.workbook import engine

engine.register_functions()
