"""Check a workbook file before any parser reads it: refuse what is not a plain xlsx.

Club spreadsheets arrive from anywhere, so :func:`check_workbook` looks at a file with
bounded effort before openpyxl, ``formulas`` or :mod:`xlrating.workbook.ooxml.xlsx` see it:

1. the size on disk (:data:`MAX_FILE_BYTES`) and the first bytes: an OLE compound file
   (``D0 CF 11 E0``) is a password-protected (encrypted) workbook or a legacy ``.xls``;
   anything else that is not a zip archive is refused, a zip without its central directory
   is called damaged or truncated;
2. the zip's directory, read from the end-of-central-directory record first: the number of
   parts, each part's and the total uncompressed size, the compression ratio, encrypted
   parts, compression methods other than store/deflate and duplicate names.  ``zipfile``
   never inflates more than the size the directory declares (a part that inflates further
   fails its CRC check), so these limits hold before a byte is inflated;
3. every XML part (``.xml`` and ``.rels``), inflated in chunks and fed to expat with a
   handler that stops at the first ``<!DOCTYPE``: no entity is ever declared, so neither
   entity expansion ("billion laughs") nor external entities can happen.  Parts that are
   not well-formed are refused (the first line and column are named).  The same pass
   counts the cells, formulas and rows of every worksheet (found by its root element, not
   by its name) and stops at :data:`MAX_CELLS`, :data:`MAX_FORMULAS` or :data:`MAX_ROWS`;
   it refuses links to other workbooks (an ``externalLink`` part or relationship).  It
   also tracks each worksheet's used rectangle (cells, merges, hyperlinks and array
   formula ranges: openpyxl and ``formulas`` visit every position of it) against
   :data:`MAX_GRID_CELLS`, and refuses cells and rows beyond Excel's grid;
   ``.vml`` parts (legacy drawings, often not well-formed) are searched for ``<!DOCTYPE``
   and ``<!ENTITY`` byte by byte instead.

The file is read whole once its size is known to be within the limit. Every call scans the
file: nothing is remembered between calls. The guard having run is said one way, by its
:class:`Inspection`: a command checks its book once, as it starts, and opens the book's one
:class:`~xlrating.workbook.ooxml.package.Package` from the inspection (which carries the
bytes the guard read: the file is read from disk once); the package is handed down to
everything that reads or writes the book (``engine.evaluate(package)``,
``season.find.write_book(package, ...)``). (A process-wide cache of accepted files, by the
SHA-256 digest of their bytes, did this job before. Dropping it cost nothing measurable: one
scan of ``workbooks/club_season.xlsx`` takes about 0.035 s of CPU, and ``recalc`` and
``import`` of it (``tests/data/sample_trf16.txt``), each in its own process,
``time.process_time`` of the command, five runs each interleaved on a shared 2-core machine,
took 0.97-1.44 s (median 1.26) and 0.79-1.07 s (median 1.03) with the cache, 0.95-1.35 s
(median 1.21) and 0.79-1.02 s (median 0.99) without it and the inspection handed down.)

Macros (``xl/vbaProject.bin``) are ignored, never refused: nothing in xlrating can run
them (openpyxl and ``formulas`` read only cell values and formulas), and an ``.xlsm`` is
what the xlwings add-in needs; outputs keep the part byte for byte.  The same goes for
data connections and embedded objects: they are copied, never refreshed or opened.

Every limit is a named constant below; :class:`Limits` bundles them (tests pass smaller
ones).  The limits are engineering choices, not rules from a regulation: they keep the
headless engine (``formulas``, about 7 KB of memory and 0.3-3 ms per cell) within about
a minute and 1.5 GB on the largest workbook accepted.
"""

from __future__ import annotations

import io
import re
import struct
import zipfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Final
from xml.parsers import expat

from ...errors import WorkbookError
from ...sheet.cells import EXCEL_COLUMNS, EXCEL_ROWS
from .a1 import column_letters, column_number, parse_row

__all__ = [
    "EXCEL_FORMULA_CHARS",
    "LIMITS",
    "MAX_BOOK_OPERATIONS",
    "MAX_CELLS",
    "MAX_DIRECTORY_BYTES",
    "MAX_FILE_BYTES",
    "MAX_FORMULAS",
    "MAX_FORMULA_OPERATIONS",
    "MAX_GRID_CELLS",
    "MAX_PARTS",
    "MAX_PART_BYTES",
    "MAX_RATIO",
    "MAX_REFERENCE_CELLS",
    "MAX_ROWS",
    "MAX_TOTAL_BYTES",
    "RATIO_FLOOR_BYTES",
    "SCAN_CHUNK_BYTES",
    "WHOLE_REFERENCE_RE",
    "Inspection",
    "Limits",
    "WorkbookRefusedError",
    "check_bytes",
    "check_workbook",
    "formula_operations",
    "formula_problem",
    "require_defusedxml",
]

