"""``xlrating new-season`` (xlrating/workbook/new_season.py, xlrating/commands/season.py):
an empty season of your own, or one that starts from last season's players and final
ratings; and the shipped empty season typed into cell by cell through the embedded
engine (LibreOffice's run of the same steps: test_season_typing_libreoffice.py).
"""

from __future__ import annotations

import re
import shutil
import warnings
import zipfile
from pathlib import Path
from typing import Any

import pytest

from xlrating.cli import main
from xlrating.workbook.engine import evaluation as engine
from xlrating.workbook.ooxml.cells import CellError
from xlrating.workbook.ooxml.package import package_of

from ..season_typing import AFTER, EMPTY, STEPS, outside_status
from .templates.test_club_season import season_from_book

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"
NO_GAMES = "No games yet: type them on the Games sheet, or run xlrating import"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def shown_errors(values: dict[tuple[str, str], object]) -> dict[tuple[str, str], object]:
    """Cells showing an error: an error value, or a function's text starting "#"."""
    return {
        key: value
        for key, value in values.items()
        if isinstance(value, CellError) or (isinstance(value, str) and value.startswith("#"))
    }


def values_of(path: Path) -> Any:
    from openpyxl import load_workbook

    return load_workbook(path, data_only=True)


# ---------------------------------------------------------------- an empty season


@pytest.fixture(scope="module")
def riverside(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``xlrating new-season`` with a club's name, written once for the module."""
    book = tmp_path_factory.mktemp("new") / "riverside.xlsx"
    assert main(["new-season", str(book), "--club", "Riverside  Chess Club"]) == 0
    return book


@pytest.mark.slow
def test_an_empty_season_shows_its_empty_state_and_no_error(riverside: Path) -> None:
    evaluation = engine.evaluate(riverside)
    assert shown_errors(dict(evaluation.values)) == {}
    value = evaluation.value
    assert value("Ratings", "A11") == NO_GAMES
    assert value("Standings", "C4") == value("Crosstable", "B5") == NO_GAMES
    assert value("Chart", "A3") == NO_GAMES  # the season's line, as above the Ratings table
    assert value("Player card", "C4") == "No players yet: type them on the Players sheet"
    assert value("Checks", "B3") == "ALL PASS"
    # The selectors are blank: the pages follow the latest event and the first player.
    wb = values_of(riverside)
    assert [wb[s]["B4"].value for s in ("Standings", "Crosstable", "Player card")] == [None] * 3
    # The values are cached: any program shows the empty state before recalculating.
    assert wb["Ratings"]["A11"].value == NO_GAMES
    verdicts = [row[5] for row in wb["Checks"].iter_rows(min_row=6, max_row=22, values_only=True)]
    assert "FAIL" not in verdicts and verdicts.count("n/a") >= 1


def test_the_club_names_every_sheet_and_page(riverside: Path) -> None:
    wb = values_of(riverside)
    assert wb["Players"]["A1"].value == "Riverside Chess Club: Club members"
    assert wb["Ratings"]["A1"].value.startswith("Riverside Chess Club: ")
    with zipfile.ZipFile(riverside) as zf:
        sheet = zf.read("xl/worksheets/sheet1.xml").decode()
    header = sheet.split("<oddHeader>")[1].split("</oddHeader>")[0]
    assert "Riverside Chess Club" in header


def test_the_shipped_empty_season_is_the_commands(riverside: Path, tmp_path: Path) -> None:
    """workbooks/club_season_empty.xlsx is what the command writes without a club: the
    same formulas in the same cells."""
    plain = tmp_path / "plain.xlsx"
    assert main(["new-season", str(plain)]) == 0
    from openpyxl import load_workbook

    def formulas(path: Path) -> dict[tuple[str, str], str]:
        wb = load_workbook(path)
        return {
            (ws.title, cell.coordinate): str(getattr(cell.value, "text", cell.value))
            for ws in wb.worksheets
            for row in ws.iter_rows()
            for cell in row
            if cell.data_type == "f"
        }

    assert formulas(plain) == formulas(WORKBOOKS / EMPTY)


def test_an_existing_file_is_kept_unless_forced(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "club.xlsx"
    book.write_bytes(b"last season")
    code, out, err = run(capsys, "new-season", str(book))
    assert (code, out) == (1, "")
    assert err.strip() == (
        f"xlrating new-season: {book} exists, and a new season never replaces a file (it "
        "may hold a club's season): give another name, or --force to replace it; nothing was "
        "written"
    )
    assert book.read_bytes() == b"last season"
    code, out, err = run(capsys, "new-season", str(book), "--force")
    assert code == 0 and err == "", err
    assert zipfile.is_zipfile(book)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.xlsx"]  # no temporary left


@pytest.mark.slow
def test_a_book_ending_in_xlsm_is_macro_enabled(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsm"
    assert main(["new-season", str(book), "--system", "fide"]) == 0
    assert package_of(book).macro_enabled
    assert values_of(book)["Ratings"]["C5"].value == "fide"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["x.ods"], "x.ods must end in .xlsx (or .xlsm for the macro-enabled workbook)"),
        (
            ["x.xlsx", "--player-rows", "0"],
            "--player-rows must be a whole number from 1 to 10,000, got 0",
        ),
        (
            ["x.xlsx", "--game-rows", "1000001"],
            "--game-rows must be a whole number from 1 to 1,000,000, got 1000001",
        ),
        (["x.xlsx", "--system", "ecf"], "argument --system: invalid choice: 'ecf'"),
    ],
)
def test_bad_options_are_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "new-season", str(tmp_path / argv[0]), *argv[1:])
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err, err
    assert list(tmp_path.iterdir()) == []


