"""PLAYER_RATINGS: one player's rating after each event, read from a SEASON_RATINGS table
(the Player card's table).

The tables below are written by hand, as SEASON_RATINGS lays one out (a header row of
the names column and one column per event, then a row per player with a rating or a
blank before the player's first rating), and so is every expected row.  The card's
formulas before this function gave the same: the event's header text, the rating when it
is a number, "unrated" otherwise, and blanks beyond the events or for a name not in the
table.
"""

from __future__ import annotations

from typing import Any

import pytest

from xlrating.sheet.catalog import FUNCTIONS

from ..xlwings_harness import call_udf, com_value

TABLE: list[list[Any]] = [
    ["Player", "May", "June", 2026.0, None, None],
    ["Ann", 1500.0, 1512.5, 1520.0, None, None],
    ["Ben", None, 1300.0, 1290.0, None, None],
    ["ann", 1700.0, 1700.0, 1700.0, None, None],
]


def player_ratings(*args: Any) -> Any:
    return FUNCTIONS["PLAYER_RATINGS"](*args)


def test_a_players_rating_after_each_event_padded_to_the_rows() -> None:
    assert player_ratings(TABLE, "Ann", 6) == [
        ["May", 1500.0],
        ["June", 1512.5],
        ["2026", 1520.0],  # an event typed as a number, read as the Games table reads it
        ["", ""],
        ["", ""],
        ["", ""],
    ]
    # Before his first rating a player is unrated; blank rows: one per event column.
    assert player_ratings(TABLE, "Ben", None) == [
        ["May", "unrated"],
        ["June", 1300.0],
        ["2026", 1290.0],
        ["", ""],
        ["", ""],
    ]


def test_names_are_matched_exactly_and_a_missing_name_shows_the_events_only() -> None:
    # EXACT, as the card's Ratings row: "ann" is another player than "Ann".
    assert player_ratings(TABLE, "ann", 3) == [["May", 1700.0], ["June", 1700.0], ["2026", 1700.0]]
    assert player_ratings(TABLE, "Nobody", 3) == [["May", ""], ["June", ""], ["2026", ""]]
    assert player_ratings(TABLE, None, 3) == [["May", ""], ["June", ""], ["2026", ""]]


def test_a_ratings_table_that_shows_an_error_gives_blank_rows() -> None:
    """SEASON_RATINGS answers a bad season with one line in its first cell: no events."""
    error = [["#VALUE! games row 1: result must be 1, 0.5, 0, got '2-0'", None, None]]
    assert player_ratings(error, "Ann", 2) == [["", ""], ["", ""]]
    assert player_ratings(error, "Ann", None) == [["", ""], ["", ""]]


def test_bad_arguments_are_one_line() -> None:
    assert player_ratings(TABLE, "Ann", 2) == (
        "#VALUE! rows must be a whole number from 3 to 16,383 (the table has 3 events), got 2"
    )
    assert player_ratings(TABLE, True, 3) == "#VALUE! player must be a player's name, got True"
    nan = float("nan")  # no cell holds one: only a Python caller
    assert player_ratings([["Player", "May"], ["Ann", nan]], "Ann") == (
        "#VALUE! ratings column 2 of Ann must be a rating, got nan"
    )
    empties: list[object] = [[], (), [[]], [[], []]]  # no cells at all (only from Python)
    for empty in empties:
        assert player_ratings(empty, "Ann") == (
            "#VALUE! ratings is an empty range: give at least one cell"
        )
    assert str(player_ratings(TABLE, "Ann", 2.5)).startswith("#VALUE! rows must be a whole")
    # At most one row per column of Excel's grid but the names column (16,384 columns).
    assert len(player_ratings(TABLE, "Ann", 16_383)) == 16_383
    assert str(player_ratings(TABLE, "Ann", 16_384)).startswith(
        "#VALUE! rows must be a whole number from 3 to 16,383"
    )


def test_headers_are_read_as_the_games_table_reads_an_events_name() -> None:
    """A header cell typed as a number is the event's name as the Games table reads it
    (2026 -> "2026", 0.5 -> "0.5"); spaces are tidied; a cell that cannot name an event
    (TRUE, an error, a line break is tidied away) is one line naming its column."""
    table = [["Player", 0.5, "  May   Swiss ", "A\nB"], ["Ann", 1.0, 2.0, 3.0]]
    assert [row[0] for row in player_ratings(table, "Ann", 3)] == ["0.5", "May Swiss", "A B"]
    assert player_ratings([["Player", True], ["Ann", 1.0]], "Ann") == (
        "#VALUE! ratings column 2 header must be an event's name, got True"
    )
    assert player_ratings([["Player", "May", "#N/A"], ["Ann", 1.0, 2.0]], "Ann") == (
        "#VALUE! ratings column 3 header must be an event's name, got '#N/A'"
    )


def test_through_xlwings_conversion() -> None:
    """As Excel hands the range over (COM: blanks as None, numbers as doubles) through
    xlwings' own conversion code, and a name typed as a number."""
    table = [["Player", "May"], ["123", 1400.0]]
    out = call_udf("PLAYER_RATINGS", com_value(table), 123.0, 2.0)
    assert out == [["May", 1400.0], ["", ""]]
    assert call_udf("PLAYER_RATINGS", com_value(TABLE), "Ann", 3.0)[2] == ["2026", 1520.0]


@pytest.mark.parametrize("rows", [3, 16])
def test_rows_are_what_was_asked(rows: int) -> None:
    out = player_ratings(TABLE, "Ann", rows)
    assert isinstance(out, list) and len(out) == rows and all(len(r) == 2 for r in out)


def test_the_room_running_out_shows_as_the_last_row_without_a_rating() -> None:
    """SEASON_RATINGS' last header says how many events did not fit: the card shows it
    with no rating (not as an event the player is unrated in)."""
    table = [
        ["Player", "May", "+2 events: xlrating resize --event-columns 3"],
        ["Ann", 1500.0, ""],
    ]
    assert player_ratings(table, "Ann", 2) == [
        ["May", 1500.0],
        ["+2 events: xlrating resize --event-columns 3", ""],
    ]
