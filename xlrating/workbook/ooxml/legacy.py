"""LEGACY (issue 37 item 2, being retired): the zip, regex and minidom readers and writers
of the package before :mod:`.package`; every use moves to the Package, then this module goes.

Write computed values into an xlsx file, as Excel's cached values or as plain values.

An xlsx file is a zip of XML parts; each formula cell may carry the value Excel last
computed (``<c r="B5" t="str"><f>...</f><v>Class B</v></c>``).  Programs that cannot run
the formulas (Excel without the add-in, LibreOffice, Google Sheets, viewers, openpyxl's
``data_only``) show that cached value.  This module rewrites the sheet parts in place,
keeping everything else byte for byte:

* formula cells keep their formulas and get ``<v>`` with the type ``t`` = ``n`` (number),
  ``str`` (text), ``b`` (boolean) or ``e`` (error value); the cells of an array formula's
  range (dynamic arrays included, their ``cm`` metadata kept) get their share of the array;
* with ``values_only`` the formulas are dropped, text becomes an inline string, and the
  calculation chain (``xl/calcChain.xml``, which lists formula cells) is removed;
* the workbook's ``calcPr`` is the one Excel writes for a book whose values are current
  (:func:`with_calc_properties`), so Excel does not throw the values away on open.

Only the standard library is used (``zipfile`` and ``xml.dom.minidom``, which keeps
namespace prefixes exactly as written: Excel refuses a file whose ``mc:Ignorable``
prefixes were renamed).  The new file is written next to the target and renamed over
it, so an existing file is never left half-written.
"""

from __future__ import annotations

import functools
import math
import posixpath
import re
import zipfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final
from xml.dom import minidom
from xml.etree import ElementTree

from ...sheet.cells import EXCEL_ERRORS
from .a1 import address, cell_range, column_number, parse_cell
from .cells import CellError
from .files import replacing

__all__ = [
    "CURRENT_CALC_ID",
    "XML_DECLARATION",
    "CacheReport",
    "CellError",
    "CellKey",
    "SheetRewriter",
    "cell_range",
    "children",
    "excel_text",
    "parse_cell",
    "relationships",
    "sheet_names",
    "sheet_parts",
    "with_calc_properties",
    "workbook_part",
    "write_cached_values",
]

#: A cell's address: (sheet name as in the workbook, "B5").
CellKey = tuple[str, str]

_MAIN_NS: Final = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_STRICT_NS: Final = "http://purl.oclc.org/ooxml/spreadsheetml/main"
_REL_NS: Final = "http://schemas.openxmlformats.org/package/2006/relationships"
_DOC_REL_NS: Final = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_CT_NS: Final = "http://schemas.openxmlformats.org/package/2006/content-types"
XML_DECLARATION: Final = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
#: The calculation engine id Excel for Microsoft 365 (and Excel 2019) writes in
#: ``<calcPr calcId=...>``: pyOpenVBA 6.5.0's blank workbook, saved by Excel for Microsoft
#: 365 (fileVersion rupBuild 29929), carries ``<calcPr calcId="191029"/>``; xlwings
#: 0.37.8's quickstart.xlsm, saved by Excel 2016, carries 171027.  ECMA-376 Part 1
#: §18.2.2: an application whose engine is newer than a file's calcId recalculates the
#: whole workbook on load, as ``fullCalcOnLoad="1"`` asks every application to do.
CURRENT_CALC_ID: Final = 191029


@dataclass(frozen=True, slots=True)
class CacheReport:
    """What :func:`write_cached_values` did."""

    #: Cells holding a formula, or inside an array formula's range.
    formula_cells: int
    #: Of those, how many got a computed value.
    written: int
    #: Formula cells for which no computed value was given (left as they were).
    missing: tuple[CellKey, ...]
    #: Formula cells whose value is an error: an error value, or text that starts with one
    #: (how the registry's functions report bad input, e.g. "#VALUE! k is blank ...").
    errors: tuple[CellKey, ...] = ()


# ---------------------------------------------------------------- package structure


def _part_path(base: str, target: str) -> str:
    if target.startswith("/"):
        return target.lstrip("/")
    return posixpath.normpath(posixpath.join(posixpath.dirname(base), target)).lstrip("/")


