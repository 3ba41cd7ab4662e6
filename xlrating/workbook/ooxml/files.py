"""Writing a user's file: beside the target, flushed to disk, then renamed over it.

Every file xlrating writes for a user (templates, ``recalc`` outputs and backups, events
imported into a season book, ``demo``, the xlwings.conf line) goes through
:func:`replacing`: the new contents go to a temporary file in the target's directory
(``.NAME.<random>.tmp``, so the rename never crosses a file system), are flushed with
``fsync``, get their mode, and are renamed over the target in one step.  A failure at any
point removes the temporary file and leaves the target as it was; a killed run may leave
the temporary file, which :func:`remove_stale_temps` removes once it is an hour old.

Only our own files are touched:

- an existing target that is not a regular file (a device such as ``/dev/null``, a FIFO,
  a directory, a socket) is refused (:class:`NotRegularFileError`), never replaced;
- a target that is a symbolic link is followed: the file it points to gets the new
  contents (its temporary file is made beside that file), the link stays a link; but a
  link of another user in a world-writable sticky folder such as ``/tmp`` is refused, as
  Linux's ``fs.protected_symlinks`` would refuse it;
- temporary names are ``.NAME.<8 random characters>.tmp`` with NAME cut short (its start,
  ``~`` and 8 hex digits of its hash) where the whole name would pass the directory's
  file-name limit (``NAME_MAX``, usually 255 bytes), and the sweep removes only names of
  exactly that shape for the target (compared literally: a ``*`` or ``[`` in NAME is no
  pattern).

Concurrent runs (:func:`lock`, :func:`holding`): a command that reads and rewrites a file
first takes an exclusive lock on it, an OS lock (``fcntl.flock`` on Linux and macOS,
``msvcrt.locking`` on Windows) on a lock file beside it, ``.NAME.xlrating-lock``.  The
system releases such a lock when its process ends, however it ends, so a killed run never
blocks the next one; a run that finds the lock held is refused in one line
(:class:`BusyError`).  The lock file is removed when the lock is released (on Windows it
may stay; it is empty and harmless).  The files a command reads are fingerprinted (device,
inode, size, modification time in ns) when the lock is taken, and every rename checks them
first: a file changed by another program meanwhile refuses the write
(:class:`ChangedError`) and the target keeps what it had.

Nothing invalid replaces a file (:func:`check_package`): a workbook package written for
the user (a zip holding ``[Content_Types].xml``: xlsx, xlsm) has each XML part (``.xml``,
``.rels``) parsed before the rename, and a part that is not well-formed XML (or declares
a DOCTYPE) refuses the write in one line (:class:`InvalidOutputError`); the target stays
byte for byte as it was.  Every writer of workbooks goes through :func:`replacing`, so
recalc, import, resize and templates are checked alike.

One policy for what may be replaced (:func:`check_writable`, called by :func:`replacing`
and :func:`lock` for every target; the ``xlrating`` command sets :func:`policy` from its
options):

- a file open in LibreOffice or Excel (their lock file beside it:
  :mod:`xlrating.workbook.ooxml.locks`) is never written, checked when the command starts and
  again just before the rename, unless ``--ignore-lock``;
- an output the user did not name (``templates DIR``'s files, ``recalc BOOK``'s default
  ``BOOK.recalc.xlsx``, ``lite-bundle``'s files...) never replaces an existing file,
  unless ``--force`` (which means only that); a path the user named (``-o OUT``, the book
  of ``--in-place`` and ``import``) is replaced, the book's own backup
  (``BOOK.backup.xlsx``, the latest only) too.

The mode: an existing target keeps its own; a new file gets what the umask gives a new
file (``0o666 & ~umask``, e.g. 0644 under umask 022), not the owner-only mode
``tempfile.mkstemp`` creates.  Only the standard library is used, so the ``xlrating``
command can import this module without the workbook extra.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import secrets
import shutil
import stat
import sys
import time
import zipfile
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final
from xml.parsers import expat

from ...errors import WorkbookError
from .locks import refuse_if_open

__all__ = [
    "LOCK_SUFFIX",
    "STALE_TEMP_SECONDS",
    "BusyError",
    "ChangedError",
    "ExistsError",
    "InvalidOutputError",
    "NotRegularFileError",
    "Policy",
    "check_package",
    "check_target",
    "check_writable",
    "copy_file",
    "holding",
    "lock",
    "lock_path",
    "locked",
    "move_into_place",
    "new_file_mode",
    "policy",
    "remove_stale_temps",
    "replacing",
    "temp_beside",
    "temp_pattern",
    "write_bytes",
]

#: A temporary file beside a target older than this (seconds) is left from a killed run.
STALE_TEMP_SECONDS: Final = 3600


def new_file_mode() -> int:
    """The mode a new file gets under this process's umask (0o644 under umask 022)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


