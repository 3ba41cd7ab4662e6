"""The spreadsheet boundary: cell values in, core values out, and errors as cell text.

Excel hands a user-defined function what a cell holds: floats for numbers (COM never
passes ints), ``None`` for a blank, text, booleans, dates, error codes (xlwings passes
``"#N/A"`` and friends as text when ``err_to_str`` is set, as our declarations do),
and for a range a flat list (one row or column) or a list of row lists.  The headless
engine hands the same shapes.  This module turns those into what the core expects,
and turns every failure into ONE short line of text, which is what a cell can show.

Nothing here computes a rating.
"""

from __future__ import annotations

import datetime as _dt
import itertools
import math
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Final, TypeVar

from ..errors import InvalidInputError, NoRatingError, NotFoundError, RatingError
from ..rating._check import RESULT_VALUES, result_word, show
from ..rating._check import RESULT_WORDS as _RESULT_WORDS

__all__ = [
    "BLANK",
    "EXCEL_COLUMNS",
    "EXCEL_ROWS",
    "CellValue",
    "cell_error_text",
    "is_blank",
    "is_error_cell",
    "paired_rows",
    "to_bool",
    "to_choice",
    "to_date",
    "to_grid",
    "to_int",
    "to_number",
    "to_optional_number",
    "to_result",
    "to_vector",
]

#: What a cell may hold once xlwings (or the headless engine) has read it.
CellValue = object

#: Marker for "no value given" in the coercion helpers.
BLANK: Final = None

#: Excel's grid: 1,048,576 rows by 16,384 columns (XFD).  Source: Microsoft Support,
#: "Excel specifications and limits" (Worksheet and workbook specifications: "Total
#: number of rows and columns on a worksheet").
EXCEL_ROWS: Final = 1_048_576
EXCEL_COLUMNS: Final = 16_384

#: Excel's seven classic error values, the ones every spreadsheet program also knows
#: (LibreOffice writes them into an xlsx as they are; its other errors, Err:504 and the like,
#: have no Excel name).
CLASSIC_EXCEL_ERRORS: Final = frozenset(
    {"#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A"}
)

#: The text Excel shows for its own error values; a cell holding one is never a number.
EXCEL_ERRORS: Final = CLASSIC_EXCEL_ERRORS | frozenset(
    {
        "#GETTING_DATA",
        "#SPILL!",
        "#CALC!",
        "#FIELD!",
        "#BLOCKED!",
        "#CONNECT!",
        "#BUSY!",
        "#UNKNOWN!",
    }
)

#: What a cell shows for each kind of failure: the one table that maps errors to cells.
#: Classic xlwings cannot return real Excel error values (xlwings issue #776) and would
#: put a whole traceback in the cell if we raised, so the text is returned instead.
ERROR_PREFIX: Final[dict[type[Exception], str]] = {
    NoRatingError: "#N/A",
    NotFoundError: "#N/A",
    InvalidInputError: "#VALUE!",
    RatingError: "#VALUE!",
}

#: Excel's 1900 date system: serial 1 is 1900-01-01 and serial 60 is the fictitious
#: 1900-02-29 (Lotus 1-2-3 compatibility), so serials from 61 on count from 1899-12-30.
EXCEL_EPOCH: Final = _dt.date(1899, 12, 30)
#: Serials accepted as dates: 1900-03-01 (61) to 9999-12-31 (2958465), Excel's own range.
EXCEL_SERIAL_RANGE: Final = (61, 2958465)

#: Numeric text accepted in a cell: plain ASCII decimals (no digit groups, no other scripts).
#: Written so that each digit can be matched one way only: ``\d+\.?\d*`` would try every
#: split of a long run of digits and take seconds to refuse a long text cell.
_NUMBER_TEXT: Final = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?", re.ASCII)
#: Text such as "1.700" or "1,800": a number with a thousands separator, refused rather than
#: read as 1.7 (a silently wrong rating).
_GROUPED_TEXT: Final = re.compile(r"[1-9]\d{0,2}([.,]\d{3})+", re.ASCII)
#: Numbers given where a date is expected that are really years (2025 is 1905-07-17 as a serial).
_YEARS: Final = (1900, 2200)

