"""The ``xlrating`` command: templates, headless recalculation, a demo and quick ratings.

``xlrating recalc BOOK.xlsx`` computes every formula of a workbook with the registry's
functions and writes a copy whose formula cells carry the results (so Excel without the
add-in, LibreOffice and Google Sheets show the numbers; a club season's ratings table is
first sized to its tables); ``xlrating templates`` writes the template workbooks;
``xlrating demo`` fills them with sample data, recalculates them and prints the club
season; ``xlrating import FILE --into BOOK.xlsx`` adds a FIDE TRF or US Chess crosstable
to a club season workbook; ``xlrating uscf|fide|elo`` rate an event in the terminal
through the same registry functions as the spreadsheets; ``xlrating excel-setup`` sets up
the xlwings add-in on Windows.

Only the standard library and the registry are imported up front: the workbook modules
(openpyxl, formulas, XlsxWriter) are imported by the commands that need them, so
``xlrating --help`` and the rating commands work on a bare install.  Every failure ends
with a non-zero exit and one line on stderr, never a traceback.

Hostile or broken files: ``recalc`` and ``import`` check every workbook with
:func:`xlrating.workbook.guard.check_workbook` before any parser reads it, ``recalc`` gives
up after :data:`TIME_LIMIT_SECONDS`, and a tournament file is read through
:func:`xlrating.imports.decode_text`.  Nothing is written under a target's name until it
is complete (a temporary file beside it is renamed into place); ``recalc --in-place``
first copies the book to :func:`backup_path`.  A run killed midway may leave a temporary
``.NAME.*.tmp`` beside the target; the next run on that target removes those older than
:data:`STALE_TEMP_SECONDS`.
"""

from __future__ import annotations

import argparse
import decimal
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any, Final, NoReturn

from . import __version__

__all__ = ["UDF_MODULE", "CliError", "add_udf_module", "backup_path", "build_parser", "main"]

EXIT_FAILURE: Final = 1
EXIT_USAGE: Final = 2
#: The module xlwings' "UDF Modules" setting must name.
UDF_MODULE: Final = "xlrating.udfs"
#: The key of that setting in xlwings.conf (as the xlwings ribbon writes it).
UDF_MODULES_KEY: Final = "UDF MODULES"
#: The rating families with a terminal command: command -> what it rates.
FAMILIES: Final = {
    "uscf": "US Chess rating after one event",
    "fide": "FIDE rating change for one rating period",
    "elo": "plain Elo rating change",
}
#: Registry parameters that take a list of values (one per game) on the command line.
_LIST_PARAMS: Final = frozenset({"opponents", "results"})
_WORKBOOK_EXTRA: Final = 'pip install "xlrating[workbook]"'
#: Wall-clock limit of ``recalc`` (and of ``import --recalc``'s recalculation), in seconds;
#: the environment variable XLRATING_TIME_LIMIT sets another.  The largest workbook the
#: guard accepts takes well under a minute on a 2020s laptop.
TIME_LIMIT_SECONDS: Final = 300
TIME_LIMIT_VARIABLE: Final = "XLRATING_TIME_LIMIT"
#: A temporary file beside a target older than this (seconds) is left from a killed run.
STALE_TEMP_SECONDS: Final = 3600
#: Memory the ``xlrating`` command allows itself (its data segment, ``RLIMIT_DATA``, where
#: the platform has it: Linux counts the heap and private mappings in it): the largest
#: workbook the guard accepts peaked at 1.1 GB, a 5,000-game season at 0.4 GB; beyond the
#: limit a run ends with one line (README: "within about a minute and 1.5 GB").
MEMORY_LIMIT_BYTES: Final = 1536 * 1024**2


