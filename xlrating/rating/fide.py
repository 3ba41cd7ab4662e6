"""FIDE ratings: expected score, rating change, K-factor, performance and first rating.

Implements the FIDE Rating Regulations (Handbook B.02) effective 1 March 2024 as amended on
1 October 2025, the Rapid and Blitz Rating Regulations of 2024 (with the 600-point rule of
1 December 2024) and the performance rating of the Title Regulations (B.01, 1.4.7-1.4.9).
The expected-score rule also covers the earlier 350- and 400-point rules by date.

The articles, their sources and editions are written up in ``docs/rules/fide.md`` (cited
below by anchor, for example ``docs/rules/fide.md#k``); where the texts leave a choice, its
rulings D1-D6 (``docs/rules/fide.md#d1`` to ``#d6``) are followed and named below.  Which
rule applies on a date is decided once, by :func:`fide_rules`; the tables, the dated
constants and :class:`FideRules` live in :mod:`xlrating.rating.fide_rules` and are re-exported here.
Tables 8.1.1 and 8.1.2 are transcribed as printed, never replaced by the curve they
approximate, and all arithmetic on them is exact (:class:`fractions.Fraction`), so 8.3.4's
rounding of a .5 away from zero happens on the true value, not on a binary float.

>>> change = rating_change(1800, [1750, 1850, 1900, 1700, 2000], [1, 0.5, 0, 1, 0.5], k=20)
>>> change.expected_total, change.change_unrounded, change.change, change.new_rating
(2.24, 15.2, 15, 1815)
"""

from __future__ import annotations

import datetime as _dt
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..errors import InvalidInputError, NoRatingError
from ._check import (
    check_count,
    check_number,
    check_rating,
    show,
)
from .fide_rules import ADJUSTMENT_2024_SHARE as ADJUSTMENT_2024_SHARE
from .fide_rules import ADJUSTMENT_2024_TARGET as ADJUSTMENT_2024_TARGET
from .fide_rules import CAP_350 as CAP_350
from .fide_rules import CAP_350_FROM as CAP_350_FROM
from .fide_rules import CAP_400 as CAP_400
from .fide_rules import CAP_400_FROM as CAP_400_FROM
from .fide_rules import (
    DP_BY_PERCENT,
    PD_HIGHS,
    PD_HUNDREDTHS,
    TABLE_8_1_2,
    ExpectedMethod,
    FideRules,
    RatingList,
    check_day,
    check_fide_games,
    check_fide_rating,
    check_flag,
    check_method,
    check_rating_list,
    exact_fraction,
    half_away,
    half_up,
    rules_on,
)
from .fide_rules import EARLIEST_BIRTH_YEAR as EARLIEST_BIRTH_YEAR
from .fide_rules import EXEMPTION_2650_FROM as EXEMPTION_2650_FROM
from .fide_rules import EXEMPTION_2650_RATING as EXEMPTION_2650_RATING
from .fide_rules import FIRST_RATING_MAX as FIRST_RATING_MAX
from .fide_rules import FIRST_RATING_MIN_GAMES as FIRST_RATING_MIN_GAMES
from .fide_rules import FIRST_RATING_RULES_FROM as FIRST_RATING_RULES_FROM
from .fide_rules import HYPOTHETICAL_OPPONENTS as HYPOTHETICAL_OPPONENTS
from .fide_rules import HYPOTHETICAL_RATING as HYPOTHETICAL_RATING
from .fide_rules import HYPOTHETICAL_RESULT as HYPOTHETICAL_RESULT
from .fide_rules import K_ELITE as K_ELITE
from .fide_rules import K_ELITE_RATING as K_ELITE_RATING
from .fide_rules import K_JUNIOR as K_JUNIOR
from .fide_rules import K_JUNIOR_AGE as K_JUNIOR_AGE
from .fide_rules import K_JUNIOR_RATING as K_JUNIOR_RATING
from .fide_rules import K_MAX as K_MAX
from .fide_rules import K_NEW as K_NEW
from .fide_rules import K_NEW_GAMES as K_NEW_GAMES
from .fide_rules import K_PERIOD_LIMIT as K_PERIOD_LIMIT
from .fide_rules import K_RAPID_BLITZ_BEFORE as K_RAPID_BLITZ_BEFORE
from .fide_rules import K_RULES_FROM as K_RULES_FROM
from .fide_rules import K_STANDARD as K_STANDARD
from .fide_rules import LOGISTIC_SCALE as LOGISTIC_SCALE
from .fide_rules import LOWEST_RATING as LOWEST_RATING
from .fide_rules import RAPID_BLITZ_SAME_K_FROM as RAPID_BLITZ_SAME_K_FROM
from .fide_rules import RATING_FLOOR as RATING_FLOOR
from .fide_rules import RULE_600_DIFFERENCE as RULE_600_DIFFERENCE
from .fide_rules import RULE_600_FROM as RULE_600_FROM
from .fide_rules import RULE_600_RATING as RULE_600_RATING
from .fide_rules import TABLE_8_1_1 as TABLE_8_1_1
from .fide_rules import UPGRADE_LIMIT_ABOLISHED as UPGRADE_LIMIT_ABOLISHED
from .fide_rules import UPGRADE_LIMIT_FROM as UPGRADE_LIMIT_FROM
from .fide_rules import fide_rules as fide_rules

