"""The headless engine: argument shaping as xlwings does it, results, and evaluation."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from xlrating.workbook import templates
from xlrating.workbook.engine import evaluation as engine
from xlrating.workbook.engine import excel_functions
from xlrating.workbook.ooxml.cells import CellError
from xlrating.workbook.ooxml.guard import check_workbook
from xlrating.workbook.ooxml.package import Package

WORKBOOKS = Path(__file__).resolve().parents[3] / "workbooks"


def _empty() -> Any:
    import schedula as sh

    return sh.EMPTY


def _error(code: str) -> Any:
    from formulas.tokens.operand import Error

    return Error.errors[code]


# ---------------------------------------------------------------- shaping


def grid(*rows: list[Any]) -> np.ndarray:
    return np.array(list(rows), dtype=object)


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (grid([1700]), 1700.0),  # one cell: a scalar, numbers as floats (COM)
        (grid([1600, 1650, 1750]), [1600.0, 1650.0, 1750.0]),  # a row: a flat list
        (grid(["W"], ["D"], ["L"]), ["W", "D", "L"]),  # a column: a flat list
        (grid([1, 2], [3, 4]), [[1.0, 2.0], [3.0, 4.0]]),  # 2-D: a list of rows
        (grid([True]), True),  # booleans stay booleans
        (grid(["x"]), "x"),
        (7, 7.0),  # a literal in the formula
        ("text", "text"),
    ],
)
def test_arguments_are_shaped_as_xlwings_does(given: Any, expected: Any) -> None:
    assert engine.to_cell_value(given) == expected


def test_blanks_become_none_and_errors_their_text() -> None:
    assert engine.to_cell_value(grid([_empty()])) is None
    assert engine.to_cell_value(grid([1600], [_empty()])) == [1600.0, None]
    assert engine.to_cell_value(grid([_error("#N/A")])) == "#N/A"
    assert engine.to_cell_value(_empty()) is None
    assert engine.to_cell_value(grid([""])) is None  # xlwings reads an empty text as empty


def test_results_that_spill_become_2d_arrays() -> None:
    result = engine.from_result([["K", 20.0], ["Change", 15]])
    assert isinstance(result, np.ndarray) and result.shape == (2, 2)
    assert result.tolist() == [["K", 20.0], ["Change", 15]]
    column = engine.from_result([[0.63], [""], [0.37]])
    assert column.shape == (3, 1) and column[1, 0] == ""
    assert engine.from_result(15.2) == 15.2
    assert engine.from_result("#VALUE! bad") == "#VALUE! bad"


# ---------------------------------------------------------------- evaluation


@pytest.fixture(scope="module")
def small_book(tmp_path_factory: pytest.TempPathFactory) -> engine.Evaluation:
    import xlsxwriter

    path = tmp_path_factory.mktemp("engine") / "small.xlsx"
    wb = xlsxwriter.Workbook(str(path))
    ws = wb.add_worksheet("Games")
    ws.write("A1", 1500)
    ws.write("A2", 1700)
    ws.write("C1", 1705)
    ws.write("C3", 1895)
    ws.write_formula("B1", "=ELO_EXPECTED(A1,A2)")
    ws.write_formula("B2", '=IFERROR(ELO_EXPECTED(A1,"x"),"caught")')
    ws.write_formula("B3", '=ROUND(ELO_NEW_RATING(A1,A2,"W",20),0)')
    ws.write_formula("B4", "=1/0")
    ws.write_formula("B5", "=SUM(C1:C3)")
    ws.write_dynamic_array_formula("D1:D3", "=FIDE_EXPECTED(1800,C1:C3)")
    ws.write_dynamic_array_formula(
        "F1:G8", '=FIDE_DETAILS(1800,{1750,1850,1900,1700,2000},{"W","D","L","W","D"},20)'
    )
    wb.close()
    return engine.evaluate(path)


def test_registry_functions_compute_the_seeds_examples(small_book: engine.Evaluation) -> None:
    # Seed 004, example 1: 1500 against 1700: E about 0.2403; a win gives 1,515 rounded.
    assert small_book.value("Games", "B1") == pytest.approx(0.2403, abs=0.00005)
    assert small_book.value("Games", "B3") == 1515
    # Seed 001's five rounds: expected 2.24, change 15, new rating 1815 (spilled table).
    assert small_book.value("Games", "F3") == "Expected score"
    assert small_book.value("Games", "G3") == pytest.approx(2.24, abs=0.005)
    assert small_book.value("Games", "G6") == 15
    assert small_book.value("Games", "$G$7") == 1815


def test_a_range_spills_one_value_per_row(small_book: engine.Evaluation) -> None:
    # Seed 002: 92 to 98 points above gives 0.63, below 0.37; a blank row shows nothing.
    assert [small_book.value("Games", f"D{r}") for r in (1, 2, 3)] == [0.63, "", 0.37]


def test_errors(small_book: engine.Evaluation) -> None:
    # The registry reports bad input as text, as classic xlwings shows it: not an Excel
    # error, so IFERROR does not catch it (the same happens in Excel).
    text = small_book.value("Games", "B2")
    assert isinstance(text, str) and text.startswith("#VALUE! ")
    assert small_book.value("Games", "B4") == CellError("#DIV/0!")
    assert isinstance(small_book.value("Games", "B4"), CellError)
    assert small_book.value("Games", "B5") == 1705 + 1895


def test_the_observer_sees_registry_calls(tmp_path: Path) -> None:
    import xlsxwriter

    path = tmp_path / "observed.xlsx"
    wb = xlsxwriter.Workbook(str(path))
    ws = wb.add_worksheet()
    ws.write_column("A1", [1600, None, 1700])
    ws.write_formula("B1", '=ELO_RATING_CHANGE(1500,A1:A3,{"W","","L"},20)')
    wb.close()
    calls: list[tuple[str, tuple[object, ...]]] = []
    engine.evaluate(path, observer=lambda name, raw, shaped, result: calls.append((name, shaped)))
    assert calls == [
        ("ELO_RATING_CHANGE", (1500.0, [1600.0, None, 1700.0], ["W", None, "L"], 20.0))
    ]


def test_progress_is_reported(tmp_path: Path) -> None:
    steps: list[tuple[int, int]] = []
    engine.evaluate(
        WORKBOOKS / "elo.xlsx", progress=lambda what, done, total: steps.append((done, total))
    )
    assert steps[0] == (0, 3) and steps[-1] == (3, 3)


def test_no_progress_bars_on_stderr(capfd: pytest.CaptureFixture[str]) -> None:
    engine.evaluate(WORKBOOKS / "elo.xlsx")
    assert capfd.readouterr().err == ""


_STATS_ON_DEMAND = """
import sys
from openpyxl import Workbook
from xlrating.workbook.engine import evaluation as engine

