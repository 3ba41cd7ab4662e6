"""A note (a legacy comment) on the Games sheet: resize and import keep it, on its cell.

The note is written into a copy of the shipped season as Excel writes one: a comments
part (``<comment ref=...>``), the VML drawing that shows it (``<x:Row>``, ``<x:Anchor>``),
the sheet's ``<legacyDrawing>`` and relationships, and the content types.  The rest of the
book stays byte for byte as xlrating built it.
"""

from __future__ import annotations

import contextlib
import io
import re
import zipfile
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlrating.cli import main
from xlrating.workbook.ooxml.a1 import column_letters, parse_cell
from xlrating.workbook.ooxml.guard import check_workbook
from xlrating.workbook.ooxml.notes import move_notes
from xlrating.workbook.ooxml.package import Package, parse, serialize

WORKBOOKS = Path(__file__).resolve().parents[3] / "workbooks"
TRF = Path(__file__).parents[2] / "data" / "sample_trf16.txt"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PACKAGE = "http://schemas.openxmlformats.org/package/2006/relationships"
_COMMENTS = "application/vnd.openxmlformats-officedocument.spreadsheetml.comments+xml"
_VML = "application/vnd.openxmlformats-officedocument.vmlDrawing"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def _vml(cell: str) -> str:
    row, col = parse_cell(cell)
    return (
        '<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:'
        'office:office" xmlns:x="urn:schemas-microsoft-com:office:excel">'
        '<o:shapelayout v:ext="edit"><o:idmap v:ext="edit" data="1"/></o:shapelayout>'
        '<v:shape id="_x0000_s1025" type="#_x0000_t202" style="position:absolute;'
        'visibility:hidden" fillcolor="#ffffe1"><v:textbox/><x:ClientData ObjectType="Note">'
        f"<x:MoveWithCells/><x:SizeWithCells/><x:Anchor>\n    {col}, 15, {row - 2}, 10, "
        f"{col + 2}, 15, {row + 2}, 4</x:Anchor><x:AutoFill>False</x:AutoFill>"
        f"<x:Row>{row - 1}</x:Row><x:Column>{col - 1}</x:Column></x:ClientData></v:shape></xml>"
    )


def with_note(book: Path, out: Path, sheet: str, cell: str, text: str) -> None:
    """*book* copied to *out* with a note on *sheet*!*cell*."""
    with zipfile.ZipFile(book) as zf:
        parts = {info.filename: zf.read(info.filename) for info in zf.infolist()}
    part = Package.open(check_workbook(book)).sheet_part(sheet)
    assert part is not None
    folder, name = part.rsplit("/", 1)
    rels = f"{folder}/_rels/{name}.rels"
    empty = f'<Relationships xmlns="{_PACKAGE}"></Relationships>'.encode()
    held = parts.get(rels, empty).decode()
    held = held.replace(
        "</Relationships>",
        f'<Relationship Id="rIdNote1" Type="{_REL}/comments" Target="../notes_test1.xml"/>'
        f'<Relationship Id="rIdNote2" Type="{_REL}/vmlDrawing" '
        'Target="../drawings/vmlNotes_test1.vml"/></Relationships>',
    )
    xml = parts[part].decode()
    at = min(
        (xml.find(tag) for tag in ("<legacyDrawingHF", "<picture", "<tableParts", "<extLst")
         if tag in xml),
        default=xml.rfind("</worksheet>"),
    )  # fmt: skip
    xml = xml[:at] + f'<legacyDrawing xmlns:r="{_REL}" r:id="rIdNote2"/>' + xml[at:]
    types = parts["[Content_Types].xml"].decode()
    if 'Extension="vml"' not in types:
        types = types.replace(
            "<Default ", f'<Default Extension="vml" ContentType="{_VML}"/><Default ', 1
        )
    types = types.replace(
        "</Types>", f'<Override PartName="/xl/notes_test1.xml" ContentType="{_COMMENTS}"/></Types>'
    )
    parts.update(
        {
            rels: held.encode(),
            part: xml.encode(),
            "[Content_Types].xml": types.encode(),
            "xl/notes_test1.xml": (
                '<comments xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                "<authors><author>Secretary</author></authors><commentList>"
                f'<comment ref="{cell}" authorId="0"><text><t>{text}</t></text></comment>'
                "</commentList></comments>"
            ).encode(),
            "xl/drawings/vmlNotes_test1.vml": _vml(cell).encode(),
        }
    )
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for key, data in parts.items():
            zf.writestr(key, data)


def notes_of(book: Path, sheet: str) -> dict[str, str]:
    wb = openpyxl.load_workbook(book)
    found = {
        c.coordinate: c.comment.text for row in wb[sheet].iter_rows() for c in row if c.comment
    }
    wb.close()
    return found


