"""The season functions' ``skip`` argument (rate the rows you can, report the rest), the
tables' first sheet rows in messages, SEASON_RATINGS' ``columns``, the latest event when
``event`` is blank, SEASON_STANDINGS' rank order, and SEASON_GAME_STATUS, SEASON_CHECK and
SEASON_EVENT.

The season below is worked by hand (plain Elo, K 20, everyone at 1500): in May Alice Morgan
beats Alan Adams (expected 0.5: +10 and -10); in June Cara Bell (1500) draws with Alan Adams
(1490): Cara's expected score is 1 / (1 + 10^((1490 - 1500) / 400)), her change 20 x (0.5 -
that).  Two rows of May cannot be rated: one has no round, one names "Alan Adms".
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlrating.sheet.catalog import FUNCTIONS, NO_GAMES

from ..xlwings_harness import call_udf

#: The Players sheet: the range starts on sheet row 4 with its header; a blank row last.
PLAYERS: list[list[Any]] = [
    ["Name", "Rating", "Games"],
    ["Alice Morgan", 1500.0, 30.0],
    ["Alan Adams", 1500.0, 30.0],
    ["Cara Bell", 1500.0, 30.0],
    [None, None, None],
]
PLAYERS_ROW = 4.0
#: The Games sheet: the range starts on sheet row 10 with its header.
GAMES: list[list[Any]] = [
    ["Event", "Date", "Round", "White", "Black", "Result"],
    ["May", "2025-05-03", 1.0, "Alice Morgan", "Alan Adams", "1-0"],
    ["May", "2025-05-03", None, "Cara Bell", "Alice Morgan", "1-0"],  # sheet row 12
    ["May", "2025-05-03", 2.0, "Alan Adms", "Cara Bell", "0-1"],  # sheet row 13
    [None, None, None, None, None, None],
    ["June", "2025-06-07", 1.0, "Cara Bell", "Alan Adams", "½-½"],
]
GAMES_ROW = 10.0
K = 20.0
#: Cara's change in June, by the formula written out (Elo, K 20).
JUNE = K * (0.5 - 1 / (1 + 10 ** ((1490 - 1500) / 400)))


def call(name: str, *args: Any) -> Any:
    return FUNCTIONS[name](*args)


def test_strict_by_default_and_the_message_names_the_sheet_row() -> None:
    assert call("SEASON_RATINGS", PLAYERS, GAMES, "elo", K) == (
        "#VALUE! games row 3: round is blank: a number is needed"
    )
    assert call(
        "SEASON_RATINGS", PLAYERS, GAMES, "elo", K, None, False, PLAYERS_ROW, GAMES_ROW
    ) == ("#VALUE! Games row 12: round is blank: a number is needed")
    players = [*PLAYERS[:4], ["Cara Bell", 1500.0, 30.0]]
    assert call("SEASON_START_FINAL", players, GAMES, "elo", K, False, PLAYERS_ROW) == (
        "#VALUE! Players row 8: duplicate name 'Cara Bell' (also row 7)"
    )


def test_skip_rates_the_rows_it_can_in_the_players_rows() -> None:
    out = call("SEASON_RATINGS", PLAYERS, GAMES, "elo", K, 3.0, True, PLAYERS_ROW, GAMES_ROW)
    assert out[0] == ["Player", "May", "June", ""]
    assert out[1] == ["", "", "", ""]  # the players range's header row
    assert out[2] == ["Alice Morgan", 1510.0, 1510.0, ""]
    assert out[3][:2] == ["Alan Adams", 1490.0] and out[3][3] == ""
    assert out[3][2] == pytest.approx(1490.0 - JUNE)
    assert out[4][:2] == ["Cara Bell", 1500.0]
    assert out[4][2] == pytest.approx(1500.0 + JUNE)
    assert out[5] == ["", "", "", ""]
    assert len(out) == 1 + len(PLAYERS)
    start_final = call("SEASON_START_FINAL", PLAYERS, GAMES, "elo", K, True)
    assert start_final[:3] == [["Start", "Final"], ["", ""], [1500.0, 1510.0]]
    assert start_final[4] == [1500.0, pytest.approx(1500.0 + JUNE)]
    assert start_final[5] == ["", ""]


def test_the_status_of_each_games_row_and_the_check_line() -> None:
    status = call("SEASON_GAME_STATUS", PLAYERS, GAMES, "elo", K, PLAYERS_ROW, GAMES_ROW)
    assert status == [
        [""],
        ["rated"],
        ["not rated yet: round is blank: a number is needed"],
        ["not rated yet: unknown player 'Alan Adms' (did you mean Alan Adams?)"],
        [""],
        ["rated"],
    ]
    assert call("SEASON_CHECK", PLAYERS, GAMES, "elo", K, PLAYERS_ROW, GAMES_ROW) == (
        "2 game rows not rated yet (first: Games row 12: round is blank: a number is needed)"
    )
    done = [GAMES[0], GAMES[1], GAMES[5]]
    assert call("SEASON_CHECK", PLAYERS, done, "elo", K) == "All 2 game rows rated"
    assert call("SEASON_CHECK", PLAYERS, [[None] * 6] * 3, "elo", K) == NO_GAMES
    bad_player = [*PLAYERS[:3], ["Cara Bell", "strong", 30.0]]
    assert call("SEASON_CHECK", bad_player, done, "elo", K, PLAYERS_ROW) == (
        "1 game row not rated yet (first: games row 3: unknown player 'Cara Bell' (left out "
        "of the players table: Players row 7: rating must be a number, got 'strong')); "
        "1 players row left out (Players row 7: rating must be a number, got 'strong')"
    )
    assert call("SEASON_CHECK", bad_player, done[:2], "elo", K) == (
        "1 game row rated; 1 players row left out (players row 4: rating must be a number, "
        "got 'strong')"
    )


def test_an_event_the_core_refuses_is_left_unrated_and_says_why() -> None:
    """Elo with K 1000: two 3900 players push a rating past 4000 in the second event."""
    players = [["A", 1500.0, 30.0], ["B", 1500.0, 30.0], ["C", 3900.0, 30.0], ["D", 3900.0, 30.0]]
    games = [["E1", "2025-01-01", 1.0, "A", "B", 1.0], ["E2", "2025-02-01", 1.0, "C", "D", 1.0]]
    assert call("SEASON_RATINGS", players, games, "elo", 1000.0, None, True) == [
        ["Player", "E1"],
        ["A", 2000.0],
        ["B", 1000.0],
        ["C", 3900.0],
        ["D", 3900.0],
    ]
    assert call("SEASON_GAME_STATUS", players, games, "elo", 1000.0) == [
        ["rated"],
        [
            "not rated yet: event 'E2' cannot be rated: the new rating of C comes to 4400.0, "
            "outside 0 to 4000, the ratings xlrating accepts"
        ],
    ]
    standings = call("SEASON_STANDINGS", players, games, "E2", "elo", 1000.0, True)
    assert standings[3] == ["C", 1, 1.0, 1, "", "", "", 3]  # points, but no rating
    # A bad argument of the function itself stays an error with skip.
    assert call("SEASON_RATINGS", players, games, "elo", 2000.0, None, True) == (
        "#VALUE! k must be a positive number no larger than 1000, got 2000"
    )


def test_the_latest_event_when_the_event_is_blank_or_0() -> None:
    assert call("SEASON_EVENT", GAMES, None, True, GAMES_ROW) == "June"
    assert call("SEASON_EVENT", GAMES, 0.0, True) == "June"
    assert call("SEASON_EVENT", GAMES, "May", True) == "May"
    assert call("SEASON_EVENT", GAMES, "Nope", True) == (
        "#N/A event 'Nope' is not in the games table"
    )
    assert call("SEASON_EVENT", GAMES, None, False, GAMES_ROW) == (
        "#VALUE! Games row 12: round is blank: a number is needed"
    )
    assert call("SEASON_EVENT", [[None] * 6]) == NO_GAMES
    # Dated events by date, then undated ones in the order they first appear.
    games = [
        ["Late", "2025-09-01", 1.0, "A", "B", 1.0],
        ["Undated", None, 1.0, "A", "B", 1.0],
        ["Early", "2025-01-01", 1.0, "A", "B", 1.0],
    ]
    assert call("SEASON_EVENT", games) == "Undated"
    assert call("SEASON_EVENT", games[:1] + games[2:]) == "Late"


def test_standings_of_the_latest_event_in_rows_and_in_rank_order() -> None:
    rows = call("SEASON_STANDINGS", PLAYERS, GAMES, None, "elo", K, True)
    assert rows[1] == [""] * 8
    assert rows[2] == ["Alice Morgan", 0, 0.0, "", 1510.0, 1510.0, 0.0, 2]
    assert rows[3][:5] == ["Alan Adams", 1, 0.5, 1, 1490.0]
    ranked = call("SEASON_STANDINGS", PLAYERS, GAMES, 0.0, "elo", K, True, None, None, "rank")
    assert [row[0] for row in ranked] == [
        "Player",
        "Alan Adams",
        "Cara Bell",
        "Alice Morgan",
        "",
        "",
    ]
    assert call("SEASON_STANDINGS", PLAYERS, [[None] * 6], None, "elo", K, True) == [
        ranked[0],
        *([""] * 8 for _ in PLAYERS),
    ]
    assert call("SEASON_STANDINGS", PLAYERS, GAMES, None, "elo", K, True, None, None, "x") == (
        "#VALUE! order must be one of rows, rank, got 'x'"
    )


def test_the_crosstable_of_the_latest_event_and_of_no_event() -> None:
    table = call("EVENT_CROSSTABLE", PLAYERS, GAMES, None, 2.0, True)
    assert table[0] == [
        "Place",
        "Player",
        "Rating",
        "R1",
        "R2",
        "Total",
        "Buchholz",
        "Sonneborn-Berger",
    ]
    assert [row[1] for row in table[1:3]] == ["Alan Adams", "Cara Bell"]
    assert len(table) == 1 + len(PLAYERS)
    empty = call("EVENT_CROSSTABLE", PLAYERS, [[None] * 6], None, 2.0, True)
    assert empty == [table[0], *([""] * 8 for _ in PLAYERS)]
    # With skip a name not (yet) in the games table is an empty crosstable, else an error.
    assert call("EVENT_CROSSTABLE", PLAYERS, GAMES, "Later", 2.0, True)[1:] == empty[1:]
    assert call("EVENT_CROSSTABLE", PLAYERS, GAMES[:2], "Later", 2.0) == (
        "#VALUE! event 'Later' is not in the games table"
    )


def test_the_ratings_room_says_when_it_runs_out() -> None:
    out = call("SEASON_RATINGS", PLAYERS, GAMES, "elo", K, 1.0, True)
    assert out[0] == ["Player", "+2 events: xlrating resize --event-columns 2"]
    assert out[2] == ["Alice Morgan", ""]
    assert call("SEASON_RATINGS", PLAYERS, GAMES, "elo", K, 0.5, True) == (
        "#VALUE! columns must be a whole number, got 0.5"
    )


def test_player_games_with_skip_lists_the_rows_that_read_as_games() -> None:
    out = call("PLAYER_GAMES", GAMES, "Cara Bell", None, True)
    assert out == [
        ["Event", "Round", "Colour", "Opponent", "Result", "Points"],
        ["May", 2, "Black", "Alan Adms", "win", 1.0],
        ["June", 1, "White", "Alan Adams", "draw", 0.5],
    ]
    assert call("PLAYER_GAMES", GAMES, 0.0, None, True) == [out[0]]
    assert call("PLAYER_GAMES", GAMES, "Cara Bell", None, False, GAMES_ROW) == (
        "#VALUE! Games row 12: round is blank: a number is needed"
    )


def test_through_xlwings_the_new_arguments_arrive_as_excel_gives_them() -> None:
    assert call_udf("SEASON_CHECK", PLAYERS, GAMES, "elo", K, PLAYERS_ROW, GAMES_ROW) == (
        call("SEASON_CHECK", PLAYERS, GAMES, "elo", K, PLAYERS_ROW, GAMES_ROW)
    )
    status = call_udf("SEASON_GAME_STATUS", PLAYERS, GAMES, "elo", K)
    assert [row[0] if isinstance(row, list) else row for row in status][1] == "rated"
    out = call_udf("SEASON_RATINGS", PLAYERS, GAMES, "elo", K, 3.0, True, PLAYERS_ROW, GAMES_ROW)
    assert out[2][:2] == ["Alice Morgan", 1510.0]


# ------------------------------------------------------------------ properties

NAMES = ["Ann", "Ben", "Cat", "Dev", "Eve"]


@st.composite
def seasons(draw: st.DrawFn) -> tuple[list[list[Any]], list[list[Any]]]:
    """A valid season: 2 to 5 rated players, 1 to 12 games over up to 3 dated events."""
    count = draw(st.integers(2, 5))
    ratings = draw(st.lists(st.integers(1000, 2200), min_size=count, max_size=count))
    players = [[NAMES[i], float(r), 30.0] for i, r in enumerate(ratings)]
    games = []
    paired: set[tuple[int, int, str]] = set()  # one pairing per player and round
    for _ in range(draw(st.integers(1, 12))):
        event = draw(st.integers(1, 3))
        white, black = draw(
            st.lists(st.sampled_from(NAMES[:count]), min_size=2, max_size=2, unique=True)
        )
        rnd = draw(st.integers(1, 4))
        while (event, rnd, white) in paired or (event, rnd, black) in paired:
            rnd += 1
        paired |= {(event, rnd, white), (event, rnd, black)}
        games.append(
            [
                f"E{event}",
                f"2025-0{event}-01",
                float(rnd),
                white,
                black,
                draw(st.sampled_from([1.0, 0.5, 0.0])),
            ]
        )
    return players, games


BAD_ROWS = [
    ["E1", "2025-01-01", None, "Ann", "Ben", 1.0],  # no round
    ["E1", "2025-01-01", 1.0, "Ann", "Zed", 1.0],  # unknown player
    ["E2", "2025-02-01", 1.0, "Ann", "Ben", 3.0],  # bad result
    ["E1", "2025-03-01", 1.0, "Ann", "Ben", 1.0],  # a second date for E1
    ["E9", None, 1.0, "Ann", "Ann", 1.0],  # paired with himself
]


@settings(max_examples=40, deadline=None)
@given(seasons(), st.sampled_from(["elo", "glicko2", "uscf"]))
def test_skip_on_a_valid_season_is_the_strict_result(
    season: tuple[list[list[Any]], list[list[Any]]], system: str
) -> None:
    players, games = season
    k = K if system == "elo" else None
    for name, extra in [
        ("SEASON_RATINGS", (None,)),
        ("SEASON_START_FINAL", ()),
        ("SEASON_STANDINGS", ()),
    ]:
        if name == "SEASON_STANDINGS":
            strict = call(name, players, games, "E1", system, k)
            lenient = call(name, players, games, "E1", system, k, True)
        else:
            strict = call(name, players, games, system, k, *extra)
            lenient = call(name, players, games, system, k, *extra, True)
        assert lenient == strict, name
    strict_table = call("EVENT_CROSSTABLE", players, games, games[0][0], None)
    if isinstance(strict_table, list):  # (a player twice in a round has no crosstable)
        assert call("EVENT_CROSSTABLE", players, games, games[0][0], None, True) == strict_table
    assert call("SEASON_CHECK", players, games, system, k).startswith("All ")


@settings(max_examples=40, deadline=None)
@given(seasons(), st.sampled_from(BAD_ROWS), st.data())
def test_a_bad_row_anywhere_changes_no_rating(
    season: tuple[list[list[Any]], list[list[Any]]], bad: list[Any], data: st.DataObject
) -> None:
    """A row that cannot be rated, put anywhere: the others rate as without it, its status
    says why, and the status column has the games range's height."""
    players, games = season
    at = data.draw(st.integers(0, len(games)))
    with_bad = [*games[:at], list(bad), *games[at:]]
    if bad[0] == "E1" and bad[1] == "2025-03-01" and not any(g[0] == "E1" for g in games[:at]):
        # the row is the first of E1: it gives E1 its date, and the later E1 rows conflict
        return
    strict = call("SEASON_RATINGS", players, games, "elo", K)
    assert call("SEASON_RATINGS", players, with_bad, "elo", K, None, True) == strict
    status = call("SEASON_GAME_STATUS", players, with_bad, "elo", K)
    assert len(status) == len(with_bad)
    assert status[at][0].startswith("not rated yet: ")
    assert all(row == ["rated"] for i, row in enumerate(status) if i != at)
    check = call("SEASON_CHECK", players, with_bad, "elo", K, None, 5.0)
    assert check.startswith(f"1 game row not rated yet (first: Games row {5 + at}: ")


