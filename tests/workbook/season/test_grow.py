"""Tables that grow (issue 15): ``xlrating import`` grows a club season's Players and Games
tables when an event needs more room, ``xlrating resize`` does it on demand, and
:mod:`xlrating.workbook.ooxml.rows` keeps every reference to the moved rows right (its own
tests: ``tests/workbook/ooxml/test_rows.py``).

The real scenario of the issue: a 64-player event imported into the default book (which
used to fail with "no room on sheet Players ... room for 31 more") now succeeds, and
``xlrating recalc`` of the grown book computes the ratings the season core computes.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import re
import shutil
import zipfile
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

from xlrating.cli import main
from xlrating.imports import parse_any
from xlrating.rating.season import rate_season
from xlrating.rating.tournament import Game, Player
from xlrating.workbook.ooxml import guard
from xlrating.workbook.ooxml.package import Package
from xlrating.workbook.season.find import SeasonBookError, find_season
from xlrating.workbook.season.grow import resize_season

from ...hostile.make_corpus import trf_player
from ..templates.test_club_season import cells, season_from_book, used_part

WORKBOOKS = Path(__file__).resolve().parents[3] / "workbooks"
NAME = "club_season.xlsx"
MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
CHART = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"


def big_trf(players: int = 64, rounds: int = 6) -> str:
    """A TRF-16 of *players* (a power of two) over *rounds* rounds: in round k player p
    meets p XOR 2**k (never the same opponent twice); the lower number wins when k is
    even and p/2**k is even... a fixed pattern with wins, losses and draws."""
    lines = ["012 Big Open", "042 2026/02/07"]
    for p in range(players):
        head = trf_player(p + 1, f"Member {p + 1:02d}", 1200 + 10 * p, 0, "w", "1")[:91]
        for k in range(rounds):
            q = p ^ (1 << k)
            low, high = min(p, q), max(p, q)
            white = p == low if k % 2 == 0 else p == high
            if (low + high + k) % 3 == 0:
                result = "="
            else:
                result = "1" if (p == low) == ((low + k) % 2 == 0) else "0"
            head += f"{q + 1:>4} {'w' if white else 'b'} {result}  "
        lines.append(head.rstrip())
    return "\n".join(lines) + "\n"


def equals_core(
    table: list[list[object]],
    path: Path,
    season: tuple[list[Player], list[tuple[str, dt.date, list[Game]]]] | None = None,
) -> None:
    """The cached SEASON_RATINGS table equals rate_season on the book's own tables (the
    cache holds 1200 for 1200.0: openpyxl reads it back as an int); *season* is what
    ``season_from_book(path)`` returns, when the caller has read it already."""
    players, events = season_from_book(path) if season is None else season
    core = rate_season(players, events)
    assert table[0] == ["Player", *core.events]
    assert [row[0] for row in table[1:]] == [r.name for r in core.ratings]
    for got, row in zip(table[1:], core.ratings, strict=True):
        assert got[1:] == ["" if v is None else pytest.approx(v, rel=1e-12) for v in row.after]


def cached_in(values: Any, path: Path) -> list[list[object]]:
    """``cached(path)`` (test_cli_import) read from *values*, the book at *path* already
    loaded with openpyxl's ``data_only=True`` (a test that holds it loads it once)."""
    layout = find_season(path)
    ws = values[layout.sheet]
    return used_part(
        [["" if ws[c].value is None else ws[c].value for c in row] for row in cells(layout.ref)]
    )


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def sheet_xml(path: Path) -> dict[str, ElementTree.Element]:
    """Each worksheet's root element by sheet name."""
    with zipfile.ZipFile(path) as zf:
        names = dict(
            re.findall(
                r'<sheet name="([^"]+)" sheetId="\d+" r:id="rId(\d+)"',
                zf.read("xl/workbook.xml").decode(),
            )
        )
        return {
            name: ElementTree.fromstring(zf.read(f"xl/worksheets/sheet{rid}.xml"))
            for name, rid in names.items()
        }


def cells_of(root: ElementTree.Element) -> dict[str, ElementTree.Element]:
    return {c.get("r", ""): c for c in root.iter(f"{MAIN}c")}


