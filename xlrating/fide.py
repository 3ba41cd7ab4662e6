"""FIDE ratings: expected score, rating change, K-factor, performance and first rating.

Implements the FIDE Rating Regulations (Handbook B.02) effective 1 March 2024 as amended on
1 October 2025, the Rapid and Blitz Rating Regulations of 2024 (with the 600-point rule of
1 December 2024) and the performance rating of the Title Regulations (B.01, 1.4.7-1.4.9).
The expected-score rule also covers the earlier 350- and 400-point rules by date.

The articles, their sources and editions are written up in ``docs/rules/fide.md`` (cited
below by anchor, for example ``docs/rules/fide.md#k``); where the texts leave a choice, its
rulings D1-D6 (``docs/rules/fide.md#d1`` to ``#d6``) are followed and named below.  Which
rule applies on a date is decided once, by :func:`fide_rules`.
Tables 8.1.1 and 8.1.2 are transcribed as printed, never replaced by the curve they
approximate, and all arithmetic on them is exact (:class:`fractions.Fraction`), so 8.3.4's
rounding of a .5 away from zero happens on the true value, not on a binary float.

>>> change = rating_change(1800, [1750, 1850, 1900, 1700, 2000], [1, 0.5, 0, 1, 0.5], k=20)
>>> change.expected_total, change.change_unrounded, change.change, change.new_rating
(2.24, 15.2, 15, 1815)
"""

from __future__ import annotations

import datetime as _dt
import functools
import math
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Final, Literal, cast, get_args

from ._check import (
    MIN_RATING,
    check_count,
    check_date,
    check_games,
    check_number,
    check_rating,
    show,
)
from .errors import InvalidInputError, NoRatingError

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

#: The rating lists FIDE publishes.
RatingList = Literal["standard", "rapid", "blitz"]
#: How an expected score is found: FIDE's table 8.1.2, or the logistic curve 1/(1+10^(-D/400)).
ExpectedMethod = Literal["table", "logistic"]

_RATING_LISTS: Final[tuple[str, ...]] = get_args(RatingList)
_METHODS: Final[tuple[str, ...]] = get_args(ExpectedMethod)

# --- Tables ---------------------------------------------------------------------------------

# FIDE Rating Regulations effective 1 March 2024 (B.02), 8.1.1: conversion of fractional score
# p into rating difference dp, as printed (p from 1.00 down to 0.00; +800 and -800 notional).
# Identical to Title Regulations table 1.4.9 and to the Rapid and Blitz 2024 table.
# fmt: off
TABLE_8_1_1: Final[tuple[tuple[float, int], ...]] = (
    (1.00, 800), (0.99, 677), (0.98, 589), (0.97, 538), (0.96, 501), (0.95, 470),
    (0.94, 444), (0.93, 422), (0.92, 401), (0.91, 383), (0.90, 366), (0.89, 351),
    (0.88, 336), (0.87, 322), (0.86, 309), (0.85, 296), (0.84, 284), (0.83, 273),
    (0.82, 262), (0.81, 251), (0.80, 240), (0.79, 230), (0.78, 220), (0.77, 211),
    (0.76, 202), (0.75, 193), (0.74, 184), (0.73, 175), (0.72, 166), (0.71, 158),
    (0.70, 149), (0.69, 141), (0.68, 133), (0.67, 125), (0.66, 117), (0.65, 110),
    (0.64, 102), (0.63, 95), (0.62, 87), (0.61, 80), (0.60, 72), (0.59, 65),
    (0.58, 57), (0.57, 50), (0.56, 43), (0.55, 36), (0.54, 29), (0.53, 21),
    (0.52, 14), (0.51, 7), (0.50, 0), (0.49, -7), (0.48, -14), (0.47, -21),
    (0.46, -29), (0.45, -36), (0.44, -43), (0.43, -50), (0.42, -57), (0.41, -65),
    (0.40, -72), (0.39, -80), (0.38, -87), (0.37, -95), (0.36, -102), (0.35, -110),
    (0.34, -117), (0.33, -125), (0.32, -133), (0.31, -141), (0.30, -149), (0.29, -158),
    (0.28, -166), (0.27, -175), (0.26, -184), (0.25, -193), (0.24, -202), (0.23, -211),
    (0.22, -220), (0.21, -230), (0.20, -240), (0.19, -251), (0.18, -262), (0.17, -273),
    (0.16, -284), (0.15, -296), (0.14, -309), (0.13, -322), (0.12, -336), (0.11, -351),
    (0.10, -366), (0.09, -383), (0.08, -401), (0.07, -422), (0.06, -444), (0.05, -470),
    (0.04, -501), (0.03, -538), (0.02, -589), (0.01, -677), (0.00, -800),
)
# fmt: on

