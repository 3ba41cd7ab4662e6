"""The harness over the committed template workbooks (workbooks/*.xlsx).

Every workbook is linted (registry functions with valid argument counts, references inside
their sheets, no ``_xludf.``, future functions prefixed ``_xlfn.``, the calcPr of
current values) and
evaluated headlessly with the registry's functions (once per workbook: module fixtures).
Then:

* each Checks row matches the value the seed prints (typed into the workbook and below),
  shows PASS, and equals what the rating core computes when called directly;
* each calculator sheet, holding a seed's worked example, equals the core called directly
  with the inputs read from the workbook, and the seed's printed results;
* the committed files equal what the builder makes now (contents, not bytes).

A failure names the workbook, the sheet and the cell.
"""

from __future__ import annotations

import datetime as dt
import functools
import math
import re
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from xlrating.rating import elo, fide, uscf
from xlrating.rating.events import FidePlayer
from xlrating.rating.season import rate_season
from xlrating.rating.tiebreak import crosstable
from xlrating.rating.tournament import Game, Player
from xlrating.sheet.catalog import FUNCTIONS
from xlrating.workbook import templates
from xlrating.workbook.engine.evaluation import Evaluation
from xlrating.workbook.lint import book as lint
from xlrating.workbook.ooxml.cells import CellError
from xlrating.workbook.ooxml.xlsx import CURRENT_CALC_ID
from xlrating.workbook.templates import instructions
from xlrating.workbook.templates.club_sample import (
    CLUB_CHECKS,
    TEC_EXERCISE_GAMES,
    TEC_EXERCISE_PLAYERS,
)
from xlrating.workbook.templates.registry import NOT_APPLICABLE, NOT_COMPARED

from .conftest import evaluated  # a committed workbook, evaluated once per session

WORKBOOKS = Path(__file__).resolve().parent.parent / "workbooks"
NAMES = list(templates.TEMPLATES)
#: The templates for tests that evaluate them: the club season's evaluation takes seconds,
#: so those runs are ``slow`` (the quick loop evaluates the three calculators).
EVALUATED = [
    pytest.param(name, marks=pytest.mark.slow) if name == "club_season.xlsx" else name
    for name in NAMES
]
SCORES = {"W": 1.0, "D": 0.5, "L": 0.0}
#: What a Checks row's source may begin with: the published pages and texts it reproduces.
SOURCES = (
    "US Chess rating",
    "'USCF Rating Calculator'",
    "'Elo rating calculator'",
    "'Chess Elo Calculator'",
    "'FIDE rating calculator'",
    "FIDE TEC",
)


def _where(name: str, sheet: str, cell: str) -> str:
    return f"{name} {sheet}!{cell.replace('$', '')}"


def _cells(ref: str) -> Iterator[str]:
    from openpyxl.utils.cell import get_column_letter, range_boundaries

    min_col, min_row, max_col, max_row = range_boundaries(ref.replace("$", ""))
    for row in range(min_row, max_row + 1):
        for col in range(min_col, max_col + 1):
            yield f"{get_column_letter(col)}{row}"


@pytest.fixture(scope="module")
def books() -> dict[str, Any]:
    """The committed workbooks opened by openpyxl (formulas, not values)."""
    from openpyxl import load_workbook

    return {name: load_workbook(WORKBOOKS / name) for name in NAMES}


@pytest.fixture(scope="module")
def layouts() -> dict[str, templates.Built]:
    return {name: templates.layout(name) for name in NAMES}


def _formula_cells(wb: Any) -> Iterator[tuple[str, str, str]]:
    from openpyxl.worksheet.formula import ArrayFormula

    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, ArrayFormula):
                    for member in _cells(cell.value.ref):
                        yield ws.title, member, cell.value.text
                elif cell.data_type == "f":
                    yield ws.title, cell.coordinate, str(cell.value)


# ---------------------------------------------------------------- what is committed


def test_every_template_is_committed_and_nothing_else() -> None:
    committed = sorted(p.name for p in WORKBOOKS.glob("*.xlsx"))
    assert committed == sorted(NAMES), "run `xlrating templates` to refresh workbooks/"


@pytest.mark.parametrize("name", NAMES)
def test_lint_is_clean(name: str) -> None:
    problems = lint.lint_workbook(WORKBOOKS / name, values="current")
    assert not problems, "\n".join(str(p) for p in problems)


