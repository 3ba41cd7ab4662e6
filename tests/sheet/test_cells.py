"""The spreadsheet boundary (xlrating/sheet/cells.py): what each coercion accepts from a cell,
what it gives the core, and the one line it shows for everything else.

Messages are compared whole (they are what a cell shows: the argument's name and the
value), and every bound is tried on both sides. tests/test_hostile_cells.py drives the
registered functions with hostile cells; these tests pin each helper on its own.
"""

from __future__ import annotations

import datetime as dt
import math
import re

import pytest

from xlrating.errors import InvalidInputError, NoRatingError, RatingError
from xlrating.sheet import cells
from xlrating.sheet.cells import (
    cell_error_text,
    is_blank,
    is_error_cell,
    paired_rows,
    to_bool,
    to_choice,
    to_date,
    to_grid,
    to_int,
    to_number,
    to_optional_number,
    to_result,
    to_vector,
)


def refused(message: str) -> pytest.RaisesExc[InvalidInputError]:
    """The whole one-line message, matched literally."""
    return pytest.raises(InvalidInputError, match=f"^{re.escape(message)}$")


# --- cell_error_text ---------------------------------------------------------------------


def test_cell_error_text_prefixes_our_errors_by_kind() -> None:
    assert cell_error_text(NoRatingError("no games")) == "#N/A no games"
    assert cell_error_text(InvalidInputError("k must be a number")) == "#VALUE! k must be a number"
    assert cell_error_text(RatingError("bad")) == "#VALUE! bad"


def test_cell_error_text_is_one_line_of_at_most_250_characters() -> None:
    assert cell_error_text(InvalidInputError("a  b\n  c\t")) == "#VALUE! a b c"
    long = cell_error_text(NoRatingError("x" * 300))
    assert long == "#N/A " + "x" * 245
    assert len(long) == 250


def test_cell_error_text_says_a_foreign_error_is_internal() -> None:
    assert (
        cell_error_text(ZeroDivisionError("float  division\nby zero"))
        == "#VALUE! internal error (ZeroDivisionError): float division by zero"
    )
    # No message: the type's name stands in for it.
    assert cell_error_text(KeyError()) == "#VALUE! internal error (KeyError): KeyError"
    long = cell_error_text(ValueError("y" * 300))
    prefix = "#VALUE! internal error (ValueError): "
    assert long == prefix + "y" * (250 - len(prefix))


# --- is_blank, is_error_cell ---------------------------------------------------------------


@pytest.mark.parametrize(("value", "blank"), [(None, True), ("", True), ("  \t", True)])
def test_is_blank_for_empty_cells(value: object, blank: bool) -> None:
    assert is_blank(value) is blank


@pytest.mark.parametrize("value", [0, 0.0, "a", " a ", False, []])
def test_is_blank_is_false_for_values(value: object) -> None:
    assert is_blank(value) is False


@pytest.mark.parametrize("value", ["#N/A", " #n/a ", "#REF!", "#div/0!"])
def test_is_error_cell_for_excel_errors(value: str) -> None:
    assert is_error_cell(value) is True


@pytest.mark.parametrize("value", ["N/A", "#N/A!", "", 0.0, None])
def test_is_error_cell_is_false_for_other_values(value: object) -> None:
    assert is_error_cell(value) is False


# --- to_optional_number, to_number, to_int ------------------------------------------------


@pytest.mark.parametrize(
    ("value", "number"),
    [
        (1700.0, 1700.0),
        (-3.5, -3.5),
        (0.0, 0.0),
        (1700, 1700.0),
        (" 1700 ", 1700.0),
        ("+.5", 0.5),
        ("-12.", -12.0),
        ("1e3", 1000.0),
        ("2E-1", 0.2),
        (10**308, 1e308),  # the largest int refused is one past this
    ],
)
def test_to_optional_number_reads_numbers(value: object, number: float) -> None:
    result = to_optional_number(value, "k")
    assert result == number
    assert type(result) is float


