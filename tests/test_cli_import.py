"""``xlrating import`` into the club season workbook, and ``xlrating recalc`` of a season
whose tables grew.

The imported events must rate exactly as the same games typed into the Games sheet: the
rows below are typed by hand from the two sample files (tests/data/sample_trf16.txt and
sample_uscf_crosstable.txt), as a club secretary would type them.  The import must keep
everything else in the book: formulas, dynamic arrays, validations and the chart; every
failure leaves the book as it was.
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
from typing import Any, NamedTuple

import pytest

from xlrating.cli import main
from xlrating.imports import parse_any
from xlrating.rating.season import rate_season
from xlrating.workbook import templates
from xlrating.workbook.engine import evaluation as engine
from xlrating.workbook.lint.book import lint_workbook
from xlrating.workbook.season.layout import CLUB_CARD_GAMES

from .workbook.templates.test_club_season import (
    cells,
    season_from_book,
    season_layout,
    spill,
    used_part,
)

DATA = Path(__file__).parent / "data"
TRF = DATA / "sample_trf16.txt"
CROSSTABLE = DATA / "sample_uscf_crosstable.txt"
WORKBOOKS = Path(__file__).resolve().parent.parent / "workbooks"
NAME = "club_season.xlsx"

TRF_EVENT = "Hand-written test sample (TRF16 layout, not a real event)"
TRF_DATE = dt.date(2024, 3, 17)  # record 052, the end date
WINTER, WINTER_DATE = "Winter Open", dt.date(2026, 1, 10)

A, B, C, D = "Alvarez, Ana", "Becker, Bruno", "Chen, Carl", "Dubois, Dana"
E, F, G, H = "Evans, Eric", "Fischer, Felix", "Garcia, Gina", "Hoang, Hung"
AL, BO, CA = "ALICE EXAMPLE", "BOB SAMPLE", "CAROL TESTER"
DA, ER, FR = "DAVID PLACEHOLDER", "ERIN MOCK", "FRANK DUMMY"

# The players of both files as typed on the Players sheet: name, rating, rated games.
TYPED_PLAYERS: list[list[object]] = [
    [A, 2405, None],
    [B, 2310, None],
    [C, 2105, None],
    [D, 1987, None],
    [E, 1850, None],
    [F, None, 0],  # TRF rating 0: unrated
    [G, None, 0],  # rating blank: unrated
    [H, 1700, None],
    [AL, 1702, None],
    [BO, 1366, 14],  # 1366P14
    [CA, 1550, None],
    [DA, None, 0],
    [ER, 980, 6],
    [FR, 1820, None],
]
# The TRF's rounds, read off its 001 lines: game, forfeit ("+"/"-", and "W"/"L": less than
# one move, not rated), byes U/F (+- a full point), H (½-½), Z or blank (-+ none); the
# double forfeit of round 3 (Fischer and Garcia both "-") is typed as a zero-point bye for
# each.
TYPED_TRF: list[tuple[int, str, str, str]] = [
    (1, A, E, "1-0"),
    (1, B, F, "½-½"),
    (1, G, C, "0-1"),
    (1, D, "BYE", "+-"),
    (1, H, "BYE", "-+"),
    (2, D, A, "½-½"),
    (2, B, C, "+-"),
    (2, E, G, "+-"),
    (2, F, "BYE", "½-½"),
    (2, H, "BYE", "-+"),
    (3, A, B, "0-1"),
    (3, C, D, "½-½"),
    (3, F, "BYE", "-+"),
    (3, G, "BYE", "-+"),
    (3, E, "BYE", "+-"),
    (3, H, "BYE", "-+"),
    (4, C, A, "0-1"),
    (4, B, E, "0-1"),
    (4, F, D, "0-1"),
    (4, G, "BYE", "-+"),
    (4, H, "BYE", "½-½"),
]
# The crosstable: W/L/D against a pair number, H (½-½) and B (+-) byes, U unplayed (-+),
# X/F forfeits; Erin's "X" without an opponent is a full-point bye (+-).
TYPED_CROSSTABLE: list[tuple[int, str, str, str]] = [
    (1, AL, CA, "1-0"),
    (1, BO, DA, "½-½"),
    (1, FR, ER, "1-0"),
    (2, BO, AL, "½-½"),
    (2, CA, ER, "+-"),
    (2, DA, "BYE", "½-½"),
    (2, FR, "BYE", "+-"),
    (3, AL, DA, "1-0"),
    (3, BO, FR, "0-1"),
    (3, CA, "BYE", "-+"),
    (3, ER, "BYE", "+-"),
    (4, ER, AL, "0-1"),
    (4, BO, CA, "0-1"),
    (4, FR, DA, "½-½"),
]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.fixture()
def book(tmp_path: Path) -> Path:
    target = tmp_path / NAME
    shutil.copy(WORKBOOKS / NAME, target)
    return target


class Imported(NamedTuple):
    """The book both sample files were imported into, and what each import printed."""

    path: Path
    outputs: list[str]  # stdout of each import
    errors: list[str]  # stderr of each import


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Imported:
    """The template with both sample files imported through the command (the second with
    --recalc, so that the file caches the results), and what the command printed."""
    target = tmp_path_factory.mktemp("imported") / NAME
    shutil.copy(WORKBOOKS / NAME, target)
    outputs, errors = [], []
    for argv in (
        ["import", str(TRF), "--into", str(target)],
        ["import", str(CROSSTABLE), "--into", str(target), "--event", WINTER, "--recalc"],
    ):
        if str(CROSSTABLE) in argv:
            argv += ["--date", WINTER_DATE.isoformat()]
        capture, error = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(capture), contextlib.redirect_stderr(error):
            assert main(argv) == 0, error.getvalue()
        outputs.append(capture.getvalue())
        errors.append(error.getvalue())
    return Imported(target, outputs, errors)


def cached(path: Path) -> list[list[object]]:
    """The SEASON_RATINGS table as the file caches it (written by --recalc)."""
    from openpyxl import load_workbook

    layout = season_layout(path)
    ws = load_workbook(path, data_only=True)[layout.sheet]
    return used_part(
        [["" if ws[c].value is None else ws[c].value for c in row] for row in cells(layout.ref)]
    )


# ---------------------------------------------------------------- same as typed in


def test_import_rates_as_the_same_games_typed_in(imported: Imported, tmp_path: Path) -> None:
    path = imported.path
    spec = templates.TEMPLATES[NAME]
    players = [list(p) for p in spec.defaults["players"]] + TYPED_PLAYERS  # type: ignore[attr-defined]
    games = [list(g) for g in spec.defaults["games"]]  # type: ignore[attr-defined]
    games += [[TRF_EVENT, TRF_DATE, *row] for row in TYPED_TRF]
    games += [[WINTER, WINTER_DATE, *row] for row in TYPED_CROSSTABLE]
    typed = tmp_path / "typed.xlsx"
    templates.build_template(NAME, typed, {"players": players, "games": games})
    # The table covers the room (40 players rows, 16 event columns) in both.
    assert season_layout(path).ref == season_layout(typed).ref == "A13:Q53"  # find_season, once
    ours, theirs = cached(path), used_part(spill(engine.evaluate(typed), typed))
    assert ours[0] == ["Player", TRF_EVENT, *ours[0][2:6], WINTER]  # in date order
    for got, want in zip(ours, theirs, strict=True):
        assert got[0] == want[0]
        for g, w in zip(got[1:], want[1:], strict=True):
            assert g == w or math.isclose(g, w, rel_tol=1e-12), (got[0], g, w)  # type: ignore[arg-type]
    # And both equal the season core fed with the parsed files (and the club's season).
    club_players, club_events = season_from_book(WORKBOOKS / NAME)
    trf, table = parse_any(TRF.read_text("utf-8")), parse_any(CROSSTABLE.read_text("utf-8"))
    core = rate_season(
        [*club_players, *trf.players, *table.players],
        [
            *club_events,
            (TRF_EVENT, TRF_DATE, list(trf.games)),
            (WINTER, WINTER_DATE, list(table.games)),
        ],
    )
    for got, row in zip(ours[1:], core.ratings, strict=True):
        assert got[0] == row.name
        assert got[1:] == ["" if v is None else pytest.approx(v, rel=1e-12) for v in row.after]


def test_import_writes_the_rows_as_typed(imported: Imported) -> None:
    from openpyxl import load_workbook

    path = imported.path
    wb = load_workbook(path)
    players = [[wb["Players"][c].value for c in row] for row in cells("A14:E27")]
    expected = [[n, r, g, None, None] for n, r, g in TYPED_PLAYERS]
    assert players == expected
    assert wb["Players"]["A28"].value is None
    rows = [[wb["Games"][c].value for c in row] for row in cells("A77:F111")]
    trf_rows = sorted(tuple(r[2:]) for r in rows[:21])
    assert trf_rows == sorted((float(n), w, b, res) for n, w, b, res in TYPED_TRF)
    assert {(r[0], r[1].date()) for r in rows[:21]} == {(TRF_EVENT, TRF_DATE)}
    assert {(r[0], r[1].date()) for r in rows[21:]} == {(WINTER, WINTER_DATE)}
    got = sorted(tuple(r[2:]) for r in rows[21:])
    assert got == sorted((float(n), w, b, r) for n, w, b, r in TYPED_CROSSTABLE)
    assert wb["Games"]["A112"].value is None
    assert wb["Games"]["B77"].number_format == "yyyy-mm-dd"
    assert wb["Games"]["F77"].number_format == "@"  # text: 1-0 is not read as a date


# ---------------------------------------------------------------- nothing else is lost


def _parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as zf:
        return {name: zf.read(name) for name in zf.namelist()}


def _formulas(path: Path) -> dict[str, str]:
    """Every formula's text by cell, with its kind and whether the cell is a dynamic array
    (cm="1"); array ranges left out (the import may resize the season's)."""
    from xml.etree import ElementTree

    main_ns = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    out = {}
    for part, data in _parts(path).items():
        if not part.startswith("xl/worksheets/sheet"):
            continue
        for cell in ElementTree.fromstring(data).iter(f"{main_ns}c"):
            formula = cell.find(f"{main_ns}f")
            if formula is not None:
                kind = formula.get("t", "normal")
                out[f"{part}!{cell.get('r')}"] = f"{kind} cm={cell.get('cm')} {formula.text}"
    return out


def _validations(path: Path) -> list[tuple[str, ...]]:
    from openpyxl import load_workbook

    wb = load_workbook(path)
    return sorted(
        (ws.title, str(dv.sqref), dv.type, str(dv.formula1), str(dv.formula2), str(dv.operator))
        for ws in wb.worksheets
        for dv in ws.data_validations.dataValidation
    )


@pytest.mark.slow
def test_import_keeps_formulas_arrays_validations_and_chart(
    imported: Imported,
) -> None:
    path = imported.path
    before, after = _parts(WORKBOOKS / NAME), _parts(path)
    assert sorted(before) == sorted(after)
    changed = {name for name in before if before[name] != after[name]}
    sheets = dict(
        re.findall(
            r'<sheet name="([^"]+)" sheetId="\d+" r:id="rId(\d+)"',
            after["xl/workbook.xml"].decode(),
        )
    )
    written = {f"xl/worksheets/sheet{sheets[s]}.xml" for s in ("Players", "Games", "Ratings")}
    # The import wrote into the tables and set the print areas (the rows in use, on the
    # sheets whose tables follow the Players and Games tables); --recalc cached values in
    # other sheets. Nothing is fitted: the arrays cover the tables' room, the charts read
    # the same lines. Every other part (styles, metadata, drawings, charts,
    # relationships, shared strings) is byte for byte what it was, and the workbook part
    # but for those print areas' last rows.
    assert written | {"xl/workbook.xml"} <= changed
    assert all(n.startswith("xl/worksheets/sheet") for n in changed - {"xl/workbook.xml"})
    printed = re.compile(r"(?<=!\$A\$1:\$[A-Z])(\$[0-9]+)(?=<)")
    assert printed.sub("", after["xl/workbook.xml"].decode()) == printed.sub(
        "", before["xl/workbook.xml"].decode()
    )
    # Formulas: the same text everywhere, dynamic arrays still dynamic (cm="1").
    formulas = _formulas(path)  # every sheet parsed once, for the three checks below
    assert formulas == _formulas(WORKBOOKS / NAME)
    part_of = {f"xl/worksheets/sheet{number}.xml": sheet for sheet, number in sheets.items()}
    dynamic = {
        f"{part_of[k.split('!')[0]]}!{k.split('!')[1]}": v.split()[2].split("(")[0]
        for k, v in formulas.items()
        if v.startswith("array cm=1 ")
    }
    [card] = [k for k, v in dynamic.items() if v == "PLAYER_GAMES"]
    [text] = [v for k, v in formulas.items() if v.split()[2].startswith("PLAYER_GAMES(")]
    assert text.endswith(f",{CLUB_CARD_GAMES},TRUE,ROW(Games!$A$5))")
    del dynamic[card]
    # Every season function: the tables, the event and player shown, the Status column,
    # the line above the Ratings table and the charts' lines; and the Standings' change as
    # shown (Excel's IF and ROUND over the table's ratings).
    assert dynamic == {
        "Standings!I9": "IF",
        "Games!G5": "SEASON_GAME_STATUS",
        "Ratings!A11": "SEASON_CHECK",
        "Chart!A3": "SEASON_CHECK",
        "Ratings!A13": "SEASON_RATINGS",
        "Ratings!R13": "SEASON_START_FINAL",
        "Ratings!A56": "SEASON_CHART",
        "Standings!C4": "SEASON_EVENT",
        "Standings!A8": "SEASON_STANDINGS",
        "Crosstable!B5": "SEASON_EVENT",
        "Crosstable!A9": "EVENT_CROSSTABLE",
        "Player card!A11": "PLAYER_RATINGS",
    }
    assert b"XLDAPR" in after["xl/metadata.xml"]
    ratings = after[f"xl/worksheets/sheet{sheets['Ratings']}.xml"].decode()
    assert re.search(
        r'<c r="A13"[^>]*cm="1"[^>]*><f t="array" ref="A13:Q53">SEASON_RATINGS', ratings
    )
    # Validations: unchanged.
    assert _validations(path) == _validations(WORKBOOKS / NAME)
    assert before["xl/drawings/drawing1.xml"] == after["xl/drawings/drawing1.xml"]
    assert not lint_workbook(path, values="current")  # --recalc: Excel keeps the values


@pytest.mark.slow
def test_import_output(imported: Imported) -> None:
    """What the fixture's first import (the TRF into the template, exit code 0) printed."""
    book, out, err = imported.path, imported.outputs[0], imported.errors[0]
    assert err == ""
    assert (
        f"imported {TRF_EVENT!r} (2024-03-17) into {book}: 8 new players (Players rows 14-21)"
        in out
    )
    assert "21 game rows (Games rows 77-97)" in out
    assert "note: 1 pairing with no result from White's side" in out
    assert "xlrating recalc" in out


def test_import_with_recalc_caches_the_results(imported: Imported) -> None:
    from openpyxl import load_workbook

    path, outputs = imported.path, imported.outputs
    assert "recalculated" in outputs[1] and "recalculated" not in outputs[0]
    values = load_workbook(path, data_only=True)
    assert values["Ratings"]["A36"].value == "FRANK DUMMY"  # the last of 23 players
    assert values["Ratings"]["G13"].value == WINTER  # the last event
    assert isinstance(values["Ratings"]["G36"].value, float)
    assert values["Checks"]["B3"].value == "ALL PASS"


@pytest.mark.slow
def test_a_second_import_of_the_same_players(
    capsys: pytest.CaptureFixture[str], imported: Imported, tmp_path: Path
) -> None:
    """The same file twice, under two names: the second time its players are listed. The
    first time is the fixture's import of the crosstable (as WINTER, 2026-01-10, exit 0)."""
    book = tmp_path / NAME
    shutil.copy(imported.path, book)
    second = ["--event", "Rematch", "--date", "2026-02-07"]
    code, out, _ = run(capsys, "import", str(CROSSTABLE), "--into", str(book), *second)
    assert code == 0
    assert "0 new players, 6 already listed" in out


@pytest.mark.slow
def test_names_match_ignoring_case_and_keep_the_sheet_spelling(
    capsys: pytest.CaptureFixture[str], book: Path, tmp_path: Path
) -> None:
    from openpyxl import load_workbook

    text = CROSSTABLE.read_text("utf-8").replace("ALICE EXAMPLE", "ALICE  MORGAN  ")
    source = tmp_path / "club.txt"
    source.write_text(text, "utf-8")
    code, out, _ = run(
        capsys,
        "import",
        str(source),
        "--into",
        str(book),
        "--event",
        "Open",
        "--date",
        "2026-01-10",
    )
    assert code == 0
    assert "5 new players" in out and "1 already listed" in out
    ws = load_workbook(book)["Games"]
    whites = [ws[f"D{row}"].value for row in range(77, 91)]
    assert "Alice Morgan" in whites and "ALICE MORGAN" not in whites


# ---------------------------------------------------------------- failures leave the book


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["{crosstable}", "--into", "{book}"], 2, "gives no event name: add --event NAME"),
        # A date is never a reason to refuse a file (issue 14): a page of two sections is.
        (["{page}", "--into", "{book}"], 2, "has 2 sections ('OPEN', 'U1800 TEAM PLAYOFF'): "
         "import one at a time with --section NAME"),
        (["{trf}", "--into", "{book}", "--date", "2026-02-30"], 2, "must be a date such as"),
        (["{text}", "--into", "{book}", "--event", "X", "--date", "2026-01-10"], 1,
         "text.txt: file is neither a FIDE TRF nor a US Chess crosstable"),
        (["{trf}", "--into", "{book}", "--event", "october swiss"], 1,
         "already has an event called 'October Swiss' on sheet Games"),
        (["{trf}", "--into", "{elo}"], 1, "elo.xlsx has no SEASON_RATINGS table"),
        (["{trf}", "--into", "{notxlsx}"], 1, "not an xlsx file"),
        (["{dir}/missing.txt", "--into", "{book}"], 1, "no such file"),
        # Issue 25: the book rates US Chess by each event's date and holds no multiplier.
        (["{trf}", "--into", "{book}", "--date", "2012-06-01"], 1,
         "club_season.xlsx rates its season by US Chess (system uscf), whose bonus multiplier "
         "is known only for events ending 2017-05-01 or later, and 'Hand-written test sample "
         "(TRF16 layout, not a real event)' is dated 2012-06-01: every rating of the season "
         "would show an error, so nothing was written"),
        (["{trf}", "--into", "{book}", "--bonus-multiplier", "14"], 2,
         "xlrating import: --bonus-multiplier 14: the season book rates each event by its date "
         "and holds no multiplier, and 2024-03-17 (from record 052 (end date) on line 5) picks "
         "B = 12; B = 14 applies to events ending 2017-05-01 to 2023-01-31: give such a "
         "--date, or rate the file alone with xlrating rate sample_trf16.txt "
         "--bonus-multiplier 14"),
        (["{trf}", "--into", "{book}", "--bonus-multiplier", "8", "--date", "2012-06-01"], 2,
         "2012-06-01 (from --date) picks no known B; no dated rule has B = 8: rate the file "
         "alone with xlrating rate sample_trf16.txt --bonus-multiplier 8"),
    ],
)  # fmt: skip
def test_failures_are_one_line_and_leave_the_book(
    capsys: pytest.CaptureFixture[str],
    book: Path,
    tmp_path: Path,
    argv: list[str],
    code: int,
    message: str,
) -> None:
    (tmp_path / "text.txt").write_text("hello\n")
    (tmp_path / "bad.xlsx").write_text("not a workbook")
    shutil.copy(WORKBOOKS / "elo.xlsx", tmp_path / "elo.xlsx")
    names = {
        "crosstable": CROSSTABLE,
        "page": DATA / "uscf_crosstable_page.txt",
        "trf": TRF,
        "book": book,
        "text": tmp_path / "text.txt",
        "elo": tmp_path / "elo.xlsx",
        "notxlsx": tmp_path / "bad.xlsx",
        "dir": tmp_path,
    }
    before = {p: p.read_bytes() for p in tmp_path.iterdir()}
    got, out, err = run(capsys, "import", *(a.format(**names) for a in argv))
    assert got == code
    assert out == ""
    line = one_line(err)
    assert line.startswith("xlrating import:") and message in line, line
    assert {p: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_import_with_the_multiplier_its_date_picks(
    capsys: pytest.CaptureFixture[str], book: Path
) -> None:
    code, out, err = run(capsys, "import", str(TRF), "--into", str(book), "--bonus-multiplier",
                         "12")  # fmt: skip
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith(f"imported {TRF_EVENT!r} (2024-03-17) into ")
    assert lines[1] == (
        "date 2024-03-17 (it picks the rules: US Chess bonus multiplier B = 12), from record "
        "052 (end date) on line 5"
    )


def _fill(rows: int) -> list[list[object]]:
    """A long blitz event between the club's players, to fill the Games table (a game a
    round: a player has one pairing per round)."""
    names = [p[0] for p in templates.CLUB_PLAYERS]
    return [
        ["Blitz marathon", dt.date(2026, 2, 1), 1 + i, names[i % 9], names[(i + 1) % 9], "½-½"]
        for i in range(rows)
    ]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "games", "message"),
    [
        (33, 0, "the Players table grew from 40 to 80 rows (Players!A5:G84), with the rows "
         "of Crosstable, Ratings and Standings that follow it"),
        (9, 600 - 72 - 20, "the Games table grew from 600 to 1200 rows (Games!A5:F1204)"),
    ],
)  # fmt: skip
def test_a_full_table_grows(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, players: int, games: int, message: str
) -> None:
    """Issue 15: an event that needs more rows than a table has left grows the table (it
    used to be refused with "no room on sheet Players ... room for 7 more")."""
    spec = templates.TEMPLATES[NAME]
    roster = [list(p) for p in spec.defaults["players"]]  # type: ignore[attr-defined]
    roster += [[f"Member {i}", 1500, 20] for i in range(players - len(roster))]
    inputs: dict[str, Any] = {"players": roster}
    if games:
        inputs["games"] = [list(g) for g in spec.defaults["games"]] + _fill(games)  # type: ignore[attr-defined]
    book = tmp_path / NAME
    templates.build_template(NAME, book, inputs, lint=False)
    code, out, err = run(capsys, "import", str(TRF), "--into", str(book))
    assert code == 0 and err == ""
    assert message in out
    assert not lint_workbook(book)


