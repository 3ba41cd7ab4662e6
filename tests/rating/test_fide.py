"""Tests for xlrating.rating.fide: FIDE's tables, the reference vectors, the seed calculators.

Reference data is copied into tests/data (fide_tables.json, fide_vectors.json) with each
case's ``source``. Seeds cited by file name: 001_2de337572f459679.txt (FIDE/Elo calculator)
and 002_bc71a4c07b0835e4.txt (FIDE calculator).
"""

from __future__ import annotations

import datetime as dt
import itertools
import json
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from xlrating.errors import InvalidInputError, NoRatingError
from xlrating.rating import fide

DATA = Path(__file__).parents[1] / "data"
VECTORS: list[dict[str, Any]] = json.loads((DATA / "fide_vectors.json").read_text("utf-8"))
TABLES: dict[str, Any] = json.loads((DATA / "fide_tables.json").read_text("utf-8"))

#: Dates either side of the 1 October 2025 amendment (2650 exemption, standard only).
BEFORE_2650 = dt.date(2025, 9, 30)
FROM_2650 = dt.date(2025, 10, 1)
SEED_001 = "001_2de337572f459679.txt"
SEED_002 = "002_bc71a4c07b0835e4.txt"


def cases(kind: str) -> list[Any]:
    """The vectors of one kind, each a pytest param with an id from its source."""
    params = []
    for index, case in enumerate(VECTORS):
        if case["kind"] == kind:
            found = re.search(r"\((F-[A-Z]\d+)\)", case["source"])
            params.append(pytest.param(case, id=found.group(1) if found else f"{kind}-{index}"))
    assert params, kind
    return params


def results_for(score: float, games: int) -> list[float]:
    """Wins, then a draw for a half point, then losses: a result list scoring *score*."""
    wins = int(score)
    half = [0.5] if score - wins else []
    return [1.0] * wins + half + [0.0] * (games - wins - len(half))


def dec(value: float) -> Decimal:
    return Decimal(repr(value))


REFERENCE_ROWS: list[list[Any]] = TABLES["table_8_1_2"]


def reference_pd_high(difference: int) -> Decimal:
    """PD(H) for a whole difference, read from the copied reference table."""
    for low, high, pd_high, _pd_low in REFERENCE_ROWS:
        if low <= difference and (high is None or difference <= high):
            return dec(pd_high)
    raise AssertionError(difference)


# --- Tables -----------------------------------------------------------------------------------


def test_table_8_1_1_is_the_reference_table() -> None:
    assert [list(row) for row in fide.TABLE_8_1_1] == TABLES["table_8_1_1"]


def test_table_8_1_2_is_the_reference_table() -> None:
    ours = [[low, high, float(pd_high)] for low, high, pd_high in fide.TABLE_8_1_2]
    assert ours == [row[:3] for row in REFERENCE_ROWS]


def test_table_8_1_2_shape() -> None:
    """Rows cover 0..infinity without gap or overlap; H rises by .01 from .50 to 1.00; H + L = 1."""
    rows = fide.TABLE_8_1_2
    assert len(rows) == 51
    assert rows[0][0] == 0 and rows[-1][1] is None and rows[-1][0] == 736  # "> 735"
    for (_, high, pd), (low, _, next_pd) in itertools.pairwise(rows):
        assert high is not None and low == high + 1
        assert next_pd - pd == Decimal("0.01")
    assert rows[0][2] == Decimal("0.50") and rows[-1][2] == Decimal("1.00")
    for _low, _high, pd_high, pd_low in REFERENCE_ROWS:
        assert dec(pd_high) + dec(pd_low) == 1


def test_table_8_1_1_shape() -> None:
    """101 entries, p from 1.00 to 0.00 by .01, dp falling, dp(p) = -dp(1 - p), notional 800."""
    table = fide.TABLE_8_1_1
    assert [round(p * 100) for p, _ in table] == list(range(100, -1, -1))
    values = [value for _, value in table]
    assert all(a > b for a, b in itertools.pairwise(values))
    assert values == [-value for value in reversed(values)]
    assert values[0] == 800 and values[-1] == -800


@given(st.integers(min_value=0, max_value=1350))
def test_every_difference_reads_its_printed_row(difference: int) -> None:
    """Full coverage: any whole D gets the reference row's PD (H, and L for the lower player)."""
    higher = fide.expected_score(2650 + difference, 2650, event_date=FROM_2650)
    assert dec(higher) == reference_pd_high(difference)
    lower = fide.expected_score(2650, 2650 + difference, event_date=FROM_2650)
    assert dec(lower) == 1 - reference_pd_high(difference) if difference else dec(lower) == 0.5


def test_seed_002_rows_92_to_98() -> None:
    """Seed 002: "92 to 98 points above your opponent gives 0.63, and 92 to 98 below gives 0.37"."""
    for difference in range(92, 99):
        assert fide.expected_score(2000 + difference, 2000) == 0.63
        assert fide.expected_score(2000, 2000 + difference) == 0.37
    assert fide.expected_score(2091, 2000) == 0.62
    assert fide.expected_score(2099, 2000) == 0.64


def test_seed_001_table_and_logistic_values() -> None:
    """Seed 001: the table gives .64, .76, .92 at 100, 200, 400; the logistic .640, .760, .909."""
    for difference, table, logistic in ((100, 0.64, 0.640), (200, 0.76, 0.760), (400, 0.92, 0.909)):
        assert fide.expected_score(1600 + difference, 1600) == table
        assert round(fide.expected_score(1600 + difference, 1600, method="logistic"), 3) == logistic
    # "Rated 1500 against a 1600 opponent, you are expected to score 0.36".
    assert round(fide.expected_score(1500, 1600, method="logistic"), 2) == 0.36


def test_fractional_difference_falls_in_the_row_above() -> None:
    """Reading for unrounded ratings: 3.5 is more than 3, so row 4-10 (as 735.5 is "> 735")."""
    assert fide.expected_score(2003.5, 2000) == 0.51
    assert fide.expected_score(2003, 2000) == 0.50
    assert fide.expected_score(2735.5, 2000, event_date=FROM_2650) == 1.0


# --- The 350/400-point rule and the 2650 exemption ---------------------------------------------


def test_cap_by_date() -> None:
    """350 from 2006-04-01 (PD .89), 400 from 2009-07-01 (.92); earlier dates are refused."""
    assert fide.expected_score(2000, 1500, event_date=dt.date(2006, 4, 1)) == 0.89
    assert fide.expected_score(2000, 1500, event_date=dt.date(2009, 6, 30)) == 0.89
    assert fide.expected_score(1500, 2000, event_date=dt.date(2009, 6, 30)) == 0.11
    assert fide.expected_score(2000, 1500, event_date=dt.date(2009, 7, 1)) == 0.92
    assert fide.expected_score(2000, 1500, event_date=dt.date(2024, 2, 29)) == 0.92
    with pytest.raises(InvalidInputError, match="event_date"):
        fide.expected_score(2000, 1500, event_date=dt.date(2006, 3, 31))


def test_2650_exemption_is_standard_only_and_keyed_on_own_rating() -> None:
    """Seed 002 and the 1 Oct 2025 text: 2650+ uses the full difference; rapid/blitz keep 400."""
    assert fide.expected_score(2650, 2150, event_date=FROM_2650) == 0.96  # D 500
    assert fide.expected_score(2649, 2149, event_date=FROM_2650) == 0.92
    assert fide.expected_score(2650, 2150, event_date=BEFORE_2650) == 0.92
    for rating_list in ("rapid", "blitz"):
        assert fide.expected_score(2650, 2150, rating_list, FROM_2650) == 0.92
    # The 2200 player still sees the 2700 opponent through the cap (F-P01/F-P02,
    # docs/rules/fide.md#d3).
    assert fide.expected_score(2200, 2700, event_date=FROM_2650) == 0.08
    assert fide.expected_score(2813, 2400, event_date=FROM_2650) == 0.93  # F-P01: D 413


