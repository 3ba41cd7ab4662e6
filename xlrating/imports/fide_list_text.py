"""FIDE's monthly TXT rating lists (the combined ``players_list_foa.txt`` and the single
standard, rapid and blitz lists), columns found from the header line, read a line at a
time (see :mod:`xlrating.imports.rating_lists`)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import IO, Final

from ..errors import InvalidInputError
from .list_entries import (
    CHUNK_BYTES,
    FIDE_TYPES,
    MAX_LINE_CHARS,
    ListEntry,
    ProgressFn,
    RatingList,
    birth_year,
    check_list_size,
    fide_flag,
    fide_type,
    list_kind,
    list_number,
    listed_twice,
    rating_value,
    wanted_ids,
)
from .text import decode_text

__all__ = ["read_fide_text"]


#: A single list's rating column is headed by the list's month: SEP26.
_MONTH_HEADING: Final = re.compile(r"^([A-Za-z]{3})(\d{2})$")
_MONTHS: Final = (
    "jan",
    "feb",
    "mar",
    "apr",
    "may",
    "jun",
    "jul",
    "aug",
    "sep",
    "oct",
    "nov",
    "dec",
)
#: The combined list's columns of each type: rating, games, K.
_COMBINED: Final[dict[str, tuple[str, str, str]]] = {
    "standard": ("srtng", "sgm", "sk"),
    "rapid": ("rrtng", "rgm", "rk"),
    "blitz": ("brtng", "bgm", "bk"),
}
_HEADER_START: Final = re.compile(r"^\s*ID\s+Number\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class _Columns:
    """A TXT list's columns: heading (lower case) -> (first character, end or None)."""

    spans: dict[str, tuple[int, int | None]]
    month: str | None  # the single list's month heading, as written


def _columns(header: str, source: str) -> _Columns:
    """The columns of a TXT list from its header line (never fixed offsets)."""
    tokens = [(m.start(), m.group()) for m in re.finditer(r"\S+", header)]
    merged: list[tuple[int, str]] = []
    for start, word in tokens:  # "ID Number" is one heading
        if merged and merged[-1][1].lower() == "id" and word.lower() == "number":
            merged[-1] = (merged[-1][0], "id number")
            continue
        merged.append((start, word))
    spans: dict[str, tuple[int, int | None]] = {}
    month = None
    for i, (start, word) in enumerate(merged):
        end = merged[i + 1][0] if i + 1 < len(merged) else None
        key = word.lower()
        found = _MONTH_HEADING.match(word)
        if found and found.group(1).lower() in _MONTHS:
            key, month = "month", word
        if key in spans:
            raise InvalidInputError(f"{source}: the header line has two {word!r} columns")
        spans[key] = (start, end)
    for needed, heading in (("id number", "ID Number"), ("name", "Name")):
        if needed not in spans:
            raise InvalidInputError(
                f"{source}: the header line has no {heading!r} column: not a FIDE list"
            )
    return _Columns(spans, month)


def _month_date(heading: str) -> dt.date:
    found = _MONTH_HEADING.match(heading)
    assert found is not None
    return dt.date(2000 + int(found.group(2)), _MONTHS.index(found.group(1).lower()) + 1, 1)


def _field(line: str, span: tuple[int, int | None] | None) -> str:
    if span is None:
        return ""
    return line[span[0] : span[1]]


def _line_entry(
    text: str, keys: tuple[str, str, str], columns: _Columns, where: str
) -> tuple[int | None, int | None, int | None, int | None, str]:
    spans = columns.spans
    rating_key, games_key, k_key = keys
    return (
        rating_value(_field(text, spans.get(rating_key)), _heading(rating_key, columns), where),
        list_number(_field(text, spans.get(games_key)), _heading(games_key, columns), where),
        list_number(_field(text, spans.get(k_key)), _heading(k_key, columns), where),
        birth_year(_field(text, spans.get("b-day")), where),
        fide_flag(_field(text, spans.get("flag")), where),
    )


def _heading(key: str, columns: _Columns) -> str:
    if key == "month":
        return columns.month or "rating"
    return {"srtng": "SRtng", "rrtng": "RRtng", "brtng": "BRtng", "k": "K", "gms": "Gms"}.get(
        key, key.upper() if len(key) <= 3 else key
    )


def _aligned(text: str, columns: _Columns) -> bool:
    """True when every column of *text* starts after a blank (values are left-aligned and
    apart), as they do when the line is sliced in the units it was padded in."""
    return all(
        text[start - 1] == " " for start, _ in columns.spans.values() if 0 < start < len(text)
    )


def _decode_line(raw: bytes, number: int, source: str) -> str:
    """A list line's text (:func:`decode_text`), a refusal naming the list's line."""
    try:
        return decode_text(raw)
    except InvalidInputError as error:
        message = str(error).replace("line 1, ", "", 1)
        raise InvalidInputError(f"{source} line {number}: {message}") from None