# --- A player paired twice in one round: one verdict for every season function ---------------

TWICE_PLAYERS: list[list[Any]] = [["A", 1500.0, 30.0], ["B", 1600.0, 30.0], ["C", 1700.0, 30.0]]
TWICE_GAMES: list[list[Any]] = [
    ["E", None, 1.0, "A", "B", "1-0"],
    ["E", None, 1.0, "A", "C", "0-1"],  # A again in round 1
    ["E", None, 2.0, "B", "C", "1-0"],
]
TWICE = "'A' is paired twice in round 1 of 'E' (also games row 1)"


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("SEASON_RATINGS", (TWICE_PLAYERS, TWICE_GAMES)),
        ("SEASON_STANDINGS", (TWICE_PLAYERS, TWICE_GAMES, "E")),
        ("EVENT_CROSSTABLE", (TWICE_PLAYERS, TWICE_GAMES, "E")),
        ("PLAYER_GAMES", (TWICE_GAMES, "A")),
    ],
)
def test_a_pair_met_twice_in_a_round_is_refused_alike(name: str, args: tuple[Any, ...]) -> None:
    assert call(name, *args) == f"#VALUE! games row 2: {TWICE}"


def test_with_skip_the_second_pairing_is_left_out_and_shown_on_its_row() -> None:
    status = call("SEASON_GAME_STATUS", TWICE_PLAYERS, TWICE_GAMES)
    assert status == [["rated"], [f"not rated yet: {TWICE}"], ["rated"]]
    skipped = call("SEASON_RATINGS", TWICE_PLAYERS, TWICE_GAMES, None, None, None, True)
    without = call("SEASON_RATINGS", TWICE_PLAYERS, [TWICE_GAMES[0], TWICE_GAMES[2]])
    assert skipped == without
    crosstable = call("EVENT_CROSSTABLE", TWICE_PLAYERS, TWICE_GAMES, "E", None, True)
    assert [row[3] for row in crosstable[1:]] == ["2w1", "1b0", ""]  # round 1 as rated


