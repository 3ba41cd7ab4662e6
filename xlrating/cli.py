"""The ``xlrating`` command: templates, headless recalculation, a demo and quick ratings.

``xlrating recalc BOOK.xlsx`` computes every formula of a workbook with the registry's
functions and writes a copy whose formula cells carry the results (so Excel without the
add-in, LibreOffice and Google Sheets show the numbers; a club season's ratings table is
first sized to its tables); ``xlrating templates`` writes the template workbooks;
``xlrating demo`` fills them with sample data, recalculates them and prints the club
season; ``xlrating import FILE --into BOOK.xlsx`` adds a FIDE TRF or US Chess crosstable
to a club season workbook (``--dry-run``: only show what it would add); ``xlrating rate
FILE`` rates a whole tournament file's event without a workbook; ``xlrating
uscf|fide|elo`` rate an event in the terminal through the same registry functions as the
spreadsheets; ``xlrating excel-setup`` sets up the xlwings add-in on Windows;
``xlrating excel-check`` computes workbooks in Excel itself and compares them with the
headless engine.

Only the standard library and the registry are imported up front: the workbook modules
(openpyxl, formulas, XlsxWriter) are imported by the commands that need them, so
``xlrating --help`` and the rating commands work on a bare install.  Every failure ends
with a non-zero exit and one line on stderr, never a traceback.

Hostile or broken files: ``recalc`` and ``import`` check every workbook with
:func:`xlrating.workbook.guard.check_workbook` before any parser reads it, ``recalc`` gives
up after :data:`TIME_LIMIT_SECONDS`, and a tournament file is read through
:func:`xlrating.imports.decode_text`.  Nothing is written under a target's name until it
is complete: every file is written through :mod:`xlrating.workbook.files` (a temporary
file beside the target, flushed, renamed into place); ``recalc --in-place`` first copies
the book to :func:`backup_path`.  A run killed midway may leave a temporary
``.NAME.*.tmp`` beside the target; the next run on that target removes those older than
:data:`STALE_TEMP_SECONDS`.
"""

from __future__ import annotations

import argparse
import contextlib
import decimal
import importlib.util
import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Final, NoReturn

from . import __version__
from .errors import RatingError, WorkbookError, XlratingError
from .workbook import files
from .workbook.files import STALE_TEMP_SECONDS as STALE_TEMP_SECONDS  # the sweep's age

__all__ = ["UDF_MODULE", "CliError", "add_udf_module", "backup_path", "build_parser", "main"]

EXIT_FAILURE: Final = 1
EXIT_USAGE: Final = 2
#: The exit code of a run interrupted with Ctrl+C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED: Final = 130
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
_WORKBOOK_EXTRA: Final = 'in your clone of xlrating: python -m pip install -e ".[workbook]"'
#: Wall-clock limit of ``recalc`` (and of ``import --recalc``'s recalculation), in seconds;
#: the environment variable XLRATING_TIME_LIMIT sets another.  The largest workbook the
#: guard accepts takes well under a minute on a 2020s laptop.
TIME_LIMIT_SECONDS: Final = 300
TIME_LIMIT_VARIABLE: Final = "XLRATING_TIME_LIMIT"
#: Memory the ``xlrating`` command allows itself (its data segment, ``RLIMIT_DATA``, where
#: the platform has it: Linux counts the heap and private mappings in it): the largest
#: workbook the guard accepts peaked at 1.1 GB, a 5,000-game season at 0.4 GB; beyond the
#: limit a run ends with one line (README: "within about a minute and 1.5 GB").
MEMORY_LIMIT_BYTES: Final = 1536 * 1024**2


class CliError(XlratingError):
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


# ---------------------------------------------------------------- failures as messages


@dataclass(frozen=True, slots=True)
class _Step:
    """What a command is doing, for the message a failure in it gets (:func:`_failure`).

    A command runs each step that touches files ``with _doing(_Step(...))``; the fields say
    what the failures that are expected there mean for the user.
    """

    #: The command, as messages start: "xlrating recalc".
    where: str
    #: The file the step reads or writes, as messages name it ("" if none).
    file: str = ""
    #: What an OSError means here, before its text ("cannot read book.xlsx"); "": its
    #: text alone.
    os_error: str = ""
    #: What a damaged zip archive means here; "": not expected here.
    bad_zip: str = ""
    #: What running out of time means here; "": no time limit here.
    time_up: str = ""
    #: The computation on *file*: running out of memory or stack is said of it.
    computing: bool = False
    #: What any other failure means here, before its type and text; "": a bug.
    other: str = ""
    #: Work already saved before this step: every failure here is said after it.
    saved: str = ""


_STEP: ContextVar[_Step | None] = ContextVar("xlrating_cli_step", default=None)


@contextlib.contextmanager
def _doing(step: _Step) -> Iterator[None]:
    """Run a step of a command; a failure leaves the step set for :func:`main`."""
    token = _STEP.set(step)
    yield
    _STEP.reset(token)


