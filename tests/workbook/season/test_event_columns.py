"""Event columns that grow (issue 15): ``xlrating resize --event-columns E`` and an import
that brings more events than the Ratings sheet has columns insert columns before its
Start and Final columns, as Excel inserts columns (:mod:`xlrating.workbook.ooxml.columns`),
and give the Player card a row per event column.

One recalculation in the module (the ``computed`` fixture): a season with an event
imported and its event columns grown computes what the season core computes, and its
moved Start and Final columns, Standings and Player card read the right cells.
"""

from __future__ import annotations

import datetime as dt
import re
import shutil
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlrating.imports import parse_any
from xlrating.rating.season import rate_season
from xlrating.workbook.ooxml import guard
from xlrating.workbook.ooxml.a1 import bounds
from xlrating.workbook.ooxml.columns import map_columns
from xlrating.workbook.ooxml.rows import RowEdit, RowsError
from xlrating.workbook.season.book import import_event
from xlrating.workbook.season.find import SeasonBookError, find_season
from xlrating.workbook.season.grow import resize_season

from ..templates.test_club_season import season_from_book
from .test_grow import (
    MAIN,
    NAME,
    WORKBOOKS,
    big_trf,
    cached_in,
    cells_of,
    equals_core,
    one_line,
    run,
    sheet_xml,
    xml_of,
)

CHART = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"


def formula(root: object, ref: str) -> str:
    found = cells_of(root)[ref].find(f"{MAIN}f")  # type: ignore[arg-type]
    assert found is not None and found.text is not None, ref
    return found.text


def array_at(root: object, ref: str) -> tuple[str | None, str]:
    """The range and text of the array formula whose first cell is *ref*."""
    found = cells_of(root)[ref].find(f"{MAIN}f")  # type: ignore[arg-type]
    assert found is not None and found.get("t") == "array" and found.text is not None, ref
    return found.get("ref"), found.text


def names(path: Path) -> dict[tuple[str, str], str]:
    """The workbook's defined names: (name, sheet index) -> text."""
    with zipfile.ZipFile(path) as zf:
        text = zf.read("xl/workbook.xml").decode()
    return {
        (name, local): value
        for name, local, value in re.findall(
            r'<definedName name="([^"]+)"(?: localSheetId="(\d+)")?>([^<]*)</definedName>', text
        )
    }