@pytest.mark.parametrize("name", NAMES)
def test_file_level_rules(name: str) -> None:
    """Raw XML: no _xludf. anywhere, recalculation on open, dynamic-array metadata."""
    with zipfile.ZipFile(WORKBOOKS / name) as zf:
        parts = {n: zf.read(n).decode("utf-8") for n in zf.namelist() if n.endswith(".xml")}
    for part, text in parts.items():
        assert "_xludf." not in text.lower(), f"{name} {part} carries _xludf."
    # the committed templates carry their computed values: Excel must keep them on open
    calc = re.search(r"<calcPr\b[^>]*>", parts["xl/workbook.xml"])
    assert calc is not None and f'calcId="{CURRENT_CALC_ID}"' in calc.group(0), f"{name}: {calc}"
    assert "fullCalcOnLoad" not in calc.group(0), f"{name}: {calc.group(0)} discards the values"
    arrays = [
        (part, m.group(0))
        for part, text in parts.items()
        if part.startswith("xl/worksheets/")
        for m in re.finditer(r'<c [^>]*><f t="array"[^>]*>', text)
    ]
    for part, tag in arrays:  # cm="1" points at the XLDAPR (dynamic array) metadata
        assert 'cm="1"' in tag, f"{name} {part}: {tag} is a legacy CSE array, not dynamic"
    if arrays:
        assert "xl/metadata.xml" in parts and "XLDAPR" in parts["xl/metadata.xml"]
    spilling = {n for n, fn in FUNCTIONS.items() if fn.spills}
    used = {n for text in parts.values() for n in spilling if f"{n}(" in text}
    assert not used or arrays, f"{name} calls {used} but has no dynamic array"


@pytest.mark.parametrize("name", NAMES)
def test_how_to_use_and_checks_sheets(name: str, books: dict[str, Any]) -> None:
    wb = books[name]
    assert wb.sheetnames[-3:] == ["How to use", "Checks", "xlwings.conf"], f"{name}"
    # the sheet xlwings reads for workbook settings points the add-in at the functions
    conf = wb["xlwings.conf"]
    assert (conf["A1"].value, conf["B1"].value) == ("UDF Modules", "xlrating.udfs")
    text = " ".join(str(c.value) for row in wb["How to use"].iter_rows() for c in row if c.value)
    for _, line in instructions.how_to_use_lines():
        assert line in text, f"{name} How to use lacks {line[:60]!r}"
    assert 'pip install "xlrating[' not in text


@pytest.mark.parametrize("name", NAMES)
def test_inputs_are_styled_and_validated(
    name: str, books: dict[str, Any], layouts: dict[str, templates.Built]
) -> None:
    wb = books[name]
    spec = templates.TEMPLATES[name]
    for key in spec.defaults:
        sheet, ref = layouts[name].cells[key]
        ws = wb[sheet]
        validated = {
            c
            for dv in ws.data_validations.dataValidation
            for rng in dv.sqref.ranges
            for c in _cells(rng.coord)
        }
        for cell in _cells(ref):
            where = _where(name, sheet, cell)
            assert cell in validated, f"{where}: input without validation"
            fill = ws[cell].fill.fgColor.rgb
            assert str(fill).upper().endswith("FFF2CC"), f"{where}: input not yellow ({fill})"


@pytest.mark.parametrize("name", NAMES)
def test_rating_results_show_whole_numbers(
    name: str, books: dict[str, Any], layouts: dict[str, templates.Built]
) -> None:
    built = layouts[name]
    wb = books[name]
    inputs = templates.TEMPLATES[name].defaults
    ratings = [
        k
        for k, label in built.labels.items()
        if label.lower().endswith(("new rating", "performance rating", "first rating"))
        and k not in inputs
    ]
    assert ratings, f"{name}: no rating outputs found"
    for key in ratings:
        sheet, ref = built.cells[key]
        for cell in _cells(ref):  # a column of results (club_season.xlsx) cell by cell
            assert wb[sheet][cell].number_format == "0", (
                f"{_where(name, sheet, cell)}: {built.labels[key]} is not shown as a whole number"
            )