# FIDE Rating Regulations effective 1 March 2024 (B.02), 8.1.2: conversion of a rating
# difference D into the scoring probability PD of the higher-rated player H, as printed:
# (low, high, PD(H)) with high None for the last row "> 735". The lower-rated player's
# column L is printed as 1 - H (8.1.2: "for the higher, H, and the lower, L, rated player").
# The Rapid and Blitz 2024 table is identical; the table runs past 400 (old handbooks too).
# fmt: off
TABLE_8_1_2: Final[tuple[tuple[int, int | None, Decimal], ...]] = (
    (0, 3, Decimal("0.50")), (4, 10, Decimal("0.51")), (11, 17, Decimal("0.52")),
    (18, 25, Decimal("0.53")), (26, 32, Decimal("0.54")), (33, 39, Decimal("0.55")),
    (40, 46, Decimal("0.56")), (47, 53, Decimal("0.57")), (54, 61, Decimal("0.58")),
    (62, 68, Decimal("0.59")), (69, 76, Decimal("0.60")), (77, 83, Decimal("0.61")),
    (84, 91, Decimal("0.62")), (92, 98, Decimal("0.63")), (99, 106, Decimal("0.64")),
    (107, 113, Decimal("0.65")), (114, 121, Decimal("0.66")), (122, 129, Decimal("0.67")),
    (130, 137, Decimal("0.68")), (138, 145, Decimal("0.69")), (146, 153, Decimal("0.70")),
    (154, 162, Decimal("0.71")), (163, 170, Decimal("0.72")), (171, 179, Decimal("0.73")),
    (180, 188, Decimal("0.74")), (189, 197, Decimal("0.75")), (198, 206, Decimal("0.76")),
    (207, 215, Decimal("0.77")), (216, 225, Decimal("0.78")), (226, 235, Decimal("0.79")),
    (236, 245, Decimal("0.80")), (246, 256, Decimal("0.81")), (257, 267, Decimal("0.82")),
    (268, 278, Decimal("0.83")), (279, 290, Decimal("0.84")), (291, 302, Decimal("0.85")),
    (303, 315, Decimal("0.86")), (316, 328, Decimal("0.87")), (329, 344, Decimal("0.88")),
    (345, 357, Decimal("0.89")), (358, 374, Decimal("0.90")), (375, 391, Decimal("0.91")),
    (392, 411, Decimal("0.92")), (412, 432, Decimal("0.93")), (433, 456, Decimal("0.94")),
    (457, 484, Decimal("0.95")), (485, 517, Decimal("0.96")), (518, 559, Decimal("0.97")),
    (560, 619, Decimal("0.98")), (620, 735, Decimal("0.99")), (736, None, Decimal("1.00")),
)
# fmt: on

_DP_BY_PERCENT: Final[dict[int, int]] = {round(p * 100): value for p, value in TABLE_8_1_1}
# Table 8.1.2 for whole-number differences: the rows' upper bounds and PD(H) in hundredths.
_PD_HIGHS: Final[tuple[int, ...]] = tuple(high for _, high, _ in TABLE_8_1_2 if high is not None)
_PD_HUNDREDTHS: Final[tuple[int, ...]] = tuple(int(pd * 100) for _, _, pd in TABLE_8_1_2)

