"""Evaluate a workbook headlessly, with the registry's functions, as Excel would.

The ``formulas`` package (1.3.x) reads the workbook, compiles every formula and computes
it; Excel's own functions come with it, and every function of the registry
(:data:`xlrating.catalog.FUNCTIONS`, read when :func:`evaluate` runs, so functions added
later are there too) is installed through an adapter that hands it cell values shaped as
classic xlwings hands them over:

* one cell: a scalar; a one-row or one-column range: a flat list; a 2-D range: a list of
  row lists (xlwings' default "squeeze" conversion, ``AdjustDimensionsStage``);
* numbers as ``float`` (COM never passes ints), blank cells and empty texts as ``None``,
  Excel error values as their text (``err_to_str=True`` in our declarations);
* a result that is a list of rows becomes a 2-D array, which fills the array formula's
  range (a dynamic array in Excel 365).

``formulas`` reports its progress with tqdm bars on stderr; they are swallowed here.
Known limit of ``formulas`` 1.3: a sheet whose name contains an apostrophe cannot be
evaluated (its own cell references come out as ``#REF!``).
"""

from __future__ import annotations

import contextlib
import io
import math
import re
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from ..catalog import FUNCTIONS, ExcelFunction
from .cache import CellError, CellKey, cell_range, sheet_names

__all__ = [
    "Evaluation",
    "Observer",
    "Progress",
    "evaluate",
    "from_result",
    "register_functions",
    "to_cell_value",
]

#: A progress callback: (what is happening, steps done, steps in all).
Progress = Callable[[str, int, int], None]
#: Sees every registry call: (name, arguments as the engine passed them, arguments as the
#: function got them, what it returned).
Observer = Callable[[str, tuple[object, ...], tuple[object, ...], object], None]

_OBSERVER: ContextVar[Observer | None] = ContextVar("xlrating_engine_observer", default=None)

#: A key of the engine's solution: ``'[book.xlsx]SHEET'!A1`` or ``...!A1:B2``.
_KEY_RE: Final = re.compile(
    r"^'?\[(?P<book>[^\]]*)\](?P<sheet>.*?)'?!(?P<ref>\$?[A-Z]{1,3}\$?[0-9]+"
    r"(?::\$?[A-Z]{1,3}\$?[0-9]+)?)$"
)
_STEPS: Final = 3


@dataclass(frozen=True)
class Evaluation:
    """The computed workbook: every cell's value by (sheet name, cell)."""

    path: Path
    #: Values by (sheet name as in the workbook, "B5"): float/int, str, bool,
    #: :class:`~xlrating.workbook.cache.CellError`, or None for an empty cell.
    values: Mapping[CellKey, object] = field(repr=False)

    def value(self, sheet: str, cell: str) -> object:
        """The value of one cell (None if the engine has nothing for it)."""
        return self.values.get((sheet, cell.replace("$", "").upper()))


# ---------------------------------------------------------------- the adapter


def _scalar(value: Any) -> object:
    """One cell value as xlwings hands it over."""
    import numpy as np
    import schedula as sh
    from formulas.tokens.operand import XlError

    if value is sh.EMPTY or value is None or (isinstance(value, str) and value == ""):
        return None  # xlwings reads "" as empty too (clean_value_data: "" or None -> empty)
    if isinstance(value, XlError):
        return str(value)
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, float, np.integer, np.floating)):
        return float(value)
    if isinstance(value, np.str_):
        return str(value)
    return value


def to_cell_value(value: Any) -> object:
    """Shape one argument from the engine as classic xlwings would.

    >>> import numpy as np
    >>> to_cell_value(np.array([[1700]], dtype=object))
    1700.0
    >>> to_cell_value(np.array([[1600, 1650]], dtype=object))
    [1600.0, 1650.0]
    >>> to_cell_value(np.array([["W"], ["D"]], dtype=object))
    ['W', 'D']
    >>> to_cell_value(np.array([[1, 2], [3, 4]], dtype=object))
    [[1.0, 2.0], [3.0, 4.0]]
    """
    import numpy as np

    if isinstance(value, np.ndarray):
        grid = value if value.ndim == 2 else value.reshape(1, -1)
        rows, cols = grid.shape
        if rows == 1 and cols == 1:
            return _scalar(grid[0, 0])
        if rows == 1:
            return [_scalar(v) for v in grid[0]]
        if cols == 1:
            return [_scalar(v) for v in grid[:, 0]]
        return [[_scalar(v) for v in row] for row in grid]
    return _scalar(value)