_KIB: Final = 1024
_MIB: Final = 1024 * _KIB

#: Largest file accepted on disk.  A workbook at the cell limit compresses to 1-3 MB;
#: the rest is room for pictures and styles.
MAX_FILE_BYTES: Final = 50 * _MIB
#: Most parts (zip members) in one file; Excel writes a few dozen.
MAX_PARTS: Final = 2_000
#: Largest zip central directory (the part list), checked before it is read.
MAX_DIRECTORY_BYTES: Final = 1 * _MIB
#: Largest uncompressed size of one part, as the zip directory declares it.
MAX_PART_BYTES: Final = 64 * _MIB
#: Largest uncompressed size of all parts together.
MAX_TOTAL_BYTES: Final = 256 * _MIB
#: Highest compression ratio (uncompressed / compressed) of a part of at least
#: :data:`RATIO_FLOOR_BYTES`: spreadsheet XML deflates 5-50 times, zeros about 1000 times.
MAX_RATIO: Final = 200
RATIO_FLOOR_BYTES: Final = 1 * _MIB
#: Most cells (``<c>`` elements, empty styled cells included) in all worksheets together.
MAX_CELLS: Final = 50_000
#: Most formula cells (``<f>`` elements) in all worksheets together.
MAX_FORMULAS: Final = 5_000
#: Most rows (``<row>`` elements) in all worksheets together.
MAX_ROWS: Final = 50_000
#: Excel's most unique cell formats / cell styles in a workbook: 65,490 (Microsoft Support,
#: "Excel specifications and limits", "Number of unique cell formats/cell styles").
EXCEL_CELL_FORMATS: Final = 65_490
#: Most style records (``xf``, ``font``, ``fill``, ``border``, ``numFmt``, ``dxf``,
#: ``cellStyle`` elements) in the styles part: Excel's limit for the cell formats and the
#: cell styles together.  openpyxl builds an object for each (a book of 800,000 styles and 3
#: million shared strings took 63 s to recalculate).
MAX_STYLE_RECORDS: Final = 2 * EXCEL_CELL_FORMATS
#: Most shared strings (``<si>``): a cell shows at most one, and Excel saves only those in
#: use, so twice the cell limit leaves room for strings another program left behind.
MAX_SHARED_STRINGS: Final = 2 * MAX_CELLS
#: How much of a part is inflated and parsed at a time.
SCAN_CHUNK_BYTES: Final = 64 * _KIB
#: Excel's longest formula: 8,192 characters (same page: "Length of formula contents").
EXCEL_FORMULA_CHARS: Final = 8_192
#: Most cells in the used rectangles of all worksheets together (from the first to the
#: last row and column holding a cell, a merge, a hyperlink or an array formula's range):
#: openpyxl and ``formulas`` visit every position of it, blank or not (about 40 µs and
#: 1 KB each on the 2-core test machine; a 1,000,000-cell rectangle took 52 s and 350 MB).
MAX_GRID_CELLS: Final = 250_000
#: Most cells one reference (``A1:Z40000``) or defined name may cover: ``formulas``
#: builds the range's whole array (``SUM(A1:Z40000)`` took 44 s and 750 MB).
MAX_REFERENCE_CELLS: Final = 100_000
#: Most operators and function calls in one formula: ``formulas`` 1.3 names each node by
#: searching the names already taken, so compiling a chain of n operators takes time in
#: n squared (4,000 ``+`` in an 8,000-character formula: about 5 s; 1,000: 0.3 s).
MAX_FORMULA_OPERATIONS: Final = 1_000
#: Most operators and function calls in all formulas together (the committed season
#: template has 5,000; 100,000 compile in well under a minute even at 1,000 a formula).
MAX_BOOK_OPERATIONS: Final = 100_000