#: The file-name limit assumed where the system does not say (NAME_MAX on Linux, macOS
#: and NTFS: 255 bytes, or UTF-16 units on Windows).
NAME_MAX_FALLBACK: Final = 255
#: The random part of a temporary name: as many characters, from this alphabet (the same
#: shape ``tempfile.mkstemp`` gives, which earlier versions used).
_RANDOM_LENGTH: Final = 8
_RANDOM_ALPHABET: Final = "abcdefghijklmnopqrstuvwxyz0123456789_"
_TEMP_SUFFIX: Final = ".tmp"
#: The lock file of a target NAME is ``.NAME`` followed by this.
LOCK_SUFFIX: Final = ".xlrating-lock"
#: Marks a NAME cut short to fit the file-name limit.
_CUT: Final = "~"


class NotRegularFileError(WorkbookError):
    """The target exists and is not a regular file (a device, a FIFO, a directory...)."""


class BusyError(WorkbookError):
    """Another xlrating holds the lock on the target."""


class ChangedError(WorkbookError):
    """A file the command read was changed by another program before the write."""


class ExistsError(WorkbookError):
    """An output the user did not name exists, and ``--force`` was not given."""


@dataclass(frozen=True, slots=True)
class Policy:
    """What the command's options allow (:func:`policy`)."""

    #: ``--force``: replace an existing output the user did not name.
    force: bool = False
    #: ``--ignore-lock``: write although LibreOffice's or Excel's lock file is beside it.
    ignore_lock: bool = False


#: The policy in force (None: the defaults, :class:`Policy`).
_POLICY: ContextVar[Policy | None] = ContextVar("xlrating_files_policy", default=None)


def _policy() -> Policy:
    return _POLICY.get() or Policy()


@contextlib.contextmanager
def policy(*, force: bool = False, ignore_lock: bool = False) -> Iterator[None]:
    """The policy of :func:`check_writable` for the ``with`` block."""
    token = _POLICY.set(Policy(force=force, ignore_lock=ignore_lock))
    try:
        yield
    finally:
        _POLICY.reset(token)


def _check_open(target: str | Path) -> None:
    if not _policy().ignore_lock:
        refuse_if_open(target)


def check_writable(target: str | Path, *, named: bool = True) -> None:
    """The one policy for writing *target* (one line, nothing written, when refused):
    not while LibreOffice or Excel holds it open (unless ``--ignore-lock``; see
    :mod:`xlrating.workbook.ooxml.locks`), and, for an output the user did not name (*named*
    False), not over an existing file (:class:`ExistsError`, unless ``--force``)."""
    if not named and not _policy().force and os.path.lexists(target):
        raise ExistsError(
            f"{target} exists and xlrating does not replace a file you did not name: give "
            "--force to replace it, or another name or folder; nothing was written"
        )
    _check_open(target)


class InvalidOutputError(WorkbookError):
    """A file xlrating wrote failed its check (:func:`check_package`) before it replaced
    anything."""


#: The first bytes of a zip archive (a local file header).
_ZIP_MAGIC: Final = b"PK\x03\x04"
#: The part every package (ECMA-376 Part 2, OPC) holds.
_CONTENT_TYPES: Final = "[Content_Types].xml"
#: The parts parsed: XML and relationships (``.vml`` legacy drawings are often not
#: well-formed XML in files Excel itself writes; they are copied, never made, by xlrating).
_XML_PARTS: Final = (".xml", ".rels")
#: How much of a part is inflated and parsed at a time.
_CHECK_CHUNK_BYTES: Final = 64 * 1024


def _refuse_doctype(*_: object) -> None:
    raise ValueError("a DOCTYPE (no part of a workbook declares one)")