# --- The 350/400-point rule by date ---------------------------------------------------------

# FIDE, rule in force from 1 April 2006 (chesselo.com/350_rule.html, secondary): a difference
# of more than 350 points counts as 350. No cap was found in the sources before this date.
CAP_350_FROM: Final = _dt.date(2006, 4, 1)
CAP_350: Final = 350
# FIDE news 2009 (chesselo.com/400_rule.html): from 1 July 2009 the cap is 400 points.
CAP_400_FROM: Final = _dt.date(2009, 7, 1)
# B.02 effective 1 March 2024, 8.3.1 (and B.02 2022, 8.3.1): "A difference in rating of more
# than 400 points shall be counted for rating purposes as though it were a difference of 400".
CAP_400: Final = 400
# B.02 2022-2024, 8.3.1, "a player may benefit from only one upgrade under this rule" per
# tournament; abolished by B.02 effective 1 March 2024 (qc.fide.com, 1 March 2024).
UPGRADE_LIMIT_ABOLISHED: Final = _dt.date(2024, 3, 1)
# B.02 in force 1 January 2022 to 29 February 2024, 8.3.1 (docs/rules/fide.md#difference-rule):
# "In any tournament, a player may benefit from only one upgrade under this rule, for the
# game in which the rating difference is greatest."  The text is verified from this date;
# whether earlier editions had it is not, so earlier dates apply the plain cap.
UPGRADE_LIMIT_FROM: Final = _dt.date(2022, 1, 1)
# B.02 8.3.1 as amended effective 1 October 2025 (standard only): "For players rated 2650 and
# above, the difference between ratings shall be used in all cases".
EXEMPTION_2650_FROM: Final = _dt.date(2025, 10, 1)
EXEMPTION_2650_RATING: Final = 2650
# Rapid and Blitz Rating Regulations 2024, 7.3.1, effective 1 December 2024: games "between
# players with a rating difference of 600 points or more shall not be rated if at least one
# of the players is rated above 2600".
RULE_600_FROM: Final = _dt.date(2024, 12, 1)
RULE_600_DIFFERENCE: Final = 600
RULE_600_RATING: Final = 2600
# The logistic curve of seed 001 (and of Elo): E = 1 / (1 + 10^(-D/400)); not a FIDE rule.
LOGISTIC_SCALE: Final = 400

# --- K-factor (B.02 effective 1 March 2024, 8.3.3) ------------------------------------------

# 8.3.3: "K = 40 for a player new to the rating list until they have completed events with
# at least 30 games."
K_NEW: Final = 40
K_NEW_GAMES: Final = 30
# 8.3.3: "K = 20 as long as a player's rating remains under 2400."
K_STANDARD: Final = 20
# 8.3.3: "K = 10 once a player's published rating has reached 2400 and remains at that level
# subsequently, even if the rating drops below 2400."
K_ELITE: Final = 10
K_ELITE_RATING: Final = 2400
# 8.3.3: "K = 40 for all players until the end of the year of their 18th birthday, as long
# as their rating remains under 2300."
K_JUNIOR: Final = 40
K_JUNIOR_AGE: Final = 18
K_JUNIOR_RATING: Final = 2300
# 8.3.3: "If the number of games (n) ... multiplied by K ... exceeds 700, then K shall be the
# largest whole number such that K x n does not exceed 700."
K_PERIOD_LIMIT: Final = 700
# The largest K any edition of 8.3.3 gives (40: new players and juniors).  A typed K above
# it is refused, which also catches a rating and K swapped in a spreadsheet.
K_MAX: Final = 40
# Plausibility bound chosen by xlrating, not a regulation: a birth year before 1900 is taken
# to be an age or a two-digit year typed by mistake.
EARLIEST_BIRTH_YEAR: Final = 1900
# 40/20/10 from 1 July 2014 (samara-chess.ru quoting handbook id=172); before: 30/15/10.
K_RULES_FROM: Final = _dt.date(2014, 7, 1)
# Rapid and blitz use the standard K rules since 1 October 2022 (R&B regulations 2022/2024);
# before, K = 20 for every player (FIDE news, 16 November 2011).
RAPID_BLITZ_SAME_K_FROM: Final = _dt.date(2022, 10, 1)
K_RAPID_BLITZ_BEFORE: Final = 20

