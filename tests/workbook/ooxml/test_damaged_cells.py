"""The first cell openpyxl cannot read, named as openpyxl would fail on it
(:mod:`xlrating.workbook.ooxml.damaged_cells`); the command-level lines are in
``tests/test_hostile_files.py`` (bad_number, bad_bool, bad_date, bad_shared)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile import make_corpus
from xlrating.workbook.ooxml import guard
from xlrating.workbook.ooxml.damaged_cells import first_unreadable
from xlrating.workbook.ooxml.package import Package

#: The shared strings' content type (ECMA-376 Part 1 §12.3.15).
SHARED_STRINGS = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"


def _book(tmp_path: Path, index: int) -> Path:
    """Two shared strings in a part not named sharedStrings.xml (its content type says what
    it is, as openpyxl finds it), and a cell reading string *index*."""
    strings = f'<sst xmlns="{make_corpus.MAIN_NS}"><si><t>a</t></si><si><t>b</t></si></sst>'
    return make_corpus.write_book(
        tmp_path / "book.xlsx",
        f'<row r="1"><c r="A1" t="s"><v>{index}</v></c></row>',
        types=f'<Override PartName="/xl/strings.xml" ContentType="{SHARED_STRINGS}"/>',
        parts={"xl/strings.xml": strings},
    )


def test_shared_strings_are_found_by_their_content_type(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    good = _book(tmp_path, 1)
    assert openpyxl.load_workbook(good)["Sheet1"]["A1"].value == "b"  # openpyxl reads it
    assert first_unreadable(Package.open(guard.check_workbook(good))) is None
    bad = _book(tmp_path, 2)
    assert first_unreadable(Package.open(guard.check_workbook(bad))) == (
        "Sheet1!A1 holds '2', which is not one of the workbook's 2 shared strings (numbered "
        "from 0): a damaged cell; retype it in Excel or LibreOffice and save again"
    )