class CliError(Exception):
    """A failure to report as one line on stderr, with an exit code."""

    def __init__(self, message: str, code: int = EXIT_FAILURE) -> None:
        super().__init__(message)
        self.code = code


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (and exit code 2)."""

    def error(self, message: str) -> NoReturn:
        raise CliError(f"{self.prog}: {message} (see {self.prog} --help)", EXIT_USAGE)


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return text or type(error).__name__


# ---------------------------------------------------------------- keeping files safe


def backup_path(book: Path) -> Path:
    """Where ``recalc --in-place`` keeps the book as it was: book.xlsx -> book.backup.xlsx."""
    return book.with_name(f"{book.stem}.backup{book.suffix or '.xlsx'}")


def _temp_beside(target: Path) -> Path:
    import tempfile

    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(handle)
    return Path(name)


def _backup(book: Path) -> Path:
    """Copy *book* to its backup name, through a temporary file renamed into place."""
    backup = backup_path(book)
    temp = _temp_beside(backup)
    try:
        shutil.copy2(book, temp)
        os.replace(temp, backup)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return backup


def _remove_stale_temps(target: Path) -> None:
    """Remove temporary files a killed run left beside *target* (older than an hour)."""
    cutoff = time.time() - STALE_TEMP_SECONDS
    try:
        for leftover in target.parent.glob(f".{target.name}.*.tmp"):
            if leftover.is_file() and leftover.stat().st_mtime < cutoff:
                leftover.unlink(missing_ok=True)
    except OSError:
        pass  # tidying up is a courtesy; it never stops a run


def _guard(where: str, book: Path) -> None:
    """Refuse, in one line, a workbook that is not a plain xlsx within the guard's limits."""
    from .workbook import guard

    try:
        guard.check_workbook(book)  # standard library only: a refused file costs no import
    except guard.WorkbookRefusedError as error:
        raise CliError(f"{where}: {book}: {_one_line(error)}") from None
    except OSError as error:
        raise CliError(f"{where}: cannot read {book}: {_one_line(error)}") from None


class _TimeUp(BaseException):
    """The time limit ran out (a BaseException, so that no ``except Exception`` inside a
    library swallows it)."""


def _time_limit() -> int:
    raw = os.environ.get(TIME_LIMIT_VARIABLE, "")
    try:
        seconds = int(raw) if raw.strip() else TIME_LIMIT_SECONDS
    except ValueError:
        raise CliError(
            f"xlrating: {TIME_LIMIT_VARIABLE} must be a whole number of seconds, got {raw!r}",
            EXIT_USAGE,
        ) from None
    if seconds <= 0:
        raise CliError(f"xlrating: {TIME_LIMIT_VARIABLE} must be positive, got {raw!r}", EXIT_USAGE)
    return seconds


class _Deadline:
    """Raise :class:`_TimeUp` in the main thread after *seconds* (SIGALRM; a no-op where
    there is none, such as Windows, or outside the main thread)."""

    def __init__(self, seconds: int) -> None:
        self.seconds = seconds
        self.previous: Any = None
        self.armed = False

    def __enter__(self) -> _Deadline:
        import threading

        if hasattr(signal, "SIGALRM") and threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGALRM, self._expire)
            signal.alarm(self.seconds)
            self.armed = True
        return self

    def _expire(self, signum: int, frame: object) -> None:
        raise _TimeUp

    def __exit__(self, *exc: object) -> None:
        if self.armed:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, self.previous)


# ---------------------------------------------------------------- progress


class _Progress:
    """A progress bar on stderr, shown only when asked for or when stderr is a terminal."""

    def __init__(self, enabled: bool, stream: IO[str] | None = None, width: int = 28) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled
        self.width = width
        self.shown = False

    def part(self, index: int, parts: int) -> Callable[[str, int, int], None]:
        """A callback for part *index* of *parts* (each reporting its own steps)."""

        def report(what: str, done: int, total: int) -> None:
            fraction = (index + (done / total if total else 1.0)) / max(parts, 1)
            self.show(what, fraction)

        return report

    def show(self, what: str, fraction: float) -> None:
        if not self.enabled:
            return
        filled = round(self.width * min(max(fraction, 0.0), 1.0))
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r[{bar}] {fraction:4.0%} {what[:40]:<40}")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False


def _progress(args: argparse.Namespace) -> _Progress:
    return _Progress(bool(getattr(args, "progress", False)) or sys.stderr.isatty())


# ---------------------------------------------------------------- workbook commands


def _workbook_modules() -> tuple[Any, Any, Any]:
    """engine, cache and templates, or a one-line error naming the extra to install."""
    try:
        import formulas  # noqa: F401
        import openpyxl  # noqa: F401
        import xlsxwriter  # noqa: F401

        from .workbook import cache, engine, templates
    except ImportError as error:
        raise CliError(
            f"xlrating: this command needs the workbook extra ({_WORKBOOK_EXTRA}): "
            f"{_one_line(error)}"
        ) from None
    return engine, cache, templates


def _default_output(book: Path) -> Path:
    return book.with_name(f"{book.stem}.recalc{book.suffix or '.xlsx'}")


