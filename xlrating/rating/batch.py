"""FIDE rating periods at federation scale: columns of numbers in, columns out (needs numpy).

:func:`fide_period_batch` rates a whole rating period as :func:`xlrating.rating.events.fide_period`
rates its rated players (FIDE Rating Regulations B.02, 8.3; the Rapid and Blitz
regulations' 600-point rule), but takes arrays: one entry per player (rating, games
completed, birth year, ...) and one per game (White's index, Black's index, White's
score).  A month of 200,000 players and 1,000,000 games takes a fraction of a second.

The numbers are those of :mod:`xlrating.rating.fide`, to the last digit:

* PD comes from table 8.1.2 as printed (:data:`xlrating.rating.fide.TABLE_8_1_2`, read once into
  a lookup table of whole hundredths), with the rating-difference rule in force on the
  period's date as :func:`xlrating.rating.fide.fide_rules` decides it (350 or 400 points, the 2650
  exemption keyed on the rated player's own rating), the 2022-2024 limit of one upgrade
  per tournament (the period taken as one tournament, as :func:`xlrating.rating.fide.rating_change`
  does) and the rapid/blitz 600-point rule.
* K follows 8.3.3 exactly as :func:`xlrating.rating.fide.k_factor` (with the 700 rule for the
  period's rated games), unless a K is given for the player.
* The change K x (score - sum PD) is computed in whole hundredths, in integers, and
  rounded once, .5 away from zero (8.3.4), as :func:`xlrating.rating.fide.rating_change` does
  with fractions.  Ratings and given K must therefore be whole numbers, as FIDE
  publishes them: a fractional rating is refused rather than rounded.

What stays with :func:`xlrating.rating.events.fide_period`: first ratings (7.1.4, 8.2).  An
unrated player (NaN) gets no change, and their games are not rated for their opponents
(8.3.1); their entries give the games and points against rated opponents only.

numpy is imported when a function here is called, never by ``import xlrating``; without
it the call fails with one line telling to install ``xlrating[fast]``.
"""

from __future__ import annotations

import datetime as _dt
import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast

from ..errors import InvalidInputError, RatingError
from ._check import MAX_RATING, check_date, show
from .fide import (
    EARLIEST_BIRTH_YEAR,
    K_ELITE,
    K_ELITE_RATING,
    K_JUNIOR,
    K_JUNIOR_AGE,
    K_JUNIOR_RATING,
    K_MAX,
    K_NEW,
    K_NEW_GAMES,
    K_PERIOD_LIMIT,
    K_STANDARD,
    LOWEST_RATING,
    TABLE_8_1_2,
    ExpectedMethod,
    FideRules,
    RatingList,
    check_rating_list,
    fide_rules,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]
    FloatArray = npt.NDArray[np.float64]
    BoolArray = npt.NDArray[np.bool_]
    IndexArray = npt.NDArray[np.intp]
    AnyArray = npt.NDArray[Any]

_A = TypeVar("_A", bound="npt.NDArray[Any]")

__all__ = ["PD_SCALE", "FideBatchResult", "fide_period_batch", "pd_hundredths"]

# Table 8.1.2 (B.02 effective 1 March 2024) prints PD with two decimals: the batch works in
# whole hundredths, so every PD, sum and change below is an exact integer.
PD_SCALE: Final = 100

# Not a regulation: the widest difference between two accepted ratings (4000 - 1000), which
# sizes the lookup tables.  As fide.rating_change does, ratings below fide.LOWEST_RATING
# (and above the plausibility bound 4000) are refused.
_SPAN: Final = int(MAX_RATING) - LOWEST_RATING

# Plausibility bound chosen here, not a regulation: games completed before the period.
_MAX_GAMES: Final = 10**9

_MISSING_NUMPY: Final = "xlrating.rating.batch needs numpy: pip install 'xlrating[fast]'"