def _rels_path(part: str) -> str:
    folder, name = posixpath.split(part)
    return posixpath.join(folder, "_rels", name + ".rels")


def _relationships(zf: zipfile.ZipFile, part: str) -> list[tuple[str, str, str]]:
    """(Id, Type, part path) of the relationships of *part* ("" for the package)."""
    path = _rels_path(part) if part else "_rels/.rels"
    if path not in zf.namelist():
        return []
    root = ElementTree.fromstring(zf.read(path))
    return [
        (rel.get("Id", ""), rel.get("Type", ""), _part_path(part, rel.get("Target", "")))
        for rel in root.iter(f"{{{_REL_NS}}}Relationship")
        if rel.get("TargetMode") != "External"
    ]


def relationships(zf: zipfile.ZipFile, part: str) -> list[tuple[str, str, str]]:
    """(Id, Type, part path) of the internal relationships of *part* ("" for the package)."""
    return _relationships(zf, part)


def workbook_part(zf: zipfile.ZipFile) -> str:
    """The path of the package's workbook part (``xl/workbook.xml`` as Excel writes it)."""
    for _, kind, target in _relationships(zf, ""):
        if kind.endswith("/officeDocument"):
            return target
    return "xl/workbook.xml"


def sheet_parts(zf: zipfile.ZipFile) -> list[tuple[str, str]]:
    """(sheet name, part path) of every worksheet, in the workbook's order."""
    book = workbook_part(zf)
    targets = {rid: target for rid, _, target in _relationships(zf, book)}
    root = ElementTree.fromstring(zf.read(book))
    sheets = []
    for ns in (_MAIN_NS, _STRICT_NS):
        for sheet in root.iter(f"{{{ns}}}sheet"):
            rid = sheet.get(f"{{{_DOC_REL_NS}}}id") or sheet.get(
                "{http://purl.oclc.org/ooxml/officeDocument/relationships}id", ""
            )
            if rid in targets:
                sheets.append((sheet.get("name", ""), targets[rid]))
    return sheets


def sheet_names(path: str | Path) -> list[str]:
    """The names of the worksheets of the xlsx file at *path*, in order."""
    with zipfile.ZipFile(path) as zf:
        return [name for name, _ in sheet_parts(zf)]


# ---------------------------------------------------------------- one sheet


def children(node: minidom.Element, local: str) -> list[minidom.Element]:
    return [c for c in node.childNodes if isinstance(c, minidom.Element) and c.localName == local]