def _recalc(args: argparse.Namespace) -> int:
    source = Path(args.book)
    if args.in_place and args.output:
        raise CliError("xlrating recalc: give either --in-place or -o, not both", EXIT_USAGE)
    if not source.is_file():
        raise CliError(f"xlrating recalc: no such file: {source}")
    target = source if args.in_place else Path(args.output or _default_output(source))
    if not args.in_place and target.resolve() == source.resolve():
        raise CliError(
            f"xlrating recalc: {target} is the input; use --in-place to overwrite it", EXIT_USAGE
        )
    where = "xlrating recalc"
    limit = _time_limit()
    _guard(where, source)
    engine, cache, _ = _workbook_modules()
    import tempfile
    import zipfile

    from .workbook import guard, season_book

    _remove_stale_temps(target)
    bar = _progress(args)
    fitted: Any = None
    handle, scratch = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".fit.xlsx")
    os.close(handle)
    try:
        with _Deadline(limit):
            # A season book's ratings table is sized to its tables first, as Excel 365 would.
            # The guard has read the source (above); the scratch copy is ours.
            fitted = season_book.fit_season(source, scratch, checked=True)
            book = Path(scratch) if fitted is not None else source
            evaluation = engine.evaluate(book, progress=bar.part(0, 2), checked=True)
            bar.show(f"writing {target.name}", 0.9)
            if args.in_place:
                _backup(source)
            report = cache.write_cached_values(
                book, target, evaluation.values, values_only=args.values_only
            )
        bar.show(f"wrote {target.name}", 1.0)
    except _TimeUp:
        raise CliError(
            f"{where}: {source}: gave up after {limit} s (the time limit; "
            f"{TIME_LIMIT_VARIABLE} sets another); nothing was written"
        ) from None
    except guard.WorkbookRefusedError as error:
        raise CliError(f"{where}: {source}: {_one_line(error)}") from None
    except zipfile.BadZipFile:
        raise CliError(f"{where}: {source}: not an xlsx file (a damaged zip archive)") from None
    except season_book.SeasonBookError as error:
        raise CliError(f"{where}: {_one_line(error)}") from None
    except MemoryError:
        raise CliError(
            f"{where}: {source}: ran out of memory computing it; nothing was written"
        ) from None
    except RecursionError:
        raise CliError(
            f"{where}: {source}: its formulas nest too deeply to compute; nothing was written"
        ) from None
    except OSError as error:
        raise CliError(f"{where}: {_one_line(error)}") from None
    except Exception as error:
        raise CliError(
            f"{where}: cannot compute {source.name}: {type(error).__name__}: {_one_line(error)}"
        ) from None
    finally:
        bar.close()
        Path(scratch).unlink(missing_ok=True)
    kind = "values only" if args.values_only else "formulas kept, results cached"
    print(
        f"wrote {target} ({report.written} of {report.formula_cells} formula cells computed; "
        f"{kind})"
    )
    if fitted is not None:
        print(
            f"the season table now spans {fitted.after} (was {fitted.before}); "
            f"chart lines: {fitted.series}"
        )
    if report.missing:
        sheet, cell = report.missing[0]
        print(
            f"note: {len(report.missing)} formula cells could not be computed "
            f"(first: {sheet}!{cell})",
            file=sys.stderr,
        )
    if report.errors:
        sheet, cell = report.errors[0]
        shown = evaluation.value(sheet, cell)
        print(
            f"note: {len(report.errors)} formula cells show an error "
            f"(first: {sheet}!{cell}: {str(shown)[:120]})",
            file=sys.stderr,
        )
    return 0


def _templates(args: argparse.Namespace) -> int:
    _, _, templates = _workbook_modules()
    directory = Path(args.directory)
    room = {
        key: value
        for key, value in (
            ("player_rows", args.player_rows),
            ("game_rows", args.game_rows),
            ("event_columns", args.event_columns),
        )
        if value is not None
    }
    sized: Path | None = None
    try:
        if room:  # the club season with the room asked for, if recalc will accept it
            from .workbook.guard import WorkbookRefusedError, check_workbook

            directory.mkdir(parents=True, exist_ok=True)
            sized = _temp_beside(directory / "club_season.xlsx")
            templates.build_template("club_season.xlsx", sized, room)
            try:
                check_workbook(sized)
            except WorkbookRefusedError as error:
                raise CliError(
                    f"xlrating templates: club_season.xlsx with that room would be too big "
                    f"for xlrating recalc: {_one_line(error)}"
                ) from None
        paths = templates.build_all(directory)
        if sized is not None:
            os.replace(sized, directory / "club_season.xlsx")
    except (OSError, templates.TemplateError) as error:
        raise CliError(f"xlrating templates: {_one_line(error)}") from None
    finally:
        if sized is not None:
            sized.unlink(missing_ok=True)
    for path in paths:
        print(f"wrote {path}")
    return 0


