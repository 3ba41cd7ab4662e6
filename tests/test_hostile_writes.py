"""Where xlrating writes: only its own files are touched, and concurrent runs lose nothing.

Issue 16, parts 4 and 5.  What may stand where an output goes (a device, a FIFO, a
directory, a symbolic link, other programs' files with glob-like names, names at the
file-name limit) is made by ``tests/hostile/make_corpus.py``; the commands run for real,
in a subprocess where a run could block or must be killed.  The machine running these
tests may be root: the device case needs it, and no case ever touches anything outside
its temporary folder (the device is a new node in it, never /dev/null itself).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

pytest.importorskip("formulas")
pytest.importorskip("openpyxl")

from xlrating import cli
from xlrating.commands import base, common
from xlrating.commands.common import TIME_LIMIT_MAX, time_limit
from xlrating.workbook.ooxml import files

from . import cli_process
from .hostile import make_corpus

WORKBOOKS = Path(__file__).resolve().parent.parent / "workbooks"
#: Bound on each subprocess (a FIFO opened for writing would block forever without it).
TIME_LIMIT = 120

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX file system objects and flock")


def _environment(env: dict[str, str] | None = None) -> dict[str, str]:
    environment = dict(os.environ)
    environment.pop(base.TIME_LIMIT_VARIABLE, None)
    environment.update(env or {})
    return environment


def _run(
    folder: Path, *argv: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return cli_process.run(argv, folder, timeout=TIME_LIMIT, environment=_environment(env))


def _start(folder: Path, *argv: str) -> cli_process.Run:
    return cli_process.Run(argv, folder, environment=_environment())


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _book(folder: Path, name: str = "book.xlsx", template: str = "club_season.xlsx") -> Path:
    path = folder / name
    shutil.copy(WORKBOOKS / template, path)
    return path


def _trf(folder: Path, event: str, first: str = "Smith, John", second: str = "Doe, Jane") -> Path:
    path = folder / f"{event.replace(' ', '_')}.trf"
    path.write_text(make_corpus.trf_pair(first, second, event), encoding="utf-8")
    return path


def _events(book: Path) -> set[str]:
    """Every text in the book's Games sheet (the event names among them)."""
    from openpyxl import load_workbook

    ws = load_workbook(book, read_only=True)["Games"]
    return {v for row in ws.iter_rows(values_only=True) for v in row if isinstance(v, str)}


def _busy(command: str, book: str) -> str:
    return (
        f"xlrating {command}: another xlrating is working on {book}; try again when it has finished"
    )


# ---------------------------------------------------------------- not regular files


