"""season/write.py: write_book on one Package (the cells written, the print areas, the
guard before the rename)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from openpyxl import load_workbook

from xlrating.workbook.ooxml import guard
from xlrating.workbook.ooxml.package import Package
from xlrating.workbook.ooxml.xlsx import calc_properties
from xlrating.workbook.season import write
from xlrating.workbook.season.find import layout_from_xml
from xlrating.workbook.season.write import Refused, write_book

WORKBOOKS = Path(__file__).resolve().parents[3] / "workbooks"


def _package(path: Path) -> Package:
    return Package.open(guard.check_workbook(path))


def test_write_book_writes_the_cells_once_and_leaves_the_source(tmp_path: Path) -> None:
    source = WORKBOOKS / "club_season.xlsx"
    before = source.read_bytes()
    package = _package(source)
    layout = layout_from_xml(package)
    assert layout is not None
    row = 80  # below the sample's last game (row 76)
    edits = {"Games": {(row, 1): "Typed", (row, 2): 46100.0, (row, 4): "=not a formula"}}
    out = tmp_path / "out.xlsx"
    write_book(package, out, layout, edits)
    assert source.read_bytes() == before
    games = load_workbook(out)["Games"]
    typed = [games.cell(row, c).value for c in (1, 2, 4)]
    day = dt.datetime(1899, 12, 30) + dt.timedelta(days=46100)  # the date column shows 46100
    assert typed == ["Typed", day, "=not a formula"]
    assert games.cell(row, 4).data_type == "s"  # text, never a formula
    assert str(games.print_area).endswith(f"$G${row}")
    written = _package(out)
    assert (calc_properties(written) or {}).get("fullCalcOnLoad") == "1"


def test_write_book_refuses_what_the_guard_refuses_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = _package(WORKBOOKS / "club_season.xlsx")
    layout = layout_from_xml(package)
    assert layout is not None
    held = guard.check_workbook(WORKBOOKS / "club_season.xlsx").cells
    limits = guard.Limits(cells=held)  # one cell more is too many
    monkeypatch.setattr(write, "check_bytes", lambda data: guard.check_bytes(data, limits))
    out = tmp_path / "out.xlsx"
    day = float((dt.date(2026, 1, 1) - dt.date(1899, 12, 30)).days)
    with pytest.raises(Refused, match=r"^club_season\.xlsx: the workbook as changed would not"):
        write_book(package, out, layout, {"Games": {(700, 20): "x", (701, 20): day}})
    assert list(tmp_path.iterdir()) == []