_PLAIN: Final = decimal.Decimal(1)


def _display(value: object, num_format: str | None) -> str:
    """A cell value as Excel shows it with the template's number format (roughly)."""
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    fmt = (num_format or "General").split(";")[0]
    sign = "+" if fmt.startswith("+") else ""
    fmt = fmt.lstrip("+")
    percent = fmt.endswith("%")
    number = decimal.Decimal(repr(value * 100 if percent else value))
    if fmt in ("", "General"):
        return str(value)
    places = len(fmt.rstrip("%").partition(".")[2])
    quantum = _PLAIN.scaleb(-places)
    rounded = number.quantize(quantum, rounding=decimal.ROUND_HALF_UP)  # as Excel shows it
    text = f"{rounded:{sign}.{places}f}"
    return text + ("%" if percent else "")


def _grid_of(ref: str) -> list[list[str]]:
    """ "$C$13:$D$14" -> [["C13", "D13"], ["C14", "D14"]]: the cells of a range, by row."""
    from .workbook.cache import cell_range

    def coordinate(row: int, col: int) -> str:
        letters = ""
        while col:
            col, rest = divmod(col - 1, 26)
            letters = chr(ord("A") + rest) + letters
        return f"{letters}{row}"

    rows: dict[int, list[str]] = {}
    for row, col in cell_range(ref.replace("$", "")):
        rows.setdefault(row, []).append(coordinate(row, col))
    return list(rows.values())


def _season_table(evaluation: Any, built: Any) -> list[list[str]]:
    """The season a club workbook computed: player, start, rating after each event, final.

    Everything is read from the workbook's own cells: the SEASON_RATINGS table and the
    Start and Final columns beside it (same rows); an unrated player shows as "-".
    """

    def column(key: str) -> list[object]:
        sheet, ref = built.cells[key]
        return [evaluation.value(sheet, row[0]) for row in _grid_of(ref)]

    def shown(value: object) -> str:
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        return _display(value, "0") if number else "-"

    sheet, ref = built.cells["ratings"]
    grid = [[evaluation.value(sheet, cell) for cell in row] for row in _grid_of(ref)]
    start, final = column("start"), column("final")  # from the table's header row down
    table = [["Player", "Start", *(str(v) for v in grid[0][1:]), "Final"]]
    for i, row in enumerate(grid[1:], start=1):
        table.append([str(row[0]), shown(start[i]), *(shown(v) for v in row[1:]), shown(final[i])])
    return table


def _print_table(table: list[list[str]]) -> None:
    widths = [max(len(row[j]) for row in table) for j in range(len(table[0]))]
    for row in table:
        cells = [row[0].ljust(widths[0])]
        cells += [v.rjust(w) for v, w in zip(row[1:], widths[1:], strict=True)]
        print("  ".join(cells).rstrip())


def _demo(args: argparse.Namespace) -> int:
    engine, cache, templates = _workbook_modules()
    directory = Path(args.directory)
    bar = _progress(args)
    rows: list[tuple[str, str, str]] = []
    statuses: list[tuple[str, object]] = []
    seasons: list[tuple[str, object, list[list[str]]]] = []
    names = list(templates.TEMPLATES)
    try:
        for index, name in enumerate(names):
            spec = templates.TEMPLATES[name]
            path = directory / name
            bar.show(f"building {name}", index / len(names))
            built = templates.build_template(name, path, spec.sample)
            evaluation = engine.evaluate(path, progress=bar.part(index, len(names)))
            cache.write_cached_values(path, path, evaluation.values)
            for key in spec.summary:
                sheet, ref = built.cells[key]
                if ":" in ref:  # a table (the club season's ratings): printed below
                    continue
                value = evaluation.value(sheet, ref)
                rows.append(
                    (name, built.labels.get(key, key), _display(value, built.formats.get(key)))
                )
            if "ratings" in spec.summary:
                system = evaluation.value(*built.cells["system"])
                seasons.append((name, system, _season_table(evaluation, built)))
            sheet, ref = built.cells["checks:status"]
            statuses.append((name, evaluation.value(sheet, ref)))
        bar.show("done", 1.0)
    except (OSError, templates.TemplateError) as error:
        raise CliError(f"xlrating demo: {_one_line(error)}") from None
    finally:
        bar.close()
    width = max(len(name) for name in names)
    if rows:
        label_width = max(len(r[1]) for r in rows)
        print(f"{'Workbook':<{width}}  {'Result':<{label_width}}  Value")
        for workbook, label, value in rows:
            print(f"{workbook:<{width}}  {label:<{label_width}}  {value:>8}")
        print()
    for workbook, system, table in seasons:
        print(f"{workbook}: rating after each event (system {system}; - means unrated)")
        _print_table(table)
        print()
    for workbook, status in statuses:
        print(f"{workbook:<{width}}  Checks sheet: {status}")
    print()
    print(f"Wrote {len(names)} workbooks with sample data to {directory.resolve()}")
    print(
        "Each is recalculated: the results are cached in the file, so Excel shows them even "
        "without the add-in. For LibreOffice or Google Sheets run "
        "xlrating recalc --values-only on a copy."
    )
    return 0