class SheetRewriter:
    def __init__(self, data: bytes) -> None:
        self.doc = minidom.parseString(data)
        root = self.doc.documentElement
        if root is None:
            raise ValueError("a worksheet part without a root element")
        self.root: minidom.Element = root
        self.ns = self.root.namespaceURI
        self.prefix = self.root.prefix
        found = children(self.root, "sheetData")
        self.sheet_data = found[0] if found else None
        self.rows: dict[int, minidom.Element] = {}
        self.cells: dict[tuple[int, int], minidom.Element] = {}
        self.added = False
        if self.sheet_data is not None:
            self._index()

    def _tag(self, local: str) -> str:
        return f"{self.prefix}:{local}" if self.prefix else local

    def _new(self, local: str) -> minidom.Element:
        return self.doc.createElementNS(self.ns, self._tag(local))

    def _index(self) -> None:
        assert self.sheet_data is not None
        row_number = 0
        for row in children(self.sheet_data, "row"):
            row_number = int(row.getAttribute("r") or row_number + 1)
            if not row.getAttribute("r"):
                row.setAttribute("r", str(row_number))
            self.rows[row_number] = row
            col = 0
            for cell in children(row, "c"):
                ref = cell.getAttribute("r")
                if ref:
                    _, col = parse_cell(ref)
                else:
                    col += 1
                    cell.setAttribute("r", address(row_number, col))
                self.cells[(row_number, col)] = cell

    def formula_targets(self) -> list[tuple[int, int]]:
        """Cells holding a formula, and every cell of each array formula's range."""
        targets: dict[tuple[int, int], None] = {}
        for position, cell in list(self.cells.items()):
            formulas = children(cell, "f")
            if not formulas:
                continue
            kind = formulas[0].getAttribute("t")
            ref = formulas[0].getAttribute("ref")
            if kind == "dataTable":
                continue
            if kind == "array" and ref:
                for member in cell_range(ref):
                    targets[member] = None
            targets[position] = None
        return list(targets)

    def cell(self, row: int, col: int) -> minidom.Element:
        """The cell element at (row, col), created in order if the sheet lacks it."""
        found = self.cells.get((row, col))
        if found is not None:
            return found
        assert self.sheet_data is not None
        row_element = self.rows.get(row)
        if row_element is None:
            row_element = self._new("row")
            row_element.setAttribute("r", str(row))
            later = [r for n, r in sorted(self.rows.items()) if n > row]
            self.sheet_data.insertBefore(row_element, later[0] if later else None)
            self.rows[row] = row_element
        cell = self._new("c")
        cell.setAttribute("r", address(row, col))
        later_cells = [c for (r, k), c in sorted(self.cells.items()) if r == row and k > col]
        row_element.insertBefore(cell, later_cells[0] if later_cells else None)
        self.cells[(row, col)] = cell
        self.added = True
        spans = row_element.getAttribute("spans")
        if spans:
            cols = [k for (r, k) in self.cells if r == row]
            row_element.setAttribute("spans", f"{min(cols)}:{max(cols)}")
        return cell

    def set_value(self, cell: minidom.Element, value: object, values_only: bool) -> None:
        for local in ("v", "is"):
            for child in children(cell, local):
                cell.removeChild(child)
        if cell.hasAttribute("t"):
            cell.removeAttribute("t")
        formulas = children(cell, "f")
        if values_only:
            for child in formulas:
                cell.removeChild(child)
            formulas = []
            for attribute in ("cm", "vm"):
                if cell.hasAttribute(attribute):
                    cell.removeAttribute(attribute)
        if value is None:
            return
        kind, text = _typed(value)
        after: Any = formulas[-1].nextSibling if formulas else cell.firstChild
        if kind == "str" and values_only:
            cell.setAttribute("t", "inlineStr")
            inline, t = self._new("is"), self._new("t")
            if text != text.strip():
                t.setAttribute("xml:space", "preserve")
            t.appendChild(self.doc.createTextNode(text))
            inline.appendChild(t)
            cell.insertBefore(inline, after)
            return
        cell.setAttribute("t", kind)
        v = self._new("v")
        v.appendChild(self.doc.createTextNode(text))
        cell.insertBefore(v, after)

    def update_dimension(self) -> None:
        if not self.added or not self.cells:
            return
        found = children(self.root, "dimension")
        if not found:
            return
        rows = [r for r, _ in self.cells]
        cols = [c for _, c in self.cells]
        first, last = address(min(rows), min(cols)), address(max(rows), max(cols))
        found[0].setAttribute("ref", first if first == last else f"{first}:{last}")

    def to_bytes(self) -> bytes:
        # A carriage return in the tree came from a reference (the parser turned each
        # written one into a line feed) or from a value: written back as a reference.
        return (XML_DECLARATION + self.root.toxml().replace("\r", "&#13;")).encode("utf-8")


#: Characters XML 1.0 cannot hold, even as references: the C0 controls but tab, line feed
#: and carriage return; U+FFFE, U+FFFF; surrogates (a lone one cannot be UTF-8 either).
_NOT_XML_RE: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
#: A literal ``_xHHHH_`` in a text: it is escaped too, or readers would decode it.
_LOOKS_ESCAPED_RE: Final = re.compile("_(x[0-9A-Fa-f]{4}_)")


def excel_text(text: str) -> str:
    """*text* as Excel writes it in a cell (ECMA-376 Part 1 §22.9.2.19, ST_Xstring): a
    character XML cannot hold becomes ``_xHHHH_`` (its UTF-16 code in hex), and a literal
    ``_xHHHH_`` gets its underscore escaped (``_x005F_``), so Excel and LibreOffice read
    back the very text. Excel writes ``=CHAR(1)``'s result so.

    >>> excel_text("a\x01b")
    'a_x0001_b'
    >>> excel_text("_x0041_ and tab\t")
    '_x005F_x0041_ and tab\t'
    """
    text = _LOOKS_ESCAPED_RE.sub(r"_x005F_\1", text)
    return _NOT_XML_RE.sub(lambda found: f"_x{ord(found.group()):04X}_", text)