def _not_regular(command: str, name: str, kind: str) -> str:
    return (
        f"xlrating {command}: {name} is {kind}, not a regular file: xlrating writes only "
        "regular files; give another name"
    )


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="mknod needs root")
def test_a_device_is_never_replaced(tmp_path: Path) -> None:
    """As root, ``-o /dev/null`` used to replace the device with a regular file."""
    _book(tmp_path, template="elo.xlsx")
    device = make_corpus.make_device(tmp_path)
    for argv in (
        ("recalc", "book.xlsx", "-o", device.name),
        ("resize", "book.xlsx", "--player-rows", "50", "-o", device.name),
    ):
        done = _run(tmp_path, *argv)
        assert done.returncode == 1
        assert done.stderr.splitlines() == [
            _not_regular(argv[0], device.name, "a character device")
        ]
        assert stat.S_ISCHR(os.lstat(device).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.xlsx", device.name]


def test_a_fifo_is_never_opened_or_replaced(tmp_path: Path) -> None:
    """Run in a subprocess with a timeout: opening the FIFO to write would block."""
    _book(tmp_path, template="elo.xlsx")
    fifo = make_corpus.make_fifo(tmp_path)
    done = _run(tmp_path, "recalc", "book.xlsx", "-o", fifo.name)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [_not_regular("recalc", fifo.name, "a FIFO (named pipe)")]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.xlsx", fifo.name]


def test_a_directory_is_refused_before_computing(tmp_path: Path) -> None:
    _book(tmp_path, template="elo.xlsx")
    folder = make_corpus.make_directory(tmp_path)
    assert cli.main(["recalc", str(tmp_path / "book.xlsx"), "-o", str(folder)]) == 1
    assert folder.is_dir() and list(folder.iterdir()) == []


def test_check_target_never_opens_what_it_checks(tmp_path: Path) -> None:
    fifo = make_corpus.make_fifo(tmp_path)
    with pytest.raises(files.NotRegularFileError, match="FIFO"):
        files.check_target(fifo)  # would block here if it opened the FIFO
    with pytest.raises(files.NotRegularFileError, match="FIFO"):
        files.write_bytes(fifo, b"x")
    files.check_target(tmp_path / "absent.xlsx")  # a new file is fine
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


# ---------------------------------------------------------------- symbolic links


@pytest.mark.slow
def test_in_place_on_a_link_updates_what_it_points_to(tmp_path: Path) -> None:
    book = _book(tmp_path)
    link = make_corpus.make_symlink(tmp_path, book)
    before = book.read_bytes()
    trf = _trf(tmp_path, "Linked Event")
    assert cli.main(["import", str(trf), "--into", str(link)]) == 0
    assert link.is_symlink() and os.readlink(link) == book.name
    assert "Linked Event" in _events(book)
    assert book.read_bytes() != before

    assert cli.main(["resize", str(link), "--game-rows", "1200", "--in-place"]) == 0
    assert link.is_symlink() and os.readlink(link) == book.name
    assert "Linked Event" in _events(book)
    backup = common.backup_path(link)
    leftovers = {p.name for p in tmp_path.iterdir()} - {book.name, link.name, backup.name}
    assert leftovers == {trf.name}


def test_recalc_in_place_on_a_link_updates_what_it_points_to(tmp_path: Path) -> None:
    book = _book(tmp_path, template="elo.xlsx")
    link = make_corpus.make_symlink(tmp_path, book)
    before, inode = book.read_bytes(), book.stat().st_ino
    assert cli.main(["recalc", str(link), "--in-place"]) == 0
    assert link.is_symlink() and os.readlink(link) == book.name
    backup = common.backup_path(link)  # beside the name given, holding the target's contents
    assert backup.read_bytes() == before and not backup.is_symlink()
    assert book.stat().st_ino != inode  # the target was replaced (written beside, renamed)
    assert {p.name for p in tmp_path.iterdir()} == {book.name, link.name, backup.name}


def test_writing_through_a_link_keeps_the_link(tmp_path: Path) -> None:
    target = tmp_path / "real.txt"
    target.write_bytes(b"old")
    target.chmod(0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    files.write_bytes(link, b"new")
    assert link.is_symlink() and target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="lchown needs root")
def test_a_strangers_link_in_a_shared_folder_is_not_followed(tmp_path: Path) -> None:
    """In /tmp-like folders (world-writable, sticky) anyone may plant ``out.xlsx ->
    /etc/passwd``; like the kernel's fs.protected_symlinks, such a link is not followed."""
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious")
    link = shared / "out.xlsx"
    link.symlink_to(victim)
    os.lchown(link, 54321, 54321)  # another user's link
    _book(tmp_path, template="elo.xlsx")
    assert cli.main(["recalc", str(tmp_path / "book.xlsx"), "-o", str(link)]) == 1
    with pytest.raises(files.NotRegularFileError, match="symbolic link of another user"):
        files.write_bytes(link, b"x")
    assert victim.read_bytes() == b"precious" and link.is_symlink()
    os.lchown(link, os.geteuid(), os.getegid())  # our own link is followed
    files.write_bytes(link, b"ours")
    assert victim.read_bytes() == b"ours" and link.is_symlink()


# ---------------------------------------------------------------- the sweep, long names


@pytest.mark.parametrize("name", make_corpus.GLOB_TARGETS)
def test_the_sweep_removes_only_names_we_made(tmp_path: Path, name: str) -> None:
    """An output named ``*.xlsx`` once swept every ``.X.xlsx.Y.tmp`` of other programs."""
    _book(tmp_path, template="elo.xlsx")
    theirs = make_corpus.make_not_ours(tmp_path)
    ours = files.temp_beside(tmp_path / name)
    alike = tmp_path / f"{ours.name[:-4]}.tmp.d"  # our shape plus more: not ours
    alike.mkdir()
    hours_ago = time.time() - 2 * files.STALE_TEMP_SECONDS
    os.utime(ours, (hours_ago, hours_ago))
    assert cli.main(["recalc", str(tmp_path / "book.xlsx"), "-o", str(tmp_path / name)]) == 0
    assert not ours.exists()
    assert all(p.read_bytes() == b"someone else's" for p in theirs)
    assert alike.is_dir()


def test_the_sweep_leaves_a_directory_of_our_shape(tmp_path: Path) -> None:
    target = tmp_path / "out.xlsx"
    made = files.temp_beside(target)
    made.unlink()
    made.mkdir()
    hours_ago = time.time() - 2 * files.STALE_TEMP_SECONDS
    os.utime(made, (hours_ago, hours_ago))
    files.remove_stale_temps(target)
    assert made.is_dir()


@pytest.mark.parametrize("name", make_corpus.LONG_NAMES)
def test_names_at_the_file_name_limit(tmp_path: Path, name: str) -> None:
    """A legal 249-character output name once ended in "internal error": the temporary
    name beside it passed NAME_MAX."""
    assert len(os.fsencode(name)) <= 255
    made = files.temp_beside(tmp_path / name)
    assert len(os.fsencode(made.name)) <= 255
    assert files.temp_pattern(tmp_path / name).fullmatch(made.name)
    assert not files.temp_pattern(tmp_path / (name[:-5] + "x.xlsx")).fullmatch(made.name)
    hours_ago = time.time() - 2 * files.STALE_TEMP_SECONDS
    os.utime(made, (hours_ago, hours_ago))
    files.remove_stale_temps(tmp_path / name)  # recognised as ours, and swept
    assert not made.exists()
    assert len(os.fsencode(files.lock_path(tmp_path / name).name)) <= 255


@pytest.mark.parametrize("name", make_corpus.LONG_NAMES[:1])
def test_recalc_to_a_long_name(
    tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    book = _book(tmp_path, template="elo.xlsx")
    assert cli.main(["recalc", str(book), "-o", str(tmp_path / name)]) == 0, capsys.readouterr()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([book.name, name])
    # In place, the backup's name (NAME.backup.xlsx) would pass the limit: one line, and
    # nothing written (the backup is never given another name behind the user's back).
    written = (tmp_path / name).read_bytes()
    capsys.readouterr()
    assert cli.main(["recalc", str(tmp_path / name), "--in-place"]) == 1
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("xlrating recalc: ") and "File name too long" in line
    assert (tmp_path / name).read_bytes() == written
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([book.name, name])


# ---------------------------------------------------------------- the time limit


@pytest.mark.parametrize("value", make_corpus.TIME_LIMITS)
def test_a_time_limit_no_platform_takes_is_refused(tmp_path: Path, value: str) -> None:
    _book(tmp_path, template="elo.xlsx")
    done = _run(tmp_path, "recalc", "book.xlsx", env={base.TIME_LIMIT_VARIABLE: value})
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"xlrating: XLRATING_TIME_LIMIT must be at most 100,000,000 seconds, got {value!r}"
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.xlsx"]


def test_the_longest_time_limit_is_one_the_timer_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(base.TIME_LIMIT_VARIABLE, str(TIME_LIMIT_MAX))
    assert time_limit() == TIME_LIMIT_MAX
    previous = signal.signal(signal.SIGALRM, signal.SIG_IGN)
    try:
        signal.alarm(TIME_LIMIT_MAX)  # raises OverflowError beyond what it takes
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# ---------------------------------------------------------------- one xlrating at a time

#: A process that takes the lock on argv[1] the way xlrating does, says so, and waits.
_HOLDER = textwrap.dedent(
    """
    import sys, time
    from xlrating.workbook.ooxml import files
    files.lock(sys.argv[1])
    print("locked", flush=True)
    time.sleep(600)
    """
)


def _holder(target: Path) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(target)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(cli.__file__).parent.parent)},
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "locked"
    return process


