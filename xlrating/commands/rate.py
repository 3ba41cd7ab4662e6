"""``xlrating rate FILE`` (rate a whole tournament file's event) and ``xlrating
uscf|fide|elo`` (rate one event through the registry's functions)."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from ..rating._check import show
from ..workbook.ooxml import files
from .base import EXIT_USAGE, FAMILIES, CliError, Commands, Step, doing, one_line
from .common import (
    STDOUT,
    add_ignore_lock,
    bonus_multiplier_value,
    is_stream,
    iso_date,
    read_tournament,
    rules_date,
    start_value,
)

#: Files with at least this many players get a progress line on stderr while rated.
RATE_PROGRESS_PLAYERS: Final = 200


def _number(value: float | None, signed: bool = False) -> str:
    if value is None:
        return "-"
    text = f"{value:+.0f}" if signed else f"{value:.0f}"
    return text if float(text) == value else (f"{value:+.1f}" if signed else f"{value:.1f}")


_SYSTEM_NAMES: Final = {"uscf": "US Chess, all five steps", "fide": "FIDE rating period"}


def _decimal(value: float | None, signed: bool = False) -> str:
    if value is None:
        return "-"
    if signed and abs(value) < _HALF_HUNDREDTH:
        return "0.00"
    return f"{value:+.2f}" if signed else f"{value:.2f}"


#: Below this a two-decimal figure prints as 0.00 (not -0.00).
_HALF_HUNDREDTH: Final = 0.005


def _rated_table(rated: Any) -> list[list[str]]:
    """Rows to print: player, pre, post, change, games, score (and published, difference);
    with two decimals where the published figures have them (US Chess API)."""
    compared = rated.compared > 0
    show = _decimal if rated.decimals else _number
    head = ["Player", "Pre", "Post", "Change", "Games", "Score"]
    if compared:
        head += ["Published", "Diff"]
    table = [[*head, "Note"]]
    for row in rated.rows:
        post = row.post_decimal if rated.decimals else row.post
        change = None if post is None or row.pre is None else post - row.pre
        cells = [
            row.name,
            show(row.pre),
            show(post),
            show(change, signed=True),
            str(row.rated_games),
            f"{row.score:g}",
        ]
        if compared:
            published = (
                ("unrated" if row.published is None else show(row.published))
                if row.has_published
                else ""
            )
            diff = row.difference
            cells += [published, "" if diff is None else show(diff, signed=True)]
        table.append([*cells, row.note])
    return table


def _csv_cell(value: object) -> object:
    """Text that a spreadsheet would read as a formula is written with a leading
    apostrophe (OWASP, "CSV Injection"); numbers are written as numbers."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    if isinstance(value, float) and value.is_integer():
        return int(value)  # 1723, not 1723.0
    return value


def _write_csv(target: Path | None, events: Sequence[Any]) -> None:
    """Every rated event as CSV rows, written beside *target* and renamed over it; to
    standard output when *target* is None, straight into a pipe or device."""
    import contextlib

    if target is None:
        _csv_rows(sys.stdout, events)
        return
    if target.is_dir():
        raise CliError(f"xlrating rate: --csv {target} is a directory")
    step = Step("xlrating rate", str(target), os_error=f"cannot write {target}")
    with contextlib.ExitStack() as stack:
        stack.enter_context(doing(step))
        if is_stream(target):
            handle = stack.enter_context(target.open("w", newline="", encoding="utf-8"))
        else:
            temp = stack.enter_context(files.replacing(target))
            handle = stack.enter_context(temp.open("w", newline="", encoding="utf-8"))
        _csv_rows(handle, events)


