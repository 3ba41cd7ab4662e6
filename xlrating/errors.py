"""The one exception family of xlrating.

Every error xlrating raises on purpose is an :class:`XlratingError`, with a one-line
message.  Two branches:

* :class:`RatingError` (itself a ``ValueError``): the core's bad input, with a message
  that names the argument and quotes the bad value, for example ``opponents has 5
  entries but results has 4``.  The spreadsheet boundary turns these into cell values in
  exactly one place (:data:`xlrating.sheet.cells.ERROR_PREFIX`).
* :class:`WorkbookError`: a workbook that cannot be built, read or changed as asked (the
  workbook wing's :class:`~xlrating.workbook.templates.TemplateError`,
  :class:`~xlrating.workbook.guard.WorkbookRefusedError`,
  :class:`~xlrating.workbook.season_book.SeasonBookError`), and the LibreOffice front
  end's :class:`~xlrating.libreoffice.office.LibreOfficeError` (LibreOffice missing,
  unsupported or failing).

The ``xlrating`` command turns any of them into its one line on stderr in one place
(``xlrating.cli._failure``).
"""

from __future__ import annotations

__all__ = ["InvalidInputError", "NoRatingError", "RatingError", "WorkbookError", "XlratingError"]


class XlratingError(Exception):
    """The root of every error xlrating raises on purpose (its message is one line)."""


class RatingError(XlratingError, ValueError):
    """Base class of the core's errors: bad input to a rating function."""


class InvalidInputError(RatingError):
    """An argument is out of range, of the wrong kind, or inconsistent with another."""


class NoRatingError(RatingError):
    """The rules produce no rating from the given games (the message says why)."""


class WorkbookError(XlratingError):
    """Base class of the workbook wing's errors: a workbook that cannot be built, read or
    changed as asked."""
