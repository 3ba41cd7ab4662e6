"""What an event is made of: players, pairings and results (no rating math here).

The US Chess event rating, FIDE rating periods, seasons and the importers (TRF,
US Chess crosstables) all speak this small vocabulary.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from ..errors import InvalidInputError
from ._check import (
    RESULT_VALUES,
    check_count,
    check_number,
    check_rating,
    result_word,
    show,
)

__all__ = [
    "BYE",
    "MAX_AGE",
    "MAX_NAME_CHARS",
    "Event",
    "Game",
    "GameKind",
    "Player",
    "name_key",
    "name_problem",
    "parse_result",
    "rated_pairs",
]

#: How a pairing ended.  Only ``played`` games are rated (US Chess and FIDE alike:
#: forfeits, byes and unplayed games are not rated games).
GameKind = Literal["played", "forfeit", "bye"]

#: The text that marks a bye in the black column of a games table.
BYE: Final = "BYE"

#: Longest name accepted from a tournament file: Excel's "Total number of characters that a
#: cell can contain: 32,767" (Microsoft, "Excel specifications and limits").
MAX_NAME_CHARS: Final = 32_767
#: The oldest age a player may be given (a plausibility bound, not a rule: an age
#: beyond it is a typing error).
MAX_AGE: Final = 130

# Characters XML 1.0 cannot carry (W3C XML 1.0, section 2.2, production [2] Char: #x9 | #xA
# | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]): the other C0 controls,
# the surrogates (a lone one in a Python str) and U+FFFE, U+FFFF.  A workbook is XML, so
# a name holding one of them could not be stored.
_NOT_XML: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def name_key(name: str) -> str:
    """How names are matched in a workbook: spaces collapsed, case ignored.

    >>> name_key("  Smith,   JOHN ") == name_key("smith, john")
    True
    """
    return " ".join(name.split()).casefold()


def name_problem(name: str) -> tuple[int, str] | None:
    """Why *name* cannot name a player or an event in a workbook: (0-based offset, reason).

    None when it can.  Refused: a character XML 1.0 cannot carry (vertical tab, form feed,
    Ctrl-Z and the other C0 controls but tab; U+FFFE, U+FFFF; a lone surrogate), more than
    :data:`MAX_NAME_CHARS` characters.  Text that a spreadsheet would read as a formula or
    an error (``=SUM(A1)``, ``+1``, ``@x``, ``#N/A``) is a good name: it stays plain text.

    >>> name_problem("Smith, John") is None, name_problem("=HYPERLINK(1)") is None
    (True, True)
    >>> name_problem("Smith\x0bJohn")
    (5, 'character U+000B, which a workbook (XML 1.0) cannot hold')
    """
    found = _NOT_XML.search(name)
    if found is not None:
        return (
            found.start(),
            f"character U+{ord(found.group()):04X}, which a workbook (XML 1.0) cannot hold",
        )
    if len(name) > MAX_NAME_CHARS:
        return (
            MAX_NAME_CHARS,
            f"{len(name):,} characters, more than the {MAX_NAME_CHARS:,} a spreadsheet cell holds",
        )
    return None


#: Forfeits: White won by forfeit ("+-") or lost by forfeit ("-+"); also "+:-" style.
_FORFEITS: Final[dict[str, float]] = {
    "+-": 1.0,
    "+/-": 1.0,
    "+:-": 1.0,
    "1f-0f": 1.0,
    "-+": 0.0,
    "-/+": 0.0,
    "-:+": 0.0,
    "0f-1f": 0.0,
}


@dataclass(frozen=True, slots=True)
class Player:
    """A player entering an event.

    :param name: unique name (or ID) within the event.
    :param rating: pre-event rating, or None if unrated.
    :param games: games the rating is based on (None if unknown; 0 if unrated).
    :param floor: the player's rating floor (0: none known).
    :param age: age in years, for an unrated player's initial rating (US Chess).
    """

    name: str
    rating: float | None = None
    games: int | None = 0
    floor: float = 0.0
    age: float | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise InvalidInputError(f"player name must be text, got {show(self.name)}")
        if self.rating is not None:
            check_rating(self.rating, f"rating of {self.name}")
        if self.games is not None:
            check_count(self.games, f"games of {self.name}")
        check_number(self.floor, f"floor of {self.name}")
        if self.age is not None:
            age = check_number(self.age, f"age of {self.name}")
            if not 0 <= age <= MAX_AGE:
                raise InvalidInputError(
                    f"age of {self.name} must be 0 to {MAX_AGE}, got {show(age)}"
                )

    @property
    def unrated(self) -> bool:
        """True when the player has no rating yet."""
        return self.rating is None


@dataclass(frozen=True, slots=True)
class Game:
    """One pairing of a round.  ``white_score`` is White's points (None for a bye's
    opponent slot); ``black`` is None for a bye."""

    round: int
    white: str
    black: str | None
    white_score: float
    kind: GameKind = "played"
    #: Black's points when they are not 1 - white_score (a double forfeit scores 0-0).
    black_score: float | None = None

    @property
    def black_points(self) -> float:
        """Black's points in this pairing (0 for a bye's empty slot)."""
        if self.black is None:
            return 0.0
        return 1.0 - self.white_score if self.black_score is None else self.black_score

    @property
    def rated(self) -> bool:
        """Only games actually played are rated."""
        return self.kind == "played" and self.black is not None


@dataclass(frozen=True, slots=True)
class Event:
    """A whole event: its players in order, its games, and its date."""

    players: tuple[Player, ...]
    games: tuple[Game, ...]
    date: _dt.date | None = None
    name: str = ""
    index: dict[str, Player] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index: dict[str, Player] = {}
        for row, player in enumerate(self.players, start=1):
            if not isinstance(player, Player):
                raise InvalidInputError(f"players row {row} must be a Player, got {show(player)}")
            key = player.name
            if key in index:
                raise InvalidInputError(f"players row {row}: duplicate name {show(key)}")
            index[key] = player
        object.__setattr__(self, "index", index)
        for row, game in enumerate(self.games, start=1):
            if not isinstance(game, Game):
                raise InvalidInputError(f"games row {row} must be a Game, got {show(game)}")
            for who in (game.white, game.black):
                if who is not None and who not in index:
                    raise InvalidInputError(f"games row {row}: unknown player {show(who)}")
            if game.black == game.white:
                raise InvalidInputError(
                    f"games row {row}: {show(game.white)} is paired with himself"
                )


def parse_result(value: object, *, bye: bool, where: str) -> tuple[float, GameKind]:
    """White's score and the kind of game from a result cell.

    Accepts 1, 0.5, 0, the result words of ``_check.RESULT_WORDS`` (the vocabulary of
    every result cell: "1-0", "0-1", "½-½", "=", "W", "Win", ...) and forfeits "+-", "-+".
    For a bye the result is the points the bye gives (blank means a full-point bye
    is not assumed: it is 0 unless given).
    """
    if isinstance(value, bool):
        raise InvalidInputError(
            f"{where}: result must be 1, 0.5, 0, 1-0, 0-1, ½-½, +- or -+, got {show(value)}"
        )
    if bye:
        if value is None or (isinstance(value, str) and not value.strip()):
            return 0.0, "bye"
        if isinstance(value, (int, float)) and float(value) in RESULT_VALUES:
            return float(value), "bye"
        score = result_word(str(value))
        if score is not None:
            return score, "bye"
        text = "".join(str(value).split()).lower()
        if text in _FORFEITS:
            return _FORFEITS[text], "bye"
        raise InvalidInputError(f"{where}: bye result must be 1, 0.5 or 0, got {show(value)}")
    if isinstance(value, (int, float)) and float(value) in RESULT_VALUES:
        return float(value), "played"
    if isinstance(value, str):
        score = result_word(value)
        if score is not None:
            return score, "played"
        text = "".join(value.split()).lower()
        if text in _FORFEITS:
            return _FORFEITS[text], "forfeit"
    raise InvalidInputError(
        f"{where}: result must be 1, 0.5, 0, 1-0, 0-1, ½-½, +- or -+, got {show(value)}"
    )


def rated_pairs(games: Sequence[Game]) -> list[Game]:
    """The games that are rated (played, with two players)."""
    return [g for g in games if g.rated]