def _csv_rows(handle: Any, events: Sequence[Any]) -> None:
    """The CSV of every rated event, written to *handle*."""
    import csv

    writer = csv.writer(handle)
    writer.writerow(
        ["event", "section", "system", "rules date", "player", "pre", "post",
         "change", "rated games", "score", "published", "difference", "agreement",
         "note", "member_id", "rating", "post_decimal"]
    )  # fmt: skip
    for rated in events:
        for row in rated.rows:
            published: object = ""
            if row.has_published:
                published = "unrated" if row.published is None else row.published
            values: list[object] = [
                rated.name, rated.section, rated.system, rated.date.isoformat(),
                row.name, row.pre, row.post, row.change, row.rated_games, row.score,
                published, row.difference, row.agreement, row.note, row.member_id,
                row.rating_system,
                None if row.post_decimal is None else round(row.post_decimal, 2),
            ]  # fmt: skip
            if rated.decimals:  # two decimals, as the published figures
                values = [round(v, 2) if isinstance(v, float) else v for v in values]
            writer.writerow(["" if v is None else _csv_cell(v) for v in values])


def undated_line(source: Path, system: str, day: Any, multiplier: float | None) -> str:
    """The first line of the output for a file with no event date and no --date: which
    rules it was rated by, and how to choose others."""
    from ..rating.uscf_rules import uscf_rules

    head = f"no event date in {source.name}: rated by"
    if system != "uscf":
        return f"{head} the FIDE rules in force today, {day}; give --date to choose others"
    if multiplier is not None:
        return (
            f"{head} the US Chess rules in force today, {day}, with bonus multiplier "
            f"B = {show(multiplier)} (--bonus-multiplier); give --date to choose others"
        )
    rules = uscf_rules(day)
    since = "" if rules.bonus_from is None else f", from {rules.bonus_from.isoformat()}"
    return (
        f"{head} the rules in force today (bonus multiplier B = {rules.bonus_multiplier:g}"
        f"{since}); give --date or --bonus-multiplier to choose others"
    )


def unknown_multiplier(where: str, source: Path, day: Any, came_from: str) -> CliError:
    """The refusal of a US Chess rating dated before the first dated bonus multiplier."""
    from ..rating.uscf_rules import BONUS_MULTIPLIERS

    first = BONUS_MULTIPLIERS[0][0].isoformat()
    return CliError(
        f"{where}: {source.name}: no US Chess bonus multiplier is known for an event ending "
        f"{day} (rules date from {came_from}; the first dated one applies from {first}): "
        "give it with --bonus-multiplier B",
        EXIT_USAGE,
    )


def _print_rated(rated: Any, first_line: str, source: Path) -> None:
    """One rated event as ``rate`` prints it: which rules, the table of players, the
    comparison with the published ratings and the notes."""
    from ..imports.uschess_api import SYSTEM_NAMES

    for line in (*rated.heading.splitlines(), first_line):
        if line:
            print(line)
    title = rated.name or source.name
    which = _SYSTEM_NAMES[rated.system]
    if rated.decimals and rated.rating_system in SYSTEM_NAMES:
        which = f"{which}, {SYSTEM_NAMES[rated.rating_system]}"
    print(
        f"{title} ({which}): {len(rated.rows)} players, "
        f"{rated.games} games, {rated.rated_games} rated"
    )
    print(f"rules of {rated.date.isoformat()}, from {rated.date_source}")
    table = _rated_table(rated)
    notes = [row.pop() for row in table]  # the note column is left-aligned, last
    widths = [max(len(row[j]) for row in table) for j in range(len(table[0]))]
    for row, note in zip(table, notes, strict=True):
        cells = [row[0].ljust(widths[0])]
        cells += [v.rjust(w) for v, w in zip(row[1:], widths[1:], strict=True)]
        print("  ".join([*cells, note]).rstrip())
    if rated.compared:
        exact = "to the hundredth" if rated.decimals else "exact"
        print(
            f"published post-event ratings: {rated.compared} compared: "
            f"{rated.count('exact')} {exact}, {rated.count('within 1')} within 1, "
            f"{rated.count('worse')} worse"
        )
    for note in rated.notes:
        print(f"note: {note}")