engine.register_functions()
stats = sys.modules["scipy.stats"]
# What a tool walking sys.modules reads (Hypothesis reads __file__ of each) executes nothing.
seen = (stats.__name__, stats.__file__, stats.__spec__.name, stats.__path__, stats.__package__)
assert seen[0] == seen[2] == seen[4] == "scipy.stats" and seen[1].endswith("__init__.py"), seen
assert "scipy.stats._stats_py" not in sys.modules
# scipy.linalg and scipy.interpolate (formulas takes interp1d from it at once) wait too.
assert [type(sys.modules[m]).__name__ for m in ("scipy.linalg", "scipy.interpolate")] == [
    "_Deferred", "_Deferred"
]
assert "scipy.special" not in sys.modules and "scipy.optimize" not in sys.modules
from formulas.functions import stat
assert stat.interp1d([0.0, 1.0], [0.0, 2.0])(0.5) == 1.0  # the stand-in loads the module
import scipy.interpolate
assert type(scipy.interpolate).__name__ == "module" and "scipy.special" in sys.modules
real = scipy.interpolate.interp1d
assert real.__name__ == "interp1d" and real is not stat.interp1d
print(type(stats).__name__)  # registered, not executed
book = Workbook()
book.active["A1"] = "=T.DIST(60,1,TRUE)"
book.active["A2"] = '=ELO_EXPECTED(1500,1700)'
book.save(sys.argv[1])
got = engine.evaluate(sys.argv[1])
print(type(sys.modules["scipy.stats"]).__name__)  # executed by T.DIST, in place
from formulas.functions import stat
assert sys.modules["scipy.stats"] is stats is stat.stats and "scipy.stats._stats_py" in sys.modules
print(repr(got.value("Sheet", "A1")), repr(got.value("Sheet", "A2")))
"""


@pytest.mark.slow
def test_scipy_stats_is_loaded_when_a_formula_needs_it(tmp_path: Path) -> None:
    """``formulas`` imports scipy.stats for Excel's statistical functions; the engine loads
    it on first use (xlrating/workbook/engine/deferred.py), not when its file or name is read, and
    such a function still computes.
    T.DIST(60,1,TRUE) is 0.99469533 in Microsoft's example (Support, "T.DIST function");
    with 1 degree of freedom it is 1/2 + atan(60)/pi."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _STATS_ON_DEMAND, str(tmp_path / "stats.xlsx")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    before, after, values = done.stdout.splitlines()
    assert (before, after) == ("_Deferred", "module")
    t_dist, expected = (float(v) for v in values.split())
    assert t_dist == pytest.approx(0.5 + math.atan(60) / math.pi, abs=1e-12)
    assert round(t_dist, 8) == 0.99469533
    assert expected == pytest.approx(1 / (1 + 10 ** (200 / 400)), abs=1e-12)


