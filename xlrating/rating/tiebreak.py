"""One event as a crosstable (a wallchart): each player's rounds, total and tie-breaks.

The tie-breaks are two of FIDE Handbook C.07 *Play-off and Tie-Break Regulations*
(approved 29 July 2024, applied from 1 August 2024), as copied into
``docs/rules/tiebreak.md``:

- **Buchholz** (BH, C.07 art. 8.1): the sum of the scores of each of the participant's
  opponents (docs/rules/tiebreak.md#buchholz);
- **Sonneborn-Berger** (SB, C.07 art. 9.1): for each round, the opponent's final score
  multiplied by the points scored against him, added up
  (docs/rules/tiebreak.md#sonneborn-berger).

Unplayed rounds (byes, forfeits, rounds a player was not paired) are managed as C.07
art. 16 says for Swiss tournaments (docs/rules/tiebreak.md#unplayed): an opponent's score
counts his requested byes at the end of the event as draws (art. 16.3), and each of the
participant's own unplayed rounds is a game against a dummy whose score is his own
(art. 16.4), capped for events from 1 March 2026 as C.07's edition of that day says
(docs/rules/tiebreak.md#caps-2026).

Players are placed by total, then Buchholz, then Sonneborn-Berger, then rating (unrated
last), then name (docs/rules/tiebreak.md#order): the place is the row of the table, and
round cells refer to opponents by it.  Pure functions over frozen dataclasses; no I/O.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from ..errors import InvalidInputError
from ._check import show
from .tournament import Game, GameKind

__all__ = [
    "CAPS_FROM",
    "DRAW_POINTS",
    "MAX_ROUNDS",
    "CrosstableRow",
    "RoundCell",
    "UnplayedCategory",
    "crosstable",
    "is_all_play_all",
    "round_text",
    "unplayed_categories",
]

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


#: A draw's points: what C.07 art. 16.3.2 counts a requested bye at the end of the event
#: as, in an opponent's score (docs/rules/tiebreak.md#unplayed).
DRAW_POINTS: Final = 0.5

#: C.07 approved on 2 February 2026 applies from this day: its art. 16.4 caps the dummy's
#: score (16.4.1, 16.4.2); events before it follow C.07 applied from 1 August 2024, without
#: the caps (docs/rules/tiebreak.md#caps-2026).  The edition is picked by the event's date.
CAPS_FROM: Final = _dt.date(2026, 3, 1)

#: The categories of unplayed rounds of C.07 art. 16.2 (docs/rules/tiebreak.md#unplayed),
#: by their sub-article: 16.2.1 pairing-allocated or full-point bye, 16.2.2 forfeit win,
#: 16.2.3 requested bye followed by a round that is not a VUR, 16.2.4 forfeit loss,
#: 16.2.5 requested bye followed only by VURs or in the last round.
UnplayedCategory = Literal["16.2.1", "16.2.2", "16.2.3", "16.2.4", "16.2.5"]


def _is_vur(cell: RoundCell | None) -> bool:
    """A voluntary unplayed round (C.07 art. 16.1.2): a requested bye (a half-point or
    zero-point bye, or a round the player was not paired, art. 16.1.1) or a forfeit loss."""
    if cell is None:
        return True
    if cell.kind == "bye":
        return cell.points < 1.0
    return cell.kind == "forfeit" and cell.points == 0.0


def unplayed_categories(
    line: Sequence[RoundCell | None],
) -> tuple[UnplayedCategory | None, ...]:
    """Each round's C.07 art. 16.2 category (None: a game played over the board).

    *line* is one player's rounds 1..n; a round he was not paired (None) is a zero-point
    bye (art. 16.1.1: "any round after a participant withdraws is a zero-point-bye").

    >>> bye = RoundCell(None, None, 0.5, "bye")
    >>> unplayed_categories([bye, RoundCell("B", "w", 1.0, "played"), bye, None])
    ('16.2.3', None, '16.2.5', '16.2.5')
    """
    found: list[UnplayedCategory | None] = []
    for r, cell in enumerate(line):
        if cell is not None and cell.kind == "played" and cell.opponent is not None:
            found.append(None)
        elif cell is not None and cell.kind == "forfeit":
            found.append("16.2.4" if cell.points == 0.0 else "16.2.2")
        elif cell is not None and cell.points >= 1.0:
            found.append("16.2.1")
        elif any(not _is_vur(later) for later in line[r + 1 :]):
            found.append("16.2.3")
        else:
            found.append("16.2.5")
    return tuple(found)


def is_all_play_all(games: Sequence[Game]) -> bool:
    """Whether the event is an all-play-all: every two of its players were paired (played or
    forfeited) the same number of times, at least once.  Its pairings were pre-determined,
    so C.07 art. 15.2 rules its unplayed rounds; any other event is a Swiss (art. 15.3,
    art. 16).  See docs/rules/tiebreak.md#unplayed.

    >>> is_all_play_all([Game(1, "A", "B", 1.0), Game(2, "B", "C", 0.5),
    ...                  Game(3, "C", "A", 0.0)])
    True
    >>> is_all_play_all([Game(1, "A", "B", 1.0), Game(1, "C", "D", 0.5)])
    False
    """
    met: dict[frozenset[str], int] = {}
    names: set[str] = set()
    for game in games:
        names.add(game.white)
        if game.black is not None:
            names.add(game.black)
            pair = frozenset((game.white, game.black))
            met[pair] = met.get(pair, 0) + 1
    pairs = len(names) * (len(names) - 1) // 2
    return pairs > 0 and len(met) == pairs and len(set(met.values())) == 1


def _dummy_cap(
    cell: RoundCell | None,
    category: UnplayedCategory | None,
    adjusted: Mapping[str, float],
    rounds: int,
) -> float:
    """The most the dummy's score may be under C.07 (2026) art. 16.4: the scheduled
    opponent's adjusted score for a forfeit (16.4.1), a draw's points times the number of
    rounds for any other unplayed round (16.4.2)."""
    if category in ("16.2.2", "16.2.4") and cell is not None and cell.opponent is not None:
        return adjusted[cell.opponent]
    return DRAW_POINTS * rounds


def crosstable(
    games: Sequence[Game],
    ratings: Mapping[str, float | None] | None = None,
    on: _dt.date | None = None,
) -> tuple[CrosstableRow, ...]:
    """The crosstable of one event's *games*, placed by total and tie-breaks.

    Buchholz and Sonneborn-Berger follow FIDE C.07 art. 8.1, 9.1 and, for byes, forfeits
    and rounds not paired, art. 15.2 and 16 (docs/rules/tiebreak.md#unplayed), in the
    edition in force on the event's date.

    :param ratings: each player's rating for the Rating column and the last ordering
        step (missing or None: unrated).
    :param on: the event's date, which picks the edition of C.07: from
        :data:`CAPS_FROM` (1 March 2026) the dummy's score of art. 16.4 is capped; None
        means today.
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
    lines = {name: tuple(mine.get(r) for r in range(1, rounds + 1)) for name, mine in cells.items()}
    categories = {name: unplayed_categories(line) for name, line in lines.items()}
    totals = {name: sum(c.points for c in mine.values()) for name, mine in cells.items()}
    # Art. 16.3: for the tie-breaks of his opponents, a participant's score counts each
    # round of category 16.2.5 as a draw (16.3.2) and every other round as awarded (16.3.1).
    adjusted = {
        name: totals[name]
        + sum(
            DRAW_POINTS - (cell.points if cell is not None else 0.0)
            for cell, category in zip(line, categories[name], strict=True)
            if category == "16.2.5"
        )
        for name, line in lines.items()
    }
    all_play_all = is_all_play_all(games)
    capped = (on if on is not None else _dt.date.today()) >= CAPS_FROM
    rows = []
    for name, line in lines.items():
        buchholz = sonneborn_berger = 0.0
        for cell, category in zip(line, categories[name], strict=True):
            if all_play_all:
                # Art. 15.2: pre-determined pairings; a forfeit counts as a game against
                # the scheduled opponent, a round without an opponent counts nothing.
                if cell is None or cell.opponent is None:
                    continue
                opponent = totals[cell.opponent]
            elif category is None and cell is not None and cell.opponent is not None:
                opponent = adjusted[cell.opponent]  # art. 8.1, 9.1 with art. 16.3
            else:
                opponent = totals[name]  # art. 16.4: a dummy with the player's own score
                if capped:
                    opponent = min(opponent, _dummy_cap(cell, category, adjusted, rounds))
            buchholz += opponent
            sonneborn_berger += (cell.points if cell is not None else 0.0) * opponent
        rows.append((name, known.get(name), line, totals[name], buchholz, sonneborn_berger))

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
