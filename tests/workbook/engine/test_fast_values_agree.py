"""The value fast path (``fast_values``) agrees with openpyxl on every sheet part, however
it is written: an XML parser reads the part, and what is not of the plain shape is left to
openpyxl (issue 38, item 1).

Each part is put in a small workbook and read twice by ``formulas``' own reader (openpyxl's
``ExcelReader`` as the engine calls it): whole, and through
:func:`~xlrating.workbook.engine.fast_values.reading_values_apart`. The cells openpyxl makes of the
stripped part plus the values read apart must be exactly the cells it makes of the whole
part (value, type, merged or not), and no position may be both.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import xlsxwriter
from hypothesis import event, given, settings
from hypothesis import strategies as st

from xlrating.workbook.engine import fast_values

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
FOREIGN = "urn:example:foreign"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
STRINGS = ["zero", "one", "two"]
SHEET = "xl/worksheets/sheet1.xml"


def _base() -> bytes:
    """A one-sheet book (sheet "S") with the shared strings :data:`STRINGS`."""
    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {"in_memory": True})
    ws = book.add_worksheet("S")
    for i, text in enumerate(STRINGS):
        ws.write_string(i, 0, text)
    book.close()
    return buffer.getvalue()


BASE = _base()


def book_with(part: bytes) -> bytes:
    """:data:`BASE` with its sheet part replaced by *part*."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(BASE)) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            data = part if info.filename == SHEET else source.read(info.filename)
            target.writestr(info.filename, data)
    return out.getvalue()


Cells = dict[tuple[int, int], tuple[str, object, str]]


def _value(value: object) -> object:
    """A cell's value, an array formula as what it says (openpyxl's ArrayFormula objects
    compare by identity)."""
    if type(value).__name__ == "ArrayFormula":
        return ("ArrayFormula", value.ref, value.text)  # type: ignore[attr-defined]
    return value


def _cells(ws: object) -> Cells:
    return {
        position: (type(cell).__name__, _value(cell.value), cell.data_type)
        for position, cell in ws._cells.items()  # type: ignore[attr-defined]
    }


def read_both(part: bytes) -> tuple[Cells | str, Cells | str, dict[tuple[int, int], object]]:
    """What openpyxl (as ``formulas`` reads) makes of the whole part, and of the part read
    with the values apart (openpyxl's cells plus the values); an exception's type name
    instead of cells where loading fails. The third item: the values read apart."""
    from formulas.excel import xlreader

    data = book_with(part)
    try:
        whole: Cells | str = _cells(xlreader.load_workbook(io.BytesIO(data))["S"])
    except Exception as error:
        whole = type(error).__name__
    taken: dict[tuple[int, int], object] = {}
    try:
        book = fast_values.load_apart(io.BytesIO(data))
        apart = _cells(book["S"])
        values = getattr(book, "_xlrating_values_apart", {}).get("S", {})
        assert not set(apart) & set(values), "a position both read apart and left"
        for position, (value, kind) in values.items():
            taken[position] = value
            apart[position] = ("Cell", value, kind)
        split: Cells | str = apart
    except Exception as error:
        split = type(error).__name__
    return whole, split, taken


def assert_agree(part: bytes) -> dict[tuple[int, int], object]:
    whole, split, taken = read_both(part)
    assert split == whole
    if isinstance(whole, dict):
        for position, value in taken.items():  # the same Python type, not only equal
            assert type(value) is type(whole[position][1]), position
    return taken


def worksheet(body: str, *, before: str = "", after: str = "", prolog: str = "") -> bytes:
    head = f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>{prolog}'
    namespaces = f'xmlns="{MAIN}" xmlns:x="{FOREIGN}" xmlns:mc="{MC}"'
    return (
        f"{head}<worksheet {namespaces}>{before}<sheetData>{body}</sheetData>{after}</worksheet>"
    ).encode()


FAKE = '<sheetData><row r="1"><c r="A1"><v>2400</v></c></row></sheetData>'

