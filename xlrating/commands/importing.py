"""``xlrating import FILE --into BOOK.xlsx`` (add a tournament file's event to a club
season workbook, or ``--dry-run`` show what it would add) and ``xlrating resize``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..rating._check import show
from ..workbook.ooxml import files
from .base import (
    EXIT_FAILURE,
    EXIT_USAGE,
    ROOM_WORDS,
    TIME_LIMIT_VARIABLE,
    CliError,
    Commands,
    Step,
    TimeUp,
    doing,
)
from .common import (
    Deadline,
    add_force,
    add_ignore_lock,
    backup,
    bonus_multiplier_value,
    check_suffix,
    event_name,
    guard_workbook,
    iso_date,
    read_tournament,
    rules_date,
    time_limit,
    workbook_modules,
)
from .rate import add_api_options


def _bonus_words(day: Any) -> str:
    """The US Chess bonus multiplier a date picks, in words."""
    from ..rating.uscf_rules import uscf_rules

    rules = uscf_rules(day)
    if rules.bonus_multiplier is None:
        return "no US Chess bonus multiplier is known for that date"
    return f"US Chess bonus multiplier B = {rules.bonus_multiplier:g}"


def _undated_line(source: Path, day: Any) -> str:
    """The first line of the output for a file with no event date and no --date."""
    from ..rating.uscf_rules import uscf_rules

    rules = uscf_rules(day)
    since = "" if rules.bonus_from is None else f", from {rules.bonus_from.isoformat()}"
    return (
        f"no event date in {source.name}: dated today, {day.isoformat()}, which picks the "
        f"rules in force today (US Chess bonus multiplier B = {rules.bonus_multiplier:g}"
        f"{since}); give --date to choose others"
    )


def _check_multiplier(where: str, source: Path, given: float, day: Any, came_from: str) -> None:
    """``import --bonus-multiplier B``: a season book rates each event by its date and holds
    no multiplier, so B must be the one the event's date picks; else one line naming the
    dates of B and how to rate with it."""
    from ..rating.uscf_rules import bonus_eras, uscf_rules

    dated = uscf_rules(day).bonus_multiplier
    if dated == given:
        return
    picks = f"B = {dated:g}" if dated is not None else "no known B"
    eras = [
        f"{first.isoformat()} to {last.isoformat()}" if last else f"from {first.isoformat()} on"
        for first, last in bonus_eras(given)
    ]
    where_b = (
        f"B = {show(given)} applies to events ending {' and '.join(eras)}: give such a --date, or "
        if eras
        else f"no dated rule has B = {show(given)}: "
    )
    raise CliError(
        f"{where}: --bonus-multiplier {show(given)}: the season book rates each event by its date "
        f"and holds no multiplier, and {day.isoformat()} (from {came_from}) picks {picks}; "
        f"{where_b}rate the file alone with xlrating rate {source.name} --bonus-multiplier "
        f"{show(given)}",
        EXIT_USAGE,
    )


def run_import(args: argparse.Namespace) -> int:
    if getattr(args, "dry_run", False):
        return _import_dry_run(args)
    limit = time_limit()
    try:
        with Deadline(limit):  # the same limit as recalc (and again for --recalc)
            return _import_within(args, limit)
    except TimeUp:
        raise CliError(
            f"xlrating import: {args.into}: gave up after {limit} s (the time limit; "
            f"{TIME_LIMIT_VARIABLE} sets another); the book is never half-written: it is "
            "as it was, or holds the whole event"
        ) from None


def _import_within(args: argparse.Namespace, limit: int) -> int:
    source, book = Path(args.file), Path(args.into)
    where = "xlrating import"
    with doing(Step(where, str(book), os_error=f"cannot write {book}")):
        files.lock(book, reading=[source])  # one xlrating at a time; the files watched
    for path in (source, book):
        if not path.is_file():
            raise CliError(f"{where}: no such file: {path}")
    inspection = guard_workbook(where, book)
    engine, xlsx, _ = workbook_modules()
    from ..workbook.ooxml.package import Package

    package = Package.open(inspection)  # the book as the guard read it (once, from disk)
    check_suffix(where, package, book, EXIT_FAILURE)
    imported_events = read_tournament(where, source, args, single=True)
    if len(imported_events) > 1:
        listed = ", ".join(repr(e.section or str(i)) for i, e in enumerate(imported_events, 1))
        raise CliError(
            f"{where}: {source.name} has {len(imported_events)} sections ({listed}): "
            "import one at a time with --section NAME",
            EXIT_USAGE,
        )
    event = imported_events[0].event
    from ..workbook.season import book as season_book

    name = args.event if args.event is not None else event.name
    if not name or not name.strip():
        raise CliError(f"{where}: {source.name} gives no event name: add --event NAME", EXIT_USAGE)
    date, came_from = rules_date(imported_events[0], args.date)
    given = getattr(args, "bonus_multiplier", None)
    if given is not None:
        _check_multiplier(where, source, given, date, came_from)
    undated = args.date is None and event.date is None
    writing = Step(
        where, str(book), os_error=f"cannot write {book}", bad_zip=f"{book} is not an xlsx file"
    )
    ids = imported_events[0].player_ids()
    with doing(writing):
        close = season_book.close_names(package, event, ids)  # before the names are added
    with doing(writing), files.replacing(book) as scratch:
        # Imported into a temporary file first: a refusal leaves the book and no backup;
        # the book as it was is kept under BOOK.backup.xlsx, as recalc --in-place keeps it.
        report = season_book.import_event(
            book, event, name=name, date=date, target=scratch, ids=ids, inspection=inspection
        )
        # The book as imported (its print areas set, checked by the guard as it was
        # written), computed with --recalc without being read again.
        imported = report.written
        assert imported is not None
        backup(book)
    if args.recalc:
        recalculating = Step(  # the import itself is done and saved
            where,
            str(book),
            saved=f"imported into {book}",
            time_up=f"recalculating it gave up after {limit} s (the time limit)",
            other="recalculating it failed",
        )
        with doing(recalculating), Deadline(limit):
            evaluation = engine.evaluate(imported)
            xlsx.write_values(imported, evaluation.values)
            imported.save(book)
    added = len(report.added)
    rows = report.player_rows
    placed = f" (Players rows {rows[0]}-{rows[1]})" if rows else ""
    first, last = report.game_rows
    for line in imported_events[0].heading.splitlines():
        print(line)
    if undated:
        print(_undated_line(source, date))
    print(
        f"imported {report.event!r} ({report.date.isoformat()}) into {book}: {added} new "
        f"player{'s' if added != 1 else ''}{placed}, {len(report.known)} already listed; "
        f"{last - first + 1} game rows (Games rows {first}-{last})"
    )
    print(f"date {date.isoformat()} (it picks the rules: {_bonus_words(date)}), from {came_from}")
    for note in imported_events[0].notes:
        print(f"note: {note}")
    _print_id_matches(report.matched)
    _print_close_names(close)
    if report.split:
        print(
            f"note: {report.split} pairing{'s' if report.split != 1 else ''} with no result "
            "from White's side (a double forfeit or an unrated draw) written as a bye for "
            "each player, with the points scored; neither is rated"
        )
    print_grown(report.grown)
    if args.recalc:
        print("recalculated: the results are cached in the file")
    else:
        print(f"Excel recomputes on open; to cache the results: xlrating recalc {book} --in-place")
    return 0


def _print_id_matches(matched: tuple[tuple[str, str, str], ...]) -> None:
    """A line for each player taken for a member by ID under another name."""
    for name, member, how in matched:
        if " ID " in how and name != member:
            print(f"note: {name!r} is {member!r} by {how}")


def _print_close_names(close: list[tuple[str, str]]) -> None:
    """A note for each new player one typo from a member (season_book.close_names)."""
    for new, member in close:
        print(
            f"note: {new!r} was added as a new player, one typo from {member!r}: "
            f"did you mean {member}?"
        )


def _import_dry_run(args: argparse.Namespace) -> int:
    """``import --dry-run``: what the import would add; nothing is written."""
    import tempfile

    where = "xlrating import --dry-run"
    source, book = Path(args.file), Path(args.into)
    if not book.is_file():
        raise CliError(f"{where}: no such file: {book}")
    from ..workbook.ooxml.locks import open_note

    note = open_note(book)  # what is saved of a book open elsewhere is what is read
    if note is not None:
        print(note, file=sys.stderr)
    inspection = guard_workbook(where, book)
    imported_events = read_tournament(where, source, args, single=True)
    if len(imported_events) > 1:
        listed = ", ".join(repr(e.section or str(i)) for i, e in enumerate(imported_events, 1))
        raise CliError(
            f"{where}: {source.name} has {len(imported_events)} sections ({listed}): "
            "import one at a time with --section NAME",
            EXIT_USAGE,
        )
    (imported,) = imported_events
    event = imported.event
    name = args.event if args.event is not None else event.name
    if not name or not name.strip():
        raise CliError(f"{where}: {source.name} gives no event name: add --event NAME", EXIT_USAGE)
    day, came_from = rules_date(imported, args.date)
    given = getattr(args, "bonus_multiplier", None)
    if given is not None:
        _check_multiplier(where, source, given, day, came_from)
    _, _, _ = workbook_modules()
    from ..workbook.season import book as season_book

    with (
        tempfile.TemporaryDirectory(prefix="xlrating-dry-run-") as scratch,
        doing(Step(where, str(book), bad_zip=f"{book} is not an xlsx file")),
    ):
        ids = imported.player_ids()
        report = season_book.import_event(
            book,
            event,
            name=name,
            date=day,
            target=Path(scratch) / book.name,
            ids=ids,
            inspection=inspection,
        )
    rated = sum(game.rated for game in event.games)
    first, last = report.game_rows
    for line in imported.heading.splitlines():
        print(line)
    if args.date is None and event.date is None:
        print(_undated_line(source, day))
    print(f"dry run: nothing written to {book}")
    print(
        f"would import {report.event!r} ({day.isoformat()}): {len(event.players)} players "
        f"({len(report.added)} new, {len(report.known)} already listed), "
        f"{len(event.games)} game{'s' if len(event.games) != 1 else ''} ({rated} rated) in "
        f"{last - first + 1} game rows "
        f"(Games rows {first}-{last})"
    )
    print(f"rules of {day.isoformat()}, from {came_from} ({_bonus_words(day)})")
    from ..workbook.ooxml.package import Package

    close = dict(season_book.close_names(Package.open(inspection), event, ids))
    how_matched = {name: (member, how) for name, member, how in report.matched}
    for player in event.players:
        rating = "unrated" if player.rating is None else f"{player.rating:g}"
        member, how = how_matched.get(player.name, (player.name, "new"))
        state = "new" if how == "new" else f"already listed as {member}, by {how}"
        if player.name in close:
            state += f"; did you mean {close[player.name]}?"
        print(f"  {player.name}  {rating}  ({state})")
    for note in imported.notes:
        print(f"note: {note}")
    return 0


def print_grown(grown: Any) -> None:
    """Say how a season book's tables grew (or shrank), if they did."""
    if grown is None:
        return
    for what, (before, after), (sheet, ref) in (
        ("Players", grown.players, grown.players_area),
        ("Games", grown.games, grown.games_area),
    ):
        if before != after:
            verb = "grew" if after > before else "shrank"
            follows = ""
            if what == "Players" and grown.followers:
                *others, last = grown.followers
                named = f"{', '.join(others)} and {last}" if others else last
                follows = f", with the rows of {named} that follow it"
            print(f"the {what} table {verb} from {before} to {after} rows ({sheet}!{ref}){follows}")
    if grown.events is not None and grown.events[0] != grown.events[1]:
        before, after = grown.events
        sheet, ref = grown.events_area
        verb = "grew" if after > before else "shrank"
        print(
            f"the event columns of sheet {sheet} {verb} from {before} to {after} ({sheet}!{ref}), "
            "with the Player card's rows"
        )


