"""The shipped empty season typed into in LibreOffice Calc with xlrating's add-in, one cell
at a time, as a club secretary does (tests/season_typing.py): Calc recalculates after
every cell; no cell outside the Games sheet's Status column shows an error at any step;
the new players and event show in every table; and the book LibreOffice saves equals
``xlrating recalc`` of it, cell by cell.

Headless over UNO (xlrating/libreoffice/uno_driver.py ``type``): the add-in is installed
into a temporary profile by ``xlrating libreoffice-setup --profile``.  Skipped without
LibreOffice 25.2+ and its Python bridge; failed instead with XLRATING_REQUIRE_LIBREOFFICE=1.
"""

from __future__ import annotations

import math
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from xlrating.cli import main
from xlrating.libreoffice import office

from .season_typing import AFTER, EMPTY, STEPS, outside_status

WORKBOOKS = Path(__file__).resolve().parent.parent / "workbooks"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def typed(
    libreoffice: office.Office, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[office.Typed]:
    """The steps typed into a copy of the empty season in one LibreOffice run."""
    work = tmp_path_factory.mktemp("typed")
    profile = work / "profile"
    assert main(["libreoffice-setup", "--profile", str(profile)]) == 0
    book = Path(shutil.copy(WORKBOOKS / EMPTY, work / EMPTY))
    yield office.type_cells(libreoffice, profile, book, STEPS, save=work / "saved.xlsx")
    shutil.rmtree(profile, ignore_errors=True)


def test_no_cell_outside_the_status_column_shows_an_error(typed: office.Typed) -> None:
    assert typed.opened == {}  # the empty season, recalculated as it opens
    assert len(typed.steps) == len(STEPS)
    for cell, errors in typed.steps:
        shown = outside_status(errors)
        assert shown == {}, (cell, sorted(shown.items())[:3])


def test_the_new_players_and_event_show_in_every_table(typed: office.Typed) -> None:
    for key, want in AFTER.items():
        got = typed.values.get(key, "")
        assert got == want, key


def test_the_book_libreoffice_saves_equals_xlrating_recalc_of_it(
    typed: office.Typed, tmp_path: Path
) -> None:
    """Every cell of the saved book as LibreOffice cached it equals what ``xlrating
    recalc`` computes from that book (numbers to 1e-9 relative)."""
    from openpyxl import load_workbook

    assert typed.saved is not None
    recalculated = tmp_path / "recalc.xlsx"
    assert main(["recalc", str(typed.saved), "-o", str(recalculated)]) == 0
    theirs = load_workbook(typed.saved, data_only=True)
    ours = load_workbook(recalculated, data_only=True)
    compared = 0
    for ws in theirs.worksheets:
        mine = ours[ws.title]
        for row in ws.iter_rows():
            for cell in row:
                want = mine[cell.coordinate].value
                got = cell.value
                blank = (None, "")
                if got in blank and want in blank:
                    continue
                compared += 1
                if isinstance(got, float) and isinstance(want, (int, float)):
                    assert math.isclose(got, want, rel_tol=1e-9), (ws.title, cell.coordinate)
                else:
                    assert got == want, (ws.title, cell.coordinate, got, want)
    assert compared > 500
