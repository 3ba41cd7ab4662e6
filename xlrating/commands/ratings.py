"""``xlrating ratings BOOK.xlsx --list FILE`` (fill a club season's starting ratings from a
FIDE rating list or US Chess API member JSON, by member ID; ``--dry-run`` shows what would
change)."""

from __future__ import annotations

import argparse
import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import InvalidInputError
from ..workbook.ooxml import files
from .base import (
    EXIT_FAILURE,
    EXIT_USAGE,
    TIME_LIMIT_VARIABLE,
    CliError,
    Commands,
    Step,
    TimeUp,
    doing,
)
from .common import (
    Deadline,
    add_ignore_lock,
    backup,
    backup_path,
    check_suffix,
    guard_workbook,
    iso_date,
    progress,
    time_limit,
    workbook_modules,
)


def run_ratings(args: argparse.Namespace) -> int:
    limit = time_limit()
    where = "xlrating ratings" + (" --dry-run" if args.dry_run else "")
    try:
        with Deadline(limit):
            return _ratings_within(args, where)
    except TimeUp:
        raise CliError(
            f"{where}: {args.book}: gave up after {limit} s (the time limit; "
            f"{TIME_LIMIT_VARIABLE} sets another); nothing was written"
        ) from None


def _show(value: object) -> str:
    if value is None:
        return "blank"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _names(names: Sequence[str], most: int = 12) -> str:
    shown = ", ".join(names[:most])
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")


def _read_lists(where: str, paths: Sequence[Path], wanted: set[str], args: Any) -> Any:
    """The lists read (one RatingList; several must be of one kind and rating type)."""
    from dataclasses import replace

    from ..imports.rating_lists import read_rating_list

    bar = progress(args)
    found = []
    try:
        for index, path in enumerate(paths):
            part = bar.part(index, len(paths))

            def report(done: int, total: int, name: str = path.name, part: Any = part) -> None:
                part(f"reading {name}", done, total)

            with doing(Step(where, str(path), os_error=f"cannot read {path}")):
                try:
                    found.append(
                        read_rating_list(path, wanted=wanted, rating=args.rating, progress=report)
                    )
                except InvalidInputError as error:
                    raise CliError(f"{where}: {error}") from None
    finally:
        bar.close()
    first = found[0]
    entries: dict[str, Any] = {}
    dated: dict[str, dt.date] = {}
    for other in found:
        if (other.organisation, other.rating) != (first.organisation, first.rating):
            raise CliError(
                f"{where}: {other.source} is a {other.organisation} {other.rating} list, "
                f"{first.source} a {first.organisation} {first.rating} one: give lists of "
                "one kind",
                EXIT_USAGE,
            )
        day = other.date or dt.date.min
        for member, entry in other.entries.items():
            if member not in entries or day > dated[member]:  # the newest list wins
                entries[member], dated[member] = entry, day
    if len(found) == 1:
        merged = first
    else:
        newest = max((f.date for f in found if f.date is not None), default=None)
        merged = replace(
            first,
            entries=entries,
            players=sum(f.players for f in found),
            date=newest,
            date_source="the newest of the lists" if newest else "",
            source=", ".join(f.source for f in found),
            form=first.form if len({f.form for f in found}) == 1 else "lists",
        )
    if args.list_date is not None:
        merged = replace(merged, date=args.list_date, date_source="--list-date")
    return merged


def _ratings_within(args: argparse.Namespace, where: str) -> int:
    book = Path(args.book)
    lists = [Path(p) for p in args.list]
    if not args.dry_run:
        with doing(Step(where, str(book), os_error=f"cannot write {book}")):
            files.lock(book, reading=lists)  # one xlrating at a time; the files watched
    for path in (book, *lists):
        if not path.is_file():
            raise CliError(f"{where}: no such file: {path}")
    inspection = guard_workbook(where, book)  # the one read of the book from disk
    workbook_modules(templates=False)
    from ..workbook.ooxml.package import Package

    package = Package.open(inspection)
    if not args.dry_run:
        check_suffix(where, package, book, EXIT_FAILURE)
        files.remove_stale_temps(book)
    from ..workbook.season import start as season_start

    reading = Step(where, str(book), bad_zip=f"{book} is not an xlsx file")
    with doing(reading):
        table = season_start.read_players_sheet(package)
    wanted = {i for row in table.rows for i in row.ids.values() if i is not None}
    found = _read_lists(where, lists, wanted, args)
    with doing(reading):
        plan = season_start.plan_start(
            table, found, replace=args.replace_start, today=dt.date.today()
        )
    _report(table, found, plan, args)
    cells: dict[tuple[int, int], object] = {(c.row, c.col): c.new for c in plan.changes}
    if plan.record is not None and (cells or table.record_text != plan.record):
        cells[table.record] = plan.record
    if args.dry_run:
        print(f"dry run: nothing written to {book}")
        return 0
    if not cells:
        print(f"nothing to change: {book} was not written")
        return 0
    writing = Step(
        where, str(book), os_error=f"cannot write {book}", bad_zip=f"{book} is not an xlsx file"
    )
    with doing(writing), files.replacing(book) as scratch:
        # Written to a temporary file first: a refusal leaves the book and no backup.
        season_start.write_cells(package, scratch, table.sheet, cells)
        backup(book)
    changed = len({c.row for c in plan.changes})
    what = (
        f"{len(plan.changes)} cell{'s' if len(plan.changes) != 1 else ''} of {changed} "
        f"player{'s' if changed != 1 else ''} changed"
        if changed
        else "no player changed, the list recorded"
    )
    print(f"wrote {book}: {what}; the book as it was is {backup_path(book)}")
    print(f"Excel recomputes on open; to cache the results: xlrating recalc {book} --in-place")
    return 0