def _content(wb: Any) -> dict[str, Any]:
    from openpyxl.worksheet.formula import ArrayFormula

    out: dict[str, Any] = {"sheets": wb.sheetnames}
    for ws in wb.worksheets:
        # The other cells of an array formula's range hold its cached values (placeholder
        # zeros in a fresh build, the results in a recalculated one), not content.
        members = {
            cell
            for row in ws.iter_rows()
            for c in row
            if isinstance(c.value, ArrayFormula)
            for cell in _cells(c.value.ref)
            if cell != c.coordinate
        }
        for row in ws.iter_rows():
            for c in row:
                value = c.value
                if isinstance(value, ArrayFormula):
                    value = ("array", value.ref, value.text)
                if c.coordinate in members:
                    value = ("array member",)
                if value is not None:
                    out[f"{ws.title}!{c.coordinate}"] = (value, c.number_format)
        out[f"{ws.title} validations"] = sorted(
            (str(dv.sqref), dv.type, dv.operator, dv.formula1, dv.formula2)
            for dv in ws.data_validations.dataValidation
        )
    return out


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_committed_template_equals_a_fresh_build(
    name: str, tmp_path: Path, books: dict[str, Any]
) -> None:
    from openpyxl import load_workbook

    fresh = templates.build_template(name, tmp_path / name).path
    assert fresh is not None
    committed, built = _content(books[name]), _content(load_workbook(fresh))
    stale = sorted(k for k in committed.keys() | built.keys() if committed.get(k) != built.get(k))
    assert not stale, (
        f"workbooks/{name} is stale at {stale[:5]} (committed {committed.get(stale[0])!r}, "
        f"built {built.get(stale[0])!r}): run `xlrating templates`"
    )


# ---------------------------------------------------------------- evaluation


@pytest.mark.parametrize("name", EVALUATED)
def test_every_formula_computes_without_error(name: str, books: dict[str, Any]) -> None:
    ev = evaluated(name)
    seen = 0
    for sheet, cell, formula in _formula_cells(books[name]):
        value = ev.value(sheet, cell)
        where = _where(name, sheet, cell)
        assert (sheet, cell) in ev.values, f"{where}: the engine computed nothing for {formula}"
        assert not isinstance(value, CellError), f"{where}: {formula} gives {value}"
        assert not (isinstance(value, str) and value.startswith(("#VALUE!", "#N/A"))), (
            f"{where}: {formula} gives {value}"
        )
        seen += 1
    assert seen > 20


def _number(value: object, where: str) -> float:
    assert isinstance(value, (int, float)) and not isinstance(value, bool), (
        f"{where}: expected a number, got {value!r}"
    )
    return float(value)


# The seeds' worked examples, recomputed by the rating core called directly (not the
# workbook). Every check in a template must have an entry here.
_USCF_OPP = [1600.0, 1650.0, 1750.0, 1800.0]
_USCF_RES = [1.0, 0.5, 0.0, 1.0]
_FIDE_OPP = [1750.0, 1850.0, 1900.0, 1700.0, 2000.0]
_FIDE_RES = [1.0, 0.5, 0.0, 1.0, 0.5]


def _fide_single(rating: float, opponent: float, score: float) -> float:
    return fide.rating_change(rating, [opponent], [score], 20).change_unrounded


def _elo_season(a: float, b: float, score: float, name: str) -> float | None:
    """One Elo event (K 20) of one game between A (White) and B, by the season core."""
    players = [Player("A", a, 30), Player("B", b, 30)]
    games = [Game(1, "A", "B", score)]
    season = rate_season(players, [("E", dt.date(2026, 1, 10), games)], system="elo", k=20)
    return season.row(name).after[0]


def _fide_season_seed_001() -> float | None:
    players = [FidePlayer("Me", 1800.0, 100)] + [
        FidePlayer(n, r, 100) for n, r in zip("ABCDE", _FIDE_OPP, strict=True)
    ]
    games = [
        Game(1, "Me", "A", 1.0),
        Game(2, "B", "Me", 0.5),
        Game(3, "Me", "C", 0.0),
        Game(4, "D", "Me", 0.0),
        Game(5, "Me", "E", 0.5),
    ]
    season = rate_season(players, [("E", dt.date(2026, 1, 10), games)], system="fide")
    return season.row("Me").after[0]