def _typed(value: object) -> tuple[str, str]:
    """The cell type ``t`` and ``<v>`` text for a computed value (text as
    :func:`excel_text` writes it; a carriage return stays one, written ``&#13;`` by both
    writers so that no XML reader turns it into a line feed)."""
    if isinstance(value, CellError):
        text = str(value)
        return "e", text if text in EXCEL_ERRORS else "#VALUE!"
    if isinstance(value, bool):
        return "b", "1" if value else "0"
    if isinstance(value, int):
        return "n", str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return "e", "#NUM!"
        return "n", str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    return "str", excel_text(str(value))


def _is_error(value: object) -> bool:
    return isinstance(value, str) and value.split(" ", 1)[0] in EXCEL_ERRORS


# ---------------------------------------------------------------- calculation on load

_CALC_PR_RE: Final = re.compile(
    r"<(?:([A-Za-z_][\w.-]*):)?calcPr\b((?:\s+[^\s=/>]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*)\s*"
    r"(/>|>.*?</(?:[A-Za-z_][\w.-]*:)?calcPr\s*>)",
    re.DOTALL,
)
#: The elements that come before calcPr in a workbook part (ECMA-376 CT_Workbook order).
_BEFORE_CALC_PR: Final = ("definedNames", "externalReferences", "functionGroups", "sheets")


def calc_properties(workbook_xml: bytes) -> dict[str, str] | None:
    """The attributes of the workbook part's ``calcPr`` (raw values, without quotes), or
    None when it has none.

    >>> calc_properties(b'<workbook><sheets/><calcPr calcId="191029"/></workbook>')
    {'calcId': '191029'}
    """
    found = _CALC_PR_RE.search(workbook_xml.decode("utf-8", "replace"))
    return None if found is None else _attributes(found.group(2) or "")


def with_calc_properties(workbook_xml: bytes, *, current: bool) -> bytes:
    """The workbook part *workbook_xml* with the ``calcPr`` Excel writes for its values.

    *current*: every formula cell carries the value its formula gives now (a headless
    recalculation wrote them all), so the file gets ``calcId`` =
    :data:`CURRENT_CALC_ID` and no ``fullCalcOnLoad``: Excel opens it showing those values
    and recalculates only what the user changes.  Otherwise (placeholder values, or cells
    changed since they were computed) it gets ``fullCalcOnLoad="1"``: every application
    recalculates the whole workbook when it opens it.  Other attributes (calculation
    mode, iteration) are kept; a part without ``calcPr`` gets one.

    >>> with_calc_properties(b'<workbook><sheets/><calcPr calcId="124519" fullCalcOnLoad="1"/>'
    ...                      b'</workbook>', current=True)
    b'<workbook><sheets/><calcPr calcId="191029"/></workbook>'
    >>> with_calc_properties(b'<workbook><sheets/></workbook>', current=False)
    b'<workbook><sheets/><calcPr calcId="191029" fullCalcOnLoad="1"/></workbook>'
    """
    text = workbook_xml.decode("utf-8")
    found = _CALC_PR_RE.search(text)
    if found is not None:
        prefix = found.group(1) or ""
        attributes = _attributes(found.group(2) or "")
        start, end = found.span()
    else:
        root = _ROOT_RE.search(text)
        prefix = (root.group(1) or "") if root else ""
        tag = f"{re.escape(prefix)}:" if prefix else ""
        start = end = -1
        for local in _BEFORE_CALC_PR:
            closing = re.search(
                rf"</{tag}{local}\s*>|<{tag}{local}\b{_ATTRIBUTES}/>", text, re.DOTALL
            )
            if closing is not None:
                start = end = closing.end()
                break
        if start < 0:
            raise ValueError("a workbook part without sheets")
        attributes = {}
    if current:
        attributes["calcId"] = str(CURRENT_CALC_ID)
        attributes.pop("fullCalcOnLoad", None)
    else:
        attributes.setdefault("calcId", str(CURRENT_CALC_ID))
        attributes["fullCalcOnLoad"] = "1"
    name = f"{prefix}:calcPr" if prefix else "calcPr"
    element = f"<{name}" + "".join(f' {k}="{v}"' for k, v in attributes.items()) + "/>"
    return (text[:start] + element + text[end:]).encode("utf-8")