def _require_numpy() -> None:
    """Raise one line telling to install the ``fast`` extra when numpy is missing."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        raise RatingError(_MISSING_NUMPY) from None


# --- Result ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class FideBatchResult:
    """Every player's FIDE rating period: read-only arrays, one entry per player, in order.

    Field names follow :class:`xlrating.rating.events.FidePeriodRow` where they mean the same.
    """

    #: True for a player with a published rating at the start of the period.
    rated: BoolArray
    #: K used (8.3.3 with the 700 rule, or the given K); 0 for an unrated player.
    k: IntArray
    #: Rated games this period (an unrated player: games against rated opponents).
    games: IntArray
    #: Points in those games.
    score: FloatArray
    #: Sum of PD over the rated games; 0 for an unrated player.
    expected_total: FloatArray
    #: K x (score - expected_total) before rounding; 0 for an unrated player.
    change_unrounded: FloatArray
    #: The change rounded to a whole number, .5 away from zero (8.3.4); 0 when unrated.
    change: IntArray
    #: rating + change; NaN for an unrated player.
    computed: FloatArray
    #: The rating on the next list; NaN when unrated (no first rating here) or delisted.
    new_rating: FloatArray
    #: True when ``computed`` fell below 1400 from 2024-03-01 (7.2.1: shown as unrated).
    delisted: BoolArray
    #: Rated games completed after the period (for the next K).
    rated_games_after: IntArray
    #: True once a published rating has reached 2400 (for the next K).
    reached_2400: BoolArray
    #: The rating list.
    rating_list: RatingList
    #: The period date whose rules were applied.
    period_date: _dt.date

    def __len__(self) -> int:
        return int(self.rated.shape[0])


# --- Table 8.1.2 as a lookup table -------------------------------------------------------


@functools.cache
def _pd_table(cap: int | None, offset: int = 0) -> FloatArray:
    """PD x 100 (plus *offset*) for D = -3000..3000 (entry D + 3000), D limited to +-cap.

    Read from :data:`xlrating.rating.fide.TABLE_8_1_2` by the rule of ``fide._table_pd``: a row
    covers |D| above the previous row's upper bound up to its own (a search on the upper
    bounds); column H for D >= 0, L = 1 - H below.  Floats holding whole numbers, so that
    ``bincount`` adds them exactly.
    """
    import numpy as np

    highs = np.array([high for _, high, _ in TABLE_8_1_2[:-1]], dtype=np.int64)
    scaled = [pd * PD_SCALE for _, _, pd in TABLE_8_1_2]
    if any(value != value.to_integral_value() for value in scaled):  # pragma: no cover
        raise AssertionError("table 8.1.2 has entries finer than hundredths")
    higher = np.array([int(value) for value in scaled], dtype=np.int64)
    difference = np.arange(-_SPAN, _SPAN + 1, dtype=np.int64)
    if cap is not None:
        difference = np.clip(difference, -cap, cap)
    row = np.searchsorted(highs, np.abs(difference), side="left")
    table = np.where(difference >= 0, higher[row], PD_SCALE - higher[row]).astype(np.float64)
    table += offset
    table.flags.writeable = False
    return table


def pd_hundredths(difference: object, cap: int | None = None) -> IntArray:
    """PD of FIDE table 8.1.2 in hundredths, for whole rating differences limited to +-cap.

    :param difference: whole rating differences, own minus opponent, from -3000 to 3000
    :param cap: the 350/400-point limit in force, or None for the full difference
    :returns: PD x 100 for each difference
    :raises InvalidInputError: on a difference that is not whole or out of range, or a bad cap
    :raises RatingError: if numpy is not installed

    >>> pd_hundredths([0, 3, 4, -50, 400, 500], cap=400).tolist()
    [50, 50, 51, 43, 92, 92]
    >>> pd_hundredths([500, -800]).tolist(), pd_hundredths([500], cap=350).tolist()
    ([96, 0], [89])
    """
    _require_numpy()
    import numpy as np

    if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 0):
        raise InvalidInputError(f"cap must be a whole number of points or None, got {show(cap)}")
    values = _whole(_column(difference, "difference"), "difference", -_SPAN, _SPAN)
    table = _pd_table(None if cap is None or cap >= _SPAN else cap)
    return cast("IntArray", table[values + _SPAN].astype(np.int64))


# --- Checking the columns ----------------------------------------------------------------


def _item(value: object) -> object:
    """A numpy scalar as the Python number it holds, for an error message."""
    item = getattr(value, "item", None)
    return item() if callable(item) else value


def _column(value: object, name: str, length: int | None = None) -> AnyArray:
    """*value* as a one-dimensional array of numbers or booleans (None entries become NaN)."""
    import numpy as np

    if isinstance(value, (str, bytes)):
        raise InvalidInputError(f"{name} must be a list or array of numbers, got {show(value)}")
    try:
        array = np.asarray(value)
    except (TypeError, ValueError):
        raise InvalidInputError(
            f"{name} must be a list or array of numbers, got {show(value)}"
        ) from None
    if array.ndim != 1:
        raise InvalidInputError(f"{name} must be one-dimensional, got shape {array.shape}")
    if array.dtype.kind == "O":
        for position, entry in enumerate(array):
            if entry is not None and (
                isinstance(entry, (bool, np.bool_))
                or not isinstance(entry, (int, float, np.integer, np.floating))
            ):
                raise InvalidInputError(f"{name}[{position}] must be a number, got {show(entry)}")
        array = array.astype(np.float64)
    if array.dtype.kind not in "biuf":
        raise InvalidInputError(f"{name}[0] must be a number, got {show(_item(array[0]))}")
    if length is not None and array.shape[0] != length:
        raise InvalidInputError(f"{name} has {array.shape[0]} entries but ratings has {length}")
    return array


def _refuse_first(bad: BoolArray, array: AnyArray, name: str, what: str) -> None:
    """Raise naming the first flagged position, if any is flagged."""
    import numpy as np

    if bad.any():
        position = int(np.flatnonzero(bad)[0])
        got = show(_item(array[position]))
        raise InvalidInputError(f"{name}[{position}] must be {what}, got {got}")


def _whole(array: AnyArray, name: str, low: int, high: int, what: str = "") -> IntArray:
    """Whole numbers from *low* to *high* (booleans and NaN refused), as int64."""
    import numpy as np

    what = what or f"a whole number from {low} to {high}"
    if array.dtype.kind == "b":
        _refuse_first(np.ones(array.shape[0], dtype=bool), array, name, what)
    if array.dtype.kind in "iu":
        values = array.astype(np.int64, copy=False)
        if values.size and (int(values.min()) < low or int(values.max()) > high):
            _refuse_first((values < low) | (values > high), array, name, what)
        return values
    with np.errstate(invalid="ignore"):
        _refuse_first(
            ~((array >= low) & (array <= high) & (np.floor(array) == array)), array, name, what
        )
    return cast("IntArray", array.astype(np.int64))


def _optional_whole(
    value: object, name: str, length: int, low: int, high: int, what: str, zero_unknown: bool
) -> tuple[IntArray, BoolArray]:
    """Whole numbers from *low* to *high*, NaN (or None) where not given: (values, given).

    *what* describes a valid entry, including what stands for "not given".
    """
    import numpy as np

    array = _column(value, name, length)
    known = np.ones(length, dtype=bool) if array.dtype.kind in "biu" else ~np.isnan(array)
    if zero_unknown:
        known &= array != 0
    values = _whole(np.where(known, array, low), name, low, high, what)
    return values, cast("BoolArray", known)


def _check_ratings(value: object) -> tuple[IntArray, BoolArray]:
    """Whole ratings 1000..4000 and who is rated (NaN or None: unrated)."""
    import numpy as np

    array = _column(value, "ratings")
    what = (
        f"a whole number from {LOWEST_RATING} to {MAX_RATING:g} (FIDE publishes whole "
        "ratings) or NaN for unrated"
    )
    if array.dtype.kind in "biu":
        return _whole(array, "ratings", LOWEST_RATING, int(MAX_RATING), what), np.ones(
            array.shape[0], dtype=bool
        )
    rated = ~np.isnan(array)
    # An unrated player's stand-in rating keeps table lookups in range; their games are
    # masked out.
    ratings = _whole(
        np.where(rated, array, LOWEST_RATING), "ratings", LOWEST_RATING, int(MAX_RATING), what
    )
    return ratings, cast("BoolArray", rated)


def _check_index(value: object, name: str, players: int) -> IndexArray:
    import numpy as np

    what = f"a player index from 0 to {players - 1}" if players else "a player index"
    values = _whole(_column(value, name), name, 0, players - 1, what)
    return cast("IndexArray", values.astype(np.intp, copy=False))


def _check_scores(value: object, games: int) -> FloatArray:
    """White's scores: 1, 0.5 or 0 each."""
    import numpy as np

    array = _column(value, "white_score")
    if array.shape[0] != games:
        raise InvalidInputError(f"white_score has {array.shape[0]} entries but white has {games}")
    if array.dtype.kind == "b":
        _refuse_first(np.ones(games, dtype=bool), array, "white_score", "1, 0.5 or 0")
    scores = array.astype(np.float64, copy=False)
    counted = (
        np.count_nonzero(scores == 1.0)
        + np.count_nonzero(scores == 0.5)
        + np.count_nonzero(scores == 0.0)
    )
    if counted != games:
        bad = (scores != 1.0) & (scores != 0.5) & (scores != 0.0)
        _refuse_first(bad, array, "white_score", "1, 0.5 or 0")
    return scores


