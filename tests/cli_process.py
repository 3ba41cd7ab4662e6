"""The ``xlrating`` command in a process of its own, without paying Python's start-up.

Tests that need a real process (an address-space limit, a run that must be killed, two
runs at once that race for a lock) used to start ``python -c "...main()"`` each time: a
second of importing ``formulas``, numpy and openpyxl before the command did anything.
Still worth it (measured 2026-12-02, issue 27): what the server imports once took 1.73-1.80 s
of CPU in a fresh interpreter (``import numpy, openpyxl, xlrating.cli, tests.cli_warm``;
``import xlrating.cli`` alone 0.21-0.24 s), and the hostile-file and hostile-write tests
make 76 runs (counted): some 130 s of CPU, over a minute of the suite on 2 cores.
Here a multiprocessing fork server imports them once; each run is a fork of it, in its own
folder, with its own environment and limits, and runs ``xlrating.cli.main`` exactly as the
installed command does (``sys.argv`` set, ``main()`` called with no arguments, so it also
limits its own memory).  stdout and stderr go to files the caller reads afterwards; the
exit code is the process's exit code (negative: killed by that signal), as with
``subprocess``.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

#: What the fork server imports once, so that no run imports it again (tests.cli_warm also
#: builds the engine's function table).
PRELOAD: Final = ("numpy", "openpyxl", "xlrating.cli", "tests.cli_warm")
#: Fewer thread arenas for numpy's BLAS: with the default one per core, an address-space
#: limit is reached by the arenas before the command does anything.
_SERVER_ENVIRONMENT: Final = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}


@contextlib.contextmanager
def _environment(values: Mapping[str, str]) -> Iterator[None]:
    saved = {key: os.environ.get(key) for key in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


#: The exit code multiprocessing gives a fork-server child whose exit status it lost.
_LOST: Final = 255

_CONTEXT: Any = None


_STARTING: Final = threading.Lock()


def _context() -> Any:
    """The fork server's context; the server is started once, with its environment, by
    whichever thread asks first (the corpus runs several at a time)."""
    global _CONTEXT
    with _STARTING:
        if _CONTEXT is None:
            from multiprocessing import forkserver

            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(list(PRELOAD))
            with _environment(_SERVER_ENVIRONMENT):
                forkserver.ensure_running()
            _CONTEXT = context
    return _CONTEXT


def _child(
    argv: Sequence[str],
    folder: str,
    out: str,
    err: str,
    environment: Mapping[str, str],
    address_space: int | None,
) -> None:  # runs in the forked child
    import resource

    if address_space is not None:
        resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
    os.chdir(folder)
    os.environ.clear()
    os.environ.update(environment)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    for fd, name in ((1, out), (2, err)):
        target = os.open(name, os.O_WRONLY | os.O_TRUNC)
        os.dup2(target, fd)
        os.close(target)
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    code = 1
    try:
        from xlrating.cli import main

        sys.argv = ["xlrating", *argv]
        code = main()
    except BaseException:  # what the command would show: a traceback, and exit 1
        import traceback

        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        with open(os.path.join(os.path.dirname(out), "code"), "w", encoding="ascii") as kept:
            kept.write(str(code))
        os._exit(code)


class Run:
    """One run of the command: the parts of :class:`subprocess.Popen` the tests use."""

    def __init__(
        self,
        argv: Sequence[str],
        folder: Path,
        *,
        environment: Mapping[str, str] | None = None,
        address_space: int | None = None,
    ) -> None:
        self.args = list(argv)
        self._files = tempfile.TemporaryDirectory(prefix="xlrating-run-")
        self._out = os.path.join(self._files.name, "stdout")
        self._err = os.path.join(self._files.name, "stderr")
        for name in (self._out, self._err):
            Path(name).touch()
        env = dict(os.environ if environment is None else environment)
        self._process = _context().Process(
            target=_child,
            args=(self.args, str(folder), self._out, self._err, env, address_space),
            daemon=True,
        )
        self._process.start()
        self.pid: int = self._process.pid
        self.returncode: int | None = None

    def _exit_code(self) -> int:
        """The run's exit code.  multiprocessing answers 255 when the fork server's report
        of it was lost ("perhaps the forkserver process itself got killed", which was seen
        once under load with the server alive); the code the run wrote on its way out is
        then the answer."""
        code = self._process.exitcode
        assert code is not None
        kept = Path(self._files.name) / "code"
        if code == _LOST and kept.is_file():
            return int(kept.read_text(encoding="ascii"))
        return int(code)

    def poll(self) -> int | None:
        if self.returncode is None and not self._process.is_alive():
            self._process.join()
            self.returncode = self._exit_code()
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        self._process.join(timeout)
        if self._process.is_alive():
            raise subprocess.TimeoutExpired(self.args, timeout or 0)
        self.returncode = self._exit_code()
        return self.returncode

    def send_signal(self, number: int) -> None:
        if self._process.is_alive():
            os.kill(self.pid, number)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def communicate(self, timeout: float | None = None) -> tuple[str, str]:
        """Wait for the end; what the run wrote on stdout and stderr."""
        self.wait(timeout)
        texts = (
            Path(name).read_text(encoding="utf-8", errors="replace")
            for name in (self._out, self._err)
        )
        stdout, stderr = texts
        self._files.cleanup()
        return stdout, stderr


def run(
    argv: Sequence[str],
    folder: Path,
    *,
    timeout: float,
    environment: Mapping[str, str] | None = None,
    address_space: int | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run the command to its end (killed after *timeout* seconds, as ``subprocess.run``)."""
    process = Run(argv, folder, environment=environment, address_space=address_space)
    try:
        stdout, stderr = process.communicate(timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        raise
    assert process.returncode is not None
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)
