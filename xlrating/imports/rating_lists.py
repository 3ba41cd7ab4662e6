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
import json
import re
import zipfile
import zlib
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Final, Literal
from xml.parsers import expat

from ..errors import InvalidInputError
from .text import MAX_TEXT_BYTES, decode_text

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

#: Largest list text read (an engineering limit: FIDE's combined TXT list of 2026 holds
#: about 1.2 million lines of 162 characters, some 200 MB; its XML about twice that).
MAX_LIST_BYTES: Final = 1024 * 1024 * 1024
#: Longest TXT list line (a line of the combined list has 162 characters).
MAX_LINE_CHARS: Final = 1_000
#: Longest value of an XML list element (names are the longest, under 100 characters).
MAX_FIELD_CHARS: Final = 1_000
#: Bytes read at a time (and between two progress reports) from a list.
CHUNK_BYTES: Final = 1024 * 1024

#: FIDE's rating types, as ``--rating`` names them.
FideType = Literal["standard", "rapid", "blitz"]
FIDE_TYPES: Final[tuple[FideType, ...]] = ("standard", "rapid", "blitz")
#: US Chess rating systems a member's ratings hold (the ``RatingSource`` enum of the
#: Ratings API: R Regular, Q Quick, B Blitz, OR/OQ/OB the online ones).
USCHESS_SYSTEMS: Final = ("R", "Q", "B", "OR", "OQ", "OB")
#: The highest rating a list may give (none is near it; a larger number is not a rating).
MAX_LIST_RATING: Final = 4000

#: Progress callback: (bytes read, bytes in all, or 0 when not known).
ProgressFn = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class ListEntry:
    """One member as a list gives him (None: the list gives no such value)."""

    member: str
    name: str
    #: The rating of the type asked for (None: the list shows the member unrated in it).
    rating: int | None
    #: US Chess: the games a provisional rating rests on (``gamesPlayed`` of a provisional
    #: rating, ``provisionalGameCount``); FIDE: the games of the list's period (``Gms``),
    #: which is not the count a rating rests on (kept for the report only).
    games: int | None
    #: US Chess: the rating floor.
    floor: int | None
    #: FIDE: the year of birth (``B-day``).
    birth_year: int | None
    #: FIDE: the K factor of the type (``K``, ``SK``...).
    k: int | None
    #: FIDE's flag: ``i`` inactive, ``w`` woman, ``wi`` both ("" none).
    flag: str
    #: US Chess: True when the rating is provisional (None: not said).
    provisional: bool | None
    #: Where in the file: "line 12" (TXT, JSON), "player 3" (XML).
    where: str

    @property
    def inactive(self) -> bool:
        return "i" in self.flag


@dataclass(frozen=True, slots=True)
class RatingList:
    """What a list gave for the members asked for."""

    #: "FIDE" or "US Chess".
    organisation: Literal["FIDE", "US Chess"]
    #: The rating type: "standard", "rapid", "blitz" (FIDE) or "R", "Q"... (US Chess).
    rating: str
    #: The form read: "FIDE TXT combined list", "FIDE XML standard list", ...
    form: str
    #: The list's date (None: the list gives none) and where it was read.
    date: dt.date | None
    date_source: str
    #: Members in the file (lines, players, members).
    players: int
    #: The members asked for that the list holds, by member ID.
    entries: Mapping[str, ListEntry]
    #: The file (and the zip member read, "list.zip:players_list_foa.txt").
    source: str

    @property
    def id_column(self) -> str:
        """The Players table's ID column this list matches."""
        return "FIDE ID" if self.organisation == "FIDE" else "US Chess ID"


# ---------------------------------------------------------------- members and types


def _wanted(ids: Collection[str]) -> frozenset[str]:
    return frozenset(str(i).strip() for i in ids)