@pytest.mark.slow
def test_a_held_book_is_refused_and_a_killed_holder_blocks_nothing(tmp_path: Path) -> None:
    book = _book(tmp_path)
    trf = _trf(tmp_path, "Blocked Event")
    before = _digest(book)
    holder = _holder(book)
    try:
        for argv in (
            ("import", trf.name, "--into", "book.xlsx"),
            ("import", trf.name, "--into", "book.xlsx", "--recalc"),
            ("recalc", "book.xlsx", "--in-place"),
            ("resize", "book.xlsx", "--game-rows", "1200", "--in-place"),
        ):
            done = _run(tmp_path, *argv)
            assert done.returncode == 1, done.stderr
            assert done.stderr.splitlines() == [_busy(argv[0], "book.xlsx")]
            assert done.stdout == ""
        # An output someone is writing is refused too (-o names the held file).
        other = shutil.copy(book, tmp_path / "other.xlsx")
        done = _run(tmp_path, "recalc", Path(other).name, "-o", "book.xlsx")
        assert done.stderr.splitlines() == [_busy("recalc", "book.xlsx")]
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=TIME_LIMIT)
    assert _digest(book) == before
    assert not common.backup_path(book).exists()
    # The killed holder's lock file stays, but the system released its lock.
    assert files.lock_path(book).exists()
    done = _run(tmp_path, "import", trf.name, "--into", "book.xlsx")
    assert done.returncode == 0, done.stderr
    assert "Blocked Event" in _events(book)
    assert not files.lock_path(book).exists()  # released and removed


