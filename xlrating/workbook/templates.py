"""The template workbooks, built with XlsxWriter: US Chess, FIDE and Elo, and a club season.

Each template is a function that lays out its sheets, registered with :func:`template`
(``club_season.xlsx``, at the end of this module, is the largest).  Every result cell is a
formula calling a function of the registry (:data:`xlrating.catalog.FUNCTIONS`) or one of
Excel's own; nothing here computes a rating.  Each workbook has:

* a calculator sheet: yellow input cells with validation (numbers in range, results and
  options from drop-down lists), green result cells with number formats (ratings as whole
  numbers), and the ``*_DETAILS`` table written as a real dynamic array
  (``write_dynamic_array_formula`` with the output size the registry gives; older Excel
  reads the same cell as a CSE array over that range);
* a "How to use" sheet (Windows set-up with the xlwings add-in; Mac, web, LibreOffice and
  Google Sheets through ``xlrating recalc`` or xlwings Lite);
* a "Checks" sheet: the seeds' worked examples computed by the functions next to the values
  the seeds print (typed constants, the seed named in a note cell) and PASS/FAIL.

Formulas name registry functions by their parameters (:func:`_call_text` checks them
against the registry and writes them in its order); newer Excel functions get the
``_xlfn.`` prefix Excel needs (:func:`xlrating.workbook.lint.with_prefixes`).
Templates are written to a temporary file, linted (:mod:`xlrating.workbook.lint`), and only
then renamed over the target, so a failed build never damages an existing file.  The build
is deterministic (fixed creation date), so a rebuild of an unchanged template gives the
same contents.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from .._check import show
from ..catalog import FUNCTIONS
from ..tournament import BYE
from .cache import cell_range, move_into_place
from .lint import formula_problems, lint_workbook, with_prefixes

__all__ = [
    "BUILD_DATE",
    "TEMPLATES",
    "Built",
    "Check",
    "ClubRoom",
    "Expr",
    "Ref",
    "Template",
    "TemplateError",
    "build_all",
    "build_club_season",
    "build_template",
    "layout",
    "template",
]

#: The creation date written into every template, so that rebuilds give the same file.
BUILD_DATE: Final = dt.datetime(2026, 1, 1, 0, 0, 0)

#: A place in a workbook: (sheet name, "B5" or "B14:B25").
Address = tuple[str, str]

_INPUT_COLOR: Final = "#FFF2CC"
_OUTPUT_COLOR: Final = "#E2EFDA"
_SECTION_COLOR: Final = "#1F4E78"
_HEADER_COLOR: Final = "#D9E1F2"
_RATING_FORMAT: Final = "0"
_CHANGE_FORMAT: Final = "+0.00;-0.00;0.00"
_WHOLE_CHANGE_FORMAT: Final = "+0;-0;0"
_DATE_FORMAT: Final = "yyyy-mm-dd"
_YES_NO: Final = ["Yes", "No"]
_RESULTS: Final = ["W", "D", "L"]
_RATING_RANGE: Final = (0, 4000)
_HOW_TO_USE: Final = "How to use"
_CHECKS: Final = "Checks"


class TemplateError(RuntimeError):
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


@dataclass(frozen=True, slots=True)
class Check:
    """A worked example from a seed, computed in the Checks sheet by a registry function."""

    #: Stable identifier (the tests compare each check with the core by it).
    id: str
    #: What is checked, for a person.
    label: str
    #: The registry function, and its arguments by parameter name (literals only; a list
    #: is written as an array constant, None as an empty text "").
    function: str
    args: Mapping[str, object]
    #: The value the seed prints, typed in.
    expected: float | str
    #: Largest accepted difference (half a unit of the last digit the seed prints).
    tolerance: float
    #: The seed and passage the expected value comes from.
    source: str
    #: The inputs in words.
    inputs: str
    #: Number format of the computed and expected cells.
    num_format: str = "0.00"
    #: Pick the row with this label from a two-column table the function returns.
    row: str | None = None
    #: Add up the values the function returns (a spilled column).
    total: bool = False


@dataclass(frozen=True)
class Built:
    """Where a built template keeps its inputs, results and checks."""

    path: Path | None
    #: Layout keys ("rating", "new_rating", "details", "check:uscf-k", ...) to addresses.
    cells: Mapping[str, Address]
    #: Layout keys to the label a person sees next to the cell.
    labels: Mapping[str, str]
    #: Layout keys of result cells to their number format.
    formats: Mapping[str, str] = field(default_factory=dict)


#: A template builder: lays out the sheets of a book for the given input values.
Builder = Callable[["_Book", Mapping[str, object]], None]


@dataclass(frozen=True)
class Template:
    """A template workbook: how to build it, its default and sample inputs, its checks."""

    filename: str
    title: str
    build: Builder
    #: The inputs the template ships with (a seed's worked example).
    defaults: Mapping[str, object]
    #: Other plausible inputs, for ``xlrating demo``.
    sample: Mapping[str, object]
    checks: tuple[Check, ...]
    #: Layout keys of the results ``xlrating demo`` prints.
    summary: tuple[str, ...]
    #: Inputs that shape the workbook rather than fill a cell (the room in the club
    #: season's tables), with their defaults.
    options: Mapping[str, object] = field(default_factory=dict)


#: The templates by file name, in build order.
TEMPLATES: dict[str, Template] = {}


def template(
    filename: str,
    title: str,
    *,
    defaults: Mapping[str, object],
    sample: Mapping[str, object],
    checks: Sequence[Check],
    summary: Sequence[str],
    options: Mapping[str, object] | None = None,
) -> Callable[[Builder], Builder]:
    """Register a template builder under *filename* (how ``club_season.xlsx`` will come).

    The builder lays out its sheets with the values of its inputs (*defaults*, replaced by
    what :func:`build_template` is given); the Checks sheet is added after it.
    """

    def add(build: Builder) -> Builder:
        if filename in TEMPLATES:
            raise AssertionError(f"template {filename} registered twice")
        TEMPLATES[filename] = Template(
            filename,
            title,
            build,
            dict(defaults),
            dict(sample),
            tuple(checks),
            tuple(summary),
            dict(options or {}),
        )
        return build

    return add


# ---------------------------------------------------------------- formula text


def _literal(value: object) -> str:
    """An Excel literal: numbers, "text", TRUE/FALSE, {array}; None is an empty text.

    A list of lists is a two-dimensional array constant, rows separated by ``;``:

    >>> _literal([["A", 1500], ["B", None]])
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
            return "{" + ";".join(",".join(_literal(v) for v in row) for row in value) + "}"
        return "{" + ",".join(_literal(v) for v in value) + "}"
    raise TemplateError(f"cannot write {value!r} into a formula")


def _arguments(name: str, args: Mapping[str, object]) -> list[object]:
    """The arguments of a registry call in the registry's order, trailing omissions dropped."""
    fn = FUNCTIONS.get(name)
    if fn is None:
        raise TemplateError(f"{name} is not in the registry (xlrating.catalog.FUNCTIONS)")
    names = [p.name for p in fn.params]
    unknown = sorted(set(args) - set(names))
    if unknown:
        raise TemplateError(f"{name} has no parameter {', '.join(unknown)}")
    missing = [p.name for p in fn.params if not p.optional and p.name not in args]
    if missing:
        raise TemplateError(f"{name} needs {', '.join(missing)}")
    last = max((names.index(k) for k in args), default=-1)
    return [args.get(n) for n in names[: last + 1]]


def _call_text(name: str, args: Mapping[str, object]) -> str:
    parts = [
        a.ref if isinstance(a, Ref) else a.text if isinstance(a, Expr) else _literal(a)
        for a in _arguments(name, args)
    ]
    return f"{name}({','.join(parts)})"


# ---------------------------------------------------------------- the workbook writer


class _Book:
    """An XlsxWriter workbook with the house formats and a record of the layout."""

    def __init__(self, target: Any) -> None:
        import xlsxwriter

        options = {"in_memory": True} if isinstance(target, io.BytesIO) else {}
        self.wb = xlsxwriter.Workbook(target, options)
        self.cells: dict[str, Address] = {}
        self.labels: dict[str, str] = {}
        self.formats: dict[str, str] = {}
        self._formats: dict[tuple[str, str | None], Any] = {}

    def fmt(self, kind: str, num_format: str | None = None) -> Any:
        key = (kind, num_format)
        if key not in self._formats:
            props: dict[str, object] = dict(_STYLES[kind])
            if num_format:
                props["num_format"] = num_format
            self._formats[key] = self.wb.add_format(props)
        return self._formats[key]

    def sheet(self, name: str) -> _Sheet:
        return _Sheet(self, name)

    def record(self, key: str, sheet: str, ref: str, label: str = "") -> None:
        if key in self.cells:
            raise TemplateError(f"layout key {key!r} used twice")
        self.cells[key] = (sheet, ref)
        if label:
            self.labels[key] = label

    def close(self) -> None:
        self.wb.close()


_STYLES: Final[dict[str, dict[str, object]]] = {
    "title": {"bold": True, "font_size": 14, "font_color": _SECTION_COLOR},
    "note": {"italic": True, "font_color": "#595959"},
    "text": {"text_wrap": True, "valign": "top"},
    "code": {"font_name": "Consolas", "valign": "top"},
    "section": {"bold": True, "font_color": "#FFFFFF", "bg_color": _SECTION_COLOR},
    "header": {"bold": True, "bg_color": _HEADER_COLOR, "bottom": 1, "text_wrap": True},
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
    "fail": {"bg_color": "#FFC7CE", "font_color": "#9C0006", "bold": True},
}


def _rc(ref: str) -> tuple[int, int]:
    """Zero-based (row, column) of a cell such as "B5"."""
    (row, col), *_ = cell_range(ref.replace("$", ""))
    return row - 1, col - 1


def _absolute(ref: str) -> str:
    """ "B14:B25" -> "$B$14:$B$25"."""
    out = []
    for part in ref.replace("$", "").split(":"):
        letters = part.rstrip("0123456789")
        out.append(f"${letters}${part[len(letters) :]}")
    return ":".join(out)


