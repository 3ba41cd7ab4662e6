"""``xlrating excel-check``: Excel itself computes the templates, and must agree.

The acceptance test for whoever has Excel on Windows (a maintainer, before a release).
For each workbook (default: the ``.xlsm`` twins in ``./workbooks``) it:

1. opens the workbook in Excel through xlwings (hidden, alerts off, read only);
2. forces a full calculation (``Application.CalculateFull``): every function cell calls
   Python through the workbook's VBA, the way a user's Excel does;
3. reads every cell whose formula calls one of xlrating's functions (each cell of an
   array formula too) and every formula cell of the Checks sheet, and compares each with
   what the headless engine (:func:`xlrating.workbook.engine.evaluation.evaluate`) computes for the
   same file;
4. requires every verdict of the Checks sheet to read PASS (and its status ALL PASS).

It prints one line per workbook and returns 1 if any workbook differs (0 when all
agree).  Elsewhere than Windows it says it needs Excel on Windows and returns 2.
xlwings is reached through one object (``xw``, the module or a stand-in with the same
``App``/``Book``/``Sheet``/``Range`` surface), so the comparison is tested without Excel.
"""

from __future__ import annotations

import datetime as dt
import math
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from ..workbook.ooxml.guard import check_workbook
from ..workbook.ooxml.package import Book, Package, package_of

__all__ = [
    "CHECKS_SHEET",
    "EXIT_DIFFERENCE",
    "EXIT_NOT_HERE",
    "BookResult",
    "Difference",
    "check_book",
    "compared_cells",
    "default_books",
    "main",
]

#: The sheet of worked examples every template ends with.
CHECKS_SHEET: Final = "Checks"
EXIT_DIFFERENCE: Final = 1
EXIT_NOT_HERE: Final = 2
#: How close Excel's number must be to the engine's: both compute in IEEE doubles, but
#: Excel's own functions (SUM, SUMPRODUCT) may add in another order.
REL_TOLERANCE: Final = 1e-9
ABS_TOLERANCE: Final = 1e-9
_PASS: Final = frozenset({"PASS", "ALL PASS"})
#: Excel's day 0 for serial dates (the 1900 date system, as the templates use).
_EXCEL_EPOCH: Final = dt.datetime(1899, 12, 30)

NOT_HERE_MESSAGE: Final = (
    "xlrating excel-check needs Excel on Windows (it opens each workbook in Excel through "
    "xlwings and compares Excel's results with the headless engine's); on this computer "
    "({system}) use xlrating recalc to compute a workbook headlessly"
)


@dataclass(frozen=True, slots=True)
class Difference:
    """One cell where Excel and the engine disagree."""

    sheet: str
    cell: str
    excel: object
    engine: object

    def __str__(self) -> str:
        return f"{self.sheet}!{self.cell}: Excel {self.excel!r}, engine {self.engine!r}"


@dataclass(frozen=True)
class BookResult:
    """What checking one workbook found."""

    path: Path
    cells: int = 0
    differences: tuple[Difference, ...] = ()
    checks: int = 0
    not_passing: tuple[str, ...] = field(default=())
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and not self.differences and not self.not_passing

    def line(self) -> str:
        """One line for the terminal."""
        name = self.path.name
        if self.error is not None:
            return f"FAIL {name}: {self.error}"
        if self.ok:
            return (
                f"PASS {name}: {self.cells} function cells equal the engine's; "
                f"Checks: {self.checks} of {self.checks} PASS"
            )
        parts = []
        if self.differences:
            parts.append(
                f"{len(self.differences)} of {self.cells} cells differ "
                f"(first: {self.differences[0]})"
            )
        if self.not_passing:
            parts.append(
                f"Checks: {len(self.not_passing)} of {self.checks} not PASS "
                f"(first: {self.not_passing[0]})"
            )
        return f"FAIL {name}: " + "; ".join(parts)


# ---------------------------------------------------------------- what to compare


def compared_cells(book: Book) -> list[tuple[str, str]]:
    """(sheet, cell) of every cell to compare in the workbook *book* (a package, or a
    file the guard checks first): each cell whose formula calls a registry function (each
    cell of such an array formula), and each formula cell of the Checks sheet; in sheet
    order, row by row."""
    from openpyxl import load_workbook
    from openpyxl.worksheet.formula import ArrayFormula

    from ..sheet.catalog import FUNCTIONS
    from ..workbook.lint.formulas import function_calls
    from ..workbook.ooxml.a1 import cell_range, column_letters

    package = package_of(book)
    wb = load_workbook(package.stream())
    found: dict[tuple[str, str], None] = {}
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                value = cell.value
                if isinstance(value, ArrayFormula):
                    text, area = value.text or "", value.ref or cell.coordinate
                elif cell.data_type == "f" and isinstance(value, str):
                    text, area = value, cell.coordinate
                else:
                    continue
                try:
                    calls = {c.name.split(".")[-1] for c in function_calls(text)}
                except Exception:  # not parseable: Excel and the engine still both say
                    calls = set()
                if ws.title == CHECKS_SHEET or calls & FUNCTIONS.keys():
                    for r, c in cell_range(str(area).replace("$", "")):
                        found[(ws.title, f"{column_letters(c)}{r}")] = None
    return list(found)