def _iso_date(text: str) -> Any:
    """--date: an ISO date such as 2026-01-10 (argparse reports anything else in one line)."""
    import datetime as dt

    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be a date such as 2026-01-10, got {text!r}"
        ) from None


def _read_text(path: Path) -> str:
    """A tournament file's text (:func:`xlrating.imports.decode_text`); at most one byte
    more than the limit is read, so a huge file costs nothing."""
    from .imports import MAX_TEXT_BYTES, decode_text

    with path.open("rb") as handle:
        data = handle.read(MAX_TEXT_BYTES + 1)
    return decode_text(data)


def _import(args: argparse.Namespace) -> int:
    limit = _time_limit()
    try:
        with _Deadline(limit):  # the same limit as recalc (and again for --recalc)
            return _import_within(args, limit)
    except _TimeUp:
        raise CliError(
            f"xlrating import: {args.into}: gave up after {limit} s (the time limit; "
            f"{TIME_LIMIT_VARIABLE} sets another); the book is never half-written: it is "
            "as it was, or holds the whole event"
        ) from None


def _import_within(args: argparse.Namespace, limit: int) -> int:
    from .errors import RatingError
    from .imports import parse_any

    source, book = Path(args.file), Path(args.into)
    where = "xlrating import"
    for path in (source, book):
        if not path.is_file():
            raise CliError(f"{where}: no such file: {path}")
    _guard(where, book)
    try:
        event = parse_any(_read_text(source))
    except RatingError as error:
        raise CliError(f"{where}: {source.name}: {_one_line(error)}") from None
    except OSError as error:
        raise CliError(f"{where}: {_one_line(error)}") from None
    engine, cache, _ = _workbook_modules()
    import zipfile

    from .workbook import season_book

    name = args.event if args.event is not None else event.name
    if not name or not name.strip():
        raise CliError(f"{where}: {source.name} gives no event name: add --event NAME", EXIT_USAGE)
    date = args.date if args.date is not None else event.date
    if date is None:
        raise CliError(f"{where}: {source.name} gives no date: add --date YYYY-MM-DD", EXIT_USAGE)
    try:
        report = season_book.import_event(book, event, name=name, date=date)
    except season_book.SeasonBookError as error:
        raise CliError(f"{where}: {_one_line(error)}") from None
    except zipfile.BadZipFile:
        raise CliError(f"{where}: {book} is not an xlsx file") from None
    except OSError as error:
        raise CliError(f"{where}: cannot write {book}: {_one_line(error)}") from None
    if args.recalc:
        try:
            with _Deadline(limit):
                evaluation = engine.evaluate(book)
                cache.write_cached_values(book, book, evaluation.values)
        except _TimeUp:
            raise CliError(
                f"{where}: imported into {book}, but recalculating it gave up after {limit} s "
                "(the time limit)"
            ) from None
        except Exception as error:  # the import itself is done and saved
            raise CliError(
                f"{where}: imported into {book}, but recalculating it failed: "
                f"{type(error).__name__}: {_one_line(error)}"
            ) from None
    added = len(report.added)
    rows = report.player_rows
    placed = f" (Players rows {rows[0]}-{rows[1]})" if rows else ""
    first, last = report.game_rows
    print(
        f"imported {report.event!r} ({report.date.isoformat()}) into {book}: {added} new "
        f"player{'s' if added != 1 else ''}{placed}, {len(report.known)} already listed; "
        f"{last - first + 1} game rows (Games rows {first}-{last})"
    )
    if report.split:
        print(
            f"note: {report.split} pairing{'s' if report.split != 1 else ''} with no result "
            "from White's side (a double forfeit or an unrated draw) written as a bye for "
            "each player, with the points scored; neither is rated"
        )
    if report.fit is not None:
        print(
            f"the season table now spans {report.fit.after} (was {report.fit.before}); "
            f"chart lines: {report.fit.series}"
        )
    if args.recalc:
        print("recalculated: the results are cached in the file")
    else:
        print(f"Excel recomputes on open; to cache the results: xlrating recalc {book} --in-place")
    return 0


