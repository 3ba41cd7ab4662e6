"""LibreOffice Calc with xlrating's add-in computes every template as the headless engine does.

A session fixture builds the extension from the registry and installs it into a temporary
LibreOffice profile (``xlrating libreoffice-setup --profile``).  Then LibreOffice opens
every template in ``workbooks/`` and a sheet of seed examples written here, recalculates
everything live (``calculateAll``), and each formula cell is compared with
:func:`xlrating.workbook.engine.evaluation.evaluate` on the same file.  The seed sheet's README
numbers are also checked against the published values; its other cells are "LibreOffice
equals the engine" checks only.

The cells that differ because of LibreOffice's text-in-array bug (docs/libreoffice.md) are
listed in :data:`KNOWN_TEXT_IN_ARRAY`, the one place to edit once the templates no longer
look up text inside a table result: the test fails when a listed cell starts to match.

Without LibreOffice 25.2+ and its Python bridge the tests skip with the reason; with
XLRATING_REQUIRE_LIBREOFFICE=1 (set by .ci/run) they fail instead.
"""

from __future__ import annotations

import datetime as dt
import math
import os
import re
import shutil
import subprocess
import zipfile
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from xlrating.cli import main
from xlrating.libreoffice import generate, office
from xlrating.sheet.catalog import FUNCTIONS

from .conftest import evaluated

WORKBOOKS = Path(__file__).resolve().parent.parent / "workbooks"
TEMPLATES = sorted(p.name for p in WORKBOOKS.glob("*.xlsx"))
SEED_BOOK = "seed_examples.xlsx"

#: (template, "Sheet!A1") -> why LibreOffice differs from the engine there.  Every entry
#: would be LibreOffice's text-in-array bug (docs/libreoffice.md), or a cell that depends on
#: one.  The templates look up nothing inside a table result (INDEX by position, EXACT), so
#: the list is empty; the test fails when a listed cell starts to match.
KNOWN_TEXT_IN_ARRAY: dict[tuple[str, str], str] = {}

