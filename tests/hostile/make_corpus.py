"""Generate the hostile-input corpus: broken, malicious and oversized files.

Nothing here is committed as a binary: every file is built from a few lines of code, the
big ones cheaply (a zip bomb is one deflate block repeated; a million-row sheet is XML
text written directly).  Run ``python -m tests.hostile.make_corpus DIR`` to look at the
files; ``tests/test_hostile_files.py`` builds them into a temporary folder.

Each ``make_*`` function writes one file (or a few) into a folder and returns its path.
:data:`WORKBOOKS` and :data:`TEXTS` list the cases by file name.
"""

from __future__ import annotations

import os
import stat
import struct
import sys
import time
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Final

MAIN_NS: Final = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL_NS: Final = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_NS: Final = "http://schemas.openxmlformats.org/package/2006/relationships"
_CT_NS: Final = "http://schemas.openxmlformats.org/package/2006/content-types"
_SHEET_CT: Final = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
_BOOK_CT: Final = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
_LINK_CT: Final = "application/vnd.openxmlformats-officedocument.spreadsheetml.externalLink+xml"
_DECLARATION: Final = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
#: The secret a linked workbook holds: it must never show up anywhere.
SECRET: Final = 271828


# ---------------------------------------------------------------- a minimal xlsx


def content_types(extra: str = "") -> str:
    return (
        f'{_DECLARATION}<Types xmlns="{_CT_NS}">'
        '<Default Extension="rels" '
        'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/xl/workbook.xml" ContentType="{_BOOK_CT}"/>'
        f'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="{_SHEET_CT}"/>'
        f"{extra}</Types>"
    )


PACKAGE_RELS: Final = (
    f'{_DECLARATION}<Relationships xmlns="{PKG_NS}"><Relationship Id="rId1" '
    f'Type="{REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>'
)


def workbook_xml(extra: str = "") -> str:
    return (
        f'{_DECLARATION}<workbook xmlns="{MAIN_NS}" xmlns:r="{REL_NS}"><sheets>'
        f'<sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets>{extra}</workbook>'
    )


def workbook_rels(extra: str = "") -> str:
    return (
        f'{_DECLARATION}<Relationships xmlns="{PKG_NS}"><Relationship Id="rId1" '
        f'Type="{REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>{extra}</Relationships>'
    )


def sheet_xml(rows: str, prolog: str = _DECLARATION) -> str:
    return f'{prolog}<worksheet xmlns="{MAIN_NS}"><sheetData>{rows}</sheetData></worksheet>'


