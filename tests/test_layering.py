"""The core does rating math only: importing it must pull in no Excel library."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

CORE = [
    "xlrating",
    "xlrating.rating.elo",
    "xlrating.rating.fide",
    "xlrating.rating.uscf",
    "xlrating.rating.glicko2",
    "xlrating.rating.events",
    "xlrating.rating.season",
    "xlrating.rating.tournament",
    "xlrating.imports",
    "xlrating.imports.rate",
    "xlrating.rating.synthetic",
    "xlrating.rating.batch",  # numpy only when a function runs
    "xlrating.errors",
    "xlrating.rating.fide_rules",
    "xlrating.rating.uscf_rules",
    "xlrating.rating.uscf_special",
    "xlrating.rating._check",
    "xlrating.rating._numeric",
]
EXCEL_LIBRARIES = ["xlwings", "openpyxl", "formulas", "xlsxwriter", "schedula", "numpy"]


def _modules_after_import(module: str) -> set[str]:
    code = f"import sys, {module}; print('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    return set(out.split())


def test_core_imports_no_excel_library() -> None:
    """One fresh interpreter imports the core modules one after another and reports what
    each import added: an Excel library that any of them pulls in appears after the first
    that does, so the union is empty exactly when every module's own imports are."""
    code = (
        "import importlib, sys\n"
        f"for module in {CORE!r}:\n"
        "    importlib.import_module(module)\n"
        f"    print(module, *sorted(lib for lib in {EXCEL_LIBRARIES!r} if lib in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    reported = [line.split() for line in out.splitlines()]
    assert [line[0] for line in reported] == CORE
    for module, *leaked in reported:
        assert not leaked, (
            f"importing {module} (after {CORE[: CORE.index(module)]}) imported {leaked}"
        )


def test_collection_never_imports_the_fork_servers_warm_up() -> None:
    """tests/cli_warm.py builds the engine's function table for tests.cli_process's fork
    server; ``--doctest-modules`` imported it in every test process (2 s each, scipy.stats
    included) until tests/conftest.py listed it in ``collect_ignore``."""
    assert "tests.cli_warm" not in sys.modules


def test_boundary_imports_no_excel_library() -> None:
    """The registry and cell coercion run in the headless engine and in Excel alike."""
    loaded = _modules_after_import("xlrating.sheet.catalog")
    loaded |= _modules_after_import("xlrating.sheet.tables")
    leaked = sorted(lib for lib in EXCEL_LIBRARIES if lib in loaded)
    assert not leaked, f"importing xlrating.sheet.catalog imported {leaked}"


def test_command_line_help_needs_no_excel_library() -> None:
    """`xlrating --help` works on a bare install: front ends import optional libraries lazily."""
    loaded = _modules_after_import("xlrating.cli")
    leaked = sorted(lib for lib in EXCEL_LIBRARIES if lib in loaded)
    assert not leaked, f"importing xlrating.cli imported {leaked}"


# --- Small rooms: no module over about 800 lines without a reason ------------------------

PACKAGE = Path(__file__).resolve().parent.parent / "xlrating"
#: The most lines a module of the package may have unless its docstring says why it must
#: be one piece (issue 13: "no module of the package over about 800 lines unless you say
#: in its docstring why it must be one piece").
MAX_MODULE_LINES = 800
#: The docstring line that gives that reason: "One piece: <why>".
ONE_PIECE = re.compile(r"^\s*One piece:\s*\S", re.MULTILINE)


def _too_long(path: Path) -> str | None:
    """Why *path* breaks the size rule (None: it keeps it)."""
    text = path.read_text("utf-8")
    lines = len(text.splitlines())
    if lines <= MAX_MODULE_LINES:
        return None
    docstring = ast.get_docstring(ast.parse(text)) or ""
    if ONE_PIECE.search(docstring):
        return None
    return (
        f"{path.name}: {lines} lines (over {MAX_MODULE_LINES}) and no 'One piece: <why>' "
        "line in its docstring"
    )


def test_no_module_is_over_the_size_limit_without_a_reason() -> None:
    found = [problem for path in sorted(PACKAGE.rglob("*.py")) if (problem := _too_long(path))]
    assert not found, "\n".join(found)


def test_the_size_rule_can_fail(tmp_path: Path) -> None:
    body = "x = 1\n" * MAX_MODULE_LINES
    long = tmp_path / "long.py"
    long.write_text('"""A module."""\n' + body, encoding="utf-8")
    assert _too_long(long) == (
        f"long.py: {MAX_MODULE_LINES + 1} lines (over {MAX_MODULE_LINES}) and no "
        "'One piece: <why>' line in its docstring"
    )
    reasoned = tmp_path / "reasoned.py"
    reasoned.write_text('"""A module.\n\nOne piece: a table.\n"""\n' + body, encoding="utf-8")
    assert _too_long(reasoned) is None
    short = tmp_path / "short.py"
    short.write_text('"""A module."""\n' + "x = 1\n" * (MAX_MODULE_LINES - 1), encoding="utf-8")
    assert _too_long(short) is None


def test_property_tests_never_fail_on_timing() -> None:
    """The suite's Hypothesis profile (tests/conftest.py) has no deadline and no too-slow
    health check: a one-second stall of the host failed a full run's health check."""
    import os

    from hypothesis import HealthCheck, settings

    if os.environ.get("HYPOTHESIS_PROFILE", "xlrating") not in ("xlrating", "quick"):
        pytest.skip("HYPOTHESIS_PROFILE names another profile, which is used as it is")
    current = settings.default
    assert current is not None
    assert current.deadline is None
    assert HealthCheck.too_slow in current.suppress_health_check