# ---------------------------------------------------------------- the package


def without_calc_chain(name: str, data: bytes) -> bytes:
    """The part *name* ([Content_Types].xml or the workbook's relationships) without its
    entry for the calculation chain (xl/calcChain.xml), which Excel rebuilds."""
    text = data.decode("utf-8")
    if name == "[Content_Types].xml":
        text = re.sub(r"<Override\b[^>]*PartName=\"/xl/calcChain\.xml\"[^>]*/>", "", text)
    else:
        text = re.sub(r"<Relationship\b[^>]*Type=\"[^\"]*/calcChain\"[^>]*/>", "", text)
    return text.encode("utf-8")


@dataclass
class _SheetResult:
    """What rewriting one sheet part gave: its new bytes (None: unchanged) and counts."""

    data: bytes | None
    total: int = 0
    written: int = 0
    missing: list[CellKey] = field(default_factory=list)
    errors: list[CellKey] = field(default_factory=list)


def _rewrite_dom(
    data: bytes, sheet: str, lookup: Mapping[CellKey, object], values_only: bool
) -> _SheetResult:
    """Write the values into one sheet part through the DOM (:class:`SheetRewriter`).

    The reference implementation: it handles every sheet (cells it has to create, rows
    and cells without ``r``), but parses and writes back the whole part.
    """
    rewriter = SheetRewriter(data)
    if rewriter.sheet_data is None:
        return _SheetResult(None)
    result = _SheetResult(None)
    for row, col in rewriter.formula_targets():
        result.total += 1
        key = (sheet, address(row, col))
        if key not in lookup:
            result.missing.append((sheet, address(row, col)))
            if values_only and (row, col) in rewriter.cells:
                for f in children(rewriter.cells[(row, col)], "f"):
                    rewriter.cells[(row, col)].removeChild(f)
            continue
        value = lookup[key]
        rewriter.set_value(rewriter.cell(row, col), value, values_only)
        result.written += 1
        if _is_error(value):
            result.errors.append((sheet, address(row, col)))
    rewriter.update_dimension()
    result.data = rewriter.to_bytes()
    return result


# ---------------------------------------------------------------- the fast path
#
# A template with 5,000 game rows has some 40,000 cells on one sheet and about a thousand
# formula cells in all; parsing every part into a DOM took seconds.  The fast path finds
# the cells with regular expressions, rewrites only the formula cells, and copies every
# other byte of the part as it is.  It gives up (returns None, and the DOM path does the
# sheet) on anything it does not expect: a row or cell without ``r``, a cell written
# twice, a member of an array formula that has no cell yet, another prefix on the cells,
# comments or CDATA sections among the cells, an encoding other than UTF-8.

_ATTRIBUTES: Final = r"""(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*"""
_ATTRIBUTE_RE: Final = re.compile(r"""([^\s=/>]+)\s*=\s*("[^"]*"|'[^']*')""")
_ROOT_RE: Final = re.compile(r"<(?![?!])(?:([A-Za-z_][\w.-]*):)?[A-Za-z_][\w.-]*[\s/>]")
_DECLARED_RE: Final = re.compile(r"""^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']""")
_ANY_CELL_RE: Final = re.compile(r"<(?:([A-Za-z_][\w.-]*):)?c[\s/>]")


@dataclass(frozen=True)
class _Patterns:
    sheet_data: re.Pattern[str]
    row: re.Pattern[str]
    cell: re.Pattern[str]
    formula: re.Pattern[str]
    value: re.Pattern[str]
    prefix: str


def _patterns(prefix: str) -> _Patterns:
    tag = f"{re.escape(prefix)}:" if prefix else ""

    def element(local: str) -> str:
        return rf"<{tag}{local}({_ATTRIBUTES})(?:/>|>(.*?)</{tag}{local}\s*>)"

    return _Patterns(
        sheet_data=re.compile(
            rf"<{tag}sheetData{_ATTRIBUTES}(?:/>|>(.*?)</{tag}sheetData\s*>)", re.DOTALL
        ),
        row=re.compile(rf"<{tag}row({_ATTRIBUTES})/?>"),
        cell=re.compile(element("c"), re.DOTALL),
        formula=re.compile(element("f"), re.DOTALL),
        value=re.compile(f"{element('v')}|{element('is')}", re.DOTALL),
        prefix=f"{prefix}:" if prefix else "",
    )


