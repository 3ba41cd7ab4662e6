"""Finish built templates for shipping: real values cached, and macro-enabled twins.

A template straight from the builder caches placeholder values (XlsxWriter writes 0 for
every formula) and asks every program to recalculate on load (``fullCalcOnLoad``).
:func:`recalculate` computes it headlessly and caches the real values with the calcPr
Excel writes for current values, so the template shows its worked examples in any
program, before anything is set up.  :func:`finish_templates` does that for each built
template and writes its ``.xlsm`` twin (:func:`xlrating.excel.vba.make_macro_enabled`),
which carries the same values and the function module.

``python -m xlrating.workbook.finish [DIR]`` builds every template into DIR (default
``workbooks``) and finishes it: what the committed files are made with.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from ..errors import WorkbookError
from .ooxml.guard import Inspection, check_workbook
from .ooxml.package import Package
from .ooxml.xlsx import CacheReport, write_values

__all__ = ["FinishError", "build_and_finish", "finish_templates", "recalculate"]


class FinishError(WorkbookError):
    """A template that cannot be finished (a cell the engine cannot compute)."""


def recalculate(path: str | Path, inspection: Inspection | None = None) -> CacheReport:
    """Compute the workbook at *path* headlessly and cache every value in it, in place
    (through a temporary file); the calcPr then says the values are current.
    *inspection*: the guard's of *path*, when the caller has checked it (not scanned again).

    :raises FinishError: if a formula cell could not be computed (the file is then
        written with ``fullCalcOnLoad``, as :func:`~.ooxml.xlsx.write_values` sets it).
    """
    from .engine import evaluation as engine

    path = Path(path)
    package = Package.open(inspection or check_workbook(path))  # read once, written once
    evaluation = engine.evaluate(package)
    report = write_values(package, evaluation.values)
    package.save(path)
    if report.missing:
        sheet, cell = report.missing[0]
        raise FinishError(
            f"{path.name}: {len(report.missing)} formula cells could not be computed "
            f"(first: {sheet}!{cell})"
        )
    return report


def finish_templates(paths: Iterable[str | Path], *, twins: bool = True) -> list[Path]:
    """Recalculate each built template in *paths* and, with *twins*, write its ``.xlsm``
    twin beside it; returns every path written (each template, then its twin)."""
    written: list[Path] = []
    for given in paths:
        path = Path(given)
        recalculate(path)
        written.append(path)
        if twins:
            from ..excel.vba import make_macro_enabled

            written.append(make_macro_enabled(path, path.with_suffix(".xlsm")))
    return written


def build_and_finish(directory: str | Path, *, twins: bool = True) -> list[Path]:
    """Build every template into *directory* and finish it (:func:`finish_templates`)."""
    from . import templates

    return finish_templates(templates.build_all(directory), twins=twins)


def main(argv: Sequence[str] | None = None) -> int:  # pragma: no cover - a maintainer's tool
    args = list(sys.argv[1:] if argv is None else argv)
    for path in build_and_finish(args[0] if args else "workbooks"):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
