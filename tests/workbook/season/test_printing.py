"""A club season prints the rows its tables use, and the commands that change the tables
keep it so (season_print; LibreOffice prints fixed print areas only).

The expected rows are counted here from what the tests type in or import (names, games,
the events' players), never read from the code under test.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import math
import re
import shutil
import zipfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from openpyxl import load_workbook

from xlrating.cli import main
from xlrating.workbook.ooxml.package import parse
from xlrating.workbook.season.printing import season_print_rows
from xlrating.workbook.templates import build_club_season

WORKBOOKS = Path(__file__).resolve().parents[3] / "workbooks"
DATA = Path(__file__).resolve().parents[2] / "data"
#: A US Chess crosstable of 64 players (the issue's "64-player event").
BIG = DATA / "uscf_crosstable_real_undated.txt"
TOPS = {"Ratings": 13, "Standings": 8, "Crosstable": 9, "Player card": 29}


def _areas(book: Path) -> dict[str, str]:
    """Sheet name -> its print area."""
    with zipfile.ZipFile(book) as zf:
        root = parse(zf.read("xl/workbook.xml"))
    names = [sheet.get("name") for sheet in root.iter("{*}sheet")]
    return {
        str(names[int(area.get("localSheetId", ""))]): area.text or ""
        for area in root.iter("{*}definedName")
        if area.get("name") == "_xlnm.Print_Area"
    }


def _last_row(area: str) -> int:
    return int(area.rsplit("$", 1)[1])


def _run(*args: str) -> str:
    said = io.StringIO()
    with contextlib.redirect_stdout(said), contextlib.redirect_stderr(io.StringIO()):
        assert main(list(args)) == 0
    return said.getvalue()


# "Ann  Lee" (two spaces) is "Ann Lee": the season functions join a name's inner spaces.
names = st.sampled_from(["Ann", "Bo", "Cy", "Ann Lee", "Ann  Lee", None])


def _same(name: str | None) -> str | None:
    """*name* as the season functions read it (inner spaces joined)."""
    return None if name is None else " ".join(name.split())


@given(
    players=st.lists(st.tuples(names), max_size=12),
    games=st.lists(st.tuples(st.sampled_from(["E1", "E2", None]), names, names), max_size=20),
)
def test_every_sheet_prints_its_header_and_no_more_than_its_rows_in_use(
    players: list[tuple[str | None]], games: list[tuple[str | None, str | None, str | None]]
) -> None:
    table = [[p[0]] for p in players]
    rows = [[e, None, 1, w, b, "1-0"] for e, w, b in games]
    printed = season_print_rows(table, rows, TOPS)
    players = [(_same(p[0]),) for p in players]
    games = [(e, _same(w), _same(b)) for e, w, b in games]
    listed = [p[0] for p in players if p[0] is not None]
    last = max((i for i, p in enumerate(players, 1) if p[0] is not None), default=0)
    assert printed["Players"] == 4 + last
    assert printed["Ratings"] == 13 + last  # a row per Players row, to the last named
    assert printed["Standings"] == 8 + len(listed)
    # The crosstable: never fewer rows than an event's listed players.
    for event in ("E1", "E2"):
        there = {n for e, w, b in games if e == event for n in (w, b) if n in listed}
        assert printed["Crosstable"] >= 9 + len(there)
    assert printed["Crosstable"] <= 9 + len(set(listed))
    for name in set(listed):
        count = sum((w == name) + (b == name) for _, w, b in games)
        assert printed["Player card"] >= 29 + count
    assert printed["Games"] == 4 + len(games)  # every row has its round and result typed
    assert all(printed[sheet] >= top for sheet, top in TOPS.items())


def test_a_name_typed_with_two_inner_spaces_is_one_player() -> None:
    # "Ann  Lee" on Players is the "Ann Lee" of Games: two games, an event of two
    # listed players (Cy is not listed).
    players = [["Ann  Lee"], ["Bo"]]
    games = [["E", None, 1, "Ann Lee", "Bo", "1-0"], ["E", None, 2, "Cy", "Ann Lee", "0-1"]]
    printed = season_print_rows(players, games, TOPS)
    assert printed["Crosstable"] == 9 + 2
    assert printed["Player card"] == 29 + 2


def test_the_sample_prints_its_nine_players_and_72_games() -> None:
    areas = _areas(WORKBOOKS / "club_season.xlsx")
    players = load_workbook(WORKBOOKS / "club_season.xlsx")["Players"]
    listed = [c.value for c in players["A"][4:44] if c.value]
    assert len(listed) == 9
    assert areas["Players"] == "Players!$A$1:$G$13"  # the table's columns (IDs too), 9 players
    assert _last_row(areas["Ratings"]) == 13 + 9
    assert _last_row(areas["Standings"]) == 8 + 9
    assert _last_row(areas["Crosstable"]) == 9 + 9
    assert _last_row(areas["Games"]) == 4 + 72
    # Standings: the helper columns (G unrounded change, H Ratings row) are hidden.
    standings = load_workbook(WORKBOOKS / "club_season.xlsx")["Standings"]
    helper = standings.column_dimensions["G"]  # openpyxl reads G:H as one <col>
    assert helper.hidden and helper.min == 7 and helper.max == 8
    assert areas["Standings"].startswith("Standings!$A$1:$I$")


def test_the_empty_season_prints_its_headers() -> None:
    areas = _areas(WORKBOOKS / "club_season_empty.xlsx")
    assert {sheet: _last_row(areas[sheet]) for sheet in TOPS} == TOPS
    assert _last_row(areas["Players"]) == 4 and _last_row(areas["Games"]) == 4


def test_the_standings_list_by_rank_with_the_change_as_shown() -> None:
    wb = load_workbook(WORKBOOKS / "club_season.xlsx", data_only=True)
    ws = wb["Standings"]
    rows = [[c.value for c in row] for row in ws["A9:I17"]]
    ranks = [row[3] for row in rows]
    assert ranks == sorted(ranks)
    for row in rows:
        before, after, change, shown = row[4], row[5], row[6], row[8]
        assert isinstance(before, float) and isinstance(after, float)
        assert shown == math.floor(after + 0.5) - math.floor(before + 0.5)
        assert abs(shown - change) < 1  # the unrounded change, kept in hidden G


def test_import_resize_and_recalc_keep_the_print_areas_on_the_rows_in_use(
    tmp_path: Path,
) -> None:
    book = tmp_path / "season.xlsx"
    shutil.copy(WORKBOOKS / "club_season.xlsx", book)
    _run("import", str(BIG), "--into", str(book), "--event", "Winter Open", "--date", "2025-12-20")
    wb = load_workbook(book)
    listed = [c.value for c in wb["Players"]["A"][4:] if c.value and c.value != "BYE"]
    last_game = max(c.row for c in wb["Games"]["A"] if c.row >= 5 and c.value not in (None, ""))
    winter = {
        c.value
        for row in wb["Games"].iter_rows(min_row=5)
        if row[0].value == "Winter Open"
        for c in (row[3], row[4])
        if c.value and c.value != "BYE"
    }
    assert len(listed) == 9 + 64 and len(winter) == 64
    want = {
        "Players": 4 + len(listed),
        "Games": last_game,
        "Ratings": 13 + len(listed),
        "Standings": 8 + len(listed),
        "Crosstable": 9 + 64,
    }
    areas = _areas(book)
    assert {sheet: _last_row(areas[sheet]) for sheet in want} == want
    # resize adds room, not players: the areas stay; recalc (values only) keeps them.
    _run("resize", str(book), "--player-rows", "120", "--in-place")
    assert {sheet: _last_row(_areas(book)[sheet]) for sheet in want} == want
    out = tmp_path / "values.xlsx"
    _run("recalc", str(book), "-o", str(out), "--values-only")
    assert {sheet: _last_row(_areas(out)[sheet]) for sheet in want} == want


def test_a_print_area_reset_by_recalc_follows_players_typed_in(tmp_path: Path) -> None:
    """A player typed in the spreadsheet (no command): recalc puts him on the pages."""
    book = tmp_path / "season.xlsx"
    shutil.copy(WORKBOOKS / "club_season.xlsx", book)
    wb = load_workbook(book)
    wb["Players"]["A20"] = "Zoe Late"  # rows 14-19 left blank
    wb.save(book)
    out = tmp_path / "recalc.xlsx"
    _run("recalc", str(book), "-o", str(out))
    areas = _areas(out)
    assert _last_row(areas["Players"]) == 20
    assert _last_row(areas["Ratings"]) == 13 + 16  # Players row 20 is the table's 16th
    assert _last_row(areas["Standings"]) == 8 + 10


def test_twelve_rounds_fit_the_crosstable_on_the_page_width(tmp_path: Path) -> None:
    """An event of 12 rounds: the Crosstable is fitted to one page width (not printed at
    a fixed scale across pages: page_fit fits a sheet only when its text stays at 8
    points or more)."""
    count = 14  # a round robin of 14 players (the circle method): 13 rounds, 12 played
    players = [[f"Player {i:02d}", 1500 + 10 * i] for i in range(1, count + 1)]
    games = []
    for rnd in range(12):
        pairs = [(count - 1, rnd)] + [
            ((rnd + k) % (count - 1), (rnd - k) % (count - 1)) for k in range(1, count // 2)
        ]
        games += [
            ["Long Open", dt.date(2026, 1, 10), rnd + 1, players[w][0], players[b][0], "1-0"]
            for w, b in pairs
        ]
    book = tmp_path / "long.xlsx"
    build_club_season(book, players, games, lint=False)
    with zipfile.ZipFile(book) as zf:
        workbook = zf.read("xl/workbook.xml").decode()
        names = re.findall(r'<sheet name="([^"]+)"', workbook)
        xml = zf.read(f"xl/worksheets/sheet{names.index('Crosstable') + 1}.xml").decode()
    area = _areas(book)["Crosstable"]
    # Place, Player, Rating, 12 rounds, Total, Buchholz, Sonneborn-Berger: A to R.
    assert area.startswith("Crosstable!$A$1:$R$")
    assert 'fitToWidth="1"' in xml or 'fitToPage="1"' in xml
    assert 'scale="' not in xml


def test_a_new_season_from_last_prints_the_players_it_carries(tmp_path: Path) -> None:
    last = WORKBOOKS / "club_season.xlsx"
    listed = [c.value for c in load_workbook(last)["Players"]["A"][4:44] if c.value]
    book = tmp_path / "next.xlsx"
    _run("new-season", str(book), "--from", str(last), "--club", "Next Club")
    areas = _areas(book)
    assert _last_row(areas["Players"]) == 4 + len(listed)
    assert _last_row(areas["Ratings"]) == 13 + len(listed)
    assert _last_row(areas["Standings"]) == 8 + len(listed)
    assert _last_row(areas["Crosstable"]) == 9  # no event yet: the header
    assert _last_row(areas["Games"]) == 4
