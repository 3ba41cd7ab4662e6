"""The cells of one worksheet part, found, made in order and written (lxml)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from xlrating.workbook.ooxml.a1 import address, parse_cell
from xlrating.workbook.ooxml.cells import CellError, SheetCells, excel_text, typed
from xlrating.workbook.ooxml.package import local_name, parse, serialize

NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def _sheet(body: str, prefix: str = "") -> etree._Element:
    tag = f"{prefix}:" if prefix else ""
    declaration = f'xmlns:{prefix}="{NS}"' if prefix else f'xmlns="{NS}"'
    return parse(
        f'<{tag}worksheet {declaration}><{tag}dimension ref="B2"/>'
        f"<{tag}sheetData>{body}</{tag}sheetData></{tag}worksheet>".encode()
    )


def _order(root: etree._Element) -> list[tuple[int, int]]:
    out = []
    for row in root.iter(f"{{{NS}}}row"):
        for cell in row.iter(f"{{{NS}}}c"):
            out.append(parse_cell(cell.get("r", "")))
            assert int(row.get("r", "0")) == out[-1][0]
    return out


def test_a_cell_is_made_in_its_row_in_column_order_with_spans_and_dimension() -> None:
    root = _sheet('<row r="2" spans="2:4"><c r="B2"><v>1</v></c><c r="D2"><v>2</v></c></row>')
    cells = SheetCells(root)
    cells.set_value(cells.cell(2, 3), 5.0, values_only=False)
    cells.set_value(cells.cell(1, 1), "top", values_only=True)
    cells.set_value(cells.cell(4, 6), CellError("#N/A"), values_only=False)
    cells.update_dimension()
    assert _order(root) == [(1, 1), (2, 2), (2, 3), (2, 4), (4, 6)]
    row2 = next(r for r in root.iter(f"{{{NS}}}row") if r.get("r") == "2")
    assert row2.get("spans") == "2:4"
    dimension = next(el for el in root if local_name(el) == "dimension")
    assert dimension.get("ref") == "A1:F4"
    text = serialize(root).decode()
    assert '<c r="C2" t="n"><v>5</v></c>' in text
    assert '<c r="A1" t="inlineStr"><is><t>top</t></is></c>' in text
    assert '<c r="F4" t="e"><v>#N/A</v></c>' in text


def test_a_value_goes_after_the_formula_and_values_only_drops_it() -> None:
    root = _sheet(
        '<row r="1"><c r="A1" cm="1" t="str"><f t="array" ref="A1:A2">X()</f><v>old</v></c>'
        '<c r="B1"><f>1+1</f><extLst/></c></row>'
    )
    cells = SheetCells(root)
    assert cells.formula_targets() == [(1, 1), (2, 1), (1, 2)]
    a1 = cells.find(1, 1)
    assert a1 is not None
    cells.set_value(a1, " padded ", values_only=False)
    assert [local_name(c) for c in a1] == ["f", "v"] and a1.get("cm") == "1"
    b1 = cells.find(1, 2)
    assert b1 is not None
    cells.set_value(b1, True, values_only=True)
    assert [local_name(c) for c in b1] == ["v", "extLst"] and b1.get("t") == "b"
    cells.set_value(a1, " padded ", values_only=True)
    assert a1.get("cm") is None and a1.get("t") == "inlineStr"
    assert '<t xml:space="preserve"> padded </t>' in serialize(root).decode()


def test_a_prefixed_sheet_gets_prefixed_cells() -> None:
    root = _sheet('<x:row r="3"><x:c r="A3"/></x:row>', prefix="x")
    cells = SheetCells(root)
    cells.set_value(cells.cell(3, 2), 7, values_only=False)
    cells.set_value(cells.cell(5, 1), 8, values_only=False)
    text = serialize(root).decode()
    assert '<x:c r="B3" t="n"><x:v>7</x:v></x:c>' in text
    assert '<x:row r="5"><x:c r="A5" t="n"><x:v>8</x:v></x:c></x:row>' in text


def test_rows_and_cells_without_r_are_numbered_as_a_reader_counts_them() -> None:
    root = _sheet("<row><c><v>1</v></c><c><v>2</v></c></row><row><c/></row>")
    cells = SheetCells(root)
    assert cells.find(1, 2) is not None and cells.find(2, 1) is not None
    assert cells.find(1, 3) is None


def test_typed_and_excel_text() -> None:
    assert typed(float("nan")) == ("e", "#NUM!")
    assert typed(CellError("#SPILL?")) == ("e", "#VALUE!")  # not an error value Excel has
    assert typed(1e20) == ("n", "1e+20")
    assert typed("a\x02") == ("str", "a_x0002_")
    assert excel_text("_x0001_") == "_x005F_x0001_"


@settings(max_examples=80, deadline=None)
@given(
    existing=st.sets(st.tuples(st.integers(1, 9), st.integers(1, 9)), max_size=12),
    made=st.lists(st.tuples(st.integers(1, 9), st.integers(1, 9)), max_size=12),
)
def test_cells_made_in_any_order_end_in_reading_order(
    existing: set[tuple[int, int]], made: list[tuple[int, int]]
) -> None:
    """Whatever cells a sheet has and whatever order cells are asked for in, rows end in
    row order and cells in column order, each cell once, and the dimension covers all."""
    by_row: dict[int, list[int]] = {}
    for r, c in sorted(existing):
        by_row.setdefault(r, []).append(c)
    body = "".join(
        f'<row r="{r}">' + "".join(f'<c r="{address(r, c)}"/>' for c in cols) + "</row>"
        for r, cols in sorted(by_row.items())
    )
    root = _sheet(body)
    cells = SheetCells(root)
    for r, c in made:
        cells.set_value(cells.cell(r, c), float(r * 10 + c), values_only=False)
    cells.update_dimension()
    order = _order(root)
    assert order == sorted(existing | set(made))
    if set(made) - existing:  # cells were added: the dimension covers them all
        dimension = next(el for el in root if local_name(el) == "dimension")
        everything = existing | set(made)
        first = address(min(r for r, _ in everything), min(c for _, c in everything))
        last = address(max(r for r, _ in everything), max(c for _, c in everything))
        assert dimension.get("ref") == (first if first == last else f"{first}:{last}")
