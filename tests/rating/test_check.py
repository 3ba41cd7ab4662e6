"""The core's validation (xlrating/rating/_check.py): each check accepts what it documents, refuses
the rest with one line naming the argument and quoting the value, and returns the kind it
promises (a float, an int, a date).

Every bound is tried on both sides (a ``<`` for a ``<=`` fails here), and every message is
compared whole: it is what a cell shows, so a wrong name or a wrong value is a bug.
"""

from __future__ import annotations

import datetime as dt
import math
import re

import pytest

from xlrating.errors import InvalidInputError
from xlrating.rating._check import (
    check_computed,
    check_count,
    check_date,
    check_games,
    check_number,
    check_rating,
    check_result,
    result_word,
    show,
)


def refused(message: str) -> pytest.RaisesExc[InvalidInputError]:
    """The whole one-line message, matched literally."""
    return pytest.raises(InvalidInputError, match=f"^{re.escape(message)}$")


# --- result_word -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "score"),
    [
        (" win ", 1.0),  # trimmed, any case
        ("w", 1.0),
        ("1 - 0", 1.0),  # spaces inside removed
        ("½ - ½", 0.5),
        ("draw", 0.5),
        ("Loss", 0.0),
    ],
)
def test_result_word_ignores_case_and_spaces(text: str, score: float) -> None:
    assert result_word(text) == score


@pytest.mark.parametrize("text", ["", "x", "won", "1-1", "+-"])
def test_result_word_is_none_for_other_text(text: str) -> None:
    assert result_word(text) is None


# --- show --------------------------------------------------------------------------------


def test_show_quotes_short_values_as_repr() -> None:
    assert show("abc") == "'abc'"
    assert show(2.5) == "2.5"
    assert show(None) == "None"


def test_show_gives_dates_in_iso_form() -> None:
    assert show(dt.date(2025, 10, 1)) == "'2025-10-01'"
    assert show(dt.datetime(2025, 10, 1, 12, 30)) == "'2025-10-01T12:30:00'"


def test_show_cuts_text_longer_than_40_characters() -> None:
    # repr of 38 letters is 40 characters (two quotes): kept whole.
    assert show("x" * 38) == "'" + "x" * 38 + "'"
    # repr of 39 letters is 41 characters: the first 37 and "...", 40 in all.
    assert show("x" * 39) == "'" + "x" * 36 + "..."


def test_show_says_a_number_is_too_long_when_repr_refuses_it() -> None:
    # Python refuses to print an int of more than 4300 digits (ValueError).
    assert show(10**5000) == "a number too long to show"


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ([[1, 2, 3], [4, 5, 6]], "a 2x3 range"),
        ([(1, 2), (3, 4)], "a 2x2 range"),
        ([[1], [2, 3]], "a range of 2 rows of different lengths"),
        ([1, 2, 3], "a range of 3 cells"),
        ([1], "a range of 1 cell"),
        ([], "a range of 0 cells"),
        ([[1, 2], 3], "a range of 2 cells"),  # not every item is a row
    ],
)
def test_show_gives_a_list_as_its_shape(value: list[object], text: str) -> None:
    assert show(value) == text


# --- check_number, check_rating, check_computed -----------------------------------------------


def test_check_number_returns_a_float() -> None:
    number = check_number(3, "k")
    assert number == 3.0
    assert type(number) is float
    assert check_number(-2.5, "k") == -2.5


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (True, "k must be a number, got True"),
        ("5", "k must be a number, got '5'"),
        (None, "k must be a number, got None"),
        (math.nan, "k must be a finite number, got nan"),
        (-math.inf, "k must be a finite number, got -inf"),
        # beyond the largest float: float() overflows, and that is refused as infinite
        (10**400, "k must be a finite number, got " + "1" + "0" * 36 + "..."),
    ],
)
def test_check_number_refuses(value: object, message: str) -> None:
    with refused(message):
        check_number(value, "k")


