"""Evaluate a workbook headlessly, with the registry's functions, as Excel would.

The ``formulas`` package (1.3.x) reads the workbook, compiles every formula and computes
it; Excel's own functions come with it, and every function of the registry
(:data:`xlrating.sheet.catalog.FUNCTIONS`, read when :func:`evaluate` runs, so functions added
later are there too) is installed through an adapter that hands it cell values shaped as
classic xlwings hands them over:

* one cell: a scalar; a one-row or one-column range: a flat list; a 2-D range: a list of
  row lists (xlwings' default "squeeze" conversion, ``AdjustDimensionsStage``);
* numbers as ``float`` (COM never passes ints), blank cells and empty texts as ``None``,
  Excel error values as their text (``err_to_str=True`` in our declarations);
* a result that is a list of rows becomes a 2-D array, which fills the array formula's
  range (a dynamic array in Excel 365).

``formulas`` reports its progress with tqdm bars on stderr; they are swallowed here.

The book is read from its :class:`~xlrating.workbook.ooxml.package.Package` (the bytes
the guard accepted, or the package as edited in memory), never from its file.

Hostile workbooks: a package comes from the guard's inspection only
(:func:`xlrating.workbook.ooxml.guard.check_workbook`; :func:`evaluate` given a path runs it
first); :func:`evaluate` insists that openpyxl parses with defusedxml, and it refuses, with
a one-line :class:`~xlrating.workbook.ooxml.guard.WorkbookRefusedError`, a formula that
calls a function neither Excel's (as ``formulas`` knows them) nor the registry's, a formula
or defined name beyond :func:`~xlrating.workbook.ooxml.guard.formula_problem`'s bounds
(Excel's formula length, 1,000 operators, whole-column or whole-row references, ranges over
100,000 cells; all checked before any formula is compiled), more than 100,000 operators in
all, a circular reference (a defined name's inverse reference is not one), and a reference
to another workbook: ``formulas`` would load a linked ``.xlsx`` from disk, so the model here
reads no file at all: its one book is served from the package. Only Excel built-ins and the
registry's functions run; no macro, no link, no network. Excel's text functions that can
build long text answer ``#VALUE!`` beyond 32,767 characters, as in Excel
(:func:`xlrating.workbook.engine.excel_functions.text_bounded`).
Blank cells and the cached cells of an array formula are not compiled
(:func:`_drop_spilled_cells`): they add nothing to the model; value cells are not nodes of
the model but the values of the ranges that read them
(:class:`~xlrating.workbook.engine.value_cells.ValueCells`: a 5,000-game season's Games table was
30,000 of its 31,000 nodes).  Known limits of
``formulas`` 1.3: a sheet whose name contains an apostrophe cannot be evaluated (its own
cell references come out as ``#REF!``); a typed number is read rounded to 15 decimal
places (1E-16 is read as 0); a literal in scientific notation (``1E9``) in a formula
cannot be read (the formula is refused in one line).
"""

from __future__ import annotations

import contextlib
import functools
import gc
import io
import math
import re
from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from ...sheet.catalog import FUNCTIONS, ExcelFunction
from ..ooxml.a1 import parse_cell
from ..ooxml.guard import (
    LIMITS,
    QUOTED_RE,
    WorkbookRefusedError,
    formula_operations,
    formula_problem,
    require_defusedxml,
)
from ..ooxml.package import Book, Package, package_of
from ..ooxml.xlsx import CellKey
from .deferred import defer_scipy
from .fast_values import keep_taken, reading_values_apart
from .solution import KEY_RE as _KEY_RE
from .solution import solution_values
from .value_cells import ValueCells

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

_STEPS: Final = 3
#: A function call in a formula (string literals and quoted sheet names removed first).
_CALL_RE: Final = re.compile(r"(?<![\w.\]!$'])([A-Za-z_][\w.]*)\(")
#: Prefixes Excel writes before names that are not functions (LAMBDA parameters).
_NOT_FUNCTIONS: Final = ("_XLPM.",)
#: How many cells a circular-reference message names.
_SHOWN_CELLS: Final = 3


@dataclass(frozen=True)
class Evaluation:
    """The computed workbook: every cell's value by (sheet name, cell)."""

    path: Path
    #: Values by (sheet name as in the workbook, "B5"): float/int, str, bool,
    #: :class:`~xlrating.workbook.ooxml.xlsx.CellError`, or None for an empty cell.
    values: Mapping[CellKey, object] = field(repr=False)

    def value(self, sheet: str, cell: str) -> object:
        """The value of one cell (None if the engine has nothing for it)."""
        return self.values.get((sheet, cell.replace("$", "").upper()))


