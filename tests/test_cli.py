"""The xlrating command: rating commands, recalc, templates, demo and excel-setup."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from xlrating.cli import main
from xlrating.commands.excel import add_udf_module
from xlrating.workbook.lint import book as lint

from .conftest import Demo

WORKBOOKS = Path(__file__).resolve().parent.parent / "workbooks"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got {err!r}"
    assert "Traceback" not in err
    return lines[0]


# ---------------------------------------------------------------- help and laziness


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in ("recalc", "templates", "demo", "uscf", "fide", "elo", "excel-setup"):
        assert command in out


BLOCK = (
    "import sys\n"
    "for m in ('openpyxl', 'formulas', 'xlsxwriter', 'numpy', 'schedula', 'xlwings'):\n"
    "    sys.modules[m] = None  # importing it now raises ImportError\n"
    "from xlrating.cli import main\n"
)


def test_help_and_ratings_work_without_the_workbook_libraries() -> None:
    code = BLOCK + (
        "assert main(['--help']) == 0\n"
        "assert main(['uscf', '1700', '30', '--opponents', '1600', '--results', "
        "'W']) == 0\n"
        f"sys.exit(main(['recalc', {str(WORKBOOKS / 'elo.xlsx')!r}]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert "usage: xlrating" in done.stdout
    assert done.returncode == 1  # recalc needs the extra, and says so in one line
    line = one_line(done.stderr)
    assert 'python -m pip install -e ".[workbook]"' in line


# ---------------------------------------------------------------- rating commands


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    result: dict[str, Any] = json.loads(out)
    return result


def test_uscf_reproduces_seed_000(capsys: pytest.CaptureFixture[str]) -> None:
    r = _json(
        capsys,
        "uscf",
        "1700",
        "30",
        "--opponents",
        "1600",
        "1650",
        "1750",
        "1800",
        "--results",
        "W",
        "D",
        "L",
        "W",
    )
    # Seed 000's worked example: N' about 20.01, E 2.0, K about 33.32, change about 16.66,
    # no bonus, about 1717 after rounding; 1717 is Class B.
    assert r["Effective games N'"] == pytest.approx(20.01, abs=0.005)
    assert r["Expected score"] == pytest.approx(2.0, abs=0.005)
    assert r["K"] == pytest.approx(33.32, abs=0.005)
    assert r["Change before bonus"] == pytest.approx(16.66, abs=0.005)
    assert r["Bonus"] == 0
    assert r["Rounded rating"] == 1717
    assert r["Class"] == "Class B"


def test_uscf_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "uscf",
        "1700",
        "30",
        "--opponents",
        "1600",
        "1650",
        "1750",
        "1800",
        "--results",
        "W",
        "D",
        "L",
        "W",
    )
    assert code == 0
    assert "USCF_DETAILS" in out
    assert "Rounded rating" in out and "1717" in out


def test_fide_reproduces_seed_001(capsys: pytest.CaptureFixture[str]) -> None:
    r = _json(
        capsys,
        "fide",
        "1800",
        "20",
        "--opponents",
        "1750",
        "1850",
        "1900",
        "1700",
        "2000",
        "--results",
        "W",
        "D",
        "L",
        "W",
        "D",
    )
    # Seed 001's five rounds: expected 2.24, +15.2 rounded to +15, 1815, performance 1912.
    assert r["Expected score"] == pytest.approx(2.24, abs=0.005)
    assert r["Change (unrounded)"] == pytest.approx(15.2, abs=0.05)
    assert (r["Change"], r["New rating"], r["Performance"]) == (15, 1815, 1912)


def test_elo_reproduces_seed_004(capsys: pytest.CaptureFixture[str]) -> None:
    r = _json(capsys, "elo", "1500", "20", "--opponents", "1700", "--results", "W")
    # Seed 004, example 1: 24.03%, +15.19, 1,515 after rounding.
    assert r["Expected score against 1700"] == pytest.approx(0.2403, abs=0.00005)
    assert r["Change per game"] == pytest.approx(15.19, abs=0.005)
    assert round(r["New rating"]) == 1515
    three = _json(
        capsys, "elo", "1500", "20", "--opponents", "1700", "--results", "W", "--games", "3"
    )
    # Seed 004: for identical games the total change is N x the change per game.
    assert three["Total change"] == pytest.approx(3 * three["Change per game"])


@pytest.mark.parametrize(
    "argv",
    [
        ["uscf", "1700", "30", "--opponents", "1600", "1650", "--results", "W"],
        ["uscf", "abc", "30", "--opponents", "1600", "--results", "W"],
        ["fide", "1800", "20", "--opponents", "1750", "--results", "X"],
        ["elo", "1500", "-5", "--opponents", "1700", "--results", "W"],
        ["uscf", "1700", "--opponents", "1600"],
        ["fide", "1800", "20", "--opponents", "1750", "--results", "W", "--nonsense"],
    ],
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    one_line(err)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"items": [\n', "not valid JSON: Expecting value (line 2, column 1)"),
        (
            "{}",
            "JSON that is not a US Chess API standings page, section or event (its keys: none)",
        ),
    ],
)
def test_a_bad_tournament_file_is_named_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, said: str
) -> None:
    """The reader's message names the file; the command does not name it again."""
    source = tmp_path / "bad.json"
    source.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "rate", str(source))
    assert (code, out) == (1, "")
    assert err == f"xlrating rate: bad.json: {said}\n"


