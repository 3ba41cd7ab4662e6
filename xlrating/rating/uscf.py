"""US Chess (USCF) rating of one player for one event: standard and special formulas.

The rules are those of "The US Chess Rating System" (Mark E. Glickman and Thomas Doan),
as written up with their sources in ``docs/rules/uscf.md`` (cited below by section anchor,
for example ``docs/rules/uscf.md#step-2``; its rulings D1-D8, ``docs/rules/uscf.md#d1`` to
``#d8``, settle what the sources leave open).  Seed 000
(a web "USCF Rating Calculator") shows what one call must return and gives the worked
example 1700/30 against 1600, 1650, 1750, 1800 scoring 2.5: N* 20.01, K 33.32, change
16.66, new rating 1717.

:func:`rate` is pure and takes the opponents' ratings as given, so the event module can
call it for Step 4 (opponents' pre-event or Step-1/3 ratings) and Step 5 (opponents'
Step-4 intermediate ratings) with the player's own pre-event rating and game count.

The constants, the input checks and :class:`UscfRules` (which rules a date picks) live in
:mod:`xlrating.rating.uscf_rules`, the special formula's solver in
:mod:`xlrating.rating.uscf_special`;
the public names of both are re-exported here.

Readings chosen here where the sources leave a choice (each is one constant or branch):

* Bonus multiplier B by event end date: 14 from 2017-05-01, 12 from 2023-02-01, 10 from
  2025-01-01 (docs/rules/uscf.md#d3).  For an earlier event no B is assumed: the sources
  give earlier values (10 in 2005, 8 until a change to 10 in 2014, 12 until 2017-04-30)
  but not the dates their eras began (docs/rules/uscf.md#bonus-b-before-2017), so
  :func:`bonus_multiplier` raises and the caller must give ``multiplier`` (0 to
  :data:`MULTIPLIER_MAX`).
* Floors: the post-event rating is ``max(result, floor)`` (docs/rules/uscf.md#floors).  A
  floor above the pre-event rating therefore lifts the rating to the floor; that is how
  prize floors work ($2,500 in an under-1800 prize gives a floor of 1800).
* A history of all wins or all losses adjusts the special formula only when N > 0 (with
  N = 0 there is no history); ``dual_rated`` changes only the standard formula's K.
* ``games=None`` is an established player whose exact count is unknown: N' = N*
  (docs/rules/uscf.md#d7), status established, ``games_after`` unknown (None).
* Ratings are carried unrounded; ``rounded`` is the published whole number, halves up.
  Rating classes are read from the published (rounded) rating; below 100 (no published
  rating is, docs/rules/uscf.md#floors) the lowest class, Class J, applies, as the top
  class is open.
"""

from __future__ import annotations

