"""Is a file open in LibreOffice or Excel? Their lock files beside it say so.

A club secretary keeps the season book open all evening; a command that rewrote it
then would lose one side's work (the program saves its copy over ours, or we write
over edits not saved yet). So before any file is written (:mod:`xlrating.workbook.ooxml.files`
asks here, for every target of every command: the book, a ``-o`` target, a backup, a
template, xlwings.conf, the Lite bundle) the lock files of both programs are looked for
beside it:

- LibreOffice (and OpenOffice) writes ``.~lock.NAME#`` beside a document it opens for
  editing, one line of comma-separated fields ending in ``;`` (a ``,``, ``;`` or ``\\``
  inside a field is escaped with ``\\``): the name the user gave LibreOffice (often
  empty), the system user, the host, the time it was opened (``DD.MM.YYYY HH:MM``, local
  time) and the user's profile folder (LibreOffice's ``svl/source/misc/lockfilecommon.cxx``).
- Excel (and Word) writes an owner file ``~$NAME`` beside the book, or, for a longer
  name, ``~$`` and NAME without its first two characters; its first byte is the length
  of the user's name, which follows in the system's code page, and (from offset 54) the
  same length and the name in UTF-16. It holds no time: the file's own modification time
  is when the book was opened. Both spellings are looked for: a name that only ends as
  the book's does could be another book's owner file, and is still refused (a false
  refusal costs ``--ignore-lock``; a missed one costs an evening's work).

A lock is found by file identity too: when the file has other names (hard links), every
lock file in its folder whose document is the same file (device and inode) counts, so
two names of one book cannot be written past each other; a symbolic link is looked
beside both the link and the file it points to.

A lock that looks stale (:data:`STALE_LOCK_SECONDS`: older than a day; or, for
LibreOffice, taken on this machine while no LibreOffice runs here, where that can be
seen: Linux) is named as such, and still refused: only the user can tell that no one
has the file open. ``--ignore-lock`` writes anyway.

Only the standard library is used.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import re
import socket
import stat
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ...errors import WorkbookError

__all__ = [
    "EXCEL",
    "LIBREOFFICE",
    "STALE_LOCK_SECONDS",
    "Holder",
    "OpenElsewhereError",
    "holders",
    "open_note",
    "refuse_if_open",
]

LIBREOFFICE: Final = "LibreOffice"
EXCEL: Final = "Excel"
#: A lock file older than this (seconds) is said to look stale: a book open for more than
#: a day is rare, a lock left by a crash or a lost network drive is common. An engineering
#: choice (no program documents one); the refusal stands either way.
STALE_LOCK_SECONDS: Final = 24 * 3600
#: LibreOffice's lock file of NAME, and its name's pattern (group: NAME).
_LIBREOFFICE_PREFIX: Final = ".~lock."
_LIBREOFFICE_SUFFIX: Final = "#"
_LIBREOFFICE_RE: Final = re.compile(r"\.~lock\.(.+)#")
#: Excel's owner file: this prefix and NAME, or NAME without its first two characters.
_EXCEL_PREFIX: Final = "~$"
_EXCEL_CUT: Final = 2
#: The most of a lock file read: LibreOffice's line is under 1 KB, Excel's file 165 bytes.
_MOST_BYTES: Final = 4096
#: Excel's owner file: where the UTF-16 copy of the name starts (a 2-byte length first).
_EXCEL_WIDE_AT: Final = 54
#: The time LibreOffice writes (EDITTIME: day.month.year hour:minute, local time).
_LIBREOFFICE_TIME: Final = "%d.%m.%Y %H:%M"
#: LibreOffice's process name on Linux (``/proc/PID/comm``).
_SOFFICE_PROCESS: Final = "soffice.bin"


class OpenElsewhereError(WorkbookError):
    """The file is open in LibreOffice or Excel (a lock file beside it says so)."""


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds a file open, as their lock file says."""

    program: str
    lock_file: Path
    #: The user (LibreOffice: the name given in LibreOffice, else the system user; Excel:
    #: the name in the owner file); None when the lock file does not say.
    user: str | None
    host: str | None
    since: dt.datetime | None
    #: Why the lock looks stale (None: it does not).
    stale: str | None

    def describe(self) -> str:
        """ "LibreOffice (Jane Doe on pc-12, since 2026-12-06 19:05; lock file .~lock.x#)"."""
        who = self.user or "someone"
        if self.host:
            who += f" on {self.host}"
        when = f", since {self.since:%Y-%m-%d %H:%M}" if self.since else ""
        stale = f"; it looks stale: {self.stale}" if self.stale else ""
        return f"{self.program} ({who}{when}; lock file {self.lock_file.name}{stale})"


