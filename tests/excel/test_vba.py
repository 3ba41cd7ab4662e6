"""What Excel sees: calcPr of current or placeholder values, the .xlsm twins' VBA, and
single-cell dynamic arrays (no ``@`` in Excel 365).

The twins' VBA is read back with two readers, pyOpenVBA and oletools' olevba (the one
malware analysts use), and compared with what xlwings' own generator makes now from
``xlrating/udfs.py`` under xlwings' real Windows decorators.
"""

from __future__ import annotations

import io
import math
import re
import shutil
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from xlrating.excel import vba as excel_vba
from xlrating.sheet.catalog import FUNCTIONS
from xlrating.workbook import finish, templates
from xlrating.workbook.engine import evaluation as engine
from xlrating.workbook.lint import book as lint
from xlrating.workbook.ooxml.guard import check_bytes
from xlrating.workbook.ooxml.package import Package, package_of
from xlrating.workbook.ooxml.xlsx import CURRENT_CALC_ID, set_calc_properties, write_cached_values
from xlrating.workbook.season import book as season_book

from ..conftest import evaluated

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"
NAMES = list(templates.TEMPLATES)
TWINS = [Path(name).with_suffix(".xlsm").name for name in NAMES]
PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def _calc_pr(path: Path) -> str:
    with zipfile.ZipFile(path) as zf:
        found = re.search(r"<calcPr\b[^>]*>", zf.read("xl/workbook.xml").decode("utf-8"))
    assert found is not None, f"{path.name} has no calcPr"
    return found.group(0)


# ---------------------------------------------------------------- calcPr


@pytest.mark.parametrize(
    ("xml", "current", "expected"),
    [
        (  # what XlsxWriter writes, made current
            '<workbook><sheets><sheet name="A"/></sheets>'
            '<calcPr calcId="124519" fullCalcOnLoad="1"/></workbook>',
            True,
            '<workbook><sheets><sheet name="A"/></sheets><calcPr calcId="191029"/></workbook>',
        ),
        (  # other settings stay; an old calcId is raised
            '<workbook><sheets/><calcPr calcId="171027" calcMode="manual"/></workbook>',
            True,
            '<workbook><sheets/><calcPr calcId="191029" calcMode="manual"/></workbook>',
        ),
        (  # placeholders: recalculate on load, whatever the calcId
            '<workbook><sheets/><calcPr calcId="191029"/></workbook>',
            False,
            '<workbook><sheets/><calcPr calcId="191029" fullCalcOnLoad="1"/></workbook>',
        ),
        (  # no calcPr: one is added after the defined names
            "<workbook><sheets/><definedNames><definedName>x</definedName></definedNames>"
            "<extLst/></workbook>",
            True,
            "<workbook><sheets/><definedNames><definedName>x</definedName></definedNames>"
            '<calcPr calcId="191029"/><extLst/></workbook>',
        ),
        (  # a prefixed (strict-style) workbook part keeps its prefix
            '<x:workbook xmlns:x="u"><x:sheets/><x:calcPr fullCalcOnLoad="1"></x:calcPr>'
            "</x:workbook>",
            True,
            '<x:workbook xmlns:x="u"><x:sheets/><x:calcPr calcId="191029"/></x:workbook>',
        ),
    ],
)
def test_with_calc_properties(xml: str, current: bool, expected: str) -> None:
    package = _package_with_workbook_part(xml)
    set_calc_properties(package, current=current)
    assert etree.tostring(package.xml("xl/workbook.xml")).decode() == expected


