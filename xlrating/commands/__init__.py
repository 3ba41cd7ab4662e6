"""The ``xlrating`` command's commands, one module per group, each with its part of the
parser (:mod:`xlrating.cli` holds the entry point, the top of the parser and the one
mapping of failures to messages; :mod:`.base`, what the commands share with it).

Only the standard library and the registry are imported up front; every module imports
the workbook libraries inside the command that needs them.
"""

from __future__ import annotations
