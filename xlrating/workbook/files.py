"""Writing a user's file: beside the target, flushed to disk, then renamed over it.

Every file xlrating writes for a user (templates, ``recalc`` outputs and backups, events
imported into a season book, ``demo``, the xlwings.conf line) goes through
:func:`replacing`: the new contents go to a temporary file in the target's directory
(``.NAME.<random>.tmp``, so the rename never crosses a file system), are flushed with
``fsync``, get their mode, and are renamed over the target in one step.  A failure at any
point removes the temporary file and leaves the target as it was; a killed run may leave
the temporary file, which :func:`remove_stale_temps` removes once it is an hour old.

The mode: an existing target keeps its own; a new file gets what the umask gives a new
file (``0o666 & ~umask``, e.g. 0644 under umask 022), not the owner-only mode
``tempfile.mkstemp`` creates.  Only the standard library is used, so the ``xlrating``
command can import this module without the workbook extra.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Final

__all__ = [
    "STALE_TEMP_SECONDS",
    "copy_file",
    "move_into_place",
    "new_file_mode",
    "remove_stale_temps",
    "replacing",
    "temp_beside",
    "write_bytes",
]

#: A temporary file beside a target older than this (seconds) is left from a killed run.
STALE_TEMP_SECONDS: Final = 3600


def new_file_mode() -> int:
    """The mode a new file gets under this process's umask (0o644 under umask 022)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def temp_beside(target: str | Path) -> Path:
    """A new, empty temporary file in *target*'s directory: ``.NAME.<random>.tmp``."""
    target = Path(target)
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(handle)
    return Path(name)


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

    :param mode: the mode to give it; None: the target's own when it exists, otherwise
        the mode the umask gives a new file.
    """
    temp, target = Path(temp), Path(target)
    if mode is None:
        mode = target.stat().st_mode & 0o7777 if target.exists() else new_file_mode()
    _fsync(temp)
    os.chmod(temp, mode)
    os.replace(temp, target)
    _fsync_directory(target.parent)


@contextlib.contextmanager
def replacing(target: str | Path, *, mode: int | None = None) -> Iterator[Path]:
    """Write *target* safely: yields a temporary path beside it to write the new contents
    to; when the block ends without an error the file is flushed and renamed over
    *target* (:func:`move_into_place`), otherwise it is removed and *target* is untouched.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with replacing(folder / "book.txt") as temp:
    ...     _ = temp.write_text("new")
    >>> (folder / "book.txt").read_text(), [p.name for p in folder.iterdir()]
    ('new', ['book.txt'])
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = temp_beside(target)
    try:
        yield temp
        move_into_place(temp, target, mode=mode)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def write_bytes(target: str | Path, data: bytes) -> None:
    """Write *data* as the whole of *target*, safely (:func:`replacing`)."""
    with replacing(target) as temp:
        temp.write_bytes(data)


def copy_file(source: str | Path, target: str | Path) -> None:
    """Copy *source* (contents, mode and times) to *target*, safely (:func:`replacing`).

    The copy keeps *source*'s mode: a backup of a private book stays private.
    """
    source = Path(source)
    with replacing(target, mode=source.stat().st_mode & 0o7777) as temp:
        shutil.copy2(source, temp)


def remove_stale_temps(target: str | Path) -> None:
    """Remove temporary files a killed run left beside *target* (older than an hour)."""
    target = Path(target)
    cutoff = time.time() - STALE_TEMP_SECONDS
    try:
        for leftover in target.parent.glob(f".{target.name}.*.tmp"):
            if leftover.is_file() and leftover.stat().st_mtime < cutoff:
                leftover.unlink(missing_ok=True)
    except OSError:
        pass  # tidying up is a courtesy; it never stops a run