# ---------------------------------------------------------------- the adapter


@functools.cache
def _engine_types() -> tuple[Any, Any, type]:
    """numpy, schedula's EMPTY token and formulas' error type (imported on first use)."""
    import numpy as np
    import schedula as sh
    from formulas.tokens.operand import XlError

    return np, sh.EMPTY, XlError


def _scalar(value: Any) -> object:
    """One cell value as xlwings hands it over."""
    np, empty, error = _engine_types()
    if value is empty or value is None or (isinstance(value, str) and value == ""):
        return None  # xlwings reads "" as empty too (clean_value_data: "" or None -> empty)
    if isinstance(value, error):
        return str(value)
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, float, np.integer, np.floating)):
        return float(value)
    if isinstance(value, np.str_):
        return str(value)
    return value


def _cells(values: list[Any]) -> list[object]:
    """:func:`_scalar` of each value; a float or a non-empty text (nearly every cell of a
    table) is kept as it is without the checks (the Games table is 30,000 cells)."""
    return [v if type(v) is float or (type(v) is str and v != "") else _scalar(v) for v in values]


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
    np = _engine_types()[0]
    if isinstance(value, np.ndarray):
        grid = value if value.ndim == 2 else value.reshape(1, -1)
        rows, cols = grid.shape
        if rows == 1 and cols == 1:
            return _scalar(grid[0, 0])
        listed = grid.tolist()  # of an object array: the objects themselves, rows as lists
        if rows == 1:
            return _cells(listed[0])
        if cols == 1:
            return _cells([row[0] for row in listed])
        return [_cells(row) for row in listed]
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
    """Install the registry's functions (default: all) and the Excel functions the engine
    computes its own way (:func:`xlrating.workbook.engine.excel_functions.replacements`)."""
    defer_scipy()  # before formulas reads its table of Excel functions
    import formulas
    from formulas.functions import wrap_func

    from .excel_functions import replacements

    table = formulas.get_functions()
    table.update(replacements())
    for name, fn in (FUNCTIONS if functions is None else functions).items():
        table[name.upper()] = wrap_func(_adapter(fn))


# ---------------------------------------------------------------- evaluation


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while ``formulas`` builds and runs its model.

    The model is tens of thousands of small objects that live until the end; with the
    collector running, its passes over them took a quarter of a 5,000-game recalculation.
    Reference counting still frees what is dropped; the collector resumes afterwards.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _quiet() -> contextlib.AbstractContextManager[Any]:
    """Swallow the tqdm bars that ``formulas`` prints on stderr."""
    return contextlib.redirect_stderr(io.StringIO())


def evaluate(
    book: Book,
    *,
    progress: Progress | None = None,
    observer: Observer | None = None,
) -> Evaluation:
    """Compute every formula of the workbook *book* with the registry's functions.

    :param book: the workbook's :class:`~xlrating.workbook.ooxml.package.Package`, read as
        it is now (edited in memory or not); or an xlsx (or xlsm) file, which the guard
        checks first (:func:`~xlrating.workbook.ooxml.guard.check_workbook`) and which is
        then opened as a package.
    :param progress: called as each step starts: reading, compiling, calculating.
    :param observer: called with every registry call (for tests and debugging).
    :returns: an :class:`Evaluation` with every cell's value.
    """
    package = package_of(book)
    path = package.path.resolve() if package.path is not None else Path(package.name)
    require_defusedxml()
    names = {name.upper(): name for name in package.sheet_names()}
    register_functions()
    token = _OBSERVER.set(observer)
    try:
        with _quiet(), _collector_paused():
            if progress:
                progress(f"reading {path.name}", 0, _STEPS)
            model = _load(package)
            if progress:
                progress(f"compiling {path.name}", 1, _STEPS)
            _finish(model, names)
            if progress:
                progress(f"calculating {path.name}", 2, _STEPS)
            values = solution_values(
                model.calculate(), names, model.constants.named(), set(model.cells)
            )
    finally:
        _OBSERVER.reset(token)
    if progress:
        progress(f"calculated {path.name}", _STEPS, _STEPS)
    return Evaluation(path, values)


# ---------------------------------------------------------------- hostile workbooks


#: The one name every book is read under, part of every compiled reference: a copy, a
#: season after an import, a template's .xlsm twin (openpyxl finds its workbook part by
#: content type) share compiled cells whatever they are called.  No file of that name is
#: read: the book is served from its package (:func:`.fast_values.reading_values_apart`).
_ALIAS: Final = "book.xlsx"