def run_resize(args: argparse.Namespace) -> int:
    source = Path(args.book)
    where = "xlrating resize"
    if args.in_place and args.output:
        raise CliError(f"{where}: give either --in-place or -o, not both", EXIT_USAGE)
    if args.player_rows is None and args.game_rows is None and args.event_columns is None:
        raise CliError(
            f"{where}: give --player-rows N, --game-rows M, --event-columns E or more",
            EXIT_USAGE,
        )
    if not source.is_file():
        raise CliError(f"{where}: no such file: {source}")
    target = source if args.in_place else Path(args.output or _resized_output(source))
    if not args.in_place and target.resolve() == source.resolve():
        raise CliError(
            f"{where}: {target} is the input; use --in-place to overwrite it", EXIT_USAGE
        )
    named = bool(args.in_place or args.output)  # BOOK.resized.xlsx: replaced only with --force
    with doing(Step(where, str(target), os_error=f"cannot write {target}")):
        files.lock(target, reading=[source], named=named)  # one xlrating at a time
    inspection = guard_workbook(where, source)
    workbook_modules()
    from ..workbook.season.grow import resize_season

    files.remove_stale_temps(target)
    step = Step(where, str(source), bad_zip=f"{source} is not an xlsx file", words=ROOM_WORDS)
    sizes = {
        "player_rows": args.player_rows,
        "game_rows": args.game_rows,
        "event_columns": args.event_columns,
    }
    with doing(step):
        if args.in_place:
            # Resized into a temporary file first, so that a refusal leaves no backup.
            with files.replacing(source) as scratch:
                report = resize_season(source, scratch, **sizes, inspection=inspection)
                backup(source)
        else:
            report = resize_season(source, target, **sizes, inspection=inspection)
    print(f"wrote {target}")
    same = report.events is None or report.events[0] == report.events[1]
    if report.players[0] == report.players[1] and report.games[0] == report.games[1] and same:
        print("the tables already had that many rows and columns")
    print_grown(report)
    return 0