import datetime as _dt
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..errors import InvalidInputError
from ._check import (
    check_count,
    check_date,
    check_games,
    check_number,
    check_rating,
    show,
)
from ._numeric import logistic_expected, round_half_up
from .uscf_rules import (
    ABSOLUTE_FLOOR,
    RATING_CLASSES,
    SPECIAL_CAP,
    Formula,
    History,
    Status,
    bonus_multiplier,
    check_effective,
    check_flag,
    check_games_count,
    check_history,
    check_multiplier,
    check_uscf_rating,
)
from .uscf_rules import AGE_OLDEST as AGE_OLDEST
from .uscf_rules import AGE_RATING_ADULT as AGE_RATING_ADULT
from .uscf_rules import AGE_RATING_INFANT as AGE_RATING_INFANT
from .uscf_rules import AGE_RATING_PER_YEAR as AGE_RATING_PER_YEAR
from .uscf_rules import AGE_YOUNGEST as AGE_YOUNGEST
from .uscf_rules import BONUS_MIN_GAMES as BONUS_MIN_GAMES
from .uscf_rules import BONUS_MIN_ROUNDS as BONUS_MIN_ROUNDS
from .uscf_rules import BONUS_MULTIPLIERS as BONUS_MULTIPLIERS
from .uscf_rules import DUAL_K_FROM as DUAL_K_FROM
from .uscf_rules import DUAL_K_INTERCEPT as DUAL_K_INTERCEPT
from .uscf_rules import DUAL_K_SLOPE as DUAL_K_SLOPE
from .uscf_rules import DUAL_K_TOP_FROM as DUAL_K_TOP_FROM
from .uscf_rules import DUAL_K_TOP_NUMERATOR as DUAL_K_TOP_NUMERATOR
from .uscf_rules import DUAL_RATED_MAX_TIME as DUAL_RATED_MAX_TIME
from .uscf_rules import DUAL_RATED_MIN_TIME as DUAL_RATED_MIN_TIME
from .uscf_rules import ESTABLISHED_AFTER as ESTABLISHED_AFTER
from .uscf_rules import K_NUMERATOR as K_NUMERATOR
from .uscf_rules import LIFE_MASTER_FLOOR as LIFE_MASTER_FLOOR
from .uscf_rules import LOGISTIC_SCALE as LOGISTIC_SCALE
from .uscf_rules import LOW_FLOOR_BASE as LOW_FLOOR_BASE
from .uscf_rules import LOW_FLOOR_CAP as LOW_FLOOR_CAP
from .uscf_rules import LOW_FLOOR_EVENT_GAMES as LOW_FLOOR_EVENT_GAMES
from .uscf_rules import LOW_FLOOR_PER_DRAW as LOW_FLOOR_PER_DRAW
from .uscf_rules import LOW_FLOOR_PER_EVENT as LOW_FLOOR_PER_EVENT
from .uscf_rules import LOW_FLOOR_PER_WIN as LOW_FLOOR_PER_WIN
from .uscf_rules import MULTIPLIER_MAX as MULTIPLIER_MAX
from .uscf_rules import NSTAR_ABOVE_CUTOFF as NSTAR_ABOVE_CUTOFF
from .uscf_rules import NSTAR_BASE as NSTAR_BASE
from .uscf_rules import NSTAR_CENTRE as NSTAR_CENTRE
from .uscf_rules import NSTAR_CUTOFF as NSTAR_CUTOFF
from .uscf_rules import NSTAR_NUMERATOR as NSTAR_NUMERATOR
from .uscf_rules import NSTAR_SLOPE as NSTAR_SLOPE
from .uscf_rules import PEAK_FLOOR_DROP as PEAK_FLOOR_DROP
from .uscf_rules import PEAK_FLOOR_HIGHEST as PEAK_FLOOR_HIGHEST
from .uscf_rules import PEAK_FLOOR_LOWEST as PEAK_FLOOR_LOWEST
from .uscf_rules import PEAK_FLOOR_STEP as PEAK_FLOOR_STEP
from .uscf_rules import PERFORMANCE_MARGIN as PERFORMANCE_MARGIN
from .uscf_rules import PERFORMANCE_TOLERANCE as PERFORMANCE_TOLERANCE
from .uscf_rules import PWE_HALF_WIDTH as PWE_HALF_WIDTH
from .uscf_rules import SPECIAL_EPSILON as SPECIAL_EPSILON
from .uscf_rules import SPECIAL_HISTORY_SHIFT as SPECIAL_HISTORY_SHIFT
from .uscf_rules import SPECIAL_MAX_GAMES as SPECIAL_MAX_GAMES
from .uscf_rules import UscfRules as UscfRules
from .uscf_rules import bonus_eras as bonus_eras
from .uscf_rules import uscf_rules as uscf_rules
from .uscf_special import pwe, solve_special, special_setup

__all__ = [
    "ABSOLUTE_FLOOR",
    "BONUS_MULTIPLIERS",
    "RATING_CLASSES",
    "SPECIAL_CAP",
    "SPECIAL_EPSILON",
    "Formula",
    "History",
    "Status",
    "UscfResult",
    "UscfRules",
    "bonus_multiplier",
    "bonus_threshold",
    "check_uscf_rating",
    "effective_games",
    "event_low_floor",
    "floor_kind",
    "initial_rating",
    "is_dual_rated",
    "is_established",
    "k_factor",
    "k_factor_effective",
    "n_star",
    "performance_rating",
    "provisional_expectancy",
    "rate",
    "rating_class",
    "rating_floor",
    "rounded_rating",
    "special_objective",
    "special_rating",
    "uscf_rules",
    "winning_expectancy",
]


# ------------------------------------------------------------------ performance, classes