# ---------------------------------------------------------------- against xlwings itself


def _com(value: Any) -> Any:
    """What COM hands xlwings for one cell value."""
    import schedula as sh
    from formulas.tokens.operand import XlError

    from ...xlwings_harness import CELL_ERRORS

    if value is sh.EMPTY or value is None:
        return None
    if isinstance(value, XlError):
        return {v: k for k, v in CELL_ERRORS.items()}[str(value)]
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, float, np.integer, np.floating)):
        return float(value)
    return value


def _com_argument(raw: Any) -> Any:
    if isinstance(raw, np.ndarray):
        rows = raw if raw.ndim == 2 else raw.reshape(1, -1)
        if rows.shape == (1, 1):
            return _com(rows[0, 0])
        return tuple(tuple(_com(v) for v in row) for row in rows)
    return _com(raw)


def _same(a: object, b: object, strict: bool = False) -> bool:
    """Equal values; *strict* also wants equal types (floats where COM gives floats)."""
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y, strict) for x, y in zip(a, b, strict=True))
    if strict:
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(a, b, rel_tol=0, abs_tol=0)
    return a == b or (a in (None, "") and b in (None, ""))


@pytest.mark.slow
@pytest.mark.parametrize("name", list(templates.TEMPLATES))
def test_engine_calls_match_xlwings_classic(name: str) -> None:
    """Every registry call made while computing a template gets the same arguments and
    gives the same result as classic xlwings' own conversion (tests/xlwings_harness.py)."""
    pytest.importorskip("xlwings")
    from xlwings import conversion

    from ...xlwings_harness import call_udf, decorated_udfs

    udfs = decorated_udfs()
    calls: list[tuple[str, tuple[Any, ...], tuple[object, ...], object]] = []
    engine.evaluate(WORKBOOKS / name, observer=lambda *call: calls.append(call))
    assert calls
    for fname, raw, shaped, result in calls:
        com_args = tuple(_com_argument(a) for a in raw)
        args_info = getattr(udfs, fname).__xlfunc__["args"]
        for i, (arg, ours) in enumerate(zip(com_args, shaped, strict=True)):
            theirs = conversion.read(None, arg, args_info[i]["options"])
            assert _same(ours, theirs, strict=True), (
                f"{name}: {fname} argument {i + 1}: {ours!r} != {theirs!r}"
            )
        via_xlwings = call_udf(fname, *com_args)
        expected = result if not isinstance(result, list) else [list(r) for r in result]
        if isinstance(expected, list) and len(expected) == 1:
            expected = expected[0] if len(expected[0]) > 1 else expected[0][0]
        assert _same(via_xlwings, expected), f"{name}: {fname}{com_args}: {via_xlwings!r}"


# ---------------------------------------------------------------- COUNTIFS, tests kept per call

#: Cell values a COUNTIFS range may hold: text in both cases, wildcards and operators as
#: text, numbers and numbers as text, Booleans, an error and a blank.
_CELLS = ["a", "A", "ab", "b", "1", "10", "x*", "", 0.0, 1.0, 10.0, 2.5, True, False, "#N/A", None]
#: Criteria: plain values, operators, wildcards (and escaped ones), numbers as text.
_CRITERIA = [
    "a",
    "A",
    "a*",
    "?",
    "~*",
    "x~*",
    ">0",
    ">=1",
    "<>b",
    "=1",
    "1",
    "<5",
    "",
    "=",
    True,
    1.0,
    10.0,
]


