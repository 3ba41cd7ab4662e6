"""Plain Elo: the logistic expected score and the K-factor rating change.

This is the textbook formula used by web Elo calculators, not a federation's rules
(FIDE uses its own table of expected scores, see :mod:`xlrating.rating.fide`; US Chess has its
own formulas).  Sources, the two seed calculators whose worked examples the tests
reproduce:

* "Chess Elo Calculator" (xlrating seed 004): expected score
  ``E = 1 / (1 + 10 ** ((Ro - Rp) / 400))``, change per game ``K (S - E)``, total for
  N identical games ``N x`` the change per game, new rating rounded to a whole number.
* "Elo rating calculator" (xlrating seed 001): the same formula; the change for a
  rating period is computed from the rating at the start of the period.

Several different games in one call are one rating period: every expected score uses
the pre-period rating and the changes are summed, ``K (sum S - sum E)``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from numbers import Integral
from typing import Any, Final

from ..errors import InvalidInputError
from ._check import RESULT_VALUES, check_count, check_games, check_number, check_rating, show
from ._numeric import logistic_expected, round_half_up

__all__ = [
    "DEFAULT_SCALE",
    "MAX_GAMES",
    "MAX_K",
    "EloChange",
    "check_k",
    "expected_score",
    "rate_games",
    "rating_change",
]

# "Chess Elo Calculator" (xlrating seed 004), "Expected Score Formula":
# E = 1 / (1 + 10^((Ro - Rp)/400)); "The value 400 is a constant used in the traditional
# Elo formula."  Seed 001 ("Elo rating calculator") prints the same formula.
DEFAULT_SCALE: Final = 400.0

# Plausibility bound chosen by xlrating, not a regulation: the seed calculators offer
# K = 10, 20 and 40; anything above 1000 is taken to be a typing error.
MAX_K: Final = 1000.0

# Plausibility bound chosen by xlrating.  Seed 004 ("Enter the Number of Games") allows
# 1 to 100 identical games; xlrating accepts up to 1000 repetitions.
MAX_GAMES: Final = 1000


@dataclass(frozen=True, slots=True)
class EloChange:
    """The Elo rating change for one rating period, possibly repeated ``games`` times.

    ``expected``, ``expected_total``, ``score`` and ``change_once`` describe one pass over
    the opponents; ``change`` is ``games * change_once``.
    """

    #: Rating at the start of the period.
    rating: float
    #: Development coefficient K.
    k: float
    #: Logistic scale (400 in the traditional formula).
    scale: float
    #: How many times the whole list of games is played (1 for an ordinary period).
    games: int
    #: Opponents' ratings, one per game, as given.
    opponents: tuple[float, ...]
    #: Results, one per game: 1 win, 0.5 draw, 0 loss.
    results: tuple[float, ...]
    #: Expected score against each opponent.
    expected: tuple[float, ...]
    #: Sum of the expected scores for one pass over the opponents.
    expected_total: float
    #: Points scored in one pass over the opponents.
    score: float
    #: ``k * (score - expected_total)``: the change for one pass.
    change_once: float
    #: ``games * change_once``: the total change.
    change: float
    #: ``rating + change``, not rounded.
    new_rating: float
    #: ``new_rating`` rounded to a whole number, halves rounded up (seed 004 shows this).
    rounded: int


def _check_scale(scale: object) -> float:
    value = check_number(scale, "scale")
    if value <= 0.0:
        raise InvalidInputError(f"scale must be a positive number, got {show(scale)}")
    return value


def check_k(k: object) -> float:
    """Return a K-factor: a positive number no larger than :data:`MAX_K`."""
    value = check_number(k, "k")
    if not 0.0 < value <= MAX_K:
        raise InvalidInputError(
            f"k must be a positive number no larger than {MAX_K:g}, got {show(k)}"
        )
    return value


def expected_score(rating: float, opponent: float, scale: float = DEFAULT_SCALE) -> float:
    """Elo expected score of a player against one opponent: 1/(1+10^((opponent-rating)/scale)).

    :param rating: the player's rating (0 to 4000).
    :param opponent: the opponent's rating (0 to 4000).
    :param scale: the logistic scale, 400 in the traditional formula.
    :returns: the expected score, between 0 and 1.
    :raises InvalidInputError: if an argument is not a number or is out of range.

    Seed 004, Example 1: rated 1500 against 1700 the expected score is about 0.2403.

    >>> round(expected_score(1500, 1700), 4)
    0.2403
    >>> expected_score(1600, 1600)
    0.5
    """
    own = check_rating(rating, "rating")
    other = check_rating(opponent, "opponent")
    return logistic_expected(own, other, _check_scale(scale))


def rating_change(
    rating: float,
    opponents: Sequence[float],
    results: Sequence[float],
    k: float,
    games: int = 1,
    scale: float = DEFAULT_SCALE,
) -> EloChange:
    """Elo rating change K*(score - expected) for one rating period, optionally repeated N times.

    All expected scores use the rating at the start of the period and the changes are
    summed.  ``games`` repeats the whole list of games that many times (seed 004's
    "number of games": N identical games change the rating by N times one game).

    :param rating: the player's rating at the start of the period (0 to 4000).
    :param opponents: the opponents' ratings, one per game (0 to 4000 each).
    :param results: the results, one per game: 1 win, 0.5 draw, 0 loss.
    :param k: the development coefficient K (above 0, at most 1000).
    :param games: how many times the list of games is played, a whole number from 1 to 1000.
    :param scale: the logistic scale, 400 in the traditional formula.
    :returns: an :class:`EloChange` with the expected scores, the change and the new rating.
    :raises InvalidInputError: if an argument is out of range or the lists differ in length.

    Seed 004, Example 1: 1500 beats 1700 with K = 20, a gain of about 15.19, new rating 1515.

    >>> result = rating_change(1500, [1700], [1], k=20)
    >>> round(result.change, 2), result.rounded
    (15.19, 1515)
    """
    own = check_rating(rating, "rating")
    pairs = check_games(opponents, results)
    factor = check_k(k)
    repeats = check_count(games, "games", minimum=1)
    if repeats > MAX_GAMES:
        raise InvalidInputError(f"games must be at most {MAX_GAMES}, got {show(games)}")
    width = _check_scale(scale)

    expected = tuple(logistic_expected(own, opponent, width) for opponent, _ in pairs)
    expected_total = math.fsum(expected)
    score = math.fsum(result for _, result in pairs)
    change_once = factor * (score - expected_total)
    change = repeats * change_once
    new_rating = own + change
    return EloChange(
        rating=own,
        k=factor,
        scale=width,
        games=repeats,
        opponents=tuple(opponent for opponent, _ in pairs),
        results=tuple(result for _, result in pairs),
        expected=expected,
        expected_total=expected_total,
        score=score,
        change_once=change_once,
        change=change,
        new_rating=new_rating,
        rounded=round_half_up(new_rating),
    )


def rate_games(
    ratings: Sequence[float],
    games: Iterable[tuple[int, int, float]],
    k: float,
    scale: float = DEFAULT_SCALE,
) -> list[float]:
    """Elo game by game: after each game both players' ratings move by K(S - E).

    This is the update every Elo library makes (each game uses the ratings the previous
    games left), unlike :func:`rating_change`, which rates a whole period from its start.
    White gains ``K (S - E)`` and Black loses the same, so the total is kept.  Ratings are
    not rounded between games and are not held inside 0..4000 after the start.

    :param ratings: every player's rating before the first game (0 to 4000), by index.
    :param games: ``(white, black, white_score)`` per game, in order: indices into
        *ratings* and White's result (1, 0.5 or 0).
    :param k: the development coefficient K (above 0, at most 1000).
    :param scale: the logistic scale, 400 in the traditional formula.
    :returns: the ratings after the last game, by index (a new list).
    :raises InvalidInputError: on a bad rating, K or game (naming the game by its number).

    1500 beats 1700 (K 20, +15.19), then draws with Black against the 1684.81: White's
    expected score is 1/(1 + 10^((1515.19 - 1684.81)/400)) = 0.7264, so White loses
    20 x 0.2264 = 4.53 and Black gains it.

    >>> [round(r, 2) for r in rate_games([1500, 1700], [(0, 1, 1), (1, 0, 0.5)], 20)]
    [1519.72, 1680.28]
    """
    if isinstance(ratings, (str, bytes)) or not isinstance(ratings, Sequence):
        raise InvalidInputError(f"ratings must be a list of ratings, got {show(ratings)}")
    start = [check_rating(r, f"ratings[{i + 1}]") for i, r in enumerate(ratings)]
    factor = check_k(k)
    width = _check_scale(scale)
    if isinstance(games, (str, bytes)):
        raise InvalidInputError(f"games must be a list of (white, black, score), got {show(games)}")
    played = games if isinstance(games, (list, tuple)) else list(games)
    try:
        return _stream(start.copy(), played, factor, width)
    except (TypeError, ValueError, IndexError, OverflowError):
        pass
    _check_game_stream(played, len(start))  # names the first bad game
    # Every game is good, so the fast loop met indices that are not plain ints (numpy's)
    # or overflowed (ratings over about 120,000 points apart, possible only with a huge
    # K): the checked loop with the overflow-free expectancy.
    current = start  # the fast loop worked on a copy
    for white, black, score in played:
        delta = factor * (score - logistic_expected(current[white], current[black], width))
        current[white] += delta
        current[black] -= delta
    return current


def _stream(current: list[float], games: Sequence[Any], k: float, scale: float) -> list[float]:
    """The game-by-game loop, checking each game as cheaply as it can (a bad one raises)."""
    rate = math.log(10.0) / scale  # 10^(x/scale) = e^(x * rate)
    exp = math.exp
    scores = RESULT_VALUES
    for white, black, score in games:
        if (
            type(white) is not int
            or type(black) is not int
            or white == black
            or white < 0
            or black < 0
            or score not in scores
            or type(score) is bool
        ):
            raise ValueError(f"bad game {white!r}, {black!r}, {score!r}")
        delta = k * (score - 1.0 / (1.0 + exp((current[black] - current[white]) * rate)))
        current[white] += delta
        current[black] -= delta
    return current


def _check_game_stream(games: Sequence[object], players: int) -> None:
    """Raise for the first game that is not (white, black, score) of two different known
    players and 1, 0.5 or 0."""
    for number, game in enumerate(games, start=1):
        where = f"games[{number}]"
        if not isinstance(game, (tuple, list)) or len(game) != 3:
            raise InvalidInputError(f"{where} must be (white, black, score), got {show(game)}")
        white, black, score = game
        for name, index in (("white", white), ("black", black)):
            if (
                isinstance(index, bool)
                or not isinstance(index, Integral)
                or not 0 <= int(index) < players
            ):
                raise InvalidInputError(
                    f"{where}: {name} must be a player index from 0 to {players - 1}, "
                    f"got {show(index)}"
                )
        if white == black:
            raise InvalidInputError(f"{where}: player {white} is paired with himself")
        if (
            isinstance(score, bool)
            or not isinstance(score, (int, float))
            or score not in (0.0, 0.5, 1.0)
        ):
            raise InvalidInputError(f"{where}: score must be 1, 0.5 or 0, got {show(score)}")
