"""The sheet writer every template shares: formula text, the house style, input validation.

:class:`Book` wraps an XlsxWriter workbook with the house formats and a record of the
layout (which key is at which address); :class:`Sheet` writes cells in that style: yellow
inputs with validation, green results that are formulas calling the registry
(:data:`xlrating.sheet.catalog.FUNCTIONS`), linted before they are written
(:mod:`xlrating.workbook.lint.formulas`), and dynamic arrays of the size the registry gives.
Formulas name registry functions by their parameters (:func:`call_text` checks them
against the registry and writes them in its order); newer Excel functions get the
``_xlfn.`` prefix Excel needs (:func:`xlrating.workbook.lint.formulas.with_prefixes`).

XlsxWriter counts rows and columns from zero; :func:`cell_index` and :func:`cell_at` are
the door to :mod:`xlrating.workbook.ooxml.a1`, which counts from one as Excel does.
"""

from __future__ import annotations

import datetime as dt
import io
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ...errors import WorkbookError
from ...sheet.catalog import FUNCTIONS
from ..lint.formulas import formula_problems, function_calls, with_prefixes
from ..ooxml.a1 import absolute, address, cell_range
from .pages import LINE_HEIGHT, set_up_page

__all__ = [
    "CHANGE_FORMAT",
    "DATE_FORMAT",
    "RATING_FORMAT",
    "RATING_RANGE",
    "RESULTS",
    "RESULT_VALIDATION",
    "SUBTITLE",
    "WHOLE_CHANGE_FORMAT",
    "YES_NO",
    "Address",
    "Book",
    "Expr",
    "Ref",
    "Sheet",
    "TemplateError",
    "absolute",
    "arguments",
    "as_cell",
    "as_list",
    "as_table",
    "call_text",
    "cell_at",
    "cell_index",
    "choice_validation",
    "column_cells",
    "date_validation",
    "detail_format",
    "length_validation",
    "literal",
    "member_id_validation",
    "number_validation",
    "range_validation",
    "rating_validation",
]

#: A place in a workbook: (sheet name, "B5" or "B14:B25").
Address = tuple[str, str]

_INPUT_COLOR: Final = "#FFF2CC"
_OUTPUT_COLOR: Final = "#E2EFDA"
_SECTION_COLOR: Final = "#1F4E78"
_HEADER_COLOR: Final = "#D9E1F2"
RATING_FORMAT: Final = "0"
CHANGE_FORMAT: Final = "+0.00;-0.00;0.00"
WHOLE_CHANGE_FORMAT: Final = "+0;-0;0"
DATE_FORMAT: Final = "yyyy-mm-dd"
YES_NO: Final = ["Yes", "No"]
RESULTS: Final = ["W", "D", "L"]
RATING_RANGE: Final = (0, 4000)

SUBTITLE: Final = (
    "Yellow cells are inputs, green cells are results from xlrating's functions. "
    "A cell showing #NAME? means the functions are not set up yet: see the sheet How to use."
)


class TemplateError(WorkbookError, RuntimeError):
    """A template could not be built (its message is one line)."""


@dataclass(frozen=True, slots=True)
class Ref:
    """A cell or range reference used as a function argument, e.g. ``Ref("$B$5")``."""

    ref: str


@dataclass(frozen=True, slots=True)
class Expr:
    """A formula expression used as an argument, with its value: ``Expr("4.5/7", 4.5 / 7)``."""

    text: str
    value: object


def literal(value: object) -> str:
    """An Excel literal: numbers, "text", TRUE/FALSE, {array}; None is an empty text.

    A list of lists is a two-dimensional array constant, rows separated by ``;``:

    >>> literal([["A", 1500], ["B", None]])
    '{"A",1500;"B",""}'
    """
    if value is None:
        return '""'
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, str):
        return '"' + value.replace('"', '""') + '"'
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(row, (list, tuple)) for row in value):
            return "{" + ";".join(",".join(literal(v) for v in row) for row in value) + "}"
        return "{" + ",".join(literal(v) for v in value) + "}"
    raise TemplateError(f"cannot write {value!r} into a formula")