def test_default_date_is_today_with_current_rules() -> None:
    """event_date None resolves to today's rules, which include the 2650 exemption."""
    assert fide.expected_score(2700, 2200) == 0.96
    assert fide.expected_score(2700, 2200) == fide.expected_score(
        2700, 2200, event_date=dt.date.today()
    )


@pytest.mark.parametrize("case", cases("single_game_change_unrounded"))
def test_single_game_vectors(case: dict[str, Any]) -> None:
    """FIDE calculator (F-C..) and computed single games, before and after 1 October 2025.

    The vectors' notes say FIDE's online calculator still applies the plain 400 cap to
    2650+ players (F-C16, F-C17, F-C20, F-C21). We test the current-rule reading (decision
    3) from 2025-10-01, and the calculator's figures as the rule before that date.
    """
    inputs, expected = case["inputs"], case["expected"]

    def change(day: dt.date) -> float:
        result = fide.rating_change(
            inputs["own_rating"],
            [inputs["opponent_rating"]],
            [inputs["score"]],
            inputs["K"],
            event_date=day,
        )
        return result.change_unrounded

    before = expected.get("rules_2024_plain_400_cap", expected.get("before_2025_10"))
    after = expected.get("rules_from_2025_10_with_2650_exemption", expected.get("from_2025_10"))
    assert change(BEFORE_2650) == before
    assert change(FROM_2650) == after
    if "fide_calculator" in expected:
        assert change(BEFORE_2650) == expected["fide_calculator"]


def test_calculator_differs_from_current_rule_for_2650_plus() -> None:
    """F-C21: 2700 loses to 1900 at K 10: the calculator says -9.2 (cap), the current rule -10."""
    current = fide.rating_change(2700, [1900], [0], 10, event_date=FROM_2650)
    assert current.expected == (1.0,) and current.change_unrounded == -10.0


# --- Rapid and blitz 600-point rule -------------------------------------------------------------


def test_600_point_rule() -> None:
    """Seed 002: from 1 Dec 2024 rapid/blitz games 600+ apart are unrated if either is over 2600."""
    day = dt.date(2024, 12, 1)
    for rating_list in ("rapid", "blitz"):
        assert not fide.is_rated_game(2601, 2001, rating_list, day)
        assert not fide.is_rated_game(2001, 2601, rating_list, day)  # removed for both
        assert fide.is_rated_game(2600, 2000, rating_list, day)  # "above 2600"
        assert fide.is_rated_game(2601, 2002, rating_list, day)  # 599 apart
        assert fide.is_rated_game(2601, 2001, rating_list, dt.date(2024, 11, 30))
    assert fide.is_rated_game(2601, 2001, "standard", day)
    assert not fide.is_rated_game(2601, None)


def test_600_point_rule_removes_the_game_from_the_change() -> None:
    result = fide.rating_change(2700, [2000, 2650], [1, 0], 10, "blitz", dt.date(2025, 1, 1))
    assert result.expected == (None, 0.57)
    assert result.rated_games == 1 and result.score == 0.0
    assert result.change == -6  # 10 x (0 - 0.57) = -5.7


# --- K-factor ---------------------------------------------------------------------------------


@pytest.mark.parametrize("case", cases("k_cap"))
def test_k_cap_vectors(case: dict[str, Any]) -> None:
    """K x n <= 700 (8.3.3); facts giving each list K: new player 40, default 20, 2400 -> 10."""
    facts = {
        40: {"rating": 1800, "rated_games": 0},
        20: {"rating": 1800},
        10: {"rating": 2300, "reached_2400": True},
    }[case["inputs"]["K"]]
    k = fide.k_factor(**facts, period_games=case["inputs"]["n"])  # type: ignore[arg-type]
    assert k == case["expected"]["K_effective"]


def test_k_seed_001_38_for_18_games() -> None:
    """Seed 001: "38 instead of 40 for 18 games"."""
    assert fide.k_factor(1600, rated_games=5, period_games=18) == 38
    assert fide.k_factor(1600, rated_games=5, period_games=17) == 40


def test_k_rules_of_seed_002() -> None:
    """Seed 002's K rules, in the precedence of docs/rules/fide.md#d4."""
    day = dt.date(2026, 6, 1)
    assert fide.k_factor(2000, rated_games=29, period_date=day) == 40
    assert fide.k_factor(2000, rated_games=30, period_date=day) == 20
    # "10 once your published rating has reached 2400, even if it drops below again".
    assert fide.k_factor(2350, reached_2400=True, period_date=day) == 10
    assert fide.k_factor(2400, period_date=day) == 10
    assert fide.k_factor(2399, period_date=day) == 20
    assert fide.k_factor(2350, rated_games=3, reached_2400=True, period_date=day) == 10
    # "40 until the end of the year you turn 18, while your rating stays under 2300".
    assert fide.k_factor(2299, birth_year=2008, period_date=dt.date(2026, 12, 31)) == 40
    assert fide.k_factor(2299, birth_year=2008, period_date=dt.date(2027, 1, 1)) == 20
    assert fide.k_factor(2300, birth_year=2010, period_date=day) == 20
    assert fide.k_factor(2300, rated_games=10, birth_year=2010, period_date=day) == 40
    assert fide.k_factor(2300, birth_year=2010, reached_2400=True, period_date=day) == 10


def test_k_rapid_blitz_history() -> None:
    """Same K rules since 1 Oct 2022 (seed 002); before, 20 for everyone, with the 700 rule."""
    assert (
        fide.k_factor(1500, rated_games=0, period_date=dt.date(2022, 9, 1), rating_list="rapid")
        == 20
    )
    assert (
        fide.k_factor(1500, rated_games=0, period_date=dt.date(2022, 10, 1), rating_list="rapid")
        == 40
    )
    assert (
        fide.k_factor(2500, period_date=dt.date(2022, 9, 1), rating_list="blitz", period_games=36)
        == 19
    )


def test_k_rejects_bad_facts() -> None:
    with pytest.raises(InvalidInputError, match="period_date"):
        fide.k_factor(1800, period_date=dt.date(2014, 6, 30))
    with pytest.raises(InvalidInputError, match="birth_year"):
        fide.k_factor(1800, birth_year=2030, period_date=dt.date(2026, 1, 1))
    with pytest.raises(InvalidInputError, match="reached_2400"):
        fide.k_factor(1800, reached_2400=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="period_games"):
        fide.k_factor(1800, period_games=-1)


@given(
    st.integers(0, 4000),
    st.integers(0, 100),
    st.booleans(),
    st.integers(0, 200),
)
def test_k_700_rule_property(rating: int, completed: int, reached: bool, games: int) -> None:
    """K x n never exceeds 700, and a lowered K is the largest whole number that fits."""
    base = fide.k_factor(rating, completed, reached_2400=reached)
    k = fide.k_factor(rating, completed, reached_2400=reached, period_games=games)
    assert base in (10, 20, 40)
    assert k * games <= 700
    assert k == base or (k + 1) * games > 700


# --- Rating change ------------------------------------------------------------------------------


def test_seed_001_five_round_example() -> None:
    """Seed 001: 1800, K 20; PD .57+.43+.36+.64+.24 = 2.24; +15.2 -> +15; 1815; performance 1912."""
    (case,) = [c.values[0] for c in cases("tournament_rating_change")]
    games = case["inputs"]["games"]
    result = fide.rating_change(
        case["inputs"]["own_rating"],
        [game["opponent_rating"] for game in games],
        [game["score"] for game in games],
        case["inputs"]["K"],
    )
    expected = case["expected"]
    assert list(result.expected) == expected["PD_each"]
    assert result.expected_total == expected["expected_total"]
    assert result.score == expected["score"]
    assert result.change_unrounded == expected["change_unrounded"]
    assert result.change == expected["change_rounded"]
    assert result.performance == expected["performance"]
    assert result.new_rating == 1815 and result.rated_games == 5
    assert result.differences == (50.0, -50.0, -100.0, 100.0, -200.0)