#: Seed examples with published values (README's doctests), as cells of the seed sheet:
#: cell -> (formula, value the README states, tolerance).
SEED_REFERENCE: dict[str, tuple[str, object, float]] = {
    "A1": ("=ROUND(USCF_NEW_RATING(1700,30,{1600,1650,1750,1800},{1,0.5,0,1}),2)", 1716.66, 0),
    "A2": ("=USCF_NEW_RATING(1700,30,B2:B5,C2:C5)", 1716.66, 0.005),  # the formula
    "A3": ("=ROUND(USCF_NEW_RATING(1700,30,B2:B5,C2:C5),0)", 1717, 0),
    "A4": ("=ROUND(USCF_K(1700,30,4),2)", 33.32, 0),
    "A5": ("=FIDE_RATING_CHANGE(1800,{1750,1850,1900,1700,2000},{1,0.5,0,1,0.5},20)", 15, 0),
    "A6": ('=FIDE_PERFORMANCE({1750,1850,1900,1700,2000},{"W","D","L","W","D"})', 1912, 0),
    "A7": (
        "=FIDE_FIRST_RATING({1800,1900},{1,0})",
        "#N/A 2 games against rated opponents; at least 5 are needed (7.1.4)",
        0,
    ),
    "A8": ("=INDEX(USCF_DETAILS(1700,30,B2:B5,C2:C5),1,2)", "standard", 0),
}
#: More cells, computed by the core only: LibreOffice must equal the engine (no reference).
#: H1 is a blank cell (a blank single-cell argument reaches an add-in as 0).
SEED_ENGINE_ONLY: dict[str, str] = {
    "E1": "=USCF_NEW_RATING(1700,30,B2:B5,C2:C5,,,,H1,H1)",
    "E2": "=USCF_RATING_CHANGE(1300,45,B2:B5,C2:C5,H1,TRUE,FALSE,H1,H1)",
    "E3": "=FIDE_EXPECTED(1800,1750,H1,H1,H1)",
    "E4": "=FIDE_K(1800,45,H1,FALSE,H1,H1)",
    "E5": "=ELO_NEW_RATING(1500,{1700,1400},{1,0},20,H1,H1)",
    "E6": "=USCF_CLASS(1717)",
    "E7": '=USCF_CLASS(1717)="Class B"',
    "E8": "=USCF_NEW_RATING(1700,30,{1600,1650},{1})",
    "E9": '=FIDE_NEW_RATING(1800,B2:B5,C2:C5,20,"rapid",DATE(2025,6,1))',
    "E10": "=SUM(USCF_EXPECTED(1700,B2:B5))",
    "E11": '=USCF_EFFECTIVE_GAMES(1700,"established")',
    "E12": "=USCF_FLOOR(1941,H1,H1,H1,H1)",
    "E13": '=FIDE_K(2350,10,2010,FALSE,1,"2026-06-01")',
    "E14": "=ELO_RATING_CHANGE(1500,1700,1,20,3)",
    # The season's new arguments (skip, first rows, blank event) over SEED_PLAYERS/GAMES.
    "E15": '=SEASON_CHECK(U1:W3,X1:AB3,"elo",20,H1,5)',
    "E16": "=SEASON_EVENT(X1:AB3,H1,TRUE,H1)",
    "E17": '=SEASON_EVENT(X1:AB3,"May",TRUE)',
}
#: Array formulas of the seed sheet: top-left cell -> (range, formula).
SEED_ARRAYS: dict[str, tuple[str, str]] = {
    "J1": ("J1:K12", "=USCF_DETAILS(1700,30,B2:B5,C2:C5)"),
    "M1": ("M1:M4", "=ELO_EXPECTED(1500,B2:B5)"),
    "O1": ("O1:P3", "=GLICKO2_RATING(1500,200,0.06,{1400,1550,1700},{30,100,300},{1,0,0})"),
    "R1": ("R1:S8", "=FIDE_DETAILS(1800,B2:B5,C2:C5,20,H1,H1)"),
    "AE1": ("AE1:AE3", '=SEASON_GAME_STATUS(U1:W3,X1:AB3,"elo",20,H1,H1)'),
    "AG1": ("AG1:AJ4", '=SEASON_RATINGS(U1:W3,X1:AB3,"elo",20,3,TRUE,H1,H1)'),
    "AL1": ("AL1:AS4", '=SEASON_STANDINGS(U1:W3,X1:AB3,H1,"elo",20,TRUE,H1,H1,"rank")'),
}
#: A season for the seed sheet's season cells: Players U1:W3, Games X1:AB3 (event, round,
#: white, black, result), its second game without a round (not rated yet).
SEED_PLAYERS: list[list[object]] = [["A", 1500, 30], ["B", 1500, 30], ["C", 1500, 30]]
SEED_GAMES: list[list[object]] = [
    ["May", 1, "A", "B", "1-0"],
    ["May", None, "C", "A", "1-0"],
    ["June", 1, "C", "B", "="],
]


