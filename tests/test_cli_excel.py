"""The Excel side of the command: excel-setup's interpreter report, excel-check against a
stand-in for xlwings' App/Book objects, and packages never written under the wrong name."""

from __future__ import annotations

import datetime as dt
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest

from xlrating.cli import main
from xlrating.commands.excel import conf_python, read_conf, set_conf_value
from xlrating.excel import check as excel_check
from xlrating.workbook.engine import evaluation as engine
from xlrating.workbook.templates import instructions

from .conftest import evaluated

WORKBOOKS = Path(__file__).resolve().parent.parent / "workbooks"
README = Path(__file__).resolve().parent.parent / "README.md"
#: The Excel user's steps in full (README.md links them).
EXCEL_DOCS = Path(__file__).resolve().parent.parent / "docs" / "excel.md"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got {err!r}"
    assert "Traceback" not in err
    return lines[0]


# ---------------------------------------------------------------- package and name


@pytest.mark.parametrize(
    ("source", "output", "wanted"),
    [("elo.xlsm", "out.xlsx", "out.xlsm"), ("elo.xlsx", "out.xlsm", "out.xlsx")],
)
def test_recalc_refuses_a_package_under_the_wrong_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, source: str, output: str, wanted: str
) -> None:
    book = tmp_path / source
    shutil.copyfile(WORKBOOKS / source, book)
    before = book.read_bytes()
    for extra in ([], ["--values-only"]):
        code, out, err = run(capsys, "recalc", str(book), "-o", str(tmp_path / output), *extra)
        line = one_line(err)
        assert code == 2 and out == ""
        assert f"name the output {wanted}" in line and "nothing was written" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == [source]  # nothing written
    assert book.read_bytes() == before


def test_recalc_of_a_twin_under_its_own_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from xlrating.workbook.lint import book as lint

    book = tmp_path / "elo.xlsm"
    shutil.copyfile(WORKBOOKS / "elo.xlsm", book)
    code, out, err = run(capsys, "recalc", str(book))
    assert code == 0 and err == ""
    assert (tmp_path / "elo.recalc.xlsm").is_file() and "elo.recalc.xlsm" in out
    assert lint.lint_workbook(tmp_path / "elo.recalc.xlsm", values="current") == []