# File signatures: OLE2 compound file (MS-CFB 2.2 "Header Signature"), zip local file header
# and end of central directory record (APPNOTE.TXT 4.3.7, 4.3.16).
_CFB_SIGNATURE: Final = bytes.fromhex("D0CF11E0A1B11AE1")
_ZIP_LOCAL: Final = b"PK\x03\x04"
_ZIP_END: Final = b"PK\x05\x06"
_ZIP_END_SIZE: Final = 22
_ZIP_COMMENT_MAX: Final = 0xFFFF
# An encrypted OOXML file keeps its package in the "EncryptedPackage" stream of a compound
# file, described by "EncryptionInfo" (MS-OFFCRYPTO 2.3.4); stream names are UTF-16LE.
_ENCRYPTION_INFO: Final = "EncryptionInfo".encode("utf-16-le")
_CFB_PROBE_BYTES: Final = 1 * _MIB
_ALLOWED_METHODS: Final = frozenset({zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED})
# Namespaces of SpreadsheetML (transitional and strict) and package relationships.
_SHEET_NAMESPACES: Final = frozenset(
    {
        "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
        "http://purl.oclc.org/ooxml/spreadsheetml/main",
    }
)
_REL_NAMESPACE: Final = "http://schemas.openxmlformats.org/package/2006/relationships"
#: A worksheet's cell element as expat names it (namespace, space, name): the scanner's
#: fast path, since cells are almost every element of a big sheet.
_CELL_TAGS: Final = frozenset(f"{namespace} c" for namespace in _SHEET_NAMESPACES)
_EXTERNAL_LINK_TYPE: Final = "/externalLink"
#: The root elements of the parts whose records are counted: shared strings and styles.
_RECORD_PARTS: Final = frozenset({"sst", "styleSheet"})
#: The styles part's records (each an object openpyxl builds).
_STYLE_RECORDS: Final = frozenset({"xf", "font", "fill", "border", "numFmt", "dxf", "cellStyle"})


class WorkbookRefusedError(WorkbookError, ValueError):
    """The file is not a workbook xlrating will read; the message is one line and does not
    name the file (the caller adds it)."""


@dataclass(frozen=True, slots=True)
class Limits:
    """The limits :func:`check_workbook` enforces (defaults: the module's constants)."""

    file_bytes: int = MAX_FILE_BYTES
    parts: int = MAX_PARTS
    directory_bytes: int = MAX_DIRECTORY_BYTES
    part_bytes: int = MAX_PART_BYTES
    total_bytes: int = MAX_TOTAL_BYTES
    ratio: float = MAX_RATIO
    ratio_floor_bytes: int = RATIO_FLOOR_BYTES
    cells: int = MAX_CELLS
    formulas: int = MAX_FORMULAS
    rows: int = MAX_ROWS
    grid_cells: int = MAX_GRID_CELLS
    reference_cells: int = MAX_REFERENCE_CELLS
    formula_chars: int = EXCEL_FORMULA_CHARS
    formula_operations: int = MAX_FORMULA_OPERATIONS
    book_operations: int = MAX_BOOK_OPERATIONS
    shared_strings: int = MAX_SHARED_STRINGS
    style_records: int = MAX_STYLE_RECORDS


#: The limits in force.
LIMITS: Final = Limits()


@dataclass(frozen=True, slots=True)
class Inspection:
    """What :func:`check_workbook` found in a file it accepted."""

    #: Parts in the zip, and their uncompressed size in all.
    parts: int
    uncompressed_bytes: int
    #: Worksheets, and their cells, formula cells and rows in all.
    worksheets: int
    cells: int
    formulas: int
    rows: int
    #: True when the file carries a VBA project (ignored: never run, copied as it is).
    macros: bool
    #: The file's bytes as the guard read and accepted them (:class:`.package.Package`
    #: is opened from them: the file is read from disk once, and what is parsed is what
    #: was checked).
    data: bytes = field(default=b"", repr=False, compare=False)
    #: The file they were read from (None: bytes handed to :func:`check_bytes`).
    path: Path | None = field(default=None, compare=False)


def too_many_cells(limits: Limits = LIMITS) -> str:
    """Why a workbook with more cells than *limits* allow is refused."""
    return (
        f"more than {limits.cells:,} cells (the limit xlrating computes); split the "
        "workbook or remove unused rows"
    )


def too_many_formulas(limits: Limits = LIMITS) -> str:
    """Why a workbook with more formula cells than *limits* allow is refused."""
    return (
        f"more than {limits.formulas:,} formula cells (the limit xlrating computes); split "
        "the workbook"
    )


def _refuse(message: str) -> WorkbookRefusedError:
    return WorkbookRefusedError(" ".join(message.split()))


def _size(count: int) -> str:
    """A byte count for a message: 64 MiB, 512 KiB, 100 bytes."""
    if count >= _MIB and count % _MIB == 0:
        return f"{count // _MIB} MiB"
    if count >= _MIB:
        return f"{count / _MIB:.1f} MiB"
    if count >= _KIB:
        return f"{count / _KIB:.0f} KiB"
    return f"{count} bytes"


