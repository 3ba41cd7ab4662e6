"""A new club season: an empty season book (:func:`new_season`), or one that starts from
last season's players and their final ratings (:func:`carried_players`).

``xlrating new-season`` writes it.  Last season's final ratings are the values the book
shows (cached in it by a spreadsheet or ``xlrating recalc``), read from its
SEASON_START_FINAL array; nothing is rated again.  The rated games each rating rests on
are last season's count plus the games each player played in it (forfeits and byes are
not games; the rows the season left out are not counted), so that a provisional US Chess
rating stays provisional as long as it should.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..sheet.tables import read_season_rows, season_games_known
from .ooxml.a1 import bounds, column_letters
from .ooxml.files import copy_file
from .ooxml.guard import Inspection, WorkbookRefusedError, check_workbook
from .ooxml.package import Package
from .ooxml.rows import formula_ranges
from .season.find import (
    SeasonBookError,
    SeasonLayout,
    array_calls,
    check_book,
    layout_from_xml,
    streamed_grid,
)

__all__ = ["Carried", "carried_players", "new_season"]

#: The function whose array holds a season book's Start and Final columns.
START_FINAL: Final = "SEASON_START_FINAL"


@dataclass(frozen=True, slots=True)
class Carried:
    """Last season's players as the new season's Players table lists them."""

    #: Rows of name, final rating (None: still unrated), rated games, floor, age, US Chess
    #: ID, FIDE ID (None where last season's book has no such column, made before them).
    rows: tuple[tuple[object, ...], ...]
    #: The system last season was rated with, when the book tells it (else None).
    system: str | None


def _final_column(package: Package, layout: SeasonLayout) -> tuple[str, int, int, int]:
    """The Final column of the season's SEASON_START_FINAL array: (sheet, column, header
    row, last row); refused when the book has none over its Players table."""
    first, _, last, _ = bounds(layout.players[1])
    for name, part in package.sheet_parts():
        if name.casefold() != layout.sheet.casefold():
            continue
        for _, ref, text in array_calls(package.xml(part), START_FINAL):
            reads = {(s.casefold(), a, b) for s, a, b in formula_ranges(text, name)}
            if (layout.players[0].casefold(), first, last) not in reads:
                continue
            r1, _, r2, c2 = bounds(ref)
            return name, c2, r1, r2
    raise SeasonBookError(
        f"{package.name} has no Final column ({START_FINAL} over its Players table): "
        "start from a club season workbook"
    )


def carried_players(path: str | Path, inspection: Inspection | None = None) -> Carried:
    """Last season's players, from the club season book at *path* (checked by the guard
    first, unless *inspection*, the guard's of this very file, says it has been): each listed player
    with the Final rating the book shows, the rated games it rests on, floor, age and
    member IDs (a book whose Players table reads A:E, made before the ID columns, has none).

    :raises SeasonBookError: (one line) when the book is not a club season, or holds no
        computed values (never saved by a spreadsheet or ``xlrating recalc``).
    """
    from openpyxl import load_workbook

    from .season.book import season_system

    path = Path(path)
    package = Package.open(inspection if inspection is not None else check_book(path))
    layout = layout_from_xml(package)
    if layout is None:
        raise SeasonBookError(
            f"{path.name} is not a club season workbook (it has no SEASON_RATINGS table)"
        )
    sheet, column, head, last = _final_column(package, layout)
    wb = load_workbook(package.stream(), read_only=True, data_only=True)
    try:
        names = {n.casefold(): n for n in wb.sheetnames}

        def grid(area: tuple[str, str]) -> list[list[object]]:
            return streamed_grid(wb[names[area[0].casefold()]], area[1], as_read=False)

        players, games = grid(layout.players), grid(layout.games)
        letter = column_letters(column)
        finals = [row[0] for row in grid((sheet, f"{letter}{head}:{letter}{last}"))]
    finally:
        wb.close()
    if finals[0] != "Final":
        raise SeasonBookError(
            f"{path.name} holds no computed values ({sheet}!{letter}{head} shows no "
            f"Final column): open it in Excel or LibreOffice and save it, or run xlrating "
            f"recalc {path.name} --in-place, then start the new season from it"
        )
    listed = [
        (i, " ".join(str(row[0]).split()))
        for i, row in enumerate(players)
        if row[0] is not None and str(row[0]).strip()
    ]
    played = _games_played(games, [name for _, name in listed])
    rows: list[tuple[object, ...]] = []
    for i, name in listed:
        row = players[i]
        final = finals[i + 1] if i + 1 < len(finals) else None
        rating = float(final) if isinstance(final, (int, float)) else None
        before = row[2] if len(row) > 2 else None
        count = played.get(name, 0)
        if isinstance(before, (int, float)) and not isinstance(before, bool):
            games_now: object = int(before) + count
        elif row[1] is None or (isinstance(row[1], str) and not row[1].strip()):
            games_now = count  # unrated at the start: every game counts
        else:
            games_now = None  # an established rating whose count is not known
        floor, age, uscf_id, fide_id = (row[j] if len(row) > j else None for j in range(3, 7))
        rows.append((name, rating, games_now, floor, age, uscf_id, fide_id))
    return Carried(tuple(rows), season_system(package))


def _games_played(games: Sequence[Sequence[object]], names: Sequence[str]) -> dict[str, int]:
    """Games each player played in the season (forfeits and byes are not games), on the
    rows the season's functions rate: a row they leave out (a row not rated yet, a name
    not on the Players table, a pairing typed twice) is not counted, as the book left it
    out of the ratings (its Status cell says why)."""
    read = read_season_rows([list(row) for row in games])
    season, _, _ = season_games_known(read, frozenset(names))
    count: dict[str, int] = {}
    for played in season.games:
        for game in played:
            if game.black is None or game.kind != "played":
                continue
            for name in (game.white, game.black):
                count[name] = count.get(name, 0) + 1
    return count


def new_season(
    target: str | Path,
    *,
    club: str = "",
    system: str = "uscf",
    players: Sequence[Sequence[object]] = (),
    player_rows: int | None = None,
    game_rows: int | None = None,
) -> Path:
    """Write a club season with *players* and no game at *target* (an ``.xlsm`` target
    gets the macro-enabled twin), its values computed (the book opens showing its empty
    state in any program); the file is replaced in one step (:mod:`.files`).

    Standings, Crosstable and Player card choose nothing: they follow the latest event
    and the first player by themselves.
    """
    from .finish import recalculate
    from .templates import build_club_season

    target = Path(target)
    with tempfile.TemporaryDirectory(prefix=".xlrating-new.", dir=target.parent) as scratch:
        book = Path(scratch) / "season.xlsx"
        build_club_season(
            book,
            [list(row) for row in players],
            [],
            system=system,
            event="",
            player_rows=player_rows,
            game_rows=game_rows,
            club=club,
            card_player="",
        )
        try:  # the guard's limits first: a book too big for xlrating recalc is refused
            inspection = check_workbook(book)
        except WorkbookRefusedError as error:
            raise SeasonBookError(
                f"{target.name} with that room would be too big for xlrating recalc: "
                f"{' '.join(str(error).split())}; nothing was written"
            ) from None
        recalculate(book, inspection)
        if target.suffix.lower() == ".xlsm":
            from ..excel.vba import make_macro_enabled

            make_macro_enabled(book, target)
        else:
            copy_file(book, target)
    return target