__all__ = [
    "CAP_350",
    "CAP_350_FROM",
    "CAP_400",
    "CAP_400_FROM",
    "EXEMPTION_2650_FROM",
    "EXEMPTION_2650_RATING",
    "FIRST_RATING_RULES_FROM",
    "RULE_600_FROM",
    "TABLE_8_1_1",
    "TABLE_8_1_2",
    "UPGRADE_LIMIT_ABOLISHED",
    "ExpectedMethod",
    "FideChange",
    "FideRules",
    "FirstRating",
    "RatingList",
    "check_fide_rating",
    "check_rating_list",
    "dp",
    "expected_score",
    "fide_rules",
    "first_rating",
    "is_rated_game",
    "k_factor",
    "one_time_adjustment_2024",
    "performance_rating",
    "rating_change",
    "round_rating_change",
]


# --- Results ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FideChange:
    """A rated player's rating change for one rating period (B.02 8.3)."""

    #: The rating at the start of the period.
    rating: float
    #: The K-factor used, as given.
    k: float
    #: PD for each game, in input order; None where the game is not rated.
    expected: tuple[float | None, ...]
    #: D used for each game after the 350/400-point rule; None where the game is not rated.
    differences: tuple[float | None, ...]
    #: Sum of PD over the rated games.
    expected_total: float
    #: Points scored in the rated games.
    score: float
    #: Number of rated games.
    rated_games: int
    #: K x sum(score - PD) before rounding.
    change_unrounded: float
    #: The change rounded to a whole number, .5 away from zero (8.3.4).
    change: int
    #: rating + change (a whole number when the rating is).
    new_rating: float
    #: Performance rating of the rated games (Title Regulations 1.4.8); None if there are none.
    performance: int | None


@dataclass(frozen=True, slots=True)
class FirstRating:
    """A first (initial) rating under the 2024 rules (B.02 7.1.4, 8.2), or why there is none."""

    #: The rating that would be published; None when none results (see ``reason``).
    rating: int | None
    #: True when a rating is published (``rating`` is not None).
    published: bool
    #: Why there is or is not a rating, one line.
    reason: str
    #: Ra: average of the counted rated opponents and two hypothetical 1800s (8.2.2).
    average: float | None
    #: p: fractional score with the two hypothetical draws.
    fraction: float | None
    #: p as a whole percent, 0.5 rounded up (docs/rules/fide.md#d2).
    percent: int | None
    #: dp from table 8.1.1 for that percent.
    dp: int | None
    #: n: games against rated opponents that count.
    games: int
    #: Points scored in those games (without the hypothetical draws).
    score: float
    #: Ru rounded half up and limited to 2200, before the 5-game and 1400 tests.
    computed: int | None
    #: Games of a zero-score first event left out under 8.2.1.
    disregarded_games: int


# --- Expected score ---------------------------------------------------------------------------