# ---------------------------------------------------------------- the file and its directory


def _not_a_zip(handle: IO[bytes], head: bytes) -> WorkbookRefusedError:
    if head.startswith(_CFB_SIGNATURE):
        handle.seek(0)
        if _ENCRYPTION_INFO in handle.read(_CFB_PROBE_BYTES):
            return _refuse(
                "password-protected (encrypted) workbook: xlrating cannot read it; in Excel "
                "remove the password (File > Info > Protect Workbook) and save again"
            )
        return _refuse(
            "not an xlsx file (an OLE compound file: a legacy .xls or an encrypted "
            "workbook); save it from Excel as .xlsx"
        )
    if head.startswith(_ZIP_LOCAL):
        return _refuse("damaged or truncated xlsx file (the zip directory is missing)")
    return _refuse("not an xlsx file (no zip archive)")


def _directory_record(handle: IO[bytes], size: int) -> tuple[int, int] | None:
    """(parts, directory bytes) from the end-of-central-directory record, or None."""
    tail = min(size, _ZIP_END_SIZE + _ZIP_COMMENT_MAX)
    handle.seek(size - tail)
    data = handle.read(tail)
    at = data.rfind(_ZIP_END)
    if at < 0 or len(data) - at < _ZIP_END_SIZE:
        return None
    fields = struct.unpack("<4s4H2LH", data[at : at + _ZIP_END_SIZE])
    return int(fields[4]), int(fields[5])


def _check_directory(infos: list[zipfile.ZipInfo], limits: Limits) -> int:
    """Refuse a directory beyond the limits; returns the total uncompressed size."""
    total = 0
    seen: set[str] = set()
    folded: dict[str, str] = {}
    for info in infos:
        name = info.filename
        if name in seen:
            raise _refuse(f"damaged xlsx file: two parts named {name!r}")
        if name.casefold() in folded:
            raise _refuse(
                f"damaged xlsx file: parts {folded[name.casefold()]!r} and {name!r} differ "
                "only in case (the Open Packaging Conventions, ECMA-376 Part 2, compare "
                "part names without regard to case)"
            )
        seen.add(name)
        folded[name.casefold()] = name
        if info.flag_bits & 0x1:
            raise _refuse(
                f"password-protected (encrypted) zip part {name!r}: xlrating cannot read it"
            )
        if info.compress_type not in _ALLOWED_METHODS:
            raise _refuse(
                f"part {name!r} uses zip compression method {info.compress_type}; "
                "xlsx workbooks use deflate"
            )
        if info.file_size > limits.part_bytes:
            raise _refuse(
                f"part {name!r} inflates to {_size(info.file_size)} "
                f"(limit {_size(limits.part_bytes)} per part): refused as a possible zip bomb"
            )
        if info.file_size >= limits.ratio_floor_bytes and info.file_size > limits.ratio * max(
            info.compress_size, 1
        ):
            raise _refuse(
                f"part {name!r} inflates more than {limits.ratio:g} times its compressed "
                "size: refused as a possible zip bomb"
            )
        total += info.file_size
        if total > limits.total_bytes:
            raise _refuse(
                f"the parts inflate to more than {_size(limits.total_bytes)} in all: "
                "refused as a possible zip bomb"
            )
    return total


# ---------------------------------------------------------------- the XML parts


class _Stop(Exception):
    """Raised from an expat handler to stop parsing (the message says why)."""


@dataclass
class _Counts:
    cells: int = 0
    formulas: int = 0
    rows: int = 0
    worksheets: int = 0
    grid: int = 0
    shared_strings: int = 0
    style_records: int = 0


#: A cell reference as a worksheet's ``r`` attribute or a ``ref`` range writes it.
_CELL_RE: Final = re.compile(r"^\$?([A-Za-z]{1,4})\$?([0-9]{1,8})$")
#: A range in formula text: ``A1:B2``, ``$A$1:$B$2`` (a sheet name may come before it).
_RANGE_RE: Final = re.compile(
    r"(?<![\w.$])\$?([A-Za-z]{1,3})\$?([0-9]{1,7}):\$?([A-Za-z]{1,3})\$?([0-9]{1,7})(?![\w(])"
)
#: A whole-column (``A:C``) or whole-row (``1:3``) reference: ``formulas`` 1.3 builds an
#: array of all 1,048,576 rows (about 700 MB) for each, so they are refused.
WHOLE_REFERENCE_RE: Final = re.compile(
    r"(?<![\w.$:])(\$?[A-Za-z]{1,3}:\$?[A-Za-z]{1,3}|\$?[0-9]+:\$?[0-9]+)(?![\w.(:!])"
)
#: Quoted text in a formula: a string ("..." with "" inside) or a quoted sheet name ('...').
QUOTED_RE: Final = re.compile(r'"(?:[^"]|"")*"|\'(?:[^\']|\'\')*\'')
#: Operators and function calls, counted in a formula with its text removed.
_OPERATION_RE: Final = re.compile(r"[-+*/^&=<>%,]|[A-Za-z_][\w.]*\(")


