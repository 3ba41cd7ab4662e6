"""xlrating: chess ratings as spreadsheet functions (US Chess, FIDE, Elo, Glicko-2).

The rating core is importable without any Excel library::

    >>> from xlrating import uscf
    >>> uscf.rate(1700, 30, [1600, 1650, 1750, 1800], [1, 0.5, 0, 1]).rounded
    1717

The rating core is :mod:`xlrating.rating` (math only, standard library):
:mod:`~xlrating.rating.uscf`, :mod:`~xlrating.rating.fide`, :mod:`~xlrating.rating.elo`,
:mod:`~xlrating.rating.glicko2` (the rules) and :mod:`~xlrating.rating.tournament` (players,
games, events), each importable from here too (``from xlrating import uscf``).  The
spreadsheet boundary is :mod:`xlrating.sheet` (:mod:`xlrating.sheet.catalog`, the registry
of Excel functions); :mod:`xlrating.udfs` holds the xlwings declarations (they need xlwings).
"""

from __future__ import annotations

from .errors import InvalidInputError, NoRatingError, RatingError, WorkbookError, XlratingError
from .rating import elo, fide, glicko2, tournament, uscf

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
