"""What a rating list gives for a member (:class:`ListEntry`), a list read
(:class:`RatingList`), the readers' limits and the cell readers they share
(:mod:`xlrating.imports.rating_lists` tells the forms apart)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Final, Literal

from ..errors import InvalidInputError
from ..rating._check import MAX_RATING

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
#: The highest rating a list may give (none is near it; a larger number is not a rating):
#: the core's highest rating.
MAX_LIST_RATING: Final = int(MAX_RATING)

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


def wanted_ids(ids: Collection[str]) -> frozenset[str]:
    return frozenset(str(i).strip() for i in ids)


def type_in_name(name: str) -> FideType | None:
    """The rating type a FIDE file name says ("standard_sep26frl.txt", "rapid_rating_list")."""
    lowered = name.lower()
    found = [t for t in FIDE_TYPES if t in lowered]
    return found[0] if len(found) == 1 else None


def fide_type(rating: str | None) -> FideType | None:
    if rating is None:
        return None
    lowered = rating.strip().lower()
    for kind in FIDE_TYPES:
        if lowered in (kind, kind[0]):
            return kind
    raise InvalidInputError(
        f"--rating {rating!r}: a FIDE list has standard, rapid and blitz ratings"
    )


def single_type(asked: FideType | None, source: str) -> FideType:
    """The type of a single FIDE list: its file name's (*source*), which *asked* must
    agree with."""
    named = type_in_name(source)
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


def list_kind(
    combined: bool, asked: FideType | None, source: str, file_form: str
) -> tuple[FideType, str]:
    """The rating type read from a FIDE list and the form read ("FIDE TXT combined list",
    "FIDE XML rapid list"): the combined list gives the type asked for (standard when
    none is), a single list its own (:func:`single_type`).

    >>> list_kind(True, None, "players_list.txt", "TXT")
    ('standard', 'FIDE TXT combined list')
    >>> list_kind(False, None, "blitz_rating_list.xml", "XML")
    ('blitz', 'FIDE XML blitz list')
    """
    if combined:
        return asked or "standard", f"FIDE {file_form} combined list"
    kind = single_type(asked, source)
    return kind, f"FIDE {file_form} {kind} list"


def check_list_size(done: int, source: str) -> None:
    """Refuse a list once more than :data:`MAX_LIST_BYTES` of it are read."""
    if done > MAX_LIST_BYTES:
        raise InvalidInputError(
            f"{source}: more than {MAX_LIST_BYTES:,} bytes, the limit for a rating list"
        )


def listed_twice(member: str, where: str, first: str) -> InvalidInputError:
    """The refusal of a FIDE ID a list gives twice (*first*: where it was first)."""
    return InvalidInputError(f"{where}: FIDE ID {member} is listed twice (also {first})")


def list_number(text: str, what: str, where: str, *, most: int | None = None) -> int | None:
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


def rating_value(text: str, what: str, where: str) -> int | None:
    value = list_number(text, what, where, most=MAX_LIST_RATING)
    return value or None  # FIDE writes 0 for no rating in some lists


def birth_year(text: str, where: str) -> int | None:
    value = list_number(text, "B-day", where)
    return value if value else None  # 0000: not given


_FLAGS: Final = frozenset({"", "i", "w", "wi", "iw"})


def fide_flag(text: str, where: str) -> str:
    flag = text.strip().lower()
    if flag not in _FLAGS:
        raise InvalidInputError(f"{where}: Flag {text.strip()!r} is not i, w or wi")
    return flag