@dataclass(frozen=True, slots=True)
class UscfResult:
    """Everything the seed calculator shows for one player's US Chess event rating."""

    #: Pre-event rating R0, as given (unrounded).
    rating: float
    #: Prior games N, or None for an established player whose count is unknown.
    games: int | None
    #: Prior record used by the special formula: "mixed", "all wins" or "all losses".
    history: History
    #: "standard" (N > 8, mixed history) or "special".
    formula: Formula
    #: N* for the pre-event rating.
    n_star: float
    #: Effective number of games N' = min(N, N*) (N* when ``games`` is None).
    effective_games: float
    #: K of the standard formula; None for the special formula.
    k: float | None
    #: Games in the event, m.
    event_games: int
    #: Points scored in the event, S.
    score: float
    #: Sum of the winning expectancies We against the opponents (shown for both formulas).
    expected: float
    #: Change before bonus and floor: K(S - E), or special result minus R0.
    change_before_bonus: float
    #: True when the bonus rule may apply: standard formula, m >= 3, ``bonus_ok``.
    bonus_eligible: bool
    #: Bonus threshold B sqrt(max(m, 4)).
    threshold: float
    #: Bonus points, max(0, K(S - E) - threshold) when eligible, else 0.
    bonus: float
    #: Bonus multiplier B used.
    multiplier: float
    #: Rating before any floor: R0 + change_before_bonus + bonus.
    unfloored: float
    #: Floor applied: the larger of 100 and the floor given.
    floor: float
    #: Post-event rating, unrounded: max(unfloored, floor).
    new_rating: float
    #: new_rating - rating.
    change: float
    #: Published rating: new_rating rounded to a whole number, halves up.
    rounded: int
    #: Rating class of the published rating, e.g. "Class B".
    rating_class: str
    #: "established" when based on more than 25 games after the event, else "provisional".
    status: Status
    #: Games after the event, N + m (None when ``games`` is None).
    games_after: int | None
    #: The event's games as rated: opponents' ratings and results, in order.
    opponents: tuple[float, ...] = field(repr=False)
    results: tuple[float, ...] = field(repr=False)

    @property
    def performance(self) -> float:
        """Performance rating of the event (logistic expectancy), computed when asked for."""
        return _performance(tuple(zip(self.opponents, self.results, strict=True)))


# ------------------------------------------------------------------ pure kernels


def _n_star(rating: float) -> float:
    if rating > NSTAR_CUTOFF:
        return NSTAR_ABOVE_CUTOFF
    return NSTAR_NUMERATOR / math.sqrt(NSTAR_BASE + NSTAR_SLOPE * (NSTAR_CENTRE - rating) ** 2)


def _effective(rating: float, games: int | None) -> float:
    star = _n_star(rating)
    return star if games is None else min(float(games), star)


def _k(rating: float, effective: float, event_games: int, dual_rated: bool) -> float:
    numerator = K_NUMERATOR
    if dual_rated and rating >= DUAL_K_TOP_FROM:
        numerator = DUAL_K_TOP_NUMERATOR
    elif dual_rated and rating > DUAL_K_FROM:
        numerator = K_NUMERATOR * (DUAL_K_INTERCEPT - DUAL_K_SLOPE * rating)
    return numerator / (effective + event_games)


def _threshold(event_games: int, multiplier: float) -> float:
    return multiplier * math.sqrt(max(event_games, BONUS_MIN_ROUNDS))


def _performance(pairs: Sequence[tuple[float, float]]) -> float:
    opponents = [opponent for opponent, _ in pairs]
    score = math.fsum(result for _, result in pairs)
    m = len(pairs)
    if score == m:
        return max(opponents) + PERFORMANCE_MARGIN
    if score == 0.0:
        return min(opponents) - PERFORMANCE_MARGIN

    slope_unit = math.log(10.0) / LOGISTIC_SCALE
    # 0.5 <= S <= m - 0.5, so beyond 400 log10(2m) of every opponent the expected score is
    # below 1/2 (or above m - 1/2): the root lies in [low, high].  Newton's method, kept
    # inside that bracket (a step that leaves it bisects instead): f is increasing and
    # smooth, so a few passes reach the tolerance.  The slope is never 0: every opponent is
    # a rating from 0 to 4000 and the candidate stays in the bracket, so the nearest is
    # within max(reach, 2000) of it, below 6000 for any m under 10^14, where We(1 - We) is
    # still about 1e-15 in floating point.
    reach = LOGISTIC_SCALE * math.log10(2.0 * m) + 1.0
    low, high = min(opponents) - reach, max(opponents) + reach
    candidate = (low + high) / 2.0
    for _ in range(200):
        expectations = [_we(candidate, o) for o in opponents]
        excess = math.fsum(expectations) - score
        if excess < 0.0:
            low = candidate
        else:
            high = candidate
        slope = slope_unit * math.fsum(e * (1.0 - e) for e in expectations)
        step = candidate - excess / slope
        if not low < step < high:
            step = (low + high) / 2.0
        if abs(step - candidate) <= PERFORMANCE_TOLERANCE or high - low <= PERFORMANCE_TOLERANCE:
            return step
        candidate = step
    return candidate


