"""Crosstables and tie-breaks (xlrating.rating.tiebreak, EVENT_CROSSTABLE) against worked examples.

The expected numbers are FIDE's own (the Technical Commission's tie-break exercise, in
tests/data/fide_tiebreak_exercise_swiss.json) or worked by hand below from the rules in
docs/rules/tiebreak.md (FIDE Handbook C.07, 2024): Buchholz = the sum of the opponents'
scores (art. 8.1), Sonneborn-Berger = the opponents' scores weighted by the points scored
against them (art. 9.1), unplayed rounds as art. 15.2 (all-play-all) and art. 16 (Swiss) say.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from xlrating.rating.tiebreak import (
    CAPS_FROM,
    RoundCell,
    crosstable,
    is_all_play_all,
    round_text,
    unplayed_categories,
)
from xlrating.rating.tournament import Game
from xlrating.sheet.catalog import FUNCTIONS

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


#: An event date before C.07 (2026) applies, for the rules of the 2024 edition.
BEFORE_CAPS = dt.date(2026, 2, 28)
#: The exercise's publication (FIDE TEC, 18 March 2024): C.07 (2024) art. 16, no caps.
EXERCISE_DATE = dt.date(2024, 3, 18)


# A Swiss (B and C never meet) with byes and forfeits, by C.07 (2024) art. 16:
#   R1  A-B +- (A wins by forfeit, 16.2.2; B loses by forfeit, 16.2.4), C a full-point bye
#   R2  C-A 1-0 (played), B a half-point bye in the last round (16.2.5)
# Scores: A 1 + 0 = 1, B 0 + ½ = ½, C 1 + 1 = 2.  Adjusted for the opponents (16.3): B's
# last-round bye is a draw, ½ as awarded, so every adjusted score is the score.
# Own unplayed rounds meet a dummy with the player's own score (16.4):
#   A: BH = dummy 1 + C 2 = 3; SB = 1 x 1 (forfeit win) + 0 x 2 = 1
#   B: BH = dummy ½ + dummy ½ = 1; SB = 0 x ½ + ½ x ½ = ¼
#   C: BH = dummy 2 + A 1 = 3; SB = 1 x 2 + 1 x 1 = 3
def test_byes_and_forfeits_meet_a_dummy_with_the_players_own_score() -> None:
    games = [
        Game(1, "A", "B", 1.0, "forfeit"),
        Game(1, "C", None, 1.0, "bye"),
        Game(2, "C", "A", 1.0),
        Game(2, "B", None, 0.5, "bye"),
    ]
    rows = crosstable(games, on=BEFORE_CAPS)
    got = [(r.place, r.name, r.total, r.buchholz, r.sonneborn_berger) for r in rows]
    assert got == [(1, "C", 2.0, 3.0, 3.0), (2, "A", 1.0, 3.0, 1.0), (3, "B", 0.5, 1.0, 0.25)]
    places = {r.name: r.place for r in rows}
    texts = {r.name: [round_text(c, places) for c in r.rounds] for r in rows}
    assert texts == {"C": ["bye 1", "2w1"], "A": ["3w+", "1b0"], "B": ["2b-", "bye ½"]}


# A Swiss where D leaves after round 1 (rounds 2 and 3 not paired, 16.2.5: draws for his
# opponents' tie-breaks, 16.3.2):
#   R1  A-D 1-0, B-C ½-½     R2  A-B ½-½, C a zero-point bye     R3  C-A 0-1, B a full-point bye
# Scores: A 2½, B 2, C ½, D 0.  D adjusted: 0 + ½ + ½ = 1.  C's round-2 bye is followed by a
# played round (16.2.3): as awarded, so C's adjusted score is his ½.
#   A: BH = D 1 + B 2 + C ½ = 3½; SB = 1 + ½ x 2 + ½ = 2½
#   B: BH = C ½ + A 2½ + dummy 2 = 5; SB = ½ x ½ + ½ x 2½ + 1 x 2 = 3½
def test_a_withdrawn_opponent_counts_his_missing_rounds_as_draws() -> None:
    games = [
        Game(1, "A", "D", 1.0),
        Game(1, "B", "C", 0.5),
        Game(2, "A", "B", 0.5),
        Game(2, "C", None, 0.0, "bye"),
        Game(3, "C", "A", 0.0),
        Game(3, "B", None, 1.0, "bye"),
    ]
    rows = {r.name: r for r in crosstable(games, on=BEFORE_CAPS)}
    assert (rows["A"].buchholz, rows["A"].sonneborn_berger) == (3.5, 2.5)
    assert (rows["B"].buchholz, rows["B"].sonneborn_berger) == (5.0, 3.5)
    line = rows["D"].rounds
    assert unplayed_categories(line) == (None, "16.2.5", "16.2.5")
    assert unplayed_categories(rows["C"].rounds) == (None, "16.2.3", None)


def test_an_all_play_all_counts_a_forfeit_against_the_scheduled_opponent() -> None:
    # C.07 art. 15.2: with pre-determined pairings a forfeit is a regular game.
    #   R1 A-B +- (forfeit)   R2 B-C 1-0   R3 C-A ½-½    Scores A 1½, B 1, C ½.
    #   A: BH = B 1 + C ½ = 1½; SB = 1 x 1 + ½ x ½ = 1¼.  B: BH = A 1½ + C ½ = 2; SB = ½.
    games = [
        Game(1, "A", "B", 1.0, "forfeit"),
        Game(2, "B", "C", 1.0),
        Game(3, "C", "A", 0.5),
    ]
    assert is_all_play_all(games)
    rows = {r.name: r for r in crosstable(games)}
    assert (rows["A"].buchholz, rows["A"].sonneborn_berger) == (1.5, 1.25)
    assert (rows["B"].buchholz, rows["B"].sonneborn_berger) == (2.0, 0.5)
    assert not is_all_play_all([*games, Game(4, "A", "B", 1.0)])  # A and B met twice


EXERCISE = Path(__file__).parents[1] / "data" / "fide_tiebreak_exercise_swiss.json"
_CELL = re.compile(r"([+=-])(W|B|F|BYE)(\d*)")
_POINTS = {"+": 1.0, "=": 0.5, "-": 0.0}


def exercise_games() -> tuple[list[Game], dict[str, float | None], list[dict[str, object]]]:
    """FIDE's exercise tournament as games (each pairing once, from White's or the
    forfeit winner's side), the ratings, and the published values per player."""
    data = json.loads(EXERCISE.read_text("utf-8"))
    games: list[Game] = []
    for player in data["players"]:
        me = f"P{player['no']:02d}"
        for rnd, text in enumerate(player["rounds"], start=1):
            if text == "--":
                continue
            found = _CELL.fullmatch(text)
            assert found is not None, text
            result, how, opponent = found.groups()
            if how == "BYE":
                games.append(Game(rnd, me, None, _POINTS[result], "bye"))
            elif how == "W":
                games.append(Game(rnd, me, f"P{int(opponent):02d}", _POINTS[result]))
            elif how == "F" and result == "+":
                games.append(Game(rnd, me, f"P{int(opponent):02d}", 1.0, "forfeit"))
    ratings: dict[str, float | None] = {
        f"P{p['no']:02d}": float(p["rating"]) for p in data["players"]
    }
    return games, ratings, data["players"]