#: The largest whole number a cell holds exactly: Excel keeps 15 significant digits, so a
#: count or a year with more digits is not what was typed (a limit of Excel, not a rule).
MAX_WHOLE: Final = 10**15 - 1

#: Beyond this a Python int is no float at all (cells never hold one; see _reject_unusable).
_HUGE: Final = 10**308

#: Words that mark an unrated player in a rating cell (case-insensitive, trimmed).
UNRATED_WORDS: Final = frozenset({"unrated", "nr", "u", "-", "none"})

_TRUE: Final = frozenset({"TRUE", "YES", "Y", "1", "WAHR", "VRAI"})
_FALSE: Final = frozenset({"FALSE", "NO", "N", "0", "FALSCH", "FAUX"})

#: Result words accepted in cells: the one vocabulary of the core (``_check.RESULT_WORDS``),
#: shared with Games tables, as the catalog promises.
RESULT_WORDS: Final = _RESULT_WORDS

_T = TypeVar("_T")


def cell_error_text(error: BaseException) -> str:
    """Return the one line a cell shows for *error* (never a traceback)."""
    prefix = next((text for kind, text in ERROR_PREFIX.items() if isinstance(error, kind)), None)
    if prefix is None:
        # Not one of ours: still one line, and it says it is a bug, not the user's input.
        detail = " ".join(str(error).split()) or type(error).__name__
        return f"#VALUE! internal error ({type(error).__name__}): {detail}"[:250]
    message = " ".join(str(error).split())
    return f"{prefix} {message}"[:250]


def is_blank(value: CellValue) -> bool:
    """True for what a spreadsheet treats as an empty cell (None or text of spaces)."""
    return value is None or (isinstance(value, str) and not value.strip())


def is_error_cell(value: CellValue) -> bool:
    """True for a cell holding one of Excel's error values ("#N/A", "#REF!", ...)."""
    return isinstance(value, str) and value.strip().upper() in EXCEL_ERRORS


def _reject_unusable(value: CellValue, name: str) -> None:
    """Refuse an error value, and a Python int that no float can hold."""
    if is_error_cell(value):
        raise InvalidInputError(f"{name} is an error cell {show(value)}")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > _HUGE:
        # Only Python callers pass ints (cells hold floats); float() of this one overflows
        # and repr() fails past 4300 digits, so it is refused before either is tried.
        raise InvalidInputError(
            f"{name} must be a finite number, got a number too large for a cell"
        )


def _date_text(value: _dt.date) -> str:
    """A date (or a date and time) as a cell shows it, for messages."""
    if isinstance(value, _dt.datetime):
        if value.time() == _dt.time():
            return value.date().isoformat()
        return value.isoformat(sep=" ")
    return value.isoformat()


def to_optional_number(value: CellValue, name: str) -> float | None:
    """A number from a cell, or None when the cell is blank."""
    if type(value) is float and value - value == 0.0:  # finite: what most cells hold
        return value
    if is_blank(value):
        return None
    _reject_unusable(value, name)
    if isinstance(value, bool):
        raise InvalidInputError(f"{name} must be a number, got {show(value)}")
    if isinstance(value, _dt.date):  # a datetime too: a date-formatted cell
        raise InvalidInputError(f"{name} must be a number, got the date {_date_text(value)}")
    if isinstance(value, (int, float)):
        number = float(value)
    elif isinstance(value, str):
        text = value.strip()
        if _GROUPED_TEXT.fullmatch(text):
            raise InvalidInputError(
                f"{name} looks like a number with a thousands separator, got {show(value)}: "
                "type it without one"
            )
        if not _NUMBER_TEXT.fullmatch(text):
            raise InvalidInputError(f"{name} must be a number, got {show(value)}")
        number = float(text)
    else:
        raise InvalidInputError(f"{name} must be a number, got {show(value)}")
    if not math.isfinite(number):
        raise InvalidInputError(f"{name} must be a finite number, got {show(value)}")
    return number


