"""The templates print and read well: page set-up, row heights for wrapped text, and the
pages LibreOffice renders on A4 and on Letter, with and without xlrating's add-in.

The row-height test is a cheap proxy for "no text overlaps": every wrapped text needs as
many lines as its length over its column's width (or its merged cells'), and its row
must be that tall.  The render tests convert the templates to PDF with LibreOffice (where
it is installed) and read the pages back with pdftotext (poppler-utils): the footer of
every page, the height of every word (body text at 8 points or more, measured against a
calibration sheet LibreOffice renders in the same run), the pages of each sheet, and no
error cell.  Self-contained: no fixtures from conftest.
"""

from __future__ import annotations

import csv
import math
import os
import re
import shutil
import subprocess
import zipfile
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import load_workbook
from openpyxl.utils import range_boundaries

from xlrating.cli import main
from xlrating.libreoffice.office import office_env
from xlrating.sheet.catalog import FUNCTIONS
from xlrating.workbook.templates import XLWINGS_CONF_SHEET, XLWINGS_UDF_MODULE
from xlrating.workbook.templates.pages import (
    A4_INCHES,
    LEGIBLE_POINTS,
    LETTER_INCHES,
    MIN_SCALE,
    page_fit,
    printable_width,
)

from ...conftest import libreoffice_missing

WORKBOOKS = Path(__file__).resolve().parents[3] / "workbooks"
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
                # A text wrapped in merged cells has their width and height.
                rows, columns = [cell.row], [cell.column]
                for merged in ws.merged_cells.ranges:
                    if merged.min_row == cell.row and merged.min_col == cell.column:
                        rows = list(range(merged.min_row, merged.max_row + 1))
                        columns = list(range(merged.min_col, merged.max_col + 1))
                width = sum(_width(ws, column) for column in columns)
                # A generous reading: 1.2 characters per unit of width (text is narrower
                # than the "0" a width counts), so the test only fails on real overlap.
                lines = math.ceil(len(cell.value) / (width * 1.2))
                if lines <= 1:
                    continue
                height = sum(ws.row_dimensions[row].height or LINE_POINTS for row in rows)
                assert height >= LINE_POINTS * lines * 0.95, (
                    f"{name} {ws.title}!{cell.coordinate}: {len(cell.value)} characters in "
                    f"width {width:.0f} need {lines} lines, the row is {height} points"
                )
                checked += 1
    if name == "club_season.xlsx":
        assert checked >= 5  # the How to use paragraphs at least


#: The club season after importing a 64-player event (a US Chess crosstable): its tables
#: grown, its print areas reset by the import.
IMPORTED = "club_season_64_players.xlsx"
BIG_EVENT = Path(__file__).resolve().parents[2] / "data" / "uscf_crosstable_real_undated.txt"
#: The books whose every page is checked for legibility and page count: every template,
#: and the imported season.
LAID_OUT = [*TEMPLATES, IMPORTED]


def _parts(name: str | Path) -> tuple[str, list[tuple[str, str | None, str]]]:
    """The workbook part, and (title, state, worksheet XML) of each sheet in order (of a
    template by its name, or of the book at a path)."""
    with zipfile.ZipFile(WORKBOOKS / name) as archive:
        workbook = archive.read("xl/workbook.xml").decode("utf-8")
        sheets = [
            (title, re.search(r'state="(\w+)"', rest))
            for title, rest in re.findall(r'<sheet name="([^"]+)"([^>]*)/>', workbook)
        ]
        xml = [
            archive.read(f"xl/worksheets/sheet{i}.xml").decode("utf-8")
            for i in range(1, len(sheets) + 1)
        ]
    return workbook, [
        (title, state.group(1) if state else None, text)
        for (title, state), text in zip(sheets, xml, strict=True)
    ]


