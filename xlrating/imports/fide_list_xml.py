"""FIDE's XML rating lists, streamed with expat; a DOCTYPE or an entity declaration is
refused when met (see :mod:`xlrating.imports.rating_lists`)."""

from __future__ import annotations

from collections.abc import Collection
from typing import IO, Final
from xml.parsers import expat

from ..errors import InvalidInputError
from .list_entries import (
    CHUNK_BYTES,
    MAX_FIELD_CHARS,
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

__all__ = ["read_fide_xml"]


class _Refused(Exception):
    """Raised inside the expat handlers; turned into one InvalidInputError line."""


#: The XML list's elements of each type: rating, games, K (a single list: the first).
_XML_KEYS: Final[dict[str, tuple[str, str, str]]] = {
    "standard": ("rating", "games", "k"),
    "rapid": ("rapid_rating", "rapid_games", "rapid_k"),
    "blitz": ("blitz_rating", "blitz_games", "blitz_k"),
}


class _Players:
    """The expat handlers: each <player>'s elements, kept for the members asked for."""

    def __init__(self, members: frozenset[str], source: str) -> None:
        self.members = members
        self.source = source
        self.players = 0
        self.combined = False
        self.kept: dict[str, tuple[dict[str, str], str]] = {}
        self.player: dict[str, str] | None = None
        self.field: list[str] = []
        self.length = 0

    def attach(self, parser: expat.XMLParserType) -> None:
        parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        parser.StartDoctypeDeclHandler = self.refuse_doctype
        parser.EntityDeclHandler = self.refuse_entity
        parser.ExternalEntityRefHandler = self.refuse_entity  # type: ignore[assignment]
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.CharacterDataHandler = self.data

    @staticmethod
    def refuse_doctype(*_: object) -> None:
        raise _Refused("it has a DOCTYPE (a DTD): FIDE's list has none, and xlrating reads none")

    @staticmethod
    def refuse_entity(*_: object) -> None:
        raise _Refused("it declares an entity: FIDE's list has none, and xlrating expands none")

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        if tag == "player":
            self.player = {}
        self.field.clear()
        self.length = 0

    def data(self, text: str) -> None:
        if self.player is None:
            return
        self.field.append(text)
        self.length += len(text)
        if self.length > MAX_FIELD_CHARS:
            raise _Refused(f"a value is longer than {MAX_FIELD_CHARS:,} characters")

    def end(self, tag: str) -> None:
        player = self.player
        if tag == "player" and player is not None:
            self.players += 1
            self.combined = self.combined or "rapid_rating" in player or "blitz_rating" in player
            member = player.get("fideid", "").strip()
            if member in self.members:
                where = f"{self.source} player {self.players}"
                if member in self.kept:
                    raise listed_twice(member, where, self.kept[member][1])
                self.kept[member] = (player, where)
            self.player = None
        elif player is not None:
            player[tag] = "".join(self.field)
        self.field.clear()
        self.length = 0


def _parse(stream: IO[bytes], players: _Players, total: int, progress: ProgressFn | None) -> None:
    source = players.source
    parser = expat.ParserCreate()
    players.attach(parser)
    done = 0
    try:
        while True:
            chunk = stream.read(CHUNK_BYTES)
            done += len(chunk)
            check_list_size(done, source)
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
    asked = fide_type(rating)
    players = _Players(wanted_ids(wanted), source)
    _parse(stream, players, total, progress)
    if players.players == 0:
        raise InvalidInputError(f"{source}: no <player> elements: not a FIDE XML list")
    kind, form = list_kind(players.combined, asked, source, "XML")
    keys = _XML_KEYS[kind if players.combined else "standard"]
    found = {}
    for member, (values, where) in players.kept.items():
        found[member] = ListEntry(
            member,
            " ".join(values.get("name", "").split()),
            rating_value(values.get(keys[0], ""), f"<{keys[0]}>", where),
            list_number(values.get(keys[1], ""), f"<{keys[1]}>", where),
            None,
            birth_year(values.get("birthday", ""), where),
            list_number(values.get(keys[2], ""), f"<{keys[2]}>", where),
            fide_flag(values.get("flag", ""), where),
            None,
            where,
        )
    return RatingList("FIDE", kind, form, None, "", players.players, found, source)