class _Sheet:
    """One worksheet, with helpers that keep the house style and record the layout."""

    def __init__(self, book: _Book, name: str) -> None:
        self.book = book
        self.name = name
        self.ws = book.wb.add_worksheet(name)
        self.values: dict[tuple[int, int], object] = {}

    # -- plain cells

    def write(
        self, ref: str, value: object, kind: str = "label", num_format: str | None = None
    ) -> None:
        row, col = _rc(ref)
        cell_format = self.book.fmt(kind, num_format)
        self.values[(row, col)] = value
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
        row, col = _rc(ref)
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
        row, col = _rc(ref)
        if label_ref is None and col > 0:
            self.ws.write_string(row, col - 1, label, self.book.fmt("label"))
        elif label_ref is not None:
            self.write(label_ref, label)
        self.write(ref, value, "input", num_format)
        self.ws.data_validation(row, col, row, col, validation)
        self.book.record(key, self.name, _absolute(ref), label)

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
        row, col = _rc(first)
        for i in range(rows):
            value = values[i] if i < len(values) else None
            self.write(_a1(row + i, col), value, "input")
        self.ws.data_validation(row, col, row + rows - 1, col, validation)
        self.book.record(
            key, self.name, _absolute(f"{_a1(row, col)}:{_a1(row + rows - 1, col)}"), label
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
        row, col = _rc(first)
        for j, (validation, num_format) in enumerate(columns):
            for i in range(rows):
                given = values[i] if i < len(values) else ()
                value = given[j] if j < len(given) else None
                self.write(_a1(row + i, col + j), value, "input", num_format)
            self.ws.data_validation(row, col + j, row + rows - 1, col + j, validation)
        last = _a1(row + rows - 1, col + len(columns) - 1)
        self.book.record(key, self.name, _absolute(f"{_a1(row, col)}:{last}"), label)

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
        row, col = _rc(ref)
        if label is not None and col > 0:
            self.ws.write_string(row, col - 1, label, self.book.fmt("label"))
        self.ws.write_formula(row, col, "=" + text, self.book.fmt(kind, num_format))
        if key is not None:
            self.book.record(key, self.name, _absolute(ref), label or "")
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
        (row1, col1), (row2, col2) = _rc(first), _rc(last or first)
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
        self.formula(key, ref, _call_text(name, args), kind, num_format, label)

    def evaluate(self, name: str, args: Mapping[str, object]) -> object:
        """Call the registry function with the values this sheet's cells hold now."""
        values = []
        for arg in _arguments(name, args):
            if isinstance(arg, Ref):
                cells = list(cell_range(arg.ref.replace("$", "")))
                got = [_as_cell(self.values.get((r - 1, c - 1))) for r, c in cells]
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
        row, col = _rc(first)
        area = f"{_a1(row, col)}:{_a1(row + height - 1, col + width - 1)}"
        text = with_prefixes(_call_text(name, args))
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
        self.book.record(key, self.name, _absolute(area), label)
        return rows


def _a1(row: int, col: int) -> str:
    """Zero-based (row, column) -> "B5"."""
    letters, number = "", col + 1
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{row + 1}"


def _as_cell(value: object) -> object:
    """A Python value as xlwings hands over a cell: numbers as floats, blanks as None."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    return value


def _detail_format(row: list[object]) -> str:
    """Number format for one row of a ``*_DETAILS`` table, from its label and value."""
    label = str(row[0]).lower() if row else ""
    value = row[-1] if row else None
    if isinstance(value, str) or value is None:
        return "General"
    whole = isinstance(value, int)
    if "rating" in label or "performance" in label:
        return _RATING_FORMAT
    if "change" in label or "bonus" in label:
        return _WHOLE_CHANGE_FORMAT if whole else _CHANGE_FORMAT
    return "0" if whole else "0.00"


# ---------------------------------------------------------------- validations


def _number(
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


def _choice(options: Sequence[object], title: str, message: str) -> dict[str, Any]:
    return {
        "validate": "list",
        "source": list(options),
        "input_title": title[:32],
        "input_message": message[:255],
        "error_title": "Not accepted",
        "error_message": "Choose one of: " + ", ".join(str(o) for o in options) + ".",
    }


def _date(low: dt.date, title: str, message: str) -> dict[str, Any]:
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


def _rating_validation(title: str, message: str) -> dict[str, Any]:
    return _number(*_RATING_RANGE, title, message)


_RESULT_VALIDATION: Final = _choice(_RESULTS, "Result", "W for a win, D for a draw, L for a loss.")


# ---------------------------------------------------------------- shared sheets

_SUBTITLE: Final = (
    "Yellow cells are inputs, green cells are results from xlrating's functions. "
    "A cell showing #NAME? means the functions are not set up yet: see the sheet How to use."
)


def _how_to_use(book: _Book, about: Sequence[str]) -> None:
    sheet = book.sheet(_HOW_TO_USE)
    sheet.widths(A=4, B=110)
    sheet.write("A1", "How to use this workbook", "title")
    lines: list[tuple[str, str]] = [("section", "What it does")]
    lines += [("text", line) for line in about]
    lines += [
        (
            "text",
            "Yellow cells are inputs: a drop-down or a range check keeps them valid. "
            "Green cells are results computed by xlrating's spreadsheet functions; do "
            "not type over them. The Checks sheet recomputes the worked examples of the "
            "calculators xlrating reproduces and shows PASS next to each.",
        ),
        ("section", "Windows: Excel with the free xlwings add-in"),
        ("text", "1. Install Python 3.10 or newer, then in a command prompt run:"),
        ("code", '    pip install "xlrating[excel]"'),
        ("text", "2. Install the xlwings add-in:"),
        ("code", "    xlwings addin install"),
        (
            "text",
            "3. This workbook's sheet xlwings.conf already tells the add-in where the "
            "functions are (UDF Modules = xlrating.udfs). For your own workbooks set it "
            "on the xlwings ribbon tab, or run xlrating excel-setup, which does steps 2 "
            "and 3 for you.",
        ),
        ("code", "    UDF Modules = xlrating.udfs"),
        (
            "text",
            "4. Save a copy of this workbook as a macro-enabled workbook (.xlsm). Once, "
            "allow File > Options > Trust Center > Trust Center Settings > Macro "
            "Settings > Trust access to the VBA project object model.",
        ),
        (
            "text",
            "5. In the .xlsm copy click xlwings > Import Functions. The green cells "
            "compute, and the Checks sheet shows ALL PASS. After an update of xlrating "
            "that changes the functions, click Import Functions again.",
        ),
        ("section", "Mac, Excel on the web, LibreOffice, Google Sheets"),
        (
            "text",
            "The add-in's functions need Excel on Windows. Elsewhere, fill in the yellow "
            "cells, save, and let Python compute the results:",
        ),
        ("code", '    pip install "xlrating[workbook]"'),
        ("code", "    xlrating recalc THIS_FILE.xlsx"),
        (
            "text",
            "That writes THIS_FILE.recalc.xlsx with every result filled in; the formulas "
            "stay, so Excel with the add-in still recomputes them. Add --values-only for "
            "a copy with values only, best for LibreOffice and Google Sheets, which do "
            "not know the functions.",
        ),
        (
            "text",
            "Or use xlwings Lite (lite.xlwings.org), a free Excel add-in that runs Python "
            "inside Excel on Windows, Mac and the web: xlrating is pure Python, so its "
            "functions can be declared there.",
        ),
    ]
    row = 2
    for kind, text in lines:
        if kind == "section":
            row += 1
            sheet.section(_a1(row, 0), text)
        else:
            sheet.write(_a1(row, 1), text, kind)
        row += 1


#: The sheet xlwings reads for workbook settings (keys in column A, values in column B from
#: A1; they override the user's xlwings.conf), so "UDF Modules" needs no setting by hand.
XLWINGS_CONF_SHEET: Final = "xlwings.conf"
XLWINGS_UDF_MODULE: Final = "xlrating.udfs"


def _xlwings_conf(book: _Book) -> None:
    conf = book.wb.add_worksheet(XLWINGS_CONF_SHEET)
    conf.write_string(0, 0, "UDF Modules")
    conf.write_string(0, 1, XLWINGS_UDF_MODULE)


def _checks_sheet(book: _Book, checks: Sequence[Check]) -> None:
    sheet = book.sheet(_CHECKS)
    sheet.widths(A=44, B=46, C=12, D=12, E=10, F=9, G=80)
    sheet.title(
        "Checks: published worked examples, recomputed by xlrating's functions",
        "Column C computes each example; column D holds the value the source prints. PASS "
        "means this computer's set-up reproduces the published result.",
    )
    first, last = 6, 6 + len(checks) - 1
    status = (
        f'IF(COUNTIF(F{first}:F{last},"PASS")={len(checks)},"ALL PASS",'
        f'"SOME CHECKS FAIL: see column F")'
    )
    sheet.write("A3", "Status", "label")
    sheet.formula("checks:status", "B3", status, "headline")
    headers = ["Check", "Inputs", "Computed", "Expected", "Tolerance", "Result", "Source"]
    for col, text in enumerate(headers):
        sheet.write(_a1(first - 2, col), text, "header")
    for i, check in enumerate(checks):
        row = first - 1 + i
        inner = sheet.evaluate(check.function, check.args)
        text = _call_text(check.function, check.args)
        if check.row is not None:
            labels = [r[0] for r in inner] if isinstance(inner, list) else []
            if check.row not in labels:
                raise TemplateError(
                    f"check {check.id}: {check.function} has no row {check.row!r} (rows: {labels})"
                )
            text = f"VLOOKUP({_literal(check.row)},{text},2,FALSE)"
        elif check.total:
            text = f"SUM({text})"
        sheet.write(_a1(row, 0), check.label, "label")
        sheet.write(_a1(row, 1), check.inputs, "label")
        sheet.formula(f"check:{check.id}", _a1(row, 2), text, "output", check.num_format, None)
        sheet.write(_a1(row, 3), check.expected, "constant", check.num_format)
        sheet.write(_a1(row, 4), check.tolerance, "constant", "General")
        c, d, e = (_a1(row, k) for k in (2, 3, 4))
        verdict = (
            f'IFERROR(IF(ISNUMBER({d}),IF(ABS({c}-{d})<={e},"PASS","FAIL"),'
            f'IF({c}={d},"PASS","FAIL")),"FAIL")'
        )
        sheet.formula(f"result:{check.id}", _a1(row, 5), verdict, "output")
        sheet.write(_a1(row, 6), check.source, "note")
    for area in (f"F{first}:F{last}", "B3"):
        sheet.ws.conditional_format(
            area,
            {"type": "text", "criteria": "containing", "value": "PASS", "format": book.fmt("pass")},
        )
        sheet.ws.conditional_format(
            area,
            {"type": "text", "criteria": "containing", "value": "FAIL", "format": book.fmt("fail")},
        )
    sheet.ws.freeze_panes(first - 1, 1)
    _xlwings_conf(book)


# ---------------------------------------------------------------- building


def _make(spec: Template, target: Any, inputs: Mapping[str, object] | None) -> Built:
    values = {**spec.defaults, **spec.options}
    if inputs:
        unknown = sorted(set(inputs) - set(values))
        if unknown:
            raise TemplateError(f"{spec.filename} has no input {', '.join(unknown)}")
        values.update(inputs)
    book = _Book(target)
    book.wb.set_properties(
        {
            "title": spec.title,
            "subject": "Chess ratings as spreadsheet functions",
            "author": "xlrating",
            "company": "xlrating",
            "comments": "Built by xlrating (xlrating templates). Results are formulas calling "
            "xlrating's functions.",
            "created": BUILD_DATE,
        }
    )
    spec.build(book, values)
    _checks_sheet(book, spec.checks)
    book.close()
    return Built(None, dict(book.cells), dict(book.labels), dict(book.formats))


def build_template(
    name: str, path: str | Path, inputs: Mapping[str, object] | None = None, *, lint: bool = True
) -> Built:
    """Build the template *name* (e.g. ``"elo.xlsx"``) at *path*.

    :param inputs: values for the template's inputs (default: its shipped example).
    :param lint: lint the new file before it replaces *path* (raises on a problem).
    :raises TemplateError: for an unknown template or input, or a lint problem.
    """
    spec = TEMPLATES.get(name)
    if spec is None:
        raise TemplateError(f"no template {name!r} (templates: {', '.join(TEMPLATES)})")
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(handle)
    try:
        built = _make(spec, temp, inputs)
        if lint:
            problems = lint_workbook(temp)
            if problems:
                raise TemplateError(
                    f"{name}: {problems[0].sheet}!{problems[0].cell}: {problems[0].message}"
                )
        move_into_place(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return Built(path, built.cells, built.labels, built.formats)


def build_all(directory: str | Path) -> list[Path]:
    """Build every template into *directory*; returns the paths written."""
    directory = Path(directory)
    return [build_template(name, directory / name).path or directory / name for name in TEMPLATES]


def layout(name: str) -> Built:
    """Where template *name* keeps its cells (built in memory; nothing is written)."""
    spec = TEMPLATES.get(name)
    if spec is None:
        raise TemplateError(f"no template {name!r}")
    return _make(spec, io.BytesIO(), None)


def _rows(first: str, count: int) -> Iterator[str]:
    row, col = _rc(first)
    for i in range(count):
        yield _a1(row + i, col)


# ================================================================ US Chess (seed 000)

_SEED_000: Final = "Seed 000 (US Chess rating calculator), worked example"
_USCF_OPPONENTS: Final = [1600, 1650, 1750, 1800]
_USCF_RESULTS: Final = ["W", "D", "L", "W"]
_USCF_GAMES_IN_WORDS: Final = "1700, 30 games; 1600 W, 1650 D, 1750 L, 1800 W"
_USCF_EVENT: Final = {
    "rating": 1700,
    "games": 30,
    "opponents": _USCF_OPPONENTS,
    "results": _USCF_RESULTS,
}
_USCF_ROWS: Final = 12

USCF_CHECKS: Final = (
    Check(
        "uscf-effective-games",
        "Effective games N' (1700 based on 30 games)",
        "USCF_EFFECTIVE_GAMES",
        {"rating": 1700, "games": 30},
        20.01,
        0.005,
        f"{_SEED_000}: N* of about 20.01, so N' is about 20.01",
        "1700, 30 games",
    ),
    Check(
        "uscf-n-star-cap",
        "Effective games above 2355: N* is 50",
        "USCF_EFFECTIVE_GAMES",
        {"rating": 2400, "games": 100},
        50,
        0,
        "Seed 000, 'USCF Effective Number of Games': above 2355, N* is 50",
        "2400, 100 games",
        num_format="0",
    ),
    Check(
        "uscf-k",
        "K factor (4-game event)",
        "USCF_K",
        {"rating": 1700, "games": 30, "event_games": 4},
        33.32,
        0.005,
        f"{_SEED_000}: the normal K factor is about 33.32",
        "1700, 30 games, 4 games",
    ),
    Check(
        "uscf-expected",
        "Total expected score",
        "USCF_EXPECTED",
        {"rating": 1700, "opponent": _USCF_OPPONENTS},
        2.0,
        0.005,
        f"{_SEED_000}: total expected score 2.0",
        "1700 against 1600, 1650, 1750, 1800",
        total=True,
    ),
    Check(
        "uscf-change",
        "Rating change for 2.5 out of 4",
        "USCF_RATING_CHANGE",
        _USCF_EVENT,
        16.66,
        0.005,
        f"{_SEED_000}: the pre-bonus rating change is about 16.66 (no bonus)",
        _USCF_GAMES_IN_WORDS,
    ),
    Check(
        "uscf-bonus",
        "Bonus points (below the 4-round threshold)",
        "USCF_BONUS",
        _USCF_EVENT,
        0,
        0,
        f"{_SEED_000}: the performance does not cross the four-round bonus threshold",
        _USCF_GAMES_IN_WORDS,
    ),
    Check(
        "uscf-new-rating",
        "New rating (shown rounded)",
        "USCF_NEW_RATING",
        _USCF_EVENT,
        1717,
        0.5,
        f"{_SEED_000}: about 1717 after rounding",
        _USCF_GAMES_IN_WORDS,
        num_format=_RATING_FORMAT,
    ),
    Check(
        "uscf-class",
        "Rating class of 1717",
        "USCF_CLASS",
        {"rating": 1717},
        "Class B",
        0,
        "Seed 000, 'USCF Rating Classes': 1600-1799 is Class B",
        "1717",
        num_format="General",
    ),
)


@template(
    "uscf_event.xlsx",
    "US Chess rating estimate for one event",
    defaults={
        "rating": 1700,
        "games": 30,
        "history": "mixed",
        "floor": 0,
        "dual_rated": "No",
        "bonus_ok": "Yes",
        "event_date": None,
        "opponents": _USCF_OPPONENTS,
        "results": _USCF_RESULTS,
    },
    sample={
        "rating": 1540,
        "games": 42,
        "history": "mixed",
        "floor": 0,
        "dual_rated": "No",
        "bonus_ok": "Yes",
        "event_date": dt.date(2026, 3, 14),
        "opponents": [1610, 1485, 1720, 1580, 1655],
        "results": ["W", "W", "D", "L", "W"],
    },
    checks=USCF_CHECKS,
    summary=("new_rating", "change", "performance"),
)
def _uscf_event(book: _Book, v: Mapping[str, object]) -> None:
    s = book.sheet("Event")
    s.widths(A=42, B=16, C=16, D=3, E=24, F=18)
    s.title("US Chess rating estimate for one event", _SUBTITLE)
    s.section("A4", "Your rating before the event")
    s.input(
        "rating",
        "B5",
        "Pre-event rating",
        v["rating"],
        _rating_validation(
            "Pre-event rating", "Your US Chess rating before the event (unrounded if you know it)."
        ),
    )
    s.input(
        "games",
        "B6",
        "Rated games before the event",
        v["games"],
        _number(
            0,
            100000,
            "Rated games",
            "Number of rated games your rating is based "
            "on (0 if unrated). Up to 8 games uses the special formula.",
            whole=True,
        ),
    )
    s.input(
        "history",
        "B7",
        "Earlier results",
        v["history"],
        _choice(
            ["mixed", "all wins", "all losses"],
            "Earlier results",
            "all wins or all losses only if every earlier rated game was a win "
            "(or a loss); otherwise mixed.",
        ),
    )
    s.input(
        "floor",
        "B8",
        "Your rating floor (0 if unknown)",
        v["floor"],
        _rating_validation(
            "Rating floor", "Your personal floor; 0 uses only the absolute floor of 100."
        ),
    )
    s.input(
        "dual_rated",
        "B9",
        "Dual-rated event, Regular rating above 2200",
        v["dual_rated"],
        _choice(
            _YES_NO,
            "Dual-rated",
            "Yes only for an OTB Regular rating above 2200 "
            "in a dual-rated time control (reduced K).",
        ),
    )
    s.input(
        "bonus_ok",
        "B10",
        "Event can give bonus points",
        v["bonus_ok"],
        _choice(
            _YES_NO,
            "Bonus eligible",
            "No for a match, or when an opponent was met more than twice.",
        ),
    )
    s.input(
        "event_date",
        "B11",
        "Event date (blank: today)",
        v["event_date"],
        _date(
            dt.date(2017, 5, 1),
            "Event date",
            "The event's end date picks the bonus multiplier (10 from 2025). Blank means today.",
        ),
        _DATE_FORMAT,
    )
    s.section("A13", "Games")
    first = 14
    for col, text in enumerate(["Round", "Opponent's rating", "Result (W, D, L)"]):
        s.write(_a1(first - 1, col), text, "header")
    for i, ref in enumerate(_rows(f"A{first + 1}", _USCF_ROWS), start=1):
        s.write(ref, i)
    s.input_column(
        "opponents",
        f"B{first + 1}",
        _seq(v["opponents"]),
        _USCF_ROWS,
        _rating_validation(
            "Opponent's rating", "The opponent's US Chess rating (the most recent you have)."
        ),
        "Opponents' ratings",
    )
    s.input_column(
        "results", f"C{first + 1}", _seq(v["results"]), _USCF_ROWS, _RESULT_VALIDATION, "Results"
    )
    args: dict[str, object] = {
        "rating": Ref("$B$5"),
        "games": Ref("$B$6"),
        "opponents": Ref(book.cells["opponents"][1]),
        "results": Ref(book.cells["results"][1]),
        "floor": Ref("$B$8"),
        "bonus_ok": Ref("$B$10"),
        "dual_rated": Ref("$B$9"),
        "history": Ref("$B$7"),
        "event_date": Ref("$B$11"),
    }
    s.section("E4", "Result")
    s.call("new_rating", "F5", "USCF_NEW_RATING", args, "headline", _RATING_FORMAT, "New rating")
    s.call("change", "F6", "USCF_RATING_CHANGE", args, "headline", _CHANGE_FORMAT, "Rating change")
    s.call(
        "performance",
        "F7",
        "USCF_PERFORMANCE",
        {"opponents": args["opponents"], "results": args["results"]},
        "output",
        _RATING_FORMAT,
        "Performance rating",
    )
    s.section("E9", "Full calculation (USCF_DETAILS)")
    s.spill("details", "E10", "USCF_DETAILS", args, "Full calculation", _detail_format)
    s.write(
        "E23",
        "An estimate: US Chess rates a whole event in five steps, using "
        "opponents' intermediate ratings.",
        "note",
    )
    _how_to_use(
        book,
        [
            "The sheet Event estimates a US Chess rating after one event (seed 000): the standard "
            "or special formula, the effective number of games N', K, bonus points, the "
            "dual-rated exception and your rating floor, with up to 12 games.",
        ],
    )


# ================================================================ FIDE (seeds 001, 002)

_SEED_001: Final = "Seed 001 (Elo/FIDE rating calculator)"
_SEED_002: Final = "Seed 002 (FIDE rating calculator)"
_FIDE_OPPONENTS: Final = [1750, 1850, 1900, 1700, 2000]
_FIDE_RESULTS: Final = ["W", "D", "L", "W", "D"]
_FIDE_EVENT: Final = {
    "rating": 1800,
    "opponents": _FIDE_OPPONENTS,
    "results": _FIDE_RESULTS,
    "k": 20,
}
_FIDE_EVENT_WORDS: Final = "1800, K 20; 1750 W, 1850 D, 1900 L, 1700 W, 2000 D"
_FIDE_WORKED: Final = f"{_SEED_001}, worked example: a five-round tournament"
_FIDE_ROWS: Final = 20
_FIRST_ROWS: Final = 30


def _fide_expected(
    check_id: str,
    rating: int,
    opponent: int,
    expected: float,
    source: str,
    method: str | None = None,
) -> Check:
    args: dict[str, object] = {"rating": rating, "opponent": opponent}
    words = f"{rating} against {opponent}"
    digits = 2
    if method is not None:
        args.update(rating_list="standard", event_date=None, method=method)
        words += f", {method} curve"
        digits = 3
    return Check(
        check_id,
        f"Expected score, {rating - opponent:+d} points"
        + (f" ({method})" if method else " (table 8.1.2)"),
        "FIDE_EXPECTED",
        args,
        expected,
        0.5 * 10**-digits,
        source,
        words,
        num_format="0." + "0" * digits,
    )


def _fide_single(
    check_id: str, label: str, rating: int, opponent: int, result: str, expected: float, source: str
) -> Check:
    return Check(
        check_id,
        label,
        "FIDE_DETAILS",
        {"rating": rating, "opponents": opponent, "results": result, "k": 20},
        expected,
        0.05,
        source,
        f"{rating} against {opponent}, {result}, K 20",
        num_format=_CHANGE_FORMAT,
        row="Change (unrounded)",
    )


FIDE_CHECKS: Final = (
    _fide_expected(
        "fide-expected-100",
        1600,
        1500,
        0.64,
        f"{_SEED_001}: 100 points is 0.64 for the higher-rated player",
    ),
    _fide_expected("fide-expected-200", 1700, 1500, 0.76, f"{_SEED_001}: 200 points is 0.76"),
    _fide_expected("fide-expected-400", 1900, 1500, 0.92, f"{_SEED_001}: 400 points is 0.92"),
    _fide_expected(
        "fide-expected-lower",
        1500,
        1600,
        0.36,
        f"{_SEED_001}: rated 1500 against 1600 you are expected to score 0.36",
    ),
    _fide_expected(
        "fide-expected-95",
        1595,
        1500,
        0.63,
        f"{_SEED_002}: 92 to 98 points above your opponent gives 0.63",
    ),
    _fide_expected(
        "fide-expected-minus-95", 1500, 1595, 0.37, f"{_SEED_002}: 92 to 98 below gives 0.37"
    ),
    _fide_expected(
        "fide-logistic-100",
        1600,
        1500,
        0.640,
        f"{_SEED_001}: the logistic formula gives 0.640",
        "logistic",
    ),
    _fide_expected(
        "fide-logistic-200",
        1700,
        1500,
        0.760,
        f"{_SEED_001}: the logistic formula gives 0.760",
        "logistic",
    ),
    _fide_expected(
        "fide-logistic-400",
        1900,
        1500,
        0.909,
        f"{_SEED_001}: the logistic formula gives 0.909",
        "logistic",
    ),
    _fide_single(
        "fide-win-up",
        "Change for a win, 100 points up (unrounded)",
        1500,
        1600,
        "W",
        12.8,
        f"{_SEED_001}: with K = 20 a win gains 20 x (1 - 0.36) = 12.8 points",
    ),
    _fide_single(
        "fide-loss-up",
        "Change for a loss, 100 points up (unrounded)",
        1500,
        1600,
        "L",
        -7.2,
        f"{_SEED_001}: and a loss costs 7.2",
    ),
    _fide_single(
        "fide-win-down",
        "Change for a win, 400 points down (unrounded)",
        2000,
        1600,
        "W",
        1.6,
        f"{_SEED_001}: a win gains only 1.6 points",
    ),
    _fide_single(
        "fide-loss-down",
        "Change for a loss, 400 points down (unrounded)",
        2000,
        1600,
        "L",
        -18.4,
        f"{_SEED_001}: while a loss costs 18.4",
    ),
    Check(
        "fide-k-700",
        "K for a new player with 18 games in the month",
        "FIDE_K",
        {
            "rating": 1500,
            "rated_games": 10,
            "birth_year": None,
            "reached_2400": False,
            "period_games": 18,
        },
        38,
        0,
        f"{_SEED_001} and {_SEED_002}: K x games may not exceed 700: 38 instead of 40 for 18 games",
        "1500, 10 games so far, 18 this month",
        num_format="0",
    ),
    Check(
        "fide-k-2400",
        "K after reaching 2400, now below",
        "FIDE_K",
        {"rating": 2350, "rated_games": 100, "birth_year": None, "reached_2400": True},
        10,
        0,
        f"{_SEED_002}: 10 once your published rating has reached 2400, even if it drops "
        "below again",
        "2350, 100 games, reached 2400",
        num_format="0",
    ),
    Check(
        "fide-k-20",
        "K for an adult under 2400",
        "FIDE_K",
        {"rating": 2100, "rated_games": 100},
        20,
        0,
        f"{_SEED_002}: 20 while you are rated under 2400",
        "2100, 100 games",
        num_format="0",
    ),
    Check(
        "fide-k-junior",
        "K for a junior under 2300",
        "FIDE_K",
        {
            "rating": 1900,
            "rated_games": 100,
            "birth_year": 2010,
            "reached_2400": False,
            "period_games": 1,
            "period_date": "2026-06-01",
        },
        40,
        0,
        f"{_SEED_002}: 40 until the end of the year you turn 18, while under 2300",
        "1900, born 2010, June 2026",
        num_format="0",
    ),
    Check(
        "fide-performance-64",
        "Performance, 4.5 out of 7 against 1800",
        "FIDE_PERFORMANCE",
        {"opponents": [1800] * 7, "results": ["W", "W", "W", "W", "D", "L", "L"]},
        1902,
        0,
        f"{_SEED_001}: 4.5 out of 7 is 64%, +102, so against 1800 the performance is 1902",
        "seven opponents rated 1800; 4 W, 1 D, 2 L",
        num_format=_RATING_FORMAT,
    ),
    Check(
        "fide-dp-64",
        "Rating difference dp for 4.5 out of 7",
        "FIDE_DP",
        {"fraction": Expr("4.5/7", 4.5 / 7)},
        102,
        0,
        f"{_SEED_001}: 64%, which the table turns into +102",
        "p = 4.5/7",
        num_format="0",
    ),
    Check(
        "fide-expected-total",
        "Five rounds: total expected score",
        "FIDE_DETAILS",
        _FIDE_EVENT,
        2.24,
        0.005,
        f"{_FIDE_WORKED}: the expected scores add up to 2.24",
        _FIDE_EVENT_WORDS,
        row="Expected score",
    ),
    Check(
        "fide-change",
        "Five rounds: rating change",
        "FIDE_RATING_CHANGE",
        _FIDE_EVENT,
        15,
        0,
        f"{_FIDE_WORKED}: 20 x (3 - 2.24) = +15.2, rounded to +15",
        _FIDE_EVENT_WORDS,
        num_format=_WHOLE_CHANGE_FORMAT,
    ),
    Check(
        "fide-new-rating",
        "Five rounds: new rating",
        "FIDE_NEW_RATING",
        _FIDE_EVENT,
        1815,
        0,
        f"{_FIDE_WORKED}: the new rating of 1815",
        _FIDE_EVENT_WORDS,
        num_format=_RATING_FORMAT,
    ),
    Check(
        "fide-performance",
        "Five rounds: performance",
        "FIDE_PERFORMANCE",
        {"opponents": _FIDE_OPPONENTS, "results": _FIDE_RESULTS},
        1912,
        0,
        f"{_FIDE_WORKED}: average 1840, 60%, +72, performance 1912",
        _FIDE_EVENT_WORDS,
        num_format=_RATING_FORMAT,
    ),
    Check(
        "fide-dp-60",
        "Rating difference dp for 60%",
        "FIDE_DP",
        {"fraction": 0.6},
        72,
        0,
        f"{_FIDE_WORKED}: the table gives a rating difference of +72",
        "p = 0.6",
        num_format="0",
    ),
    Check(
        "fide-first-rating",
        "First rating: 5 wins against 1800",
        "FIDE_FIRST_RATING",
        {"opponents": [1800] * 5, "results": ["W"] * 5},
        2109,
        0,
        f"{_SEED_002}, 'First rating' rule, worked by hand: two 1800 draws added, average "
        "1800, 6 of 7 = 86%, dp 309 (table 8.1.1), 2109",
        "five opponents rated 1800, 5 W",
        num_format=_RATING_FORMAT,
    ),
    Check(
        "fide-first-rating-cap",
        "First rating: at most 2200",
        "FIDE_FIRST_RATING",
        {"opponents": [2500] * 5, "results": ["W"] * 5},
        2200,
        0,
        f"{_SEED_002}, 'First rating': the result is at most 2200 (2300 + 309 capped)",
        "five opponents rated 2500, 5 W",
        num_format=_RATING_FORMAT,
    ),
)


@template(
    "fide_period.xlsx",
    "FIDE rating change for one rating period",
    defaults={
        "rating_list": "standard",
        "rating": 1800,
        "period_date": None,
        "rated_games": 30,
        "birth_year": None,
        "reached_2400": "No",
        "k": None,
        "opponents": _FIDE_OPPONENTS,
        "results": _FIDE_RESULTS,
        "first_opponents": [1720, 1650, 1810, 1580, 1690, 1755],
        "first_results": ["D", "W", "L", "W", "D", "L"],
    },
    sample={
        "rating_list": "standard",
        "rating": 1925,
        "period_date": dt.date(2026, 3, 31),
        "rated_games": 120,
        "birth_year": 1990,
        "reached_2400": "No",
        "k": None,
        "opponents": [1880, 2010, 1955, 1790, 2105, 1920, 1850],
        "results": ["W", "D", "L", "W", "D", "W", "D"],
        "first_opponents": [1540, 1620, 1710, 1480, 1590, 1665, 1805],
        "first_results": ["W", "D", "L", "W", "W", "D", "L"],
    },
    checks=FIDE_CHECKS,
    summary=("new_rating", "change", "performance", "k_used", "first_rating"),
)
def _fide_period(book: _Book, v: Mapping[str, object]) -> None:
    s = book.sheet("Rating period")
    s.widths(A=42, B=16, C=16, D=14, E=3, F=24, G=16)
    s.title("FIDE rating change for one rating period (a month)", _SUBTITLE)
    s.section("A4", "Your rating")
    s.input(
        "rating_list",
        "B5",
        "Rating list",
        v["rating_list"],
        _choice(
            ["standard", "rapid", "blitz"],
            "Rating list",
            "Standard, rapid or blitz: the 400-point rule and the 600-point rule "
            "differ between them.",
        ),
    )
    s.input(
        "rating",
        "B6",
        "Your rating at the start of the period",
        v["rating"],
        _rating_validation(
            "Your FIDE rating", "Your published FIDE rating on the list for this month."
        ),
    )
    s.input(
        "period_date",
        "B7",
        "Date of the period (blank: today)",
        v["period_date"],
        _date(
            dt.date(2024, 3, 1),
            "Period date",
            "A day of the rating period; it picks the rules in force. Blank means today.",
        ),
        _DATE_FORMAT,
    )
    s.section("A9", "K-factor")
    s.input(
        "rated_games",
        "B10",
        "Rated games completed before this period",
        v["rated_games"],
        _number(
            0,
            100000,
            "Rated games",
            "Games in rated events so far: under 30 means K = 40.",
            whole=True,
        ),
    )
    s.input(
        "birth_year",
        "B11",
        "Year of birth (blank: not a junior)",
        v["birth_year"],
        _number(
            1900,
            2100,
            "Year of birth",
            "Juniors keep K = 40 to the end of the year they turn 18, while under 2300.",
            whole=True,
        ),
    )
    s.input(
        "reached_2400",
        "B12",
        "Published rating has ever reached 2400",
        v["reached_2400"],
        _choice(
            _YES_NO, "Reached 2400", "Yes once any published rating reached 2400: K = 10 for good."
        ),
    )
    games = "$B$18:$B$37"
    s.formula(
        "k_rules",
        "B13",
        f"FIDE_K($B$6,$B$10,$B$11,$B$12,COUNT({games}),$B$7)",
        "output",
        "0",
        "K from the rules (FIDE_K)",
    )
    s.input(
        "k",
        "B14",
        "K typed in (blank: use the rules)",
        v["k"],
        _number(
            1,
            100,
            "K typed in",
            "Type a K to override the rules (for example the K "
            "shown on your FIDE profile). Blank uses the rules.",
        ),
    )
    s.formula("k_used", "B15", "IF(ISNUMBER($B$14),$B$14,$B$13)", "output", "0", "K used")
    first = 18
    for col, text in enumerate(["Game", "Opponent's rating", "Result (W, D, L)", "Expected score"]):
        s.write(_a1(first - 2, col), text, "header")
    for i, ref in enumerate(_rows(f"A{first}", _FIDE_ROWS), start=1):
        s.write(ref, i)
    s.input_column(
        "opponents",
        f"B{first}",
        _seq(v["opponents"]),
        _FIDE_ROWS,
        _rating_validation(
            "Opponent's rating",
            "The opponent's FIDE rating. Leave out games against unrated opponents.",
        ),
        "Opponents' ratings",
    )
    s.input_column(
        "results", f"C{first}", _seq(v["results"]), _FIDE_ROWS, _RESULT_VALIDATION, "Results"
    )
    if book.cells["opponents"][1] != games:
        raise TemplateError(f"the games table moved: {book.cells['opponents'][1]} != {games}")
    opponents, results = Ref(games), Ref(book.cells["results"][1])
    s.spill(
        "expected",
        f"D{first}",
        "FIDE_EXPECTED",
        {
            "rating": Ref("$B$6"),
            "opponent": opponents,
            "rating_list": Ref("$B$5"),
            "event_date": Ref("$B$7"),
        },
        "Expected score per game",
        num_format="0.00",
    )
    args: dict[str, object] = {
        "rating": Ref("$B$6"),
        "opponents": opponents,
        "results": results,
        "k": Ref("$B$15"),
        "rating_list": Ref("$B$5"),
        "event_date": Ref("$B$7"),
    }
    s.section("F4", "Result")
    s.call("new_rating", "G5", "FIDE_NEW_RATING", args, "headline", _RATING_FORMAT, "New rating")
    s.call(
        "change",
        "G6",
        "FIDE_RATING_CHANGE",
        args,
        "headline",
        _WHOLE_CHANGE_FORMAT,
        "Rating change",
    )
    s.call(
        "performance",
        "G7",
        "FIDE_PERFORMANCE",
        {"opponents": opponents, "results": results},
        "output",
        _RATING_FORMAT,
        "Performance rating",
    )
    s.section("F9", "Full calculation (FIDE_DETAILS)")
    # K (B15) is itself a formula: any K gives the table its size.
    s.spill(
        "details", "F10", "FIDE_DETAILS", args, "Full calculation", _detail_format, probe={"k": 20}
    )
    s.write("F19", "Games against unrated opponents do not change a rated player's rating.", "note")

    f = book.sheet("First rating")
    f.widths(A=10, B=18, C=16, D=3, E=30, F=16)
    f.title("FIDE first rating (Rating Regulations 8.2)", _SUBTITLE)
    f.write(
        "A3",
        "Games against rated opponents from events within 26 months (at least 5). "
        "Two hypothetical 1800 opponents, both draws, are added; the rating is at "
        "most 2200 and is published from 1400.",
        "note",
    )
    top = 6
    for col, text in enumerate(["Game", "Opponent's rating", "Result (W, D, L)"]):
        f.write(_a1(top - 2, col), text, "header")
    for i, ref in enumerate(_rows(f"A{top}", _FIRST_ROWS), start=1):
        f.write(ref, i)
    f.input_column(
        "first_opponents",
        f"B{top}",
        _seq(v["first_opponents"]),
        _FIRST_ROWS,
        _rating_validation("Opponent's rating", "The opponent's FIDE rating."),
        "Opponents' ratings",
    )
    f.input_column(
        "first_results",
        f"C{top}",
        _seq(v["first_results"]),
        _FIRST_ROWS,
        _RESULT_VALIDATION,
        "Results",
    )
    pair = {
        "opponents": Ref(book.cells["first_opponents"][1]),
        "results": Ref(book.cells["first_results"][1]),
    }
    f.section("E4", "Result")
    f.call(
        "first_rating", "F5", "FIDE_FIRST_RATING", pair, "headline", _RATING_FORMAT, "First rating"
    )
    f.formula(
        "first_games",
        "F6",
        f"COUNT({book.cells['first_opponents'][1]})",
        "output",
        "0",
        "Games against rated opponents",
    )
    f.call(
        "first_performance",
        "F7",
        "FIDE_PERFORMANCE",
        pair,
        "output",
        _RATING_FORMAT,
        "Performance rating",
    )
    _how_to_use(
        book,
        [
            "The sheet Rating period works out a FIDE rating change for one month (seeds 001 and "
            "002): FIDE's expected-score table with the 400-point rule, K from your facts (or "
            "typed in) with the 700 limit, the change rounded once for the month, the new "
            "rating and the performance rating.",
            "The sheet First rating works out the first rating of a player new to the list.",
        ],
    )


# ================================================================ plain Elo (seed 004)

_SEED_004: Final = "Seed 004 (Chess Elo calculator)"


def _elo(
    check_id: str,
    label: str,
    function: str,
    rating: int,
    opponent: int,
    result: str,
    k: int,
    expected: float,
    tolerance: float,
    source: str,
    num_format: str = _CHANGE_FORMAT,
) -> Check:
    args: dict[str, object] = {"rating": rating, "opponents": opponent, "results": result, "k": k}
    return Check(
        check_id,
        label,
        function,
        args,
        expected,
        tolerance,
        source,
        f"{rating} against {opponent}, {result}, K {k}",
        num_format=num_format,
    )


ELO_CHECKS: Final = (
    Check(
        "elo-expected-up",
        "Expected score, 200 points down",
        "ELO_EXPECTED",
        {"rating": 1500, "opponent": 1700},
        0.2403,
        0.00005,
        f"{_SEED_004}, example 1: E is approximately 0.2403",
        "1500 against 1700",
        num_format="0.0000",
    ),
    _elo(
        "elo-win-up",
        "Change for a win, 200 points down",
        "ELO_RATING_CHANGE",
        1500,
        1700,
        "W",
        20,
        15.19,
        0.005,
        f"{_SEED_004}, example 1: +15.19",
    ),
    _elo(
        "elo-new-up",
        "New rating after the win (rounded)",
        "ELO_NEW_RATING",
        1500,
        1700,
        "W",
        20,
        1515,
        0.5,
        f"{_SEED_004}, example 1: rounded, 1,515",
        _RATING_FORMAT,
    ),
    Check(
        "elo-expected-down",
        "Expected score, 200 points up",
        "ELO_EXPECTED",
        {"rating": 1700, "opponent": 1500},
        0.7597,
        0.00005,
        f"{_SEED_004}, example 2: approximately 75.97%",
        "1700 against 1500",
        num_format="0.0000",
    ),
    _elo(
        "elo-loss-down",
        "Change for a loss, 200 points up",
        "ELO_RATING_CHANGE",
        1700,
        1500,
        "L",
        20,
        -15.19,
        0.005,
        f"{_SEED_004}, example 2: -15.19",
    ),
    _elo(
        "elo-new-down",
        "New rating after the loss (rounded)",
        "ELO_NEW_RATING",
        1700,
        1500,
        "L",
        20,
        1685,
        0.5,
        f"{_SEED_004}, example 2: 1684.81, rounded 1,685",
        _RATING_FORMAT,
    ),
    Check(
        "elo-expected-equal",
        "Expected score, equal ratings",
        "ELO_EXPECTED",
        {"rating": 1600, "opponent": 1600},
        0.5,
        0.00005,
        f"{_SEED_004}, example 3: when both ratings are equal, the expected score is 0.50",
        "1600 against 1600",
        num_format="0.0000",
    ),
    _elo(
        "elo-draw-equal",
        "Change for a draw, equal ratings",
        "ELO_RATING_CHANGE",
        1600,
        1600,
        "D",
        20,
        0,
        0.005,
        f"{_SEED_004}, example 3: the rating remains 1,600",
    ),
    _elo(
        "elo-k10",
        "Change for the win with K = 10",
        "ELO_RATING_CHANGE",
        1500,
        1700,
        "W",
        10,
        7.60,
        0.005,
        f"{_SEED_004}, example 4: K 10, +7.60",
    ),
    _elo(
        "elo-k40",
        "Change for the win with K = 40",
        "ELO_RATING_CHANGE",
        1500,
        1700,
        "W",
        40,
        30.39,
        0.005,
        f"{_SEED_004}, example 4: K 40, +30.39",
    ),
    Check(
        "elo-expected-100",
        "Expected score, 100 points down",
        "ELO_EXPECTED",
        {"rating": 1500, "opponent": 1600},
        0.36,
        0.005,
        f"{_SEED_001}, 'How does the Elo formula work?': expected to score 0.36",
        "1500 against 1600",
        num_format="0.00",
    ),
    _elo(
        "elo-win-100",
        "Change for a win, 100 points down",
        "ELO_RATING_CHANGE",
        1500,
        1600,
        "W",
        20,
        12.8,
        0.05,
        f"{_SEED_001}: with K = 20 a win gains 12.8 points",
    ),
    _elo(
        "elo-loss-100",
        "Change for a loss, 100 points down",
        "ELO_RATING_CHANGE",
        1500,
        1600,
        "L",
        20,
        -7.2,
        0.05,
        f"{_SEED_001}: and a loss costs 7.2",
    ),
)


@template(
    "elo.xlsx",
    "Elo rating change",
    defaults={"rating": 1500, "opponent": 1700, "result": "W", "k": 20, "games": 1},
    sample={"rating": 1650, "opponent": 1720, "result": "D", "k": 20, "games": 5},
    checks=ELO_CHECKS,
    summary=("expected", "change_per_game", "total_change", "new_rating"),
)
def _elo_sheet(book: _Book, v: Mapping[str, object]) -> None:
    s = book.sheet("Elo")
    s.widths(A=40, B=14, C=3, D=26, E=16)
    s.title("Elo rating change", _SUBTITLE)
    s.section("A4", "Inputs")
    s.input(
        "rating",
        "B5",
        "Your rating",
        v["rating"],
        _rating_validation("Your rating", "Your current Elo rating (0 to 4000)."),
    )
    s.input(
        "opponent",
        "B6",
        "Opponent's rating",
        v["opponent"],
        _rating_validation("Opponent's rating", "Your opponent's rating (0 to 4000)."),
    )
    s.input("result", "B7", "Result (W, D, L)", v["result"], _RESULT_VALIDATION)
    s.input(
        "k",
        "B8",
        "K-factor",
        v["k"],
        _choice(
            [10, 20, 40],
            "K-factor",
            "10 established player, 20 standard, 40 new or "
            "provisional player (the seed's options; rating bodies have their own).",
        ),
    )
    s.input(
        "games",
        "B9",
        "Number of games",
        v["games"],
        _number(
            1,
            100,
            "Number of games",
            "The same opponent and result each time; the rating is not updated between games.",
            whole=True,
        ),
    )
    one = {
        "rating": Ref("$B$5"),
        "opponents": Ref("$B$6"),
        "results": Ref("$B$7"),
        "k": Ref("$B$8"),
    }
    s.section("D4", "Result")
    s.call(
        "expected",
        "E5",
        "ELO_EXPECTED",
        {"rating": Ref("$B$5"), "opponent": Ref("$B$6")},
        "output",
        "0.00%",
        "Expected score",
    )
    s.call(
        "change_per_game",
        "E6",
        "ELO_RATING_CHANGE",
        one,
        "output",
        _CHANGE_FORMAT,
        "Rating change per game",
    )
    s.call(
        "total_change",
        "E7",
        "ELO_RATING_CHANGE",
        {**one, "games": Ref("$B$9")},
        "headline",
        _CHANGE_FORMAT,
        "Total rating change",
    )
    s.call(
        "new_rating",
        "E8",
        "ELO_NEW_RATING",
        {**one, "games": Ref("$B$9")},
        "headline",
        _RATING_FORMAT,
        "New rating",
    )
    s.write(
        "A11",
        "Expected score E = 1 / (1 + 10^((opponent - rating) / 400)); change "
        "= K x (score - E) per game; the new rating is shown rounded.",
        "note",
    )
    _how_to_use(
        book,
        [
            "The sheet Elo works out the classic Elo rating change (seed 004): the expected score "
            "against one opponent, the change for one game, the total for several identical "
            "games and the new rating.",
        ],
    )


def _seq(value: object) -> list[object]:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


# ================================================================ a club season

#: Room in the club season's tables: players, game rows (a game or a bye per row), and the
#: event columns the Ratings and Standings sheets look up (a monthly season fits).
CLUB_PLAYER_ROWS: Final = 40
CLUB_GAME_ROWS: Final = 600
CLUB_EVENT_COLUMNS: Final = 16
#: What a result cell of the Games sheet offers, from White's side: results, and forfeits
#: (+- White wins, -+ White loses).  A bye (BYE in the Black column) takes the same texts
#: for its points: +- a full point, ½-½ half a point, -+ none.  All texts: numbers would be
#: typed in many ways, and the Standings sheet counts texts.
CLUB_RESULTS: Final = ["1-0", "0-1", "½-½", "+-", "-+"]
#: A bye's points written as a result.
CLUB_BYE_RESULTS: Final[dict[float, str]] = {1.0: "+-", 0.5: "½-½", 0.0: "-+"}
#: The text that marks a bye in the Black column.
CLUB_BYE: Final = BYE
CLUB_SYSTEMS: Final = ["uscf", "fide", "elo", "glicko2"]

# Where the tables are (1-based rows; the Players and Games tables start in column A).
_PLAYERS_FIRST: Final = 5
_GAMES_FIRST: Final = 5
_RATINGS_HEADER: Final = 13
_STANDINGS_FIRST: Final = 9
#: Text cells: Excel would read a result typed as 1-0 as the date Jan-00, and +- as the
#: start of a formula; a name such as 1-2 as a date.
_TEXT_FORMAT: Final = "@"
#: What the Start, Final, Rating before and New rating columns show for an unrated player.
_UNRATED: Final = "unrated"

# The sample season: a club of nine, four monthly Swiss events (3-4 rounds), an unrated
# junior with his age, a player with a floor, an established player whose game count is not
# known, full-, half- and zero-point byes and a forfeit.  Names and games are invented.
_AM, _BC, _CN, _DO = "Alice Morgan", "Ben Carter", "Chloe Nguyen", "David Okafor"
_ES, _FH, _GL, _HW, _LP = "Emma Schulz", "Farid Haddad", "Grace Liu", "Henry Walsh", "Leo Park"
CLUB_PLAYERS: Final[tuple[tuple[object, ...], ...]] = (
    # name, rating, rated games, floor, age
    (_AM, 1845, 112, None, None),
    (_BC, 1720, 64, None, None),
    (_CN, 1655, 38, None, None),
    (_DO, 1580, None, None, None),  # established, game count not known
    (_ES, 1502, 21, None, None),
    (_FH, 1430, 9, None, None),
    (_GL, 1365, 5, None, None),  # five games: the special formula
    (_HW, 1290, 47, 1200, None),
    (_LP, None, 0, None, 11),  # unrated junior, aged 11
)
_CLUB_EVENTS: Final[tuple[tuple[str, dt.date, tuple[tuple[int, str, str, str], ...]], ...]] = (
    (
        "September Swiss",
        dt.date(2025, 9, 13),
        (
            (1, _AM, _ES, "1-0"),
            (1, _FH, _BC, "0-1"),
            (1, _CN, _GL, "1-0"),
            (1, _HW, _DO, "0-1"),
            (1, _LP, CLUB_BYE, "+-"),
            (2, _AM, _LP, "1-0"),
            (2, _BC, _DO, "1-0"),
            (2, _ES, _CN, "0-1"),
            (2, _FH, _HW, "½-½"),
            (2, _GL, CLUB_BYE, "+-"),
            (3, _BC, _AM, "½-½"),
            (3, _CN, _DO, "½-½"),
            (3, _GL, _LP, "0-1"),
            (3, _HW, _ES, "1-0"),
            (3, _FH, CLUB_BYE, "+-"),
            (4, _AM, _CN, "1-0"),
            (4, _LP, _BC, "0-1"),
            (4, _DO, _FH, "1-0"),
            (4, _ES, _GL, "½-½"),
            (4, _HW, CLUB_BYE, "-+"),  # left before the last round
        ),
    ),
    (
        "October Swiss",
        dt.date(2025, 10, 11),
        (
            (1, _AM, _FH, "1-0"),
            (1, _ES, _BC, "0-1"),
            (1, _CN, _HW, "1-0"),
            (1, _LP, _DO, "½-½"),
            (1, _GL, CLUB_BYE, "+-"),
            (2, _BC, _CN, "0-1"),
            (2, _DO, _AM, "0-1"),
            (2, _GL, _LP, "0-1"),
            (2, _FH, _ES, "+-"),  # Emma did not come: a forfeit, not rated
            (2, _HW, CLUB_BYE, "+-"),
            (3, _AM, _CN, "½-½"),
            (3, _LP, _BC, "0-1"),
            (3, _HW, _FH, "0-1"),
            (3, _DO, _GL, "1-0"),
            (3, _ES, CLUB_BYE, "-+"),
            (4, _BC, _AM, "0-1"),
            (4, _CN, _LP, "1-0"),
            (4, _FH, _DO, "½-½"),
            (4, _HW, _GL, "1-0"),
            (4, _ES, CLUB_BYE, "-+"),
        ),
    ),
    (
        "November Swiss",
        dt.date(2025, 11, 8),
        (
            (1, _AM, _HW, "1-0"),
            (1, _GL, _BC, "0-1"),
            (1, _CN, _FH, "½-½"),
            (1, _LP, _DO, "0-1"),
            (2, _BC, _AM, "½-½"),
            (2, _DO, _CN, "1-0"),
            (2, _FH, _LP, "0-1"),
            (2, _HW, _GL, "½-½"),
            (3, _AM, _DO, "1-0"),
            (3, _CN, _BC, "½-½"),
            (3, _LP, _HW, "1-0"),
            (3, _GL, _FH, "0-1"),
        ),
    ),
    (
        "December Swiss",
        dt.date(2025, 12, 13),
        (
            (1, _AM, _GL, "1-0"),
            (1, _HW, _BC, "0-1"),
            (1, _CN, _LP, "½-½"),
            (1, _ES, _DO, "0-1"),
            (1, _FH, CLUB_BYE, "½-½"),  # a half-point bye he asked for
            (2, _BC, _CN, "1-0"),
            (2, _DO, _AM, "½-½"),
            (2, _LP, _FH, "1-0"),
            (2, _HW, _ES, "½-½"),
            (2, _GL, CLUB_BYE, "+-"),
            (3, _AM, _BC, "1-0"),
            (3, _LP, _DO, "0-1"),
            (3, _CN, _HW, "1-0"),
            (3, _FH, _GL, "1-0"),
            (3, _ES, CLUB_BYE, "+-"),
            (4, _DO, _CN, "½-½"),
            (4, _LP, _AM, "½-½"),
            (4, _BC, _FH, "1-0"),
            (4, _ES, _GL, "½-½"),
            (4, _HW, CLUB_BYE, "+-"),
        ),
    ),
)
#: The sample season's games: event, date, round, white, black, result.
CLUB_GAMES: Final[tuple[tuple[object, ...], ...]] = tuple(
    (event, day, *game) for event, day, games in _CLUB_EVENTS for game in games
)

_SEED_004_WORKED: Final = f"{_SEED_004}, example"
_ELO_PAIR: Final = [["A", 1500, 30], ["B", 1700, 30]]
_ELO_WIN: Final = [["Example 1", 1, "A", "B", "1-0"]]
_SEED_001_PLAYERS: Final = [
    ["Me", 1800, 100],
    ["A", 1750, 100],
    ["B", 1850, 100],
    ["C", 1900, 100],
    ["D", 1700, 100],
    ["E", 2000, 100],
]
_SEED_001_GAMES: Final = [
    ["Five rounds", "2026-01-10", 1, "Me", "A", "1-0"],
    ["Five rounds", "2026-01-10", 2, "B", "Me", "½-½"],
    ["Five rounds", "2026-01-10", 3, "Me", "C", "0-1"],
    ["Five rounds", "2026-01-10", 4, "D", "Me", "0-1"],
    ["Five rounds", "2026-01-10", 5, "Me", "E", "½-½"],
]

CLUB_CHECKS: Final = (
    Check(
        "season-elo-win",
        "Elo season: the winner's rating after the event",
        "SEASON_RATINGS",
        {"players": _ELO_PAIR, "games": _ELO_WIN, "system": "elo", "k": 20},
        1515.19,
        0.005,
        f"{_SEED_004_WORKED} 1: 1500 + 15.19 = 1515.19",
        "Elo, K 20: A (1500) beats B (1700), one event",
        row="A",
    ),
    Check(
        "season-elo-loss",
        "Elo season: the loser's rating after the event",
        "SEASON_RATINGS",
        {"players": _ELO_PAIR, "games": _ELO_WIN, "system": "elo", "k": 20},
        1684.81,
        0.005,
        f"{_SEED_004_WORKED} 2: 1700 - 15.19 = 1684.81",
        "Elo, K 20: B (1700) loses to A (1500), one event",
        row="B",
    ),
    Check(
        "season-elo-draw",
        "Elo season: a draw between equal ratings",
        "SEASON_RATINGS",
        {
            "players": [["C", 1600, 30], ["D", 1600, 30]],
            "games": [["Example 3", 1, "C", "D", "½-½"]],
            "system": "elo",
            "k": 20,
        },
        1600,
        0.005,
        f"{_SEED_004_WORKED} 3: your estimated rating remains 1,600",
        "Elo, K 20: C (1600) draws with D (1600)",
        row="C",
    ),
    Check(
        "season-fide-seed-001",
        "FIDE season: the five-round tournament",
        "SEASON_RATINGS",
        {"players": _SEED_001_PLAYERS, "games": _SEED_001_GAMES, "system": "fide"},
        1815,
        0,
        f"{_SEED_001}, worked example: +15.2 is rounded to +15 for the new rating of 1815",
        "FIDE, 1800 (K 20): 1750 W, 1850 D, 1900 L, 1700 W, 2000 D",
        num_format=_RATING_FORMAT,
        row="Me",
    ),
)


def _table(value: object) -> list[list[object]]:
    """A table input (a list of rows) as a list of lists."""
    rows: list[list[object]] = []
    for row in _seq(value):
        if not isinstance(row, (list, tuple)):
            raise TemplateError(f"a table input must be a list of rows, got a row {row!r}")
        rows.append(list(row))
    return rows


def _text_length(low: int, high: int, title: str, message: str) -> dict[str, Any]:
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


def _from_range(source: str, title: str, message: str, error: str) -> dict[str, Any]:
    return {
        "validate": "list",
        "source": "=" + source,
        "input_title": title[:32],
        "input_message": message[:255],
        "error_title": "Not accepted",
        "error_message": error[:255],
    }


#: The most the club season's tables can be asked to hold (an Excel sheet has 1,048,576
#: rows and 16,384 columns; the Standings sheet repeats its formulas for every player row).
CLUB_MAX_PLAYER_ROWS: Final = 10_000
CLUB_MAX_GAME_ROWS: Final = 1_000_000
CLUB_MAX_EVENT_COLUMNS: Final = 1_000
#: The inputs that size the club season's tables; None: the standard room above, or the
#: rows given if there are more.
_ROOM_DEFAULTS: Final[dict[str, object]] = {
    "player_rows": None,
    "game_rows": None,
    "event_columns": None,
}


@dataclass(frozen=True, slots=True)
class ClubRoom:
    """Room in a club season's tables: player rows, game rows and event columns."""

    players: int
    games: int
    events: int


def _room(key: str, value: object, needed: int, standard: int, most: int) -> int:
    if value is None:
        return max(standard, needed)
    low = max(needed, 1)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= most:
        raise TemplateError(
            f"club_season.xlsx: {key} must be a whole number from {low} to {most} "
            f"(the table holds {needed}), got {show(value)}"
        )
    return value


def _club_room(v: Mapping[str, object]) -> ClubRoom:
    """The room the inputs ask for (``player_rows``, ``game_rows``, ``event_columns``).

    >>> _club_room({"players": [["A", 1500]], "games": [], "game_rows": 5000})
    ClubRoom(players=40, games=5000, events=16)
    """
    players, games = _table(v.get("players")), _table(v.get("games"))
    events = {str(row[0]).strip() for row in games if row and row[0] not in (None, "")}
    return ClubRoom(
        _room(
            "player_rows",
            v.get("player_rows"),
            len(players),
            CLUB_PLAYER_ROWS,
            CLUB_MAX_PLAYER_ROWS,
        ),
        _room("game_rows", v.get("game_rows"), len(games), CLUB_GAME_ROWS, CLUB_MAX_GAME_ROWS),
        _room(
            "event_columns",
            v.get("event_columns"),
            len(events),
            CLUB_EVENT_COLUMNS,
            CLUB_MAX_EVENT_COLUMNS,
        ),
    )


def _season_grids(
    v: Mapping[str, object], room: ClubRoom
) -> tuple[list[list[object]], list[list[object]]]:
    """The Players and Games tables as the functions get them (blank rows included)."""

    def grid(rows: object, height: int, width: int) -> list[list[object]]:
        out = [[_as_cell(x) for x in row] + [None] * (width - len(row)) for row in _table(rows)]
        return out + [[None] * width for _ in range(height - len(out))]

    return grid(v["players"], room.players, 5), grid(v["games"], room.games, 6)


def build_club_season(
    path: str | Path,
    players: Sequence[Sequence[object]],
    games: Sequence[Sequence[object]],
    *,
    system: str = "uscf",
    k: float = 20,
    event: str | None = None,
    player_rows: int | None = None,
    game_rows: int | None = None,
    event_columns: int | None = None,
    lint: bool = True,
) -> Built:
    """Build ``club_season.xlsx`` at *path* holding *players* and *games*.

    :param players: rows of name, rating, rated games, floor, age (as the Players sheet).
    :param games: rows of event, date, round, White, Black, result (as the Games sheet).
    :param system: the rating system chosen on the Ratings sheet.
    :param k: the K-factor cell (used by the elo system only).
    :param event: the event the Standings sheet shows; None: the last event listed.
    :param player_rows: rows in the Players table (and the Ratings and Standings sheets);
        None: 40, or as many as *players* if more.
    :param game_rows: rows in the Games table; None: 600, or as many as *games* if more.
    :param event_columns: event columns the Ratings and Standings sheets read; None: 16,
        or as many as the events if more.
    :param lint: lint the new file before it replaces *path*.
    :raises TemplateError: if a table does not fit the room asked for.
    """
    listed = [str(row[0]) for row in games if row and row[0] not in (None, "")]
    inputs: dict[str, object] = {
        "players": [list(row) for row in players],
        "games": [list(row) for row in games],
        "system": system,
        "k": k,
        "event": event if event is not None else (listed[-1] if listed else ""),
        "player_rows": player_rows,
        "game_rows": game_rows,
        "event_columns": event_columns,
    }
    return build_template("club_season.xlsx", path, inputs, lint=lint)


@template(
    "club_season.xlsx",
    "Club season ratings",
    defaults={
        "players": [list(p) for p in CLUB_PLAYERS],
        "games": [list(g) for g in CLUB_GAMES],
        "system": "uscf",
        "k": 20,
        "event": "December Swiss",
    },
    sample={
        "players": [list(p) for p in CLUB_PLAYERS],
        "games": [list(g) for g in CLUB_GAMES],
        "system": "uscf",
        "k": 20,
        "event": "December Swiss",
    },
    checks=CLUB_CHECKS,
    summary=("start", "ratings", "final"),
    options=_ROOM_DEFAULTS,
)
def _club_season(book: _Book, v: Mapping[str, object]) -> None:
    room = _club_room(v)
    players_grid, games_grid = _season_grids(v, room)
    # ---- Players
    p = book.sheet("Players")
    p.widths(A=28, B=12, C=12, D=12, E=10, F=3, G=70)
    p.title("Club members", _SUBTITLE)
    top = _PLAYERS_FIRST
    last_player = top + room.players - 1
    for col, text in enumerate(["Name", "Rating", "Rated games", "Floor", "Age"]):
        p.write(_a1(top - 2, col), text, "header")
    p.input_table(
        "players",
        f"A{top}",
        _table(v["players"]),
        room.players,
        [
            (
                _text_length(
                    1, 60, "Name", "The player's name (unique), as the Games sheet spells it."
                ),
                _TEXT_FORMAT,
            ),
            (
                _rating_validation(
                    "Rating", "The rating at the start of the season; blank if unrated."
                ),
                None,
            ),
            (
                _number(
                    0,
                    100000,
                    "Rated games",
                    "Rated games the rating rests on (0 or blank if unrated). Blank with a "
                    "rating: established, count not known.",
                    whole=True,
                ),
                None,
            ),
            (
                _rating_validation("Floor", "The player's rating floor (US Chess); blank: none."),
                None,
            ),
            (
                _number(
                    0, 130, "Age", "Age in years, for an unrated player's first US Chess rating."
                ),
                None,
            ),
        ],
        "Players",
    )
    bye_row = last_player + 1
    p.write(f"A{bye_row}", CLUB_BYE, "constant")
    p.write(
        f"B{bye_row}", "<- not a player: offered in the Games sheet's Black column for byes", "note"
    )
    notes = [
        "A blank rating means unrated: give a junior's age (US Chess starts an unrated player "
        "from the age; without one, 1300).",
        "Rated games: how many games the rating rests on; a rating with blank games is an "
        "established rating whose count is not known.",
        "Floor: the player's US Chess rating floor, if any. Rows left blank are skipped.",
    ]
    for i, text in enumerate(notes):
        p.write(f"G{top + i}", text, "note")
    p.ws.freeze_panes(top - 1, 1)
    players = f"Players!$A${top}:$E${last_player}"
    names = f"Players!$A${top}:$A${last_player}"

    # ---- Games
    g = book.sheet("Games")
    g.widths(A=22, B=12, C=8, D=24, E=24, F=9, G=3, H=70)
    g.title("Games of the season", _SUBTITLE)
    first = _GAMES_FIRST
    last_game = first + room.games - 1
    headers = ["Event", "Date", "Round", "White", "Black", "Result"]
    for col, text in enumerate(headers):
        g.write(_a1(first - 2, col), text, "header")
    g.input_table(
        "games",
        f"A{first}",
        _table(v["games"]),
        room.games,
        [
            (
                _text_length(
                    1, 100, "Event", "The event's name: the same on every row of the event."
                ),
                _TEXT_FORMAT,
            ),
            (
                _date(
                    dt.date(2000, 1, 1),
                    "Date",
                    "The event's date (the same on every row): events are rated in date order.",
                ),
                _DATE_FORMAT,
            ),
            (_number(1, 99, "Round", "The round number.", whole=True), None),
            (
                _from_range(
                    names,
                    "White",
                    "A name from the Players sheet (for a bye: the player who has it).",
                    "Choose a player listed on the Players sheet.",
                ),
                _TEXT_FORMAT,
            ),
            (
                _from_range(
                    f"Players!$A${top}:$A${bye_row}",
                    "Black",
                    f"A name from the Players sheet, or {CLUB_BYE} for a bye.",
                    f"Choose a player listed on the Players sheet, or {CLUB_BYE}.",
                ),
                _TEXT_FORMAT,
            ),
            (
                _choice(
                    CLUB_RESULTS,
                    "Result",
                    "From White's side: 1-0, 0-1, ½-½; forfeits +- (White wins) and -+. "
                    "A bye (BYE in Black): +- a full point, ½-½ half a point, -+ none.",
                ),
                _TEXT_FORMAT,
            ),
        ],
        "Games",
    )
    for i, text in enumerate(
        [
            "One row per game or bye. Result from White's side: 1-0, 0-1, ½-½; a forfeit is "
            "+- (White wins) or -+ and is not rated.",
            f"A bye: {CLUB_BYE} in Black and its points as the result: +- a full point, ½-½ half "
            "a point, -+ none (byes are not rated).",
            "The Result column is formatted as text, so that Excel keeps 1-0 and +- as typed "
            "(in a cell formatted General it reads 1-0 as a date and +- as a formula).",
            f"Room for {room.games} rows. Add an event with xlrating import FILE --into "
            "THIS_FILE.xlsx (FIDE TRF or US Chess crosstable).",
        ]
    ):
        g.write(f"H{first + i}", text, "note")
    g.ws.freeze_panes(first - 1, 0)
    games = f"Games!$A${first}:$F${last_game}"

    # ---- Ratings
    r = book.sheet("Ratings")
    r.widths(A=10, B=10, C=26)
    r.ws.set_column(3, 3 + room.events - 1, 15)
    r.title("Ratings after each event of the season", _SUBTITLE)
    r.section("A4", "Settings", 3)
    r.input(
        "system",
        "C5",
        "Rating system",
        v["system"],
        _choice(
            CLUB_SYSTEMS,
            "Rating system",
            "uscf: US Chess, each event in five steps. fide: each event as a rating period. "
            "elo: plain Elo with the K below. glicko2: Glicko-2.",
        ),
        label_ref="A5",
    )
    r.input(
        "k",
        "C6",
        "K-factor (elo only)",
        v["k"],
        _number(1, 100, "K-factor", "Used by the elo system only."),
        label_ref="A6",
    )
    for i, text in enumerate(
        [
            "uscf: each event rated as US Chess does (all five steps), with the ratings and "
            "game counts the previous event left; floors and ages as typed.",
            "fide: each event is its own rating period (its date picks the rules); newcomers' "
            "games are pooled until they earn a first rating.",
            "elo: plain Elo with the K-factor above; an unrated player starts at 1500. "
            "glicko2: Glicko-2, everyone starting with RD 350.",
            "Events are rated in date order. A blank cell: the player is (still) unrated.",
        ]
    ):
        r.write(f"A{7 + i}", text, "note")
    head = _RATINGS_HEADER
    data_first, data_last = head + 1, head + room.players
    event_first = 3  # column D
    event_last = event_first + room.events - 1
    r.section(f"A{head - 1}", "Ratings after each event (SEASON_RATINGS)", 3 + room.events)
    system = str(v["system"])
    k_text = 'IF($C$5="elo",$C$6,"")'  # SEASON_RATINGS refuses a K for the other systems
    args: dict[str, object] = {
        "players": Ref(players),
        "games": Ref(games),
        "system": Ref("$C$5"),
        "k": Expr(k_text, v["k"] if system == "elo" else None),
    }
    text = with_prefixes(_call_text("SEASON_RATINGS", args))
    problems = formula_problems(text, array=True)
    if problems:
        raise TemplateError(f"Ratings!C{head} ={text}: {problems[0]}")
    k_value = _as_cell(v["k"]) if system == "elo" else None
    table = FUNCTIONS["SEASON_RATINGS"](players_grid, games_grid, system, k_value)
    if not isinstance(table, list) or not table:
        raise TemplateError(f"club_season.xlsx: the season typed in gives {table!r}")
    rows = [list(row) for row in table]
    height, width = len(rows), len(rows[0])
    if width - 1 > room.events:
        raise TemplateError(
            f"club_season.xlsx: the season has {width - 1} events, more than its "
            f"{room.events} event columns (give event_columns)"
        )
    area = f"C{head}:{_a1(head - 1 + height - 1, 2 + width - 1)}"
    rating_fmt = book.fmt("output", _RATING_FORMAT)
    header_fmt = book.fmt("header")
    name_fmt = book.fmt("output")
    # The table holds what the function gives for the season typed in (the cached values a
    # viewer shows before any recalculation; the chart's categories are read from them).
    r.ws.write_dynamic_array_formula(area, "=" + text, header_fmt, "Player")
    for i in range(room.players + 1):
        for j in range(1 + room.events):
            row, col = head - 1 + i, 2 + j
            cell_format = header_fmt if i == 0 else name_fmt if j == 0 else rating_fmt
            value = rows[i][j] if i < height and j < width else None
            if (i, j) == (0, 0):
                continue
            if value is None or value == "":
                r.ws.write_blank(row, col, None, cell_format)
            elif isinstance(value, str):
                r.ws.write_string(row, col, value, cell_format)
            else:
                r.ws.write_number(row, col, float(value), cell_format)
    book.record("ratings", "Ratings", _absolute(area), "Ratings after each event")
    book.formats["ratings"] = _RATING_FORMAT
    spill_names = f"Ratings!$C${data_first}:$C${data_last}"
    spill_events = f"Ratings!$D${head}:${_a1(0, event_last)[:-1]}${head}"
    spill_table = f"Ratings!$C${data_first}:${_a1(0, event_last)[:-1]}${data_last}"
    starts = f"Ratings!$A${data_first}:$A${data_last}"
    r.write(f"A{head}", "Start", "header")
    r.write(f"B{head}", "Final", "header")
    ratings_of = f"Players!$B${top}:$B${last_player}"
    last_event_col = _a1(0, event_last)[:-1]
    for i in range(room.players):
        row = data_first + i
        found = f"INDEX({ratings_of},MATCH($C{row},{names},0))"
        last = f"INDEX($D{row}:${last_event_col}{row},COUNTA($D${head}:${last_event_col}${head}))"
        for letter, value in (("A", found), ("B", last)):
            r.formula(
                None,
                f"{letter}{row}",
                f'IF($C{row}="","",IFERROR(IF({value}="","{_UNRATED}",{value}),""))',
                "output",
                _RATING_FORMAT,
            )
    book.record("start", "Ratings", f"$A${head}:$A${data_last}", "Start rating")
    book.record("final", "Ratings", f"$B${head}:$B${data_last}", "Final rating")
    book.formats["start"] = book.formats["final"] = _RATING_FORMAT
    r.ws.freeze_panes(head, 3)

    # ---- Standings
    st = book.sheet("Standings")
    st.widths(A=26, B=12, C=10, D=8, E=14, F=14, G=10, H=3, I=70)
    st.title("Standings of one event", _SUBTITLE)
    st.input(
        "event",
        "B4",
        "Event",
        v["event"],
        _from_range(
            spill_events,
            "Event",
            "Choose an event of the season (the Ratings sheet lists them).",
            "Choose an event listed on the Ratings sheet.",
        ),
    )
    ev_games = f"Games!$A${first}:$A${last_game}"
    whites = f"Games!$D${first}:$D${last_game}"
    blacks_all = f"Games!$E${first}:$E${last_game}"
    st.formula(
        "event_rounds",
        "B5",
        f"SUMPRODUCT(MAX(({ev_games}=$B$4)*Games!$C${first}:$C${last_game}))",
        "output",
        "0",
        "Rounds",
    )
    sfirst, slast = _STANDINGS_FIRST, _STANDINGS_FIRST + room.players - 1
    st.formula(
        "event_players", "B6", f'COUNTIF($B${sfirst}:$B${slast},">0")', "output", "0", "Players"
    )
    columns = ["Player", "Rounds", "Points", "Rank", "Rating before", "New rating", "Change"]
    for col, text in enumerate(columns):
        st.write(_a1(sfirst - 2, col), text, "header")
    results = f"Games!$F${first}:$F${last_game}"
    event_col = f"MATCH($B$4,{spill_events},0)"
    for i in range(room.players):
        row, source = sfirst + i, top + i
        blank = f'IF($A{row}="","",'
        st.formula(
            None,
            f"A{row}",
            f'IF(Players!$A${source}="","",Players!$A${source})',
            "output",
        )
        player_row = f"MATCH($A{row},{spill_names},0)"
        # VLOOKUP gives values; INDEX over the table would build a reference to each cell.
        before = f"VLOOKUP($A{row},{spill_table},MAX({event_col}-1,1)+1,FALSE)"
        after = f"VLOOKUP($A{row},{spill_table},{event_col}+1,FALSE)"
        st.formula(
            None,
            f"E{row}",
            f"{blank}IFERROR(IF({event_col}=1,INDEX({starts},{player_row}),"
            f'IF({before}="","{_UNRATED}",{before})),""))',
            "output",
            _RATING_FORMAT,
        )
        st.formula(
            None,
            f"F{row}",
            f'{blank}IFERROR(IF({after}="","{_UNRATED}",{after}),""))',
            "output",
            _RATING_FORMAT,
        )
        st.formula(
            None,
            f"G{row}",
            f'IF(AND(ISNUMBER($E{row}),ISNUMBER($F{row})),$F{row}-$E{row},"")',
            "output",
            _CHANGE_FORMAT,
        )
    # Rounds, points and rank are array formulas over the player rows: one COUNTIFS pass
    # per column instead of one per player keeps a long season quick to recalculate.
    listed = f"$A${sfirst}:$A${slast}"
    rounds, points = f"$B${sfirst}:$B${slast}", f"$C${sfirst}:$C${slast}"

    def count(side: str, result: str) -> str:
        return f'COUNTIFS({ev_games},$B$4,{side},{listed},{results},"{result}")'

    # "1-*" and "0-*" (wildcards) make COUNTIFS compare text: written "1-0" the criterion
    # would be read as the date Jan-00.
    white = "+".join(count(whites, text) for text in ("1-*", "+-"))
    black = "+".join(count(blacks_all, text) for text in ("0-*", "-+"))
    halves = f"({count(whites, '½-½')}+{count(blacks_all, '½-½')})/2"
    blank_rows = f'IF({listed}="","",'
    st.array_formula(
        rounds,
        f"{blank_rows}COUNTIFS({ev_games},$B$4,{whites},{listed})"
        f"+COUNTIFS({ev_games},$B$4,{blacks_all},{listed}))",
        "0",
    )
    st.array_formula(points, f"{blank_rows}{white}+{black}+{halves})", "0.0")
    st.array_formula(
        f"$D${sfirst}:$D${slast}",
        f'{blank_rows}IF({rounds}=0,"",COUNTIFS({rounds},">0",{points},">"&{points})+1))',
        "0",
    )
    for key, letter, label, fmt in [
        ("standings_player", "A", "Player", "General"),
        ("rounds", "B", "Rounds", "0"),
        ("points", "C", "Points", "0.0"),
        ("rank", "D", "Rank", "0"),
        ("rating_before", "E", "Rating before", _RATING_FORMAT),
        ("new_rating", "F", "New rating", _RATING_FORMAT),
        ("change", "G", "Change", _CHANGE_FORMAT),
    ]:
        book.record(key, "Standings", f"${letter}${sfirst}:${letter}${slast}", label)
        book.formats[key] = fmt
    for i, text in enumerate(
        [
            "Points count byes and forfeits. Rounds: the rounds the player appears in (games, "
            "forfeits and byes). Rank: players with more points, plus one.",
            "Rating before: the rating the event started from (Start on the Ratings sheet for "
            "the first event); New rating: after the event, with the system chosen there.",
            "Points add up the Result column's 1-0, 0-1, ½-½, +- and -+ (other spellings the "
            "Ratings sheet accepts, such as 1/2-1/2 or 1, are not counted here).",
        ]
    ):
        st.write(f"I{sfirst + i}", text, "note")
    st.ws.freeze_panes(sfirst - 1, 1)

    # ---- Chart
    c = book.sheet("Chart")
    c.title("Ratings through the season", "One line per player: the rating after each event.")
    chart = book.wb.add_chart({"type": "line"})
    last_col = 2 + width - 1
    for i in range(1, height):
        row = head - 1 + i
        chart.add_series(
            {
                "name": ["Ratings", row, 2],
                "categories": ["Ratings", head - 1, 3, head - 1, last_col],
                "values": ["Ratings", row, 3, row, last_col],
                "marker": {"type": "circle", "size": 5},
            }
        )
    chart.set_title({"name": "Ratings after each event"})
    chart.set_x_axis({"name": "Event"})
    chart.set_y_axis({"name": "Rating", "major_gridlines": {"visible": True}})
    chart.set_legend({"position": "right"})
    chart.set_size({"width": 1000, "height": 520})
    c.ws.insert_chart("A4", chart)
    c.write(
        "A32",
        "The chart reads the table on the Ratings sheet (xlrating import and xlrating recalc "
        "keep its lines in step with the players and events). Where a player is still "
        "unrated the table holds an empty text, which the chart draws at 0.",
        "note",
    )

    _how_to_use(
        book,
        [
            "A club's season: the players (sheet Players), every game (sheet Games), every "
            "player's rating after each event (sheet Ratings, one SEASON_RATINGS call), the "
            "standings of one event (sheet Standings) and a chart of the ratings (sheet Chart).",
            "Players: name, rating at the start of the season (blank if unrated), rated games "
            "(blank with a rating: established, count not known), floor, age (for an unrated "
            f"junior). Room for {room.players} players; blank rows are skipped.",
            "Games: event, date, round, White, Black and the result from White's side (1-0, "
            f"0-1, ½-½, +- or -+ for a forfeit, which is not rated). A bye: {CLUB_BYE} in Black "
            "and its points as the result (+- a full point, ½-½ half a point, -+ none). Room "
            f"for {room.games} rows.",
            "Ratings: choose the system (uscf, fide, elo with its K-factor, glicko2). Excel 365 "
            "spills the table to fit the season. Older Excel shows it as an array formula over "
            "the range the season had when the file was written (a fixed CSE array): after "
            "adding players or events select a larger range from its first cell and confirm "
            "the formula with Ctrl+Shift+Enter, or let xlrating recalc resize it.",
            "Add an event from a FIDE TRF file or a US Chess crosstable (players not yet on the "
            "Players sheet are added, then the games):",
            "    xlrating import FILE --into THIS_FILE.xlsx [--event NAME] [--date YYYY-MM-DD]",
        ],
    )