@pytest.mark.parametrize("name", TEMPLATES)
def test_every_sheet_is_print_ready(name: str) -> None:
    workbook, sheets = _parts(name)
    areas = {int(a) for a in re.findall(r'name="_xlnm.Print_Area" localSheetId="(\d+)"', workbook)}
    titled = re.findall(r'name="_xlnm.Print_Titles" localSheetId="(\d+)"', workbook)
    for index, (title, state, text) in enumerate(sheets):
        if state is not None:  # hidden: never printed, so no print area (LibreOffice
            assert index not in areas, title  # prints a hidden sheet that has one)
            continue
        assert index in areas, f"{name} {title}: no print area"
        assert "<pageSetUpPr fitToPage=" in text or 'scale="' in text, title
        assert re.search(r'orientation="(landscape|portrait)"', text), title
        assert "paperSize" not in text, f"{title}: the paper is the printer's to choose"
        assert 'gridLines="1"' not in text and 'headings="1"' not in text, title
        header = re.search(r"<oddHeader>([^<]*)</oddHeader>", text)
        assert header and "&amp;D" in header.group(1), f"{title}: a header with the date"
        footer = re.search(r"<oddFooter>([^<]*)</oddFooter>", text)
        assert footer, title
        for code in ("&amp;A", "&amp;P", "&amp;N"):
            assert code in footer.group(1), f"{title}: the footer lacks {code}"
    # Sheets with a table repeat its header row: the club season's tables at least.
    if name == "club_season.xlsx":
        repeated = {sheets[int(i)][0] for i in titled}
        wanted = {"Players", "Games", "Ratings", "Standings", "Crosstable", "Player card"}
        assert wanted <= repeated


@pytest.mark.parametrize("name", TEMPLATES)
def test_xlwings_reads_its_hidden_conf_sheet(name: str) -> None:
    """xlwings reads xlwings.conf from A1:B1 expanded down, hidden or not (its add-in
    takes ``wb.Sheets("xlwings.conf")``, which holds hidden sheets too); hidden, it is
    never printed."""
    ws = load_workbook(WORKBOOKS / name)[XLWINGS_CONF_SHEET]
    assert ws.sheet_state == "hidden"
    assert [[c.value for c in row] for row in ws.iter_rows()] == [
        ["UDF Modules", XLWINGS_UDF_MODULE]
    ]


@given(st.floats(min_value=1.0, max_value=20000.0))
def test_a_sheet_is_never_shrunk_below_legible_text(width: float) -> None:
    landscape, scale = page_fit(width)
    room = printable_width(landscape)
    if scale is None:  # fitted to the page width: the shrink keeps text legible
        assert width * MIN_SCALE <= room
        assert landscape or width <= room / 0.9 + 1e-9
    else:  # too wide to fit: printed at the legible scale, on more pages
        assert landscape and width * MIN_SCALE > room and scale / 100 >= MIN_SCALE


def test_the_page_fits_both_a4_and_letter() -> None:
    narrow = min(min(A4_INCHES), min(LETTER_INCHES))
    short = min(max(A4_INCHES), max(LETTER_INCHES))
    assert printable_width(landscape=False) < narrow * 72
    assert printable_width(landscape=True) < short * 72


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        libreoffice_missing(f"{name} is not installed (poppler-utils)")
        raise AssertionError  # not reached
    return found


def _soffice() -> str:
    soffice = os.environ.get("XLRATING_SOFFICE") or shutil.which("soffice")
    if soffice is None:
        libreoffice_missing("LibreOffice (soffice) is not installed")
        raise AssertionError  # not reached
    # The templates are laid out for Calibri, which LibreOffice replaces by Carlito (same
    # widths); without it a wider fallback font makes every page smaller.
    fc_match = shutil.which("fc-match")  # fontconfig's, which LibreOffice installs
    found = ""
    if fc_match is not None:
        found = subprocess.run(
            [fc_match, "Calibri"], capture_output=True, text=True, check=False
        ).stdout
    if "Carlito" not in found:
        libreoffice_missing("the Carlito font is not installed (fonts-crosextra-carlito)")
    return soffice


