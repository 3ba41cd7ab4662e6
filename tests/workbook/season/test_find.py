"""season/find.py: the season's layout read from the sheets' XML (lxml)."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlrating.workbook.ooxml import guard
from xlrating.workbook.ooxml.package import Package
from xlrating.workbook.season import find
from xlrating.workbook.season.find import (
    SeasonBookError,
    layout_from_xml,
    layout_of,
    load_book,
)

WORKBOOKS = Path(__file__).resolve().parents[3] / "workbooks"
BOOKS = ["club_season.xlsx", "club_season_empty.xlsx", "club_season.xlsm"]


def _package(path: Path) -> Package:
    return Package.open(guard.check_workbook(path))


@pytest.mark.parametrize("name", BOOKS)
def test_the_layout_read_from_the_xml_is_the_one_openpyxl_reads(name: str) -> None:
    package = _package(WORKBOOKS / name)
    quick = layout_from_xml(package)
    assert quick is not None
    assert quick == layout_of(load_book(package), name)


def test_a_formula_excel_wrote_for_an_unknown_function_is_found_too() -> None:
    """Excel writes a function it does not know as ``_xludf.NAME(``: the array is found."""
    package = _package(WORKBOOKS / "club_season.xlsx")
    layout = layout_from_xml(package)
    assert layout is not None
    part = package.sheet_part(layout.sheet)
    assert part is not None
    renamed = 0
    for formula in package.edit(part).iter("{*}f"):
        text = formula.text or ""
        if text.startswith(f"{find.FUNCTION}("):
            formula.text = "_xludf." + text
            renamed += 1
    assert renamed == 1 and layout_from_xml(package) == layout


def test_a_book_without_the_array_has_no_layout_from_the_xml() -> None:
    package = _package(WORKBOOKS / "elo.xlsx")
    assert layout_from_xml(package) is None
    with pytest.raises(SeasonBookError, match=r"^elo\.xlsx has no SEASON_RATINGS table"):
        layout_of(load_book(package), package.name)
