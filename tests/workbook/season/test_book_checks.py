"""Issue 25: after any import the club season's Checks sheet still reads ALL PASS.

Every tournament file in tests/data (TRF and crosstable, each section of a page) is
imported through ``xlrating import`` into a fresh club season (one after the other), the
book is recalculated with the embedded engine (``xlrating recalc``), and every row of its
Checks sheet is read.

The cause of the failures the issue measured: a season rated by US Chess rates each event
by its date, and an event dated before 2017-05-01 (the first dated bonus multiplier) made
the whole SEASON_RATINGS table an error, so the two rows comparing the Player card with the
Ratings sheet failed.  The import now refuses such an event in one line, before anything is
written; tests/data/trf_wild_2005.txt (2005) is therefore imported into a season rated by
Glicko-2, which has no dated rules, and refused by the US Chess and FIDE seasons.
"""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path
from typing import NamedTuple

import pytest

from xlrating.cli import main
from xlrating.workbook.templates.club_sample import CLUB_GAMES, CLUB_PLAYERS
from xlrating.workbook.templates.club_season import build_club_season

DATA = Path(__file__).parents[2] / "data"
WORKBOOKS = Path(__file__).resolve().parents[3] / "workbooks"
WILD = DATA / "trf_wild_2005.txt"

#: Every tournament file of tests/data, with the section to import (None: the only one).
IMPORTS: list[tuple[Path, str | None]] = [
    (DATA / "sample_trf16.txt", None),
    (DATA / "sample_uscf_crosstable.txt", None),
    (DATA / "trf_arena_2020.txt", None),
    (DATA / "trf_round_dates.txt", None),
    (WILD, None),
    (DATA / "uscf_crosstable_page.txt", "1"),
    (DATA / "uscf_crosstable_page.txt", "2"),
    (DATA / "uscf_crosstable_real_undated.txt", None),
    (DATA / "trf_lichess_swiss_2020.txt", None),
    (DATA / "uschess_api" / "standings-thanksgiving-u1600.json", None),
]

pytestmark = pytest.mark.slow


def test_every_tournament_file_of_tests_data_is_listed() -> None:
    listed = {path.name for path, _ in IMPORTS}
    files = {p.name for p in DATA.glob("*.txt")}
    assert {name for name in listed if name.endswith(".txt")} == files


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


class Season(NamedTuple):
    book: Path
    #: (file name, section) -> (exit code, stderr) of each import.
    imports: dict[tuple[str, str | None], tuple[int, str]]


def _import_all(book: Path, imports: list[tuple[Path, str | None]]) -> Season:
    results = {}
    for path, section in imports:
        argv = ["import", str(path), "--into", str(book), "--event", f"{path.stem} {section}"]
        if section is not None:
            argv += ["--section", section]
        code, _, err = _cli(*argv)
        results[(path.name, section)] = (code, err)
    code, _, err = _cli("recalc", str(book), "--in-place")
    assert code == 0, err
    return Season(book, results)


@pytest.fixture(scope="module")
def uscf_season(tmp_path_factory: pytest.TempPathFactory) -> Season:
    book = tmp_path_factory.mktemp("uscf") / "club_season.xlsx"
    shutil.copy(WORKBOOKS / "club_season.xlsx", book)
    return _import_all(book, IMPORTS)


@pytest.fixture(scope="module")
def glicko2_season(tmp_path_factory: pytest.TempPathFactory) -> Season:
    book = tmp_path_factory.mktemp("glicko2") / "club_season.xlsx"
    build_club_season(book, CLUB_PLAYERS, CLUB_GAMES, system="glicko2", lint=False)
    return _import_all(book, [(WILD, None)])


def _checks(book: Path) -> tuple[object, list[tuple[object, ...]]]:
    from openpyxl import load_workbook

    sheet = load_workbook(book, data_only=True)["Checks"]
    rows = []
    for row in sheet.iter_rows(min_row=5, values_only=True):
        if not row[0]:
            break  # the checks end on a blank row (the inputs of the checks follow)
        rows.append(row[:6])
    assert rows[0] == ("Check", "Inputs", "Computed", "Expected", "Tolerance", "Result")
    del rows[0]
    return sheet["B3"].value, rows