def _convert(soffice: str, profile: Path, out: Path, books: list[Path], to: str = "pdf") -> None:
    """Convert *books* with LibreOffice on a fresh *profile* (no add-in) into *out*."""
    done = subprocess.run(
        [
            soffice,
            "--headless",
            "--norestore",
            f"-env:UserInstallation={profile.as_uri()}",
            "--convert-to",
            to,
            "--outdir",
            str(out),
            *map(str, books),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env=office_env(),
    )
    assert done.returncode == 0, f"LibreOffice did not convert: {done.stdout} {done.stderr}"


#: The page footer as the templates write it, read back from a page's text.
_FOOTER = re.compile(r"^\s*(\S.*?)\s+page (\d+) of (\d+)\s*$", re.M)
#: Error values a cell can show (Excel's, and LibreOffice's own Err:NNN and ### for a
#: number too wide for its column).
_ERRORS = re.compile(r"#NAME\?|#VALUE!|#N/A|#REF!|#DIV/0!|#NUM!|#NULL!|Err:\d{3}|###")
_XHTML = "{http://www.w3.org/1999/xhtml}"
#: A call of one of xlrating's functions in a formula's text.
_REGISTRY_CALL = r"\b(?:" + "|".join(sorted(FUNCTIONS, key=len, reverse=True)) + r")\("


def _rows_height(sheet_xml: str, last: int) -> float:
    """The height in points of rows 1 to *last* of a worksheet part (15 unless set)."""
    set_heights = {
        int(r): float(h) for r, h in re.findall(r'<row r="(\d+)"[^>]*?\bht="([\d.]+)"', sheet_xml)
    }
    return sum(set_heights.get(row, LINE_POINTS) for row in range(1, last + 1))


def _word_heights(pdf: Path) -> list[list[float]]:
    """The height of every word on each page (pdftotext -bbox), in points."""
    xml = subprocess.run(
        [_tool("pdftotext"), "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    root = ElementTree.fromstring(re.sub(r"<!DOCTYPE[^>]*>", "", xml))
    return [
        [float(w.get("yMax", 0)) - float(w.get("yMin", 0)) for w in page.iter(_XHTML + "word")]
        for page in root.iter(_XHTML + "page")
    ]


def _pages(pdf: Path) -> list[str]:
    text = subprocess.run(
        [_tool("pdftotext"), "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    return [p for p in text.split("\f") if p.strip()]


def _calibration(path: Path) -> Path:
    """A sheet of 8-point words at full size: the height pdftotext gives them is what
    "8 points" measures on a page (a word box is taller than the font size)."""
    import xlsxwriter

    wb = xlsxwriter.Workbook(str(path))
    ws = wb.add_worksheet("Calibration")
    small = wb.add_format({"font_size": LEGIBLE_POINTS})
    for row in range(3):
        ws.write_string(row, 0, "Eight point words", small)
    wb.close()
    return path


def _a4(source: Path, target: Path) -> Path:
    """A copy of *source* whose sheets ask for A4 (what a printer set to A4 gives)."""
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if re.fullmatch(r"xl/worksheets/sheet\d+\.xml", info.filename):
                data = data.replace(b"<pageSetup ", b'<pageSetup paperSize="9" ')
            zout.writestr(info, data)
    return target


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """Each template as ``xlrating recalc --values-only`` writes it (what prints the same
    in every program), rendered by LibreOffice on Letter (what it reads when a book names
    no paper) and on A4; paper -> folder of PDFs, with calibration.pdf."""
    soffice = _soffice()
    _tool("pdftotext")
    base = tmp_path_factory.mktemp("pages")
    letter, a4 = base / "letter", base / "a4"
    letter.mkdir()
    a4.mkdir()
    imported = base / IMPORTED
    shutil.copy(WORKBOOKS / "club_season.xlsx", imported)
    event = ["--event", "Winter Open", "--date", "2025-12-20"]
    assert main(["import", str(BIG_EVENT), "--into", str(imported), *event]) == 0
    sources = {name: WORKBOOKS / name for name in TEMPLATES} | {IMPORTED: imported}
    for name, source in sources.items():
        assert main(["recalc", str(source), "-o", str(letter / name), "--values-only"]) == 0
        _a4(letter / name, a4 / name)
    for folder in (letter, a4):
        books = [folder / n for n in sources] + [_calibration(folder / "calibration.xlsx")]
        _convert(soffice, base / f"profile-{folder.name}", folder / "pdf", books)
    yield {"letter": letter / "pdf", "a4": a4 / "pdf", IMPORTED: imported}


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("name", LAID_OUT)
def test_every_page_prints_legibly(rendered: dict[str, Path], paper: str, name: str) -> None:
    folder = rendered[paper]
    pdf = folder / name.replace(".xlsx", ".pdf")
    source = rendered[IMPORTED] if name == IMPORTED else WORKBOOKS / name
    eight = min(min(page) for page in _word_heights(folder / "calibration.pdf"))
    pages = _pages(pdf)
    footers = [_FOOTER.search(p) for p in pages]
    assert all(footers), f"{name} ({paper}): a page without its footer"
    numbers = [(int(f.group(2)), int(f.group(3))) for f in footers if f]
    assert numbers == [(i, len(pages)) for i in range(1, len(pages) + 1)]
    printed: dict[str, int] = {}
    for f in footers:
        assert f
        printed[f.group(1)] = printed.get(f.group(1), 0) + 1
    workbook, sheets = _parts(source)
    visible = [title for title, state, _ in sheets if state is None]
    assert list(printed) == visible, f"{name} ({paper}): sheets printed {list(printed)}"
    for index, (title, state, xml) in enumerate(sheets):
        if state is not None:
            continue
        if 'fitToHeight="1"' in xml:
            assert printed[title] == 1, f"{name} {title} ({paper}): {printed[title]} pages"
        # One page wide: no more pages than its rows fill at 300 points a page (20 rows
        # of 15 points; a landscape page holds 30 at full size).
        area = re.search(rf'localSheetId="{index}">[^<]*?\$(\d+)</definedName>', workbook)
        assert area, title
        height = _rows_height(xml, int(area.group(1)))
        assert printed[title] <= max(2, int(height // 300)), (
            f"{name} {title} ({paper}): {printed[title]} pages for {area.group(1)} rows "
            f"({height:.0f} points)"
        )
    for number, heights in enumerate(_word_heights(pdf), 1):
        small = min(heights)
        assert small >= eight - 0.05, (
            f"{name} ({paper}) page {number}: words {small:.2f} high, smaller than 8-point "
            f"text ({eight:.2f})"
        )
    # Error values: only where the How to use text names them, never in a cell.
    wb = load_workbook(source)
    prose = sum(
        len(_ERRORS.findall(cell.value))
        for ws in wb.worksheets
        if ws.sheet_state == "visible"
        for row in ws.iter_rows()
        for cell in row
        if isinstance(cell.value, str) and not cell.value.startswith("=")
    )
    shown = sum(len(_ERRORS.findall(page)) for page in pages)
    assert shown == prose, f"{name} ({paper}): {shown - prose} error values on the pages"


@pytest.mark.slow
def test_without_the_addin_only_array_formulas_show_name_errors(tmp_path: Path) -> None:
    """LibreOffice without the add-in: every cell shows the value saved in the file, except
    the cells of array formulas that call xlrating's functions (every table, and each
    result written as a one-cell dynamic array), which LibreOffice computes again on load
    (it never reads their saved values) and so shows as #NAME?: docs/libreoffice.md says
    so, and names the remedies."""
    soffice = _soffice()
    books = []
    for name in TEMPLATES:
        shutil.copy(WORKBOOKS / name, tmp_path / name)
        books.append(tmp_path / name)
    every_sheet = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1"
    _convert(soffice, tmp_path / "profile", tmp_path / "csv", books, every_sheet)
    for name in TEMPLATES:
        wb = load_workbook(WORKBOOKS / name)
        for ws in wb.worksheets:
            arrays = set()
            for anchor, area in ws.array_formulae.items():
                text = getattr(ws[anchor].value, "text", "") or ""
                if not re.search(_REGISTRY_CALL, text):
                    continue  # Excel's functions alone: computed without the add-in
                first_col, first_row, last_col, last_row = range_boundaries(area)
                arrays |= {
                    (r, c)
                    for r in range(first_row, last_row + 1)
                    for c in range(first_col, last_col + 1)
                }
            csv_path = tmp_path / "csv" / f"{name.removesuffix('.xlsx')}-{ws.title}.csv"
            with csv_path.open(encoding="utf-8", newline="") as handle:
                shown = {
                    (r, c): value
                    for r, line in enumerate(csv.reader(handle), 1)
                    for c, value in enumerate(line, 1)
                }
            errors = {k for k, v in shown.items() if _ERRORS.fullmatch(v)}
            assert errors == {k for k in arrays if k in shown}, f"{name} {ws.title}"
            assert all(shown[k] == "#NAME?" for k in errors), f"{name} {ws.title}"
        # A plain formula shows its saved value: the Checks sheet's status.
        status = (tmp_path / "csv" / f"{name.removesuffix('.xlsx')}-Checks.csv").read_text(
            encoding="utf-8"
        )
        assert "ALL PASS" in status, name