def _we(rating: float, opponent: float) -> float:
    # The plain Elo logistic (xlrating.rating.elo) with US Chess's scale; no range check, so the
    # performance search may try ratings outside 0..4000.
    return logistic_expected(rating, opponent, LOGISTIC_SCALE)


def _rating_class(rating: float) -> str:
    published = round_half_up(rating)
    for lowest, name in RATING_CLASSES:
        if published >= lowest:
            return name
    return RATING_CLASSES[-1][1]


# ------------------------------------------------------------------ public functions


def n_star(rating: float) -> float:
    """US Chess N*: 50/sqrt(0.662+0.00000739*(2569-R)^2) for ratings up to 2355, else 50.

    :param rating: the pre-event rating R0 (0 to 4000).
    :returns: N*, the cap on the effective number of games.
    :raises InvalidInputError: if ``rating`` is not a number from 0 to 4000.

    The spec's Step 2 example: a 1700 rating gives N* = 20.01.

    >>> round(n_star(1700), 2)
    20.01
    >>> n_star(2400)
    50.0
    """
    return _n_star(check_rating(rating))


def effective_games(rating: float, games: int | None) -> float:
    """US Chess effective number of games N' = min(N, N*); N* when the count is unknown.

    :param rating: the pre-event rating R0 (0 to 4000).
    :param games: prior rated games N, or None for an established player whose exact count
        is unknown (docs/rules/uscf.md#d7: N' = N*).
    :returns: N'.
    :raises InvalidInputError: if an argument is out of range.

    >>> round(effective_games(1700, 30), 2)
    20.01
    >>> effective_games(1700, 5)
    5.0
    """
    own = check_rating(rating)
    return _effective(own, check_games_count(games))


def winning_expectancy(rating: float, opponent: float) -> float:
    """US Chess winning expectancy We = 1/(1+10^(-(rating-opponent)/400)).

    :param rating: the player's rating (0 to 4000).
    :param opponent: the opponent's rating (0 to 4000).
    :returns: the expected score, between 0 and 1.
    :raises InvalidInputError: if an argument is out of range.

    >>> round(winning_expectancy(1300, 1250), 4)
    0.5715
    """
    return _we(check_rating(rating), check_rating(opponent, "opponent"))


def provisional_expectancy(rating: float, opponent: float) -> float:
    """US Chess provisional winning expectancy PWe: 0.5+(R-Ri)/800 within 400 points, else 0 or 1.

    :param rating: the player's rating R (0 to 4000).
    :param opponent: the opponent's rating Ri (0 to 4000).
    :returns: PWe, between 0 and 1.
    :raises InvalidInputError: if an argument is out of range.

    >>> provisional_expectancy(1200, 1300)
    0.375
    >>> provisional_expectancy(1000, 1500)
    0.0
    """
    return pwe(check_rating(rating), check_rating(opponent, "opponent"))


def k_factor_effective(
    rating: float, effective_games: float, event_games: int, dual_rated: bool = False
) -> float:
    """US Chess K from N' directly: 800/(N'+m), or the dual-rated K above 2200.

    :param rating: the pre-event rating R0 (0 to 4000); it matters only when dual-rated.
    :param effective_games: N' (at least 0).
    :param event_games: games in the event m (at least 1).
    :param dual_rated: True for the Regular rating of a dual-rated event: the numerator is
        800 (6.5 - 0.0025 R0) for 2200 < R0 < 2500 and 200 from 2500.
    :returns: K.
    :raises InvalidInputError: if an argument is out of range.

    2004 spec K table: N' = 20, m = 6 gives 30.77.

    >>> round(k_factor_effective(1700, 20, 6), 2)
    30.77
    >>> round(k_factor_effective(2300, 40, 6, dual_rated=True), 2)
    13.04
    """
    own = check_rating(rating)
    effective = check_effective(effective_games)
    m = check_count(event_games, "event_games", minimum=1)
    return _k(own, effective, m, check_flag(dual_rated, "dual_rated"))


