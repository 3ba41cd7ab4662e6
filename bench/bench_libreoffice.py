"""Club seasons recalculated by the headless engine and by LibreOffice, side by side.

Run from the repository root (not part of the test suite; no timing is asserted):

    python bench/bench_libreoffice.py [--repeat 3] [--games 1000 3000 5000 7000]
                                      [--players 40] [--events 16] [--save FILE.json]

For each size, the same generated season as ``bench_recalc.py`` (seeded, the club season
template with room for every row) is recalculated, in one run, by

* the embedded engine: the full command ``xlrating recalc BOOK -o OUT`` in a fresh process
  (read, compute every formula, write the copy with cached values), *repeat* times;
* LibreOffice with xlrating's add-in, installed once into a temporary profile by
  ``xlrating libreoffice-setup --profile``: a fresh headless soffice loads the book,
  recalculates everything (``calculateAll``) and saves an .xlsx copy, *repeat* times; the
  wall time includes starting and stopping soffice, and its stages are shown.

The two are timed in alternation (engine, LibreOffice, engine, ...) so that the host's
load that minute weighs on both alike.  Then the values are compared cell by cell
(LibreOffice against ``engine.evaluate``): cells that differ only because of LibreOffice's
text-in-array bug (a name looked up inside a table result) are counted apart.  Printed:
the medians, the ratio engine / LibreOffice per size, and the growth exponent of each from
the smallest to the largest size (log of the time ratio over log of the size ratio).
Needs LibreOffice 25.2+ with python3-uno; without it the script says so and exits 0.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_recalc import build_book, timed_recalc

#: Columns whose formulas look text up inside the SEASON_RATINGS table (the LibreOffice
#: bug documented in docs/libreoffice.md), and the Checks sheet's lookups.
TEXT_IN_ARRAY = {("Ratings", "A"), ("Standings", "E"), ("Standings", "F"), ("Standings", "G")}
_EPOCH = dt.datetime(1899, 12, 30)


def _as_calc(value: object) -> object:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, dt.datetime):
        return (value - _EPOCH).total_seconds() / 86400
    if isinstance(value, dt.date):
        return float((value - _EPOCH.date()).days)
    return "" if value is None else value


def _same(got: object, want: object) -> bool:
    want = _as_calc(want)
    if isinstance(got, float) and isinstance(want, (int, float)):
        return math.isclose(got, want, rel_tol=1e-12, abs_tol=1e-9)
    return got == want


def _bug_cell(sheet: str, cell: str) -> bool:
    column = cell.rstrip("0123456789")
    return (sheet, column) in TEXT_IN_ARRAY or sheet == "Checks"


def _size(
    found: Any, profile: Path, root: Path, repeat: int, games: int, players: int, events: int
) -> dict[str, Any]:
    """One size: the engine and LibreOffice timed in alternation, then the values compared."""
    from xlrating.libreoffice import office
    from xlrating.workbook.engine import evaluation as engine

    book = build_book(root / f"club_season_{games}.xlsx", games, players, events)
    out = root / f"club_season_{games}.recalc.xlsx"
    saved = root / f"saved_{games}"
    saved.mkdir()
    engine_times: list[float] = []
    lo_times: list[float] = []
    stages: list[dict[str, float]] = []
    for _ in range(repeat):
        engine_times.append(timed_recalc(book, out))
        start = time.perf_counter()
        done = office.recalculate(found, profile, [book], save=saved, values=False)[book.resolve()]
        lo_times.append(time.perf_counter() - start)
        stages.append(
            {
                "soffice start": done.start_seconds,
                "load": done.load_seconds,
                "calculateAll": done.calculate_seconds,
                "save .xlsx": done.save_seconds or 0.0,
            }
        )
    values = office.recalculate(found, profile, [book])[book.resolve()].values
    want = engine.evaluate(book).values
    differ = [key for key, got in values.items() if not _same(got, want.get(key))]
    bug = [key for key in differ if _bug_cell(*key)]
    median_stages = {k: statistics.median(s[k] for s in stages) for k in stages[0]}
    engine_median, lo_median = statistics.median(engine_times), statistics.median(lo_times)
    return {
        "games": games,
        "book_bytes": book.stat().st_size,
        "engine_median_s": engine_median,
        "engine_times_s": [round(t, 3) for t in engine_times],
        "libreoffice_median_s": lo_median,
        "libreoffice_times_s": [round(t, 3) for t in lo_times],
        "ratio_engine_to_libreoffice": engine_median / lo_median,
        "libreoffice_stages_s": {k: round(v, 3) for k, v in median_stages.items()},
        "formula_cells": len(values),
        "cells_equal": len(values) - len(differ),
        "cells_text_in_array_bug": len(bug),
        "cells_differing_otherwise": [f"{s}!{c}" for s, c in differ if not _bug_cell(s, c)],
    }


def _exponent(sizes: list[dict[str, Any]], key: str) -> float:
    """log(t_last / t_first) / log(games_last / games_first)."""
    first, last = sizes[0], sizes[-1]
    if last["games"] == first["games"]:
        return math.nan
    return math.log(last[key] / first[key]) / math.log(last["games"] / first["games"])


def run(
    repeat: int,
    games: list[int] | None = None,
    players: int = 40,
    events: int = 16,
) -> dict[str, Any]:
    from xlrating.cli import main
    from xlrating.libreoffice import office

    found = office.find_office()
    office.require_supported(found)
    wanted = sorted(games or [1000, 3000, 5000, 7000])
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        profile = root / "profile"
        start = time.perf_counter()
        if main(["libreoffice-setup", "--profile", str(profile)]) != 0:
            raise RuntimeError("xlrating libreoffice-setup failed")
        install_s = time.perf_counter() - start
        sizes = [_size(found, profile, root, repeat, n, players, events) for n in wanted]
    return {
        "date": dt.date.today().isoformat(),
        "machine": f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end",
        "players": players,
        "events": events,
        "repeat": repeat,
        "libreoffice": found.version_text,
        "libreoffice_install_s": round(install_s, 3),
        "sizes": sizes,
        "engine_growth_exponent": _exponent(sizes, "engine_median_s"),
        "libreoffice_growth_exponent": _exponent(sizes, "libreoffice_median_s"),
    }


def _save(path: Path, result: dict[str, Any]) -> None:
    """Write *result* as JSON to *path* through a temporary file renamed over it."""
    handle, scratch = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        json.dump(result, out, indent=2)
        out.write("\n")
    os.replace(scratch, path)


def _main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", type=int, nargs="+", default=[1000, 3000, 5000, 7000])
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--events", type=int, default=16)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--save", type=Path, help="also write the result as JSON to this file")
    args = parser.parse_args(argv)
    from xlrating.libreoffice import office

    try:
        result = run(args.repeat, args.games, args.players, args.events)
    except office.LibreOfficeError as error:
        print(f"bench_libreoffice: skipped: {error}")
        return 0
    if args.save:
        _save(args.save, result)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(
        f"club seasons of {result['players']} players, {result['events']} events, median of "
        f"{result['repeat']} (engine and LibreOffice {result['libreoffice']} + add-in "
        f"alternated); {result['machine']}"
    )
    print(f"  {'games':>6}  {'engine':>9}  {'LibreOffice':>11}  {'ratio':>6}  agreement")
    for size in result["sizes"]:
        others = size["cells_differing_otherwise"]
        print(
            f"  {size['games']:>6,}  {size['engine_median_s']:8.2f}s  "
            f"{size['libreoffice_median_s']:10.2f}s  {size['ratio_engine_to_libreoffice']:6.2f}  "
            f"{size['cells_equal']} of {size['formula_cells']} cells equal"
            + (f"; differ: {others[:3]}" if others else "")
        )
        print(
            f"          engine {size['engine_times_s']}  LibreOffice {size['libreoffice_times_s']}"
            f"  LibreOffice stages {size['libreoffice_stages_s']}"
        )
    print(
        f"  growth exponent {result['sizes'][0]['games']:,} -> {result['sizes'][-1]['games']:,} "
        f"games: engine {result['engine_growth_exponent']:.2f}, LibreOffice "
        f"{result['libreoffice_growth_exponent']:.2f}"
    )
    print(f"  (installing the add-in once: {result['libreoffice_install_s']:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(_main())
