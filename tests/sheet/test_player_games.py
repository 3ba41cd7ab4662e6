"""PLAYER_GAMES: one player's games of a season from his side (the Player card's table).

The games below are written by hand and so is every expected row: White's result turned
into the player's, byes, forfeits either way, a double forfeit, the padding to the rows
asked for and the last row that says how many games did not fit.  (A table has no
double forfeit: its results are those of xlrating's one vocabulary.)
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlrating.sheet.catalog import FUNCTIONS

HEADER = ["Event", "Round", "Colour", "Opponent", "Result", "Points"]
GAMES: list[list[Any]] = [
    ["Event", "Date", "Round", "White", "Black", "Result"],
    ["May", "2026-05-02", 1, "Ann", "Ben", "1-0"],
    ["May", "2026-05-02", 1, "Cat", "Dev", "½-½"],
    ["May", "2026-05-02", 2, "Ben", "Cat", "0-1"],
    ["May", "2026-05-02", 2, "Dev", "Ann", "1/2-1/2"],
    ["May", "2026-05-02", 3, "Ann", "BYE", "+-"],
    ["May", "2026-05-02", 3, "Ben", "Dev", "-+"],
    ["June", "2026-06-06", 1, "Cat", "Ann", "+-"],
    ["June", "2026-06-06", 1, "Ben", "Dev", "W"],
    ["June", "2026-06-06", 2, "Ann", "Ben", "0-1"],
]


def player_games(*args: Any) -> Any:
    return FUNCTIONS["PLAYER_GAMES"](*args)


def test_a_players_games_from_his_side() -> None:
    assert player_games(GAMES, "Ann") == [
        HEADER,
        ["May", 1, "White", "Ben", "win", 1.0],
        ["May", 2, "Black", "Dev", "draw", 0.5],  # 1/2-1/2 is a draw as much as ½-½
        ["May", 3, "bye", "", "bye", 1.0],
        ["June", 1, "Black", "Cat", "forfeit loss", 0.0],
        ["June", 2, "White", "Ben", "loss", 0.0],
    ]


def test_forfeits_either_way_and_results_in_words() -> None:
    assert player_games(GAMES, "Ben") == [
        HEADER,
        ["May", 1, "Black", "Ann", "loss", 0.0],
        ["May", 2, "White", "Cat", "loss", 0.0],
        ["May", 3, "White", "Dev", "forfeit loss", 0.0],
        ["June", 1, "White", "Dev", "win", 1.0],
        ["June", 2, "Black", "Ann", "win", 1.0],
    ]
    dev = player_games(GAMES, "Dev")
    assert dev[3] == ["May", 3, "Black", "Ben", "forfeit win", 1.0]
    assert dev[4] == ["June", 1, "Black", "Ben", "loss", 0.0]  # "W": White won


def test_rows_pad_and_the_last_row_counts_what_did_not_fit() -> None:
    padded = player_games(GAMES, "Cat", 5)
    assert padded[1:4] == [
        ["May", 1, "White", "Dev", "draw", 0.5],
        ["May", 2, "Black", "Ben", "win", 1.0],
        ["June", 1, "White", "Ann", "forfeit win", 1.0],
    ]
    assert padded[4:] == [[""] * 6, [""] * 6]
    cut = player_games(GAMES, "Ann", 3)
    assert cut == [
        HEADER,
        ["May", 1, "White", "Ben", "win", 1.0],
        ["May", 2, "Black", "Dev", "draw", 0.5],
        ["", "", "", "and 3 more games", "", ""],
    ]


def test_a_member_without_games_and_a_blank_player_give_an_empty_table() -> None:
    assert player_games(GAMES, "Eve", 2) == [HEADER, [""] * 6, [""] * 6]
    assert player_games(GAMES, None, 1) == [HEADER, [""] * 6]
    assert player_games(GAMES, "Eve") == [HEADER]  # rows blank: one per game, none


@pytest.mark.parametrize(
    ("args", "line"),
    [
        ((GAMES, 7.0), "player must be a player's name, got 7"),
        ((GAMES, "Ann", 0), "rows must be a whole number from 1 to 1,048,575, got 0"),
        ((GAMES, "Ann", 2.5), "rows must be a whole number"),
    ],
)
def test_bad_arguments_are_one_line(args: tuple[Any, ...], line: str) -> None:
    out = player_games(*args)
    assert isinstance(out, str) and out.startswith("#VALUE! ") and line in out


@given(rows=st.integers(1, 12), who=st.sampled_from(["Ann", "Ben", "Cat", "Dev", "Eve"]))
def test_the_table_has_the_rows_asked_for_and_the_points_of_the_games(rows: int, who: str) -> None:
    table = player_games(GAMES, who, rows)
    assert len(table) == rows + 1 and all(len(r) == 6 for r in table)
    every = player_games(GAMES, who)
    played = every[1:]
    if len(played) <= rows:  # nothing cut: the same games, then blank rows
        assert table[1 : len(played) + 1] == played
    else:
        assert table[1:rows] == played[: rows - 1]
        assert table[rows][3] == f"and {len(played) - rows + 1} more games"