# --- Every season function at scale: 100,000 game rows --------------------------------------

#: A ceiling, not a timing: each call below takes seconds when it is near-linear in its
#: tables (2026-12-06, 2 cores: SEASON_RATINGS 3.0 s of CPU, the others under 2 s); a
#: quadratic step over 100,000 rows (10^10 steps) takes far longer.
SCALE_CEILING_SECONDS = 120.0


@pytest.mark.slow
def test_every_season_function_is_near_linear_at_100000_game_rows() -> None:
    """Each call cold (one cell changed first, so no table read or rating is reused)."""
    import time

    count, members = 100_000, 2_000
    players: list[list[Any]] = [[f"P{i}", 1200.0 + i % 800, 30.0] for i in range(members)]
    games: list[list[Any]] = []
    for i in range(count):  # 50 events of 2,000 games: two rounds of 1,000 pairs
        pair, result = i % 1000, ("1-0", "0-1", "½-½")[i % 3]
        event, rnd = f"E{i // 2000:03d}", float(i % 2000 // 1000 + 1)
        games.append([event, None, rnd, f"P{2 * pair}", f"P{2 * pair + 1}", result])
    calls: list[tuple[str, tuple[Any, ...]]] = [
        ("SEASON_RATINGS", (players, games, "elo", K)),
        ("SEASON_START_FINAL", (players, games, "elo", K)),
        ("SEASON_STANDINGS", (players, games, "E049", "elo", K)),
        ("EVENT_CROSSTABLE", (players, games, "E049")),
        ("PLAYER_GAMES", (games, "P10", 250.0)),
        ("SEASON_GAME_STATUS", (players, games, "elo", K)),
        ("SEASON_CHECK", (players, games, "elo", K)),
        ("SEASON_EVENT", (games,)),
    ]
    for turn, (name, args) in enumerate(calls):
        games[-1][5] = ("1-0", "0-1", "½-½")[turn % 3]  # a new table: nothing cached
        start = time.process_time()
        out = call(name, *args)
        spent = time.process_time() - start
        assert not (isinstance(out, str) and out.startswith("#")), (name, out)
        assert spent < SCALE_CEILING_SECONDS, (name, spent)
    ratings = call("SEASON_RATINGS", players, games, "elo", K)
    assert len(ratings) == members + 1 and len(ratings[0]) == 1 + 50  # every event rated
