"""The register of templates and what every template gets: How to use, Checks, xlwings.conf.

Each template is a function that lays out its sheets on a :class:`~.writer.Book`,
registered with :func:`template` under its file name (the modules of this package do so
when imported, in build order).  :func:`build_template` adds the Checks sheet (the seeds'
worked examples computed by the functions next to the values the seeds print, with
PASS/FAIL) and the xlwings.conf sheet, writes the book to a temporary file beside the
target, lints it (:mod:`xlrating.workbook.lint.book`), and only then renames it over the
target, so a failed build never damages an existing file.  The build is deterministic
(fixed creation date), so a rebuild of an unchanged template gives the same bytes.
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from ..lint.book import lint_workbook
from ..ooxml.a1 import absolute
from ..ooxml.files import check_package, replacing
from ..season.layout import CHECKS_SHEET
from .instructions import how_to_use_lines
from .writer import Address, Book, Ref, TemplateError, call_text, cell_at, literal

__all__ = [
    "BUILD_DATE",
    "NOT_APPLICABLE",
    "NOT_COMPARED",
    "TEMPLATES",
    "XLWINGS_CONF_SHEET",
    "XLWINGS_UDF_MODULE",
    "Builder",
    "Built",
    "Check",
    "SheetAgreement",
    "Template",
    "build_all",
    "build_template",
    "how_to_use_sheet",
    "layout",
    "lint_template",
    "sheet_ref",
    "template",
]

#: The creation date written into every template, so that rebuilds give the same file.
BUILD_DATE: Final = dt.datetime(2026, 1, 1, 0, 0, 0)

_HOW_TO_USE: Final = "How to use"
_CHECKS: Final = CHECKS_SHEET
#: How column D of a row comparing two sheets begins when the sheets, as the user has set
#: them (two different events chosen), cannot be compared; the row's result is then
#: :data:`NOT_APPLICABLE` and the status still reads ALL PASS.
NOT_COMPARED: Final = "not compared:"
NOT_APPLICABLE: Final = "n/a"


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
    #: Pick the cell at this (row, column) of the table the function returns, 1-based.
    cell: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class SheetAgreement:
    """A consistency row of the Checks sheet: two sheets of the same book must agree.

    The computed and the expected cell are both formulas, built from the template's layout
    (its recorded addresses) when the Checks sheet is written.
    """

    id: str
    label: str
    #: What is compared, in words.
    inputs: str
    #: Formula text (no "=") of the value checked, from the layout's addresses.
    computed: Callable[[Mapping[str, Address]], str]
    #: Formula text of the value it must equal.
    expected: Callable[[Mapping[str, Address]], str]
    #: Where the two values come from.
    source: str
    tolerance: float = 0.0
    num_format: str = "0.00"


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
Builder = Callable[[Book, Mapping[str, object]], None]


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
    #: Consistency rows of the Checks sheet, after the checks.
    agreements: tuple[SheetAgreement, ...] = ()


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
    agreements: Sequence[SheetAgreement] = (),
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
            tuple(agreements),
        )
        return build

    return add


# ---------------------------------------------------------------- the sheets every template has


def how_to_use_sheet(book: Book, about: Sequence[str]) -> None:
    sheet = book.sheet(_HOW_TO_USE)
    sheet.widths(A=4, B=90)  # 71 characters of 8.43 points: one portrait page wide
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
        *how_to_use_lines(),
    ]
    row = 2
    for kind, text in lines:
        if kind == "section":
            row += 1
            sheet.section(cell_at(row, 0), text)
        else:
            sheet.write(cell_at(row, 1), text, kind)
        row += 1


#: The sheet xlwings reads for workbook settings (keys in column A, values in column B from
#: A1; they override the user's xlwings.conf), so "UDF Modules" needs no setting by hand.
XLWINGS_CONF_SHEET: Final = "xlwings.conf"
XLWINGS_UDF_MODULE: Final = "xlrating.udfs"


def _xlwings_conf(book: Book) -> None:
    """The xlwings.conf sheet, hidden: it is never printed, and xlwings reads it all the
    same (its add-in finds it with ``wb.Sheets("xlwings.conf")``, which holds hidden
    sheets too: xlwings 0.37 ``addin/Config.bas`` GetConfigFromSheet; ``xlwings release``
    hides it itself, ``cli.py``: ``book.sheets["xlwings.conf"].visible = False``)."""
    conf = book.wb.add_worksheet(XLWINGS_CONF_SHEET)
    conf.write_string(0, 0, "UDF Modules")
    conf.write_string(0, 1, XLWINGS_UDF_MODULE)
    conf.hide()


def _checks_sheet(
    book: Book, checks: Sequence[Check], agreements: Sequence[SheetAgreement] = ()
) -> None:
    sheet = book.sheet(_CHECKS)
    # One landscape page wide at 88 %: the long labels and sources wrap in A, B and G.
    sheet.widths(A=34, B=34, C=11, D=11, E=9, F=7, G=44)
    sheet.title(
        "Checks: published worked examples, recomputed by xlrating's functions",
        "Column C computes each example; column D holds the value the source prints. PASS "
        "means this computer's set-up reproduces the published result."
        + (
            " The last rows compare two sheets of this workbook: column D reads the other one."
            if agreements
            else ""
        ),
    )
    first, last = 6, 6 + len(checks) + len(agreements) - 1
    status = (
        f'IF(COUNTIF(F{first}:F{last},"PASS")+COUNTIF(F{first}:F{last},"{NOT_APPLICABLE}")='
        f'{len(checks) + len(agreements)},"ALL PASS","SOME CHECKS FAIL: see column F")'
    )
    sheet.write("A3", "Status", "label")
    sheet.formula("checks:status", "B3", status, "headline")
    headers = ["Check", "Inputs", "Computed", "Expected", "Tolerance", "Result", "Source"]
    for col, text in enumerate(headers):
        sheet.write(cell_at(first - 2, col), text, "header")
    inputs = _input_tables(sheet, checks, last + 3)
    for i, check in enumerate(checks):
        row = first - 1 + i
        inner = sheet.evaluate(check.function, check.args)
        text = call_text(
            check.function,
            {k: inputs.get(_table_key(v), v) for k, v in check.args.items()},
        )
        if check.row is not None:
            labels = [r[0] for r in inner] if isinstance(inner, list) else []
            if check.row not in labels:
                raise TemplateError(
                    f"check {check.id}: {check.function} has no row {check.row!r} (rows: {labels})"
                )
            # By position, not VLOOKUP of the label: LibreOffice never finds text inside an
            # add-in's table result (docs/libreoffice.md), and the rows are fixed.
            text = f"INDEX({text},{labels.index(check.row) + 1},2)"
        elif check.total:
            text = f"SUM({text})"
        elif check.cell is not None:
            text = f"INDEX({text},{check.cell[0]},{check.cell[1]})"
        sheet.write(cell_at(row, 0), check.label, "label")
        sheet.write(cell_at(row, 1), check.inputs, "label")
        sheet.formula(f"check:{check.id}", cell_at(row, 2), text, "output", check.num_format, None)
        sheet.write(cell_at(row, 3), check.expected, "constant", check.num_format)
        _verdict(sheet, row, check.id, check.tolerance, check.source)
    for j, agreement in enumerate(agreements):
        row = first - 1 + len(checks) + j
        sheet.write(cell_at(row, 0), agreement.label, "label")
        sheet.write(cell_at(row, 1), agreement.inputs, "label")
        sheet.formula(
            f"check:{agreement.id}",
            cell_at(row, 2),
            agreement.computed(book.cells),
            "output",
            agreement.num_format,
        )
        expected = agreement.expected(book.cells)
        sheet.formula(
            f"expected:{agreement.id}", cell_at(row, 3), expected, "output", agreement.num_format
        )
        _verdict(sheet, row, agreement.id, agreement.tolerance, agreement.source, comparable=True)
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


#: A check's table argument (a list of rows) with more rows than this is written into
#: cells below the checks, and the check's formula reads that range: the club season's
#: eight crosstable checks then each hold a short reference instead of 2,000 characters
#: of array constant, which every spreadsheet (and the embedded engine) parses cell by
#: cell; the same table is written once, however many checks read it.
INLINE_TABLE_ROWS: Final = 8


def _table_key(value: object) -> str | None:
    """The literal text of a table argument long enough to go into cells (else None)."""
    if (
        isinstance(value, (list, tuple))
        and len(value) > INLINE_TABLE_ROWS
        and all(isinstance(row, (list, tuple)) for row in value)
    ):
        return literal(value)
    return None


def _input_tables(sheet: Any, checks: Sequence[Check], first_row: int) -> dict[str | None, Ref]:
    """Write the checks' long table arguments from row *first_row* (1-based) down, each
    under a line naming it, and return the range each is written to by its literal text."""
    written: dict[str | None, Ref] = {}
    row = first_row - 1  # zero-based from here
    for check in checks:
        for name, value in check.args.items():
            key = _table_key(value)
            if key is None or key in written or not isinstance(value, (list, tuple)):
                continue
            if not written:
                sheet.section(cell_at(row, 0), "Inputs of the checks above", 2)
                row += 1
            table = [list(r) for r in value]
            sheet.write(cell_at(row, 0), f"{check.function} {name}: {check.inputs}", "label")
            width = max(len(r) for r in table)
            for i, cells in enumerate(table):
                for j in range(width):
                    cell = cells[j] if j < len(cells) else None
                    sheet.write(cell_at(row + 1 + i, j), cell, "constant")
            area = f"{cell_at(row + 1, 0)}:{cell_at(row + len(table), width - 1)}"
            written[key] = Ref(absolute(area))
            row += len(table) + 2
    return written


def _verdict(
    sheet: Any, row: int, key: str, tolerance: float, source: str, comparable: bool = False
) -> None:
    """Columns E to G of a Checks row: the tolerance, PASS or FAIL, the source.

    *comparable*: a row comparing two sheets, whose column D may say why the two cannot be
    compared as the user has set them (text starting :data:`NOT_COMPARED`): then the
    result is :data:`NOT_APPLICABLE`, which the status counts as no failure."""
    sheet.write(cell_at(row, 4), tolerance, "constant", "General")
    c, d, e = (cell_at(row, k) for k in (2, 3, 4))
    verdict = (
        f'IFERROR(IF(ISNUMBER({d}),IF(ABS({c}-{d})<={e},"PASS","FAIL"),'
        f'IF({c}={d},"PASS","FAIL")),"FAIL")'
    )
    if comparable:
        verdict = f'IF(LEFT({d},{len(NOT_COMPARED)})="{NOT_COMPARED}","{NOT_APPLICABLE}",{verdict})'
    sheet.formula(f"result:{key}", cell_at(row, 5), verdict, "output")
    sheet.write(cell_at(row, 6), source, "note")


def sheet_ref(cells: Mapping[str, Address], key: str) -> str:
    """A recorded address as a formula reference: ``'Sheet name'!$A$1:$B$2``."""
    sheet, ref = cells[key]
    return f"'{sheet}'!{ref}"


# ---------------------------------------------------------------- building


def _make(spec: Template, target: Any, inputs: Mapping[str, object] | None) -> Built:
    values = {**spec.defaults, **spec.options}
    if inputs:
        unknown = sorted(set(inputs) - set(values))
        if unknown:
            raise TemplateError(f"{spec.filename} has no input {', '.join(unknown)}")
        values.update(inputs)
    book = Book(target)
    book.title = spec.title
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
    _checks_sheet(book, spec.checks, spec.agreements)
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
    with replacing(path) as temp:
        built = _make(spec, str(temp), inputs)
        check_package(temp, path)  # before the lint reads it: a bad part said as one
        if lint:
            lint_template(name, temp)
    return Built(path, built.cells, built.labels, built.formats)


def lint_template(name: str, path: str | Path) -> None:
    """Lint the built template *name* at *path* as a whole workbook (every reference lands
    on a sheet, inside its used area; every name is defined).

    :raises TemplateError: naming the first problem's cell.
    """
    problems = lint_workbook(path)
    if problems:
        raise TemplateError(
            f"{name}: {problems[0].sheet}!{problems[0].cell}: {problems[0].message}"
        )


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
