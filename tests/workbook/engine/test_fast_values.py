"""The engine reads a sheet's plain value cells from its XML (``fast_values``) exactly as
openpyxl would have read them for ``formulas``."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import xlsxwriter
from hypothesis import given
from hypothesis import strategies as st
from openpyxl.worksheet._reader import WorkSheetParser

from xlrating.rating import synthetic
from xlrating.workbook.engine import evaluation as engine
from xlrating.workbook.engine import fast_values
from xlrating.workbook.engine.fast_values import strip_values
from xlrating.workbook.engine.value_cells import ValueCells
from xlrating.workbook.templates import build_club_season

WORKBOOKS = Path(__file__).resolve().parents[3] / "workbooks"
NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'


def sheet(cells: str) -> bytes:
    head = f'<?xml version="1.0" encoding="UTF-8"?><worksheet {NS}>'
    return f"{head}<sheetData>{cells}</sheetData></worksheet>".encode()


def openpyxl_cells(data: bytes, strings: list[str]) -> dict[tuple[int, int], tuple[object, str]]:
    """What openpyxl's own parser gives for every cell of a sheet part, as ``formulas``
    reads it (no dates, formulas kept)."""
    parser = WorkSheetParser(io.BytesIO(data), strings, False, None, set(), set(), False)
    return {
        (c["row"], c["column"]): (c["value"], c["data_type"])
        for _, row in parser.parse()
        for c in row
    }


def test_each_kind_of_value_is_read_as_openpyxl_reads_it() -> None:
    data = sheet(
        '<row r="1"><c r="A1"><v>42</v></c><c r="B1" t="n"><v>-1.5E-3</v></c>'
        '<c r="C1" t="s"><v>1</v></c><c r="D1" t="b"><v>1</v></c>'
        '<c r="E1" t="str"><v>Total</v></c><c r="F1" t="e"><v>#N/A</v></c>'
        '<c r="G1" s="2"><v>3.0</v></c></row>'
    )
    strings = ["zero", "one"]
    done = strip_values(data, strings)
    assert done is not None
    stripped, values = done
    assert values == {
        (1, 1): (42, "n"),
        (1, 2): (-0.0015, "n"),
        (1, 3): ("one", "s"),
        (1, 4): (True, "b"),
        (1, 5): ("Total", "s"),
        (1, 6): ("#N/A", "e"),
        (1, 7): (3.0, "n"),
    }
    assert type(values[(1, 1)][0]) is int and type(values[(1, 7)][0]) is float
    assert values == openpyxl_cells(data, strings)
    assert b"<c " not in stripped and b'<row r="1">' in stripped


def test_cells_openpyxl_must_read_stay_in_the_sheet() -> None:
    kept = [
        '<c r="A1"><f>1+1</f><v>2</v></c>',  # a formula
        '<c r="B1" t="inlineStr"><is><t>x</t></is></c>',  # an inline text
        '<c r="D1" t="d"><v>2025-01-01</v></c>',  # an ISO date
        '<c r="E1" s="3"/>',  # a styled blank
        '<c r="F1" t="s"><v>7</v></c>',  # a shared string that is not there
        '<c r="G1"><v>inf</v></c>',  # not a number as Excel writes one
    ]
    data = sheet('<row r="1">' + "".join(kept) + '<c r="H1"><v>5</v></c></row>')
    done = strip_values(data, ["only"])
    assert done is not None
    stripped, values = done
    assert values == {(1, 8): (5, "n")}
    for cell in kept:
        assert cell.encode() in stripped, cell


@pytest.mark.parametrize(
    "data",
    [
        sheet('<row r="1"><c r="A1"><f t="array" ref="A1:A2">{1;2}</f><v>1</v></c></row>'),
        sheet('<row r="1"><c r="A1"><v>1</v></c><c r="A1"><v>2</v></c></row>'),
        sheet('<row r="1"><c r="$A$1"><v>1</v></c></row>'),
        sheet('<row r="1"><c><v>1</v></c></row>'),
        sheet('<row r="1"><c r="A1"><f>1</f></c></row>'),  # nothing to take out
        sheet('<row r="1"><c r="A1"><v>1</v></c></row>').replace(b"<worksheet ", b"<x:worksheet "),
        sheet('<row r="1"><c r="A1"><v>1</v></c></row>').replace(b"UTF-8", b"UTF-16"),
    ],
    ids=["array", "twice", "dollar", "no r", "none", "undeclared prefix", "utf16"],
)
def test_a_sheet_out_of_the_ordinary_is_left_whole(data: bytes) -> None:
    assert strip_values(data, []) is None


_CELL_VALUES = st.one_of(
    st.integers(min_value=-(10**15), max_value=10**15),
    st.floats(allow_nan=False, allow_infinity=False, width=64),
    st.booleans(),
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), max_size=12),
)


@given(st.lists(_CELL_VALUES, min_size=1, max_size=30))
def test_values_written_by_xlsxwriter_read_as_openpyxl_reads_them(cells: list[object]) -> None:
    """XlsxWriter writes the cells (numbers, Booleans, shared and formula-result texts); the
    values read apart equal what openpyxl's parser makes of the same cells."""
    import zipfile

    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {"in_memory": True})
    ws = book.add_worksheet()
    for i, value in enumerate(cells):
        if isinstance(value, str) and i % 2:
            ws.write_formula(i, 1, '=""', None, value)  # a formula's text result: t="str"
        ws.write(i, 0, value)
    book.close()
    with zipfile.ZipFile(buffer) as zf:
        data = zf.read("xl/worksheets/sheet1.xml")
        from openpyxl.reader.strings import read_string_table

        strings = (
            read_string_table(zf.open("xl/sharedStrings.xml"))
            if any(n == "xl/sharedStrings.xml" for n in zf.namelist())
            else []
        )
    done = strip_values(data, strings)
    every = openpyxl_cells(data, strings)
    if done is None:
        return  # nothing plain to take out (every cell blank or left)
    stripped, values = done
    left = openpyxl_cells(stripped, strings)
    assert {**left, **values} == every
    assert all(type(values[k][0]) is type(every[k][0]) for k in values)
    assert not set(left) & set(values)


