"""FIDE's rules by date: the tables of B.02 8.1, the dated constants (the 350/400-point rule,
K-factors, first ratings), the checks of the inputs they speak of, and :class:`FideRules`,
the one place a date picks which rules apply.

Split from :mod:`xlrating.rating.fide` (the rating computations), which re-exports every public
name here.
"""

from __future__ import annotations

import datetime as _dt
import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Final, Literal, get_args

from ..errors import InvalidInputError
from ._check import (
    MIN_RATING,
    check_date,
    check_games,
    check_rating,
    show,
)

#: The rating lists FIDE publishes.
RatingList = Literal["standard", "rapid", "blitz"]


#: How an expected score is found: FIDE's table 8.1.2, or the logistic curve 1/(1+10^(-D/400)).
ExpectedMethod = Literal["table", "logistic"]


_RATING_LISTS: Final[tuple[str, ...]] = get_args(RatingList)


EXPECTED_METHODS: Final[tuple[str, ...]] = get_args(ExpectedMethod)

#: Each name of a rating list or method as its Literal type: a checked name is looked up
#: here (the type checker then knows it is one of them) instead of being cast.
_RATING_LIST_NAMED: Final[dict[str, RatingList]] = {name: name for name in get_args(RatingList)}
_METHOD_NAMED: Final[dict[str, ExpectedMethod]] = {name: name for name in get_args(ExpectedMethod)}


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


DP_BY_PERCENT: Final[dict[int, int]] = {round(p * 100): value for p, value in TABLE_8_1_1}


# Table 8.1.2 for whole-number differences: the rows' upper bounds and PD(H) in hundredths.
PD_HIGHS: Final[tuple[int, ...]] = tuple(high for _, high, _ in TABLE_8_1_2 if high is not None)


PD_HUNDREDTHS: Final[tuple[int, ...]] = tuple(int(pd * 100) for _, _, pd in TABLE_8_1_2)


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


# --- Validation and exact arithmetic ----------------------------------------------------------


def exact_fraction(value: float) -> Fraction:
    """The decimal number as written (shortest repr), exactly: 0.1 is 1/10, not a binary float."""
    return Fraction(repr(float(value)))


def half_up(value: Fraction) -> int:
    """Round to the nearest whole number, 0.5 upward (Title Regulations 1.4.7 b, 1.4.9)."""
    return math.floor(value + _HALF)


def half_away(value: Fraction) -> int:
    """Round to the nearest whole number, 0.5 away from zero (B.02 8.3.4)."""
    magnitude = math.floor(abs(value) + _HALF)
    return magnitude if value >= 0 else -magnitude


def check_rating_list(value: object) -> RatingList:
    """*value* if it names a rating list (standard, rapid, blitz); else one line saying so."""
    if isinstance(value, str) and value in _RATING_LIST_NAMED:
        return _RATING_LIST_NAMED[value]
    raise InvalidInputError(f"rating_list must be standard, rapid or blitz, got {show(value)}")


def check_method(value: object) -> ExpectedMethod:
    if isinstance(value, str) and value in _METHOD_NAMED:
        return _METHOD_NAMED[value]
    raise InvalidInputError(f"method must be table or logistic, got {show(value)}")


def check_day(value: object, name: str) -> _dt.date:
    return _dt.date.today() if value is None else check_date(value, name)


def check_flag(value: object, name: str) -> bool:
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


def check_fide_games(
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
    # checked has a pair for each opponent, in order (check_games pairs stand_ins, made one
    # for one from opponents): the i-th pair is the i-th opponent's.
    return tuple(
        (None if opponents[i] is None else rating, result)
        for i, (rating, result) in enumerate(checked)
    )


# --- Expected score ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FideRules:
    """The FIDE rules in force on one date for one rating list: every dated rule, decided once.

    :func:`fide_rules` resolves a date to one of these (cached); every path that rates
    (:func:`expected_score`, :func:`is_rated_game`, :func:`k_factor`,
    :func:`rating_change`, :func:`first_rating`, :func:`xlrating.rating.events.fide_period` and
    :func:`xlrating.rating.batch.fide_period_batch`) reads it instead of comparing dates itself.
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
            gap = abs(exact_fraction(rating) - exact_fraction(opponent))
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
    return rules_on(check_day(on, "on"), check_rating_list(rating_list))


@functools.lru_cache(maxsize=1024)
def rules_on(day: _dt.date, rating_list: RatingList) -> FideRules:
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
