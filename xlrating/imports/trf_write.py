"""FIDE TRF-16 written from an event: :func:`write_trf`, the reverse of :mod:`.trf`.

Kept beside the reader so that the format's columns are written down once (the
constants of :mod:`.trf`, FIDE Handbook C.04 Annex 2, "Format of TRF (Tournament Report
File)", TRF16 approved Elista 2015-08-10).  What is written:

* the header records a rating officer reads: 012 name, 022 city, 032 federation, 042
  start date, 052 end date (``YYYY/MM/DD``), 062 players, 072 rated players, 092 type,
  102 chief arbiter, 112 deputy arbiters, 122 time control, 132 round dates
  (``YY/MM/DD`` from column 92, one every 10 columns); a record without a value is left
  out;
* one 001 line per player, in start-rank order: rating (highest first, unrated last),
  then the order the event lists them; name (columns 15-47), FIDE rating (49-52), FIDE ID
  (58-68), birth year (70-79, ``YYYY/00/00``), points (81-84, one decimal), rank (86-89:
  by points, ties in start-rank order, since the event holds no tiebreak rule), and a
  10-column block per round from column 92: opponent's start rank, colour, result.

Results: a played game ``1``, ``=``, ``0`` with the colour; a forfeit ``+`` / ``-``; a
game not rated that was drawn ``D`` (both sides); a bye ``0000 - F`` (1 point), ``H``
(0.5), ``Z`` (0); a forfeit without an opponent ``0000 - +`` / ``0000 - -``; a round
without a game ``0000 - Z``.  Read back by :func:`~xlrating.imports.parse_trf` the event
rates the same: the same players and ratings, the same rated games, and the same points
(a forfeit without an opponent comes back as a bye of the same points: neither is rated).
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from ..errors import InvalidInputError
from ..rating._check import show
from ..rating.tournament import Event, Game, Player
from .trf import (
    MAX_TRF_ROUNDS,
    TRF_BIRTH,
    TRF_FIRST_ROUND_COLUMN,
    TRF_NAME,
    TRF_RATING,
    TRF_ROUND_WIDTH,
    TRF_START_RANK,
)
from .trf import TRF_FIDE_ID as TRF_FIDE_ID

__all__ = ["TRF_FIDE_ID", "TRF_POINTS", "TRF_RANK_COLUMNS", "TrfHeader", "TrfReport", "write_trf"]

# TRF-16 player section, 1-based inclusive columns: "81 - 84 Points (in the form 11.5)",
# "86 - 89 Exact rank" (and "58 - 68 FIDE Number": trf.TRF_FIDE_ID, which the reader reads).
TRF_POINTS: Final = (81, 84)
TRF_RANK_COLUMNS: Final = (86, 89)

# A FIDE ID: digits only (FIDE numbers are whole numbers), at most the 11 columns.
_FIDE_ID: Final = re.compile(r"[0-9]{1,11}")

# Largest start rank the 4 columns hold.
_MAX_RANK: Final = 9999

# Result codes written (the TRF alphabet the reader takes, trf._TRF_GAME_CODES).
_PLAYED_CODE: Final = {1.0: "1", 0.5: "=", 0.0: "0"}
_FORFEIT_CODE: Final = {1.0: "+", 0.5: "D", 0.0: "-"}
_BYE_CODE: Final = {1.0: "F", 0.5: "H", 0.0: "Z"}
_ABSENT: Final = "0000 - Z"


@dataclass(frozen=True, slots=True)
class TrfHeader:
    """The header fields of a TRF that the event itself does not hold."""

    city: str = ""
    federation: str = ""
    chief_arbiter: str = ""
    deputy_arbiters: str = ""
    time_control: str = ""
    #: "Individual: Swiss-System" and the like (record 092).
    kind: str = ""
    start: _dt.date | None = None
    end: _dt.date | None = None
    #: One date per round (record 132), or none.
    round_dates: tuple[_dt.date, ...] = ()


@dataclass(frozen=True, slots=True)
class TrfReport:
    """The TRF text and what a rating officer would miss in it."""

    text: str
    #: Players without a FIDE ID, and without a FIDE rating, in start-rank order.
    without_id: tuple[str, ...]
    without_rating: tuple[str, ...]


def _put(line: list[str], columns: tuple[int, int], text: str, *, right: bool = True) -> None:
    width = columns[1] - columns[0] + 1
    cell = text.rjust(width) if right else text.ljust(width)
    line[columns[0] - 1 : columns[1]] = list(cell)


def _start_order(players: Sequence[Player]) -> list[Player]:
    """Start ranks: rating, highest first; unrated last; otherwise the event's order."""
    return sorted(players, key=lambda p: -p.rating if p.rating is not None else float("inf"))