def arguments(name: str, args: Mapping[str, object]) -> list[object]:
    """The arguments of a registry call in the registry's order, trailing omissions dropped."""
    fn = FUNCTIONS.get(name)
    if fn is None:
        raise TemplateError(f"{name} is not in the registry (xlrating.sheet.catalog.FUNCTIONS)")
    names = [p.name for p in fn.params]
    unknown = sorted(set(args) - set(names))
    if unknown:
        raise TemplateError(f"{name} has no parameter {', '.join(unknown)}")
    missing = [p.name for p in fn.params if not p.optional and p.name not in args]
    if missing:
        raise TemplateError(f"{name} needs {', '.join(missing)}")
    last = max((names.index(k) for k in args), default=-1)
    return [args.get(n) for n in names[: last + 1]]


def call_text(name: str, args: Mapping[str, object]) -> str:
    parts = [
        a.ref if isinstance(a, Ref) else a.text if isinstance(a, Expr) else literal(a)
        for a in arguments(name, args)
    ]
    return f"{name}({','.join(parts)})"


# ---------------------------------------------------------------- the writer


class Book:
    """An XlsxWriter workbook with the house formats and a record of the layout."""

    def __init__(self, target: Any) -> None:
        import xlsxwriter

        options = {"in_memory": True} if isinstance(target, io.BytesIO) else {}
        self.wb = xlsxwriter.Workbook(target, options)
        #: What the page header of every sheet names (the template's title; the club's
        #: name for a club season): set before :meth:`close`.
        self.title = ""
        self.cells: dict[str, Address] = {}
        self.labels: dict[str, str] = {}
        self.formats: dict[str, str] = {}
        self._formats: dict[tuple[str, str | None], Any] = {}
        self.sheets: list[Sheet] = []

    def fmt(self, kind: str, num_format: str | None = None, *, wrap: bool = False) -> Any:
        key = (kind + (":wrap" if wrap else ""), num_format)
        if key not in self._formats:
            props: dict[str, object] = {"valign": "top", **_STYLES[kind]}  # rows line up
            if num_format:
                props["num_format"] = num_format
            if wrap:
                props.update(text_wrap=True, valign="top")
            self._formats[key] = self.wb.add_format(props)
        return self._formats[key]

    def sheet(self, name: str) -> Sheet:
        made = Sheet(self, name)
        self.sheets.append(made)
        return made

    def record(self, key: str, sheet: str, ref: str, label: str = "") -> None:
        if key in self.cells:
            raise TemplateError(f"layout key {key!r} used twice")
        self.cells[key] = (sheet, ref)
        if label:
            self.labels[key] = label

    def close(self) -> None:
        for sheet in self.sheets:
            sheet.fit_text()
        for sheet in self.sheets:  # none for a hidden sheet: LibreOffice would print it
            if not sheet.ws.hidden:
                sheet.page_setup()
        for ws in self.wb.worksheets():
            if not ws.hidden and not any(sheet.ws is ws for sheet in self.sheets):
                set_up_page(ws, ws.dim_rowmax or 0, ws.dim_colmax or 0, self.title)
        self.wb.close()


_STYLES: Final[dict[str, dict[str, object]]] = {
    "title": {"bold": True, "font_size": 14, "font_color": _SECTION_COLOR},
    "note": {"italic": True, "font_color": "#595959"},
    "text": {"text_wrap": True, "valign": "top"},
    "code": {"font_name": "Consolas", "valign": "top"},
    "section": {"bold": True, "font_color": "#FFFFFF", "bg_color": _SECTION_COLOR},
    "header": {"bold": True, "bg_color": _HEADER_COLOR, "bottom": 1, "text_wrap": True},
    # A header read upwards, for narrow columns (the Ratings sheet's events).
    "header_up": {
        "bold": True,
        "bg_color": _HEADER_COLOR,
        "bottom": 1,
        "text_wrap": True,
        "rotation": 90,
        "valign": "bottom",
    },
    "label": {},
    "input": {"bg_color": _INPUT_COLOR, "border": 1, "border_color": "#BF9000", "locked": False},
    "output": {"bg_color": _OUTPUT_COLOR, "border": 1, "border_color": "#548235"},
    "headline": {
        "bg_color": _OUTPUT_COLOR,
        "border": 1,
        "border_color": "#548235",
        "bold": True,
        "font_size": 12,
    },
    "constant": {"border": 1, "border_color": "#A6A6A6"},
    "pass": {"bg_color": "#C6EFCE", "font_color": "#006100", "bold": True},
    # Text in the colour of a result cell's fill: there, but not shown.
    "hidden": {"font_color": _OUTPUT_COLOR},
    "fail": {"bg_color": "#FFC7CE", "font_color": "#9C0006", "bold": True},
}


