"""Time a FIDE month at federation scale through xlrating.rating.batch against its numpy bound.

A seeded month of 200,000 players and 1,000,000 games (5% of players unrated, juniors,
players who have reached 2400, a few above 2650) is rated by
:func:`xlrating.rating.batch.fide_period_batch` under the rules of 2025-11-01 (standard list,
400-point cap with the 2650 exemption).  The bound is what any numpy rating of that month
must do at least: each game's expected score from table 8.1.2 (a lookup table on D + 3000
with the 400-point limit folded in) and each player's sum of expected scores
(``np.bincount`` for White and for Black) -- no validation, no scores, no K, no rounding,
no unrated players, no exemption.

Run from the repository root (numpy needed: ``pip install -e '.[fast]'``)::

    python bench/bench_fide_batch.py [--repeat 7] [--seed 2025]

Times are medians of ``--repeat`` runs, batch and bound alternating.  The script also
checks that the batch's sums of expected scores equal the bound's on an all-rated month
under the plain 400-point rule (2025-06-01).  No timing is asserted anywhere.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from xlrating.rating import synthetic
from xlrating.rating.batch import PD_SCALE, fide_period_batch
from xlrating.rating.fide import CAP_400, TABLE_8_1_2

PLAYERS = 200_000
GAMES = 1_000_000
SEED = 2025
#: The month rated: today's rules (2650 exemption, standard list).
PERIOD = dt.date(2025, 11, 1)
#: A month under the plain 400-point rule, for the agreement check.
PLAIN_CAP_PERIOD = dt.date(2025, 6, 1)

Month = dict[str, npt.NDArray[Any]]


def make_month(seed: int = SEED, players: int = PLAYERS, games: int = GAMES) -> Month:
    """The package's seeded month (:func:`xlrating.rating.synthetic.fide_month`), as numpy
    columns."""
    month = synthetic.fide_month(players, games, seed=seed, period_date=PERIOD)
    return {
        "ratings": np.array([np.nan if r is None else r for r in month.ratings]),
        "white": np.array(month.white, dtype=np.intp),
        "black": np.array(month.black, dtype=np.intp),
        "white_score": np.array(month.white_score),
        "birth_year": np.array([0 if y is None else y for y in month.birth_year]),
        "rated_games": np.array(month.rated_games),
        "reached_2400": np.array(month.reached_2400),
    }


#: Widest difference between ratings 1000 and 4000: the lookup table runs from -SPAN to SPAN.
SPAN = 3000


def _pd_lookup(cap: int) -> npt.NDArray[np.float64]:
    """PD x 100 of table 8.1.2 for D = -3000..3000 (entry D + 3000), D limited to +-cap.

    Built once, not timed; the cap is folded into the table, so the bound needs no clip.
    """
    highs = np.array([high for _, high, _ in TABLE_8_1_2[:-1]])
    higher = np.array([int(pd * PD_SCALE) for _, _, pd in TABLE_8_1_2])
    difference = np.clip(np.arange(-SPAN, SPAN + 1), -cap, cap)
    row = np.searchsorted(highs, np.abs(difference))
    return np.where(difference >= 0, higher[row], PD_SCALE - higher[row]).astype(np.float64)


def bound(
    ratings: npt.NDArray[np.int64],
    white: npt.NDArray[np.intp],
    black: npt.NDArray[np.intp],
    table: npt.NDArray[np.float64],
) -> npt.NDArray[np.float64]:
    """The numpy bound: PD per game (table lookup on D + 3000) and each player's PD sum."""
    index = (ratings + SPAN)[white]
    index -= ratings[black]
    pd = table[index]
    players = ratings.shape[0]
    expected = np.bincount(white, weights=pd, minlength=players)
    pd -= PD_SCALE  # Black's PD is 100 - White's
    expected -= np.bincount(black, weights=pd, minlength=players)
    return cast("npt.NDArray[np.float64]", expected)


def _batch(month: Month, period: dt.date) -> Any:
    return fide_period_batch(
        month["ratings"],
        month["white"],
        month["black"],
        month["white_score"],
        rated_games=month["rated_games"],
        birth_year=month["birth_year"],
        reached_2400=month["reached_2400"],
        period_date=period,
    )


def _agree(month: Month, table: npt.NDArray[np.float64]) -> bool:
    """On an all-rated month under the plain cap, batch and bound give the same PD sums."""
    everyone = dict(month, ratings=np.nan_to_num(month["ratings"], nan=1500.0))
    result = _batch(everyone, PLAIN_CAP_PERIOD)
    ours = np.rint(result.expected_total * PD_SCALE)
    theirs = bound(
        everyone["ratings"].astype(np.int64), everyone["white"], everyone["black"], table
    )
    return bool(np.array_equal(ours, theirs))


def _median_times(tasks: Sequence[Callable[[], object]], repeat: int) -> list[list[float]]:
    for task in tasks:  # warm up: lookup tables, page cache
        task()
    times: list[list[float]] = [[] for _ in tasks]
    for _ in range(repeat):
        for task, sample in zip(tasks, times, strict=True):
            start = time.perf_counter()
            task()
            sample.append(time.perf_counter() - start)
    return times


def run(
    repeat: int = 7, seed: int = SEED, players: int = PLAYERS, games: int = GAMES
) -> dict[str, Any]:
    """Time the batch and the bound on the seeded month; medians and mins in seconds."""
    month = make_month(seed, players, games)
    table = _pd_lookup(CAP_400)
    stand_in = np.nan_to_num(month["ratings"], nan=1500.0).astype(np.int64)
    white, black = month["white"], month["black"]
    batch_times, bound_times = _median_times(
        [lambda: _batch(month, PERIOD), lambda: bound(stand_in, white, black, table)], repeat
    )
    batch_median = statistics.median(batch_times)
    bound_median = statistics.median(bound_times)
    return {
        "players": players,
        "games": games,
        "seed": seed,
        "repeat": repeat,
        "period_date": PERIOD.isoformat(),
        "batch_median_s": batch_median,
        "bound_median_s": bound_median,
        "ratio": batch_median / bound_median,
        "batch_min_s": min(batch_times),
        "bound_min_s": min(bound_times),
        "agree": _agree(month, table),
        "numpy": np.__version__,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=7, help="timed runs of each (median)")
    parser.add_argument("--seed", type=int, default=SEED, help="seed of the synthetic month")
    args = parser.parse_args(argv)
    numbers = run(args.repeat, args.seed)
    print(
        f"FIDE month, {numbers['players']:,} players, {numbers['games']:,} games "
        f"(seed {numbers['seed']}, {numbers['period_date']}; numpy {numbers['numpy']}, "
        f"Python {numbers['python']}, {numbers['cpus']} CPUs), median of {numbers['repeat']}:"
    )
    print(f"  fide_period_batch  {numbers['batch_median_s'] * 1e3:8.1f} ms")
    print(f"  numpy bound        {numbers['bound_median_s'] * 1e3:8.1f} ms")
    print(f"  ratio              {numbers['ratio']:8.2f}x")
    print(
        f"  sums agree with the bound (all rated, plain cap): {'yes' if numbers['agree'] else 'NO'}"
    )
    return 0 if numbers["agree"] else 1


if __name__ == "__main__":
    sys.exit(main())