def test_seed_001_five_round_example_logistic() -> None:
    """Seed 001: "With the logistic formula the change would be +15.2"."""
    result = fide.rating_change(
        1800, [1750, 1850, 1900, 1700, 2000], [1, 0.5, 0, 1, 0.5], 20, method="logistic"
    )
    assert round(result.change_unrounded, 1) == 15.2 and result.change == 15


def test_seed_001_win_over_weaker_player() -> None:
    """Seed 001: 2000 v 1600, PD .92, K 20: win +1.6, loss -18.4; mirrored for the 1600 player."""
    assert fide.rating_change(2000, [1600], [1], 20).change_unrounded == 1.6
    assert fide.rating_change(2000, [1600], [0], 20).change_unrounded == -18.4
    assert fide.rating_change(1600, [2000], [1], 20).change_unrounded == 18.4
    assert fide.rating_change(1600, [2000], [0], 20).change_unrounded == -1.6


@pytest.mark.parametrize("case", cases("single_game_change_rounded"))
def test_scalachess_rounded_vectors(case: dict[str, Any]) -> None:
    inputs = case["inputs"]
    result = fide.rating_change(
        inputs["own_rating"], [inputs["opponent_rating"]], [inputs["score"]], inputs["K"]
    )
    assert result.change == case["expected"]["change"]


@pytest.mark.parametrize("case", cases("round_rating_change"))
def test_rounding_vectors(case: dict[str, Any]) -> None:
    assert fide.round_rating_change(case["inputs"]["x"]) == case["expected"]["rounded"]


def test_half_is_rounded_away_from_zero_on_exact_values() -> None:
    """8.3.4 (F-P01: -2.50 -> -3): 10 x (0.5 - 0.75) is exactly -2.5, so -3; mirrored +3."""
    assert fide.rating_change(2190, [2000], [0.5], 10).change == -3
    assert fide.rating_change(2000, [2190], [0.5], 10).change == 3


def test_one_rounding_per_period() -> None:
    """docs/rules/fide.md#d1: two draws worth +0.5 each (PD .45, K 10) give +1 once, not twice."""
    result = fide.rating_change(2000, [2035, 2035], [0.5, 0.5], 10)
    assert result.change_unrounded == 1.0 and result.change == 1


def test_unrated_opponents_are_ignored() -> None:
    """Seed 002: "Games against unrated opponents do not change your rating"."""
    result = fide.rating_change(1800, [1750, None], [1, 1], 20)
    assert result.expected == (0.57, None) and result.differences == (50.0, None)
    assert result.rated_games == 1 and result.score == 1.0
    assert result.change == 9  # 20 x 0.43 = 8.6
    assert result.performance == 2550  # 1750 + 800
    nothing = fide.rating_change(1800, [None, None], [1, 0], 20)
    assert nothing.change == 0 and nothing.new_rating == 1800 and nothing.performance is None


def test_fractional_rating_keeps_its_fraction() -> None:
    result = fide.rating_change(1760.6, [1760.6], [1], 20)
    assert result.change == 10 and result.new_rating == 1770.6


@pytest.mark.parametrize(
    ("kwargs", "argument"),
    [
        (
            {"k": 0},
            r"k must be a number above 0 and at most 40 \(0 only for more than 700 rated "
            r"games, 8.3.3\), got 0$",
        ),
        ({"k": 1800}, "k must be a number above 0 and at most 40, got 1800"),
        ({"k": -5}, "k must be a number above 0"),
        ({"k": "20"}, "k must be a number"),
        ({"rating_list": "classic"}, "rating_list must be standard, rapid or blitz"),
        ({"method": "elo"}, "method must be table or logistic"),
        ({"results": [1]}, "opponents has 2 entries but results has 1"),
        ({"results": [1, 2]}, r"results\[2\] must be 1, 0.5 or 0, got 2"),
        ({"opponents": [1800, "x"]}, r"opponents\[2\] must be a number"),
        ({"opponents": "1800"}, "opponents must be a list"),
        ({"rating": 5000}, "rating must be between"),
        ({"event_date": "yesterday"}, "event_date must be a date"),
    ],
)
def test_rating_change_rejects_bad_input(kwargs: dict[str, Any], argument: str) -> None:
    arguments: dict[str, Any] = {
        "rating": 1800,
        "opponents": [1800, None],
        "results": [1, 0],
        "k": 20,
    }
    arguments.update(kwargs)
    with pytest.raises(InvalidInputError, match=argument) as error:
        fide.rating_change(**arguments)
    assert "\n" not in str(error.value)


# --- Performance rating -------------------------------------------------------------------------


@pytest.mark.parametrize("case", cases("performance_rating"))
def test_performance_vectors(case: dict[str, Any]) -> None:
    opponents = case["inputs"]["opponent_ratings"]
    results = results_for(case["inputs"]["score"], len(opponents))
    assert fide.performance_rating(opponents, results) == case["expected"]["Rp"]
    assert fide.dp(case["inputs"]["score"] / len(opponents)) == case["expected"]["dp"]


def test_performance_table_reading_of_scalachess_case() -> None:
    """scalachess uses another formula; FIDE's table gives 1500 + dp(.75) = 1693 here."""
    (case,) = [c.values[0] for c in cases("performance_rating_NOT_FIDE")]
    games = case["inputs"]["games"]
    rp = fide.performance_rating(
        [game["opponent_rating"] for game in games], [game["score"] for game in games]
    )
    assert rp == case["expected"]["fide_table_8_1_1"]


def test_seed_001_performance_and_dp() -> None:
    """Seed 001: 4.5 out of 7 is 64%, +102; against opponents averaging 1800 that is 1902."""
    (case,) = [c.values[0] for c in cases("dp_lookup")]
    assert fide.dp(case["inputs"]["score"] / case["inputs"]["games"]) == case["expected"]["dp"]
    assert fide.performance_rating([1800] * 7, results_for(4.5, 7)) == 1902


def test_performance_ignores_unrated_and_needs_one_rated() -> None:
    assert fide.performance_rating([2000, None], [1, 0]) == 2800
    with pytest.raises(NoRatingError, match="no game against a rated opponent"):
        fide.performance_rating([None], [1])


def test_dp_rounds_half_percent_up() -> None:
    """Title Regulations 1.4.9: "0.5% is rounded up"."""
    assert fide.dp(0.645) == 110  # 65%
    assert fide.dp(0.6449) == 102  # 64%
    assert fide.dp(0.375) == -87  # 38%
    assert fide.dp(0.995) == 800 and fide.dp(0.005) == -677
    for bad in (-0.01, 1.01, "half"):
        with pytest.raises(InvalidInputError, match="fraction"):
            fide.dp(bad)  # type: ignore[arg-type]


@given(st.integers(0, 100))
def test_dp_is_antisymmetric(percent: int) -> None:
    assert fide.dp(percent / 100) == -fide.dp((100 - percent) / 100)


# --- First rating -------------------------------------------------------------------------------


def check_first(result: fide.FirstRating, expected: dict[str, Any]) -> None:
    assert f"{result.average:.4f}" == expected["Ra"]
    assert f"{result.fraction:.4f}" == expected["p"]
    assert result.percent == expected["p_pct"]
    assert result.dp == expected["dp"]
    assert result.computed == expected["Ru"]


@pytest.mark.parametrize("case", [c for c in cases("initial_rating") if "Rc" in str(c.values)])
def test_first_rating_calculator_inputs_under_2024_rules(case: dict[str, Any]) -> None:
    """F-I01..F-I08 read under the 2024 rules (every opponent rated Rc).

    FIDE's initial-rating calculator still follows the archived 2022-24 rule (its figures
    are in ``fide_calculator``); the vectors' ``rule_from_2024_03`` is the reading we test.
    """
    inputs, expected = case["inputs"], case["expected"]["rule_from_2024_03"]
    count = inputs["N"]
    result = fide.first_rating(
        [inputs["Rc_average_of_rated_opponents"]] * count, results_for(inputs["W"], count)
    )
    check_first(result, expected)
    assert result.published is expected["published"]
    assert result.rating == expected["Ru"]


