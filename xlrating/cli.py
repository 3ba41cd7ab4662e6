"""The ``xlrating`` command: templates, headless recalculation, a demo and quick ratings.

``xlrating recalc BOOK.xlsx`` computes every formula of a workbook with the registry's
functions and writes a copy whose formula cells carry the results, marked current (so
Excel without the add-in shows the numbers until a cell they depend on changes;
``--values-only`` writes plain values for any program); ``xlrating templates`` writes the
template workbooks; ``xlrating demo`` fills them with sample data, recalculates them and
prints the club season; ``xlrating new-season BOOK.xlsx`` writes an empty club season of
the club's own (``--from LAST.xlsx``: starting from last season's players and ratings);
``xlrating import FILE --into BOOK.xlsx`` adds a FIDE TRF, US Chess crosstable or US Chess
API section to a club season workbook (``--dry-run``: only show what it would add);
``xlrating export BOOK.xlsx --event NAME --trf OUT.trf`` writes one event of a club
season as a FIDE TRF-16 report; ``xlrating resize BOOK.xlsx`` gives a club season's
tables more (or fewer) rows and event columns; ``xlrating ratings BOOK.xlsx --list FILE``
sets a season's starting ratings from a FIDE rating list or US Chess API member JSON;
``xlrating rate FILE`` rates a whole tournament file's event without a workbook;
``xlrating uscf|fide|elo|glicko2`` rate an event in the terminal through the same registry
functions as the spreadsheets; ``xlrating excel-setup`` sets up the xlwings add-in on
Windows; ``xlrating libreoffice-setup`` installs the functions into LibreOffice Calc;
``xlrating lite-bundle`` writes xlwings Lite's files; ``xlrating excel-check`` computes
workbooks in Excel itself and compares them with the headless engine.

This module holds the entry point :func:`main`, the top of the parser and the one place
failures become messages (:func:`_failure`); the commands themselves, each with its part
of the parser, live in :mod:`xlrating.commands` (``recalc``, ``templates`` (templates and
demo), ``season`` (new-season), ``importing`` (import and resize), ``export``, ``rate``
(rate FILE and uscf|fide|elo|glicko2), ``ratings`` (starting ratings from a rating list),
``excel`` (excel-setup and excel-check), ``libreoffice`` (libreoffice-setup), ``lite``
(lite-bundle); ``base``, what they share with this module: exit codes, limits,
:class:`~xlrating.commands.base.CliError`, and ``common``, what they share among
themselves).

Only the standard library and the registry are imported up front: the workbook modules
(openpyxl, formulas, XlsxWriter) are imported by the commands that need them, so
``xlrating --help`` and the rating commands work on a bare install.  Every failure ends
with a non-zero exit and one line on stderr, never a traceback.

Hostile or broken files: ``recalc`` and ``import`` check every workbook with
:func:`xlrating.workbook.ooxml.guard.check_workbook` before any parser reads it, ``recalc`` gives
up after :data:`~xlrating.commands.base.TIME_LIMIT_SECONDS`, and a tournament file is read through
:func:`xlrating.imports.decode_text`.  Nothing is written under a target's name until it
is complete: every file is written through :mod:`xlrating.workbook.ooxml.files` (a temporary
file beside the target, flushed, renamed into place); ``recalc --in-place`` first copies
the book to :func:`~xlrating.commands.common.backup_path`.  A run killed midway may leave a
temporary ``.NAME.*.tmp`` beside the target; the next run on that target removes those
older than :data:`~xlrating.workbook.ooxml.files.STALE_TEMP_SECONDS`.
"""

from __future__ import annotations

import argparse
import gc
import re
import sys
from collections.abc import Callable, Sequence
from typing import Final

from . import __version__
from .commands import (
    excel,
    export,
    importing,
    libreoffice,
    lite,
    rate,
    ratings,
    recalc,
    season,
    templates,
)
from .commands.base import (
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    FAMILIES,
    MEMORY_LIMIT_BYTES,
    STEP,
    CliError,
    Parser,
    Step,
    TimeUp,
    one_line,
)
from .errors import RatingError, WorkbookError

__all__ = ["build_parser", "main"]


# ---------------------------------------------------------------- failures as messages


def _failure(error: BaseException, step: Step | None) -> tuple[str, int]:
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
        message = f"xlrating: internal error ({type(error).__name__}): {one_line(error)}"
    return message, EXIT_FAILURE


