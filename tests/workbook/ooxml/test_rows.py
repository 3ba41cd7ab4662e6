"""Rows inserted and deleted in a package (:mod:`xlrating.workbook.ooxml.rows`), as Excel's
"insert rows" does: every reference to the moved rows follows them, ranges over a table
grow with it, and a reference into deleted rows only is refused.

The resize of a whole season book (its tables, their followers and the event columns) is
tested in ``tests/workbook/season/test_grow.py``.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlrating.workbook.ooxml import guard
from xlrating.workbook.ooxml.a1 import bounds
from xlrating.workbook.ooxml.package import Package
from xlrating.workbook.ooxml.rows import RowEdit, RowEditor, RowsError, map_references
from xlrating.workbook.season import grow
from xlrating.workbook.season.find import layout_from_xml

WORKBOOKS = Path(__file__).resolve().parents[3] / "workbooks"
NAME = "club_season.xlsx"
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
_DOC = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
SHEET = "xl/worksheets/sheet1.xml"


def one_sheet_book(name: str, sheet_xml: str) -> Package:
    """A package of one worksheet, *name*, whose part is *sheet_xml* (made in memory and
    accepted by the guard, as every package is)."""
    parts = {
        "[Content_Types].xml": (
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
            'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxml'
            'formats-officedocument.spreadsheetml.sheet.main+xml"/>'
            '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.'
            'openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>'
        ),
        "_rels/.rels": (
            f'<Relationships xmlns="{_RELS}"><Relationship Id="rId1" '
            f'Type="{_DOC}/officeDocument" Target="xl/workbook.xml"/></Relationships>'
        ),
        "xl/workbook.xml": (
            f'<workbook xmlns="{MAIN}" xmlns:r="{_DOC}"><sheets>'
            f'<sheet name="{name}" sheetId="1" r:id="rId1"/></sheets></workbook>'
        ),
        "xl/_rels/workbook.xml.rels": (
            f'<Relationships xmlns="{_RELS}"><Relationship Id="rId1" '
            f'Type="{_DOC}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'
        ),
        SHEET: sheet_xml,
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for part, text in parts.items():
            zf.writestr(part, text)
    return Package.open(guard.check_bytes(buffer.getvalue()))


def test_references_move_and_grow_as_excel_inserts_rows() -> None:
    edit = RowEdit("Players", 45, 40, 5)  # 40 rows below the table A5:E44

    def moved(text: str, context: str | None = "Players") -> str:
        return map_references(
            text, context, lambda s, a, b, r: edit.rows(a, b) if s == "Players" else (a, b)
        )

    assert moved("SUM($A$5:$A$44)") == "SUM($A$5:$A$84)"  # over the table: grows
    assert moved("$A$5:$A$45") == "$A$5:$A$85"  # across the insertion: grows
    assert moved("Players!A45+'Players'!B50") == "Players!A85+'Players'!B90"  # below: moves
    assert moved("$D44:$S44+A44") == "$D44:$S44+A44"  # one row: stays
    assert moved("A10:A44") == "A10:A44"  # starts inside the table: a window, stays
    assert moved('"A45"&LOG10(A45)') == '"A45"&LOG10(A85)'  # text is never a reference
    assert moved("Games!A45", "Players") == "Games!A45"  # another sheet
    assert moved("SUM(45:50)") == "SUM(85:90)"  # whole rows
    assert moved("A45", None) == "A45"  # no sheet known: left alone


def test_deleted_rows_refuse_a_reference_into_them_only() -> None:
    edit = RowEdit("S", 10, -5, 1)  # rows 10-14 go
    change = lambda s, a, b, r: edit.rows(a, b)  # noqa: E731
    assert map_references("A20+SUM(A1:A12)+A9", "S", change) == "A15+SUM(A1:A9)+A9"
    with pytest.raises(RowsError, match="refers to A12 only"):
        map_references("A12", "S", change)


@given(
    st.integers(1, 200),
    st.integers(0, 200),
    st.integers(1, 300),
    st.integers(1, 50),
)
def test_inserting_then_deleting_the_same_rows_gives_the_references_back(
    a: int, span: int, at: int, count: int
) -> None:
    b = a + span
    grow = RowEdit("S", at, count, 1)
    shrink = RowEdit("S", at, -count, 1)
    grown = grow.rows(a, b)
    assert grown is not None
    assert shrink.rows(*grown) == (a, b)


@pytest.mark.slow
def test_names_formats_merges_and_other_formulas_follow(tmp_path: Path) -> None:
    """A book a user extended: a defined name and a print area over the Players table, a
    conditional format on it, a merged note below it and a formula elsewhere reading it."""
    book, out = tmp_path / NAME, tmp_path / "out.xlsx"
    with zipfile.ZipFile(WORKBOOKS / NAME) as zf:
        parts = {n: zf.read(n) for n in zf.namelist()}
    workbook = parts["xl/workbook.xml"].decode()
    workbook = workbook.replace(
        "<calcPr",
        '<definedNames><definedName name="Roster">Players!$A$5:$A$44</definedName>'
        '<definedName name="_xlnm.Print_Area" localSheetId="0">Players!$A$1:$G$45'
        "</definedName></definedNames><calcPr",
    )
    players = parts["xl/worksheets/sheet1.xml"].decode()
    players = players.replace(
        "<dataValidations",
        '<mergeCells count="1"><mergeCell ref="A47:B47"/></mergeCells>'
        '<conditionalFormatting sqref="A5:E44"><cfRule type="expression" dxfId="0" '
        'priority="1"><formula>$B5&gt;2000</formula></cfRule></conditionalFormatting>'
        "<dataValidations",
    )
    how = parts["xl/worksheets/sheet6.xml"].decode()
    how = how.replace(
        '<c r="B28"',
        '<c r="A28"><f>COUNTA(Roster)+COUNTA(Players!A5:A44)+Players!A45</f></c><c r="B28"',
    )
    parts.update(
        {
            "xl/workbook.xml": workbook.encode(),
            "xl/worksheets/sheet1.xml": players.encode(),
            "xl/worksheets/sheet6.xml": how.encode(),
        }
    )
    with zipfile.ZipFile(book, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
    # The rows inserted, as a resize inserts them (a resize then also sets the print
    # areas to the rows in use: season/write.py, tested there).
    package = Package.open(guard.check_workbook(book))
    layout = layout_from_xml(package)
    assert layout is not None
    games = bounds(layout.games[1])
    grow._grown_parts(package, layout, 80, games[2] - games[0] + 1, NAME)
    package.save(out)
    with zipfile.ZipFile(out) as zf:
        workbook = zf.read("xl/workbook.xml").decode()
        players = zf.read("xl/worksheets/sheet1.xml").decode()
        how = zf.read("xl/worksheets/sheet6.xml").decode()
    assert '<definedName name="Roster">Players!$A$5:$A$84</definedName>' in workbook
    assert 'localSheetId="0">Players!$A$1:$G$85</definedName>' in workbook
    assert '<mergeCell ref="A87:B87"/>' in players
    assert '<conditionalFormatting sqref="A5:E84">' in players
    assert "<formula>$B5&gt;2000</formula>" in players
    assert "<f>COUNTA(Roster)+COUNTA(Players!A5:A84)+Players!A85</f>" in how
    guard.check_workbook(out)


def test_shared_formulas_are_spelled_out_before_rows_move() -> None:
    """A shared formula group (as Excel saves one) crossing the insertion point: each cell
    keeps reading the cells it read."""
    sheet = (
        f'<worksheet xmlns="{MAIN}">'
        "<sheetData>"
        '<row r="1"><c r="A1"><v>1</v></c><c r="B1"><f t="shared" ref="B1:B3" si="0">A1*2'
        "</f></c></row>"
        '<row r="2"><c r="A2"><v>2</v></c><c r="B2"><f t="shared" si="0"/></c></row>'
        '<row r="3"><c r="A3"><v>3</v></c><c r="B3"><f t="shared" si="0"/></c></row>'
        "</sheetData></worksheet>"
    )
    package = one_sheet_book("S", sheet)
    RowEditor(package).apply(RowEdit("S", 2, 5, 1))
    text = package.read(SHEET).decode()
    assert '<c r="B1"><f>A1*2</f></c>' in text
    assert '<c r="B7"><f>A7*2</f></c>' in text and '<c r="B8"><f>A8*2</f></c>' in text
    assert 't="shared"' not in text


def test_rows_numbered_as_whole_floats_move() -> None:
    """``<row r="2.0">`` (openpyxl reads it as row 2, and so does the guard): the row moves
    as row 2, not "invalid literal for int()"."""
    sheet = (
        f'<worksheet xmlns="{MAIN}"><sheetData>'
        '<row r="1.0"><c r="A1"><v>1</v></c></row>'
        '<row r="2.0"><c r="A2"><v>2</v></c><c r="B2"><f>A1+A2</f></c></row>'
        "</sheetData></worksheet>"
    )
    package = one_sheet_book("S", sheet)
    RowEditor(package).apply(RowEdit("S", 2, 3, 1))
    text = package.read(SHEET).decode()
    assert '<row r="1.0"><c r="A1"><v>1</v></c></row>' in text
    assert '<row r="5"><c r="A5"><v>2</v></c><c r="B5"><f>A1+A5</f></c></row>' in text


_REFS = st.tuples(
    st.sampled_from(["", "$"]),
    st.sampled_from(["A", "B", "XFD"]),
    st.sampled_from(["", "$"]),
    st.integers(1, 120),
    st.integers(0, 30),
    st.sampled_from(["", "S!", "'S'!", "Other!"]),
)


@given(st.lists(_REFS, min_size=1, max_size=6), st.integers(2, 100), st.integers(1, 40))
def test_formulas_come_back_when_the_inserted_rows_are_deleted(
    refs: list[tuple[str, str, str, int, int, str]], at: int, count: int
) -> None:
    text = (
        "+".join(
            f"{sheet}{d1}{col}{d2}{row}" + (f":{d1}{col}{d2}{row + span}" if span else "")
            for d1, col, d2, row, span, sheet in refs
        )
        + '&"S!A50"'
    )
    grow, shrink = RowEdit("S", at, count, 1), RowEdit("S", at, -count, 1)

    def apply(edit: RowEdit, formula: str) -> str:
        return map_references(
            formula, "S", lambda s, a, b, r: edit.rows(a, b) if s == "S" else (a, b)
        )

    grown = apply(grow, text)
    assert grown.endswith('&"S!A50"')  # text in quotes is never a reference
    assert apply(shrink, grown) == text