def _column_number(letters: str) -> int:
    """A column's number from letters in either case (a forged file may write ``b5``)."""
    return column_number(letters.upper())


#: Column numbers by letters, as the scanner met them (at most :data:`_KNOWN_COLUMNS`).
_COLUMNS: dict[str, int] = {}
_KNOWN_COLUMNS: Final = 20_000


def _position(ref: str) -> tuple[int, int] | None:
    """(row, column) of ``B5`` (None when *ref* is not a cell reference)."""
    match = _CELL_RE.match(ref)
    if match is None:
        return None
    letters = match.group(1)
    column = _COLUMNS.get(letters)
    if column is None:
        column = _column_number(letters)
        if len(_COLUMNS) < _KNOWN_COLUMNS:
            _COLUMNS[letters] = column
    return int(match.group(2)), column


def formula_operations(text: str) -> int:
    """How many operators and function calls a formula holds (text literals not counted).

    >>> formula_operations('IF(A1="+",1,2)+B1')
    5
    """
    return len(_OPERATION_RE.findall(QUOTED_RE.sub('""', text)))


def formula_problem(text: str, limits: Limits | None = None) -> str | None:
    """Why a formula (or a defined name's text) is beyond what xlrating computes, or None.

    >>> formula_problem("SUM(A1:A10)") is None
    True
    >>> formula_problem("SUM(A1:XFD1048576)")
    'refers to A1:XFD1048576 (17,179,869,184 cells; limit 100,000 per reference)'
    """
    limits = limits or LIMITS
    if len(text) > limits.formula_chars:
        return (
            f"holds a formula of {len(text):,} characters (Excel's limit is "
            f"{limits.formula_chars:,})"
        )
    plain = QUOTED_RE.sub('""', text)
    operations = formula_operations(plain)
    if operations > limits.formula_operations:
        return (
            f"holds a formula of {operations:,} operators and calls (limit "
            f"{limits.formula_operations:,} per formula)"
        )
    whole = WHOLE_REFERENCE_RE.search(plain)
    if whole is not None:
        return (
            f"refers to whole columns or rows ({whole.group(1)}), which xlrating cannot "
            "compute within its memory bound; use a range such as A1:A1000"
        )
    for match in _RANGE_RE.finditer(plain):
        c1, r1 = _column_number(match.group(1)), int(match.group(2))
        c2, r2 = _column_number(match.group(3)), int(match.group(4))
        area = (abs(r2 - r1) + 1) * (abs(c2 - c1) + 1)
        if area > limits.reference_cells:
            shown = match.group(0).replace("$", "")
            return (
                f"refers to {shown} ({area:,} cells; limit {limits.reference_cells:,} "
                "per reference)"
            )
    return None