def _failure(error: BaseException, step: _Step | None) -> tuple[str, int]:
    """The one line and exit code for a failure: the one place the command maps errors
    (xlrating's family, the system's, the libraries') to what the user reads."""
    if isinstance(error, CliError):
        return str(error), error.code
    if isinstance(error, KeyboardInterrupt):
        return "xlrating: interrupted", EXIT_INTERRUPTED
    message = _message(error, step) if step is not None else None
    if message is None and isinstance(error, MemoryError):
        message = (
            f"xlrating: out of memory (the command's limit is "
            f"{MEMORY_LIMIT_BYTES / 1024**3:g} GiB): the workbook is too large to compute; "
            "outputs are renamed into place only when complete, so no file was half-written"
        )
    if message is None:  # a bug: still one line, and say what it was
        message = f"xlrating: internal error ({type(error).__name__}): {_one_line(error)}"
    return message, EXIT_FAILURE


def _message(error: BaseException, step: _Step) -> str | None:
    """What *error* means in *step*; None for a failure the step does not expect."""
    import zipfile

    from .workbook.guard import WorkbookRefusedError

    where, file, text = step.where, step.file, _one_line(error)
    kind = f"{type(error).__name__}: {text}"
    if step.saved and isinstance(error, _TimeUp):
        return f"{where}: {step.saved}, but {step.time_up}"
    if step.saved and isinstance(error, Exception):
        return f"{where}: {step.saved}, but {step.other}: {kind}"
    if isinstance(error, _TimeUp) and step.time_up:
        return f"{where}: {step.time_up}"
    if isinstance(error, WorkbookRefusedError) and file:  # its message names no file
        return f"{where}: {file}: {text}"
    if isinstance(error, WorkbookError):
        return f"{where}: {text}"
    if isinstance(error, zipfile.BadZipFile) and step.bad_zip:
        return f"{where}: {step.bad_zip}"
    if isinstance(error, MemoryError) and step.computing:
        return f"{where}: {file}: ran out of memory computing it; nothing was written"
    if isinstance(error, RecursionError) and step.computing:
        return f"{where}: {file}: its formulas nest too deeply to compute; nothing was written"
    if isinstance(error, OSError):
        return f"{where}: {step.os_error}: {text}" if step.os_error else f"{where}: {text}"
    if isinstance(error, Exception) and step.other:
        return f"{where}: {step.other}: {kind}"
    if isinstance(error, RatingError) and file:
        return f"{where}: {file}: {text}"
    return None


# ---------------------------------------------------------------- keeping files safe


def backup_path(book: Path) -> Path:
    """Where ``recalc --in-place`` keeps the book as it was: book.xlsx -> book.backup.xlsx."""
    return book.with_name(f"{book.stem}.backup{book.suffix or '.xlsx'}")


def _backup(book: Path) -> Path:
    """Copy *book* to its backup name, through a temporary file renamed into place."""
    backup = backup_path(book)
    files.copy_file(book, backup)
    return backup


def _guard(where: str, book: Path) -> None:
    """Refuse, in one line, a workbook that is not a plain xlsx within the guard's limits."""
    from .workbook import guard

    with _doing(_Step(where, str(book), os_error=f"cannot read {book}")):
        guard.check_workbook(book)  # standard library only: a refused file costs no import


class _TimeUp(BaseException):
    """The time limit ran out (a BaseException, so that no ``except Exception`` inside a
    library swallows it)."""


#: The longest time limit every platform's timer takes: macOS and the BSDs refuse an
#: alarm of more than 100,000,000 s (setitimer(2), EINVAL; ``itimerfix`` in their
#: kernels), Linux more than ``INT_MAX`` through Python's ``signal.alarm``.  About 3 years.
TIME_LIMIT_MAX: Final = 100_000_000


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
    if seconds > TIME_LIMIT_MAX:
        raise CliError(
            f"xlrating: {TIME_LIMIT_VARIABLE} must be at most {TIME_LIMIT_MAX:,} seconds, "
            f"got {raw!r}",
            EXIT_USAGE,
        )
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
    """engine, xlsx and templates, or a one-line error naming the extra to install."""
    try:
        import formulas  # noqa: F401
        import openpyxl  # noqa: F401
        import xlsxwriter  # noqa: F401

        from .workbook import engine, templates, xlsx
    except ImportError as error:
        raise CliError(
            f"xlrating: this command needs the workbook extra ({_WORKBOOK_EXTRA}): "
            f"{_one_line(error)}"
        ) from None
    return engine, xlsx, templates


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
    with _doing(_Step(where, str(target), os_error=f"cannot write {target}")):
        files.lock(target, reading=[source])  # one xlrating at a time; the input watched
    limit = _time_limit()
    _guard(where, source)
    _check_suffix(where, source, target, EXIT_FAILURE if args.in_place else EXIT_USAGE)
    engine, xlsx, _ = _workbook_modules()
    import tempfile

    from .workbook import season_book

    files.remove_stale_temps(target)
    bar = _progress(args)
    fitted: Any = None
    handle, scratch = tempfile.mkstemp(prefix=".xlrating-fit.", suffix=".xlsx")
    os.close(handle)
    computing = _Step(
        where,
        str(source),
        bad_zip=f"{source}: not an xlsx file (a damaged zip archive)",
        time_up=(
            f"{source}: gave up after {limit} s (the time limit; "
            f"{TIME_LIMIT_VARIABLE} sets another); nothing was written"
        ),
        computing=True,
        other=f"cannot compute {source.name}",
    )
    try:
        with _doing(computing), _Deadline(limit):
            # A season book's ratings table is sized to its tables first, as Excel 365 would.
            # The guard has read the source (above); the scratch copy is ours.
            fitted = season_book.fit_season(source, scratch, checked=True)
            book = Path(scratch) if fitted is not None else source
            evaluation = _evaluate(args, engine, book, bar)
            bar.show(f"writing {target.name}", 0.9)
            if args.in_place:
                _backup(source)
            report = xlsx.write_cached_values(
                book, target, evaluation.values, values_only=args.values_only
            )
        bar.show(f"wrote {target.name}", 1.0)
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