@pytest.fixture(scope="session")
def profile(libreoffice: office.Office, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A temporary LibreOffice profile with the add-in installed by the command."""
    path = tmp_path_factory.mktemp("lo") / "profile"
    assert main(["libreoffice-setup", "--profile", str(path)]) == 0
    yield path
    shutil.rmtree(path, ignore_errors=True)


def _seed_book(path: Path) -> Path:
    from openpyxl import Workbook
    from openpyxl.worksheet.formula import ArrayFormula

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Seeds"
    for row, (opponent, result) in enumerate(
        [(1600, 1), (1650, 0.5), (1750, 0), (1800, 1)], start=2
    ):
        sheet.cell(row, 2, opponent)
        sheet.cell(row, 3, result)
    for first_column, table in ((21, SEED_PLAYERS), (24, SEED_GAMES)):  # U and X
        for row, cells in enumerate(table, start=1):
            for column, value in enumerate(cells, start=first_column):
                if value is not None:
                    sheet.cell(row, column, value)
    for cell, (formula, _, _) in SEED_REFERENCE.items():
        sheet[cell] = formula
    for cell, formula in SEED_ENGINE_ONLY.items():
        sheet[cell] = formula
    for cell, (ref, formula) in SEED_ARRAYS.items():
        sheet[cell] = ArrayFormula(ref, formula)
    book.save(path)
    return path


@pytest.fixture(scope="session")
def recalculated(
    libreoffice: office.Office, profile: Path, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, office.Recalculated]:
    """Every template and the seed sheet, recalculated live by LibreOffice in one run."""
    work = tmp_path_factory.mktemp("lo-books")
    books = [shutil.copy(WORKBOOKS / name, work / name) for name in TEMPLATES]
    books.append(_seed_book(work / SEED_BOOK))
    done = office.recalculate(libreoffice, profile, [Path(b) for b in books])
    return {book.name: result for book, result in done.items()}


_EPOCH = dt.datetime(1899, 12, 30)


def _as_calc(value: object) -> object:
    """The engine's value as Calc shows it (numbers for dates and Booleans, "" for None)."""
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, dt.datetime):
        return (value - _EPOCH).total_seconds() / 86400
    if isinstance(value, dt.date):
        return float((value - _EPOCH.date()).days)
    return "" if value is None else value


def _same(got: object, want: object) -> bool:
    want = _as_calc(want)
    if isinstance(got, float) and isinstance(want, (int, float)):
        return math.isclose(got, want, rel_tol=1e-12, abs_tol=1e-9)
    return got == want


def _differences(book: Path, values: Mapping[tuple[str, str], object]) -> dict[str, str]:
    from xlrating.workbook.engine import evaluation as engine

    # a committed template is evaluated once per session (tests/conftest.py)
    want = (evaluated(book.name) if book == WORKBOOKS / book.name else engine.evaluate(book)).values
    out = {}
    for (sheet, cell), got in values.items():
        if not _same(got, want.get((sheet, cell))):
            out[f"{sheet}!{cell}"] = f"LibreOffice {got!r}, engine {want.get((sheet, cell))!r}"
    return out


@pytest.mark.parametrize("name", TEMPLATES)
def test_template_recalculated_live_equals_the_engine(
    name: str, recalculated: dict[str, office.Recalculated]
) -> None:
    result = recalculated[name]
    assert len(result.values) > 20, f"{name}: LibreOffice reported too few formula cells"
    differ = _differences(WORKBOOKS / name, result.values)
    known = {cell for book, cell in KNOWN_TEXT_IN_ARRAY if book == name}
    unexpected = {cell: why for cell, why in differ.items() if cell not in known}
    assert not unexpected, f"{name}: {len(unexpected)} cells differ: {unexpected}"
    fixed = sorted(known - set(differ))
    assert not fixed, f"{name}: now equal, remove from KNOWN_TEXT_IN_ARRAY: {fixed}"


def test_no_template_cell_shows_an_unknown_function_or_a_failed_call(
    recalculated: dict[str, office.Recalculated],
) -> None:
    """The add-in really ran: no #NAME? (unknown function), Err:504 (a call that raised)
    or #VALUE! anywhere in any template."""
    for name in TEMPLATES:
        shown = recalculated[name].values.values()
        assert not any(v in ("#NAME?", "Err:504", "#VALUE!") for v in shown), name


def test_seed_examples_give_the_published_numbers(
    recalculated: dict[str, office.Recalculated],
) -> None:
    values = recalculated[SEED_BOOK].values
    for cell, (formula, want, tolerance) in SEED_REFERENCE.items():
        got = values[("Seeds", cell)]
        if isinstance(want, str):
            assert got == want, f"{formula}: {got!r}"
        else:
            assert isinstance(got, float) and abs(got - float(want)) <= tolerance, (  # type: ignore[arg-type]
                f"{formula}: {got!r}, published {want}"
            )