@pytest.mark.parametrize("value", [None, "", "   "])
def test_to_optional_number_is_none_for_a_blank(value: object) -> None:
    assert to_optional_number(value, "k") is None


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (math.nan, "k must be a finite number, got nan"),
        (math.inf, "k must be a finite number, got inf"),
        ("1e999", "k must be a finite number, got '1e999'"),
        (True, "k must be a number, got True"),
        (False, "k must be a number, got False"),
        ("abc", "k must be a number, got 'abc'"),
        ("1 700", "k must be a number, got '1 700'"),
        ("١٧٠٠", "k must be a number, got '١٧٠٠'"),  # Arabic-Indic digits: not ASCII
        (1 + 2j, "k must be a number, got (1+2j)"),
        ("#N/A", "k is an error cell '#N/A'"),
        (" #ref! ", "k is an error cell ' #ref! '"),
        (dt.date(2025, 10, 1), "k must be a number, got the date 2025-10-01"),
        (dt.datetime(2025, 10, 1), "k must be a number, got the date 2025-10-01"),
        (dt.datetime(2025, 10, 1, 13, 5), "k must be a number, got the date 2025-10-01 13:05:00"),
        (
            "1.700",
            "k looks like a number with a thousands separator, got '1.700': type it without one",
        ),
        (
            " 1,800 ",
            "k looks like a number with a thousands separator, got ' 1,800 ': type it without one",
        ),
        (10**308 + 1, "k must be a finite number, got a number too large for a cell"),
        (-(10**309), "k must be a finite number, got a number too large for a cell"),
    ],
)
def test_to_optional_number_refuses(value: object, message: str) -> None:
    with refused(message):
        to_optional_number(value, "k")


def test_to_number_gives_the_default_for_a_blank_only() -> None:
    assert to_number(None, "k", 20.0) == 20.0
    assert to_number("", "k", 0.0) == 0.0
    assert to_number(15.0, "k", 20.0) == 15.0
    assert to_number("15", "k") == 15.0
    with refused("k is blank: a number is needed"):
        to_number(None, "k")
    with refused("k is blank: a number is needed"):
        to_number(" ", "k", None)


def test_to_int_reads_whole_numbers() -> None:
    for value, number in [(3.0, 3), (-4, -4), ("12", 12), (999_999_999_999_999.0, 10**15 - 1)]:
        result = to_int(value, "games")
        assert result == number
        assert type(result) is int
    assert to_int(None, "games", 7) == 7
    assert to_int(None, "games", 0) == 0
    assert type(to_int("", "games", 7)) is int


def test_to_int_refuses() -> None:
    with refused("games must be a whole number, got 1.5"):
        to_int(1.5, "games")
    with refused("games must be a whole number, got '-0.25'"):
        to_int("-0.25", "games")
    with refused("games is blank: a number is needed"):
        to_int(None, "games")
    with refused("games must be a whole number of at most 15 digits, got 1000000000000000.0"):
        to_int(1e15, "games")
    with refused("games must be a whole number of at most 15 digits, got -1000000000000000.0"):
        to_int(-1e15, "games")


# --- to_bool, to_choice --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "flag"),
    [
        (True, True),
        (False, False),
        (1.0, True),
        (0.0, False),
        (1, True),
        (0, False),
        (" yes ", True),
        ("true", True),
        ("Y", True),
        ("1", True),
        ("wahr", True),
        ("vrai", True),
        ("no", False),
        ("FALSE", False),
        ("n", False),
        ("0", False),
        ("falsch", False),
        ("faux", False),
    ],
)
def test_to_bool_reads_flags(value: object, flag: bool) -> None:
    assert to_bool(value, "rapid", not flag) is flag


