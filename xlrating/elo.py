"""Plain Elo: the logistic expected score and the K-factor rating change.

This is the textbook formula used by web Elo calculators, not a federation's rules
(FIDE uses its own table of expected scores, see :mod:`xlrating.fide`; US Chess has its
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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ._check import check_count, check_games, check_number, check_rating, show
from ._numeric import logistic_expected, round_half_up
from .errors import InvalidInputError

__all__ = [
    "DEFAULT_SCALE",
    "MAX_GAMES",
    "MAX_K",
    "EloChange",
    "expected_score",
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


def _check_k(k: object) -> float:
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
    factor = _check_k(k)
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