def test_seed_sheet_equals_the_engine(
    recalculated: dict[str, office.Recalculated], tmp_path: Path
) -> None:
    result = recalculated[SEED_BOOK]
    book = _seed_book(tmp_path / SEED_BOOK)
    expected_cells = (
        len(SEED_REFERENCE)
        + len(SEED_ENGINE_ONLY)
        + (12 * 2 + 4 + 3 * 2 + 8 * 2 + 3 + 4 * 4 + 4 * 8)
    )
    assert len(result.values) == expected_cells
    assert _differences(book, result.values) == {}


def test_blank_cell_means_blank_for_dates_and_choices(
    recalculated: dict[str, office.Recalculated],
) -> None:
    """H1 is blank: Calc hands the add-in 0.0, which would be an invalid date or choice."""
    values = recalculated[SEED_BOOK].values
    for cell in ("E1", "E2", "E3", "E4", "E5", "E12"):
        got = values[("Seeds", cell)]
        assert isinstance(got, float), f"{SEED_ENGINE_ONLY[cell]}: {got!r}"


def test_xlsx_saved_by_libreoffice_keeps_excel_names(
    libreoffice: office.Office, profile: Path, tmp_path: Path
) -> None:
    """Open an .xlsx, save it as .xlsx (soffice --convert-to): the formulas keep the plain
    Excel names (never the add-in's internal name) and carry LibreOffice's values."""
    (tmp_path / "in").mkdir()
    source = _seed_book(tmp_path / "in" / SEED_BOOK)
    out = tmp_path / "out"
    done = subprocess.run(
        [
            str(libreoffice.soffice),
            "--headless",
            "--norestore",
            "--nolockcheck",
            f"-env:UserInstallation={profile.as_uri()}",
            "--convert-to",
            "xlsx",
            "--outdir",
            str(out),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env=office.office_env(),
    )
    saved = out / SEED_BOOK
    assert saved.is_file(), f"LibreOffice did not convert: {done.stdout} {done.stderr}"
    with zipfile.ZipFile(saved) as archive:
        xml = archive.read("xl/worksheets/sheet1.xml").decode("utf-8")
        everything = "".join(archive.read(n).decode("utf-8", "replace") for n in archive.namelist())
    assert "ORG.XLRATING" not in everything.upper()
    formula = re.search(r'<c r="A2"[^>]*>\s*<f[^>]*>([^<]*)</f>\s*<v>([^<]*)</v>', xml)
    assert formula, xml[:2000]
    assert formula.group(1) == "USCF_NEW_RATING(1700,30,B2:B5,C2:C5)"
    assert abs(float(formula.group(2)) - 1716.66) < 0.005
    details = re.search(r'<c r="J1"[^>]*>\s*<f([^>]*)>([^<]*)</f>', xml)
    assert details and details.group(2) == "USCF_DETAILS(1700,30,B2:B5,C2:C5)"
    assert 't="array"' in details.group(1) and 'ref="J1:K12"' in details.group(1)


def test_extension_holds_the_registry_declarations_and_the_core(tmp_path: Path) -> None:
    oxt = office.build_oxt(tmp_path / "xlrating.oxt")
    with zipfile.ZipFile(oxt) as archive:
        names = set(archive.namelist())
        idl = archive.read("XRatingFunctions.idl").decode("utf-8")
    assert {
        "META-INF/manifest.xml",
        "description.xml",
        "xlrating.components",
        "CalcAddIns.xcu",
        "xlrating_addin.py",
        "pythonpath/xlrating/sheet/catalog.py",
        "pythonpath/xlrating/rating/uscf.py",
    } <= names
    assert not any("workbook" in n or n.endswith(("cli.py", "udfs.py")) for n in names)
    assert idl == generate.render_idl()


def test_tables_are_declared_as_tables() -> None:
    """The IDL gives a table type to exactly the functions the registry declares."""
    idl = generate.render_idl()
    for fn in FUNCTIONS.values():
        table = re.search(rf"sequence< sequence< any > > {fn.name}\(", idl) is not None
        assert table == fn.returns_table, fn.name
        if fn.spills or any(p.name == "opponent" for p in fn.params):
            assert fn.returns_table, f"{fn.name} can return a table"


def test_zero_is_blank_only_where_zero_is_not_a_value() -> None:
    """Each argument declared zero_is_blank fails, or computes as if blank, when given 0:
    reading LibreOffice's 0 as blank then changes no valid result."""
    cases = {
        "USCF_NEW_RATING": (1300, 45, [1600] * 4, [1] * 4, None, None, None, None, None, None),
        "FIDE_EXPECTED": (1800, 1750, None, None, None),
        "FIDE_K": (1800, 45, None, None, None, None),
        "FIDE_PERIOD": ([["A", 1800], ["B", 1700]], [[1, "A", "B", "1-0"]], None, None),
        "ELO_NEW_RATING": (1500, 1700, 1, 20, None, None),
        "ELO_EXPECTED": (1500, 1700, None),
        "GLICKO2_RATING": (1500, 200, 0.06, [1400], [30], [1], None),
        "SEASON_RATINGS": (
            [["A", 1800, 30], ["B", 1700, 30]],
            [["E", 1, "A", "B", "1-0"]],
            None,
            None,
        ),
    }
    season = (
        [["A", 1800, 30], ["B", 1700, 30]],
        [["E", 1, "A", "B", "1-0"], ["F", 1, "B", "A", "1-0"]],
    )
    cases["SEASON_STANDINGS"] = (*season, None, None, None, True)
    cases["EVENT_CROSSTABLE"] = (*season, None, None, True)
    cases["SEASON_GAME_STATUS"] = season
    cases["SEASON_CHECK"] = season
    cases["SEASON_EVENT"] = (season[1],)
    cases["PLAYER_GAMES"] = (season[1], None)
    for name, args in cases.items():
        fn = FUNCTIONS[name]
        args = (*args, *[None] * (fn.max_args - len(args)))
        blank = fn(*args)
        for index, param in enumerate(fn.params):
            if not param.zero_is_blank:
                continue
            zero = list(args)
            zero[index] = 0.0
            got = fn(*zero)
            assert got == blank or (isinstance(got, str) and got.startswith("#")), (
                f"{name}({param.name}=0) gives {got!r}, blank gives {blank!r}"
            )


def _fake_soffice(tmp_path: Path, version_line: str) -> Path:
    fake = tmp_path / "soffice"
    fake.write_text(f"#!/bin/sh\necho '{version_line}'\n", encoding="utf-8")
    fake.chmod(0o755)
    return fake


@pytest.mark.parametrize("remove", [False, True])
def test_setup_refuses_libreoffice_7_4_in_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    remove: bool,
) -> None:
    fake = _fake_soffice(tmp_path, "LibreOffice 7.4.7.2 40(Build:2)")
    monkeypatch.setenv(office.SOFFICE_VARIABLE, str(fake))
    profile = tmp_path / "profile"
    argv = ["libreoffice-setup", "--profile", str(profile)]
    assert main([*argv, "--remove"] if remove else argv) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "LibreOffice 7.4.7.2 is not supported" in err, err
    assert "25.2 or later" in err
    assert not profile.exists()