# --- First rating (B.02 effective 1 March 2024, 7.1.4 and 8.2) ------------------------------

FIRST_RATING_RULES_FROM: Final = _dt.date(2024, 3, 1)
# 7.1.4: "published when it is based on at least 5 games against rated opponents".
FIRST_RATING_MIN_GAMES: Final = 5
# 8.2.2: "two hypothetical opponents rated 1800. The result ... is considered as a draw."
HYPOTHETICAL_OPPONENTS: Final = 2
HYPOTHETICAL_RATING: Final = 1800
HYPOTHETICAL_RESULT: Final = Fraction(1, 2)
# 8.2.3: "The maximum initial rating is 2200."
FIRST_RATING_MAX: Final = 2200
# 7.1.4: "The rating must be at least 1400." (7.2.1: lower ratings are shown as unrated.)
RATING_FLOOR: Final = 1400
# The lowest rating FIDE has published: the floor was 1200 from 1 July 2009, 1000 later
# (archived 2022 rules), 1400 from 1 March 2024 (docs/rules/fide.md#floor).  A rating below
# it is refused as a typing error (for example "1.700" read as 1.7).
LOWEST_RATING: Final = 1000

# --- One-time adjustment of 1 March 2024 ----------------------------------------------------

# FIDE news 2538 and test05.fide.com proposals: standard ratings R < 2000 become
# R + 0.40 x (2000 - R) on the 1 March 2024 list.
ADJUSTMENT_2024_TARGET: Final = 2000
ADJUSTMENT_2024_SHARE: Final = Decimal("0.40")

_HALF: Final = Fraction(1, 2)


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


# --- Validation and exact arithmetic ----------------------------------------------------------


def _exact(value: float) -> Fraction:
    """The decimal number as written (shortest repr), exactly: 0.1 is 1/10, not a binary float."""
    return Fraction(repr(float(value)))


def _half_up(value: Fraction) -> int:
    """Round to the nearest whole number, 0.5 upward (Title Regulations 1.4.7 b, 1.4.9)."""
    return math.floor(value + _HALF)


def _half_away(value: Fraction) -> int:
    """Round to the nearest whole number, 0.5 away from zero (B.02 8.3.4)."""
    magnitude = math.floor(abs(value) + _HALF)
    return magnitude if value >= 0 else -magnitude


def check_rating_list(value: object) -> RatingList:
    """*value* if it names a rating list (standard, rapid, blitz); else one line saying so."""
    if isinstance(value, str) and value in _RATING_LISTS:
        return cast(RatingList, value)
    raise InvalidInputError(f"rating_list must be standard, rapid or blitz, got {show(value)}")


def _check_method(value: object) -> ExpectedMethod:
    if isinstance(value, str) and value in _METHODS:
        return cast(ExpectedMethod, value)
    raise InvalidInputError(f"method must be table or logistic, got {show(value)}")


def _check_day(value: object, name: str) -> _dt.date:
    return _dt.date.today() if value is None else check_date(value, name)


def _check_flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidInputError(f"{name} must be True or False, got {show(value)}")
    return value


def check_fide_rating(value: object, name: str) -> float:
    """A FIDE rating: plausible (0 to 4000) and not below the lowest FIDE has published."""
    rating = check_rating(value, name)
    if rating < LOWEST_RATING:
        raise InvalidInputError(
            f"{name} must be a FIDE rating of at least {LOWEST_RATING}, got {show(value)}"
        )
    return rating