def test_to_bool_gives_the_default_for_a_blank() -> None:
    assert to_bool(None, "rapid", True) is True
    assert to_bool(" ", "rapid", False) is False


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (2.0, "rapid must be TRUE or FALSE, got 2"),
        (-1, "rapid must be TRUE or FALSE, got -1"),
        (0.5, "rapid must be TRUE or FALSE, got 0.5"),
        ("maybe", "rapid must be TRUE or FALSE, got 'maybe'"),
        ("#N/A", "rapid is an error cell '#N/A'"),
        (dt.date(2025, 1, 1), "rapid must be TRUE or FALSE, got '2025-01-01'"),
    ],
)
def test_to_bool_refuses(value: object, message: str) -> None:
    with refused(message):
        to_bool(value, "rapid", False)


LISTS = ("standard", "rapid", "blitz")


def test_to_choice_matches_trimmed_text_in_any_case() -> None:
    assert to_choice(" Rapid ", "list", LISTS, "standard") == "rapid"
    assert to_choice("BLITZ", "list", LISTS, "standard") == "blitz"
    assert to_choice(None, "list", LISTS, "blitz") == "blitz"
    assert to_choice("  ", "list", LISTS, "rapid") == "rapid"
    # Spaces inside are made single, and the choice is returned as the list spells it.
    assert to_choice("all   WINS", "history", ("mixed", "All wins"), "mixed") == "All wins"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("classic", "list must be one of standard, rapid, blitz, got 'classic'"),
        (1.0, "list must be one of standard, rapid, blitz, got 1"),
        ("#NAME?", "list is an error cell '#NAME?'"),
    ],
)
def test_to_choice_refuses(value: object, message: str) -> None:
    with refused(message):
        to_choice(value, "list", LISTS, "standard")


# --- to_date -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "day"),
    [
        (dt.date(2025, 10, 1), dt.date(2025, 10, 1)),
        (dt.datetime(2025, 10, 1, 23, 59), dt.date(2025, 10, 1)),
        (" 2025-10-01 ", dt.date(2025, 10, 1)),
        ("2025-10-01T08:00", dt.date(2025, 10, 1)),
        # Excel serials: 45931 is 2025-10-01 in Excel's 1900 system (2025-01-01 is 45658,
        # and January to September hold 273 days); a time of day is dropped.
        (45931.0, dt.date(2025, 10, 1)),
        (45931.75, dt.date(2025, 10, 1)),
        (45931, dt.date(2025, 10, 1)),
        (61.0, dt.date(1900, 3, 1)),  # the first serial accepted
        (2958465.0, dt.date(9999, 12, 31)),  # the last
        (1899.0, dt.date(1905, 3, 13)),  # next to the years: 1899-12-30 + 1899 days
        (2201.0, dt.date(1906, 1, 9)),  # 1899-12-30 + 2201 days
    ],
)
def test_to_date_reads_dates_and_serials(value: object, day: dt.date) -> None:
    result = to_date(value, "event_date")
    assert result == day
    assert type(result) is dt.date


@pytest.mark.parametrize("value", [None, "", "  "])
def test_to_date_is_none_for_a_blank(value: object) -> None:
    assert to_date(value, "event_date") is None


@pytest.mark.parametrize(
    ("year", "typed"), [(1900, "1900"), (2025, "2025"), (2200, "2200"), (2025.0, "2025")]
)
def test_to_date_refuses_a_year(year: float, typed: str) -> None:
    """A year is quoted as typed: a cell holds 2025 as 2025.0, and the user typed 2025."""
    with refused(f"event_date looks like a year, got {typed}: give a date such as 2025-10-01"):
        to_date(year, "event_date")


@pytest.mark.parametrize(
    ("value", "typed"),
    [
        (60.0, "60"),
        (0.0, "0"),
        (-1.0, "-1"),
        (2958466.0, "2958466"),
        (math.inf, "inf"),
        (math.nan, "nan"),
        (True, "True"),
        ("2025-13-01", "'2025-13-01'"),
        ("01/10/2025", "'01/10/2025'"),
    ],
)
def test_to_date_refuses(value: object, typed: str) -> None:
    with refused(f"event_date must be a date such as 2025-10-01, got {typed}"):
        to_date(value, "event_date")