def _report(table: Any, found: Any, plan: Any, args: argparse.Namespace) -> None:
    from ..workbook.ooxml.a1 import address

    dated = (
        f"of {found.date.isoformat()} (from {found.date_source})"
        if found.date is not None
        else "undated (--list-date sets a date)"
    )
    kind = f"{found.rating} ratings" if found.organisation == "FIDE" else f"rating {found.rating}"
    read = f"{found.players:,} player{'s' if found.players != 1 else ''} read"
    print(f"{found.form} {found.source}: {kind}, {dated}; {read}")
    print(
        f"{len(plan.matched)} of {len(table.rows)} players matched by {found.id_column} "
        f"(Players column {address(1, table.id_columns[found.id_column])[:-1]})"
    )
    if table.has_events:
        print(
            "the season has events: only players without a starting rating are filled"
            + (
                " (--replace-start: all are)"
                if args.replace_start
                else "; --replace-start replaces the others' too"
            )
        )
    verb = "would change" if args.dry_run else "changed"
    by_row: dict[int, list[Any]] = {}
    for change in plan.changes:
        by_row.setdefault(change.row, []).append(change)
    ids = {name: member for name, member, _ in plan.matched}
    entries = {name: entry for name, _, entry in plan.matched}
    if by_row:
        print(f"{verb}:")
    for changes in by_row.values():
        name = changes[0].player
        what = ", ".join(f"{c.what} {_show(c.old)} -> {_show(c.new)}" for c in changes)
        cells = ", ".join(address(c.row, c.col) for c in changes)
        inactive = " (inactive in the list)" if entries[name].inactive else ""
        print(f"  {name} ({found.id_column} {ids[name]}): {what}{inactive} ({table.sheet}!{cells})")
    if not by_row:
        print(f"{verb}: no player")
    if plan.kept:
        kept = [f"{name} (list {rating})" for name, rating in plan.kept]
        print(f"kept, rated already: {_names(kept)}")
    if plan.unrated:
        print(f"unrated in the list's {kind}, kept: {_names(list(plan.unrated))}")
    if plan.not_found:
        missing = [f"{name} ({member})" for name, member in plan.not_found]
        print(f"not in the list: {_names(missing)}")
    if plan.no_id:
        print(f"no {found.id_column}: {_names(list(plan.no_id))}")
    if plan.record is not None:
        verb = "would record" if args.dry_run else "recorded"
        print(f"{verb} in {table.sheet}!{address(*table.record)}: {plan.record}")
    else:
        print(f"note: {plan.record_note}")


def add_parser(commands: Commands) -> None:
    """Add the ``ratings`` command to the ``xlrating`` parser."""
    ratings = commands.add_parser(
        "ratings",
        help="fill a club season's starting ratings from a FIDE rating list or US Chess JSON",
        description="Read a rating list and set the Players table's ratings (and rated "
        "games, floor and age where the list gives them) of BOOK, a club season workbook, "
        "matching members by the table's FIDE ID or US Chess ID column. Lists: FIDE's "
        "monthly TXT lists (players_list_foa.txt or a single standard, rapid or blitz "
        "list), its XML lists, either as the downloaded .zip, and US Chess Ratings API "
        "member or rating-supplement JSON. In a season that has events only players "
        "without a rating are filled, unless --replace-start. The book is rewritten "
        "through a temporary file, the old one kept as BOOK.backup.xlsx.",
    )
    ratings.add_argument("book", metavar="BOOK.xlsx", help="the club season workbook")
    ratings.add_argument(
        "--list",
        required=True,
        action="append",
        metavar="FILE",
        help="the rating list (.txt, .xml, .zip or .json); again for more US Chess files",
    )
    ratings.add_argument(
        "--rating",
        metavar="TYPE",
        help="FIDE: standard (default for the combined list), rapid or blitz; US Chess: "
        "R (default), Q, B, OR, OQ or OB",
    )
    ratings.add_argument(
        "--list-date",
        type=iso_date,
        metavar="YYYY-MM-DD",
        help="the list's date, recorded on the Players sheet and used for ages (default: "
        "the date the list or its zip gives)",
    )
    ratings.add_argument(
        "--replace-start",
        action="store_true",
        help="in a season with events, also replace the starting ratings players already have",
    )
    ratings.add_argument(
        "--dry-run", action="store_true", help="show what would change; write nothing"
    )
    ratings.add_argument(
        "--progress",
        action="store_true",
        help="show a progress bar even when stderr is not a terminal",
    )
    add_ignore_lock(ratings)
    ratings.set_defaults(handler=run_ratings)