def _check_games(
    opponents: Sequence[float | None], results: Sequence[float]
) -> tuple[tuple[float | None, float], ...]:
    """Pair opponents (None = unrated) with results, checked by the shared check_games."""
    if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Sequence):
        check_games(opponents, results)  # raises its one-line message
    stand_ins = [MIN_RATING if opponent is None else opponent for opponent in opponents]
    checked = check_games(stand_ins, results)
    if min(rating for rating, _ in checked) < LOWEST_RATING:  # else all are in range
        for number, opponent in enumerate(opponents, start=1):
            if opponent is not None:
                check_fide_rating(opponent, f"opponents[{number}]")
    return tuple(
        (None if opponent is None else rating, result)
        for opponent, (rating, result) in zip(opponents, checked, strict=True)
    )


# --- Expected score ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FideRules:
    """The FIDE rules in force on one date for one rating list: every dated rule, decided once.

    :func:`fide_rules` resolves a date to one of these (cached); every path that rates
    (:func:`expected_score`, :func:`is_rated_game`, :func:`k_factor`,
    :func:`rating_change`, :func:`first_rating`, :func:`xlrating.events.fide_period` and
    :func:`xlrating.batch.fide_period_batch`) reads it instead of comparing dates itself.
    Each field names the rule and the constant (with its source) it comes from.  The
    roundings (8.3.4: the change .5 away from zero; B.01 1.4.7-1.4.9 and
    docs/rules/fide.md#d2: averages and percentages .5 up) are the same on every date
    supported, so they are not fields.
    """

    #: The date the rules are for (the event's start or a date in the rating period).
    date: _dt.date
    #: The rating list.
    rating_list: RatingList
    #: The cap on |D| (8.3.1): :data:`CAP_350` from :data:`CAP_350_FROM`, :data:`CAP_400`
    #: from :data:`CAP_400_FROM`; None before 2006-04-01, when no rule was found (refused).
    cap: int | None
    #: Players rated this or more use the full difference (8.3.1 as amended effective
    #: 2025-10-01, standard list only): :data:`EXEMPTION_2650_RATING`; None: no exemption.
    exemption_rating: int | None
    #: B.02 2022 8.3.1: the cap helps a player in one game per tournament only (from
    #: :data:`UPGRADE_LIMIT_FROM` until :data:`UPGRADE_LIMIT_ABOLISHED`).
    one_upgrade: bool
    #: R&B 7.3.1 from :data:`RULE_600_FROM` (rapid and blitz): games this many points apart
    #: or more are not rated when a player is rated above :attr:`unrated_above`; None: no
    #: such rule.
    unrated_difference: int | None
    #: The rating a player must be above for :attr:`unrated_difference` to apply.
    unrated_above: int | None
    #: 8.3.3's K rules (40/20/10, juniors, the 700 rule) are in force: from
    #: :data:`K_RULES_FROM`; before, K was 30/15/10 (not supported).
    k_rules: bool
    #: One K for every player: :data:`K_RAPID_BLITZ_BEFORE` for rapid and blitz before
    #: :data:`RAPID_BLITZ_SAME_K_FROM`; None: K by 8.3.3.
    k_everyone: int | None
    #: 8.3.3: K x n must not exceed this (:data:`K_PERIOD_LIMIT`); None before
    #: :data:`K_RULES_FROM`, when it is not applied.
    k_period_limit: int | None
    #: First ratings follow the 2024 rules (7.1.4, 8.2): from :data:`FIRST_RATING_RULES_FROM`.
    first_rating_2024: bool
    #: 7.2.1 from :data:`FIRST_RATING_RULES_FROM`: a rating below this (:data:`RATING_FLOOR`)
    #: is shown as unrated on the next list; None: not applied.
    delisting_floor: int | None

    # --- refusals, one line naming the date argument

    def check_difference_rule(self, name: str) -> None:
        """Refuse a date with no rating-difference rule (before :data:`CAP_350_FROM`)."""
        if self.cap is None:
            raise InvalidInputError(
                f"{name} before {CAP_350_FROM.isoformat()} is not supported "
                f"(no rating-difference rule found), got {show(self.date.isoformat())}"
            )

    def check_k_rules(self, name: str, advice: str = "") -> None:
        """Refuse a date before 8.3.3's K rules (:data:`K_RULES_FROM`)."""
        if not self.k_rules:
            raise InvalidInputError(
                f"{name} before {K_RULES_FROM.isoformat()} is not supported "
                f"(K was 30/15/10), got {show(self.date.isoformat())}{advice}"
            )

    def check_first_rating_rules(self, name: str) -> None:
        """Refuse a date before the 2024 first-rating rules (:data:`FIRST_RATING_RULES_FROM`)."""
        if not self.first_rating_2024:
            raise InvalidInputError(
                f"{name} before {FIRST_RATING_RULES_FROM.isoformat()} is not supported "
                f"(first ratings used the 2022 rules), got {show(self.date.isoformat())}"
            )

    # --- the rules

    def cap_for(self, rating: float) -> int | None:
        """The cap on |D| for the player rated *rating*; None: the full difference counts.

        The 2650 exemption is keyed on the rating of the player being rated (docs/rules/fide.md#d3).
        """
        if self.exemption_rating is not None and rating >= self.exemption_rating:
            return None
        return self.cap

    def is_rated(self, rating: float, opponent: float) -> bool:
        """False for a game the 600-point rule leaves unrated (R&B 7.3.1), for both players.

        Whole ratings are compared in integers, others exactly as written in decimal.
        """
        if self.unrated_difference is None or self.unrated_above is None:
            return True
        if max(rating, opponent) <= self.unrated_above:
            return True
        if isinstance(rating, int) and isinstance(opponent, int):
            gap: int | Fraction = abs(rating - opponent)
        else:
            gap = abs(_exact(rating) - _exact(opponent))
        return gap < self.unrated_difference

    def is_junior(self, birth_year: int) -> bool:
        """8.3.3: a junior until the end of the year of the 18th birthday."""
        return self.date.year - birth_year <= K_JUNIOR_AGE

    def k(self, rating: float, completed: int, junior: bool, reached_2400: bool) -> int:
        """K by 8.3.3 before the 700 rule, in the precedence of docs/rules/fide.md#d4."""
        if self.k_everyone is not None:
            return self.k_everyone
        if reached_2400 or rating >= K_ELITE_RATING:
            return K_ELITE
        if junior and rating < K_JUNIOR_RATING:
            return K_JUNIOR
        if completed < K_NEW_GAMES:
            return K_NEW
        return K_STANDARD

    def k_over_limit(self, k: float, games: int) -> bool:
        """True when K x *games* exceeds the 700 rule's limit (8.3.3) in force."""
        return self.k_period_limit is not None and k * games > self.k_period_limit

    def limit_k(self, k: int, games: int) -> int:
        """8.3.3: K lowered to the largest whole number with K x n <= 700, when over it.

        The 700 rule is applied with K whenever K is computed (also for rapid and blitz
        before 2022-10-01, as the R&B texts say for n > 35).
        """
        if k * games > K_PERIOD_LIMIT:
            return K_PERIOD_LIMIT // games
        return k

    def is_delisted(self, computed: float, rated_games: int) -> bool:
        """7.2.1: a rating the period's games took below 1400 is shown as unrated."""
        return (
            self.delisting_floor is not None and rated_games > 0 and computed < self.delisting_floor
        )


