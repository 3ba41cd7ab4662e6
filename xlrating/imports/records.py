"""What both importers build on: the entries a row shows, the event they make
(:class:`ImportedEvent`), the check of a name and the assembly of pairings seen twice
into games.
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from typing import Final, Literal

from ..errors import InvalidInputError
from ..rating._check import show
from ..rating.tournament import BYE, Event, Game, GameKind, Player, name_key, name_problem

# White's score for a pairing code (the TRF alphabet; crosstables are mapped onto it).
_SCORE: Final[dict[str, float]] = {
    "1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "W": 1.0, "D": 0.5, "L": 0.0,
}  # fmt: skip


# The codes the opponent may show for the same pairing ("-" against "-": double forfeit).
_PARTNER: Final[dict[str, frozenset[str]]] = {
    "1": frozenset("0"), "0": frozenset("1"), "=": frozenset("="),
    "+": frozenset("-"), "-": frozenset("+-"),
    "W": frozenset("L"), "L": frozenset("W"), "D": frozenset("D"),
}  # fmt: skip


# Codes of a game actually played (and so rated); the others become kind "forfeit".
_PLAYED: Final = frozenset("10=")


_LINE_BREAK: Final = re.compile(r"\r\n|\r|\n")


DIGITS: Final = re.compile(r" *[0-9]+")


Colour = Literal["w", "b"]


@dataclass(frozen=True, slots=True)
class Entry:
    """One player's view of one round, as read from the file."""

    #: 1-based line number the entry was read from.
    line: int
    #: The entry's text, quoted in messages.
    raw: str
    #: Opponent's pair number, or None for a round without an opponent.
    opponent: int | None
    #: Colour shown, or None if not shown.
    colour: Colour | None
    #: For a pairing, the result code in the TRF alphabet ("1", "0", "=", "+", "-", ...).
    code: str = ""
    #: For a round without opponent, the points it gives and its kind.
    points: float = 0.0
    kind: GameKind = "bye"


@dataclass(frozen=True, slots=True)
class ImportedEvent:
    """One event read from a tournament file, with what the file says around it."""

    #: The players and games.  ``event.date`` is the date that picks the rules (None when
    #: the file gives none) and ``event.name`` the name the file gives ("" if none).
    event: Event
    #: ``"trf"``, ``"crosstable"`` or ``"api"`` (US Chess Ratings API JSON).
    source_format: Literal["trf", "crosstable", "api"]
    #: Where ``event.date`` was read, e.g. ``record 052 (end date) on line 5``; "" if nowhere.
    date_source: str = ""
    #: What was read leniently or skipped (one line each), e.g. ``skipped 013 (team record...)``.
    notes: tuple[str, ...] = ()
    #: A crosstable's section name ("" for a TRF or a page with one unnamed section).
    section: str = ""
    #: Published post-event ratings (crosstables): name -> (rating or None if unrated, games
    #: if provisional else None); players without a ``->`` are left out.
    published: dict[str, tuple[float | None, int | None]] = field(default_factory=dict)
    #: Birth years a TRF gives (name -> year), for a FIDE junior's K.
    birth_years: dict[str, int] = field(default_factory=dict)
    #: Which rating a crosstable's players entered with: "R" regular, "Q" quick, "B" blitz,
    #: as the page labels it ("" for a TRF).
    rating_system: str = ""
    #: True when the crosstable shows a Regular and a Quick rating for its players: the
    #: Regular rating of a dual-rated event (US Chess's reduced K above 2200).
    dual_rated: bool = False
    #: US Chess member IDs by name, where the file gives them (API files, crosstables).
    member_ids: dict[str, str] = field(default_factory=dict)
    #: FIDE IDs by name, where the file gives them (a TRF's "FIDE Number").
    fide_ids: dict[str, str] = field(default_factory=dict)
    #: Why a player's start is not as US Chess's (name -> one line), where the file does
    #: not publish it (API files: an unrated player's age or blended start).
    uncertain: dict[str, str] = field(default_factory=dict)
    #: A line the command prints first (what was assumed for the whole event), or "".
    heading: str = ""

    def player_ids(self) -> dict[str, tuple[str | None, str | None]]:
        """Each player's (US Chess ID, FIDE ID) as the file gives them (None: not given),
        for players with at least one."""
        names = self.member_ids.keys() | self.fide_ids.keys()
        return {n: (self.member_ids.get(n), self.fide_ids.get(n)) for n in sorted(names)}


