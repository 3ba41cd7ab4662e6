"""The 5,000-game club season recalculated by the headless engine and by LibreOffice.

Run from the repository root (not part of the test suite; no timing is asserted):

    python bench/bench_libreoffice.py [--repeat 3] [--games 5000] [--players 40] [--events 16]

The same generated season as ``bench_recalc.py`` (seeded, the club season template with room
for every row) is recalculated, in one run, by

* the embedded engine: the full command ``xlrating recalc BOOK -o OUT`` in a fresh process
  (read, compute every formula, write the copy with cached values), *repeat* times;
* LibreOffice with xlrating's add-in, installed into a temporary profile by
  ``xlrating libreoffice-setup --profile``: a fresh headless soffice loads the book,
  recalculates everything (``calculateAll``) and saves an .xlsx copy, *repeat* times; the
  wall time includes starting and stopping soffice, and its stages are shown.

Then the values are compared cell by cell (LibreOffice against ``engine.evaluate``): cells
that differ only because of LibreOffice's text-in-array bug (a name looked up inside the
SEASON_RATINGS table: Ratings!A, Standings!E:G, Checks) are counted apart.
Needs LibreOffice 25.2+ with python3-uno; without it the script says so and exits 0.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_recalc import _command, build_book

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


def run(repeat: int, games: int = 5000, players: int = 40, events: int = 16) -> dict[str, Any]:
    from xlrating.cli import main
    from xlrating.libreoffice import office
    from xlrating.workbook import engine

    found = office.find_office()
    office.require_supported(found)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        book = build_book(root / "club_season.xlsx", games, players, events)
        out = root / "club_season.recalc.xlsx"
        engine_times: list[float] = []
        for _ in range(repeat):
            start = time.perf_counter()
            subprocess.run(
                [*_command(), "recalc", str(book), "-o", str(out)],
                check=True,
                stdout=subprocess.DEVNULL,
                env={**os.environ, "PYTHONHASHSEED": "0"},
            )
            engine_times.append(time.perf_counter() - start)

        profile = root / "profile"
        start = time.perf_counter()
        if main(["libreoffice-setup", "--profile", str(profile)]) != 0:
            raise RuntimeError("xlrating libreoffice-setup failed")
        install_s = time.perf_counter() - start
        saved = root / "saved"
        saved.mkdir()
        lo_times: list[float] = []
        stages: list[dict[str, float]] = []
        for _ in range(repeat):
            start = time.perf_counter()
            done = office.recalculate(found, profile, [book], save=saved, values=False)[
                book.resolve()
            ]
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
        size = book.stat().st_size
    median_stages = {k: statistics.median(s[k] for s in stages) for k in stages[0]}
    return {
        "games": games,
        "players": players,
        "events": events,
        "book_bytes": size,
        "repeat": repeat,
        "libreoffice": found.version_text,
        "engine_median_s": statistics.median(engine_times),
        "engine_times_s": [round(t, 3) for t in engine_times],
        "libreoffice_install_s": round(install_s, 3),
        "libreoffice_median_s": statistics.median(lo_times),
        "libreoffice_times_s": [round(t, 3) for t in lo_times],
        "libreoffice_stages_s": {k: round(v, 3) for k, v in median_stages.items()},
        "formula_cells": len(values),
        "cells_equal": len(values) - len(differ),
        "cells_text_in_array_bug": len(bug),
        "cells_differing_otherwise": [f"{s}!{c}" for s, c in differ if not _bug_cell(s, c)],
    }


def _main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--events", type=int, default=16)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    from xlrating.libreoffice import office

    try:
        result = run(args.repeat, args.games, args.players, args.events)
    except office.LibreOfficeError as error:
        print(f"bench_libreoffice: skipped: {error}")
        return 0
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(
        f"club season of {result['games']} games, {result['players']} players, "
        f"{result['events']} events ({result['book_bytes']:,} bytes), median of "
        f"{result['repeat']}"
    )
    print(
        f"  xlrating recalc (embedded engine)     {result['engine_median_s']:7.2f} s  "
        f"{result['engine_times_s']}"
    )
    print(
        f"  LibreOffice {result['libreoffice']} + add-in   "
        f"{result['libreoffice_median_s']:7.2f} s  {result['libreoffice_times_s']}"
    )
    for stage, seconds in result["libreoffice_stages_s"].items():
        print(f"    {stage:34s}{seconds:7.2f} s")
    print(f"  (installing the add-in once: {result['libreoffice_install_s']:.2f} s)")
    print(
        f"  agreement: {result['cells_equal']} of {result['formula_cells']} formula cells equal; "
        f"{result['cells_text_in_array_bug']} differ by LibreOffice's text-in-array bug; "
        f"others: {result['cells_differing_otherwise'] or 'none'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(_main())