def _check_flags(value: object, length: int) -> BoolArray:
    array = _column(value, "reached_2400", length)
    if array.dtype.kind == "b":
        return cast("BoolArray", array)
    _refuse_first((array != 0) & (array != 1), array, "reached_2400", "True or False")
    return cast("BoolArray", array == 1)


def _frozen(array: _A) -> _A:
    """The array made read-only: a result is a value."""
    array.flags.writeable = False
    return array


# --- Parts of the computation --------------------------------------------------------------


# Not a regulation: how a game's index (D + 3000, from 0 to 6000 between ordinary rated
# players) also says whether White or Black needs care: their code (1 unrated, 2 rated
# 2650 or more under the exemption) is added at these bits, so such a game's index is
# above 6000 and still carries D + 3000 in its low bits.
_WHITE_CODE_SHIFT: Final = 22
_BLACK_CODE_SHIFT: Final = 25
_UNRATED: Final = 1
_EXEMPT: Final = 2

# Not a regulation: how _packed_sums shares one float between three sums per player.
# PD hundredths take the low 22 bits (100 x 16,383 games < 2**22), half-points the next 17
# (2 x 16,383 < 2**17) and games the top 14 (16,383 < 2**14), so every sum stays whole and
# below 2**53, where floats add exactly.  A player with more games in the period takes
# the slower path of one sum per bincount.
_PD_BITS: Final = 22
_HALVES_BITS: Final = 17
_PACKED_GAMES: Final = (1 << (53 - _PD_BITS - _HALVES_BITS)) - 1