def test_to_date_refuses_an_error_cell() -> None:
    with refused("event_date is an error cell '#VALUE!'"):
        to_date("#VALUE!", "event_date")


# --- to_result ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "score"),
    [
        (1.0, 1.0),
        (0.5, 0.5),
        (0.0, 0.0),
        (1, 1.0),
        (0, 0.0),
        ("w", 1.0),
        (" D ", 0.5),
        ("0-1", 0.0),
    ],
)
def test_to_result_reads_results(value: object, score: float) -> None:
    result = to_result(value, "results entry 1")
    assert result == score
    assert type(result) is float


@pytest.mark.parametrize(
    ("value", "typed"),
    [
        (True, "True"),
        (False, "False"),
        (2.0, "2"),
        (-1, "-1"),
        (0.25, "0.25"),
        ("x", "'x'"),
        (None, "None"),
        ("", "''"),
    ],
)
def test_to_result_refuses(value: object, typed: str) -> None:
    with refused(f"results entry 2 must be W, D, L, 1, 0.5 or 0, got {typed}"):
        to_result(value, "results entry 2")


def test_to_result_refuses_an_error_cell() -> None:
    with refused("results entry 2 is an error cell '#N/A'"):
        to_result("#N/A", "results entry 2")


# --- to_grid, to_vector ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "rows"),
    [
        ([[1.0, 2.0], [3.0, 4.0]], [[1.0, 2.0], [3.0, 4.0]]),
        (((1.0, "a"), (None, 4.0)), [[1.0, "a"], [None, 4.0]]),
        ([(1.0,), [2.0]], [[1.0], [2.0]]),
        ([1.0, 2.0, 3.0], [[1.0, 2.0, 3.0]]),
        ((1.0, 2.0), [[1.0, 2.0]]),
        (5.0, [[5.0]]),
        ("W", [["W"]]),
        (None, [[None]]),
        ([], []),
        ((), []),
    ],
)
def test_to_grid_gives_rows_as_lists(value: object, rows: list[list[object]]) -> None:
    grid = to_grid(value, "table")
    assert grid == rows
    assert all(type(row) is list for row in grid)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ([[1, 2], [3]], "table must be a rectangular range: row 2 has 1 cells but row 1 has 2"),
        ([[1], [2, 3]], "table must be a rectangular range: row 2 has 2 cells but row 1 has 1"),
        (
            [[1, 2], [3, 4], [5, 6, 7]],
            "table must be a rectangular range: row 3 has 3 cells but row 1 has 2",
        ),
        ([[[1]], [[2]]], "table must be a range of cells, got nesting"),
        ([[1, (2,)]], "table must be a range of cells, got nesting"),
        ([1, [2]], "table must be a range of cells, got nesting"),
        ([1, (2,)], "table must be a range of cells, got nesting"),
    ],
)
def test_to_grid_refuses(value: object, message: str) -> None:
    with refused(message):
        to_grid(value, "table")


@pytest.mark.parametrize(
    ("value", "cells_"),
    [
        ([1.0, None, "W"], [1.0, None, "W"]),
        ((1.0, 2.0), [1.0, 2.0]),
        ([[1.0, 2.0, 3.0]], [1.0, 2.0, 3.0]),  # one row
        ([[1.0], [2.0], [3.0]], [1.0, 2.0, 3.0]),  # one column
        (((1.0,), (2.0,)), [1.0, 2.0]),
        ([[7.0]], [7.0]),
        (7.0, [7.0]),  # one cell
        (None, [None]),
    ],
)
def test_to_vector_gives_a_flat_list(value: object, cells_: list[object]) -> None:
    vector = to_vector(value, "opponents")
    assert vector == cells_
    assert type(vector) is list


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ([], "opponents is an empty range: give at least one cell"),
        ((), "opponents is an empty range: give at least one cell"),
        ([[]], "opponents is an empty range: give at least one cell"),
        ([[1, 2], [3, 4]], "opponents must be a single row or column, got a 2x2 range"),
        ([[1, 2, 3], [4, 5, 6]], "opponents must be a single row or column, got a 2x3 range"),
        (((1, 2), (3, 4), (5, 6)), "opponents must be a single row or column, got a 3x2 range"),
        ([[1, 2], [3]], "opponents must be a rectangular range: row 2 has 1 cells but row 1 has 2"),
        ([[1], [2, 3]], "opponents must be a rectangular range: row 2 has 2 cells but row 1 has 1"),
        ([[1], 2], "opponents must be a range of cells, got nesting"),
    ],
)
def test_to_vector_refuses(value: object, message: str) -> None:
    with refused(message):
        to_vector(value, "opponents")


