"""One exception family: every error xlrating raises on purpose is an XlratingError."""

from __future__ import annotations

import pytest

from xlrating import cli
from xlrating.commands import base
from xlrating.errors import (
    InvalidInputError,
    NoRatingError,
    RatingError,
    WorkbookError,
    XlratingError,
)
from xlrating.workbook.ooxml.guard import WorkbookRefusedError
from xlrating.workbook.season.find import SeasonBookError
from xlrating.workbook.templates import TemplateError


@pytest.mark.parametrize(
    ("error", "branch", "also"),
    [
        (InvalidInputError, RatingError, ValueError),
        (NoRatingError, RatingError, ValueError),
        (TemplateError, WorkbookError, RuntimeError),
        (SeasonBookError, WorkbookError, RuntimeError),
        (WorkbookRefusedError, WorkbookError, ValueError),
        (base.CliError, XlratingError, Exception),
    ],
)
def test_every_error_is_of_the_family(
    error: type[Exception], branch: type[Exception], also: type[Exception]
) -> None:
    """Each joins the family under its branch and keeps the built-in base it had."""
    assert issubclass(error, branch) and issubclass(branch, XlratingError)
    assert issubclass(error, also)


def test_the_command_maps_a_family_error_in_one_place() -> None:
    """A workbook error in a step is said after the command; a refusal names the file; an
    error no step expects is an internal error, still one line."""
    step = base.Step("xlrating recalc", "book.xlsx")
    assert cli._failure(SeasonBookError("no table"), step) == ("xlrating recalc: no table", 1)
    assert cli._failure(WorkbookRefusedError("too big"), step) == (
        "xlrating recalc: book.xlsx: too big",
        1,
    )
    assert cli._failure(KeyError("x"), step) == ("xlrating: internal error (KeyError): 'x'", 1)
    assert cli._failure(base.CliError("usage", 2), None) == ("usage", 2)
    assert cli._failure(KeyboardInterrupt(), step) == ("xlrating: interrupted", 130)