#: Corrections per half-game: the player, and the games, PD hundredths and half-points to
#: add to their sums (whole numbers, as floats: bincount weights).
_Corrections = tuple["IndexArray", "FloatArray", "FloatArray", "FloatArray"]


def _game_index(
    rating: IntArray, code: IntArray | None, white: IndexArray, black: IndexArray
) -> IntArray:
    """D + 3000 for each game, plus the players' codes (:data:`_UNRATED`, :data:`_EXEMPT`).

    Two gathers per game; whether a game needs care comes with them.
    """
    if code is None:
        as_white, as_black = rating + _SPAN, rating
    else:
        as_white = rating + _SPAN + (code << _WHITE_CODE_SHIFT)
        as_black = rating - (code << _BLACK_CODE_SHIFT)
    index = as_white[white]
    index -= as_black[black]
    return index


def _packed_sums(
    white: IndexArray,
    black: IndexArray,
    index: IntArray,
    score: FloatArray,
    cap: int,
    bins: int,
    corrections: Sequence[_Corrections],
) -> tuple[IntArray, IntArray, IntArray]:
    """Per player: rated games, sum of PD in hundredths and half-points, exactly.

    Every game is first counted as rated under the table's cap (Black's PD is 100 minus
    White's under a cap that is the same for both), then *corrections* put right the few
    half-games that differ.  Games, half-points and PD share one float per half-game
    (bit fields, see :data:`_PACKED_GAMES`), so two weighted bincounts do the work of six.
    """
    import numpy as np

    player, fix_played, fix_pd, fix_halves = (
        np.concatenate([part[position] for part in corrections])
        if corrections
        else np.zeros(0, dtype=np.intp if position == 0 else np.float64)
        for position in range(4)
    )
    halves_unit = 1 << _PD_BITS
    games_unit = 1 << (_PD_BITS + _HALVES_BITS)
    # Each game counts 1 in the games field: folded into the lookup table.
    weight = np.take(_pd_table(cap, games_unit), index, mode="clip")  # above 6000: corrected
    weight += score * (2 * halves_unit)
    total = np.bincount(white, weights=weight, minlength=bins)
    np.subtract(PD_SCALE + 2 * halves_unit + 2 * games_unit, weight, out=weight)
    total += np.bincount(black, weights=weight, minlength=bins)
    packed = total.astype(np.int64)
    # Carries only raise the top field, so this bound on it proves no field overflowed.
    if not bins or int(packed.max()) >> (_PD_BITS + _HALVES_BITS) <= _PACKED_GAMES:
        if player.size:
            fix = fix_pd + halves_unit * fix_halves + games_unit * fix_played
            packed += np.bincount(player, weights=fix, minlength=bins).astype(np.int64)
        played = packed >> (_PD_BITS + _HALVES_BITS)
        halves = (packed >> _PD_BITS) & ((1 << _HALVES_BITS) - 1)
        return played, packed & (halves_unit - 1), halves
    # A player with more than 16,383 games: one sum per bincount (exact below 2**53).
    played = np.bincount(white, minlength=bins) + np.bincount(black, minlength=bins)
    pd = np.take(_pd_table(cap), index, mode="clip")
    expected = np.bincount(white, weights=pd, minlength=bins) + (
        PD_SCALE * np.bincount(black, minlength=bins)
        - np.bincount(black, weights=pd, minlength=bins)
    )
    points = np.bincount(white, weights=score, minlength=bins) + (
        np.bincount(black, minlength=bins) - np.bincount(black, weights=score, minlength=bins)
    )
    sums = (played, expected.astype(np.int64), (2 * points).astype(np.int64))
    if player.size:
        for each, fix in zip(sums, (fix_played, fix_pd, fix_halves), strict=True):
            each += np.bincount(player, weights=fix, minlength=bins).astype(np.int64)
    return sums


