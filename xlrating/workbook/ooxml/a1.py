"""A1 addresses: the one place the workbook wing turns "B5" into numbers and back.

Rows and columns are 1-based here, as Excel numbers them (``"B5"`` is row 5, column 2);
a caller that counts from zero (XlsxWriter does) adds one at its own door.  Only plain
A1 references are read (``$`` signs allowed, no sheet name): :func:`split_sheet` takes a
sheet name off first.

>>> parse_cell("$AB$12")
(12, 28)
>>> address(12, 28)
'AB12'
>>> absolute("B14:B25")
'$B$14:$B$25'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

__all__ = [
    "CELL",
    "CELL_RE",
    "RANGE_RE",
    "absolute",
    "address",
    "bounds",
    "cell_range",
    "column_letters",
    "column_number",
    "parse_cell",
    "parse_row",
    "split_sheet",
]

#: One cell as a pattern: column letters and row number, each perhaps after a ``$``.
CELL: Final = r"\$?([A-Z]{1,3})\$?([0-9]+)"
#: A whole cell reference such as ``B5`` or ``$B$5``.
CELL_RE: Final = re.compile(rf"^{CELL}$")
#: A cell or a range such as ``C13:G22`` (groups: column, row, and the last cell's).
RANGE_RE: Final = re.compile(rf"^{CELL}(?::{CELL})?$")


def column_number(letters: str) -> int:
    """ "A" -> 1, "Z" -> 26, "AA" -> 27."""
    number = 0
    for char in letters:
        number = number * 26 + ord(char) - ord("A") + 1
    return number


def column_letters(number: int) -> str:
    """1 -> "A", 27 -> "AA" (0 -> "")."""
    letters = ""
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def address(row: int, col: int) -> str:
    """(5, 2) -> "B5"."""
    return f"{column_letters(col)}{row}"


def parse_cell(ref: str) -> tuple[int, int]:
    """ "B5" or "$B$5" -> (5, 2); a ValueError for anything else."""
    match = CELL_RE.match(ref.upper())
    if not match:
        raise ValueError(f"not a cell reference: {ref!r}")
    return int(match.group(2)), column_number(match.group(1))


def parse_row(raw: str) -> int:
    """A ``<row>``'s ``r`` attribute as openpyxl reads it: ``int()``, else a whole float
    (``"1.0"`` -> 1); a ValueError for anything else.  The guard refuses what this cannot
    read, so the readers after it (cells, rows, damaged cells) call it as they meet a row.

    >>> parse_row("7"), parse_row("7.0"), parse_row("7e0")
    (7, 7, 7)
    """
    try:
        return int(raw)
    except ValueError:
        number = float(raw)
    if not number.is_integer():
        raise ValueError(f"not a whole row number: {raw!r}")
    return int(number)


def cell_range(ref: str) -> Iterator[tuple[int, int]]:
    """The (row, column) pairs of a reference such as ``"E2:F4"``, row by row.

    >>> list(cell_range("B2:C3"))
    [(2, 2), (2, 3), (3, 2), (3, 3)]
    """
    first, _, last = ref.partition(":")
    row1, col1 = parse_cell(first)
    row2, col2 = parse_cell(last or first)
    for row in range(min(row1, row2), max(row1, row2) + 1):
        for col in range(min(col1, col2), max(col1, col2) + 1):
            yield row, col


def bounds(ref: str) -> tuple[int, int, int, int]:
    """(first row, first column, last row, last column) of "C13:G22" or "$C$13"."""
    cells = list(cell_range(ref.replace("$", "")))
    return cells[0][0], cells[0][1], cells[-1][0], cells[-1][1]


def absolute(ref: str) -> str:
    """ "B14:B25" -> "$B$14:$B$25"."""
    out = []
    for part in ref.replace("$", "").split(":"):
        letters = part.rstrip("0123456789")
        out.append(f"${letters}${part[len(letters) :]}")
    return ":".join(out)


def split_sheet(reference: str) -> tuple[str | None, str]:
    """ "'My sheet'!B5" -> ("My sheet", "B5"); no sheet name: (None, reference)."""
    if "!" not in reference:
        return None, reference
    sheet, ref = reference.rsplit("!", 1)
    if sheet.startswith("'") and sheet.endswith("'"):
        sheet = sheet[1:-1].replace("''", "'")
    return sheet, ref
