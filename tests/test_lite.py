"""xlwings Lite: the bundle's main.py computes what the classic xlwings functions compute.

The bundle (``xlrating lite-bundle``) is loaded in Pyodide under Node, as xlwings Lite
runs it in Excel, with xlwings' own pure-Python wheel (what Lite installs from
requirements.txt): ``tests/lite_runner.mjs`` unpacks the wheel, ``tests/lite_driver.py``
imports main.py with xlwings' Lite decorators, reads the metadata Excel registers
(``xlwings.server.custom_functions_meta``) and calls each case through
``xlwings.server.custom_functions_call`` with its arguments as Office.js sends them.  Each
result is compared with the classic path: the same cell values through xlwings' classic
decorators and conversion (``tests/xlwings_harness.py``).  The cases are every function's
documented example (:data:`EXAMPLES`, which must name every registry function) and the
cases where cells differ: blanks, error cells, dates, spills and error texts
(:data:`EDGES`).

The same driver also runs in this CPython (no Node needed), so a machine without Node
still checks main.py through xlwings' Office.js conversion.  The Pyodide test needs Node,
the npm package ``pyodide`` in ``node_modules/`` and xlwings' wheel in ``.lite-wheels/``
(``.ci/run`` installs them; docs/lite.md has the commands); without them it skips with the
reason, and with XLRATING_REQUIRE_LITE=1 (set by .ci/run) it fails instead.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from xlrating import lite
from xlrating.cli import main
from xlrating.sheet.catalog import FUNCTIONS
from xlrating.sheet.cells import EXCEL_EPOCH

from .xlwings_harness import CELL_ERRORS, MISSING, call_udf, com_value

ROOT = Path(__file__).resolve().parent.parent
RUNNER = Path(__file__).with_name("lite_runner.mjs")
DRIVER = Path(__file__).with_name("lite_driver.py")
WHEELS = Path(os.environ.get("XLRATING_LITE_WHEELS", ROOT / ".lite-wheels"))
REQUIRE_VARIABLE = "XLRATING_REQUIRE_LITE"
#: The Pyodide releases the bundle is tested in, as npm packages in node_modules/: the one
#: xlwings Lite loads today, and the oldest Lite still supports ("Pyodide 314.0.0+ is
#: required", lite.xlwings.org/dependencies, read 2026-12-06). `.ci/run` installs both;
#: docs/lite.md says which were run.
PYODIDE_RELEASES: dict[str, str] = {"pyodide": "314.0.8", "pyodide-oldest": "314.0.0"}


class Blank:
    """An argument that points at a blank single cell: Office.js sends 0 (xlwings'
    Office.js custom-functions docs, "Custom functions vs. legacy UDFs"), COM sends None."""


class Omitted:
    """An optional argument left out of the formula (``,,``): Office.js sends null."""


class ErrorCell:
    """A cell holding one of Excel's error values."""

    def __init__(self, text: str) -> None:
        self.text = text


BLANK = Blank()
OMITTED = Omitted()
_ERROR_TYPES = {"#N/A": "NotAvailable", "#VALUE!": "Value", "#DIV/0!": "Div0", "#REF!": "Ref"}


def col(*values: object) -> list[list[object]]:
    return [[v] for v in values]