#: Characters of running text per character of column width, kept low so that an
#: estimated row height never cuts a line off (proportional text is narrower than "0").
_TEXT_PER_WIDTH: Final = 1.0
_DEFAULT_WIDTH: Final = 8.43


class Sheet:
    """One worksheet, with helpers that keep the house style and record the layout."""

    def __init__(self, book: Book, name: str) -> None:
        self.book = book
        self.name = name
        self.ws = book.wb.add_worksheet(name)
        self.values: dict[tuple[int, int], object] = {}
        #: (kind, number format) of each cell written by :meth:`write`.
        self.kinds: dict[tuple[int, int], tuple[str, str | None]] = {}
        #: Rows printed on every page (zero-based, first and last); None: the first row
        #: written with the header style, if any.
        self.repeat: tuple[int, int] | None = None
        #: The last row and column the printed page must reach (a chart's extent).
        self.reach: tuple[int, int] = (0, 0)
        #: The last row printed (zero-based); None: the last row written (or reached).
        self.print_rows: int | None = None
        #: The last column printed (zero-based); None: the last column written (or
        #: reached).  Notes right of it are read on the screen, not printed.
        self.print_cols: int | None = None
        #: The page header's title for this sheet; None: the book's title.
        self.header: str | None = None
        #: Print on one page (a calculator, a player card) if text stays legible there.
        self.one_page = False
        #: Rows (zero-based) a wrapped text never spreads into: left for a command to
        #: write (the Players sheet's record of the rating list applied).
        self.free_rows: set[int] = set()
        self._heights: dict[int, float] = {}

    # -- page layout

    def column_width(self, col: int) -> float:
        """The width of column *col* in characters."""
        info = self.ws.col_info.get(col)
        if info is None or info.width is None:
            return _DEFAULT_WIDTH
        return max((float(info.width) - 5) / 7, 0.0)

    def _filled(self, row: int, col: int) -> bool:
        return col in self.ws.table.get(row, {})

    def _span(self, row: int, col: int, text: str, last: int = 60) -> tuple[int, float]:
        """The last column a text overflows into (the cells to its right being empty, up
        to column *last*), and the width it has there."""
        width, end = self.column_width(col), col
        while width < len(text) and not self._filled(row, end + 1) and end < last:
            end += 1
            width += self.column_width(end)
        return end, width

    def set_height(self, row: int, points: float) -> None:
        """Row *row* at least *points* high (the highest asked for wins)."""
        if points > self._heights.get(row, LINE_HEIGHT):
            self._heights[row] = points
            self.ws.set_row(row, points)

    def fit_text(self) -> None:
        """Every text readable and printed: a text longer than its cell runs on into the
        empty cells to its right as far as the sheet's last column (so a note never
        widens the printed page); one longer than that wraps, across those cells (merged)
        or in its own cell when the cells to its right are taken, and its row gets the
        height of its lines."""
        last = max(self.ws.dim_colmax or 0, self.reach[1])
        if self.print_cols is not None:  # a note never runs on past the printed columns
            last = self.print_cols
        for (row, col), (kind, num_format) in sorted(self.kinds.items()):
            text = self.values.get((row, col))
            if not isinstance(text, str) or kind in ("title", "section", "code"):
                continue
            if self.print_cols is not None and col > self.print_cols:
                continue  # a note beside the printed table: one line, read on the screen
            wraps = bool(_STYLES[kind].get("text_wrap"))
            end, room = self._span(row, col, text, last)
            if not wraps and room >= len(text):
                self.reach = (max(self.reach[0], row), max(self.reach[1], end))
                continue
            width, below = self.column_width(col), 0
            if not wraps and end > col:
                lines = _lines(text, room)
                while below + 1 < lines and self._empty(row + below + 1, col, end):
                    below += 1
                cell_format = self.book.fmt(kind, num_format, wrap=True)
                self.ws.merge_range(row, col, row + below, end, text, cell_format)
                width = room
            elif not wraps:
                self.ws.write_string(row, col, text, self.book.fmt(kind, num_format, wrap=True))
            lines = _lines(text, width) - below  # the merged rows below hold the others
            if lines > 1:
                self.set_height(row, LINE_HEIGHT * lines)

    def _empty(self, row: int, first: int, last: int) -> bool:
        """True when columns *first* to *last* of *row* hold nothing (no merge either)."""
        if row in self.free_rows:
            return False
        cells, merged = self.ws.table.get(row, {}), self.ws.merged_cells
        return not any(c in cells or (row, c) in merged for c in range(first, last + 1))

    def page_setup(self) -> None:
        """Print-ready (:func:`.pages.set_up_page`): the print area from A1 to the last
        cell written (or reached, or :attr:`print_rows`), the header rows on every page
        (:attr:`repeat`, else the first row in the header style)."""
        ws = self.ws
        last_row = max(ws.dim_rowmax or 0, self.reach[0])
        if self.print_rows is not None:
            last_row = self.print_rows
        last_col = max(ws.dim_colmax or 0, self.reach[1])
        if self.print_cols is not None:
            last_col = self.print_cols
        repeat = self.repeat
        if repeat is None:
            headers = [row for (row, _), (kind, _) in self.kinds.items() if kind == "header"]
            repeat = (min(headers), min(headers)) if headers else None
        title = self.header if self.header is not None else self.book.title
        set_up_page(ws, last_row, last_col, title, one_page=self.one_page, repeat=repeat)

    # -- plain cells

    def write(
        self, ref: str, value: object, kind: str = "label", num_format: str | None = None
    ) -> None:
        row, col = cell_index(ref)
        cell_format = self.book.fmt(kind, num_format)
        self.values[(row, col)] = value
        self.kinds[(row, col)] = (kind, num_format)
        if value is None:
            self.ws.write_blank(row, col, None, cell_format)
        elif isinstance(value, bool):
            self.ws.write_boolean(row, col, value, cell_format)
        elif isinstance(value, (int, float)):
            self.ws.write_number(row, col, value, cell_format)
        elif isinstance(value, dt.date):
            when = (
                value if isinstance(value, dt.datetime) else dt.datetime.combine(value, dt.time())
            )
            self.ws.write_datetime(row, col, when, cell_format)
        else:
            self.ws.write_string(row, col, str(value), cell_format)

    def title(self, text: str, subtitle: str) -> None:
        self.write("A1", text, "title")
        self.write("A2", subtitle, "note")
        self.ws.set_row(0, 22)

    def section(self, ref: str, text: str, width: int = 2) -> None:
        row, col = cell_index(ref)
        self.write(ref, text, "section")
        for extra in range(1, width):
            self.ws.write_blank(row, col + extra, None, self.book.fmt("section"))

    def widths(self, **columns: float) -> None:
        for letter, width in columns.items():
            self.ws.set_column(f"{letter}:{letter}", width)

    # -- inputs

    def input(
        self,
        key: str,
        ref: str,
        label: str,
        value: object,
        validation: dict[str, Any],
        num_format: str | None = None,
        label_ref: str | None = None,
    ) -> None:
        """A yellow input cell with its label to the left (or at *label_ref*)."""
        row, col = cell_index(ref)
        if label_ref is None and col > 0:
            self.ws.write_string(row, col - 1, label, self.book.fmt("label"))
        elif label_ref is not None:
            self.write(label_ref, label)
        self.write(ref, value, "input", num_format)
        self.ws.data_validation(row, col, row, col, validation)
        self.book.record(key, self.name, absolute(ref), label)

    def input_column(
        self,
        key: str,
        first: str,
        values: Sequence[object],
        rows: int,
        validation: dict[str, Any],
        label: str,
    ) -> None:
        """A column of *rows* yellow input cells starting at *first*."""
        row, col = cell_index(first)
        for i in range(rows):
            value = values[i] if i < len(values) else None
            self.write(cell_at(row + i, col), value, "input")
        self.ws.data_validation(row, col, row + rows - 1, col, validation)
        self.book.record(
            key, self.name, absolute(f"{cell_at(row, col)}:{cell_at(row + rows - 1, col)}"), label
        )

    def input_table(
        self,
        key: str,
        first: str,
        values: Sequence[Sequence[object]],
        rows: int,
        columns: Sequence[tuple[dict[str, Any], str | None]],
        label: str,
    ) -> None:
        """A table of *rows* yellow input rows starting at *first*: one (validation, number
        format) per column; *values* fill its first rows."""
        if len(values) > rows:
            raise TemplateError(f"{self.name}: {len(values)} rows given for a {rows}-row table")
        row, col = cell_index(first)
        for j, (validation, num_format) in enumerate(columns):
            for i in range(rows):
                given = values[i] if i < len(values) else ()
                value = given[j] if j < len(given) else None
                self.write(cell_at(row + i, col + j), value, "input", num_format)
            self.ws.data_validation(row, col + j, row + rows - 1, col + j, validation)
        last = cell_at(row + rows - 1, col + len(columns) - 1)
        self.book.record(key, self.name, absolute(f"{cell_at(row, col)}:{last}"), label)

    # -- results

    def formula(
        self,
        key: str | None,
        ref: str,
        text: str,
        kind: str = "output",
        num_format: str | None = None,
        label: str | None = None,
    ) -> None:
        """A result cell: a formula, linted before it is written."""
        text = with_prefixes(text)  # newer Excel functions carry _xlfn. in the file
        problems = formula_problems(text)
        if problems:
            raise TemplateError(f"{self.name}!{ref} ={text}: {problems[0]}")
        row, col = cell_index(ref)
        if label is not None and col > 0:
            self.ws.write_string(row, col - 1, label, self.book.fmt("label"))
        cell_format = self.book.fmt(kind, num_format)
        calls = function_calls(text)
        if calls and calls[0].outermost and calls[0].name in FUNCTIONS:
            # A one-cell dynamic array: Excel 365 shows =NAME(...), not =@NAME(...).
            self.ws.write_dynamic_array_formula(row, col, row, col, "=" + text, cell_format)
        else:
            self.ws.write_formula(row, col, "=" + text, cell_format)
        if key is not None:
            self.book.record(key, self.name, absolute(ref), label or "")
            self.book.formats[key] = num_format or "General"

    def array_formula(self, area: str, text: str, num_format: str | None = None) -> None:
        """Green result cells over *area* holding one array formula (a dynamic array of
        that size; older Excel reads it as a CSE array), linted first."""
        text = with_prefixes(text)
        problems = formula_problems(text, array=True)
        if problems:
            raise TemplateError(f"{self.name}!{area} ={text}: {problems[0]}")
        cell_format = self.book.fmt("output", num_format)
        first, _, last = area.replace("$", "").partition(":")
        (row1, col1), (row2, col2) = cell_index(first), cell_index(last or first)
        self.ws.write_dynamic_array_formula(row1, col1, row2, col2, "=" + text, cell_format)
        # XlsxWriter pads the range with zeroes in the first cell's format.
        for row in range(row1, row2 + 1):
            for col in range(col1, col2 + 1):
                if (row, col) != (row1, col1):
                    self.ws.write_number(row, col, 0, cell_format)

    def call(
        self,
        key: str | None,
        ref: str,
        name: str,
        args: Mapping[str, object],
        kind: str = "output",
        num_format: str | None = None,
        label: str | None = None,
    ) -> None:
        """A result cell calling one registry function."""
        self.formula(key, ref, call_text(name, args), kind, num_format, label)

    def evaluate(self, name: str, args: Mapping[str, object]) -> object:
        """Call the registry function with the values this sheet's cells hold now."""
        values = []
        for arg in arguments(name, args):
            if isinstance(arg, Ref):
                cells = list(cell_range(arg.ref.replace("$", "")))
                got = [as_cell(self.values.get((r - 1, c - 1))) for r, c in cells]
                values.append(got[0] if len(got) == 1 else got)
            elif isinstance(arg, Expr):
                values.append(arg.value)
            else:
                values.append(arg)
        return FUNCTIONS[name](*values)

    def spill(
        self,
        key: str,
        first: str,
        name: str,
        args: Mapping[str, object],
        label: str,
        formats: Callable[[list[object]], str] | None = None,
        num_format: str | None = None,
        probe: Mapping[str, object] | None = None,
    ) -> list[list[object]]:
        """A registry function that spills, written as a dynamic array of its output size.

        The size is what the function returns for the inputs the template holds (*probe*
        gives values for arguments that are results of other formulas); the first column
        of a two-column table is formatted as labels, the last by *formats*.
        """
        result = self.evaluate(name, {**args, **(probe or {})})
        if not isinstance(result, list) or not result:
            raise TemplateError(f"{name} does not spill for the template's inputs: {result!r}")
        rows = [r if isinstance(r, list) else [r] for r in result]
        height, width = len(rows), max(len(r) for r in rows)
        row, col = cell_index(first)
        area = f"{cell_at(row, col)}:{cell_at(row + height - 1, col + width - 1)}"
        text = with_prefixes(call_text(name, args))
        problems = formula_problems(text, array=True)
        if problems:
            raise TemplateError(f"{self.name}!{first} ={text}: {problems[0]}")
        formats_by_cell = {}
        for i, values in enumerate(rows):
            for j in range(width):
                if width > 1 and j == 0:
                    cell_format = self.book.fmt("output")
                else:
                    fmt = formats(values) if formats else num_format
                    cell_format = self.book.fmt("output", fmt)
                formats_by_cell[(i, j)] = cell_format
        # XlsxWriter pads the range with zeroes in the first cell's format (the cached
        # values an array formula has before it is computed); give each its own format.
        self.ws.write_dynamic_array_formula(area, "=" + text, formats_by_cell[(0, 0)])
        for (i, j), cell_format in formats_by_cell.items():
            if i or j:
                self.ws.write_number(row + i, col + j, 0, cell_format)
        self.book.record(key, self.name, absolute(area), label)
        return rows