@pytest.mark.parametrize(
    "case", [c for c in cases("initial_rating") if "Ra" in c.values[0]["expected"]]
)
def test_first_rating_computed_vectors(case: dict[str, Any]) -> None:
    """Vectors computed from 8.2.2-8.2.3 (2024).

    The two-game case [1800, 1800] says ``published: true`` but its notes say it is below
    the 5-game minimum and not publishable; we follow 7.1.4 (and the notes): no rating.
    """
    opponents = case["inputs"]["opponent_ratings"]
    expected = case["expected"]
    result = fide.first_rating(opponents, case["inputs"]["scores"])
    check_first(result, expected)
    published = expected["published"] and len(opponents) >= 5
    assert result.published is published
    assert result.rating == (expected["Ru"] if published else None)


@pytest.mark.parametrize(
    "case", [c for c in cases("initial_rating") if "mormubis" in str(c.values)]
)
def test_first_rating_mormubis(case: dict[str, Any]) -> None:
    result = fide.first_rating(case["inputs"]["opponent_ratings"], case["inputs"]["scores"])
    assert result.rating == case["expected"]["mormubis"]


def test_first_rating_half_percent_reading() -> None:
    """p = 3/8 = 37.5%: docs/rules/fide.md#d2 rounds 0.5% up, so 38%, dp -87, Ru 1713 (not 1705)."""
    (case,) = [c.values[0] for c in cases("initial_rating_half_percent_ambiguity")]
    result = fide.first_rating(case["inputs"]["opponent_ratings"], case["inputs"]["scores"])
    half_up = case["expected"]["if_half_up"]
    assert (result.percent, result.dp, result.rating) == (
        half_up["p_pct"],
        half_up["dp"],
        half_up["Ru"],
    )


def test_first_rating_zero_first_event_is_disregarded() -> None:
    """8.2.1 and seed 002: a zero score in the first event is left out; a later zero is not.

    Without the first event: Ra = (5 x 1600 + 3600) / 7 = 1657.14, p = 4/7 -> 57% -> +50, 1707.
    All eight games: Ra = (3 x 1500 + 5 x 1600 + 3600) / 10 = 1610, p = 4/10 -> -72, 1538.
    """
    opponents = [1500] * 3 + [1600] * 5
    results = [0, 0, 0, 1, 0.5, 0.5, 0, 1]
    first = fide.first_rating(opponents, results, first_event_games=3)
    assert first.disregarded_games == 3 and first.games == 5 and first.rating == 1707
    assert "8.2.1" in first.reason
    pooled = fide.first_rating(opponents, results)
    assert pooled.disregarded_games == 0 and pooled.games == 8 and pooled.rating == 1538
    later_zero = fide.first_rating(opponents[3:] + opponents[:3], results[3:] + results[:3], 5)
    assert later_zero.disregarded_games == 0 and later_zero.rating == 1538


def test_first_rating_says_why_there_is_none() -> None:
    four = fide.first_rating([1800] * 4 + [None], [1] * 5)
    assert four.rating is None and not four.published and four.games == 4
    assert four.reason == "4 games against rated opponents; at least 5 are needed (7.1.4)"
    with pytest.raises(NoRatingError, match=r"^4 games against rated opponents"):
        fide.first_rating([1800] * 4 + [None], [1] * 5, strict=True)
    low = fide.first_rating([1400] * 5, [0, 0, 0, 0, 0.5])
    assert low.rating is None and low.computed == 1284 and "below 1400" in low.reason
    zero = fide.first_rating([1500] * 5, [0] * 5)
    assert zero.rating is None and zero.disregarded_games == 5 and zero.average is None
    with pytest.raises(NoRatingError, match=r"8\.2\.1"):
        fide.first_rating([1500] * 5, [0] * 5, strict=True)


def test_first_rating_limit_2200() -> None:
    """Seed 002: "A first rating is at most 2200" (F-I04: Ru 2323 -> 2200)."""
    result = fide.first_rating([2100] * 5, [1] * 5, strict=True)
    assert result.rating == 2200 and "2323" in result.reason


def test_first_rating_rejects_bad_input() -> None:
    with pytest.raises(InvalidInputError, match="first_event_games"):
        fide.first_rating([1800] * 5, [1] * 5, first_event_games=6)
    with pytest.raises(InvalidInputError, match="first_event_games"):
        fide.first_rating([1800] * 5, [1] * 5, first_event_games=-1)


def test_first_event_games_zero_means_no_first_event_among_the_games() -> None:
    """8.2.1 disregards a zero score only in the FIRST event; with first_event_games=0 the
    first event is not among the games (rated earlier), so leading zeros count."""
    games = [1800.0] * 6
    results = [0.0, 0.0, 1.0, 1.0, 0.5, 0.5]
    counted = fide.first_rating(games, results, first_event_games=0)
    dropped = fide.first_rating(games, results, first_event_games=2)
    assert counted.games == 6 and counted.disregarded_games == 0
    assert dropped.games == 4 and dropped.disregarded_games == 2
    # by hand: 6 games, score 3, with two 1800 draws: p = 4/8 = 50% -> dp 0, Ra 1800
    assert counted.rating == 1800
    with pytest.raises(InvalidInputError, match="period_date"):
        fide.first_rating([1800] * 5, [1] * 5, period_date=dt.date(2024, 2, 29))
    with pytest.raises(InvalidInputError, match="strict"):
        fide.first_rating([1800] * 5, [1] * 5, strict="yes")  # type: ignore[arg-type]


@given(
    st.lists(
        st.tuples(st.integers(1000, 2800), st.sampled_from([0.0, 0.5, 1.0])),
        min_size=1,
        max_size=12,
    )
)
def test_first_rating_bounds(games: list[tuple[int, float]]) -> None:
    """Published only with 5+ rated games and 1400..2200."""
    result = fide.first_rating([g[0] for g in games], [g[1] for g in games])
    if result.rating is not None:
        assert result.games >= 5 and 1400 <= result.rating <= 2200
    else:
        assert result.games < 5 or (result.computed is not None and result.computed < 1400)


# --- One-time adjustment ------------------------------------------------------------------------


@pytest.mark.parametrize("case", cases("one_time_adjustment_2024_03"))
def test_one_time_adjustment_vectors(case: dict[str, Any]) -> None:
    """Not rounded: no source says how FIDE rounded 1601 -> 1760.6."""
    rating = case["inputs"]["rating"]
    adjusted = fide.one_time_adjustment_2024(rating)
    assert adjusted == case["expected"]["new_rating_unrounded"]
    assert adjusted - rating == pytest.approx(case["expected"]["increase"], abs=1e-9)


# --- Properties ---------------------------------------------------------------------------------

RATINGS = st.integers(fide.LOWEST_RATING, 4000)
DAYS = st.dates(dt.date(2006, 4, 1), dt.date(2030, 12, 31))
LISTS = st.sampled_from(["standard", "rapid", "blitz"])


def exempt(rating: int, rating_list: str, day: dt.date) -> bool:
    return rating_list == "standard" and day >= FROM_2650 and rating >= 2650


@given(RATINGS, RATINGS, LISTS, DAYS)
def test_expected_scores_add_to_one(a: int, b: int, rating_list: Any, day: dt.date) -> None:
    """E(a,b) + E(b,a) = 1 exactly (table) when neither player is exempt from the cap."""
    assume(not exempt(a, rating_list, day) and not exempt(b, rating_list, day))
    total = dec(fide.expected_score(a, b, rating_list, day)) + dec(
        fide.expected_score(b, a, rating_list, day)
    )
    assert total == 1
    logistic = fide.expected_score(a, b, rating_list, day, "logistic") + fide.expected_score(
        b, a, rating_list, day, "logistic"
    )
    assert logistic == pytest.approx(1)


