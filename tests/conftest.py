"""Shared fixtures: what is expensive to make is made once per test session (per process:
with pytest-xdist, once per worker that needs it) and shared by every module that needs it.

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
import functools
import io
import os
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import settings

from xlrating.workbook import engine

ROOT = Path(__file__).resolve().parent.parent
WORKBOOKS = ROOT / "workbooks"

# The quick profile: the property tests that keep Hypothesis' default budget try 20
# examples instead of 100. The quick loop (``-m "not slow"``) runs it unless
# HYPOTHESIS_PROFILE names another; HYPOTHESIS_PROFILE=quick asks for it anywhere. Tests
# that set their own budget keep it, and the full suite (CI) runs Hypothesis' default.
settings.register_profile("quick", max_examples=20)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_configure(config: pytest.Config) -> None:
    if "HYPOTHESIS_PROFILE" not in os.environ and config.getoption("markexpr") == "not slow":
        settings.load_profile("quick")


@functools.cache
def evaluated(name: str) -> engine.Evaluation:
    """The committed workbook *name* (a file name in ``workbooks/``), evaluated once."""
    return engine.evaluate(WORKBOOKS / name)


@dataclass(frozen=True)
class Demo:
    """One run of ``xlrating demo``: its exit code, what it printed and where it wrote."""

    code: int
    out: str
    err: str
    folder: Path


@pytest.fixture(scope="session")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Demo:
    """``xlrating demo`` run once, in process, for every test that reads what it made.
    Tests only read the folder; one that changes a book copies it first."""
    from xlrating.cli import main

    folder = tmp_path_factory.mktemp("demo-run") / "demo"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["demo", str(folder)])
    return Demo(code, out.getvalue(), err.getvalue(), folder)


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
        "values_only",  # test_workbook_libreoffice: converted by soffice
        "formulas_kept",  # test_workbook_libreoffice: converted by soffice
        "grown",  # test_season_grow: 64 players imported, then recalculated
        "imported",  # test_cli_import: an event imported with --recalc
        "demo",  # xlrating demo (every template built and recalculated)
        "ladder",  # test_ladder: a 40-event ladder season built (and evaluated)
        "computed",  # test_season_columns: an event imported into a wide book, recalculated
    }
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if SLOW_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