def write_book(
    path: Path,
    rows: str = "",
    *,
    sheet: str | bytes | None = None,
    types: str = "",
    book: str = "",
    rels: str = "",
    parts: dict[str, str | bytes] | None = None,
) -> Path:
    """A one-sheet workbook; *sheet* replaces the whole sheet part, *parts* adds parts
    (deflated at level 1: the million-row sheet took 0.7 s to compress at the default)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as zf:
        zf.writestr("[Content_Types].xml", content_types(types))
        zf.writestr("_rels/.rels", PACKAGE_RELS)
        zf.writestr("xl/workbook.xml", workbook_xml(book))
        zf.writestr("xl/_rels/workbook.xml.rels", workbook_rels(rels))
        zf.writestr("xl/worksheets/sheet1.xml", sheet if sheet is not None else sheet_xml(rows))
        for name, data in (parts or {}).items():
            zf.writestr(name, data)
    return path


def cells(*values: tuple[str, str]) -> str:
    """Row 1 with cells: ("A1", "<v>1</v>") or ("B1", "<f>A1+1</f>")."""
    return '<row r="1">' + "".join(f'<c r="{ref}">{body}</c>' for ref, body in values) + "</row>"


# ---------------------------------------------------------------- the workbooks


def make_not_a_zip(folder: Path) -> Path:
    path = folder / "not_a_zip.xlsx"
    path.write_text("Name,Rating\nAlice,1500\n")
    return path


def make_truncated(folder: Path) -> Path:
    whole = write_book(folder / "whole.tmp", cells(("A1", "<v>1</v>"), ("B1", "<f>A1*2</f>")))
    data = whole.read_bytes()
    whole.unlink()
    path = folder / "truncated.xlsx"
    path.write_bytes(data[: len(data) // 2])
    return path


def make_billion_laughs(folder: Path) -> Path:
    entities = '<!ENTITY lol "lol">' + "".join(
        f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">'
        for i in range(1, 10)
    )
    prolog = f"{_DECLARATION}<!DOCTYPE worksheet [{entities}]>"
    rows = '<row r="1"><c r="A1" t="inlineStr"><is><t>&lol9;</t></is></c></row>'
    return write_book(folder / "billion_laughs.xlsx", sheet=sheet_xml(rows, prolog))


def make_external_entity(folder: Path) -> Path:
    """An external entity in the shared strings: it would read /etc/passwd."""
    strings = (
        f'{_DECLARATION}<!DOCTYPE sst [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
        f'<sst xmlns="{MAIN_NS}" count="1" uniqueCount="1"><si><t>&xxe;</t></si></sst>'
    )
    return write_book(
        folder / "external_entity.xlsx",
        '<row r="1"><c r="A1" t="s"><v>0</v></c></row>',
        parts={"xl/sharedStrings.xml": strings},
    )


def make_utf16_doctype(folder: Path) -> Path:
    """A DOCTYPE in a UTF-16 sheet part: a byte search for "<!DOCTYPE" would miss it."""
    prolog = '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE worksheet [<!ENTITY a "b">]>'
    sheet = sheet_xml(cells(("A1", "<v>1</v>")), prolog).encode("utf-16")
    return write_book(folder / "utf16_doctype.xlsx", sheet=sheet)


def _deflated_zeros(size: int, block: int) -> tuple[bytes, int]:
    """Raw deflate data of *size* zero bytes, built from one block compressed once, and
    the CRC-32 of the whole.  After a full flush the compressor starts afresh, so every
    block of zeros compresses to the same bytes."""
    zeros = bytes(block)
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    once = compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
    end = compressor.flush(zlib.Z_FINISH)
    crc = 0
    for _ in range(size // block):
        crc = zlib.crc32(zeros, crc)
    return once * (size // block) + end, crc


def _raw_zip(
    path: Path, members: list[tuple[str, bytes, int, int, int]], encrypted: str = ""
) -> Path:
    """A zip written by hand: (name, stored bytes, method, CRC-32, uncompressed size);
    the part named *encrypted* is flagged as encrypted."""
    out = bytearray()
    directory = bytearray()
    for name, data, method, crc, size in members:
        encoded = name.encode()
        offset = len(out)
        flags = 1 if name == encrypted else 0
        out += struct.pack(
            "<4s5H3L2H", b"PK\x03\x04", 20, flags, method, 0, 0x21, crc, len(data), size,
            len(encoded), 0,
        )  # fmt: skip
        out += encoded + data
        directory += struct.pack(
            "<4s6H3L5H2L", b"PK\x01\x02", 20, 20, flags, method, 0, 0x21, crc, len(data), size,
            len(encoded), 0, 0, 0, 0, 0, offset,
        )  # fmt: skip
        directory += encoded
    end = struct.pack(
        "<4s4H2LH", b"PK\x05\x06", 0, 0, len(members), len(members), len(directory), len(out), 0
    )
    path.write_bytes(bytes(out + directory + end))
    return path


def _stored(name: str, text: str) -> tuple[str, bytes, int, int, int]:
    data = text.encode()
    return name, data, zipfile.ZIP_STORED, zlib.crc32(data), len(data)


def make_zip_bomb(folder: Path) -> Path:
    """A 2 MB file whose sheet part inflates to 2 GiB of zeros."""
    size = 2 * 1024**3
    data, crc = _deflated_zeros(size, 16 * 1024**2)
    return _raw_zip(
        folder / "zip_bomb.xlsx",
        [
            _stored("[Content_Types].xml", content_types()),
            _stored("_rels/.rels", PACKAGE_RELS),
            _stored("xl/workbook.xml", workbook_xml()),
            _stored("xl/_rels/workbook.xml.rels", workbook_rels()),
            ("xl/worksheets/sheet1.xml", data, zipfile.ZIP_DEFLATED, crc, size),
        ],
    )


def make_ratio_bomb(folder: Path) -> Path:
    """A part within the size limit that inflates a thousand times (8 MiB of zeros)."""
    size = 8 * 1024**2
    data, crc = _deflated_zeros(size, 1024**2)
    return _raw_zip(
        folder / "ratio_bomb.xlsx",
        [
            _stored("[Content_Types].xml", content_types()),
            _stored("_rels/.rels", PACKAGE_RELS),
            _stored("xl/workbook.xml", workbook_xml()),
            _stored("xl/_rels/workbook.xml.rels", workbook_rels()),
            ("xl/media/image1.png", data, zipfile.ZIP_DEFLATED, crc, size),
            _stored("xl/worksheets/sheet1.xml", sheet_xml(cells(("A1", "<v>1</v>")))),
        ],
    )


def make_lying_sizes(folder: Path) -> Path:
    """A sheet whose directory declares 120 bytes but whose data inflates to 64 MiB."""
    head = sheet_xml("")[:100].encode()
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = compressor.compress(head + b" " * (64 * 1024**2)) + compressor.flush()
    return _raw_zip(
        folder / "lying_sizes.xlsx",
        [
            _stored("[Content_Types].xml", content_types()),
            _stored("_rels/.rels", PACKAGE_RELS),
            _stored("xl/workbook.xml", workbook_xml()),
            _stored("xl/_rels/workbook.xml.rels", workbook_rels()),
            ("xl/worksheets/sheet1.xml", data, zipfile.ZIP_DEFLATED, zlib.crc32(head), 120),
        ],
    )


def make_too_many_parts(folder: Path) -> Path:
    parts: dict[str, str | bytes] = {f"xl/media/p{i}.txt": "x" for i in range(2001)}
    return write_book(folder / "too_many_parts.xlsx", cells(("A1", "<v>1</v>")), parts=parts)


def make_too_large(folder: Path) -> Path:
    """A 51 MiB file (sparse on disk: it costs nothing to make)."""
    path = folder / "too_large.xlsx"
    with path.open("wb") as handle:
        handle.write(b"PK\x03\x04")
        handle.truncate(51 * 1024**2)
    return path


def make_encrypted(folder: Path) -> Path:
    """The start of an OLE compound file holding an encrypted OOXML package (MS-OFFCRYPTO):
    the directory names the streams EncryptionInfo and EncryptedPackage."""
    header = bytes.fromhex("D0CF11E0A1B11AE1") + bytes(504)
    entries = b"".join(
        name.encode("utf-16-le").ljust(64, b"\0") + bytes(64)
        for name in ("Root Entry", "EncryptionInfo", "EncryptedPackage")
    )
    path = folder / "password.xlsx"
    path.write_bytes(header + entries.ljust(512, b"\0"))
    return path


def make_legacy_xls(folder: Path) -> Path:
    header = bytes.fromhex("D0CF11E0A1B11AE1") + bytes(504)
    entries = b"".join(
        name.encode("utf-16-le").ljust(64, b"\0") + bytes(64) for name in ("Root Entry", "Workbook")
    )
    path = folder / "legacy.xls"
    path.write_bytes(header + entries.ljust(512, b"\0"))
    return path


def make_ods(folder: Path) -> Path:
    path = folder / "calc.ods"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        zf.writestr("content.xml", "<office:document-content/>")
    return path


def make_plain_zip(folder: Path) -> Path:
    path = folder / "plain_zip.xlsx"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("readme.txt", "hello")
    return path


def make_malformed(folder: Path) -> Path:
    sheet = sheet_xml('<row r="1"><c r="A1"><v>1</v></row>')
    return write_book(folder / "malformed.xlsx", sheet=sheet)


def make_encrypted_part(folder: Path) -> Path:
    """A sheet part flagged as encrypted (general purpose bit 0)."""
    return _raw_zip(
        folder / "encrypted_part.xlsx",
        [
            _stored("[Content_Types].xml", content_types()),
            _stored("_rels/.rels", PACKAGE_RELS),
            _stored("xl/workbook.xml", workbook_xml()),
            _stored("xl/_rels/workbook.xml.rels", workbook_rels()),
            _stored("xl/worksheets/sheet1.xml", sheet_xml(cells(("A1", "<v>1</v>")))),
        ],
        encrypted="xl/worksheets/sheet1.xml",
    )


def make_external_link(folder: Path) -> Path:
    """A formula reading [1]Sheet1!A1, with link part naming other.xlsx (which exists)."""
    write_book(folder / "other.xlsx", cells(("A1", f"<v>{SECRET}</v>")))
    link = (
        f'{_DECLARATION}<externalLink xmlns="{MAIN_NS}" xmlns:r="{REL_NS}">'
        '<externalBook r:id="rId1"><sheetNames><sheetName val="Sheet1"/></sheetNames>'
        "</externalBook></externalLink>"
    )
    link_rels = (
        f'{_DECLARATION}<Relationships xmlns="{PKG_NS}"><Relationship Id="rId1" '
        f'Type="{REL_NS}/externalLinkPath" Target="other.xlsx" TargetMode="External"/>'
        "</Relationships>"
    )
    return write_book(
        folder / "external_link.xlsx",
        cells(("A1", "<f>[1]Sheet1!A1+1</f>")),
        types='<Override PartName="/xl/externalLinks/externalLink1.xml" '
        f'ContentType="{_LINK_CT}"/>',
        book='<externalReferences><externalReference r:id="rId2"/></externalReferences>',
        rels=f'<Relationship Id="rId2" Type="{REL_NS}/externalLink" '
        'Target="externalLinks/externalLink1.xml"/>',
        parts={
            "xl/externalLinks/externalLink1.xml": link,
            "xl/externalLinks/_rels/externalLink1.xml.rels": link_rels,
        },
    )


def make_external_formula(folder: Path) -> Path:
    """A formula naming another workbook by path, with no link part at all."""
    write_book(folder / "other.xlsx", cells(("A1", f"<v>{SECRET}</v>")))
    return write_book(
        folder / "external_formula.xlsx", cells(("A1", "<f>'[other.xlsx]Sheet1'!A1+1</f>"))
    )


def make_circular(folder: Path) -> Path:
    rows = cells(("A1", "<f>B1+1</f>"), ("B1", "<f>A1+1</f>"), ("C1", "<f>1+2</f>"))
    return write_book(folder / "circular.xlsx", rows)


def make_unknown_function(folder: Path) -> Path:
    rows = cells(("A1", "<v>1</v>"), ("B1", "<f>A1*2</f>"), ("C1", "<f>FOOBAR(A1)</f>"))
    return write_book(folder / "unknown_function.xlsx", rows)


def make_whole_column(folder: Path) -> Path:
    rows = cells(("A1", "<v>1</v>"), ("B1", "<f>SUM(A:A)</f>"))
    return write_book(folder / "whole_column.xlsx", rows)


def make_million_rows(folder: Path) -> Path:
    """1,048,576 rows of one number each, written as XML text (about 40 MB, 2 s)."""
    rows = "".join(f'<row r="{i}"><c r="A{i}"><v>{i}</v></c></row>' for i in range(1, 1048577))
    return write_book(folder / "million_rows.xlsx", rows)


def make_row_children(folder: Path) -> Path:
    """50 rows of 1,001 children that are not ``<c>`` (openpyxl makes a cell of each: 50,050
    cells in about 0.4 MB of XML)."""
    row = '<x:z xmlns:x="urn:other"/>' * 1001
    rows = "".join(f'<row r="{i}">{row}</row>' for i in range(1, 51))
    return write_book(folder / "row_children.xlsx", rows)


def make_many_strings(folder: Path, count: int = 100_001) -> Path:
    """A shared strings part of 100,001 strings, one cell showing one of them."""
    strings = "".join(f"<si><t>{i}</t></si>" for i in range(count))
    strings = f'{_DECLARATION}<sst xmlns="{MAIN_NS}">{strings}</sst>'
    return write_book(
        folder / "many_strings.xlsx",
        '<row r="1"><c r="A1" t="s"><v>0</v></c></row>',
        parts={"xl/sharedStrings.xml": strings},
    )


def make_many_styles(folder: Path, count: int = 130_981) -> Path:
    """A styles part of 130,981 cell formats (Excel keeps at most 65,490)."""
    styles = (
        f'{_DECLARATION}<styleSheet xmlns="{MAIN_NS}"><cellXfs count="{count}">'
        + "".join(f'<xf numFmtId="0" fontId="{i}"/>' for i in range(count))
        + "</cellXfs></styleSheet>"
    )
    return write_book(
        folder / "many_styles.xlsx", cells(("A1", "<v>1</v>")), parts={"xl/styles.xml": styles}
    )


def _typed(folder: Path, name: str, kind: str, text: str) -> Path:
    """A value cell of type *kind* holding *text*, and a formula reading it."""
    row = f'<row r="1"><c r="A1"{kind}><v>{text}</v></c><c r="B1"><f>A1</f></c></row>'
    return write_book(folder / name, row)


# Values openpyxl cannot convert by their cell's type: a number, TRUE/FALSE, a date and a
# shared string that is not there.


def make_bad_number(folder: Path) -> Path:
    return _typed(folder, "bad_number.xlsx", "", "abc")


def make_bad_bool(folder: Path) -> Path:
    return _typed(folder, "bad_bool.xlsx", ' t="b"', "x")


def make_bad_date(folder: Path) -> Path:
    return _typed(folder, "bad_date.xlsx", ' t="d"', "notadate")


def make_bad_shared(folder: Path) -> Path:
    return _typed(folder, "bad_shared.xlsx", ' t="s"', "7")


def make_bad_row_number(folder: Path) -> Path:
    return write_book(folder / "bad_row_number.xlsx", '<row r="\u00b2"><c><v>1</v></c></row>')


def make_float_row_number(folder: Path) -> Path:
    """A row numbered ``r="1.0"``: openpyxl reads a whole float as the row, so xlrating does."""
    row = '<row r="1.0"><c r="A1"><v>1</v></c><c r="B1"><f>A1+1</f></c></row>'
    return write_book(folder / "float_row_number.xlsx", row)


def make_many_formulas(folder: Path, count: int = 5001) -> Path:
    rows = "".join(
        f'<row r="{i}"><c r="A{i}"><v>{i}</v></c><c r="B{i}"><f>A{i}*2</f></c></row>'
        for i in range(1, count + 1)
    )
    return write_book(folder / "many_formulas.xlsx", rows)


def make_macros(folder: Path) -> Path:
    """A workbook with a VBA project part: accepted, never run, copied as it is."""
    rows = cells(("A1", "<v>20</v>"), ("B1", "<f>A1*2</f>"))
    return write_book(
        folder / "macros.xlsm",
        rows,
        parts={"xl/vbaProject.bin": bytes.fromhex("D0CF11E0A1B11AE1") + b"Sub AutoOpen()"},
    )


def make_slow(folder: Path, count: int = 500) -> Path:
    """A plain workbook that takes the engine several seconds (for the SIGKILL and time
    limit tests): each of *count* formulas compares its row with the whole column."""
    rows = "".join(
        f'<row r="{i}"><c r="A{i}"><v>{i}</v></c>'
        f'<c r="B{i}"><f>SUMPRODUCT(($A$1:$A${count}&gt;A{i})*1)</f></c></row>'
        for i in range(1, count + 1)
    )
    return write_book(folder / "slow.xlsx", rows)


# ---------------------------------------------------------------- bounded evaluation (issue 16)


def make_rept_huge(folder: Path) -> Path:
    """Text functions asked for a gigabyte of text: Excel answers #VALUE! beyond 32,767."""
    rows = cells(
        ("A1", '<f>REPT("x",1000000000)</f>'),
        ("B1", '<f>SUBSTITUTE(REPT("a",30000),"a",REPT("b",30000))</f>'),
        ("C1", '<f>LEN(REPT("x",32767))</f>'),
    )
    return write_book(folder / "rept_huge.xlsx", rows)