def split_lines(text: object) -> list[str]:
    """The lines of *text* (any line ending; a leading byte-order mark dropped)."""
    if not isinstance(text, str):
        raise InvalidInputError(f"text must be the text of a file, got {show(text)}")
    # A DOS end-of-file mark (Ctrl-Z) that older programs append ends the text.
    return _LINE_BREAK.split(text.removeprefix("\ufeff").rstrip("\x1a"))


def assemble(
    players: dict[int, Player],
    entries: dict[tuple[int, int], Entry],
    *,
    date: _dt.date | None,
    name: str,
) -> Event:
    """Turn every player's view of every round into one row per pairing or bye."""
    rows: list[tuple[tuple[int, int, int], Game]] = []
    for (rnd, pair), entry in sorted(entries.items()):
        me = players[pair].name
        opp = entry.opponent
        if opp is None:
            rows.append(((rnd, 1, pair), Game(rnd, me, None, entry.points, entry.kind)))
            continue
        if opp not in players:
            raise InvalidInputError(
                f"line {entry.line}: round {rnd}: opponent {opp} of pair {pair} is not "
                f"a pair number in this file, got {show(entry.raw)}"
            )
        other = entries.get((rnd, opp))
        if other is None or other.opponent != pair:
            shown = "no entry" if other is None else f"{show(other.raw)} (line {other.line})"
            raise InvalidInputError(
                f"round {rnd}: pair {pair} lists pair {opp} as opponent (line {entry.line}) "
                f"but pair {opp} shows {shown}"
            )
        if pair > opp:
            continue  # written from the lower pair number's side
        if other.code not in _PARTNER[entry.code] or (
            entry.colour is not None and entry.colour == other.colour
        ):
            raise InvalidInputError(
                f"round {rnd}: pairs {pair} and {opp} disagree: line {entry.line} shows "
                f"{show(entry.raw)}, line {other.line} shows {show(other.raw)}"
            )
        if entry.colour == "b" or other.colour == "w":
            white, black, white_pair, black_pair = other, entry, opp, pair
        else:  # entry shows White, other shows Black, or neither: lower pair is White
            white, black, white_pair, black_pair = entry, other, pair, opp
        kind: GameKind = "played" if white.code in _PLAYED else "forfeit"
        black_score = 0.0 if white.code == "-" and black.code == "-" else None
        game = Game(
            rnd,
            players[white_pair].name,
            players[black_pair].name,
            _SCORE[white.code],
            kind,
            black_score,
        )
        rows.append(((rnd, 0, pair), game))
    rows.sort(key=lambda row: row[0])
    return Event(
        players=tuple(players[pair] for pair in sorted(players)),
        games=tuple(game for _, game in rows),
        date=date,
        name=name,
    )


def check_name(name: str, what: str, line: int, column: int) -> None:
    """Refuse, naming line and column, a name no workbook can hold (see
    :func:`xlrating.rating.tournament.name_problem`)."""
    problem = name_problem(name)
    if problem is not None:
        offset, reason = problem
        raise InvalidInputError(f"line {line}, column {column + offset}: {what} holds {reason}")


def add_player(
    players: dict[int, Player],
    lines_of: dict[int, int],
    names: dict[str, int],  # name_key -> pair number
    pair: int,
    player: Player,
    line: int,
    quote: str,
    column: int = 1,
) -> None:
    """Register a player, refusing a pair number or a name seen before.

    Names are also refused when a workbook could not tell them apart from another
    player's (same once spaces and case are ignored, as :func:`xlrating.rating.tournament.name_key`
    matches them) or from the bye marker of a games table (:data:`BYE`); *column* is where
    the name starts on its line.
    """
    check_name(player.name, "the player's name", line, column)
    if pair in players:
        raise InvalidInputError(
            f"line {line}: pair number {pair} is already used on line {lines_of[pair]}, "
            f"got {show(quote)}"
        )
    key = name_key(player.name)
    if key == name_key(BYE):
        raise InvalidInputError(
            f"line {line}: a player named {show(player.name)} cannot be told from the bye "
            f"marker {BYE!r} of a games table; rename the player (e.g. 'Bye, Ann')"
        )
    if key in names:
        other_pair = names[key]
        other = players[other_pair].name
        if other == player.name:
            raise InvalidInputError(
                f"line {line}: name {show(player.name)} is already used by pair {other_pair}"
            )
        raise InvalidInputError(
            f"line {line}: name {show(player.name)} is the same as {show(other)} (pair "
            f"{other_pair}, line {lines_of[other_pair]}) once spaces and case are ignored"
        )
    players[pair] = player
    lines_of[pair] = line
    names[key] = pair