@given(st.integers(2650, 4000), RATINGS)
def test_expected_scores_with_an_exempt_player(a: int, b: int) -> None:
    """With a 2650+ standard player (from 2025-10-01) the sum is 1 within 400 points or when
    both are exempt; beyond, the exempt player reads the uncapped row, so the sum exceeds 1
    when the exempt player is higher rated, and falls short when lower rated.
    """
    e_ab = dec(fide.expected_score(a, b, event_date=FROM_2650))
    e_ba = dec(fide.expected_score(b, a, event_date=FROM_2650))
    full = reference_pd_high(abs(a - b))
    assert e_ab == (full if a >= b else 1 - full)
    if abs(a - b) <= 400 or b >= 2650:
        assert e_ab + e_ba == 1
    elif a > b:
        assert e_ab + e_ba >= 1
    else:
        assert e_ab + e_ba <= 1


GAMES = st.lists(
    st.tuples(st.one_of(st.none(), st.integers(1000, 2900)), st.sampled_from([0.0, 0.5, 1.0])),
    min_size=1,
    max_size=10,
)


@pytest.mark.slow
@given(
    st.integers(1000, 2900),
    GAMES,
    st.data(),
    st.sampled_from(["table", "logistic"]),
    st.sampled_from([10, 20, 40]),
)
def test_change_grows_with_the_score(
    rating: int, games: list[tuple[int | None, float]], data: Any, method: Any, k: int
) -> None:
    """Raising one rated game's result by half a point adds exactly K/2 before rounding."""
    better = [i for i, (opp, result) in enumerate(games) if opp is not None and result < 1]
    assume(better)
    index = data.draw(st.sampled_from(better))
    improved = list(games)
    improved[index] = (games[index][0], games[index][1] + 0.5)
    before = fide.rating_change(
        rating, [g[0] for g in games], [g[1] for g in games], k, method=method
    )
    after = fide.rating_change(
        rating, [g[0] for g in improved], [g[1] for g in improved], k, method=method
    )
    assert after.change_unrounded > before.change_unrounded
    assert after.change_unrounded - before.change_unrounded == pytest.approx(k / 2)
    assert after.change >= before.change


@given(st.integers(1000, 2900), GAMES, st.integers(1000, 2900), LISTS, DAYS)
def test_an_extra_win_never_lowers_the_rating(
    rating: int,
    games: list[tuple[int | None, float]],
    opponent: int,
    rating_list: Any,
    day: dt.date,
) -> None:
    """With the same K, adding a won game never lowers the new rating (it may add 0 at PD 1.00)."""
    opponents = [g[0] for g in games]
    results = [g[1] for g in games]
    before = fide.rating_change(rating, opponents, results, 20, rating_list, day)
    after = fide.rating_change(
        rating, [*opponents, opponent], [*results, 1.0], 20, rating_list, day
    )
    assert after.new_rating >= before.new_rating
    assert after.change_unrounded >= before.change_unrounded


@given(st.floats(-1000, 1000, allow_nan=False))
def test_rounding_is_nearest_and_symmetric(value: float) -> None:
    rounded = fide.round_rating_change(value)
    assert abs(Decimal(repr(value)) - rounded) <= Decimal("0.5")
    assert fide.round_rating_change(-value) == -rounded


def test_one_upgrade_per_tournament_2022_to_2024() -> None:
    """B.02 2022, 8.3.1: "a player may benefit from only one upgrade under this rule, for the
    game in which the rating difference is greatest" (abolished 2024-03-01).  By hand:
    2000 beats 1500 (D 500, capped to 400: PD .92), 1550 (D 450: .94) and 1560 (D 440: .94):
    20 x (3 - 2.80) = 4.0; under the 2024 rule every game is capped: 20 x (3 - 2.76) = 4.8."""
    games = (2000, [1500, 1550, 1560], [1, 1, 1], 20)
    old = fide.rating_change(*games, event_date=dt.date(2023, 6, 1))
    assert old.expected == (0.92, 0.94, 0.94) and old.change == 4
    new = fide.rating_change(*games, event_date=dt.date(2024, 3, 1))
    assert new.expected == (0.92, 0.92, 0.92) and new.change == 5
    # the lower-rated side keeps the cap in every game (it is no "benefit" to that player)
    low = fide.rating_change(1500, [2000, 1950], [0, 0], 20, event_date=dt.date(2023, 6, 1))
    assert low.expected == (0.08, 0.08)


def test_a_typed_k_must_respect_the_700_rule() -> None:
    """8.3.3: K x n must not exceed 700; 20 games at K 40 would be 800, so K is at most 35."""
    with pytest.raises(InvalidInputError, match=r"k 40 x 20 rated games exceeds 700 .*at most 35"):
        fide.rating_change(1800, [1800] * 20, [1] * 20, 40)
    assert fide.rating_change(1800, [1800] * 20, [1] * 20, 35).change == 350


def test_ratings_below_the_lowest_fide_rating_are_refused() -> None:
    """ "1.700" read as 1.7 (or a swapped rating and K) must not give a number."""
    with pytest.raises(InvalidInputError, match="rating must be a FIDE rating of at least 1000"):
        fide.rating_change(20, [1800], [1], 20)
    with pytest.raises(InvalidInputError, match=r"opponents\[1\] must be a FIDE rating"):
        fide.rating_change(1800, [1.75], [1], 20)


# --- Reference periods worked by hand, one per rule era ----------------------------------------
#
# Each case is worked from the regulation text with table 8.1.2 as printed (B.02 effective
# 1 March 2024, 8.1.2), never from xlrating's code: D is capped by the rule in force on the
# event date, PD is read from the table (column L = 1 - H below zero), the change is
# K x (score - sum PD) (8.3.2) rounded once, .5 away from zero (8.3.4), and the performance
# is the opponents' average rounded .5 up plus dp for the percentage rounded .5 up (Title
# Regulations 1.4.7-1.4.9).  All ratings and K are whole numbers, so these cases run the
# whole-number path of rating_change; test_fractional_* cases run the general path.

