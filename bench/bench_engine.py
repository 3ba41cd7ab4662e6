"""Time the headless evaluation of each template: the formulas engine vs pycel.

Run from the repository root (not part of the test suite; no timing is asserted):

    python bench/bench_engine.py [--repeat 3] [--dir workbooks]

For each workbook it reports the best of N runs of

* formulas (the engine ``xlrating recalc`` uses): load + compile + calculate, through
  :func:`xlrating.workbook.engine.evaluation.evaluate`;
* pycel, if it is installed: ``ExcelCompiler`` + evaluating every formula cell, with the
  registry's functions installed as a plugin module (pycel looks functions up by lower-case
  name) through the same argument adapter.  pycel is optional and not a dependency; the
  benchmark says so and skips it when it is missing.
* writing the computed values as ``xlrating recalc`` does: into the book's package
  (:func:`xlrating.workbook.ooxml.xlsx.write_values`), then saved
  (:meth:`~xlrating.workbook.ooxml.package.Package.save`).  The guard's check and the
  reading of the file happen once, outside the timing, as the command does them once; each
  run writes into a package freshly opened from those bytes (opening reads only the zip's
  directory: the parts are parsed as they are written, inside the timing).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import types
from collections.abc import Callable, Iterator, Mapping
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from xlrating.workbook.ooxml.package import Package
    from xlrating.workbook.ooxml.xlsx import CellKey


def _best(runs: int, job: Callable[[], object]) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = job()
        best = min(best, time.perf_counter() - start)
    return best, result


def _write(packages: Iterator[Package], values: Mapping[CellKey, object], target: Path) -> object:
    """What ``xlrating recalc`` does once the book is computed: write the values into the
    next fresh package, then save it."""
    from xlrating.workbook.ooxml import xlsx

    package = next(packages)
    report = xlsx.write_values(package, values)
    package.save(target)
    return report


def _pycel_plugin() -> types.ModuleType | None:
    """A plugin module exposing the registry's functions to pycel, or None without pycel."""
    try:
        import numpy as np
        import pycel  # noqa: F401
        from pycel.excelutil import VALUE_ERROR
    except ImportError:
        return None
    from xlrating.sheet.catalog import FUNCTIONS
    from xlrating.workbook.engine.evaluation import to_cell_value

    module = types.ModuleType("xlrating_pycel_plugin")

    def wrap(fn: Any) -> Callable[..., object]:
        def call(*args: object) -> object:
            shaped = [
                to_cell_value(np.array(a, dtype=object))
                if isinstance(a, tuple)
                else to_cell_value(a)
                for a in args
            ]
            try:
                result = fn(*shaped)
            except Exception:  # pycel lets exceptions escape: turn them into #VALUE!
                return VALUE_ERROR
            if isinstance(result, list):
                return tuple(tuple(row) for row in result)
            return result

        return call

    for name, fn in FUNCTIONS.items():
        setattr(module, name.lower(), wrap(fn))
    sys.modules[module.__name__] = module
    return module


def _pycel_run(path: Path, plugin: types.ModuleType) -> int:
    from openpyxl import load_workbook
    from pycel import ExcelCompiler

    compiler = ExcelCompiler(filename=str(path), plugins=[plugin.__name__])
    count = 0
    for ws in load_workbook(path).worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.data_type == "f" or type(cell.value).__name__ == "ArrayFormula":
                    compiler.evaluate(f"{ws.title}!{cell.coordinate}")
                    count += 1
    # pycel first returns the values cached in the file; recalculate() really computes them
    # (without it nothing of xlrating's would be timed: see bench_pycel_agree.py).
    compiler.recalculate()
    return count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--dir", default="workbooks")
    args = parser.parse_args()

    from xlrating.workbook.engine import evaluation as engine
    from xlrating.workbook.ooxml import xlsx
    from xlrating.workbook.ooxml.guard import check_workbook
    from xlrating.workbook.ooxml.package import Package

    books = sorted(Path(args.dir).glob("*.xlsx"))
    if not books:
        print(f"no workbooks in {args.dir}: run `xlrating templates` first")
        return 1
    plugin = _pycel_plugin()
    engine.evaluate(books[0])  # import and register once, outside the timings
    print(f"{'workbook':<20} {'cells':>6} {'formulas':>10} {'pycel':>10} {'write':>8}")
    for book in books:
        seconds, evaluation = _best(args.repeat, partial(engine.evaluate, book))
        assert isinstance(evaluation, engine.Evaluation)
        inspection = check_workbook(book)
        packages = iter([Package.open(inspection) for _ in range(args.repeat)])
        with tempfile.TemporaryDirectory() as tmp:
            target = Path(tmp) / book.name
            write = partial(_write, packages, evaluation.values, target)
            written, report = _best(args.repeat, write)
        cells = report.formula_cells if isinstance(report, xlsx.CacheReport) else 0
        if plugin is None:
            pycel_text = "n/a"
        else:
            try:
                pycel_seconds, _ = _best(args.repeat, partial(_pycel_run, book, plugin))
                pycel_text = f"{pycel_seconds * 1000:8.0f}ms"
            except Exception as error:  # pycel lacks some functions or dynamic arrays
                pycel_text = f"failed: {type(error).__name__}"
        print(
            f"{book.name:<20} {cells:>6} {seconds * 1000:8.0f}ms {pycel_text:>10} "
            f"{written * 1000:6.0f}ms"
        )
    if plugin is None:
        print("pycel is not installed (pip install pycel): its column is n/a")
    return 0


if __name__ == "__main__":
    sys.exit(main())