#: Excel's error values: a LibreOffice error shown otherwise (Err:504, ...) is cached as #VALUE!.
_EXCEL_ERRORS: Final = frozenset(
    {"#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A"}
)


def _evaluate(args: argparse.Namespace, engine: Any, book: Path, bar: _Progress) -> Any:
    """Every cell's value, by the embedded engine or (``--engine libreoffice``) by a headless
    LibreOffice with xlrating's add-in."""
    if getattr(args, "engine", "embedded") != "libreoffice":
        return engine.evaluate(book, progress=bar.part(0, 2), checked=True)
    from .libreoffice import office
    from .workbook.xlsx import CellError

    bar.show(f"LibreOffice: computing {book.name}", 0.1)
    with _doing(_Step("xlrating recalc --engine libreoffice", str(book))):
        done = office.recalculate_once(office.find_office(), book)
    values = {
        key: (CellError(v if v in _EXCEL_ERRORS else "#VALUE!"))
        if isinstance(v, office.CalcError)
        else v
        for key, v in done.values.items()
    }
    return engine.Evaluation(book.resolve(), values)


def _templates(args: argparse.Namespace) -> int:
    from .workbook.season_layout import CLUB_SEASON

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
    with _doing(_Step("xlrating templates")):
        for name in templates.TEMPLATES:  # one xlrating at a time on each file it replaces
            files.lock(directory / name)
            files.lock((directory / name).with_suffix(".xlsm"))
        if not room:
            paths = templates.build_all(directory)
        else:  # the club season with the room asked for, if recalc will accept it
            from .workbook.guard import WorkbookRefusedError, check_workbook

            with files.replacing(directory / CLUB_SEASON) as sized:
                templates.build_template(CLUB_SEASON, sized, room)
                try:
                    check_workbook(sized)
                except WorkbookRefusedError as error:
                    raise CliError(
                        f"xlrating templates: {CLUB_SEASON} with that room would be too big "
                        f"for xlrating recalc: {_one_line(error)}"
                    ) from None
                # The others, and the standard club season that the sized one replaces.
                paths = templates.build_all(directory)
        # Each template caches its computed values, and with xlwings installed (the excel
        # extra) gets its .xlsm twin with the functions inside.
        from .workbook.finish import finish_templates

        paths = finish_templates(paths, twins=importlib.util.find_spec("xlwings") is not None)
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
    from .workbook.a1 import address, cell_range

    rows: dict[int, list[str]] = {}
    for row, col in cell_range(ref.replace("$", "")):
        rows.setdefault(row, []).append(address(row, col))
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
    engine, xlsx, templates = _workbook_modules()
    directory = Path(args.directory)
    bar = _progress(args)
    rows: list[tuple[str, str, str]] = []
    statuses: list[tuple[str, object]] = []
    seasons: list[tuple[str, object, list[list[str]]]] = []
    names = list(templates.TEMPLATES)
    try:
        with _doing(_Step("xlrating demo")):
            for index, name in enumerate(names):
                spec = templates.TEMPLATES[name]
                path = directory / name
                bar.show(f"building {name}", index / len(names))
                built = templates.build_template(name, path, spec.sample)
                evaluation = engine.evaluate(path, progress=bar.part(index, len(names)))
                xlsx.write_cached_values(path, path, evaluation.values)
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
    if getattr(args, "dry_run", False):
        return _import_dry_run(args)
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

    source, book = Path(args.file), Path(args.into)
    where = "xlrating import"
    with _doing(_Step(where, str(book), os_error=f"cannot write {book}")):
        files.lock(book, reading=[source])  # one xlrating at a time; the files watched
    for path in (source, book):
        if not path.is_file():
            raise CliError(f"{where}: no such file: {path}")
    _guard(where, book)
    _check_suffix(where, book, book, EXIT_FAILURE)
    imported_events = _read_tournament(where, source, args)
    if len(imported_events) > 1:
        listed = ", ".join(repr(e.section or str(i)) for i, e in enumerate(imported_events, 1))
        raise CliError(
            f"{where}: {source.name} has {len(imported_events)} sections ({listed}): "
            "import one at a time with --section NAME",
            EXIT_USAGE,
        )
    event = imported_events[0].event
    engine, xlsx, _ = _workbook_modules()
    from .workbook import season_book

    name = args.event if args.event is not None else event.name
    if not name or not name.strip():
        raise CliError(f"{where}: {source.name} gives no event name: add --event NAME", EXIT_USAGE)
    date, came_from = _rules_date(imported_events[0], args.date)
    writing = _Step(
        where, str(book), os_error=f"cannot write {book}", bad_zip=f"{book} is not an xlsx file"
    )
    with _doing(writing):
        report = season_book.import_event(book, event, name=name, date=date)
    if args.recalc:
        recalculating = _Step(  # the import itself is done and saved
            where,
            str(book),
            saved=f"imported into {book}",
            time_up=f"recalculating it gave up after {limit} s (the time limit)",
            other="recalculating it failed",
        )
        with _doing(recalculating), _Deadline(limit):
            evaluation = engine.evaluate(book)
            xlsx.write_cached_values(book, book, evaluation.values)
    added = len(report.added)
    rows = report.player_rows
    placed = f" (Players rows {rows[0]}-{rows[1]})" if rows else ""
    first, last = report.game_rows
    print(
        f"imported {report.event!r} ({report.date.isoformat()}) into {book}: {added} new "
        f"player{'s' if added != 1 else ''}{placed}, {len(report.known)} already listed; "
        f"{last - first + 1} game rows (Games rows {first}-{last})"
    )
    print(f"date {date.isoformat()} (it picks the rules), from {came_from}")
    for note in imported_events[0].notes:
        print(f"note: {note}")
    if report.split:
        print(
            f"note: {report.split} pairing{'s' if report.split != 1 else ''} with no result "
            "from White's side (a double forfeit or an unrated draw) written as a bye for "
            "each player, with the points scored; neither is rated"
        )
    _print_grown(report.grown)
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