@pytest.fixture(scope="module")
def wide(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The default book with 20 event columns (16 standard)."""
    path = tmp_path_factory.mktemp("wide") / NAME
    report = resize_season(WORKBOOKS / NAME, path, event_columns=20)
    assert report.events == (16, 20) and report.events_area == ("Ratings", "B13:U13")
    assert report.players == (40, 40) and report.games == (600, 600)
    return path


@pytest.fixture(scope="module")
def narrow(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The default book with 4 event columns (its season's 4 events), made once for the
    tests that start from it (read only: a test that writes into it copies it first)."""
    path = tmp_path_factory.mktemp("narrow") / NAME
    report = resize_season(WORKBOOKS / NAME, path, event_columns=4)
    assert report.events == (16, 4) and report.events_area == ("Ratings", "B13:E13")
    return path


@pytest.fixture(scope="module")
def template_sheets() -> dict[str, ElementTree.Element]:
    """The committed template's worksheets, parsed once for the module (read only)."""
    return sheet_xml(WORKBOOKS / NAME)


# ---------------------------------------------------------------- what moves


def test_start_and_final_move_right_and_read_every_event_column(
    wide: Path, template_sheets: dict[str, ElementTree.Element]
) -> None:
    before, after = template_sheets, sheet_xml(wide)
    old, new = before["Ratings"], after["Ratings"]
    # Start and Final: one array at R13:S53 before, at V13:W53 after (the same call: it
    # reads the Players and Games tables, not the event columns); no cell of it is left.
    start_final = cells_of(old)["R13"].find(f"{MAIN}f")
    assert start_final is not None and start_final.get("ref") == "R13:S53"
    moved = cells_of(new)["V13"].find(f"{MAIN}f")
    assert moved is not None and moved.get("ref") == "V13:W53"
    assert moved.get("t") == "array" and moved.text == start_final.text
    assert "SEASON_START_FINAL(" in formula(new, "V13")
    left = [cells_of(new)[f"{c}{row}"] for c in "RS" for row in (13, 14, 53)]
    assert all(cell.find(f"{MAIN}f") is None for cell in left)
    assert cells_of(new)["V13"].get("s") == cells_of(old)["R13"].get("s")
    assert cells_of(new)["W30"].get("s") == cells_of(old)["S30"].get("s")
    # The new columns R..U carry column Q's styles, row by row; widths follow.
    for row in range(12, 54):
        styles = {cells_of(new)[f"{c}{row}"].get("s") for c in "QRSTU"}
        assert styles == {cells_of(old)[f"Q{row}"].get("s")}, row
    was = {c.get("min"): (c.get("max"), c.get("width")) for c in old.iter(f"{MAIN}col")}
    now = {c.get("min"): (c.get("max"), c.get("width")) for c in new.iter(f"{MAIN}col")}
    assert {k: v[0] for k, v in was.items()} == {"1": "1", "2": "17", "18": "19"}
    assert now == {"1": was["1"], "2": ("21", was["2"][1]), "22": ("23", was["18"][1])}
    # Everything reading the event columns reads the wider range.
    for sheet in ("Standings", "Crosstable"):
        sources = [f.text for f in after[sheet].iter(f"{MAIN}formula1")]
        assert "Ratings!$B$13:$U$13" in sources, sheet
    assert "Ratings!$B$13:$U$13" in formula(after["Standings"], "B7")
    assert formula(after["Player card"], "B6") == "SUMPRODUCT((LEN(Ratings!$B$13:$U$13)>0)*1)"
    printed = names(wide)
    # The table to the last player (row 22), not the charts' lines.
    assert printed[("_xlnm.Print_Area", "2")] == "Ratings!$A$1:$W$22"
    guard.check_workbook(wide)


def test_the_player_card_gets_a_row_per_event_column(
    wide: Path, template_sheets: dict[str, ElementTree.Element]
) -> None:
    card = sheet_xml(wide)["Player card"]
    old = template_sheets["Player card"]
    # Events 1..20 on rows 11..30: the one PLAYER_RATINGS array grew from A11:B26 with the
    # event columns (the table it reads to column U, the rows it counts to 30).
    assert array_at(old, "A11") == (
        "A11:B26",
        "PLAYER_RATINGS(Ratings!$A$13:$Q$53,$C$4,ROWS($C$11:$C$26))",
    )
    assert array_at(card, "A11") == (
        "A11:B30",
        "PLAYER_RATINGS(Ratings!$A$13:$U$53,$C$4,ROWS($C$11:$C$30))",
    )
    # The games below (one PLAYER_GAMES array) moved down four rows, with their formula.
    assert "PLAYER_GAMES(" in formula(old, "A29")
    assert formula(card, "A33") == formula(old, "A29")
    moved = cells_of(card)["A33"].find(f"{MAIN}f")
    assert moved is not None and moved.get("ref") == "A33:F93"
    printed = names(wide)
    assert printed[("_xlnm.Print_Titles", "6")] == "'Player card'!$33:$33"
    # Down to the most games a player has (16), four rows lower.
    assert printed[("_xlnm.Print_Area", "6")] == "'Player card'!$A$1:$H$48"


@pytest.mark.slow
def test_event_columns_shrink_back_to_the_same_book(
    wide: Path, tmp_path: Path, template_sheets: dict[str, ElementTree.Element]
) -> None:
    back = tmp_path / "back.xlsx"
    report = resize_season(wide, back, event_columns=16)
    assert report.events == (20, 16)
    original, returned = template_sheets, sheet_xml(back)
    for sheet, root in original.items():
        got = cells_of(returned[sheet])
        assert set(got) == set(cells_of(root)), sheet
        for ref, cell in cells_of(root).items():
            if cell.find(f"{MAIN}f") is not None:  # new formula cells carry no value
                assert (
                    xml_of(got[ref], False).split("<ns0:v>")[0]
                    == xml_of(cell, False).split("<ns0:v>")[0]
                ), (sheet, ref)
            else:
                assert xml_of(got[ref], False) == xml_of(cell, False), (sheet, ref)
        for tag in ("col", "dataValidation", "mergeCell", "pane"):
            assert [e.attrib for e in returned[sheet].iter(f"{MAIN}{tag}")] == [
                e.attrib for e in root.iter(f"{MAIN}{tag}")
            ], (sheet, tag)
    assert names(back) == names(WORKBOOKS / NAME)


@pytest.mark.slow
def test_a_shrunk_card_keeps_the_rows_beside_its_chart(
    narrow: Path, tmp_path: Path, template_sheets: dict[str, ElementTree.Element]
) -> None:
    """Four event columns: the card's rows below its chart go (the games start where a
    book built with four event columns starts them); the rows beside it stay, blank."""
    from xlrating.workbook.templates.club_sample import CLUB_GAMES, CLUB_PLAYERS
    from xlrating.workbook.templates.club_season import build_club_season

    fresh = tmp_path / "fresh.xlsx"  # the shrink to four columns, and its report: narrow
    build_club_season(
        fresh, CLUB_PLAYERS, CLUB_GAMES, event="December Swiss", event_columns=4, lint=False
    )
    shrunk, built = names(narrow), names(fresh)
    key = ("_xlnm.Print_Titles", "6")
    assert shrunk[key] == built[key], key
    # The Ratings print area: the same rows.  A fresh build wraps a long note within its
    # table's columns (templates/writer.py, Sheet.fit_text), a resize leaves it running on
    # to the right and prints as far as it runs (columns.keep_text_printed): never less.
    area = re.compile(r"^(.*!\$A\$1:\$)([A-Z]+)(\$[0-9]+)$")
    cut = area.match(shrunk["_xlnm.Print_Area", "2"])
    full = area.match(built["_xlnm.Print_Area", "2"])
    assert cut and full and (cut[1], cut[3]) == (full[1], full[3])
    assert (len(cut[2]), cut[2]) >= (len(full[2]), full[2])
    shrunk_sheets = sheet_xml(narrow)
    card = shrunk_sheets["Player card"]
    # The array reads the four event columns; its rows beside the chart are kept (blank).
    assert array_at(card, "A11") == (
        "A11:B24",
        "PLAYER_RATINGS(Ratings!$A$13:$E$53,$C$4,ROWS($C$11:$C$24))",
    )
    assert array_at(sheet_xml(fresh)["Ratings"], "F13") == array_at(shrunk_sheets["Ratings"], "F13")
    # Back to sixteen: the card has its sixteen rows again, as the template has them.
    back = tmp_path / "back.xlsx"
    resize_season(narrow, back, event_columns=16)
    original, returned = template_sheets, sheet_xml(back)
    for sheet in ("Player card", "Ratings"):
        got = cells_of(returned[sheet])
        assert set(got) == set(cells_of(original[sheet])), sheet
        for ref, cell in cells_of(original[sheet]).items():
            if cell.find(f"{MAIN}f") is not None:
                assert formula(returned[sheet], ref) == formula(original[sheet], ref), ref
    assert names(back) == names(WORKBOOKS / NAME)


# ---------------------------------------------------------------- refusals


@pytest.mark.slow
def test_event_columns_below_the_events_or_over_values_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / NAME
    shutil.copy(WORKBOOKS / NAME, book)
    code, out, err = run(capsys, "resize", str(book), "--event-columns", "3", "--in-place")
    assert code == 1 and out == ""
    assert one_line(err) == (
        "xlrating resize: --event-columns must be a whole number from 4 to 1000 (the season "
        "has 4 events), got 3"
    )
    # A note typed in an event column that would go (above the table: its cells are the
    # array's, which holds nothing typed).
    with zipfile.ZipFile(WORKBOOKS / NAME) as zf, zipfile.ZipFile(book, "w") as out_zip:
        for info in zf.infolist():
            data = zf.read(info)
            if info.filename == "xl/worksheets/sheet3.xml":
                data, count = re.subn(
                    rb'<c r="P12" (s="[0-9]+")/>',
                    rb'<c r="P12" \1 t="inlineStr"><is><t>note</t></is></c>',
                    data,
                )
                assert count == 1
            out_zip.writestr(info, data)
    before = book.read_bytes()
    code, out, err = run(capsys, "resize", str(book), "--event-columns", "8", "--in-place")
    assert code == 1 and out == ""
    assert one_line(err) == (
        f"xlrating resize: {NAME}: cannot drop columns J-Q of sheet 'Ratings': Ratings!P12 "
        "holds a value"
    )
    assert book.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [NAME]


@pytest.mark.slow
def test_import_grows_the_event_columns(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, narrow: Path
) -> None:
    """A book with four event columns (and the season's four events) takes a fifth event
    by growing to the standard sixteen, and the Player card's line reaches it."""
    book, trf = tmp_path / NAME, tmp_path / "eight.trf"
    shutil.copy(narrow, book)
    trf.write_text(big_trf(8, 3), "utf-8")
    code, out, err = run(capsys, "import", str(trf), "--into", str(book), "--event", "Eight")
    assert code == 0 and err == "", err
    assert (
        "the event columns of sheet Ratings grew from 4 to 16 (Ratings!B13:Q13), with the "
        "Player card's rows" in out
    )
    layout = find_season(book)
    rows = bounds(layout.players[1])[2] - bounds(layout.players[1])[0] + 1
    assert layout.ref == f"A13:Q{13 + rows}"  # the names and 16 event columns, every row
    ratings = sheet_xml(book)["Ratings"]
    ref, text = array_at(ratings, "R13")  # Start and Final, right of the 16 event columns
    assert ref == f"R13:S{13 + rows}" and "SEASON_START_FINAL(" in text
    with zipfile.ZipFile(book) as zf:
        card = re.findall(r"<c:f>([^<]*)</c:f>", zf.read("xl/charts/chart2.xml").decode())
    lines = 13 + rows + 3  # the charts' lines below the table: their header row
    assert card[1:] == [f"Ratings!$B${lines}:$Q${lines}", f"Ratings!$B${lines + 1}:$Q${lines + 1}"]


# ---------------------------------------------------------------- computed


@pytest.fixture(scope="module")
def computed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The default book with an 8-player event imported and 20 event columns, computed."""
    from xlrating.cli import main

    folder = tmp_path_factory.mktemp("computed")
    book, out = folder / NAME, folder / "recalc.xlsx"
    shutil.copy(WORKBOOKS / NAME, book)
    import_event(book, parse_any(big_trf(8, 3)), name="Eight", date=dt.date(2026, 3, 1))
    resize_season(book, book, event_columns=20)
    assert main(["recalc", str(book), "-o", str(out)]) == 0
    return out


def test_the_wide_book_computes_the_core_season(computed: Path) -> None:
    from openpyxl import load_workbook

    wb = load_workbook(computed, data_only=True)  # once, for the table and the sheets
    table = cached_in(wb, computed)
    players, events = season_from_book(computed)  # read once, for both comparisons
    equals_core(table, computed, (players, events))
    assert wb["Checks"]["B3"].value == "ALL PASS"
    core = rate_season(players, events)
    ratings = wb["Ratings"]
    assert ratings["V13"].value == "Start" and ratings["W13"].value == "Final"
    start = {p.name: p.rating for p in players}
    for i, row in enumerate(core.ratings):
        final = next((v for v in reversed(row.after) if v is not None), None)
        shown_start, shown_final = ratings[f"V{14 + i}"].value, ratings[f"W{14 + i}"].value
        assert shown_start == ("unrated" if start[row.name] is None else start[row.name])
        assert shown_final == ("unrated" if final is None else pytest.approx(final, rel=1e-12))
    # The Player card of its first member: a rating after each of the five events.
    card = wb["Player card"]
    member = card["B4"].value
    mine = next(r for r in core.ratings if r.name == member)
    assert card["B6"].value == len(core.events) == 5
    for k, name in enumerate(core.events, start=1):
        assert card[f"A{10 + k}"].value == name
        assert card[f"B{10 + k}"].value == pytest.approx(mine.after[k - 1], rel=1e-12)
    assert card["A16"].value in (None, "") and card["B16"].value in (None, "")


# ---------------------------------------------------------------- columns.py


def test_references_move_and_grow_as_excel_inserts_columns() -> None:
    edit = RowEdit("Ratings", 18, 4, 2)  # four columns before R; the events are B..Q

    def moved(text: str, context: str | None = "Ratings") -> str:
        return map_columns(
            text, context, lambda s, a, b: edit.rows(a, b) if s == "Ratings" else (a, b)
        )

    assert moved("COUNTA($B$13:$Q$13)") == "COUNTA($B$13:$U$13)"  # over the events: grows
    assert moved("$A14:$Q53") == "$A14:$U53"
    assert moved("R14+Ratings!$S$14") == "V14+Ratings!$W$14"  # right of them: moves
    assert moved("$C$14:$Q$14") == "$C$14:$Q$14"  # starts inside: a window, stays
    assert moved("SUM(R:S)+SUM(5:9)") == "SUM(V:W)+SUM(5:9)"  # whole columns; rows stay
    assert moved('"R14"&Games!R14') == '"R14"&Games!R14'  # text, another sheet
    assert moved("R14", None) == "R14"


def test_deleted_columns_refuse_a_reference_into_them_only() -> None:
    edit = RowEdit("S", 3, -2, 1)  # C and D go
    change = lambda s, a, b: edit.rows(a, b)  # noqa: E731
    assert map_columns("F1+SUM(A1:D1)+B1", "S", change) == "D1+SUM(A1:B1)+B1"
    with pytest.raises(RowsError, match="refers to D1 only"):
        map_columns("D1", "S", change)


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["", "$"]),
            st.integers(1, 60),
            st.integers(0, 9),
            st.integers(1, 99),
            st.sampled_from(["", "S!", "'S'!", "Other!"]),
        ),
        min_size=1,
        max_size=5,
    ),
    st.integers(2, 50),
    st.integers(1, 20),
)
def test_formulas_come_back_when_the_inserted_columns_are_deleted(
    refs: list[tuple[str, int, int, int, str]], at: int, count: int
) -> None:
    from xlrating.workbook.ooxml.a1 import column_letters

    text = "+".join(
        f"{sheet}{d}{column_letters(col)}{row}"
        + (f":{d}{column_letters(col + span)}{row}" if span else "")
        for d, col, span, row, sheet in refs
    )
    grow, shrink = RowEdit("S", at, count, 1), RowEdit("S", at, -count, 1)

    def apply(edit: RowEdit, formula: str) -> str:
        return map_columns(formula, "S", lambda s, a, b: edit.rows(a, b) if s == "S" else (a, b))

    assert apply(shrink, apply(grow, text)) == text


def test_a_book_without_event_columns_is_refused_in_one_line(tmp_path: Path) -> None:
    """A season book whose Ratings sheet no formula reads by event columns and has no
    array right of them (the Start and Final array made an ordinary formula)."""
    book = tmp_path / NAME
    with zipfile.ZipFile(WORKBOOKS / NAME) as zf, zipfile.ZipFile(book, "w") as out:
        for info in zf.infolist():
            data = zf.read(info)
            if info.filename == "xl/worksheets/sheet3.xml":
                assert b"$B$13:$Q$13" not in data
                anchor = b'<f t="array" ref="R13:S53">'
                assert data.count(anchor) == 1
                data = data.replace(anchor, b"<f>")
            out.writestr(info, data)
    with pytest.raises(SeasonBookError, match="has no event columns xlrating can find"):
        resize_season(book, tmp_path / "out.xlsx", event_columns=20)
    assert sorted(p.name for p in tmp_path.iterdir()) == [NAME]


@pytest.mark.slow
def test_an_event_typed_past_the_event_columns_is_shown_not_dropped(
    tmp_path: Path, narrow: Path
) -> None:
    """A fifth event typed into the Games sheet of a book with four event columns: the
    ratings table keeps its room (nothing is fitted); its last column's header says how
    many events it cannot show and how to grow it; the Final column still shows the
    season rated whole."""
    from xlrating.cli import main
    from xlrating.workbook.season.find import open_book
    from xlrating.workbook.season.write import write_book

    typed, out = tmp_path / "typed.xlsx", tmp_path / "out.xlsx"
    layout = find_season(narrow)
    games = {
        (77, 1): "Typed",
        (77, 2): 46100.0,
        (77, 3): 1.0,
        (77, 4): "Alice Morgan",
        (77, 5): "Grace Liu",
        (77, 6): "1-0",
    }
    write_book(open_book(narrow), typed, layout, {"Games": games})
    assert main(["recalc", str(typed), "-o", str(out)]) == 0
    from openpyxl import load_workbook

    ratings = load_workbook(out, data_only=True)["Ratings"]
    arrays = [f.get("ref") for f in sheet_xml(out)["Ratings"].iter(f"{MAIN}f")]
    assert "A13:E53" in arrays  # its room, as it was
    header = str(ratings["E13"].value)
    # December and the typed event do not fit: the last column gives way to say so.
    assert header.startswith("+2 events") and "xlrating resize --event-columns" in header
    assert ratings["D13"].value == "November Swiss"
    assert ratings["A14"].value == "Alice Morgan" and ratings["E14"].value in (None, "")
    assert isinstance(ratings["G14"].value, float)  # Final, right of the four event columns


@pytest.mark.slow
def test_event_columns_beyond_the_guard_limits_are_refused(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    wide: Path,
) -> None:
    """With the guard's cell limit set to what the book holds at 20 event columns, 21 are
    refused in one line and nothing is written."""
    from xlrating.workbook.season import write as season_fit  # where the guard is called

    book = tmp_path / NAME
    shutil.copy(WORKBOOKS / NAME, book)
    limits = guard.Limits(cells=guard.check_workbook(wide).cells)  # the book at 20 columns
    monkeypatch.setattr(season_fit, "check_bytes", lambda data: guard.check_bytes(data, limits))
    code, out, err = run(capsys, "resize", str(book), "--event-columns", "21", "--in-place")
    assert code == 1 and out == ""
    line = one_line(err)
    assert line.startswith(
        f"xlrating resize: {NAME}: the tables would need 40 player rows and 600 game rows "
        "and 21 event columns, and the book would then hold more than "
    )
    assert line.endswith("nothing was written")
    assert book.read_bytes() == (WORKBOOKS / NAME).read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == [NAME]
