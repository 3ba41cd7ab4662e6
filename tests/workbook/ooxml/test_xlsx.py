"""Writing computed values into an xlsx file (cached values, or values only)."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Any

import pytest

from xlrating.workbook.ooxml.cells import CellError
from xlrating.workbook.ooxml.guard import WorkbookRefusedError, check_workbook
from xlrating.workbook.ooxml.package import Package
from xlrating.workbook.ooxml.xlsx import write_cached_values


@pytest.fixture()
def book(tmp_path: Path) -> Path:
    """A small workbook with formulas of every result type and two array formulas."""
    import xlsxwriter

    path = tmp_path / "book.xlsx"
    wb = xlsxwriter.Workbook(str(path))
    ws = wb.add_worksheet("Event")
    ws.write("A1", 21)
    ws.write_formula("A2", "=A1*2")
    ws.write_formula("A3", '="x"&A1')
    ws.write_formula("A4", "=A1>0")
    ws.write_formula("A5", "=1/0")
    ws.write_formula("A6", '=" padded "')
    ws.write_dynamic_array_formula("C1:D2", "=TABLE(A1)")
    ws.write_array_formula("F1:F2", "{=A1:A2}")
    other = wb.add_worksheet("Other's sheet")
    other.write_formula("B2", "=Event!A1")
    wb.close()
    return path


VALUES: dict[tuple[str, str], object] = {
    ("Event", "A2"): 42,
    ("Event", "A3"): "x21",
    ("Event", "A4"): True,
    ("Event", "A5"): CellError("#DIV/0!"),
    ("Event", "A6"): " padded ",
    ("Event", "C1"): "New rating",
    ("Event", "D1"): 1815,
    ("Event", "C2"): "Change",
    ("Event", "D2"): 15.2,
    ("Event", "F1"): 21,
    ("Event", "F2"): 42,
    ("Other's sheet", "B2"): 21,
}


def _sheet_xml(path: Path, index: int = 1) -> str:
    with zipfile.ZipFile(path) as zf:
        return zf.read(f"xl/worksheets/sheet{index}.xml").decode("utf-8")


def test_sheet_names(book: Path) -> None:
    assert Package.open(check_workbook(book)).sheet_names() == ["Event", "Other's sheet"]


def test_formulas_keep_their_formulas_and_carry_values(book: Path, tmp_path: Path) -> None:
    from openpyxl import load_workbook

    before = book.read_bytes()
    out = tmp_path / "out.xlsx"
    report = write_cached_values(book, out, VALUES)
    assert book.read_bytes() == before  # the input is never touched
    assert (report.formula_cells, report.written, report.missing) == (12, 12, ())
    assert report.errors == (("Event", "A5"),)
    values = load_workbook(out, data_only=True)
    ws = values["Event"]
    assert [ws[c].value for c in ("A2", "A3", "A4", "A5", "A6")] == [
        42,
        "x21",
        True,
        "#DIV/0!",
        " padded ",
    ]
    assert [[ws[c].value for c in row] for row in (("C1", "D1"), ("C2", "D2"))] == [
        ["New rating", 1815],
        ["Change", 15.2],
    ]
    assert [ws["F1"].value, ws["F2"].value] == [21, 42]
    assert values["Other's sheet"]["B2"].value == 21
    formulas = load_workbook(out)["Event"]
    assert formulas["A2"].value == "=A1*2"
    assert formulas["C1"].value.text == "=TABLE(A1)" and formulas["C1"].value.ref == "C1:D2"
    xml = _sheet_xml(out)
    assert re.search(r'<c r="A3"[^>]* t="str"><f>(&quot;|")x(&quot;|")&amp;A1</f><v>x21</v>', xml)
    assert re.search(r'<c r="A4"[^>]* t="b"><f>A1&gt;0</f><v>1</v></c>', xml)
    assert re.search(r'<c r="A5"[^>]* t="e"><f>1/0</f><v>#DIV/0!</v></c>', xml)
    assert re.search(r'<c r="A2"[^>]* t="n"><f>A1\*2</f><v>42</v></c>', xml)
    assert re.search(r'<c r="C1"[^>]*cm="1"', xml), "the dynamic-array metadata is kept"
    with zipfile.ZipFile(out) as zf:
        assert "xl/metadata.xml" in zf.namelist()


def test_values_are_found_whatever_the_case_of_sheet_and_cell(book: Path, tmp_path: Path) -> None:
    """Sheet names and cells match as Excel matches them, without case: "EVENT"/"a2" is
    the cell Event!A2."""
    from openpyxl import load_workbook

    shouted = {(sheet.upper(), cell.lower()): value for (sheet, cell), value in VALUES.items()}
    out = tmp_path / "out.xlsx"
    report = write_cached_values(book, out, shouted)
    assert (report.formula_cells, report.written, report.missing) == (12, 12, ())
    values = load_workbook(out, data_only=True)
    assert values["Event"]["A2"].value == 42
    assert values["Other's sheet"]["B2"].value == 21


def test_values_only_drops_formulas(book: Path, tmp_path: Path) -> None:
    from openpyxl import load_workbook

    out = tmp_path / "values.xlsx"
    write_cached_values(book, out, VALUES, values_only=True)
    xml = _sheet_xml(out)
    assert "<f" not in xml and "cm=" not in xml
    assert re.search(r'<c r="A6"[^>]* t="inlineStr"><is><t xml:space="preserve"> padded </t>', xml)
    ws = load_workbook(out)["Event"]  # formulas mode: there are none left
    assert [ws[c].value for c in ("A2", "A3", "A4", "A5", "C1", "D2")] == [
        42,
        "x21",
        True,
        "#DIV/0!",
        "New rating",
        15.2,
    ]


def test_missing_values_are_reported_and_left_alone(book: Path, tmp_path: Path) -> None:
    out = tmp_path / "partial.xlsx"
    report = write_cached_values(book, out, {("Event", "A2"): 42})
    assert report.written == 1
    assert ("Event", "A3") in report.missing and len(report.missing) == 11


def test_in_place_and_file_mode(book: Path) -> None:
    from openpyxl import load_workbook

    book.chmod(0o640)
    write_cached_values(book, book, VALUES)
    assert load_workbook(book, data_only=True)["Event"]["A2"].value == 42
    assert book.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in book.parent.iterdir()] == ["book.xlsx"]  # no temporary file left


def test_a_failure_never_damages_the_target(tmp_path: Path) -> None:
    target = tmp_path / "target.xlsx"
    target.write_bytes(b"precious")
    bad = tmp_path / "bad.xlsx"
    bad.write_bytes(b"not a zip")
    with pytest.raises(WorkbookRefusedError, match="not an xlsx file"):
        write_cached_values(bad, target, VALUES)
    assert target.read_bytes() == b"precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.xlsx", "target.xlsx"]


def _rewrite(path: Path, name: str, change: object) -> None:
    with zipfile.ZipFile(path) as zf:
        parts = {i.filename: zf.read(i) for i in zf.infolist()}
    parts[name] = change(parts.get(name, b"").decode()).encode()  # type: ignore[operator]
    with zipfile.ZipFile(path, "w") as zf:
        for part, data in parts.items():
            zf.writestr(part, data)


def test_namespace_prefixes_are_kept(book: Path, tmp_path: Path) -> None:
    """Excel refuses a file whose mc:Ignorable prefixes lost their declarations."""
    root = (
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
        'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
        'mc:Ignorable="x14ac" '
        'xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac">'
    )
    _rewrite(
        book,
        "xl/worksheets/sheet1.xml",
        lambda xml: re.sub(r"<worksheet [^>]*>", root, xml).replace(
            '<row r="1"', '<row r="1" x14ac:dyDescent="0.25"'
        ),
    )
    out = tmp_path / "ns.xlsx"
    write_cached_values(book, out, VALUES)
    xml = _sheet_xml(out)
    start = re.search(r"<worksheet [^>]*>", xml)
    assert start is not None
    for declaration in re.findall(r'\S+="[^"]*"', root):  # in any order
        assert declaration in start.group(0)
    assert 'x14ac:dyDescent="0.25"' in xml


def test_calc_chain_is_dropped_with_the_formulas(book: Path, tmp_path: Path) -> None:
    chain = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<calcChain xmlns='
        '"http://schemas.openxmlformats.org/spreadsheetml/2006/main"><c r="A2" i="1"/>'
        "</calcChain>"
    )
    _rewrite(book, "xl/calcChain.xml", lambda _: chain)
    _rewrite(
        book,
        "[Content_Types].xml",
        lambda xml: xml.replace(
            "</Types>",
            '<Override PartName="/xl/calcChain.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.spreadsheetml.calcChain+xml"/></Types>',
        ),
    )
    _rewrite(
        book,
        "xl/_rels/workbook.xml.rels",
        lambda xml: xml.replace(
            "</Relationships>",
            '<Relationship Id="rId99" Type="http://schemas.openxmlformats.org'
            '/officeDocument/2006/relationships/calcChain" Target="calcChain.xml"/>'
            "</Relationships>",
        ),
    )
    kept, dropped = tmp_path / "kept.xlsx", tmp_path / "dropped.xlsx"
    write_cached_values(book, kept, VALUES)
    write_cached_values(book, dropped, VALUES, values_only=True)
    with zipfile.ZipFile(kept) as zf:
        assert "xl/calcChain.xml" in zf.namelist()
    with zipfile.ZipFile(dropped) as zf:
        assert "xl/calcChain.xml" not in zf.namelist()
        assert "calcChain" not in zf.read("[Content_Types].xml").decode()
        assert "calcChain" not in zf.read("xl/_rels/workbook.xml.rels").decode()
    from openpyxl import load_workbook

    assert load_workbook(dropped)["Event"]["A2"].value == 42


# ---------------------------------------------------------------- every cell as it should be


def _cells_of(path: Path) -> dict[tuple[str, str], object]:
    """Every cell of every sheet as parsed XML (ElementTree, not the writer's lxml): its
    attributes and its children."""
    from xml.etree import ElementTree

    def shape(element: ElementTree.Element) -> object:
        return (
            element.tag,
            sorted(element.attrib.items()),
            element.text,
            [shape(child) for child in element],
        )

    out: dict[tuple[str, str], object] = {}
    package = Package.open(check_workbook(path))
    for name, part in package.sheet_parts():
        root = ElementTree.fromstring(package.read(part))
        for element in root.iter():
            if element.tag.rsplit("}", 1)[-1] == "c":
                out[(name, element.get("r", ""))] = shape(element)
    return out


def _formula_cells(path: Path) -> set[tuple[str, str]]:
    """(sheet, cell) of every formula cell and every member of an array formula's range,
    as openpyxl reads them."""
    from openpyxl import load_workbook
    from openpyxl.utils.cell import range_boundaries
    from openpyxl.worksheet.formula import ArrayFormula

    found: set[tuple[str, str]] = set()
    wb = load_workbook(path)
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, ArrayFormula):
                    c1, r1, c2, r2 = range_boundaries(cell.value.ref or cell.coordinate)
                    for r in range(r1, r2 + 1):
                        for c in range(c1, c2 + 1):
                            found.add((ws.title, ws.cell(r, c).coordinate))
                elif cell.data_type == "f":
                    found.add((ws.title, cell.coordinate))
    return found


def _shown(value: object) -> object:
    """A computed value as openpyxl's data_only reading gives it back."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return int(value)
    return value


WORKBOOKS = Path(__file__).resolve().parents[3] / "workbooks"


@pytest.mark.slow
@pytest.mark.parametrize("values_only", [False, True])
@pytest.mark.parametrize("name", sorted(p.name for p in WORKBOOKS.glob("*.xlsx")))
def test_every_formula_cell_of_the_templates_gets_its_value_and_nothing_else_changes(
    name: str, values_only: bool, tmp_path: Path
) -> None:
    """On every template: the report counts the formula cells openpyxl finds, each gets
    the value computed for it (read back by openpyxl), and every other cell is as it was."""
    from openpyxl import load_workbook

    from ...conftest import evaluated

    source, out = WORKBOOKS / name, tmp_path / name
    values = evaluated(name).values
    formulas = _formula_cells(source)
    report = write_cached_values(source, out, values, values_only=values_only)
    assert report.formula_cells == len(formulas)
    assert report.written == len(formulas) and report.missing == ()
    wb = load_workbook(out, data_only=True)
    for sheet, cell in sorted(formulas):
        want = values[(sheet, cell)]
        got = wb[sheet][cell].value
        if want is None:
            assert got is None, (sheet, cell)
        elif want == "":  # a cached empty text is read back as None, an inline one as ""
            assert got == ("" if values_only else None), (sheet, cell)
        else:
            assert got == _shown(want), (sheet, cell, got, want)
    before, after = _cells_of(source), _cells_of(out)
    assert {k: v for k, v in before.items() if k not in formulas} == {
        k: v for k, v in after.items() if k not in formulas
    }


@pytest.mark.parametrize("values_only", [False, True])
def test_odd_values_and_a_prefixed_sheet(book: Path, tmp_path: Path, values_only: bool) -> None:
    """Markup characters, padding, None, infinity, errors, a missing value; then the same
    on a sheet whose elements carry a prefix (<x:c>): the prefix is kept."""
    from openpyxl import load_workbook

    odd = {
        **VALUES,
        ("Event", "A2"): 'a<b & "c">',
        ("Event", "A3"): None,
        ("Event", "A4"): float("inf"),
        ("Event", "D2"): CellError("#N/A"),
    }
    del odd[("Event", "A6")]

    def check(out: Path) -> None:
        report = write_cached_values(book, out, odd, values_only=values_only)
        assert report.missing == (("Event", "A6"),) and report.written == 11
        ws = load_workbook(out, data_only=True)["Event"]
        assert ws["A2"].value == 'a<b & "c">'
        assert ws["A3"].value is None
        assert ws["A4"].value == "#NUM!" and ws["D2"].value == "#N/A"
        assert ws["C1"].value == "New rating" and ws["D1"].value == 1815

    check(tmp_path / "plain.xlsx")
    _rewrite(
        book,
        "xl/worksheets/sheet1.xml",
        lambda xml: re.sub(r"<(/?)(\w+)", r"<\1x:\2", xml).replace(
            'xmlns="http://schemas', 'xmlns:x="http://schemas', 1
        ),
    )
    check(tmp_path / "prefixed.xlsx")
    xml = _sheet_xml(tmp_path / "prefixed.xlsx")
    assert "<x:c " in xml and "<c " not in xml and "<x:v>" in xml


@pytest.mark.parametrize(
    "change",
    [
        lambda xml: xml.replace('<c r="D2"', '<c r="D2x"', 1).replace('r="D2x"', "", 1),
        lambda xml: xml.replace('<row r="2"', "<row", 1),
        lambda xml: re.sub(r'<c r="D2"[^>]*?(/>|>.*?</c>)', "", xml, count=1, flags=re.S),
    ],
    ids=["cell without r", "row without r", "array member missing"],
)
def test_cells_and_rows_without_r_and_a_missing_array_member(
    book: Path, tmp_path: Path, change: Any
) -> None:
    _rewrite(book, "xl/worksheets/sheet1.xml", change)
    report = write_cached_values(book, tmp_path / "out.xlsx", VALUES)
    assert report.written == 12
    from openpyxl import load_workbook

    ws = load_workbook(tmp_path / "out.xlsx", data_only=True)["Event"]
    assert [ws["A2"].value, ws["D2"].value, ws["F2"].value] == [42, 15.2, 42]


def test_sheets_without_formulas_are_written_byte_for_byte(book: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.xlsx"
    write_cached_values(book, out, {})
    with zipfile.ZipFile(book) as old, zipfile.ZipFile(out) as new:
        assert old.namelist() == new.namelist()
        changed = [n for n in old.namelist() if old.read(n) != new.read(n)]
    # Only the sheets with formulas (made to carry no value: none was given) and the
    # workbook part (its calcPr) change.
    assert set(changed) <= {
        "xl/workbook.xml",
        "xl/worksheets/sheet1.xml",
        "xl/worksheets/sheet2.xml",
    }
    assert "xl/styles.xml" not in changed and "[Content_Types].xml" not in changed
