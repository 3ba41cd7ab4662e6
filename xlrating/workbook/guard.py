"""Check a workbook file before any parser reads it: refuse what is not a plain xlsx.

Club spreadsheets arrive from anywhere, so :func:`check_workbook` looks at a file with
bounded effort before openpyxl, ``formulas`` or :mod:`xlrating.workbook.xlsx` see it:

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
   it refuses links to other workbooks (an ``externalLink`` part or relationship).
   ``.vml`` parts (legacy drawings, often not well-formed) are searched for ``<!DOCTYPE``
   and ``<!ENTITY`` byte by byte instead.

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

import struct
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Final
from xml.parsers import expat

from ..errors import WorkbookError

__all__ = [
    "LIMITS",
    "MAX_CELLS",
    "MAX_DIRECTORY_BYTES",
    "MAX_FILE_BYTES",
    "MAX_FORMULAS",
    "MAX_PARTS",
    "MAX_PART_BYTES",
    "MAX_RATIO",
    "MAX_ROWS",
    "MAX_TOTAL_BYTES",
    "RATIO_FLOOR_BYTES",
    "SCAN_CHUNK_BYTES",
    "Inspection",
    "Limits",
    "WorkbookRefusedError",
    "check_workbook",
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
#: How much of a part is inflated and parsed at a time.
SCAN_CHUNK_BYTES: Final = 64 * _KIB

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
_EXTERNAL_LINK_TYPE: Final = "/externalLink"


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
    for info in infos:
        name = info.filename
        if name in seen:
            raise _refuse(f"damaged xlsx file: two parts named {name!r}")
        seen.add(name)
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


class _PartScanner:
    """Feed one XML part to expat: refuse a DOCTYPE, spot worksheets and external links,
    count a worksheet's cells, formulas and rows against the limits."""

    def __init__(self, name: str, counts: _Counts, limits: Limits) -> None:
        self.name = name
        self.counts = counts
        self.limits = limits
        self.depth = 0
        self.sheet = False
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

    def _start(self, tag: str, attributes: dict[str, str]) -> None:
        self.depth += 1
        namespace, _, local = tag.rpartition(" ")
        if self.depth == 1:
            if namespace in _SHEET_NAMESPACES and local == "worksheet":
                self.sheet = True
                self.counts.worksheets += 1
            elif local == "externalLink":
                raise _Stop(self._linked())
            return
        if namespace == _REL_NAMESPACE and local == "Relationship":
            if attributes.get("Type", "").endswith(_EXTERNAL_LINK_TYPE):
                raise _Stop(self._linked())
            return
        if not self.sheet or namespace not in _SHEET_NAMESPACES:
            return
        counts, limits = self.counts, self.limits
        if local == "c":
            counts.cells += 1
            if counts.cells > limits.cells:
                raise _Stop(
                    f"more than {limits.cells:,} cells (the limit xlrating computes); "
                    "split the workbook or remove unused rows"
                )
        elif local == "f":
            counts.formulas += 1
            if counts.formulas > limits.formulas:
                raise _Stop(
                    f"more than {limits.formulas:,} formula cells (the limit xlrating "
                    "computes); split the workbook"
                )
        elif local == "row":
            counts.rows += 1
            if counts.rows > limits.rows:
                raise _Stop(
                    f"more than {limits.rows:,} rows (the limit xlrating computes); "
                    "split the workbook or remove unused rows"
                )

    def _end(self, tag: str) -> None:
        self.depth -= 1

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
    xlrating.workbook.guard.WorkbookRefusedError: not an xlsx file (no zip archive)
    """
    path = Path(path)
    with path.open("rb") as handle:
        size = handle.seek(0, 2)
        if size > limits.file_bytes:
            raise _refuse(
                f"the file has {_size(size)} (limit {_size(limits.file_bytes)}): too large "
                "for xlrating to compute"
            )
        handle.seek(0)
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
                return _check_parts(zf, limits)
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
