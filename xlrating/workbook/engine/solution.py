"""Cell values from the ``formulas`` engine's solution, for
:mod:`xlrating.workbook.engine.evaluation`."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from typing import Any, Final

from ..ooxml.a1 import address, parse_cell
from ..ooxml.cells import CellError
from ..ooxml.xlsx import CellKey

__all__ = ["KEY_RE", "solution_values"]

#: A key of the engine's solution: ``'[book.xlsx]SHEET'!A1`` or ``...!A1:B2``.
KEY_RE: Final = re.compile(
    r"^'?\[(?P<book>[^\]]*)\](?P<sheet>.*?)'?!(?P<ref>\$?[A-Z]{1,3}\$?[0-9]+"
    r"(?::\$?[A-Z]{1,3}\$?[0-9]+)?)$"
)


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


def solution_values(
    solution: Any,
    names: Mapping[str, str],
    constants: Iterable[tuple[str, Any]] = (),
    outputs: Collection[str] | None = None,
) -> Mapping[CellKey, object]:
    """Every cell's value from the engine's *solution* and the book's value cells
    (*constants*: node name, value), sheets named as in the book.

    The formula cells' values (single cells, and the arrays of *outputs*: the nodes
    formula cells compute) are made at once; the rest (the value cells, and the blank
    cells inside the ranges formulas read) on the first lookup that needs them, since
    writing the results (:func:`~xlrating.workbook.ooxml.xlsx.write_values`) only looks up
    formula cells: a 5,000-game season's Games table is 30,000 value cells, and making
    them cost a tenth of its recalculation.  *outputs* None: every range is made at once.
    """
    singles: list[tuple[str, str, Any]] = []
    formula_areas: list[tuple[str, str, Any]] = []
    other_areas: list[tuple[str, str, Any]] = []
    for key, node in solution.items():
        value = node.value if hasattr(node, "value") else None
        place = _place(key, names) if value is not None else None
        if place is None:
            continue
        sheet, ref = place
        if ":" not in ref:
            singles.append((sheet, ref, value))
        elif outputs is None or key in outputs:
            formula_areas.append((sheet, ref, value))
        else:
            other_areas.append((sheet, ref, value))
    computed: dict[CellKey, object] = {}
    _fill_cells(computed, singles)
    _fill_areas(computed, formula_areas)

    def rest() -> dict[CellKey, object]:
        cells: dict[CellKey, object] = {}
        for key, value in constants:
            place = _place(key, names)
            if place is not None:
                cells[place] = _python(value)
        cells.update(computed)  # a cell's own node wins over a value cell's
        _fill_areas(cells, other_areas)
        return cells

    return _Values(computed, rest)


def _place(key: object, names: Mapping[str, str]) -> CellKey | None:
    """(sheet as in the book, "A1" or "A1:B2") of a node of the solution (None: not a cell)."""
    match = KEY_RE.match(key) if isinstance(key, str) else None
    if match is None:
        return None
    sheet = match.group("sheet").replace("''", "'")
    return names.get(sheet.upper(), sheet), match.group("ref").replace("$", "")


def _fill_cells(values: dict[CellKey, object], cells: Iterable[tuple[str, str, Any]]) -> None:
    """A cell's own node: it wins over any range that contains the cell."""
    import numpy as np

    for sheet, ref, value in cells:
        values[(sheet, ref)] = _python(np.asarray(value, dtype=object).flat[0])


def _fill_areas(values: dict[CellKey, object], areas: Iterable[tuple[str, str, Any]]) -> None:
    """The cells of ranges (spilled results, blank cells inside ranges) not yet known."""
    import numpy as np

    for sheet, ref, value in areas:
        grid = np.asarray(value, dtype=object)
        if grid.ndim != 2:
            grid = grid.reshape(1, -1)
        first, _, last = ref.partition(":")
        row1, col1 = parse_cell(first)
        row2, col2 = parse_cell(last)
        height = min(row2 - row1 + 1, grid.shape[0])
        width = min(col2 - col1 + 1, grid.shape[1])
        letters = [address(1, col1 + j)[:-1] for j in range(width)]
        for i in range(height):
            row = str(row1 + i)
            for j in range(width):
                cell = (sheet, letters[j] + row)
                if cell not in values:
                    values[cell] = _python(grid[i, j])


class _Values(Mapping[CellKey, object]):
    """Cell values: the formula cells' (*computed*) at once, every other cell's made by
    *rest* on the first lookup of a cell that is not a formula cell."""

    def __init__(
        self, computed: dict[CellKey, object], rest: Callable[[], dict[CellKey, object]]
    ) -> None:
        self._computed = computed
        self._rest: Callable[[], dict[CellKey, object]] | None = rest
        self._all: dict[CellKey, object] | None = None

    def _everything(self) -> dict[CellKey, object]:
        if self._all is None:
            assert self._rest is not None
            self._all, self._rest = self._rest(), None
        return self._all

    def __getitem__(self, key: CellKey) -> object:
        if key in self._computed:
            return self._computed[key]
        return self._everything()[key]

    def __contains__(self, key: object) -> bool:
        return key in self._computed or key in self._everything()

    def __iter__(self) -> Iterator[CellKey]:
        return iter(self._everything())

    def __len__(self) -> int:
        return len(self._everything())

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (a test's cache, a worker's result) as a plain dict of every cell."""
        return (dict, (self._everything(),))