def _tec_crosstable(cell: tuple[int, int] | None) -> object:
    """A cell of FIDE's tie-break exercise crosstable, by the tie-break core directly."""
    assert cell is not None
    ratings = {str(p[0]): float(p[1]) for p in TEC_EXERCISE_PLAYERS}  # type: ignore[arg-type]
    games = [
        Game(
            int(r),  # type: ignore[call-overload]
            str(w),
            None if b == "BYE" else str(b),
            1.0 if res in ("1-0", "+-") else 0.5 if res == "½-½" else 0.0,
            "bye" if b == "BYE" else "forfeit" if res in ("+-", "-+") else "played",
        )
        for _, _, r, w, b, res in TEC_EXERCISE_GAMES
    ]
    row = crosstable(games, ratings, dt.date(2024, 3, 18))[cell[0] - 2]
    return {2: row.name, 9: row.total, 10: row.buchholz, 11: row.sonneborn_berger}[cell[1]]


CORE: dict[str, Callable[[], object]] = {
    "uscf-effective-games": lambda: uscf.effective_games(1700, 30),
    "uscf-n-star-cap": lambda: uscf.effective_games(2400, 100),
    "uscf-k": lambda: uscf.k_factor(1700, 30, 4),
    "uscf-expected": lambda: sum(uscf.winning_expectancy(1700, o) for o in _USCF_OPP),
    "uscf-change": lambda: uscf.rate(1700, 30, _USCF_OPP, _USCF_RES).change,
    "uscf-bonus": lambda: uscf.rate(1700, 30, _USCF_OPP, _USCF_RES).bonus,
    "uscf-new-rating": lambda: uscf.rate(1700, 30, _USCF_OPP, _USCF_RES).new_rating,
    "uscf-class": lambda: uscf.rating_class(1717),
    "fide-expected-100": lambda: fide.expected_score(1600, 1500),
    "fide-expected-200": lambda: fide.expected_score(1700, 1500),
    "fide-expected-400": lambda: fide.expected_score(1900, 1500),
    "fide-expected-lower": lambda: fide.expected_score(1500, 1600),
    "fide-expected-95": lambda: fide.expected_score(1595, 1500),
    "fide-expected-minus-95": lambda: fide.expected_score(1500, 1595),
    "fide-logistic-100": lambda: fide.expected_score(1600, 1500, method="logistic"),
    "fide-logistic-200": lambda: fide.expected_score(1700, 1500, method="logistic"),
    "fide-logistic-400": lambda: fide.expected_score(1900, 1500, method="logistic"),
    "fide-win-up": lambda: _fide_single(1500, 1600, 1.0),
    "fide-loss-up": lambda: _fide_single(1500, 1600, 0.0),
    "fide-win-down": lambda: _fide_single(2000, 1600, 1.0),
    "fide-loss-down": lambda: _fide_single(2000, 1600, 0.0),
    "fide-k-700": lambda: fide.k_factor(1500, 10, None, False, 18),
    "fide-k-2400": lambda: fide.k_factor(2350, 100, None, True),
    "fide-k-20": lambda: fide.k_factor(2100, 100),
    "fide-k-junior": lambda: fide.k_factor(1900, 100, 2010, False, 1, dt.date(2026, 6, 1)),
    "fide-performance-64": lambda: fide.performance_rating([1800.0] * 7, [1, 1, 1, 1, 0.5, 0, 0]),
    "fide-dp-64": lambda: fide.dp(4.5 / 7),
    "fide-expected-total": lambda: (
        fide.rating_change(1800, _FIDE_OPP, _FIDE_RES, 20).expected_total
    ),
    "fide-change": lambda: fide.rating_change(1800, _FIDE_OPP, _FIDE_RES, 20).change,
    "fide-new-rating": lambda: fide.rating_change(1800, _FIDE_OPP, _FIDE_RES, 20).new_rating,
    "fide-performance": lambda: fide.performance_rating(_FIDE_OPP, _FIDE_RES),
    "fide-dp-60": lambda: fide.dp(0.6),
    "fide-first-rating": lambda: fide.first_rating([1800.0] * 5, [1.0] * 5).rating,
    "fide-first-rating-cap": lambda: fide.first_rating([2500.0] * 5, [1.0] * 5).rating,
    "elo-expected-up": lambda: elo.expected_score(1500, 1700),
    "elo-win-up": lambda: elo.rating_change(1500, [1700], [1], 20).change,
    "elo-new-up": lambda: elo.rating_change(1500, [1700], [1], 20).new_rating,
    "elo-expected-down": lambda: elo.expected_score(1700, 1500),
    "elo-loss-down": lambda: elo.rating_change(1700, [1500], [0], 20).change,
    "elo-new-down": lambda: elo.rating_change(1700, [1500], [0], 20).new_rating,
    "elo-expected-equal": lambda: elo.expected_score(1600, 1600),
    "elo-draw-equal": lambda: elo.rating_change(1600, [1600], [0.5], 20).change,
    "elo-k10": lambda: elo.rating_change(1500, [1700], [1], 10).change,
    "elo-k40": lambda: elo.rating_change(1500, [1700], [1], 40).change,
    "elo-expected-100": lambda: elo.expected_score(1500, 1600),
    "elo-win-100": lambda: elo.rating_change(1500, [1600], [1], 20).change,
    "elo-loss-100": lambda: elo.rating_change(1500, [1600], [0], 20).change,
    "season-elo-win": lambda: _elo_season(1500, 1700, 1.0, "A"),
    "season-elo-loss": lambda: _elo_season(1500, 1700, 1.0, "B"),
    "season-elo-draw": lambda: _elo_season(1600, 1600, 0.5, "A"),
    "season-fide-seed-001": _fide_season_seed_001,
    **{
        check.id: functools.partial(_tec_crosstable, check.cell)
        for check in CLUB_CHECKS
        if check.id.startswith("tiebreak-tec-")
    },
}


