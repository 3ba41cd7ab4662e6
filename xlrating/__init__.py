"""xlrating: chess ratings as spreadsheet functions (US Chess, FIDE, Elo, Glicko-2)."""

from __future__ import annotations

from .errors import InvalidInputError, NoRatingError, RatingError

__all__ = ["InvalidInputError", "NoRatingError", "RatingError", "__version__"]

__version__ = "0.1.0"