def _cells(values: list[Any], shape: tuple[int, int]) -> Any:
    """A range as ``formulas`` hands it to a function: an object array, blanks as EMPTY,
    "#N/A" as the error value."""
    import schedula as sh
    from formulas.tokens.operand import Error

    def cell(v: Any) -> Any:
        if v is None:
            return sh.EMPTY
        return Error.errors["#N/A"] if v == "#N/A" else v

    return np.array([cell(v) for v in values], dtype=object).reshape(shape)


def _outcome(function: Any, *args: Any) -> tuple[str, str]:
    """("counted", the counts) or ("raised", the exception's type)."""
    try:
        return "counted", repr(np.asarray(function(*args)).tolist())
    except Exception as error:  # the two must fail alike
        return "raised", type(error).__name__


def test_countifs_equals_formulas_own_on_arrays_of_criteria() -> None:
    """The engine's COUNTIFS (tests kept for the call) against ``formulas``' own, on ranges
    of every kind of cell and criteria given one by one and as arrays (the Standings'
    shape), seeded; and ranges of different shapes fail alike."""
    import random

    from formulas.functions import stat

    ours = excel_functions.countifs_masks_once()["COUNTIFS"]
    theirs = stat.FUNCTIONS["COUNTIFS"]
    rng = random.Random(20261202)
    compared = 0
    for _ in range(150):
        rows = rng.randint(1, 12)
        pairs = rng.randint(1, 3)
        size = rng.randint(1, 5)  # arrays of criteria in one call have one size
        args: list[Any] = []
        for _ in range(pairs):
            args.append(_cells([rng.choice(_CELLS) for _ in range(rows)], (rows, 1)))
            if rng.random() < 0.4:  # an array of criteria, as $A$9:$A$48 is
                args.append(_cells([rng.choice(_CRITERIA) for _ in range(size)], (size, 1)))
            else:
                args.append(rng.choice(_CRITERIA))
        want = _outcome(theirs, *args)
        assert _outcome(ours, *args) == want, args
        compared += want[0] == "counted"
    assert compared == 150  # every case counts
    column, row = _cells(["a", "b", "a"], (3, 1)), _cells(["a", "b", "a"], (1, 3))
    assert _outcome(ours, column, "a", row, "a") == _outcome(theirs, column, "a", row, "a")
    assert _outcome(ours, column, "a", column) == _outcome(theirs, column, "a", column)
    one = _cells(["a"], (1, 1))
    assert _outcome(ours, column, "a", one, "a") == _outcome(theirs, column, "a", one, "a")


def test_countifs_works_out_each_test_once_per_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """The event column's test is worked out once, not once per player (the Standings
    count each player's games with an array of players as a criterion)."""
    import formulas.functions as xl

    calls: list[object] = []
    test = getattr(xl, "__xfilter")

    def counted(table: Any, value: Any) -> Any:
        calls.append(value)
        return test(table, value)

    monkeypatch.setattr(xl, "__xfilter", counted)
    countifs = excel_functions.countifs_masks_once()["COUNTIFS"]
    events = _cells(["Spring", "Spring", "Summer", "Spring"], (4, 1))
    white = _cells(["p1", "p2", "p1", "p3"], (4, 1))
    players = _cells(["p1", "p2", "p3", "p4", "p1"], (5, 1))
    got = np.asarray(countifs(events, "Spring", white, players)).ravel().tolist()
    assert got == [1, 1, 1, 0, 1]
    assert calls.count("Spring") == 1  # once, not five times
    assert sorted(map(str, calls)) == sorted(["Spring", "p1", "p2", "p3", "p4"])


# ---------------------------------------------------------------- date text, as Excel reads it