@pytest.mark.parametrize(
    "value", ["1_300", "１３００", "1.3e3", "age:1e1", "age:1_5", "inf", "nan"]
)
def test_start_takes_plain_numbers_only(capsys: pytest.CaptureFixture[str], value: str) -> None:
    """--start reads its number as --bonus-multiplier does: float() alone would take
    underscores, full-width digits and exponents."""
    code, out, err = run(capsys, "rate", "section.json", "--start", f"12345678={value}")
    assert (code, out) == (2, "")
    assert err == (
        "xlrating rate: argument --start: must be MEMBER=RATING or MEMBER=age:N with a "
        f"number, got '12345678={value}' (see xlrating rate --help)\n"
    )


def test_start_reads_a_rating_or_an_age() -> None:
    from xlrating.commands.common import start_value
    from xlrating.imports import Start

    assert start_value("12345678 = 1300.5") == ("12345678", Start(rating=1300.5))
    assert start_value("Jane Doe=AGE: 15") == ("Jane Doe", Start(age=15.0))


# ---------------------------------------------------------------- recalc


@pytest.fixture()
def elo_book(tmp_path: Path) -> Path:
    target = tmp_path / "elo.xlsx"
    shutil.copy(WORKBOOKS / "elo.xlsx", target)
    return target


def test_recalc_writes_a_copy_with_cached_values(
    capsys: pytest.CaptureFixture[str], elo_book: Path
) -> None:
    from openpyxl import load_workbook

    before = elo_book.read_bytes()
    code, out, err = run(capsys, "recalc", str(elo_book))
    assert code == 0, err
    target = elo_book.with_name("elo.recalc.xlsx")
    assert str(target) in out
    assert elo_book.read_bytes() == before
    values = load_workbook(target, data_only=True)
    # Seed 004, example 1 (the template's inputs): 24.03%, 1,515 after rounding.
    assert values["Elo"]["E5"].value == pytest.approx(0.2403, abs=0.00005)
    assert round(values["Elo"]["E8"].value) == 1515
    assert values["Checks"]["B3"].value == "ALL PASS"
    formula = load_workbook(target)["Elo"]["E8"].value  # a one-cell dynamic array
    assert getattr(formula, "text", formula).startswith("=ELO_NEW_RATING(")
    assert err == ""  # no progress bar when stderr is not a terminal