def _same(actual: object, expected: object) -> bool:
    if isinstance(expected, str) or isinstance(actual, str):
        return actual == expected
    return math.isclose(float(actual), float(expected), rel_tol=1e-12, abs_tol=1e-9)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", EVALUATED)
def test_checks_sheet_passes_against_the_seeds(
    name: str, books: dict[str, Any], layouts: dict[str, templates.Built]
) -> None:
    ev, built, ws = evaluated(name), layouts[name], books[name]["Checks"]
    checks = templates.TEMPLATES[name].checks
    assert checks, f"{name} has no checks"
    for check in checks:
        sheet, ref = built.cells[f"check:{check.id}"]
        cell = ref.replace("$", "")
        where = _where(name, sheet, cell)
        computed = ev.value(sheet, cell)
        row = int(cell[1:])
        typed = ws[f"D{row}"].value
        assert typed == check.expected, f"{name} Checks!D{row}: typed {typed!r}"
        # the rule and its source as a user reads them (never the project's seed numbers)
        assert "seed" not in check.source.lower(), f"{where}: {check.source!r}"
        assert check.source.startswith(SOURCES), f"{where}: no source named"
        assert ws[f"G{row}"].value == check.source, f"{name} Checks!G{row}: source note"
        if isinstance(check.expected, str):
            assert computed == check.expected, f"{where} ({check.id}): {computed!r}"
        else:
            value = _number(computed, where)
            assert abs(value - check.expected) <= check.tolerance + 1e-12, (
                f"{where} ({check.id}): computed {value}, the seed prints {check.expected}"
            )
        verdict = ev.value(sheet, f"F{row}")
        assert verdict == "PASS", f"{name} Checks!F{row} ({check.id}) shows {verdict!r}"
    for agreement in templates.TEMPLATES[name].agreements:
        sheet, ref = built.cells[f"check:{agreement.id}"]
        row = int(ref.replace("$", "")[1:])
        computed, expected = ev.value(sheet, f"C{row}"), ev.value(sheet, f"D{row}")
        where = _where(name, sheet, f"C{row}")
        assert ws[f"G{row}"].value == agreement.source, f"{name} Checks!G{row}: source note"
        if str(expected).startswith(NOT_COMPARED):  # the empty season: nothing to compare
            assert ev.value(sheet, f"F{row}") == NOT_APPLICABLE, f"{where} ({agreement.id})"
            continue
        assert computed not in (None, "") and computed == pytest.approx(expected), (
            f"{where} ({agreement.id}): {computed!r} against {expected!r}"
        )
        assert ev.value(sheet, f"F{row}") == "PASS", f"{name} Checks!F{row} ({agreement.id})"
    status_sheet, status_ref = built.cells["checks:status"]
    assert ev.value(status_sheet, status_ref) == "ALL PASS", f"{name} Checks!B3"


