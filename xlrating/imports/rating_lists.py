r"""Rating lists: FIDE's monthly lists and US Chess Ratings API member JSON, read by member ID.

:func:`read_rating_list` reads one list file and keeps only the members asked for, so a
club needs no more memory for FIDE's full list (about a million players) than for one
line of it.  The forms read, told apart by their content, not their names:

* **FIDE's TXT lists** (ratings.fide.com, "Download rating lists"): the combined list
  ``players_list_foa.txt`` (standard, rapid and blitz in columns ``SRtng SGm SK``,
  ``RRtng RGm Rk``, ``BRtng BGm BK``) and the single lists (``standard_...``,
  ``rapid_...``, ``blitz_...``: one rating column headed by the list's month, ``SEP26``,
  then ``Gms K``).  Fixed-width columns, each found from the header line
  (``ID Number      Name ...``): a column starts where its heading starts and ends where
  the next one starts, so a list whose columns moved still reads, and a column missing
  from the header is absent (the rating column of the type asked for is required).
  Values are read by character; a line whose name holds characters of more than one byte
  and whose columns line up only by byte offsets is read by byte (a list padded by bytes).
* **FIDE's XML lists** (``<playerslist><player><fideid>...``; the combined one has
  ``rating``, ``rapid_rating`` and ``blitz_rating``, a single list ``rating`` alone),
  streamed with expat: a DOCTYPE or an entity declaration is refused before anything
  else is read (no DTD is loaded, no entity expanded).
* **A downloaded .zip** holding one of those (read directly, streamed, never unpacked).
* **US Chess Ratings API JSON** (its OpenAPI document:
  ``https://ratings-api.uschess.org/swagger/v1/swagger.json``): a member
  (``GET /api/v1/members/{memberId}``, ``MemberDetailDto``: ``id``, ``ratings`` of
  ``MemberRatingDto``: ``rating``, ``ratingSystem``, ``gamesPlayed``, ``isProvisional``,
  ``floor``), a page of members (``MemberDetailDtoPage``: ``items``), or a member's rating
  supplements (``GET /api/v1/members/{memberId}/rating-supplements``,
  ``RatingSupplementDtoPage``: ``items`` of ``ratingSupplementDate`` and ``ratings`` of
  ``source``, ``rating``, ``provisionalGameCount``; the newest supplement is taken).  A
  supplements page does not name its member: the file's name must hold the 8-digit
  member ID (``12641216-supplements.json``).  Missing keys are absent values.

Limits (engineering limits, not a federation's rules): :data:`MAX_LIST_BYTES` of list
text (inside a zip too: counted as it is inflated, whatever the zip declares),
:data:`MAX_LINE_CHARS` a TXT line, :data:`MAX_FIELD_CHARS` an XML value, and the JSON
files as a tournament file (:data:`~xlrating.imports.text.MAX_TEXT_BYTES`).  Every refusal
is one :class:`~xlrating.errors.InvalidInputError` line naming the file and the line.
"""

from __future__ import annotations

import datetime as dt
import zipfile
import zlib
from collections.abc import Collection
from pathlib import Path
from typing import IO, Final

from ..errors import InvalidInputError
from .fide_list_text import read_fide_text
from .fide_list_xml import read_fide_xml
from .list_entries import FIDE_TYPES as FIDE_TYPES
from .list_entries import MAX_FIELD_CHARS as MAX_FIELD_CHARS
from .list_entries import MAX_LINE_CHARS as MAX_LINE_CHARS
from .list_entries import MAX_LIST_BYTES as MAX_LIST_BYTES
from .list_entries import USCHESS_SYSTEMS as USCHESS_SYSTEMS
from .list_entries import ListEntry as ListEntry
from .list_entries import ProgressFn
from .list_entries import RatingList as RatingList
from .text import MAX_TEXT_BYTES
from .uschess_members import read_uschess_json

__all__ = [
    "FIDE_TYPES",
    "MAX_FIELD_CHARS",
    "MAX_LINE_CHARS",
    "MAX_LIST_BYTES",
    "USCHESS_SYSTEMS",
    "ListEntry",
    "RatingList",
    "read_fide_text",
    "read_fide_xml",
    "read_rating_list",
    "read_uschess_json",
]


# ---------------------------------------------------------------- a file of any form


def _kind(head: bytes) -> str:
    body = head.lstrip(b"\xef\xbb\xbf").lstrip()
    if body.startswith(b"<"):
        return "xml"
    if body.startswith((b"{", b"[")):
        return "json"
    return "txt"


