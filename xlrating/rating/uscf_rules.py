"""US Chess rules by date and their numbers: every constant of the rating system (with its
source), the checks of the inputs they speak of, and :class:`UscfRules`, the one place a
date picks which apply (the bonus multiplier B).

Split from :mod:`xlrating.rating.uscf` (the rating computations), which re-exports every public
name here.
"""

from __future__ import annotations

import datetime as _dt
import functools
from dataclasses import dataclass
from typing import Final, Literal

from ..errors import InvalidInputError
from ._check import (
    MAX_RATING,
    check_count,
    check_date,
    check_number,
    check_rating,
    show,
)

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


# Not a number from a regulation: the largest bonus multiplier accepted when one is given
# (a guard against a slip such as 120 for 12).  The Bs US Chess has published lie between
# 6 and 14 (docs/rules/uscf.md#bonus-b); the threshold B sqrt(max(m, 4)) of a 4-round event
# at B = 100 is 200 points, beyond what K (S - E) reaches for all but a first event.
MULTIPLIER_MAX: Final = 100.0


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


# NR counts the events in which the player completed at least this many rated games (the same
# spec text as the low-rating floor above; docs/rules/uscf.md#floors).
LOW_FLOOR_EVENT_GAMES: Final = 3


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


# ------------------------------------------------------------------ validation helpers


def check_flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidInputError(f"{name} must be TRUE or FALSE, got {show(value)}")
    return value


def check_history(value: object) -> History:
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


def check_games_count(games: object) -> int | None:
    return None if games is None else check_count(games, "games")


def check_effective(value: object) -> float:
    number = check_number(value, "effective_games")
    if number < 0.0:
        raise InvalidInputError(f"effective_games must be at least 0, got {show(value)}")
    return number


def check_multiplier(value: object, name: str = "multiplier") -> float:
    """A bonus multiplier B given by the caller: a number from 0 to :data:`MULTIPLIER_MAX`."""
    number = check_number(value, name)
    if number < 0.0:
        raise InvalidInputError(f"{name} must be at least 0, got {show(value)}")
    if number > MULTIPLIER_MAX:
        raise InvalidInputError(
            f"{name} must be at most {MULTIPLIER_MAX:g} (US Chess has used 6 to 14), "
            f"got {show(value)}"
        )
    return number


# ------------------------------------------------------------------ public functions


@dataclass(frozen=True, slots=True)
class UscfRules:
    """US Chess's dated constants for an event ending on one date, decided once.

    :func:`uscf_rules` resolves a date to one of these (cached); :func:`bonus_multiplier`,
    :func:`rate` and :func:`xlrating.rating.events.uscf_event` read it.  The other constants of
    the rating system carry no date in the sources we hold (Step 2's N* formula is in force
    for events ending 18 May 2013 or later and is applied to every date).
    """

    #: The event's end date the constants are for.
    date: _dt.date
    #: Bonus multiplier B (:data:`BONUS_MULTIPLIERS`, docs/rules/uscf.md#d3): 14 from 2017-05-01, 12
    #: from 2023-02-01, 10 from 2025-01-01; None before 2017-05-01, when the sources give
    #: no dated B (the caller must give one).
    bonus_multiplier: float | None
    #: The first day of the era of that B (:data:`BONUS_MULTIPLIERS`); None before 2017-05-01.
    bonus_from: _dt.date | None = None


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
    return rules_on(when)


@functools.lru_cache(maxsize=1024)
def rules_on(day: _dt.date) -> UscfRules:
    """Decide the dated constants for *day* (each constant cites its source above)."""
    chosen: float | None = None
    since: _dt.date | None = None
    for start, value in BONUS_MULTIPLIERS:
        if day >= start:
            chosen, since = value, start
    return UscfRules(date=day, bonus_multiplier=chosen, bonus_from=since)


def bonus_eras(multiplier: float) -> tuple[tuple[_dt.date, _dt.date | None], ...]:
    """The dated eras in which US Chess used the bonus multiplier *multiplier*.

    :returns: (first day, last day) of each era of :data:`BONUS_MULTIPLIERS` with that B,
        oldest first; the last day is None for the era in force today.  Empty when no
        dated era has that B.

    >>> bonus_eras(12.0)
    ((datetime.date(2023, 2, 1), datetime.date(2024, 12, 31)),)
    """
    eras = []
    for i, (start, value) in enumerate(BONUS_MULTIPLIERS):
        if value == multiplier:
            following = BONUS_MULTIPLIERS[i + 1][0] if i + 1 < len(BONUS_MULTIPLIERS) else None
            eras.append((start, None if following is None else following - _dt.timedelta(1)))
    return tuple(eras)


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