def test_a_name_is_not_read_as_a_date_in_criteria_or_arithmetic(tmp_path: Path) -> None:
    """``formulas`` let dateutil read ``M0001`` as a time (00:00:01), so COUNTIFS with the
    criterion ``M0001`` counted every ``M...`` name (issue 25: the Standings counted every
    game of the event for each player of a generated season).  Excel compares such text as
    text; a date or time typed as Excel types it is still read as one."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row, name in enumerate(["M0001", "M0002", "M0040", "m0001", "Jan-00"], start=1):
        sheet.cell(row, 1, name)
    sheet["B1"] = '=COUNTIFS(A1:A5,"M0001")'
    sheet["B2"] = '=COUNTIF(A1:A5,"M0002")'
    sheet["B3"] = "=SUMPRODUCT(COUNTIFS(A1:A5,A1:A3))"
    sheet["B4"] = '=ISERROR("M0001"+0)'
    sheet["B5"] = '=DATEVALUE("8/22/2011")'  # Microsoft's DATEVALUE example: 40777
    sheet["B6"] = '=ISERROR(DATEVALUE("May"))'
    path = tmp_path / "names.xlsx"
    book.save(path)
    got = engine.evaluate(path)
    assert [got.value("Sheet", f"B{i}") for i in range(1, 7)] == [2, 1, 4, True, 40777, True]


# ---------------------------------------------------------------- value cells folded into ranges


def _value_table_book(path: Path) -> Path:
    """200 rows of values (a name, a number, text typed as "=..."), and formulas over
    them: whole columns, one cell, and a range that also covers a formula cell."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in range(1, 201):
        sheet.cell(row, 1, f"P{row % 7}")
        sheet.cell(row, 2, float(row))
    sheet["C1"] = "=SUM(B1:B200)"  # values only
    sheet["C2"] = '=COUNTIF(A1:A200,"P3")'
    sheet["C3"] = "=B7*2"  # one value cell
    sheet["D1"] = "=B1+1000"  # a formula inside the next range
    sheet["C4"] = "=SUM(B1:D1)"  # a value and two formulas: 1 + 20100 + 1001
    sheet["C5"] = "=ROWS(A1:A200)+COUNTBLANK(E1:E3)"
    sheet["E5"] = "=x"  # typed as text (openpyxl: a formula unless the type says text)
    sheet["E5"].data_type = "s"
    sheet["C6"] = '=E5&"!"'
    path = path / "values.xlsx"
    book.save(path)
    return path


def test_value_cells_reach_formulas_as_before(tmp_path: Path) -> None:
    got = engine.evaluate(_value_table_book(tmp_path))
    assert [got.value("Sheet", f"C{i}") for i in range(1, 7)] == [
        20100,
        29,  # rows 3, 10, ..., 199: 1 + (199 - 3) / 7
        14,
        21102,
        203,
        "=x!",
    ]
    assert got.value("Sheet", "A10") == "P3" and got.value("Sheet", "B200") == 200
    assert got.value("Sheet", "E5") == "=x"


def test_value_cells_are_not_nodes_of_the_model(tmp_path: Path) -> None:
    """The 400 value cells are folded into the ranges that read them: the model has a
    node per formula and per reference, not per value (only D1's range keeps its B1 and
    C1 as nodes, and B7 is read through its own reference)."""
    path = _value_table_book(tmp_path)
    model = engine._load(Package.open(check_workbook(path)))
    engine._finish(model, {"SHEET": "Sheet"})
    cells = [n for n in model.dsp.data_nodes if isinstance(n, str) and ":" not in n]
    assert len(model.dsp.data_nodes) < 40, len(model.dsp.data_nodes)
    assert not any(n.endswith("!A10") for n in cells)


def test_the_engine_reads_the_package_as_edited_not_the_file(tmp_path: Path) -> None:
    """The book is read from its package: the file may be gone, and a cell changed in
    memory is computed as changed."""
    import xlsxwriter

    from xlrating.workbook.ooxml.cells import SheetCells

    path = tmp_path / "small.xlsx"
    wb = xlsxwriter.Workbook(str(path))
    ws = wb.add_worksheet("Event")
    ws.write("A1", 1500)
    ws.write("A2", 1700)
    ws.write_formula("B1", "=A1+A2")
    wb.close()
    package = Package.open(check_workbook(path))
    path.unlink()
    assert engine.evaluate(package).value("Event", "B1") == 3200
    part = package.sheet_part("Event")
    assert part is not None
    cells = SheetCells(package.edit(part))
    cells.set_value(cells.cell(1, 1), 1000.0, False)
    assert engine.evaluate(package).value("Event", "B1") == 2700