def k_factor(rating: float, games: int | None, event_games: int, dual_rated: bool = False) -> float:
    """US Chess K factor 800/(N'+m) from the prior games N, or the dual-rated K above 2200.

    :param rating: the pre-event rating R0 (0 to 4000).
    :param games: prior rated games N, or None when established with an unknown count.
    :param event_games: games in the event m (at least 1).
    :param dual_rated: True for the Regular rating of a dual-rated event (docs/rules/uscf.md#d4).
    :returns: K.
    :raises InvalidInputError: if an argument is out of range.

    Seed 000: 1700 based on 30 games, 4 games in the event: K = 33.32.

    >>> round(k_factor(1700, 30, 4), 2)
    33.32
    """
    own = check_rating(rating)
    effective = _effective(own, check_games_count(games))
    m = check_count(event_games, "event_games", minimum=1)
    return _k(own, effective, m, check_flag(dual_rated, "dual_rated"))


def bonus_threshold(event_games: int, multiplier: float) -> float:
    """US Chess bonus threshold B*sqrt(max(m, 4)): 3-round events count as 4 rounds.

    :param event_games: games in the event m (at least 1).
    :param multiplier: the bonus multiplier B (at least 0).
    :returns: the threshold the change K(S - E) must exceed before bonus points are added.
    :raises InvalidInputError: if an argument is out of range.

    >>> bonus_threshold(3, 10)
    20.0
    >>> round(bonus_threshold(5, 10), 2)
    22.36
    """
    m = check_count(event_games, "event_games", minimum=1)
    return _threshold(m, check_multiplier(multiplier))


def special_objective(
    candidate: float,
    rating: float,
    effective_games: float,
    opponents: Sequence[float],
    results: Sequence[float],
    history: History = "mixed",
) -> float:
    """US Chess special formula's f(R) = N'*PWe(R,R0') + sum PWe(R,Ri) - S'; its root is the rating.

    :param candidate: the rating R at which f is evaluated (any finite number).
    :param rating: the pre-event rating R0 (0 to 4000).
    :param effective_games: N' (at least 0).
    :param opponents: the opponents' ratings, one per game.
    :param results: the results, one per game: 1, 0.5 or 0.
    :param history: "mixed", "all wins" or "all losses" (adjusts R0' and S' when N' > 0).
    :returns: f(candidate).
    :raises InvalidInputError: if an argument is out of range.

    >>> special_objective(1550, 1600, 0, [1200, 1500, 2400], [1, 0.5, 0])
    0.0
    """
    point = check_number(candidate, "candidate")
    own = check_rating(rating)
    effective = check_effective(effective_games)
    pairs = check_games(opponents, results)
    return special_setup(own, effective, pairs, check_history(history))(point)


def special_rating(
    rating: float,
    effective_games: float,
    opponents: Sequence[float],
    results: Sequence[float],
    history: History = "mixed",
) -> float:
    """US Chess special-formula rating, solved exactly by the spec's iteration, capped at 2700.

    Used when N <= 8 or the prior record is all wins or all losses.  The root of the
    piecewise-linear f (see :func:`special_objective`) is found by the breakpoint and
    secant steps 1-4 of the spec (epsilon 1e-7); in a flat stretch the tie rule picks
    R0 clamped to the neighbouring breakpoints.  With N' = 0 a perfect score gives the
    highest opponent + 400 and a zero score the lowest - 400.

    :param rating: the pre-event rating R0 (0 to 4000).
    :param effective_games: N' (at least 0; 1 for Step 3 estimates).
    :param opponents: the opponents' ratings, one per game.
    :param results: the results, one per game: 1, 0.5 or 0.
    :param history: "mixed", "all wins" or "all losses" (used only when N' > 0).
    :returns: the new rating, unrounded, before floors, at most 2700.
    :raises InvalidInputError: if an argument is out of range.

    Approximating-formulas example: 1500 based on 6 games beats 1400, loses to 1550 and
    draws 1650: 1511.11.

    >>> round(special_rating(1500, 6, [1400, 1550, 1650], [1, 0, 0.5]), 2)
    1511.11
    """
    own = check_rating(rating)
    effective = check_effective(effective_games)
    pairs = check_games(opponents, results)
    f = special_setup(own, effective, pairs, check_history(history))
    score = math.fsum(result for _, result in pairs)
    return min(solve_special(own, f, score), SPECIAL_CAP)