# ---------------------------------------------------------------- rating commands


def _cell(text: str) -> object:
    """A command-line value as a cell would hold it: a number if it reads as one."""
    try:
        return float(text)
    except ValueError:
        return text


def _main_function(family: str) -> Any:
    """The registry function whose arguments a family's command takes."""
    from .catalog import FUNCTIONS

    prefix = family.upper()
    for suffix in ("DETAILS", "NEW_RATING"):
        fn = FUNCTIONS.get(f"{prefix}_{suffix}")
        if fn is not None:
            return fn
    raise CliError(f"xlrating {family}: the registry has no {prefix}_DETAILS function")


def _is_error_text(value: object) -> bool:
    from .cells import EXCEL_ERRORS

    return isinstance(value, str) and value.split(" ", 1)[0] in EXCEL_ERRORS


def _checked(value: object) -> object:
    if _is_error_text(value):
        raise CliError(str(value), EXIT_USAGE)
    return value


def _rate(args: argparse.Namespace) -> int:
    from .catalog import FUNCTIONS

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
    if fn.name.endswith("_DETAILS"):
        result = _checked(call(fn.name))
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
            scores = _checked(call(expected.name, opponent=opponents))
            rows: list[Any] = scores if isinstance(scores, list) else []
            for opponent, row in zip(opponents, rows, strict=False):
                table.append([f"Expected score against {_show(opponent)}", row[0]])
        change = f"{prefix}_RATING_CHANGE"
        if change in FUNCTIONS:
            table.append(["Change per game", _checked(call(change, games=None))])
            table.append(["Total change", _checked(call(change))])
        table.append(["New rating", _checked(call(fn.name))])
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


def _add_rating_command(commands: Any, family: str) -> None:
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
                f"--{param.name}",
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
    sub.set_defaults(handler=_rate)


# ---------------------------------------------------------------- excel-setup


def add_udf_module(conf: str | Path, module: str = UDF_MODULE) -> bool:
    """Add *module* to the "UDF MODULES" line of an xlwings.conf file, keeping other lines.

    The file holds ``"KEY","VALUE"`` lines (xlwings ``read_user_config``); several UDF
    modules are separated by ``;``.  A missing file is created.  Returns False when the
    module was already listed (the file is then left untouched).
    """
    path = Path(conf)
    raw = path.read_bytes() if path.is_file() else b""
    text = raw.decode("latin-1")  # a lossless round trip for whatever encoding it has
    newline = "\r\n" if "\r\n" in text else ("\n" if text else os.linesep)
    lines = text.splitlines()
    for i, line in enumerate(lines):
        quoted = [part for part in line.split('"')[1::2]]
        if quoted and quoted[0].strip().upper() == UDF_MODULES_KEY:
            current = quoted[1] if len(quoted) > 1 else ""
            modules = [m.strip() for m in current.split(";") if m.strip()]
            if module in modules:
                return False
            lines[i] = f'"{UDF_MODULES_KEY}","{";".join([*modules, module])}"'
            break
    else:
        lines.append(f'"{UDF_MODULES_KEY}","{module}"')
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(path.name + ".tmp")
    temp.write_bytes((newline.join(lines) + newline).encode("latin-1"))
    os.replace(temp, path)
    return True


def xlwings_conf_path() -> Path:
    """The user's xlwings.conf: %USERPROFILE%\\.xlwings\\xlwings.conf."""
    home = os.environ.get("USERPROFILE")
    return (Path(home) if home else Path.home()) / ".xlwings" / "xlwings.conf"


