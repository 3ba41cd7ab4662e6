"""Writing a user's file (xlrating.workbook.ooxml.files): beside the target, then renamed, with
the mode a new file gets under the umask, or the mode the target already had."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from xlrating.cli import main
from xlrating.workbook.ooxml import files

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX file modes")


@pytest.fixture()
def umask_022() -> Iterator[None]:
    """Run the test under umask 022, the usual one, whatever the runner's is."""
    before = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(before)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_file_gets_the_mode_the_umask_gives(tmp_path: Path, umask_022: None) -> None:
    target = tmp_path / "new" / "book.xlsx"
    files.write_bytes(target, b"contents")
    assert target.read_bytes() == b"contents"
    assert mode(target) == 0o644
    assert [p.name for p in target.parent.iterdir()] == ["book.xlsx"]


def test_an_existing_file_keeps_its_mode(tmp_path: Path, umask_022: None) -> None:
    target = tmp_path / "book.xlsx"
    target.write_bytes(b"old")
    target.chmod(0o600)
    files.write_bytes(target, b"new")
    assert target.read_bytes() == b"new" and mode(target) == 0o600
    target.chmod(0o664)
    files.write_bytes(target, b"newer")
    assert target.read_bytes() == b"newer" and mode(target) == 0o664


def test_a_failed_write_leaves_the_target_and_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "book.xlsx"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError, match="half way"), files.replacing(target) as temp:
        temp.write_bytes(b"half")
        raise RuntimeError("half way")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["book.xlsx"]


def test_a_copy_keeps_the_mode_of_its_source(tmp_path: Path, umask_022: None) -> None:
    source, backup = tmp_path / "book.xlsx", tmp_path / "book.backup.xlsx"
    source.write_bytes(b"private")
    source.chmod(0o600)
    files.copy_file(source, backup)
    assert backup.read_bytes() == b"private" and mode(backup) == 0o600


def test_stale_temporary_files_are_swept_fresh_ones_kept(tmp_path: Path) -> None:
    target = tmp_path / "book.xlsx"
    old, fresh = files.temp_beside(target), files.temp_beside(target)
    long_ago = old.stat().st_mtime - 2 * files.STALE_TEMP_SECONDS
    os.utime(old, (long_ago, long_ago))
    files.remove_stale_temps(target)
    assert not old.exists() and fresh.exists()


@pytest.mark.slow
def test_templates_with_room_have_it_and_are_readable_by_all_under_umask_022(
    tmp_path: Path, umask_022: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """``xlrating templates out --player-rows 50`` used to leave club_season.xlsx at 0600.
    --game-rows and --player-rows give the club season's tables that many blank rows
    (tables start on row 5); the refusals are in tests/test_cli.py."""
    from openpyxl import load_workbook

    out = tmp_path / "out"
    assert main(["templates", str(out), "--game-rows", "100", "--player-rows", "50"]) == 0
    capsys.readouterr()
    book = load_workbook(out / "club_season.xlsx")
    # Games rows 5-104; Players rows 5-54 and a note below.
    assert book["Games"].max_row == 4 + 100 and book["Players"].max_row == 4 + 50 + 1
    written = sorted(out.iterdir())
    assert [p.name for p in written if p.suffix == ".xlsx"] == [
        "club_season.xlsx",
        "club_season_empty.xlsx",
        "elo.xlsx",
        "fide_period.xlsx",
        "uscf_event.xlsx",
    ]
    assert {p.name: mode(p) for p in written} == {p.name: 0o644 for p in written}


@pytest.mark.slow
def test_recalc_output_and_backup_modes(
    tmp_path: Path, umask_022: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """A recalc output is a new file (0644 under umask 022); --in-place keeps the book's
    mode, and its backup has the book's mode too."""
    from xlrating.workbook.templates import build_template

    book = tmp_path / "elo.xlsx"
    build_template("elo.xlsx", book)
    assert mode(book) == 0o644
    assert main(["recalc", str(book)]) == 0
    assert mode(tmp_path / "elo.recalc.xlsx") == 0o644
    book.chmod(0o600)
    assert main(["recalc", str(book), "--in-place"]) == 0
    capsys.readouterr()
    assert mode(book) == 0o600 and mode(tmp_path / "elo.backup.xlsx") == 0o600
