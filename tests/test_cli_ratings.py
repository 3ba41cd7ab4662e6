"""``xlrating ratings BOOK --list FILE`` on copies of the club season workbook.

The sample season (workbooks/club_season.xlsx) has events; its Players table's
``US Chess ID`` column F and ``FIDE ID`` column G (headed in row 4) get the IDs of the
real FIDE list lines in tests/data here.  Every
expectation is the list's own number (tests/data/README_imports.md) or the book's.
"""

from __future__ import annotations

import contextlib
import io
import re
import shutil
from pathlib import Path

import openpyxl
import pytest

from xlrating.cli import main
from xlrating.workbook.season.find import open_book
from xlrating.workbook.season.start import RECORD_PREFIX, write_cells

DATA = Path(__file__).parent / "data" / "rating_lists"
WORKBOOKS = Path(__file__).resolve().parent.parent / "workbooks"
BLITZ = DATA / "fide_blitz_rating_list.txt"
COMBINED = DATA / "fide_players_list_foa.txt"
MEMBER = DATA / "uschess_member.json"
SUPPLEMENTS = DATA / "uschess_99990002_supplements.json"

# Players rows of the sample season: Alice Morgan 5 (1845, 112 games), Ben Carter 6,
# Chloe Nguyen 7, Leo Park 13 (unrated, 0 games, age 11).
IDS: dict[tuple[int, int], object] = {
    # Column 6 (F) US Chess ID, 7 (G) FIDE ID, headed in row 4 (written again: a book
    # whose headings were typed reads the same).
    (4, 6): "US Chess ID",
    (5, 6): 99990001.0,
    (13, 6): 99990002.0,
    (4, 7): "FIDE ID",
    (5, 7): 703303.0,  # Leko's line
    (13, 7): "700070",  # Polgar's line, typed as text
    (7, 7): 12345.0,  # in no list
}


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def book(tmp_path: Path) -> Path:
    """The sample season (it has events) with member-ID columns F and G."""
    plain = tmp_path / "plain.xlsx"
    shutil.copyfile(WORKBOOKS / "club_season.xlsx", plain)
    path = tmp_path / "club.xlsx"
    write_cells(open_book(plain), path, "Players", IDS)
    plain.unlink()
    return path


@pytest.fixture
def no_events(book: Path, tmp_path: Path) -> Path:
    """The same season before its first event: the Games table cleared."""
    wb = openpyxl.load_workbook(book, read_only=True)
    used = [
        (row[0].row, row[0].column)
        for row in wb["Games"].iter_rows(min_row=5, max_row=604, max_col=6)
        if row[0].value is not None
    ]
    wb.close()
    path = tmp_path / "new_season.xlsx"
    cleared = {(r, c + j): None for r, c in used for j in range(6)}
    write_cells(open_book(book), path, "Games", cleared)
    return path


def values(path: Path) -> dict[tuple[str, str], object]:
    wb = openpyxl.load_workbook(path)
    found = {
        (ws.title, cell.coordinate): cell.value
        for ws in wb.worksheets
        for row in ws.iter_rows()
        for cell in row
        if cell.value is not None
    }
    wb.close()
    return {key: getattr(value, "text", value) for key, value in found.items()}


def reported_cells(out: str) -> set[tuple[str, str]]:
    """The cells the report names: "(Players!B5, E5)"."""
    cells = set()
    for group in re.findall(r"\(Players!([A-Z0-9, ]+)\)", out):
        cells |= {("Players", ref.strip()) for ref in group.split(",")}
    return cells


def test_dry_run_writes_nothing(book: Path) -> None:
    before = book.read_bytes()
    code, out, err = run("ratings", str(book), "--list", str(BLITZ), "--dry-run", "--replace-start")
    assert (code, err) == (0, "")
    assert book.read_bytes() == before
    assert sorted(p.name for p in book.parent.iterdir()) == ["club.xlsx"]  # no backup, no lock
    assert "would change:" in out and "dry run: nothing written" in out
    assert "Alice Morgan (FIDE ID 703303): rating 1845 -> 2738" in out
    assert (
        "Leo Park (FIDE ID 700070): rating blank -> 2736, rated games 0 -> blank, age 11 -> 50"
        in out
    )


def test_a_run_changes_exactly_the_cells_it_reports(book: Path) -> None:
    before = values(book)
    code, out, err = run("ratings", str(book), "--list", str(BLITZ), "--replace-start")
    assert (code, err) == (0, "")
    after = values(book)
    changed = {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}
    assert changed == reported_cells(out) | {("Players", "A3")}
    assert after[("Players", "B5")] == 2738 and after[("Players", "E5")] == 47  # 2026 - 1979
    assert after[("Players", "B13")] == 2736 and ("Players", "C13") not in after
    assert str(after[("Players", "A3")]).startswith(
        f"{RECORD_PREFIX}FIDE blitz list of 2026-08-01 (fide_blitz_rating_list.txt)"
    )
    assert "not in the list: Chloe Nguyen (12345)" in out
    assert "no FIDE ID: Ben Carter, David Okafor" in out
    backup = book.with_name("club.backup.xlsx")
    assert values(backup) == before


def test_a_season_with_events_fills_only_unrated_players(book: Path) -> None:
    code, out, _ = run("ratings", str(book), "--list", str(BLITZ))
    assert code == 0
    after = values(book)
    assert after[("Players", "B5")] == 1845  # Alice keeps her starting rating
    assert after[("Players", "B13")] == 2736  # Leo, unrated, is filled
    assert "kept, rated already: Alice Morgan (list 2738)" in out
    assert "--replace-start replaces the others' too" in out