# ---------------------------------------------------------------- tournament files

#: Files with at least this many players get a progress line on stderr while rated.
RATE_PROGRESS_PLAYERS: Final = 200


def _event_name(text: str) -> str:
    """--event: a name a workbook can hold (see :func:`xlrating.tournament.name_problem`)."""
    from .tournament import name_problem

    problem = name_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(f"column {problem[0] + 1} of the name holds {problem[1]}")
    if not text.strip():
        raise argparse.ArgumentTypeError("must not be blank")
    return text


def _read_tournament(where: str, source: Path, args: argparse.Namespace) -> Any:
    """The events of a tournament file (a tuple of ImportedEvent), or one line why not."""
    from .imports import read_tournament

    if not source.is_file():
        raise CliError(f"{where}: no such file: {source}")
    with _doing(_Step(where, source.name)):
        return read_tournament(
            _read_text(source),
            section=getattr(args, "section", None),
            rating=getattr(args, "rating", None),
        )


def _rules_date(imported: Any, given: Any) -> tuple[Any, str]:
    """The date that picks the rules and where it came from: --date, the file, or today."""
    import datetime as dt

    if given is not None:
        return given, "--date"
    if imported.event.date is not None:
        return imported.event.date, imported.date_source
    return dt.date.today(), "today: the file gives no date (--date sets one)"


def _number(value: float | None, signed: bool = False) -> str:
    if value is None:
        return "-"
    text = f"{value:+.0f}" if signed else f"{value:.0f}"
    return text if float(text) == value else (f"{value:+.1f}" if signed else f"{value:.1f}")


_SYSTEM_NAMES: Final = {"uscf": "US Chess, all five steps", "fide": "FIDE rating period"}


def _rated_table(rated: Any) -> list[list[str]]:
    """Rows to print: player, pre, post, change, games, score (and published, difference)."""
    compared = rated.compared > 0
    head = ["Player", "Pre", "Post", "Change", "Games", "Score"]
    if compared:
        head += ["Published", "Diff"]
    table = [[*head, "Note"]]
    for row in rated.rows:
        cells = [
            row.name,
            _number(row.pre),
            _number(row.post),
            _number(row.change, signed=True),
            str(row.rated_games),
            f"{row.score:g}",
        ]
        if compared:
            published = (
                ("unrated" if row.published is None else _number(row.published))
                if row.has_published
                else ""
            )
            diff = row.difference
            cells += [published, "" if diff is None else _number(diff, signed=True)]
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


def _write_csv(target: Path, events: Sequence[Any]) -> None:
    """Every rated event as CSV rows, written beside *target* and renamed over it."""
    import csv

    if target.is_dir():
        raise CliError(f"xlrating rate: --csv {target} is a directory")
    step = _Step("xlrating rate", str(target), os_error=f"cannot write {target}")
    with (
        _doing(step),
        files.replacing(target) as temp,
        temp.open("w", newline="", encoding="utf-8") as handle,
    ):
        writer = csv.writer(handle)
        writer.writerow(
            ["event", "section", "system", "rules date", "player", "pre", "post",
             "change", "rated games", "score", "published", "difference", "agreement",
             "note"]
        )  # fmt: skip
        for rated in events:
            for row in rated.rows:
                published: object = ""
                if row.has_published:
                    published = "unrated" if row.published is None else row.published
                values: list[object] = [
                    rated.name, rated.section, rated.system, rated.date.isoformat(),
                    row.name, row.pre, row.post, row.change, row.rated_games, row.score,
                    published, row.difference, row.agreement, row.note,
                ]  # fmt: skip
                writer.writerow(["" if v is None else _csv_cell(v) for v in values])


