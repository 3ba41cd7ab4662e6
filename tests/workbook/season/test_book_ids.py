"""``xlrating import`` and the Players table's member-ID columns (F US Chess ID, G FIDE ID).

An imported player is a member when the file's ID is the member's, whatever the spelling;
else by name ("LAST, FIRST" meets "First Last"); a member found whose ID differs from the
file's is refused in one line; the players added get the file's IDs.  Every expected ID is
read from the file here (the TRF's columns 58-68, the API answer's ``memberId``).
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import shutil
from pathlib import Path

import openpyxl
import pytest

from xlrating.cli import main
from xlrating.workbook.season.find import open_book
from xlrating.workbook.season.start import write_cells

DATA = Path(__file__).parents[2] / "data"
TRF = DATA / "sample_trf16.txt"
API = DATA / "uschess_api" / "standings-thanksgiving-u1600.json"
WORKBOOKS = Path(__file__).resolve().parents[3] / "workbooks"
OLD = DATA / "club_season_a_to_e.xlsx"  # Players A:E, made before the ID columns
DATE = "2026-02-07"  # a date the season's US Chess rules rate
FIRST_FREE = 14  # the sample season lists 9 players in rows 5-13


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def trf_ids() -> dict[str, int]:
    """The TRF's FIDE numbers by name, cut from its 001 lines (columns 15-47, 58-68)."""
    lines = [line for line in TRF.read_text("utf-8").splitlines() if line.startswith("001")]
    return {line[14:47].strip(): int(line[57:68]) for line in lines if line[57:68].strip()}


def players_of(book: Path) -> dict[str, tuple[object, object]]:
    wb = openpyxl.load_workbook(book, read_only=True)
    rows = wb["Players"].iter_rows(min_row=5, max_row=44, max_col=7, values_only=True)
    found = {row[0]: (row[5], row[6]) for row in rows if row[0] is not None}
    wb.close()
    return found


def game_names(book: Path) -> set[object]:
    wb = openpyxl.load_workbook(book, read_only=True)
    rows = wb["Games"].iter_rows(min_row=5, max_row=604, min_col=4, max_col=5, values_only=True)
    found = {name for row in rows for name in row if name is not None}
    wb.close()
    return found


@pytest.fixture
def book(tmp_path: Path) -> Path:
    path = tmp_path / "club.xlsx"
    shutil.copyfile(WORKBOOKS / "club_season.xlsx", path)
    return path


def with_members(book: Path, rows: dict[int, tuple[object, ...]]) -> None:
    """Members typed on free Players rows: row -> (name, rating, games, floor, age, US Chess
    ID, FIDE ID)."""
    typed = book.with_name("typed.xlsx")
    cells = {(r, c + 1): v for r, row in rows.items() for c, v in enumerate(row) if v is not None}
    write_cells(open_book(book), typed, "Players", cells)
    typed.replace(book)


def test_the_players_added_get_the_trfs_fide_ids(book: Path) -> None:
    code, _, err = run("import", str(TRF), "--into", str(book), "--date", DATE)
    assert (code, err) == (0, "")
    players = players_of(book)
    expected = trf_ids()
    assert len(expected) == 8
    assert {name: players[name][1] for name in expected} == expected
    assert all(players[name][0] is None for name in expected)  # a TRF gives no US Chess ID


def test_the_players_added_get_the_api_files_member_ids(book: Path) -> None:
    items = json.loads(API.read_text("utf-8"))["items"]
    code, _, err = run("import", str(API), "--into", str(book), "--event", "Thanksgiving")
    assert (code, err) == (0, "")
    players = players_of(book)
    expected = {f"{i['firstName']} {i['lastName']}": int(i["memberId"]) for i in items}
    assert {players[name][0] for name in expected} == set(expected.values())
    first = items[0]
    assert players[f"{first['firstName']} {first['lastName']}"][0] == int(first["memberId"])


def test_a_member_with_the_same_id_is_that_member_whatever_the_spelling(book: Path) -> None:
    """Alvarez, Ana's FIDE ID typed for "Ana Alvarez-Ruiz"; Becker, Bruno typed as "Bruno
    Becker" with no ID: the one by ID, the other by name; neither is added."""
    ids = trf_ids()
    with_members(
        book,
        {
            FIRST_FREE: ("Ana Alvarez-Ruiz", 2405, 50, None, None, None, ids["Alvarez, Ana"]),
            FIRST_FREE + 1: ("Bruno Becker", 2310, 50),
        },
    )
    code, out, err = run("import", str(TRF), "--into", str(book), "--date", DATE, "--dry-run")
    assert (code, err) == (0, "")
    ana = ids["Alvarez, Ana"]
    assert f"Alvarez, Ana  2405  (already listed as Ana Alvarez-Ruiz, by FIDE ID {ana})" in out
    assert "Becker, Bruno  2310  (already listed as Bruno Becker, by name as LAST, FIRST)" in out
    assert "Chen, Carl  2105  (new)" in out
    code, out, err = run("import", str(TRF), "--into", str(book), "--date", DATE)
    assert (code, err) == (0, "")
    assert f"note: 'Alvarez, Ana' is 'Ana Alvarez-Ruiz' by FIDE ID {ids['Alvarez, Ana']}" in out
    assert "6 new players" in out
    players = players_of(book)
    assert "Alvarez, Ana" not in players and "Becker, Bruno" not in players
    names = game_names(book)
    assert {"Ana Alvarez-Ruiz", "Bruno Becker", "Chen, Carl"} <= names
    assert not {"Alvarez, Ana", "Becker, Bruno"} & names


