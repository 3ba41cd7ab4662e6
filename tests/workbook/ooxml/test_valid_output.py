"""Every part xlrating writes is valid (issue 38, item 2): text is written as Excel writes
it (ST_Xstring: ``_xHHHH_`` for what XML cannot hold, a literal ``_xHHHH_`` escaped), every
workbook is parsed part by part before it replaces a file, and ``import`` keeps a backup.

``=CHAR(1)`` is legal in Excel (which writes its result ``_x0001_``): its result goes
through recalc (-o, --values-only, --in-place) and import --recalc, and the book written
must open in openpyxl and read back the same text (decoded as Excel and LibreOffice decode
ST_Xstring). A part that fails the check leaves the file byte for byte as it was.
"""

from __future__ import annotations

import io
import re
import shutil
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import xlsxwriter
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import load_workbook

from xlrating.cli import main
from xlrating.workbook.engine import evaluation as engine
from xlrating.workbook.ooxml.cells import excel_text
from xlrating.workbook.ooxml.files import InvalidOutputError, check_package
from xlrating.workbook.ooxml.xlsx import write_cached_values

ROOT = Path(__file__).resolve().parents[3]
SEASON = ROOT / "workbooks" / "club_season.xlsx"
TRF = Path(__file__).parents[2] / "data" / "sample_trf16.txt"
HOW_TO = "xl/worksheets/sheet8.xml"  # the club season's "How to use" sheet
#: The formula put in How to use!Z1, and the text Excel gives for it.
FORMULA = 'CHAR(1)&amp;"_x0041_"&amp;CHAR(13)&amp;"end"'
EXPECTED = "\x01_x0041_\rend"


def decoded(text: str) -> str:
    """A cell's text as Excel and LibreOffice read ST_Xstring (one pass, left to right)."""
    return re.sub(r"_x([0-9A-Fa-f]{4})_", lambda m: chr(int(m.group(1), 16)), text)


# ---------------------------------------------------------------- the text itself


def test_excel_text_escapes_what_xml_cannot_hold() -> None:
    assert excel_text("a\x01b") == "a_x0001_b"
    assert excel_text("\x00\x1f\ufffe") == "_x0000__x001F__xFFFE_"
    assert excel_text("_x0041_") == "_x005F_x0041_"
    assert excel_text("tab\tline\ncr\r_x41_") == "tab\tline\ncr\r_x41_"  # left as they are


_ANY_TEXT = st.lists(
    st.one_of(
        st.characters(codec="utf-16"),  # controls, lone surrogates, U+FFFE...
        st.sampled_from(["_x0041_", "_x005F_", "_x", "\r", "\r\n", "&", "<", '"']),
    ),
    max_size=12,
).map("".join)


@given(_ANY_TEXT)
def test_any_text_reads_back_as_written(text: str) -> None:
    assert decoded(excel_text(text)) == text


def _book_with_formula_cells(count: int) -> bytes:
    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {"in_memory": True})
    ws = book.add_worksheet("S")
    for row in range(count):
        ws.write_formula(row, 0, '=""')
    book.close()
    return buffer.getvalue()


@pytest.mark.parametrize("values_only", [False, True], ids=["cached", "values only"])
@given(texts=st.lists(_ANY_TEXT, min_size=1, max_size=4))
def test_written_text_opens_and_reads_back(
    tmp_path_factory: pytest.TempPathFactory, texts: list[str], values_only: bool
) -> None:
    """Any text as a formula's result, written by the cached-value writer:
    the book passes the check, openpyxl opens it, and Excel's reading of each cell is the
    text."""
    folder = tmp_path_factory.mktemp("text")
    source, target = folder / "in.xlsx", folder / "out.xlsx"
    source.write_bytes(_book_with_formula_cells(len(texts)))
    values = {("S", f"A{i + 1}"): text for i, text in enumerate(texts)}
    write_cached_values(source, target, values, values_only=values_only)
    check_package(target)
    ws = load_workbook(target, data_only=True)["S"]
    for i, text in enumerate(texts):
        shown = ws.cell(i + 1, 1).value
        assert decoded(shown or "") == text


# ---------------------------------------------------------------- through each command


def season_with_char(path: Path) -> Path:
    """The shipped club season with How to use!Z1 = the formula :data:`FORMULA`."""
    with zipfile.ZipFile(SEASON) as zin, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == HOW_TO:
                cell = f'<c r="Z1" t="str"><f>{FORMULA}</f><v>0</v></c>'.encode()
                row = data.index(b'<row r="1"')
                end = data.index(b"</row>", row)
                data = data[:end] + cell + data[end:]
            zout.writestr(info, data)
    return path


def cached(book: Path) -> Any:
    return load_workbook(book, data_only=True)["How to use"]["Z1"].value


def computed(book: Path) -> Any:
    engine._COMPILED.clear()
    return engine.evaluate(book).value("How to use", "Z1")


@pytest.fixture()
def book(tmp_path: Path) -> Path:
    return season_with_char(tmp_path / "season.xlsx")


@pytest.mark.slow
def test_char_1_through_recalc_output(book: Path, tmp_path: Path) -> None:
    assert computed(book) == EXPECTED  # what the engine gives, as Excel does
    out = tmp_path / "out.xlsx"
    assert main(["recalc", str(book), "-o", str(out)]) == 0
    assert decoded(cached(out)) == EXPECTED
    assert computed(out) == EXPECTED  # read again: the same value