def _type_in_name(name: str) -> FideType | None:
    """The rating type a FIDE file name says ("standard_sep26frl.txt", "rapid_rating_list")."""
    lowered = name.lower()
    found = [t for t in FIDE_TYPES if t in lowered]
    return found[0] if len(found) == 1 else None


def _fide_type(rating: str | None) -> FideType | None:
    if rating is None:
        return None
    lowered = rating.strip().lower()
    for kind in FIDE_TYPES:
        if lowered in (kind, kind[0]):
            return kind
    raise InvalidInputError(
        f"--rating {rating!r}: a FIDE list has standard, rapid and blitz ratings"
    )


def _single_type(name: str, asked: FideType | None, source: str) -> FideType:
    """The type of a single FIDE list: its name's, which *asked* must agree with."""
    named = _type_in_name(name)
    if named is not None and asked is not None and named != asked:
        raise InvalidInputError(
            f"{source}: the file is FIDE's {named} list, but --rating {asked} was given"
        )
    kind = named or asked
    if kind is None:
        raise InvalidInputError(
            f"{source}: a FIDE list of one rating type whose name does not say which "
            "(standard, rapid or blitz): give --rating standard, rapid or blitz"
        )
    return kind


def _number(text: str, what: str, where: str, *, most: int | None = None) -> int | None:
    """A whole number cell of a list: blank (None) or digits; 0 is None for ratings."""
    text = text.strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()):
        raise InvalidInputError(f"{where}: {what} {text!r} is not a whole number")
    value = int(text)
    if most is not None and value > most:
        raise InvalidInputError(f"{where}: {what} {text!r} is not a rating (above {most:,})")
    return value


def _rating_value(text: str, what: str, where: str) -> int | None:
    value = _number(text, what, where, most=MAX_LIST_RATING)
    return value or None  # FIDE writes 0 for no rating in some lists


def _birth_year(text: str, where: str) -> int | None:
    value = _number(text, "B-day", where)
    return value if value else None  # 0000: not given


_FLAGS: Final = frozenset({"", "i", "w", "wi", "iw"})


def _flag(text: str, where: str) -> str:
    flag = text.strip().lower()
    if flag not in _FLAGS:
        raise InvalidInputError(f"{where}: Flag {text.strip()!r} is not i, w or wi")
    return flag


