"""Pieces every workbook and tournament-file command shares: the guard, the backup,
the time limit, the progress bar, the workbook extra, the package-name check and reading
a tournament file."""

from __future__ import annotations

import argparse
import os
import re
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import IO, TYPE_CHECKING, Any, Final, Literal, overload

from ..workbook.ooxml import files
from .base import (
    EXIT_USAGE,
    TIME_LIMIT_SECONDS,
    TIME_LIMIT_VARIABLE,
    CliError,
    Step,
    TimeUp,
    doing,
    one_line,
)

if TYPE_CHECKING:
    from ..workbook.ooxml.guard import Inspection
    from ..workbook.ooxml.package import Package

_WORKBOOK_EXTRA: Final = 'in your clone of xlrating: python -m pip install -e ".[workbook]"'


def backup_path(book: Path) -> Path:
    """Where ``recalc --in-place`` keeps the book as it was: book.xlsx -> book.backup.xlsx."""
    return book.with_name(f"{book.stem}.backup{book.suffix or '.xlsx'}")


def backup(book: Path) -> Path:
    """Copy *book* to its backup name, through a temporary file renamed into place."""
    backup = backup_path(book)
    files.copy_file(book, backup)
    return backup


#: A text output named ``-``: standard output.
STDOUT: Final = "-"


def is_stream(target: Path) -> bool:
    """A pipe, a terminal or a device (``/dev/stdout``, a named pipe): a text output is
    written into it as it is, never through a temporary file renamed over it (nothing to
    replace, nothing to lose)."""
    import stat

    try:
        mode = target.stat().st_mode
    except OSError:
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISCHR(mode) or stat.S_ISSOCK(mode)


def add_ignore_lock(parser: argparse.ArgumentParser) -> None:
    """``--ignore-lock``: write although LibreOffice or Excel holds the file open."""
    parser.add_argument(
        "--ignore-lock",
        action="store_true",
        help="write even when a LibreOffice or Excel lock file beside a file written says "
        "it is open there (edits not saved there are lost when it saves)",
    )


def add_force(parser: argparse.ArgumentParser, what: str) -> None:
    """``--force``: replace an existing output the user did not name (*what*)."""
    parser.add_argument(
        "--force",
        action="store_true",
        help=f"replace {what} if it exists (without it an existing file is left alone "
        "and the command refused)",
    )


def guard_workbook(where: str, book: Path) -> Inspection:
    """Refuse, in one line, a workbook that is not a plain xlsx within the guard's limits;
    the guard's inspection of a file it accepts (hand it down to what reads *book*: it is
    not scanned again)."""
    from ..workbook.ooxml import guard

    with doing(Step(where, str(book), os_error=f"cannot read {book}")):
        return guard.check_workbook(book)  # standard library only: a refused file costs no import


#: The longest time limit every platform's timer takes: macOS and the BSDs refuse an
#: alarm of more than 100,000,000 s (setitimer(2), EINVAL; ``itimerfix`` in their
#: kernels), Linux more than ``INT_MAX`` through Python's ``signal.alarm``.  About 3 years.
TIME_LIMIT_MAX: Final = 100_000_000


def time_limit() -> int:
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


class Deadline:
    """Raise :class:`TimeUp` in the main thread after *seconds* (SIGALRM; a no-op where
    there is none, such as Windows, or outside the main thread)."""

    def __init__(self, seconds: int) -> None:
        self.seconds = seconds
        self.previous: Any = None
        self.armed = False

    def __enter__(self) -> Deadline:
        import threading

        if hasattr(signal, "SIGALRM") and threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGALRM, self._expire)
            signal.alarm(self.seconds)
            self.armed = True
        return self

    def _expire(self, signum: int, frame: object) -> None:
        raise TimeUp

    def __exit__(self, *exc: object) -> None:
        if self.armed:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, self.previous)


class Progress:
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


def progress(args: argparse.Namespace) -> Progress:
    return Progress(bool(getattr(args, "progress", False)) or sys.stderr.isatty())


