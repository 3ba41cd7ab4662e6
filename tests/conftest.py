"""Shared fixtures: what is expensive to make is made once per test session and shared by
every module that needs it; with pytest-xdist the workers share it too (:func:`once`: the
first worker that needs it makes it under a lock, in the session's temporary folder).

- :func:`evaluated` (``from .conftest import evaluated``): a committed template of
  ``workbooks/`` computed by the headless engine (seconds for the club season). An
  :class:`Evaluation` is frozen and its values read only: sharing one leaks nothing.
- ``demo``: one run of ``xlrating demo`` into a session folder, with what it printed.

Tests marked ``slow`` (seconds each: whole-book builds and recalculations, subprocess
corpora, LibreOffice, ten-thousand-row tables) are left out of the quick loop
``python -m pytest -m "not slow"``; the full suite runs them all.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import gc
import io
import os
import pickle
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, settings

from xlrating.cli import COLLECTOR_THRESHOLDS
from xlrating.libreoffice import office
from xlrating.workbook.engine import evaluation as engine

ROOT = Path(__file__).resolve().parent.parent
WORKBOOKS = ROOT / "workbooks"
#: CI sets it (.ci/run): there a test that needs LibreOffice fails instead of skipping.
REQUIRE_LIBREOFFICE = "XLRATING_REQUIRE_LIBREOFFICE"


def libreoffice_missing(reason: str) -> None:
    """Skip a test that needs LibreOffice with the reason; fail it in CI."""
    if os.environ.get(REQUIRE_LIBREOFFICE) == "1":
        pytest.fail(f"{reason} ({REQUIRE_LIBREOFFICE}=1: CI must run these tests)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def libreoffice() -> office.Office:
    """The LibreOffice 25.2+ found here, with a Python that has its uno module (skipped,
    or failed in CI, without one)."""
    try:
        found = office.find_office()
    except office.LibreOfficeError as error:
        libreoffice_missing(str(error))
        raise
    if not found.supported:
        libreoffice_missing(f"LibreOffice {found.version_text} is older than the supported 25.2")
    if found.python is None:
        libreoffice_missing("no Python with LibreOffice's uno module (python3-uno)")
    return found


# The suite's profile: Hypothesis' defaults without its timing checks. This machine's speed
# varies twofold from hour to hour, and a stall of a second in one example (the host, or a
# collection of the garbage) failed a full run's health check ("input generation is
# slow"); the 200 ms deadline would fail the same way. Timings are measured in bench/,
# never asserted in tests.
settings.register_profile("xlrating", deadline=None, suppress_health_check=[HealthCheck.too_slow])
# The quick profile: the property tests that keep Hypothesis' default budget try 20
# examples instead of 100. The quick loop (``-m "not slow"``) runs it unless
# HYPOTHESIS_PROFILE names another; HYPOTHESIS_PROFILE=quick asks for it anywhere. Tests
# that set their own budget keep it, and the full suite (CI) runs the default budgets.
settings.register_profile("quick", parent=settings.get_profile("xlrating"), max_examples=20)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "xlrating"))


# The test processes collect garbage as the command does (xlrating.cli.COLLECTOR_THRESHOLDS:
# a young generation of 50,000 objects instead of 700).  Tests build and drop large XML
# trees; with the default, what was alive at each of thousands of young collections was
# promoted and walked again (the collector took 7 s of each worker).  Alternated full
# runs: 142 and 100 s of CPU against 149 and 128 s.
gc.set_threshold(*COLLECTOR_THRESHOLDS)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    """Each test (its fixtures too) runs with what earlier tests left alive frozen: the
    session's caches (the engine's compiled cells, books evaluated once, every module
    imported) are then never walked by the garbage collector's full passes, which a
    test that builds large XML trees would otherwise trigger hundreds of times (half
    of a grow test's time). Unfrozen after, so that what the test let go can be freed."""
    gc.freeze()
    try:
        return (yield)
    finally:
        gc.unfreeze()


@pytest.hookimpl(tryfirst=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """Freeze what the session leaves before pytest's last collection (its check for
    exceptions raised in finalizers): a worker holds millions of objects by then, most
    of them the caches above and the XML trees tests let go; walking them took 3-4 s,
    and freeing them one by one at exit as long again. Exceptions in finalizers that
    run during a test are reported as before."""
    gc.freeze()


def pytest_configure(config: pytest.Config) -> None:
    if "HYPOTHESIS_PROFILE" not in os.environ and config.getoption("markexpr") == "not slow":
        settings.load_profile("quick")


#: Modules of tests/ that are not test modules and must not be imported by collection
#: (``--doctest-modules`` imports every module it finds): the fork server's warm-up.
collect_ignore = ["cli_warm.py"]

_T = TypeVar("_T")

#: The session's folder that every xdist worker of this run sees (set by :func:`_shared`).
_SHARED: list[Path] = []


@pytest.fixture(scope="session", autouse=True)
def _shared(tmp_path_factory: pytest.TempPathFactory) -> None:
    base = tmp_path_factory.getbasetemp()
    # A worker's base is <run>/popen-gwN; <run> is the one folder of this run they share.
    folder = base.parent if "PYTEST_XDIST_WORKER" in os.environ else base
    _SHARED[:] = [folder / "shared"]
    _SHARED[0].mkdir(exist_ok=True)


def once(key: str, make: Callable[[Path], _T]) -> _T:
    """What ``make(folder)`` returns, made once per test run by whichever worker first asks
    (the others wait for it, then read the pickle); *folder* is its own, for files it
    writes, which stay for the run (read only: a test that changes one copies it first)."""
    root = _SHARED[0]
    folder, result = root / key, root / f"{key}.pickle"
    with (root / f"{key}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if result.exists():
            made: _T = pickle.loads(result.read_bytes())
            return made
        shutil.rmtree(folder, ignore_errors=True)  # what a worker that failed left
        folder.mkdir()
        made = make(folder)
        partial = result.with_suffix(".partial")
        partial.write_bytes(pickle.dumps(made))
        partial.rename(result)
        return made


@functools.cache
def evaluated(name: str) -> engine.Evaluation:
    """The committed workbook *name* (a file name in ``workbooks/``), evaluated once."""
    return once(f"evaluated-{name}", lambda _: engine.evaluate(WORKBOOKS / name))


@dataclass(frozen=True)
class Demo:
    """One run of ``xlrating demo``: its exit code, what it printed and where it wrote."""

    code: int
    out: str
    err: str
    folder: Path


@pytest.fixture(scope="session")
def demo(_shared: None) -> Demo:
    """``xlrating demo`` run once, in process, for every test that reads what it made.
    Tests only read the folder; one that changes a book copies it first."""
    from xlrating.cli import main

    def run(where: Path) -> Demo:
        folder = where / "demo"
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["demo", str(folder)])
        return Demo(code, out.getvalue(), err.getvalue(), folder)

    return once("demo", run)


#: Fixtures that take seconds to make (subprocess corpora, LibreOffice started or run, a
#: book grown, imported or recalculated, the demo): a test that uses one is ``slow`` too,
#: so that the quick loop never makes them.
SLOW_FIXTURES = frozenset(
    {
        "outcomes",  # test_hostile_files: every hostile file through the command
        "corpus",  # test_hostile_files: the hostile files made
        "slow",  # test_hostile_files: the corpus that makes a command run long
        "libreoffice",  # test_libreoffice_addin: LibreOffice found and checked
        "profile",  # test_libreoffice_addin: a profile with the add-in installed
        "recalculated",  # test_libreoffice_addin: every template recalculated live
        "converted",  # test_workbook_libreoffice: both copies converted by soffice
        "values_only",  # test_workbook_libreoffice: the values-only copies of "converted"
        "formulas_kept",  # test_workbook_libreoffice: the formulas-kept copies of "converted"
        "grown",  # season/test_grow: 64 players imported, then recalculated
        "imported",  # test_cli_import: an event imported with --recalc
        "demo",  # xlrating demo (every template built and recalculated)
        "ladder",  # season/test_wide_season: a 40-event ladder season built, evaluated
        "computed",  # season/test_event_columns: an event imported into a wide book, recalculated
    }
)


#: The modules that take longest, longest first (seconds of test time on the 2-core
#: machine). pytest-xdist (``--dist loadfile``) hands whole modules to its workers in
#: collection order; starting with the longest lets the short ones fill the gaps, so the
#: workers finish together instead of one waiting for the other's last long module.
LONGEST_FIRST = (
    "test_grow.py",
    "test_libreoffice_addin.py",
    "test_cli_import.py",
    "test_hostile_writes.py",
    "test_club_season.py",
    "test_event_columns.py",
    "test_hostile_cells.py",
    "test_hostile_files.py",
    "test_wide_season.py",
    "test_cli.py",
    "test_batch.py",
    "test_events.py",
    "test_lite.py",
    "test_workbook_libreoffice.py",
    "test_cli_excel.py",
    "test_files.py",
    "test_pages.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if SLOW_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: order kept