def test_a_club_name_too_long_for_the_page_header_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Excel's page header holds 255 characters (Excel specifications and limits), the
    # codes around the name included: &L&"-,Bold" before it, &R&D after it (15).
    most = 255 - len('&L&"-,Bold"&R&D')
    book = tmp_path / "club.xlsx"
    code, out, err = run(capsys, "new-season", str(book), "--club", "C" * 300)
    assert code != 0 and out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith(f"xlrating new-season: club must be a name of at most {most} ")
    assert "got 300 characters" in err
    assert list(tmp_path.iterdir()) == []
    # One character fewer than the header holds: written, the name heading every page.
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # XlsxWriter warns when it drops a header
        code, out, err = run(capsys, "new-season", str(book), "--club", "C" * most)
    assert code == 0 and err == "", err
    with zipfile.ZipFile(book) as zf:
        sheet = zf.read("xl/worksheets/sheet1.xml").decode()
    assert "C" * most in sheet.split("<oddHeader>")[1].split("</oddHeader>")[0]


# ---------------------------------------------------------------- from last season


@pytest.mark.slow
def test_a_season_starts_from_last_seasons_final_ratings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The sample season's players start the next one with the Final ratings its book
    shows; their rated games are last season's plus the games they played (forfeits and
    byes are not games; a count that was not known stays unknown)."""
    from xlrating.rating.season import rate_season

    book = tmp_path / "next.xlsx"
    last = WORKBOOKS / "club_season.xlsx"
    code, out, err = run(capsys, "new-season", str(book), "--from", str(last))
    assert code == 0 and err == "", err
    assert "9 players from club_season.xlsx (9 with a final rating)" in out
    players, events = season_from_book(last)
    core = rate_season(players, events)
    played: dict[str, int] = {}
    for _, _, games in events:
        for game in games:
            if game.kind == "played" and game.black is not None:
                for name in (game.white, game.black):
                    played[name] = played.get(name, 0) + 1
    wb = values_of(book)
    rows = [[wb["Players"].cell(r, c).value for c in range(1, 6)] for r in range(5, 5 + 10)]
    assert rows[9] == [None] * 5
    for got, player, row in zip(rows, players, core.ratings, strict=False):
        assert got[0] == player.name == row.name
        assert got[1] == pytest.approx(row.final_rating, abs=1e-9)
        count = None if player.games is None else player.games + played.get(player.name, 0)
        assert got[2] == count, player.name
        assert (got[3] or 0, got[4]) == (player.floor, player.age)
    assert wb["Ratings"]["A11"].value == NO_GAMES
    assert wb["Checks"]["B3"].value == "ALL PASS"


def test_the_member_ids_carry_over(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Last season's US Chess ID and FIDE ID columns start the new season as they were
    (a number stays a number, digits typed as text stay text)."""
    from xlrating.workbook.season.find import open_book
    from xlrating.workbook.season.start import write_cells

    last = tmp_path / "last.xlsx"
    write_cells(
        open_book(WORKBOOKS / "club_season.xlsx"),
        last,
        "Players",
        {(5, 6): 12345678.0, (6, 7): "700070"},
    )
    book = tmp_path / "next.xlsx"
    code, _, err = run(capsys, "new-season", str(book), "--from", str(last))
    assert code == 0 and err == "", err
    wb = values_of(book)
    ids = [[wb["Players"].cell(r, c).value for c in (6, 7)] for r in (4, 5, 6, 7)]
    assert ids == [["US Chess ID", "FIDE ID"], [12345678, None], [None, "700070"], [None, None]]