def make_rept_1e9(folder: Path) -> Path:
    """The issue's own case, ``REPT("x",1E9)``: ``formulas`` 1.3 reads no ``1E9`` literal."""
    return write_book(folder / "rept_1e9.xlsx", cells(("A1", '<f>REPT("x",1E9)</f>')))


def make_long_formula(folder: Path) -> Path:
    """An 8,000-character formula of 4,000 additions (Excel accepts it; 5 s to compile)."""
    return write_book(
        folder / "long_formula.xlsx", cells(("A1", f"<f>{'+'.join(['1'] * 4000)}</f>"))
    )


def make_many_operations(folder: Path, count: int = 120) -> Path:
    """120 formulas of 900 additions each: each within the limit, 108,000 in all."""
    formula = "+".join(["1"] * 901)
    rows = "".join(
        f'<row r="{i}"><c r="A{i}"><f>{formula}</f></c></row>' for i in range(1, count + 1)
    )
    return write_book(folder / "many_operations.xlsx", rows)


def make_too_long_formula(folder: Path) -> Path:
    """A formula longer than Excel's 8,192 characters (no Excel writes it)."""
    text = "LEN(&quot;" + "x" * 8300 + "&quot;)"
    return write_book(folder / "too_long_formula.xlsx", cells(("A1", f"<f>{text}</f>")))