def test_templates_refuse_a_held_template(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "books"
    folder.mkdir()
    held = folder / "elo.xlsx"
    held.write_bytes(b"being written")
    holder = _holder(held)
    try:
        assert cli.main(["templates", str(folder), "--force"]) == 1
        assert capsys.readouterr().err.splitlines() == [_busy("templates", str(held))]
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=TIME_LIMIT)
    assert held.read_bytes() == b"being written"


def test_a_lock_in_the_same_process_is_refused_and_released(tmp_path: Path) -> None:
    target = tmp_path / "book.xlsx"
    target.write_bytes(b"x")
    with files.locked(target):
        assert files.lock_path(target).exists()
        with (
            pytest.raises(files.BusyError, match="another xlrating is working on"),
            files.locked(target),
        ):
            pass  # pragma: no cover
    assert not files.lock_path(target).exists()
    with files.locked(target):  # free again
        pass
    with files.locked(tmp_path / "new" / "book.xlsx"):  # no folder yet: nothing to lock
        assert not (tmp_path / "new").exists()


@pytest.mark.slow
def test_two_imports_at_once_lose_nothing(tmp_path: Path) -> None:
    """Each import either exits 0 with its event in the book, or is refused in one line
    with nothing written; both events are there once the refused one is run again."""
    book = _book(tmp_path)
    names = ("Event One", "Event Two")
    trfs = [
        _trf(tmp_path, name, f"Player {i}, A", f"Player {i}, B") for i, name in enumerate(names)
    ]
    runs = [_start(tmp_path, "import", t.name, "--into", "book.xlsx") for t in trfs]
    outcomes = [(run.wait(timeout=TIME_LIMIT), run.communicate()[1]) for run in runs]
    for (code, stderr), name, trf in zip(outcomes, names, trfs, strict=True):
        if code == 0:
            assert name in _events(book)
        else:
            assert stderr.splitlines() == [_busy("import", "book.xlsx")]
            assert name not in _events(book)
            assert _run(tmp_path, "import", trf.name, "--into", "book.xlsx").returncode == 0
    assert set(names) <= _events(book)


