"""The core does rating math only: importing it must pull in no Excel library."""

from __future__ import annotations

import subprocess
import sys

CORE = [
    "xlrating",
    "xlrating.elo",
    "xlrating.fide",
    "xlrating.uscf",
    "xlrating.glicko2",
    "xlrating.events",
    "xlrating.season",
    "xlrating.tournament",
    "xlrating.imports",
    "xlrating.rate_file",
    "xlrating.synthetic",
    "xlrating.batch",  # numpy only when a function runs
    "xlrating.errors",
    "xlrating._check",
    "xlrating._numeric",
]
EXCEL_LIBRARIES = ["xlwings", "openpyxl", "formulas", "xlsxwriter", "schedula", "numpy"]


def _modules_after_import(module: str) -> set[str]:
    code = f"import sys, {module}; print('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    return set(out.split())


def test_core_imports_no_excel_library() -> None:
    for module in CORE:
        loaded = _modules_after_import(module)
        leaked = sorted(lib for lib in EXCEL_LIBRARIES if lib in loaded)
        assert not leaked, f"importing {module} imported {leaked}"


def test_boundary_imports_no_excel_library() -> None:
    """The registry and cell coercion run in the headless engine and in Excel alike."""
    loaded = _modules_after_import("xlrating.catalog") | _modules_after_import("xlrating.tables")
    leaked = sorted(lib for lib in EXCEL_LIBRARIES if lib in loaded)
    assert not leaked, f"importing xlrating.catalog imported {leaked}"


def test_command_line_help_needs_no_excel_library() -> None:
    """`xlrating --help` works on a bare install: front ends import optional libraries lazily."""
    loaded = _modules_after_import("xlrating.cli")
    leaked = sorted(lib for lib in EXCEL_LIBRARIES if lib in loaded)
    assert not leaked, f"importing xlrating.cli imported {leaked}"