def _message(error: BaseException, step: Step) -> str | None:
    """What *error* means in *step*; None for a failure the step does not expect."""
    import zipfile

    from .workbook.ooxml.guard import WorkbookRefusedError

    where, file, text = step.where, step.file, one_line(error)
    for name, typed in step.words:  # the library's names as the user typed them
        text = re.sub(rf"\b{name}\b", typed, text)
    kind = f"{type(error).__name__}: {text}"
    if step.saved and isinstance(error, TimeUp):
        return f"{where}: {step.saved}, but {step.time_up}"
    if step.saved and isinstance(error, Exception):
        return f"{where}: {step.saved}, but {step.other}: {kind}"
    if isinstance(error, TimeUp) and step.time_up:
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
    if isinstance(error, RatingError) and file:  # named once (a reader's may name it)
        named = text.startswith(f"{file}: ")
        return f"{where}: {text}" if named else f"{where}: {file}: {text}"
    return None


# ---------------------------------------------------------------- the parser


def build_parser() -> argparse.ArgumentParser:
    """The ``xlrating`` argument parser: each command module adds its commands, in the
    order ``xlrating --help`` lists them."""
    parser = Parser(
        prog="xlrating",
        description="Chess ratings as spreadsheet functions (US Chess, FIDE, Elo and "
        "Glicko-2): template workbooks, headless recalculation, and quick ratings in the "
        "terminal (uscf, fide, elo, glicko2).",
    )
    parser.add_argument("--version", action="version", version=f"xlrating {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    commands.required = True
    recalc.add_parser(commands)
    templates.add_parsers(commands)
    season.add_parser(commands)
    importing.add_import_parser(commands)
    rate.add_rate_file_parser(commands)
    export.add_export_parser(commands)
    importing.add_resize_parser(commands)
    ratings.add_parser(commands)
    for family in FAMILIES:
        rate.add_rating_command(commands, family)
    excel.add_setup_parser(commands)
    libreoffice.add_parser(commands)
    lite.add_parser(commands)
    excel.add_check_parser(commands)
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


#: The collector's thresholds in the command's own process: a young generation of 50,000
#: objects instead of Python's 700.  The commands build and drop large XML trees; at each
#: of thousands of young collections what was still alive was promoted and walked again
#: (resize to 3,000 game rows: 1.55-1.75 s of CPU instead of 1.85-2.15 s).  Garbage in
#: reference cycles waits at most 50,000 allocations longer; the process then exits.
COLLECTOR_THRESHOLDS: Final = (50_000, 20, 20)


def _quiet_stdout() -> None:
    """Point stdout at the null device, so that Python's last flush at exit does not fail
    on the closed pipe too (the Python documentation's "Note on SIGPIPE")."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is no file (a test's StringIO)
        return


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``xlrating`` command; returns the exit code.

    Run as the command (*argv* None), it first limits its own memory (:func:`_limit_memory`)
    and collects garbage less often (:data:`COLLECTOR_THRESHOLDS`); a caller that runs it
    in its own process (*argv* given) keeps its settings.
    """
    from .workbook.ooxml import files

    if argv is None:
        _limit_memory()
        gc.set_threshold(*COLLECTOR_THRESHOLDS)
    token = STEP.set(None)
    files.forget_put_in_place()
    try:
        args = build_parser().parse_args(argv)
        handler: Callable[[argparse.Namespace], int] = args.handler
        # The locks a command takes end with it; --force and --ignore-lock are the one
        # policy of the one writer (xlrating.workbook.ooxml.files.check_writable).
        force, ignore_lock = getattr(args, "force", False), getattr(args, "ignore_lock", False)
        with files.holding(), files.policy(force=force, ignore_lock=ignore_lock):
            return handler(args)
    except SystemExit as done:  # --help and --version
        return done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    except BrokenPipeError:  # whoever read the output left (``xlrating rate FILE | head``)
        _quiet_stdout()
        # A command that has written its files has done its work: only what it would
        # have printed is lost (``xlrating recalc BOOK --in-place | head -1``).
        return 0 if files.put_in_place() else EXIT_FAILURE
    except (Exception, KeyboardInterrupt, TimeUp) as error:
        message, code = _failure(error, STEP.get())
        print(message, file=sys.stderr)
        return code
    finally:
        STEP.reset(token)


if __name__ == "__main__":  # pragma: no cover  (``python -m xlrating.cli``)
    sys.exit(main())