def test_in_place_and_import_refuse_a_misnamed_book(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    misnamed = tmp_path / "club_season.xlsx"  # macro-enabled package, plain name
    shutil.copyfile(WORKBOOKS / "club_season.xlsm", misnamed)
    before = misnamed.read_bytes()
    code, _, err = run(capsys, "recalc", str(misnamed), "--in-place")
    assert code == 1 and "rename it to club_season.xlsm first" in one_line(err)
    trf = Path(__file__).resolve().parent / "data" / "sample_trf16.txt"
    code, _, err = run(capsys, "import", str(trf), "--into", str(misnamed))
    assert code == 1 and "rename it to club_season.xlsm first" in one_line(err)
    assert misnamed.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club_season.xlsx"]


# ---------------------------------------------------------------- excel-setup


def test_conf_values_are_set_keeping_other_lines(tmp_path: Path) -> None:
    conf = tmp_path / "xlwings.conf"
    conf.write_bytes(b'"INTERPRETER_WIN","C:\\Old\\pythonw.exe"\r\n"UDF MODULES","m"\r\n')
    set_conf_value(conf, "INTERPRETER_WIN", "C:\\New\\python.exe")
    assert conf.read_bytes() == b'"INTERPRETER_WIN","C:\\New\\python.exe"\r\n"UDF MODULES","m"\r\n'
    set_conf_value(conf, "SHOW CONSOLE", "False")
    assert read_conf(conf) == {
        "INTERPRETER_WIN": "C:\\New\\python.exe",
        "UDF MODULES": "m",
        "SHOW CONSOLE": "False",
    }


def test_conf_python_names_what_excel_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    here = sys.executable
    assert conf_python({"INTERPRETER_WIN": here}) == (here, True)
    sibling = str(Path(here).with_name("pythonw"))  # same environment
    assert conf_python({"INTERPRETER_WIN": sibling}) == (sibling, True)
    assert conf_python({"INTERPRETER_WIN": "/elsewhere/bin/python"}) == (
        "/elsewhere/bin/python",
        False,
    )
    monkeypatch.setattr(sys, "prefix", "/opt/conda/envs/chess")
    what, same = conf_python({"CONDA PATH": "/opt/conda", "CONDA ENV": "chess"})
    assert "conda environment chess" in what and same is True
    assert conf_python({"CONDA PATH": "/opt/conda", "CONDA ENV": "base"})[1] is False
    assert conf_python({})[1] is None


@pytest.fixture()
def windows(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    ran: list[list[str]] = []

    def fake_run(command: list[str], check: bool) -> subprocess.CompletedProcess[str]:
        ran.append(command)
        return subprocess.CompletedProcess(command, 0)

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(subprocess, "run", fake_run)
    return ran


def test_excel_setup_reports_another_python(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, windows: list[list[str]]
) -> None:
    conf = tmp_path / "xlwings.conf"
    conf.write_text('"INTERPRETER_WIN","C:\\Other\\pythonw.exe"\n')  # an earlier project's
    code, out, err = run(capsys, "excel-setup", "--conf", str(conf))
    assert code == 0 and err == ""
    assert windows == [[sys.executable, "-m", "xlwings.cli", "addin", "install"]]
    assert "xlwings.conf makes Excel run: C:\\Other\\pythonw.exe" in out
    assert f"xlrating is installed in:     {sys.executable}" in out
    assert "That is another Python" in out and instructions.USE_THIS_PYTHON in out
    code, out, _ = run(capsys, "excel-setup", "--conf", str(conf), "--use-this-python")
    assert code == 0 and "That is another Python" not in out
    assert read_conf(conf) == {"INTERPRETER_WIN": sys.executable, "UDF MODULES": "xlrating.udfs"}
    assert f"xlwings.conf makes Excel run: {sys.executable}" in out


def test_excel_setup_without_xlwings(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, windows: list[Any]
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "xlwings" else real(name)
    )
    code, _, err = run(capsys, "excel-setup")
    line = one_line(err)
    assert code == 1 and sys.executable in line and instructions.INSTALL_FROM_CLONE in line
    assert windows == []


# ---------------------------------------------------------------- the instructions


def test_instructions_never_send_users_to_the_package_index() -> None:
    texts = [t for _, t in instructions.how_to_use_lines()]
    texts += [instructions.EXCEL_SETUP_NEXT, instructions.ELSEWHERE]
    readmes = [README.read_text(encoding="utf-8"), EXCEL_DOCS.read_text(encoding="utf-8")]
    for text in [*texts, *readmes]:
        for command in re.findall(r"pip install [^\n`]*", text):
            assert "-e " in command or ".whl" in command or "xlrating" not in command, command


def test_instructions_carry_every_step() -> None:
    sheet = " ".join(t for _, t in instructions.how_to_use_lines())
    excel_section = EXCEL_DOCS.read_text(encoding="utf-8").split("## Using the functions in Excel")[
        1
    ]
    excel_section = excel_section.split("\n## ")[0]
    for needed in (
        "References",  # the reference to xlwings for a workbook of one's own
        "Object required",
        "Ctrl+Alt+F9",  # after Import Functions
        "Import Functions",
        "Trust access to the VBA project object model",
        "Enable Content",
        "Unblock",  # Mark of the Web
        "Ctrl+Shift+Enter",  # Excel 2016/2019 and a table function typed by hand
        instructions.INSTALL_FROM_CLONE,
        instructions.WHEEL,
        "--use-this-python",
        "--values-only",
        ".xlsm",
    ):
        assert needed in sheet, f"the How to use text lacks {needed!r}"
        assert needed in excel_section, f"docs/excel.md's Excel section lacks {needed!r}"
    for needed in ("References", "Ctrl+Alt+F9", "Enable Content", "Unblock", "Ctrl+Shift+Enter"):
        assert needed in instructions.EXCEL_SETUP_NEXT


# ---------------------------------------------------------------- excel-check


class _Range:
    def __init__(self, sheet: _Sheet, cell: str) -> None:
        self.sheet, self.cell, self.err_to_str = sheet, cell, False

    def options(self, **options: Any) -> _Range:
        self.err_to_str = bool(options.get("err_to_str"))
        return self

    @property
    def value(self) -> object:
        book = self.sheet.book
        if not book.app.calculated:  # read before the full calculation: stale
            return "not calculated"
        value = book.values.get((self.sheet.name, self.cell))
        if isinstance(value, str) and value.startswith("#") and not self.err_to_str:
            return None  # xlwings reads error values as None unless err_to_str
        return value


class _Sheet:
    def __init__(self, book: _Book, name: str) -> None:
        self.book, self.name = book, name

    def range(self, cell: str) -> _Range:
        return _Range(self, cell)


class _Sheets:
    def __init__(self, book: _Book) -> None:
        self.book = book

    def __getitem__(self, name: str) -> _Sheet:
        return _Sheet(self.book, name)


class _Book:
    def __init__(self, app: _App, path: str) -> None:
        self.app, self.path, self.closed = app, Path(path), False
        self.values = dict(app.excel_values(self.path))
        self.sheets = _Sheets(self)

    def close(self) -> None:
        self.closed = True


class _Books:
    def __init__(self, app: _App) -> None:
        self.app = app

    def open(self, path: str, **options: Any) -> _Book:
        assert options.get("read_only") is True
        book = _Book(self.app, path)
        self.app.opened.append(book)
        self.app.calculated = False
        return book


class _Api:
    def __init__(self, app: _App) -> None:
        self.app = app

    def CalculateFull(self) -> None:  # Excel's name
        self.app.calculated = True


class _App:
    """xlwings.App as excel-check uses it; Excel's values come from *excel_values*."""

    instances: ClassVar[list[_App]] = []

    def __init__(self, visible: bool = True, add_book: bool = True) -> None:
        assert visible is False and add_book is False
        self.books, self.api = _Books(self), _Api(self)
        self.opened: list[_Book] = []
        self.calculated = False
        self.quit_called = False
        self.display_alerts = True
        _App.instances.append(self)

    def quit(self) -> None:
        self.quit_called = True

    excel_values: Any = None


def _stand_in(values: Any) -> Any:
    """A module-like stand-in for xlwings whose Excel computes *values*(path)."""
    app = type("App", (_App,), {"excel_values": staticmethod(values)})
    return type("xlwings", (), {"App": app})


def _as_excel(path: Path) -> dict[tuple[str, str], object]:
    """What a working Excel shows: the engine's values, dates as xlwings reads them."""
    # A committed book is computed once per session (conftest), as Excel would show it.
    computed = evaluated(path.name) if path.parent == WORKBOOKS else engine.evaluate(path)
    return dict(computed.values)  # a copy: callers change it


@pytest.mark.slow
def test_excel_check_passes_when_excel_agrees(tmp_path: Path) -> None:
    lines: list[str] = []
    books = [WORKBOOKS / "elo.xlsm", WORKBOOKS / "uscf_event.xlsm"]
    xw = _stand_in(_as_excel)
    code = excel_check.main(books, xw=xw, platform="win32", out=lines.append)
    assert code == 0, lines
    assert len(lines) == 2 and all(line.startswith("PASS ") for line in lines)
    assert re.match(
        r"PASS elo\.xlsm: \d+ function cells equal the engine's; Checks: (\d+) of \1", lines[0]
    )
    app = _App.instances[-1]
    assert app.quit_called and app.display_alerts is False
    assert [b.closed for b in app.opened] == [True, True]


def test_excel_check_finds_a_difference_and_a_failing_check(tmp_path: Path) -> None:
    def broken(path: Path) -> dict[tuple[str, str], object]:
        values = _as_excel(path)
        cells = excel_check.compared_cells(path)
        first = next(c for c in cells if c[0] != excel_check.CHECKS_SHEET)
        values[first] = "Object required"  # a wrapper that cannot reach XLPy
        verdict = next(
            c for c in cells if c[0] == excel_check.CHECKS_SHEET and values.get(c) == "PASS"
        )
        values[verdict] = "FAIL"
        return values

    lines: list[str] = []
    code = excel_check.main(
        [WORKBOOKS / "elo.xlsm"], xw=_stand_in(broken), platform="win32", out=lines.append
    )
    assert code == 1
    (line,) = lines
    assert line.startswith("FAIL elo.xlsm: 2 of ") and "'Object required'" in line
    assert "Checks: 1 of " in line and "not PASS" in line


@pytest.mark.slow
def test_excel_check_compares_dates_errors_and_refuses_plain_books(tmp_path: Path) -> None:
    def dated(path: Path) -> dict[tuple[str, str], object]:
        values = _as_excel(path)
        for key, value in values.items():  # date cells come back as datetime from xlwings
            if isinstance(value, float) and key[0] == "Games" and 40000 < value < 50000:
                values[key] = dt.datetime(1899, 12, 30) + dt.timedelta(days=value)
        return values

    lines: list[str] = []
    code = excel_check.main(
        [WORKBOOKS / "club_season.xlsm", WORKBOOKS / "elo.xlsx"],
        xw=_stand_in(dated),
        platform="win32",
        out=lines.append,
    )
    assert code == 1
    assert lines[0].startswith("PASS club_season.xlsm")
    assert lines[1].startswith("FAIL elo.xlsx: not a macro-enabled workbook")


def test_excel_check_cells_cover_functions_arrays_and_checks() -> None:
    cells = excel_check.compared_cells(WORKBOOKS / "uscf_event.xlsm")
    sheets = {sheet for sheet, _ in cells}
    assert {"Event", excel_check.CHECKS_SHEET} <= sheets
    assert ("Event", "F5") in cells  # USCF_NEW_RATING
    assert ("Checks", "B3") in cells  # the status
    members = [c for c in cells if c[0] == "Event" and c[1].startswith("E1")]
    assert len(members) > 5  # the USCF_DETAILS table, cell by cell


def test_excel_check_elsewhere_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    if sys.platform == "win32":
        pytest.skip("this is Windows")
    code, out, err = run(capsys, "excel-check", str(WORKBOOKS / "elo.xlsm"))
    assert code == 2 and out == ""
    assert "needs Excel on Windows" in one_line(err)


@pytest.mark.slow
def test_excel_check_command_line_on_windows(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    real = excel_check.main

    def with_stand_in(books: Any, **options: Any) -> int:
        return real(books, xw=_stand_in(_as_excel), platform="win32", **options)

    monkeypatch.setattr(excel_check, "main", with_stand_in)
    code, out, err = run(capsys, "excel-check", str(WORKBOOKS / "elo.xlsm"))
    assert code == 0 and err == "" and out.startswith("PASS elo.xlsm")
    code, out, err = run(capsys, "excel-check", "missing.xlsm")
    assert code == 1 and "no such file: missing.xlsm" in one_line(err)
