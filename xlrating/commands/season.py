"""``xlrating new-season BOOK.xlsx``: an empty club season of your own, or one that starts
from last season's players and their final ratings (``--from LAST.xlsx``)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Final

from ..workbook.ooxml import files
from .base import EXIT_USAGE, CliError, Commands, Step, doing
from .common import add_force, add_ignore_lock, guard_workbook, workbook_modules

#: What a new season book may be called: a workbook, or its macro-enabled twin.
SUFFIXES: Final = (".xlsx", ".xlsm")


def _room(option: str, value: int | None, low: int, most: int) -> int | None:
    if value is not None and not low <= value <= most:
        raise CliError(
            f"xlrating new-season: {option} must be a whole number from {low} to {most:,}, "
            f"got {value}",
            EXIT_USAGE,
        )
    return value


def run_new_season(args: argparse.Namespace) -> int:
    from ..workbook.season.layout import CLUB_MAX_GAME_ROWS, CLUB_MAX_PLAYER_ROWS

    where = "xlrating new-season"
    target = Path(args.book)
    if target.suffix.lower() not in SUFFIXES:
        raise CliError(
            f"{where}: {target.name} must end in .xlsx (or .xlsm for the macro-enabled workbook)",
            EXIT_USAGE,
        )
    last = Path(args.last) if args.last else None
    if last is not None and not last.is_file():
        raise CliError(f"{where}: no such file: {last}")
    if last is not None and target.resolve() == last.resolve():
        raise CliError(f"{where}: {target} is last season's book; give the new one another name")
    if os.path.lexists(target) and not getattr(args, "force", False):
        raise CliError(
            f"{where}: {target} exists, and a new season never replaces a file (it may hold "
            "a club's season): give another name, or --force to replace it; nothing was "
            "written"
        )
    with doing(Step(where, str(target), os_error=f"cannot write {target}")):
        # The one policy (files.check_writable): BOOK is a new season, so an existing file
        # is kept unless --force, as an output the user did not name (said above in the
        # command's words; checked again here against a file made meanwhile).
        files.lock(target, reading=[last] if last is not None else [], named=False)
    workbook_modules()
    from ..workbook import new_season as season_new

    players: tuple[tuple[object, ...], ...] = ()
    system = args.system
    if last is not None:
        inspection = guard_workbook(where, last)
        with doing(Step(where, str(last), bad_zip=f"{last} is not an xlsx file")):
            carried = season_new.carried_players(last, inspection)
        players = carried.rows
        system = system or carried.system
    rows = _room("--player-rows", args.player_rows, max(len(players), 1), CLUB_MAX_PLAYER_ROWS)
    games = _room("--game-rows", args.game_rows, 1, CLUB_MAX_GAME_ROWS)
    files.remove_stale_temps(target)
    with doing(Step(where, str(target), os_error=f"cannot write {target}")):
        season_new.new_season(
            target,
            club=" ".join((args.club or "").split()),
            system=system or "uscf",
            players=players,
            player_rows=rows,
            game_rows=games,
        )
    print(f"wrote {target}")
    if last is not None:
        rated = sum(1 for row in players if row[1] is not None)
        print(
            f"{len(players)} players from {last.name} ({rated} with a final rating) start "
            "the season; no games yet"
        )
    else:
        print("an empty season: type the players and the games, or run xlrating import")
    return 0


def add_parser(commands: Commands) -> None:
    """Add the ``new-season`` command to the ``xlrating`` parser."""
    from ..workbook.season.layout import CLUB_SYSTEMS

    parser = commands.add_parser(
        "new-season",
        help="write an empty club season workbook of your own",
        description="Write BOOK, a club season with no sample rows: type the players and "
        "games as they are played and every table grows as you type (or add events with "
        "xlrating import). A BOOK ending in .xlsm gets the macro-enabled workbook. --from "
        "starts from last season's players and the final ratings its book shows.",
    )
    parser.add_argument("book", metavar="BOOK.xlsx", help="the workbook to write")
    parser.add_argument("--club", metavar="NAME", help="the club's name: it titles every sheet")
    parser.add_argument(
        "--system",
        choices=CLUB_SYSTEMS,
        help="the rating system (default: last season's with --from, else uscf)",
    )
    parser.add_argument("--player-rows", type=int, metavar="N", help="rows of the Players table")
    parser.add_argument("--game-rows", type=int, metavar="M", help="rows of the Games table")
    parser.add_argument(
        "--from",
        dest="last",
        metavar="LAST.xlsx",
        help="last season's book: its players start with their final ratings",
    )
    add_force(parser, "BOOK")
    add_ignore_lock(parser)
    parser.set_defaults(handler=run_new_season)