def vml_rows(book: Path) -> tuple[int, list[int]]:
    """The note's 0-based row and its box's top and bottom rows, as the VML says."""
    with zipfile.ZipFile(book) as zf:
        vml = zf.read("xl/drawings/vmlNotes_test1.vml").decode()
    row = int(re.search(r"<x:Row>([0-9]+)</x:Row>", vml).group(1))  # type: ignore[union-attr]
    anchor = re.search(r"<x:Anchor>([^<]*)</x:Anchor>", vml).group(1)  # type: ignore[union-attr]
    fields = [int(f) for f in anchor.split(",")]
    return row, [fields[2], fields[6]]


@pytest.fixture
def noted(tmp_path: Path) -> Path:
    """The sample season with a note below the Games table (A5:F604) on I650."""
    path = tmp_path / "noted.xlsx"
    with_note(WORKBOOKS / "club_season.xlsx", path, "Games", "I650", "Ask the arbiter")
    assert notes_of(path, "Games") == {"I650": "Ask the arbiter"}
    return path


def test_resize_moves_a_note_with_its_cell(noted: Path, tmp_path: Path) -> None:
    out = tmp_path / "grown.xlsx"
    code, text, err = run("resize", str(noted), "--game-rows", "1200", "-o", str(out))
    assert (code, err) == (0, ""), text
    assert notes_of(out, "Games") == {"I1250": "Ask the arbiter"}  # 600 rows inserted above
    assert vml_rows(out) == (1249, [1248, 1252])
    code, text, err = run("recalc", str(out), "-o", str(tmp_path / "computed.xlsx"))
    assert code == 0, err


def test_a_note_above_the_rows_inserted_stays(tmp_path: Path) -> None:
    path, out = tmp_path / "noted.xlsx", tmp_path / "grown.xlsx"
    with_note(WORKBOOKS / "club_season.xlsx", path, "Games", "H10", "Checked")
    code, text, err = run("resize", str(path), "--game-rows", "1200", "-o", str(out))
    assert (code, err) == (0, ""), text
    assert notes_of(out, "Games") == {"H10": "Checked"}
    with zipfile.ZipFile(path) as a, zipfile.ZipFile(out) as b:
        for part in ("xl/notes_test1.xml", "xl/drawings/vmlNotes_test1.vml"):
            assert a.read(part) == b.read(part)  # byte for byte


def test_an_import_that_needs_rows_moves_the_note(noted: Path, tmp_path: Path) -> None:
    """The table shrunk to its used rows (the note moves up), then an import grows it."""
    small = tmp_path / "small.xlsx"
    code, text, err = run("resize", str(noted), "--game-rows", "80", "-o", str(small))
    assert (code, err) == (0, ""), text
    assert notes_of(small, "Games") == {"I130": "Ask the arbiter"}  # rows 85-604 deleted above
    code, text, err = run("import", str(TRF), "--into", str(small), "--date", "2026-02-07")
    assert (code, err) == (0, ""), text
    assert "the Games table grew from 80 to" in text
    grown = int(re.search(r"the Games table grew from 80 to ([0-9]+) rows", text).group(1))  # type: ignore[union-attr]
    assert notes_of(small, "Games") == {f"I{130 + grown - 80}": "Ask the arbiter"}


def test_a_note_on_a_row_resize_would_delete_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "noted.xlsx"
    with_note(WORKBOOKS / "club_season.xlsx", path, "Games", "H500", "Keep me")
    before = path.read_bytes()
    code, out, err = run("resize", str(path), "--game-rows", "300", "--in-place")
    assert code == 1 and out == ""
    assert err.count("\n") == 1
    assert "sheet 'Games' has a note on cell H500, in rows xlrating would delete" in err
    assert path.read_bytes() == before


def test_notes_whose_drawing_is_not_xml_are_refused(tmp_path: Path) -> None:
    """A VML drawing that is not well-formed (legacy form controls can hold an unclosed
    ``<br>``): its notes cannot be moved safely, so the resize is refused in one line and
    nothing is written."""
    noted, path = tmp_path / "noted.xlsx", tmp_path / "broken.xlsx"
    with_note(WORKBOOKS / "club_season.xlsx", noted, "Games", "I650", "Ask the arbiter")
    with zipfile.ZipFile(noted) as zf, zipfile.ZipFile(path, "w") as out:
        for info in zf.infolist():
            data = zf.read(info)
            if info.filename.endswith(".vml"):
                data = data.replace(b"<v:textbox/>", b"<v:textbox>Line<br>Line</v:textbox>")
            out.writestr(info, data)
    before = path.read_bytes()
    code, out_text, err = run("resize", str(path), "--game-rows", "1200", "--in-place")
    assert code == 1 and out_text == ""
    assert err.count("\n") == 1
    assert "the notes of sheet 'Games' are not well-formed XML" in err
    assert path.read_bytes() == before


