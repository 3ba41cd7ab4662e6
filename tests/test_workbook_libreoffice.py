"""LibreOffice (headless) shows the same numbers as the harness.

LibreOffice recomputes a workbook's formulas when it loads it, and it does not know
xlrating's functions: they become ``#NAME?`` (and LibreOffice rewrites their names in lower
case), so everything that depends on them does too.  Comparing a copy that keeps its
formulas would therefore compare LibreOffice's ``#NAME?`` with our numbers, which proves
nothing.  What a LibreOffice user opens is the copy ``xlrating recalc --values-only``
writes: values, no formulas.  So this test writes that copy of every template, has
``soffice --headless --convert-to xlsx`` open and save it, and checks that every result
cell LibreOffice shows equals the value the harness computed.

Skipped where ``soffice`` is absent (CI installs libreoffice-calc-nogui).
"""

from __future__ import annotations

import datetime as dt
import math
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from xlrating.workbook import engine, templates
from xlrating.workbook.cache import CellError, write_cached_values

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
WORKBOOKS = Path(__file__).resolve().parent.parent / "workbooks"
NAMES = list(templates.TEMPLATES)

pytestmark = pytest.mark.skipif(
    SOFFICE is None,
    reason="LibreOffice (soffice) is not installed; CI installs libreoffice-calc-nogui",
)


@pytest.fixture(scope="module")
def converted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, dict]]:
    """name -> (the file LibreOffice saved, the harness's values)."""
    assert SOFFICE is not None
    base = tmp_path_factory.mktemp("libreoffice")
    inbox, outbox = base / "in", base / "out"
    inbox.mkdir()
    values = {}
    for name in NAMES:
        evaluation = engine.evaluate(WORKBOOKS / name)
        write_cached_values(WORKBOOKS / name, inbox / name, evaluation.values, values_only=True)
        values[name] = dict(evaluation.values)
    env = {**os.environ, "HOME": str(base)}
    command = [
        SOFFICE,
        "--headless",
        "--norestore",
        "--nolockcheck",
        f"-env:UserInstallation={(base / 'profile').as_uri()}",
        "--convert-to",
        "xlsx",
        "--outdir",
        str(outbox),
        *(str(inbox / name) for name in NAMES),
    ]
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=300, env=env, check=False
    )
    for name in NAMES:
        assert (outbox / name).is_file(), (
            f"LibreOffice did not convert {name}: {done.stdout} {done.stderr}"
        )
    return {name: (outbox / name, values[name]) for name in NAMES}


def _formula_cells(name: str) -> list[tuple[str, str]]:
    from openpyxl import load_workbook
    from openpyxl.utils.cell import get_column_letter, range_boundaries
    from openpyxl.worksheet.formula import ArrayFormula

    cells = []
    for ws in load_workbook(WORKBOOKS / name).worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, ArrayFormula):
                    c1, r1, c2, r2 = range_boundaries(cell.value.ref)
                    cells += [
                        (ws.title, f"{get_column_letter(c)}{r}")
                        for r in range(r1, r2 + 1)
                        for c in range(c1, c2 + 1)
                    ]
                elif cell.data_type == "f":
                    cells.append((ws.title, cell.coordinate))
    return cells


@pytest.mark.parametrize("name", NAMES)
def test_libreoffice_shows_the_harness_values(
    name: str, converted: dict[str, tuple[Path, dict]]
) -> None:
    from openpyxl import load_workbook
    from openpyxl.utils.datetime import to_excel

    path, values = converted[name]
    shown = load_workbook(path, data_only=True)
    cells = _formula_cells(name)
    assert cells
    for sheet, cell in cells:
        ours = values.get((sheet, cell))
        theirs = shown[sheet][cell].value
        where = f"{name} {sheet}!{cell}"
        if ours in (None, ""):
            assert theirs in (None, ""), f"{where}: LibreOffice shows {theirs!r}"
        elif isinstance(ours, CellError):
            assert theirs == str(ours), f"{where}: LibreOffice shows {theirs!r}, we {ours}"
        elif isinstance(ours, (bool, str)):
            assert theirs == ours, f"{where}: LibreOffice shows {theirs!r}, we {ours!r}"
        else:
            if isinstance(theirs, dt.datetime):  # a date-formatted result (club_season.xlsx)
                theirs = to_excel(theirs)
            assert isinstance(theirs, (int, float)), f"{where}: LibreOffice shows {theirs!r}"
            assert math.isclose(theirs, float(ours), rel_tol=1e-12, abs_tol=1e-12), (  # type: ignore[arg-type]
                f"{where}: LibreOffice shows {theirs!r}, we {ours!r}"
            )