def test_setup_without_libreoffice_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv(office.SOFFICE_VARIABLE, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))  # no soffice there
    monkeypatch.setattr(office, "standard_places", lambda: [tmp_path / "no-such-soffice"])
    assert main(["libreoffice-setup", "--profile", str(tmp_path / "p")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "LibreOffice is not installed" in err, err
    # On Linux it names the package that opens windows, and the variable to set.
    assert "libreoffice-calc python3-uno" in err and "XLRATING_SOFFICE" in err


def test_setup_says_when_xlrating_soffice_names_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "no-such-soffice"
    monkeypatch.setenv(office.SOFFICE_VARIABLE, str(missing))
    assert main(["libreoffice-setup", "--profile", str(tmp_path / "p")]) == 1
    err = capsys.readouterr().err
    assert err == (
        f"xlrating libreoffice-setup: XLRATING_SOFFICE names {missing}, which is not a file: "
        "give the path of LibreOffice's soffice program, or unset it\n"
    )


def test_libreoffice_is_found_in_its_standard_places(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not on the PATH (a Mac's LibreOffice.app, Windows' Program Files): still found."""
    fake = _fake_soffice(tmp_path, "LibreOffice 25.2.4.3 40(Build:3)")
    monkeypatch.delenv(office.SOFFICE_VARIABLE, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setattr(office, "standard_places", lambda: [tmp_path / "none", fake])
    assert office.find_office().soffice == fake


@pytest.mark.parametrize(
    ("platform", "expected"),
    [
        ("darwin", "/Applications/LibreOffice.app/Contents/MacOS/soffice"),
        ("linux", "/opt/libreoffice25.2/program/soffice"),
    ],
)
def test_the_standard_places_are_the_installers_own(
    monkeypatch: pytest.MonkeyPatch, platform: str, expected: str
) -> None:
    import glob
    import sys

    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(glob, "glob", lambda pattern: [pattern.replace("*", "25.2")])
    assert Path(expected) in office.standard_places()


def test_setup_refuses_an_unknown_program_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = _fake_soffice(tmp_path, "OpenOffice 4.1.15")
    monkeypatch.setenv(office.SOFFICE_VARIABLE, str(fake))
    assert main(["libreoffice-setup", "--profile", str(tmp_path / "p")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "does not name a LibreOffice release" in err, err


@pytest.mark.parametrize("kind", ["a file", "no parent"])
def test_setup_refuses_a_bad_profile_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    target = tmp_path / "file.txt"
    target.write_text("keep me", encoding="utf-8")
    if kind == "no parent":
        target = tmp_path / "missing" / "profile"
    assert main(["libreoffice-setup", "--profile", str(target)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(target) in err, err
    assert (tmp_path / "file.txt").read_text(encoding="utf-8") == "keep me"


@pytest.mark.parametrize("case", ["not writable", "LibreOffice running", "another setup"])
def test_setup_says_why_it_cannot_change_a_profile_in_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    case: str,
) -> None:
    """What soffice only reported as "exited with status 77" (a profile it cannot write) or
    "status 0" (a profile another LibreOffice holds), said before LibreOffice starts."""
    import fcntl
    import os

    fake = _fake_soffice(tmp_path, "LibreOffice 25.2.3.2 520(Build:2)")
    monkeypatch.setenv(office.SOFFICE_VARIABLE, str(fake))
    profile = tmp_path / "profile"
    profile.mkdir()
    if case == "not writable":  # XDG_CONFIG_HOME on a file: the profile cannot be made
        if os.geteuid() != 0:
            pytest.skip("a user's own profile is changed by unopkg (root's by LibreOffice)")
        (tmp_path / "config").write_text("x", encoding="utf-8")
        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
        assert main(["libreoffice-setup"]) == 1
        expected = (
            f"cannot write the LibreOffice profile {tmp_path / 'config' / 'libreoffice' / '4'} "
            "(Not a directory): give --profile with a folder you can write, or make it writable"
        )
    elif case == "LibreOffice running":
        (profile / office.PROFILE_LOCK).write_text("host,user", encoding="utf-8")
        assert main(["libreoffice-setup", "--profile", str(profile)]) == 1
        expected = (
            f"LibreOffice is running on the profile {profile} (its lock file "
            f"{profile / office.PROFILE_LOCK} exists): close every LibreOffice window and the "
            "quick starter, then run libreoffice-setup again (if LibreOffice is not running, "
            "delete that file)"
        )
    else:
        monkeypatch.setattr(office, "PROFILE_WAIT_SECONDS", 0.3)
        held = os.open(profile / office.SETUP_LOCK, os.O_RDWR | os.O_CREAT)
        fcntl.flock(held, fcntl.LOCK_EX)
        try:
            assert main(["libreoffice-setup", "--profile", str(profile)]) == 1
        finally:
            os.close(held)
        expected = (
            f"another xlrating libreoffice-setup has held the profile {profile} for 0.3 s; "
            "try again when it has finished"
        )
    assert capsys.readouterr().err == f"xlrating libreoffice-setup: {expected}\n"


#: Generated club seasons (games; 40 players, 16 events; 7,000 games is about the most the
#: guard takes) computed live by LibreOffice and by the engine: issue 25 found the
#: Standings' counts differing on such seasons (the engine read the generator's names
#: M0001... as times of day).
#: Game rows of the generated seasons: small, and near the largest the guard accepts (about
#: 6,700 rows: each is 7 cells with its Status cell, docs/files.md).
SEASON_GAMES: tuple[int, ...] = (200, 6500)


@pytest.mark.slow
def test_generated_seasons_compute_alike_in_libreoffice_and_the_engine(
    libreoffice: office.Office, profile: Path, tmp_path: Path
) -> None:
    """Every formula cell of a generated season, small and large, is the same in
    LibreOffice (recalculated live) and in the engine."""
    from xlrating.rating import synthetic
    from xlrating.workbook.templates import build_club_season

    books = []
    for games in SEASON_GAMES:
        data = synthetic.season(40, 16, games, seed=20260101)
        roster, rows = synthetic.season_tables(data)
        for row in rows:  # the template takes dates, not the datetimes a range hands over
            row[1] = row[1].date()  # type: ignore[attr-defined]
        book = tmp_path / f"season_{games}.xlsx"
        build_club_season(book, roster, rows, lint=False)
        books.append(book)
    done = office.recalculate(libreoffice, profile, books)
    for book in books:
        values = done[book.resolve()].values
        assert len(values) > 1000, f"{book.name}: LibreOffice reported too few formula cells"
        differ = _differences(book, values)
        first = dict(list(differ.items())[:5])
        assert not differ, f"{book.name}: {len(differ)} cells differ, first {first}"


def test_recalc_with_libreoffice_caches_the_engine_values(
    libreoffice: office.Office,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``xlrating recalc --engine libreoffice`` writes the values the embedded engine writes
    (uscf_event.xlsx and elo.xlsx hold no text-in-array lookups), input untouched."""
    from openpyxl import load_workbook

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    for name in ("uscf_event.xlsx", "elo.xlsx"):
        source = WORKBOOKS / name
        before = source.read_bytes()
        ours, theirs = tmp_path / f"embedded-{name}", tmp_path / f"lo-{name}"
        assert main(["recalc", str(source), "-o", str(ours)]) == 0
        assert main(["recalc", str(source), "-o", str(theirs), "--engine", "libreoffice"]) == 0
        assert source.read_bytes() == before
        want, got = load_workbook(ours, data_only=True), load_workbook(theirs, data_only=True)
        formulas = load_workbook(source)
        compared = 0
        for sheet in formulas.worksheets:
            for row in sheet.iter_rows():
                for cell in row:
                    if cell.data_type != "f" and not hasattr(cell.value, "ref"):
                        continue
                    a = want[sheet.title][cell.coordinate].value
                    b = got[sheet.title][cell.coordinate].value
                    compared += 1
                    assert _same(b, a) or (a is None and b == ""), (
                        f"{name} {sheet.title}!{cell.coordinate}: LibreOffice {b!r}, engine {a!r}"
                    )
        assert compared > 20
    capsys.readouterr()


def test_soffice_never_sees_our_virtual_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An activated virtual environment (another Python) on PATH made LibreOffice's
    embedded Python read its standard library, and every document failed to open: soffice
    gets PATH without a virtual environment's bin folder, and no VIRTUAL_ENV, PYTHONHOME
    or PYTHONPATH."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "pyvenv.cfg").write_text("home = /somewhere/else/bin\n", encoding="utf-8")
    plain = tmp_path / "tools"
    plain.mkdir()
    monkeypatch.setenv("PATH", os.pathsep.join([str(venv / "bin"), str(plain), "/usr/bin"]))
    for name in ("VIRTUAL_ENV", "PYTHONHOME", "PYTHONPATH"):
        monkeypatch.setenv(name, str(venv))
    env = office.office_env()
    assert env["PATH"].split(os.pathsep) == [str(plain), "/usr/bin"]
    assert not {"VIRTUAL_ENV", "PYTHONHOME", "PYTHONPATH"} & set(env)