def _difference(rating: float, opponent: float, cap: int | None) -> Fraction:
    difference = exact_fraction(rating) - exact_fraction(opponent)
    if cap is None:
        return difference
    return max(Fraction(-cap), min(Fraction(cap), difference))


def _table_pd(difference: Fraction) -> Fraction:
    """PD from table 8.1.2: column H for D >= 0, column L = 1 - H for D < 0.

    A row covers the differences above the previous row's upper bound up to its own, so a
    fractional D (only possible with unrounded ratings) such as 3.5 falls in "4-10", as
    735.5 falls in "> 735".
    """
    magnitude = abs(difference)
    # The last row is open ("> 735"), so a row is always found.
    higher = Fraction(next(pd for _, high, pd in TABLE_8_1_2 if high is None or magnitude <= high))
    return higher if difference >= 0 else 1 - higher


def _pd(difference: Fraction, method: ExpectedMethod) -> Fraction:
    if method == "table":
        return _table_pd(difference)
    return Fraction(1 / (1 + 10 ** (-float(difference) / LOGISTIC_SCALE)))


def expected_score(
    rating: float,
    opponent: float,
    rating_list: RatingList = "standard",
    event_date: _dt.date | None = None,
    method: ExpectedMethod = "table",
) -> float:
    """FIDE expected score (PD) against one opponent: table 8.1.2 with the 400-point rule.

    D = rating - opponent, limited by the rule in force on *event_date* (the event's start):

    * from 2025-10-01 (:data:`EXEMPTION_2650_FROM`), standard list: +-400, except that a
      player rated 2650 or more uses the full difference. The exemption is keyed on the
      rating of the player being rated (docs/rules/fide.md#d3), so it is one-sided: E(2700, 2200) is
      0.96 while E(2200, 2700) is 0.08. Rapid and blitz keep the cap for everyone.
    * 2009-07-01 (:data:`CAP_400_FROM`) to 2025-09-30: +-400 for every game. Between 2022
      (or earlier) and 2024-02-29 a player could benefit from the cap in only one game per
      tournament; that limit (abolished on :data:`UPGRADE_LIMIT_ABOLISHED`) is not applied.
    * 2006-04-01 (:data:`CAP_350_FROM`) to 2009-06-30: +-350. Earlier dates are refused.

    :param rating: the rating of the player whose expected score is wanted
    :param opponent: the opponent's rating
    :param rating_list: ``"standard"``, ``"rapid"`` or ``"blitz"``
    :param event_date: the event's start date; None means today
    :param method: ``"table"`` (8.1.2, exact to 2 decimals) or ``"logistic"``
        (1/(1+10^(-D/400)), same cap; not a FIDE rule)
    :returns: PD, between 0 and 1
    :raises InvalidInputError: on a bad argument or an event date before 2006-04-01

    >>> expected_score(1800, 1750), expected_score(1800, 2000)
    (0.57, 0.24)
    >>> expected_score(2700, 2200), expected_score(2200, 2700)
    (0.96, 0.08)
    >>> expected_score(2700, 2200, rating_list="blitz")
    0.92
    >>> round(expected_score(1500, 1600, method="logistic"), 4)
    0.3599
    """
    own = check_fide_rating(rating, "rating")
    other = check_fide_rating(opponent, "opponent")
    rating_list = check_rating_list(rating_list)
    method = check_method(method)
    rules = rules_on(check_day(event_date, "event_date"), rating_list)
    rules.check_difference_rule("event_date")
    return float(_pd(_difference(own, other, rules.cap_for(own)), method))


def is_rated_game(
    rating: float,
    opponent: float | None,
    rating_list: RatingList = "standard",
    event_date: _dt.date | None = None,
) -> bool:
    """Is the game FIDE-rated for a rated player (not vs unrated, not under the 600-point rule)?

    From 2024-12-01 (:data:`RULE_600_FROM`) a rapid or blitz game between players 600 or more
    points apart is not rated when either is rated above 2600 (R&B regulations 7.3.1); the
    game is removed for both players (docs/rules/fide.md#d5). A game against an unrated
    opponent (None) does not count for a rated player (8.3.1).

    :param rating: the player's rating
    :param opponent: the opponent's rating, or None if unrated
    :param rating_list: ``"standard"``, ``"rapid"`` or ``"blitz"``
    :param event_date: the event's start date; None means today
    :returns: True if the game is rated
    :raises InvalidInputError: on a bad argument

    >>> is_rated_game(2700, 2100, "blitz"), is_rated_game(2700, 2101, "blitz")
    (False, True)
    >>> is_rated_game(2700, 2100, "standard")
    True
    """
    own = check_fide_rating(rating, "rating")
    other = None if opponent is None else check_fide_rating(opponent, "opponent")
    rating_list = check_rating_list(rating_list)
    rules = rules_on(check_day(event_date, "event_date"), rating_list)
    return other is not None and rules.is_rated(own, other)


