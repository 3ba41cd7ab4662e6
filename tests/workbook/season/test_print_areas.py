"""reset_print_areas: a sheet's print area ends on its last row showing something.

Books are written here with XlsxWriter (cells, blank styled rows, formulas caching "" or a
value), so each test knows which rows are in use without reading our templates.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xlrating.workbook.ooxml.guard import check_workbook
from xlrating.workbook.ooxml.package import Package, parse
from xlrating.workbook.season.find import open_book
from xlrating.workbook.season.print_areas import (
    PrintAreaError,
    last_content_row,
    last_used_row,
    reset_print_areas,
)


def _book(path: Path, used: int, room: int, *, hidden: bool = False) -> Path:
    """Sheet "Table": a header, *used* rows in use (a value and a formula caching a
    number), then blank rows of a table's room down to row *room* (styled blanks and
    formulas caching ""); print area A1:C<room>.  Sheet "Conf", hidden if *hidden*."""
    import xlsxwriter

    wb = xlsxwriter.Workbook(str(path))
    ws = wb.add_worksheet("Table")
    styled = wb.add_format({"bg_color": "#FFF2CC"})
    ws.write_row(0, 0, ["Name", "Rating", "Change"])
    for row in range(1, room):
        if row <= used:
            ws.write_string(row, 0, f"Player {row}")
            ws.write_number(row, 1, 1500 + row)
            ws.write_formula(row, 2, f"=B{row + 1}-1500", None, row)
        else:
            ws.write_blank(row, 0, None, styled)
            ws.write_formula(row, 2, f'=IF(A{row + 1}="","",B{row + 1})', None, "")
    ws.print_area(0, 0, room - 1, 2)
    conf = wb.add_worksheet("Conf")
    conf.write_string(0, 0, "x")
    conf.print_area(0, 0, 4, 1)
    if hidden:
        conf.hide()
    wb.close()
    return path


def _areas(path: Path) -> dict[str, str]:
    """Sheet name -> its print area."""
    with zipfile.ZipFile(path) as zf:
        xml = zf.read("xl/workbook.xml").decode("utf-8")
    found = re.findall(r'name="_xlnm.Print_Area" localSheetId="\d+">([^<]*)<', xml)
    return {area.partition("!")[0]: area for area in found}


def _reset(book: Path, sheets: list[str], target: Path | None = None) -> list[str]:
    """reset_print_areas on the book's package, saved to *target* (default: the book)
    when an area changed or the target is another file."""
    package = open_book(book)
    changed = reset_print_areas(package, sheets)
    if changed or target is not None:
        package.save(target or book)
    return changed


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(used=st.integers(0, 30), room=st.integers(2, 40))
def test_the_print_area_ends_on_the_last_row_in_use(tmp_path: Path, used: int, room: int) -> None:
    used = min(used, room - 1)
    book = _book(tmp_path / f"b{used}-{room}.xlsx", used, room)
    changed = _reset(book, ["table"])  # sheet names compare without case
    want = f"Table!$A$1:$C${max(used + 1, 1)}"
    assert _areas(book)["Table"] == want
    assert changed == ([] if room == used + 1 else ["Table"])


def test_a_grown_table_is_printed_whole_and_the_rest_is_kept(tmp_path: Path) -> None:
    book = _book(tmp_path / "b.xlsx", used=25, room=30)
    with zipfile.ZipFile(book) as zf:
        before = {i.filename: zf.read(i) for i in zf.infolist()}
    # The print area as the template left it, before the table grew past it.
    with zipfile.ZipFile(book, "w") as zf:
        for name, data in before.items():
            if name == "xl/workbook.xml":
                data = data.replace(b"Table!$A$1:$C$30", b"Table!$A$1:$C$5")
            zf.writestr(name, data)
    out = tmp_path / "out.xlsx"
    assert _reset(book, ["Table"], out) == ["Table"]
    assert _areas(out)["Table"] == "Table!$A$1:$C$26"
    with zipfile.ZipFile(out) as zf:
        for name, data in before.items():
            if name != "xl/workbook.xml":
                assert zf.read(name) == data, name


def test_a_hidden_sheet_is_left_alone(tmp_path: Path) -> None:
    book = _book(tmp_path / "b.xlsx", used=3, room=10, hidden=True)
    assert _reset(book, ["Table", "Conf"]) == ["Table"]
    assert _areas(book)["Conf"] == "Conf!$A$1:$B$5"


def test_an_unknown_sheet_is_named_in_one_line_and_nothing_is_written(tmp_path: Path) -> None:
    book = _book(tmp_path / "b.xlsx", used=3, room=10)
    data = book.read_bytes()
    with pytest.raises(
        PrintAreaError, match=r"^b\.xlsx has no sheet 'Standings' \(sheets: Table, Conf\)$"
    ):
        _reset(book, ["Standings"])
    assert book.read_bytes() == data


def test_what_counts_as_in_use() -> None:
    main = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
    sheet = (
        f"<worksheet {main}><sheetData>"
        '<row r="2"><c r="A2"><v>1</v></c></row>'
        '<row r="3"><c r="B3" t="inlineStr"><is><t>text</t></is></c></row>'
        '<row r="4"><c r="C4"><f>A2</f></c></row>'  # never computed: shows something
        '<row r="5"><c r="C5" t="str"><f>""</f><v></v></c></row>'
        '<row r="6"><c r="C6" s="1"/></row>'
        "</sheetData></worksheet>"
    ).encode()
    assert last_used_row(parse(sheet)) == 4


def test_a_visible_sheet_of_the_same_shape_is_reset(tmp_path: Path) -> None:
    """The counterpart of the hidden-sheet test: visible, Conf's area shrinks."""
    book = _book(tmp_path / "b.xlsx", used=3, room=10)
    assert _reset(book, ["Conf"]) == ["Conf"]
    assert _areas(book)["Conf"] == "Conf!$A$1:$B$1"


