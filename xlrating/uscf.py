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

Readings chosen here where the sources leave a choice (each is one constant or branch):

* Bonus multiplier B by event end date: 14 from 2017-05-01, 12 from 2023-02-01, 10 from
  2025-01-01 (docs/rules/uscf.md#d3).  For an earlier event no B is assumed: the sources
  only date B = 12 to "~2015-2017" and also report 10 and 6 for earlier years
  (docs/rules/uscf.md#bonus-b), so :func:`bonus_multiplier` raises and the caller must
  give ``multiplier``.
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
import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from ._check import (
    MAX_RATING,
    check_count,
    check_date,
    check_games,
    check_number,
    check_rating,
    show,
)
from ._numeric import logistic_expected, round_half_up
from .errors import InvalidInputError

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

History = Literal["mixed", "all wins", "all losses"]
Formula = Literal["standard", "special"]
Status = Literal["provisional", "established"]

# ------------------------------------------------------------------ Step 2: N* and N'

# US Chess Rating System, Step 2 (effective number of games), in force for events ending
# 18 May 2013 or later (US Chess EB announcement, uschess.org/content/view/12202/5):
# N* = 50 / sqrt(0.662 + 0.00000739 (2569 - R0)^2) if R0 <= 2355, N* = 50 if R0 > 2355.
# docs/rules/uscf.md#step-2; docs/rules/uscf.md#d1.
NSTAR_NUMERATOR: Final = 50.0
NSTAR_BASE: Final = 0.662
NSTAR_SLOPE: Final = 0.00000739
NSTAR_CENTRE: Final = 2569.0
NSTAR_CUTOFF: Final = 2355.0
# Same source: N* = 50 above the cutoff.
NSTAR_ABOVE_CUTOFF: Final = 50.0

# US Chess Rating System (2015 text, 2020 text): a rating is established when based on
# more than 25 games, provisional otherwise (docs/rules/uscf.md#floors).
ESTABLISHED_AFTER: Final = 25

# US Chess Rating System, Steps 4-5: the special formula applies when N <= 8, or when all
# prior rated games were wins or all were losses (docs/rules/uscf.md#special, "When").
SPECIAL_MAX_GAMES: Final = 8

# ------------------------------------------------------------------ expectancies

# US Chess Rating System, standard formula: We = 1 / (1 + 10^(-(R0 - Ri)/400))
# (docs/rules/uscf.md#standard).
LOGISTIC_SCALE: Final = 400.0

# US Chess Rating System, special formula: PWe = 0 at R <= Ri - 400, 1 at R >= Ri + 400,
# 0.5 + (R - Ri)/800 in between (docs/rules/uscf.md#special, "PWe").
PWE_HALF_WIDTH: Final = 400.0

# ------------------------------------------------------------------ K and bonus

# US Chess Rating System, standard formula: K = 800 / (N' + m) (docs/rules/uscf.md#standard).
K_NUMERATOR: Final = 800.0

# Dual-rated K for Regular ratings of high-rated players (docs/rules/uscf.md#dual-k; intent:
# 2013 EB text; constants from 3 implementations; docs/rules/uscf.md#d4):
# K = 800 (6.5 - 0.0025 R0) / (N' + m) for 2200 < R0 < 2500, K = 200 / (N' + m) for R0 >= 2500.
DUAL_K_FROM: Final = 2200.0
DUAL_K_TOP_FROM: Final = 2500.0
DUAL_K_INTERCEPT: Final = 6.5
DUAL_K_SLOPE: Final = 0.0025
DUAL_K_TOP_NUMERATOR: Final = 200.0

# US Chess Rating System, 2020 text: with mm = main time in minutes and ss = delay or
# increment in seconds, an event is dual-rated (OTB Regular and Quick) when
# 30 <= mm + ss <= 65 (docs/rules/uscf.md#systems, "Systems and time controls").
DUAL_RATED_MIN_TIME: Final = 30.0
DUAL_RATED_MAX_TIME: Final = 65.0

# US Chess Rating System, standard formula: the bonus applies when m >= 3 and no opponent
# is met more than twice; 3-round events count as 4 rounds in B sqrt(max(m, 4))
# (docs/rules/uscf.md#standard; 2004 spec node5; docs/rules/uscf.md#d3).
BONUS_MIN_GAMES: Final = 3
BONUS_MIN_ROUNDS: Final = 4

# Bonus multiplier B by the event's end date (docs/rules/uscf.md#bonus-b;
# docs/rules/uscf.md#d3): 14 for events ending 2017-05-01 or later (new.uschess.org/news/
# us-chess-rating-bonus-formula-change); 12 from 2023-02-01 (announced 2023-10-30,
# new.uschess.org/news/change-us-chess-ratings-bonus-threshold-lowered); 10 for all 2025
# events (forum.uschess.org/t/2025-rerate-with-lowered-bonus-threshold/58574).
BONUS_MULTIPLIERS: Final[tuple[tuple[_dt.date, float], ...]] = (
    (_dt.date(2017, 5, 1), 14.0),
    (_dt.date(2023, 2, 1), 12.0),
    (_dt.date(2025, 1, 1), 10.0),
)

# ------------------------------------------------------------------ special formula

# Special formula, adjusted prior: all prior wins -> R0' = R0 - 400 and S' = S + N'; all
# prior losses -> R0' = R0 + 400 and S' = S; otherwise R0' = R0 and S' = S + N'/2
# (US Chess Rating System; docs/rules/uscf.md#special, "Adjusted prior rating").
SPECIAL_HISTORY_SHIFT: Final = 400.0

# Special formula iteration tolerance epsilon = 1e-7 (spec §4.1 as implemented by two
# implementations; docs/rules/uscf.md#special "Algorithm"; docs/rules/uscf.md#d2).
SPECIAL_EPSILON: Final = 1e-7

# Special formula result capped at 2700 (3 implementations, docs/rules/uscf.md#special "Cap";
# docs/rules/uscf.md#d2).
SPECIAL_CAP: Final = 2700.0

# ------------------------------------------------------------------ floors

# US Chess Rating System: no rating below 100 (2004 spec node6; docs/rules/uscf.md#floors).
ABSOLUTE_FLOOR: Final = 100.0

# Personal low-rating floor AF = min(100 + 4 NW + 2 ND + NR, 150), NW rated wins, ND rated
# draws, NR events with >= 3 rated games (spec text quoted on forum.uschess.org/t/
# minimum-rating-floor-in-the-online-rating-systems/24398; docs/rules/uscf.md#floors).
LOW_FLOOR_BASE: Final = 100.0
LOW_FLOOR_PER_WIN: Final = 4.0
LOW_FLOOR_PER_DRAW: Final = 2.0
LOW_FLOOR_PER_EVENT: Final = 1.0
LOW_FLOOR_CAP: Final = 150.0

# Peak-based floor: the peak established rating minus 200, rounded down to a multiple of
# 100; such floors exist only at 1200, 1300, ..., 2100 (rulebook ADM chapter 8 section 5
# quoting the spec; docs/rules/uscf.md#floors).
PEAK_FLOOR_DROP: Final = 200.0
PEAK_FLOOR_STEP: Final = 100.0
PEAK_FLOOR_LOWEST: Final = 1200.0
PEAK_FLOOR_HIGHEST: Final = 2100.0

# Original Life Master floor 2200 (spec text quoted on uschess.discourse.group/t/
# rules-adm-chapter-8-section-5-rating-floors/20678; docs/rules/uscf.md#floors).
LIFE_MASTER_FLOOR: Final = 2200.0

# ------------------------------------------------------------------ Step 1: age rule

# Initial rating from age (US Chess office post, uschess.discourse.group/t/
# proposal-from-the-ratings-committee/1642?page=3, rule since Sept 2005; docs/rules/uscf.md#step-1):
# 50 x age for 2 <= age <= 26, 100 below 2, 1300 above 26, fractional ages allowed.
AGE_RATING_PER_YEAR: Final = 50.0
AGE_YOUNGEST: Final = 2.0
AGE_OLDEST: Final = 26.0
AGE_RATING_INFANT: Final = 100.0
AGE_RATING_ADULT: Final = 1300.0

# ------------------------------------------------------------------ performance, classes

# Seed 000 ("What Is the Event Performance Rating?"): a perfect score is rated 400 above
# the highest opponent, a zero score 400 below the lowest.
PERFORMANCE_MARGIN: Final = 400.0
# Seed 000 solves sum We(P, Ri) = S; xlrating stops when the bracket is this narrow.
PERFORMANCE_TOLERANCE: Final = 1e-9

# US Chess rating classes (docs/rules/uscf.md#classes, "USCF classification"; the same bands
# as seed 000's table): lower bound of each class, highest first.
RATING_CLASSES: Final[tuple[tuple[float, str], ...]] = (
    (2400.0, "Senior Master"),
    (2200.0, "National Master"),
    (2000.0, "Expert"),
    (1800.0, "Class A"),
    (1600.0, "Class B"),
    (1400.0, "Class C"),
    (1200.0, "Class D"),
    (1000.0, "Class E"),
    (800.0, "Class F"),
    (600.0, "Class G"),
    (400.0, "Class H"),
    (200.0, "Class I"),
    (100.0, "Class J"),
)


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


# ------------------------------------------------------------------ validation helpers


def _check_flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidInputError(f"{name} must be TRUE or FALSE, got {show(value)}")
    return value


def _check_history(value: object) -> History:
    if value == "mixed":
        return "mixed"
    if value == "all wins":
        return "all wins"
    if value == "all losses":
        return "all losses"
    raise InvalidInputError(
        f"history must be 'mixed', 'all wins' or 'all losses', got {show(value)}"
    )


def check_uscf_rating(value: object, name: str) -> float:
    """A US Chess rating: plausible, and not below the absolute floor (no rating is)."""
    if type(value) is float and ABSOLUTE_FLOOR <= value <= MAX_RATING:
        return value
    number = check_rating(value, name)
    if number < ABSOLUTE_FLOOR:
        raise InvalidInputError(
            f"{name} must be a US Chess rating of at least {ABSOLUTE_FLOOR:g}, got {show(value)}"
        )
    return number


def _check_games_count(games: object) -> int | None:
    return None if games is None else check_count(games, "games")


def _check_effective(value: object) -> float:
    number = check_number(value, "effective_games")
    if number < 0.0:
        raise InvalidInputError(f"effective_games must be at least 0, got {show(value)}")
    return number


def _check_multiplier(value: object) -> float:
    number = check_number(value, "multiplier")
    if number < 0.0:
        raise InvalidInputError(f"multiplier must be at least 0, got {show(value)}")
    return number


# ------------------------------------------------------------------ pure kernels


def _n_star(rating: float) -> float:
    if rating > NSTAR_CUTOFF:
        return NSTAR_ABOVE_CUTOFF
    return NSTAR_NUMERATOR / math.sqrt(NSTAR_BASE + NSTAR_SLOPE * (NSTAR_CENTRE - rating) ** 2)


def _effective(rating: float, games: int | None) -> float:
    star = _n_star(rating)
    return star if games is None else min(float(games), star)


def _pwe(rating: float, opponent: float) -> float:
    # Compared against the same expressions as the breakpoints, so that PWe is exactly 0
    # (or 1) at the breakpoints themselves.
    if rating <= opponent - PWE_HALF_WIDTH:
        return 0.0
    if rating >= opponent + PWE_HALF_WIDTH:
        return 1.0
    return 0.5 + (rating - opponent) / (2.0 * PWE_HALF_WIDTH)


def _k(rating: float, effective: float, event_games: int, dual_rated: bool) -> float:
    numerator = K_NUMERATOR
    if dual_rated and rating >= DUAL_K_TOP_FROM:
        numerator = DUAL_K_TOP_NUMERATOR
    elif dual_rated and rating > DUAL_K_FROM:
        numerator = K_NUMERATOR * (DUAL_K_INTERCEPT - DUAL_K_SLOPE * rating)
    return numerator / (effective + event_games)


def _threshold(event_games: int, multiplier: float) -> float:
    return multiplier * math.sqrt(max(event_games, BONUS_MIN_ROUNDS))


@dataclass(frozen=True, slots=True)
class _Special:
    """The special formula's objective f(R) = N' PWe(R, R0') + sum PWe(R, Ri) - S'."""

    weight: float  # N'
    prior: float  # R0'
    target: float  # S'
    opponents: tuple[float, ...]

    def __call__(self, rating: float) -> float:
        total = self.weight * _pwe(rating, self.prior)
        total += math.fsum(_pwe(rating, opponent) for opponent in self.opponents)
        return total - self.target


def _special_setup(
    rating: float, effective: float, pairs: Sequence[tuple[float, float]], history: History
) -> _Special:
    score = math.fsum(result for _, result in pairs)
    # The all-wins / all-losses adjustment needs a prior history: only when N' > 0.
    kind = history if effective > 0.0 else "mixed"
    if kind == "all wins":
        prior, target = rating - SPECIAL_HISTORY_SHIFT, score + effective
    elif kind == "all losses":
        prior, target = rating + SPECIAL_HISTORY_SHIFT, score
    else:
        prior, target = rating, score + effective / 2.0
    return _Special(effective, prior, target, tuple(opponent for opponent, _ in pairs))


def _breakpoints(f: _Special) -> tuple[float, ...]:
    """Sz: R0' +- 400 and Ri +- 400, sorted, without repeats (docs/rules/uscf.md#special)."""
    points = {f.prior - PWE_HALF_WIDTH, f.prior + PWE_HALF_WIDTH}
    for opponent in f.opponents:
        points.update((opponent - PWE_HALF_WIDTH, opponent + PWE_HALF_WIDTH))
    return tuple(sorted(points))


def _start(f: _Special, score: float) -> float:
    """Step 1: M = (N' R0' + sum Ri + 400 (2S - m)) / (N' + m), raw S (docs/rules/uscf.md#d2)."""
    m = len(f.opponents)
    total = f.weight * f.prior + math.fsum(f.opponents)
    return (total + PWE_HALF_WIDTH * (2.0 * score - m)) / (f.weight + m)


def _solve_special(rating: float, f: _Special, score: float) -> float:
    """Steps 1-4 of the special formula (docs/rules/uscf.md#special), uncapped.

    Termination.  f is continuous, non-decreasing and linear between consecutive
    breakpoints Sz.  Below min(Sz) every PWe is 0, so f = -S' <= 0; above max(Sz) every
    PWe is 1, so f = N' + m - S' >= 0.  Hence when f(M) > eps a breakpoint za < M exists
    (and zb > M when f(M) < -eps), and the start M lies in [min Sz, max Sz] because it is
    a weighted mean of R0' and of Ri + 400 (2 si - 1).  f is linear on [za, M], so the
    secant M* is the exact root of that piece: each pass either stops (|f| <= eps), moves
    M to the root of its piece (after which |f| <= eps up to rounding) or moves M to a
    breakpoint strictly further in the same direction where f keeps its sign (the root
    lies beyond it, or f is flat there and f(za) > f(M) - eps > 0).  So the search never
    turns back and visits each breakpoint at most once: at most len(Sz) + 2 passes.
    The loop below allows more than that and raises if the proof were ever wrong.
    """
    knots = _breakpoints(f)
    point = _start(f, score)
    for _ in range(2 * len(knots) + 8):
        value = f(point)
        if value > SPECIAL_EPSILON:  # Step 2: move down.
            below = max(z for z in knots if z < point)
            at_below = f(below)
            if abs(value - at_below) < SPECIAL_EPSILON:
                point = below
                continue
            secant = point - value * (point - below) / (value - at_below)
            # value - at_below >= eps > 0 here, so secant < point.
            point = below if secant < below else secant
        elif value < -SPECIAL_EPSILON:  # Step 3: move up, the mirror image.
            above = min(z for z in knots if z > point)
            at_above = f(above)
            if abs(at_above - value) < SPECIAL_EPSILON:
                point = above
                continue
            secant = point - value * (above - point) / (at_above - value)
            point = above if secant > above else secant
        else:
            break
    else:  # pragma: no cover - unreachable, see the termination argument above
        raise RuntimeError("special formula did not converge; please report this input")

    # Step 4 (tie rule, docs/rules/uscf.md#d2): count opponents within 400 (inclusive) and the prior
    # only when it has weight; with none, M is inside a flat stretch and the answer is the
    # unadjusted R0 clamped to the neighbouring breakpoints.  "Within 400" is tested
    # against the breakpoints' own expressions (not |M - Ri| <= 400, which rounding can
    # push to 400.0000000000003 when M sits on the knot Ri + 400).
    def within(centre: float) -> bool:
        return centre - PWE_HALF_WIDTH <= point <= centre + PWE_HALF_WIDTH

    near = sum(within(opponent) for opponent in f.opponents)
    if f.weight > 0.0 and within(f.prior):
        near += 1
    if near == 0:
        low = max((z for z in knots if z < point), default=-math.inf)
        high = min((z for z in knots if z > point), default=math.inf)
        point = min(max(rating, low), high)
    return point


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
    # smooth, so a few passes reach the tolerance.
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
        step = candidate - excess / slope if slope > 0.0 else (low + high) / 2.0
        if not low < step < high:
            step = (low + high) / 2.0
        if abs(step - candidate) <= PERFORMANCE_TOLERANCE or high - low <= PERFORMANCE_TOLERANCE:
            return step
        candidate = step
    return candidate


def _we(rating: float, opponent: float) -> float:
    # The plain Elo logistic (xlrating.elo) with US Chess's scale; no range check, so the
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
    return _effective(own, _check_games_count(games))


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
    return _pwe(check_rating(rating), check_rating(opponent, "opponent"))


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
    effective = _check_effective(effective_games)
    m = check_count(event_games, "event_games", minimum=1)
    return _k(own, effective, m, _check_flag(dual_rated, "dual_rated"))


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
    effective = _effective(own, _check_games_count(games))
    m = check_count(event_games, "event_games", minimum=1)
    return _k(own, effective, m, _check_flag(dual_rated, "dual_rated"))


@dataclass(frozen=True, slots=True)
class UscfRules:
    """US Chess's dated constants for an event ending on one date, decided once.

    :func:`uscf_rules` resolves a date to one of these (cached); :func:`bonus_multiplier`,
    :func:`rate` and :func:`xlrating.events.uscf_event` read it.  The other constants of
    the rating system carry no date in the sources we hold (Step 2's N* formula is in force
    for events ending 18 May 2013 or later and is applied to every date).
    """

    #: The event's end date the constants are for.
    date: _dt.date
    #: Bonus multiplier B (:data:`BONUS_MULTIPLIERS`, docs/rules/uscf.md#d3): 14 from 2017-05-01, 12
    #: from 2023-02-01, 10 from 2025-01-01; None before 2017-05-01, when the sources give
    #: no dated B (the caller must give one).
    bonus_multiplier: float | None


def uscf_rules(event_date: _dt.date | None = None) -> UscfRules:
    """US Chess's dated constants in force for an event ending on *event_date*.

    :param event_date: the event's end date; None means today.
    :returns: the constants, the same object for the same date (cached).
    :raises InvalidInputError: if *event_date* is not a date.

    >>> import datetime
    >>> uscf_rules(datetime.date(2023, 1, 31)).bonus_multiplier
    14.0
    >>> uscf_rules(datetime.date(2017, 4, 30)).bonus_multiplier is None
    True
    """
    when = _dt.date.today() if event_date is None else check_date(event_date, "event_date")
    return _rules(when)


@functools.lru_cache(maxsize=1024)
def _rules(day: _dt.date) -> UscfRules:
    """Decide the dated constants for *day* (each constant cites its source above)."""
    chosen: float | None = None
    for start, value in BONUS_MULTIPLIERS:
        if day >= start:
            chosen = value
    return UscfRules(date=day, bonus_multiplier=chosen)


def bonus_multiplier(event_date: _dt.date | None = None) -> float:
    """US Chess bonus multiplier B by event end date: 14 (2017-05), 12 (2023-02), 10 (2025).

    :param event_date: the event's end date; None means today.
    :returns: B: 14 from 2017-05-01, 12 from 2023-02-01, 10 from 2025-01-01.
    :raises InvalidInputError: for a date before 2017-05-01, when the sources give no
        dated B (give the multiplier yourself), or a value that is not a date.

    >>> import datetime
    >>> bonus_multiplier(datetime.date(2024, 6, 1))
    12.0
    >>> bonus_multiplier(datetime.date(2025, 1, 1))
    10.0
    """
    rules = uscf_rules(event_date)
    if rules.bonus_multiplier is None:
        first = BONUS_MULTIPLIERS[0][0].isoformat()
        raise InvalidInputError(
            f"event_date {rules.date.isoformat()} is before {first}, the earliest date with a "
            "known bonus multiplier: give the multiplier"
        )
    return rules.bonus_multiplier


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
    return _threshold(m, _check_multiplier(multiplier))


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
    effective = _check_effective(effective_games)
    pairs = check_games(opponents, results)
    return _special_setup(own, effective, pairs, _check_history(history))(point)


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
    effective = _check_effective(effective_games)
    pairs = check_games(opponents, results)
    f = _special_setup(own, effective, pairs, _check_history(history))
    score = math.fsum(result for _, result in pairs)
    return min(_solve_special(own, f, score), SPECIAL_CAP)


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
    if _check_flag(life_master, "life_master"):
        floors.append(LIFE_MASTER_FLOOR)
    return max(floors)


def is_established(games: int | None) -> bool:
    """True when a US Chess rating is established (based on more than 25 games).

    :param games: games the rating is based on, or None for an established player whose
        count is unknown.
    :returns: True above 25 games (or for None), False otherwise.
    :raises InvalidInputError: if ``games`` is not a whole number of at least 0.

    >>> is_established(25), is_established(26), is_established(None)
    (False, True, True)
    """
    count = _check_games_count(games)
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
    prior_games = _check_games_count(games)
    pairs = check_games(opponents, results)
    rated, scores = zip(*pairs, strict=True)
    if min(rated) < ABSOLUTE_FLOOR:
        for number, (opponent, _) in enumerate(pairs, start=1):
            check_uscf_rating(opponent, f"opponents[{number}]")
    own_floor = check_rating(floor, "floor")
    bonus_allowed = _check_flag(bonus_ok, "bonus_ok")
    dual = _check_flag(dual_rated, "dual_rated")
    record = _check_history(history)
    if event_date is not None:
        check_date(event_date, "event_date")
    b = bonus_multiplier(event_date) if multiplier is None else _check_multiplier(multiplier)

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
            _solve_special(own, _special_setup(own, effective, pairs, record), score), SPECIAL_CAP
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
