"""The first cell value openpyxl cannot read, named in one line.

openpyxl converts a cell's text by the cell's type as it loads a sheet (``t="n"`` a number,
``"b"`` 0 or 1, ``"d"`` an ISO 8601 date, ``"s"`` an index into the shared strings) and a
value that does not convert stops the whole load with "Unable to read workbook: could not
read worksheets from <a temporary file>" and an exception it does not show.  When that
happens, :func:`first_unreadable` reads the sheets again, converts each value as
openpyxl's worksheet reader does (``openpyxl/worksheet/_reader.py``: ``_cast_number``,
``bool(int(value))``, ``from_ISO8601``, ``shared_strings[int(value)]``) and says which cell
holds what, so that the user can retype it.

The package holds what the guard accepted (:mod:`xlrating.workbook.ooxml.guard`: no
DOCTYPE, no entity, bounded parts); its sheets are parsed by lxml (:func:`.package.parse`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from lxml import etree

from .a1 import column_letters, parse_cell, parse_row
from .package import MAIN_NAMESPACES, Package

__all__ = ["cast_number", "first_unreadable"]

#: The content type of the shared strings part (ECMA-376 Part 1 §12.3.15), by which
#: openpyxl finds it.
_SHARED_STRINGS: Final = (
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
)
_ROW_TAGS: Final = frozenset(f"{{{ns}}}row" for ns in MAIN_NAMESPACES)
_VALUE_TAGS: Final = frozenset(f"{{{ns}}}v" for ns in MAIN_NAMESPACES)
_SI_TAGS: Final = frozenset(f"{{{ns}}}si" for ns in MAIN_NAMESPACES)
#: The longest part of a value a message quotes.
_SHOWN: Final = 40


def cast_number(text: str) -> int | float:
    """openpyxl's ``_cast_number``: a float when the text has a point or an exponent."""
    if "." in text or "E" in text or "e" in text:
        return float(text)
    return int(text)


def _date(text: str) -> object:
    from openpyxl.utils.datetime import from_ISO8601

    return from_ISO8601(text)


#: Cell type -> (conversion as openpyxl makes it, what the value must be).
_CONVERSIONS: Final[dict[str, tuple[Callable[[str], object], str]]] = {
    "n": (cast_number, "a number"),
    "b": (lambda text: bool(int(text)), "TRUE or FALSE (written 1 or 0)"),
    "d": (_date, "a date (ISO 8601, such as 2026-01-10)"),
}


def _shared_strings(package: Package) -> int:
    """How many shared strings the workbook holds (openpyxl's list of them: the part
    [Content_Types].xml gives the shared strings' content type, whatever its name)."""
    name = package.part_of_type(_SHARED_STRINGS)
    if name is None or not package.has(name):
        return 0
    return sum(1 for element in package.xml(name).iter() if element.tag in _SI_TAGS)


def _problem(cell: etree._Element, strings: int) -> str | None:
    """Why openpyxl cannot read *cell*'s value (None: it can)."""
    value = next((child for child in cell if child.tag in _VALUE_TAGS), None)
    text = None if value is None else value.text
    if text is None:
        return None
    kind = cell.get("t", "n")
    if kind == "s":
        try:
            index = int(text)
        except ValueError:
            index = -1
        if 0 <= index < strings:
            return None
        return f"one of the workbook's {strings:,} shared strings (numbered from 0)"
    if kind not in _CONVERSIONS:
        return None
    convert, what = _CONVERSIONS[kind]
    try:
        convert(text)
    except (ValueError, TypeError, OverflowError):
        return what
    return None


def first_unreadable(package: Package) -> str | None:
    """The first cell of the workbook *package* whose value openpyxl cannot convert, in
    one line (None: every value converts), e.g. ``Sheet1!A1 holds 'abc', which is not a
    number ...``."""
    strings = _shared_strings(package)
    for name, part_name in package.sheet_parts():
        row = 0
        for element in package.xml(part_name).iter(*_ROW_TAGS):
            raw = element.get("r")
            row = parse_row(raw) if raw is not None else row + 1
            column = 0
            for cell in element:
                if not isinstance(cell.tag, str):
                    continue  # a comment or a processing instruction: no cell
                reference = cell.get("r")
                if reference is None:
                    column += 1
                    reference = f"{column_letters(column)}{row}"
                else:  # the guard has checked every r: a cell reference
                    column = parse_cell(reference)[1]
                what = _problem(cell, strings)
                if what is not None:
                    text = next(c.text for c in cell if c.tag in _VALUE_TAGS) or ""
                    return (
                        f"{name}!{reference} holds {text[:_SHOWN]!r}, which is not "
                        f"{what}: a damaged cell; retype it in Excel or LibreOffice "
                        "and save again"
                    )
    return None