def _sheet_with(extra: str, rows: str = "") -> str:
    return (
        f'{_DECLARATION}<worksheet xmlns="{MAIN_NS}" xmlns:r="{REL_NS}"><sheetData>{rows}'
        f"</sheetData>{extra}</worksheet>"
    )


def make_whole_merge(folder: Path) -> Path:
    """One merge over the whole sheet: openpyxl would create 17 billion merged cells."""
    sheet = _sheet_with(
        '<mergeCells count="1"><mergeCell ref="A1:XFD1048576"/></mergeCells>',
        cells(("A1", "<v>1</v>")),
    )
    return write_book(folder / "whole_merge.xlsx", sheet=sheet)


def make_whole_array(folder: Path) -> Path:
    """An array formula whose range is the whole sheet."""
    return write_book(
        folder / "whole_array.xlsx", cells(("A1", '<f t="array" ref="A1:XFD1048576">1</f>'))
    )


def make_far_cell(folder: Path) -> Path:
    """A cell at XFD1048576 and ``SUM(A1:XFD1048576)``: a used area of the whole grid."""
    rows = cells(("A1", "<v>1</v>")) + (
        '<row r="1048576"><c r="XFD1048576"><f>SUM(A1:XFC1048575)</f></c></row>'
    )
    return write_book(folder / "far_cell.xlsx", rows)