def _normal(value: object) -> object:
    """A cell value as both sides can be compared: numbers as float, dates as serials,
    empty as None, errors and text as text."""
    if value is None or (isinstance(value, str) and value == ""):
        return None
    if isinstance(value, bool):
        return value
    if isinstance(value, dt.datetime):
        return (value - _EXCEL_EPOCH) / dt.timedelta(days=1)
    if isinstance(value, dt.date):
        return float((value - _EXCEL_EPOCH.date()).days)
    if isinstance(value, (int, float)):
        return float(value)
    return str(value)


def _agree(excel: object, engine: object) -> bool:
    a, b = _normal(excel), _normal(engine)
    if isinstance(a, float) and isinstance(b, float):
        return math.isclose(a, b, rel_tol=REL_TOLERANCE, abs_tol=ABS_TOLERANCE)
    return a == b


def _is_verdict(value: object) -> bool:
    text = str(value) if isinstance(value, str) else ""
    return text in _PASS or text == "FAIL" or text.startswith("SOME CHECKS FAIL")


# ---------------------------------------------------------------- one workbook


def check_book(app: Any, path: str | Path) -> BookResult:
    """Open *path* in the Excel *app* (an ``xlwings.App``), compute it fully, compare."""
    from ..workbook.engine import evaluation as engine

    path = Path(path).resolve()
    try:
        package = Package.open(check_workbook(path))  # read once: checked, compared, computed
        if not package.macro_enabled:
            return BookResult(
                path,
                error="not a macro-enabled workbook: the functions live in an .xlsm's VBA "
                "project (check the .xlsm twin)",
            )
        cells = compared_cells(package)
        expected = engine.evaluate(package)
    except Exception as error:
        return BookResult(path, error=f"cannot read it: {' '.join(str(error).split())}")
    book = app.books.open(str(path), update_links=False, read_only=True)
    try:
        app.api.CalculateFull()
        differences: list[Difference] = []
        verdicts = 0
        not_passing: list[str] = []
        for sheet, cell in cells:
            got = book.sheets[sheet].range(cell).options(err_to_str=True).value
            want = expected.value(sheet, cell)
            if not _agree(got, want):
                differences.append(Difference(sheet, cell, got, want))
            if sheet == CHECKS_SHEET and _is_verdict(want):
                verdicts += 1
                if _normal(got) not in _PASS:
                    not_passing.append(f"{sheet}!{cell}: {got!r}")
    finally:
        book.close()
    return BookResult(path, len(cells), tuple(differences), verdicts, tuple(not_passing))


def default_books(directory: str | Path = "workbooks") -> list[Path]:
    """The ``.xlsm`` twins in *directory* (what ships), in name order."""
    return sorted(Path(directory).glob("*.xlsm"))


def main(
    books: Sequence[str | Path],
    *,
    xw: Any = None,
    platform: str | None = None,
    out: Callable[[str], None] = print,
    err: Callable[[str], None] | None = None,
) -> int:
    """Check *books* (default :func:`default_books`) in Excel; the exit code.

    :param xw: the xlwings module (default: imported here) or a stand-in.
    :param platform: ``sys.platform`` (given by tests).
    :param out: where each book's line goes; *err*: where a refusal goes (default *out*).
    """
    fail = out if err is None else err
    system = sys.platform if platform is None else platform
    if system != "win32":
        shown = {"darwin": "macOS", "linux": "Linux"}.get(system, system)
        fail(NOT_HERE_MESSAGE.format(system=shown))
        return EXIT_NOT_HERE
    paths = [Path(b) for b in books] or default_books()
    if not paths:
        fail("xlrating excel-check: no BOOK given and no workbooks/*.xlsm here")
        return EXIT_DIFFERENCE
    missing = [p for p in paths if not p.is_file()]
    if missing:
        fail(f"xlrating excel-check: no such file: {missing[0]}")
        return EXIT_DIFFERENCE
    if xw is None:
        try:
            import xlwings as xw
        except ImportError as error:
            fail(
                "xlrating excel-check: xlwings is not installed (from the clone: "
                f'python -m pip install -e ".[excel]"): {error}'
            )
            return EXIT_DIFFERENCE
    results = _run(xw, paths, out)
    return 0 if all(r.ok for r in results) else EXIT_DIFFERENCE


def _run(xw: Any, paths: Iterable[Path], out: Callable[[str], None]) -> list[BookResult]:
    results: list[BookResult] = []
    app = xw.App(visible=False, add_book=False)
    try:
        app.display_alerts = False
        for path in paths:
            try:
                result = check_book(app, path)
            except Exception as error:  # Excel refused the file, or COM failed
                result = BookResult(
                    path.resolve(),
                    error=f"Excel could not compute it: {type(error).__name__}: "
                    + " ".join(str(error).split()),
                )
            out(result.line())
            results.append(result)
    finally:
        app.quit()
    return results