SEED_OPPS = col(1600, 1650, 1750, 1800)  # seeds/000: B2:B5
SEED_RES = col(1, 0.5, 0, 1)  # C2:C5
FIDE_OPPS = col(1750, 1850, 1900, 1700, 2000)  # seeds/001: B2:B6
FIDE_RES = col(1, 0.5, 0, 1, 0.5)
USCF_PLAYERS: list[list[object]] = [
    ["Name", "Rating", "Games", "Floor", "Age"],
    ["Ann", 1800, 40, None, None],
    ["Ben", 1650, 12, None, None],
    ["Cat", None, None, None, 30],
    ["Dev", 1500, 6, None, None],
]
USCF_GAMES: list[list[object]] = [
    ["Round", "White", "Black", "Result"],
    [1, "Ann", "Cat", "1-0"],
    [1, "Ben", "Dev", "½-½"],
    [2, "Cat", "Ben", "1-0"],
    [2, "Dev", "Ann", "0-1"],
    [3, "Ann", "Ben", "0-1"],
    [3, "Cat", "Dev", "+-"],
]
FIDE_PLAYERS: list[list[object]] = [
    ["Me", 1800, 100],
    ["A", 1750, None],
    ["B", 1850, None],
    ["C", 1900, None],
    ["D", 1700, None],
    ["E", 2000, None],
]
FIDE_GAMES: list[list[object]] = [
    [1, "Me", "A", "1-0"],
    [2, "B", "Me", "½-½"],
    [3, "Me", "C", "0-1"],
    [4, "D", "Me", "0-1"],
    [5, "Me", "E", "½-½"],
]
SEASON_GAMES: list[list[object]] = [
    ["Event", "Date", "Round", "White", "Black", "Result"],
    ["Spring", dt.date(2026, 3, 7), 1, "Ann", "Ben", "1-0"],
    ["Spring", dt.date(2026, 3, 7), 1, "Cat", "Dev", "0-1"],
    ["Spring", dt.date(2026, 3, 7), 2, "Dev", "Ann", "½-½"],
    ["Spring", dt.date(2026, 3, 7), 2, "Ben", "Cat", "1-0"],
    ["May Swiss", dt.date(2026, 5, 9), 1, "Ben", "Ann", "1-0"],
    ["May Swiss", dt.date(2026, 5, 9), 1, "Dev", "Cat", "1-0"],
]

#: Every function's documented example (docs/functions.md), with the ranges it names
#: filled: B2:B5/C2:C5 are seed 000's games, B2:B6/C2:C6 seed 001's.
EXAMPLES: dict[str, list[object]] = {
    "USCF_NEW_RATING": [1700, 30, SEED_OPPS, SEED_RES],
    "USCF_RATING_CHANGE": [1700, 30, SEED_OPPS, SEED_RES],
    "USCF_DETAILS": [1700, 30, SEED_OPPS, SEED_RES],
    "USCF_EXPECTED": [1700, 1600],
    "USCF_EFFECTIVE_GAMES": [1700, 30],
    "USCF_K": [1700, 30, 4],
    "USCF_BONUS": [1300, 45, SEED_OPPS, SEED_RES],
    "USCF_PERFORMANCE": [SEED_OPPS, SEED_RES],
    "USCF_CLASS": [1717],
    "USCF_INITIAL_RATING": [12],
    "USCF_FLOOR": [1941],
    "FIDE_EXPECTED": [1800, 1750],
    "FIDE_K": [1800, 45, 2012],
    "FIDE_RATING_CHANGE": [1800, FIDE_OPPS, FIDE_RES, 20],
    "FIDE_NEW_RATING": [1800, FIDE_OPPS, FIDE_RES, 20],
    "FIDE_DETAILS": [1800, FIDE_OPPS, FIDE_RES, 20],
    "FIDE_PERFORMANCE": [FIDE_OPPS, FIDE_RES],
    "FIDE_FIRST_RATING": [
        col(2000, 2000, 2000, 1500, 1500, 1500),
        col(0, 0.5, 0, 1, 1, 1),
    ],
    "FIDE_DP": [0.6],
    "ELO_EXPECTED": [1500, 1700],
    "ELO_RATING_CHANGE": [1500, 1700, 1, 20],
    "ELO_NEW_RATING": [1500, 1700, 1, 20],
    "GLICKO2_RATING": [1500, 200, 0.06, col(1400, 1550, 1700), col(30, 100, 300), col(1, 0, 0)],
    "USCF_EVENT": [USCF_PLAYERS, USCF_GAMES],
    "FIDE_PERIOD": [FIDE_PLAYERS, FIDE_GAMES],
    "SEASON_RATINGS": [USCF_PLAYERS, SEASON_GAMES],
    "SEASON_START_FINAL": [USCF_PLAYERS, SEASON_GAMES],
    "SEASON_STANDINGS": [USCF_PLAYERS, SEASON_GAMES, "May Swiss"],
    "EVENT_CROSSTABLE": [USCF_PLAYERS, SEASON_GAMES, "May Swiss"],
    "PLAYER_GAMES": [SEASON_GAMES, "Ann", 60],
    "PLAYER_RATINGS": [[["Player", "May Swiss", "June Swiss"], ["Ann", 1512.5, 1520.0]], "Ann", 4],
    "SEASON_GAME_STATUS": [USCF_PLAYERS, SEASON_GAMES],
    "SEASON_CHECK": [USCF_PLAYERS, SEASON_GAMES],
    "SEASON_EVENT": [SEASON_GAMES],
    "SEASON_CHART": [[["Player", "May Swiss", "June Swiss"], ["Ann", 1512.5, 1520.0]], "Ann", 8],
}