def make_beyond_grid(folder: Path) -> Path:
    """A row numbered past Excel's last (1,048,576)."""
    return write_book(
        folder / "beyond_grid.xlsx", '<row r="1048577"><c r="A1048577"><v>1</v></c></row>'
    )


def make_big_reference(folder: Path) -> Path:
    """``SUM(A1:Z40000)`` on an almost empty sheet: 1,040,000 cells for the engine."""
    rows = cells(("A1", "<v>1</v>"), ("AA1", "<f>SUM(A1:Z40000)</f>"))
    return write_book(folder / "big_reference.xlsx", rows)


def _names(*pairs: tuple[str, str]) -> str:
    body = "".join(f'<definedName name="{n}">{v}</definedName>' for n, v in pairs)
    return f"<definedNames>{body}</definedNames>"


def make_name_whole_column(folder: Path) -> Path:
    rows = cells(("A1", "<v>1</v>"), ("B1", "<f>SUM(Scores)</f>"))
    return write_book(
        folder / "name_whole_column.xlsx", rows, book=_names(("Scores", "Sheet1!$A:$A"))
    )


def make_defined_name(folder: Path) -> Path:
    """An ordinary defined name: ``Scores = Sheet1!$A$1:$A$3``, ``=SUM(Scores)`` is 6."""
    rows = (
        '<row r="1"><c r="A1"><v>1</v></c><c r="B1"><f>SUM(Scores)</f></c></row>'
        '<row r="2"><c r="A2"><v>2</v></c></row><row r="3"><c r="A3"><v>3</v></c></row>'
    )
    return write_book(
        folder / "defined_name.xlsx", rows, book=_names(("Scores", "Sheet1!$A$1:$A$3"))
    )