def test_more_event_columns_move_a_note_right_of_them(tmp_path: Path) -> None:
    """The Ratings sheet's event columns B-Q grow to 20 (4 columns inserted before R): a
    note on U20 moves to Y20, its box with it; one on A20 stays."""
    path, out = tmp_path / "noted.xlsx", tmp_path / "grown.xlsx"
    with_note(WORKBOOKS / "club_season.xlsx", path, "Ratings", "U20", "Moved?")
    code, text, err = run("resize", str(path), "--event-columns", "20", "-o", str(out))
    assert (code, err) == (0, ""), text
    assert notes_of(out, "Ratings") == {"Y20": "Moved?"}
    with zipfile.ZipFile(out) as zf:
        vml = zf.read("xl/drawings/vmlNotes_test1.vml").decode()
    assert "<x:Column>24</x:Column>" in vml and "<x:Row>19</x:Row>" in vml
    anchor = re.search(r"<x:Anchor>([^<]*)</x:Anchor>", vml).group(1)  # type: ignore[union-attr]
    assert [int(f) for f in anchor.split(",")][0::4] == [25, 27]  # was 21, 23
    kept = tmp_path / "kept.xlsx"
    with_note(WORKBOOKS / "club_season.xlsx", path, "Ratings", "A20", "Stays")
    code, text, err = run("resize", str(path), "--event-columns", "20", "-o", str(kept))
    assert (code, err) == (0, ""), text
    assert notes_of(kept, "Ratings") == {"A20": "Stays"}


def moved_notes(
    texts: dict[str, str], sheet: str, after: Callable[[int], int | None], columns: bool = False
) -> dict[str, bytes]:
    """*texts* (part -> XML) with the notes moved by :func:`move_notes`: the parts it
    changed serialized from their trees, the others as they were."""
    roots = {name: parse(text.encode()) for name, text in texts.items()}
    changed = move_notes(roots, sheet, after, columns=columns)
    return {
        name: serialize(roots[name]) if name in changed else text.encode()
        for name, text in texts.items()
    }


def refused_untouched(
    texts: dict[str, str],
    sheet: str,
    after: Callable[[int], int | None],
    match: str,
    columns: bool = False,
) -> None:
    """:func:`move_notes` refuses (a ValueError matching *match*) and leaves every tree as
    it was: nothing moves when one note cannot (the parts are given last first, so that
    the VML box, whose rows may well move, comes before the comment that is refused)."""
    roots = {name: parse(text.encode()) for name, text in reversed(texts.items())}
    before = {name: serialize(root) for name, root in roots.items()}
    with pytest.raises(ValueError, match=match):
        move_notes(roots, sheet, after, columns=columns)
    assert {name: serialize(root) for name, root in roots.items()} == before


@settings(max_examples=200, deadline=None)
@given(
    row=st.integers(1, 2000),
    at=st.integers(1, 2000),
    count=st.integers(-50, 50).filter(bool),
)
def test_a_note_moves_as_its_cell(row: int, at: int, count: int) -> None:
    """The comment's ref, the VML's row and its box move as the cell does: by *count* when
    the cell is at or below the edit, not at all above it; a deleted cell is refused."""
    texts = {
        "c.xml": f'<comments><commentList><comment ref="B{row}"/></commentList></comments>',
        "v.vml": _vml(f"B{row}"),
    }

    def after(r: int) -> int | None:
        if count > 0:
            return r + count if r >= at else r
        if at <= r < at - count:
            return None
        return r + count if r >= at else r

    expected = after(row)
    if expected is None:
        refused_untouched(texts, "Games", after, f"note on cell B{row}")
        return
    moved = moved_notes(texts, "Games", after)
    assert f'ref="B{expected}"'.encode() in moved["c.xml"]
    assert f"<x:Row>{expected - 1}</x:Row>".encode() in moved["v.vml"]


@settings(max_examples=200, deadline=None)
@given(
    column=st.integers(1, 300),
    at=st.integers(1, 300),
    count=st.integers(-20, 20).filter(bool),
)
def test_a_note_moves_as_its_column(column: int, at: int, count: int) -> None:
    """The same, for columns: the ref's letters and the VML's x:Column move, the row not."""
    letters = column_letters(column)
    texts = {
        "c.xml": f'<comments><commentList><comment ref="{letters}7"/></commentList></comments>',
        "v.vml": _vml(f"{letters}7"),
    }

    def after(c: int) -> int | None:
        if count < 0 and at <= c < at - count:
            return None
        return c + count if c >= at else c

    expected = after(column)
    if expected is None:
        refused_untouched(texts, "Ratings", after, f"note on cell {letters}7, in columns", True)
        return
    moved = moved_notes(texts, "Ratings", after, columns=True)
    assert f'ref="{column_letters(expected)}7"'.encode() in moved["c.xml"]
    assert f"<x:Column>{expected - 1}</x:Column>".encode() in moved["v.vml"]
    assert b"<x:Row>6</x:Row>" in moved["v.vml"]