# --- paired_rows -------------------------------------------------------------------------


def test_paired_rows_pairs_float_ranges_as_given() -> None:
    opponents, results = [1500.0, 1600.0], [1.0, 0.5]
    got = paired_rows(opponents, results, to_number)
    assert got == ([1500.0, 1600.0], [1.0, 0.5])
    assert got[0] is not opponents  # copies: the caller's lists are not handed back
    assert got[1] is not results


def test_paired_rows_converts_and_skips_blank_rows() -> None:
    got = paired_rows([1500, None, "1600", " "], ["W", None, 0, ""], to_number)
    assert got == ([1500.0, 1600.0], [1.0, 0.0])
    assert all(type(x) is float for x in got[0] + got[1])
    # one column of a range, as Excel hands it over
    assert paired_rows([[1500.0], [1600.0]], [["D"], [1.0]], to_number) == (
        [1500.0, 1600.0],
        [0.5, 1.0],
    )
    # a single cell on either side is a range of one
    assert paired_rows(1500.0, [1.0], to_number) == ([1500.0], [1.0])
    assert paired_rows([1500.0], 1.0, to_number) == ([1500.0], [1.0])
    assert paired_rows((1500.0,), [0.0], to_number) == ([1500.0], [0.0])
    # an int result among floats is still made a float
    ints = paired_rows([1500.0], [1], to_number)
    assert ints == ([1500.0], [1.0])
    assert type(ints[1][0]) is float


@pytest.mark.parametrize(
    ("opponents", "results", "message"),
    [
        ([1500.0, 1600.0], [1.0], "opponents has 2 entries but results has 1"),
        ([1500.0], [1.0, 0.0], "opponents has 1 entries but results has 2"),
        ([], [], "opponents is an empty range: give at least one cell"),
        ([1500.0], [], "results is an empty range: give at least one cell"),
        ([1500.0, None], [1.0, "W"], "opponents entry 2 is blank but results is 'W'"),
        (
            [1500.0, 1600.0, 1700.0],
            [1.0, 0.0, None],
            "results entry 3 is blank but opponents is 1700",
        ),
        ([1500.0, math.nan], [1.0, 1.0], "opponents entry 2 must be a finite number, got nan"),
        ([1500.0, "x"], [1.0, 1.0], "opponents entry 2 must be a number, got 'x'"),
        ([1500.0, 1600.0], [1.0, 2.0], "results entry 2 must be W, D, L, 1, 0.5 or 0, got 2"),
        ([1500.0], [True], "results entry 1 must be W, D, L, 1, 0.5 or 0, got True"),
        ((1500.0,), (2.0,), "results entry 1 must be W, D, L, 1, 0.5 or 0, got 2"),
        # every row a float: the one sweep over typed ranges still refuses these
        ([1500.0], [2.0], "results entry 1 must be W, D, L, 1, 0.5 or 0, got 2"),
        ([math.nan], [1.0], "opponents entry 1 must be a finite number, got nan"),
        ([math.inf, 1500.0], [1.0, 0.0], "opponents entry 1 must be a finite number, got inf"),
    ],
)
def test_paired_rows_refuses(opponents: object, results: object, message: str) -> None:
    with refused(message):
        paired_rows(opponents, results, to_number)