def make_name_cycle(folder: Path) -> Path:
    """A real cycle through a defined name: ``Total = Sheet1!$B$1`` and ``B1 = Total+1``."""
    rows = cells(("A1", "<v>1</v>"), ("B1", "<f>Total+1</f>"))
    return write_book(folder / "name_cycle.xlsx", rows, book=_names(("Total", "Sheet1!$B$1")))


def make_case_parts(folder: Path) -> Path:
    """Two parts whose names differ only in case (one package part to OPC, two to zip)."""
    return write_book(
        folder / "case_parts.xlsx",
        cells(("A1", "<v>1</v>")),
        parts={"xl/worksheets/SHEET1.xml": sheet_xml(cells(("A1", "<v>2</v>")))},
    )


def make_tiny_volatility(folder: Path) -> Path:
    """A Glicko-2 volatility of 1e-170, whose square underflows to 0 (a formula: the engine
    rounds typed numbers to 15 decimals, and cannot read ``1E-170``)."""
    rows = cells(
        ("A1", f"<f>0.{'0' * 169}1</f>"),
        ("B1", '<f t="array" ref="B1:C3">GLICKO2_RATING(1500,200,A1,1400,30,1)</f>'),
    )
    return write_book(folder / "tiny_volatility.xlsx", rows)


#: The hostile workbooks by file name.
WORKBOOKS: Final[dict[str, Callable[[Path], Path]]] = {
    "not_a_zip.xlsx": make_not_a_zip,
    "truncated.xlsx": make_truncated,
    "billion_laughs.xlsx": make_billion_laughs,
    "external_entity.xlsx": make_external_entity,
    "utf16_doctype.xlsx": make_utf16_doctype,
    "zip_bomb.xlsx": make_zip_bomb,
    "ratio_bomb.xlsx": make_ratio_bomb,
    "lying_sizes.xlsx": make_lying_sizes,
    "too_many_parts.xlsx": make_too_many_parts,
    "too_large.xlsx": make_too_large,
    "password.xlsx": make_encrypted,
    "legacy.xls": make_legacy_xls,
    "calc.ods": make_ods,
    "plain_zip.xlsx": make_plain_zip,
    "malformed.xlsx": make_malformed,
    "encrypted_part.xlsx": make_encrypted_part,
    "external_link.xlsx": make_external_link,
    "external_formula.xlsx": make_external_formula,
    "circular.xlsx": make_circular,
    "unknown_function.xlsx": make_unknown_function,
    "whole_column.xlsx": make_whole_column,
    "million_rows.xlsx": make_million_rows,
    "many_formulas.xlsx": make_many_formulas,
    "row_children.xlsx": make_row_children,
    "bad_row_number.xlsx": make_bad_row_number,
    "float_row_number.xlsx": make_float_row_number,
    "bad_number.xlsx": make_bad_number,
    "bad_bool.xlsx": make_bad_bool,
    "bad_date.xlsx": make_bad_date,
    "bad_shared.xlsx": make_bad_shared,
    "many_strings.xlsx": make_many_strings,
    "many_styles.xlsx": make_many_styles,
    "rept_huge.xlsx": make_rept_huge,
    "rept_1e9.xlsx": make_rept_1e9,
    "long_formula.xlsx": make_long_formula,
    "too_long_formula.xlsx": make_too_long_formula,
    "many_operations.xlsx": make_many_operations,
    "whole_merge.xlsx": make_whole_merge,
    "whole_array.xlsx": make_whole_array,
    "far_cell.xlsx": make_far_cell,
    "beyond_grid.xlsx": make_beyond_grid,
    "big_reference.xlsx": make_big_reference,
    "name_whole_column.xlsx": make_name_whole_column,
    "defined_name.xlsx": make_defined_name,
    "name_cycle.xlsx": make_name_cycle,
    "case_parts.xlsx": make_case_parts,
    "tiny_volatility.xlsx": make_tiny_volatility,
}