def _fields(line: str) -> list[str]:
    """LibreOffice's lock line split at unescaped commas, up to the first unescaped ``;``."""
    fields, current, escaped = [], [], False
    for char in line:
        if escaped:
            current.append(char)
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == ",":
            fields.append("".join(current))
            current = []
        elif char == ";":
            break
        else:
            current.append(char)
    fields.append("".join(current))
    return fields


def _read(path: Path) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read(_MOST_BYTES)
    except OSError:
        return b""  # unreadable: it still says the file is open


def _modified(path: Path) -> dt.datetime | None:
    try:
        return dt.datetime.fromtimestamp(os.stat(path).st_mtime)
    except (OSError, ValueError, OverflowError):
        return None


def _this_host() -> set[str]:
    names = {socket.gethostname()}
    with contextlib.suppress(OSError):
        names.add(socket.getfqdn())
    return {name.lower() for name in names if name}


def _libreoffice_running() -> bool | None:
    """Whether a LibreOffice runs on this machine (None: cannot tell here)."""
    proc = Path("/proc")
    if not sys.platform.startswith("linux") or not proc.is_dir():
        return None
    try:
        for entry in proc.iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError):
                    if (entry / "comm").read_text().strip() == _SOFFICE_PROCESS:
                        return True
    except OSError:
        return None
    return False


def _old(since: dt.datetime | None) -> str | None:
    if since is None:
        return None
    age = time.time() - since.timestamp()
    if age > STALE_LOCK_SECONDS:
        return f"it is {age / 3600:.0f} hours old"
    return None


def _libreoffice(path: Path) -> Holder:
    line = _read(path).decode("utf-8", "replace").splitlines()
    fields = _fields(line[0]) if line else []
    given, system_user, host, when = [*fields, "", "", "", ""][:4]
    since: dt.datetime | None
    try:
        since = dt.datetime.strptime(when.strip(), _LIBREOFFICE_TIME)
    except ValueError:
        since = _modified(path)
    stale = _old(since)
    here = host.strip().lower() in _this_host()
    if stale is None and here and _libreoffice_running() is False:
        stale = "no LibreOffice is running on this machine, where it was taken"
    user = given.strip() or system_user.strip() or None
    if given.strip() and system_user.strip() and given.strip() != system_user.strip():
        user = f"{given.strip()} ({system_user.strip()})"
    return Holder(LIBREOFFICE, path, user, host.strip() or None, since, stale)


def _excel_user(data: bytes) -> str | None:
    """The user's name in an Excel owner file (UTF-16 copy first), if it reads as one."""
    if not data:
        return None
    length = data[0]
    wide = data[_EXCEL_WIDE_AT : _EXCEL_WIDE_AT + 2]
    if length > 0 and len(wide) == 2 and int.from_bytes(wide, "little") == length:
        raw = data[_EXCEL_WIDE_AT + 2 : _EXCEL_WIDE_AT + 2 + 2 * length]
        with contextlib.suppress(UnicodeDecodeError):
            name = raw.decode("utf-16-le")
            if len(name) == length and name.isprintable():
                return name.strip() or None
    if 0 < length < _EXCEL_WIDE_AT and len(data) > length:
        name = data[1 : 1 + length].decode("cp1252", "replace")
        if name.isprintable():
            return name.strip() or None
    return None


