"""A club season's starting ratings from a rating list: what changes, and writing it.

The Players table of a season workbook holds each member's rating at the start of the
season (name, rating, rated games, floor, age; optional member-ID columns after them).
:func:`read_players_sheet` reads it with the member IDs; :func:`plan_start` decides, for a
:class:`~xlrating.imports.rating_lists.RatingList`, which cells change; :func:`write_cells`
writes cells of one sheet into a copy of the book.

Where the member IDs are: a column of the Players table's header row headed ``FIDE ID``
or ``US Chess ID`` (also ``USCF ID``; case and spacing ignored), wherever it stands; else
the table's 7th column (FIDE ID) or 6th (US Chess ID) when the table is that wide, the
layout of the living-season Players table.

What a list fills (see docs/files.md, "Rating lists"):

* rating: the list's rating of the type asked for (a member the list shows unrated keeps
  his cell);
* rated games: US Chess: ``gamesPlayed`` (member JSON), the provisional game count
  (supplements); where the list gives no count (FIDE's lists: ``Gms`` is the games of the
  last period, not the count a rating rests on; a supplement's established rating) the
  cell is kept, except a ``0`` left from an unrated player, cleared (blank: established);
* floor: US Chess member JSON's ``floor``;
* age: FIDE's birth year, as the age reached in the list's year (no date: not filled).

A season with no events yet takes every change; a season with events changes only the
rows without a rating, unless *replace* (``--replace-start``).

The book is opened once (a :class:`~xlrating.workbook.ooxml.package.Package`) and its
cells written in memory (only the cells written and the workbook part's ``calcPr``, which
asks for a recalculation on load, change; every other part is copied byte for byte), as
:mod:`xlrating.workbook.season.book` edits it, and the new file must pass the guard before
it is kept.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from ...imports.rating_lists import ListEntry, RatingList
from ..ooxml.a1 import address, bounds
from ..ooxml.package import Package
from .find import (
    SeasonBookError,
    SeasonLayout,
    layout_from_xml,
    layout_of,
)
from .find import load_book as _load_book
from .layout import RECORD_PREFIX as RECORD_PREFIX  # the record's first words
from .write import save_checked, write_edits

__all__ = [
    "RECORD_PREFIX",
    "Change",
    "PlayersSheet",
    "StartPlan",
    "plan_start",
    "read_players_sheet",
    "write_cells",
]

#: Headings of the member-ID columns (lower case, spaces removed), and the column of the
#: table each is when no heading names it (the living-season layout: 6 = US Chess ID,
#: 7 = FIDE ID).
_ID_HEADINGS: Final = {
    "FIDE ID": ({"fideid", "fide"}, 7),
    "US Chess ID": ({"uschessid", "uscfid", "uschess", "uscf"}, 6),
}
_COLUMNS: Final = ("name", "rating", "rated games", "floor", "age")


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One row of the Players table holding a name."""

    row: int
    name: str
    #: The cells name, rating, games, floor, age as read (None: blank).
    cells: tuple[object, ...]
    #: The row's member IDs: column heading ("FIDE ID") -> ID (None: blank).
    ids: Mapping[str, str | None]


@dataclass(frozen=True, slots=True)
class PlayersSheet:
    """A season book's Players table, its ID columns and whether the season has events."""

    sheet: str
    ref: str
    rows: tuple[PlayerRow, ...]
    #: ID column heading -> sheet column (1-based).
    id_columns: Mapping[str, int]
    has_events: bool
    #: The record cell (row, column) and what it holds.
    record: tuple[int, int]
    record_text: object


@dataclass(frozen=True, slots=True)
class Change:
    """A cell the list changes: (sheet row, column), its name, old and new values."""

    row: int
    col: int
    player: str
    what: str
    old: object
    new: object


@dataclass(frozen=True, slots=True)
class StartPlan:
    """What applying a list to the Players table does."""

    changes: tuple[Change, ...]
    #: Players whose ID the list does not hold: (name, ID).
    not_found: tuple[tuple[str, str], ...]
    #: Players with no ID of the list's kind.
    no_id: tuple[str, ...]
    #: Rated players left as they are because the season has events: (name, list rating).
    kept: tuple[tuple[str, int], ...]
    #: Players the list shows unrated in its type (their cells are kept).
    unrated: tuple[str, ...]
    #: Matched players: (name, ID, entry).
    matched: tuple[tuple[str, str, ListEntry], ...] = field(default=())
    #: The record cell's new text (None: not written, with why in *record_note*).
    record: str | None = None
    record_note: str = ""