#: Cells that differ between COM and Office.js, and failures: (what it shows, function, args).
EDGES: list[tuple[str, str, list[object]]] = [
    # the templates' own calls with their blank cells (uscf_event Event!F5, fide_period
    # Rating period!B13), as Office.js hands the blanks over
    (
        "uscf_event.xlsx Event!F5",
        "USCF_NEW_RATING",
        [
            1700,
            30,
            SEED_OPPS + col(*[None] * 8),
            SEED_RES + col(*[None] * 8),
            0,
            "Yes",
            "No",
            "mixed",
            BLANK,
        ],
    ),
    ("fide_period.xlsx Rating period!B13", "FIDE_K", [1800, 30, BLANK, "No", 5, BLANK]),
    (
        "blank rows in both ranges",
        "USCF_NEW_RATING",
        [1700, 30, col(1600, None, 1650), col(1, None, 0)],
    ),
    (
        "an error cell among the opponents",
        "USCF_NEW_RATING",
        [1700, 30, col(1600, ErrorCell("#N/A")), col(1, 0)],
    ),
    ("an error cell as the rating", "FIDE_EXPECTED", [ErrorCell("#VALUE!"), 1750]),
    (
        "a date cell",
        "FIDE_NEW_RATING",
        [1800, FIDE_OPPS, FIDE_RES, 20, "rapid", dt.date(2025, 6, 1)],
    ),
    (
        "ISO date text",
        "USCF_NEW_RATING",
        [1300, 45, SEED_OPPS, SEED_RES, OMITTED, OMITTED, OMITTED, OMITTED, "2016-05-01", 12],
    ),
    ("a blank date cell (0 in Office.js)", "FIDE_K", [1800, 45, OMITTED, OMITTED, OMITTED, BLANK]),
    (
        "a blank choice cell (0 in Office.js)",
        "USCF_NEW_RATING",
        [1700, 30, SEED_OPPS, SEED_RES, OMITTED, OMITTED, OMITTED, BLANK],
    ),
    ("a range of opponents spills", "USCF_EXPECTED", [1700, col(1600, 1700, 1800)]),
    ("a row of opponents spills", "ELO_EXPECTED", [1500, [[1400, 1500, 1700]]]),
    ("the rules give no rating", "FIDE_FIRST_RATING", [col(1800, 1900), col(1, 0)]),
    ("bad result text", "USCF_NEW_RATING", [1700, 30, SEED_OPPS, col(1, "X", 0, 1)]),
    ("ranges of two lengths", "FIDE_PERFORMANCE", [col(1800, 1900), col(1, 0, 1)]),
    ("text as a rating", "USCF_CLASS", ["strong"]),
    ("an unknown choice", "SEASON_RATINGS", [USCF_PLAYERS, SEASON_GAMES, "chess960"]),
    (
        "a date before any rule",
        "USCF_NEW_RATING",
        [1300, 45, SEED_OPPS, SEED_RES, OMITTED, OMITTED, OMITTED, OMITTED, "2016-05-01"],
    ),
    ("a year as a date", "FIDE_K", [1800, 45, OMITTED, OMITTED, OMITTED, 2025]),
]


def _serial(day: dt.date) -> int:
    return (day - EXCEL_EPOCH).days


def _officejs_cell(value: object) -> object:
    """A cell as Office.js hands it to a custom function."""
    if value is None:
        return ""
    if isinstance(value, ErrorCell):
        return {"type": "Error", "basicValue": value.text, "errorType": _ERROR_TYPES[value.text]}
    if isinstance(value, dt.date):  # Office.js sends a date cell's serial number
        return _serial(value)
    return value