def _load(package: Package) -> Any:
    """The ``formulas`` model of the workbook *package*, read under :data:`_ALIAS` from
    the package's bytes; it never loads another workbook (a linked file)."""
    import os.path

    import formulas
    from formulas.errors import FormulaError

    folder = os.path.abspath(os.path.join(os.sep, "xlrating-package"))  # never read
    main = os.path.normcase(os.path.join(folder, _ALIAS))

    class OneBookModel(formulas.ExcelModel):  # type: ignore[misc]
        """An ExcelModel that reads the one book *package* and refuses any other (a
        linked file)."""

        def __init__(self) -> None:
            super().__init__()
            self.blocked: list[str] = []
            self.constants = ValueCells()

        def assemble(self, compact: int = 1) -> Any:
            self.constants.fold(self)
            return super().assemble(compact)

        def complete(self, stack: Any = None) -> Any:
            with _not_read_again(self):
                return super().complete(stack)

        def add_book(self, book: Any = None, context: Any = None, data_only: bool = False) -> Any:
            if isinstance(book, str):
                base = self.basedir or ""
                wanted = os.path.normcase(os.path.normpath(os.path.join(base, book)))
                if wanted.upper() != main.upper():
                    self.blocked.append(book)
                    raise WorkbookRefusedError(f"a formula refers to another workbook {book!r}")
            with reading_values_apart(package, main):
                loaded = super().add_book(book, context, data_only)
            if not getattr(loaded[0], "_xlrating_checked", False):
                _refuse_unknown(loaded[0])  # before any formula is compiled
                _drop_spilled_cells(loaded[0])
                loaded[0]._xlrating_checked = True
            return loaded

        def push(self, worksheet: Any, context: Any) -> Any:
            done = super().push(worksheet, context)
            keep_taken(self, worksheet, context)  # its value cells read apart, if any
            return done

        def compile_cell(
            self, cell: Any, context: Any, references: Any, formula_references: Any
        ) -> Any:
            # An empty cell compiles to nothing the model keeps (``Cell.add`` adds no node
            # for it), but parsing its coordinate cost ~0.1 ms, for every blank cell of
            # each sheet's used rectangle and again for every range that covers it.
            if cell.value is None:
                return _empty_cell()
            if cell.data_type != "f":
                if self.constants.keep(cell, context):
                    return _empty_cell()  # a value: folded into the ranges that read it
                return super().compile_cell(cell, context, references, formula_references)
            key = _compiled_key(cell, context, references, formula_references)
            compiled = _COMPILED.get(key) if key is not None else None
            if compiled is None:
                compiled = super().compile_cell(cell, context, references, formula_references)
                if key is not None:
                    _remember(key, compiled)
            return compiled

    model = OneBookModel()
    model.basedir = folder
    try:
        model.loads(_ALIAS)
    except FormulaError as error:
        raise _unreadable(error) from None
    except (ValueError, IndexError):
        # openpyxl could not convert a cell's value: name the cell, not the stream the
        # book is read from (nor an exception openpyxl does not show).
        from ..ooxml.damaged_cells import first_unreadable

        found = first_unreadable(package)
        if found is None:
            raise
        raise WorkbookRefusedError(found) from None
    return model


@contextlib.contextmanager
def _not_read_again(model: Any) -> Iterator[None]:
    """While ``formulas`` completes *model*: no worksheet gives its cells again.

    ``formulas`` completes the model by reading, for every range a formula reads, the
    range's cells again: each sheet of the one book was read in full when it was loaded
    (``push``), so every cell it would find is a formula cell the model has, a value cell
    kept in ``constants`` or a blank one, and it adds none of them (a 5,000-game season:
    40,000 cells gone through again). Its other work (defined names, anchors, missing
    sheets) is done as before."""
    from formulas.excel import BOOK

    sheets = [ws for data in model.books.values() for ws in data[BOOK].worksheets]
    for ws in sheets:
        ws.iter_rows = _no_rows
    try:
        yield
    finally:
        for ws in sheets:
            del ws.iter_rows


def _no_rows(*args: object, **kwargs: object) -> Iterator[Any]:
    """A worksheet's ``iter_rows`` while :meth:`complete` runs: no cells again."""
    return iter(())


class _EmptyCell:
    """What ``formulas`` makes of a blank cell, without parsing its coordinate: no output
    the model knows, no value, and no node added (as ``formulas.cell.Cell.add`` does for
    a cell without value or formula)."""

    output = None
    value: Any = None

    def add(self, dsp: Any, context: Any = None) -> set[Any]:
        return set()