def fide_rules(on: _dt.date | None = None, rating_list: RatingList = "standard") -> FideRules:
    """The FIDE rules in force on a date for a rating list, as one frozen :class:`FideRules`.

    :param on: the event's start date (or a date in the rating period); None means today
    :param rating_list: ``"standard"``, ``"rapid"`` or ``"blitz"``
    :returns: the rules, the same object for the same date and list (cached)
    :raises InvalidInputError: on a bad argument

    >>> import datetime
    >>> rules = fide_rules(datetime.date(2025, 10, 1))
    >>> rules.cap, rules.exemption_rating, rules.cap_for(2700), rules.cap_for(2649)
    (400, 2650, None, 400)
    >>> fide_rules(datetime.date(2024, 12, 1), "blitz").is_rated(2700, 2100)
    False
    """
    return _rules(_check_day(on, "on"), check_rating_list(rating_list))


@functools.lru_cache(maxsize=1024)
def _rules(day: _dt.date, rating_list: RatingList) -> FideRules:
    """Decide every dated rule for *day* and *rating_list* (each constant cites its source)."""
    standard = rating_list == "standard"
    cap: int | None
    if day < CAP_350_FROM:
        cap = None
    elif day < CAP_400_FROM:
        cap = CAP_350
    else:
        cap = CAP_400
    rule_600 = not standard and day >= RULE_600_FROM
    k_rules = day >= K_RULES_FROM
    first_2024 = day >= FIRST_RATING_RULES_FROM
    return FideRules(
        date=day,
        rating_list=rating_list,
        cap=cap,
        exemption_rating=(
            EXEMPTION_2650_RATING if standard and day >= EXEMPTION_2650_FROM else None
        ),
        one_upgrade=UPGRADE_LIMIT_FROM <= day < UPGRADE_LIMIT_ABOLISHED,
        unrated_difference=RULE_600_DIFFERENCE if rule_600 else None,
        unrated_above=RULE_600_RATING if rule_600 else None,
        k_rules=k_rules,
        k_everyone=(
            K_RAPID_BLITZ_BEFORE if not standard and day < RAPID_BLITZ_SAME_K_FROM else None
        ),
        k_period_limit=K_PERIOD_LIMIT if k_rules else None,
        first_rating_2024=first_2024,
        delisting_floor=RATING_FLOOR if first_2024 else None,
    )


