"""The ``xlrating`` command: templates, headless recalculation, a demo and quick ratings.

``xlrating recalc BOOK.xlsx`` computes every formula of a workbook with the registry's
functions and writes a copy whose formula cells carry the results, marked current (so
Excel without the add-in shows the numbers until a cell they depend on changes;
``--values-only`` writes plain values for any program; a club season's ratings table is
first sized to its tables); ``xlrating templates`` writes the template workbooks;
``xlrating demo`` fills them with sample data, recalculates them and prints the club
season; ``xlrating import FILE --into BOOK.xlsx`` adds a FIDE TRF or US Chess crosstable
to a club season workbook (``--dry-run``: only show what it would add); ``xlrating rate
FILE`` rates a whole tournament file's event without a workbook; ``xlrating
uscf|fide|elo`` rate an event in the terminal through the same registry functions as the
spreadsheets; ``xlrating excel-setup`` sets up the xlwings add-in on Windows;
``xlrating excel-check`` computes workbooks in Excel itself and compares them with the
headless engine.

This module holds the entry point :func:`main`, the parser, :class:`CliError`, the exit
codes and the one place failures become messages (:func:`_failure`); the commands
themselves live in :mod:`xlrating.commands` (``recalc``, ``templates`` (templates and
demo), ``importing`` (import and resize), ``rate`` (rate FILE and uscf|fide|elo),
``excel`` (excel-setup and excel-check), ``libreoffice``, ``lite`` (lite-bundle) and
``common``, what they share).
Their public helpers are re-exported here under their old names.

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
import gc
import subprocess as subprocess  # the module the commands run programs with (tests patch it)
import sys
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Final, NoReturn

from . import __version__
from .errors import RatingError, WorkbookError, XlratingError
from .workbook.files import STALE_TEMP_SECONDS as STALE_TEMP_SECONDS  # the sweep's age

__all__ = ["UDF_MODULE", "CliError", "add_udf_module", "backup_path", "build_parser", "main"]

EXIT_FAILURE: Final = 1
EXIT_USAGE: Final = 2
#: The exit code of a run interrupted with Ctrl+C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED: Final = 130
#: The rating families with a terminal command: command -> what it rates.
FAMILIES: Final = {
    "uscf": "US Chess rating after one event",
    "fide": "FIDE rating change for one rating period",
    "elo": "plain Elo rating change",
}
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


def one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return text or type(error).__name__


# ---------------------------------------------------------------- failures as messages


@dataclass(frozen=True, slots=True)
class Step:
    """What a command is doing, for the message a failure in it gets (:func:`_failure`).

    A command runs each step that touches files ``with doing(Step(...))``; the fields say
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


_STEP: ContextVar[Step | None] = ContextVar("xlrating_cli_step", default=None)


@contextlib.contextmanager
def doing(step: Step) -> Iterator[None]:
    """Run a step of a command; a failure leaves the step set for :func:`main`."""
    token = _STEP.set(step)
    yield
    _STEP.reset(token)


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

    from .workbook.guard import WorkbookRefusedError

    where, file, text = step.where, step.file, one_line(error)
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
    if isinstance(error, RatingError) and file:
        return f"{where}: {file}: {text}"
    return None


class TimeUp(BaseException):
    """The time limit ran out (a BaseException, so that no ``except Exception`` inside a
    library swallows it)."""


#: The name tests and older callers use.
_Step = Step

# ---------------------------------------------------------------- the commands

# The command modules import the pieces above from this module, so they come after them.
from .commands.common import backup_path as backup_path  # noqa: E402
from .commands.common import event_name, iso_date  # noqa: E402
from .commands.excel import INTERPRETER_KEY as INTERPRETER_KEY  # noqa: E402
from .commands.excel import UDF_MODULE as UDF_MODULE  # noqa: E402
from .commands.excel import UDF_MODULES_KEY as UDF_MODULES_KEY  # noqa: E402
from .commands.excel import add_udf_module as add_udf_module  # noqa: E402
from .commands.excel import conf_python as conf_python  # noqa: E402
from .commands.excel import read_conf as read_conf  # noqa: E402
from .commands.excel import run_excel_check, run_excel_setup  # noqa: E402
from .commands.excel import set_conf_value as set_conf_value  # noqa: E402
from .commands.excel import xlwings_conf_path as xlwings_conf_path  # noqa: E402
from .commands.importing import run_import, run_resize  # noqa: E402
from .commands.libreoffice import run_libreoffice_setup  # noqa: E402
from .commands.lite import run_lite_bundle  # noqa: E402
from .commands.rate import RATE_PROGRESS_PLAYERS as RATE_PROGRESS_PLAYERS  # noqa: E402
from .commands.rate import add_rating_command, run_rate_file  # noqa: E402
from .commands.recalc import run_recalc  # noqa: E402
from .commands.templates import run_demo, run_templates  # noqa: E402

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
        "whose formula cells carry the results as current cached values, so Excel "
        "without the add-in shows them until a cell they depend on changes "
        "(--values-only: plain values, for any program). A club season's "
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
    recalc.set_defaults(handler=run_recalc)

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
    templates.set_defaults(handler=run_templates)

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
    demo.set_defaults(handler=run_demo)

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
    importer.set_defaults(handler=run_import)

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
        type=iso_date,
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
    rater.set_defaults(handler=run_rate_file)

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
    resize.set_defaults(handler=run_resize)

    for family in FAMILIES:
        add_rating_command(commands, family)

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
    setup.set_defaults(handler=run_excel_setup)

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
    lo_setup.set_defaults(handler=run_libreoffice_setup)

    lite = commands.add_parser(
        "lite-bundle",
        help="write xlwings Lite's main.py and requirements.txt (Excel on Mac and the web)",
        description="Write the xlwings Lite bundle, generated from the registry: main.py "
        "declares every function (the rating core inlined) and requirements.txt names "
        "xlwings. Paste both into the xlwings Lite add-in's tabs, in Excel on Windows, Mac "
        "or the web (docs/lite.md).",
    )
    lite.add_argument(
        "folder",
        nargs="?",
        default="xlrating-lite",
        metavar="DIR",
        help="the folder to write them into (made if missing; default: ./xlrating-lite)",
    )
    lite.set_defaults(handler=run_lite_bundle)

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
    check.set_defaults(handler=run_excel_check)
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``xlrating`` command; returns the exit code.

    Run as the command (*argv* None), it first limits its own memory (:func:`_limit_memory`)
    and collects garbage less often (:data:`COLLECTOR_THRESHOLDS`); a caller that runs it
    in its own process (*argv* given) keeps its settings.
    """
    from .workbook import files

    if argv is None:
        _limit_memory()
        gc.set_threshold(*COLLECTOR_THRESHOLDS)
    token = _STEP.set(None)
    try:
        args = build_parser().parse_args(argv)
        handler: Callable[[argparse.Namespace], int] = args.handler
        with files.holding():  # the locks a command takes end with it
            return handler(args)
    except SystemExit as done:  # --help and --version
        return done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    except (Exception, KeyboardInterrupt, TimeUp) as error:
        message, code = _failure(error, _STEP.get())
        print(message, file=sys.stderr)
        return code
    finally:
        _STEP.reset(token)


if __name__ == "__main__":  # pragma: no cover
    # Run as ``python -m xlrating.cli``, this file is the module __main__, a copy of
    # xlrating.cli; the commands raise xlrating.cli's CliError, so that module runs them.
    from xlrating.cli import main as run

    sys.exit(run())