def split(ref: str) -> tuple[str, int]:
    match = re.fullmatch(r"([A-Z]+)([0-9]+)", ref)
    assert match is not None
    return match.group(1), int(match.group(2))


def xml_of(cell: ElementTree.Element, drop_r: bool = True) -> str:
    copy = ElementTree.fromstring(ElementTree.tostring(cell))
    if drop_r:
        copy.attrib.pop("r", None)
    return ElementTree.tostring(copy, encoding="unicode")


@pytest.fixture(scope="module")
def grown(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """The default book with the 64-player event imported, then recalculated."""
    folder = tmp_path_factory.mktemp("grown")
    book, trf = folder / NAME, folder / "big.trf"
    shutil.copy(WORKBOOKS / NAME, book)
    trf.write_text(big_trf(), "utf-8")
    said, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(said), contextlib.redirect_stderr(err):
        code = main(["import", str(trf), "--into", str(book)])
    assert code == 0 and err.getvalue() == "", err.getvalue()
    (folder / "import.out").write_text(said.getvalue(), "utf-8")  # what the import said
    # The Crosstable shows the big event (its other tests read the book as imported).
    chosen, recalc = folder / "chosen.xlsx", folder / "recalc.xlsx"
    with zipfile.ZipFile(book) as zf, zipfile.ZipFile(chosen, "w") as out:
        for info in zf.infolist():
            data = zf.read(info)
            if info.filename == "xl/worksheets/sheet6.xml":
                text, count = re.subn(
                    r'<c r="B4"( s="[0-9]+")?[^>]*>.*?</c>',
                    r'<c r="B4"\1 t="inlineStr"><is><t>Big Open</t></is></c>',
                    data.decode(),
                    count=1,
                )
                assert count == 1
                data = text.encode()
            out.writestr(info, data)
    assert main(["recalc", str(chosen), "-o", str(recalc)]) == 0
    return book, recalc, trf.read_text("utf-8")


@pytest.fixture(scope="module")
def template_sheets() -> dict[str, ElementTree.Element]:
    """The committed template's worksheets, parsed once for the module (read only)."""
    return sheet_xml(WORKBOOKS / NAME)


@pytest.fixture(scope="module")
def grown_sheets(grown: tuple[Path, Path, str]) -> dict[str, ElementTree.Element]:
    """The grown book's worksheets (as imported, before the recalc), parsed once (read only)."""
    return sheet_xml(grown[0])


@pytest.fixture(scope="module")
def grown_values(grown: tuple[Path, Path, str]) -> Any:
    """The recalculated grown book's values (an openpyxl workbook), loaded once for the
    module (read only)."""
    from openpyxl import load_workbook

    return load_workbook(grown[1], data_only=True)


# ---------------------------------------------------------------- the scenario


def test_a_64_player_event_grows_the_default_book(grown: tuple[Path, Path, str]) -> None:
    book, _, _ = grown
    out = (book.parent / "import.out").read_text("utf-8")  # the import, in the fixture
    assert "64 new players (Players rows 14-77)" in out
    assert (
        "the Players table grew from 40 to 80 rows (Players!A5:G84), with the rows of "
        "Crosstable, Ratings and Standings that follow it" in out
    )
    assert "Games table grew" not in out  # 192 game rows fit the 600 rows
    layout = find_season(book)
    assert layout.players == ("Players", "A5:G84")
    assert layout.ref == "A13:Q93"  # the header and 80 players rows, the names and 16 events
    guard.check_workbook(book)


def test_the_grown_book_computes_the_core_season(
    grown: tuple[Path, Path, str], grown_values: Any
) -> None:
    _, recalc, trf = grown
    table = cached_in(grown_values, recalc)
    assert len(table) == 74 and table[-1][0] == "Member 64"
    # The engine's table equals the season core on the book's own tables...
    equals_core(table, recalc)
    # ...and the core fed with the club's season and the parsed file.
    players, events = season_from_book(WORKBOOKS / NAME)
    event = parse_any(trf)
    assert event.date is not None
    core = rate_season(
        [*players, *event.players], [*events, ("Big Open", event.date, list(event.games))]
    )
    assert [row[0] for row in table[1:]] == [r.name for r in core.ratings]
    for got, row in zip(table[1:], core.ratings, strict=True):
        assert got[1:] == ["" if v is None else pytest.approx(v, rel=1e-12) for v in row.after]


def test_the_grown_standings_and_checks_compute(grown_values: Any) -> None:
    wb = grown_values
    assert wb["Checks"]["B3"].value == "ALL PASS"
    # The Crosstable shows Big Open, the Standings another event: the rows comparing the
    # two say so and count as no failure; the Player card's rows still compare.
    verdicts = {
        row[0]: (row[3], row[5])
        for row in wb["Checks"].iter_rows(min_row=6, values_only=True)
        if isinstance(row[0], str)
    }
    crosstable = [v for k, v in verdicts.items() if k.startswith("Crosstable: the event's")]
    assert len(crosstable) == 2
    assert all(d.startswith("not compared:") and f == "n/a" for d, f in crosstable)
    card = [v for k, v in verdicts.items() if k.startswith("Player card:")]
    assert len(card) == 2 and all(f == "PASS" for _, f in card)
    # Standings rows 9-88 follow Players rows 5-84: the last player is on row 81.
    assert wb["Standings"]["A81"].value == "Member 64"
    assert wb["Standings"]["A82"].value in (None, "")
    ratings = wb["Ratings"]
    assert ratings["A86"].value == "Member 64"
    assert isinstance(ratings["S86"].value, float)  # Final, a formula of a new row


# ---------------------------------------------------------------- nothing else changes


def test_every_cell_outside_the_grown_rows_keeps_its_xml(
    template_sheets: dict[str, ElementTree.Element],
    grown_sheets: dict[str, ElementTree.Element],
) -> None:
    """Cells above the insertion keep their XML; cells below it moved down by 40 rows and
    keep theirs; formulas differ only in the row numbers of the ranges that grew."""
    before, after = template_sheets, grown_sheets
    # The rows inserted: Players 45-84, Ratings 54-93, Standings 49-88.
    inserted = {"Players": 45, "Ratings": 54, "Standings": 49}
    written = {"Players": range(14, 78), "Games": range(77, 269)}  # the import's own rows
    for sheet, root in before.items():
        old, new = cells_of(root), cells_of(after[sheet])
        for ref, cell in old.items():
            letters, row = split(ref)
            if row in written.get(sheet, ()):
                continue
            at = inserted.get(sheet)
            moved = row + 40 if at is not None and row >= at else row
            there = new[f"{letters}{moved}"]
            if sheet == "Ratings" and 13 <= row <= 86 and 1 <= ord(letters[0]) - 64 <= 6:
                continue  # the ratings array: resized and left for recalc to fill
            if cell.find(f"{MAIN}f") is None:
                assert xml_of(there) == xml_of(cell), (sheet, ref)
            else:
                digits = re.compile(r"[0-9]+")
                assert digits.sub("#", xml_of(there)) == digits.sub("#", xml_of(cell)), ref


def test_new_rows_carry_the_last_rows_styles_and_validations(
    template_sheets: dict[str, ElementTree.Element],
    grown_sheets: dict[str, ElementTree.Element],
) -> None:
    before, after = template_sheets, grown_sheets
    for sheet, last, new_rows in (
        ("Players", 44, range(45, 85)),
        ("Ratings", 53, range(54, 94)),
        ("Standings", 48, range(49, 89)),
    ):
        model = {
            split(r)[0]: c.get("s")
            for r, c in cells_of(before[sheet]).items()
            if split(r)[1] == last
        }
        got = cells_of(after[sheet])
        for row in new_rows:
            assert {col: got[f"{col}{row}"].get("s") for col in model} == model, (sheet, row)
    # Validations over the grown tables, the bye row below them, the Games sources.
    players = after["Players"]
    sqrefs = [dv.get("sqref") for dv in players.iter(f"{MAIN}dataValidation")]
    assert sqrefs == [f"{col}5:{col}84" for col in "ABCDEFG"]
    assert cells_of(players)["A85"].find(f"{MAIN}v") is not None  # BYE moved down
    sources = [f.text for f in after["Games"].iter(f"{MAIN}formula1")]
    assert "Players!$A$5:$A$84" in sources and "Players!$A$5:$A$85" in sources
    # The Standings array (SEASON_STANDINGS: header and one row per player) covers the
    # grown rows and reads the grown tables.
    arrays = [f for f in after["Standings"].iter(f"{MAIN}f") if f.get("t") == "array"]
    # the event shown, the table, the change as shown (the difference of rounded ratings)
    assert [f.get("ref") for f in arrays] == ["C4", "A8:H88", "I9:I88"]
    assert arrays[2].text is not None and "$E$9:$E$88" in arrays[2].text
    assert arrays[1].text is not None
    assert arrays[1].text.startswith("SEASON_STANDINGS(Players!$A$5:$G$84,Games!$A$5:$F$604,")
    season = cells_of(after["Ratings"])["A13"].find(f"{MAIN}f")
    assert season is not None and season.text is not None
    assert season.text.startswith("SEASON_RATINGS(Players!$A$5:$G$84,Games!$A$5:$F$604,")


def test_the_crosstable_grows_with_the_players(
    grown: tuple[Path, Path, str],
    template_sheets: dict[str, ElementTree.Element],
    grown_sheets: dict[str, ElementTree.Element],
    grown_values: Any,
) -> None:
    """EVENT_CROSSTABLE's array, its cells' formats and the print area follow the Players
    table (80 rows: rows 10-89 under the header), so the 64 players of the big event are
    all on the Crosstable, as the function gives them for the book's tables."""
    from xlrating.sheet.catalog import FUNCTIONS
    from xlrating.workbook.season.find import grid_of

    book, recalc, _ = grown
    before, after = template_sheets, grown_sheets
    arrays = [f.get("ref") for f in after["Crosstable"].iter(f"{MAIN}f") if f.get("t") == "array"]
    assert arrays == ["B5", "A9:O89"]  # the event shown, the table
    model = {
        split(r)[0]: c.get("s")
        for r, c in cells_of(before["Crosstable"]).items()
        if split(r)[1] == 49
    }
    got = cells_of(after["Crosstable"])
    for row in range(50, 90):
        assert {col: got[f"{col}{row}"].get("s") for col in model} == model, row
    area = re.compile(r'localSheetId="5">Crosstable!\$A\$1:\$([A-Z]+)\$([0-9]+)</definedName>')
    with zipfile.ZipFile(WORKBOOKS / NAME) as zf:
        [(last_column, last_row)] = area.findall(zf.read("xl/workbook.xml").decode())
    with zipfile.ZipFile(book) as zf:
        workbook = zf.read("xl/workbook.xml").decode()
    # The print area: a row per player of the season's largest event, below the header
    # (row 9): the sample's 9, then the Big Open's 64; the same width.
    assert last_row == "18"
    assert area.findall(workbook) == [(last_column, str(9 + 64))]
    wb = grown_values
    shown = [[c.value for c in row] for row in wb["Crosstable"]["A9:O89"]]
    layout = find_season(recalc)
    direct = FUNCTIONS["EVENT_CROSSTABLE"](
        grid_of(wb, layout.players), grid_of(wb, layout.games), "Big Open", 9
    )
    assert isinstance(direct, list) and len(direct) == len(shown) == 81
    assert str(shown[64][1]).startswith("Member")  # the 64th player, cut off before

    def plain(rows: list[list[object]]) -> list[list[object]]:
        return [["" if v is None else v for v in row] for row in rows]

    assert plain(shown) == plain(direct)  # 1845 == 1845.0: numbers compare as numbers


def test_the_notes_and_the_games_print_area_follow_the_tables(
    grown: tuple[Path, Path, str], grown_values: Any
) -> None:
    """The room notes are formulas (true after a grow); the Games sheet prints its rows in
    use: the import's last row, 268."""
    book, _, _ = grown
    with zipfile.ZipFile(book) as zf:
        workbook = zf.read("xl/workbook.xml").decode()
    games = re.compile(r'localSheetId="1">Games!\$A\$1:\$([A-Z]+)\$([0-9]+)</definedName>')
    with zipfile.ZipFile(WORKBOOKS / NAME) as zf:
        [(last_column, _)] = games.findall(zf.read("xl/workbook.xml").decode())
    assert games.findall(workbook) == [(last_column, "268")]  # the template's columns
    wb = grown_values
    assert wb["Players"]["I9"].value.startswith("Room for 80 players, 7 free:")  # 73 listed
    assert wb["Games"]["I8"].value.startswith("Room for 600 rows, 336 free.")  # 264 rows used


def test_resize_puts_a_stale_games_print_area_on_the_rows_in_use(tmp_path: Path) -> None:
    """A book whose Games print area covers the whole table (rows typed, then deleted, in
    a spreadsheet): a resize (as an import) sets it to the rows in use; the Status column
    beside the table, which holds a cell for every row, does not count."""
    stale, fixed = tmp_path / NAME, tmp_path / "fixed.xlsx"
    with zipfile.ZipFile(WORKBOOKS / NAME) as zf, zipfile.ZipFile(stale, "w") as out:
        for info in zf.infolist():
            data = zf.read(info)
            if info.filename == "xl/workbook.xml":
                [area] = re.findall(rb"Games!\$A\$1:\$[A-Z]+\$76<", data)
                data = data.replace(area, area.replace(b"$76<", b"$604<"))
            out.writestr(info, data)
    resize_season(stale, fixed, game_rows=600)
    with zipfile.ZipFile(fixed) as zf:
        assert area in zf.read("xl/workbook.xml")


def test_the_chart_keeps_its_lines(grown: tuple[Path, Path, str], grown_values: Any) -> None:
    """The Chart sheet draws its 8 lines (the card's player and the highest-rated) however
    many players the season has; the grown book's are the Big Open's strongest."""
    book, _, _ = grown
    with zipfile.ZipFile(book) as zf:
        chart = ElementTree.fromstring(zf.read("xl/charts/chart1.xml"))
    series = list(chart.iter(f"{CHART}ser"))
    names = [s.find(f"{CHART}tx/{CHART}strRef/{CHART}f") for s in series]
    # The lines below the Ratings table, moved down with its 40 new rows.
    lines = range(97, 105)
    assert [n.text for n in names if n is not None] == [f"Ratings!$A${r}" for r in lines]
    drawn = [grown_values["Ratings"][f"A{r}"].value for r in lines]
    assert drawn[0] == "Alice Morgan" and len(set(drawn)) == 8  # the card's player first
    assert any(str(name).startswith("Member ") for name in drawn[1:])


# ---------------------------------------------------------------- resize


@pytest.fixture(scope="module")
def resized(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, str, str]:
    """``xlrating resize`` of the default book to 50 player rows and 650 game rows, run once
    for the module: the book it wrote, its exit code and what it printed (read only)."""
    folder = tmp_path_factory.mktemp("resized")
    book, big = folder / NAME, folder / "big.xlsx"
    shutil.copy(WORKBOOKS / NAME, book)
    said, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(said), contextlib.redirect_stderr(err):
        code = main(
            ["resize", str(book), "--player-rows", "50", "--game-rows", "650", "-o", str(big)]
        )
    return big, code, said.getvalue(), err.getvalue()


@pytest.mark.slow
def test_resize_grows_and_shrinks_back_to_the_same_book(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    resized: tuple[Path, int, str, str],
    template_sheets: dict[str, ElementTree.Element],
) -> None:
    big, code, out, err = resized
    assert code == 0 and err == "", err
    assert "the Players table grew from 40 to 50 rows (Players!A5:G54)" in out
    assert "the Games table grew from 600 to 650 rows (Games!A5:F654)" in out
    back = tmp_path / "back.xlsx"
    code, out, err = run(
        capsys, "resize", str(big), "--player-rows", "40", "--game-rows", "600", "-o", str(back)
    )
    assert code == 0 and err == "", err
    assert "the Players table shrank from 50 to 40 rows" in out
    # The book is the template again, part for part. Its worksheets are written anew (as
    # XML, not byte for byte), so they are compared element by element below; the
    # workbook part keeps its request to compute on open (test_excel_computes_...).
    with zipfile.ZipFile(WORKBOOKS / NAME) as template, zipfile.ZipFile(back) as book:
        assert book.namelist() == template.namelist()
        for part in template.namelist():
            if re.fullmatch(r"xl/worksheets/sheet[0-9]+\.xml", part):
                continue
            data = book.read(part)
            if part == "xl/workbook.xml":
                data = data.replace(b' fullCalcOnLoad="1"', b"")
            if part.startswith("xl/charts/"):  # moved down and back: written anew as XML
                canonical = ElementTree.canonicalize
                assert canonical(data) == canonical(template.read(part)), part
                continue
            assert data == template.read(part), part
    returned = sheet_xml(back)
    for sheet, root in template_sheets.items():
        mine = returned[sheet]
        # Everything but the cells (dimension, panes, columns, merges, validations, print
        # set-up), then the rows' attributes, then the cells.
        assert mine.attrib == root.attrib, sheet
        assert [ElementTree.tostring(e) for e in mine if e.tag != f"{MAIN}sheetData"] == [
            ElementTree.tostring(e) for e in root if e.tag != f"{MAIN}sheetData"
        ], sheet
        rows = [r.attrib for r in mine.iter(f"{MAIN}row")]
        assert rows == [r.attrib for r in root.iter(f"{MAIN}row")], sheet
        got = cells_of(mine)  # once a sheet (it was parsed again for each cell)
        assert set(got) == set(cells_of(root)), sheet
        for ref, cell in cells_of(root).items():
            there = got.get(ref)
            assert there is not None, (sheet, ref)
            if cell.find(f"{MAIN}f") is not None or cell.find(f"{MAIN}v") is None:
                assert xml_of(there, False).replace("<ns0:v>0</ns0:v>", "") == xml_of(
                    cell, False
                ).replace("<ns0:v>0</ns0:v>", ""), (sheet, ref)
            else:
                assert xml_of(there, False) == xml_of(cell, False), (sheet, ref)
    # It was recalculated here (Checks ALL PASS, the core season): a book equal to the
    # template in every formula, value and name computes as the template does, which
    # test_workbooks.py (test_checks_sheet_passes_against_the_seeds, ..._equals_the_core)
    # and test_club_season.py (test_ratings_sheet_equals_the_season_core) check on the
    # same formulas and values, so the recalculation is left to them.


@pytest.mark.slow
def test_resize_refuses_to_drop_rows_that_hold_values(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / NAME
    shutil.copy(WORKBOOKS / NAME, book)
    code, out, err = run(capsys, "resize", str(book), "--player-rows", "5", "--in-place")
    assert code == 1 and out == ""
    assert one_line(err) == (
        "xlrating resize: --player-rows must be a whole number from 9 to 10000 (the table "
        "holds 9), got 5"
    )
    assert book.read_bytes() == (WORKBOOKS / NAME).read_bytes()
    # A note typed beside the table, in a row that would go.
    with zipfile.ZipFile(book) as zf:
        parts = {n: zf.read(n) for n in zf.namelist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    sheet = sheet.replace(
        '<c r="E40" s="5"/>', '<c r="E40" s="5"/><c r="G40" t="inlineStr"><is><t>kept</t></is></c>'
    )
    parts["xl/worksheets/sheet1.xml"] = sheet.encode()
    with zipfile.ZipFile(book, "w") as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
    before = book.read_bytes()
    code, out, err = run(capsys, "resize", str(book), "--player-rows", "20", "--in-place")
    assert code == 1 and out == ""
    assert one_line(err) == (
        f"xlrating resize: {NAME}: cannot drop rows 25-44 of sheet 'Players': Players!G40 "
        "holds a value (only blank rows are dropped)"
    )
    assert book.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [NAME]  # no backup, no temporary
    # Blank rows go; in place, the book as it was is kept as the backup.
    book.chmod(0o640)
    code, out, err = run(capsys, "resize", str(book), "--player-rows", "41", "--in-place")
    assert code == 0 and err == "", err
    assert "the Players table grew from 40 to 41 rows" in out
    assert (tmp_path / "club_season.backup.xlsx").read_bytes() == before
    assert find_season(book).players == ("Players", "A5:G45")
    assert book.stat().st_mode & 0o777 == 0o640


@pytest.mark.slow
def test_resize_beyond_the_guard_limits_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The cell limit as it is: no other test reaches the guard's 50,000 cells.  (No
    resize adds formula cells, test_resize_adds_no_formula_cells below, so the formula
    limit is pinned by test_cli.py and test_hostile_files.py instead.)"""
    book = tmp_path / NAME
    shutil.copy(WORKBOOKS / NAME, book)
    code, out, err = run(
        capsys, "resize", str(book), "--game-rows", "9000", "-o", str(tmp_path / "o.xlsx")
    )
    assert code == 1 and out == ""
    line = one_line(err)
    assert line.startswith(f"xlrating resize: {NAME}: the tables would need ")
    assert "more than 50,000 cells" in line and line.endswith("nothing was written")
    assert sorted(p.name for p in tmp_path.iterdir()) == [NAME]


@pytest.mark.slow
def test_resize_adds_no_formula_cells(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Every block that grows with a table is one array formula (the Ratings table, its
    Start and Final, the Standings, the Crosstable, the Player card's PLAYER_RATINGS), so
    more players, games or event columns add no formula cell: the guard counts as many
    formulas after a resize to 40 event columns and 100 player rows as before."""
    book = tmp_path / NAME
    shutil.copy(WORKBOOKS / NAME, book)
    out = tmp_path / "big.xlsx"
    code, _, err = run(
        capsys, "resize", str(book), "--event-columns", "40", "--player-rows", "100",
        "-o", str(out),
    )  # fmt: skip
    assert code == 0, err
    assert guard.check_workbook(out).formulas == guard.check_workbook(book).formulas


@pytest.mark.slow
def test_a_grow_past_the_limits_is_refused_before_it_is_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, template_sheets: dict[str, ElementTree.Element]
) -> None:
    """With the guard's cell limit set to what the book holds with 10 more Games rows:
    610 rows are built and pass the check of the built book; 611 are refused before
    anything is built, in the words that check gives (it gives them too, when asked)."""
    from xlrating.workbook.season import grow as season_grow
    from xlrating.workbook.season import write as season_fit

    held = guard.check_workbook(WORKBOOKS / NAME)
    games = cells_of(template_sheets["Games"])
    per_row = sum(1 for ref in games if re.fullmatch(r"[A-Z]+604", ref))  # the table's last row
    limits = guard.Limits(cells=held.cells + 10 * per_row)
    monkeypatch.setattr(season_grow, "LIMITS", limits)
    monkeypatch.setattr(season_fit, "check_bytes", lambda data: guard.check_bytes(data, limits))
    fits = tmp_path / "fits.xlsx"
    assert resize_season(WORKBOOKS / NAME, fits, game_rows=610).games == (600, 610)
    assert guard.check_workbook(fits).cells == limits.cells  # exactly at the limit
    message = f"more than {limits.cells:,} cells (the limit xlrating computes)"
    built: list[Path] = []
    write_book = season_fit.write_book  # what season_grow calls (it imports it from there)

    def recorded(package: Package, target: Path, *args: Any) -> None:
        built.append(target)
        write_book(package, target, *args)

    monkeypatch.setattr(season_grow, "write_book", recorded)
    with pytest.raises(SeasonBookError, match=re.escape(message)):
        resize_season(WORKBOOKS / NAME, tmp_path / "early.xlsx", game_rows=611)
    assert built == []  # refused from the counts
    monkeypatch.setattr(season_grow, "_refuse_rows_beyond_limits", lambda *args: None)
    with pytest.raises(SeasonBookError, match=re.escape(message)):
        resize_season(WORKBOOKS / NAME, tmp_path / "late.xlsx", game_rows=611)
    assert len(built) == 1  # built, then refused by the check of the built book
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fits.xlsx"]


@pytest.mark.slow
def test_import_grows_to_what_fits_the_limits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the guard's cell limit set to what the book holds at 17 player rows: the
    default book shrunk to its 9 players takes an 8-player event by growing to the 17
    rows it needs (40, the standard step, would pass the limit); 8 more are refused.
    (The cell limit: the rows that follow the Players table are arrays, so a player row
    adds cells but no formula cell.)"""
    from xlrating.workbook.season import (
        write as season_fit,  # where the guard is called
    )
    from xlrating.workbook.season.book import import_event

    book = tmp_path / NAME
    resize_season(WORKBOOKS / NAME, book, player_rows=9)
    # What the book holds at 17 player rows, from the cells it holds at 9 and at 40 (each
    # player row holds as many; checked below on the book grown to 17, instead of a third
    # resize, to 17, made only to count them).
    nine, forty = guard.check_workbook(book).cells, guard.check_workbook(WORKBOOKS / NAME)
    per_row, rest = divmod(forty.cells - nine, 40 - 9)
    assert rest == 0 and per_row > 0
    limits = guard.Limits(cells=nine + (17 - 9) * per_row)
    monkeypatch.setattr(season_fit, "check_bytes", lambda data: guard.check_bytes(data, limits))
    event = parse_any(big_trf(8, 3))
    report = import_event(book, event, name="Eight", date=dt.date(2026, 3, 1))
    assert report.grown is not None and report.grown.players == (9, 17)
    assert find_season(book).players == ("Players", "A5:G21")
    assert guard.check_workbook(book).cells == limits.cells  # 17 rows: the limit
    event = parse_any(big_trf(8, 3).replace("Member", "Fellow"))
    before = book.read_bytes()
    with pytest.raises(
        SeasonBookError, match=r"25 player rows .* hold more than [0-9,]+ cells \(the limit"
    ):
        import_event(book, event, name="Eight more", date=dt.date(2026, 3, 2))
    assert book.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [NAME]


@pytest.mark.slow
def test_excel_computes_the_new_formulas_on_open(resized: tuple[Path, int, str, str]) -> None:
    """A book saved by Excel has no fullCalcOnLoad; new formula cells carry no cached value,
    so growing asks Excel to compute on open."""
    with zipfile.ZipFile(WORKBOOKS / NAME) as zf:
        # The default book, grown in the fixture, has none either, as Excel saves a book.
        assert b"fullCalcOnLoad" not in zf.read("xl/workbook.xml")
    with zipfile.ZipFile(resized[0]) as zf:
        assert re.search(
            r'<calcPr calcId="\d+" fullCalcOnLoad="1"/>', zf.read("xl/workbook.xml").decode()
        )


@pytest.mark.parametrize(
    ("argv", "code", "line"),
    [
        ((), 2, "xlrating resize: give --player-rows N, --game-rows M, --event-columns E or more"),
        (("--player-rows", "50", "--in-place", "-o", "x.xlsx"), 2, "give either --in-place or -o"),
        (("--player-rows", "x"), 2, "argument --player-rows: invalid int value: 'x'"),
        (("--game-rows", "0"), 1, "--game-rows must be a whole number from 72 to 1000000"),
    ],
)
def test_resize_usage_is_one_line(
    capsys: pytest.CaptureFixture[str], book_copy: Path, argv: tuple[str, ...], code: int, line: str
) -> None:
    before = book_copy.read_bytes()
    got, out, err = run(capsys, "resize", str(book_copy), *argv)
    assert got == code and out == ""
    assert line in one_line(err)
    assert book_copy.read_bytes() == before
    assert sorted(p.name for p in book_copy.parent.iterdir()) == [NAME]


def test_resize_of_another_workbook_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    other = tmp_path / "uscf_event.xlsx"
    shutil.copy(WORKBOOKS / "uscf_event.xlsx", other)
    got, out, err = run(capsys, "resize", str(other), "--player-rows", "50")
    assert got == 1 and out == ""
    assert one_line(err) == (
        "xlrating resize: uscf_event.xlsx has no SEASON_RATINGS table: use a club season "
        "workbook (xlrating templates writes club_season.xlsx)"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["uscf_event.xlsx"]


@pytest.fixture()
def book_copy(tmp_path: Path) -> Path:
    target = tmp_path / NAME
    shutil.copy(WORKBOOKS / NAME, target)
    return target


def test_resize_reads_the_book_the_guard_accepted(tmp_path: Path) -> None:
    """Given the guard's inspection, a resize reads the book from it (the bytes the guard
    accepted), not from disk again: the file changed since gives the same result."""
    book = tmp_path / NAME
    shutil.copy(WORKBOOKS / NAME, book)
    inspection = guard.check_workbook(book)
    book.write_bytes(b"not a workbook any more")
    out = tmp_path / "out.xlsx"
    report = resize_season(book, out, game_rows=610, inspection=inspection)
    assert report.games == (600, 610)
    assert find_season(out).games == ("Games", "A5:F614")
