"""Formula text: its string literals and its A1 references, read, moved as Excel fills a
formula down or across, and continued the way two rows continue it.

The row and column edits (:mod:`~xlrating.workbook.ooxml.rows`,
:mod:`~xlrating.workbook.ooxml.columns`) and the filling of new table rows read formulas
through these; they work on the text alone, so a reference inside a string literal
(``"A1"``) is never touched.

>>> translate("=$A5+B5", 2, 1)
'=$A7+C7'
>>> continue_formula("=Players!$A$43", "=Players!$A$44", 1)
'=Players!$A$45'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Final

from ...sheet.cells import EXCEL_ROWS
from .a1 import column_letters, column_number

__all__ = [
    "REFERENCE",
    "SHEET_NAME",
    "continue_formula",
    "outside_strings",
    "row_number",
    "substitute",
    "translate",
    "unquote",
]

SHEET_NAME: Final = r"(?:'(?:[^']|'')+'|[^\W\d][\w.]*)"
#: A reference in a formula: optional sheet, then A1 or A1:B2 (each part may carry $), or
#: a range of whole rows (5:44).  Uppercase column letters only: files store them so,
#: and a lowercase word is a function or a name.
REFERENCE: Final = re.compile(
    r"(?<![\w.$\]!'])"
    rf"(?P<sheet>{SHEET_NAME}!)?"
    r"(?:(?P<c1>\$?[A-Z]{1,3})(?P<r1>\$?[0-9]{1,7})(?::(?P<c2>\$?[A-Z]{1,3})(?P<r2>\$?[0-9]{1,7}))?"
    r"|(?P<w1>\$?[0-9]{1,7}):(?P<w2>\$?[0-9]{1,7}))"
    r"(?![\w(!.\[$:])"
)
_STRING: Final = re.compile(r'"(?:[^"]|"")*"')


def unquote(sheet: str) -> str:
    """A sheet name as written in a formula (``'Bob''s'!`` or ``Games!``), as the book names it."""
    sheet = sheet[:-1] if sheet.endswith("!") else sheet
    if sheet.startswith("'") and sheet.endswith("'"):
        return sheet[1:-1].replace("''", "'")
    return sheet


def outside_strings(text: str) -> Iterator[tuple[bool, str]]:
    """(is code, piece) for the pieces of a formula: string literals are never code."""
    at = 0
    for match in _STRING.finditer(text):
        if match.start() > at:
            yield True, text[at : match.start()]
        yield False, match.group(0)
        at = match.end()
    if at < len(text):
        yield True, text[at:]


def substitute(
    text: str, replace: Callable[[re.Match[str]], str], pattern: re.Pattern[str] = REFERENCE
) -> str:
    """*text* (a formula) with every reference outside its string literals replaced by
    ``replace(match)`` (*pattern*: what a reference is; default :data:`REFERENCE`)."""
    return "".join(
        pattern.sub(replace, piece) if code else piece for code, piece in outside_strings(text)
    )


def row_number(text: str) -> tuple[str, int]:
    """A reference's row part as (its ``$`` or "", the number): ``"$44"`` is ("$", 44)."""
    return ("$" if text.startswith("$") else ""), int(text.lstrip("$"))


def translate(text: str, drow: int, dcol: int) -> str:
    """*text* as Excel fills it *drow* rows down and *dcol* columns right (relative parts
    of each reference move, $ parts stay)."""

    def move(part: str, delta: int, column: bool) -> str:
        if part.startswith("$") or not delta:
            return part
        if column:
            return column_letters(column_number(part) + delta)
        return str(int(part) + delta)

    def moved(m: re.Match[str]) -> str:
        prefix = m.group("sheet") or ""
        if m.group("w1"):
            return f"{prefix}{move(m.group('w1'), drow, False)}:{move(m.group('w2'), drow, False)}"
        first = move(m.group("c1"), dcol, True) + move(m.group("r1"), drow, False)
        if m.group("r2"):
            second = move(m.group("c2"), dcol, True) + move(m.group("r2"), drow, False)
            return f"{prefix}{first}:{second}"
        return prefix + first

    return substitute(text, moved)


def continue_formula(previous: str, model: str, steps: int) -> str | None:
    """*model*'s formula continued *steps* rows further the way it continues *previous*
    (None when the two are not one formula whose row numbers step evenly)."""

    def pieces(text: str) -> list[object]:
        parts: list[object] = []
        for code, piece in outside_strings(text):
            if not code:
                parts.append(piece)
                continue
            at = 0
            for m in REFERENCE.finditer(piece):
                parts.append(piece[at : m.start()])
                parts.append(m)
                at = m.end()
            parts.append(piece[at:])
        return parts

    before, after = pieces(previous), pieces(model)
    if len(before) != len(after):
        return None
    out: list[str] = []
    for old, new in zip(before, after, strict=True):
        if isinstance(old, str) or isinstance(new, str):
            if old != new:
                return None
            out.append(str(new))
            continue
        assert isinstance(old, re.Match) and isinstance(new, re.Match)
        shape_old = [old.group(k) for k in ("sheet", "c1", "c2")]
        shape_new = [new.group(k) for k in ("sheet", "c1", "c2")]
        if shape_old != shape_new:
            return None
        text = new.group("sheet") or ""
        numbers = ("w1", "w2") if new.group("w1") else ("r1", "r2")
        parts: list[str] = []
        for key, col in zip(numbers, ("c1", "c2"), strict=True):
            if new.group(key) is None:
                if old.group(key) is not None:
                    return None
                continue
            if old.group(key) is None:
                return None
            (d_old, a), (d_new, b) = row_number(old.group(key)), row_number(new.group(key))
            if d_old != d_new:
                return None
            row = b + (b - a) * steps
            if not 1 <= row <= EXCEL_ROWS:
                return None
            parts.append((new.group(col) or "") + d_new + str(row))
        out.append(text + ":".join(parts))
    return "".join(out)