def _lines(
    stream: IO[bytes], source: str, total: int, progress: ProgressFn | None
) -> Iterator[bytes]:
    """The lines of *stream* (without their ends), refusing over-long lines and more than
    all a list may hold (:func:`check_list_size`)."""
    done, reported = 0, 0
    number = 0
    while True:
        raw = stream.readline(MAX_LINE_CHARS * 4 + 2)
        if not raw:
            break
        number += 1
        done += len(raw)
        check_list_size(done, source)
        body = raw.rstrip(b"\r\n")
        if len(body) > MAX_LINE_CHARS and len(body.decode("utf-8", "replace")) > MAX_LINE_CHARS:
            raise InvalidInputError(
                f"{source} line {number}: longer than {MAX_LINE_CHARS:,} characters: not a "
                "FIDE list line"
            )
        if progress is not None and done - reported >= CHUNK_BYTES:
            progress(done, total)
            reported = done
        yield body
    if progress is not None:
        progress(done, total)


def read_fide_text(
    stream: IO[bytes],
    *,
    wanted: Collection[str],
    rating: str | None = None,
    source: str = "list",
    total: int = 0,
    progress: ProgressFn | None = None,
) -> RatingList:
    r"""Read a FIDE TXT list (combined or single) from a binary *stream*.

    :param wanted: the FIDE IDs to keep (the others are counted, not kept).
    :param rating: "standard", "rapid" or "blitz" (default: standard for the combined
        list, the type a single list's *source* name says).
    :param source: the file's name, for messages and a single list's type.
    :param total: the bytes in all, for *progress*.
    :raises InvalidInputError: one line naming *source* and the line.

    >>> import io
    >>> header = ("ID Number      Name" + " " * 57
    ...           + "Fed Sex Tit  WTit OTit           FOA SEP26 Gms K  B-day Flag")
    >>> line = ("703303         Leko, Peter" + " " * 50 + "HUN M   GM" + " " * 27
    ...         + "2738  0   10 1979  i")
    >>> found = read_fide_text(io.BytesIO(f"{header}\n{line}\n".encode()), wanted={"703303"},
    ...                        source="blitz_rating_list.txt")
    >>> found.rating, found.date, found.entries["703303"].rating, found.entries["703303"].flag
    ('blitz', datetime.date(2026, 9, 1), 2738, 'i')
    """
    asked = fide_type(rating)
    members = wanted_ids(wanted)
    lines = _lines(stream, source, total, progress)
    header_number = 0
    header = ""
    for header_number, raw in enumerate(lines, 1):
        if raw.strip():
            header = _decode_line(raw, header_number, source)
            break
    if not _HEADER_START.match(header):
        raise InvalidInputError(
            f"{source}: the first line is not the header of a FIDE list ('ID Number  Name "
            "...'): not a FIDE TXT list"
        )
    columns = _columns(header, source)
    combined = any(_COMBINED[t][0] in columns.spans for t in FIDE_TYPES)
    kind, form = list_kind(combined, asked, source, "TXT")
    keys = _COMBINED[kind] if combined else ("month", "gms", "k")
    if keys[0] not in columns.spans:
        heading = _heading(keys[0], columns) if combined else "month (such as SEP26)"
        raise InvalidInputError(
            f"{source}: the header line has no {heading} column: the {kind} ratings are missing"
        )
    id_span = columns.spans["id number"]
    found: dict[str, ListEntry] = {}
    players = 0
    for number, raw in enumerate(lines, header_number + 1):
        if not raw.strip():
            continue
        players += 1
        member = raw[id_span[0] : id_span[1]].strip().decode("latin-1")
        if member not in members:
            continue
        where = f"{source} line {number}"
        if member in found:
            raise listed_twice(member, where, found[member].where)
        text = _decode_line(raw, number, source)
        name_span = columns.spans["name"]
        name = _field(text, name_span)
        if len(raw) != len(text) and not _aligned(text, columns):
            # Padded by bytes, not characters: the columns after the name are byte offsets.
            by_byte = raw.decode("latin-1")
            if _aligned(by_byte, columns):
                text = by_byte
                name = (
                    _field(raw.decode("latin-1"), name_span)
                    .encode("latin-1")
                    .decode("utf-8", "replace")
                )
        value, games, k, born, flag = _line_entry(text, keys, columns, where)
        name = " ".join(name.split())
        found[member] = ListEntry(member, name, value, games, None, born, k, flag, None, where)
    if players == 0:
        raise InvalidInputError(f"{source}: the list holds a header line and no players")
    date, date_source = (
        (_month_date(columns.month), f"its header's {columns.month} column")
        if columns.month
        else (None, "")
    )
    return RatingList("FIDE", kind, form, date, date_source, players, found, source)