_ELSEWHERE: Final = """\
xlrating excel-setup sets up the xlwings Excel add-in, which runs on Windows only.
On Windows it runs `xlwings addin install`, adds the line
    "UDF MODULES","xlrating.udfs"
to %USERPROFILE%\\.xlwings\\xlwings.conf (keeping the lines already there), and then
asks you to save your workbook as .xlsm and click xlwings > Import Functions.

On this computer ({system}) Excel cannot call the xlwings add-in's functions. Instead:
  * fill in a template and let Python compute it:
        xlrating templates                      (writes ./workbooks/*.xlsx)
        xlrating recalc workbooks/uscf_event.xlsx
    The copy uscf_event.recalc.xlsx shows every result; add --values-only for a copy
    without formulas, for LibreOffice or Google Sheets.
  * or use xlwings Lite (lite.xlwings.org), a free add-in that runs Python inside Excel
    on Mac and on the web.
"""


def _xlwings_command() -> list[str]:
    import importlib.util

    found = shutil.which("xlwings")
    if found:
        return [found]
    if importlib.util.find_spec("xlwings") is None:
        raise CliError(
            'xlrating excel-setup: xlwings is not installed: pip install "xlrating[excel]"'
        )
    return [sys.executable, "-m", "xlwings.cli"]


def _excel_setup(args: argparse.Namespace) -> int:
    if sys.platform != "win32":
        system = {"darwin": "macOS", "linux": "Linux"}.get(sys.platform, sys.platform)
        print(_ELSEWHERE.format(system=system), end="")
        return 0
    command = [*_xlwings_command(), "addin", "install"]
    print("running: " + " ".join(command))
    try:
        done = subprocess.run(command, check=False)
    except OSError as error:
        raise CliError(f"xlrating excel-setup: cannot run xlwings: {_one_line(error)}") from None
    if done.returncode != 0:
        raise CliError(
            f"xlrating excel-setup: `xlwings addin install` failed "
            f"(exit {done.returncode}); is Excel closed?"
        )
    conf = Path(args.conf) if args.conf else xlwings_conf_path()
    try:
        changed = add_udf_module(conf)
    except OSError as error:
        raise CliError(f"xlrating excel-setup: cannot update {conf}: {_one_line(error)}") from None
    state = "added to" if changed else "already in"
    print(f'"{UDF_MODULES_KEY}","{UDF_MODULE}" {state} {conf}')
    print(
        "Next: open your workbook in Excel, save it as a macro-enabled workbook (.xlsm), "
        "and click xlwings > Import Functions (once, allow Trust access to the VBA project "
        "object model in the Trust Center)."
    )
    return 0


# ---------------------------------------------------------------- the parser


