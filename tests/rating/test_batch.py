"""Tests for xlrating.rating.batch: the columnar FIDE rating period.

The batch must give the numbers of the straightforward path to the last digit: every
field is compared with :func:`xlrating.rating.fide.k_factor` +
:func:`xlrating.rating.fide.rating_change` per player (all rule eras) and with
:func:`xlrating.rating.events.fide_period` (from 2024-03-01, where it also handles unrated
players), on Hypothesis-generated small periods.  The hand-worked examples read PD off
table 8.1.2 as printed (B.02 effective 1 March 2024):
D 50 -> .57 (47-53), 100 -> .64 (99-106), 200 -> .76 (198-206), 400 -> .92 (392-411),
450 -> .94 (433-456), 500 -> .96 (485-517).
"""

from __future__ import annotations

import datetime
import functools
import json
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import xlrating.rating.batch as batch
from xlrating.errors import InvalidInputError, RatingError
from xlrating.rating import fide
from xlrating.rating.batch import FideBatchResult, fide_period_batch, pd_hundredths
from xlrating.rating.events import FidePlayer, fide_period
from xlrating.rating.tournament import Game

DATA = Path(__file__).parents[1] / "data" / "fide_vectors.json"
#: The plain 400-point rule (2024-03-01 .. 2025-09-30) and today's rules (2650 exemption).
PLAIN = datetime.date(2025, 6, 1)
EXEMPTION = datetime.date(2025, 11, 1)
NAN = math.nan


def vectors(kind: str) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))
    return [case for case in cases if case["kind"] == kind]


def one_game(own: float, opponent: float, score: float, k: int, day: datetime.date) -> Any:
    return fide_period_batch([own, opponent], [0], [1], [score], k=[k, NAN], period_date=day)


# ------------------------------------------------------------------ hand-worked examples


def test_seed_001_five_round_tournament() -> None:
    """Seed 001: 1800, K 20, vs 1750 W, 1850 D, 1900 L, 1700 W, 2000 D: 2.24, +15.2, +15."""
    result = fide_period_batch(
        [1750, 1850, 1800, 1900, 1700, 2000],
        white=[2, 1, 2, 4, 2],
        black=[0, 2, 3, 2, 5],
        white_score=[1, 0.5, 0, 0, 0.5],
        period_date=PLAIN,
    )
    assert result.k[2] == 20
    assert result.games[2] == 5
    assert result.expected_total[2] == 2.24
    assert result.score[2] == 3.0
    assert result.change_unrounded[2] == 15.2
    assert result.change[2] == 15
    assert result.new_rating[2] == 1815
    # The 1750 lost to 1800: PD .43 (D -50), K 20 x (0 - .43) = -8.6 -> -9.
    assert result.expected_total[0] == 0.43
    assert result.change[0] == -9


@pytest.mark.parametrize(
    "case", vectors("single_game_change_unrounded"), ids=lambda c: c["source"][-40:]
)
def test_single_game_vectors(case: dict[str, Any]) -> None:
    """FIDE calculator vectors: one game, K given; both the 2024 and the 2025-10 rules."""
    given = case["inputs"]
    for key, day in (
        ("rules_2024_plain_400_cap", PLAIN),
        ("rules_from_2025_10_with_2650_exemption", EXEMPTION),
    ):
        if key not in case["expected"]:
            continue
        result = one_game(
            given["own_rating"], given["opponent_rating"], given["score"], given["K"], day
        )
        assert result.change_unrounded[0] == pytest.approx(case["expected"][key], abs=1e-9), key


@pytest.mark.parametrize(
    "case", vectors("single_game_change_rounded"), ids=lambda c: c["source"][-30:]
)
def test_single_game_rounded_vectors(case: dict[str, Any]) -> None:
    given = case["inputs"]
    result = one_game(
        given["own_rating"], given["opponent_rating"], given["score"], given["K"], PLAIN
    )
    assert result.change[0] == case["expected"]["change"]


