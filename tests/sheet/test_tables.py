"""Players and games tables read from spreadsheet ranges (xlrating.sheet.tables)."""

from __future__ import annotations

import datetime as dt

import pytest

from xlrating.errors import InvalidInputError
from xlrating.rating.tournament import Game, Player
from xlrating.sheet.tables import read_games, read_players, read_season_games

PLAYERS = [
    ["Name", "Rating", "Games", "Floor", "Age"],
    ["Alice", 1702.0, None, None, None],
    ["Bob", 1366.0, 14.0, None, None],
    ["Cleo", None, None, None, 11.0],
    [None, None, None, None, None],
    ["Dan", 1500.0, "established", 1200.0, None],
]


def test_players_with_header_blank_rows_and_defaults() -> None:
    assert read_players(PLAYERS) == [
        Player("Alice", 1702.0, None),  # rating with blank games: established, count unknown
        Player("Bob", 1366.0, 14),
        Player("Cleo", None, 0, 0.0, 11.0),  # unrated
        Player("Dan", 1500.0, None, 1200.0),
    ]


def test_players_errors_name_the_row() -> None:
    duplicate = r"players row 3: duplicate name 'Alice' \(also row 1\)"
    with pytest.raises(InvalidInputError, match=duplicate):
        read_players([["Alice", 1500.0, 30.0], ["Bob", 1400.0, 30.0], ["Alice", 1600.0, 30.0]])
    with pytest.raises(
        InvalidInputError, match=r"players row 2: rating must be a number, got 'abc'"
    ):
        read_players([["Alice", 1500.0, 30.0], ["Bob", "abc", 30.0]])
    with pytest.raises(InvalidInputError, match="players is empty"):
        read_players([[None, None, None]])


