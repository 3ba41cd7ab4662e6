"""Validation shared by the core modules: one place that turns bad input into one clear line.

The core receives Python values (numbers, sequences, dates).  Turning spreadsheet
cells into such values (text results, blanks, Excel serial dates) is the job of the
spreadsheet boundary, not of this module.
"""

from __future__ import annotations

import datetime as _dt
import math
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final, cast

from ..errors import InvalidInputError

__all__ = [
    "MAX_RATING",
    "MIN_RATING",
    "RESULT_VALUES",
    "RESULT_WORDS",
    "check_computed",
    "check_count",
    "check_date",
    "check_games",
    "check_number",
    "check_rating",
    "check_result",
    "result_word",
    "show",
]

#: Lowest rating accepted anywhere (a plausibility bound, not a regulation).
MIN_RATING: Final = 0.0
#: Highest rating accepted anywhere (a plausibility bound, not a regulation).
MAX_RATING: Final = 4000.0

#: The results a game can have: loss, draw, win (what every module accepts as a result).
RESULT_VALUES: Final = frozenset((0.0, 0.5, 1.0))

#: The one vocabulary of a played game's result typed as text, wherever a result is read
#: (a results range of the spreadsheet functions, a Games table, a season's games): the
#: score of the player the cell speaks for (a results range: the player; a Games table:
#: White, so "1-0" is a win there and here).  Keys as :func:`result_word` normalises the
#: text: every space removed, upper case.  Forfeit marks ("+-", "-+") are not here: a
#: forfeit is not a played game, so only a Games table, which records it, reads them.
RESULT_WORDS: Final[Mapping[str, float]] = MappingProxyType(
    {
        "1": 1.0,
        "1.0": 1.0,
        "1-0": 1.0,
        "W": 1.0,
        "WIN": 1.0,
        "0.5": 0.5,
        ".5": 0.5,
        "0,5": 0.5,
        "½": 0.5,
        "1/2": 0.5,
        "=": 0.5,
        "½-½": 0.5,
        "1/2-1/2": 0.5,
        "0.5-0.5": 0.5,
        "D": 0.5,
        "DRAW": 0.5,
        "0": 0.0,
        "0.0": 0.0,
        "0-1": 0.0,
        "L": 0.0,
        "LOSS": 0.0,
    }
)


def result_word(text: str) -> float | None:
    """The score a result word gives (see :data:`RESULT_WORDS`), or None if it is not one.

    Case and spaces do not matter: " win ", "1 - 0" and "½ - ½" are result words.
    """
    return RESULT_WORDS.get("".join(text.split()).upper())


def _shape(cells: list[object]) -> str:
    """ "a 1000x1000 range", "a range of 3 cells": what a list stands for, without printing
    its cells (a million of them would cost more than the message is worth)."""
    if cells and all(isinstance(row, (list, tuple)) for row in cells):
        widths = {len(row) for row in cells}  # type: ignore[arg-type]
        if len(widths) == 1:
            return f"a {len(cells)}x{widths.pop()} range"
        return f"a range of {len(cells)} rows of different lengths"
    return f"a range of {len(cells)} cell{'s' if len(cells) != 1 else ''}"


#: The largest whole float :func:`show` writes without a decimal point: Excel keeps 15
#: significant digits, so a larger one is shown as Python writes floats (1e+16).
_WHOLE_SHOWN: Final = 10**15 - 1


def show(value: object) -> str:
    """Quote a value for an error message, short enough for a cell."""
    if isinstance(value, (_dt.date, _dt.datetime)):
        value = value.isoformat()
    if isinstance(value, list):  # a range where one value belongs: say its shape
        return _shape(value)
    if type(value) is float and value.is_integer() and abs(value) <= _WHOLE_SHOWN:
        # A number as typed: a cell holds 1500 as the float 1500.0, and the user typed 1500.
        return str(int(value))
    try:
        text = repr(value)
    except ValueError:  # an int too long for repr (more than 4300 digits)
        text = "a number too long to show"
    return text if len(text) <= 40 else text[:37] + "..."