def test_a_book_made_before_the_id_columns_starts_a_season(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Last season's book reads Players A:E (no ID columns): its players carry over, the
    new season has blank ID cells."""
    old = Path(__file__).parents[1] / "data" / "club_season_a_to_e.xlsx"
    book = tmp_path / "next.xlsx"
    code, out, err = run(capsys, "new-season", str(book), "--from", str(old))
    assert code == 0 and err == "", err
    assert "9 players from club_season_a_to_e.xlsx (9 with a final rating)" in out
    wb = values_of(book)
    players = wb["Players"]
    assert [players.cell(r, 1).value for r in (5, 13)] == ["Alice Morgan", "Leo Park"]
    assert all(players.cell(r, c).value is None for r in range(5, 14) for c in (6, 7))


def test_last_season_must_be_a_computed_club_season(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from openpyxl import load_workbook

    code, _, err = run(
        capsys, "new-season", str(tmp_path / "a.xlsx"), "--from", str(WORKBOOKS / "elo.xlsx")
    )
    assert code == 1
    assert err.strip() == (
        "xlrating new-season: elo.xlsx is not a club season workbook (it has no "
        "SEASON_RATINGS table)"
    )
    # A book whose Ratings sheet caches no computed value (every <v> of it dropped, as a
    # program that does not compute leaves them): refused, saying how to compute them.
    stale = tmp_path / "stale.xlsx"
    with zipfile.ZipFile(WORKBOOKS / "club_season.xlsx") as zf, zipfile.ZipFile(stale, "w") as out:
        for info in zf.infolist():
            data = zf.read(info)
            if info.filename == "xl/worksheets/sheet3.xml":  # Ratings
                data, count = re.subn(rb"<v>[^<]*</v>", b"", data)
                assert count > 100
            out.writestr(info, data)
    assert load_workbook(stale)["Ratings"]["S13"].value is None
    code, _, err = run(capsys, "new-season", str(tmp_path / "b.xlsx"), "--from", str(stale))
    assert code == 1
    assert len(err.strip().splitlines()) == 1
    assert "stale.xlsx holds no computed values" in err and "xlrating recalc" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stale.xlsx"]


# ---------------------------------------------------------------- typing, computed by the engine


@pytest.mark.slow
def test_typing_into_the_empty_season_grows_every_table_with_no_error(tmp_path: Path) -> None:
    """Each step of tests/season_typing.py typed into the shipped empty season, the book
    computed after each by the embedded engine: no cell outside the Status column shows
    an error at any step, and at the end the new players and event are in every table."""
    from xlrating.workbook.season.find import find_season, open_book
    from xlrating.workbook.season.write import write_book

    book = tmp_path / "typed.xlsx"
    shutil.copy(WORKBOOKS / EMPTY, book)
    layout = find_season(book)
    typed: dict[str, dict[tuple[int, int], object]] = {}
    for sheet, cell, value in STEPS:
        from xlrating.workbook.ooxml.a1 import parse_cell

        typed.setdefault(sheet, {})[parse_cell(cell)] = value
        step = tmp_path / f"step-{sum(len(v) for v in typed.values())}.xlsx"
        write_book(open_book(book), step, layout, typed)
        evaluation = engine.evaluate(step)
        errors = outside_status(shown_errors(dict(evaluation.values)))
        assert errors == {}, (sheet, cell, list(errors.items())[:3])
        step.unlink()
    final = tmp_path / "final.xlsx"
    write_book(open_book(book), final, layout, typed)
    evaluation = engine.evaluate(final)
    for (sheet, cell), want in AFTER.items():
        assert evaluation.value(sheet, cell) == want, (sheet, cell)


@pytest.mark.slow
def test_the_room_running_out_is_said_in_one_cell_each(tmp_path: Path) -> None:
    """40 players typed into the empty season's 40 rows: the line above the Ratings table
    says the table is full and the resize that makes room; 17 events typed into its 16
    event columns: the last column's header says how many it cannot show and the resize
    that shows them (the 17th player's event is not dropped silently)."""
    from xlrating.workbook.season.find import find_season, open_book
    from xlrating.workbook.season.write import write_book

    book = tmp_path / "full.xlsx"
    layout = find_season(WORKBOOKS / EMPTY)
    names = [f"Member {i:02d}" for i in range(1, 41)]
    players = {(5 + i, 1): name for i, name in enumerate(names)}
    games: dict[tuple[int, int], object] = {}
    for k in range(17):  # one game per event, on 17 dates
        row = 5 + k
        values = [f"Event {k + 1:02d}", 46000.0 + 7 * k, 1.0, names[k], names[k + 1], "1-0"]
        games.update({(row, 1 + j): value for j, value in enumerate(values)})
    write_book(open_book(WORKBOOKS / EMPTY), book, layout, {"Players": players, "Games": games})
    evaluation = engine.evaluate(book)
    assert outside_status(shown_errors(dict(evaluation.values))) == {}
    room = str(evaluation.value("Ratings", "A10"))
    assert room.startswith("The Players table is full") and "--player-rows 80" in room, room
    assert evaluation.value("Ratings", "P13") == "Event 15"
    last = str(evaluation.value("Ratings", "Q13"))
    assert last.startswith("+2 events") and "--event-columns 17" in last, last
    assert evaluation.value("Ratings", "A11") == "All 17 game rows rated"


@pytest.mark.slow
def test_a_row_left_out_of_last_season_is_not_counted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Last season's book holds a game row still being typed (no round, no result): the
    season left it out (its Status cell says why), so it counts for nobody's games, and
    the new season starts all the same."""
    from xlrating.workbook.season.find import find_season, open_book
    from xlrating.workbook.season.write import write_book

    last, computed = tmp_path / "last.xlsx", tmp_path / "computed.xlsx"
    layout = find_season(WORKBOOKS / "club_season.xlsx")
    typed = {(77, 1): "January Swiss", (77, 4): "Alice Morgan", (77, 5): "Ben Carter"}
    write_book(open_book(WORKBOOKS / "club_season.xlsx"), last, layout, {"Games": typed})
    assert main(["recalc", str(last), "-o", str(computed)]) == 0
    assert str(values_of(computed)["Games"]["G77"].value).startswith("not rated yet: ")
    code, _, err = run(capsys, "new-season", str(tmp_path / "next.xlsx"), "--from", str(computed))
    assert code == 0, err
    plain = tmp_path / "plain.xlsx"
    assert main(["new-season", str(plain), "--from", str(WORKBOOKS / "club_season.xlsx")]) == 0
    ours, theirs = values_of(tmp_path / "next.xlsx"), values_of(plain)
    for row in range(5, 14):
        assert [ours["Players"].cell(row, c).value for c in (1, 3)] == [
            theirs["Players"].cell(row, c).value for c in (1, 3)
        ]