REFERENCE_PERIODS = [
    pytest.param(
        # 350-point rule, 1 Apr 2006 - 30 Jun 2009 (chesselo.com/350_rule.html): D 500 counts
        # as 350, row 345-357: .89; D 100: .64; D -100: 1 - .64 = .36.  Sum 1.89, score 1.5:
        # 15 x -0.39 = -5.85 -> -6.  Rp: 5500/3 = 1833.33 -> 1833; 50% -> dp 0.
        (2000, [1500, 1900, 2100], [1, 0.5, 0], 15, "standard", dt.date(2009, 6, 30)),
        ((0.89, 0.64, 0.36), (350.0, 100.0, -100.0), 1.89, 1.5, 3, -5.85, -6, 1994, 1833),
        id="350-rule-last-day",
    ),
    pytest.param(
        # 400-point rule from 1 Jul 2009 (B.02 8.3.1): D 500 counts as 400, row 392-411: .92.
        # Sum 1.92: 15 x -0.42 = -6.3 -> -6.
        (2000, [1500, 1900, 2100], [1, 0.5, 0], 15, "standard", dt.date(2009, 7, 1)),
        ((0.92, 0.64, 0.36), (400.0, 100.0, -100.0), 1.92, 1.5, 3, -6.3, -6, 1994, 1833),
        id="400-rule-first-day",
    ),
    pytest.param(
        # B.02 2022 8.3.1, one upgrade per tournament, for the game with the greatest
        # difference: D 500 (the greatest) counts as 400 (.92); D 450 counts in full, row
        # 433-456: .94; D 100: .64.  Sum 2.50, score 2.5: change 0.  Rp: 5250/3 = 1750,
        # 83.33% -> 83% -> dp 273: 2023.
        (2100, [1600, 1650, 2000], [1, 1, 0.5], 20, "standard", dt.date(2024, 2, 29)),
        ((0.92, 0.94, 0.64), (400.0, 450.0, 100.0), 2.5, 2.5, 3, 0.0, 0, 2100, 2023),
        id="one-upgrade-last-day",
    ),
    pytest.param(
        # B.02 effective 1 March 2024, 8.3.1: the limit is abolished, both D above 400 count
        # as 400 (.92).  Sum 2.48: 20 x 0.02 = 0.4 -> 0.
        (2100, [1600, 1650, 2000], [1, 1, 0.5], 20, "standard", dt.date(2024, 3, 1)),
        ((0.92, 0.92, 0.64), (400.0, 400.0, 100.0), 2.48, 2.5, 3, 0.4, 0, 2100, 2023),
        id="plain-400-rule-2024",
    ),
    pytest.param(
        # Rapid and Blitz Regulations 2024, 7.3.1, before 1 Dec 2024: no 600-point rule.
        # 2700 v 2100 (D 600 -> 400, .92) and 2101 (D 599 -> 400, .92); the unrated opponent
        # does not count (8.3.1 "against a rated player").  Sum 1.84, score 2: 20 x 0.16 =
        # 3.2 -> 3.  Rp: 4201/2 = 2100.5 -> 2101; 100% -> dp 800: 2901.
        (2700, [2100, 2101, None], [1, 1, 0.5], 20, "blitz", dt.date(2024, 11, 30)),
        ((0.92, 0.92, None), (400.0, 400.0, None), 1.84, 2.0, 2, 3.2, 3, 2703, 2901),
        id="blitz-before-600-rule",
    ),
    pytest.param(
        # R&B 7.3.1 from 1 Dec 2024: 600 points or more apart with a player above 2600: the
        # 2100 game is not rated; 599 apart is.  Sum .92, score 1: 20 x 0.08 = 1.6 -> 2.
        # Rp: 2101 + 800 = 2901.
        (2700, [2100, 2101, None], [1, 1, 0.5], 20, "blitz", dt.date(2024, 12, 1)),
        ((None, 0.92, None), (None, 400.0, None), 0.92, 1.0, 1, 1.6, 2, 2702, 2901),
        id="blitz-600-rule-first-day",
    ),
    pytest.param(
        # B.02 8.3.1 before 1 Oct 2025: 400 for everyone.  2700 v 2200 (D 500 -> 400, .92)
        # and 1900 (D 800 -> 400, .92).  Sum 1.84, score 1: 10 x -0.84 = -8.4 -> -8.
        # Rp: 2050, 50% -> 2050.
        (2700, [2200, 1900], [1, 0], 10, "standard", dt.date(2025, 9, 30)),
        ((0.92, 0.92), (400.0, 400.0), 1.84, 1.0, 2, -8.4, -8, 2692, 2050),
        id="2650-player-before-exemption",
    ),
    pytest.param(
        # B.02 8.3.1 as amended effective 1 October 2025: "for players rated 2650 and above,
        # the difference between ratings shall be used in all cases": D 500, row 485-517:
        # .96; D 800, row "> 735": 1.00.  Sum 1.96: 10 x -0.96 = -9.6 -> -10 (8.3.4).
        (2700, [2200, 1900], [1, 0], 10, "standard", dt.date(2025, 10, 1)),
        ((0.96, 1.0), (500.0, 800.0), 1.96, 1.0, 2, -9.6, -10, 2690, 2050),
        id="2650-exemption-first-day",
    ),
    pytest.param(
        # The same games for the 2200 player, who is below 2650: D -500 counts as -400,
        # PD 1 - .92 = .08 (8.3.1; the exemption is keyed on the rated player:
        # docs/rules/fide.md#d3).
        # 10 x (0 - 0.08) = -0.8 -> -1.  Rp: 2700 + dp(0%) -800 = 1900.
        (2200, [2700], [0], 10, "standard", dt.date(2025, 10, 1)),
        ((0.08,), (-400.0,), 0.08, 0.0, 1, -0.8, -1, 2199, 1900),
        id="2650-exemption-is-one-sided",
    ),
    pytest.param(
        # R&B regulations 2024, 7.3.1: the plain 400 cap, no 2650 exemption in rapid.
        # D 500 -> 400, .92: 10 x (1 - 0.92) = 0.8 -> 1.  Rp: 2200 + 800 = 3000.
        (2700, [2200], [1], 10, "rapid", dt.date(2025, 10, 1)),
        ((0.92,), (400.0,), 0.92, 1.0, 1, 0.8, 1, 2701, 3000),
        id="rapid-has-no-2650-exemption",
    ),
]


@pytest.mark.parametrize(("given", "worked"), REFERENCE_PERIODS)
def test_reference_periods_worked_by_hand(given: tuple[Any, ...], worked: tuple[Any, ...]) -> None:
    """Every field of rating_change against a period worked by hand from the regulations."""
    rating, opponents, results, k, rating_list, day = given
    result = fide.rating_change(rating, opponents, results, k, rating_list, event_date=day)
    got = (
        result.expected,
        result.differences,
        result.expected_total,
        result.score,
        result.rated_games,
        result.change_unrounded,
        result.change,
        result.new_rating,
        result.performance,
    )
    assert got == worked


def test_fractional_rating_uses_the_same_rules_by_date() -> None:
    """The general (Fraction) path on the 2650 and one-upgrade cases above, with ratings
    ending in .5 (as an unrounded one-time adjustment gives): the same PD rows, worked by
    hand.  2700.5 v 2200 (D 500.5: .96) and 1900 (D 800.5: 1.00) from 2025-10-01;
    2100.5 v 1600 (D 500.5 -> 400: .92), 1650 (D 450.5 in full: .94), 2000 (D 100.5: .64)
    on 2024-02-29."""
    exempt = fide.rating_change(2700.5, [2200, 1900], [1, 0], 10, event_date=dt.date(2025, 10, 1))
    assert exempt.expected == (0.96, 1.0) and exempt.differences == (500.5, 800.5)
    assert (exempt.change_unrounded, exempt.change, exempt.new_rating) == (-9.6, -10, 2690.5)
    once = fide.rating_change(
        2100.5, [1600, 1650, 2000], [1, 1, 0.5], 20, event_date=dt.date(2024, 2, 29)
    )
    assert once.expected == (0.92, 0.94, 0.64) and once.differences == (400.0, 450.5, 100.5)
    assert (once.change_unrounded, once.change) == (0.0, 0)


def test_whole_number_path_rounds_half_away_from_zero() -> None:
    """+2.5 and -2.5 (K 10 x +-0.25) round to +3 and -3 (8.3.4), exactly as written."""
    # 1800 v 1800 (PD 0.50) and 1800 v 1975 (D -175, PD 0.27): sum PD 0.77.
    up = fide.rating_change(1800, [1800, 1975], [0.5, 0.5], 10)  # 1 - 0.77 = 0.23
    assert (up.change_unrounded, up.change) == (2.3, 2)
    win = fide.rating_change(1800, [1800, 1800], [1, 0], 5)  # 5 x (1 - 1.00) = 0
    assert win.change == 0
    half = fide.rating_change(1800, [1800, 1800, 1800, 1800], [1, 1, 0.5, 0.5], 5)  # 5 x 1
    assert (half.change_unrounded, half.change) == (5.0, 5)
    odd = fide.rating_change(1800, [1800], [1], 5)  # 5 x 0.5 = 2.5 -> 3
    assert (odd.change_unrounded, odd.change) == (2.5, 3)
    minus = fide.rating_change(1800, [1800], [0], 5)  # -2.5 -> -3
    assert (minus.change_unrounded, minus.change) == (-2.5, -3)


# --- fide_rules: the checks' whole messages, and the 1400 floor ------------------------------


def _refused(message: str) -> pytest.RaisesExc[InvalidInputError]:
    """The whole one-line message, matched literally."""
    return pytest.raises(InvalidInputError, match=f"^{re.escape(message)}$")


def test_fide_rules_checks_quote_the_value() -> None:
    from xlrating.rating import fide_rules as rules

    with _refused("rating_list must be standard, rapid or blitz, got 'classic'"):
        rules.check_rating_list("classic")
    with _refused("method must be table or logistic, got 5"):
        rules.check_method(5)
    with _refused("junior must be True or False, got 1"):
        rules.check_flag(1, "junior")
    with _refused("opponents[2] must be a FIDE rating of at least 1000, got 999.5"):
        rules.check_fide_rating(999.5, "opponents[2]")
    with _refused("opponents[2] must be a number, got 'x'"):
        rules.check_fide_rating("x", "opponents[2]")
    assert rules.check_fide_rating(1000, "opponents[2]") == 1000.0
    with _refused("opponents must be a list of ratings, got 'abc'"):
        rules.check_fide_games("abc", [1.0])  # type: ignore[arg-type]
    with _refused("opponents[2] must be a FIDE rating of at least 1000, got 900"):
        rules.check_fide_games([None, 900], [1.0, 0.0])