# --- K-factor ---------------------------------------------------------------------------------


def k_factor(
    rating: float,
    rated_games: int = K_NEW_GAMES,
    birth_year: int | None = None,
    reached_2400: bool = False,
    period_games: int = 1,
    period_date: _dt.date | None = None,
    rating_list: RatingList = "standard",
) -> int:
    """FIDE K-factor (8.3.3): 10, 40 (junior or new player) or 20, lowered so K x games <= 700.

    Precedence (docs/rules/fide.md#d4): a published rating that has ever reached 2400
    gives 10 (a *rating* of 2400 or more counts as reached); a junior, through the end of
    the year of the 18th birthday, rated under 2300 gives 40; fewer than 30 games completed
    gives 40; otherwise 20. Then, if K x *period_games* exceeds 700, K becomes the largest
    whole number with K x n <= 700 (40 becomes 38 for 18 games). Rapid and blitz use the
    same rules from 2022-10-01; before, K is 20 for everyone (still with the 700 rule).
    The junior wording and the 700 rule are those of the 2022 and 2024 texts; when they
    began is not verified, and they are applied from 2014-07-01, when 40/20/10 began.

    :param rating: the player's rating at the start of the period
    :param rated_games: rated games the player has completed before the period
    :param birth_year: year of birth; None means not a junior
    :param reached_2400: True if a published rating has ever been 2400 or more
    :param period_games: rated games in the rating period (for the 700 rule)
    :param period_date: a date in the rating period (judges the junior year); None is today
    :param rating_list: ``"standard"``, ``"rapid"`` or ``"blitz"``
    :returns: K, a whole number
    :raises InvalidInputError: on a bad argument or a period before 2014-07-01

    >>> k_factor(1800), k_factor(1800, rated_games=12), k_factor(2380, reached_2400=True)
    (20, 40, 10)
    >>> k_factor(1800, rated_games=12, period_games=18)
    38
    >>> import datetime
    >>> k_factor(2250, birth_year=2008, period_date=datetime.date(2026, 12, 31))
    40
    >>> k_factor(2250, birth_year=2008, period_date=datetime.date(2027, 1, 1))
    20
    """
    own = check_rating(rating)
    completed = check_count(rated_games, "rated_games")
    reached = check_flag(reached_2400, "reached_2400")
    games = check_count(period_games, "period_games")
    day = check_day(period_date, "period_date")
    rules = rules_on(day, check_rating_list(rating_list))
    rules.check_k_rules("period_date")
    junior = birth_year is not None and rules.is_junior(_birth_year(birth_year, day))
    return rules.limit_k(rules.k(own, completed, junior, reached), games)


def _birth_year(value: object, day: _dt.date) -> int:
    """*value* as a year of birth no earlier than 1900 and not after *day*'s year."""
    year = check_count(value, "birth_year", minimum=1)
    if year < EARLIEST_BIRTH_YEAR:
        raise InvalidInputError(f"birth_year must be a year such as 2008, got {show(value)}")
    if year > day.year:
        raise InvalidInputError(
            f"birth_year must not be after the period's year {day.year}, got {show(value)}"
        )
    return year


# --- Rating change and performance ------------------------------------------------------------


def round_rating_change(value: float) -> int:
    """Round a FIDE rating change to a whole number, 0.5 away from zero (8.3.4).

    The value is taken as written in decimal, so 2.5 gives 3 and -2.5 gives -3.

    :param value: the unrounded change
    :returns: the rounded change
    :raises InvalidInputError: if *value* is not a finite number

    >>> round_rating_change(2.5), round_rating_change(-2.5), round_rating_change(15.2)
    (3, -3, 15)
    """
    return half_away(exact_fraction(check_number(value, "value")))