@pytest.mark.parametrize(
    "case", vectors("k_cap"), ids=lambda c: f"K{c['inputs']['K']}-n{c['inputs']['n']}"
)
def test_700_rule_vectors(case: dict[str, Any]) -> None:
    """8.3.3: K x n above 700 lowers K to the largest whole number with K x n <= 700."""
    base, n = case["inputs"]["K"], case["inputs"]["n"]
    players = n + 1
    ratings = [2000.0] * players
    if base == 10:
        ratings[0] = 2450.0  # K 10: rated 2400 or more
    prior = [0 if base == 40 else 30] + [30] * n  # K 40: fewer than 30 games completed
    result = fide_period_batch(
        ratings, list(range(1, players)), [0] * n, [0.5] * n, rated_games=prior, period_date=PLAIN
    )
    assert result.k[0] == case["expected"]["K_effective"]
    assert result.games[0] == n


def test_2650_exemption_is_one_sided() -> None:
    """From 2025-10-01: 2700 uses D 500 (.96), the 2200 the capped -400 (1 - .92 = .08)."""
    result = fide_period_batch(
        [2700, 2200], [0], [1], [1], reached_2400=[True, False], period_date=EXEMPTION
    )
    assert result.expected_total.tolist() == [0.96, 0.08]
    assert result.change_unrounded.tolist() == [0.4, -1.6]  # K 10 and K 20
    assert result.change.tolist() == [0, -2]
    before = fide_period_batch([2700, 2200], [0], [1], [1], period_date=PLAIN)
    assert before.expected_total.tolist() == [0.92, 0.08]
    rapid = fide_period_batch(
        [2700, 2200], [0], [1], [1], rating_list="rapid", period_date=EXEMPTION
    )
    assert rapid.expected_total.tolist() == [0.92, 0.08]


def test_rapid_blitz_600_point_rule() -> None:
    """From 2024-12-01: 600+ apart with a player above 2600 is not rated, for both."""
    day = datetime.date(2025, 1, 15)
    result = fide_period_batch(
        [2700, 2100, 2101], [0, 0], [1, 2], [1, 1], rating_list="blitz", period_date=day
    )
    assert result.games.tolist() == [1, 0, 1]
    assert result.expected_total.tolist() == [0.92, 0.0, 0.08]
    standard = fide_period_batch([2700, 2100], [0], [1], [1], period_date=day)
    assert standard.games.tolist() == [1, 1]
    earlier = fide_period_batch(
        [2700, 2100], [0], [1], [1], rating_list="blitz", period_date=datetime.date(2024, 11, 30)
    )
    assert earlier.games.tolist() == [1, 1]


def test_one_upgrade_per_tournament_2022_to_2024() -> None:
    """2022-01-01..2024-02-29: the cap helps in the game with the greatest D only.

    2000 beats 1500, 1550 and 1500: the first 500 keeps the cap (.92), the second 500
    counts in full (.96), 450 too (.94): 2.82; K 20 x .18 = 3.6 -> +4.  From 2024-03-01:
    3 x .92 = 2.76; K 20 x .24 = 4.8 -> +5.
    """
    ratings = [2000, 1500, 1550, 1500]
    args = (ratings, [0, 0, 0], [1, 2, 3], [1, 1, 1])
    limited = fide_period_batch(*args, period_date=datetime.date(2023, 6, 1))
    assert limited.expected_total[0] == 2.82
    assert limited.change_unrounded[0] == 3.6
    assert limited.change[0] == 4
    assert limited.expected_total[1:].tolist() == [0.08, 0.08, 0.08]  # losers keep the cap
    plain = fide_period_batch(*args, period_date=PLAIN)
    assert plain.expected_total[0] == 2.76
    assert plain.change[0] == 5