def _excel(path: Path) -> Holder:
    since = _modified(path)
    return Holder(EXCEL, path, _excel_user(_read(path)), None, since, _old(since))


def _excel_names(name: str) -> list[str]:
    names = [_EXCEL_PREFIX + name]
    if len(name) > _EXCEL_CUT:
        names.append(_EXCEL_PREFIX + name[_EXCEL_CUT:])
    return names


def _lock_files(book: Path) -> Iterator[tuple[str, Path]]:
    """The lock files that may be *book*'s, by its name: (program, path)."""
    folder, name = book.parent, book.name
    yield LIBREOFFICE, folder / f"{_LIBREOFFICE_PREFIX}{name}{_LIBREOFFICE_SUFFIX}"
    for owner in _excel_names(name):
        yield EXCEL, folder / owner


def _is_file(path: Path) -> bool:
    """Whether *path* is a file (a lock file's name can pass the file-name limit: none)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _same_file(a: os.stat_result, path: Path) -> bool:
    try:
        b = os.stat(path)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _lock_files_by_identity(book: Path, found: os.stat_result) -> Iterator[tuple[str, Path]]:
    """The lock files in *book*'s folder whose document is the same file under another
    name (a hard link)."""
    try:
        names = os.listdir(book.parent)
    except OSError:
        return
    for entry in names:
        match = _LIBREOFFICE_RE.fullmatch(entry)
        if match is not None and match.group(1) != book.name:
            if _same_file(found, book.parent / match.group(1)):
                yield LIBREOFFICE, book.parent / entry
        elif entry.startswith(_EXCEL_PREFIX):
            tail = entry[len(_EXCEL_PREFIX) :]
            for other in names:
                named = other != book.name and (other == tail or other[_EXCEL_CUT:] == tail)
                mine = named and not other.startswith(_EXCEL_PREFIX)
                if mine and _same_file(found, book.parent / other):
                    yield EXCEL, book.parent / entry
                    break


def holders(path: str | Path) -> list[Holder]:
    """Who holds *path* open, as the lock files beside it say (beside a symbolic link and
    beside the file it points to; by identity for a file with other names)."""
    path = Path(path)
    places = [path]
    with contextlib.suppress(OSError, RuntimeError):
        real = Path(os.path.realpath(path))
        if real != path.absolute():
            places.append(real)
    seen: set[Path] = set()
    found: list[Holder] = []
    for place in places:
        candidates = list(_lock_files(place))
        with contextlib.suppress(OSError):
            status = os.stat(place)
            if stat.S_ISREG(status.st_mode) and status.st_nlink > 1:
                candidates += _lock_files_by_identity(place, status)
        for program, lock_file in candidates:
            key = Path(os.path.abspath(lock_file))
            if key in seen or not _is_file(lock_file):
                continue
            seen.add(key)
            found.append(_libreoffice(lock_file) if program == LIBREOFFICE else _excel(lock_file))
    return found


def refuse_if_open(path: str | Path) -> None:
    """Refuse (:class:`OpenElsewhereError`, one line) to write *path* while LibreOffice or
    Excel holds it open (or a lock file beside it says so)."""
    found = holders(path)
    if not found:
        return
    first = found[0]
    more = f" (and {len(found) - 1} more lock file{'s' if len(found) > 2 else ''})"
    more = more if len(found) > 1 else ""
    action = (
        f"if no one has it open, delete {first.lock_file}"
        if first.stale
        else f"close it in {first.program} first (saving your edits there)"
    )
    raise OpenElsewhereError(
        f"{path} is open in {first.describe()}{more}: {action}, or give --ignore-lock to "
        "write anyway; nothing was written"
    )


def open_note(path: str | Path) -> str | None:
    """One line for a command that reads *path* while it is open elsewhere and writes
    another file: edits not saved there are not in what it reads (None: not open)."""
    found = holders(path)
    if not found:
        return None
    return f"note: {path} is open in {found[0].describe()}: edits not saved there are not included"