# The findings of issue 38 item 1, each as generated sheet XML: (id, part, the value of
# A1 Excel, LibreOffice and openpyxl show, or None for no cell there).
CASES = [
    (
        "comment before",
        worksheet('<row r="1"><c r="A1"><v>1845</v></c></row>', before=f"<!--{FAKE}-->"),
        1845,
    ),
    (
        "comment in prolog",
        worksheet('<row r="1"><c r="A1"><v>1845</v></c></row>', prolog=f"<!--{FAKE}-->"),
        1845,
    ),
    (
        "instruction before",
        worksheet('<row r="1"><c r="A1"><v>1845</v></c></row>', before=f"<?x {FAKE}?>"),
        1845,
    ),
    (
        "comment among cells",
        worksheet('<row r="1"><!-- <c r="A1"><v>2400</v></c> --><c r="A1"><v>1845</v></c></row>'),
        1845,
    ),
    ("CDATA", worksheet('<row r="1"><c r="A1"><v><![CDATA[1845]]></v></c></row>'), 1845),
    ("foreign c in a row", worksheet('<row r="1"><x:c r="A1"><v>2400</v></x:c></row>'), 2400),
    (
        "foreign c beside",
        worksheet('<row r="1"><x:c r="B1"><v>2400</v></x:c><c r="A1"><v>1845</v></c></row>'),
        1845,
    ),
    (
        "c nested in a c",
        worksheet('<row r="1"><c r="A1"><c r="B1"><v>2400</v></c><v>1845</v></c></row>'),
        1845,
    ),
    (
        "c in a foreign element",
        worksheet('<x:g><row r="1"><c r="A1"><v>2400</v></c></row></x:g>'),
        2400,
    ),
    ("c outside rows", worksheet('<x:g><c r="A1"><v>2400</v></c></x:g>'), None),
    (
        "alternate content",
        worksheet(
            '<mc:AlternateContent><mc:Choice Requires="x"><row r="1"><c r="A1"><v>2400</v>'
            '</c></row></mc:Choice><mc:Fallback><row r="1"><c r="A1"><v>1845</v></c></row>'
            "</mc:Fallback></mc:AlternateContent>"
        ),
        1845,
    ),
    (
        "rows after sheetData",
        worksheet(
            '<row r="1"><c r="A1"><v>1</v></c></row>',
            after='<x:g><row r="1"><c r="A1"><v>1845</v></c></row></x:g>',
        ),
        1845,
    ),
    (
        "cells without r",
        worksheet('<row r="1"><c><v>2400</v></c><c r="A1"><v>1845</v></c><c><v>7</v></c></row>'),
        1845,
    ),
    (
        "merged hidden value",
        worksheet(
            '<row r="1"><c r="A1"><v>1845</v></c><c r="B1"><v>2400</v></c></row>',
            after='<mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells>',
        ),
        1845,
    ),
    (
        "written twice",
        worksheet('<row r="1"><c r="A1"><v>2400</v></c><c r="A1"><v>1845</v></c></row>'),
        1845,
    ),
    (
        "written twice, one left",
        worksheet(
            '<row r="1"><c r="A1"><f>1</f><v>2400</v></c></row>'
            '<row r="1"><c r="A1"><v>1845</v></c></row>'
        ),
        1845,
    ),
    (
        "non-cell children",
        worksheet('<row r="1"><x:note/><c r="A1"><v>1845</v></c><extLst/></row>'),
        1845,
    ),
    ("CR in text", worksheet('<row r="1"><c r="A1" t="str"><v>a\r\nb\rc</v></c></row>'), "a\nb\nc"),
    (
        "CR as a reference",
        worksheet('<row r="1"><c r="A1" t="str"><v>a&#13;b</v></c></row>'),
        "a\rb",
    ),
    (
        "entity",
        worksheet('<row r="1"><c r="A1" t="str"><v>Morgan &amp; Carter</v></c></row>'),
        "Morgan & Carter",
    ),
    ("single quotes", worksheet("<row r='1'><c r='A1' t='s'><v>1</v></c></row>"), "one"),
    ("element in v", worksheet('<row r="1"><c r="A1"><v>18<x:b/>45</v></c></row>'), 18),
    ("two v", worksheet('<row r="1"><c r="A1"><v>1845</v><v>2400</v></c></row>'), 1845),
    (
        "prefixed",
        (
            f'<s:worksheet xmlns:s="{MAIN}"><s:sheetData><s:row r="1"><s:c r="A1"><s:v>1845</s:v>'
            "</s:c></s:row></s:sheetData></s:worksheet>"
        ).encode(),
        1845,
    ),
]


