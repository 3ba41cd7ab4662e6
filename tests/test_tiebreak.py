"""Crosstables and tie-breaks (xlrating.tiebreak, EVENT_CROSSTABLE) against worked examples.

The expected numbers are worked by hand below from the definitions in
docs/rules/tiebreak.md (FIDE Handbook C.07): Buchholz = the sum of the opponents' scores,
Sonneborn-Berger = the opponents' scores weighted by the points scored against them.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from xlrating.catalog import FUNCTIONS
from xlrating.tiebreak import RoundCell, crosstable, round_text
from xlrating.tournament import Game

# A four-player all-play-all, three rounds (White first):
#   R1  A-B 1-0   C-D ½-½       R2  A-C ½-½   B-D 1-0       R3  D-A 0-1   B-C 0-1
# Scores: A 1+½+1 = 2½, B 0+1+0 = 1, C ½+½+1 = 2, D ½+0+0 = ½ (6 points for 6 games).
# Buchholz: A = B 1 + C 2 + D ½ = 3½; B = A 2½ + D ½ + C 2 = 5; C = D ½ + A 2½ + B 1 = 4;
#           D = C 2 + B 1 + A 2½ = 5½.
# Sonneborn-Berger: A = B 1 (won) + C 2 × ½ (drawn) + D ½ (won) = 2½; B = D ½ (won) = ½;
#           C = D ½ × ½ + A 2½ × ½ + B 1 (won) = 2½; D = C 2 × ½ = 1.
ROUND_ROBIN = [
    Game(1, "A", "B", 1.0),
    Game(1, "C", "D", 0.5),
    Game(2, "A", "C", 0.5),
    Game(2, "B", "D", 1.0),
    Game(3, "D", "A", 0.0),
    Game(3, "B", "C", 0.0),
]


def test_round_robin_worked_by_hand() -> None:
    rows = crosstable(ROUND_ROBIN, {"A": 1800, "B": 1700, "C": 1600, "D": None})
    got = [(r.place, r.name, r.total, r.buchholz, r.sonneborn_berger) for r in rows]
    assert got == [
        (1, "A", 2.5, 3.5, 2.5),
        (2, "C", 2.0, 4.0, 2.5),
        (3, "B", 1.0, 5.0, 0.5),
        (4, "D", 0.5, 5.5, 1.0),
    ]
    places = {r.name: r.place for r in rows}
    assert [round_text(c, places) for c in rows[0].rounds] == ["3w1", "2w½", "4b1"]
    assert [round_text(c, places) for c in rows[3].rounds] == ["2b½", "3b0", "1w0"]
    assert rows[3].rating is None and rows[0].rating == 1800


# Byes and forfeits add points but meet no opponent:
#   R1  A-B +- (A wins by forfeit), C a full-point bye
#   R2  C-A 1-0 (played), B a half-point bye
# Scores: A 1 + 0 = 1, B 0 + ½ = ½, C 1 + 1 = 2.
# Buchholz (over-the-board opponents only): A = C 2; B = 0; C = A 1.
# Sonneborn-Berger: A lost to C: 0; B: 0; C beat A: 1.
def test_byes_and_forfeits_count_points_but_no_opponent() -> None:
    games = [
        Game(1, "A", "B", 1.0, "forfeit"),
        Game(1, "C", None, 1.0, "bye"),
        Game(2, "C", "A", 1.0),
        Game(2, "B", None, 0.5, "bye"),
    ]
    rows = crosstable(games)
    got = [(r.place, r.name, r.total, r.buchholz, r.sonneborn_berger) for r in rows]
    assert got == [(1, "C", 2.0, 1.0, 1.0), (2, "A", 1.0, 2.0, 0.0), (3, "B", 0.5, 0.0, 0.0)]
    places = {r.name: r.place for r in rows}
    texts = {r.name: [round_text(c, places) for c in r.rounds] for r in rows}
    assert texts == {"C": ["bye 1", "2w1"], "A": ["3w+", "1b0"], "B": ["2b-", "bye ½"]}


def test_ties_go_to_buchholz_then_sonneborn_berger_then_rating() -> None:
    # Two separate draws: every score ½, every Buchholz ½, every SB ¼: rating decides.
    games = [Game(1, "A", "B", 0.5), Game(1, "C", "D", 0.5)]
    rows = crosstable(games, {"A": 1500, "B": 1900, "C": None, "D": 1700})
    assert [r.name for r in rows] == ["B", "D", "A", "C"]


def test_a_player_paired_twice_in_a_round_is_refused() -> None:
    rows = FUNCTIONS["EVENT_CROSSTABLE"](
        [["A", 1500], ["B", 1500], ["C", 1500]],
        [["E", 1, "A", "B", "1-0"], ["E", 1, "A", "C", "1-0"]],
        "E",
    )
    assert rows == "#VALUE! 'A' is paired twice in round 1"


def test_event_crosstable_pads_to_its_room_and_names_bad_input() -> None:
    players = [["A", 1800, 30], ["B", 1700, 30], [None, None, None]]
    games = [["May", "2026-05-01", 1, "A", "B", "½-½"], ["June", "2026-06-01", 2, "B", "A", "1-0"]]
    table = FUNCTIONS["EVENT_CROSSTABLE"](players, games, "May")
    assert isinstance(table, list)
    assert table[0] == ["Place", "Player", "Rating", "R1", "R2", "Total", "Buchholz",
                        "Sonneborn-Berger"]  # fmt: skip
    assert table[1] == [1, "A", 1800.0, "2w½", "", 0.5, 0.5, 0.25]
    assert len(table) == 1 + len(players) and table[3] == [""] * 8
    assert FUNCTIONS["EVENT_CROSSTABLE"](players, games, "July") == (
        "#VALUE! event 'July' is not in the games table"
    )
    assert str(FUNCTIONS["EVENT_CROSSTABLE"](players, games, "June", 1)).startswith(
        "#VALUE! rounds must be a whole number from 2 to 1000"
    )


@given(
    st.lists(
        st.tuples(st.integers(0, 5), st.integers(0, 5), st.sampled_from([1.0, 0.5, 0.0])),
        min_size=1,
        max_size=12,
    )
)
def test_scores_add_up_and_places_are_ordered(pairs: list[tuple[int, int, float]]) -> None:
    """Each played round gives 1 point in all; places follow total, BH, SB."""
    games, used, rnd = [], set(), 1
    for white, black, score in pairs:
        if white == black:
            continue
        games.append(Game(rnd, f"P{white}", f"P{black}", score))
        used.add(rnd)
        rnd += 1
    if not games:
        return
    rows = crosstable(games)
    assert sum(r.total for r in rows) == len(games)
    keys = [(-r.total, -r.buchholz, -r.sonneborn_berger) for r in rows]
    assert keys == sorted(keys)
    assert [r.place for r in rows] == list(range(1, len(rows) + 1))
    for r in rows:
        assert 0 <= r.sonneborn_berger <= r.buchholz


def test_round_text_of_a_double_forfeit() -> None:
    assert round_text(RoundCell("B", "w", 0.0, "forfeit"), {"B": 7}) == "7w-"