# ---------------------------------------------------------------- tournament files


def trf_player(rank: int, name: str, rating: int, opponent: int, colour: str, result: str) -> str:
    """A TRF-16 player line: name at columns 15-47, rating 49-52, round 1 at 92-99."""
    head = f"001 {rank:>4} m    {name:<33} {rating:>4}"
    return f"{head:<91}{opponent:>4} {colour} {result}"


#: A valid two-player TRF-16 (one round), with a name outside ASCII.
TRF: Final = (
    "012 Hostile test event\n042 2026/01/10\n"
    + trf_player(1, "Müller, Max", 1600, 2, "w", "1")
    + "\n"
    + trf_player(2, "Novák, Ota", 1500, 1, "b", "0")
    + "\n"
)
#: The same event with the second player's line missing.
TRF_MISSING: Final = "012 Hostile test event\n042 2026/01/10\n" + trf_player(
    1, "Müller, Max", 1600, 2, "w", "1"
)

#: Tournament files by name: their bytes.
TEXTS: Final[dict[str, bytes]] = {
    "utf8.trf": TRF.encode("utf-8"),
    "utf8_bom.trf": TRF.encode("utf-8-sig"),
    "latin1.trf": TRF.encode("latin-1"),
    "utf16.trf": TRF.encode("utf-16"),
    "utf16_no_bom.trf": TRF.encode("utf-16-le"),
    "garbage.png": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
    "bad_utf16.trf": b"\xff\xfe" + "012 X\n".encode("utf-16-le") + b"\x00\xd8A\x00",
    "missing_player.trf": TRF_MISSING.encode("utf-8"),
    "not_a_report.trf": b"Dear members,\nthe club night moves to Thursday.\n",
    "empty.trf": b"",
    "huge.trf": b"012 " + b"x" * (4 * 1024 * 1024),
    # one player of 380,000 rounds (each a zero-point bye): 3.8 MB, within the size limit
    "many_rounds.trf": (
        "012 Endless\n042 2026/01/10\n" + trf_player(1, "Long, Lou", 1600, 0, "-", "Z") + "  "
    ).encode("ascii")
    + b"   0 - Z  " * 379_999
    + b"\n",
}


def trf_pair(first: str, second: str, event: str = "Hostile test event") -> str:
    """A one-round TRF-16 of two players (*first* wins with White)."""
    return (
        f"012 {event}\n042 2026/01/10\n"
        + trf_player(1, first, 1600, 2, "w", "1")
        + "\n"
        + trf_player(2, second, 1500, 1, "b", "0")
        + "\n"
    )


