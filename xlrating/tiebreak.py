"""One event as a crosstable (a wallchart): each player's rounds, total and tie-breaks.

The tie-breaks are the two the FIDE Handbook C.07 *Tie-Break Regulations* (effective from
1 August 2024) defines on the opponents' scores, as copied into ``docs/rules/tiebreak.md``:

- **Buchholz** (BH): the sum of the scores of each of the participant's opponents;
- **Sonneborn-Berger** (SB): for each round, the opponent's final score multiplied by the
  points scored against that opponent, added up (a win counts the opponent's whole score,
  a draw half of it, a loss nothing).

Only games played over the board count as meeting an opponent.  Byes and forfeits add to
the player's own score (and so to the tie-breaks of the players who met him over the
board) but bring no opponent score: C.07's management of unplayed rounds (a virtual
opponent, "dummy" scores) is *not* applied, and ``docs/rules/tiebreak.md`` says so.

Players are placed by total, then Buchholz, then Sonneborn-Berger, then rating (unrated
last), then name: the place is the row of the table, and round cells refer to opponents
by it.  Pure functions over frozen dataclasses; no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from ._check import show
from .errors import InvalidInputError
from .tournament import Game, GameKind

__all__ = ["MAX_ROUNDS", "CrosstableRow", "RoundCell", "crosstable", "round_text"]

#: The most round columns a crosstable gives: a sanity bound of ours (no regulation), far
#: above any Swiss or all-play-all a club runs, so a typo cannot ask for a huge table.
MAX_ROUNDS: Final = 1_000

#: How a result shows in a round cell: points as wallcharts print them.
_POINTS_TEXT: Final[dict[float, str]] = {1.0: "1", 0.5: "½", 0.0: "0"}
#: A forfeit's result: + won by forfeit, - lost by forfeit (also a double forfeit).
_FORFEIT_TEXT: Final[dict[float, str]] = {1.0: "+", 0.0: "-"}


@dataclass(frozen=True, slots=True)
class RoundCell:
    """One player's pairing in one round, seen from his side."""

    #: The opponent's name; None for a bye.
    opponent: str | None
    #: "w" with White, "b" with Black; None for a bye.
    colour: Literal["w", "b"] | None
    #: The player's points in this round.
    points: float
    kind: GameKind


@dataclass(frozen=True, slots=True)
class CrosstableRow:
    """One line of the crosstable."""

    place: int
    name: str
    rating: float | None
    #: The player's cell in each round 1..n (None: not paired that round).
    rounds: tuple[RoundCell | None, ...]
    total: float
    buchholz: float
    sonneborn_berger: float


def _cells(games: Sequence[Game]) -> tuple[dict[str, dict[int, RoundCell]], int]:
    """Each player's round cells, and the number of rounds."""
    cells: dict[str, dict[int, RoundCell]] = {}
    rounds = 0

    def put(name: str, rnd: int, cell: RoundCell) -> None:
        mine = cells.setdefault(name, {})
        if rnd in mine:
            raise InvalidInputError(f"{show(name)} is paired twice in round {rnd}")
        mine[rnd] = cell

    for game in games:
        if game.round < 1:
            raise InvalidInputError(f"round must be 1 or more, got {game.round}")
        rounds = max(rounds, game.round)
        if game.black is None:
            put(game.white, game.round, RoundCell(None, None, game.white_score, game.kind))
            continue
        if game.white == game.black:
            raise InvalidInputError(f"{show(game.white)} cannot play himself (round {game.round})")
        put(game.white, game.round, RoundCell(game.black, "w", game.white_score, game.kind))
        put(game.black, game.round, RoundCell(game.white, "b", game.black_points, game.kind))
    return cells, rounds


def crosstable(
    games: Sequence[Game], ratings: Mapping[str, float | None] | None = None
) -> tuple[CrosstableRow, ...]:
    """The crosstable of one event's *games*, placed by total and tie-breaks.

    :param ratings: each player's rating for the Rating column and the last ordering
        step (missing or None: unrated).
    :raises InvalidInputError: if there is no game, or a player is paired twice in a round.

    >>> a, b, c = crosstable([Game(1, "A", "B", 1.0), Game(2, "B", "C", 0.5),
    ...                       Game(3, "C", "A", 0.0)])
    >>> (a.name, a.total, a.buchholz, a.sonneborn_berger)
    ('A', 2.0, 1.0, 1.0)
    >>> [round_text(cell, {r.name: r.place for r in (a, b, c)}) for cell in a.rounds]
    ['2w1', '', '3b1']
    """
    if not games:
        raise InvalidInputError("the event has no games")
    known = dict(ratings or {})
    cells, rounds = _cells(games)
    totals = {name: sum(c.points for c in mine.values()) for name, mine in cells.items()}
    rows = []
    for name, mine in cells.items():
        met = [c for c in mine.values() if c.kind == "played" and c.opponent is not None]
        buchholz = sum((totals[c.opponent] for c in met if c.opponent is not None), 0.0)
        sb = sum((c.points * totals[c.opponent] for c in met if c.opponent is not None), 0.0)
        line = tuple(mine.get(r) for r in range(1, rounds + 1))
        rows.append((name, known.get(name), line, totals[name], buchholz, sb))

    def order(row: tuple[str, float | None, object, float, float, float]) -> tuple[object, ...]:
        name, rating, _, total, buchholz, sb = row
        return (-total, -buchholz, -sb, rating is None, -(rating or 0.0), name)

    rows.sort(key=order)
    return tuple(
        CrosstableRow(place, name, rating, line, total, buchholz, sb)
        for place, (name, rating, line, total, buchholz, sb) in enumerate(rows, start=1)
    )


def round_text(cell: RoundCell | None, places: Mapping[str, int]) -> str:
    """A round cell as wallcharts print it: opponent's place, colour, result ("12w½");
    a forfeit "12w+" or "12b-"; a bye "bye 1", "bye ½" or "bye 0"; not paired "".

    >>> round_text(RoundCell("B", "b", 0.5, "played"), {"B": 4})
    '4b½'
    >>> round_text(RoundCell(None, None, 1.0, "bye"), {})
    'bye 1'
    """
    if cell is None:
        return ""
    points = _POINTS_TEXT.get(cell.points, f"{cell.points:g}")
    if cell.opponent is None or cell.colour is None:
        return f"bye {points}"
    if cell.kind == "forfeit":
        points = _FORFEIT_TEXT.get(cell.points, points)
    return f"{places[cell.opponent]}{cell.colour}{points}"