def _odd_games(
    white: IndexArray,
    black: IndexArray,
    score: FloatArray,
    index: IntArray,
    table: FloatArray,
) -> _Corrections:
    """Put right the games with an unrated player or, under the exemption, a 2650+ player.

    A game is rated for a player whose opponent is rated; an unrated player's games
    against rated opponents count as games and points only (as in ``fide_period``).  A
    player rated 2650 or more uses the full difference (8.3.1 as amended 2025-10-01,
    keyed on the player's own rating as :meth:`xlrating.rating.fide.FideRules.cap_for` is).
    """
    import numpy as np

    games = np.flatnonzero(index > 2 * _SPAN)
    wp, bp = white[games], black[games]
    packed = index[games]
    white_code = (packed >> _WHITE_CODE_SHIFT) & (
        (1 << (_BLACK_CODE_SHIFT - _WHITE_CODE_SHIFT)) - 1
    )
    black_code = packed >> _BLACK_CODE_SHIFT
    difference = packed & ((1 << _WHITE_CODE_SHIFT) - 1)  # D + 3000
    # What _packed_sums counted: White's PD from the lookup clipped to its last entry
    # (D + 3000 = 6000), all points.
    counted = float(table[2 * _SPAN])
    full = _pd_table(None)
    pd_w = np.where(white_code == _EXEMPT, full[difference], table[difference])
    np.subtract(2 * _SPAN, difference, out=difference)
    pd_b = np.where(black_code == _EXEMPT, full[difference], table[difference])
    rated_w, rated_b = white_code != _UNRATED, black_code != _UNRATED
    not_both = ~(rated_w & rated_b)
    pd_w[not_both] = 0.0
    pd_b[not_both] = 0.0
    pd_w -= counted
    pd_b += counted - PD_SCALE
    # Half-points to take back: White's against an unrated Black, and Black's likewise.
    halves = score[games] * -2.0
    black_halves = halves + 2.0
    halves[rated_b] = 0.0
    black_halves[rated_w] = 0.0
    return (
        np.concatenate([wp, bp]),
        np.concatenate([rated_b, rated_w]) - 1.0,
        np.concatenate([pd_w, pd_b]),
        np.concatenate([halves, -black_halves]),
    )


