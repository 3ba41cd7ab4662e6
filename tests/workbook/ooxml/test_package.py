"""One workbook package: opened from the guard's inspection, parts parsed on demand, saved once."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from xlrating.workbook.ooxml.guard import Inspection, WorkbookRefusedError, check_workbook
from xlrating.workbook.ooxml.package import (
    MACRO_ENABLED_MAIN,
    PARSER,
    Package,
    local_name,
    parse,
    rels_path,
    serialize,
)

WORKBOOKS = Path(__file__).resolve().parents[3] / "workbooks"


def _open(path: Path) -> Package:
    return Package.open(check_workbook(path))


def test_a_package_comes_only_from_an_inspection_with_the_bytes() -> None:
    bare = Inspection(
        parts=1, uncompressed_bytes=1, worksheets=1, cells=0, formulas=0, rows=0, macros=False
    )
    with pytest.raises(ValueError, match="without the file's bytes"):
        Package.open(bare)


def test_the_package_is_the_bytes_the_guard_read(tmp_path: Path) -> None:
    """Read from disk once: a file changed after the guard read it is not what is parsed."""
    book = tmp_path / "elo.xlsx"
    book.write_bytes((WORKBOOKS / "elo.xlsx").read_bytes())
    inspection = check_workbook(book)
    book.write_bytes(b"changed since")
    package = Package.open(inspection)
    assert package.path == book and package.name == "elo.xlsx"
    assert package.to_bytes() == (WORKBOOKS / "elo.xlsx").read_bytes()


def test_structure_of_the_club_season() -> None:
    package = _open(WORKBOOKS / "club_season.xlsx")
    assert package.workbook_part == "xl/workbook.xml"
    names = package.sheet_names()
    assert names[:3] == ["Players", "Games", "Ratings"]
    with zipfile.ZipFile(WORKBOOKS / "club_season.xlsx") as zf:
        assert package.names() == zf.namelist()
        for sheet, part in package.sheet_parts():
            assert part in zf.namelist()
            assert f'name="{sheet}"'.encode() in zf.read("xl/workbook.xml")
    assert package.sheet_part("players") == package.sheet_part("Players")
    assert package.sheet_part("No such sheet") is None
    kinds = {rel.type.rsplit("/", 1)[-1] for rel in package.relationships("xl/workbook.xml")}
    assert {"worksheet", "styles"} <= kinds
    assert (package.content_type("xl/workbook.xml") or "").endswith("sheet.main+xml")
    assert not package.macro_enabled


def test_the_xlsm_twin_is_macro_enabled() -> None:
    package = _open(WORKBOOKS / "club_season.xlsm")
    assert package.macro_enabled
    assert package.content_type(package.workbook_part) == MACRO_ENABLED_MAIN


def test_unedited_parts_are_written_byte_for_byte(tmp_path: Path) -> None:
    source = WORKBOOKS / "uscf_event.xlsx"
    package = _open(source)
    for _, part in package.sheet_parts():
        package.xml(part)  # read, not edited
    assert package.to_bytes() == source.read_bytes()
    root = package.edit("xl/workbook.xml")
    root.set("marked", "1")
    out = tmp_path / "out.xlsx"
    package.save(out)
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(out) as new:
        assert new.namelist() == old.namelist()
        differ = [n for n in old.namelist() if old.read(n) != new.read(n)]
        assert differ == ["xl/workbook.xml"]
        assert b'marked="1"' in new.read("xl/workbook.xml")
        assert new.read("xl/workbook.xml").startswith(b'<?xml version="1.0" encoding="UTF-8"')


def test_write_remove_and_reopen(tmp_path: Path) -> None:
    package = _open(WORKBOOKS / "elo.xlsx")
    package.write("docProps/custom-note.txt", b"hello")
    package.remove("docProps/app.xml")
    assert package.read("docProps/custom-note.txt") == b"hello"
    assert not package.has("docProps/app.xml")
    with pytest.raises(KeyError, match=r"no part 'docProps/app\.xml'"):
        package.read("docProps/app.xml")
    again = package.reopened()  # checked by the guard again
    assert again.names()[-1] == "docProps/custom-note.txt"
    assert "docProps/app.xml" not in again.names()


def test_an_edit_is_read_back_by_openpyxl_from_the_stream() -> None:
    from openpyxl import load_workbook

    package = _open(WORKBOOKS / "elo.xlsx")
    part = package.sheet_part(package.sheet_names()[0])
    assert part is not None
    root = package.edit(part)
    number = next(
        el
        for el in root.iter()
        if local_name(el) == "v" and el.getparent().get("t") in (None, "n")  # type: ignore[union-attr]
    )
    number.text = "12345"
    wb = load_workbook(package.stream(), data_only=True)
    values = [c.value for row in wb.worksheets[0].iter_rows() for c in row]
    assert 12345 in values


def test_save_goes_through_the_atomic_writer(tmp_path: Path) -> None:
    """A package whose edited part is not valid is refused before the rename; the target
    keeps what it had."""
    target = tmp_path / "target.xlsx"
    target.write_bytes(b"precious")
    package = _open(WORKBOOKS / "elo.xlsx")
    package.write("xl/workbook.xml", b"<workbook>")
    with pytest.raises(Exception, match="not well-formed"):
        package.save(target)
    assert target.read_bytes() == b"precious"
    assert [p.name for p in tmp_path.iterdir()] == ["target.xlsx"]


def test_the_parser_expands_no_entity_and_fetches_nothing(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET")
    xml = (
        f'<!DOCTYPE r [<!ENTITY x SYSTEM "file://{secret}"><!ENTITY y "yy">]><r>&x;&y;</r>'
    ).encode()
    root = etree.fromstring(xml, PARSER)
    assert "SECRET" not in etree.tostring(root).decode()
    assert root.text is None or "yy" not in root.text


def test_a_doctype_never_reaches_the_parser(tmp_path: Path) -> None:
    """The guard refuses a DOCTYPE in any part before a package can be opened."""
    book = tmp_path / "doctype.xlsx"
    with zipfile.ZipFile(WORKBOOKS / "elo.xlsx") as zf, zipfile.ZipFile(book, "w") as out:
        for info in zf.infolist():
            data = zf.read(info)
            if info.filename == "xl/workbook.xml":
                data = data.replace(b"<workbook", b"<!DOCTYPE workbook []><workbook", 1)
            out.writestr(info, data)
    with pytest.raises(WorkbookRefusedError, match="DOCTYPE"):
        check_workbook(book)


def test_rels_path() -> None:
    assert rels_path("") == "_rels/.rels"
    assert rels_path("xl/workbook.xml") == "xl/_rels/workbook.xml.rels"
    assert rels_path("xl/worksheets/sheet1.xml") == "xl/worksheets/_rels/sheet1.xml.rels"


_NAMES = st.text(alphabet="abcdefgh", min_size=1, max_size=6)


def _xml_char(c: str) -> bool:
    """A character XML 1.0 can hold (the writer escapes the others first: excel_text)."""
    code = ord(c)
    return (
        (code >= 0x20 or c in "\t\n\r")
        and not 0xD800 <= code <= 0xDFFF
        and code
        not in (
            0xFFFE,
            0xFFFF,
        )
    )


_XML_TEXT = st.text(max_size=12).filter(lambda t: all(map(_xml_char, t)))


@settings(max_examples=60)
@given(
    prefix=st.sampled_from(["", "x", "main"]),
    attributes=st.dictionaries(_NAMES, _XML_TEXT, max_size=4),
    text=_XML_TEXT,
)
def test_serialize_then_parse_is_the_same_tree(
    prefix: str, attributes: dict[str, str], text: str
) -> None:
    """What serialize writes, parse reads back as the same canonical XML: prefixes as
    written, attributes in order, text with carriage returns and markup characters."""
    ns = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    tag = f"{prefix}:" if prefix else ""
    declaration = f'xmlns:{prefix}="{ns}"' if prefix else f'xmlns="{ns}"'
    root = etree.fromstring(f"<{tag}sheetData {declaration}><{tag}c/></{tag}sheetData>".encode())
    cell = root[0]
    for key, value in attributes.items():
        cell.set(key, value)
    cell.text = text
    data = serialize(root)
    again = parse(data)
    assert etree.tostring(again, method="c14n") == etree.tostring(root, method="c14n")
    assert again.prefix == (prefix or None)
    assert again[0].text == (text or None)
    assert {str(k): str(v) for k, v in again[0].attrib.items()} == attributes
    assert data.startswith(b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n')


def test_zip_order_and_deflate(tmp_path: Path) -> None:
    package = _open(WORKBOOKS / "fide_period.xlsx")
    package.edit("xl/workbook.xml")
    assert package.to_bytes() == package.to_bytes()  # the source entries are left as read
    with zipfile.ZipFile(io.BytesIO(package.to_bytes())) as zf:
        assert all(i.compress_type == zipfile.ZIP_DEFLATED for i in zf.infolist())
        assert zf.namelist() == _open(WORKBOOKS / "fide_period.xlsx").names()