def test_fides_tie_break_exercise_is_reproduced() -> None:
    """Every player's points, Buchholz and Sonneborn-Berger as FIDE's exercise publishes
    them (a 16-player Swiss with half-point, full-point and zero-point byes, forfeits and a
    withdrawal)."""
    games, ratings, published = exercise_games()
    rows = {r.name: r for r in crosstable(games, ratings, EXERCISE_DATE)}
    got = {n: (r.total, r.buchholz, r.sonneborn_berger) for n, r in rows.items()}
    want = {
        f"P{p['no']:02d}": (p["points"], p["buchholz"], p["sonneborn_berger"]) for p in published
    }
    assert got == want
    assert not is_all_play_all(games)


# The same Swiss under C.07 (2026), art. 16.4 caps (two rounds: a draw's points x 2 = 1):
#   A: forfeit win, dummy min(own 1, B's adjusted ½) = ½ (16.4.1): BH ½ + C 2 = 2½; SB ½
#   B: forfeit loss, min(½, A's 1) = ½; half-point bye, min(½, 1) = ½ (16.4.2): BH 1; SB ¼
#   C: full-point bye, min(own 2, 1) = 1 (16.4.2): BH 1 + A 1 = 2; SB 1 + 1 = 2
def test_from_march_2026_the_dummys_score_is_capped() -> None:
    games = [
        Game(1, "A", "B", 1.0, "forfeit"),
        Game(1, "C", None, 1.0, "bye"),
        Game(2, "C", "A", 1.0),
        Game(2, "B", None, 0.5, "bye"),
    ]
    assert dt.date(2026, 3, 1) == CAPS_FROM
    rows = crosstable(games, on=CAPS_FROM)
    got = [(r.place, r.name, r.total, r.buchholz, r.sonneborn_berger) for r in rows]
    assert got == [(1, "C", 2.0, 2.0, 2.0), (2, "A", 1.0, 2.5, 0.5), (3, "B", 0.5, 1.0, 0.25)]
    assert crosstable(games) == rows  # no date: the rules in force today (after 2026-03-01)