def _performance(games: Sequence[tuple[float, float]]) -> int:
    count = len(games)
    average = half_up(Fraction(sum(exact_fraction(opponent) for opponent, _ in games)) / count)
    percent = half_up(100 * Fraction(sum(Fraction(result) for _, result in games)) / count)
    return average + DP_BY_PERCENT[percent]


def rating_change(
    rating: float,
    opponents: Sequence[float | None],
    results: Sequence[float],
    k: float,
    rating_list: RatingList = "standard",
    event_date: _dt.date | None = None,
    method: ExpectedMethod = "table",
) -> FideChange:
    """FIDE rating change for a rating period: K x sum(score - PD), rounded .5 away from zero.

    Each game's PD comes from :func:`expected_score`; the games are rated as one rating
    period and the total is rounded once (8.3.4, docs/rules/fide.md#d1): to round per event, call
    this per event. Games against unrated opponents (None) and rapid/blitz games removed by
    the 600-point rule are not rated. *k* is used as given: get it from :func:`k_factor`
    with ``period_games`` to apply the 700 rule.

    :param rating: the player's rating at the start of the period
    :param opponents: the opponents' ratings, None for an unrated opponent
    :param results: 1, 0.5 or 0 for each game
    :param k: the K-factor
    :param rating_list: ``"standard"``, ``"rapid"`` or ``"blitz"``
    :param event_date: the event's start date; None means today
    :param method: ``"table"`` (8.1.2) or ``"logistic"``
    :returns: a :class:`FideChange`
    :raises InvalidInputError: on a bad argument

    >>> result = rating_change(2000, [1600, None], [1, 0.5], k=20)
    >>> result.expected, result.change_unrounded, result.change, result.new_rating
    ((0.92, None), 1.6, 2, 2002)
    """
    own = check_fide_rating(rating, "rating")
    games = check_fide_games(opponents, results)
    factor = check_number(k, "k")
    if not 0 <= factor <= K_MAX:
        raise InvalidInputError(f"k must be a number above 0 and at most {K_MAX}, got {show(k)}")
    rating_list = check_rating_list(rating_list)
    method = check_method(method)
    rules = rules_on(check_day(event_date, "event_date"), rating_list)
    rules.check_difference_rule("event_date")
    cap = rules.cap_for(own)
    # 2022-2024 text: only one upgrade per tournament (the call is taken as one tournament),
    # for the game with the greatest difference; the others count the full difference.  Only
    # a game more than the cap above its opponent is helped by the cap, so the greatest
    # difference among all the rated opponents is that game when there is one, and no game's
    # PD depends on the choice when there is none (or when two such games tie, as their
    # opponents are rated the same).  The 600-point rule (R&B 7.3.1, from 2024-12-01) began
    # after this rule ended (2024-03-01): every game here is rated.
    upgraded: int | None = None
    if cap is not None and rules.one_upgrade:
        differences = [
            (exact_fraction(own) - exact_fraction(opponent), i)
            for i, (opponent, _) in enumerate(games)
            if opponent is not None
        ]
        if differences:
            upgraded = max(differences)[1]

    if (
        method == "table"
        and own.is_integer()
        and factor.is_integer()
        and all(opponent is None or opponent.is_integer() for opponent, _ in games)
    ):
        return _whole_number_change(own, games, factor, cap, upgraded, rules)
    return _fraction_change(own, games, factor, cap, upgraded, rules, method)


