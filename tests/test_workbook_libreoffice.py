"""LibreOffice (headless) opening a recalculated copy shows the same numbers as the harness.

LibreOffice does not know xlrating's functions.  On loading a workbook it keeps the
cached value of an ordinary formula cell, but it recomputes array (spilled) formulas,
which then show ``#NAME?`` (and it rewrites unknown function names in lower case).  So:

* the copy ``xlrating recalc --values-only`` writes (values, no formulas) must show every
  result cell exactly as the harness computed it;
* the copy ``xlrating recalc`` writes (formulas kept, values cached) must show every
  ordinary formula cell as the harness computed it; array cells are the documented
  exception, which the README states.

Both copies of every template are opened and saved by one ``soffice --headless --convert-to
xlsx`` run.
Skipped where ``soffice`` is absent, failed there in CI (XLRATING_REQUIRE_LIBREOFFICE=1).
The add-in itself (live recalculation) is tested in test_libreoffice_addin.py.
"""

from __future__ import annotations

import datetime as dt
import math
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from xlrating.libreoffice.office import office_env
from xlrating.workbook import templates
from xlrating.workbook.ooxml.cells import CellError
from xlrating.workbook.ooxml.xlsx import write_cached_values

from .conftest import evaluated

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
WORKBOOKS = Path(__file__).resolve().parent.parent / "workbooks"
NAMES = list(templates.TEMPLATES)

#: CI sets XLRATING_REQUIRE_LIBREOFFICE=1: there a missing LibreOffice fails these tests.
REQUIRED = os.environ.get("XLRATING_REQUIRE_LIBREOFFICE") == "1"

pytestmark = pytest.mark.skipif(
    SOFFICE is None and not REQUIRED,
    reason="LibreOffice (soffice) is not installed; CI installs libreoffice-calc-nogui",
)

Converted = dict[str, tuple[Path, dict[Any, Any]]]


#: The two copies of a template ``xlrating recalc`` writes, by the prefix each is saved under.
KINDS = {"values": True, "formulas": False}  # prefix -> values_only


def _convert(base: Path) -> dict[str, Converted]:
    """kind -> name -> (the file LibreOffice saved, the harness's values) for every
    template: both copies of each (values only, formulas kept) converted by one soffice run
    (each run starts LibreOffice afresh, which costs seconds)."""
    assert SOFFICE is not None
    inbox, outbox = base / "in", base / "out"
    inbox.mkdir()
    values = {}
    for name in NAMES:
        evaluation = evaluated(name)
        for kind, values_only in KINDS.items():
            write_cached_values(
                WORKBOOKS / name,
                inbox / f"{kind}-{name}",
                evaluation.values,
                values_only=values_only,
            )
        values[name] = dict(evaluation.values)
    inputs = [inbox / f"{kind}-{name}" for kind in KINDS for name in NAMES]
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
        *map(str, inputs),
    ]
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=300,
        env={**office_env(), "HOME": str(base)},
        check=False,
    )
    for path in inputs:
        assert (outbox / path.name).is_file(), (
            f"LibreOffice did not convert {path.name}: {done.stdout} {done.stderr}"
        )
    return {
        kind: {name: (outbox / f"{kind}-{name}", values[name]) for name in NAMES} for kind in KINDS
    }


@pytest.fixture(scope="module")
def converted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Converted]:
    return _convert(tmp_path_factory.mktemp("libreoffice"))


@pytest.fixture(scope="module")
def values_only(converted: dict[str, Converted]) -> Converted:
    return converted["values"]


@pytest.fixture(scope="module")
def formulas_kept(converted: dict[str, Converted]) -> Converted:
    return converted["formulas"]


def _formula_cells(name: str) -> tuple[list[tuple[str, str]], set[tuple[str, str]]]:
    """(formula cells LibreOffice must show as we computed them, cells of array formulas
    that call the registry) of template *name*.  Array formulas of Excel's own functions
    are recomputed by LibreOffice to the same values, so they count as the first kind."""
    from openpyxl import load_workbook
    from openpyxl.utils.cell import get_column_letter, range_boundaries
    from openpyxl.worksheet.formula import ArrayFormula

    from xlrating.sheet.catalog import FUNCTIONS

    ours = re.compile(r"\b(" + "|".join(map(re.escape, FUNCTIONS)) + r")\s*\(", re.IGNORECASE)
    local = re.compile(r"(?<![!\w])\$?([A-Z]{1,3})\$?([0-9]+):\$?([A-Z]{1,3})\$?([0-9]+)")
    plain: list[tuple[str, str]] = []
    arrays: set[tuple[str, str]] = set()
    others: list[tuple[str, str, list[tuple[str, str]]]] = []
    for ws in load_workbook(WORKBOOKS / name).worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, ArrayFormula):
                    c1, r1, c2, r2 = range_boundaries(cell.value.ref)
                    covered = [
                        (ws.title, f"{get_column_letter(c)}{r}")
                        for r in range(r1, r2 + 1)
                        for c in range(c1, c2 + 1)
                    ]
                    if ours.search(cell.value.text or ""):
                        arrays |= set(covered)
                    else:
                        others.append((ws.title, cell.value.text or "", covered))
                elif cell.data_type == "f":
                    plain.append((ws.title, cell.coordinate))
    # An array of Excel's functions over the cells of one that calls the registry (the
    # Standings' change as shown) is computed again from their #NAME? too.
    for sheet, text, covered in others:
        read = {
            (sheet, f"{get_column_letter(c)}{r}")
            for a, r1, b, r2 in local.findall(text)
            for c1, _, c2, _ in [range_boundaries(f"{a}1:{b}1")]
            for c in range(c1, c2 + 1)
            for r in range(int(r1), int(r2) + 1)
        }
        if read & arrays:
            arrays |= set(covered)
        else:
            plain += covered
    return [c for c in plain if c not in arrays], arrays


def _assert_shows(where: str, ours: object, theirs: object) -> None:
    """LibreOffice's value *theirs* is the harness's value *ours* (15 significant digits)."""
    from openpyxl.utils.datetime import to_excel

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


@pytest.mark.parametrize("name", NAMES)
def test_libreoffice_shows_the_harness_values(name: str, values_only: Converted) -> None:
    from openpyxl import load_workbook

    path, values = values_only[name]
    shown = load_workbook(path, data_only=True)
    plain, arrays = _formula_cells(name)
    cells = plain + sorted(arrays)
    assert cells
    for sheet, cell in cells:
        _assert_shows(f"{name} {sheet}!{cell}", values.get((sheet, cell)), shown[sheet][cell].value)


@pytest.mark.parametrize("name", NAMES)
def test_libreoffice_keeps_our_cached_values(name: str, formulas_kept: Converted) -> None:
    from openpyxl import load_workbook

    path, values = formulas_kept[name]
    shown = load_workbook(path, data_only=True)
    plain, arrays = _formula_cells(name)
    assert plain
    for sheet, cell in plain:
        _assert_shows(f"{name} {sheet}!{cell}", values.get((sheet, cell)), shown[sheet][cell].value)
    for sheet, cell in arrays:  # the documented exception: recomputed without the add-in
        assert shown[sheet][cell].value in ("#NAME?", None, ""), f"{name} {sheet}!{cell}"