def test_two_recalcs_in_place_keep_the_original_as_backup(tmp_path: Path) -> None:
    book = _book(tmp_path, template="elo.xlsx")
    original = book.read_bytes()
    runs = [_start(tmp_path, "recalc", "book.xlsx", "--in-place") for _ in range(2)]
    outcomes = [(run.wait(timeout=TIME_LIMIT), run.communicate()[1]) for run in runs]
    refused = [stderr for code, stderr in outcomes if code != 0]
    assert all(s.splitlines() == [_busy("recalc", "book.xlsx")] for s in refused)
    assert len(refused) <= 1
    # One recalc of the original, as the run that was not refused wrote it.
    once = tmp_path / "once"
    once.mkdir()
    shutil.copy(WORKBOOKS / "elo.xlsx", once / "book.xlsx")
    assert cli.main(["recalc", str(once / "book.xlsx"), "--in-place"]) == 0
    if refused:  # the one that ran backed up the original
        assert common.backup_path(book).read_bytes() == original
        assert book.read_bytes() == (once / "book.xlsx").read_bytes()
    else:  # one after the other: the second backed up the first one's output
        assert common.backup_path(book).read_bytes() == (once / "book.xlsx").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.backup.xlsx", "book.xlsx", "once"]


@pytest.mark.slow  # the recalculation of a club season is the window the import races
def test_an_import_while_recalc_in_place_runs_is_never_lost(tmp_path: Path) -> None:
    book = _book(tmp_path)
    trf = _trf(tmp_path, "Late Event")
    recalc = _start(tmp_path, "recalc", "book.xlsx", "--in-place")
    deadline = time.monotonic() + TIME_LIMIT
    while not files.lock_path(book).exists() and recalc.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.005)
    done = _run(tmp_path, "import", trf.name, "--into", "book.xlsx")
    assert recalc.wait(timeout=TIME_LIMIT) == 0
    if done.returncode == 0:  # the recalc had finished already
        assert "Late Event" in _events(book)
    else:
        assert done.stderr.splitlines() == [_busy("import", "book.xlsx")]
        assert "Late Event" not in _events(book)


# ---------------------------------------------------------------- the input changed meanwhile


def _change(path: Path) -> None:
    """Another program rewrites *path* (same bytes, a new modification time)."""
    data = path.read_bytes()
    path.write_bytes(data)
    later = path.stat().st_mtime_ns + 2_000_000_000
    os.utime(path, ns=(later, later))


_CHANGED = (
    "{command}: {name} was changed by another program while xlrating worked on it; "
    "nothing was written: run the command again"
)


@pytest.mark.parametrize("in_place", [False, True])
def test_recalc_refuses_when_the_input_changed(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    in_place: bool,
) -> None:
    from xlrating.workbook.engine import evaluation as engine

    book = _book(tmp_path, template="elo.xlsx")
    evaluate = engine.evaluate

    def evaluate_then_change(*args: object, **kwargs: object) -> object:
        done = evaluate(*args, **kwargs)  # type: ignore[arg-type]
        _change(book)
        return done

    monkeypatch.setattr(engine, "evaluate", evaluate_then_change)
    argv = ["--in-place"] if in_place else ["-o", str(tmp_path / "out.xlsx")]
    assert cli.main(["recalc", str(book), *argv]) == 1
    assert capsys.readouterr().err.splitlines() == [
        _CHANGED.format(command="xlrating recalc", name="book.xlsx")
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.xlsx"]  # no output, no backup


def test_import_refuses_when_the_book_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from xlrating.workbook.season import write as season_fit

    book = _book(tmp_path)
    trf = _trf(tmp_path, "Raced Event")
    verify = season_fit._verify

    def verify_then_change(data: bytes, name: str) -> None:
        verify(data, name)
        _change(book)

    monkeypatch.setattr(season_fit, "_verify", verify_then_change)
    assert cli.main(["import", str(trf), "--into", str(book)]) == 1
    assert capsys.readouterr().err.splitlines() == [
        _CHANGED.format(command="xlrating import", name="book.xlsx")
    ]
    assert "Raced Event" not in _events(book)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([book.name, trf.name])