def _package_with_workbook_part(xml: str) -> Package:
    """A package whose workbook part is *xml* (the package relationship points at it)."""
    rels = (
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Target="xl/workbook.xml" Type="http://schemas.openxmlformats'
        '.org/officeDocument/2006/relationships/officeDocument"/></Relationships>'
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr(
            "[Content_Types].xml",
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
        )
        zf.writestr("_rels/.rels", rels)
        zf.writestr("xl/workbook.xml", xml)
        zf.writestr(
            "xl/worksheets/sheet1.xml",
            '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
            "<sheetData/></worksheet>",
        )
    return Package.open(check_bytes(buffer.getvalue()))


def _small_book(path: Path) -> Path:
    import xlsxwriter

    wb = xlsxwriter.Workbook(str(path))
    ws = wb.add_worksheet("Event")
    ws.write("A1", 1500)
    ws.write("A2", 1700)
    ws.write_formula("B1", "=A1+A2")
    wb.close()
    return path


def test_cached_values_are_kept_on_open_only_when_all_are_computed(tmp_path: Path) -> None:
    book = _small_book(tmp_path / "book.xlsx")
    assert "fullCalcOnLoad" in _calc_pr(book)  # XlsxWriter's placeholders
    assert lint.calc_problems(book, "placeholder") == []
    done = tmp_path / "done.xlsx"
    write_cached_values(book, done, {("Event", "B1"): 3200})
    assert _calc_pr(done) == f'<calcPr calcId="{CURRENT_CALC_ID}"/>'
    assert lint.calc_problems(done, "current") == []
    assert lint.lint_workbook(done) == []
    partial = tmp_path / "partial.xlsx"
    report = write_cached_values(book, partial, {})
    assert report.missing == (("Event", "B1"),)
    assert 'fullCalcOnLoad="1"' in _calc_pr(partial)  # a stale cell: Excel must recompute


def test_lint_holds_the_calc_rule(tmp_path: Path) -> None:
    book = _small_book(tmp_path / "book.xlsx")
    current = tmp_path / "current.xlsx"
    write_cached_values(book, current, {("Event", "B1"): 3200})
    # placeholders that do not ask for recalculation would be shown as they are
    assert "fullCalcOnLoad is not set" in lint.calc_problems(current, "placeholder")[0]
    # current values thrown away on open
    assert "although the values are current" in lint.calc_problems(book, "current")[0]

    def rewritten(name: str, calc: str, drop_value: bool = False) -> Path:
        target = tmp_path / name
        with zipfile.ZipFile(current) as zin, zipfile.ZipFile(target, "w") as out:
            for info in zin.infolist():
                data = zin.read(info.filename)
                if info.filename == "xl/workbook.xml":
                    data = re.sub(rb"<calcPr\b[^>]*/>", calc.encode(), data)
                if drop_value and info.filename == "xl/worksheets/sheet1.xml":
                    data = re.sub(rb"<v>3200</v>", b"", data)
                out.writestr(info, data)
        return target

    # an old calcId without fullCalcOnLoad: Excel recalculates on load anyway
    old = rewritten("old.xlsx", '<calcPr calcId="124519"/>')
    assert "calcId 124519 without fullCalcOnLoad" in lint.calc_problems(old)[0]
    # "current" while a formula cell carries no value
    empty = rewritten("empty.xlsx", f'<calcPr calcId="{CURRENT_CALC_ID}"/>', drop_value=True)
    assert "1 formula cells carry none (first: Event!B1)" in lint.calc_problems(empty)[0]
    found = [str(p) for p in lint.lint_workbook(empty)]
    assert found and found[0].startswith("empty.xlsx: (workbook)")


def test_import_without_recalc_asks_excel_to_recalculate(tmp_path: Path) -> None:
    from xlrating.imports import parse_any

    book = tmp_path / "club_season.xlsx"
    shutil.copyfile(WORKBOOKS / "club_season.xlsx", book)
    assert "fullCalcOnLoad" not in _calc_pr(book)  # the committed book's values are current
    data = Path(__file__).resolve().parents[1] / "data" / "sample_trf16.txt"
    event = parse_any(data.read_text(encoding="utf-8"))
    assert event.date is not None
    season_book.import_event(book, event, name="Imported", date=event.date)
    assert 'fullCalcOnLoad="1"' in _calc_pr(book)  # new games, stale ratings
    assert lint.calc_problems(book, "placeholder") == []


# ---------------------------------------------------------------- committed templates


def _same(a: object, b: object) -> bool:
    import datetime as dt

    from openpyxl.utils.datetime import to_excel

    if isinstance(a, (dt.datetime, dt.date)):  # openpyxl reads date-formatted numbers so
        a = to_excel(a)
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(float(a), float(b), rel_tol=1e-12, abs_tol=1e-9)
    return a == b


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_committed_templates_carry_their_computed_values(name: str) -> None:
    """Every formula cell of the committed template caches what the engine computes for
    it now: the template shows its worked examples in any program."""
    from openpyxl import load_workbook

    path = WORKBOOKS / name
    evaluation = evaluated(name)
    cached = load_workbook(path, data_only=True)
    compared = 0
    for (sheet, cell), value in evaluation.values.items():
        got = cached[sheet][cell].value
        want = None if value == "" else value
        assert _same(got, want) or (got is None and want in (None, "")), (
            f"{name} {sheet}!{cell}: cached {got!r}, computed {want!r}"
        )
        compared += 1
    assert compared > 20
    assert lint.calc_problems(path, "current") == []


def test_recalculate_makes_a_fresh_build_current(tmp_path: Path) -> None:
    built = templates.build_template("elo.xlsx", tmp_path / "elo.xlsx").path
    assert built is not None
    assert lint.calc_problems(built, "placeholder") == []
    report = finish.recalculate(built)
    assert report.written == report.formula_cells > 0 and not report.missing
    assert lint.lint_workbook(built, values="current") == []


# ---------------------------------------------------------------- the .xlsm twins


@pytest.fixture(scope="module")
def generated() -> dict[str, str]:
    """What xlwings' generator and xlwings' standalone module give now."""
    return {
        excel_vba.UDF_MODULE: excel_vba.udf_module_source(),
        excel_vba.STANDALONE_MODULE: excel_vba.standalone_module_source(),
        excel_vba.DICTIONARY_CLASS: excel_vba.dictionary_class_source(),
    }


def test_every_twin_is_committed() -> None:
    assert sorted(p.name for p in WORKBOOKS.glob("*.xlsm")) == sorted(TWINS), (
        "run `python -m xlrating.workbook.finish workbooks`"
    )


@pytest.mark.parametrize("twin", TWINS)
def test_twin_vba_is_what_xlwings_generates_now(twin: str, generated: dict[str, str]) -> None:
    path = WORKBOOKS / twin
    modules = excel_vba.embedded_modules(path)
    from openpyxl import load_workbook

    sheets = load_workbook(path).sheetnames
    documents = ["ThisWorkbook", *[f"Sheet{i}" for i in range(1, len(sheets) + 1)]]
    # as `xlwings quickstart --standalone` makes it, plus the wrappers
    assert list(modules) == [*documents, "xlwings", "Dictionary", "xlwings_udfs"]
    for name, want in generated.items():
        assert excel_vba.sources_match(modules[name], want), (
            f"{twin}: module {name} differs from what xlwings generates now: "
            "run `python -m xlrating.workbook.finish workbooks`"
        )


@pytest.mark.slow
@pytest.mark.parametrize("twin", TWINS)
def test_twin_vba_read_by_olevba(twin: str, generated: dict[str, str]) -> None:
    """A second, independent reader: oletools' VBA parser."""
    from oletools.olevba import VBA_Parser

    parser = VBA_Parser(str(WORKBOOKS / twin))
    try:
        assert parser.detect_vba_macros()
        found = {stream.split("/")[-1]: code for _, stream, _, code in parser.extract_macros()}
    finally:
        parser.close()
    for name, want in generated.items():
        got = found[name]
        got = got if isinstance(got, str) else got.decode("latin-1")
        assert excel_vba.sources_match(got, want), f"{twin}: olevba reads another {name}"


def test_sources_match_compares_the_code(generated: dict[str, str]) -> None:
    text = generated[excel_vba.UDF_MODULE]
    assert excel_vba.sources_match(text.replace("\r\n", "\n"), text)  # line endings aside
    assert not excel_vba.sources_match(text.replace("ELO_EXPECTED", "ELO_EXPECT"), text)
    assert not excel_vba.sources_match(text + "' one more line\r\n", text)


def test_generated_module_declares_every_registry_function(generated: dict[str, str]) -> None:
    text = generated[excel_vba.UDF_MODULE]
    declared = re.findall(r"^Function (\w+)\(", text, re.MULTILINE)
    assert sorted(declared) == sorted(FUNCTIONS)
    assert all(line.endswith("\r") is False for line in text.split("\r\n"))
    # the table functions do not run while the Function Wizard is open (call_in_wizard=False)
    wizard = 'If (Not Application.CommandBars("Standard").Controls(1).Enabled) Then Exit Function'
    guarded = {
        m.group(1)
        for m in re.finditer(r"^Function (\w+)\([^\r]*\r\n\s*" + re.escape(wizard), text, re.M)
    }
    assert guarded == {
        "USCF_EVENT",
        "FIDE_PERIOD",
        "SEASON_RATINGS",
        "SEASON_START_FINAL",
        "SEASON_STANDINGS",
        "EVENT_CROSSTABLE",
        "PLAYER_GAMES",
        "SEASON_GAME_STATUS",
        "SEASON_CHECK",
        "SEASON_EVENT",
    }
    # every wrapper calls the Python module the templates' xlwings.conf sheet names
    assert text.count('XLPy.CallUDF("xlrating.udfs", ') == 2 * len(FUNCTIONS)
    assert max(len(line) for line in text.split("\r\n")) < 1023  # VBA's line limit


def test_the_standalone_module_pins_the_xlwings_version(generated: dict[str, str]) -> None:
    """The twins load xlwings<bits>-<version>.dll: the excel extra pins that version."""
    version = excel_vba.xlwings_version()
    assert f"'Version: {version}" in generated[excel_vba.STANDALONE_MODULE]
    assert f'"xlwings{64}-{version}.dll"' in generated[excel_vba.STANDALONE_MODULE]
    assert f'excel = ["xlwings=={version}"]' in PYPROJECT.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", NAMES)
def test_twin_is_its_template_plus_the_project(name: str) -> None:
    """Same sheets, formulas, cached values and calcPr; macro-enabled package parts."""
    xlsx, xlsm = WORKBOOKS / name, WORKBOOKS / Path(name).with_suffix(".xlsm").name
    with zipfile.ZipFile(xlsx) as a, zipfile.ZipFile(xlsm) as b:
        names_a, names_b = set(a.namelist()), set(b.namelist())
        assert names_b - names_a == {"xl/vbaProject.bin"}
        assert names_a <= names_b
        types = b.read("[Content_Types].xml").decode()
        assert excel_vba.MACRO_ENABLED_MAIN in types and excel_vba.XLSX_MAIN not in types
        assert 'Extension="bin" ContentType="application/vnd.ms-office.vbaProject"' in types
        rels = b.read("xl/_rels/workbook.xml.rels").decode()
        assert 'relationships/vbaProject" Target="vbaProject.bin"' in rels
        assert 'codeName="ThisWorkbook"' in b.read("xl/workbook.xml").decode()
        for part in sorted(names_a):
            if part.startswith("xl/worksheets/sheet"):
                # The twin names each sheet's code module: codeName on sheetPr (which the
                # page set-up's fitToPage also lives in).
                without = re.sub(r'<sheetPr codeName="Sheet\d+"/>', "", b.read(part).decode())
                without = re.sub(r'<sheetPr codeName="Sheet\d+">', "<sheetPr>", without)
                assert without == a.read(part).decode(), f"{name}: {part} differs"
            elif part not in (
                "[Content_Types].xml",
                "xl/workbook.xml",
                "xl/_rels/workbook.xml.rels",
            ):
                assert a.read(part) == b.read(part), f"{name}: {part} differs"
    assert package_of(xlsm).macro_enabled and not package_of(xlsx).macro_enabled
    assert lint.lint_workbook(xlsm, values="current") == []


def test_make_macro_enabled_refuses_wrong_names(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"must be named \.xlsm"):
        excel_vba.make_macro_enabled(WORKBOOKS / "elo.xlsx", tmp_path / "elo.xlsx")
    with pytest.raises(ValueError, match="already macro-enabled"):
        excel_vba.make_macro_enabled(WORKBOOKS / "elo.xlsm", tmp_path / "again.xlsm")
    assert list(tmp_path.iterdir()) == []


def test_a_twin_recalculates_headlessly_and_keeps_its_project(tmp_path: Path) -> None:
    """recalc of a twin: the VBA project is copied byte for byte."""
    twin = WORKBOOKS / "uscf_event.xlsm"
    out = tmp_path / "uscf_event.recalc.xlsm"
    evaluation = engine.evaluate(twin)
    write_cached_values(twin, out, evaluation.values)
    with zipfile.ZipFile(twin) as a, zipfile.ZipFile(out) as b:
        assert a.read("xl/vbaProject.bin") == b.read("xl/vbaProject.bin")


# ---------------------------------------------------------------- no @ in Excel 365


def test_a_single_cell_dynamic_array_is_computed_cached_and_linted(tmp_path: Path) -> None:
    """A one-cell dynamic array (``cm="1"``, ``t="array" ref="B3"``): Excel 365 shows
    ``=ELO_EXPECTED(...)`` with no ``@``; the engine, the cache writer and the lint
    accept it."""
    import xlsxwriter

    path = tmp_path / "single.xlsx"
    wb = xlsxwriter.Workbook(str(path))
    ws = wb.add_worksheet("Event")
    ws.write("A1", 1500)
    ws.write("A2", 1700)
    ws.write_dynamic_array_formula("B3:B3", "=ELO_EXPECTED(A1,A2)")
    ws.write_formula("B4", "=ELO_EXPECTED(A1,A2)")
    wb.close()
    with zipfile.ZipFile(path) as zf:
        sheet = zf.read("xl/worksheets/sheet1.xml").decode()
    assert re.search(r'<c r="B3"[^>]*cm="1"[^>]*><f t="array" ref="B3">', sheet)
    evaluation = engine.evaluate(path)
    expected = FUNCTIONS["ELO_EXPECTED"](1500, 1700)
    assert isinstance(expected, float)
    assert evaluation.value("Event", "B3") == pytest.approx(expected)
    out = tmp_path / "out.xlsx"
    report = write_cached_values(path, out, evaluation.values)
    assert report.written == report.formula_cells == 2
    with zipfile.ZipFile(out) as zf:
        sheet = zf.read("xl/worksheets/sheet1.xml").decode()
    cell = re.search(r'<c r="B3"[^>]*>.*?</c>', sheet)
    assert cell is not None and 'cm="1"' in cell.group(0) and "<v>0.24" in cell.group(0)
    assert lint.lint_workbook(out, values="current") == []
