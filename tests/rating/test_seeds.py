"""Every worked example in the four seed calculators, reproduced by the core to the precision shown.

The seeds are the web calculators the project was created from (they are not part of the
repository).  Each case quotes its figures and names the seed's file.
"""

from __future__ import annotations

import datetime as dt

import pytest

from xlrating.rating import elo, fide, uscf

SEED_USCF = "000_b8f3bb21fd400775.txt"
SEED_FIDE_ELO = "001_2de337572f459679.txt"
SEED_FIDE = "002_bc71a4c07b0835e4.txt"
SEED_ELO = "004_0fabf97504becfe4.txt"


def test_000_uscf_worked_example() -> None:
    """000: 1700 based on 30 games vs 1600, 1650, 1750, 1800, 2.5/4: "N* of about 20.01 ...
    total expected score 2.0 ... K factor is about 33.32 ... pre-bonus rating change is
    therefore about 16.66 ... does not cross the four-round bonus threshold ... about 1717"."""
    r = uscf.rate(1700, 30, [1600, 1650, 1750, 1800], [1, 0.5, 0, 1])
    assert round(r.n_star, 2) == 20.01 and round(r.effective_games, 2) == 20.01
    assert round(r.expected, 1) == 2.0
    assert r.k is not None and round(r.k, 2) == 33.32
    assert round(r.change_before_bonus, 2) == 16.66
    assert r.bonus == 0 and r.formula == "standard"
    assert r.rounded == 1717


def test_000_uscf_rules_stated() -> None:
    """000: "Above 2355, N* is 50"; B = 10 "effective January 1, 2025"; established "more
    than 25 games"; special formula for "eight or fewer prior rated games"; PWe 0 / 0.5 +
    d/800 / 1; the class table; perfect score = highest opponent + 400."""
    assert uscf.n_star(2400) == 50
    assert uscf.bonus_multiplier(dt.date(2025, 1, 1)) == 10
    assert uscf.is_established(26) and not uscf.is_established(25)
    assert uscf.rate(1500, 8, [1500], [1]).formula == "special"
    assert uscf.rate(1500, 9, [1500], [1]).formula == "standard"
    assert uscf.provisional_expectancy(1500, 1900) == 0
    assert uscf.provisional_expectancy(1500, 1300) == pytest.approx(0.75)
    assert uscf.provisional_expectancy(1900, 1500) == 1
    assert [uscf.rating_class(r) for r in (2400, 2250, 2100, 1850, 1717, 150)] == [
        "Senior Master",
        "National Master",
        "Expert",
        "Class A",
        "Class B",
        "Class J",
    ]
    assert uscf.performance_rating([1600, 1700], [1, 1]) == 2100


def test_001_fide_five_round_example() -> None:
    """001: 1800, K 20 vs 1750 W, 1850 D, 1900 L, 1700 W, 2000 D: "expected scores ... add up
    to 2.24, so the change is 20 x (3 - 2.24) = +15.2 points, which is rounded to +15 for
    the new rating of 1815 ... average opponent is 1840, the score is 60% ... +72, so the
    performance rating is 1912"; "With the logistic formula the change would be +15.2"."""
    opponents, results = [1750, 1850, 1900, 1700, 2000], [1, 0.5, 0, 1, 0.5]
    r = fide.rating_change(1800, opponents, results, 20)
    assert r.expected_total == pytest.approx(2.24)
    assert r.change_unrounded == pytest.approx(15.2)
    assert (r.change, r.new_rating) == (15, 1815)
    assert fide.performance_rating(opponents, results) == 1912
    logistic = fide.rating_change(1800, opponents, results, 20, method="logistic")
    assert round(logistic.change_unrounded, 1) == 15.2


def test_001_fide_and_elo_statements() -> None:
    """001: 1500 vs 1600 "expected to score 0.36, so with K = 20 a win gains 12.8 and a loss
    costs 7.2"; table 100/200/400 -> 0.64/0.76/0.92, logistic 0.640/0.760/0.909; "38
    instead of 40 for 18 games"; 4.5/7 is 64% -> +102, vs 1800 -> 1902; 2000 v 1600
    expected 0.92: a win gains 1.6, a loss costs 18.4."""
    assert round(elo.expected_score(1500, 1600), 2) == 0.36
    assert round(elo.rating_change(1500, [1600], [1], 20).change, 1) == 12.8
    assert round(elo.rating_change(1500, [1600], [0], 20).change, 1) == -7.2
    for diff, table, logistic in ((100, 0.64, 0.640), (200, 0.76, 0.760), (400, 0.92, 0.909)):
        assert fide.expected_score(1600 + diff, 1600) == table
        assert round(elo.expected_score(1600 + diff, 1600), 3) == logistic
    assert fide.k_factor(1500, rated_games=10, period_games=18) == 38
    assert fide.dp(4.5 / 7) == 102 and 1800 + fide.dp(4.5 / 7) == 1902
    assert fide.rating_change(2000, [1600], [1], 20).change_unrounded == pytest.approx(1.6)
    assert fide.rating_change(2000, [1600], [0], 20).change_unrounded == pytest.approx(-18.4)


def test_002_fide_statements() -> None:
    """002: "92 to 98 points above your opponent gives 0.63, and 92 to 98 below gives 0.37";
    the 2650 exception (standard only, since 1 October 2025); rapid/blitz 600-point rule;
    a first rating of at most 2200, published from 1400, from at least 5 games."""
    for d in (92, 98):
        assert fide.expected_score(1600 + d, 1600) == 0.63
        assert fide.expected_score(1600, 1600 + d) == 0.37
    day = dt.date(2025, 10, 1)
    assert fide.expected_score(2700, 2200, "standard", day) == 0.96  # D 500: row 485-517
    assert fide.expected_score(2700, 2200, "blitz", day) == 0.92  # capped at 400
    assert not fide.is_rated_game(2650, 2000, "rapid", dt.date(2024, 12, 1))
    assert fide.first_rating([2400] * 5, [1] * 5).rating == 2200
    assert fide.first_rating([1800] * 4, [1] * 4).rating is None


@pytest.mark.parametrize(
    ("rating", "opponent", "result", "k", "expected", "change", "new"),
    [
        (1500, 1700, 1, 20, 0.2403, 15.19, 1515),  # Example 1
        (1700, 1500, 0, 20, 0.7597, -15.19, 1685),  # Example 2
        (1600, 1600, 0.5, 20, 0.50, 0.0, 1600),  # Example 3
        (1500, 1700, 1, 10, 0.2403, 7.60, 1508),  # Example 4, K 10
        (1500, 1700, 1, 40, 0.2403, 30.39, 1530),  # Example 4, K 40
    ],
)
def test_004_elo_examples(
    rating: float,
    opponent: float,
    result: float,
    k: float,
    expected: float,
    change: float,
    new: int,
) -> None:
    """004: Examples 1 to 4 (expected score to 4 decimals, change to 2, new rating rounded)."""
    r = elo.rating_change(rating, [opponent], [result], k)
    assert round(r.expected[0], 4) == expected
    assert round(r.change, 2) == change
    assert r.rounded == new