@pytest.mark.parametrize("value", [0, 0.0, 4000, 4000.0, 1500.5])
def test_check_rating_accepts_0_to_4000(value: float) -> None:
    rating = check_rating(value)
    assert rating == value
    assert type(rating) is float


@pytest.mark.parametrize("value", [-0.5, 4000.5, -1])
def test_check_rating_refuses_outside_0_to_4000(value: float) -> None:
    with refused(f"rating must be between 0 and 4000, got {value!r}"):
        check_rating(value)
    with refused(f"opponents[3] must be between 0 and 4000, got {value!r}"):
        check_rating(value, "opponents[3]")


def test_check_rating_names_the_argument_for_a_non_number() -> None:
    with refused("rating must be a number, got 'x'"):
        check_rating("x")


@pytest.mark.parametrize("rating", [0.0, 4000.0, 2000.0])
def test_check_computed_accepts_0_to_4000(rating: float) -> None:
    check_computed(rating, "the new rating")


@pytest.mark.parametrize(("rating", "shown"), [(4000.06, "4000.1"), (-0.5, "-0.5")])
def test_check_computed_refuses_outside_0_to_4000(rating: float, shown: str) -> None:
    with refused(
        f"the new rating comes to {shown}, outside 0 to 4000, the ratings xlrating accepts"
    ):
        check_computed(rating, "the new rating")


# --- check_count -------------------------------------------------------------------------


def test_check_count_returns_an_int() -> None:
    count = check_count(5.0, "games")
    assert count == 5
    assert type(count) is int
    assert check_count(0, "games") == 0  # the default minimum is 0


def test_check_count_refuses_fractions_and_too_few() -> None:
    with refused("games must be a whole number, got 2.5"):
        check_count(2.5, "games")
    with refused("games must be at least 0, got -1"):
        check_count(-1, "games")
    with refused("games must be at least 5, got 4"):
        check_count(4, "games", minimum=5)
    assert check_count(5, "games", minimum=5) == 5
    with refused("games must be a number, got '3'"):
        check_count("3", "games")


# --- check_result ------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "score"), [(1, 1.0), (0, 0.0), (0.5, 0.5), (1.0, 1.0)])
def test_check_result_returns_a_float(value: float, score: float) -> None:
    result = check_result(value)
    assert result == score
    assert type(result) is float


@pytest.mark.parametrize("value", [True, False, 2, -1, 0.25, "W", None])
def test_check_result_refuses(value: object) -> None:
    with refused(f"result must be 1, 0.5 or 0, got {value!r}"):
        check_result(value)
    with refused(f"results[2] must be 1, 0.5 or 0, got {value!r}"):
        check_result(value, "results[2]")


# --- check_games -------------------------------------------------------------------------


def test_check_games_pairs_floats_as_given() -> None:
    assert check_games([1500.0, 1600.0], [1.0, 0.5]) == ((1500.0, 1.0), (1600.0, 0.5))
    assert check_games([0.0, 4000.0], [0.0, 1.0]) == ((0.0, 0.0), (4000.0, 1.0))


def test_check_games_turns_ints_into_floats() -> None:
    for pairs in (
        check_games([1500, 1600], [1, 0]),
        check_games([1500.0], [1]),  # an int result among float ratings
        check_games([1500], [1.0]),
    ):
        assert all(type(x) is float for pair in pairs for x in pair), pairs
    assert check_games((1500, 1600), (1, 0)) == ((1500.0, 1.0), (1600.0, 0.0))


