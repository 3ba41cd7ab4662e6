"""Excel functions the engine computes its own way (xlrating/workbook/engine/excel_functions.py):
UNICHAR as Excel answers it (Microsoft Support, "UNICHAR function": a partial surrogate
gives #N/A, a number outside the allowed range #VALUE!).  The other replacements are tested
where their findings were (tests/test_hostile_files.py,
tests/workbook/engine/test_evaluation.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("formulas")

from xlrating.workbook.engine import evaluation as engine

from ...hostile import make_corpus


@pytest.mark.parametrize(
    ("number", "shown"),
    [
        ("65", "A"),
        ("128512", "\U0001f600"),
        ("1114111", "\U0010ffff"),  # the last code point
        ("55296", "#N/A"),  # U+D800, a partial surrogate: no text can hold it
        ("57343", "#N/A"),  # U+DFFF
        ("0", "#VALUE!"),
        ("1114112", "#VALUE!"),  # past U+10FFFF
    ],
)
def test_unichar_answers_as_excel(tmp_path: Path, number: str, shown: str) -> None:
    book = make_corpus.write_book(
        tmp_path / "unichar.xlsx", make_corpus.cells(("A1", f"<f>UNICHAR({number})</f>"))
    )
    assert engine.evaluate(book).value("Sheet1", "A1") == shown


def test_a_surrogate_is_written_as_an_error_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``=UNICHAR(55296)`` ended in a raw UnicodeEncodeError; now the book is written and
    the cell shows #N/A, as in Excel."""
    from openpyxl import load_workbook

    from xlrating.cli import main

    book = make_corpus.write_book(
        tmp_path / "unichar.xlsx", make_corpus.cells(("A1", "<f>UNICHAR(55296)</f>"))
    )
    assert main(["recalc", str(book), "-o", str(tmp_path / "out.xlsx")]) == 0
    assert load_workbook(tmp_path / "out.xlsx", data_only=True).active["A1"].value == "#N/A"