def _fraction_change(
    own: float,
    games: Sequence[tuple[float | None, float]],
    factor: float,
    cap: int | None,
    upgraded: int | None,
    rules: FideRules,
    method: ExpectedMethod,
) -> FideChange:
    """:func:`rating_change` in exact Fractions: any ratings, K and method."""
    expected: list[float | None] = []
    differences: list[float | None] = []
    rated: list[tuple[float, float]] = []
    expected_total = Fraction(0)
    score = Fraction(0)
    for index, (opponent, result) in enumerate(games):
        if opponent is None or not rules.is_rated(own, opponent):
            expected.append(None)
            differences.append(None)
            continue
        raw = exact_fraction(own) - exact_fraction(opponent)
        # The one-upgrade rule (see rating_change): a game beyond the cap, not the upgraded one.
        if cap is not None and upgraded is not None and raw > cap and index != upgraded:
            difference = _difference(own, opponent, None)
        else:
            difference = _difference(own, opponent, cap)
        pd = _pd(difference, method)
        expected.append(float(pd))
        differences.append(float(difference))
        rated.append((opponent, result))
        expected_total += pd
        score += Fraction(result)
    _check_k_for(factor, len(rated), rules)
    change_exact = exact_fraction(factor) * (score - expected_total)
    change = half_away(change_exact)
    return FideChange(
        rating=own,
        k=factor,
        expected=tuple(expected),
        differences=tuple(differences),
        expected_total=float(expected_total),
        score=float(score),
        rated_games=len(rated),
        change_unrounded=float(change_exact),
        change=change,
        new_rating=int(own) + change if own.is_integer() else own + change,
        performance=_performance(rated) if rated else None,
    )


def _check_k_for(factor: float, games: int, rules: FideRules) -> None:
    """K against the period's rated games (8.3.3): K x n at most 700, and K = 0 only when
    the 700 rule gives it (more than 700 rated games: the largest whole K with K x n <= 700
    is 0, so the change is 0)."""
    if rules.k_over_limit(factor, games):
        raise _k_too_high(factor, games)
    if factor == 0 and not (rules.k_period_limit is not None and games > rules.k_period_limit):
        raise InvalidInputError(
            f"k must be a number above 0 and at most {K_MAX} (0 only for more than "
            f"{K_PERIOD_LIMIT} rated games, 8.3.3), got {factor:g}"
        )


def _k_too_high(factor: float, games: int) -> InvalidInputError:
    """K x rated games above 700 (8.3.3), with the largest K the period allows."""
    return InvalidInputError(
        f"k {factor:g} x {games} rated games exceeds {K_PERIOD_LIMIT} (8.3.3): "
        f"K is at most {K_PERIOD_LIMIT // games} for this period (k_factor with period_games "
        "gives it)"
    )


def _whole_number_change(
    own: float,
    games: Sequence[tuple[float | None, float]],
    factor: float,
    cap: int | None,
    upgraded: int | None,
    rules: FideRules,
) -> FideChange:
    """:func:`rating_change` for whole-number ratings and K with table 8.1.2, in integers.

    PD is counted in hundredths and the score in half points, so every sum is exact and
    the result equals the Fraction arithmetic of the general path to the last digit.
    """
    me = int(own)
    expected: list[float | None] = []
    differences: list[float | None] = []
    total = 0  # sum of PD, in hundredths
    halves = 0  # score, in half points
    opponent_sum = 0
    count = 0
    for index, (opponent, result) in enumerate(games):
        if opponent is None:
            expected.append(None)
            differences.append(None)
            continue
        other = int(opponent)
        raw = me - other
        if not rules.is_rated(me, other):
            expected.append(None)
            differences.append(None)
            continue
        difference = raw
        if cap is not None and not (upgraded is not None and raw > cap and index != upgraded):
            difference = max(-cap, min(cap, raw))
        pd = PD_HUNDREDTHS[bisect_left(PD_HIGHS, abs(difference))]
        if difference < 0:
            pd = 100 - pd
        expected.append(pd / 100)
        differences.append(float(difference))
        total += pd
        halves += int(result * 2)
        opponent_sum += other
        count += 1
    k = int(factor)
    _check_k_for(factor, count, rules)
    hundredths = k * (50 * halves - total)  # K x (score - sum PD), in hundredths
    change = half_away(Fraction(hundredths, 100))  # 8.3.4: .5 away from zero
    performance = None
    if count:
        # Title Regulations 1.4.7-1.4.9 as in _performance: both roundings half up.
        average = (2 * opponent_sum + count) // (2 * count)
        percent = (100 * halves + count) // (2 * count)
        performance = average + DP_BY_PERCENT[percent]
    return FideChange(
        rating=own,
        k=factor,
        expected=tuple(expected),
        differences=tuple(differences),
        expected_total=total / 100,
        score=halves / 2,
        rated_games=count,
        change_unrounded=hundredths / 100,
        change=change,
        new_rating=me + change,
        performance=performance,
    )


