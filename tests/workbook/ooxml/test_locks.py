"""Nothing lost (issue 35, items 1 and 2): no command writes a file that LibreOffice or
Excel holds open (their lock files beside it), and no command replaces an existing file
the user did not name unless ``--force``.

Every lock file here is generated as the programs write them (LibreOffice's CSV line,
Excel's owner file with the user's name in the system code page and in UTF-16); each
refusal is one line naming the program, the user and the time, and leaves every file of
the folder byte for byte as it was.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import time
from pathlib import Path

import pytest

from xlrating.cli import main
from xlrating.commands.excel import add_udf_module
from xlrating.workbook.ooxml import files, locks

ROOT = Path(__file__).resolve().parents[3]
WORKBOOKS = ROOT / "workbooks"
TRF = Path(__file__).parents[2] / "data" / "sample_trf16.txt"
#: When the book was opened: an hour ago, to the minute (as LibreOffice writes it).
WHEN = (dt.datetime.now() - dt.timedelta(hours=1)).replace(second=0, microsecond=0)
SINCE = f"{WHEN:%Y-%m-%d %H:%M}"
#: A host that is not this machine (the lock is then never called stale for that).
HOST = "club-pc"


def libreoffice_lock(
    book: Path,
    *,
    given: str = "Jane Doe",
    user: str = "jane",
    host: str = HOST,
    when: dt.datetime = WHEN,
) -> Path:
    """LibreOffice's ``.~lock.NAME#`` beside *book* (svl's LockFileCommon: fields
    separated by commas, ``\\`` escaping, ``;`` at the end)."""

    def escaped(text: str) -> str:
        return text.replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;")

    path = book.with_name(f".~lock.{book.name}#")
    line = ",".join(
        escaped(f)
        for f in (
            given,
            user,
            host,
            when.strftime("%d.%m.%Y %H:%M"),
            "file:///home/jane/.config/libreoffice/4",
        )
    )
    path.write_text(line + ";", encoding="utf-8")
    return path


def excel_owner(
    book: Path, *, user: str = "Zoë Martin", cut: bool = False, age: float = 0.0
) -> Path:
    """Excel's owner file beside *book*: ``~$NAME`` (or NAME without its first two
    characters), the length of the user's name, the name in cp1252 padded to 54 bytes,
    then the length again and the name in UTF-16, padded to 165 bytes."""
    name = book.name[2:] if cut else book.name
    path = book.with_name("~$" + name)
    narrow = bytes([len(user)]) + user.encode("cp1252")
    narrow = narrow.ljust(54, b" ")
    wide = len(user).to_bytes(2, "little") + user.encode("utf-16-le")
    path.write_bytes((narrow + wide).ljust(165, b"\x00"))
    if age:
        stamp = time.time() - age
        os.utime(path, (stamp, stamp))
    return path


def snapshot(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


# ---------------------------------------------------------------- reading the lock files


def test_libreoffice_lock_names_who_where_and_since_when(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    book.write_bytes(b"x")
    libreoffice_lock(book, given="Doe, Jane")
    (holder,) = locks.holders(book)
    assert (holder.program, holder.user, holder.host, holder.since) == (
        "LibreOffice",
        "Doe, Jane (jane)",
        HOST,
        WHEN,
    )
    assert holder.stale is None


def test_excel_owner_file_names_the_user_and_the_time(tmp_path: Path) -> None:
    book = tmp_path / "club_season.xlsx"
    book.write_bytes(b"x")
    owner = excel_owner(book, cut=True)
    (holder,) = locks.holders(book)
    assert (holder.program, holder.user, holder.lock_file) == ("Excel", "Zoë Martin", owner)
    assert holder.since is not None and abs(holder.since.timestamp() - time.time()) < 60
    assert holder.stale is None


def test_a_lock_over_a_day_old_is_called_stale_and_still_refused(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    book.write_bytes(b"x")
    excel_owner(book, age=locks.STALE_LOCK_SECONDS + 3600)
    with pytest.raises(
        locks.OpenElsewhereError, match=r"looks stale: it is 2[45] hours old.*delete"
    ):
        locks.refuse_if_open(book)


def test_a_lock_of_this_machine_without_libreoffice_running_is_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book = tmp_path / "club.xlsx"
    book.write_bytes(b"x")
    import socket

    libreoffice_lock(book, host=socket.gethostname(), when=dt.datetime.now())
    monkeypatch.setattr(locks, "_libreoffice_running", lambda: False)
    assert locks.holders(book)[0].stale == (
        "no LibreOffice is running on this machine, where it was taken"
    )
    monkeypatch.setattr(locks, "_libreoffice_running", lambda: True)
    assert locks.holders(book)[0].stale is None


def test_a_hard_linked_name_open_elsewhere_holds_the_book(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    book.write_bytes(b"x")
    other = tmp_path / "season-copy.xlsx"
    os.link(book, other)
    libreoffice_lock(other)
    (holder,) = locks.holders(book)
    assert holder.lock_file.name == ".~lock.season-copy.xlsx#"
    unrelated = tmp_path / "other.xlsx"
    unrelated.write_bytes(b"x")
    assert locks.holders(unrelated) == []


# ---------------------------------------------------------------- each command refuses


def _season(folder: Path) -> Path:
    book = folder / "club.xlsx"
    shutil.copyfile(WORKBOOKS / "club_season.xlsx", book)
    return book


def _elo(folder: Path) -> Path:
    book = folder / "club.xlsx"
    shutil.copyfile(WORKBOOKS / "elo.xlsx", book)
    return book


#: A FIDE list (the ratings command refuses an open book before it reads the list).
FIDE_LIST = (
    Path(__file__).resolve().parents[2] / "data" / "rating_lists" / "fide_players_list_foa.txt"
)

# (argv with {book} and {dir}, the book maker, the file the lock is beside)
COMMANDS = {
    "recalc in place": (["recalc", "{book}", "--in-place"], _elo, "club.xlsx"),
    "recalc -o": (["recalc", "{book}", "-o", "{dir}/out.xlsx"], _elo, "out.xlsx"),
    "recalc values only": (
        ["recalc", "{book}", "-o", "{dir}/out.xlsx", "--values-only"],
        _elo,
        "out.xlsx",
    ),
    "import": (["import", str(TRF), "--into", "{book}"], _season, "club.xlsx"),
    "import --recalc": (["import", str(TRF), "--into", "{book}", "--recalc"], _season, "club.xlsx"),
    "resize in place": (
        ["resize", "{book}", "--in-place", "--game-rows", "300"],
        _season,
        "club.xlsx",
    ),
    "resize -o": (
        ["resize", "{book}", "-o", "{dir}/out.xlsx", "--game-rows", "300"],
        _season,
        "out.xlsx",
    ),
    "ratings": (["ratings", "{book}", "--list", str(FIDE_LIST)], _season, "club.xlsx"),
    "export": (
        ["export", "{book}", "--event", "December Swiss", "--trf", "{dir}/out.trf"],
        _season,
        "out.trf",
    ),
    "new-season": (["new-season", "{dir}/ns.xlsx"], _elo, "ns.xlsx"),
    "templates": (["templates", "{dir}/books"], _elo, "books/club_season.xlsx"),
    "demo": (["demo", "{dir}/books"], _elo, "books/elo.xlsx"),
    "lite-bundle": (["lite-bundle", "{dir}/books"], _elo, "books/main.py"),
}


@pytest.mark.parametrize("program", ["LibreOffice", "Excel"])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_each_command_refuses_a_file_open_elsewhere(
    tmp_path: Path, command: str, program: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv, make, beside = COMMANDS[command]
    book = make(tmp_path)
    held = tmp_path / beside
    held.parent.mkdir(exist_ok=True)
    if program == "LibreOffice":
        libreoffice_lock(held)
        who = f"LibreOffice (Jane Doe (jane) on {HOST}, since {SINCE}"
    else:
        excel_owner(held, cut=True)
        who = "Excel (Zoë Martin, since "
    before = snapshot(tmp_path)
    code = main([a.format(book=book, dir=tmp_path) for a in argv])
    err = capsys.readouterr().err
    assert code == 1, err
    (line,) = err.splitlines()
    assert f"{held} is open in {who}" in line
    assert "--ignore-lock" in line and line.endswith("nothing was written")
    assert snapshot(tmp_path) == before


def test_excel_setup_refuses_an_open_xlwings_conf(tmp_path: Path) -> None:
    """excel-setup's edit of xlwings.conf (the command runs on Windows only) goes through
    the one writer: an open file is refused as anywhere."""
    conf = tmp_path / "xlwings.conf"
    conf.write_text('"INTERPRETER_WIN","python"\n')
    libreoffice_lock(conf)
    before = snapshot(tmp_path)
    with pytest.raises(locks.OpenElsewhereError):
        add_udf_module(conf)
    assert snapshot(tmp_path) == before
    with files.policy(ignore_lock=True):
        assert add_udf_module(conf)
    assert "xlrating.udfs" in conf.read_text()


@pytest.mark.parametrize("command", list(COMMANDS))
def test_ignore_lock_writes_anyway(
    tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every command whose refusal advises --ignore-lock takes it and writes."""
    argv, make, beside = COMMANDS[command]
    book = make(tmp_path)
    held = tmp_path / beside
    held.parent.mkdir(exist_ok=True)
    excel_owner(held)
    if held.exists():
        os.utime(held, (0, 0))  # written anew: a new time (the bytes may be the same)
    code = main([*(a.format(book=book, dir=tmp_path) for a in argv), "--ignore-lock"])
    assert code == 0, capsys.readouterr().err
    assert held.is_file() and held.stat().st_mtime_ns != 0