def test_recalc_reads_the_book_from_disk_once(
    capsys: pytest.CaptureFixture[str],
    elo_book: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One package per command: the guard reads the book's bytes, and everything else
    (the suffix check, the engine, the writer) works on them; the copy is written once."""
    import io
    import os

    opened: list[str] = []
    original = io.open

    def counting(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if isinstance(file, (str, os.PathLike)):
            opened.append(f"{os.path.realpath(file)} {mode}")
        return original(file, mode, *args, **kwargs)

    monkeypatch.setattr(io, "open", counting)
    target = tmp_path / "out.xlsx"
    code, _, err = run(capsys, "recalc", str(elo_book), "-o", str(target))
    monkeypatch.undo()
    assert code == 0, err
    source = os.path.realpath(elo_book)
    assert [o for o in opened if o.startswith(f"{source} ")] == [f"{source} rb"]
    assert target.is_file()


def test_recalc_values_only_and_output(
    capsys: pytest.CaptureFixture[str], elo_book: Path, tmp_path: Path
) -> None:
    from openpyxl import load_workbook

    target = tmp_path / "sub" / "values.xlsx"
    code, _, err = run(capsys, "recalc", str(elo_book), "-o", str(target), "--values-only")
    assert code == 0, err
    ws = load_workbook(target)["Elo"]
    assert round(ws["E8"].value) == 1515
    assert not any(c.data_type == "f" for row in ws.iter_rows() for c in row)


def test_recalc_in_place_and_progress(capsys: pytest.CaptureFixture[str], elo_book: Path) -> None:
    from openpyxl import load_workbook

    code, _, err = run(capsys, "recalc", str(elo_book), "--in-place", "--progress")
    assert code == 0
    assert "100%" in err and "[" in err
    assert round(load_workbook(elo_book, data_only=True)["Elo"]["E8"].value) == 1515
    # --in-place keeps the input as it was under NAME.backup.xlsx.
    assert sorted(p.name for p in elo_book.parent.iterdir()) == ["elo.backup.xlsx", "elo.xlsx"]


def test_recalc_reports_cells_showing_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import xlsxwriter

    book = tmp_path / "bad.xlsx"
    wb = xlsxwriter.Workbook(str(book))
    wb.add_worksheet("S").write_formula("A1", '=ELO_EXPECTED(1500,"x")')
    wb.close()
    code, _, err = run(capsys, "recalc", str(book))
    assert code == 0
    assert "1 formula cells show an error (first: S!A1: #VALUE!" in one_line(err)


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["recalc", "{book}", "--in-place", "-o", "{dir}/x.xlsx"], 2),
        (["recalc", "{book}", "-o", "{book}"], 2),
        (["recalc", "{dir}/missing.xlsx"], 1),
        (["recalc", "{dir}/text.xlsx"], 1),
    ],
)
def test_recalc_failures(
    capsys: pytest.CaptureFixture[str], elo_book: Path, argv: list[str], code: int
) -> None:
    (elo_book.parent / "text.xlsx").write_text("not a workbook")
    before = elo_book.read_bytes()
    args = [a.format(book=elo_book, dir=elo_book.parent) for a in argv]
    got, _, err = run(capsys, *args)
    assert got == code
    assert one_line(err).startswith("xlrating recalc:")
    assert elo_book.read_bytes() == before


# ---------------------------------------------------------------- templates and demo


@pytest.mark.slow
def test_templates_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from xlrating.workbook.templates import TEMPLATES

    code, out, _ = run(capsys, "templates", str(tmp_path / "books"))
    assert code == 0
    twins = [name.replace(".xlsx", ".xlsm") for name in TEMPLATES]
    assert sorted(p.name for p in (tmp_path / "books").iterdir()) == sorted([*TEMPLATES, *twins])
    assert out.count("wrote ") == 2 * len(TEMPLATES)


@pytest.mark.slow
def test_templates_command_refuses_room_it_cannot_give(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Too little room for the sample season is one line, exit 1; so is room beyond what
    recalc computes (the room given is checked in tests/workbook/ooxml/test_files.py, with the
    modes)."""
    books = tmp_path / "books"
    code, _, err = run(capsys, "templates", str(books), "--game-rows", "2")
    assert code == 1
    assert err == (
        "xlrating templates: club_season.xlsx: --game-rows must be a whole number from 72 to "
        "1000000 (the table holds 72), got 2\n"
    )
    # Room beyond what recalc accepts is refused before anything is written (1,000 player
    # rows: the Standings are one array, so the cells pass the limit before the formulas).
    fresh = tmp_path / "fresh"
    code, _, err = run(capsys, "templates", str(fresh), "--player-rows", "1000")
    assert code == 1
    assert err == (
        "xlrating templates: club_season.xlsx with that room would be too big for xlrating "
        "recalc: more than 50,000 cells (the limit xlrating computes); split the workbook "
        "or remove unused rows\n"
    )
    assert list(fresh.iterdir()) == []


def test_demo(demo: Demo) -> None:
    from openpyxl import load_workbook

    from xlrating.workbook.templates import TEMPLATES

    target, code, out, err = demo.folder, demo.code, demo.out, demo.err  # run once: conftest
    assert code == 0, err
    assert str(target.resolve()) in out
    assert out.count("Checks sheet: ALL PASS") == len(TEMPLATES)
    for name, spec in TEMPLATES.items():
        assert name in out
        book = load_workbook(target / name, data_only=True)
        assert book["Checks"]["B3"].value == "ALL PASS"  # recalculated: cached values
        assert lint.calc_problems(target / name, "current") == []  # Excel keeps them
        first = book.worksheets[0]
        sample = spec.sample.get("rating")
        assert sample is None or first["B5"].value == sample or first["B6"].value == sample


# ---------------------------------------------------------------- excel-setup


@pytest.mark.skipif(sys.platform == "win32", reason="explains the set-up off Windows")
def test_excel_setup_explains_off_windows(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "excel-setup")
    assert code == 0 and err == ""
    assert "Windows" in out and "xlrating recalc" in out and "xlwings Lite" in out
    assert '"UDF MODULES","xlrating.udfs"' in out


def test_excel_setup_on_windows(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ran: list[list[str]] = []

    def fake_run(command: list[str], check: bool) -> subprocess.CompletedProcess[str]:
        ran.append(command)
        return subprocess.CompletedProcess(command, 0)

    monkeypatch.setattr(sys, "platform", "win32")
    # another environment's xlwings on the PATH is never the one run
    monkeypatch.setattr(shutil, "which", lambda name: "C:/py/Scripts/xlwings.exe")
    monkeypatch.setattr(subprocess, "run", fake_run)
    conf = tmp_path / ".xlwings" / "xlwings.conf"
    code, out, _ = run(capsys, "excel-setup", "--conf", str(conf))
    assert code == 0
    assert ran == [[sys.executable, "-m", "xlwings.cli", "addin", "install"]]
    assert conf.read_text().strip() == '"UDF MODULES","xlrating.udfs"'
    assert "Import Functions" in out and "Ctrl+Alt+F9" in out and "References" in out
    monkeypatch.setattr(
        subprocess, "run", lambda command, check: subprocess.CompletedProcess(command, 3)
    )
    code, _, err = run(capsys, "excel-setup", "--conf", str(conf))
    assert code == 1 and "exit 3" in one_line(err)


def test_conf_file_keeps_other_lines(tmp_path: Path) -> None:
    conf = tmp_path / "xlwings.conf"
    conf.write_bytes(b'"INTERPRETER_WIN","C:\\Python\\pythonw.exe"\r\n"DEBUG UDFS","False"\r\n')
    assert add_udf_module(conf) is True
    assert conf.read_bytes() == (
        b'"INTERPRETER_WIN","C:\\Python\\pythonw.exe"\r\n'
        b'"DEBUG UDFS","False"\r\n"UDF MODULES","xlrating.udfs"\r\n'
    )


def test_conf_file_adds_to_existing_modules(tmp_path: Path) -> None:
    conf = tmp_path / "xlwings.conf"
    conf.write_text('"udf modules","mymodule"\n"RPC","x"\n')
    assert add_udf_module(conf) is True
    assert conf.read_text() == '"UDF MODULES","mymodule;xlrating.udfs"\n"RPC","x"\n'
    before = conf.read_bytes()
    assert add_udf_module(conf) is False  # already there: untouched
    assert conf.read_bytes() == before


def test_conf_file_is_what_xlwings_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    xlwings = pytest.importorskip("xlwings")
    from xlwings import utils

    conf = tmp_path / "missing" / "xlwings.conf"
    assert add_udf_module(conf) is True
    monkeypatch.setattr(xlwings, "USER_CONFIG_FILE", str(conf))
    assert utils.read_user_config()["udf modules"] == "xlrating.udfs"


def test_run_as_a_module_failures_are_one_line(tmp_path: Path) -> None:
    """``python -m xlrating.cli``: the commands' failures are mapped as under ``xlrating``
    (the module run as __main__ is a copy of xlrating.cli; it must not call them bugs)."""
    missing = tmp_path / "missing.xlsx"
    done = subprocess.run(
        [sys.executable, "-m", "xlrating.cli", "recalc", str(missing)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr == f"xlrating recalc: no such file: {missing}\n"


def test_export_into_a_stream_says_its_notes_on_stderr(tmp_path: Path) -> None:
    """``export --trf /dev/stdout`` (a pipe here): the stream holds the report alone, as
    the file does; "wrote ..." and the notes go to stderr (as with ``--trf -``)."""
    pytest.importorskip("openpyxl")
    book = WORKBOOKS / "club_season.xlsx"
    argv = ["export", str(book), "--event", "December Swiss", "--trf"]
    code = "import sys; from xlrating.cli import main; sys.exit(main())"
    done = subprocess.run(
        [sys.executable, "-c", code, *argv, "/dev/stdout"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith("wrote /dev/stdout: 'December Swiss', 9 players, 4 rounds")
    assert main([*argv, str(tmp_path / "out.trf")]) == 0
    assert done.stdout == (tmp_path / "out.trf").read_text(encoding="utf-8")


def test_a_reader_that_leaves_early_ends_the_command_quietly(tmp_path: Path) -> None:
    """``xlrating rate FILE | head -1``: the output's reader goes away; the command stops
    with exit code 1 and says nothing, never "internal error (BrokenPipeError)"."""
    crosstable = Path(__file__).resolve().parent / "data" / "uscf_crosstable_real_undated.txt"
    code = "import sys; from xlrating.cli import main; sys.exit(main())"
    process = subprocess.Popen(
        [sys.executable, "-c", code, "rate", str(crosstable)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader leaves before the first line
    err = process.stderr.read().decode("utf-8")
    assert process.wait(timeout=120) == 1
    assert "internal error" not in err and "Traceback" not in err and "BrokenPipe" not in err, err


@pytest.mark.slow
def test_a_reader_that_leaves_after_the_book_is_written_finds_the_work_done(
    tmp_path: Path,
) -> None:
    """``xlrating recalc BOOK --in-place | head -0``: the book is written before anything is
    printed, so the command has done its work: exit code 0, the book recalculated."""
    book = tmp_path / "elo.xlsx"
    shutil.copy(Path(__file__).resolve().parent.parent / "workbooks" / "elo.xlsx", book)
    before = book.read_bytes()
    code = "import sys; from xlrating.cli import main; sys.exit(main())"
    process = subprocess.Popen(
        [sys.executable, "-c", code, "recalc", str(book), "--in-place"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader leaves before the first line
    err = process.stderr.read().decode("utf-8")
    assert process.wait(timeout=120) == 0, err
    assert err == ""
    assert (tmp_path / "elo.backup.xlsx").read_bytes() == before  # the book was rewritten


@pytest.mark.slow
def test_a_second_demo_replaces_its_own_files_and_nothing_else(
    demo: Demo, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil

    from xlrating.commands.templates import DEMO_RECORD

    folder = tmp_path / "demo"
    shutil.copytree(demo.folder, folder)
    assert (folder / DEMO_RECORD).is_file()
    # The README's main job run again: the files are the first demo's, unchanged.
    code, out, err = run(capsys, "demo", str(folder))
    assert (code, err) == (0, "") and "Wrote 5 workbooks" in out
    # A file the user changed is his: refused in one line, nothing written.
    changed = folder / "elo.xlsx"
    changed.write_bytes(changed.read_bytes() + b"\0")
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    code, out, err = run(capsys, "demo", str(folder))
    assert (code, out) == (1, "")
    assert err == (
        f"xlrating demo: {changed} exists and xlrating does not replace a file you did not "
        "name: give --force to replace it, or another name or folder; nothing was written\n"
    )
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    code, _, err = run(capsys, "demo", str(folder), "--force")
    assert (code, err) == (0, "")