class _PartScanner:
    """Feed one XML part to expat: refuse a DOCTYPE, spot worksheets and external links,
    count a worksheet's cells, formulas and rows against the limits."""

    def __init__(self, name: str, counts: _Counts, limits: Limits) -> None:
        self.name = name
        self.counts = counts
        self.limits = limits
        self.rooted = False  # the root element was seen
        self.sheet = False
        # The shared strings or the styles part (found by its root element): their
        # records are counted.
        self.records: str | None = None
        # Element depth (the root is 1) and the depth of the open ``<row>`` (0: none):
        # openpyxl makes a cell of every child of a row, whatever its name, so the guard
        # counts each of them as one.
        self.depth = 0
        self.row_depth = 0
        # The worksheet's current row and column, and its used rectangle so far.
        self.row = 0
        self.column = 0
        self.box: list[int] | None = None  # first row, first column, last row, last column
        parser = expat.ParserCreate(namespace_separator=" ")
        parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        parser.StartDoctypeDeclHandler = self._doctype
        parser.EntityDeclHandler = self._entity
        parser.ExternalEntityRefHandler = self._external
        parser.StartElementHandler = self._start
        parser.EndElementHandler = self._end
        parser.buffer_text = True
        self.parser = parser

    def _doctype(self, *_: object) -> None:
        raise _Stop(
            f"part {self.name!r} declares a DOCTYPE: xlsx parts never do; refused "
            "(XML entities could expand without bound or read other files)"
        )

    def _entity(self, *_: object) -> None:  # pragma: no cover - only inside a DOCTYPE
        raise _Stop(f"part {self.name!r} declares an XML entity: refused")

    def _external(self, *_: object) -> int:  # pragma: no cover - only inside a DOCTYPE
        raise _Stop(f"part {self.name!r} refers to an external XML entity: refused")

    def _end(self, _tag: str) -> None:
        self.depth -= 1
        if self.depth < self.row_depth:
            self.row_depth = 0

    def _start(self, tag: str, attributes: dict[str, str]) -> None:
        self.depth += 1
        if self.depth == self.row_depth + 1 and self.row_depth:
            # A child of a row: openpyxl reads it as a cell, ``<c>`` or not (the fast path:
            # most elements of a big sheet are cells).
            self._cell(attributes)
            if tag in _CELL_TAGS:
                return
        namespace, _, local = tag.rpartition(" ")
        if not self.rooted:
            self.rooted = True
            if namespace in _SHEET_NAMESPACES and local == "worksheet":
                self.sheet = True
                self.counts.worksheets += 1
            elif namespace in _SHEET_NAMESPACES and local in _RECORD_PARTS:
                self.records = local
            elif local == "externalLink":
                raise _Stop(self._linked())
            return
        if self.records is not None:
            self._record(namespace, local)
            return
        if namespace == _REL_NAMESPACE and local == "Relationship":
            if attributes.get("Type", "").endswith(_EXTERNAL_LINK_TYPE):
                raise _Stop(self._linked())
            return
        if not self.sheet or namespace not in _SHEET_NAMESPACES:
            return
        counts, limits = self.counts, self.limits
        if local == "f":
            counts.formulas += 1
            if counts.formulas > limits.formulas:
                raise _Stop(too_many_formulas(limits))
        elif local == "row":
            self.row = self._row_number(attributes.get("r"))
            self.row_depth = self.depth
            self.column = 0
            if self.row > EXCEL_ROWS:
                raise _Stop(self._beyond(f"row {self.row:,}"))
            counts.rows += 1
            if counts.rows > limits.rows:
                raise _Stop(
                    f"more than {limits.rows:,} rows (the limit xlrating computes); "
                    "split the workbook or remove unused rows"
                )

        if local == "f" and attributes.get("t") == "array" and "ref" in attributes:
            self._cover_range(attributes["ref"], "an array formula's range")
        elif local == "mergeCell" and "ref" in attributes:
            self._cover_range(attributes["ref"], "a merged range")
        elif local == "hyperlink" and "ref" in attributes:
            self._cover_range(attributes["ref"], "a hyperlink's range")

    def _record(self, namespace: str, local: str) -> None:
        """A shared string or a style record, counted against its limit."""
        if namespace not in _SHEET_NAMESPACES:
            return
        counts, limits = self.counts, self.limits
        if self.records == "sst" and local == "si":
            counts.shared_strings += 1
            if counts.shared_strings > limits.shared_strings:
                raise _Stop(
                    f"more than {limits.shared_strings:,} shared strings (the limit xlrating "
                    "computes); save the workbook again from Excel or LibreOffice, which keep "
                    "only the strings in use"
                )
        elif self.records == "styleSheet" and local in _STYLE_RECORDS:
            counts.style_records += 1
            if counts.style_records > limits.style_records:
                raise _Stop(
                    f"more than {limits.style_records:,} cell formats and styles (Excel keeps "
                    f"at most {EXCEL_CELL_FORMATS:,} of each); remove unused styles and save "
                    "again"
                )

    def _row_number(self, raw: str | None) -> int:
        """A ``<row>``'s number as openpyxl reads its ``r`` (int(), else a whole float; no
        ``r``: the next row); one that openpyxl cannot read is refused in one line."""
        if raw is None:
            return self.row + 1
        try:
            return parse_row(raw)
        except ValueError:
            raise _Stop(
                f"part {self.name!r}: row number {raw[:20]!r} is not a whole number"
            ) from None

    def _cell(self, attributes: dict[str, str]) -> None:
        """A worksheet's ``<c>``: its place (``r``, or the next column), counted."""
        ref = attributes.get("r")
        if ref is None:
            self.column += 1
        else:
            place = _position(ref)
            if place is None:
                raise _Stop(f"part {self.name!r}: {ref[:20]!r} is not a cell reference")
            self.row, self.column = place
        row, column, box = self.row, self.column, self.box
        if box is None or not (box[0] <= row <= box[2] and box[1] <= column <= box[3]):
            self._cover(row, column, ref or "")  # inside the rectangle: within the grid
        counts = self.counts
        counts.cells += 1
        if counts.cells > self.limits.cells:
            raise _Stop(too_many_cells(self.limits))

    def _beyond(self, what: str) -> str:
        return (
            f"{what} in part {self.name!r} lies beyond Excel's grid (A1:XFD1048576): "
            "a damaged or forged workbook"
        )

    def _cover_range(self, ref: str, what: str) -> None:
        for area in ref.split():  # a space separates areas (sqref)
            first, _, last = area.partition(":")
            start, end = _position(first), _position(last or first)
            if start is None or end is None:
                raise _Stop(f"part {self.name!r}: {what} {area[:40]!r} is not a cell range")
            self._cover(*start, area)
            self._cover(*end, area)

    def _cover(self, row: int, column: int, ref: str) -> None:
        """Widen the used rectangle to (row, column); refuse beyond the grid or the limit."""
        if not 1 <= row <= EXCEL_ROWS or not 1 <= column <= EXCEL_COLUMNS:
            raise _Stop(self._beyond(f"cell {ref[:40]!r}" if ref else f"row {row:,}"))
        box = self.box
        if box is None:
            self.box = box = [row, column, row, column]
        elif box[0] <= row <= box[2] and box[1] <= column <= box[3]:
            return
        box[0], box[1] = min(box[0], row), min(box[1], column)
        box[2], box[3] = max(box[2], row), max(box[3], column)
        area = (box[2] - box[0] + 1) * (box[3] - box[1] + 1)
        if self.counts.grid + area > self.limits.grid_cells:
            raise _Stop(
                f"the used area of the worksheets spans more than {self.limits.grid_cells:,} "
                f"cells (part {self.name!r} reaches {column_letters(box[3])}{box[2]} from "
                f"{column_letters(box[1])}{box[0]}); delete the unused rows and columns, "
                "merges or hyperlinks far from the data"
            )

    def close(self) -> None:
        """Count this worksheet's used rectangle against the limit of all worksheets."""
        if self.box is not None:
            box = self.box
            self.counts.grid += (box[2] - box[0] + 1) * (box[3] - box[1] + 1)

    def _linked(self) -> str:
        return (
            f"links to other workbooks (part {self.name!r}): xlrating never opens linked "
            "files; break the links in Excel (Data > Edit Links) and save again"
        )

    def feed(self, data: bytes, final: bool = False) -> None:
        try:
            self.parser.Parse(data, final)
        except expat.ExpatError as error:
            line, column = self.parser.ErrorLineNumber, self.parser.ErrorColumnNumber
            raise _Stop(
                f"damaged xlsx file: part {self.name!r} is not well-formed XML "
                f"({expat.ErrorString(error.code)}, line {line}, column {column + 1})"
            ) from None