def test_unrated_players_games_do_not_count_for_rated_opponents() -> None:
    result = fide_period_batch(
        [1800, NAN, 1700], [0, 1, 0], [1, 2, 2], [1, 0.5, 0], period_date=PLAIN
    )
    assert result.rated.tolist() == [True, False, True]
    assert result.games.tolist() == [1, 2, 1]  # the unrated player: games against rated ones
    assert result.score.tolist() == [0.0, 0.5, 1.0]
    assert result.k.tolist() == [20, 0, 20]
    assert result.change[1] == 0
    assert math.isnan(result.new_rating[1]) and math.isnan(result.computed[1])
    # 1800 lost to 1700: PD .64; 20 x -.64 = -12.8 -> -13.
    assert result.change[0] == -13


def test_junior_year_and_rapid_before_2022_10() -> None:
    """K 40 through the year of the 18th birthday (under 2300); rapid K 20 before 2022-10-01."""
    args = ([2250, 2250], [0], [1], [0.5])
    young = fide_period_batch(*args, birth_year=[2008, 0], period_date=datetime.date(2026, 12, 31))
    older = fide_period_batch(*args, birth_year=[2008, NAN], period_date=datetime.date(2027, 1, 1))
    assert young.k.tolist() == [40, 20]
    assert older.k.tolist() == [20, 20]
    rapid = fide_period_batch(
        [1800, 1800],
        [0],
        [1],
        [1],
        rated_games=[0, 0],
        rating_list="rapid",
        period_date=datetime.date(2022, 9, 30),
    )
    assert rapid.k.tolist() == [20, 20]


def test_below_1400_is_shown_unrated_from_2024_03() -> None:
    """7.2.1: 1405 loses to 1405 with K 40: PD .50, -20 -> 1385, not published."""
    args = ([1405, 1405], [0], [1], [0])
    result = fide_period_batch(*args, rated_games=[0, 0], period_date=PLAIN)
    assert result.computed[0] == 1385 and result.delisted[0]
    assert math.isnan(result.new_rating[0])
    assert result.new_rating[1] == 1425 and not result.delisted[1]
    earlier = fide_period_batch(*args, rated_games=[0, 0], period_date=datetime.date(2023, 6, 1))
    assert earlier.new_rating[0] == 1385 and not earlier.delisted[0]


def test_next_period_fields() -> None:
    result = fide_period_batch([2390, 2000], [0], [1], [1], rated_games=[40, 12], period_date=PLAIN)
    # 2390 beats 2000: PD .91 (375-391), K 20 x .09 = 1.8 -> +2 -> 2392, not 2400.
    assert result.new_rating[0] == 2392 and not result.reached_2400[0]
    result = fide_period_batch([2395, 2000], [0], [1], [1], rated_games=[40, 12], period_date=PLAIN)
    assert result.new_rating[0] == 2397  # .92 (392-411): 20 x .08 = 1.6 -> +2
    assert result.rated_games_after.tolist() == [41, 13]
    # 2398 beats 2000: D 398, PD .92 (392-411), 20 x .08 = 1.6 -> +2 -> 2400: reached.
    up = fide_period_batch([2398, 2000], [0], [1], [1], period_date=PLAIN)
    assert up.new_rating[0] == 2400 and up.reached_2400.tolist() == [True, False]


def test_given_k_and_700_rule_refusal() -> None:
    result = fide_period_batch([1800, 1750], [0], [1], [1], k=[15, NAN], period_date=PLAIN)
    assert result.k.tolist() == [15, 20]
    # K 15 x .43... 1800 vs 1750: PD .57; 15 x .43 = 6.45 -> +6.
    assert result.change_unrounded[0] == 6.45 and result.change[0] == 6
    n = 36
    with pytest.raises(InvalidInputError, match=r"^k\[0\] 20 x 36 rated games exceeds 700"):
        fide_period_batch(
            [1800] * (n + 1),
            [0] * n,
            list(range(1, n + 1)),
            [1] * n,
            k=[20] + [NAN] * n,
            period_date=PLAIN,
        )