def to_number(value: CellValue, name: str, default: float | None = None) -> float:
    """A number from a cell; a blank cell gives *default*, or an error when there is none."""
    number = to_optional_number(value, name)
    if number is None:
        if default is None:
            raise InvalidInputError(f"{name} is blank: a number is needed")
        return default
    return number


def to_int(value: CellValue, name: str, default: int | None = None) -> int:
    """A whole number from a cell (1.0 is fine, 1.5 is not)."""
    number = to_number(value, name, None if default is None else float(default))
    if number != int(number):
        raise InvalidInputError(f"{name} must be a whole number, got {show(value)}")
    if abs(number) > MAX_WHOLE:
        raise InvalidInputError(
            f"{name} must be a whole number of at most 15 digits, got {show(value)}"
        )
    return int(number)


def to_bool(value: CellValue, name: str, default: bool) -> bool:
    """TRUE/FALSE from a cell: booleans, 1/0, or text TRUE, FALSE, YES, NO."""
    if is_blank(value):
        return default
    _reject_unusable(value, name)
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        word = value.strip().upper()
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
    raise InvalidInputError(f"{name} must be TRUE or FALSE, got {show(value)}")


def to_choice(value: CellValue, name: str, choices: Sequence[_T], default: _T) -> _T:
    """One of *choices* (strings), matched case-insensitively after trimming."""
    if is_blank(value):
        return default
    _reject_unusable(value, name)
    if isinstance(value, str):
        wanted = " ".join(value.split()).lower()
        for choice in choices:
            if str(choice).lower() == wanted:
                return choice
    listed = ", ".join(str(c) for c in choices)
    raise InvalidInputError(f"{name} must be one of {listed}, got {show(value)}")


def to_date(value: CellValue, name: str) -> _dt.date | None:
    """A date from a cell: an Excel date, a serial number, or ISO text; blank gives None."""
    if is_blank(value):
        return None
    _reject_unusable(value, name)
    if isinstance(value, _dt.datetime):
        return value.date()
    if isinstance(value, _dt.date):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if _YEARS[0] <= value <= _YEARS[1]:
            raise InvalidInputError(
                f"{name} looks like a year, got {show(value)}: give a date such as 2025-10-01"
            )
        low, high = EXCEL_SERIAL_RANGE
        if math.isfinite(value) and low <= value <= high:
            return EXCEL_EPOCH + _dt.timedelta(days=int(value))
    if isinstance(value, str):
        try:
            return _dt.datetime.fromisoformat(value.strip()).date()
        except ValueError:
            pass
    raise InvalidInputError(f"{name} must be a date such as 2025-10-01, got {show(value)}")


def to_result(value: CellValue, name: str) -> float:
    """A game result: 1, 0.5, 0 or a result word (W, D, L, "1-0", "½", "=", ...: RESULT_WORDS)."""
    _reject_unusable(value, name)
    if isinstance(value, bool):
        raise InvalidInputError(f"{name} must be W, D, L, 1, 0.5 or 0, got {show(value)}")
    if isinstance(value, (int, float)) and float(value) in RESULT_VALUES:
        return float(value)
    if isinstance(value, str):
        score = result_word(value)
        if score is not None:
            return score
    raise InvalidInputError(f"{name} must be W, D, L, 1, 0.5 or 0, got {show(value)}")


def _holds_ranges(kinds: Iterable[type]) -> bool:
    """True when one of the value types *kinds* is a list or tuple (a range, not a cell)."""
    return any(issubclass(kind, (list, tuple)) for kind in kinds)


