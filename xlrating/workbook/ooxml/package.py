"""One workbook package: read from disk once, its XML parts parsed on demand, saved once.

An xlsx (or xlsm) file is a zip of parts (ECMA-376 Part 2, Open Packaging Conventions):
XML parts (the workbook, its sheets, charts, relationships, content types) and binary
ones (a VBA project, images).  Every reader and writer of the workbook wing works on one
:class:`Package`:

* it is opened from the guard's :class:`~.guard.Inspection` only
  (:meth:`Package.open`): the guard read the file's bytes and accepted them, and the
  package is those very bytes, so the file is read from disk once and nothing is parsed
  that the guard has not scanned first (its bounded pre-scan: sizes, ratios, DOCTYPEs,
  counts; :mod:`.guard`);
* an XML part is parsed when it is first asked for (:meth:`Package.xml`), by lxml, with
  entities, DTDs and the network off (:data:`PARSER`), and kept parsed: whoever edits a
  part asks for it with :meth:`Package.edit`, and the tree it edits is the part from then
  on; parts nobody edited are written back byte for byte;
* the engine and openpyxl read the package's current bytes (:meth:`Package.stream`), not
  the file: a book edited in memory (grown, its cells written) is read as edited;
* it is written once (:meth:`Package.save`) through the one atomic writer
  (:func:`.files.replacing`), which parses every XML part of the new file before the
  rename.

lxml keeps every namespace prefix as written (Excel refuses a file whose ``mc:Ignorable``
prefixes were renamed) and parsed the 5,000-game Games sheet 15 times faster than
``xml.dom.minidom`` did.
"""

from __future__ import annotations

import copy
import io
import posixpath
import zipfile
from pathlib import Path
from typing import Final, NamedTuple

from lxml import etree

from .files import replacing
from .guard import Inspection, check_bytes, check_workbook

__all__ = [
    "CONTENT_TYPES",
    "MACRO_ENABLED_MAIN",
    "MAIN_NAMESPACES",
    "PARSER",
    "VBA_PART",
    "XLSX_MAIN",
    "XML_DECLARATION",
    "Book",
    "Package",
    "Relationship",
    "children",
    "drop_attribute",
    "local_name",
    "package_of",
    "parse",
    "rels_path",
    "serialize",
]

#: The package's content types part (ECMA-376 Part 2 §10.1.2.2).
CONTENT_TYPES: Final = "[Content_Types].xml"
#: The content type of an xlsx workbook part, and of a macro-enabled (xlsm) one
#: (ECMA-376 Part 1 §12.3.23; [MS-OFFMACRO2] §2.1.1.1).
XLSX_MAIN: Final = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
MACRO_ENABLED_MAIN: Final = "application/vnd.ms-excel.sheet.macroEnabled.main+xml"
#: Where Excel keeps a workbook's VBA project.
VBA_PART: Final = "xl/vbaProject.bin"
#: The declaration Excel writes at the top of every XML part.
XML_DECLARATION: Final = b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

_REL_NS: Final = "http://schemas.openxmlformats.org/package/2006/relationships"
_CT_NS: Final = "http://schemas.openxmlformats.org/package/2006/content-types"
#: SpreadsheetML's main namespace, as Excel writes it and as a Strict (ISO 29500) file does
#: (the guard keeps its own copy: this module imports it).
MAIN_NAMESPACES: Final = (
    "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
    "http://purl.oclc.org/ooxml/spreadsheetml/main",
)
_DOC_REL_ID: Final = (
    "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id",
    "{http://purl.oclc.org/ooxml/officeDocument/relationships}id",
)

#: The one XML parser of the workbook wing: no entity is expanded, no DTD loaded, nothing
#: fetched (the guard refuses a DOCTYPE before this parser sees a part); comments,
#: processing instructions and whitespace are kept as written.
PARSER: Final = etree.XMLParser(
    resolve_entities=False,
    load_dtd=False,
    dtd_validation=False,
    no_network=True,
    remove_blank_text=False,
    remove_comments=False,
    remove_pis=False,
    strip_cdata=False,
    huge_tree=False,
)


def parse(data: bytes) -> etree._Element:
    """The root element of the XML part *data* (parsed by :data:`PARSER`).

    :raises etree.XMLSyntaxError: when *data* is not well-formed.
    """
    return etree.fromstring(data, PARSER)


def serialize(root: etree._Element) -> bytes:
    """The XML part of the tree *root*, as Excel writes a part: UTF-8, the declaration
    :data:`XML_DECLARATION` (then the root, and any comment or processing instruction
    beside it)."""
    return XML_DECLARATION + etree.tostring(
        root.getroottree(), encoding="UTF-8", xml_declaration=False
    )