# ---------------------------------------------------------------- recalc of a season that changed


@pytest.mark.slow
def test_recalc_computes_a_season_that_changed(
    capsys: pytest.CaptureFixture[str], book: Path
) -> None:
    """A book saved by another program after adding a player and an event and deleting two
    events: the SEASON_RATINGS array keeps its range (the tables' room) and recalc
    computes it as it is, nothing fitted: the 10 players in their Players rows, the 3
    events in date order, blanks after."""
    from openpyxl import load_workbook

    wb = load_workbook(book)
    games = wb["Games"]
    for row in range(5, 77):
        if games[f"A{row}"].value in ("November Swiss", "December Swiss"):
            for col in "ABCDEF":
                games[f"{col}{row}"] = None
    wb["Players"]["A14"] = "Zoe Quinn"
    wb["Players"]["B14"] = 1500
    wb["Players"]["C14"] = 40
    for i, (white, black, result) in enumerate(
        [("Zoe Quinn", "Alice Morgan", "0-1"), ("Ben Carter", "Zoe Quinn", "½-½")]
    ):
        values = ["January Rapid", dt.datetime(2026, 1, 17), 1 + i, white, black, result]
        for col, value in zip("ABCDEF", values, strict=True):
            games[f"{col}{77 + i}"] = value
    wb.save(book)  # openpyxl keeps the array formula (as a plain CSE array) and its range
    assert season_layout(book).ref == "A13:Q53"  # find_season, remembered by content
    out_path = book.with_name("changed.xlsx")
    code, _, err = run(capsys, "recalc", str(book), "-o", str(out_path))
    assert code == 0, err
    shown = load_workbook(out_path, data_only=True)["Ratings"]
    table = used_part(
        [
            ["" if shown[c].value is None else shown[c].value for c in row]
            for row in cells("A13:Q53")
        ]
    )
    players, events = season_from_book(book)
    core = rate_season(players, events)
    assert table[0] == ["Player", "September Swiss", "October Swiss", "January Rapid"]
    assert table[0] == ["Player", *core.events]
    for got, season_row in zip(table[1:], core.ratings, strict=True):
        expected = ["" if v is None else pytest.approx(v, rel=1e-12) for v in season_row.after]
        assert got == [season_row.name, *expected]
    assert season_layout(out_path).ref == "A13:Q53"