def test_the_exercise_under_the_2026_caps_changes_where_a_dummy_is_capped() -> None:
    """FIDE's exercise rated as if played from 1 March 2026, worked by hand from the
    published 2024 values: five rounds cap a bye's dummy at 2½ (16.4.2), a forfeit's at the
    scheduled opponent's adjusted score (16.4.1).
    P04 half-point bye, own 3½ -> 2½: BH 15 - 1 = 14, SB 9.75 - ½ = 9.25.
    P06 pairing-allocated bye, own 3 -> 2½: BH 12 - ½ = 11.5, SB 6.5 - ½ = 6.
    P11 forfeit win against P09 (adjusted 1½), own 2½ -> 1½: BH 13.5 - 1, SB 5.75 - 1.
    Everyone else's dummies are under their caps, and no opponent score changes."""
    games, ratings, published = exercise_games()
    rows = {r.name: r for r in crosstable(games, ratings, CAPS_FROM)}
    want = {f"P{p['no']:02d}": (p["buchholz"], p["sonneborn_berger"]) for p in published}
    want |= {"P04": (14.0, 9.25), "P06": (11.5, 6.0), "P11": (12.5, 4.75)}
    assert {n: (r.buchholz, r.sonneborn_berger) for n, r in rows.items()} == want


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
    assert rows == "#VALUE! games row 2: 'A' is paired twice in round 1 of 'E' (also games row 1)"


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


def test_event_crosstable_finds_an_event_named_by_a_number() -> None:
    """An event named 2025 in the games table is read as "2025" (SEASON_RATINGS' column
    header); the event argument typed as 2025 arrives from Excel as the float 2025.0 and
    names the same event, as it does for SEASON_STANDINGS."""
    players = [["A", 1800, 30], ["B", 1700, 30]]
    games = [[2025, "2025-05-01", 1, "A", "B", "1-0"], [2026.5, "2026-05-01", 1, "B", "A", "1-0"]]
    by_text = FUNCTIONS["EVENT_CROSSTABLE"](players, games, "2025")
    assert isinstance(by_text, list) and by_text[1][:4] == [1, "A", 1800.0, "2w1"]
    assert FUNCTIONS["EVENT_CROSSTABLE"](players, games, 2025.0) == by_text
    assert FUNCTIONS["EVENT_CROSSTABLE"](players, games, 2025) == by_text
    later = FUNCTIONS["EVENT_CROSSTABLE"](players, games, 2026.5)
    assert isinstance(later, list) and later[1][1] == "B"
    standings = FUNCTIONS["SEASON_STANDINGS"](players, games, 2025.0)
    assert isinstance(standings, list) and standings[1][:3] == ["A", 1, 1.0]


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