def performance_rating(opponents: Sequence[float], results: Sequence[float]) -> float:
    """Performance rating: the rating whose US Chess expected score equals the score made.

    Solves sum We(P, Ri) = S to 1e-9 by bisection.  A perfect score gives the highest
    opponent + 400, a zero score the lowest opponent - 400 (seed 000).

    :param opponents: the opponents' ratings, one per game.
    :param results: the results, one per game: 1, 0.5 or 0.
    :returns: the performance rating, unrounded.
    :raises InvalidInputError: if an argument is out of range.

    >>> round(performance_rating([1600, 1650, 1750, 1800], [1, 0.5, 0.5, 0]), 6)
    1700.0
    >>> performance_rating([1400, 1500], [1, 1])
    1900.0
    """
    return _performance(check_games(opponents, results))


def rating_class(rating: float) -> str:
    """US Chess rating class of a rating: Senior Master, National Master, Expert, Class A to J.

    The class is read from the published (rounded) rating.  Below 100 the lowest class,
    Class J, is returned.

    :param rating: a rating (0 to 4000).
    :returns: the class name.
    :raises InvalidInputError: if ``rating`` is out of range.

    >>> rating_class(1717)
    'Class B'
    >>> rating_class(2200)
    'National Master'
    """
    return _rating_class(check_rating(rating))


def initial_rating(age: float) -> float:
    """US Chess initial rating from age: 50 x age from 2 to 26, 100 under 2, 1300 over 26.

    :param age: the player's age in years (fractions allowed, at least 0).
    :returns: the initial rating (based on 0 games).
    :raises InvalidInputError: if ``age`` is not a number of at least 0.

    >>> initial_rating(6.5)
    325.0
    >>> initial_rating(40)
    1300.0
    """
    years = check_number(age, "age")
    if years < 0.0:
        raise InvalidInputError(f"age must be at least 0, got {show(age)}")
    if years < AGE_YOUNGEST:
        return AGE_RATING_INFANT
    if years > AGE_OLDEST:
        return AGE_RATING_ADULT
    return AGE_RATING_PER_YEAR * years


def rating_floor(
    peak_rating: float = 0.0,
    wins: int = 0,
    draws: int = 0,
    events: int = 0,
    life_master: bool = False,
) -> float:
    """US Chess rating floor: the highest of 100, the low-rating, peak-based and Life Master floors.

    :param peak_rating: the highest established rating ever reached (0 if none).  The
        peak floor is peak - 200 rounded down to a multiple of 100, only from 1200 to 2100.
    :param wins: rated wins in the player's career.
    :param draws: rated draws in the player's career.
    :param events: events in which the player completed at least 3 rated games.
    :param life_master: True for an Original Life Master (floor 2200).
    :returns: the floor, at least 100.  The low-rating floor is min(100+4W+2D+NR, 150).
    :raises InvalidInputError: if an argument is out of range.

    >>> rating_floor(peak_rating=1941)
    1700.0
    >>> rating_floor(wins=1, draws=1, events=1)
    107.0
    """
    peak = check_rating(peak_rating, "peak_rating")
    won = check_count(wins, "wins")
    drawn = check_count(draws, "draws")
    played = check_count(events, "events")
    floors = [
        ABSOLUTE_FLOOR,
        min(
            LOW_FLOOR_BASE
            + LOW_FLOOR_PER_WIN * won
            + LOW_FLOOR_PER_DRAW * drawn
            + LOW_FLOOR_PER_EVENT * played,
            LOW_FLOOR_CAP,
        ),
    ]
    peak_floor = math.floor((peak - PEAK_FLOOR_DROP) / PEAK_FLOOR_STEP) * PEAK_FLOOR_STEP
    if peak_floor >= PEAK_FLOOR_LOWEST:
        floors.append(min(peak_floor, PEAK_FLOOR_HIGHEST))
    if check_flag(life_master, "life_master"):
        floors.append(LIFE_MASTER_FLOOR)
    return max(floors)


