"""The guard remembers the files it accepted (xlrating.workbook.guard._ACCEPTED).

A command checks one file more than once (``import`` as it starts and as it reads the
book); the verdict depends only on the file's bytes and the limits,
so a file accepted once is not scanned again.  These tests pin what may be reused and
what must be checked again.  The hostile files themselves are in test_hostile_files.py.
"""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from xlrating.workbook import guard

WORKBOOKS = Path(__file__).resolve().parent.parent / "workbooks"


@pytest.fixture
def scans(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The guard with nothing remembered, and a list that grows by one per full scan."""
    monkeypatch.setattr(guard, "_ACCEPTED", {})
    calls: list[int] = []
    scan = guard._check_bytes

    def counted(data: bytes, limits: guard.Limits) -> guard.Inspection:
        calls.append(len(data))
        return scan(data, limits)

    monkeypatch.setattr(guard, "_check_bytes", counted)
    return calls


def test_the_same_bytes_are_scanned_once_whatever_the_file_is_called(
    scans: list[int], tmp_path: Path
) -> None:
    book = Path(shutil.copy(WORKBOOKS / "elo.xlsx", tmp_path / "elo.xlsx"))
    first = guard.check_workbook(book)
    assert first.worksheets >= 1 and len(scans) == 1
    twin = Path(shutil.copy(book, tmp_path / "renamed.xlsx"))
    assert guard.check_workbook(book) == first
    assert guard.check_workbook(twin) == first
    assert len(scans) == 1


def test_a_file_changed_after_it_was_accepted_is_checked_again(
    scans: list[int], tmp_path: Path
) -> None:
    book = Path(shutil.copy(WORKBOOKS / "elo.xlsx", tmp_path / "elo.xlsx"))
    guard.check_workbook(book)
    data = book.read_bytes()
    book.write_bytes(data[:-2] + b"\x02\x00OK")  # a zip comment: still a good workbook
    guard.check_workbook(book)
    book.write_bytes(data[: len(data) // 2])
    with pytest.raises(guard.WorkbookRefusedError, match="damaged or truncated"):
        guard.check_workbook(book)
    book.write_text("hello")
    with pytest.raises(guard.WorkbookRefusedError, match="not an xlsx file"):
        guard.check_workbook(book)
    book.write_bytes(data)  # as it was first: remembered
    guard.check_workbook(book)
    assert len(scans) == 4


def test_stricter_limits_check_the_file_again(scans: list[int], tmp_path: Path) -> None:
    book = Path(shutil.copy(WORKBOOKS / "club_season.xlsx", tmp_path / "club_season.xlsx"))
    held = guard.check_workbook(book)
    strict = dataclasses.replace(guard.LIMITS, formulas=held.formulas - 1)
    with pytest.raises(guard.WorkbookRefusedError, match="formula cells"):
        guard.check_workbook(book, strict)
    with pytest.raises(guard.WorkbookRefusedError):  # refusals are never remembered
        guard.check_workbook(book, strict)
    assert guard.check_workbook(book) == held
    assert len(scans) == 3


def test_only_the_latest_files_are_remembered(scans: list[int], tmp_path: Path) -> None:
    source = (WORKBOOKS / "elo.xlsx").read_bytes()
    books = []
    for n in range(guard._ACCEPTED_FILES + 1):  # each a different file: its zip comment
        book = tmp_path / f"book{n}.xlsx"
        comment = f"copy {n}".encode()
        book.write_bytes(source[:-2] + len(comment).to_bytes(2, "little") + comment)
        guard.check_workbook(book)
        books.append(book)
    assert len(scans) == guard._ACCEPTED_FILES + 1
    guard.check_workbook(books[-1])  # remembered
    assert len(scans) == guard._ACCEPTED_FILES + 1
    guard.check_workbook(books[0])  # the oldest, forgotten
    assert len(scans) == guard._ACCEPTED_FILES + 2