def run_rate_file(args: argparse.Namespace) -> int:
    from ..errors import RatingError
    from ..imports.rate import rate_event
    from ..rating.uscf_rules import uscf_rules

    where = "xlrating rate"
    source = Path(args.file)
    to_stdout = args.csv == STDOUT
    target = Path(args.csv) if args.csv and not to_stdout else None
    if target is not None and target.exists() and target.resolve() == source.resolve():
        raise CliError(f"{where}: --csv {target} is the input file", EXIT_USAGE)
    multiplier = getattr(args, "bonus_multiplier", None)
    if multiplier is not None and args.system == "fide":
        raise CliError(
            f"{where}: --bonus-multiplier is US Chess's bonus; --system fide has none",
            EXIT_USAGE,
        )
    imported_events = read_tournament(where, source, args)
    results, undated = [], []
    for imported in imported_events:
        system: Any = args.system or ("fide" if imported.source_format == "trf" else "uscf")
        if imported.source_format == "api" and system != "uscf":
            raise CliError(
                f"{where}: --system {system}: {source.name} is a US Chess section, rated by "
                "US Chess's rules",
                EXIT_USAGE,
            )
        if multiplier is not None and system != "uscf":
            raise CliError(
                f"{where}: --bonus-multiplier is US Chess's bonus, and {source.name} is rated "
                "by FIDE (a TRF's default): add --system uscf",
                EXIT_USAGE,
            )
        day, came_from = rules_date(imported, args.date)
        if system == "uscf" and multiplier is None and uscf_rules(day).bonus_multiplier is None:
            raise unknown_multiplier(where, source, day, came_from)
        no_date = args.date is None and imported.event.date is None
        undated.append(undated_line(source, system, day, multiplier) if no_date else "")
        players, games = len(imported.event.players), len(imported.event.games)
        if players >= RATE_PROGRESS_PLAYERS or sys.stderr.isatty():
            label = imported.event.name or source.name
            print(
                f"rating {label}: {players:,} players, {games:,} games ({_SYSTEM_NAMES[system]})",
                file=sys.stderr,
                flush=True,
            )
        try:
            results.append(
                rate_event(
                    imported,
                    system,
                    day,
                    came_from,
                    rating_list=args.fide_list,
                    multiplier=multiplier,
                )
            )
        except RatingError as error:
            said = _DATE_NAMES.sub("the event date", one_line(error))
            raise CliError(
                f"{where}: {source.name}: {said} (rules date {day} from "
                f"{came_from}; --date picks another)"
            ) from None
    if to_stdout:  # the CSV is the output: the notes a table would carry go to stderr
        for first_line in undated:
            if first_line:
                print(first_line, file=sys.stderr)
        _write_csv(None, results)
        return 0
    if target is not None:
        _write_csv(target, results)
    for number, (rated, first_line) in enumerate(zip(results, undated, strict=True)):
        if number:
            print()
        _print_rated(rated, first_line, source)
    if target is not None and not is_stream(target):
        print(f"wrote {target}")
    return 0


#: Registry parameters that take a list of values (one per game) on the command line.
_LIST_PARAMS: Final = frozenset({"opponents", "opponent_rds", "results"})
#: The fields of the core's opponent ratings (``opponents[1].rd``) and the list option
#: each was typed in.
_OPPONENT_FIELDS: Final = {"rd": "opponent_rds", "rating": "opponents"}
#: The core's names of the date that picks the rules (``rate FILE`` says "the event date").
_DATE_NAMES: Final = re.compile(r"\b(?:period_date|event_date)\b")
#: A whole number as typed (kept whole, so that a message shows it as typed: "got 0").
_WHOLE: Final = re.compile(r"\s*[+-]?[0-9]+\s*")


def _cell(text: str) -> object:
    """A command-line value as a cell would hold it: a number if it reads as one (whole
    when typed whole, so that a message quotes ``0`` and not ``0.0``)."""
    if _WHOLE.fullmatch(text):
        return int(text)
    try:
        return float(text)
    except ValueError:
        return text