def _rate_file(args: argparse.Namespace) -> int:
    from .errors import RatingError
    from .rate_file import rate_event

    where = "xlrating rate"
    source = Path(args.file)
    target = Path(args.csv) if args.csv else None
    if target is not None and target.exists() and target.resolve() == source.resolve():
        raise CliError(f"{where}: --csv {target} is the input file", EXIT_USAGE)
    imported_events = _read_tournament(where, source, args)
    results = []
    for imported in imported_events:
        system: Any = args.system or ("uscf" if imported.source_format == "crosstable" else "fide")
        day, came_from = _rules_date(imported, args.date)
        players, games = len(imported.event.players), len(imported.event.games)
        if players >= RATE_PROGRESS_PLAYERS or sys.stderr.isatty():
            label = imported.event.name or source.name
            print(
                f"rating {label}: {players:,} players, {games:,} games ({_SYSTEM_NAMES[system]})",
                file=sys.stderr,
                flush=True,
            )
        try:
            results.append(rate_event(imported, system, day, came_from, rating_list=args.fide_list))
        except RatingError as error:
            raise CliError(
                f"{where}: {source.name}: {_one_line(error)} (rules date {day} from "
                f"{came_from}; --date picks another)"
            ) from None
    if target is not None:
        _write_csv(target, results)
    for number, rated in enumerate(results):
        if number:
            print()
        title = rated.name or source.name
        print(
            f"{title} ({_SYSTEM_NAMES[rated.system]}): {len(rated.rows)} players, "
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
            print(
                f"published post-event ratings: {rated.compared} compared: "
                f"{rated.count('exact')} exact, {rated.count('within 1')} within 1, "
                f"{rated.count('worse')} worse"
            )
        for note in rated.notes:
            print(f"note: {note}")
    if target is not None:
        print(f"wrote {target}")
    return 0


def _import_dry_run(args: argparse.Namespace) -> int:
    """``import --dry-run``: what the import would add; nothing is written."""
    import tempfile

    from . import uscf
    from .errors import RatingError

    where = "xlrating import --dry-run"
    source, book = Path(args.file), Path(args.into)
    if not book.is_file():
        raise CliError(f"{where}: no such file: {book}")
    _guard(where, book)
    imported_events = _read_tournament(where, source, args)
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
    day, came_from = _rules_date(imported, args.date)
    _, _, _ = _workbook_modules()
    from .workbook import season_book

    with (
        tempfile.TemporaryDirectory(prefix="xlrating-dry-run-") as scratch,
        _doing(_Step(where, str(book), bad_zip=f"{book} is not an xlsx file")),
    ):
        report = season_book.import_event(
            book, event, name=name, date=day, target=Path(scratch) / book.name
        )
    rated = sum(game.rated for game in event.games)
    first, last = report.game_rows
    print(f"dry run: nothing written to {book}")
    print(
        f"would import {report.event!r} ({day.isoformat()}): {len(event.players)} players "
        f"({len(report.added)} new, {len(report.known)} already listed), "
        f"{len(event.games)} game{'s' if len(event.games) != 1 else ''} ({rated} rated) in "
        f"{last - first + 1} game rows "
        f"(Games rows {first}-{last})"
    )
    try:
        bonus = f"US Chess bonus multiplier B = {uscf.bonus_multiplier(day):g}"
    except RatingError:
        bonus = "no US Chess bonus multiplier is known for that date"
    print(f"rules of {day.isoformat()}, from {came_from} ({bonus})")
    added = set(report.added)
    for player in event.players:
        rating = "unrated" if player.rating is None else f"{player.rating:g}"
        state = "new" if player.name in added else "already listed"
        print(f"  {player.name}  {rating}  ({state})")
    for note in imported.notes:
        print(f"note: {note}")
    return 0


def _print_grown(grown: Any) -> None:
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
                follows = f", with the rows of {' and '.join(grown.followers)} that follow it"
            print(f"the {what} table {verb} from {before} to {after} rows ({sheet}!{ref}){follows}")


def _resize(args: argparse.Namespace) -> int:
    source = Path(args.book)
    where = "xlrating resize"
    if args.in_place and args.output:
        raise CliError(f"{where}: give either --in-place or -o, not both", EXIT_USAGE)
    if args.player_rows is None and args.game_rows is None:
        raise CliError(f"{where}: give --player-rows N, --game-rows M or both", EXIT_USAGE)
    if not source.is_file():
        raise CliError(f"{where}: no such file: {source}")
    target = source if args.in_place else Path(args.output or _resized_output(source))
    if not args.in_place and target.resolve() == source.resolve():
        raise CliError(
            f"{where}: {target} is the input; use --in-place to overwrite it", EXIT_USAGE
        )
    with _doing(_Step(where, str(target), os_error=f"cannot write {target}")):
        files.lock(target, reading=[source])  # one xlrating at a time; the input watched
    _guard(where, source)
    _workbook_modules()
    from .workbook import season_book

    files.remove_stale_temps(target)
    step = _Step(where, str(source), bad_zip=f"{source} is not an xlsx file")
    with _doing(step):
        if args.in_place:
            # Resized into a temporary file first, so that a refusal leaves no backup.
            with files.replacing(source) as scratch:
                report = season_book.resize_season(
                    source, scratch, player_rows=args.player_rows, game_rows=args.game_rows
                )
                _backup(source)
        else:
            report = season_book.resize_season(
                source, target, player_rows=args.player_rows, game_rows=args.game_rows
            )
    print(f"wrote {target}")
    if report.players[0] == report.players[1] and report.games[0] == report.games[1]:
        print("the tables already had that many rows")
    _print_grown(report)
    return 0


def _resized_output(book: Path) -> Path:
    return book.with_name(f"{book.stem}.resized{book.suffix or '.xlsx'}")


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
    files.write_bytes(path, (newline.join(lines) + newline).encode("latin-1"))
    return True


def xlwings_conf_path() -> Path:
    """The user's xlwings.conf: %USERPROFILE%\\.xlwings\\xlwings.conf."""
    home = os.environ.get("USERPROFILE")
    return (Path(home) if home else Path.home()) / ".xlwings" / "xlwings.conf"


#: xlwings.conf keys naming the Python Excel starts (xlwings' addin/Config.bas, Main.bas).
INTERPRETER_KEY: Final = "INTERPRETER_WIN"
_CONDA_KEYS: Final = ("CONDA PATH", "CONDA ENV")


def read_conf(conf: str | Path) -> dict[str, str]:
    """The ``"KEY","VALUE"`` lines of an xlwings.conf file, keys upper-cased (as xlwings'
    VBA reads them); an empty dict when the file does not exist."""
    path = Path(conf)
    if not path.is_file():
        return {}
    settings: dict[str, str] = {}
    for line in path.read_bytes().decode("latin-1").splitlines():
        quoted = line.split('"')[1::2]
        if quoted:
            settings[quoted[0].strip().upper()] = quoted[1] if len(quoted) > 1 else ""
    return settings


def set_conf_value(conf: str | Path, key: str, value: str) -> None:
    """Set *key* to *value* in an xlwings.conf file, keeping every other line."""
    path = Path(conf)
    raw = path.read_bytes() if path.is_file() else b""
    text = raw.decode("latin-1")
    newline = "\r\n" if "\r\n" in text else ("\n" if text else os.linesep)
    lines = text.splitlines()
    entry = f'"{key}","{value}"'
    for i, line in enumerate(lines):
        quoted = line.split('"')[1::2]
        if quoted and quoted[0].strip().upper() == key.upper():
            lines[i] = entry
            break
    else:
        lines.append(entry)
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(path.name + ".tmp")
    temp.write_bytes((newline.join(lines) + newline).encode("latin-1"))
    os.replace(temp, path)


def _same_python(configured: str, running: str) -> bool:
    """Whether two interpreters are one environment (python.exe and pythonw.exe of one
    folder are)."""

    def folder(path: str) -> str:
        return os.path.normcase(os.path.abspath(os.path.dirname(path)))

    return folder(configured) == folder(running)


def conf_python(settings: dict[str, str]) -> tuple[str, bool | None]:
    """What the xlwings.conf *settings* make Excel start, and whether that is the Python
    running this command (None: cannot tell)."""
    interpreter = settings.get(INTERPRETER_KEY, "").strip()
    conda_path, conda_env = (settings.get(k, "").strip() for k in _CONDA_KEYS)
    if interpreter and interpreter.lower() not in ("python", "pythonw"):
        return interpreter, _same_python(interpreter, sys.executable)
    if conda_path and conda_env:  # xlwings' Main.bas: python of that conda environment
        if conda_env == "base":
            prefix = conda_path
        elif "\\" in conda_env or "/" in conda_env:
            prefix = conda_env
        else:
            prefix = os.path.join(conda_path, "envs", conda_env)
        same = os.path.normcase(os.path.abspath(prefix)) == os.path.normcase(
            os.path.abspath(sys.prefix)
        )
        return f"the conda environment {conda_env} ({prefix})", same
    return "pythonw from the PATH (no INTERPRETER_WIN)", None


def _xlwings_command() -> list[str]:
    """xlwings' command line in the Python xlrating is installed in (never another
    environment's ``xlwings`` found on the PATH)."""
    import importlib.util

    if importlib.util.find_spec("xlwings") is None:
        from .workbook.instructions import INSTALL_FROM_CLONE

        raise CliError(
            f"xlrating excel-setup: xlwings is not installed in this Python "
            f"({sys.executable}); in your clone of xlrating run: {INSTALL_FROM_CLONE}"
        )
    return [sys.executable, "-m", "xlwings.cli"]


def _excel_setup(args: argparse.Namespace) -> int:
    from .workbook import instructions

    if sys.platform != "win32":
        system = {"darwin": "macOS", "linux": "Linux"}.get(sys.platform, sys.platform)
        print(instructions.ELSEWHERE.format(system=system), end="")
        return 0
    command = [*_xlwings_command(), "addin", "install"]
    print("running: " + " ".join(command))
    with _doing(_Step("xlrating excel-setup", os_error="cannot run xlwings")):
        done = subprocess.run(command, check=False)
    if done.returncode != 0:
        raise CliError(
            f"xlrating excel-setup: `xlwings addin install` failed "
            f"(exit {done.returncode}); is Excel closed?"
        )
    conf = Path(args.conf) if args.conf else xlwings_conf_path()
    with _doing(_Step("xlrating excel-setup", os_error=f"cannot update {conf}")):
        changed = add_udf_module(conf)
        if args.use_this_python:
            set_conf_value(conf, INTERPRETER_KEY, sys.executable)
        settings = read_conf(conf)
    state = "added to" if changed else "already in"
    print(f'"{UDF_MODULES_KEY}","{UDF_MODULE}" {state} {conf}')
    configured, same = conf_python(settings)
    print(f"xlwings.conf makes Excel run: {configured}")
    print(f"xlrating is installed in:     {sys.executable}")
    if same is False:
        print(
            "That is another Python, in which xlrating is not installed: every function "
            "cell would show \"No module named 'xlrating'\". Point xlwings at this Python "
            f"(keeping your other settings) with: {instructions.USE_THIS_PYTHON}  "
            "(or install xlrating into the other Python)."
        )
    elif same is None:
        print(
            f"Cannot tell which Python that is: to make Excel run this one, use "
            f"{instructions.USE_THIS_PYTHON}"
        )
    print(instructions.EXCEL_SETUP_NEXT)
    return 0


# ---------------------------------------------------------------- libreoffice-setup


def _libreoffice_profile(text: str | None) -> Path | None:
    """The --profile folder: an existing folder, or a new one in an existing folder."""
    if text is None:
        return None
    profile = Path(text).expanduser()
    if profile.exists() and not profile.is_dir():
        raise CliError(f"xlrating libreoffice-setup: --profile {text} is not a folder")
    if not profile.exists() and not profile.parent.is_dir():
        raise CliError(
            f"xlrating libreoffice-setup: --profile {text}: its folder {profile.parent} "
            "does not exist"
        )
    return profile.resolve()


def _libreoffice_setup(args: argparse.Namespace) -> int:
    from .libreoffice import office

    profile = _libreoffice_profile(args.profile)
    where = f"the LibreOffice profile {profile}" if profile else "your LibreOffice profile"
    with _doing(_Step("xlrating libreoffice-setup")):
        found = office.find_office()
        if args.remove:
            removed = office.remove(found, profile)
            print(
                f"removed xlrating's functions from {where}"
                if removed
                else f"xlrating's functions were not installed in {where}"
            )
            return 0
        how = office.install(found, profile)
    print(
        f"installed xlrating's functions into {where} (LibreOffice {found.version_text}, by {how})"
    )
    print(
        "Next: restart LibreOffice (close every window, and the quick starter); then "
        "=USCF_NEW_RATING(1700,30,B2:B5,C2:C5) computes in Calc and .xlsx files keep the "
        "function names Excel reads. Tables (USCF_DETAILS, SEASON_RATINGS, ...) do not "
        "spill in LibreOffice: enter them as array formulas (Ctrl+Shift+Enter) over the "
        "cells they fill."
    )
    return 0


# ---------------------------------------------------------------- excel-check


def _excel_check(args: argparse.Namespace) -> int:
    """Open each workbook in Excel (through xlwings), compute it, compare with the engine."""
    if sys.platform == "win32":
        _workbook_modules()  # the engine computes what Excel must agree with
    from .workbook import excel_check

    return excel_check.main(args.books, err=lambda line: print(line, file=sys.stderr))


# ---------------------------------------------------------------- package and name


#: File name suffixes of macro-enabled and of plain workbook packages (ECMA-376 and
#: [MS-OFFMACRO2]); Excel refuses a package whose content type does not match its name.
_MACRO_SUFFIXES: Final = frozenset({".xlsm", ".xltm", ".xlam"})
_PLAIN_SUFFIXES: Final = frozenset({".xlsx", ".xltx"})


def _check_suffix(where: str, package: Path, target: Path, code: int = EXIT_USAGE) -> None:
    """Refuse, in one line, to write the package *package* under *target*'s name when
    Excel would refuse it (macro-enabled under .xlsx, or plain under .xlsm)."""
    from .workbook.excel_vba import is_macro_enabled

    suffix = target.suffix.lower()
    if suffix not in _MACRO_SUFFIXES | _PLAIN_SUFFIXES:
        return
    try:
        macro = is_macro_enabled(package)
    except (OSError, ValueError, KeyError) as error:  # the guard has read it already
        raise CliError(f"{where}: cannot read {package}: {_one_line(error)}") from None
    if macro and suffix in _PLAIN_SUFFIXES:
        kind, wanted = "a macro-enabled workbook (it holds VBA)", ".xlsm"
    elif not macro and suffix in _MACRO_SUFFIXES:
        kind, wanted = "a workbook without macros", ".xlsx"
    else:
        return
    if target == package:
        raise CliError(
            f"{where}: {package} is {kind} but named {target.suffix}, which Excel refuses to "
            f"open; rename it to {target.stem}{wanted} first; nothing was written",
            code,
        )
    raise CliError(
        f"{where}: {package} is {kind}: Excel refuses it under the name {target.name}; "
        f"name the output {target.stem}{wanted}; nothing was written",
        code,
    )


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
    recalc.add_argument(
        "--engine",
        choices=("embedded", "libreoffice"),
        default="embedded",
        help="who computes: the embedded engine (default; needs no LibreOffice) or a "
        "headless LibreOffice 25.2+ with xlrating's add-in (faster on big books; text "
        "looked up inside a table result does not match there, see docs/libreoffice.md)",
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
    # The club season's layout module imports no workbook library, so --help can read it.
    from .workbook import season_layout as club

    for option, what, default in (
        ("--player-rows", "rows for players", club.CLUB_PLAYER_ROWS),
        ("--game-rows", "rows for games (a game or a bye per row)", club.CLUB_GAME_ROWS),
        ("--event-columns", "event columns of the Ratings sheet", club.CLUB_EVENT_COLUMNS),
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
        "--event",
        type=_event_name,
        metavar="NAME",
        help="the event's name (default: the name the file gives)",
    )
    importer.add_argument(
        "--date",
        type=_iso_date,
        metavar="YYYY-MM-DD",
        help="the event's date, which picks the rules (default: the date the file gives, "
        "else today)",
    )
    importer.add_argument(
        "--section",
        metavar="NAME",
        help="a crosstable page's section to import (its name or number)",
    )
    importer.add_argument(
        "--rating",
        metavar="R|Q|B",
        help="a crosstable's rating line to take ratings from (default: the first shown)",
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
    importer.set_defaults(handler=_import)

    rater = commands.add_parser(
        "rate",
        help="rate a whole FIDE TRF or US Chess crosstable event in the terminal",
        description="Rate every player of FILE (a FIDE TRF or a US Chess crosstable page; "
        "every section of a page) and print pre-event rating, post-event rating and change. "
        "US Chess: all five steps of the event rating; FIDE: the event as one rating period. "
        "Where the file shows published post-event ratings (crosstables do), they are "
        "compared. No workbook is needed.",
    )
    rater.add_argument("file", metavar="FILE", help="the TRF or crosstable text file")
    rater.add_argument(
        "--system",
        choices=("uscf", "fide"),
        help="rating system (default: uscf for a crosstable, fide for a TRF)",
    )
    rater.add_argument(
        "--date",
        type=_iso_date,
        metavar="YYYY-MM-DD",
        help="the date that picks the rules (default: the file's date, else today)",
    )
    rater.add_argument("--section", metavar="NAME", help="rate only this section of a page")
    rater.add_argument(
        "--rating",
        metavar="R|Q|B",
        help="a crosstable's rating line to rate (default: the first each player shows)",
    )
    rater.add_argument(
        "--fide-list",
        choices=("standard", "rapid", "blitz"),
        default="standard",
        help="the FIDE rating list whose rules apply (default: standard)",
    )
    rater.add_argument("--csv", metavar="OUT.csv", help="also write the table as CSV")
    rater.set_defaults(handler=_rate_file)

    resize = commands.add_parser(
        "resize",
        help="give a club season workbook's Players and Games tables more (or fewer) rows",
        description="Write BOOK with its Players and Games tables holding N and M rows. "
        "Rows are inserted below a table as Excel inserts them: the formulas, validations, "
        "formats and chart that refer to the table follow it, and the Ratings and Standings "
        "rows (one per player) grow with the Players table. A table shrinks only when the "
        "rows to drop are blank. xlrating import grows the tables by itself when an event "
        "needs more room.",
    )
    resize.add_argument("book", metavar="BOOK.xlsx", help="the club season workbook")
    resize.add_argument("--player-rows", type=int, metavar="N", help="rows of the Players table")
    resize.add_argument("--game-rows", type=int, metavar="M", help="rows of the Games table")
    resize.add_argument(
        "-o", "--output", metavar="OUT.xlsx", help="where to write (default: BOOK.resized.xlsx)"
    )
    resize.add_argument(
        "--in-place",
        action="store_true",
        help="overwrite BOOK itself (a backup is kept; written to a temporary file, then renamed)",
    )
    resize.set_defaults(handler=_resize)

    for family in FAMILIES:
        _add_rating_command(commands, family)

    setup = commands.add_parser(
        "excel-setup",
        help="set up the xlwings Excel add-in (Windows)",
        description="On Windows: run `python -m xlwings.cli addin install` with this Python, "
        "set UDF Modules to xlrating.udfs in xlwings.conf and print the Python that "
        "xlwings.conf names. Elsewhere: explain what to do instead.",
    )
    setup.add_argument(
        "--conf",
        metavar="PATH",
        help="the xlwings.conf to edit (default: %%USERPROFILE%%\\.xlwings\\xlwings.conf)",
    )
    setup.add_argument(
        "--use-this-python",
        action="store_true",
        help="make xlwings.conf name this Python (INTERPRETER_WIN), keeping its other lines",
    )
    setup.set_defaults(handler=_excel_setup)

    lo_setup = commands.add_parser(
        "libreoffice-setup",
        help="install xlrating's functions into LibreOffice Calc (25.2 or later)",
        description="Build the xlrating extension (.oxt) for LibreOffice Calc from the "
        "registry and install it, so the functions compute live in Calc and .xlsx files keep "
        "their Excel names. Needs LibreOffice 25.2 or later with its Python bridge "
        "(Debian: python3-uno, libreoffice-script-provider-python). Restart LibreOffice "
        "afterwards.",
    )
    lo_setup.add_argument(
        "--profile",
        metavar="DIR",
        help="install into this LibreOffice user profile (default: your own profile)",
    )
    lo_setup.add_argument(
        "--remove", action="store_true", help="remove the extension instead of installing it"
    )
    lo_setup.set_defaults(handler=_libreoffice_setup)

    check = commands.add_parser(
        "excel-check",
        help="compute workbooks in Excel and compare with the headless engine (Windows)",
        description="Open each BOOK in Excel through xlwings, force a full calculation, "
        "compare every cell calling an xlrating function with the headless engine and "
        "require PASS on every Checks sheet; one line per book, exit 1 on any difference. "
        "Needs Excel on Windows (exit 2 elsewhere). Default: workbooks/*.xlsm.",
    )
    check.add_argument(
        "books", metavar="BOOK", nargs="*", help="macro-enabled workbooks (.xlsm) to check"
    )
    check.set_defaults(handler=_excel_check)
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
    token = _STEP.set(None)
    try:
        args = build_parser().parse_args(argv)
        handler: Callable[[argparse.Namespace], int] = args.handler
        with files.holding():  # the locks a command takes end with it
            return handler(args)
    except SystemExit as done:  # --help and --version
        return done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    except (Exception, KeyboardInterrupt, _TimeUp) as error:
        message, code = _failure(error, _STEP.get())
        print(message, file=sys.stderr)
        return code
    finally:
        _STEP.reset(token)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
