"""The ``xlrating`` command's commands, one module per group (:mod:`xlrating.cli` holds the
entry point, the parser and the one mapping of failures to messages).

Only the standard library and the registry are imported up front; every module imports
the workbook libraries inside the command that needs them.
"""

from __future__ import annotations

# The command modules import their shared pieces from xlrating.cli, which imports them in
# turn: loading xlrating.cli first keeps that order whichever module is imported first.
from .. import cli as cli