#: Compiled formula cells by everything their compilation reads (:func:`_compiled_key`),
#: oldest first: a workbook evaluated again in the same process (the same book after an
#: import, the test suite's many runs of one template) parses none of its formulas twice.
_COMPILED: Final[dict[tuple[object, ...], Any]] = {}
#: How many compiled cells :data:`_COMPILED` keeps (a club season holds about 700).
_COMPILED_CELLS: Final = 20_000


def _compiled_key(
    cell: Any, context: Mapping[str, Any], references: Any, formula_references: Any
) -> tuple[object, ...] | None:
    """What compiling a formula cell depends on: its address and text, the book and sheet
    it is read in, the defined names (names and what they refer to) and the sheet's array
    anchors.  None (never reused) for anything not plain text."""
    value = cell.value
    text = value if isinstance(value, str) else getattr(value, "text", None)
    ref = getattr(value, "ref", None)
    if not isinstance(text, str) or not (ref is None or isinstance(ref, str)):
        return None
    try:
        names = tuple(sorted((str(k), repr(v)) for k, v in (references or {}).items()))
        place = tuple(sorted((str(k), repr(v)) for k, v in context.items()))
        anchors = formula_references.get(cell.coordinate) if formula_references else None
    except TypeError:
        return None
    return (cell.coordinate, text, ref, repr(anchors), place, names)


def _remember(key: tuple[object, ...], compiled: Any) -> None:
    if len(_COMPILED) >= _COMPILED_CELLS:
        del _COMPILED[next(iter(_COMPILED))]
    _COMPILED[key] = compiled


@functools.cache
def _empty_cell() -> _EmptyCell:
    import schedula as sh

    cell = _EmptyCell()
    cell.value = sh.EMPTY
    return cell


def _drop_spilled_cells(book: Any) -> None:
    """Forget the cells an array formula fills (all but its first cell), once per book.

    They hold the results Excel cached, which the engine computes again; ``formulas``
    1.3 would compile each of them twice (when it reads the sheet and again for every
    range that reads them) only to drop them, which took most of the time of a season
    book with hundreds of events (a 40 x 600 ratings array is 24,000 cells).  A cell
    Excel would show as ``#SPILL!`` (a formula typed inside the array) is dropped by
    ``formulas`` all the same.  Uses openpyxl's private cell table (``_cells``).
    """
    from openpyxl.utils.cell import range_boundaries

    if getattr(book, "_xlrating_spills_dropped", False):
        return
    for ws in getattr(book, "worksheets", ()):
        table = getattr(ws, "_cells", None)
        arrays = getattr(ws, "array_formulae", None)
        if not isinstance(table, dict) or not arrays:
            continue
        for anchor, ref in arrays.items():
            col1, row1, col2, row2 = range_boundaries(ref)
            first = range_boundaries(anchor)[1::-1]  # (row, column), as the table's keys
            area = ((r, c) for r in range(row1, row2 + 1) for c in range(col1, col2 + 1))
            big = (row2 - row1 + 1) * (col2 - col1 + 1) > len(table)  # walk the smaller
            spilled = [
                key
                for key in (list(table) if big else area)
                if key in table and row1 <= key[0] <= row2 and col1 <= key[1] <= col2
                if key != first
            ]
            for key in spilled:
                del table[key]
    book._xlrating_spills_dropped = True


def _unreadable(error: Exception) -> WorkbookRefusedError:
    shown = str(error.args[-1] if error.args else error)
    return WorkbookRefusedError(f"a formula xlrating cannot read: {shown[:120]!r}")


def _finish(model: Any, names: Mapping[str, str]) -> None:
    """Compile the model; refuse links to other workbooks and circular references."""
    from formulas.errors import FormulaError

    try:
        model.finish()
    except FormulaError as error:
        raise _unreadable(error) from None
    blocked = getattr(model, "blocked", [])
    if blocked:
        raise WorkbookRefusedError(
            f"a formula refers to another workbook ({blocked[0]!r}): xlrating never opens "
            "linked files; break the links in Excel (Data > Edit Links) and save again"
        )
    _refuse_cycles(model, names)