def test_delisting_is_below_1400_not_at_it() -> None:
    """7.1.4 and 7.2.1 (from 2024-03-01): "The rating must be at least 1400"; lower ratings
    are shown as unrated."""
    rules = fide.fide_rules(dt.date(2025, 6, 1))
    assert rules.is_delisted(1400.0, 3) is False
    assert rules.is_delisted(1399.5, 3) is True
    assert rules.is_delisted(1399.5, 0) is False  # no rated game in the period


# --- Mutation testing (docs/mutation.md): whole messages and whole results ----------------------
#
# Each refusal below is the one line the caller sees, matched whole (a mutant that names the
# wrong argument or quotes the wrong value fails); each result is compared field by field with
# a case worked by hand from table 8.1.1 or 8.1.2 as printed (tests/data/fide_tables.json).

ANCIENT = dt.date(2006, 3, 31)  # the day before the 350-point rule (CAP_350_FROM)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: fide.expected_score("x", 1500), "rating must be a number, got 'x'"),  # type: ignore[arg-type]
        (lambda: fide.expected_score(1500, "x"), "opponent must be a number, got 'x'"),  # type: ignore[arg-type]
        (
            lambda: fide.expected_score(1500, 1500, event_date="soon"),  # type: ignore[arg-type]
            "event_date must be a date such as 2025-10-01, got 'soon'",
        ),
        (
            lambda: fide.expected_score(1500, 1500, event_date=ANCIENT),
            "event_date before 2006-04-01 is not supported (no rating-difference rule found), "
            "got '2006-03-31'",
        ),
        (lambda: fide.is_rated_game("x", 1500), "rating must be a number, got 'x'"),  # type: ignore[arg-type]
        (lambda: fide.is_rated_game(1500, "x"), "opponent must be a number, got 'x'"),  # type: ignore[arg-type]
        (
            lambda: fide.is_rated_game(1500, 1500, event_date="soon"),  # type: ignore[arg-type]
            "event_date must be a date such as 2025-10-01, got 'soon'",
        ),
        (lambda: fide.k_factor("x"), "rating must be a number, got 'x'"),  # type: ignore[arg-type]
        (lambda: fide.k_factor(1800, rated_games=-1), "rated_games must be at least 0, got -1"),
        (
            lambda: fide.k_factor(1800, reached_2400=1),  # type: ignore[arg-type]
            "reached_2400 must be True or False, got 1",
        ),
        (
            lambda: fide.k_factor(1800, period_games=1.5),  # type: ignore[arg-type]
            "period_games must be a whole number, got 1.5",
        ),
        (
            lambda: fide.k_factor(1800, period_date="soon"),  # type: ignore[arg-type]
            "period_date must be a date such as 2025-10-01, got 'soon'",
        ),
        (
            lambda: fide.k_factor(1800, period_date=dt.date(2014, 6, 30)),
            "period_date before 2014-07-01 is not supported (K was 30/15/10), got '2014-06-30'",
        ),
        (lambda: fide.k_factor(1800, birth_year="x"), "birth_year must be a number, got 'x'"),  # type: ignore[arg-type]
        (lambda: fide.k_factor(1800, birth_year=0), "birth_year must be at least 1, got 0"),
        (
            lambda: fide.k_factor(1800, birth_year=1),
            "birth_year must be a year such as 2008, got 1",
        ),
        (
            lambda: fide.k_factor(1800, birth_year=1899),
            "birth_year must be a year such as 2008, got 1899",
        ),
        (
            lambda: fide.k_factor(1800, birth_year=2026, period_date=dt.date(2025, 6, 1)),
            "birth_year must not be after the period's year 2025, got 2026",
        ),
        (lambda: fide.round_rating_change("x"), "value must be a number, got 'x'"),  # type: ignore[arg-type]
        (
            lambda: fide.rating_change(1800, [1800], [1], 20, event_date=ANCIENT),
            "event_date before 2006-04-01 is not supported (no rating-difference rule found), "
            "got '2006-03-31'",
        ),
        (
            lambda: fide.rating_change(1800, [1800] * 20, [1] * 20, 40),
            "k 40 x 20 rated games exceeds 700 (8.3.3): K is at most 35 for this period "
            "(k_factor with period_games gives it)",
        ),
        (
            lambda: fide.rating_change(1800.5, [1800] * 20, [1] * 20, 40),
            "k 40 x 20 rated games exceeds 700 (8.3.3): K is at most 35 for this period "
            "(k_factor with period_games gives it)",
        ),
        (lambda: fide.dp("x"), "fraction must be a number, got 'x'"),  # type: ignore[arg-type]
        (lambda: fide.dp(2), "fraction must be between 0 and 1, got 2"),
        (
            lambda: fide.first_rating([1800] * 5, [1] * 5, first_event_games="x"),  # type: ignore[arg-type]
            "first_event_games must be a number, got 'x'",
        ),
        (
            lambda: fide.first_rating([1800] * 5, [1] * 5, first_event_games=6),
            "first_event_games must not exceed the 5 games given, got 6",
        ),
        (
            lambda: fide.first_rating([1800] * 5, [1] * 5, period_date="soon"),  # type: ignore[arg-type]
            "period_date must be a date such as 2025-10-01, got 'soon'",
        ),
        (
            lambda: fide.first_rating([1800] * 5, [1] * 5, period_date=dt.date(2024, 2, 29)),
            "period_date before 2024-03-01 is not supported (first ratings used the 2022 "
            "rules), got '2024-02-29'",
        ),
        (
            lambda: fide.first_rating([1800] * 5, [1] * 5, strict="yes"),  # type: ignore[arg-type]
            "strict must be True or False, got 'yes'",
        ),
        (lambda: fide.one_time_adjustment_2024("x"), "rating must be a number, got 'x'"),  # type: ignore[arg-type]
    ],
)
def test_each_refusal_is_its_whole_line(call: Any, message: str) -> None:
    with _refused(message):
        call()


def test_no_performance_says_why_in_full() -> None:
    with pytest.raises(NoRatingError) as error:
        fide.performance_rating([None], [1])
    assert str(error.value) == "no game against a rated opponent: no performance rating"


def test_k_factor_edges_of_its_facts() -> None:
    """8.3.3: a player born in 1900 (the earliest year taken) is no junior: K 20; one born in
    the period's own year is (K 40 under 2300).  Before 2022-10-01 the standard list already
    had 40 for a new player while rapid and blitz gave 20 to everyone."""
    assert fide.k_factor(1800, birth_year=1900, period_date=dt.date(2025, 6, 1)) == 20
    assert fide.k_factor(1800, birth_year=2025, period_date=dt.date(2025, 6, 1)) == 40
    assert fide.k_factor(1800, rated_games=12, period_date=dt.date(2020, 1, 1)) == 40
    before = dt.date(2020, 1, 1)
    assert fide.k_factor(1800, rated_games=12, period_date=before, rating_list="rapid") == 20


def test_a_k_of_one_is_a_k() -> None:
    """k is refused at 0 and above 40, not at 1: 1 x (1 - 0.50) = 0.5, rounded away: +1."""
    result = fide.rating_change(1800, [1800], [1], 1)
    assert (result.change_unrounded, result.change, result.new_rating) == (0.5, 1, 1801)


def test_whole_change_records_every_field() -> None:
    """Seed 001's example (see test_seed_001_five_round_example), every field at once."""
    result = fide.rating_change(1800, [1750, 1850, 1900, 1700, 2000], [1, 0.5, 0, 1, 0.5], 20)
    assert result == fide.FideChange(
        rating=1800,
        k=20,
        expected=(0.57, 0.43, 0.36, 0.64, 0.24),
        differences=(50.0, -50.0, -100.0, 100.0, -200.0),
        expected_total=2.24,
        score=3.0,
        rated_games=5,
        change_unrounded=15.2,
        change=15,
        new_rating=1815,
        performance=1912,
    )


