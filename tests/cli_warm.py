"""Imported once by the fork server of :mod:`tests.cli_process`, never by a test.

Importing ``formulas`` is half of its start-up; the other half is its table of Excel
functions, built on first use (every function module imported).  Building it here, and
installing the registry's functions, leaves each forked run only the command's own work.
"""

from __future__ import annotations

import formulas

from xlrating.workbook import engine

formulas.get_functions()
engine.register_functions()
