"""The value cells of a book kept out of the ``formulas`` model (:class:`ValueCells`),
for :mod:`xlrating.workbook.engine.evaluation`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

__all__ = ["ValueCells"]


class ValueCells:
    """The book's value cells (numbers, text, Booleans, dates typed in), kept out of the
    ``formulas`` model: each range a formula reads gets their values as one constant.

    ``formulas`` makes every value cell a node of its dispatcher, and every range over them
    a function collecting those nodes; a 5,000-game season's Games table alone is 30,000
    nodes, nine tenths of the model, and dispatching them cost most of a recalculation.
    Here a value cell is only recorded (:meth:`keep`).  Before ``formulas`` assembles its
    ranges (:meth:`fold`), a reference that covers no formula cell gets the values of its
    cells as its default value (blank cells ``EMPTY``, as ``formulas`` fills them); a
    reference that also covers formula cells gets its value cells back as the nodes
    ``formulas`` would have made, and is assembled as before.  Each value reaches the
    formulas as ``formulas`` itself would pass it (the same raw value, rounded to 15
    places when a typed number, through the same output filter).
    """

    def __init__(self) -> None:
        #: sheet id -> {(row, column): value}; and each sheet's context and name prefix.
        self.cells: dict[str, dict[tuple[int, int], Any]] = {}
        self.sheets: dict[tuple[object, object], tuple[str, str, Any]] = {}
        self.restored: set[tuple[str, int, int]] = set()

    def _sheet(self, context: Any) -> tuple[str, str, Any]:
        key = (context.get("excel"), context.get("sheet"))
        known = self.sheets.get(key)
        if known is None:
            from formulas.ranges import Ranges

            rng = Ranges.get_range("A1", context)
            name = str(rng["name"])
            known = (str(rng.get("sheet_id", "")), name[: name.rindex("!") + 1], context)
            self.sheets[key] = known
        return known

    def keep(self, cell: Any, context: Any) -> bool:
        """Record a value cell; False for what must stay a node (text that reads as a
        formula when it is not typed as text)."""
        value = cell.value
        if cell.data_type == "n" and isinstance(value, float):
            value = round(value, 15)  # as formulas' compile_cell reads a typed number
        elif isinstance(value, str) and cell.data_type != "s" and value.startswith("="):
            return False
        sheet_id = self._sheet(context)[0]
        self.cells.setdefault(sheet_id, {})[(cell.row, cell.column)] = value
        return True

    def named(self) -> Iterator[tuple[str, Any]]:
        """(node name such as ``'[book.xlsx]GAMES'!B7``, value) of every value cell."""
        from openpyxl.utils.cell import get_column_letter

        prefixes = {sheet_id: prefix for sheet_id, prefix, _ in self.sheets.values()}
        for sheet_id, cells in self.cells.items():
            prefix = prefixes[sheet_id]
            for (row, col), value in cells.items():
                yield f"{prefix}{get_column_letter(col)}{row}", value

    def fold(self, model: Any) -> None:
        """Give every reference over value cells only their values; restore the value
        cells of references that also cover formula cells."""
        import numpy as np
        import schedula as sh
        from formulas.cell import Cell, Ref
        from formulas.ranges import Ranges

        if not self.cells:
            return
        dsp = model.dsp
        pred = dsp.dmap.pred
        formula_areas: dict[str, list[tuple[int, int, int, int]]] = {}
        for c in model.cells.values():
            if isinstance(c, Ref) or c.range is None:
                continue
            r = c.range.ranges[0]
            formula_areas.setdefault(str(r.get("sheet_id", "")), []).append(
                (int(r["r1"]), int(r["n1"]), int(r["r2"]), int(r["n2"]))
            )
        contexts = {sheet_id: context for sheet_id, _, context in self.sheets.values()}
        wanted = [
            k
            for k in dsp.data_nodes
            if k not in dsp.default_values and not pred[k] and not isinstance(k, sh.Token)
        ]
        for n_id in wanted:
            try:
                rng = Ranges.get_range(n_id)
            except Exception:  # a name, an error value: not a reference to cells
                continue
            sheet_id = str(rng.get("sheet_id", ""))
            cells = self.cells.get(sheet_id)
            if not cells or rng.get("anchor"):
                continue
            r1, c1, r2, c2 = int(rng["r1"]), int(rng["n1"]), int(rng["r2"]), int(rng["n2"])
            inside = [
                (key, value)
                for key, value in (
                    cells.items()
                    if len(cells) < (r2 - r1 + 1) * (c2 - c1 + 1)
                    else (
                        ((r, c), cells[(r, c)])
                        for r in range(r1, r2 + 1)
                        for c in range(c1, c2 + 1)
                        if (r, c) in cells
                    )
                )
                if r1 <= key[0] <= r2 and c1 <= key[1] <= c2
            ]
            if not inside:
                continue
            mixed = any(
                a <= r2 and r1 <= b and c <= c2 and c1 <= d
                for a, c, b, d in formula_areas.get(sheet_id, ())
            )
            if mixed:  # formulas assembles it: its value cells become nodes again
                context = contexts[sheet_id]
                for (row, col), value in inside:
                    if (sheet_id, row, col) in self.restored:
                        continue
                    self.restored.add((sheet_id, row, col))
                    from openpyxl.utils.cell import get_column_letter

                    cell = Cell(
                        f"{get_column_letter(col)}{row}",
                        value,
                        context=context,
                        check_formula=False,
                    )
                    model.add_cell(cell, context, model.formula_ranges(context))
                continue
            grid = np.empty((r2 - r1 + 1, c2 - c1 + 1), dtype=object)
            grid.fill(sh.EMPTY)  # np.full would store a plain copy of the EMPTY token
            for (row, col), value in inside:
                grid[row - r1, col - c1] = value
            dsp.set_default_value(n_id, Ranges().set_value(rng, grid))