@pytest.mark.parametrize(
    ("opponents", "results", "message"),
    [
        ([1500.0, 4000.5], [1.0, 1.0], "opponents[2] must be between 0 and 4000, got 4000.5"),
        ([-1.0], [1.0], "opponents[1] must be between 0 and 4000, got -1"),
        ([1500.0, 1600.0], [1.0, 2.0], "results[2] must be 1, 0.5 or 0, got 2"),
        ([1500.0], [True], "results[1] must be 1, 0.5 or 0, got True"),
        ([1500.0, math.nan], [1.0, 1.0], "opponents[2] must be a finite number, got nan"),
        ([1500, 5000], [1, 0], "opponents[2] must be between 0 and 4000, got 5000"),
        ([1500, "x"], [1, 0], "opponents[2] must be a number, got 'x'"),
        ("1500", "1", "opponents must be a list of ratings, got '1500'"),
        (b"15", [1.0, 1.0], "opponents must be a list of ratings, got b'15'"),
        ({1500.0}, [1.0], "opponents must be a list of ratings, got {1500.0}"),
        ([1500.0], "1", "results must be a list of results, got '1'"),
        ([1500.0], b"1", "results must be a list of results, got b'1'"),
        ([1500.0], 1.0, "results must be a list of results, got 1"),
        ([1500.0, 1600.0], [1.0], "opponents has 2 entries but results has 1"),
        ([], [], "opponents is empty: an event needs at least one game"),
    ],
)
def test_check_games_refuses(opponents: object, results: object, message: str) -> None:
    with refused(message):
        check_games(opponents, results)  # type: ignore[arg-type]


def test_check_games_allows_no_games_when_asked() -> None:
    assert check_games([], [], allow_empty=True) == ()
    with refused("opponents has 1 entries but results has 0"):
        check_games([1500.0], [], allow_empty=True)


# --- check_date --------------------------------------------------------------------------


def test_check_date_returns_a_date() -> None:
    for value in (
        dt.date(2025, 10, 1),
        dt.datetime(2025, 10, 1, 13, 45),
        "2025-10-01",
        " 2025-10-01 ",
        "2025-10-01T13:45",
    ):
        day = check_date(value, "date")
        assert day == dt.date(2025, 10, 1), value
        assert type(day) is dt.date, value


@pytest.mark.parametrize(
    ("value", "shown"),
    [("2025-13-01", "'2025-13-01'"), ("01/10/2025", "'01/10/2025'"), (20251001, "20251001")],
)
def test_check_date_refuses(value: object, shown: str) -> None:
    with refused(f"event_date must be a date such as 2025-10-01, got {shown}"):
        check_date(value, "event_date")


# --- mutation testing: the fast path of check_games ----------------------------------------


def test_check_games_takes_valid_floats_without_checking_each(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Float ratings from 0 to 4000 (both bounds included) with results exactly 0, 0.5 and
    1 are paired as they are: check_rating and check_result, the per-game checks, are not
    called (the fast path must take every valid float game, bounds included)."""
    from xlrating.rating import _check

    def spy(value: object, name: str = "") -> float:
        raise AssertionError(f"{name} checked one by one")

    monkeypatch.setattr(_check, "check_rating", spy)
    monkeypatch.setattr(_check, "check_result", spy)
    assert check_games([0.0, 4000.0, 1500.0], [0.0, 0.5, 1.0]) == (
        (0.0, 0.0),
        (4000.0, 0.5),
        (1500.0, 1.0),
    )
    for rating in (0.0, 4000.0):
        for result in (0.0, 0.5, 1.0):
            assert check_games([rating], [result]) == ((rating, result),)


def test_check_games_checks_each_game_once_one_is_not_a_valid_float(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One int, or one float out of range, sends every game to the per-game checks, in
    order, each named by its position."""
    from xlrating.rating import _check

    seen: list[str] = []
    real_rating, real_result = _check.check_rating, _check.check_result

    def rating_spy(value: object, name: str = "rating") -> float:
        seen.append(name)
        return real_rating(value, name)

    def result_spy(value: object, name: str = "result") -> float:
        seen.append(name)
        return real_result(value, name)

    monkeypatch.setattr(_check, "check_rating", rating_spy)
    monkeypatch.setattr(_check, "check_result", result_spy)
    assert check_games([1500.0, 1600.0], [1.0, 0]) == ((1500.0, 1.0), (1600.0, 0.0))
    assert seen == ["opponents[1]", "results[1]", "opponents[2]", "results[2]"]
    with refused("opponents[1] must be between 0 and 4000, got 4000.5"):
        check_games([4000.5], [1.0])
