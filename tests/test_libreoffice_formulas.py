"""LibreOffice opening a recalculated copy that KEEPS its formulas shows the harness numbers.

``xlrating recalc BOOK.xlsx`` writes formula cells with their computed values cached.
LibreOffice (headless, Debian's libreoffice-calc-nogui) does not know the add-in's
functions; on loading it keeps the cached value of an ordinary formula cell, but it
recomputes array (spilled) formulas, which then show ``#NAME?``.  This test pins both
facts: every ordinary formula cell shows our number, and array cells are the documented
exception (use ``--values-only`` for a copy in which every cell shows its value; see
tests/test_workbook_libreoffice.py).  Skipped where ``soffice`` is absent.
"""

from __future__ import annotations

import math
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from xlrating.workbook import engine
from xlrating.workbook.cache import CellError, write_cached_values

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
WORKBOOKS = Path(__file__).resolve().parent.parent / "workbooks"

pytestmark = pytest.mark.skipif(
    SOFFICE is None,
    reason="LibreOffice (soffice) is not installed; CI installs libreoffice-calc-nogui",
)


def _cells(path: Path) -> tuple[list[tuple[str, str]], set[tuple[str, str]]]:
    """(ordinary formula cells, cells covered by array formulas)."""
    from openpyxl import load_workbook
    from openpyxl.utils.cell import get_column_letter, range_boundaries
    from openpyxl.worksheet.formula import ArrayFormula

    plain: list[tuple[str, str]] = []
    arrays: set[tuple[str, str]] = set()
    for ws in load_workbook(path).worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, ArrayFormula):
                    c1, r1, c2, r2 = range_boundaries(cell.value.ref)
                    arrays |= {
                        (ws.title, f"{get_column_letter(c)}{r}")
                        for r in range(r1, r2 + 1)
                        for c in range(c1, c2 + 1)
                    }
                elif cell.data_type == "f":
                    plain.append((ws.title, cell.coordinate))
    return [c for c in plain if c not in arrays], arrays


@pytest.mark.parametrize("name", sorted(p.name for p in WORKBOOKS.glob("*.xlsx")))
def test_libreoffice_keeps_our_cached_values(name: str, tmp_path: Path) -> None:
    from openpyxl import load_workbook

    assert SOFFICE is not None
    evaluation = engine.evaluate(WORKBOOKS / name)
    copy = tmp_path / "in" / name
    copy.parent.mkdir()
    write_cached_values(WORKBOOKS / name, copy, evaluation.values)
    command = [
        SOFFICE,
        "--headless",
        "--norestore",
        "--nolockcheck",
        f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}",
        "--convert-to",
        "xlsx",
        "--outdir",
        str(tmp_path / "out"),
        str(copy),
    ]
    subprocess.run(
        command,
        capture_output=True,
        timeout=300,
        check=False,
        env={**os.environ, "HOME": str(tmp_path)},
    )
    saved = tmp_path / "out" / name
    assert saved.is_file(), f"LibreOffice did not convert {name}"
    shown = load_workbook(saved, data_only=True)
    plain, arrays = _cells(WORKBOOKS / name)
    assert plain
    for sheet, cell in plain:
        ours = evaluation.values.get((sheet, cell))
        theirs = shown[sheet][cell].value
        where = f"{name} {sheet}!{cell}"
        if ours in (None, ""):
            assert theirs in (None, ""), f"{where}: LibreOffice shows {theirs!r}"
        elif isinstance(ours, CellError):
            assert theirs == str(ours), f"{where}: LibreOffice shows {theirs!r}, we {ours}"
        elif isinstance(ours, (bool, str)):
            assert theirs == ours, f"{where}: LibreOffice shows {theirs!r}, we {ours!r}"
        else:
            # LibreOffice saves 15 significant digits
            assert isinstance(theirs, (int, float)), f"{where}: LibreOffice shows {theirs!r}"
            assert math.isclose(theirs, float(ours), rel_tol=1e-13, abs_tol=1e-12), where  # type: ignore[arg-type]
    for sheet, cell in arrays:  # the documented exception: recomputed without the add-in
        assert shown[sheet][cell].value in ("#NAME?", None, ""), f"{name} {sheet}!{cell}"