def _attributes(text: str) -> dict[str, str]:
    """Attribute name -> raw value (escaped, without its quotes), in document order."""
    return {name: raw[1:-1] for name, raw in _ATTRIBUTE_RE.findall(text)}


def _unescape(raw: str) -> str:
    return (
        raw.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", '"')
        .replace("&apos;", "'")
        .replace("&amp;", "&")
    )


def _escape(text: str) -> str:
    """Text as minidom writes it, a carriage return as a reference (so both paths give
    the same characters, see :meth:`SheetRewriter.to_bytes`)."""
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace('"', "&quot;")
        .replace(">", "&gt;")
        .replace("\r", "&#13;")
    )


def _fast_cell(
    match: re.Match[str], pat: _Patterns, value: object, set_value: bool, values_only: bool
) -> str:
    """The new text of one formula cell: its value written (*set_value*) or, without a
    value, only its formulas dropped (*values_only*); the same as the DOM path does."""
    attributes = _attributes(match.group(1))
    inner = match.group(2) or ""
    if set_value:
        inner = pat.value.sub("", inner)
        attributes.pop("t", None)
    if values_only:
        inner = pat.formula.sub("", inner)
        if set_value:
            attributes.pop("cm", None)
            attributes.pop("vm", None)
    if set_value and value is not None:
        kind, text = _typed(value)
        p = pat.prefix
        if kind == "str" and values_only:
            attributes["t"] = "inlineStr"
            space = ' xml:space="preserve"' if text != text.strip() else ""
            new = f"<{p}is><{p}t{space}>{_escape(text)}</{p}t></{p}is>"
        else:
            attributes["t"] = kind
            new = f"<{p}v>{_escape(text)}</{p}v>"
        formulas = list(pat.formula.finditer(inner))
        at = formulas[-1].end() if formulas else 0
        inner = inner[:at] + new + inner[at:]
    head = f"<{pat.prefix}c" + "".join(
        f' {k}="{v.replace(chr(34), "&quot;")}"' for k, v in attributes.items()
    )
    return f"{head}/>" if not inner else f"{head}>{inner}</{pat.prefix}c>"


#: A cell's ``r`` attribute in the form almost every writer uses (upper case, no ``$``).
_PLAIN_REF_RE: Final = re.compile(r'(?:^|\s)r="([A-Z]{1,3})([0-9]+)"')


@functools.lru_cache(maxsize=1024)
def _column(letters: str) -> int:
    return column_number(letters)


_Found = tuple[dict[tuple[int, int], re.Match[str]], list[tuple[int, int]]]


def _every_cell(body: str, pat: _Patterns) -> _Found | None:
    """Every cell of *body* by position, and the positions of those holding a formula;
    None for a cell without ``r`` or a cell written twice."""
    cells: dict[tuple[int, int], re.Match[str]] = {}
    formulas: list[tuple[int, int]] = []
    formula_tag = f"<{pat.prefix}f"  # only then the pattern is tried
    for match in pat.cell.finditer(body):
        plain = _PLAIN_REF_RE.search(match.group(1))  # nearly every cell: r="B5"
        if plain is not None:
            position = (int(plain.group(2)), _column(plain.group(1)))
        else:
            ref = _attributes(match.group(1)).get("r")
            if ref is None:
                return None
            position = parse_cell(_unescape(ref))
        if position in cells:
            return None
        cells[position] = match
        inner = match.group(2)
        if inner and formula_tag in inner and pat.formula.search(inner):
            formulas.append(position)
    return cells, formulas