def build_parser() -> argparse.ArgumentParser:
    """The ``xlrating`` argument parser."""
    parser = _Parser(
        prog="xlrating",
        description="Chess ratings as spreadsheet functions (US Chess, FIDE, Elo): template "
        "workbooks, headless recalculation, and quick ratings in the terminal.",
    )
    parser.add_argument("--version", action="version", version=f"xlrating {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    recalc = commands.add_parser(
        "recalc",
        help="compute every formula of a workbook and write the results into a copy",
        description="Compute every formula of BOOK with xlrating's functions and write a copy "
        "whose formula cells carry the results as cached values, so Excel "
        "without the add-in, LibreOffice and Google Sheets show them. A club season's "
        "ratings table (SEASON_RATINGS) is first sized to its Players and Games tables, "
        "as Excel 365 would.",
    )
    recalc.add_argument("book", metavar="BOOK.xlsx", help="the workbook to compute")
    recalc.add_argument(
        "-o", "--output", metavar="OUT.xlsx", help="where to write (default: BOOK.recalc.xlsx)"
    )
    recalc.add_argument(
        "--values-only", action="store_true", help="drop the formulas and keep only the values"
    )
    recalc.add_argument(
        "--in-place",
        action="store_true",
        help="overwrite BOOK itself (written to a temporary file, then renamed)",
    )
    recalc.add_argument(
        "--progress",
        action="store_true",
        help="show a progress bar even when stderr is not a terminal",
    )
    recalc.set_defaults(handler=_recalc)

    templates = commands.add_parser(
        "templates",
        help="write fresh template workbooks",
        description="Write the template workbooks into DIR.",
    )
    templates.add_argument(
        "directory",
        metavar="DIR",
        nargs="?",
        default="workbooks",
        help="where to write them (default: ./workbooks)",
    )
    # The defaults are templates.CLUB_PLAYER_ROWS, CLUB_GAME_ROWS, CLUB_EVENT_COLUMNS, written
    # out here because --help must not import the workbook libraries.
    for option, what, default in (
        ("--player-rows", "rows for players", 40),
        ("--game-rows", "rows for games (a game or a bye per row)", 600),
        ("--event-columns", "event columns of the Ratings sheet", 16),
    ):
        templates.add_argument(
            option,
            type=int,
            metavar="N",
            help=f"club_season.xlsx: {what} (default {default})",
        )
    templates.set_defaults(handler=_templates)

    demo = commands.add_parser(
        "demo",
        help="build sample workbooks, recalculate them and print a summary",
        description="Fill every template with a sample event, recalculate it headlessly and "
        "print the main results.",
    )
    demo.add_argument(
        "directory",
        metavar="DIR",
        nargs="?",
        default="xlrating-demo",
        help="where to write the workbooks (default: ./xlrating-demo)",
    )
    demo.add_argument(
        "--progress",
        action="store_true",
        help="show a progress bar even when stderr is not a terminal",
    )
    demo.set_defaults(handler=_demo)

    importer = commands.add_parser(
        "import",
        help="add an event from a FIDE TRF or US Chess crosstable to a club season workbook",
        description="Read FILE (a FIDE TRF-16 report or a US Chess crosstable) and add its "
        "players (those not yet listed, matched by name) and its games to the Players and "
        "Games sheets of BOOK, a club season workbook; the ratings table and its chart are "
        "resized to fit. Everything else in BOOK is kept; it is rewritten through a "
        "temporary file, so a failure leaves it untouched.",
    )
    importer.add_argument("file", metavar="FILE", help="the TRF or crosstable text file")
    importer.add_argument(
        "--into", required=True, metavar="BOOK.xlsx", help="the club season workbook to add to"
    )
    importer.add_argument(
        "--event", metavar="NAME", help="the event's name (default: the name the file gives)"
    )
    importer.add_argument(
        "--date",
        type=_iso_date,
        metavar="YYYY-MM-DD",
        help="the event's date (default: the date the file gives; crosstables give none)",
    )
    importer.add_argument(
        "--recalc",
        action="store_true",
        help="also recalculate BOOK so that the cached results show the new event",
    )
    importer.set_defaults(handler=_import)

    for family in FAMILIES:
        _add_rating_command(commands, family)

    setup = commands.add_parser(
        "excel-setup",
        help="set up the xlwings Excel add-in (Windows)",
        description="On Windows: run `xlwings addin install` and set UDF Modules to "
        "xlrating.udfs in xlwings.conf. Elsewhere: explain what to do instead.",
    )
    setup.add_argument(
        "--conf",
        metavar="PATH",
        help="the xlwings.conf to edit (default: %%USERPROFILE%%\\.xlwings\\xlwings.conf)",
    )
    setup.set_defaults(handler=_excel_setup)
    return parser


def _limit_memory() -> None:
    """Lower the data-segment limit to :data:`MEMORY_LIMIT_BYTES` (never raise one that is
    lower already); nothing on platforms without ``resource`` or ``RLIMIT_DATA``."""
    try:
        import resource
    except ImportError:  # Windows
        return
    kind = getattr(resource, "RLIMIT_DATA", None)
    if kind is None:
        return
    try:
        soft, hard = resource.getrlimit(kind)
        wanted = (
            MEMORY_LIMIT_BYTES if hard == resource.RLIM_INFINITY else min(hard, MEMORY_LIMIT_BYTES)
        )
        if soft == resource.RLIM_INFINITY or soft > wanted:
            resource.setrlimit(kind, (wanted, hard))
    except (OSError, ValueError):  # a platform that does not enforce it
        return


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``xlrating`` command; returns the exit code.

    Run as the command (*argv* None), it first limits its own memory (:func:`_limit_memory`).
    """
    if argv is None:
        _limit_memory()
    try:
        args = build_parser().parse_args(argv)
        handler: Callable[[argparse.Namespace], int] = args.handler
        return handler(args)
    except CliError as error:
        print(error, file=sys.stderr)
        return error.code
    except SystemExit as done:  # --help and --version
        return done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    except KeyboardInterrupt:
        print("xlrating: interrupted", file=sys.stderr)
        return 130
    except MemoryError:
        print(
            f"xlrating: out of memory (the command's limit is "
            f"{MEMORY_LIMIT_BYTES / 1024**3:g} GiB): the workbook is too large to compute; "
            "outputs are renamed into place only when complete, so no file was half-written",
            file=sys.stderr,
        )
        return EXIT_FAILURE
    except Exception as error:  # a bug: still one line, and say what it was
        print(
            f"xlrating: internal error ({type(error).__name__}): {_one_line(error)}",
            file=sys.stderr,
        )
        return EXIT_FAILURE


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