def test_a_package_is_reset_in_memory_and_written_by_its_owner(tmp_path: Path) -> None:
    """Given a Package, reset_print_areas changes it in memory only; saved, the book reads
    as the path form writes it."""
    book = _book(tmp_path / "b.xlsx", used=4, room=12)
    data = book.read_bytes()
    package = Package.open(check_workbook(book))
    assert reset_print_areas(package, ["Table", "Conf"]) == ["Table", "Conf"]
    assert book.read_bytes() == data and sorted(p.name for p in tmp_path.iterdir()) == ["b.xlsx"]
    out = tmp_path / "out.xlsx"
    package.save(out)
    assert _areas(out) == {"Table": "Table!$A$1:$C$5", "Conf": "Conf!$A$1:$B$1"}


_MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'


@given(
    cells=st.lists(
        st.tuples(st.integers(1, 60), st.integers(1, 5), st.sampled_from(["styled", "v", "f"])),
        max_size=40,
    ),
    skip=st.one_of(st.none(), st.integers(1, 5)),
)
def test_the_last_content_row_is_the_last_row_with_a_value_or_formula(
    cells: list[tuple[int, int, str]], skip: int | None
) -> None:
    """Cells with a style only, and cells of the column skipped, do not count."""
    grid = {(row, col): kind for row, col, kind in cells}
    rows = []
    for row in sorted({r for r, _ in grid}):
        xml = []
        for col in sorted(c for r, c in grid if r == row):
            ref = f"{'ABCDE'[col - 1]}{row}"
            body = {"styled": "", "v": "<v>1</v>", "f": "<f>A1</f>"}[grid[(row, col)]]
            xml.append(f'<c r="{ref}" s="1"/>' if not body else f'<c r="{ref}">{body}</c>')
        rows.append(f'<row r="{row}">{"".join(xml)}</row>')
    sheet = parse(f"<worksheet {_MAIN}><sheetData>{''.join(rows)}</sheetData></worksheet>".encode())
    want = max((r for (r, c), kind in grid.items() if kind != "styled" and c != skip), default=0)
    assert last_content_row(sheet, skip) == want