@pytest.mark.parametrize("name", EVALUATED)
def test_checks_sheet_equals_the_core(name: str, layouts: dict[str, templates.Built]) -> None:
    ev, built = evaluated(name), layouts[name]
    for check in templates.TEMPLATES[name].checks:
        assert check.id in CORE, f"check {check.id} has no core comparison in this test"
        sheet, ref = built.cells[f"check:{check.id}"]
        computed = ev.value(sheet, ref)
        core = CORE[check.id]()
        assert _same(computed, core), (
            f"{_where(name, sheet, ref)} ({check.id}): workbook {computed!r}, core {core!r}"
        )


# ---------------------------------------------------------------- worked examples


def _read(wb: Any, address: tuple[str, str]) -> Any:
    sheet, ref = address
    cells = [wb[sheet][c].value for c in _cells(ref)]
    return cells[0] if ":" not in ref else cells


def _games(
    wb: Any, built: templates.Built, opponents: str, results: str
) -> tuple[list[float], list[float]]:
    pairs = [
        (o, r)
        for o, r in zip(
            _read(wb, built.cells[opponents]), _read(wb, built.cells[results]), strict=True
        )
        if o is not None
    ]
    return [float(o) for o, _ in pairs], [SCORES[r] for _, r in pairs]


def _details(ev: Evaluation, address: tuple[str, str]) -> dict[str, object]:
    sheet, ref = address
    cells = list(_cells(ref))
    rows = [cells[i : i + 2] for i in range(0, len(cells), 2)]
    return {str(ev.value(sheet, a)): ev.value(sheet, b) for a, b in rows}


def _close(actual: object, expected: float, where: str) -> None:
    value = _number(actual, where)
    assert math.isclose(value, expected, rel_tol=1e-12, abs_tol=1e-9), (
        f"{where}: workbook {value}, core {expected}"
    )


def _value(ev: Evaluation, built: templates.Built, key: str) -> tuple[object, str]:
    sheet, ref = built.cells[key]
    return ev.value(sheet, ref), f"{ev.path.name} {sheet}!{ref.replace('$', '')}"


def test_uscf_event_sheet_equals_the_core_and_seed_000(
    books: dict[str, Any], layouts: dict[str, templates.Built]
) -> None:
    name = "uscf_event.xlsx"
    wb, built, ev = books[name], layouts[name], evaluated(name)
    opponents, results = _games(wb, built, "opponents", "results")
    yes = {"Yes": True, "No": False}
    core = uscf.rate(
        float(_read(wb, built.cells["rating"])),
        int(_read(wb, built.cells["games"])),
        opponents,
        results,
        floor=float(_read(wb, built.cells["floor"])),
        bonus_ok=yes[_read(wb, built.cells["bonus_ok"])],
        dual_rated=yes[_read(wb, built.cells["dual_rated"])],
        history=_read(wb, built.cells["history"]),
        event_date=None,
    )
    for key, expected in [
        ("new_rating", core.new_rating),
        ("change", core.change),
        ("performance", core.performance),
    ]:
        value, where = _value(ev, built, key)
        _close(value, expected, where)
    details = _details(ev, built.cells["details"])
    fields = {
        "Effective games N'": core.effective_games,
        "K": core.k,
        "Score": core.score,
        "Expected score": core.expected,
        "Bonus": core.bonus,
        "New rating": core.new_rating,
        "Rounded rating": core.rounded,
        "Performance": core.performance,
    }
    for label, field in fields.items():
        _close(details[label], float(field or 0), f"{name} Event details {label!r}")
    assert details["Class"] == core.rating_class and details["Formula"] == core.formula
    # Seed 000's worked example: N' about 20.01, K 33.32, E 2.0, change 16.66, about 1717.
    assert abs(_number(details["Effective games N'"], name) - 20.01) <= 0.005
    assert abs(_number(details["K"], name) - 33.32) <= 0.005
    assert abs(_number(details["Expected score"], name) - 2.0) <= 0.005
    assert abs(_number(_value(ev, built, "change")[0], name) - 16.66) <= 0.005
    assert round(_number(_value(ev, built, "new_rating")[0], name)) == 1717
    assert details["Bonus"] == 0


