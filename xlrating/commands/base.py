"""What every command shares with the entry point (:mod:`xlrating.cli`): exit codes, limits,
:class:`CliError`, the argument parser's class and :class:`Step`, what a command is doing
when a failure comes (:func:`doing`).

The command modules import from here, never from :mod:`xlrating.cli`, which imports them.
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Final, NoReturn

from ..errors import XlratingError

#: The sub-parsers object (``argparse._SubParsersAction``) each command module adds its
#: commands to.
Commands = Any

EXIT_FAILURE: Final = 1
EXIT_USAGE: Final = 2
#: The exit code of a run interrupted with Ctrl+C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED: Final = 130
#: The rating families with a terminal command: command -> what it rates.
FAMILIES: Final = {
    "uscf": "US Chess rating after one event",
    "fide": "FIDE rating change for one rating period",
    "elo": "plain Elo rating change",
    "glicko2": "Glicko-2 rating, RD and volatility after one rating period",
}
#: Wall-clock limit of ``recalc`` (and of ``import --recalc``'s recalculation), in seconds;
#: the environment variable XLRATING_TIME_LIMIT sets another.  The largest workbook the
#: guard accepts takes well under a minute on a 2020s laptop.
TIME_LIMIT_SECONDS: Final = 300
TIME_LIMIT_VARIABLE: Final = "XLRATING_TIME_LIMIT"
#: Memory the ``xlrating`` command allows itself (its data segment, ``RLIMIT_DATA``, where
#: the platform has it: Linux counts the heap and private mappings in it): the largest
#: workbook the guard accepts peaked at 1.1 GB, a 5,000-game season at 0.4 GB; beyond the
#: limit a run ends with one line (docs/files.md: "within about a minute and 1.5 GB").
MEMORY_LIMIT_BYTES: Final = 1536 * 1024**2


class CliError(XlratingError):
    """A failure to report as one line on stderr, with an exit code."""

    def __init__(self, message: str, code: int = EXIT_FAILURE) -> None:
        super().__init__(message)
        self.code = code


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (and exit code 2)."""

    def error(self, message: str) -> NoReturn:
        raise CliError(f"{self.prog}: {message} (see {self.prog} --help)", EXIT_USAGE)


def one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return text or type(error).__name__


@dataclass(frozen=True, slots=True)
class Step:
    """What a command is doing, for the message a failure in it gets
    (:func:`xlrating.cli._failure`).

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
    #: Names in the library's messages and the command-line options they are typed as
    #: (``player_rows`` -> ``--player-rows``): a message says what the user typed.
    words: tuple[tuple[str, str], ...] = ()


#: The room options of ``templates``, ``resize`` and ``new-season``, as their messages name
#: them.
ROOM_WORDS: Final = (
    ("player_rows", "--player-rows"),
    ("game_rows", "--game-rows"),
    ("event_columns", "--event-columns"),
)


STEP: ContextVar[Step | None] = ContextVar("xlrating_cli_step", default=None)


@contextlib.contextmanager
def doing(step: Step) -> Iterator[None]:
    """Run a step of a command; a failure leaves the step set for :func:`xlrating.cli.main`."""
    token = STEP.set(step)
    yield
    STEP.reset(token)


class TimeUp(BaseException):
    """The time limit ran out (a BaseException, so that no ``except Exception`` inside a
    library swallows it)."""
