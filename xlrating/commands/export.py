"""``xlrating export BOOK.xlsx --event NAME --trf OUT.trf``: one event of a club season
written as a FIDE TRF-16 report (:func:`xlrating.imports.trf_write.write_trf`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..workbook.ooxml import files
from .base import EXIT_USAGE, CliError, Commands, Step, doing
from .common import (
    STDOUT,
    add_ignore_lock,
    guard_workbook,
    is_stream,
    iso_date,
    workbook_modules,
)

if TYPE_CHECKING:
    from ..workbook.ooxml.guard import Inspection


def _fide_id(text: str) -> tuple[str, str]:
    """--fide-id NAME=ID (argparse reports anything else in one line)."""
    name, sep, value = text.rpartition("=")
    if not sep or not name.strip() or not value.strip().isdigit():
        raise argparse.ArgumentTypeError(f"must be NAME=ID with a FIDE number, got {text!r}")
    return " ".join(name.split()), value.strip()


def _round_dates(text: str) -> tuple[Any, ...]:
    """--round-dates 2026-01-10,2026-01-17,...: one ISO date a round."""
    return tuple(iso_date(part) for part in text.split(",") if part.strip())


def _tables(
    where: str, book: Path, inspection: Inspection
) -> tuple[list[list[object]], list[list[object]]]:
    """The season book's Players and Games tables, read as import reads them
    (:func:`~xlrating.workbook.season.find.read_tables`, from the package of the guard's
    bytes)."""
    _, _, _ = workbook_modules(templates=False)
    from ..workbook.ooxml.package import Package
    from ..workbook.season.find import read_tables

    with doing(Step(where, str(book), bad_zip=f"{book} is not an xlsx file")):
        _, players, games = read_tables(Package.open(inspection))
        return players, games


def run_export(args: argparse.Namespace) -> int:
    from ..imports.trf_write import TrfHeader, write_trf
    from ..rating.tournament import Event
    from ..sheet.tables import read_players_table, read_season_games

    where = "xlrating export"
    book, target = Path(args.book), Path(args.trf)
    if not book.is_file():
        raise CliError(f"{where}: no such file: {book}")
    if target.exists() and target.resolve() == book.resolve():
        raise CliError(f"{where}: --trf {target} is the book", EXIT_USAGE)
    inspection = guard_workbook(where, book)
    players_grid, games_grid = _tables(where, book, inspection)
    with doing(Step(where, book.name)):
        table = read_players_table(players_grid)
        roster = list(table.players)
        season = read_season_games(games_grid, roster)
    wanted = " ".join(args.event.split()).casefold()
    index = next((i for i, name in enumerate(season.events) if name.casefold() == wanted), None)
    if index is None:
        listed = ", ".join(repr(name) for name in season.events) or "none"
        raise CliError(f"{where}: {book.name} has no event {args.event!r} (events: {listed})")
    games = season.games[index]
    named = {g.white for g in games} | {g.black for g in games if g.black is not None}
    event = Event(
        tuple(p for p in roster if p.name in named),
        games,
        season.dates[index],
        season.events[index],
    )
    given = dict(args.fide_id or [])
    strangers = sorted(name for name in given if name not in named)
    if strangers:
        raise CliError(
            f"{where}: --fide-id {strangers[0]}: no player of that name in {event.name!r}",
            EXIT_USAGE,
        )
    in_table = {
        player.name: fide
        for player, (_, fide) in zip(table.players, table.ids, strict=True)
        if fide
    }
    ids = {**in_table, **given}
    header = TrfHeader(
        city=args.city or "",
        federation=args.federation or "",
        chief_arbiter=args.arbiter or "",
        deputy_arbiters=args.deputy or "",
        time_control=args.time_control or "",
        kind=args.type or "",
        round_dates=args.round_dates or (),
    )
    with doing(Step(where, book.name)):
        report = write_trf(event, header, fide_ids=ids)
    to_stdout = args.trf == STDOUT
    streamed = to_stdout or is_stream(target)  # /dev/stdout, a pipe: maybe our stdout
    said = sys.stderr if streamed else sys.stdout  # the report is the output: notes apart
    if to_stdout:
        sys.stdout.write(report.text)
    elif target.is_dir():
        raise CliError(f"{where}: --trf {target} is a directory")
    elif is_stream(target):  # /dev/stdout, a named pipe: written as it is
        with doing(Step(where, str(target), os_error=f"cannot write {target}")):
            target.write_text(report.text, encoding="utf-8")
    else:
        with (
            doing(Step(where, str(target), os_error=f"cannot write {target}")),
            files.replacing(target) as temp,
        ):
            temp.write_text(report.text, encoding="utf-8")
    rounds = max((g.round for g in games), default=0)
    shown = "standard output" if to_stdout else str(target)
    print(
        f"wrote {shown}: {event.name!r}, {len(event.players)} players, {rounds} rounds "
        f"(FIDE TRF-16; ratings are the Players table's)",
        file=said,
    )
    if report.without_id:
        print(
            f"no FIDE ID for {len(report.without_id)}: {'; '.join(report.without_id)} "
            "(--fide-id NAME=ID)",
            file=said,
        )
    if report.without_rating:
        print(
            f"no rating for {len(report.without_rating)}: {'; '.join(report.without_rating)}",
            file=said,
        )
    return 0


def add_export_parser(commands: Commands) -> None:
    """Add the ``export`` command to the ``xlrating`` parser."""
    exporter = commands.add_parser(
        "export",
        help="write one event of a club season as a FIDE TRF-16 report",
        description="Write the event NAME of BOOK (a club season workbook) as a FIDE TRF-16 "
        "report for a rating officer: one line per player (start rank by rating, name, "
        "rating, FIDE ID, points, rank) and a block per round; header fields from the "
        "options. Players without a FIDE ID or rating are named in one line each.",
    )
    exporter.add_argument("book", metavar="BOOK.xlsx", help="the club season workbook")
    exporter.add_argument("--event", required=True, metavar="NAME", help="the event to write")
    exporter.add_argument(
        "--trf",
        required=True,
        metavar="OUT.trf",
        help="the file to write (- : standard output; to it or another pipe or device the notes "
        "go to standard error)",
    )
    exporter.add_argument("--city", metavar="TEXT", help="record 022, the city")
    exporter.add_argument("--federation", metavar="FED", help="record 032, the federation")
    exporter.add_argument("--arbiter", metavar="NAME", help="record 102, the chief arbiter")
    exporter.add_argument("--deputy", metavar="NAMES", help="record 112, deputy arbiters")
    exporter.add_argument("--time-control", metavar="TEXT", help="record 122, e.g. 90'+30\"")
    exporter.add_argument(
        "--type", metavar="TEXT", help="record 092, e.g. 'Individual: Swiss-System'"
    )
    exporter.add_argument(
        "--round-dates",
        type=_round_dates,
        metavar="D1,D2,...",
        help="record 132: one ISO date a round (the first is the start date, record 042)",
    )
    exporter.add_argument(
        "--fide-id",
        type=_fide_id,
        action="append",
        metavar="NAME=ID",
        help="a player's FIDE ID (repeat for several; the Players table's FIDE ID column is "
        "read too)",
    )
    add_ignore_lock(exporter)
    exporter.set_defaults(handler=run_export)
