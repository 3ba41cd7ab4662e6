"""A club season workbook's Players and Games tables grown or shrunk (:func:`resize_season`),
as Excel inserts rows: the formulas, validations, formats and chart that refer to a table
follow it.

Split from :mod:`xlrating.workbook.season_book`, which re-exports :func:`resize_season`.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from .a1 import address, bounds
from .rows import Package, RowEdit, RowsError, formula_ranges
from .season_fit import (
    Area,
    GrowReport,
    Refused,
    SeasonBookError,
    SeasonLayout,
    fitted_ref,
    grid_of,
    last_used,
    layout_of,
    load_book,
    shape_of,
    write_book,
)
from .season_layout import (
    CARD_SHEET,
    CLUB_MAX_GAME_ROWS,
    CLUB_MAX_PLAYER_ROWS,
)
from .xlsx import (
    sheet_parts,
)

# ---------------------------------------------------------------- tables that grow


def _workbook_part(zf: zipfile.ZipFile) -> str:
    """The workbook part named by the package relationships (xl/workbook.xml)."""
    rels = zf.read("_rels/.rels").decode("utf-8", "replace")
    for match in re.finditer(r"<Relationship\b[^>]*>", rels):
        tag = match.group(0)
        if re.search(r'Type="[^"]*/officeDocument"', tag):
            found = re.search(r'Target="([^"]+)"', tag)
            if found:
                return found.group(1).lstrip("/")
    return "xl/workbook.xml"


def room_for(needed: int, step: int, most: int) -> int:
    """The rows a table grows to when it must hold *needed*: the next multiple of the
    template's standard room (*step*: 40 players, 600 games), at most *most*."""
    return min(-(-needed // step) * step, most)


def _followers(pkg: Package, layout: SeasonLayout, book: str) -> list[tuple[str, int, int]]:
    """The blocks of rows that follow the Players table, one row per player (the Ratings
    and Standings rows): ranges of as many rows as the table, on other sheets, whose rows
    hold formulas."""
    p_sheet, p_ref = layout.players
    g_sheet = layout.games[0]
    first, _, last, _ = bounds(p_ref)
    height = last - first
    found: dict[str, set[tuple[int, int]]] = {}
    for sheet, a, b in pkg.ranges():
        # The Player card's rows follow the events (its chart's range can have as many
        # rows as the Players table by chance), never the players.
        if b - a != height or sheet.casefold() in (
            p_sheet.casefold(),
            g_sheet.casefold(),
            CARD_SHEET.casefold(),
        ):
            continue
        found.setdefault(sheet, set()).add((a, b))
    for sheet, a, b in _player_arrays(pkg, layout):
        found.setdefault(sheet, set()).add((a, b))
    out: list[tuple[str, int, int]] = []
    for sheet, blocks in sorted(found.items()):
        blocks = {(a, b) for a, b in blocks if pkg.holds_formulas(sheet, a, b)}
        if len(blocks) > 1:
            shown = ", ".join(f"{a}-{b}" for a, b in sorted(blocks))
            raise SeasonBookError(
                f"{book}: sheet {sheet!r} has two blocks of rows that follow the Players "
                f"table ({shown}): xlrating cannot tell which one to grow"
            )
        out.extend((sheet, a, b) for a, b in blocks)
    return out


def _player_arrays(pkg: Package, layout: SeasonLayout) -> list[tuple[str, int, int]]:
    """The array formulas of one row per player (the Crosstable's EVENT_CROSSTABLE): an
    array on another sheet that reads the Players table and has as many rows as it, or
    one more for its header; returns (sheet, first player row, last row) of each.  The
    SEASON_RATINGS array is not one: it is fitted to the players listed, not the room."""
    p_sheet, p_ref = layout.players
    first, _, last, _ = bounds(p_ref)
    rows = last - first + 1
    out: list[tuple[str, int, int]] = []
    for sheet in pkg.sheets.values():
        if sheet.name.casefold() == p_sheet.casefold():
            continue
        for cell, text, ref in sheet.arrays():
            if sheet.name.casefold() == layout.sheet.casefold() and cell == layout.cell:
                continue
            reads = {(s.casefold(), a, b) for s, a, b in formula_ranges(text, sheet.name)}
            if (p_sheet.casefold(), first, last) not in reads:
                continue
            r1, _, r2, _ = bounds(ref if ":" in ref else f"{ref}:{ref}")
            if r2 - r1 + 1 in (rows, rows + 1):
                out.append((sheet.name, r2 - rows + 1, r2))
    return out


def _grown_parts(
    zf: zipfile.ZipFile, layout: SeasonLayout, player_rows: int, game_rows: int, book: str
) -> tuple[dict[str, bytes | None], SeasonLayout, GrowReport]:
    """The parts of the book with the Players table (and the rows that follow it) and the
    Games table given *player_rows* and *game_rows* rows; None for a part to drop (the
    calculation chain, which Excel rebuilds)."""
    p_sheet, p_ref = layout.players
    g_sheet, g_ref = layout.games
    pr1, _, pr2, _ = bounds(p_ref)
    gr1, _, gr2, _ = bounds(g_ref)
    dp, dg = player_rows - (pr2 - pr1 + 1), game_rows - (gr2 - gr1 + 1)
    if p_sheet.casefold() == g_sheet.casefold() and (dp or dg):
        raise SeasonBookError(
            f"{book}: the Players and Games tables share sheet {p_sheet!r}; xlrating grows "
            "a table by inserting rows, which would move the other one"
        )
    sheets = dict(sheet_parts(zf))
    wanted = set(sheets.values()) | {_workbook_part(zf)}
    parts = {
        name: zf.read(name)
        for name in zf.namelist()
        if name in wanted or (name.startswith("xl/charts/") and name.endswith(".xml"))
    }
    try:
        pkg = Package(sheets, parts, _workbook_part(zf))
        followers = _followers(pkg, layout, book) if dp else []
        blocks = [(p_sheet, pr1, pr2, dp)] + [(s, a, b, dp) for s, a, b in followers]
        if dp < 0:  # the rows that read the dropped players go first
            blocks = blocks[1:] + blocks[:1]
        blocks.append((g_sheet, gr1, gr2, dg))
        edits: list[RowEdit] = []
        formulas = 0
        for sheet, first, last, delta in blocks:
            if delta == 0:
                continue
            if delta < 0:
                kept = pkg.values_in(sheet, last + delta + 1, last)
                if kept:
                    raise SeasonBookError(
                        f"{book}: cannot drop rows {last + delta + 1}-{last} of sheet "
                        f"{sheet!r}: {sheet}!{kept[0]} holds a value (only blank rows are "
                        "dropped)"
                    )
                edit = RowEdit(sheet, last + delta + 1, delta, first)
                pkg.apply(edit)
            else:
                if last - first < 1 and pkg.holds_formulas(sheet, first, last):
                    raise SeasonBookError(
                        f"{book}: sheet {sheet!r} has one row per player and a single row: "
                        "xlrating cannot tell how its formulas continue"
                    )
                edit = RowEdit(sheet, last + 1, delta, first)
                pkg.apply(edit)
                formulas += pkg.fill(sheet, last, delta)
            edits.append(edit)
        # New formula cells carry no cached value: write_book asks for a full calculation on
        # load, as it does for every book it changes.
    except RowsError as error:
        raise SeasonBookError(f"{book}: {error}") from None
    out: dict[str, bytes | None] = dict(pkg.to_parts())
    if any(name == "xl/calcChain.xml" for name in zf.namelist()):
        out["xl/calcChain.xml"] = None
        for name in ("[Content_Types].xml", "xl/_rels/workbook.xml.rels"):
            if name in zf.namelist():
                text = zf.read(name).decode("utf-8")
                text = re.sub(r'<Override\b[^>]*PartName="/xl/calcChain\.xml"[^>]*/>', "", text)
                text = re.sub(r'<Relationship\b[^>]*Type="[^"]*/calcChain"[^>]*/>', "", text)
                out[name] = text.encode("utf-8")

    def moved(area: Area) -> Area:
        sheet, ref = area
        r1, c1, r2, c2 = bounds(ref)
        for edit in edits:
            if edit.sheet.casefold() == sheet.casefold():
                new = edit.rows(r1, r2)
                assert new is not None
                r1, r2 = new
        return sheet, f"{address(r1, c1)}:{address(r2, c2)}"

    anchor = moved((layout.sheet, layout.cell))[1].split(":")[0]
    array = moved((layout.sheet, layout.ref if ":" in layout.ref else f"{layout.ref}:{layout.ref}"))
    grown = SeasonLayout(
        layout.sheet,
        anchor,
        array[1] if ":" in layout.ref else anchor,
        moved(layout.players),
        moved(layout.games),
    )
    report = GrowReport(
        (pr2 - pr1 + 1, player_rows),
        (gr2 - gr1 + 1, game_rows),
        grown.players,
        grown.games,
        tuple(sheet for sheet, _, _ in followers),
        formulas,
    )
    return out, grown, report


def _check_room(key: str, rows: int, low: int, most: int) -> None:
    """Refuse a table size outside what ``xlrating templates`` accepts (same message)."""
    if isinstance(rows, bool) or not isinstance(rows, int) or not low <= rows <= most:
        raise SeasonBookError(
            f"{key} must be a whole number from {low} to {most} (the table holds {low}), "
            f"got {rows!r}"
        )


def resize_season(
    source: str | Path,
    target: str | Path,
    *,
    player_rows: int | None = None,
    game_rows: int | None = None,
) -> GrowReport:
    """Write *source* to *target* with its Players and Games tables holding *player_rows*
    and *game_rows* rows (None: as they are).

    Growing inserts rows below a table, as Excel's "insert rows" does: everything below
    moves down and every reference follows (formulas, array formulas, data validations,
    conditional formats, defined names, the chart); ranges over the table grow with it;
    the new rows get the last row's styles and validation.  The rows that follow the
    Players table one per player on other sheets (Ratings, Standings) grow with it, their
    formulas continued.  Shrinking drops rows from the end of a table, and only blank
    ones.  The ratings array and its chart are fitted afterwards (:func:`fit_season`).

    :raises SeasonBookError: (one line) when the book is not a season workbook, a size is
        out of range, rows to drop hold values, or the grown book would pass the guard's
        limits (nothing is written then).
    """
    source, target = Path(source), Path(target)
    wb = load_book(source)
    layout = layout_of(wb, source.name)
    players, games = grid_of(wb, layout.players), grid_of(wb, layout.games)
    p_rows, g_rows = len(players), len(games)
    new_p = p_rows if player_rows is None else player_rows
    new_g = g_rows if game_rows is None else game_rows
    _check_room("player_rows", new_p, max(last_used(players) + 1, 1), CLUB_MAX_PLAYER_ROWS)
    _check_room("game_rows", new_g, max(last_used(games) + 1, 1), CLUB_MAX_GAME_ROWS)
    shape = shape_of(players, games)
    _, _, _, report = write_grown(source, target, layout, {}, shape, [(new_p, new_g)])
    return report


def write_grown(
    book: Path,
    target: Path,
    layout: SeasonLayout,
    edits: Mapping[str, Mapping[tuple[int, int], object]],
    shape: tuple[int, int] | None,
    rooms: Sequence[tuple[int, int]],
) -> tuple[int, SeasonLayout, str | None, GrowReport]:
    """:func:`write_book` with the tables grown to the first of *rooms* (player rows, game
    rows) that stays within the guard's limits; returns the chart lines, the grown layout,
    the array's new range (None: unchanged) and what grew."""
    tried: list[tuple[int, int]] = []
    last: SeasonBookError | None = None
    for room in rooms:
        if room in tried:
            continue
        tried.append(room)
        with zipfile.ZipFile(book) as zf:
            base, grown, report = _grown_parts(zf, layout, room[0], room[1], book.name)
        new_ref = fitted_ref(grown, shape) if shape is not None else None
        new_ref = None if new_ref == grown.ref else new_ref
        try:
            series = write_book(book, target, grown, edits, new_ref, base)
        except Refused as refused:
            last = refused
            continue
        return series, grown, new_ref, report
    players, games = tried[-1]
    reason = str(last).split("check (", 1)[-1].rsplit(")", 1)[0].split(";")[0]
    raise SeasonBookError(
        f"{book.name}: the tables would need {players:,} player rows and {games:,} game rows, "
        f"and the book would then hold {reason}: start a new season book; nothing was written"
    )
