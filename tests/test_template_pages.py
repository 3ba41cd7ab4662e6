"""The templates print and read well: page set-up, row heights for wrapped text, and the
pages LibreOffice renders.

The row-height test is a cheap proxy for "no text overlaps": every wrapped text needs as
many lines as its length over its column's width, and its row must be that tall.  The
render test converts a template to PDF with LibreOffice (where it is installed) and reads
each page's footer back with pdftotext (poppler-utils), so each sheet really prints with
its name and page number.  Self-contained: no fixtures from conftest.
"""

from __future__ import annotations

import math
import os
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook

from xlrating.libreoffice.office import office_env

WORKBOOKS = Path(__file__).resolve().parent.parent / "workbooks"
TEMPLATES = sorted(p.name for p in WORKBOOKS.glob("*.xlsx"))
#: Excel's default row height (11-point Calibri) and column width, in points and characters.
LINE_POINTS = 15.0
DEFAULT_WIDTH = 8.43


def _width(ws: object, column: int) -> float:
    """The width of *column* (1-based); a <col> element can cover several columns."""
    for dimension in ws.column_dimensions.values():  # type: ignore[attr-defined]
        if dimension.min and dimension.max and dimension.min <= column <= dimension.max:
            return float(dimension.width) if dimension.width else DEFAULT_WIDTH
    return DEFAULT_WIDTH


@pytest.mark.parametrize("name", TEMPLATES)
def test_every_wrapped_text_has_the_height_of_its_lines(name: str) -> None:
    wb = load_workbook(WORKBOOKS / name)
    checked = 0
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if not isinstance(cell.value, str) or cell.data_type == "f":
                    continue
                if not (cell.alignment and cell.alignment.wrap_text):
                    continue
                width = _width(ws, cell.column)
                # A generous reading: 1.2 characters per unit of width (text is narrower
                # than the "0" a width counts), so the test only fails on real overlap.
                lines = math.ceil(len(cell.value) / (width * 1.2))
                if lines <= 1:
                    continue
                height = ws.row_dimensions[cell.row].height or LINE_POINTS
                assert height >= LINE_POINTS * lines * 0.95, (
                    f"{name} {ws.title}!{cell.coordinate}: {len(cell.value)} characters in "
                    f"width {width:.0f} need {lines} lines, the row is {height} points"
                )
                checked += 1
    if name == "club_season.xlsx":
        assert checked >= 5  # the How to use paragraphs at least


@pytest.mark.parametrize("name", TEMPLATES)
def test_every_sheet_is_print_ready(name: str) -> None:
    with zipfile.ZipFile(WORKBOOKS / name) as archive:
        workbook = archive.read("xl/workbook.xml").decode("utf-8")
        sheets = [n for n in archive.namelist() if re.fullmatch(r"xl/worksheets/sheet\d+\.xml", n)]
        xml = {n: archive.read(n).decode("utf-8") for n in sheets}
    titles = re.findall(r'<sheet name="([^"]+)"', workbook)
    areas = re.findall(r'<definedName name="_xlnm.Print_Area" localSheetId="(\d+)"', workbook)
    assert sorted(int(a) for a in areas) == list(range(len(titles))), f"{name}: print areas"
    for part, text in xml.items():
        assert 'fitToHeight="0"' in text and "<pageSetUpPr fitToPage=" in text, part
        assert re.search(r'orientation="(landscape|portrait)"', text), part
        footer = re.search(r"<oddFooter>([^<]*)</oddFooter>", text)
        assert footer and "&amp;A" in footer.group(1) and "&amp;P" in footer.group(1), part
    titled = re.findall(r'<definedName name="_xlnm.Print_Titles" localSheetId="(\d+)"', workbook)
    # Sheets with a table repeat its header row: the club season's tables at least.
    if name == "club_season.xlsx":
        repeated = {titles[int(i)] for i in titled}
        wanted = {"Players", "Games", "Ratings", "Standings", "Crosstable", "Player card"}
        assert wanted <= repeated


def _missing(reason: str) -> None:
    """Skip with the reason; fail in CI (.ci/run sets XLRATING_REQUIRE_LIBREOFFICE=1)."""
    if os.environ.get("XLRATING_REQUIRE_LIBREOFFICE") == "1":
        pytest.fail(f"{reason} (XLRATING_REQUIRE_LIBREOFFICE=1: CI must run this test)")
    pytest.skip(reason)


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        _missing(f"{name} is not installed (poppler-utils)")
        raise AssertionError  # not reached
    return found


@pytest.mark.slow
def test_libreoffice_renders_every_sheet_with_its_footer(tmp_path: Path) -> None:
    """Render club_season.xlsx to PDF with LibreOffice and read each page's footer."""
    soffice = os.environ.get("XLRATING_SOFFICE") or shutil.which("soffice")
    if soffice is None:
        _missing("LibreOffice (soffice) is not installed")
        return
    pdftotext = _tool("pdftotext")
    source = tmp_path / "club_season.xlsx"
    shutil.copy(WORKBOOKS / "club_season.xlsx", source)
    done = subprocess.run(
        [
            soffice,
            "--headless",
            "--norestore",
            f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}",
            "--convert-to",
            "pdf",
            "--outdir",
            str(tmp_path / "pdf"),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env=office_env(),
    )
    pdf = tmp_path / "pdf" / "club_season.pdf"
    assert pdf.is_file(), f"LibreOffice did not convert: {done.stdout} {done.stderr}"
    text = subprocess.run(
        [pdftotext, "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    pages = text.split("\f")
    pages = [p for p in pages if p.strip()]
    footers = [re.search(r"page (\d+) of (\d+)", p) for p in pages]
    assert all(footers), "a page without its footer"
    assert [int(f.group(1)) for f in footers if f] == list(range(1, len(pages) + 1))
    wb = load_workbook(WORKBOOKS / "club_season.xlsx")
    for title in wb.sheetnames:
        assert any(re.search(rf"^\s*{re.escape(title)}\s", p, re.M) for p in pages), title
    # The Games sheet prints the rows in use (its print area), not the table's 600 rows.
    sheet_of = [re.search(r"^\s*(\S.*?)\s+page \d+ of \d+", p, re.M) for p in pages]
    games = [p for p, m in zip(pages, sheet_of, strict=True) if m and m.group(1) == "Games"]
    last_game = [c.value for c in wb["Games"][4 + _used_rows(wb["Games"])]]
    assert len(games) == 1, f"the Games sheet prints on {len(games)} pages"
    assert str(last_game[3]) in games[0] and str(last_game[4]) in games[0]


def _used_rows(ws: object) -> int:
    """Rows of the Games table holding a game (the table starts on row 5)."""
    used = 0
    for i, row in enumerate(ws.iter_rows(min_row=5, max_col=6, values_only=True)):  # type: ignore[attr-defined]
        if any(v not in (None, "") for v in row):
            used = i + 1
    return used