@pytest.mark.slow
def test_char_1_through_recalc_values_only(book: Path, tmp_path: Path) -> None:
    out = tmp_path / "values.xlsx"
    assert main(["recalc", str(book), "-o", str(out), "--values-only"]) == 0
    assert load_workbook(out)["How to use"]["Z1"].data_type == "s"  # no formula
    assert decoded(cached(out)) == EXPECTED


@pytest.mark.slow
def test_char_1_through_recalc_in_place(book: Path) -> None:
    before = book.read_bytes()
    assert main(["recalc", str(book), "--in-place"]) == 0
    assert decoded(cached(book)) == EXPECTED
    assert computed(book) == EXPECTED
    assert book.with_name("season.backup.xlsx").read_bytes() == before


@pytest.mark.slow
def test_char_1_through_import_recalc_and_the_backup(book: Path) -> None:
    """The club's own season book, imported into with --recalc: it opens, holds the
    text, and the book as it was is kept under BOOK.backup.xlsx."""
    before = book.read_bytes()
    assert main(["import", str(TRF), "--into", str(book), "--recalc"]) == 0
    assert decoded(cached(book)) == EXPECTED
    assert computed(book) == EXPECTED
    assert book.with_name("season.backup.xlsx").read_bytes() == before


def test_import_keeps_a_backup(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    shutil.copyfile(SEASON, book)
    assert main(["import", str(TRF), "--into", str(book)]) == 0
    assert book.with_name("club.backup.xlsx").read_bytes() == SEASON.read_bytes()
    assert book.read_bytes() != SEASON.read_bytes()


def test_a_refused_import_leaves_no_backup(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    shutil.copyfile(SEASON, book)
    assert main(["import", str(TRF), "--into", str(book)]) == 0
    before = book.read_bytes()
    book.with_name("club.backup.xlsx").unlink()
    assert main(["import", str(TRF), "--into", str(book)]) == 1  # the event is there already
    assert book.read_bytes() == before
    assert not book.with_name("club.backup.xlsx").exists()


# ---------------------------------------------------------------- a part that fails


@pytest.fixture()
def broken_parts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every zip written from now on gets a workbook part that is not well-formed (as a
    bug in any writer would make it): each writer must refuse to put it in place."""
    original_writestr = zipfile.ZipFile.writestr
    original_write = zipfile.ZipFile.write

    def writestr(self: zipfile.ZipFile, info: Any, data: Any, *args: Any, **kw: Any) -> None:
        name = info.filename if isinstance(info, zipfile.ZipInfo) else info
        if name == "xl/workbook.xml" and "w" in self.mode:
            data = (data.encode() if isinstance(data, str) else data) + b"<"
        original_writestr(self, info, data, *args, **kw)

    def write(self: zipfile.ZipFile, filename: Any, arcname: Any = None, *a: Any, **k: Any) -> None:
        if arcname == "xl/workbook.xml":
            writestr(self, arcname, Path(filename).read_bytes())
            return
        original_write(self, filename, arcname, *a, **k)

    monkeypatch.setattr(zipfile.ZipFile, "writestr", writestr)
    monkeypatch.setattr(zipfile.ZipFile, "write", write)
    yield


def _folder_bytes(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.mark.parametrize(
    "argv",
    [
        ["recalc", "{book}", "--in-place"],
        ["recalc", "{book}", "-o", "{other}"],
        ["recalc", "{book}", "-o", "{other}", "--values-only"],
        ["import", str(TRF), "--into", "{book}"],
        ["resize", "{book}", "--in-place", "--game-rows", "300"],
        ["resize", "{book}", "-o", "{other}", "--game-rows", "300"],
    ],
    ids=[
        "recalc in place",
        "recalc -o",
        "recalc values only",
        "import",
        "resize in place",
        "resize -o",
    ],
)
def test_a_part_that_fails_the_check_leaves_every_file_as_it_was(
    tmp_path: Path, broken_parts: None, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    book, other = tmp_path / "club.xlsx", tmp_path / "other.xlsx"
    shutil.copyfile(SEASON, book)
    other.write_bytes(b"the user's other file")
    before = _folder_bytes(tmp_path)
    code = main([a.format(book=book, other=other) for a in argv])
    err = capsys.readouterr().err
    assert code == 1, err
    assert "is not well-formed XML" in err and "nothing was written" in err
    assert len(err.strip().splitlines()) == 1
    after = _folder_bytes(tmp_path)
    assert {k: v for k, v in after.items() if not k.endswith(".backup.xlsx")} == before
    # A backup, if one was made before the failing write, is the book as it was.
    assert all(v == before["club.xlsx"] for k, v in after.items() if k.endswith(".backup.xlsx"))


def test_a_template_that_fails_the_check_is_not_written(
    tmp_path: Path, broken_parts: None, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "club_season.xlsx").write_bytes(b"the club's season")
    before = _folder_bytes(tmp_path)
    assert main(["templates", str(tmp_path), "--force"]) == 1
    assert "is not well-formed XML" in capsys.readouterr().err
    assert _folder_bytes(tmp_path) == before


def test_check_package_names_the_part(tmp_path: Path) -> None:
    path = tmp_path / "bad.xlsx"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("[Content_Types].xml", "<Types/>")
        zf.writestr("xl/worksheets/sheet1.xml", '<worksheet><c t="x"></worksheet>')
    with pytest.raises(InvalidOutputError, match=r"xl/worksheets/sheet1\.xml .*line 1"):
        check_package(path)
    (tmp_path / "notes.txt").write_text("not a package")
    check_package(tmp_path / "notes.txt")  # not a package: not read