# ---------------------------------------------------------------- reading


def _layout(package: Package) -> SeasonLayout:
    quick = layout_from_xml(package)
    if quick is not None:
        return quick
    return layout_of(_load_book(package), package.name)


def _key(text: object) -> str:
    return re.sub(r"[\s_.-]+", "", str(text)).casefold() if isinstance(text, str) else ""


def _member_id(value: object, where: str) -> str | None:
    """A member-ID cell: blank, a whole number, or digits."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if number and float(value) > 0 and float(value).is_integer():  # type: ignore[arg-type]
        return str(int(value))  # type: ignore[call-overload]
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        return value.strip().lstrip("0") or "0"
    raise SeasonBookError(f"{where} must be a member number, got {value!r}")


def read_players_sheet(package: Package) -> PlayersSheet:
    """The Players table of the season book *package*, with the member IDs of each row
    and whether the Games table holds any game.

    :raises SeasonBookError: a book the guard refuses, that is not a season book, or
        whose ID cells hold something other than a member number.
    """
    from openpyxl import load_workbook

    layout = _layout(package)
    sheet, ref = layout.players
    r1, c1, r2, c2 = bounds(ref)
    header = r1 - 1
    wb = load_workbook(package.stream(), read_only=True)
    try:
        names = {name.upper(): name for name in wb.sheetnames}
        if sheet.upper() not in names or layout.games[0].upper() not in names:
            raise SeasonBookError(f"{package.name}: the season's tables are on missing sheets")
        ws = wb[names[sheet.upper()]]
        last_col = max(c2, c1 + 6) + 20
        grid = [
            list(row)
            for row in ws.iter_rows(
                min_row=max(header - 1, 1),
                max_row=r2,
                min_col=1,
                max_col=last_col,
                values_only=True,
            )
        ]
        g1, gc1, g2, _ = bounds(layout.games[1])
        games = wb[names[layout.games[0].upper()]].iter_rows(
            min_row=g1, max_row=g2, min_col=gc1, max_col=gc1, values_only=True
        )
        has_events = any(row and row[0] is not None and str(row[0]).strip() for row in games)
    finally:
        wb.close()
    top = max(header - 1, 1)

    def cell(row: int, col: int) -> object:
        cells = grid[row - top] if 0 <= row - top < len(grid) else []
        value = cells[col - 1] if col - 1 < len(cells) else None
        return None if isinstance(value, str) and not value.strip() else value

    id_columns: dict[str, int] = {}
    for heading, (keys, position) in _ID_HEADINGS.items():
        found = [c for c in range(1, last_col + 1) if header >= 1 and _key(cell(header, c)) in keys]
        if found:
            id_columns[heading] = found[0]
        elif c2 - c1 + 1 >= position:
            id_columns[heading] = c1 + position - 1
    rows = []
    for r in range(r1, r2 + 1):
        name = cell(r, c1)
        if name is None:
            continue
        values = tuple(cell(r, c1 + j) if c1 + j <= c2 else None for j in range(len(_COLUMNS)))
        ids = {
            heading: _member_id(cell(r, col), f"{sheet}!{address(r, col)} ({heading})")
            for heading, col in id_columns.items()
        }
        rows.append(PlayerRow(r, " ".join(str(name).split()), values, ids))
    record = (max(r1 - 2, 1), c1)
    return PlayersSheet(sheet, ref, tuple(rows), id_columns, has_events, record, cell(*record))


# ---------------------------------------------------------------- planning


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def _blank_rating(value: object) -> bool:
    return value is None or (isinstance(value, str) and value.strip().lower() in {"", "unrated"})


def _age(entry: ListEntry, day: dt.date | None) -> int | None:
    if entry.birth_year is None or day is None or not 0 < day.year - entry.birth_year < 130:
        return None
    return day.year - entry.birth_year


def record_text(found: RatingList, today: dt.date) -> str:
    """The record of a list applied (written in the Players sheet's record cell)."""
    kind = found.rating if found.organisation == "FIDE" else f"rating {found.rating}"
    dated = f" of {found.date.isoformat()}" if found.date is not None else " (undated)"
    return (
        f"{RECORD_PREFIX}{found.organisation} {kind} list{dated} ({found.source}), "
        f"applied {today.isoformat()}"
    )


def plan_start(
    table: PlayersSheet, found: RatingList, *, replace: bool, today: dt.date
) -> StartPlan:
    """The cells *found* changes in *table* (see the module's text for what maps where).

    :param replace: change rated players' rows too when the season has events.
    """
    heading = found.id_column
    column = table.id_columns.get(heading)
    r1, c1, _, c2 = bounds(table.ref)
    if column is None:
        raise SeasonBookError(
            f"the Players table has no {heading} column: head a column {heading!r} beside "
            f"the table ({table.sheet}!{address(r1 - 1, c2 + 1)}) "
            "and type each member's ID in it"
        )
    rows_of: dict[str, PlayerRow] = {}
    for player in table.rows:
        member = player.ids.get(heading)
        if member is not None and member in rows_of:
            other = rows_of[member]
            raise SeasonBookError(
                f"{table.sheet}!{address(other.row, column)} and {address(player.row, column)}: "
                f"{other.name} and {player.name} have the same {heading} {member}: correct one"
            )
        if member is not None:
            rows_of[member] = player
    changes: list[Change] = []
    not_found, no_id, kept, unrated, matched = [], [], [], [], []
    for player in table.rows:
        member = player.ids.get(heading)
        if member is None:
            no_id.append(player.name)
            continue
        entry = found.entries.get(member)
        if entry is None:
            not_found.append((player.name, member))
            continue
        matched.append((player.name, member, entry))
        rating, games, floor, age = player.cells[1:5]
        if entry.rating is None:
            unrated.append(player.name)
            continue
        if table.has_events and not replace and not _blank_rating(rating):
            kept.append((player.name, entry.rating))
            continue

        def change(
            offset: int, what: str, old: object, new: int | None, player: PlayerRow = player
        ) -> None:
            if c1 + offset > c2 or ((old is None) if new is None else _number(old) == float(new)):
                return  # a narrower table has no such column; or nothing changes
            changes.append(Change(player.row, c1 + offset, player.name, what, old, new))

        change(1, "rating", rating, entry.rating)
        if found.organisation == "US Chess" and entry.games is not None:
            change(2, "rated games", games, entry.games)
        elif _number(games) == 0.0:  # left from an unrated player; the count is not given
            change(2, "rated games", games, None)
        if entry.floor is not None:
            change(3, "floor", floor, entry.floor)
        years = _age(entry, found.date)
        if years is not None:
            change(4, "age", age, years)
    text: str | None = record_text(found, today)
    note = ""
    held = table.record_text
    if held is not None and not (isinstance(held, str) and held.startswith(RECORD_PREFIX)):
        text, note = (
            None,
            (
                f"{table.sheet}!{address(*table.record)} holds other text: the list is not "
                "recorded on the sheet"
            ),
        )
    return StartPlan(
        tuple(changes),
        tuple(not_found),
        tuple(no_id),
        tuple(kept),
        tuple(unrated),
        tuple(matched),
        text,
        note,
    )


# ---------------------------------------------------------------- writing


def write_cells(
    package: Package,
    target: str | Path,
    sheet: str,
    cells: Mapping[tuple[int, int], object],
) -> None:
    """Write *package* to *target* with *cells* of *sheet* ((row, column) -> value; None
    clears the cell) written as plain values, and the workbook marked for recalculation on
    load.  The new file must pass the guard before it replaces *target* (through a
    temporary file and a rename).

    :raises SeasonBookError: *sheet* is missing, or the copy would not pass the guard.
    """
    if package.sheet_part(sheet) is None:
        raise SeasonBookError(f"{package.name} has no sheet {sheet!r}")
    write_edits(package, {sheet: {key: _cell(value) for key, value in cells.items()}})
    save_checked(package, target)


def _cell(value: Any) -> object:
    if value is None or isinstance(value, str):
        return value
    return float(value)