def test_games_results_byes_and_forfeits() -> None:
    players = read_players(PLAYERS)
    games = read_games(
        [
            ["Round", "White", "Black", "Result"],
            [1.0, "Alice", "Bob", "1-0"],
            [1.0, "Cleo", "Dan", "½-½"],
            [2.0, "Bob", "Cleo", "+-"],
            [2.0, "Dan", "BYE", 1.0],
            [3.0, "Alice", None, None],
        ],
        players,
    )
    assert games == [
        Game(1, "Alice", "Bob", 1.0),
        Game(1, "Cleo", "Dan", 0.5),
        Game(2, "Bob", "Cleo", 1.0, "forfeit"),
        Game(2, "Dan", None, 1.0, "bye"),
        Game(3, "Alice", None, 0.0, "bye"),
    ]
    assert [g.rated for g in games] == [True, True, False, False, False]


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ([1.0, "Alice", "Zed", "1-0"], r"games row 1: unknown player 'Zed'"),
        ([1.0, "Alice", "Alice", "1-0"], r"games row 1: 'Alice' is paired with himself"),
        ([1.0, "Alice", "Bob", "2-0"], r"games row 1: result must be"),
        ([1.0, "Alice", "Bob", None], r"games row 1: the result is blank"),
    ],
)
def test_games_errors_name_the_row(row: list[object], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        read_games([row], read_players(PLAYERS))


def test_text_in_the_round_column_is_a_header_only_in_the_first_row() -> None:
    rows = [[1.0, "Alice", "Bob", 1.0], ["x", "Alice", "Bob", 1.0]]
    with pytest.raises(InvalidInputError, match=r"games row 2: round must be a number"):
        read_games(rows, read_players(PLAYERS))


def test_season_games_with_and_without_dates() -> None:
    players = read_players(PLAYERS)
    dated = read_season_games(
        [
            ["Event", "Date", "Round", "White", "Black", "Result"],
            ["Autumn", "2025-09-06", 1.0, "Alice", "Bob", 1.0],
            ["Winter", 45703.0, 1.0, "Bob", "Alice", "0-1"],  # Excel serial of 2025-02-15
            ["Autumn", None, 2.0, "Bob", "Alice", 0.5],
        ],
        players,
    )
    assert dated.events == ("Autumn", "Winter")
    assert dated.dates == (dt.date(2025, 9, 6), dt.date(2025, 2, 15))
    assert [len(g) for g in dated.games] == [2, 1]
    undated = read_season_games([["Autumn", 1.0, "Alice", "Bob", "1-0"]], players)
    assert undated.dates == (None,) and undated.games[0][0] == Game(1, "Alice", "Bob", 1.0)
    with pytest.raises(InvalidInputError, match="has two dates"):
        read_season_games(
            [
                ["A", "2025-01-01", 1.0, "Alice", "Bob", 1.0],
                ["A", "2025-01-02", 2.0, "Alice", "Bob", 1.0],
            ],
            players,
        )


# ---------------------------------------------------------------- one read of each table


def test_a_table_read_without_the_roster_is_still_checked_against_it() -> None:
    """The Games table read once for PLAYER_GAMES (no roster) and then for SEASON_RATINGS
    (a roster without Carol): the second read still names the row and the player."""
    rows = [
        ["Cache A", "2025-09-06", 1.0, "Alice", "Bob", 1.0],
        ["Cache A", "2025-09-06", 2.0, "Carol", "Alice", 0.5],
    ]
    first = read_season_games(rows)
    assert [g.white for g in first.games[0]] == ["Alice", "Carol"]
    with pytest.raises(InvalidInputError, match=r"^games row 2: unknown player 'Carol'$"):
        read_season_games(rows, read_players(PLAYERS))
    # Black's name is checked as well, and a bye has none to check.
    rows[1][3:5] = ["Alice", "Carol"]
    read_season_games(rows)
    with pytest.raises(InvalidInputError, match=r"^games row 2: unknown player 'Carol'$"):
        read_season_games(rows, read_players(PLAYERS))
    rows[1][3:6] = ["Alice", None, 1.0]
    assert read_season_games(rows, read_players(PLAYERS)).games[0][1].black is None


def test_the_same_cells_read_as_the_very_same_games() -> None:
    """SEASON_RATINGS and SEASON_STANDINGS rate a season once because they get the same
    object for the same cells (sheet.catalog._rated compares by identity)."""
    rows = [["Cache B", "2025-09-06", 1.0, "Alice", "Bob", 1.0]]
    players = read_players(PLAYERS)
    read = read_season_games(rows, players)
    assert read_season_games([list(r) for r in rows], players) is read
    assert read_season_games([list(r) for r in rows]) is read
    changed = [["Cache B", "2025-09-06", 1.0, "Alice", "Bob", 0.0]]
    assert read_season_games(changed, players) is not read


def test_the_roster_error_comes_first_when_the_table_fails_without_it() -> None:
    """Row 1 names an unknown player and row 2 has a blank result: without the roster the
    table fails on row 2, with it on row 1 (the first error, as a full read finds it)."""
    rows = [
        ["Cache C", "2025-09-06", 1.0, "Alice", "Dora", 1.0],
        ["Cache C", "2025-09-06", 2.0, "Alice", "Bob", None],
    ]
    with pytest.raises(InvalidInputError, match=r"^games row 2: the result is blank$"):
        read_season_games(rows)
    with pytest.raises(InvalidInputError, match=r"^games row 1: unknown player 'Dora'$"):
        read_season_games(rows, read_players(PLAYERS))


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ([[True]], [[1.0]]),
        ([[1]], [[1.0]]),
        ([[-0.0]], [[0.0]]),
        ([["1"]], [[1.0]]),
        ([[None]], [["None"]]),
        ([[dt.date(2025, 1, 1)]], [[dt.datetime(2025, 1, 1)]]),
        (["a", "b"], [["a", "b"]]),
        ([["a", "b"]], [("a", "b")]),
        ([[float("nan")]], [[float("inf")]]),
        ([[dt.datetime(2025, 1, 1, 0, 0)]], [[dt.datetime(2025, 1, 1, 0, 0, 1)]]),
    ],
)
def test_content_keys_tell_contents_apart(one: object, other: object) -> None:
    from xlrating.sheet.tables import _content_key

    assert _content_key(one) is not None and _content_key(other) is not None
    assert _content_key(one) != _content_key(other)
    assert _content_key(one) == _content_key(list(one))  # type: ignore[call-overload]


