"""The one exception family of xlrating.

Every error xlrating raises on purpose is an :class:`XlratingError`, with a one-line
message.  Two branches:

* :class:`RatingError` (itself a ``ValueError``): the core's bad input, with a message
  that names the argument and quotes the bad value, for example ``opponents has 5
  entries but results has 4``.  The spreadsheet boundary turns these into cell values in
  exactly one place (:data:`xlrating.sheet.cells.ERROR_PREFIX`).
* :class:`WorkbookError`: a workbook that cannot be built, read or changed as asked (the
  workbook wing's :class:`~xlrating.workbook.templates.TemplateError`,
  :class:`~xlrating.workbook.ooxml.guard.WorkbookRefusedError`,
  :class:`~xlrating.workbook.season.find.SeasonBookError`), and the LibreOffice front
  end's :class:`~xlrating.libreoffice.office.LibreOfficeError` (LibreOffice missing,
  unsupported or failing).

The ``xlrating`` command turns any of them into its one line on stderr in one place
(``xlrating.cli._failure``).
"""

from __future__ import annotations

__all__ = [
    "EventError",
    "InvalidInputError",
    "NoRatingError",
    "NotFoundError",
    "RatingError",
    "WorkbookError",
    "XlratingError",
]


class XlratingError(Exception):
    """The root of every error xlrating raises on purpose (its message is one line)."""


class RatingError(XlratingError, ValueError):
    """Base class of the core's errors: bad input to a rating function."""


class InvalidInputError(RatingError):
    """An argument is out of range, of the wrong kind, or inconsistent with another."""


class EventError(InvalidInputError):
    """One event of a season cannot be rated: :attr:`event` is its name, :attr:`reason` the
    message without the event's name (a front end may rate the season without it)."""

    def __init__(self, event: str, message: str, reason: str) -> None:
        super().__init__(message)
        self.event = event
        self.reason = reason


class NotFoundError(RatingError):
    """A name looked up (an event, a player) is not in the table given."""


class NoRatingError(RatingError):
    """The rules produce no rating from the given games (the message says why)."""


class WorkbookError(XlratingError):
    """Base class of the workbook wing's errors: a workbook that cannot be built, read or
    changed as asked."""