def officejs_arg(value: object) -> object:
    """An argument as Office.js sends it: every argument is a matrix."""
    if isinstance(value, Omitted):
        return None
    if isinstance(value, Blank):
        return [[0]]
    if isinstance(value, list):
        return [[_officejs_cell(c) for c in row] for row in value]
    return [[_officejs_cell(value)]]


_COM_ERRORS = {text: code for code, text in CELL_ERRORS.items()}


def _com_cell(value: object) -> object:
    if isinstance(value, ErrorCell):
        return _COM_ERRORS[value.text]
    if isinstance(value, dt.date):  # COM sends a date cell as a date
        return dt.datetime(value.year, value.month, value.day)
    return com_value(value)


def classic(name: str, args: list[object]) -> list[list[object]]:
    """The result of the classic path (xlwings' Windows decorators and COM conversion),
    as rows of cells."""
    com: list[object] = []
    for value in args:
        if isinstance(value, Omitted):
            com.append(MISSING)
        elif isinstance(value, Blank):
            com.append(None)
        elif isinstance(value, list):
            com.append(tuple(tuple(_com_cell(c) for c in row) for row in value))
        else:
            com.append(_com_cell(value))
    result = call_udf(name, *com)
    if not isinstance(result, list):
        return [[result]]
    if result and not isinstance(result[0], list):
        return [result]
    return result


def _cases() -> list[tuple[str, str, list[object]]]:
    examples = [(f"example {name}", name, args) for name, args in EXAMPLES.items()]
    return examples + EDGES


def _same_cell(lite_cell: object, classic_cell: object) -> bool:
    if isinstance(lite_cell, dict) and lite_cell.get("type") == "FormattedNumber":
        if not isinstance(classic_cell, (dt.date, dt.datetime)):
            return False
        day = classic_cell.date() if isinstance(classic_cell, dt.datetime) else classic_cell
        return bool(lite_cell["basicValue"] == _serial(day))
    if isinstance(lite_cell, dict) and lite_cell.get("type") == "Error":
        return False  # a real error value where classic shows text: see the assertion
    if classic_cell is None:
        classic_cell = ""
    if isinstance(classic_cell, bool) or isinstance(lite_cell, bool):
        return lite_cell is classic_cell
    if isinstance(classic_cell, (int, float)) and isinstance(lite_cell, (int, float)):
        return math.isclose(lite_cell, classic_cell, rel_tol=1e-12, abs_tol=1e-12)
    return lite_cell == classic_cell


def assert_same_as_classic(report: dict[str, Any]) -> None:
    cases = _cases()
    assert len(report["results"]) == len(cases)
    differences = []
    for (label, name, args), outcome in zip(cases, report["results"], strict=True):
        assert "exception" not in outcome, f"{label}: {name} raised {outcome['exception']}"
        got, want = outcome["value"], classic(name, args)
        same = len(got) == len(want) and all(
            len(g) == len(w) and all(_same_cell(a, b) for a, b in zip(g, w, strict=True))
            for g, w in zip(got, want, strict=True)
        )
        if not same:
            differences.append(f"{label} ({name}): Lite {got!r} != classic {want!r}")
    assert differences == []


def assert_registers_every_function(report: dict[str, Any]) -> None:
    """Excel's metadata lists every registry function under its own name, with its
    arguments in order, the optional ones marked, and the help texts."""
    meta = {f["name"]: f for f in report["meta"]["functions"]}
    assert sorted(meta) == sorted(FUNCTIONS)
    for name, fn in FUNCTIONS.items():
        registered = meta[name]
        assert registered["description"] == fn.summary
        assert [p["name"] for p in registered["parameters"]] == [p.name for p in fn.params]
        assert [p.get("optional", False) for p in registered["parameters"]] == [
            p.optional for p in fn.params
        ]
        assert [p["description"] for p in registered["parameters"]] == [p.doc for p in fn.params]
        assert "volatile" not in registered["options"]