def _points(games: Sequence[Game]) -> dict[str, float]:
    points: dict[str, float] = {}
    for game in games:
        points[game.white] = points.get(game.white, 0.0) + (game.white_score or 0.0)
        if game.black is not None:
            points[game.black] = points.get(game.black, 0.0) + (game.black_points or 0.0)
    return points


def _block(game: Game, me: str, rank_of: Mapping[str, int]) -> str:
    """One player's 10-column block for *game* (without the trailing blanks)."""
    white = game.white == me
    score = game.white_score if white else game.black_points
    score = 0.0 if score is None else score
    if game.black is None:
        code = _FORFEIT_CODE[score] if game.kind == "forfeit" else _BYE_CODE[score]
        return f"0000 - {code}"
    opponent = rank_of[game.black if white else game.white]
    if game.kind == "played":
        return f"{opponent:>4} {'w' if white else 'b'} {_PLAYED_CODE[score]}"
    return f"{opponent:>4} {'w' if white else 'b'} {_FORFEIT_CODE[score]}"


def _rounds(event: Event, rank_of: Mapping[str, int]) -> dict[str, list[str]]:
    """Each player's blocks, round 1 to the last round."""
    last = max((game.round for game in event.games), default=0)
    if last > MAX_TRF_ROUNDS:
        raise InvalidInputError(f"{last:,} rounds (a TRF line holds {MAX_TRF_ROUNDS:,})")
    blocks = {name: [_ABSENT] * last for name in rank_of}
    seen: dict[tuple[str, int], Game] = {}
    for game in event.games:
        if game.round < 1:
            raise InvalidInputError(f"round {game.round}: TRF rounds start at 1")
        for me in (game.white, game.black):
            if me is None:
                continue
            if (me, game.round) in seen:
                raise InvalidInputError(
                    f"{show(me)} has two games in round {game.round}: a TRF holds one a round"
                )
            seen[me, game.round] = game
            blocks[me][game.round - 1] = _block(game, me, rank_of)
    return blocks


def _header_lines(event: Event, header: TrfHeader, rated: int, rounds: int) -> list[str]:
    def day(value: _dt.date | None) -> str:
        return "" if value is None else value.strftime("%Y/%m/%d")

    end = header.end or event.date
    start = header.start or (header.round_dates[0] if header.round_dates else end)
    records = [
        ("012", event.name),
        ("022", header.city),
        ("032", header.federation),
        ("042", day(start)),
        ("052", day(end)),
        ("062", str(len(event.players))),
        ("072", str(rated)),
        ("092", header.kind),
        ("102", header.chief_arbiter),
        ("112", header.deputy_arbiters),
        ("122", header.time_control),
    ]
    lines = []
    for code, value in records:
        if "\n" in value or "\r" in value:
            raise InvalidInputError(f"record {code}: a TRF field is one line, got {show(value)}")
        if value.strip():
            lines.append(f"{code} {value.strip()}")
    if header.round_dates:
        if len(header.round_dates) != rounds:
            raise InvalidInputError(
                f"{len(header.round_dates)} round dates for {rounds} rounds: give one a round"
            )
        line = list("132".ljust(TRF_FIRST_ROUND_COLUMN - 1))
        for date in header.round_dates:
            line += list(date.strftime("%y/%m/%d").ljust(TRF_ROUND_WIDTH))
        lines.append("".join(line).rstrip())
    return lines