#: Names a season book must not take as they are (issue 16): characters XML 1.0 cannot
#: carry (vertical tab, form feed, Ctrl-Z, U+FFFE, U+FFFF), a name that reads as an
#: Excel error value, a player named like the bye marker, names that collide once case
#: and spacing are ignored; and names a spreadsheet would read as a formula, which are
#: imported as plain text.
NAME_TEXTS: Final[dict[str, bytes]] = {
    "name_vertical_tab.trf": trf_pair("Smith\x0bJohn", "Doe, Jane").encode("utf-8"),
    "name_form_feed.trf": trf_pair("Smith\x0cJohn", "Doe, Jane").encode("utf-8"),
    "event_ctrl_z.trf": trf_pair("Smith, John", "Doe, Jane", "Club\x1aNight").encode("utf-8"),
    "name_fffe.trf": trf_pair("Smith\ufffeJohn", "Doe, Jane").encode("utf-8"),
    "name_ffff.trf": trf_pair("Smith\uffffJohn", "Doe, Jane").encode("utf-8"),
    "name_error_value.trf": trf_pair("#N/A", "Doe, Jane").encode("utf-8"),
    "name_bye.trf": trf_pair("Bye", "Doe, Jane").encode("utf-8"),
    "names_colliding.trf": trf_pair("Smith,  John", "SMITH, JOHN").encode("utf-8"),
    "names_formulas.trf": (
        "012 Formula names\n042 2026/01/10\n"
        + "\n".join(
            trf_player(i + 1, name, 1500 + 10 * i, (i ^ 1) + 1, "wb"[i % 2], "10"[i % 2])
            for i, name in enumerate(
                [
                    '=HYPERLINK("http://e.x","c")',
                    '=WEBSERVICE("http://e.x")',
                    "+1+2",
                    "-3",
                    "@SUM(A1)",
                    "=1/0",
                ]
            )
        )
        + "\n"
    ).encode("utf-8"),
}
TEXTS.update(NAME_TEXTS)


# ---------------------------------------------------------------- the places outputs go
#
# Not files to read but what may already stand where xlrating writes: each ``make_*`` makes
# it in *folder* and returns its path (``tests/test_hostile_writes.py`` runs the commands
# against them).  Nothing outside *folder* is ever made or touched: the device is a new
# node of /dev/null's kind in *folder* (root only), never /dev/null itself.


def make_fifo(folder: Path) -> Path:
    """A FIFO (named pipe) where an output goes: opening it to write would block."""
    path = folder / "fifo.xlsx"
    os.mkfifo(path)
    return path


def make_device(folder: Path) -> Path:
    """A character device like /dev/null (major 1, minor 3 on Linux) where an output goes;
    needs root (mknod)."""
    path = folder / "null.xlsx"
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    return path


def make_directory(folder: Path) -> Path:
    """A directory where an output goes."""
    path = folder / "folder.xlsx"
    path.mkdir()
    return path


def make_symlink(folder: Path, book: Path) -> Path:
    """A symbolic link to *book* (relative, in the same folder): ``--in-place`` on it must
    update *book* and leave the link a link."""
    path = folder / f"link-to-{book.name}"
    path.symlink_to(book.name)
    return path


#: Output names holding glob characters, and other programs' files (two hours old) beside
#: them that a glob of ``.NAME.*.tmp`` would have matched: the sweep must leave them all.
GLOB_TARGETS: Final = ("*.xlsx", "[ab].xlsx", "?.xlsx")
NOT_OURS: Final = (
    ".a.xlsx.abcdefgh.tmp",  # ".*.xlsx.*.tmp", ".[ab].xlsx.*.tmp", ".?.xlsx.*.tmp" match it
    ".b.xlsx.notours.tmp",
    ".xyz.xlsx.12345678.tmp",
)
#: The longest output names a file system takes (255 bytes): the temporary and lock names
#: beside them must still fit.  249 characters is the case reported in issue 16.
LONG_NAMES: Final = ("a" * 244 + ".xlsx", "b" * 250 + ".xlsx", "é" * 125 + ".xlsx")
#: XLRATING_TIME_LIMIT values no platform's timer takes (macOS refuses more than
#: 100,000,000 s; Python's signal.alarm more than 2**31 - 1).
TIME_LIMITS: Final = ("100000001", str(2**31), "99999999999999999999")


def make_not_ours(folder: Path) -> list[Path]:
    """Other programs' files beside the :data:`GLOB_TARGETS`, two hours old."""
    made = []
    two_hours_ago = time.time() - 7200
    for name in NOT_OURS:
        path = folder / name
        path.write_bytes(b"someone else's")
        os.utime(path, (two_hours_ago, two_hours_ago))
        made.append(path)
    return made


def build(folder: Path, names: list[str] | None = None) -> dict[str, Path]:
    """Write the corpus (or the cases *names*) into *folder*; returns the paths by name."""
    folder.mkdir(parents=True, exist_ok=True)
    made: dict[str, Path] = {}
    for name, make in WORKBOOKS.items():
        if names is None or name in names:
            made[name] = make(folder)
    for name, data in TEXTS.items():
        if names is None or name in names:
            (folder / name).write_bytes(data)
            made[name] = folder / name
    return made


if __name__ == "__main__":  # pragma: no cover
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "hostile-corpus")
    for name, path in build(target).items():
        print(f"{path}  {path.stat().st_size:>10,} bytes  {name}")