def test_fide_period_sheets_equal_the_core_and_seed_001(
    books: dict[str, Any], layouts: dict[str, templates.Built]
) -> None:
    name = "fide_period.xlsx"
    wb, built, ev = books[name], layouts[name], evaluated(name)
    opponents, results = _games(wb, built, "opponents", "results")
    rating = float(_read(wb, built.cells["rating"]))
    rating_list = _read(wb, built.cells["rating_list"])
    birth = _read(wb, built.cells["birth_year"])
    k = fide.k_factor(
        rating,
        int(_read(wb, built.cells["rated_games"])),
        None if birth is None else int(birth),
        _read(wb, built.cells["reached_2400"]) == "Yes",
        len(opponents),
    )
    _close(_value(ev, built, "k_rules")[0], k, "K from the rules")
    typed = _read(wb, built.cells["k"])
    k_used = float(typed) if typed is not None else float(k)
    _close(_value(ev, built, "k_used")[0], k_used, "K used")
    core = fide.rating_change(rating, opponents, results, k_used, rating_list)
    for key, expected in [
        ("new_rating", core.new_rating),
        ("change", core.change),
        ("performance", fide.performance_rating(opponents, results)),
    ]:
        value, where = _value(ev, built, key)
        _close(value, float(expected), where)
    sheet, ref = built.cells["expected"]
    column = [ev.value(sheet, c) for c in _cells(ref)]
    for i, opponent in enumerate(opponents):
        _close(
            column[i],
            fide.expected_score(rating, opponent, rating_list),
            f"{name} {sheet} expected score of game {i + 1}",
        )
    assert all(v == "" for v in column[len(opponents) :]), "blank games must show nothing"
    details = _details(ev, built.cells["details"])
    for label, expected in {
        "Games rated": core.rated_games,
        "Score": core.score,
        "Expected score": core.expected_total,
        "K": core.k,
        "Change (unrounded)": core.change_unrounded,
        "Change": core.change,
        "New rating": core.new_rating,
    }.items():
        _close(details[label], float(expected), f"{name} details {label!r}")
    # Seed 001's five-round example: E 2.24, +15.2 -> +15, 1815, performance 1912.
    assert details["Expected score"] == pytest.approx(2.24, abs=0.005)
    assert details["Change (unrounded)"] == pytest.approx(15.2, abs=0.05)
    assert _value(ev, built, "change")[0] == 15
    assert _value(ev, built, "new_rating")[0] == 1815
    assert _value(ev, built, "performance")[0] == 1912
    first_opp, first_res = _games(wb, built, "first_opponents", "first_results")
    first = fide.first_rating(first_opp, first_res)
    _close(_value(ev, built, "first_rating")[0], float(first.rating or 0), "first rating")
    _close(_value(ev, built, "first_games")[0], float(len(first_opp)), "first games")


def test_elo_sheet_equals_the_core_and_seed_004(
    books: dict[str, Any], layouts: dict[str, templates.Built]
) -> None:
    name = "elo.xlsx"
    wb, built, ev = books[name], layouts[name], evaluated(name)
    rating, opponent = (float(_read(wb, built.cells[k])) for k in ("rating", "opponent"))
    score = SCORES[_read(wb, built.cells["result"])]
    k, games = float(_read(wb, built.cells["k"])), int(_read(wb, built.cells["games"]))
    once = elo.rating_change(rating, [opponent], [score], k)
    total = elo.rating_change(rating, [opponent], [score], k, games)
    for key, expected in [
        ("expected", elo.expected_score(rating, opponent)),
        ("change_per_game", once.change),
        ("total_change", total.change),
        ("new_rating", total.new_rating),
    ]:
        value, where = _value(ev, built, key)
        _close(value, expected, where)
    # Seed 004, example 1: 24.03%, +15.19, 1,515 after rounding.
    assert _value(ev, built, "expected")[0] == pytest.approx(0.2403, abs=0.00005)
    assert _value(ev, built, "change_per_game")[0] == pytest.approx(15.19, abs=0.005)
    assert round(_number(_value(ev, built, "new_rating")[0], name)) == 1515


def test_every_registry_function_in_a_template_is_known() -> None:
    """Templates name registry functions; the registry must still have each of them."""
    used = {c.function for spec in templates.TEMPLATES.values() for c in spec.checks}
    assert used <= set(FUNCTIONS), sorted(used - set(FUNCTIONS))
