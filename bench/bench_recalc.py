"""Time ``xlrating recalc`` of a club season workbook holding many games.

Run from the repository root (not part of the test suite; no timing is asserted):

    python bench/bench_recalc.py [--repeat 3] [--games 5000] [--players 40] [--events 16]

A season is generated with a seeded ``random.Random`` (the same season every run): the
players get ratings and game counts, each event is a Swiss-like run of rounds in which
everyone is paired (an odd player out gets a bye), results drawn from the Elo expectation,
a few forfeits.  The club season template is built around it
(:func:`xlrating.workbook.templates.build_club_season`, with room for every row), and

* the full command ``xlrating recalc BOOK -o OUT`` is run in a fresh process, *repeat*
  times: the median wall time is the figure to compare with the target (10 s for 5,000
  games on a 2-core machine);
* one more run in process times its stages: the engine's ``loads``/``finish``/``calculate``
  and its own bookkeeping, :func:`~xlrating.workbook.ooxml.xlsx.write_values` and the
  package's save;
* :func:`run_against` times the command by this code and by an older tree's, cold and
  alternately (``bench_suite.py --before DIR``, case 5a).
"""

from __future__ import annotations

import argparse
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

#: The seed of the generated season.
SEED = 20260101


def generate_season(
    games: int, players: int = 40, events: int = 16, seed: int = SEED
) -> tuple[list[list[object]], list[list[object]]]:
    """The package's seeded season (:func:`xlrating.rating.synthetic.season`) as the template's
    Players and Games rows."""
    from xlrating.rating import synthetic

    data = synthetic.season(players, events, games, seed=seed)
    roster, rows = synthetic.season_tables(data)
    for row in rows:  # the template takes dates, not the datetimes a range hands over
        row[1] = row[1].date()  # type: ignore[attr-defined]
    return roster, rows


def build_book(path: Path, games: int, players: int = 40, events: int = 16) -> Path:
    """The club season template holding the generated season, at *path*."""
    from xlrating.workbook.templates import build_club_season

    roster, rows = generate_season(games, players, events)
    build_club_season(path, roster, rows, lint=False)
    return path


def _command() -> list[str]:
    script = Path(sys.executable).with_name("xlrating")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from xlrating.cli import main; sys.exit(main())"]


def _stages(book: Path, out: Path) -> dict[str, float]:
    """One in-process ``xlrating recalc``, timed stage by stage."""
    import formulas

    from xlrating import cli
    from xlrating.workbook.engine import evaluation as engine
    from xlrating.workbook.ooxml import xlsx
    from xlrating.workbook.ooxml.package import Package

    marks: dict[str, float] = {}
    originals: list[tuple[Any, str, Any]] = []

    def wrap(owner: Any, name: str, label: str) -> None:
        original = getattr(owner, name)
        originals.append((owner, name, original))

        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                marks[label] = marks.get(label, 0.0) + time.perf_counter() - start

        setattr(owner, name, timed)

    wrap(engine, "evaluate", "evaluate (all)")
    wrap(engine, "register_functions", "  register_functions")
    wrap(formulas.ExcelModel, "loads", "  formulas loads")
    wrap(formulas.ExcelModel, "finish", "  formulas finish")
    wrap(formulas.ExcelModel, "calculate", "  formulas calculate")
    wrap(xlsx, "write_values", "write_values")
    wrap(Package, "save", "package save")
    start = time.perf_counter()
    try:
        code = cli.main(["recalc", str(book), "-o", str(out)])
    finally:
        for owner, name, original in reversed(originals):
            setattr(owner, name, original)
    marks["total (in process)"] = time.perf_counter() - start
    if code != 0:
        raise RuntimeError(f"xlrating recalc exited with {code}")
    inner = sum(v for k, v in marks.items() if k.startswith("  "))
    marks["  engine bookkeeping"] = marks["evaluate (all)"] - inner
    return marks