def _refuse_unknown(book: Any) -> None:
    """Refuse, before ``formulas`` compiles anything, a formula calling a function neither
    ``formulas`` nor the registry knows, and a formula or defined name beyond what the
    engine computes in bounded time and memory
    (:func:`~xlrating.workbook.ooxml.guard.formula_problem`: Excel's formula length, too many
    operators, whole columns or rows, huge ranges)."""
    import formulas
    from openpyxl.worksheet.formula import ArrayFormula

    known = formulas.get_functions()
    names = getattr(book, "defined_names", {})
    defined = {name.upper() for name in names}
    for name, definition in _defined_names(book):
        problem = formula_problem(definition)
        if problem is not None:
            raise WorkbookRefusedError(f"the defined name {name} {problem}")
    operations = 0
    for ws in book.worksheets:
        local = {name.upper() for name in getattr(ws, "defined_names", {})}
        for row in ws.iter_rows():
            for cell in row:
                value = cell.value
                text = value.text if isinstance(value, ArrayFormula) else value
                if not isinstance(text, str) or not text.startswith("="):
                    continue
                if cell.data_type == "s":  # text such as "=HYPERLINK(...)", not a formula
                    continue
                problem = formula_problem(text[1:])
                if problem is not None:
                    raise WorkbookRefusedError(f"{ws.title}!{cell.coordinate} {problem}")
                operations += formula_operations(text[1:])
                if operations > LIMITS.book_operations:
                    raise WorkbookRefusedError(
                        f"the formulas hold more than {LIMITS.book_operations:,} operators "
                        f"and calls in all (reached at {ws.title}!{cell.coordinate}); split "
                        "the workbook"
                    )
                plain = QUOTED_RE.sub('""', text)
                for match in _CALL_RE.finditer(plain):
                    name = match.group(1).upper()
                    if (
                        name in known
                        or name in defined
                        or name in local
                        or name.startswith(_NOT_FUNCTIONS)
                    ):
                        continue
                    raise WorkbookRefusedError(
                        f"{ws.title}!{cell.coordinate} calls {match.group(1)}, which is "
                        "neither an Excel function xlrating can compute nor one of its own"
                    )


def _defined_names(book: Any) -> Iterator[tuple[str, str]]:
    """(name, text) of every defined name, the workbook's and each sheet's."""
    for name, item in getattr(book, "defined_names", {}).items():
        yield name, str(getattr(item, "attr_text", "") or "")
    for ws in getattr(book, "worksheets", ()):
        for name, item in getattr(ws, "defined_names", {}).items():
            yield f"{ws.title}!{name}", str(getattr(item, "attr_text", "") or "")


def _refuse_cycles(model: Any, names: Mapping[str, str]) -> None:
    """Refuse a circular reference: a cycle among the model's cells (Tarjan, iterative)."""
    import schedula as sh
    from formulas.cell import InvRangesAssembler

    dsp = model.dsp
    succ = dsp.dmap.succ
    nodes = dsp.nodes

    def inverse(attributes: Mapping[str, Any]) -> bool:
        """A range split back into its cells, or a defined name's inverse reference (the
        ``=NAME`` bypass ``formulas`` adds from the name to its range, marked ``inv-data``
        on the name): edges back to where the value came from, not dependencies."""
        function = attributes.get("function")
        if isinstance(function, InvRangesAssembler):
            return True
        inputs: list[Any] = list(attributes.get("inputs") or ())
        outputs: list[Any] = list(attributes.get("outputs") or ())
        return (
            function is sh.bypass
            and len(inputs) == 1
            and set(outputs) <= set(nodes.get(inputs[0], {}).get("inv-data", ()))
        )

    skip = {node for node, attributes in dsp.function_nodes.items() if inverse(attributes)}
    index: dict[Any, int] = {}
    low: dict[Any, int] = {}
    stack: list[Any] = []
    on_stack: set[Any] = set()
    counter = 0
    for root in succ:
        if root in index or root in skip:
            continue
        work: list[tuple[Any, Any]] = [(root, iter(succ[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child in skip:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(succ.get(child, ()))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in succ.get(node, ()):
                        raise WorkbookRefusedError(_cycle_message(component, names))


def _cycle_message(component: list[Any], names: Mapping[str, str]) -> str:
    cells = set()
    for node in component:
        match = _KEY_RE.match(node) if isinstance(node, str) else None
        if match is not None:
            sheet = match.group("sheet").replace("''", "'")
            ref = match.group("ref").replace("$", "")
            cells.add((names.get(sheet.upper(), sheet), *parse_cell(ref.split(":")[0]), ref))
    singles = {cell for cell in cells if ":" not in cell[3]} or cells
    shown_cells = [f"{sheet}!{ref}" for sheet, _, _, ref in sorted(singles)]
    cells_text = ", ".join(shown_cells[:_SHOWN_CELLS])
    shown = cells_text + (", ..." if len(shown_cells) > _SHOWN_CELLS else "")
    return (
        f"circular reference through {shown or 'its formulas'}: xlrating does not iterate; "
        "break the cycle in Excel (Formulas > Error Checking > Circular References)"
    )