def test_fractional_change_records_every_field() -> None:
    """The general path: 1800.5 v 1750 (D 50.5, row 47-53: .57), 1850 (D -49.5, row 47-53:
    1 - .57 = .43), unrated (not rated).  Sum 1.00, score 1.5: 20 x 0.5 = 10.  Rp: the rated
    opponents average 1800, 75% -> dp 193: 1993."""
    result = fide.rating_change(1800.5, [1750, 1850, None], [1, 0.5, 0], 20)
    assert result == fide.FideChange(
        rating=1800.5,
        k=20,
        expected=(0.57, 0.43, None),
        differences=(50.5, -49.5, None),
        expected_total=1.0,
        score=1.5,
        rated_games=2,
        change_unrounded=10.0,
        change=10,
        new_rating=1810.5,
        performance=1993,
    )


def test_fractional_change_with_no_rated_game_and_the_600_point_rule() -> None:
    """R&B 7.3.1 from 2024-12-01 on the general path: 2700.5 v 2100 is 600.5 apart with a
    player above 2600, so the only game is not rated: no change and no performance."""
    result = fide.rating_change(2700.5, [2100], [1], 20, "blitz", event_date=dt.date(2025, 1, 1))
    assert (result.expected, result.rated_games, result.change) == ((None,), 0, 0)
    assert (result.new_rating, result.performance) == (2700.5, None)


def test_logistic_change_on_whole_ratings() -> None:
    """1500 v 1600 by 1/(1 + 10^(100/400)) = 1/2.7782794 = 0.359935 (table 8.1.2 would say
    .36): a win is 20 x 0.640065 = 12.8013 -> +13, 1513 (a whole number, as the rating)."""
    result = fide.rating_change(1500, [1600], [1], 20, method="logistic")
    assert result.expected[0] == pytest.approx(0.359935, abs=1e-6)
    assert result.change_unrounded == pytest.approx(12.8013, abs=1e-4)
    assert result.change == 13 and result.new_rating == 1513
    assert type(result.new_rating) is int and result.performance == 2400


@pytest.mark.parametrize("own", [2000, 2000.5])
def test_one_upgrade_keeps_the_cap_below_zero(own: float) -> None:
    """B.02 2022 8.3.1 on both paths: v 1500 (D 500 or 500.5, the greatest: 400, .92), 1550
    (D 450 or 450.5 in full, row 433-456: .94) and 2500 (D -500 or -499.5: the cap is no
    benefit to the lower side, -400: 1 - .92 = .08).  Sum 1.94, score 2: 20 x 0.06 = 1.2 -> 1.
    Rp: 5550 / 3 = 1850, 2/3 = 66.67% -> 67% -> dp 125: 1975."""
    result = fide.rating_change(
        own, [1500, 1550, 2500], [1, 1, 0], 20, event_date=dt.date(2023, 6, 1)
    )
    assert result.expected == (0.92, 0.94, 0.08)
    assert result.differences == (400.0, own - 1550, -400.0)
    assert (result.change_unrounded, result.change, result.new_rating) == (1.2, 1, own + 1)
    assert result.performance == 1975


def test_first_rating_records_every_field() -> None:
    """8.2.2-8.2.3 (the docstring's example): Ra = (5 x 1800 + 2 x 1800) / 7 = 1800, p = 6/7 =
    85.71% -> 86% -> dp 309: Ru 2109, published."""
    assert fide.first_rating([1800] * 5, [1] * 5) == fide.FirstRating(
        rating=2109,
        published=True,
        reason="rated on 5 games against rated opponents",
        average=1800.0,
        fraction=6 / 7,
        percent=86,
        dp=309,
        games=5,
        score=5.0,
        computed=2109,
        disregarded_games=0,
    )
    # first_event_games=0: no first event among the games, so nothing is disregarded
    assert fide.first_rating([1800] * 5, [1] * 5, first_event_games=0).reason == (
        "rated on 5 games against rated opponents"
    )


def test_first_rating_with_nothing_left_records_every_field() -> None:
    """8.2.1: a first event of two losses is disregarded, leaving no rated game (7.1.4)."""
    assert fide.first_rating([1500, 1500], [0, 0]) == fide.FirstRating(
        rating=None,
        published=False,
        reason="the first event (2 games) scored zero and is disregarded (8.2.1); "
        "no games against rated opponents; at least 5 are needed (7.1.4)",
        average=None,
        fraction=None,
        percent=None,
        dp=None,
        games=0,
        score=0.0,
        computed=None,
        disregarded_games=2,
    )
    assert fide.first_rating([None], [1]).reason == (
        "no games against rated opponents; at least 5 are needed (7.1.4)"
    )


def test_a_one_game_first_event_lost_is_disregarded() -> None:
    """8.2.1 with a first event of one lost game: five games left, score 4; with the two 1800
    draws p = 5/7 = 71.43% -> 71% -> dp 158, Ra 1800: 1958."""
    result = fide.first_rating([1800] * 6, [0, 1, 1, 1, 0.5, 0.5], first_event_games=1)
    assert (result.disregarded_games, result.games, result.rating) == (1, 5, 1958)
    assert result.reason == (
        "the first event (1 games) scored zero and is disregarded (8.2.1); "
        "rated on 5 games against rated opponents"
    )


def test_first_rating_at_exactly_1400_and_2200() -> None:
    """7.1.4 "at least 1400" and 8.2.3's 2200 limit at the edges.  Five games v 1170, score 3:
    Ra = (5850 + 3600) / 7 = 1350, p = 4/7 = 57.14% -> 57% -> dp 50: Ru 1400, published.
    Five v 2290, score 3: Ra = (11450 + 3600) / 7 = 2150, +50: Ru 2200, nothing limited."""
    low = fide.first_rating([1170] * 5, [1, 1, 1, 0, 0])
    assert (low.rating, low.reason) == (1400, "rated on 5 games against rated opponents")
    high = fide.first_rating([2290] * 5, [1, 1, 1, 0, 0])
    assert (high.rating, high.reason) == (2200, "rated on 5 games against rated opponents")
    over = fide.first_rating([2100] * 5, [1] * 5)  # F-I04: Ru 2323
    assert (
        over.reason == "rated on 5 games against rated opponents; Ru 2323 limited to 2200 (8.2.3)"
    )


# --- More than 700 rated games: K = 0 (8.3.3), and the change is 0 ------------------------------


def test_k_is_zero_past_700_rated_games_and_the_change_is_zero() -> None:
    # 8.3.3: K is the largest whole number with K x n <= 700; for n = 701 that is 0.
    assert fide.k_factor(1800, period_games=700) == 1
    assert fide.k_factor(1800, period_games=701) == 0
    # The rating change takes the K the rules gave it, on the general and the whole-number path.
    for rating in (1800, 1800.5):
        result = fide.rating_change(rating, [1700] * 701, [1] * 701, 0)
        assert result.change == 0 and result.new_rating == rating and result.rated_games == 701


@pytest.mark.parametrize("rating", [1800, 1800.5])
def test_k_of_zero_is_refused_where_the_700_rule_does_not_give_it(rating: float) -> None:
    with pytest.raises(InvalidInputError, match="k must be a number above 0 and at most 40"):
        fide.rating_change(rating, [1700] * 700, [1] * 700, 0)


def test_a_fide_period_of_more_than_700_games_rates_with_k_zero() -> None:
    from xlrating.rating.events import FidePlayer, fide_period
    from xlrating.rating.tournament import Game

    players = [FidePlayer("A", 1800, 30), FidePlayer("B", 1700, 30)]
    games = [Game(r, "AB"[r % 2], "BA"[r % 2], 1.0, "played") for r in range(1, 703)]
    rows = fide_period(players, games).rows
    assert [(row.k, row.change, row.new_rating) for row in rows] == [(0, 0, 1800), (0, 0, 1700)]