def timed_recalc(book: Path, out: Path) -> float:
    """Wall seconds of one ``xlrating recalc BOOK -o OUT`` in a fresh process."""
    start = time.perf_counter()
    subprocess.run(
        [*_command(), "recalc", str(book), "-o", str(out)],
        check=True,
        stdout=subprocess.DEVNULL,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    return time.perf_counter() - start


def timed_recalc_of(tree: Path, book: Path, out: Path, *extra: str) -> tuple[float, float]:
    """Wall and CPU seconds (user + system, of the child) of one ``xlrating recalc BOOK
    -o OUT`` in a fresh process running the code of the source *tree* (its ``xlrating``
    package first on ``PYTHONPATH``, run from an empty folder so that nothing else is
    found first): what the user waits for, cold.  The CPU time is the steadier figure on
    a shared machine."""
    import resource

    with tempfile.TemporaryDirectory() as empty:
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-c",
                "import sys; from xlrating.cli import main; sys.exit(main())",
                "recalc",
                str(book),
                "-o",
                str(out),
                *extra,
            ],
            check=True,
            stdout=subprocess.DEVNULL,
            cwd=empty,
            env={**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(tree)},
        )
        wall = time.perf_counter() - start
        now = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (now.ru_utime - used.ru_utime) + (now.ru_stime - used.ru_stime)
    return wall, cpu


def same_parts(first: Path, second: Path) -> list[str]:
    """The parts of two workbook files that differ as canonical XML (C14N), or as bytes
    for a part that is not XML; the part lists must be equal too."""
    import zipfile

    from lxml import etree

    with zipfile.ZipFile(first) as a, zipfile.ZipFile(second) as b:
        if a.namelist() != b.namelist():
            return ["(the part lists)"]
        differ = []
        for name in a.namelist():
            x, y = a.read(name), b.read(name)
            if x == y:
                continue
            if name.endswith((".xml", ".rels")):
                c14n = [etree.tostring(etree.fromstring(d), method="c14n") for d in (x, y)]
                if c14n[0] == c14n[1]:
                    continue
            differ.append(name)
    return differ


def run_against(before: Path, repeat: int, games: int = 5000, *extra: str) -> dict[str, Any]:
    """``xlrating recalc`` of a generated season by this tree's code and by the code of
    the tree *before*, cold, alternated run by run (*repeat* each): medians of the wall
    and CPU times, and the parts whose output differs under C14N (none expected)."""
    here = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as folder:
        book = build_book(Path(folder) / "club_season.xlsx", games)
        outs = {side: Path(folder) / f"{side}.xlsx" for side in ("now", "before")}
        trees = {"now": here, "before": before}
        wall: dict[str, list[float]] = {"now": [], "before": []}
        cpu: dict[str, list[float]] = {"now": [], "before": []}
        for index in range(repeat):
            order = ("before", "now") if index % 2 == 0 else ("now", "before")
            for side in order:
                seconds, used = timed_recalc_of(trees[side], book, outs[side], *extra)
                wall[side].append(seconds)
                cpu[side].append(used)
        differ = same_parts(outs["now"], outs["before"])
    return {
        "games": games,
        "repeat": repeat,
        "options": list(extra),
        "now_s": statistics.median(wall["now"]),
        "before_s": statistics.median(wall["before"]),
        "now_cpu_s": statistics.median(cpu["now"]),
        "before_cpu_s": statistics.median(cpu["before"]),
        "now_times_s": [round(t, 3) for t in wall["now"]],
        "before_times_s": [round(t, 3) for t in wall["before"]],
        "now_cpu_times_s": [round(t, 3) for t in cpu["now"]],
        "before_cpu_times_s": [round(t, 3) for t in cpu["before"]],
        "differing_parts": differ,
    }


def run(repeat: int, games: int = 5000, players: int = 40, events: int = 16) -> dict[str, Any]:
    """Median wall seconds of ``xlrating recalc`` on a generated season, and its stages."""
    with tempfile.TemporaryDirectory() as folder:
        book = build_book(Path(folder) / "club_season.xlsx", games, players, events)
        out = Path(folder) / "club_season.recalc.xlsx"
        times: list[float] = []
        for _ in range(repeat):
            times.append(timed_recalc(book, out))
        stages = _stages(book, out)
        size = book.stat().st_size
    return {
        "games": games,
        "players": players,
        "events": events,
        "book_bytes": size,
        "repeat": repeat,
        "median_s": statistics.median(times) if times else math.nan,
        "times_s": [round(t, 3) for t in times],
        "stages_s": {k: round(v, 3) for k, v in stages.items()},
    }


def _main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--events", type=int, default=16)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    result = run(args.repeat, args.games, args.players, args.events)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(
        f"xlrating recalc, club season of {result['games']} games, {result['players']} "
        f"players, {result['events']} events ({result['book_bytes']:,} bytes)"
    )
    print(f"median of {result['repeat']}: {result['median_s']:.2f} s  {result['times_s']}")
    for stage, seconds in result["stages_s"].items():
        print(f"  {stage:26s}{seconds:7.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(_main())