def _difference(rating: float, opponent: float, cap: int | None) -> Fraction:
    difference = _exact(rating) - _exact(opponent)
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
    for _low, high, pd_high in TABLE_8_1_2:
        if high is None or magnitude <= high:
            higher = Fraction(pd_high)
            return higher if difference >= 0 else 1 - higher
    raise AssertionError("table 8.1.2 ends with an open row")  # pragma: no cover


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
    method = _check_method(method)
    rules = _rules(_check_day(event_date, "event_date"), rating_list)
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
    rules = _rules(_check_day(event_date, "event_date"), rating_list)
    return other is not None and rules.is_rated(own, other)


# --- K-factor ---------------------------------------------------------------------------------


def k_factor(
    rating: float,
    rated_games: int = 30,
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
    own = check_rating(rating, "rating")
    completed = check_count(rated_games, "rated_games")
    reached = _check_flag(reached_2400, "reached_2400")
    games = check_count(period_games, "period_games")
    day = _check_day(period_date, "period_date")
    rules = _rules(day, check_rating_list(rating_list))
    rules.check_k_rules("period_date")
    junior = False
    if birth_year is not None:
        year = check_count(birth_year, "birth_year", minimum=1)
        if year < EARLIEST_BIRTH_YEAR:
            raise InvalidInputError(
                f"birth_year must be a year such as 2008, got {show(birth_year)}"
            )
        if year > day.year:
            raise InvalidInputError(
                f"birth_year must not be after the period's year {day.year}, got {show(birth_year)}"
            )
        junior = rules.is_junior(year)
    return rules.limit_k(rules.k(own, completed, junior, reached), games)


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
    return _half_away(_exact(check_number(value, "value")))


def _performance(games: Sequence[tuple[float, float]]) -> int:
    count = len(games)
    average = _half_up(sum((_exact(opponent) for opponent, _ in games), Fraction(0)) / count)
    percent = _half_up(100 * sum((Fraction(result) for _, result in games), Fraction(0)) / count)
    return average + _DP_BY_PERCENT[percent]


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
    games = _check_games(opponents, results)
    factor = check_number(k, "k")
    if not 0 < factor <= K_MAX:
        raise InvalidInputError(f"k must be a number above 0 and at most {K_MAX}, got {show(k)}")
    rating_list = check_rating_list(rating_list)
    method = _check_method(method)
    rules = _rules(_check_day(event_date, "event_date"), rating_list)
    rules.check_difference_rule("event_date")
    cap = rules.cap_for(own)
    # 2022-2024 text: only one upgrade per tournament (the call is taken as one tournament),
    # for the game with the greatest difference; the others count the full difference.
    upgraded: int | None = None
    if cap is not None and rules.one_upgrade:
        above = [
            (_exact(own) - _exact(opponent), i)
            for i, (opponent, _) in enumerate(games)
            if opponent is not None
            and rules.is_rated(own, opponent)
            and _exact(own) - _exact(opponent) > cap
        ]
        if above:
            upgraded = max(above, key=lambda pair: (pair[0], -pair[1]))[1]

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
        raw = _exact(own) - _exact(opponent)
        if upgraded is not None and raw > 0 and index != upgraded:
            difference = _difference(own, opponent, None)
        else:
            difference = _difference(own, opponent, cap)
        pd = _pd(difference, method)
        expected.append(float(pd))
        differences.append(float(difference))
        rated.append((opponent, result))
        expected_total += pd
        score += Fraction(result)
    if rules.k_over_limit(factor, len(rated)):
        raise _k_too_high(factor, len(rated))
    change_exact = _exact(factor) * (score - expected_total)
    change = _half_away(change_exact)
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
        if cap is not None and not (upgraded is not None and raw > 0 and index != upgraded):
            difference = max(-cap, min(cap, raw))
        pd = _PD_HUNDREDTHS[bisect_left(_PD_HIGHS, abs(difference))]
        if difference < 0:
            pd = 100 - pd
        expected.append(pd / 100)
        differences.append(float(difference))
        total += pd
        halves += int(result * 2)
        opponent_sum += other
        count += 1
    k = int(factor)
    if rules.k_over_limit(k, count):
        raise _k_too_high(factor, count)
    hundredths = k * (50 * halves - total)  # K x (score - sum PD), in hundredths
    magnitude = (2 * abs(hundredths) + 100) // 200  # 8.3.4: .5 away from zero
    change = magnitude if hundredths >= 0 else -magnitude
    performance = None
    if count:
        # Title Regulations 1.4.7-1.4.9 as in _performance: both roundings half up.
        average = (2 * opponent_sum + count) // (2 * count)
        percent = (100 * halves + count) // (2 * count)
        performance = average + _DP_BY_PERCENT[percent]
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
    return _DP_BY_PERCENT[_half_up(100 * _exact(value))]


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
    games = _check_games(opponents, results)
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
    games = _check_games(opponents, results)
    if first_event_games is None:
        first = len(games)
    else:
        first = check_count(first_event_games, "first_event_games", minimum=0)
        if first > len(games):
            raise InvalidInputError(
                f"first_event_games must not exceed the {len(games)} games given, "
                f"got {show(first_event_games)}"
            )
    _rules(_check_day(period_date, "period_date"), "standard").check_first_rating_rules(
        "period_date"
    )
    raise_if_none = _check_flag(strict, "strict")

    notes: list[str] = []
    disregarded = 0
    if first > 0 and all(result == 0 for _, result in games[:first]):
        disregarded = first
        games = games[first:]
        notes.append(f"the first event ({first} games) scored zero and is disregarded (8.2.1)")
    counted = [(opponent, result) for opponent, result in games if opponent is not None]
    count = len(counted)
    score = sum((Fraction(result) for _, result in counted), Fraction(0))

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
        total = sum((_exact(opponent) for opponent, _ in counted), Fraction(0))
        average = (total + HYPOTHETICAL_OPPONENTS * HYPOTHETICAL_RATING) / pool
        fraction = (score + HYPOTHETICAL_OPPONENTS * HYPOTHETICAL_RESULT) / pool
        percent = _half_up(100 * fraction)
        difference = _DP_BY_PERCENT[percent]
        unlimited = _half_up(average + difference)
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
    own = check_rating(rating, "rating")
    if own >= ADJUSTMENT_2024_TARGET:
        return own
    exact = _exact(own)
    return float(exact + Fraction(ADJUSTMENT_2024_SHARE) * (ADJUSTMENT_2024_TARGET - exact))