@pytest.mark.parametrize(("part", "shown"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_finding_reads_as_openpyxl_reads_it(part: bytes, shown: object) -> None:
    assert_agree(part)
    whole, _, _ = read_both(part)
    assert isinstance(whole, dict)
    assert whole.get((1, 1), (None, None))[1] == shown  # the case shows what it claims


def test_plain_cells_around_an_odd_one_are_still_read_apart() -> None:
    """A comment, a CDATA section or an entity is XML the parser reads: the sheet's plain
    cells are still read apart (the fast path keeps its point)."""
    part = worksheet(
        '<row r="1"><!-- note --><c r="A1"><v>1845</v></c>'
        '<c r="B1" t="str"><v>a &amp; b</v></c><c r="C1"><v><![CDATA[7]]></v></c></row>'
    )
    taken = assert_agree(part)
    assert taken == {(1, 1): 1845, (1, 2): "a & b", (1, 3): 7}


def test_the_cells_around_an_array_formula_are_read_apart_and_its_members_are_not() -> None:
    """An array formula's members hold its results as plain values (a Status column of a
    season's Games sheet): openpyxl keeps them, the engine drops them as the array's; the
    plain cells beside them are read apart as before."""
    part = worksheet(
        '<row r="1"><c r="A1"><v>1</v></c>'
        '<c r="G1" t="str"><f t="array" ref="G1:G3">X()</f><v>rated</v></c></row>'
        '<row r="2"><c r="A2"><v>2</v></c><c r="G2" t="str"><v>rated</v></c></row>'
        '<row r="3"><c r="A3"><v>3</v></c><c r="G3"><v>4</v></c>'
        '<c r="H3" t="str"><f t="array" ref="H3">Y()</f><v>one cell</v></c></row>'
    )
    taken = assert_agree(part)
    assert taken == {(1, 1): 1, (2, 1): 2, (3, 1): 3}  # G2 and G3 are the array's


# ---------------------------------------------------------------- generated sheet XML

_TEXTS = st.sampled_from(
    [
        "1845",
        "-2.5",
        "1E3",
        "0",
        "1",
        "2",
        "7.",
        "abc",
        "a\r\nb",
        "a\rb",
        "x &amp; y",
        "&#13;",
        "<![CDATA[12]]>",
        " 3 ",
        "",
        "#N/A",
        "TRUE",
        "01",
        "1e+2",
        "\u00b2",
    ]
)
_KINDS = st.sampled_from([None, "n", "s", "b", "str", "e", "inlineStr", "d", "zz"])
#: Plain references (a grid of 150: some cells are written twice) and references openpyxl
#: places otherwise.
_GRID = [f"{column}{row}" for column in "ABCDE" for row in range(1, 31)]
_PLAIN_REFS = st.sampled_from(_GRID)
_ODD_REFS = st.sampled_from([None, "$A$1", "a1", "A0", "XFE1"])
#: The shapes of a row's child: plain ones keep the sheet's values readable apart, odd
#: ones make openpyxl read the part in a way the fast path leaves to it.
_PLAIN_FORMS = (0, 1, 2, 3, 6, 7, 10, 11, 11, 11, 11, 11)
_ODD_FORMS = (4, 5, 8, 9)


#: Types and texts openpyxl reads as a value (most cells of a real sheet).
_VALUES = st.sampled_from(
    [
        (None, "1845"),
        ("n", "-2.5"),
        (None, "1E3"),
        ("s", "1"),
        ("s", "01"),
        ("b", "0"),
        ("str", "a\r\nb"),
        ("str", "x &amp; y"),
        ("e", "#N/A"),
        (None, "<![CDATA[12]]>"),
        ("str", "&#13;"),
        ("s", "2"),
    ]
)


@st.composite
def _cell(draw: st.DrawFn, quote: str, unique: Iterator[str] | None) -> str:
    """A row's child; *unique*: the plain shape, each cell's reference the next of these."""
    plain = unique is not None
    ref = next(unique) if unique is not None else draw(st.one_of(_PLAIN_REFS, _ODD_REFS))
    kind, text = draw(_VALUES) if draw(st.booleans()) else (draw(_KINDS), draw(_TEXTS))
    attributes = "".join(
        f" {name}={quote}{value}{quote}" for name, value in (("r", ref), ("t", kind)) if value
    )
    form = draw(st.sampled_from(_PLAIN_FORMS if plain else _PLAIN_FORMS + _ODD_FORMS))
    if form == 0:
        return f"<c{attributes}/>"
    if form == 1:
        return f"<c{attributes}><f>1+1</f><v>{text}</v></c>"
    if form == 2:
        return f"<c{attributes}><v>{text}</v><v>{draw(_TEXTS)}</v></c>"
    if form == 3:
        return f"<c{attributes}><v>{text}<x:b/>1</v></c>"
    if form == 4:
        return f"<x:c{attributes}><v>{text}</v></x:c>"
    if form == 5:
        return f'<c{attributes}><c r="B2"><v>9</v></c><v>{text}</v></c>'
    if form == 6:
        return '<!-- <c r="A1"><v>99</v></c> -->'
    if form == 7:
        return '<?pi <c r="A1"><v>99</v></c>?>'
    if form == 8:
        return "<x:note/>"
    if form == 9:
        return (
            f'<mc:AlternateContent><mc:Choice Requires="x"><c{attributes}><v>{text}</v></c>'
            "</mc:Choice></mc:AlternateContent>"
        )
    if form == 10:
        return f"<c{attributes}><is><t>{text}</t></is></c>"
    return f"<c{attributes}><v>{text}</v></c>"


@st.composite
def _row(draw: st.DrawFn, quote: str, unique: Iterator[str] | None) -> str:
    plain = unique is not None
    ref = draw(st.sampled_from(["", "1", "2", "3"]))
    attributes = f" r={quote}{ref}{quote}" if ref else ""
    cells = "".join(draw(st.lists(_cell(quote, unique), min_size=int(plain), max_size=6)))
    row = f"<row{attributes}>{cells}</row>"
    wrap = 9 if plain else draw(st.integers(0, 6))
    if wrap == 0:
        return f"<x:g>{row}</x:g>"
    if wrap == 1:
        return (
            f'<mc:AlternateContent><mc:Choice Requires="x">{row}</mc:Choice></mc:AlternateContent>'
        )
    return row


_MERGES = st.builds(
    '<mergeCells count="1"><mergeCell ref="{}"/></mergeCells>'.format,
    st.sampled_from(["A1:B2", "B1:A1", "C3", "A2:E2", "$A$1:$B$1"]),
)


@st.composite
def _part(draw: st.DrawFn) -> bytes:
    """A sheet part: half of them of the plain shape (values are read apart), half with
    any of the shapes openpyxl reads otherwise (rows nested, foreign cells, ...)."""
    plain = draw(st.booleans())
    quote = draw(st.sampled_from(['"', "'"]))
    gap = draw(st.sampled_from(["", "\n  ", "\r\n"]))
    unique = iter(draw(st.permutations(_GRID))) if plain else None
    rows = gap.join(draw(st.lists(_row(quote, unique), min_size=int(plain), max_size=4)))
    quiet = [f"<!--{FAKE}-->", f"<?x {FAKE}?>"]
    odd = [f"<x:g>{FAKE}</x:g>", '<x:g><row r="2"><c r="A2"><v>5</v></c></row></x:g>']
    before = "".join(draw(st.lists(st.sampled_from(quiet if plain else quiet + odd), max_size=2)))
    after = draw(st.one_of(st.just(""), _MERGES, st.sampled_from(quiet if plain else odd)))
    prolog = draw(st.sampled_from(["", f"<!--{FAKE}-->", "<?x y?>"]))
    return worksheet(rows, before=before, after=after, prolog=prolog)


@settings(max_examples=300)
@given(_part())
def test_generated_sheets_read_as_openpyxl_reads_them(part: bytes) -> None:
    taken = assert_agree(part)
    event("values read apart" if taken else "left whole to openpyxl")


@pytest.mark.slow
def test_the_club_season_rates_from_the_players_sheet_as_shown(tmp_path: Path) -> None:
    """Issue 38's reproduction: a comment before the Players data holding B5 = 2400 (Alice
    Morgan's rating is 1845). ``recalc --values-only`` rates her from 1845, as Excel,
    LibreOffice and openpyxl show it: the same Start and Final as the book without the
    comment."""
    from openpyxl import load_workbook

    from xlrating.cli import main

    source = Path(__file__).resolve().parents[3] / "workbooks" / "club_season.xlsx"
    commented = tmp_path / "commented.xlsx"
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(commented, "w") as zout:
        players = "xl/worksheets/sheet1.xml"
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == players:
                fake = b'<!--<sheetData><row r="5"><c r="B5"><v>2400</v></c></row></sheetData>-->'
                at = data.index(b"<sheetData")
                data = data[:at] + fake + data[at:]
            zout.writestr(info, data)
    shown = load_workbook(commented)["Players"]
    assert shown["A5"].value == "Alice Morgan"
    typed = shown["B5"].value
    assert typed != 2400
    results = {}
    for book in (source, commented):
        out = tmp_path / f"{book.stem}.values.xlsx"
        assert main(["recalc", str(book), "-o", str(out), "--values-only"]) == 0
        ratings = load_workbook(out)["Ratings"]
        assert ratings["A14"].value == "Alice Morgan"
        assert ratings["R13"].value == "Start" and ratings["S13"].value == "Final"
        results[book.name] = (ratings["R14"].value, ratings["S14"].value)
    assert results[commented.name][0] == typed
    assert results[commented.name] == results[source.name]
