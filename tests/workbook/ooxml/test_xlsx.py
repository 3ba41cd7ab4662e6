"""Writing computed values into an xlsx file (cached values, or values only)."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Any

import pytest

from xlrating.workbook.ooxml import xlsx as cache
from xlrating.workbook.ooxml.legacy import sheet_names
from xlrating.workbook.ooxml.xlsx import CellError, write_cached_values


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
    assert sheet_names(book) == ["Event", "Other's sheet"]


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


@pytest.mark.parametrize("fast", [True, False])
def test_values_are_found_whatever_the_case_of_sheet_and_cell(
    book: Path, tmp_path: Path, fast: bool
) -> None:
    """Sheet names and cells match as Excel matches them, without case (the fast path
    and the DOM path alike): "EVENT"/"a2" is the cell Event!A2."""
    from openpyxl import load_workbook

    shouted = {(sheet.upper(), cell.lower()): value for (sheet, cell), value in VALUES.items()}
    out = tmp_path / "out.xlsx"
    report = cache._write_cached_values(book, out, shouted, False, fast=fast)
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
    with pytest.raises(zipfile.BadZipFile):
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


# ---------------------------------------------------------------- the fast path


def _cells_of(path: Path) -> dict[tuple[str, str], object]:
    """Every cell of every sheet as parsed XML: its attributes and its children."""
    from xml.etree import ElementTree

    from xlrating.workbook.ooxml.legacy import sheet_parts

    def shape(element: ElementTree.Element) -> object:
        return (
            element.tag,
            sorted(element.attrib.items()),
            element.text,
            [shape(child) for child in element],
        )

    out: dict[tuple[str, str], object] = {}
    with zipfile.ZipFile(path) as zf:
        for name, part in sheet_parts(zf):
            root = ElementTree.fromstring(zf.read(part))
            out[(name, "<root>")] = sorted(root.attrib.items())
            for element in root.iter():
                if element.tag.rsplit("}", 1)[-1] == "c":
                    out[(name, element.get("r", ""))] = shape(element)
        out[("", "<parts>")] = sorted(zf.namelist())
    return out


def _both_paths(source: Path, tmp_path: Path, values: Any, values_only: bool) -> None:
    """The fast writer and the DOM writer give the same report and the same cells."""
    fast, dom = tmp_path / "fast.xlsx", tmp_path / "dom.xlsx"
    got = cache._write_cached_values(source, fast, values, values_only, fast=True)
    want = cache._write_cached_values(source, dom, values, values_only, fast=False)
    assert got == want
    ours, theirs = _cells_of(fast), _cells_of(dom)
    differ = sorted(k for k in ours.keys() | theirs.keys() if ours.get(k) != theirs.get(k))
    assert not differ, f"{source.name}: {differ[:3]} {ours.get(differ[0])} {theirs.get(differ[0])}"


WORKBOOKS = Path(__file__).resolve().parents[3] / "workbooks"


@pytest.mark.slow
@pytest.mark.parametrize("values_only", [False, True])
@pytest.mark.parametrize("name", sorted(p.name for p in WORKBOOKS.glob("*.xlsx")))
def test_fast_writer_equals_the_dom_writer_on_the_templates(
    name: str, values_only: bool, tmp_path: Path
) -> None:
    from ...conftest import evaluated

    source = WORKBOOKS / name
    with zipfile.ZipFile(source) as zf:  # the fast path does every sheet of a template
        for sheet, part in cache.sheet_parts(zf):
            assert cache._rewrite_fast(zf.read(part), sheet, {}, values_only) is not None, sheet
    _both_paths(source, tmp_path, evaluated(name).values, values_only)


@pytest.mark.parametrize("values_only", [False, True])
def test_fast_writer_equals_the_dom_writer_on_odd_values(
    book: Path, tmp_path: Path, values_only: bool
) -> None:
    """Markup characters, padding, None, errors, a missing value, a prefixed sheet."""
    odd = {
        **VALUES,
        ("Event", "A2"): 'a<b & "c">',
        ("Event", "A3"): None,
        ("Event", "A4"): float("inf"),
        ("Event", "D2"): CellError("#N/A"),
    }
    del odd[("Event", "A6")]
    _both_paths(book, tmp_path, odd, values_only)
    _rewrite(
        book,
        "xl/worksheets/sheet1.xml",
        lambda xml: re.sub(r"<(/?)(\w+)", r"<\1x:\2", xml).replace(
            'xmlns="http://schemas', 'xmlns:x="http://schemas', 1
        ),
    )
    with zipfile.ZipFile(book) as zf:
        assert "<x:c " in zf.read("xl/worksheets/sheet1.xml").decode()
        assert cache._rewrite_fast(zf.read("xl/worksheets/sheet1.xml"), "Event", {}, False)
    _both_paths(book, tmp_path, odd, values_only)


@pytest.mark.parametrize(
    "change",
    [
        lambda xml: xml.replace('<c r="D2"', '<c r="D2x"', 1).replace('r="D2x"', "", 1),
        lambda xml: xml.replace('<row r="2"', "<row", 1),
        lambda xml: re.sub(r'<c r="D2"[^>]*?(/>|>.*?</c>)', "", xml, count=1, flags=re.S),
    ],
    ids=["cell without r", "row without r", "array member missing"],
)
def test_the_dom_writer_takes_what_the_fast_path_leaves(
    book: Path, tmp_path: Path, change: Any
) -> None:
    _rewrite(book, "xl/worksheets/sheet1.xml", change)
    with zipfile.ZipFile(book) as zf:
        assert cache._rewrite_fast(zf.read("xl/worksheets/sheet1.xml"), "Event", {}, False) is None
    report = write_cached_values(book, tmp_path / "out.xlsx", VALUES)
    assert report.written == 12
    from openpyxl import load_workbook

    ws = load_workbook(tmp_path / "out.xlsx", data_only=True)["Event"]
    assert [ws["A2"].value, ws["D2"].value, ws["F2"].value] == [42, 15.2, 42]


def _body_and_patterns(xml: bytes) -> tuple[str, Any]:
    text = xml.decode("utf-8")
    root = cache._ROOT_RE.search(text)
    assert root is not None
    pat = cache._patterns(root.group(1) or "")
    found = pat.sheet_data.search(text)
    assert found is not None
    return found.group(1) or "", pat


@pytest.mark.parametrize("name", sorted(p.name for p in WORKBOOKS.glob("*.xlsx")))
def test_formula_cells_found_from_their_formulas_are_every_formula_cell(name: str) -> None:
    """The writer's quick look (the formulas, then their cells) finds on every sheet of
    every template the formula cells that going through every cell finds, or declines."""
    quick_sheets = 0
    with zipfile.ZipFile(WORKBOOKS / name) as zf:
        for sheet, part in cache.sheet_parts(zf):
            body, pat = _body_and_patterns(zf.read(part))
            every = cache._every_cell(body, pat)
            assert every is not None, sheet
            quick = cache._formula_cells(body, pat, len(cache._ANY_CELL_RE.findall(body)))
            if quick is None:
                continue
            quick_sheets += 1
            cells, formulas = quick
            assert formulas == every[1], sheet
            assert {p: m.group(0) for p, m in cells.items()} == {
                p: every[0][p].group(0) for p in every[1]
            }, sheet
    assert quick_sheets > 0  # the sheets without arrays of several cells (Players, Games, ...)


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ('<row r="1"><c r="A1"><f>1+1</f><v>2</v></c><c r="A1"><v>3</v></c></row>', "twice"),
        ('<row r="1"><c r="A1"><f>1+1</f></c><c r="$B$1"><v>3</v></c></row>', "not plain"),
        ('<row r="1"><c r="A1"><f t="array" ref="A1:A2">{1;2}</f></c></row>', "array"),
        ('<row r="1"><c><f>1+1</f></c></row>', "no r"),
    ],
)
def test_the_quick_look_declines_what_it_cannot_be_sure_of(body: str, why: str) -> None:
    pat = cache._patterns("")
    assert cache._formula_cells(body, pat, len(cache._ANY_CELL_RE.findall(body))) is None, why