def _write_cases(folder: Path) -> Path:
    cases = [{"func": name, "args": [officejs_arg(a) for a in args]} for _, name, args in _cases()]
    path = folder / "cases.json"
    path.write_text(json.dumps(cases), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundle as ``xlrating lite-bundle DIR`` writes it."""
    folder = tmp_path_factory.mktemp("lite") / "bundle"
    assert main(["lite-bundle", str(folder)]) == 0
    return folder


# ---------------------------------------------------------------- the bundle itself


def test_examples_cover_every_function() -> None:
    assert sorted(EXAMPLES) == sorted(FUNCTIONS)
    for name, args in EXAMPLES.items():  # the documented example's argument count
        shown = FUNCTIONS[name].example
        assert shown.count(",") + 1 == len(args), (name, shown)


def test_bundle_names_the_xlwings_the_excel_extra_pins(bundle: Path) -> None:
    pyproject = (ROOT / "pyproject.toml").read_text("utf-8")
    pinned = re.search(r'^excel = \["xlwings==([^"]+)"\]$', pyproject, re.M)
    assert pinned is not None and pinned.group(1) == lite.XLWINGS_VERSION
    assert (bundle / "requirements.txt").read_text("utf-8") == f"xlwings=={lite.XLWINGS_VERSION}\n"


def test_main_declares_every_function_from_the_registry(bundle: Path) -> None:
    text = (bundle / "main.py").read_text("utf-8")
    declared = re.findall(
        r"^@xw\.func\ndef (\w+)\(|^@xw\.func\n(?:@xw\.arg\(.*\)\n)+def (\w+)\(", text, re.M
    )
    assert sorted(a or b for a, b in declared) == sorted(FUNCTIONS)
    assert "category=" not in text and "call_in_wizard" not in text  # classic-only options


def _core_sources() -> dict[str, bytes]:
    return {name: path.read_bytes() for name, path in lite.core_files()}


def test_main_carries_the_core_modules_the_registry_imports(bundle: Path) -> None:
    _, archive = lite.split_main((bundle / "main.py").read_text("utf-8"))
    members = lite.archive_members(archive)
    assert members == _core_sources()
    assert "xlrating/sheet/catalog.py" in members and "xlrating/rating/uscf.py" in members
    assert not any(n.startswith(("xlrating/workbook", "xlrating/commands")) for n in members)
    assert "xlrating/cli.py" not in members and "xlrating/udfs.py" not in members


def test_committed_bundle_is_up_to_date() -> None:
    """workbooks/lite/ is what users download: ``python -m xlrating.lite`` rewrites it.
    The archive is compared by its files, not its bytes (another zlib compresses
    differently)."""
    assert (lite.BUNDLE_PATH / "requirements.txt").read_text("utf-8") == lite.render_requirements()
    code, archive = lite.split_main((lite.BUNDLE_PATH / "main.py").read_text("utf-8"))
    want_code, _ = lite.split_main(lite.render_main())
    assert code == want_code, "run: python -m xlrating.lite"
    assert lite.archive_members(archive) == _core_sources(), "run: python -m xlrating.lite"


def test_bundle_refuses_a_file_as_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "f").write_text("x")
    assert main(["lite-bundle", str(tmp_path / "f")]) == 1
    err = capsys.readouterr().err.strip()
    assert err == f"xlrating lite-bundle: {tmp_path / 'f'} is not a folder"


def test_bundle_makes_every_missing_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As ``templates DIR`` does (it made one missing level only)."""
    folder = tmp_path / "a" / "b" / "c"
    assert main(["lite-bundle", str(folder)]) == 0
    assert sorted(p.name for p in folder.iterdir()) == ["main.py", "requirements.txt"]


# ---------------------------------------------------------------- through xlwings' own code


@pytest.fixture(scope="module")
def cpython_report(bundle: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The driver's report in this CPython (no Node): xlwings' Office.js conversion."""
    cases = _write_cases(tmp_path_factory.mktemp("cases"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("XLWINGS_")}
    done = subprocess.run(
        [sys.executable, str(DRIVER), str(bundle / "main.py"), str(cases)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        timeout=300,
    )
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def test_cpython_through_xlwings_officejs_equals_classic(cpython_report: dict[str, Any]) -> None:
    assert_registers_every_function(cpython_report)
    assert_same_as_classic(cpython_report)


def _template_formulas(book: Path) -> list[tuple[str, str]]:
    from openpyxl import load_workbook
    from openpyxl.worksheet.formula import ArrayFormula

    formulas = []
    workbook = load_workbook(book)
    for sheet in workbook.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                value = cell.value
                text = value.text if isinstance(value, ArrayFormula) else value
                if isinstance(text, str) and text.startswith("="):
                    formulas.append((f"{sheet.title}!{cell.coordinate}", text))
    return formulas


@pytest.mark.parametrize("book", sorted((ROOT / "workbooks").glob("*.xlsx")), ids=lambda p: p.name)
def test_template_calls_fit_what_lite_registers(book: Path, cpython_report: dict[str, Any]) -> None:
    """Every xlrating call in the .xlsx templates names a function Lite registers, with an
    argument count its metadata allows (Excel checks a custom function's arity)."""
    from xlrating.workbook.lint.formulas import function_calls

    registered = {f["name"]: f["parameters"] for f in cpython_report["meta"]["functions"]}
    used = set()
    problems = []
    for where, formula in _template_formulas(book):
        for call in function_calls(formula):
            if call.base not in FUNCTIONS:
                continue
            used.add(call.base)
            params = registered.get(call.base)
            if params is None:
                problems.append(f"{where}: {call.base} is not registered")
                continue
            required = sum(1 for p in params if not p.get("optional"))
            if not required <= call.args <= len(params):
                problems.append(f"{where}: {call.base} with {call.args} arguments")
    assert used, f"{book.name} calls no xlrating function"
    assert problems == []


def _lite_tools(package: str = "pyodide") -> tuple[str, str] | str:
    """(node, why) or the reason the Pyodide test cannot run here."""
    node = shutil.which("node")
    if node is None:
        return "Node is not installed (Debian: apt-get install nodejs npm)"
    if not (ROOT / "node_modules" / package / "pyodide.mjs").is_file():
        return f"the npm package {package} is not in node_modules/ (see docs/lite.md)"
    if not list(WHEELS.glob("xlwings-*-py3-none-any.whl")):
        return f"no xlwings wheel in {WHEELS} (see docs/lite.md)"
    return node, ""


def _skip_or_fail(reason: str) -> None:
    if os.environ.get(REQUIRE_VARIABLE) == "1":
        pytest.fail(f"{reason} ({REQUIRE_VARIABLE}=1: CI must run this test)")
    pytest.skip(reason)


@pytest.mark.slow
@pytest.mark.parametrize(("package", "release"), PYODIDE_RELEASES.items())
def test_pyodide_through_xlwings_lite_equals_classic(
    bundle: Path, tmp_path: Path, package: str, release: str
) -> None:
    """main.py in Pyodide, registered and called by xlwings' own code, equals classic, in
    the Pyodide xlwings Lite loads and in the oldest it supports."""
    tools = _lite_tools(package)
    if isinstance(tools, str):
        _skip_or_fail(tools)
        return
    node, _ = tools
    wheels = sorted(WHEELS.glob("xlwings-*-py3-none-any.whl"))
    assert [w.name for w in wheels] == [f"xlwings-{lite.XLWINGS_VERSION}-py3-none-any.whl"]
    cases = _write_cases(tmp_path)
    done = subprocess.run(
        [node, str(RUNNER), str(bundle / "main.py"), str(cases), str(WHEELS)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "XLRATING_PYODIDE_PACKAGE": package},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert report["pyodide"] == release, f"node_modules/{package} is not Pyodide {release}"
    assert report["python"].startswith("3.14.")  # Pyodide 314 is Python 3.14
    assert report["platform"] == "emscripten" and report["xlwings"] == lite.XLWINGS_VERSION
    assert_registers_every_function(report)
    assert_same_as_classic(report)
    # the numbers, in Pyodide
    by_label = dict(zip([c[0] for c in _cases()], report["results"], strict=True))
    assert round(by_label["example USCF_NEW_RATING"]["value"][0][0]) == 1717
    assert by_label["example FIDE_RATING_CHANGE"]["value"] == [[15]]