# ---------------------------------------------------------------- FIDE TXT lists

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
        _rating_value(_field(text, spans.get(rating_key)), _heading(rating_key, columns), where),
        _number(_field(text, spans.get(games_key)), _heading(games_key, columns), where),
        _number(_field(text, spans.get(k_key)), _heading(k_key, columns), where),
        _birth_year(_field(text, spans.get("b-day")), where),
        _flag(_field(text, spans.get("flag")), where),
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
    :data:`MAX_LIST_BYTES` in all."""
    done, reported = 0, 0
    number = 0
    while True:
        raw = stream.readline(MAX_LINE_CHARS * 4 + 2)
        if not raw:
            break
        number += 1
        done += len(raw)
        if done > MAX_LIST_BYTES:
            raise InvalidInputError(
                f"{source}: more than {MAX_LIST_BYTES:,} bytes, the limit for a rating list"
            )
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
    asked = _fide_type(rating)
    members = _wanted(wanted)
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
    if combined:
        kind: FideType = asked or "standard"
        keys = _COMBINED[kind]
        form = "FIDE TXT combined list"
    else:
        kind = _single_type(source, asked, source)
        keys = ("month", "gms", "k")
        form = f"FIDE TXT {kind} list"
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
            raise InvalidInputError(
                f"{where}: FIDE ID {member} is listed twice (also {found[member].where})"
            )
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


# ---------------------------------------------------------------- FIDE XML lists


class _Refused(Exception):
    """Raised inside the expat handlers; turned into one InvalidInputError line."""


#: The XML list's elements of each type: rating, games, K (a single list: the first).
_XML_KEYS: Final[dict[str, tuple[str, str, str]]] = {
    "standard": ("rating", "games", "k"),
    "rapid": ("rapid_rating", "rapid_games", "rapid_k"),
    "blitz": ("blitz_rating", "blitz_games", "blitz_k"),
}


def read_fide_xml(
    stream: IO[bytes],
    *,
    wanted: Collection[str],
    rating: str | None = None,
    source: str = "list",
    total: int = 0,
    progress: ProgressFn | None = None,
) -> RatingList:
    """Read a FIDE XML list (combined or single) from a binary *stream*, streamed.

    A DOCTYPE, an entity declaration or an external entity is refused when the parser
    meets it (no DTD is read, no entity expanded); so is XML that is not well-formed.

    >>> import io
    >>> xml = b"<playerslist><player><fideid>1</fideid><name>A, B</name><rating>2000</rating>"
    >>> found = read_fide_xml(io.BytesIO(xml + b"</player></playerslist>"), wanted={"1"},
    ...                       source="standard_rating_list_xml.xml")
    >>> found.form, found.entries["1"].rating
    ('FIDE XML standard list', 2000)
    """
    asked = _fide_type(rating)
    members = _wanted(wanted)
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    state: dict[str, object] = {"players": 0, "combined": False}
    kept: dict[str, tuple[dict[str, str], str]] = {}
    player: dict[str, str] | None = None
    field: list[str] = []
    depth = 0

    def refuse_doctype(*_: object) -> None:
        raise _Refused("it has a DOCTYPE (a DTD): FIDE's list has none, and xlrating reads none")

    def refuse_entity(*_: object) -> None:
        raise _Refused("it declares an entity: FIDE's list has none, and xlrating expands none")

    def start(tag: str, attributes: dict[str, str]) -> None:
        nonlocal player, depth
        depth += 1
        if tag == "player":
            player = {}
        field.clear()

    def data(text: str) -> None:
        if player is not None:
            field.append(text)
            if len(field) > MAX_FIELD_CHARS or sum(map(len, field)) > MAX_FIELD_CHARS:
                raise _Refused(f"a value is longer than {MAX_FIELD_CHARS:,} characters")

    def end(tag: str) -> None:
        nonlocal player, depth
        depth -= 1
        if tag == "player" and player is not None:
            state["players"] = int(str(state["players"])) + 1
            if "rapid_rating" in player or "blitz_rating" in player:
                state["combined"] = True
            member = player.get("fideid", "").strip()
            if member in members:
                where = f"{source} player {state['players']}"
                if member in kept:
                    raise InvalidInputError(
                        f"{where}: FIDE ID {member} is listed twice (also {kept[member][1]})"
                    )
                kept[member] = (player, where)
            player = None
        elif player is not None:
            player[tag] = "".join(field)
        field.clear()

    parser.StartDoctypeDeclHandler = refuse_doctype
    parser.EntityDeclHandler = refuse_entity
    parser.ExternalEntityRefHandler = refuse_entity  # type: ignore[assignment]
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    done = 0
    try:
        while True:
            chunk = stream.read(CHUNK_BYTES)
            done += len(chunk)
            if done > MAX_LIST_BYTES:
                raise InvalidInputError(
                    f"{source}: more than {MAX_LIST_BYTES:,} bytes, the limit for a rating list"
                )
            parser.Parse(chunk, not chunk)
            if progress is not None:
                progress(done, total)
            if not chunk:
                break
    except _Refused as error:
        raise InvalidInputError(
            f"{source} line {parser.CurrentLineNumber}: {error}; nothing was read"
        ) from None
    except expat.ExpatError as error:
        raise InvalidInputError(
            f"{source} line {error.lineno}, column {error.offset + 1}: not well-formed XML "
            f"({expat.ErrorString(error.code)}): not a FIDE XML list"
        ) from None
    players = int(str(state["players"]))
    if players == 0:
        raise InvalidInputError(f"{source}: no <player> elements: not a FIDE XML list")
    if state["combined"]:
        kind: FideType = asked or "standard"
        form = "FIDE XML combined list"
        keys = _XML_KEYS[kind]
    else:
        kind = _single_type(source, asked, source)
        form = f"FIDE XML {kind} list"
        keys = _XML_KEYS["standard"]
    found = {}
    for member, (values, where) in kept.items():
        found[member] = ListEntry(
            member,
            " ".join(values.get("name", "").split()),
            _rating_value(values.get(keys[0], ""), f"<{keys[0]}>", where),
            _number(values.get(keys[1], ""), f"<{keys[1]}>", where),
            None,
            _birth_year(values.get("birthday", ""), where),
            _number(values.get(keys[2], ""), f"<{keys[2]}>", where),
            _flag(values.get("flag", ""), where),
            None,
            where,
        )
    return RatingList("FIDE", kind, form, None, "", players, found, source)


# ---------------------------------------------------------------- US Chess API JSON

_MEMBER_ID_IN_NAME: Final = re.compile(r"(?<!\d)(\d{8})(?!\d)")


def _json_int(value: object, what: str, where: str, *, most: int | None = None) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInputError(f"{where}: {what} must be a whole number or null, got {value!r}")
    if value < 0 or (most is not None and value > most):
        raise InvalidInputError(f"{where}: {what} {value} is not a rating")
    return value


def _json_date(value: object, where: str) -> dt.date | None:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(str(value)[:10])
    except ValueError:
        raise InvalidInputError(f"{where}: ratingSupplementDate {value!r} is not a date") from None


def _system(value: object, where: str, key: str) -> str:
    if not isinstance(value, str):
        raise InvalidInputError(
            f"{where}: {key} must be a rating system such as 'R', got {value!r}"
        )
    return value.strip().upper()


def _member_entry(item: Mapping[str, object], system: str, where: str) -> ListEntry:
    member = item.get("id")
    if not isinstance(member, (str, int)) or isinstance(member, bool) or not str(member).strip():
        raise InvalidInputError(f"{where}: a member without an 'id'")
    member = str(member).strip()
    name = " ".join(f"{item.get('firstName') or ''} {item.get('lastName') or ''}".split())
    ratings = item.get("ratings") or []
    if not isinstance(ratings, list):
        raise InvalidInputError(f"{where}: 'ratings' must be a list, got {ratings!r}")
    for rating in ratings:
        if not isinstance(rating, dict):
            raise InvalidInputError(f"{where}: a rating must be an object, got {rating!r}")
        if _system(rating.get("ratingSystem"), where, "ratingSystem") != system:
            continue
        provisional = rating.get("isProvisional")
        provisional = provisional if isinstance(provisional, bool) else None
        return ListEntry(
            member,
            name,
            _json_int(rating.get("rating"), "rating", where, most=MAX_LIST_RATING) or None,
            _json_int(rating.get("gamesPlayed"), "gamesPlayed", where),
            _json_int(rating.get("floor"), "floor", where, most=MAX_LIST_RATING) or None,
            None,
            None,
            "",
            provisional,
            where,
        )
    return ListEntry(member, name, None, None, None, None, None, "", None, where)


def _supplement_entry(
    items: list[Mapping[str, object]], member: str, system: str, where: str
) -> tuple[ListEntry, dt.date | None]:
    dated = [(_json_date(item.get("ratingSupplementDate"), where), item) for item in items]
    dated.sort(key=lambda pair: pair[0] or dt.date.min, reverse=True)
    newest, item = dated[0] if dated else (None, {})
    ratings = item.get("ratings") or []
    if not isinstance(ratings, list):
        raise InvalidInputError(f"{where}: 'ratings' must be a list, got {ratings!r}")
    for rating in ratings:
        if not isinstance(rating, dict):
            raise InvalidInputError(f"{where}: a rating must be an object, got {rating!r}")
        if _system(rating.get("source"), where, "source") != system:
            continue
        count = _json_int(rating.get("provisionalGameCount"), "provisionalGameCount", where)
        value = _json_int(rating.get("rating"), "rating", where, most=MAX_LIST_RATING) or None
        entry = ListEntry(member, "", value, count, None, None, None, "", count is not None, where)
        return entry, newest
    return ListEntry(member, "", None, None, None, None, None, "", None, where), newest


def read_uschess_json(
    data: bytes, *, wanted: Collection[str], rating: str | None = None, source: str = "list"
) -> RatingList:
    """Read US Chess Ratings API JSON: a member, a page of members, or a member's rating
    supplements (the member ID from *source*, the file's name).

    :param rating: the rating system, "R" (default), "Q", "B", "OR", "OQ" or "OB".

    >>> found = read_uschess_json(b'{"id": "12641216", "ratings": [{"rating": 1650, '
    ...     b'"ratingSystem": "R", "gamesPlayed": 12, "isProvisional": true}]}',
    ...     wanted={"12641216"})
    >>> entry = found.entries["12641216"]
    >>> entry.rating, entry.games, entry.provisional
    (1650, 12, True)
    """
    system = (rating or "R").strip().upper()
    if system not in USCHESS_SYSTEMS:
        raise InvalidInputError(
            f"--rating {rating!r}: a US Chess member has ratings {', '.join(USCHESS_SYSTEMS)}"
        )
    text = decode_text(data)
    try:
        document = json.loads(text)
    except RecursionError:
        raise InvalidInputError(f"{source}: the JSON nests too deeply") from None
    except ValueError as error:
        raise InvalidInputError(f"{source}: not JSON ({error})") from None
    members = _wanted(wanted)
    documents = document if isinstance(document, list) else [document]
    found: dict[str, ListEntry] = {}
    newest: dt.date | None = None
    count = 0
    for n, doc in enumerate(documents, 1):
        where = f"{source} item {n}" if isinstance(document, list) else source
        if not isinstance(doc, dict):
            raise InvalidInputError(f"{where}: expected a US Chess API object, got {doc!r:.60}")
        items = doc.get("items")
        if items is None:
            items = [doc]
        if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
            raise InvalidInputError(f"{where}: 'items' must be a list of objects")
        supplements = [i for i in items if "ratingSupplementDate" in i]
        people = [i for i in items if "id" in i and "ratingSupplementDate" not in i]
        if len(supplements) + len(people) != len(items):
            raise InvalidInputError(
                f"{where}: neither a US Chess member (with 'id') nor a rating supplement "
                "(with 'ratingSupplementDate'): not US Chess Ratings API JSON"
            )
        for i, item in enumerate(people, 1):
            entry = _member_entry(item, system, f"{where} member {i}")
            count += 1
            if entry.member in members:
                found.setdefault(entry.member, entry)
        if supplements:
            named = set(_MEMBER_ID_IN_NAME.findall(Path(source).name))
            if len(named) != 1:
                raise InvalidInputError(
                    f"{source}: a rating-supplements page does not name its member: name the "
                    "file after the member's 8-digit US Chess ID, e.g. 12641216-supplements.json"
                )
            (member,) = named
            entry, date = _supplement_entry(supplements, member, system, where)
            count += 1
            if date is not None and (newest is None or date > newest):
                newest = date
            if member in members:
                found.setdefault(member, entry)
    if count == 0:
        raise InvalidInputError(f"{source}: no member and no rating supplement in it")
    form = "US Chess API rating supplements" if newest is not None else "US Chess API members"
    date_source = "its newest ratingSupplementDate" if newest is not None else ""
    return RatingList("US Chess", system, form, newest, date_source, count, found, source)


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


def _read_zip(
    path: Path, wanted: Collection[str], rating: str | None, progress: ProgressFn | None
) -> RatingList:
    damaged = f"{path.name}: a damaged or truncated zip archive: download the list again"
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
                    rating or _type_in_name(path.name)
                    if not _type_in_name(info.filename)
                    else rating,
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