def test_half_rounds_away_from_zero() -> None:
    """8.3.4: K 10, one draw at PD .55 gives -0.5 -> -1, and .45 gives +0.5 -> +1."""
    result = fide_period_batch([1835, 1800], [0], [1], [0.5], k=[10, 10], period_date=PLAIN)
    assert result.change_unrounded.tolist() == [-0.5, 0.5]
    assert result.change.tolist() == [-1, 1]


def test_table_shape_and_rows() -> None:
    """The lookup table read from TABLE_8_1_2: printed rows and H + L = 1."""
    assert pd_hundredths([0, 3, 4, 10, 11, 735, 736, 3000]).tolist() == [
        50,
        50,
        51,
        51,
        52,
        99,
        100,
        100,
    ]
    d = np.arange(-3000, 3001)
    assert np.array_equal(pd_hundredths(d) + pd_hundredths(-d), np.full(d.shape, 100))
    assert (np.diff(pd_hundredths(d)) >= 0).all()
    assert pd_hundredths([500, -500], cap=400).tolist() == [92, 8]


def test_table_matches_fide_expected_score() -> None:
    d = list(range(-1000, 1001))
    ours = pd_hundredths(d, cap=400)
    theirs = [
        round(fide.expected_score(2000 + x / 2, 2000 - x / 2, event_date=PLAIN) * 100) for x in d
    ]
    assert ours.tolist() == theirs


