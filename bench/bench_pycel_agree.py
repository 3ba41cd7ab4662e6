"""Check that pycel computes the template workbooks as the formulas engine does, and time it.

Run through ``bench/run``, or by hand from the repository root with pycel installed:

    python bench/bench_pycel_agree.py [--repeat 3] [--dir workbooks]

pycel hands back the value a workbook caches for a formula cell until the cell is
recalculated, and the templates (written by XlsxWriter) cache 0 in every formula cell.
So evaluating the formula cells of a freshly loaded template, as ``bench_engine.py`` does,
returns those zeros without calling a single xlrating function.  This script evaluates
every formula cell (which builds pycel's graph), calls ``recalculate()``, reads every
formula cell again, and compares each value with
:func:`xlrating.workbook.engine.evaluation.evaluate`.  It reports both readings and the best time of
the recalculated run.  Spilled tables are compared at their anchor cell (pycel does not
spill).  No timing is asserted.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

#: Numbers closer than this count as equal.
TOLERANCE = 1e-9


def _best(runs: int, job: Callable[[], object]) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = job()
        best = min(best, time.perf_counter() - start)
    return best, result


def formula_cells(path: Path) -> list[tuple[str, str]]:
    """(sheet, cell) of every formula cell, array formulas included."""
    from openpyxl import load_workbook

    cells = []
    for ws in load_workbook(path).worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.data_type == "f" or type(cell.value).__name__ == "ArrayFormula":
                    cells.append((ws.title, cell.coordinate))
    return cells


def pycel_values(
    path: Path, cells: list[tuple[str, str]], plugin: str, recalculate: bool
) -> dict[tuple[str, str], Any]:
    """pycel's value of every formula cell: as loaded, or after ``recalculate()``."""
    from pycel import ExcelCompiler

    compiler = ExcelCompiler(filename=str(path), plugins=[plugin])
    values = {(sheet, cell): compiler.evaluate(f"{sheet}!{cell}") for sheet, cell in cells}
    if recalculate:
        compiler.recalculate()
        values = {(sheet, cell): compiler.evaluate(f"{sheet}!{cell}") for sheet, cell in cells}
    return values


def same(ours: object, theirs: object) -> bool:
    numbers = (int, float)
    if isinstance(ours, numbers) and isinstance(theirs, numbers):
        return abs(float(ours) - float(theirs)) <= TOLERANCE
    return ours == theirs or str(ours) == str(theirs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--dir", default="workbooks")
    args = parser.parse_args()

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_engine import _pycel_plugin  # the same plugin bench_engine.py times

    from xlrating.workbook.engine import evaluation as engine

    plugin = _pycel_plugin()
    logging.getLogger("pycel").setLevel(logging.CRITICAL)  # its failures are reported below
    if plugin is None:
        print("pycel is not installed (pip install pycel): nothing to compare")
        return 0
    books = sorted(Path(args.dir).glob("*.xlsx"))
    if not books:
        print(f"no workbooks in {args.dir}: run `xlrating templates` first")
        return 1
    engine.evaluate(books[0])  # import and register once, outside the timings
    print("| workbook | formula cells | formulas ms | pycel as loaded: equal ", end="")
    print("| pycel recalculated ms | agree? |")
    print("|---|---:|---:|---:|---:|---|")
    for book in books:
        seconds, evaluation = _best(args.repeat, partial(engine.evaluate, book))
        assert isinstance(evaluation, engine.Evaluation)
        cells = formula_cells(book)
        try:
            loaded = pycel_values(book, cells, plugin.__name__, recalculate=False)
            pycel_seconds, computed = _best(
                args.repeat, partial(pycel_values, book, cells, plugin.__name__, True)
            )
        except Exception as error:  # pycel lacks some functions (COUNTA) and dynamic arrays
            print(
                f"| {book.name} | {len(cells)} | {seconds * 1000:.0f} | — | — "
                f"| pycel failed: {type(error).__name__}: {str(error).strip().splitlines()[-1]} |"
            )
            continue
        assert isinstance(computed, dict)
        as_loaded = sum(same(evaluation.values.get(key), loaded[key]) for key in cells)
        differ = [key for key in cells if not same(evaluation.values.get(key), computed[key])]
        if differ:
            sheet, cell = differ[0]
            agree = (
                f"NO: {len(differ)} of {len(cells)} differ, first {sheet}!{cell}: "
                f"formulas {evaluation.values.get(differ[0])!r}, pycel {computed[differ[0]]!r}"
            )
        else:
            agree = f"yes, all {len(cells)}"
        print(
            f"| {book.name} | {len(cells)} | {seconds * 1000:.0f} | {as_loaded} of {len(cells)} "
            f"| {pycel_seconds * 1000:.0f} | {agree} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
