"""Tests for xlrating.rating.elo: the seed calculators' worked examples, validation, properties."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlrating.errors import InvalidInputError, RatingError
from xlrating.rating import elo
from xlrating.rating.elo import (
    DEFAULT_SCALE,
    MAX_GAMES,
    MAX_K,
    EloChange,
    expected_score,
    rating_change,
)

ratings = st.floats(min_value=0, max_value=4000, allow_nan=False)
results = st.sampled_from([0.0, 0.5, 1.0])
ks = st.floats(min_value=0.5, max_value=100)


# --- Seed 004 ("Chess Elo Calculator", seed file 004_0fabf97504becfe4.txt) -----------


def test_seed_004_example_1_win_against_higher_rated() -> None:
    """Seed 004_0fabf97504becfe4.txt, Example 1: 1500 beats 1700, K 20.

    E ~ 0.2403, change ~ +15.19, 1515.19 rounded to 1515.
    """
    result = rating_change(1500, [1700], [1], k=20)
    assert round(result.expected[0], 4) == 0.2403
    assert round(result.expected_total, 4) == 0.2403
    assert result.score == 1.0
    assert round(result.change_once, 2) == 15.19
    assert round(result.change, 2) == 15.19
    assert round(result.new_rating, 2) == 1515.19
    assert result.rounded == 1515
    assert (result.rating, result.k, result.scale, result.games) == (1500.0, 20.0, 400.0, 1)


def test_seed_004_example_2_loss_against_lower_rated() -> None:
    """Seed 004_0fabf97504becfe4.txt, Example 2: 1700 loses to 1500, K 20.

    E ~ 0.7597 (75.97%), change ~ -15.19, 1684.81 rounded to 1685.
    """
    result = rating_change(1700, [1500], [0], k=20)
    assert round(result.expected_total, 4) == 0.7597
    assert round(result.change, 2) == -15.19
    assert round(result.new_rating, 2) == 1684.81
    assert result.rounded == 1685


def test_seed_004_example_3_draw_between_equals() -> None:
    """Seed 004_0fabf97504becfe4.txt, Example 3: 1600 draws 1600: E = 0.50, change 0, 1600."""
    result = rating_change(1600, [1600], [0.5], k=20)
    assert result.expected_total == 0.5
    assert result.change == 0.0
    assert result.rounded == 1600


@pytest.mark.parametrize(("k", "printed"), [(10, 7.60), (20, 15.19), (40, 30.39)])
def test_seed_004_example_4_k_factors(k: float, printed: float) -> None:
    """Seed 004_0fabf97504becfe4.txt, Example 4: 1500 beats 1700: +7.60 / +15.19 / +30.39."""
    assert round(rating_change(1500, [1700], [1], k=k).change, 2) == printed


def test_seed_004_identical_games_multiply() -> None:
    """Seed 004_0fabf97504becfe4.txt, "Total Rating Change": total = N x change per game.

    Hand-worked from Example 1: three wins, 1500 v 1700, K 20: 3 x 15.1949 = 45.585,
    1545.585 rounds to 1546.
    """
    result = rating_change(1500, [1700], [1], k=20, games=3)
    assert result.games == 3
    assert round(result.change_once, 2) == 15.19
    assert round(result.change, 2) == 45.58
    assert result.rounded == 1546


# --- Seed 001 ("Elo rating calculator", seed file 001_2de337572f459679.txt) -----------


def test_seed_001_1500_vs_1600() -> None:
    """Seed 001_2de337572f459679.txt: 1500 v 1600 expects 0.36; K 20: win +12.8, loss -7.2."""
    assert round(expected_score(1500, 1600), 2) == 0.36
    assert round(rating_change(1500, [1600], [1], k=20).change, 1) == 12.8
    assert round(rating_change(1500, [1600], [0], k=20).change, 1) == -7.2


@pytest.mark.parametrize(("difference", "printed"), [(100, 0.640), (200, 0.760), (400, 0.909)])
def test_seed_001_logistic_figures(difference: int, printed: float) -> None:
    """Seed 001_2de337572f459679.txt: "The logistic formula gives 0.640, 0.760 and 0.909"."""
    assert round(expected_score(2000 + difference, 2000), 3) == printed


# --- Hand-worked ----------------------------------------------------------------------------


def test_several_games_use_pre_period_rating() -> None:
    """Hand-worked: equal opponents give E = 0.5 each; 1600 v 1600 x 3, scoring 2, K 10.

    K (S - sum E) = 10 (2 - 1.5) = +5: every game uses the pre-period 1600.
    """
    result = rating_change(1600, [1600, 1600, 1600], [1, 1, 0], k=10)
    assert result.expected == (0.5, 0.5, 0.5)
    assert result.expected_total == 1.5
    assert result.score == 2.0
    assert result.change == 5.0
    assert result.new_rating == 1605.0


def test_scale_is_configurable() -> None:
    """Hand-worked: a difference of one scale unit gives E = 1/(1+10) = 1/11."""
    assert expected_score(1500, 1600, scale=100) == pytest.approx(1 / 11, abs=1e-15)
    assert expected_score(1500, 1700, scale=200) == pytest.approx(1 / 11, abs=1e-15)


def test_rounding_half_up() -> None:
    """Hand-worked: 1600 v 1600, K 25, win: +12.5 exactly; 1612.5 rounds up to 1613."""
    result = rating_change(1600, [1600], [1], k=25)
    assert result.new_rating == 1612.5
    assert result.rounded == 1613


def test_extreme_scale_does_not_overflow() -> None:
    assert expected_score(0, 4000, scale=1e-300) == 0.0
    assert expected_score(4000, 0, scale=1e-300) == 1.0


def test_result_is_frozen() -> None:
    result = rating_change(1500, [1700], [1], k=20)
    assert isinstance(result, EloChange)
    with pytest.raises(AttributeError):
        result.change = 0.0  # type: ignore[misc]


# --- Validation -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"rating": -1}, "rating must be between 0 and 4000"),
        ({"rating": 4000.5}, "rating must be between 0 and 4000"),
        ({"rating": "1500"}, "rating must be a number"),
        ({"opponents": [5000]}, "opponents[1] must be between 0 and 4000"),
        ({"results": [0.7]}, "results[1] must be 1, 0.5 or 0"),
        ({"results": [1, 0]}, "opponents has 1 entries but results has 2"),
        ({"opponents": [], "results": []}, "opponents is empty"),
        ({"k": 0}, "k must be a positive number"),
        ({"k": -20}, "k must be a positive number"),
        ({"k": MAX_K + 1}, "no larger than 1000"),
        ({"k": math.nan}, "k must be a finite number"),
        ({"games": 0}, "games must be at least 1"),
        ({"games": 2.5}, "games must be a whole number"),
        ({"games": MAX_GAMES + 1}, "games must be at most 1000"),
        ({"games": True}, "games must be a number"),
        ({"scale": 0}, "scale must be a positive number"),
        ({"scale": -400}, "scale must be a positive number"),
    ],
)
def test_rating_change_rejects(kwargs: dict[str, object], fragment: str) -> None:
    arguments: dict[str, object] = {"rating": 1500, "opponents": [1700], "results": [1], "k": 20}
    arguments.update(kwargs)
    with pytest.raises(InvalidInputError) as caught:
        rating_change(**arguments)  # type: ignore[arg-type]
    message = str(caught.value)
    assert fragment in message
    assert "\n" not in message


def test_expected_score_rejects() -> None:
    with pytest.raises(InvalidInputError, match="opponent must be between"):
        expected_score(1500, 4001)
    with pytest.raises(RatingError, match="scale must be a positive number"):
        expected_score(1500, 1600, scale=0)


def test_limits_are_accepted() -> None:
    result = rating_change(0, [4000], [1], k=MAX_K, games=MAX_GAMES)
    assert result.games == MAX_GAMES
    # Hand-worked: E = 1/(1 + 10^10), so the change is 10^6 (1 - 1e-10) to 10 digits.
    assert result.change == pytest.approx(1e6, rel=1e-9)


# --- Properties -------------------------------------------------------------------------------


@pytest.mark.slow
@given(ratings, ratings, st.floats(min_value=1, max_value=2000))
def test_expected_scores_sum_to_one(a: float, b: float, scale: float) -> None:
    total = expected_score(a, b, scale) + expected_score(b, a, scale)
    assert total == pytest.approx(1.0, abs=1e-12)
    assert 0.0 <= expected_score(a, b, scale) <= 1.0


@given(ratings, ratings, ratings)
def test_expected_score_falls_as_opponent_rises(a: float, b: float, c: float) -> None:
    low, high = sorted((b, c))
    assert expected_score(a, low) >= expected_score(a, high)


@given(ratings, st.lists(st.tuples(ratings, results), min_size=1, max_size=8), ks, st.data())
def test_change_increases_with_score(
    rating: float, games: list[tuple[float, float]], k: float, data: st.DataObject
) -> None:
    opponents = [opponent for opponent, _ in games]
    worse = [result for _, result in games]
    index = data.draw(st.integers(min_value=0, max_value=len(games) - 1))
    if worse[index] == 1.0:
        worse[index] = data.draw(st.sampled_from([0.0, 0.5]))
        better = [*worse[:index], 1.0, *worse[index + 1 :]]
    else:
        better = [*worse[:index], worse[index] + 0.5, *worse[index + 1 :]]
    low = rating_change(rating, opponents, worse, k)
    high = rating_change(rating, opponents, better, k)
    assert high.change > low.change
    assert high.change - low.change == pytest.approx(k * (better[index] - worse[index]))


@given(ratings, ratings, results, ks)
def test_zero_sum_for_equal_k(a: float, b: float, result: float, k: float) -> None:
    first = rating_change(a, [b], [result], k)
    second = rating_change(b, [a], [1.0 - result], k)
    assert first.change + second.change == pytest.approx(0.0, abs=1e-9)


@given(ratings, ratings, results, ks, st.integers(min_value=1, max_value=MAX_GAMES))
def test_identical_games_are_n_times_one_game(
    rating: float, opponent: float, result: float, k: float, n: int
) -> None:
    once = rating_change(rating, [opponent], [result], k)
    repeated = rating_change(rating, [opponent], [result], k, games=n)
    listed = rating_change(rating, [opponent] * min(n, 50), [result] * min(n, 50), k)
    assert repeated.change == pytest.approx(n * once.change, rel=1e-12, abs=1e-9)
    assert repeated.new_rating == pytest.approx(rating + n * once.change, rel=1e-12, abs=1e-9)
    assert listed.change == pytest.approx(min(n, 50) * once.change, rel=1e-9, abs=1e-9)
    assert abs(repeated.rounded - repeated.new_rating) <= 0.5 + 1e-9


# --- Game by game (rate_games) -----------------------------------------------------------------

from xlrating.rating.elo import rate_games  # noqa: E402

_stream = st.integers(2, 6).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 4000).map(float), min_size=n, max_size=n),
        st.lists(
            st.tuples(
                st.integers(0, n - 1), st.integers(0, n - 1), st.sampled_from([0, 0.5, 1])
            ).filter(lambda g: g[0] != g[1]),
            max_size=30,
        ),
    )
)


@pytest.mark.slow
@given(data=_stream, k=st.sampled_from([10, 16, 20, 32, 40]))
def test_rate_games_equals_one_rating_change_per_game(
    data: tuple[list[float], list[tuple[int, int, float]]], k: float
) -> None:
    """The fast loop equals the straightforward one (the textbook formula written out, each
    game from the ratings the last one left), and keeps the total."""
    ratings, games = data
    expected = list(ratings)
    for white, black, score in games:
        change = k * (score - 1 / (1 + 10 ** ((expected[black] - expected[white]) / 400)))
        expected[white] += change
        expected[black] -= change
    assert rate_games(ratings, games, k) == pytest.approx(expected, abs=1e-9)
    assert math.fsum(rate_games(ratings, games, k)) == pytest.approx(math.fsum(ratings))


def test_rate_games_hand_worked() -> None:
    """Seed 004 example 1 as a game: 1500 beats 1700 with K 20, +15.19 each way."""
    after = rate_games([1500, 1700], [(0, 1, 1)], 20)
    assert round(after[0], 2) == 1515.19 and round(after[1], 2) == 1684.81
    assert rate_games([1500, 1700], [], 20) == [1500.0, 1700.0]


def test_rate_games_overflow_takes_the_safe_expectancy() -> None:
    """A tiny scale makes e^x overflow in the fast loop; the safe path gives the limits."""
    after = rate_games([0, 4000], [(0, 1, 0), (1, 0, 1)], 10, scale=1)
    assert after == [0.0, 4000.0]  # the favourite won twice: expected 1, no change
    upset = rate_games([0, 4000], [(0, 1, 1)], 10, scale=1)
    assert upset == [10.0, 3990.0]


@pytest.mark.parametrize(
    ("games", "message"),
    [
        ([(0, 1, 1), (0, 2, 1)], r"^games\[2\]: black must be a player index from 0 to 1, got 2$"),
        ([(0, -1, 1)], r"^games\[1\]: black must be a player index from 0 to 1, got -1$"),
        ([(0, 1.0, 1)], r"^games\[1\]: black must be a player index from 0 to 1, got 1$"),
        ([(1, 1, 1)], r"^games\[1\]: player 1 is paired with himself$"),
        ([(0, 1, 0.7)], r"^games\[1\]: score must be 1, 0.5 or 0, got 0.7$"),
        ([(0, 1)], r"^games\[1\] must be \(white, black, score\), got \(0, 1\)$"),
        ([(0, 1, "1")], r"^games\[1\]: score must be 1, 0.5 or 0, got '1'$"),
        # booleans are refused alone too, not only when another game is bad
        ([(True, 0, 1)], r"^games\[1\]: white must be a player index from 0 to 1, got True$"),
        ([(0, 1, True)], r"^games\[1\]: score must be 1, 0.5 or 0, got True$"),
    ],
)
def test_rate_games_names_the_bad_game(games: list[object], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        rate_games([1500, 1600], games, 20)  # type: ignore[arg-type]


def test_rate_games_checks_ratings_and_k() -> None:
    with pytest.raises(InvalidInputError, match=r"^ratings\[2\] must be between 0 and 4000"):
        rate_games([1500, 4500], [(0, 1, 1)], 20)
    with pytest.raises(InvalidInputError, match=r"^k must be a positive number"):
        rate_games([1500, 1600], [(0, 1, 1)], 0)


def test_a_huge_int_is_one_line() -> None:
    """An int beyond the largest float (or too long to print) is refused, not a crash."""
    with pytest.raises(InvalidInputError, match=r"^rating must be a finite number, got 1000"):
        rating_change(10**400, [1500], [1], 20)
    with pytest.raises(InvalidInputError, match=r"got a number too long to show$"):
        rating_change(10**5000, [1500], [1], 20)


# --- Messages, whole ----------------------------------------------------------------------


def refused(message: str) -> pytest.RaisesExc[InvalidInputError]:
    """The whole one-line message, matched literally."""
    return pytest.raises(InvalidInputError, match=f"^{re.escape(message)}$")


def test_messages_name_the_argument_and_quote_the_value() -> None:
    with refused("rating must be between 0 and 4000, got 5000"):
        expected_score(5000, 1600)
    with refused("rating must be between 0 and 4000, got -1"):
        rating_change(-1, [1700], [1], k=20)
    with refused("scale must be a number, got 'x'"):
        expected_score(1500, 1600, scale="x")  # type: ignore[arg-type]
    with refused("scale must be a positive number, got -400"):
        rating_change(1500, [1700], [1], k=20, scale=-400)
    with refused("k must be a positive number no larger than 1000, got 0"):
        rating_change(1500, [1700], [1], k=0)
    with refused("k must be a positive number no larger than 1000, got 1000.5"):
        rating_change(1500, [1700], [1], k=1000.5)
    with refused("games must be at most 1000, got 1001"):
        rating_change(1500, [1700], [1], k=20, games=1001)
    with refused("ratings must be a list of ratings, got 1500"):
        rate_games(1500, [], 20)  # type: ignore[arg-type]
    with refused("ratings must be a list of ratings, got '15'"):
        rate_games("15", [], 20)  # type: ignore[arg-type]
    with refused("games must be a list of (white, black, score), got '011'"):
        rate_games([1500, 1600], "011", 20)  # type: ignore[arg-type]
    with refused("ratings[3] must be between 0 and 4000, got 4001"):
        rate_games([1500, 1600, 4001], [], 20)


def test_rating_change_keeps_the_games_as_floats() -> None:
    result = rating_change(1500, [1700, 1400], [1, 0.5], k=20)
    assert result.opponents == (1700.0, 1400.0)
    assert result.results == (1.0, 0.5)
    assert result.score == 1.5


# --- rate_games: the fast loop and the checked one ----------------------------------------------


def test_rate_games_takes_any_iterable_of_games() -> None:
    games = [(0, 1, 1.0), (1, 0, 0.5)]
    expected = [1519.72, 1680.28]  # the doctest's hand-worked figures
    for given_games in (games, tuple(games), iter(games), (g for g in games)):
        after = rate_games([1500, 1700], given_games, 20)
        assert [round(r, 2) for r in after] == expected


def test_rate_games_names_a_bad_game_in_a_generator() -> None:
    games = ((white, black, score) for white, black, score in [(0, 1, 1), (0, 1, 0.7)])
    with refused("games[2]: score must be 1, 0.5 or 0, got 0.7"):
        rate_games([1500, 1600], games, 20)


def test_rate_games_checked_loop_takes_index_types_other_than_int() -> None:
    """numpy's ints are refused by the fast loop (not plain ints): the checked loop rates the
    same games, draws too."""
    numpy = pytest.importorskip("numpy")
    zero, one = numpy.int64(0), numpy.int64(1)
    after = rate_games([1500, 1700], [(zero, one, 1.0), (one, zero, 0.5)], 20)
    assert [round(r, 2) for r in after] == [1519.72, 1680.28]


def test_the_fast_loop_rates_by_itself() -> None:
    """elo._stream, the loop rate_games tries first, gives the hand-worked figures on its own
    (a wrong fast loop would otherwise only cost time, the checked loop redoing its work)."""
    # Seed 004 example 1 as a game, then a draw: see rate_games' doctest. Player 0 is White
    # in the first game: index 0 is a player like any other.
    after = elo._stream([1500.0, 1700.0], [(0, 1, 1.0), (1, 0, 0.5)], 20.0, DEFAULT_SCALE)
    assert [round(r, 2) for r in after] == [1519.72, 1680.28]
    # scale 200: E = 1/(1 + 10^(200/200)) = 1/11, so White gains 10 (1 - 1/11) = 9.0909
    after = elo._stream([1500.0, 1700.0], [(0, 1, 1.0)], 10.0, 200.0)
    assert after == pytest.approx([1500 + 100 / 11, 1700 - 100 / 11], abs=1e-9)


@pytest.mark.parametrize(
    "game",
    [(0, 0, 1.0), (0, -1, 1.0), (-1, 0, 1.0), (0, 1.0, 1.0), (0.0, 1, 1.0), (0, 1, 0.7)],
)
def test_the_fast_loop_refuses_a_bad_game(game: tuple[object, object, float]) -> None:
    white, black, score = game
    with pytest.raises(ValueError, match=re.escape(f"bad game {white!r}, {black!r}, {score!r}")):
        elo._stream([1500.0, 1600.0], [game], 20.0, DEFAULT_SCALE)


def test_the_fast_loop_refuses_a_boolean_score() -> None:
    with pytest.raises(ValueError, match=re.escape("bad game 0, 1, True")):
        elo._stream([1500.0, 1600.0], [(0, 1, True)], 20.0, DEFAULT_SCALE)