def test_paired_rows_names_the_ranges_as_told() -> None:
    with refused("ratings has 2 entries but scores has 1"):
        paired_rows(
            [1500.0, 1600.0], [1.0], to_number, opponents_name="ratings", results_name="scores"
        )
    with refused("ratings entry 1 is blank but scores is 1"):
        paired_rows([None], [1.0], to_number, opponents_name="ratings", results_name="scores")
    with refused("scores entry 1 is blank but ratings is 1500"):
        paired_rows([1500.0], [None], to_number, opponents_name="ratings", results_name="scores")
    with refused("ratings entry 1 must be a number, got 'x'"):
        paired_rows(["x"], [1.0], to_number, opponents_name="ratings", results_name="scores")
    with refused("scores entry 1 must be W, D, L, 1, 0.5 or 0, got 'x'"):
        paired_rows([1500.0], ["x"], to_number, opponents_name="ratings", results_name="scores")
    with refused("ratings is an empty range: give at least one cell"):
        paired_rows([], [1.0], to_number, opponents_name="ratings", results_name="scores")
    with refused("scores is an empty range: give at least one cell"):
        paired_rows([1.0], [], to_number, opponents_name="ratings", results_name="scores")


def test_result_words_are_the_cores() -> None:
    from xlrating.rating._check import RESULT_WORDS

    assert cells.RESULT_WORDS is RESULT_WORDS


# --- mutation testing: the fast paths take typed cells as they are -------------------------
# The contracts below are what the fast paths promise: a cell that already holds what the
# full checks would return goes through without them (the spreadsheet hands over typed
# float ranges, and the checks are per cell).  Each test fails if a fast path refuses a
# value it should take (docs/mutation.md, "cells.py").


@pytest.mark.parametrize("value", [0.0, -0.0, 1500.0, -2.5, 1e308, -1e308, 5e-324])
def test_to_optional_number_takes_a_finite_float_without_the_checks(
    value: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A finite float (any sign, the largest and the smallest) is returned as the very same
    object, without is_blank or _reject_unusable being asked about it."""

    def spy(*args: object) -> None:
        raise AssertionError(f"checked {args!r}")

    monkeypatch.setattr(cells, "is_blank", spy)
    monkeypatch.setattr(cells, "_reject_unusable", spy)
    assert to_optional_number(value, "rating") is value


def test_paired_rows_never_converts_typed_float_ranges() -> None:
    """Float opponents (finite, any sign, 0 and the extremes) with results exactly 0, 0.5
    and 1 are copied as they are: the opponent converter is never called, and the results
    are the given floats."""
    calls: list[object] = []

    def converter(value: object, name: str) -> float:
        calls.append(value)
        return to_number(value, name)

    opponents = [0.0, -0.0, 1500.0, -3.5, 1e308, -1e308, 4000.0]
    results = [0.0, 0.5, 1.0, 1.0, 0.5, 0.0, 1.0]
    got = paired_rows(opponents, results, converter)
    assert got == ([0.0, -0.0, 1500.0, -3.5, 1e308, -1e308, 4000.0], results)
    assert calls == []
    for result in (0.0, 0.5, 1.0):  # each result alone, against 0 and against 1
        for opponent in (0.0, 1.0):
            assert paired_rows([opponent], [result], converter) == ([opponent], [result])
    assert calls == []


def test_paired_rows_converts_a_row_that_is_not_typed() -> None:
    """The converter is called (once a row) as soon as one cell is not a float: the sweep
    does not take an int, a text or a blank for a float."""
    calls: list[object] = []

    def converter(value: object, name: str) -> float:
        calls.append(value)
        return to_number(value, name)

    assert paired_rows([1500.0, 1600], [1.0, 0.0], converter) == ([1500.0, 1600.0], [1.0, 0.0])
    assert calls == [1500.0, 1600]
    calls.clear()
    assert paired_rows([1500.0, 1600.0], [1.0, "D"], converter) == (
        [1500.0, 1600.0],
        [1.0, 0.5],
    )
    assert calls == [1500.0, 1600.0]