def dp(fraction: float) -> int:
    """FIDE rating difference dp for a fractional score (table 8.1.1, whole percent, .5 up).

    The fraction is rounded to a whole percent with 0.5% rounded up (Title Regulations,
    after table 1.4.9). 1.00 and 0.00 give the notional +800 and -800.

    :param fraction: the fractional score p, from 0 to 1
    :returns: dp
    :raises InvalidInputError: if *fraction* is not a number from 0 to 1

    >>> dp(0.6), dp(4.5 / 7), dp(0.375), dp(1)
    (72, 102, -87, 800)
    """
    value = check_number(fraction, "fraction")
    if not 0 <= value <= 1:
        raise InvalidInputError(f"fraction must be between 0 and 1, got {show(fraction)}")
    return DP_BY_PERCENT[half_up(100 * exact_fraction(value))]


def performance_rating(opponents: Sequence[float | None], results: Sequence[float]) -> int:
    """FIDE performance rating (Title Regs 1.4.8): opponents' average plus dp for the score.

    Rp = Ra + dp: Ra is the opponents' average rounded to a whole number with 0.5 up
    (1.4.7); dp is table 1.4.9 (= 8.1.1) for the percentage rounded to a whole percent,
    0.5% up. 100% gives +800 and 0% gives -800. No 400-point rule applies. Unrated
    opponents (None) are left out; the norm rules that count them as 1400 or raise one
    opponent to a rating floor (1.4.6) are not applied.

    :param opponents: the opponents' ratings, None for an unrated opponent
    :param results: 1, 0.5 or 0 for each game
    :returns: Rp
    :raises InvalidInputError: on a bad argument
    :raises NoRatingError: if no opponent is rated

    >>> performance_rating([1750, 1850, 1900, 1700, 2000], [1, 0.5, 0, 1, 0.5])
    1912
    """
    games = check_fide_games(opponents, results)
    rated = [(opponent, result) for opponent, result in games if opponent is not None]
    if not rated:
        raise NoRatingError("no game against a rated opponent: no performance rating")
    return _performance(rated)


# --- First rating -----------------------------------------------------------------------------