def from_result(result: object) -> Any:
    """A registry result as the engine wants it: a list of rows becomes a 2-D array."""
    import numpy as np

    if isinstance(result, (list, tuple)):
        rows = [list(r) if isinstance(r, (list, tuple)) else [r] for r in result]
        width = max((len(r) for r in rows), default=1)
        grid = np.empty((max(len(rows), 1), width), dtype=object)
        grid[:, :] = ""
        for i, row in enumerate(rows):
            for j, cell in enumerate(row):
                grid[i, j] = "" if cell is None else cell
        return grid
    if isinstance(result, float) and not math.isfinite(result):
        from formulas.tokens.operand import Error

        return Error.errors["#NUM!"]
    return result


def _adapter(fn: ExcelFunction) -> Callable[..., Any]:
    def call(*args: Any) -> Any:
        shaped = tuple(to_cell_value(a) for a in args)
        result = fn(*shaped)
        observer = _OBSERVER.get()
        if observer is not None:
            observer(fn.name, args, shaped, result)
        return from_result(result)

    call.__name__ = fn.name
    call.__doc__ = fn.summary
    return call


def register_functions(functions: Mapping[str, ExcelFunction] | None = None) -> None:
    """Install the registry's functions (default: all of them) in the engine."""
    import formulas
    from formulas.functions import wrap_func

    table = formulas.get_functions()
    for name, fn in (FUNCTIONS if functions is None else functions).items():
        table[name.upper()] = wrap_func(_adapter(fn))


# ---------------------------------------------------------------- evaluation


def _python(value: Any) -> object:
    """An engine value as a plain Python cell value."""
    import numpy as np
    import schedula as sh
    from formulas.tokens.operand import XlError

    if value is sh.EMPTY or value is None:
        return None
    if isinstance(value, XlError):
        return CellError(str(value))
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        number = float(value)
        return number if math.isfinite(number) else CellError("#NUM!")
    if isinstance(value, (str, np.str_)):
        return str(value)
    return str(value)


def _quiet() -> contextlib.AbstractContextManager[Any]:
    """Swallow the tqdm bars that ``formulas`` prints on stderr."""
    return contextlib.redirect_stderr(io.StringIO())


def evaluate(
    path: str | Path,
    *,
    progress: Progress | None = None,
    observer: Observer | None = None,
) -> Evaluation:
    """Compute every formula of the workbook at *path* with the registry's functions.

    :param path: an xlsx (or xlsm) file.
    :param progress: called as each step starts: reading, compiling, calculating.
    :param observer: called with every registry call (for tests and debugging).
    :returns: an :class:`Evaluation` with every cell's value.
    """
    import formulas
    import numpy as np

    path = Path(path).resolve()
    names = {name.upper(): name for name in sheet_names(path)}
    register_functions()
    token = _OBSERVER.set(observer)
    try:
        with _quiet():
            if progress:
                progress(f"reading {path.name}", 0, _STEPS)
            model = formulas.ExcelModel().loads(str(path))
            if progress:
                progress(f"compiling {path.name}", 1, _STEPS)
            model.finish()
            if progress:
                progress(f"calculating {path.name}", 2, _STEPS)
            solution = model.calculate()
    finally:
        _OBSERVER.reset(token)
    values: dict[CellKey, object] = {}
    singles: dict[CellKey, object] = {}
    for key, ranges in solution.items():
        match = _KEY_RE.match(key) if isinstance(key, str) else None
        if match is None or not hasattr(ranges, "value"):
            continue
        sheet = match.group("sheet").replace("''", "'")
        sheet = names.get(sheet.upper(), sheet)
        ref = match.group("ref").replace("$", "")
        grid = np.asarray(ranges.value, dtype=object)
        if grid.ndim != 2:
            grid = grid.reshape(1, -1)
        cells = list(cell_range(ref))
        first_row, first_col = cells[0]
        target = singles if ":" not in ref else values
        for row, col in cells:
            i, j = row - first_row, col - first_col
            if i < grid.shape[0] and j < grid.shape[1]:
                target[(sheet, _coordinate(row, col))] = _python(grid[i, j])
    values.update(singles)  # a cell's own node wins over a range that contains it
    if progress:
        progress(f"calculated {path.name}", _STEPS, _STEPS)
    return Evaluation(path, values)


def _coordinate(row: int, col: int) -> str:
    letters = ""
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{row}"
