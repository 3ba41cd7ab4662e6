"""xlrating: chess ratings as spreadsheet functions (US Chess, FIDE, Elo, Glicko-2).

The rating core is importable without any Excel library::

    >>> from xlrating import uscf
    >>> uscf.rate(1700, 30, [1600, 1650, 1750, 1800], [1, 0.5, 0, 1]).rounded
    1717

Modules: :mod:`xlrating.uscf`, :mod:`xlrating.fide`, :mod:`xlrating.elo`,
:mod:`xlrating.glicko2` (the rules), :mod:`xlrating.tournament` (players, games, events).
The spreadsheet layer is :mod:`xlrating.catalog` (the registry of Excel functions) and
:mod:`xlrating.udfs` (the xlwings declarations, which need xlwings).
"""

from __future__ import annotations

from . import elo, fide, glicko2, tournament, uscf
from .errors import InvalidInputError, NoRatingError, RatingError, WorkbookError, XlratingError

__all__ = [
    "InvalidInputError",
    "NoRatingError",
    "RatingError",
    "WorkbookError",
    "XlratingError",
    "__version__",
    "elo",
    "fide",
    "glicko2",
    "tournament",
    "uscf",
]

__version__ = "0.1.0"