def local_name(element: etree._Element) -> str:
    """The element's name without its namespace (``"c"`` for ``<x:c>``)."""
    tag = element.tag
    if not isinstance(tag, str):  # a comment or a processing instruction
        return ""
    return tag.rsplit("}", 1)[-1]


def children(node: etree._Element, local: str) -> list[etree._Element]:
    """The child elements of *node* named *local* (any namespace)."""
    return [child for child in node if local_name(child) == local]


def drop_attribute(element: etree._Element, name: str) -> None:
    """Remove the attribute *name* of *element*, if it has one."""
    if name in element.attrib:
        del element.attrib[name]


class Relationship(NamedTuple):
    """One internal relationship of a part: its id, type and the part it points at."""

    id: str
    type: str
    target: str


def _part_path(base: str, target: str) -> str:
    if target.startswith("/"):
        return target.lstrip("/")
    return posixpath.normpath(posixpath.join(posixpath.dirname(base), target)).lstrip("/")


def rels_path(part: str) -> str:
    """The relationships part of *part* (``""``: the package's, ``_rels/.rels``)."""
    if not part:
        return "_rels/.rels"
    folder, name = posixpath.split(part)
    return posixpath.join(folder, "_rels", name + ".rels")


class Package:
    """A workbook package in memory (see the module)."""

    def __init__(self, inspection: Inspection, zf: zipfile.ZipFile) -> None:
        self.inspection = inspection
        #: The file the package was read from (None: bytes made in memory).
        self.path = inspection.path
        self._zip = zf
        #: Part names in the zip's order; parts added later come last.
        self._infos: dict[str, zipfile.ZipInfo] = {i.filename: i for i in zf.infolist()}
        self._trees: dict[str, etree._Element] = {}
        self._bytes: dict[str, bytes] = {}  # parts replaced or added as bytes
        self._edited: set[str] = set()  # parts whose tree was handed out to edit
        self._removed: set[str] = set()

    @classmethod
    def open(cls, inspection: Inspection) -> Package:
        """The package the guard accepted (its *inspection*, from
        :func:`~.guard.check_workbook`): the only way to get one."""
        if not inspection.data:
            raise ValueError("an inspection without the file's bytes")
        return cls(inspection, zipfile.ZipFile(io.BytesIO(inspection.data)))

    @property
    def name(self) -> str:
        """The file's name, for messages ("book.xlsx"; "workbook" when made in memory)."""
        return self.path.name if self.path is not None else "workbook"

    # ---------------------------------------------------------------- parts

    def names(self) -> list[str]:
        """The part names, in the order they are written."""
        return [name for name in self._infos if name not in self._removed]

    def has(self, name: str) -> bool:
        return name in self._infos and name not in self._removed

    def _known(self, name: str) -> None:
        if not self.has(name):
            raise KeyError(f"{self.name} has no part {name!r}")

    def read(self, name: str) -> bytes:
        """The part *name* as it is now (edited parts serialized)."""
        self._known(name)
        if name in self._edited:
            return serialize(self._trees[name])
        data = self._bytes.get(name)
        return data if data is not None else self._zip.read(name)

    def xml(self, name: str) -> etree._Element:
        """The root of the XML part *name*, parsed once; read it, do not change it
        (:meth:`edit` hands out a tree to change)."""
        self._known(name)
        tree = self._trees.get(name)
        if tree is None:
            tree = self._trees[name] = parse(self.read(name))
        return tree

    def edit(self, name: str) -> etree._Element:
        """The root of the XML part *name*, to change in place: the part is written from
        this tree from now on."""
        tree = self.xml(name)
        self._edited.add(name)
        self._bytes.pop(name, None)
        return tree

    def edited(self, name: str) -> bool:
        """Whether the part *name* was replaced or handed out to edit."""
        return name in self._edited or name in self._bytes

    def write(self, name: str, data: bytes) -> None:
        """Replace the part *name* with *data* (a new part is added after the others)."""
        if name not in self._infos:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            self._infos[name] = info
        self._removed.discard(name)
        self._bytes[name] = data
        self._trees.pop(name, None)
        self._edited.discard(name)

    def remove(self, name: str) -> None:
        """Leave the part *name* out of the package (nothing when it has none)."""
        if name in self._infos:
            self._removed.add(name)
            self._trees.pop(name, None)
            self._bytes.pop(name, None)
            self._edited.discard(name)

    # ---------------------------------------------------------------- structure

    def relationships(self, part: str) -> list[Relationship]:
        """The internal relationships of *part* (``""``: the package's own), in order."""
        path = rels_path(part)
        if not self.has(path):
            return []
        return [
            Relationship(
                rel.get("Id", ""), rel.get("Type", ""), _part_path(part, rel.get("Target", ""))
            )
            for rel in self.xml(path).iter(f"{{{_REL_NS}}}Relationship")
            if rel.get("TargetMode") != "External"
        ]

    @property
    def workbook_part(self) -> str:
        """The workbook part (``xl/workbook.xml`` as Excel names it)."""
        for rel in self.relationships(""):
            if rel.type.endswith("/officeDocument"):
                return rel.target
        return "xl/workbook.xml"

    def sheet_parts(self) -> list[tuple[str, str]]:
        """(sheet name, part) of every worksheet, in the workbook's order."""
        book = self.workbook_part
        targets = {rel.id: rel.target for rel in self.relationships(book)}
        sheets = []
        root = self.xml(book)
        for ns in MAIN_NAMESPACES:
            for sheet in root.iter(f"{{{ns}}}sheet"):
                rid = next((v for v in map(sheet.get, _DOC_REL_ID) if v is not None), "")
                if rid in targets:
                    sheets.append((sheet.get("name", ""), targets[rid]))
        return sheets

    def sheet_names(self) -> list[str]:
        """The worksheets' names, in order."""
        return [name for name, _ in self.sheet_parts()]

    def sheet_part(self, sheet: str) -> str | None:
        """The part of the worksheet named *sheet* (any case); None when there is none."""
        for name, part in self.sheet_parts():
            if name.casefold() == sheet.casefold():
                return part
        return None

    def part_of_type(self, content_type: str) -> str | None:
        """The first part [Content_Types].xml overrides to *content_type* (None: no part),
        as openpyxl finds a part (``Manifest.find``)."""
        if not self.has(CONTENT_TYPES):
            return None
        for override in self.xml(CONTENT_TYPES).iter(f"{{{_CT_NS}}}Override"):
            if override.get("ContentType") == content_type:
                return override.get("PartName", "").lstrip("/")
        return None

    def content_type(self, part: str) -> str | None:
        """The content type of *part* ([Content_Types].xml: its override, else the
        default of its extension)."""
        if not self.has(CONTENT_TYPES):
            return None
        root = self.xml(CONTENT_TYPES)
        for override in root.iter(f"{{{_CT_NS}}}Override"):
            if override.get("PartName", "").lstrip("/") == part:
                return override.get("ContentType")
        extension = part.rsplit(".", 1)[-1].casefold()
        for default in root.iter(f"{{{_CT_NS}}}Default"):
            if default.get("Extension", "").casefold() == extension:
                return default.get("ContentType")
        return None

    @property
    def macro_enabled(self) -> bool:
        """Whether this is a macro-enabled workbook (its workbook part's content type, or
        a VBA project inside)."""
        return self.has(VBA_PART) or self.content_type(self.workbook_part) == MACRO_ENABLED_MAIN

    # ---------------------------------------------------------------- out

    def to_bytes(self) -> bytes:
        """The whole package as a zip file's bytes (the file's own bytes when no part
        changed)."""
        if not (self._edited or self._bytes or self._removed):
            return self.inspection.data
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
            for name in self.names():
                # A copy: writestr sets the entry's offsets and sizes, and the original
                # entries are how the source zip is read.
                info = copy.copy(self._infos[name])
                out.writestr(info, self.read(name), compress_type=zipfile.ZIP_DEFLATED)
        return buffer.getvalue()

    def stream(self) -> io.BytesIO:
        """The package as it is now, as a file object openpyxl and the engine read."""
        return io.BytesIO(self.to_bytes())

    def reopened(self) -> Package:
        """The package as it is now, checked by the guard again and opened afresh (a
        book changed in memory read as a new file would be)."""
        return Package.open(check_bytes(self.to_bytes()))

    def save(self, target: str | Path, *, named: bool = True) -> None:
        """Write the package to *target* through the atomic writer
        (:func:`.files.replacing`: a temporary file beside it, every XML part parsed,
        then renamed over it)."""
        data = self.to_bytes()
        with replacing(target, named=named) as temp:
            temp.write_bytes(data)


#: A workbook as a caller outside the wing may hand it over: its package, or its file.
Book = Package | str | Path


def package_of(book: Book) -> Package:
    """*book*'s package: itself, or the file at that path checked by the guard and opened
    (the one door from a file name to a package)."""
    if isinstance(book, Package):
        return book
    return Package.open(check_workbook(book))