def _as_typed(message: str, fn: Any) -> str:
    """A registry function's error text in the command's words: its options as typed
    (``event_date`` -> ``--event-date``, ``opponents[2]`` -> ``--opponents value 2``),
    without the cell's error code."""
    code, _, text = message.partition(" ")
    if not text:
        text = code
    text = re.sub(r"\bplayer\.(?=\w)", "", text)  # the core's "player.rd": the rd typed
    names = {param.name for param in fn.params}
    for field, typed in _OPPONENT_FIELDS.items():  # "opponents[1].rd": --opponent-rds value 1
        if typed in names:
            text = re.sub(rf"\bopponents\[(\d+)\]\.{field}\b", rf"{typed}[\1]", text)
    for param in fn.params:
        if param.name in _LIST_PARAMS:
            option = f"--{param.name.replace('_', '-')}"
            text = re.sub(rf"\b{param.name}\[(\d+)\]", rf"{option} value \1", text)
            text = re.sub(rf"(?<!-)\b{param.name}\b", option, text)
        elif param.optional:
            # The option only where the message is about it (its subject, at the start)
            # or asks for it ("give the multiplier"): elsewhere the word is English ("a
            # known bonus multiplier").
            option = f"--{param.name.replace('_', '-')}"
            text = re.sub(rf"^{param.name}\b", option, text)
            text = re.sub(rf"\bgive the {param.name}\b", f"give {option}", text)
    return text


def _main_function(family: str) -> Any:
    """The registry function whose arguments a family's command takes."""
    from ..sheet.catalog import FUNCTIONS

    prefix = family.upper()
    for suffix in ("DETAILS", "NEW_RATING", "RATING"):
        fn = FUNCTIONS.get(f"{prefix}_{suffix}")
        if fn is not None:
            return fn
    raise CliError(f"xlrating {family}: the registry has no {prefix}_DETAILS function")


def _is_error_text(value: object) -> bool:
    from ..sheet.cells import EXCEL_ERRORS

    return isinstance(value, str) and value.split(" ", 1)[0] in EXCEL_ERRORS


def _checked(value: object, fn: Any) -> object:
    if _is_error_text(value):
        raise CliError(f"xlrating {fn.name.split('_')[0].lower()}: {_as_typed(str(value), fn)}",
                       EXIT_USAGE)  # fmt: skip
    return value


def run_rate(args: argparse.Namespace) -> int:
    from ..sheet.catalog import FUNCTIONS

    family = args.command
    fn = _main_function(family)
    values: dict[str, object] = {}
    for param in fn.params:
        raw = getattr(args, param.name, None)
        if raw is None:
            continue
        values[param.name] = [_cell(v) for v in raw] if isinstance(raw, list) else _cell(raw)

    def call(name: str, **override: object) -> object:
        target = FUNCTIONS[name]
        merged = {**values, **override}
        return target(*(merged.get(p.name) for p in target.params))

    table: list[list[object]]
    if fn.name.endswith("_DETAILS") or fn.returns_table:  # a table: printed row by row
        result = _checked(call(fn.name), fn)
        if not isinstance(result, list):
            raise CliError(f"xlrating {family}: {fn.name} returned {result!r}")
        table = [list(row) for row in result]
    else:  # a family without a DETAILS function: its single functions, as the template does
        prefix = family.upper()
        table = []
        expected = FUNCTIONS.get(f"{prefix}_EXPECTED")
        if expected is not None:
            given = values.get("opponents")
            opponents: list[object] = given if isinstance(given, list) else []
            scores = _checked(call(expected.name, opponent=opponents), fn)
            rows: list[Any] = scores if isinstance(scores, list) else []
            for opponent, row in zip(opponents, rows, strict=False):
                table.append([f"Expected score against {_show(opponent)}", row[0]])
        change = f"{prefix}_RATING_CHANGE"
        if change in FUNCTIONS:
            table.append(["Change per game", _checked(call(change, games=None), fn)])
            table.append(["Total change", _checked(call(change), fn)])
        table.append(["New rating", _checked(call(fn.name), fn)])
    if args.json:
        print(json.dumps({str(row[0]): row[1] for row in table}, indent=2))
        return 0
    print(f"{FAMILIES[family]} ({fn.name})")
    width = max(len(str(row[0])) for row in table)
    for row in table:
        print(f"  {row[0]!s:<{width}}  {_show(row[1])}")
    return 0


def _show(value: object) -> str:
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, float):
        if value.is_integer():
            return str(int(value))
        return f"{value:.4f}".rstrip("0").rstrip(".")
    if value == "":
        return "-"
    return str(value)