def floor_kind(rating: float) -> Literal["low", "peak", ""]:
    """Which US Chess rating floor *rating* can be, by the floors :func:`rating_floor`
    gives: "low" for a low-rating floor (at most 150), "peak" for a peak-based floor (a
    multiple of 100 from 1200 to 2100) or the Life Master floor (2200), "" for none.

    >>> floor_kind(140.0), floor_kind(1700.0), floor_kind(2200.0), floor_kind(1750.0)
    ('low', 'peak', 'peak', '')
    """
    value = check_number(rating, "rating")
    if value <= LOW_FLOOR_CAP:
        return "low"
    stepped = PEAK_FLOOR_LOWEST <= value <= PEAK_FLOOR_HIGHEST and value % PEAK_FLOOR_STEP == 0
    if stepped or value == LIFE_MASTER_FLOOR:
        return "peak"
    return ""


def event_low_floor(results: Sequence[float]) -> float:
    """The low-rating floor one event's rated results alone give (the rating after the event
    counts the event, docs/rules/uscf.md#api-floor): wins and draws of *results*, and the
    event itself when it holds at least :data:`LOW_FLOOR_EVENT_GAMES` rated games.

    :param results: the player's rated results in the event (1, 0.5 or 0).
    :returns: the floor, at least 100 (:func:`rating_floor`).

    >>> event_low_floor([0, 0, 0])  # an unrated player's first event of three losses
    101.0
    >>> event_low_floor([1, 0.5])
    106.0
    """
    return rating_floor(
        wins=sum(result == 1.0 for result in results),
        draws=sum(result == 0.5 for result in results),
        events=1 if len(results) >= LOW_FLOOR_EVENT_GAMES else 0,
    )


def is_established(games: int | None) -> bool:
    """True when a US Chess rating is established (based on more than 25 games).

    :param games: games the rating is based on, or None for an established player whose
        count is unknown.
    :returns: True above 25 games (or for None), False otherwise.
    :raises InvalidInputError: if ``games`` is not a whole number of at least 0.

    >>> is_established(25), is_established(26), is_established(None)
    (False, True, True)
    """
    count = check_games_count(games)
    return count is None or count > ESTABLISHED_AFTER


def is_dual_rated(main_minutes: float, increment_seconds: float = 0.0) -> bool:
    """True when a time control is US Chess dual-rated: 30 <= minutes + delay/increment <= 65.

    :param main_minutes: main time per player in minutes (mm).
    :param increment_seconds: delay or increment in seconds (ss).
    :returns: True when 30 <= mm + ss <= 65.
    :raises InvalidInputError: if an argument is negative or not a number.

    >>> is_dual_rated(60), is_dual_rated(90, 30)
    (True, False)
    """
    minutes = check_number(main_minutes, "main_minutes")
    seconds = check_number(increment_seconds, "increment_seconds")
    if minutes < 0.0:
        raise InvalidInputError(f"main_minutes must be at least 0, got {show(main_minutes)}")
    if seconds < 0.0:
        raise InvalidInputError(
            f"increment_seconds must be at least 0, got {show(increment_seconds)}"
        )
    return DUAL_RATED_MIN_TIME <= minutes + seconds <= DUAL_RATED_MAX_TIME


def rounded_rating(rating: float) -> int:
    """US Chess published rating: the stored rating rounded to a whole number, halves up.

    :param rating: a rating (0 to 4000).
    :returns: the published whole number.
    :raises InvalidInputError: if ``rating`` is out of range.

    >>> rounded_rating(1716.66), rounded_rating(1338.5)
    (1717, 1339)
    """
    return round_half_up(check_rating(rating))