def _check_part(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> str | None:
    """Why the part *info* is not well-formed XML (None: it is)."""
    parser = expat.ParserCreate(namespace_separator=" ")  # prefixes must be declared
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartDoctypeDeclHandler = _refuse_doctype
    try:
        with zf.open(info) as part:
            while chunk := part.read(_CHECK_CHUNK_BYTES):
                parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except expat.ExpatError as error:
        return f"{expat.ErrorString(error.code)}, line {error.lineno}, column {error.offset + 1}"
    except ValueError as error:
        return str(error)
    return None


def check_package(path: str | Path, shown: str | Path | None = None) -> None:
    """Refuse (:class:`InvalidOutputError`, one line naming *shown*, default *path*) a
    workbook package at *path* with an XML part that is not well-formed; anything that
    is not a package (no zip, or no ``[Content_Types].xml``) passes unread."""
    shown = path if shown is None else shown
    with open(path, "rb") as handle:
        if handle.read(len(_ZIP_MAGIC)) != _ZIP_MAGIC:
            return
    problem: str | None = None
    try:
        with zipfile.ZipFile(path) as zf:
            infos = zf.infolist()
            if not any(info.filename == _CONTENT_TYPES for info in infos):
                return
            for info in infos:
                if info.filename.lower().endswith(_XML_PARTS):
                    why = _check_part(zf, info)
                    if why is not None:
                        problem = f"its part {info.filename} is not well-formed XML ({why})"
                        break
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError) as error:
        problem = f"it is not a readable zip archive ({error})"
    if problem is not None:
        raise InvalidOutputError(
            f"the workbook made for {shown} failed its check: {problem}; nothing was "
            f"written, {shown} is as it was (please report this with the input)"
        )


def _name_max(directory: Path) -> int:
    try:
        return int(os.pathconf(directory, "PC_NAME_MAX"))
    except (OSError, ValueError, AttributeError):  # no pathconf (Windows), or no limit
        return NAME_MAX_FALLBACK


def _fitted(name: str, room: int) -> str:
    """*name*, or (when it passes *room* bytes, as the system encodes file names) its start,
    ``~`` and 8 hex digits of its SHA-256: names that differ only past the cut still get
    different short forms."""
    encoded = os.fsencode(name)
    if len(encoded) <= room:
        return name
    mark = _CUT + hashlib.sha256(encoded).hexdigest()[:8]
    cut = name
    while cut and len(os.fsencode(cut + mark)) > room:
        cut = cut[:-1]
    return cut + mark


def _temp_stem(target: Path) -> str:
    """The NAME part of *target*'s temporary names, cut short to fit the file-name limit."""
    overhead = 1 + 1 + _RANDOM_LENGTH + len(_TEMP_SUFFIX)  # "." NAME "." random ".tmp"
    return _fitted(target.name, _name_max(target.parent) - overhead)


def temp_pattern(target: str | Path) -> re.Pattern[str]:
    """The exact shape of the temporary names made beside *target* (NAME matched literally).

    >>> bool(temp_pattern("a*.xlsx").fullmatch(".a*.xlsx.k2x9_q0z.tmp"))
    True
    >>> bool(temp_pattern("a*.xlsx").fullmatch(".ab.xlsx.k2x9_q0z.tmp"))
    False
    """
    stem = re.escape(_temp_stem(Path(target)))
    random = f"[{_RANDOM_ALPHABET}]{{{_RANDOM_LENGTH}}}"
    return re.compile(rf"\.{stem}\.{random}{re.escape(_TEMP_SUFFIX)}")


#: Most symbolic links followed in a row (Linux's own limit, MAXSYMLINKS, is 40).
_MOST_LINKS: Final = 40


def _check_link(link: Path) -> None:
    """Refuse to follow *link* where the kernel's ``fs.protected_symlinks`` rule would: in a
    world-writable sticky folder (``/tmp``) a link is followed only if it belongs to us or
    to the folder's owner (otherwise anyone could point our output at any file)."""
    if not hasattr(os, "geteuid"):  # pragma: no cover - Windows
        return
    folder = os.stat(link.parent)
    shared = folder.st_mode & stat.S_ISVTX and folder.st_mode & stat.S_IWOTH
    owner = os.lstat(link).st_uid
    if shared and owner not in (os.geteuid(), folder.st_uid):
        raise NotRegularFileError(
            f"{link} is a symbolic link of another user in a shared folder: xlrating does "
            "not follow it; give another name"
        )