def _formula_cells(body: str, pat: _Patterns, cell_count: int) -> _Found | None:
    """The formula cells of *body* alone, found from their formulas (a sheet of 30,000
    typed cells and one formula is not gone through cell by cell), when that is sure to
    give what :func:`_every_cell` gives: every one of the *cell_count* cells has a plain,
    distinct ``r`` and no formula is an array of more than one cell (its members are
    found by :func:`_every_cell`). None otherwise."""
    refs = _PLAIN_REF_RE.findall(body)
    if len(refs) != cell_count or len(set(refs)) != cell_count:
        return None
    cells: dict[tuple[int, int], re.Match[str]] = {}
    formulas: list[tuple[int, int]] = []
    opening = f"<{pat.prefix}c"
    for tag in _formula_tag_re(pat.prefix).finditer(body):
        start = body.rfind(opening, 0, tag.start())
        if start < 0 or body[start + len(opening)] not in " \t\r\n/>":
            return None
        match = pat.cell.match(body, start)
        if match is None or match.end() <= tag.start():
            return None
        plain = _PLAIN_REF_RE.search(match.group(1))
        inner = match.group(2) or ""
        first = pat.formula.search(inner)
        if plain is None or first is None:
            return None
        head = _attributes(first.group(1))
        if _unescape(head.get("t", "")) == "array" and ":" in head.get("ref", ""):
            return None
        position = (int(plain.group(2)), _column(plain.group(1)))
        if position not in cells:  # a cell's second formula element: the same cell
            cells[position] = match
            formulas.append(position)
    return cells, formulas


@functools.lru_cache(maxsize=8)
def _formula_tag_re(prefix: str) -> re.Pattern[str]:
    """The opening of a formula element (``<f>``, ``<f t="array" ...>``, ``<x:f/>``)."""
    return re.compile(rf"<{re.escape(prefix)}f[\s/>]")