def _read_stream(
    stream: IO[bytes],
    head: bytes,
    source: str,
    total: int,
    wanted: Collection[str],
    rating: str | None,
    progress: ProgressFn | None,
) -> RatingList:
    kind = _kind(head)
    if kind == "json":
        data = stream.read(MAX_TEXT_BYTES + 1)
        if len(data) > MAX_TEXT_BYTES:
            raise InvalidInputError(
                f"{source}: larger than {MAX_TEXT_BYTES:,} bytes, the limit for a US Chess API file"
            )
        return read_uschess_json(data, wanted=wanted, rating=rating, source=source)
    reader = read_fide_xml if kind == "xml" else read_fide_text
    return reader(
        stream, wanted=wanted, rating=rating, source=source, total=total, progress=progress
    )


#: List files a FIDE zip may hold (any other member, such as a read-me, is skipped).
_LIST_SUFFIXES: Final = (".txt", ".xml", ".json")


def read_rating_list(
    path: str | Path,
    *,
    wanted: Collection[str],
    rating: str | None = None,
    progress: ProgressFn | None = None,
) -> RatingList:
    """Read the rating list file *path* (FIDE TXT or XML, either zipped, or US Chess API
    JSON), keeping the members in *wanted*.

    The list's date: a single FIDE TXT list's month heading; else the date a zip gives
    the list inside it; else none (:attr:`RatingList.date` None).

    :raises InvalidInputError: one line naming the file (and the line) for a file that is
        not a list, a damaged or truncated zip, and the limits of the module.
    """
    path = Path(path)
    total = path.stat().st_size
    with path.open("rb") as handle:
        head = handle.read(4)
        handle.seek(0)
        if not head.startswith(b"PK\x03\x04") and not head.startswith(b"PK\x05\x06"):
            head = handle.read(64)
            handle.seek(0)
            return _read_stream(handle, head, path.name, total, wanted, rating, progress)
    return _read_zip(path, wanted, rating, progress)


#: The most members a list's zip may hold, and the most bytes its directory may take (a
#: FIDE zip holds one file; the directory is read whole before any member).
MAX_ZIP_MEMBERS: Final = 100
MAX_ZIP_DIRECTORY_BYTES: Final = 64 * 1024
_END: Final = b"PK\x05\x06"
_END_SIZE: Final = 22


def _check_directory(path: Path, damaged: str) -> None:
    """Refuse, before zipfile reads it, a zip whose directory is over the limits."""
    with path.open("rb") as handle:
        handle.seek(0, 2)
        size = handle.tell()
        handle.seek(max(size - _END_SIZE - 0xFFFF, 0))
        tail = handle.read()
    at = tail.rfind(_END)
    if at < 0 or len(tail) - at < _END_SIZE:
        raise InvalidInputError(damaged)
    members = int.from_bytes(tail[at + 10 : at + 12], "little")
    directory = int.from_bytes(tail[at + 12 : at + 16], "little")
    if members > MAX_ZIP_MEMBERS or directory > MAX_ZIP_DIRECTORY_BYTES:
        raise InvalidInputError(
            f"{path.name}: a zip of {members:,} members ({directory:,} bytes of directory): "
            f"a list's zip holds one file (at most {MAX_ZIP_MEMBERS} are read)"
        )


def _read_zip(
    path: Path, wanted: Collection[str], rating: str | None, progress: ProgressFn | None
) -> RatingList:
    damaged = f"{path.name}: a damaged or truncated zip archive: download the list again"
    _check_directory(path, damaged)
    try:
        with zipfile.ZipFile(path) as archive:
            lists = [
                info
                for info in archive.infolist()
                if not info.is_dir() and info.filename.lower().endswith(_LIST_SUFFIXES)
            ]
            if len(lists) != 1:
                names = ", ".join(info.filename for info in lists[:5]) or "none"
                raise InvalidInputError(
                    f"{path.name}: a zip of FIDE's should hold one list (.txt or .xml); "
                    f"this one holds {len(lists)} ({names})"
                )
            (info,) = lists
            if info.flag_bits & 0x1:
                raise InvalidInputError(f"{path.name}: {info.filename} is encrypted")
            source = f"{path.name}:{info.filename}"
            with archive.open(info) as member:
                head = member.peek(64)[:64] if hasattr(member, "peek") else b""
                found = _read_stream(
                    member,
                    head,
                    source,
                    info.file_size,
                    wanted,
                    rating,
                    progress,
                )
            if found.date is None:
                year, month, day = info.date_time[:3]
                try:
                    date = dt.date(year, month, day)
                except ValueError:
                    return found
                return _dated(found, date, f"the zip's date of {info.filename}")
            return found
    except (zipfile.BadZipFile, zlib.error, EOFError):
        raise InvalidInputError(damaged) from None
    except NotImplementedError as error:  # a compression method zipfile lacks
        raise InvalidInputError(f"{path.name}: {error}") from None


def _dated(found: RatingList, date: dt.date, source: str) -> RatingList:
    from dataclasses import replace

    return replace(found, date=date, date_source=source)