@pytest.mark.parametrize(
    "cells",
    [
        [[object()]],
        [[["nested"]]],
        [[1.0, [2.0]]],
        [[__import__("numpy").float64(1)]],
    ],
)
def test_contents_without_a_safe_key_get_none(cells: object) -> None:
    from xlrating.sheet.tables import _content_key

    assert _content_key(cells) is None


def test_players_member_ids_are_read_and_kept() -> None:
    from xlrating.sheet.tables import read_players_table

    table = read_players_table(
        [
            ["Name", "Rating", "Games", "Floor", "Age", "US Chess ID", "FIDE ID"],
            ["Alice", 1500.0, 30.0, None, None, 12345678.0, "2012345"],
            ["Bob", 1400.0, 30.0, None, None, None, None],
            ["Cy", 1300.0, 30.0, None, None, None, 4100018.0],
        ]
    )
    # An older book's five columns still read.
    assert read_players_table([["Bob", 1400.0, 30.0, None, None]]).ids == ((None, None),)
    assert [p.name for p in table.players] == ["Alice", "Bob", "Cy"]
    assert table.ids == (("12345678", "2012345"), (None, None), (None, "4100018"))
    assert table.rows == (2, 3, 4)
    with pytest.raises(InvalidInputError, match=r"^Players row 6: US Chess ID must be a member "):
        read_players_table([["Alice", 1500.0, 30.0, None, None, "12-34"]], first_row=6)
    lenient = read_players_table(
        [["Alice", 1500.0, 30.0, None, None, 1.5], ["Bob", 1400.0, 30.0, None, None, None]],
        skip=True,
    )
    assert [p.name for p in lenient.players] == ["Bob"]
    assert lenient.left_out == (
        (1, "players row 1: US Chess ID must be a member number, got 1.5", "Alice"),
    )


def test_a_table_read_row_by_row_is_read_once_and_keeps_its_refused_rows() -> None:
    """The season's arrays with skip read the Games table once (the same cells: the very
    same rows read), and each roster's grouping is kept with it."""
    from xlrating.sheet.tables import read_season_rows, season_games_known

    rows: list[list[object]] = [
        ["Cache C", "2025-09-06", 1.0, "Alice", "Bob", 1.0],
        ["Cache C", "2025-09-06", None, "Alice", "Bob", 1.0],
        ["Cache C", "2025-09-06", 2.0, "Alice", "Zed", 1.0],
    ]
    read = read_season_rows(rows, first_row=5)
    assert read_season_rows([list(r) for r in rows], first_row=5) is read
    assert read_season_rows(rows) is not read  # messages name other rows
    assert read.refused == ((2, "Games row 6: round is blank: a number is needed"),)
    known = frozenset({"Alice", "Bob"})
    grouped, unknown, _ = season_games_known(read, known)
    assert season_games_known(read, known)[0] is grouped
    assert unknown == {3: ("Games row 7", "Zed")}
    assert [len(games) for games in grouped.games] == [1]


def test_a_name_longer_than_a_cell_holds_is_refused_in_one_line() -> None:
    from xlrating.errors import InvalidInputError
    from xlrating.rating.tournament import MAX_NAME_CHARS
    from xlrating.sheet.tables import read_name

    assert read_name("x" * MAX_NAME_CHARS, "players row 1: name") == "x" * MAX_NAME_CHARS
    with pytest.raises(InvalidInputError) as refused:
        read_name("x" * 40_000, "players row 1: name")
    assert str(refused.value) == (
        "players row 1: name must be a player's name of at most 32,767 characters (what a "
        "spreadsheet cell holds), got 40,000 characters"
    )