def _chunks(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> IO[bytes]:
    return zf.open(info)


def _scan_xml(zf: zipfile.ZipFile, info: zipfile.ZipInfo, counts: _Counts, limits: Limits) -> None:
    scanner = _PartScanner(info.filename, counts, limits)
    with _chunks(zf, info) as part:
        while chunk := part.read(SCAN_CHUNK_BYTES):
            scanner.feed(chunk)
    scanner.feed(b"", final=True)
    scanner.close()


_VML_MARKERS: Final = (b"<!DOCTYPE", b"<!ENTITY")


def _scan_bytes(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> None:
    """Search a part that may not be well-formed (VML) for DTD markup, chunk by chunk."""
    keep = max(len(marker) for marker in _VML_MARKERS) - 1
    carry = b""
    with _chunks(zf, info) as part:
        while chunk := part.read(SCAN_CHUNK_BYTES):
            window = (carry + chunk).upper()
            if any(marker in window for marker in _VML_MARKERS):
                raise _Stop(f"part {info.filename!r} declares a DOCTYPE or entity: refused")
            carry = window[-keep:]


# ---------------------------------------------------------------- the check


def check_workbook(path: str | Path, limits: Limits = LIMITS) -> Inspection:
    """Check that *path* is a plain xlsx workbook within *limits*, before any parser reads it.

    :param path: the file to check (never written).
    :param limits: the limits to enforce (default :data:`LIMITS`).
    :returns: an :class:`Inspection` of what the file holds.
    :raises WorkbookRefusedError: (one line, without the file's name) when it is not a
        zip, is encrypted or a legacy .xls, is damaged, exceeds a limit, declares a DOCTYPE
        in an XML part or links to other workbooks.
    :raises OSError: when the file cannot be read.

    >>> import io, tempfile, zipfile
    >>> folder = tempfile.mkdtemp()
    >>> plain = Path(folder, "notes.xlsx")
    >>> _ = plain.write_text("hello")
    >>> check_workbook(plain)
    Traceback (most recent call last):
    ...
    xlrating.workbook.ooxml.guard.WorkbookRefusedError: not an xlsx file (no zip archive)
    """
    path = Path(path)
    with path.open("rb") as file:
        size = file.seek(0, 2)
        if size > limits.file_bytes:
            raise _refuse(
                f"the file has {_size(size)} (limit {_size(limits.file_bytes)}): too large "
                "for xlrating to compute"
            )
        file.seek(0)
        data = file.read(limits.file_bytes + 1)
    if len(data) > limits.file_bytes:  # it grew while being read
        raise _refuse(f"the file grew past {_size(limits.file_bytes)} while it was read")
    return replace(_check_bytes(data, limits), path=path)


def check_bytes(data: bytes, limits: Limits = LIMITS) -> Inspection:
    """:func:`check_workbook` of a workbook's bytes (a book written in memory)."""
    return _check_bytes(data, limits)


def _check_bytes(data: bytes, limits: Limits) -> Inspection:
    """:func:`check_workbook` of a file's *data*, read whole (at most the size limit)."""
    size = len(data)
    with io.BytesIO(data) as handle:
        head = handle.read(8)
        record = _directory_record(handle, size)
        if record is None:
            raise _not_a_zip(handle, head)
        parts, directory = record
        if parts > limits.parts or parts == 0xFFFF:
            raise _refuse(f"the zip archive lists {parts:,} parts (limit {limits.parts:,})")
        if directory > limits.directory_bytes:
            raise _refuse(
                f"the zip directory has {_size(directory)} (limit {_size(limits.directory_bytes)})"
            )
        handle.seek(0)
        try:
            with zipfile.ZipFile(handle) as zf:
                return replace(_check_parts(zf, limits), data=data)
        except zipfile.BadZipFile as error:
            raise _refuse(f"damaged or truncated xlsx file ({error})") from None
        except (EOFError, zipfile.LargeZipFile, NotImplementedError) as error:
            raise _refuse(f"damaged xlsx file ({type(error).__name__}: {error})") from None
        except _Stop as stop:
            raise _refuse(str(stop)) from None


def _check_parts(zf: zipfile.ZipFile, limits: Limits) -> Inspection:
    infos = zf.infolist()
    if len(infos) > limits.parts:
        raise _refuse(f"the zip archive lists {len(infos):,} parts (limit {limits.parts:,})")
    total = _check_directory(infos, limits)
    names = {info.filename for info in infos}
    if "[Content_Types].xml" not in names:
        if "mimetype" in names:
            raise _refuse("an OpenDocument file (.ods), not an xlsx file: save it as .xlsx")
        raise _refuse("not an xlsx file (a zip archive without [Content_Types].xml)")
    counts = _Counts()
    macros = False
    for info in infos:
        name = info.filename
        lowered = name.lower()
        if lowered.startswith("xl/externallinks/"):
            raise _Stop(
                f"links to other workbooks (part {name!r}): xlrating never opens linked "
                "files; break the links in Excel (Data > Edit Links) and save again"
            )
        if lowered.endswith("vbaproject.bin"):
            macros = True
        if lowered.endswith((".xml", ".rels")):
            _scan_xml(zf, info, counts, limits)
        elif lowered.endswith(".vml"):
            _scan_bytes(zf, info)
    if counts.worksheets == 0:
        raise _refuse("not an xlsx file (no worksheet)")
    return Inspection(
        parts=len(infos),
        uncompressed_bytes=total,
        worksheets=counts.worksheets,
        cells=counts.cells,
        formulas=counts.formulas,
        rows=counts.rows,
        macros=macros,
    )


def require_defusedxml() -> None:
    """Refuse to read workbooks when openpyxl would parse XML without defusedxml.

    :raises WorkbookRefusedError: when defusedxml is missing or switched off
        (``OPENPYXL_DEFUSEDXML=False``).
    """
    import openpyxl

    if not getattr(openpyxl, "DEFUSEDXML", False):
        raise _refuse(
            'openpyxl runs without defusedxml: python -m pip install -e ".[workbook]" '
            "(and do not set OPENPYXL_DEFUSEDXML=False)"
        )