def _real(target: str | Path) -> Path:
    """*target*, or the file it links to when it is a symbolic link (followed all the way,
    each link checked by :func:`_check_link`)."""
    target = Path(target)
    if not target.is_symlink():
        return target
    hop = target
    for _ in range(_MOST_LINKS):
        if not hop.is_symlink():
            break
        _check_link(hop)
        hop = hop.parent / os.readlink(hop)
    return Path(os.path.realpath(target))


_KINDS: Final = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
)


def check_target(target: str | Path) -> None:
    """Refuse (:class:`NotRegularFileError`, one line) a *target* that exists and is not a
    regular file: xlrating replaces only its own kind of file, never a device or a pipe.
    Reads nothing (``stat`` only: a FIFO is never opened)."""
    try:
        mode = os.stat(target).st_mode  # a link: what it points to
    except (FileNotFoundError, NotADirectoryError):
        return
    if stat.S_ISREG(mode):
        return
    kind = next((what for test, what in _KINDS if test(mode)), "not a regular file")
    raise NotRegularFileError(
        f"{target} is {kind}, not a regular file: xlrating writes only regular files; "
        "give another name"
    )


def temp_beside(target: str | Path) -> Path:
    """A new, empty temporary file in *target*'s directory: ``.NAME.<random>.tmp``
    (owner-only until :func:`move_into_place` gives it its mode)."""
    target = Path(target)
    stem = _temp_stem(target)
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    flags |= getattr(os, "O_NOFOLLOW", 0)
    for _ in range(100):
        random = "".join(secrets.choice(_RANDOM_ALPHABET) for _ in range(_RANDOM_LENGTH))
        path = target.parent / f".{stem}.{random}{_TEMP_SUFFIX}"
        try:
            handle = os.open(path, flags, 0o600)
        except FileExistsError:
            continue
        os.close(handle)
        return path
    raise FileExistsError(f"no free temporary name beside {target}")  # pragma: no cover


def _fsync(path: Path) -> None:
    with open(path, "r+b") as handle:  # Windows flushes only a handle open for writing
        os.fsync(handle.fileno())


def _fsync_directory(directory: Path) -> None:
    """Make a rename in *directory* durable (where the system allows opening a directory)."""
    try:
        handle = os.open(directory, os.O_RDONLY)
    except OSError:
        return  # Windows cannot open a directory; its rename is durable enough
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def move_into_place(temp: str | Path, target: str | Path, *, mode: int | None = None) -> None:
    """Rename the finished file *temp* over *target*, flushed and with the right mode.

    A symbolic link *target* is followed (the file it points to is replaced).  Refused
    (nothing renamed): a *target* that is not a regular file (:func:`check_target`), and
    any rename while a file the command read has changed (:class:`ChangedError`, see
    :func:`lock`).

    :param mode: the mode to give it; None: the target's own when it exists, otherwise
        the mode the umask gives a new file.
    """
    temp, target = Path(temp), _real(target)
    check_target(target)
    if mode is None:
        mode = target.stat().st_mode & 0o7777 if target.exists() else new_file_mode()
    _fsync(temp)
    os.chmod(temp, mode)
    _check_unchanged()
    _check_open(target)  # opened in LibreOffice or Excel while we computed?
    os.replace(temp, target)
    _fsync_directory(target.parent)
    _written(target)