def _removed_600(
    rating: IntArray,
    white: IndexArray,
    black: IndexArray,
    score: FloatArray,
    index: IntArray,
    table: FloatArray,
    gap: int,
    above: int,
) -> _Corrections:
    """Take out the rapid/blitz games the 600-point rule leaves unrated, for both players.

    R&B regulations 7.3.1 from 2024-12-01, as :meth:`xlrating.rating.fide.FideRules.is_rated`:
    *gap* (600) or more points apart and either player rated above *above* (2600)
    (docs/rules/fide.md#d5: the game goes for both).
    """
    import numpy as np

    far = np.flatnonzero(((index >= _SPAN + gap) & (index <= 2 * _SPAN)) | (index <= _SPAN - gap))
    high = rating > above
    games = far[high[white[far]] | high[black[far]]]
    pd = table[index[games]]
    halves = 2.0 * score[games]
    return (
        np.concatenate([white[games], black[games]]),
        np.full(2 * games.shape[0], -1.0),
        np.concatenate([-pd, pd - PD_SCALE]),
        np.concatenate([-halves, halves - 2.0]),
    )


def _one_upgrade(
    white: IndexArray, black: IndexArray, index: IntArray, table: FloatArray, cap: int, bins: int
) -> _Corrections:
    """B.02 2022 8.3.1 (``FideRules.one_upgrade``): the cap helps a player in one game only.

    As ``fide.rating_change`` (the period taken as one tournament): of a player's games
    with D > cap, the one with the greatest D (the earliest of equals, in game order)
    keeps the cap; in the others D counts in full.  Only games between rated players are
    concerned (no exemption applies on these dates).
    """
    import numpy as np

    games = np.flatnonzero(((index > _SPAN + cap) & (index <= 2 * _SPAN)) | (index < _SPAN - cap))
    difference = index[games] - _SPAN
    white_gains = difference > cap  # else Black gains: D < -cap
    player = np.where(white_gains, white[games], black[games])
    gain = np.abs(difference)
    # Per player: the greatest gain, then the earliest game with it (ufunc.at, no sort).
    best = np.zeros(bins, dtype=np.int64)
    np.maximum.at(best, player, gain)
    at_best = gain == best[player]
    first = np.full(bins, np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(first, player[at_best], games[at_best])
    full_games = ~at_best | (games != first[player])
    player, gain = player[full_games], gain[full_games]
    zero = np.zeros(player.shape[0])
    return player, zero, _pd_table(None)[gain + _SPAN] - table[gain + _SPAN], zero


def _rule_k(
    ratings: IntArray,
    rated_games: IntArray,
    birth_year: IntArray,
    born_known: BoolArray,
    reached: BoolArray,
    games: IntArray,
    rules: FideRules,
) -> IntArray:
    """K by 8.3.3, as :meth:`xlrating.rating.fide.FideRules.k` and ``limit_k``, for whole columns:
    the precedence of docs/rules/fide.md#d4, then the 700 rule."""
    import numpy as np

    if rules.k_everyone is not None:
        k = np.full(ratings.shape[0], rules.k_everyone, dtype=np.int64)
    else:
        junior = born_known & (rules.date.year - birth_year <= K_JUNIOR_AGE)
        k = np.where(
            reached | (ratings >= K_ELITE_RATING),
            K_ELITE,
            np.where(
                junior & (ratings < K_JUNIOR_RATING),
                K_JUNIOR,
                np.where(rated_games < K_NEW_GAMES, K_NEW, K_STANDARD),
            ),
        ).astype(np.int64)
    over = k * games > K_PERIOD_LIMIT
    return cast("IntArray", np.where(over, K_PERIOD_LIMIT // np.maximum(games, 1), k))


# --- The rating period ---------------------------------------------------------------------


def fide_period_batch(
    ratings: object,
    white: object,
    black: object,
    white_score: object,
    *,
    k: object = None,
    rated_games: object = None,
    birth_year: object = None,
    reached_2400: object = None,
    rating_list: RatingList = "standard",
    period_date: _dt.date | None = None,
    method: ExpectedMethod = "table",
) -> FideBatchResult:
    """FIDE rating period for whole columns: K, sum of PD, score, change and new rating per player.

    The batch form of :func:`xlrating.rating.events.fide_period` for rated players, with the
    same numbers (see the module docstring).  Players are numbered by their position in
    *ratings* (from 0); each game names White and Black by those numbers.  Unrated
    players (NaN or None) get no change and no first rating; their games are not rated
    for their opponents.  The 2022-2024 one-upgrade rule takes the period as one
    tournament, as :func:`xlrating.rating.fide.rating_change` does.

    :param ratings: published ratings at the start of the period, whole numbers from 1000
        to 4000; NaN (or None) for an unrated player
    :param white: White's player number for each game
    :param black: Black's player number for each game
    :param white_score: White's points in each game: 1, 0.5 or 0
    :param k: a K per player to use instead of 8.3.3 (whole, 1 to 40); NaN (or None) for
        "by the rules"; None for everyone by the rules.  A given K is not lowered by the
        700 rule: K x rated games above 700 is refused, as in ``fide.rating_change``
    :param rated_games: rated games completed before the period, per player; None means
        30 for everyone (not new: ``FidePlayer``'s default)
    :param birth_year: year of birth per player (juniors: K 40 under 2300); NaN or 0 when
        not known; None for nobody known
    :param reached_2400: True where a published rating has reached 2400; None: nobody
    :param rating_list: ``"standard"``, ``"rapid"`` or ``"blitz"``
    :param period_date: a date in the rating period (rules by date); None means today
    :param method: ``"table"`` (8.1.2); ``"logistic"`` is refused (its exact rounding needs
        :func:`xlrating.rating.fide.rating_change`)
    :returns: a :class:`FideBatchResult`
    :raises InvalidInputError: on a bad argument, one line naming it and the first bad entry
    :raises RatingError: if numpy is not installed

    Seed 001's example: 1800 (K 20) meets 1750 W, 1850 D, 1900 L, 1700 W, 2000 D:
    PD sum 2.24, score 3, change +15.2, rounded +15.

    >>> import datetime
    >>> result = fide_period_batch(
    ...     [1800, 1750, 1850, 1900, 1700, 2000],
    ...     white=[0, 2, 0, 4, 0], black=[1, 0, 3, 0, 5], white_score=[1, 0.5, 0, 0, 0.5],
    ...     period_date=datetime.date(2025, 6, 1))
    >>> int(result.k[0]), float(result.expected_total[0]), float(result.score[0])
    (20, 2.24, 3.0)
    >>> float(result.change_unrounded[0]), int(result.change[0]), float(result.new_rating[0])
    (15.2, 15, 1815.0)
    """
    _require_numpy()
    import numpy as np

    rating_list = check_rating_list(rating_list)  # fide's check: the same line
    if method == "logistic":
        raise InvalidInputError(
            "method logistic is not supported by the batch (exact rounding needs "
            "xlrating.rating.fide.rating_change); use table"
        )
    if method != "table":
        raise InvalidInputError(f"method must be table or logistic, got {show(method)}")
    day = _dt.date.today() if period_date is None else check_date(period_date, "period_date")
    rules = fide_rules(day, rating_list)
    rules.check_difference_rule("period_date")

    # --- players
    rating, rated = _check_ratings(ratings)
    count = rating.shape[0]
    if k is None:
        given_k = np.zeros(count, dtype=np.int64)
        k_given = np.zeros(count, dtype=bool)
    else:
        given_k, k_given = _optional_whole(
            k,
            "k",
            count,
            1,
            K_MAX,
            f"a whole number from 1 to {K_MAX}, or NaN for the rules",
            False,
        )
    if rated_games is None:
        prior = np.full(count, K_NEW_GAMES, dtype=np.int64)
    else:
        prior = _whole(_column(rated_games, "rated_games", count), "rated_games", 0, _MAX_GAMES)
    if birth_year is None:
        born = np.zeros(count, dtype=np.int64)
        born_known = np.zeros(count, dtype=bool)
    else:
        born, born_known = _optional_whole(
            birth_year,
            "birth_year",
            count,
            EARLIEST_BIRTH_YEAR,
            day.year,
            f"a year from {EARLIEST_BIRTH_YEAR} to the period's year {day.year}, or NaN or 0 "
            "when not known",
            True,
        )
    reached = (
        np.zeros(count, dtype=bool) if reached_2400 is None else _check_flags(reached_2400, count)
    )
    by_rules = rated & ~k_given
    if by_rules.any():
        rules.check_k_rules("period_date", "; give k for every rated player")

    # --- games
    w = _check_index(white, "white", count)
    b = _check_index(black, "black", count)
    if b.shape[0] != w.shape[0]:
        raise InvalidInputError(f"white has {w.shape[0]} entries but black has {b.shape[0]}")
    s = _check_scores(white_score, w.shape[0])
    if w.size and bool((w == b).any()):
        position = int(np.flatnonzero(w == b)[0])
        raise InvalidInputError(
            f"white[{position}] and black[{position}] are the same player {int(w[position])}"
        )

    # --- rules in force (fide_rules): the cap, and who is exempt from it.
    cap = rules.cap
    assert cap is not None  # check_difference_rule refused the dates without one
    code = np.where(rated, 0, _UNRATED)
    if rules.exemption_rating is not None:
        code[rated & (rating >= rules.exemption_rating)] = _EXEMPT
    any_odd = bool(code.any())

    # --- per game: an index into table 8.1.2 (D + 3000); sums per player as if every game
    # were rated under the common cap; then corrections on the few games that differ.
    index = _game_index(rating, code if any_odd else None, w, b)
    table = _pd_table(cap)
    corrections: list[_Corrections] = []
    if any_odd:
        corrections.append(_odd_games(w, b, s, index, table))
    if rules.unrated_difference is not None and rules.unrated_above is not None:
        corrections.append(
            _removed_600(
                rating, w, b, s, index, table, rules.unrated_difference, rules.unrated_above
            )
        )
    if rules.one_upgrade:
        corrections.append(_one_upgrade(w, b, index, table, cap, count))
    played, expected, halves = _packed_sums(w, b, index, s, cap, count, corrections)

    # --- K (8.3.3) and the change (8.3.4), per player, in integers
    factor = _rule_k(rating, prior, born, born_known, reached, played, rules)
    if k_given.any():
        too_many = rated & k_given & (given_k * played > K_PERIOD_LIMIT)
        if rules.k_period_limit is not None and too_many.any():
            at = int(np.flatnonzero(too_many)[0])
            n = int(played[at])
            raise InvalidInputError(
                f"k[{at}] {int(given_k[at])} x {n} rated games exceeds {K_PERIOD_LIMIT} "
                f"(8.3.3): K is at most {K_PERIOD_LIMIT // n} for this period"
            )
        factor = np.where(k_given, given_k, factor)
    factor = np.where(rated, factor, 0)
    expected = np.where(rated, expected, 0)
    hundredths = factor * (halves * (PD_SCALE // 2) - expected)
    change = np.sign(hundredths) * ((np.abs(hundredths) + PD_SCALE // 2) // PD_SCALE)
    computed = np.where(rated, (rating + change).astype(np.float64), np.nan)
    if rules.delisting_floor is None:
        delisted = np.zeros(count, dtype=bool)
    else:  # 7.2.1, as FideRules.is_delisted
        delisted = rated & (played > 0) & (computed < rules.delisting_floor)
    new_rating = np.where(delisted, np.nan, computed)

    with np.errstate(invalid="ignore"):
        reached_after = reached | (new_rating >= K_ELITE_RATING)
    return FideBatchResult(
        rated=_frozen(rated),
        k=_frozen(factor.astype(np.int64)),
        games=_frozen(played.astype(np.int64)),
        score=_frozen(halves / 2),
        expected_total=_frozen(expected / PD_SCALE),
        change_unrounded=_frozen(hundredths / PD_SCALE),
        change=_frozen(change.astype(np.int64)),
        computed=_frozen(computed),
        new_rating=_frozen(new_rating),
        delisted=_frozen(delisted),
        rated_games_after=_frozen(prior + np.where(rated, played, 0)),
        reached_2400=_frozen(reached_after),
        rating_list=rating_list,
        period_date=day,
    )