def _resized_output(book: Path) -> Path:
    return book.with_name(f"{book.stem}.resized{book.suffix or '.xlsx'}")


def add_import_parser(commands: Commands) -> None:
    """Add the ``import`` command to the ``xlrating`` parser."""
    importer = commands.add_parser(
        "import",
        help="add an event from a FIDE TRF, US Chess crosstable or US Chess API section to a "
        "club season workbook",
        description="Read FILE (a FIDE TRF-16 report or a US Chess crosstable) and add its "
        "players (those not yet listed, matched by name) and its games to the Players and "
        "Games sheets of BOOK, a club season workbook (its tables grow when the event needs "
        "more rows or event columns). Everything else in BOOK is kept; it is rewritten through a "
        "temporary file, so a failure leaves it untouched.",
    )
    importer.add_argument(
        "file", metavar="FILE", help="the TRF, crosstable or US Chess API JSON file"
    )
    importer.add_argument(
        "more",
        nargs="*",
        metavar="FILE",
        help="US Chess API: further standings pages and the section's or event's details",
    )
    add_api_options(importer)
    importer.add_argument(
        "--into", required=True, metavar="BOOK.xlsx", help="the club season workbook to add to"
    )
    importer.add_argument(
        "--event",
        type=event_name,
        metavar="NAME",
        help="the event's name (default: the name the file gives)",
    )
    importer.add_argument(
        "--date",
        type=iso_date,
        metavar="YYYY-MM-DD",
        help="the event's date, which picks the rules (default: the date the file gives, "
        "else today)",
    )
    importer.add_argument(
        "--bonus-multiplier",
        type=bonus_multiplier_value,
        metavar="B",
        help="the US Chess bonus multiplier B you expect: the book rates each event by its "
        "date, so B must be the one that date picks (checked; the import is refused "
        "otherwise, naming the dates of B)",
    )
    importer.add_argument(
        "--section",
        metavar="NAME",
        help="a crosstable page's section to import (its name or number)",
    )
    importer.add_argument(
        "--rating",
        metavar="R|Q|B",
        help="a crosstable's rating line to take ratings from (default: the first shown); a "
        "US Chess API section's rating (default: Regular, the first it has)",
    )
    importer.add_argument(
        "--dry-run",
        action="store_true",
        help="show the players, games, date and rules the import would add; write nothing",
    )
    importer.add_argument(
        "--recalc",
        action="store_true",
        help="also recalculate BOOK so that the cached results show the new event",
    )
    add_ignore_lock(importer)
    importer.set_defaults(handler=run_import)