def _values(path: Path) -> dict[tuple[str, str], tuple[str, str]]:
    engine._COMPILED.clear()  # each model compiled afresh
    got = engine.evaluate(path).values
    return {k: (type(v).__name__, repr(v)) for k, v in got.items()}


@pytest.mark.slow
def test_books_compute_the_same_with_values_read_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every cell of every template and of a generated 1,000-game season, computed with the
    value cells read apart and read by openpyxl, is the same value of the same type."""
    data = synthetic.season(40, 16, 1000, seed=20260102)
    roster, rows = synthetic.season_tables(data)
    for row in rows:
        row[1] = row[1].date()  # type: ignore[attr-defined]
    season = tmp_path / "season.xlsx"
    build_club_season(season, roster, rows, lint=False)
    books = [season, *sorted(WORKBOOKS.glob("*.xlsx")), *sorted(WORKBOOKS.glob("*.xlsm"))]
    apart = {book: _values(book) for book in books}
    monkeypatch.setattr(fast_values, "strip_values", lambda data, strings: None)  # none apart
    for book in books:
        whole = _values(book)
        assert len(whole) > 100, book.name
        differ = [
            k for k in whole.keys() | apart[book].keys() if whole.get(k) != apart[book].get(k)
        ]
        assert not differ, (book.name, differ[:3])


def test_a_season_s_games_are_read_apart() -> None:
    """The Games table's cells are the ones read apart (the point of it)."""
    taken: dict[str, int] = {}
    original = ValueCells.keep

    def keep(self: ValueCells, cell: object, context: dict[str, object]) -> bool:
        if type(cell).__name__ == "ValueCell":
            sheet = str(context.get("sheet"))
            taken[sheet] = taken.get(sheet, 0) + 1
        return original(self, cell, context)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ValueCells, "keep", keep)
        engine._COMPILED.clear()
        engine.evaluate(WORKBOOKS / "club_season.xlsx")
    assert taken.get("GAMES", 0) >= 100 and taken.get("PLAYERS", 0) >= 20, taken
