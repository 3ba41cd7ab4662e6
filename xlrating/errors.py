"""The one exception family of xlrating.

Every public function raises a subclass of :class:`RatingError` (itself a
``ValueError``) with a one-line message that names the argument and quotes the
bad value, for example ``opponents has 5 entries but results has 4``.  The
spreadsheet boundary turns these into cell values in exactly one place.
"""

from __future__ import annotations

__all__ = ["InvalidInputError", "NoRatingError", "RatingError"]


class RatingError(ValueError):
    """Base class of every error xlrating raises on purpose."""


class InvalidInputError(RatingError):
    """An argument is out of range, of the wrong kind, or inconsistent with another."""


class NoRatingError(RatingError):
    """The rules produce no rating from the given games (the message says why)."""