def _rewrite_fast(
    data: bytes, sheet: str, lookup: Mapping[CellKey, object], values_only: bool
) -> _SheetResult | None:
    """Write the values into one sheet part by rewriting its formula cells only; None
    when the part holds something the fast path does not handle."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    declared = _DECLARED_RE.match(text)
    if declared and declared.group(1).lower().replace("-", "") != "utf8":
        return None
    root = _ROOT_RE.search(text)
    if root is None:
        return None
    pat = _patterns(root.group(1) or "")
    found = pat.sheet_data.search(text)
    if found is None:
        return None if "sheetData" in text else _SheetResult(None)
    body, offset = found.group(1) or "", found.start(1)
    if "<!--" in body or "<![CDATA[" in body:
        return None
    prefix = root.group(1) or ""
    prefixes = _ANY_CELL_RE.findall(body)
    if any(p != prefix for p in set(prefixes)):
        return None
    if any("r" not in _attributes(m.group(1)) for m in pat.row.finditer(body)):
        return None
    found_cells = _formula_cells(body, pat, len(prefixes)) or _every_cell(body, pat)
    if found_cells is None:
        return None
    cells, formulas = found_cells
    targets: dict[tuple[int, int], None] = {}
    for position in formulas:
        inner = cells[position].group(2)
        first = pat.formula.search(inner)
        assert first is not None
        head = _attributes(first.group(1))
        kind, ref = _unescape(head.get("t", "")), _unescape(head.get("ref", ""))
        if kind == "dataTable":
            continue
        if kind == "array" and ref:
            for member in cell_range(ref):
                if member not in cells:
                    return None
                targets[member] = None
        targets[position] = None
    result = _SheetResult(None)
    edits: list[tuple[int, int, str]] = []
    for row, col in targets:
        result.total += 1
        where = address(row, col)
        match = cells[(row, col)]
        key = (sheet, where)
        if key not in lookup:
            result.missing.append((sheet, where))
            if values_only:
                edits.append(
                    (match.start(), match.end(), _fast_cell(match, pat, None, False, True))
                )
            continue
        value = lookup[key]
        edits.append((match.start(), match.end(), _fast_cell(match, pat, value, True, values_only)))
        result.written += 1
        if _is_error(value):
            result.errors.append((sheet, where))
    result.data = _spliced(text, offset, body, edits).encode("utf-8")
    return result


def _spliced(text: str, offset: int, body: str, edits: list[tuple[int, int, str]]) -> str:
    """*text* with the spans (start, end) of *body*, its part at *offset*, replaced."""
    pieces, at = [text[:offset]], 0
    for start, end, new in sorted(edits):
        pieces.append(body[at:start])
        pieces.append(new)
        at = end
    pieces.append(body[at:])
    pieces.append(text[offset + len(body) :])
    return "".join(pieces)


def write_cached_values(
    source: str | Path,
    target: str | Path,
    values: Mapping[CellKey, object],
    *,
    values_only: bool = False,
) -> CacheReport:
    """Copy the xlsx file *source* to *target* with *values* written into its formula cells.

    :param source: the workbook to copy (never modified, unless it is also *target*).
    :param target: where to write; written to a temporary file first, then renamed.
    :param values: computed values by (sheet name, cell such as ``"B5"``): numbers, text,
        booleans, :class:`CellError` for error values, or None for an empty result.
    :param values_only: drop the formulas and keep only the values.
    :returns: a :class:`CacheReport`.

    The workbook's ``calcPr`` says whether the values are current
    (:func:`with_calc_properties`): when every formula cell got a value, Excel opens the
    copy showing them; when some did not, it recalculates everything on load.
    :raises zipfile.BadZipFile: if *source* is not an xlsx (zip) file.
    """
    return _write_cached_values(source, target, values, values_only, fast=True)


class _Caseless(Mapping[CellKey, object]):
    """Cell values by (sheet, cell) whatever the case of either: looked up as given, and
    upper-cased only when a key is not found so (the folded copy is made once, not for
    every write: a grown book's values are a hundred thousand cells)."""

    def __init__(self, values: Mapping[CellKey, object]) -> None:
        self._values = values
        self._folded: dict[CellKey, object] | None = None

    def _fold(self) -> dict[CellKey, object]:
        if self._folded is None:
            self._folded = {(s.upper(), c.upper()): v for (s, c), v in self._values.items()}
        return self._folded

    def __getitem__(self, key: CellKey) -> object:
        if key in self._values:
            return self._values[key]
        return self._fold()[(key[0].upper(), key[1].upper())]

    def __contains__(self, key: object) -> bool:
        if key in self._values:
            return True
        if not (isinstance(key, tuple) and len(key) == 2 and all(isinstance(k, str) for k in key)):
            return False
        return (key[0].upper(), key[1].upper()) in self._fold()

    def __iter__(self) -> Iterator[CellKey]:
        return iter(self._fold())

    def __len__(self) -> int:
        return len(self._fold())


def _write_cached_values(
    source: str | Path,
    target: str | Path,
    values: Mapping[CellKey, object],
    values_only: bool,
    *,
    fast: bool,
) -> CacheReport:
    """:func:`write_cached_values`, with the fast path (*fast*) or the DOM path only."""
    source, target = Path(source), Path(target)
    lookup = _Caseless(values)
    total = written = 0
    missing: list[CellKey] = []
    errors: list[CellKey] = []
    with zipfile.ZipFile(source) as zf:
        sheets = dict((part, name) for name, part in sheet_parts(zf))
        calc_chain = [
            target_part
            for _, kind, target_part in _relationships(zf, workbook_part(zf))
            if kind.endswith("/calcChain")
        ]
        book_part = workbook_part(zf)
        book_rels = _rels_path(book_part)
        replaced: dict[str, bytes] = {}
        for part, sheet in sheets.items():
            xml = zf.read(part)
            result = _rewrite_fast(xml, sheet, lookup, values_only) if fast else None
            if result is None:
                result = _rewrite_dom(xml, sheet, lookup, values_only)
            total += result.total
            written += result.written
            missing += result.missing
            errors += result.errors
            if result.data is not None:
                replaced[part] = result.data
        # Every formula cell computed: Excel may show the values as they are; otherwise it
        # must recalculate on load (see with_calc_properties).
        replaced[book_part] = with_calc_properties(zf.read(book_part), current=not missing)
        with (
            replacing(target) as temp_name,
            zipfile.ZipFile(temp_name, "w", zipfile.ZIP_DEFLATED) as out,
        ):
            for info in zf.infolist():
                name = info.filename
                if values_only and name in calc_chain:
                    continue
                data = replaced.get(name)
                if data is None:
                    data = zf.read(name)
                    if values_only and calc_chain and name in ("[Content_Types].xml", book_rels):
                        data = without_calc_chain(name, data)
                out.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
    return CacheReport(total, written, tuple(missing), tuple(errors))