@overload
def workbook_modules(
    templates: Literal[True] = True,
) -> tuple[ModuleType, ModuleType, ModuleType]: ...


@overload
def workbook_modules(templates: Literal[False]) -> tuple[ModuleType, ModuleType, None]: ...


def workbook_modules(templates: bool = True) -> tuple[ModuleType, ModuleType, ModuleType | None]:
    """engine, xlsx and templates (None with *templates* False: a command that builds no
    workbook does without XlsxWriter), or a one-line error naming the extra to install."""
    try:
        import formulas  # noqa: F401
        import openpyxl  # noqa: F401

        from ..workbook.engine import evaluation as engine
        from ..workbook.ooxml import xlsx

        if not templates:
            return engine, xlsx, None
        import xlsxwriter  # noqa: F401

        from ..workbook import templates as builders
    except ImportError as error:
        raise CliError(
            f"xlrating: this command needs the workbook extra ({_WORKBOOK_EXTRA}): "
            f"{one_line(error)}"
        ) from None
    return engine, xlsx, builders


#: File name suffixes of macro-enabled and of plain workbook packages (ECMA-376 and
#: [MS-OFFMACRO2]); Excel refuses a package whose content type does not match its name.
_MACRO_SUFFIXES: Final = frozenset({".xlsm", ".xltm", ".xlam"})


_PLAIN_SUFFIXES: Final = frozenset({".xlsx", ".xltx"})


def check_suffix(where: str, package: Package, target: Path, code: int = EXIT_USAGE) -> None:
    """Refuse, in one line, to write the workbook *package* (read from its file) under
    *target*'s name when Excel would refuse it (macro-enabled under .xlsx, or plain under
    .xlsm)."""
    suffix = target.suffix.lower()
    if suffix not in _MACRO_SUFFIXES | _PLAIN_SUFFIXES:
        return
    book = package.path if package.path is not None else Path(package.name)
    try:
        macro = package.macro_enabled
    except (ValueError, KeyError, SyntaxError) as error:  # the guard has read it already
        raise CliError(f"{where}: cannot read {book}: {one_line(error)}") from None
    if macro and suffix in _PLAIN_SUFFIXES:
        kind, wanted = "a macro-enabled workbook (it holds VBA)", ".xlsm"
    elif not macro and suffix in _MACRO_SUFFIXES:
        kind, wanted = "a workbook without macros", ".xlsx"
    else:
        return
    if target == book:
        raise CliError(
            f"{where}: {book} is {kind} but named {target.suffix}, which Excel refuses to "
            f"open; rename it to {target.stem}{wanted} first; nothing was written",
            code,
        )
    raise CliError(
        f"{where}: {book} is {kind}: Excel refuses it under the name {target.name}; "
        f"name the output {target.stem}{wanted}; nothing was written",
        code,
    )


def iso_date(text: str) -> Any:
    """--date: an ISO date such as 2026-01-10 (argparse reports anything else in one line)."""
    import datetime as dt

    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be a date such as 2026-01-10, got {text!r}"
        ) from None


#: A number as a user types one on the command line: digits, at most one decimal point.
_PLAIN_NUMBER: Final = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def bonus_multiplier_value(text: str) -> float:
    """--bonus-multiplier: a number from 0 to :data:`xlrating.rating.uscf_rules.MULTIPLIER_MAX`, as
    the spreadsheet functions' ``multiplier`` argument takes (argparse reports anything
    else in one line naming the option)."""
    from ..rating.uscf_rules import MULTIPLIER_MAX

    # Plain decimal digits only: Python's float() also takes "1_2" (12), "１２" and "1e1".
    if not _PLAIN_NUMBER.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(f"must be a number such as 12, got {text!r}")
    number = float(text.strip())
    if number < 0:
        raise argparse.ArgumentTypeError(f"must be at least 0, got {text!r}")
    if number > MULTIPLIER_MAX:
        raise argparse.ArgumentTypeError(
            f"must be at most {MULTIPLIER_MAX:g} (US Chess has used 6 to 14), got {text!r}"
        )
    return number