@contextlib.contextmanager
def replacing(target: str | Path, *, mode: int | None = None, named: bool = True) -> Iterator[Path]:
    """Write *target* safely: yields a temporary path beside it to write the new contents
    to; when the block ends without an error the file is checked (:func:`check_package`),
    flushed and renamed over *target* (:func:`move_into_place`), otherwise it is removed
    and *target* is untouched. Refused first (:func:`check_writable`): a *target* open in
    LibreOffice or Excel, and an existing one the user did not name (*named* False)
    without ``--force``.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with replacing(folder / "book.txt") as temp:
    ...     _ = temp.write_text("new")
    >>> (folder / "book.txt").read_text(), [p.name for p in folder.iterdir()]
    ('new', ['book.txt'])
    """
    shown = target
    check_writable(target, named=_named(target, named))
    target = _real(target)
    check_target(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = temp_beside(target)
    try:
        yield temp
        check_package(temp, shown)
        move_into_place(temp, target, mode=mode)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def write_bytes(target: str | Path, data: bytes, *, named: bool = True) -> None:
    """Write *data* as the whole of *target*, safely (:func:`replacing`)."""
    with replacing(target, named=named) as temp:
        temp.write_bytes(data)


def copy_file(source: str | Path, target: str | Path) -> None:
    """Copy *source* (contents, mode and times) to *target*, safely (:func:`replacing`).

    The copy keeps *source*'s mode: a backup of a private book stays private.
    """
    source = Path(source)
    with replacing(target, mode=source.stat().st_mode & 0o7777) as temp:
        shutil.copy2(source, temp)


def remove_stale_temps(target: str | Path) -> None:
    """Remove temporary files a killed run left beside *target* (older than an hour).

    Only regular files whose name is exactly the shape :func:`temp_beside` makes for
    *target* (:func:`temp_pattern`) are removed; anything else, whatever its name, stays.
    """
    target = _real(target)
    cutoff = time.time() - STALE_TEMP_SECONDS
    ours = temp_pattern(target)
    try:
        with os.scandir(target.parent) as entries:
            for entry in entries:
                if not ours.fullmatch(entry.name):
                    continue
                with contextlib.suppress(OSError):
                    found = entry.stat(follow_symlinks=False)
                    if stat.S_ISREG(found.st_mode) and found.st_mtime < cutoff:
                        os.unlink(entry.path)
    except OSError:
        pass  # tidying up is a courtesy; it never stops a run


# ---------------------------------------------------------------- one xlrating at a time


def lock_path(target: str | Path) -> Path:
    """The lock file of *target* (a link: of the file it points to): ``.NAME.xlrating-lock``
    beside it, NAME cut short to fit the file-name limit."""
    target = _real(target)
    room = _name_max(target.parent) - 1 - len(LOCK_SUFFIX)
    return target.parent / f".{_fitted(target.name, room)}{LOCK_SUFFIX}"


def _fingerprint(path: Path) -> tuple[int, int, int, int] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns


@dataclass(slots=True)
class _Lock:
    """A held lock, and the files read under it with their fingerprints."""

    path: Path
    handle: int
    shown: str
    reading: dict[Path, tuple[int, int, int, int] | None] = field(default_factory=dict)
    #: The user named the target (or this run has written it): it may be replaced.
    named: bool = True
    #: The target itself, open and locked (POSIX): its other names are held too.
    identity: int = -1


_HELD: ContextVar[list[_Lock] | None] = ContextVar("xlrating_files_locks", default=None)
#: Locks taken outside any :func:`holding` scope: held until the process ends.
_FOREVER: list[_Lock] = []


def _try_lock(handle: int) -> bool:
    """Take the OS lock on the open file *handle* without waiting; False if it is held."""
    if sys.platform == "win32":  # pragma: no cover - Windows
        import msvcrt

        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _open_lock(path: Path) -> int:
    flags = os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    try:
        return os.open(path, flags | os.O_RDWR, new_file_mode())
    except PermissionError:  # another user's lock file: a shared lock needs only reading
        return os.open(path, flags | os.O_RDONLY)


def _acquire(target: Path, shown: str) -> _Lock:
    path = lock_path(target)
    busy = BusyError(f"another xlrating is working on {shown}; try again when it has finished")
    for _ in range(20):
        handle = _open_lock(path)
        if not _try_lock(handle):
            os.close(handle)
            raise busy
        # The holder before us may have removed the file between our open and our lock:
        # then we hold a lock on a file no one else can find; start again.
        if _fingerprint(path) is not None and os.fstat(handle).st_ino == os.stat(path).st_ino:
            identity = _lock_identity(target)
            if identity is None:
                _release(_Lock(path, handle, shown))
                raise busy
            return _Lock(path, handle, shown, identity=identity)
        os.close(handle)
    raise busy  # pragma: no cover - twenty lost races in a row


def _lock_identity(target: Path) -> int | None:
    """Lock the file *target* itself (by its identity, so that another name of it, a hard
    link, is held too): the open handle, -1 where there is nothing to lock (no file yet,
    or Windows, whose locks would stop Excel reading the book), None when another
    xlrating holds it."""
    if sys.platform == "win32":  # pragma: no cover - Windows
        return -1
    try:
        handle = os.open(target, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return -1  # no file yet (or not ours to read: the rename will say)
    if not stat.S_ISREG(os.fstat(handle).st_mode) or _try_lock(handle):
        return handle
    os.close(handle)
    return None


def _release(held: _Lock) -> None:
    if held.identity >= 0:
        os.close(held.identity)
    if held.handle < 0:  # no lock file was needed
        return
    if sys.platform != "win32":  # removed while still held, so no one locks a stale file
        with contextlib.suppress(OSError):
            if os.stat(held.path).st_ino == os.fstat(held.handle).st_ino:
                os.unlink(held.path)
    os.close(held.handle)  # releases the lock
    if sys.platform == "win32":  # pragma: no cover - Windows cannot remove an open file
        with contextlib.suppress(OSError):
            os.unlink(held.path)


@contextlib.contextmanager
def holding() -> Iterator[None]:
    """A scope for :func:`lock`: every lock taken inside is released when it ends."""
    token = _HELD.set([])
    try:
        yield
    finally:
        for held in reversed(_HELD.get() or []):
            _release(held)
        _HELD.reset(token)


def lock(target: str | Path, *, reading: Iterable[str | Path] = (), named: bool = True) -> None:
    """Take the exclusive lock on *target* for the rest of the :func:`holding` scope (or of
    the process, outside one), and fingerprint the files in *reading* (and *target*).

    Refused in one line: a *target* that is not a regular file (:func:`check_target`,
    before any lock file is made beside it), one open in LibreOffice or Excel or an
    existing one the user did not name (*named* False) without ``--force``
    (:func:`check_writable`), and a *target* another xlrating holds (:class:`BusyError`).
    Until the lock is released, every rename into place (:func:`move_into_place`) first
    checks that those files are as they were, and refuses
    with :class:`ChangedError` if another program changed them.  Taking a lock this scope
    already holds only adds *reading*.  A *target* in a folder that does not exist yet
    needs no lock file (there is nothing there to lose; the folder is not made here).
    """
    shown = str(target)
    check_target(target)
    check_writable(target, named=named)
    real = Path(os.path.realpath(_real(target)))
    scope = _HELD.get()
    locks = scope if scope is not None else _FOREVER
    held = next((h for h in locks if h.path == lock_path(real)), None)
    if held is None:
        new_folder = not real.parent.is_dir()  # nothing there to lose: no lock file
        held = _Lock(lock_path(real), -1, shown) if new_folder else _acquire(real, shown)
        held.named = named
        locks.append(held)
    for path in (real, *reading):
        key = Path(os.path.realpath(path))
        held.reading.setdefault(key, _fingerprint(key))


@contextlib.contextmanager
def locked(target: str | Path, *, reading: Iterable[str | Path] = ()) -> Iterator[None]:
    """:func:`lock` *target* for the ``with`` block (a :func:`holding` scope of its own)."""
    with holding():
        lock(target, reading=reading)
        yield


def _watched() -> Iterator[tuple[_Lock, Path]]:
    for held in [*_FOREVER, *(_HELD.get() or [])]:
        for path in held.reading:
            yield held, path


def _check_unchanged() -> None:
    for held, path in _watched():
        if _fingerprint(path) != held.reading[path]:
            raise ChangedError(
                f"{path.name} was changed by another program while xlrating worked on it; "
                "nothing was written: run the command again"
            )


#: The files this process has put in place (:func:`move_into_place`), in order: a command
#: whose reader left early has still done its work when this is not empty.
_PUT_IN_PLACE: list[Path] = []


def put_in_place() -> tuple[Path, ...]:
    """The files written (renamed into place) since :func:`forget_put_in_place`."""
    return tuple(_PUT_IN_PLACE)


def forget_put_in_place() -> None:
    """Start counting the files written anew (a command's start)."""
    _PUT_IN_PLACE.clear()


def _written(target: Path) -> None:
    """Our own rename over a watched file: its new fingerprint is the one to keep, and
    the file is ours to replace again in this run."""
    _PUT_IN_PLACE.append(target)
    real = Path(os.path.realpath(target))
    for held, path in _watched():
        if path == real:
            held.reading[path] = _fingerprint(path)
            held.named = True


def _named(target: str | Path, named: bool) -> bool:
    """*named*, unless a lock this run holds on *target* says the user did not name it
    (and this run has not written it yet)."""
    if not named:
        return False
    key = lock_path(Path(os.path.realpath(_real(target))))
    return all(held.named for held in [*_FOREVER, *(_HELD.get() or [])] if held.path == key)