@pytest.mark.slow
def test_names_written_last_first_meet_members_and_a_typo_is_flagged(
    capsys: pytest.CaptureFixture[str], book: Path, tmp_path: Path
) -> None:
    """ "MORGAN, ALICE" is the member Alice Morgan; "BEN CARTR" is new, and the dry run asks
    whether it is the member one typo away; the same games again under another name are
    refused (they would count twice)."""
    from openpyxl import load_workbook

    members = [str(p[0]) for p in templates.CLUB_PLAYERS]
    typo = members[1][:-1]  # one letter dropped
    text = CROSSTABLE.read_text("utf-8").replace("ALICE EXAMPLE", "MORGAN, ALICE")
    assert "MORGAN, ALICE" in text
    source = tmp_path / "club.txt"
    source.write_text(text, "utf-8")
    dated = ["--event", "Open", "--date", "2026-01-10"]
    code, out, _ = run(capsys, "import", str(source), "--into", str(book), "--dry-run", *dated)
    assert code == 0 and "1 already listed" in out
    typo_text = text.replace("MORGAN, ALICE", typo.upper())
    typo_source = tmp_path / "typo.txt"
    typo_source.write_text(typo_text, "utf-8")
    code, out, _ = run(capsys, "import", str(typo_source), "--into", str(book), "--dry-run", *dated)
    assert code == 0
    assert f"(new; did you mean {members[1]}?)" in out
    typo_book = tmp_path / "typo.xlsx"
    shutil.copy(book, typo_book)
    code, out, _ = run(capsys, "import", str(typo_source), "--into", str(typo_book), *dated)
    assert code == 0
    assert f"one typo from {members[1]!r}: did you mean {members[1]}?" in out
    code, out, _ = run(capsys, "import", str(source), "--into", str(book), *dated)
    assert code == 0
    ws = load_workbook(book)["Games"]
    names = {ws[f"{c}{row}"].value for row in range(77, 91) for c in "DE"}
    assert "Alice Morgan" in names and "MORGAN, ALICE" not in names
    again = ["--event", "Open again", "--date", "2026-01-10"]
    code, _, err = run(capsys, "import", str(source), "--into", str(book), *again)
    assert code == 1
    assert "already holds these games as event 'Open' on sheet Games" in err
    assert "importing them again would count them twice" in err