def _ratings_header(book: Path) -> list[object]:
    from openpyxl import load_workbook

    from xlrating.workbook.season.layout import RATINGS_HEADER

    sheet = load_workbook(book, data_only=True)["Ratings"]
    return [cell.value for cell in sheet[RATINGS_HEADER] if cell.value is not None]


@pytest.mark.parametrize("season", ["uscf_season", "glicko2_season"])
def test_checks_all_pass_after_importing_every_file(
    season: str, request: pytest.FixtureRequest
) -> None:
    imported: Season = request.getfixturevalue(season)
    status, rows = _checks(imported.book)
    failed = [row for row in rows if row[5] != "PASS"]
    assert (status, failed) == ("ALL PASS", [])
    assert len(rows) == 17  # 12 worked examples, every game row rated, 4 comparing sheets
    header = _ratings_header(imported.book)
    assert header[0] == "Player"  # the table is rated, not an error text
    accepted = [key for key, (code, _) in imported.imports.items() if code == 0]
    assert all(f"{Path(name).stem} {section}" in header for name, section in accepted)


def test_the_us_chess_season_refuses_only_the_event_of_2005(uscf_season: Season) -> None:
    refused = {key: err for key, (code, err) in uscf_season.imports.items() if code != 0}
    assert list(refused) == [(WILD.name, None)]
    assert refused[(WILD.name, None)].startswith(
        "xlrating import: club_season.xlsx rates its season by US Chess (system uscf), whose "
        "bonus multiplier is known only for events ending 2017-05-01 or later, and "
        "'trf_wild_2005 None' is dated 2005-07-30"
    )


def test_the_glicko2_season_takes_the_event_of_2005(glicko2_season: Season) -> None:
    assert glicko2_season.imports == {(WILD.name, None): (0, "")}


def test_a_fide_season_refuses_the_event_of_2005(tmp_path: Path) -> None:
    book = tmp_path / "club_season.xlsx"
    build_club_season(book, CLUB_PLAYERS, CLUB_GAMES, system="fide", lint=False)
    before = book.read_bytes()
    code, out, err = _cli("import", str(WILD), "--into", str(book))
    assert (code, out) == (1, "")
    assert err.startswith(
        "xlrating import: club_season.xlsx rates its season by fide, and with 'Sommer-Open "
        "Wildbad 2005' (2005-07-30) its whole Ratings table would show: #VALUE! event "
        "'Sommer-Open Wildbad 2005': "
    )
    assert err.count("\n") == 1 and "nothing was written" in err
    assert book.read_bytes() == before


def test_a_row_that_cannot_be_rated_is_reported_not_spread(tmp_path: Path) -> None:
    """A Games row the season cannot rate (a result of 2-0) is left out and reported: its
    Status cell and the line above the Ratings table say why, the Checks row "every game
    row is rated" fails; the Ratings table is rated without it (no error there), so the
    rows comparing the Player card with it still compare, and the worked examples pass."""
    from openpyxl import load_workbook

    book = tmp_path / "club_season.xlsx"
    wb = load_workbook(WORKBOOKS / "club_season.xlsx")
    assert wb["Games"]["F5"].value == CLUB_GAMES[0][5] == "1-0"  # the first game's result
    wb["Games"]["F5"] = "2-0"
    wb.save(book)
    code, _, err = _cli("recalc", str(book), "--in-place")
    assert code == 0, err
    assert _ratings_header(book)[0] == "Player"
    shown = load_workbook(book, data_only=True)
    assert str(shown["Games"]["G5"].value).startswith("not rated yet: ")
    assert shown["Games"]["G6"].value == "rated"
    line = str(shown["Ratings"]["A11"].value)
    assert line.startswith("1 game row") and "Games row 5" in line, line
    status, rows = _checks(book)
    verdicts = {str(row[0]): row[5] for row in rows}
    assert verdicts.pop("Games: every game row is rated") == "FAIL"
    assert set(verdicts.values()) == {"PASS"}
    assert status == "SOME CHECKS FAIL: see column F"