def add_rating_command(commands: Any, family: str) -> None:
    fn = _main_function(family)
    sub = commands.add_parser(
        family,
        help=FAMILIES[family],
        description=f"{FAMILIES[family]}, through the registry's {fn.name} (the same "
        "function a spreadsheet calls). Results: W, D, L or 1, 0.5, 0.",
    )
    for param in fn.params:
        if param.name in _LIST_PARAMS:
            sub.add_argument(
                f"--{param.name.replace('_', '-')}",
                dest=param.name,
                nargs="+",
                required=not param.optional,
                metavar=param.name[:-1].upper(),
                help=param.doc,
            )
        elif not param.optional:
            sub.add_argument(param.name, help=param.doc)
        else:
            sub.add_argument(
                f"--{param.name.replace('_', '-')}",
                dest=param.name,
                metavar=param.name.upper(),
                help=param.doc,
            )
    sub.add_argument("--json", action="store_true", help="print the results as JSON")
    sub.set_defaults(handler=run_rate)


def add_api_options(parser: Any) -> None:
    """--section-file and --start: a US Chess API section's details and unrated starts."""
    parser.add_argument(
        "--section-file",
        metavar="SECTION.json",
        help="US Chess API: the section's details (GetRatedEventSectionDetail: name, dates, "
        "rating system D = dual-rated)",
    )
    parser.add_argument(
        "--start",
        type=start_value,
        action="append",
        metavar="MEMBER=RATING|MEMBER=age:N",
        help="US Chess API: the start of a player unrated in the section (member ID or "
        "name); repeat for several (default: 1300, the adult rule)",
    )


def add_rate_file_parser(commands: Commands) -> None:
    """Add the ``rate FILE`` command to the ``xlrating`` parser."""
    rater = commands.add_parser(
        "rate",
        help="rate a whole FIDE TRF, US Chess crosstable or US Chess API event in the terminal",
        description="Rate every player of FILE (a FIDE TRF, a US Chess crosstable page, "
        "every section of a page, or a section's standings from the US Chess Ratings API, "
        "every rating it has) and print pre-event rating, post-event rating and change. "
        "US Chess: all five steps of the event rating; FIDE: the event as one rating period. "
        "Where the file shows published post-event ratings (crosstables and API files do), "
        "they are compared. No workbook is needed.",
    )
    rater.add_argument("file", metavar="FILE", help="the TRF, crosstable or US Chess API JSON file")
    rater.add_argument(
        "more",
        nargs="*",
        metavar="FILE",
        help="US Chess API: further standings pages and the section's or event's details "
        "(JSON, recognised by their keys)",
    )
    rater.add_argument(
        "--system",
        choices=("uscf", "fide"),
        help="rating system (default: uscf for a crosstable or US Chess API file, fide for a TRF)",
    )
    rater.add_argument(
        "--date",
        type=iso_date,
        metavar="YYYY-MM-DD",
        help="the date that picks the rules (default: the file's date, else today)",
    )
    rater.add_argument(
        "--bonus-multiplier",
        type=bonus_multiplier_value,
        metavar="B",
        help="US Chess: the bonus multiplier B to rate with instead of the one the date picks "
        "(needed before 2017-05-01, the first dated B; 14 from then, 12 from 2023-02-01, 10 "
        "from 2025-01-01)",
    )
    rater.add_argument("--section", metavar="NAME", help="rate only this section of a page")
    rater.add_argument(
        "--rating",
        metavar="R|Q|B",
        help="a crosstable's rating line to rate (default: the first each player shows); a "
        "US Chess API section's rating (default: every rating it has)",
    )
    rater.add_argument(
        "--fide-list",
        choices=("standard", "rapid", "blitz"),
        default="standard",
        help="the FIDE rating list whose rules apply (default: standard)",
    )
    add_api_options(rater)
    rater.add_argument(
        "--csv",
        metavar="OUT.csv",
        help="also write the table as CSV (- : write only the CSV, to standard output)",
    )
    add_ignore_lock(rater)
    rater.set_defaults(handler=run_rate_file)