def test_a_season_without_events_is_updated(no_events: Path) -> None:
    code, out, _ = run("ratings", str(no_events), "--list", str(COMBINED), "--rating", "rapid")
    assert code == 0, out
    after = values(no_events)
    assert after[("Players", "B5")] == 2700  # Leko's rapid rating
    assert "the season has events" not in out
    # The combined list has no month: no age without a date; --list-date gives one.
    assert after.get(("Players", "E5")) is None
    code, out, _ = run(
        "ratings", str(no_events), "--list", str(COMBINED), "--list-date", "2026-09-01"
    )
    assert code == 0
    assert values(no_events)[("Players", "B5")] == 2676
    assert values(no_events)[("Players", "E5")] == 47


def test_uschess_member_and_supplements(book: Path) -> None:
    code, out, err = run(
        "ratings", str(book), "--list", str(MEMBER), "--list", str(SUPPLEMENTS), "--replace-start"
    )
    assert (code, err) == (0, ""), out
    after = values(book)
    # Alice: R 1872 from 131 games, floor 1700; Leo: 1211 from 14 provisional games.
    assert [after.get(("Players", c)) for c in ("B5", "C5", "D5")] == [1872, 131, 1700]
    assert [after.get(("Players", c)) for c in ("B13", "C13")] == [1211, 14]
    assert "matched by US Chess ID (Players column F)" in out


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: d / "missing.txt", "xlrating ratings: no such file: "),
        (lambda d: _write(d / "x.txt", b"hello\n"), "x.txt: the first line is not the header"),
        (lambda d: _write(d / "x.zip", b"PK\x03\x04broken"), "x.zip: a damaged or truncated zip"),
        (lambda d: _write(d / "x.xml", b"<!DOCTYPE x><x/>"), "x.xml line 1: it has a DOCTYPE"),
    ],
)
def test_a_bad_list_is_one_line_and_writes_nothing(
    book: Path, tmp_path: Path, make: object, message: str
) -> None:
    before = book.read_bytes()
    listed = make(tmp_path)  # type: ignore[operator]
    code, out, err = run("ratings", str(book), "--list", str(listed))
    assert code != 0 and out == ""
    assert message in err and err.count("\n") == 1
    assert book.read_bytes() == before
    assert not book.with_name("club.backup.xlsx").exists()


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def test_a_book_without_an_id_column(tmp_path: Path) -> None:
    """A season made before the ID columns (Players A:E, no heading names an ID)."""
    path = tmp_path / "club.xlsx"
    shutil.copyfile(DATA.parent / "club_season_a_to_e.xlsx", path)
    code, _, err = run("ratings", str(path), "--list", str(BLITZ))
    assert code == 1
    assert "the Players table has no FIDE ID column: head a column 'FIDE ID'" in err


def test_the_new_starting_ratings_rate_the_season(book: Path, tmp_path: Path) -> None:
    """The book as written recalculates, and the season starts from the list's ratings."""
    code, _, err = run("ratings", str(book), "--list", str(BLITZ), "--replace-start")
    assert (code, err) == (0, "")
    out = tmp_path / "computed.xlsx"
    code, _, err = run("recalc", str(book), "-o", str(out))
    assert code == 0, err
    wb = openpyxl.load_workbook(out, data_only=True)
    ratings = wb["Ratings"]
    start = next(
        cell.column
        for row in ratings.iter_rows(min_row=13, max_row=13)
        for cell in row
        if cell.value == "Start"
    )
    starts = {ratings.cell(row, 1).value: ratings.cell(row, start).value for row in range(14, 24)}
    wb.close()
    assert starts["Alice Morgan"] == 2738 and starts["Leo Park"] == 2736
    assert starts["Ben Carter"] == 1720  # no FIDE ID: as it was


@pytest.mark.parametrize("name", ["club_season.xlsx", "club_season_empty.xlsx"])
def test_the_templates_hold_the_id_columns_and_the_record_line(name: str, tmp_path: Path) -> None:
    """Both seasons as shipped: headings F4 US Chess ID and G4 FIDE ID, Players!A3 a
    placeholder the command replaces with the list it applied."""
    wb = openpyxl.load_workbook(WORKBOOKS / name)
    players = wb["Players"]
    assert (players["F4"].value, players["G4"].value) == ("US Chess ID", "FIDE ID")
    assert str(players["A3"].value).startswith(RECORD_PREFIX)
    # nothing merged over the record cell (a merge it starts itself holds its text)
    ranges = players.merged_cells.ranges
    assert not any("A3" in m and (m.min_row, m.min_col) != (3, 1) for m in ranges), ranges
    wb.close()
    path = tmp_path / name
    # A member with Leko's FIDE ID on the first row (the empty season has none).
    write_cells(
        open_book(WORKBOOKS / name), path, "Players", {(5, 1): "Peter Leko", (5, 7): 703303.0}
    )
    code, out, err = run("ratings", str(path), "--list", str(BLITZ), "--replace-start")
    assert (code, err) == (0, ""), out
    shown = openpyxl.load_workbook(path)["Players"]
    assert shown["B5"].value == 2738  # the list's blitz rating of Leko's line
    assert str(shown["A3"].value).startswith(f"{RECORD_PREFIX}FIDE blitz list")