def event_name(text: str) -> str:
    """--event: a name a workbook can hold (see :func:`xlrating.rating.tournament.name_problem`)."""
    from ..rating.tournament import name_problem

    problem = name_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(f"column {problem[0] + 1} of the name holds {problem[1]}")
    if not text.strip():
        raise argparse.ArgumentTypeError("must not be blank")
    return text


def read_text(path: Path) -> str:
    """A tournament file's text (:func:`xlrating.imports.decode_text`); at most one byte
    more than the limit is read, so a huge file costs nothing."""
    from ..imports import MAX_TEXT_BYTES, decode_text

    with path.open("rb") as handle:
        data = handle.read(MAX_TEXT_BYTES + 1)
    return decode_text(data)


def read_tournament(
    where: str, source: Path, args: argparse.Namespace, *, single: bool = False
) -> Any:
    """The events of a tournament file (a tuple of ImportedEvent), or one line why not.

    A US Chess API section may come in several files (the further FILEs and
    ``--section-file``).  With *single* (``import``: a season rates one system), a section
    rated in several systems gives only the one ``--rating`` names, else its first, and
    its ``heading`` says which.
    """
    from dataclasses import replace

    from ..imports import read_files

    paths = [source, *(Path(more) for more in getattr(args, "more", None) or [])]
    if getattr(args, "section_file", None):
        paths.append(Path(args.section_file))
    for path in paths:
        if not path.is_file():
            raise CliError(f"{where}: no such file: {path}")
    starts = dict(getattr(args, "start", None) or [])
    with doing(Step(where, source.name)):
        events = read_files(
            [(path.name, read_text(path)) for path in paths],
            section=getattr(args, "section", None),
            rating=getattr(args, "rating", None),
            starts=starts,
        )
    if single and len(events) > 1 and events[0].source_format == "api":
        from ..imports.uschess_api import SYSTEM_NAMES

        chosen = events[0]
        others = ", ".join(f"--rating {e.rating_system}" for e in events[1:])
        line = (
            f"{source.name}: the section is rated in "
            f"{' and '.join(SYSTEM_NAMES[e.rating_system] for e in events)}; a season book "
            f"holds one: importing the {SYSTEM_NAMES[chosen.rating_system]} ratings "
            f"({others} for the other)"
        )
        heading = f"{line}\n{chosen.heading}" if chosen.heading else line
        return (replace(chosen, heading=heading),)
    return events


def start_value(text: str) -> tuple[str, Any]:
    """--start MEMBER=RATING or MEMBER=age:N: the start of a player unrated in a US Chess
    API section (argparse reports anything else in one line naming the option)."""
    from ..imports import Start
    from ..rating._check import MAX_RATING
    from ..rating.tournament import MAX_AGE

    who, sep, value = text.partition("=")
    who, value = who.strip(), value.strip().lower()
    if not sep or not who or not value:
        raise argparse.ArgumentTypeError(
            f"must be MEMBER=RATING or MEMBER=age:N (a member ID or a name), got {text!r}"
        )
    is_age = value.startswith("age:")
    number_text = value.removeprefix("age:").strip()
    # Plain decimal digits only, as --bonus-multiplier: float() also takes "1_300", "１３００",
    # "1.3e3", "inf" and "nan".
    if not _PLAIN_NUMBER.fullmatch(number_text):
        raise argparse.ArgumentTypeError(
            f"must be MEMBER=RATING or MEMBER=age:N with a number, got {text!r}"
        )
    number = float(number_text)
    top = float(MAX_AGE) if is_age else MAX_RATING
    if not 0 <= number <= top:
        what = "an age" if is_age else "a rating"
        raise argparse.ArgumentTypeError(f"{what} must be from 0 to {top:g}, got {text!r}")
    return who, Start(age=number) if is_age else Start(rating=number)


def rules_date(imported: Any, given: Any) -> tuple[Any, str]:
    """The date that picks the rules and where it came from: --date, the file, or today."""
    import datetime as dt

    if given is not None:
        return given, "--date"
    if imported.event.date is not None:
        return imported.event.date, imported.date_source
    return dt.date.today(), "today: the file gives no date (--date sets one)"