def write_trf(
    event: Event,
    header: TrfHeader | None = None,
    *,
    fide_ids: Mapping[str, str] | None = None,
    birth_years: Mapping[str, int] | None = None,
) -> TrfReport:
    r"""The event as a FIDE TRF-16 report (see the module docstring).

    :param event: players (their ``rating`` is written as the FIDE rating) and games.
    :param header: the fields the event does not hold (city, arbiters, dates...).
    :param fide_ids: FIDE IDs by player name (digits).
    :param birth_years: birth years by player name (a junior's K), written
        ``YYYY/00/00`` (TRF-16's birth date with the month and day unknown).
    :raises InvalidInputError: a name longer than the 33 columns TRF gives it, more than
        9,999 players, two games of one player in a round, a FIDE ID that is not digits.

    >>> from xlrating.rating.tournament import Game, Player
    >>> event = Event((Player("Smith, Adam", 2100.0, None), Player("Jones, Bob")),
    ...               (Game(1, "Smith, Adam", "Jones, Bob", 1.0),), None, "Club")
    >>> report = write_trf(event, fide_ids={"Smith, Adam": "1234567"})
    >>> lines = report.text.splitlines()
    >>> lines[:3]
    ['012 Club', '062 2', '072 1']
    >>> lines[3][:52], lines[3][57:68], lines[3][80:]
    ('001    1      Smith, Adam                       2100', '    1234567', ' 1.0    1     2 w 1')
    >>> lines[4][80:]
    ' 0.0    2     1 b 0'
    >>> report.without_id, report.without_rating
    (('Jones, Bob',), ('Jones, Bob',))
    """
    header = header or TrfHeader()
    ids = dict(fide_ids or {})
    for name, value in ids.items():
        if not _FIDE_ID.fullmatch(value):
            raise InvalidInputError(f"FIDE ID of {show(name)} must be digits, got {show(value)}")
    order = _start_order(event.players)
    if len(order) > _MAX_RANK:
        raise InvalidInputError(f"{len(order):,} players (a TRF start rank has 4 digits)")
    width = TRF_NAME[1] - TRF_NAME[0] + 1
    for player in order:
        if len(player.name) > width:
            raise InvalidInputError(
                f"name {show(player.name)} is longer than the {width} columns TRF gives a name"
            )
    rank_of = {player.name: number for number, player in enumerate(order, start=1)}
    blocks = _rounds(event, rank_of)
    points = _points(event.games)
    final = sorted(order, key=lambda p: (-points.get(p.name, 0.0), rank_of[p.name]))
    place = {player.name: number for number, player in enumerate(final, start=1)}
    rated = sum(player.rating is not None for player in order)
    rounds = max((len(b) for b in blocks.values()), default=0)
    lines = _header_lines(event, header, rated, rounds)
    for player in order:
        line = list(" " * (TRF_FIRST_ROUND_COLUMN - 1))
        line[0:3] = list("001")
        _put(line, TRF_START_RANK, str(rank_of[player.name]))
        _put(line, TRF_NAME, player.name, right=False)
        if player.rating is not None:
            _put(line, TRF_RATING, f"{player.rating:.0f}")
        _put(line, TRF_FIDE_ID, ids.get(player.name, ""))
        year = (birth_years or {}).get(player.name)
        if year is not None:
            _put(line, TRF_BIRTH, f"{year:04d}/00/00", right=False)
        _put(line, TRF_POINTS, f"{points.get(player.name, 0.0):.1f}")
        _put(line, TRF_RANK_COLUMNS, str(place[player.name]))
        text = "".join(line) + "".join(b.ljust(TRF_ROUND_WIDTH) for b in blocks[player.name])
        lines.append(text.rstrip())
    return TrfReport(
        text="\n".join(lines) + "\n",
        without_id=tuple(p.name for p in order if not ids.get(p.name)),
        without_rating=tuple(p.name for p in order if p.rating is None),
    )