def test_ignore_lock_in_place_keeps_a_backup(tmp_path: Path) -> None:
    book = _elo(tmp_path)
    excel_owner(book)
    assert main(["recalc", str(book), "--in-place", "--ignore-lock"]) == 0
    assert book.with_name("club.backup.xlsx").exists()


def test_a_book_opened_while_computing_is_not_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The lock is looked for again just before the rename: a book opened in LibreOffice
    while xlrating computed stays as it was."""
    book = _elo(tmp_path)
    before = book.read_bytes()
    from xlrating.workbook.engine import evaluation as engine

    evaluate = engine.evaluate

    def opened_meanwhile(*args: object, **kw: object) -> object:
        libreoffice_lock(book)
        return evaluate(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(engine, "evaluate", opened_meanwhile)
    assert main(["recalc", str(book), "--in-place"]) == 1
    assert "is open in LibreOffice" in capsys.readouterr().err
    assert book.read_bytes() == before


def test_recalc_of_an_open_book_says_unsaved_edits_are_not_included(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = _elo(tmp_path)
    libreoffice_lock(book)
    assert main(["recalc", str(book)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"note: {book} is open in LibreOffice (Jane Doe (jane) on {HOST}, since {SINCE}; "
        "lock file .~lock.club.xlsx#): "
        "edits not saved there are not included"
    ]


# ---------------------------------------------------------------- --force


def test_templates_never_replace_an_existing_file_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    season = tmp_path / "club_season.xlsx"
    season.write_bytes(b"the club's whole season")
    before = snapshot(tmp_path)
    assert main(["templates", str(tmp_path)]) == 1
    (line,) = capsys.readouterr().err.splitlines()
    assert f"{season} exists" in line and "--force" in line
    assert snapshot(tmp_path) == before  # nothing written, not even the other templates
    assert main(["templates", str(tmp_path), "--force"]) == 0
    assert season.read_bytes()[:2] == b"PK"


def test_a_default_output_is_not_replaced_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = _elo(tmp_path)
    assert main(["recalc", str(book)]) == 0
    default = tmp_path / "club.recalc.xlsx"
    default.write_bytes(b"the user's own file")
    assert main(["recalc", str(book)]) == 1
    assert "club.recalc.xlsx exists" in capsys.readouterr().err
    assert default.read_bytes() == b"the user's own file"
    assert main(["recalc", str(book), "--force"]) == 0
    assert default.read_bytes()[:2] == b"PK"
    named = tmp_path / "named.xlsx"
    named.write_bytes(b"named by the user")
    assert main(["recalc", str(book), "-o", str(named)]) == 0  # named: replaced
    assert named.read_bytes()[:2] == b"PK"


def test_lite_bundle_keeps_the_users_own_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "lite"
    folder.mkdir()
    (folder / "requirements.txt").write_text("numpy\n")
    before = snapshot(tmp_path)
    assert main(["lite-bundle", str(folder)]) == 1
    assert "requirements.txt exists" in capsys.readouterr().err
    assert snapshot(tmp_path) == before  # main.py not written either
    assert main(["lite-bundle", str(folder), "--force"]) == 0
    assert (folder / "main.py").exists()


def test_force_and_backups_are_one_policy_of_the_one_writer(tmp_path: Path) -> None:
    """--force means only "replace an existing output": the writer refuses an unnamed
    existing file without it, and a backup (the book's own) replaces the last one."""
    target = tmp_path / "out.txt"
    target.write_text("kept")
    with pytest.raises(files.ExistsError):
        files.write_bytes(target, b"new", named=False)
    assert target.read_text() == "kept"
    with files.policy(force=True):
        files.write_bytes(target, b"new", named=False)
    assert target.read_text() == "new"
    book = _elo(tmp_path)
    assert main(["recalc", str(book), "--in-place"]) == 0
    first = book.read_bytes()
    assert main(["recalc", str(book), "--in-place"]) == 0
    assert book.with_name("club.backup.xlsx").read_bytes() == first


def test_two_names_of_one_book_are_one_lock(tmp_path: Path) -> None:
    """Two xlrating runs through two hard-linked names of one book: the second is refused
    (the lock holds the file itself, not only its name)."""
    book = _elo(tmp_path)
    other = tmp_path / "same-book.xlsx"
    os.link(book, other)
    with files.holding():
        files.lock(book)
        with pytest.raises(files.BusyError, match="another xlrating is working on"):
            files.lock(other)
    with files.holding():  # released: the other name can be taken now
        files.lock(other)


def test_rate_csv_into_an_open_file_is_refused_and_can_be_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ratings.csv"
    out.write_text("the user's sheet\n")
    libreoffice_lock(out)
    argv = ["rate", str(TRF), "--csv", str(out)]
    assert main(argv) == 1
    assert f"{out} is open in LibreOffice" in capsys.readouterr().err
    assert out.read_text() == "the user's sheet\n"
    assert main([*argv, "--ignore-lock"]) == 0
    assert out.read_text().startswith("event,")


def test_a_dry_run_of_an_open_book_notes_unsaved_edits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = _season(tmp_path)
    excel_owner(book)
    assert main(["import", str(TRF), "--into", str(book), "--dry-run"]) == 0
    err = capsys.readouterr().err
    assert err.startswith(f"note: {book} is open in Excel (Zoë Martin, since ")
    assert err.rstrip().endswith("edits not saved there are not included")