def to_grid(value: CellValue, name: str) -> list[list[CellValue]]:
    """A range as a list of rows (a single cell is a 1x1 range)."""
    if isinstance(value, (list, tuple)):
        if not value:
            return []
        # Types are gathered once for all cells (a set of a few), not tested cell by cell.
        kinds = set(map(type, value))
        if all(issubclass(kind, (list, tuple)) for kind in kinds):
            rows = [list(row) for row in value]
            width = len(rows[0])
            if len(set(map(len, rows))) > 1:
                row_no, row = next((i, r) for i, r in enumerate(rows, start=1) if len(r) != width)
                raise InvalidInputError(
                    f"{name} must be a rectangular range: row {row_no} has {len(row)} "
                    f"cells but row 1 has {width}"
                )
            if _holds_ranges(set(map(type, itertools.chain.from_iterable(rows)))):
                raise InvalidInputError(f"{name} must be a range of cells, got nesting")
            return rows
        if _holds_ranges(kinds):
            raise InvalidInputError(f"{name} must be a range of cells, got nesting")
        return [list(value)]
    return [[value]]


def to_vector(value: CellValue, name: str) -> list[CellValue]:
    """A single row or column (or one cell) as a flat list of cell values.

    A range always has a cell, so an empty list (which only a Python caller can pass) is
    refused rather than taken for no games at all (it would spill an empty array).
    """
    if isinstance(value, (list, tuple)) and value:
        kinds = set(map(type, value))
        if not _holds_ranges(kinds):
            return list(value)
        if (
            len(value) > 1
            and all(issubclass(kind, (list, tuple)) for kind in kinds)
            and len(set(map(len, value))) == 1
            and len(value[0]) > 1
        ):  # refused by its shape before a million cells are looked at one by one
            raise InvalidInputError(
                f"{name} must be a single row or column, got a {len(value)}x{len(value[0])} range"
            )
    grid = to_grid(value, name)
    if not grid or not grid[0]:
        raise InvalidInputError(f"{name} is an empty range: give at least one cell")
    if len(grid) == 1:
        return list(grid[0])
    # A column: a range of several rows and columns was refused above by its shape (and a
    # ragged one or a nesting by to_grid).
    return [row[0] for row in grid]


def paired_rows(
    opponents: CellValue,
    results: CellValue,
    opponent: Callable[[CellValue, str], _T],
    *,
    opponents_name: str = "opponents",
    results_name: str = "results",
) -> tuple[list[_T], list[float]]:
    """Pair a range of opponents with a range of results, row by row.

    A row where both are blank is skipped (people leave spare rows); a row with only
    one of them blank is an error that names the row.  *opponent* must return a finite
    float unchanged (as every converter of the registry does): two ranges of such floats
    and results 1, 0.5 and 0, as Excel hands over a typed table, pass in one sweep.
    """
    if (
        type(opponents) is list
        and type(results) is list
        and opponents
        and len(opponents) == len(results)
    ):
        for opp, res in zip(opponents, results, strict=True):
            if (
                type(opp) is not float
                or opp - opp != 0.0
                or type(res) is not float
                or res not in RESULT_VALUES
            ):
                break
        else:
            # type() narrowed both to list[Any]: no cast is needed to return them as typed.
            return list(opponents), list(results)
    opps = to_vector(opponents, opponents_name)
    ress = to_vector(results, results_name)
    if len(opps) != len(ress):
        raise InvalidInputError(
            f"{opponents_name} has {len(opps)} entries but {results_name} has {len(ress)}"
        )
    out_opps: list[_T] = []
    out_results: list[float] = []
    for row, (opp, res) in enumerate(zip(opps, ress, strict=True), start=1):
        if is_blank(opp) and is_blank(res):
            continue
        if is_blank(opp):
            raise InvalidInputError(
                f"{opponents_name} entry {row} is blank but {results_name} is {show(res)}"
            )
        if is_blank(res):
            raise InvalidInputError(
                f"{results_name} entry {row} is blank but {opponents_name} is {show(opp)}"
            )
        out_opps.append(opponent(opp, f"{opponents_name} entry {row}"))
        out_results.append(to_result(res, f"{results_name} entry {row}"))
    return out_opps, out_results