def _lines(text: str, width: float) -> int:
    """Lines a text needs in a cell *width* characters wide (wrapped)."""
    per_line = max(width * _TEXT_PER_WIDTH, 1.0)
    return sum(max(1, math.ceil(len(part) / per_line)) for part in text.split("\n"))


def cell_index(ref: str) -> tuple[int, int]:
    """Zero-based (row, column) of a cell such as "B5"."""
    (row, col), *_ = cell_range(ref.replace("$", ""))
    return row - 1, col - 1


def cell_at(row: int, col: int) -> str:
    """Zero-based (row, column) -> "B5"."""
    return address(row + 1, col + 1)


def column_cells(first: str, count: int) -> Iterator[str]:
    """The *count* cells of a column from *first* down: "B5", "B6", ..."""
    row, col = cell_index(first)
    for i in range(count):
        yield cell_at(row + i, col)


def as_cell(value: object) -> object:
    """A Python value as xlwings hands over a cell: numbers as floats, blanks as None."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    return value


def detail_format(row: list[object]) -> str:
    """Number format for one row of a ``*_DETAILS`` table, from its label and value."""
    label = str(row[0]).lower() if row else ""
    value = row[-1] if row else None
    if isinstance(value, str) or value is None:
        return "General"
    whole = isinstance(value, int)
    if "rating" in label or "performance" in label:
        return RATING_FORMAT
    if "change" in label or "bonus" in label:
        return WHOLE_CHANGE_FORMAT if whole else CHANGE_FORMAT
    return "0" if whole else "0.00"


# ---------------------------------------------------------------- inputs and validations


def as_list(value: object) -> list[object]:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


def as_table(value: object) -> list[list[object]]:
    """A table input (a list of rows) as a list of lists."""
    rows: list[list[object]] = []
    for row in as_list(value):
        if not isinstance(row, (list, tuple)):
            raise TemplateError(f"a table input must be a list of rows, got a row {row!r}")
        rows.append(list(row))
    return rows


def number_validation(
    low: float, high: float, title: str, message: str, whole: bool = False
) -> dict[str, Any]:
    return {
        "validate": "integer" if whole else "decimal",
        "criteria": "between",
        "minimum": low,
        "maximum": high,
        "input_title": title[:32],
        "input_message": message[:255],
        "error_title": "Not accepted"[:32],
        "error_message": f"Enter a {'whole ' if whole else ''}number from {low:g} to {high:g}.",
    }


def choice_validation(options: Sequence[object], title: str, message: str) -> dict[str, Any]:
    return {
        "validate": "list",
        "source": list(options),
        "input_title": title[:32],
        "input_message": message[:255],
        "error_title": "Not accepted",
        "error_message": "Choose one of: " + ", ".join(str(o) for o in options) + ".",
    }


def date_validation(low: dt.date, title: str, message: str) -> dict[str, Any]:
    return {
        "validate": "date",
        "criteria": "between",
        "minimum": dt.datetime.combine(low, dt.time()),
        "maximum": dt.datetime(2100, 12, 31),
        "input_title": title[:32],
        "input_message": message[:255],
        "error_title": "Not accepted",
        "error_message": f"Enter a date from {low.isoformat()} to 2100-12-31, or leave it blank.",
    }


def rating_validation(title: str, message: str) -> dict[str, Any]:
    return number_validation(*RATING_RANGE, title, message)


RESULT_VALIDATION: Final = choice_validation(
    RESULTS, "Result", "W for a win, D for a draw, L for a loss."
)


def length_validation(low: int, high: int, title: str, message: str) -> dict[str, Any]:
    return {
        "validate": "length",
        "criteria": "between",
        "minimum": low,
        "maximum": high,
        "input_title": title[:32],
        "input_message": message[:255],
        "error_title": "Not accepted",
        "error_message": f"Type {low} to {high} characters.",
    }


def member_id_validation(ref: str, digits: int, title: str, message: str) -> dict[str, Any]:
    """A member number typed in cell *ref* (the column's first cell; the rule is relative):
    a whole number from 1 with at most *digits* digits, or the same digits typed as text
    (no sign, point, exponent or leading zero: the text reads back as the number it is)."""
    most = 10**digits - 1
    value = f"VALUE(TRIM({ref}))"
    number = f"AND({ref}=INT({ref}),{ref}>=1,{ref}<={most})"
    text = f'AND(LEN(TRIM({ref}))<={digits},{value}>=1,TRIM({ref})=TEXT({value},"0"))'
    # IF, not OR: each branch is evaluated only for its kind of value (a text that is no
    # number would make the other branch an error, and an error refuses the entry).  Text
    # is asked first: the formulas library (xlrating's headless engine) takes ISNUMBER of
    # the text "700070" for TRUE, where Excel and LibreOffice say FALSE.
    typed = f"IF(ISERROR({value}),FALSE,{text})"
    rule = f"IF(ISTEXT({ref}),{typed},IF(ISNUMBER({ref}),{number},FALSE))"
    return {
        "validate": "custom",
        "value": f"={rule}",
        "input_title": title[:32],
        "input_message": message[:255],
        "error_title": "Not accepted",
        "error_message": f"Type the member number: digits only, at most {digits}.",
    }


def range_validation(source: str, title: str, message: str, error: str) -> dict[str, Any]:
    return {
        "validate": "list",
        "source": "=" + source,
        "input_title": title[:32],
        "input_message": message[:255],
        "error_title": "Not accepted",
        "error_message": error[:255],
    }