def rate(
    rating: float,
    games: int | None,
    opponents: Sequence[float],
    results: Sequence[float],
    *,
    floor: float = 0.0,
    bonus_ok: bool = True,
    dual_rated: bool = False,
    history: History = "mixed",
    event_date: _dt.date | None = None,
    multiplier: float | None = None,
) -> UscfResult:
    """US Chess post-event rating of one player by the standard or special formula, bonus and floor.

    The special formula is used when N <= 8 or the prior record is all wins or all
    losses (``history``); otherwise the standard formula R0 + K(S - E) plus the bonus
    max(0, K(S - E) - B sqrt(max(m, 4))) when m >= 3 and ``bonus_ok``.  The result is
    never below the floor: max(result, 100, ``floor``).

    :param rating: the pre-event rating R0 (0 to 4000), unrounded if known.
    :param games: prior rated games N, or None for an established player whose count is
        unknown (N' = N*).
    :param opponents: the opponents' ratings, one per game.
    :param results: the results, one per game: 1, 0.5 or 0.
    :param floor: the player's own floor, e.g. from :func:`rating_floor` (0 for none).
    :param bonus_ok: False when an opponent was met more than twice (no bonus).
    :param dual_rated: True for the Regular rating of a dual-rated event (reduced K above
        2200; standard formula only).
    :param history: "mixed", "all wins" or "all losses" (the prior record; needs N > 0).
    :param event_date: the event's end date, choosing B; None means today.
    :param multiplier: an explicit bonus multiplier B, overriding ``event_date``.
    :returns: a :class:`UscfResult`.
    :raises InvalidInputError: if an argument is out of range.

    Seed 000: 1700 based on 30 games, opponents 1600, 1650, 1750, 1800, score 2.5.

    >>> r = rate(1700, 30, [1600, 1650, 1750, 1800], [1, 0.5, 1, 0])
    >>> round(r.k, 2), round(r.change, 2), r.rounded, r.rating_class
    (33.32, 16.66, 1717, 'Class B')
    """
    own = check_uscf_rating(rating, "rating")
    prior_games = check_games_count(games)
    pairs = check_games(opponents, results)
    rated = tuple(opponent for opponent, _ in pairs)
    scores = tuple(result for _, result in pairs)
    if min(rated) < ABSOLUTE_FLOOR:
        for number, (opponent, _) in enumerate(pairs, start=1):
            check_uscf_rating(opponent, f"opponents[{number}]")
    own_floor = check_rating(floor, "floor")
    bonus_allowed = check_flag(bonus_ok, "bonus_ok")
    dual = check_flag(dual_rated, "dual_rated")
    record = check_history(history)
    if event_date is not None:
        check_date(event_date, "event_date")
    b = bonus_multiplier(event_date) if multiplier is None else check_multiplier(multiplier)

    m = len(pairs)
    score = math.fsum(scores)
    expected = math.fsum([_we(own, opponent) for opponent in rated])
    star = _n_star(own)
    effective = _effective(own, prior_games)
    threshold = _threshold(m, b)
    special = record != "mixed" or (prior_games is not None and prior_games <= SPECIAL_MAX_GAMES)

    k: float | None
    if special:
        formula: Formula = "special"
        k = None
        solved = min(
            solve_special(own, special_setup(own, effective, pairs, record), score), SPECIAL_CAP
        )
        change_before_bonus = solved - own
        eligible = False
        bonus = 0.0
    else:
        formula = "standard"
        k = _k(own, effective, m, dual)
        change_before_bonus = k * (score - expected)
        eligible = bonus_allowed and m >= BONUS_MIN_GAMES
        bonus = max(0.0, change_before_bonus - threshold) if eligible else 0.0

    unfloored = own + change_before_bonus + bonus
    applied_floor = max(ABSOLUTE_FLOOR, own_floor)
    new_rating = max(unfloored, applied_floor)
    games_after = None if prior_games is None else prior_games + m
    status: Status = "established" if is_established(games_after) else "provisional"
    return UscfResult(
        rating=own,
        games=prior_games,
        history=record,
        formula=formula,
        n_star=star,
        effective_games=effective,
        k=k,
        event_games=m,
        score=score,
        expected=expected,
        change_before_bonus=change_before_bonus,
        bonus_eligible=eligible,
        threshold=threshold,
        bonus=bonus,
        multiplier=b,
        unfloored=unfloored,
        floor=applied_floor,
        new_rating=new_rating,
        change=new_rating - own,
        rounded=round_half_up(new_rating),
        rating_class=_rating_class(new_rating),
        status=status,
        games_after=games_after,
        opponents=rated,
        results=scores,
    )