def test_a_name_match_with_another_id_is_refused(book: Path) -> None:
    ids = trf_ids()
    other = ids["Chen, Carl"] + 1
    with_members(book, {FIRST_FREE: ("Carl Chen", 2105, 50, None, None, None, other)})
    before = book.read_bytes()
    code, out, err = run("import", str(TRF), "--into", str(book), "--date", DATE)
    assert code == 1 and out == ""
    assert err.count("\n") == 1
    assert (
        f"'Chen, Carl' has FIDE ID {ids['Chen, Carl']} in the file, and 'Carl Chen' (Players "
        f"row {FIRST_FREE}, matched by name as LAST, FIRST) has FIDE ID {other}" in err
    )
    assert book.read_bytes() == before


def test_two_members_with_one_id_are_refused(book: Path) -> None:
    with_members(
        book,
        {
            FIRST_FREE: ("Xavier One", 1500, 50, None, None, None, 123456),
            FIRST_FREE + 1: ("Yves Two", 1500, 50, None, None, None, "123456"),
        },
    )
    code, _, err = run("import", str(TRF), "--into", str(book), "--date", DATE)
    assert code == 1
    assert f"Players rows {FIRST_FREE} and {FIRST_FREE + 1} have the same FIDE ID 123456" in err


def test_a_book_made_before_the_id_columns_still_imports_resizes_and_recalcs(
    tmp_path: Path,
) -> None:
    """Players A:E: matched by name only, no ID written (column G holds the old notes)."""
    path = tmp_path / "old.xlsx"
    shutil.copyfile(OLD, path)
    code, out, err = run("import", str(TRF), "--into", str(path), "--date", DATE)
    assert (code, err) == (0, ""), out
    wb = openpyxl.load_workbook(path)
    players = wb["Players"]
    assert [players.cell(r, 1).value for r in (14, 21)] == ["Alvarez, Ana", "Hoang, Hung"]
    assert all(players.cell(r, c).value is None for r in range(14, 22) for c in (6, 7))
    assert str(players["G5"].value).startswith("A blank rating means unrated")
    wb.close()
    grown = tmp_path / "grown.xlsx"
    code, out, err = run("resize", str(path), "--player-rows", "80", "-o", str(grown))
    assert (code, err) == (0, ""), out
    code, out, err = run("recalc", str(grown), "--in-place")
    assert (code, err) == (0, ""), out
    wb = openpyxl.load_workbook(grown, data_only=True)
    assert wb["Checks"]["B3"].value == "ALL PASS"
    ratings = wb["Ratings"]
    names = {ratings.cell(r, 1).value for r in range(14, 14 + 80)}
    assert {"Alice Morgan", "Alvarez, Ana", "Hoang, Hung"} <= names
    wb.close()


def test_a_crosstable_that_shows_ids_fills_the_us_chess_id(book: Path) -> None:
    """The crosstable's "USCF ID / Rtg" cell: the ID before the "/" (cut from the page)."""
    page = (DATA / "sample_uscf_crosstable.txt").read_text("utf-8").splitlines()
    shown = {}
    for first, second in itertools.pairwise(page):
        cells = first.split("|")
        if len(cells) > 2 and cells[0].strip().isdigit():
            shown[cells[1].strip()] = int(second.split("|")[1].split("/")[0])
    assert len(shown) == 6
    page_file = str(DATA / "sample_uscf_crosstable.txt")
    code, _, err = run("import", page_file, "--into", str(book), "--event", "Crosstable")
    assert (code, err) == (0, "")
    players = players_of(book)
    assert {name: players[name][0] for name in shown} == shown


ID_CASES: list[tuple[object, bool]] = [
    (12345678, True),
    ("700070", True),
    (" 700070 ", True),
    (99999999, True),
    (123456789, False),  # 9 digits: more than a US Chess ID has
    (0, False),
    (-5, False),
    (12.5, False),
    ("0123", False),  # a leading zero: the text would not read back as the number
    ("1e5", False),
    ("+12", False),
    ("12.0", False),
    ("abc", False),
]


def test_the_id_cells_take_member_numbers_only(tmp_path: Path) -> None:
    """The rule of column F's validation, as the template writes it, computed by the
    headless engine beside each value (a blank cell is never checked)."""
    from xlrating.workbook.engine import evaluation as engine

    wb = openpyxl.load_workbook(WORKBOOKS / "club_season.xlsx")
    rules = {str(dv.sqref): dv for dv in wb["Players"].data_validations.dataValidation}
    rule = rules["F5:F44"]
    assert rule.type == "custom" and rules["G5:G44"].type == "custom"
    wb.close()
    scratch = openpyxl.Workbook()
    ws = scratch.active
    assert ws is not None
    for i, (value, _) in enumerate(ID_CASES):
        ws.cell(5 + i, 6, value)
        ws.cell(5 + i, 8, "=" + str(rule.formula1).replace("F5", f"F{5 + i}"))
    path = tmp_path / "rule.xlsx"
    scratch.save(path)
    computed = engine.evaluate(path)
    got = [computed.value(ws.title, f"H{5 + i}") for i in range(len(ID_CASES))]
    assert got == [accepted for _, accepted in ID_CASES]