def first_rating(
    opponents: Sequence[float | None],
    results: Sequence[float],
    first_event_games: int | None = None,
    *,
    period_date: _dt.date | None = None,
    strict: bool = False,
) -> FirstRating:
    """First FIDE rating (8.2, 2024): Ra with two 1800 draws, plus dp; max 2200, shown from 1400.

    Ra is the average of the rated opponents and two hypothetical opponents rated 1800;
    p counts both as draws; Ru = Ra + dp(p) (8.2.2, 8.2.3), with p rounded to a whole
    percent 0.5% up and Ru rounded half up (docs/rules/fide.md#d2), then limited to 2200. A rating
    needs at least 5 games against rated opponents and is published only if it is at
    least 1400 (7.1.4). A zero score in the first event is disregarded (8.2.1). Games
    against unrated opponents (None) do not count. Pooling events within 26 months (7.1.4)
    is the caller's choice of games.

    :param opponents: the opponents' ratings, None for an unrated opponent
    :param results: 1, 0.5 or 0 for each game, the first event's games first
    :param first_event_games: how many leading games form the player's first event;
        None means all the games are one event; 0 means the first event is not among
        them (it was rated earlier or has left the 26-month window), so 8.2.1 is not applied
    :param period_date: the rating period; None means today (the rules of 2024-03-01 on)
    :param strict: raise :class:`NoRatingError` instead of returning a rating of None
    :returns: a :class:`FirstRating`; ``rating`` is None when no rating is published,
        and ``reason`` says why
    :raises InvalidInputError: on a bad argument or a period before 2024-03-01
    :raises NoRatingError: if *strict* and no rating is published

    >>> first = first_rating([1800] * 5, [1] * 5)
    >>> first.average, first.fraction, first.percent, first.dp, first.rating
    (1800.0, 0.8571428571428571, 86, 309, 2109)
    >>> first_rating([1800] * 4, [1] * 4).reason
    '4 games against rated opponents; at least 5 are needed (7.1.4)'
    """
    games = check_fide_games(opponents, results)
    if first_event_games is None:
        first = len(games)
    else:
        first = check_count(first_event_games, "first_event_games")
        if first > len(games):
            raise InvalidInputError(
                f"first_event_games must not exceed the {len(games)} games given, "
                f"got {show(first_event_games)}"
            )
    fide_rules(check_day(period_date, "period_date")).check_first_rating_rules("period_date")
    raise_if_none = check_flag(strict, "strict")

    notes: list[str] = []
    disregarded = 0
    if first > 0 and all(result == 0 for _, result in games[:first]):
        disregarded = first
        games = games[first:]
        notes.append(f"the first event ({first} games) scored zero and is disregarded (8.2.1)")
    counted = [(opponent, result) for opponent, result in games if opponent is not None]
    count = len(counted)
    score = Fraction(sum(Fraction(result) for _, result in counted))

    rating: int | None = None
    if count == 0:
        notes.append("no games against rated opponents; at least 5 are needed (7.1.4)")
        outcome = FirstRating(
            rating=None,
            published=False,
            reason="; ".join(notes),
            average=None,
            fraction=None,
            percent=None,
            dp=None,
            games=0,
            score=0.0,
            computed=None,
            disregarded_games=disregarded,
        )
    else:
        pool = count + HYPOTHETICAL_OPPONENTS
        total = Fraction(sum(exact_fraction(opponent) for opponent, _ in counted))
        average = (total + HYPOTHETICAL_OPPONENTS * HYPOTHETICAL_RATING) / pool
        fraction = (score + HYPOTHETICAL_OPPONENTS * HYPOTHETICAL_RESULT) / pool
        percent = half_up(100 * fraction)
        difference = DP_BY_PERCENT[percent]
        unlimited = half_up(average + difference)
        computed = min(unlimited, FIRST_RATING_MAX)
        if count < FIRST_RATING_MIN_GAMES:
            notes.append(
                f"{count} games against rated opponents; "
                f"at least {FIRST_RATING_MIN_GAMES} are needed (7.1.4)"
            )
        elif computed < RATING_FLOOR:
            notes.append(f"Ru {computed} is below {RATING_FLOOR}: not published (7.1.4)")
        else:
            rating = computed
            notes.append(f"rated on {count} games against rated opponents")
            if unlimited > FIRST_RATING_MAX:
                notes.append(f"Ru {unlimited} limited to {FIRST_RATING_MAX} (8.2.3)")
        outcome = FirstRating(
            rating=rating,
            published=rating is not None,
            reason="; ".join(notes),
            average=float(average),
            fraction=float(fraction),
            percent=percent,
            dp=difference,
            games=count,
            score=float(score),
            computed=computed,
            disregarded_games=disregarded,
        )
    if raise_if_none and outcome.rating is None:
        raise NoRatingError(outcome.reason)
    return outcome


# --- One-time adjustment ----------------------------------------------------------------------


def one_time_adjustment_2024(rating: float) -> float:
    """FIDE's 1 March 2024 one-time adjustment: a rating R under 2000 becomes R + 0.4 x (2000 - R).

    Ratings of 2000 or more are unchanged. The result is NOT rounded: no source says how
    FIDE rounded fractional results (1601 gives 1760.6).

    :param rating: the standard rating on the February 2024 list
    :returns: the adjusted rating, unrounded
    :raises InvalidInputError: if *rating* is not a rating

    >>> one_time_adjustment_2024(1600), one_time_adjustment_2024(1601)
    (1760.0, 1760.6)
    """
    exact = exact_fraction(check_rating(rating))
    # max(2000, R) - R is 2000 - R below 2000 and 0 from 2000, where R is returned as it is
    # (exact_fraction is R as written in decimal, and float() of that is R again).
    shortfall = max(Fraction(ADJUSTMENT_2024_TARGET), exact) - exact
    return float(exact + Fraction(ADJUSTMENT_2024_SHARE) * shortfall)