def check_number(value: object, name: str) -> float:
    """Return *value* as a finite float or raise naming *name*."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidInputError(f"{name} must be a number, got {show(value)}")
    try:
        number = float(value)
    except OverflowError:  # an int beyond the largest float
        number = math.inf
    if not math.isfinite(number):
        raise InvalidInputError(f"{name} must be a finite number, got {show(value)}")
    return number


def check_rating(value: object, name: str = "rating") -> float:
    """Return a plausible rating (0 to 4000) as a float."""
    number = check_number(value, name)
    if not MIN_RATING <= number <= MAX_RATING:
        raise InvalidInputError(
            f"{name} must be between {MIN_RATING:g} and {MAX_RATING:g}, got {show(value)}"
        )
    return number


def check_computed(rating: float, what: str) -> None:
    """A rating the core computed must stay within the ratings accepted (0 to 4000): *what*
    says whose, e.g. ``"players row 3: the Step-4 rating of Ann"``."""
    if not MIN_RATING <= rating <= MAX_RATING:
        raise InvalidInputError(
            f"{what} comes to {rating:.1f}, outside {MIN_RATING:g} to {MAX_RATING:g}, "
            "the ratings xlrating accepts"
        )


def check_count(value: object, name: str, *, minimum: int = 0) -> int:
    """Return a whole number of games (or events) that is at least *minimum*."""
    number = check_number(value, name)
    if number != int(number):
        raise InvalidInputError(f"{name} must be a whole number, got {show(value)}")
    if number < minimum:
        raise InvalidInputError(f"{name} must be at least {minimum}, got {show(value)}")
    return int(number)


def check_result(value: object, name: str = "result") -> float:
    """Return a game result: 1 (win), 0.5 (draw) or 0 (loss)."""
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or float(value) not in RESULT_VALUES
    ):
        raise InvalidInputError(f"{name} must be 1, 0.5 or 0, got {show(value)}")
    return float(value)


def check_games(
    opponents: Sequence[object],
    results: Sequence[object],
    *,
    allow_empty: bool = False,
) -> tuple[tuple[float, float], ...]:
    """Pair opponent ratings with results after checking both lists."""
    if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Sequence):
        raise InvalidInputError(f"opponents must be a list of ratings, got {show(opponents)}")
    if isinstance(results, (str, bytes)) or not isinstance(results, Sequence):
        raise InvalidInputError(f"results must be a list of results, got {show(results)}")
    if len(opponents) != len(results):
        raise InvalidInputError(
            f"opponents has {len(opponents)} entries but results has {len(results)}"
        )
    if not opponents and not allow_empty:
        raise InvalidInputError("opponents is empty: an event needs at least one game")
    # Fast path: floats in range and results that are exactly 0, 0.5 or 1 (what the
    # spreadsheet boundary hands over) pass as they are; anything else is checked one by one.
    pairs = tuple(zip(opponents, results, strict=True))
    for opponent, result in pairs:
        if (
            type(opponent) is not float
            or not MIN_RATING <= opponent <= MAX_RATING
            or type(result) is not float
            or result not in RESULT_VALUES
        ):
            break
    else:
        return cast("tuple[tuple[float, float], ...]", pairs)
    return tuple(
        (
            check_rating(opponent, f"opponents[{i + 1}]"),
            check_result(result, f"results[{i + 1}]"),
        )
        for i, (opponent, result) in enumerate(pairs)
    )


def check_date(value: object, name: str) -> _dt.date:
    """Return a date given as a ``date``/``datetime`` or ISO text (``2025-10-01``)."""
    if isinstance(value, _dt.datetime):
        return value.date()
    if isinstance(value, _dt.date):
        return value
    if isinstance(value, str):
        try:
            return _dt.datetime.fromisoformat(value.strip()).date()
        except ValueError:
            pass
    raise InvalidInputError(f"{name} must be a date such as 2025-10-01, got {show(value)}")