def test_packed_sums_equal_the_one_sum_per_bincount_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bit-packed sums and the path for players with very many games agree."""
    rng = np.random.default_rng(7)
    ratings = rng.integers(1000, 2900, 60).astype(float)
    ratings[::9] = NAN
    white = rng.integers(0, 60, 700)
    black = (white + rng.integers(1, 60, 700)) % 60
    scores = rng.choice([0.0, 0.5, 1.0], 700)
    whole = fide_period_batch(ratings, white, black, scores, period_date=EXEMPTION)
    monkeypatch.setattr(batch, "_PACKED_GAMES", 3)
    split = fide_period_batch(ratings, white, black, scores, period_date=EXEMPTION)
    for name in ("k", "games", "score", "expected_total", "change", "new_rating"):
        assert np.array_equal(getattr(whole, name), getattr(split, name), equal_nan=True), name


def test_results_are_read_only() -> None:
    result = fide_period_batch([1800, 1750], [0], [1], [1], period_date=PLAIN)
    assert isinstance(result, FideBatchResult) and len(result) == 2
    with pytest.raises(ValueError):
        result.change[0] = 3


def test_no_games() -> None:
    result = fide_period_batch([1800, NAN], [], [], [], period_date=PLAIN)
    assert result.games.tolist() == [0, 0] and result.change.tolist() == [0, 0]
    assert result.new_rating[0] == 1800 and math.isnan(result.new_rating[1])


# ------------------------------------------------------------------ errors


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"white": [0, 5]}, r"^white\[1\] must be a player index from 0 to 2, got 5$"),
        ({"black": [1, -1]}, r"^black\[1\] must be a player index from 0 to 2, got -1$"),
        ({"white": [0, 1.5]}, r"^white\[1\] must be a player index from 0 to 2, got 1.5$"),
        ({"black": [1, 1]}, r"^white\[1\] and black\[1\] are the same player 1$"),
        ({"black": [1]}, r"^white has 2 entries but black has 1$"),
        ({"white_score": [1, 2]}, r"^white_score\[1\] must be 1, 0.5 or 0, got 2$"),
        ({"white_score": [1]}, r"^white_score has 1 entries but white has 2$"),
        ({"ratings": [1800, 999, 1700]}, r"^ratings\[1\] must be a whole number from 1000 to 4000"),
        (
            {"ratings": [1800, 1760.6, 1700]},
            r"^ratings\[1\] must be .* \(FIDE publishes whole ratings\).*got 1760.6$",
        ),
        ({"ratings": [1800, "1700", 1700]}, r"^ratings\[0\] must be a number"),
        ({"ratings": [[1800, 1700]]}, r"^ratings must be one-dimensional"),
        (
            {"k": [20, 50, NAN]},
            r"^k\[1\] must be a whole number from 1 to 40, or NaN for the rules, got 50$",
        ),
        ({"k": [20, 20]}, r"^k has 2 entries but ratings has 3$"),
        ({"rated_games": [1, -1, 3]}, r"^rated_games\[1\] must be a whole number from 0"),
        (
            {"birth_year": [2030, 0, 0]},
            r"^birth_year\[0\] must be a year from 1900 to the period's year 2025, "
            r"or NaN or 0 when not known, got 2030$",
        ),
        ({"reached_2400": [1, 2, 0]}, r"^reached_2400\[1\] must be True or False, got 2$"),
        (
            {"rating_list": "classic"},
            r"^rating_list must be standard, rapid or blitz, got 'classic'$",
        ),
        ({"method": "logistic"}, r"^method logistic is not supported by the batch"),
        ({"method": "curve"}, r"^method must be table or logistic, got 'curve'$"),
        ({"period_date": "2006-03-31"}, r"^period_date before 2006-04-01 is not supported"),
        (
            {"period_date": datetime.date(2014, 6, 30)},
            r"^period_date before 2014-07-01 is not supported",
        ),
        ({"period_date": "June"}, r"^period_date must be a date"),
    ],
)
def test_error_lines(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {
        "ratings": [1800, 1750, 1700],
        "white": [0, 1],
        "black": [1, 2],
        "white_score": [1, 0.5],
        "period_date": PLAIN,
    }
    args.update(kwargs)
    with pytest.raises(InvalidInputError, match=message) as error:
        fide_period_batch(**args)
    assert "\n" not in str(error.value)


def test_k_given_for_everyone_allows_dates_before_2014_07() -> None:
    """K was 30/15/10 before 2014-07-01: refused by rule, accepted when given (350 cap)."""
    result = fide_period_batch(
        [2000, 1500], [0], [1], [1], k=[15, 15], period_date=datetime.date(2008, 1, 1)
    )
    assert result.expected_total.tolist() == [0.89, 0.11]  # D 350: row 345-357


def test_missing_numpy_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(RatingError, match=r"pip install 'xlrating\[fast\]'"):
        fide_period_batch([1800, 1700], [0], [1], [1])


# ------------------------------------------------------------- against the straightforward path


ERA_DATES = [
    datetime.date(2006, 4, 1),
    datetime.date(2009, 6, 30),
    datetime.date(2009, 7, 1),
    datetime.date(2014, 7, 1),
    datetime.date(2021, 12, 31),
    datetime.date(2022, 1, 1),
    datetime.date(2022, 9, 30),
    datetime.date(2022, 10, 1),
    datetime.date(2024, 2, 29),
    datetime.date(2024, 3, 1),
    datetime.date(2024, 11, 30),
    datetime.date(2024, 12, 1),
    datetime.date(2025, 9, 30),
    datetime.date(2025, 10, 1),
    datetime.date(2026, 12, 31),
]
RATINGS = st.one_of(
    st.none(),
    st.integers(1000, 2900),
    st.sampled_from(
        [1000, 1399, 1400, 1410, 2299, 2300, 2399, 2400, 2600, 2601, 2649, 2650, 2700, 3200]
    ),
)


@functools.cache
def _days(earliest: datetime.date) -> st.SearchStrategy[datetime.date]:
    return st.one_of(
        st.sampled_from([d for d in ERA_DATES if d >= earliest]),
        st.dates(earliest, datetime.date(2027, 12, 31)),
    )


# The strategies periods() draws from, made once for each size (a strategy made inside the
# composite is made, and validated, again for every example).
@functools.cache
def _ratings(n: int) -> st.SearchStrategy[list[int | None]]:
    return st.lists(RATINGS, min_size=n, max_size=n)


@functools.cache
def _games(n: int) -> st.SearchStrategy[list[tuple[int, int, float]]]:
    return st.lists(
        st.tuples(st.integers(0, n - 1), st.integers(1, n - 1), st.sampled_from([1.0, 0.5, 0.0])),
        max_size=40,
    )


@functools.cache
def _steps(n: int) -> st.SearchStrategy[int]:
    return st.integers(1, n - 1)


@functools.cache
def _prior(n: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, 60), min_size=n, max_size=n)


@functools.cache
def _born(n: int, year: int) -> st.SearchStrategy[list[int | None]]:
    return st.lists(
        st.one_of(st.none(), st.sampled_from([year - 18, year - 19]), st.integers(year - 25, year)),
        min_size=n,
        max_size=n,
    )


@functools.cache
def _reached(n: int) -> st.SearchStrategy[list[bool]]:
    return st.lists(st.booleans(), min_size=n, max_size=n)


@functools.cache
def _k(n: int) -> st.SearchStrategy[list[int | None] | None]:
    return st.one_of(
        st.none(), st.lists(st.one_of(st.none(), st.integers(1, 40)), min_size=n, max_size=n)
    )


_LISTS = st.sampled_from(["standard", "rapid", "blitz"])


@st.composite
def periods(draw: st.DrawFn, earliest: datetime.date = datetime.date(2006, 4, 1)) -> dict[str, Any]:
    day = draw(_days(earliest))
    n = draw(st.integers(2, 6))
    ratings = draw(_ratings(n))
    games = draw(_games(n))
    # A busy player 0 (18+ games at K 40 meets the 700 rule), in a random colour.
    busy = draw(st.integers(0, 3)) == 0
    for _ in range(draw(st.integers(15, 40)) if busy else 0):
        step = draw(_steps(n))
        games.append((0, step, 1.0) if draw(st.booleans()) else (step, n - step, 0.5))
    prior = draw(_prior(n))
    born = draw(_born(n, day.year))
    reached = draw(_reached(n))
    k = draw(_k(n))
    return {
        "day": day,
        "rating_list": draw(_LISTS),
        "ratings": ratings,
        "white": [w for w, _, _ in games],
        "black": [(w + step) % n for w, step, _ in games],
        "scores": [s for _, _, s in games],
        "prior": prior,
        "born": born,
        "reached": reached,
        "k": k,
    }


def run_batch(p: dict[str, Any]) -> Any:
    return fide_period_batch(
        [NAN if r is None else r for r in p["ratings"]],
        p["white"],
        p["black"],
        p["scores"],
        k=None if p["k"] is None else [NAN if k is None else k for k in p["k"]],
        rated_games=p["prior"],
        birth_year=[NAN if b is None else b for b in p["born"]],
        reached_2400=p["reached"],
        rating_list=p["rating_list"],
        period_date=p["day"],
    )


def reference(p: dict[str, Any]) -> list[dict[str, Any] | None]:
    """Each rated player through fide.k_factor + fide.rating_change, as fide_period does."""
    rows: list[dict[str, Any] | None] = []
    day, lst = p["day"], p["rating_list"]
    for i, own in enumerate(p["ratings"]):
        if own is None:
            rows.append(None)
            continue
        opponents: list[float | None] = []
        results: list[float] = []
        for w, b, s in zip(p["white"], p["black"], p["scores"], strict=True):
            if w == i:
                opponents.append(p["ratings"][b])
                results.append(s)
            elif b == i:
                opponents.append(p["ratings"][w])
                results.append(1 - s)
        counted = sum(fide.is_rated_game(own, o, lst, day) for o in opponents)
        given = None if p["k"] is None else p["k"][i]
        k = (
            given
            if given is not None
            else fide.k_factor(
                own,
                p["prior"][i],
                p["born"][i],
                p["reached"][i],
                period_games=counted,
                period_date=day,
                rating_list=lst,
            )
        )
        row = {
            "k": k,
            "games": counted,
            "score": 0.0,
            "expected_total": 0.0,
            "change_unrounded": 0.0,
            "change": 0,
            "computed": float(own),
        }
        if counted:
            details = fide.rating_change(own, opponents, results, k, lst, event_date=day)
            row.update(
                score=details.score,
                expected_total=details.expected_total,
                change_unrounded=details.change_unrounded,
                change=details.change,
                computed=float(details.new_rating),
            )
        delisted = counted > 0 and day >= fide.FIRST_RATING_RULES_FROM and row["computed"] < 1400
        row["delisted"] = delisted
        row["new_rating"] = NAN if delisted else row["computed"]
        row["rated_games_after"] = p["prior"][i] + counted
        row["reached_2400"] = p["reached"][i] or (not delisted and row["computed"] >= 2400)
        rows.append(row)
    return rows


def same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == b


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(periods())
def test_equals_rating_change_per_player(p: dict[str, Any]) -> None:
    try:
        expected = reference(p)
    except InvalidInputError:
        with pytest.raises(InvalidInputError):
            run_batch(p)
        return
    result = run_batch(p)
    for i, row in enumerate(expected):
        if row is None:
            assert (
                not result.rated[i] and result.change[i] == 0 and math.isnan(result.new_rating[i])
            )
            continue
        for name, value in row.items():
            got = getattr(result, name)[i].item()
            assert same(got, value), (i, name, got, value)


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(periods(earliest=datetime.date(2024, 3, 1)))
def test_equals_fide_period(p: dict[str, Any]) -> None:
    players = [
        FidePlayer(
            f"p{i}",
            r,
            p["prior"][i],
            p["born"][i],
            p["reached"][i],
            None if p["k"] is None else p["k"][i],
        )
        for i, r in enumerate(p["ratings"])
    ]
    games = [
        Game(1, f"p{w}", f"p{b}", s)
        for w, b, s in zip(p["white"], p["black"], p["scores"], strict=True)
    ]
    try:
        period = fide_period(players, games, rating_list=p["rating_list"], period_date=p["day"])
    except InvalidInputError:
        with pytest.raises(InvalidInputError):
            run_batch(p)
        return
    result = run_batch(p)
    for i, row in enumerate(period.rows):
        assert result.games[i] == row.games and result.score[i] == row.score
        if row.rating is None:
            continue
        assert result.k[i] == row.k
        assert result.change_unrounded[i] == row.change_unrounded
        assert result.change[i] == row.change
        assert result.computed[i] == row.computed
        assert same(result.new_rating[i].item(), NAN if row.new_rating is None else row.new_rating)
        assert result.rated_games_after[i] == row.rated_games_after
        assert result.reached_2400[i] == row.reached_2400
        total = 0.0 if row.details is None else row.details.expected_total
        assert result.expected_total[i] == total


@pytest.mark.slow
def test_medium_period_against_reference() -> None:
    """A seeded period of 80 players and 1,500 games, every era's rules in turn."""
    rng = np.random.default_rng(2025)
    n, m = 80, 1500
    ratings: list[int | None] = [int(r) for r in rng.integers(1000, 2950, n)]
    for i in range(0, n, 11):
        ratings[i] = None
    white = [int(w) for w in rng.integers(0, n, m)]
    black = [int((w + s) % n) for w, s in zip(white, rng.integers(1, n, m), strict=True)]
    scores = [float(s) for s in rng.choice([0.0, 0.5, 1.0], m)]
    for day in ERA_DATES[3:]:
        for lst in ("standard", "blitz"):
            p = {
                "day": day,
                "rating_list": lst,
                "ratings": ratings,
                "white": white,
                "black": black,
                "scores": scores,
                "prior": [int(x) for x in rng.integers(0, 90, n)],
                "born": [None] * n,
                "reached": [False] * n,
                "k": [3] * n,
            }
            expected = reference(p)
            result = run_batch(p)
            for i, row in enumerate(expected):
                if row is not None:
                    assert result.change[i] == row["change"], (day, lst, i)
                    assert result.expected_total[i] == row["expected_total"], (day, lst, i)