def add_resize_parser(commands: Commands) -> None:
    """Add the ``resize`` command to the ``xlrating`` parser."""
    resize = commands.add_parser(
        "resize",
        help="give a club season workbook's tables more (or fewer) rows and event columns",
        description="Write BOOK with its Players and Games tables holding N and M rows and "
        "its Ratings sheet E event columns. Rows are inserted below a table as Excel inserts "
        "them: the formulas, validations, formats and chart that refer to the table follow "
        "it, and the Ratings, Standings and Crosstable rows (one per player) grow with the "
        "Players table. Event columns are inserted before the Start and Final columns, and "
        "the Player card gets a row per event column. A table shrinks only when the rows to "
        "drop are blank, the event columns only to the events the season has. xlrating "
        "import grows the tables and the event columns by itself when an event needs more "
        "room.",
    )
    resize.add_argument("book", metavar="BOOK.xlsx", help="the club season workbook")
    resize.add_argument("--player-rows", type=int, metavar="N", help="rows of the Players table")
    resize.add_argument("--game-rows", type=int, metavar="M", help="rows of the Games table")
    resize.add_argument(
        "--event-columns",
        type=int,
        metavar="E",
        help="event columns of the Ratings sheet (and rows of the Player card's table)",
    )
    resize.add_argument(
        "-o", "--output", metavar="OUT.xlsx", help="where to write (default: BOOK.resized.xlsx)"
    )
    resize.add_argument(
        "--in-place",
        action="store_true",
        help="overwrite BOOK itself (a backup is kept; written to a temporary file, then renamed)",
    )
    add_force(resize, "BOOK.resized.xlsx (the output when -o is not given)")
    add_ignore_lock(resize)
    resize.set_defaults(handler=run_resize)
