"""A season: dated events rated one after another by US Chess, FIDE, Elo or Glicko-2.

Each event starts from the ratings and game counts the previous one left.  Events are
taken in date order; events on the same date keep the order given.

* ``"uscf"``: each event by :func:`xlrating.rating.events.uscf_event` (all five steps); ratings,
  game counts, floors and ages are carried (floors and ages as given: they are not
  recomputed during the season).
* ``"fide"``: **each event is treated as its own rating period** (its date is the period
  date, its K uses its own games for the 700 rule, its change is rounded on its own, and
  the next event uses the ratings it produced).  FIDE rates by calendar month; rate the
  events of one month together with :func:`xlrating.rating.events.fide_period` when that
  matters.  Newcomers' games against rated opponents are pooled across events (7.1.4)
  as long as they fall within 26 consecutive monthly rating periods: before an event in
  month M, games of events more than 25 months before M are dropped.
* ``"elo"``: plain Elo (:func:`xlrating.rating.elo.rating_change`) with the given ``k``; every
  player is rated against the opponents' pre-event ratings.  An unrated player enters
  at ``start`` (1500 unless given), a rating xlrating chooses, not a regulation.
* ``"glicko2"``: :func:`xlrating.rating.glicko2.rate_period` per event, tau as given.  Unrated
  players enter at Glickman's 1500 / 350 / 0.06 with their first game; a rated player's
  deviation and volatility are not known from a ``Player`` and also start at 350 / 0.06.
  Players who do not play in an event keep their rating and their RD grows (step 6).

A player who does not play keeps the rating (None while unrated).  The result lists,
for each player, the rating after each event and the final state.
"""

from __future__ import annotations

import bisect
import datetime as _dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Literal, TypeVar, get_args

from ..errors import EventError, InvalidInputError
from . import elo, fide, glicko2
from ._check import check_computed, check_date, check_rating, show
from .events import FidePlayer, PooledGames, fide_period, played_games, uscf_event
from .tournament import Event, Game, Player

__all__ = [
    "POOL_MONTHS",
    "SeasonResult",
    "SeasonRow",
    "Standing",
    "System",
    "event_standings",
    "rate_season",
]

#: The rating systems a season can use.
System = Literal["uscf", "fide", "elo", "glicko2"]

# FIDE Rating Regulations B.02 (effective 1 March 2024), 7.1.4: "Results from other
# tournaments played within consecutive rating periods of not more than 26 months are
# pooled to obtain the initial rating" (docs/rules/fide.md#first-rating).  Read as: the
# months from the earliest pooled event to the current period, both counted, number at most 26.
POOL_MONTHS: Final = 26

# Plain Elo has no rule for a first rating; xlrating starts an unrated player at the same
# 1500 that Glicko-2 uses (Glickman 2013, step 1), overridable with ``start``.
ELO_START: Final = 1500.0

_SYSTEMS: Final[tuple[str, ...]] = get_args(System)


@dataclass(frozen=True, slots=True)
class SeasonRow:
    """One player's ratings through a season."""

    #: The player's name.
    name: str
    #: Rating before the season (None if unrated).
    start: float | None
    #: Rating after each event, in the order rated (None while unrated).
    after: tuple[float | None, ...]
    #: Rating at the end of the season (None if still unrated).
    final_rating: float | None
    #: Games the final rating rests on (US Chess, Elo, Glicko-2: N + games played; FIDE:
    #: rated games completed); None when the count is unknown.
    final_games: int | None
    #: Glicko-2 only: the final RD and volatility (None for other systems or unrated).
    rd: float | None = None
    volatility: float | None = None


@dataclass(frozen=True, slots=True)
class SeasonResult:
    """A whole season's ratings."""

    #: The system used.
    system: System
    #: Event names in the order rated (by date; same dates keep the given order).
    events: tuple[str, ...]
    #: Their dates.
    dates: tuple[_dt.date, ...]
    #: One row per player, in the order of the players given.
    ratings: tuple[SeasonRow, ...]
    #: The players as they leave the season, ready for the next one (``FidePlayer`` for
    #: FIDE, ``Player`` otherwise).
    players: tuple[Player | FidePlayer, ...]
    #: FIDE: newcomers still unrated with their pooled games (empty for other systems).
    pool: dict[str, PooledGames] = field(default_factory=dict)
    #: Glicko-2: final rating, RD and volatility of every player who has played.
    glicko: dict[str, glicko2.Glicko2Rating] = field(default_factory=dict)
    _index: dict[str, SeasonRow] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {row.name: row for row in self.ratings})

    def row(self, name: str) -> SeasonRow:
        """The row of the player called *name*."""
        try:
            return self._index[name]
        except (KeyError, TypeError):
            raise InvalidInputError(f"no player called {show(name)} in this season") from None


@dataclass(frozen=True, slots=True)
class _Dated:
    name: str
    date: _dt.date
    games: tuple[Game, ...]


def _check_events(events: object) -> list[_Dated]:
    if isinstance(events, (str, bytes)) or not isinstance(events, Sequence):
        raise InvalidInputError(f"events must be a list of (name, date, games), got {show(events)}")
    checked: list[_Dated] = []
    for row, entry in enumerate(events, start=1):
        if isinstance(entry, (str, bytes)) or not isinstance(entry, Sequence) or len(entry) != 3:
            raise InvalidInputError(
                f"events row {row} must be (name, date, games), got {show(entry)}"
            )
        name, date, games = entry
        if not isinstance(name, str):
            raise InvalidInputError(f"events row {row}: name must be text, got {show(name)}")
        day = check_date(date, f"events row {row} date")
        if isinstance(games, (str, bytes)) or not isinstance(games, Sequence):
            raise InvalidInputError(f"events row {row}: games must be a list, got {show(games)}")
        for number, game in enumerate(games, start=1):
            if not isinstance(game, Game):
                raise InvalidInputError(
                    f"events row {row}: games row {number} must be a Game, got {show(game)}"
                )
        checked.append(_Dated(name, day, tuple(games)))
    # sorted() is stable: events on the same date keep the order given.
    return sorted(checked, key=lambda event: event.date)


def _month(day: _dt.date) -> int:
    return day.year * 12 + day.month


def _in_event(name: str, error: InvalidInputError) -> EventError:
    return EventError(name, f"event {show(name)}: {error}", str(error))


_P = TypeVar("_P", Player, FidePlayer)


def _check_players(players: object, kind: type[_P]) -> tuple[_P, ...]:
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise InvalidInputError(f"players must be a list of {kind.__name__}, got {show(players)}")
    names: set[str] = set()
    checked: list[_P] = []
    for row, player in enumerate(players, start=1):
        if not isinstance(player, kind):
            raise InvalidInputError(
                f"players row {row} must be a {kind.__name__}, got {show(player)}"
            )
        if player.name in names:
            raise InvalidInputError(f"players row {row}: duplicate name {show(player.name)}")
        names.add(player.name)
        checked.append(player)
    return tuple(checked)


def rate_season(
    players: Sequence[Player] | Sequence[FidePlayer],
    events: Sequence[tuple[str, _dt.date, Sequence[Game]]],
    *,
    system: System = "uscf",
    k: float | None = None,
    tau: float = glicko2.DEFAULT_TAU,
    dual_rated: bool = False,
    multiplier: float | None = None,
    rating_list: fide.RatingList = "standard",
    start: float = ELO_START,
) -> SeasonResult:
    """Ratings after each event of a season (US Chess, FIDE, Elo or Glicko-2), in date order.

    :param players: every player with the ratings before the season: ``Player`` for
        "uscf", "elo" and "glicko2", ``FidePlayer`` for "fide".
    :param events: ``(name, date, games)`` per event; rated by date, same dates in the
        order given.
    :param system: "uscf", "fide", "elo" or "glicko2" (see the module docstring).
    :param k: Elo's K (required for "elo", not accepted by the other systems).
    :param tau: Glicko-2's system constant tau (0.2 to 2).
    :param dual_rated: US Chess: rate each event as the Regular rating of a dual-rated event.
    :param multiplier: US Chess: an explicit bonus multiplier B (else by each event's date).
    :param rating_list: FIDE: ``"standard"``, ``"rapid"`` or ``"blitz"``.
    :param start: Elo: the rating an unrated player enters with (1500 unless given).
    :returns: a :class:`SeasonResult`.
    :raises InvalidInputError: on a bad argument, player, event or game (naming the event).

    Two Elo events with K = 20: A (1500) beats B (1500) and gains 10; then B (1490) beats
    A (1510): B expected 1/(1 + 10^(20/400)) = 0.4712, gains 20 x 0.5288 = 10.58.

    >>> import datetime
    >>> from xlrating.rating.tournament import Game, Player
    >>> result = rate_season(
    ...     [Player("A", 1500, 30), Player("B", 1500, 30)],
    ...     [("Two", datetime.date(2025, 2, 1), [Game(1, "B", "A", 1)]),
    ...      ("One", datetime.date(2025, 1, 1), [Game(1, "A", "B", 1)])],
    ...     system="elo", k=20,
    ... )
    >>> result.events, [round(r, 2) for r in result.row("B").after], result.row("B").final_games
    (('One', 'Two'), [1490.0, 1500.58], 32)
    """
    if not (isinstance(system, str) and system in _SYSTEMS):
        raise InvalidInputError(f"system must be uscf, fide, elo or glicko2, got {show(system)}")
    if system == "elo":
        if k is None:
            raise InvalidInputError("k is required for the elo system, got None")
        k = elo.check_k(k)  # an argument of the season, not of one event
    elif k is not None:
        raise InvalidInputError(f"k is used only by the elo system, got {show(k)}")
    if system != "uscf" and dual_rated is not False:
        raise InvalidInputError(
            f"dual_rated is used only by the uscf system, got {show(dual_rated)}"
        )
    if system != "uscf" and multiplier is not None:
        raise InvalidInputError(
            f"multiplier is used only by the uscf system, got {show(multiplier)}"
        )
    if system != "fide" and rating_list != "standard":
        raise InvalidInputError(
            f"rating_list is used only by the fide system, got {show(rating_list)}"
        )
    schedule = _check_events(events)
    if system == "fide":
        return _fide_season(_check_players(players, FidePlayer), schedule, rating_list)
    given = _check_players(players, Player)
    if system == "uscf":
        return _uscf_season(given, schedule, dual_rated, multiplier)
    if system == "elo":
        assert k is not None  # checked above
        return _elo_season(given, schedule, k, check_rating(start, "start"))
    return _glicko_season(given, schedule, tau)


def _result(
    system: System,
    schedule: Sequence[_Dated],
    before: Sequence[Player | FidePlayer],
    history: dict[str, list[float | None]],
    final: Sequence[Player | FidePlayer],
    *,
    pool: dict[str, PooledGames] | None = None,
    glicko: dict[str, glicko2.Glicko2Rating] | None = None,
) -> SeasonResult:
    rows = []
    for first, last in zip(before, final, strict=True):
        games = last.rated_games if isinstance(last, FidePlayer) else last.games
        state = None if glicko is None else glicko.get(last.name)
        rows.append(
            SeasonRow(
                name=first.name,
                start=first.rating,
                after=tuple(history[first.name]),
                final_rating=last.rating,
                final_games=games,
                rd=None if state is None else state.rd,
                volatility=None if state is None else state.volatility,
            )
        )
    return SeasonResult(
        system=system,
        events=tuple(event.name for event in schedule),
        dates=tuple(event.date for event in schedule),
        ratings=tuple(rows),
        players=tuple(final),
        pool={} if pool is None else pool,
        glicko={} if glicko is None else glicko,
    )


def _uscf_season(
    players: tuple[Player, ...],
    schedule: Sequence[_Dated],
    dual_rated: bool,
    multiplier: float | None,
) -> SeasonResult:
    current = players
    history: dict[str, list[float | None]] = {player.name: [] for player in current}
    for event in schedule:
        try:
            rated = uscf_event(
                Event(current, event.games, event.date, event.name),
                dual_rated=dual_rated,
                multiplier=multiplier,
            )
        except InvalidInputError as error:
            raise _in_event(event.name, error) from None
        current = rated.players_after
        for player in current:
            history[player.name].append(player.rating)
    return _result("uscf", schedule, players, history, current)


def _fide_season(
    players: tuple[FidePlayer, ...], schedule: Sequence[_Dated], rating_list: fide.RatingList
) -> SeasonResult:
    current = players
    history: dict[str, list[float | None]] = {player.name: [] for player in current}
    pool: dict[str, PooledGames] = {}
    # For each pooled newcomer: (event month, games added), oldest first.
    added: dict[str, list[tuple[int, int]]] = {}
    for event in schedule:
        month = _month(event.date)
        for name, segments in added.items():
            entry = pool[name]
            while segments and month - segments[0][0] >= POOL_MONTHS:
                _, count = segments.pop(0)
                # The first event's games lead the pool: once they go, 8.2.1 cannot apply.
                entry = PooledGames(entry.opponents[count:], entry.results[count:], 0)
            pool[name] = entry
        try:
            period = fide_period(
                current,
                event.games,
                rating_list=rating_list,
                period_date=event.date,
                pooled=pool,
            )
        except InvalidInputError as error:
            raise _in_event(event.name, error) from None
        for name, entry in period.pool.items():
            before = len(pool[name].results) if name in pool else 0
            added.setdefault(name, []).append((month, len(entry.results) - before))
        added = {name: segments for name, segments in added.items() if name in period.pool}
        pool = dict(period.pool)
        current = period.players_after
        for player in current:
            history[player.name].append(player.rating)
    return _result("fide", schedule, players, history, current, pool=pool)


def _elo_season(
    players: tuple[Player, ...], schedule: Sequence[_Dated], k: float, start: float
) -> SeasonResult:
    names = [player.name for player in players]
    current: dict[str, Player] = {player.name: player for player in players}
    history: dict[str, list[float | None]] = {name: [] for name in names}
    for event in schedule:
        try:
            played = played_games(event.games, names)
        except InvalidInputError as error:
            raise _in_event(event.name, error) from None
        # Every expected score uses the opponents' pre-event ratings.
        pre = {
            name: start if player.rating is None else player.rating
            for name, player in current.items()
        }
        for name in names:
            mine = played[name]
            if not mine.opponents:
                continue
            opponents = [pre[opponent] for opponent in mine.opponents]
            try:
                change = elo.rating_change(pre[name], opponents, mine.results, k)
            except InvalidInputError as error:
                raise _in_event(event.name, error) from None
            current[name] = _moved(current[name], change.new_rating, len(opponents), event.name)
        for name in names:
            history[name].append(current[name].rating)
    return _result("elo", schedule, players, history, [current[name] for name in names])


def _moved(player: Player, rating: float, games: int, event: str) -> Player:
    """The player with a new rating after *games* more games (None stays unknown)."""
    try:
        check_computed(rating, f"the new rating of {player.name}")
    except InvalidInputError as error:
        raise _in_event(event, error) from None
    count = None if player.games is None else player.games + games
    return Player(player.name, rating, count, player.floor, player.age)


def _glicko_season(
    players: tuple[Player, ...], schedule: Sequence[_Dated], tau: float
) -> SeasonResult:
    names = [player.name for player in players]
    current: dict[str, Player] = {player.name: player for player in players}
    state = {
        player.name: glicko2.Glicko2Rating(player.rating)
        for player in players
        if player.rating is not None
    }
    history: dict[str, list[float | None]] = {name: [] for name in names}
    for event in schedule:
        try:
            played = played_games(event.games, names)
            for name in names:
                if played[name].opponents and name not in state:
                    state[name] = glicko2.Glicko2Rating()  # Glickman step 1: unrated
            triples = [
                (game.white, game.black, game.white_score)
                for game in event.games
                if game.rated and game.black is not None
            ]
            state = glicko2.rate_period(state, triples, tau)
        except InvalidInputError as error:
            raise _in_event(event.name, error) from None
        for name in names:
            if name in state:
                current[name] = _moved(
                    current[name], state[name].rating, len(played[name].opponents), event.name
                )
            history[name].append(current[name].rating)
    return _result(
        "glicko2", schedule, players, history, [current[name] for name in names], glicko=state
    )


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in an event's standings."""

    #: The player's name.
    name: str
    #: Rounds the player appears in (games, forfeits and byes).
    rounds: int
    #: Points scored (games, forfeits and byes as the results give them).
    points: float
    #: Players of the event with more points, plus one (None: not in the event).
    rank: int | None
    #: The player's place in the season's list of players (1 for the first).
    position: int
    #: Whether the ratings are known (False when the season could not be rated).
    rated: bool
    #: Rating before the event (the season's start for its first event; None: unrated).
    before: float | None
    #: Rating after the event (None: still unrated).
    after: float | None

    @property
    def change(self) -> float | None:
        """After minus before, when both are ratings."""
        if self.before is None or self.after is None:
            return None
        return self.after - self.before


def event_standings(
    names: Sequence[str],
    games: Sequence[Game],
    *,
    result: SeasonResult | None = None,
    event: str | None = None,
) -> tuple[Standing, ...]:
    """The standings of one event for every player of a season, in the order given.

    :param names: the season's players.
    :param games: the event's games (none: an event not in the season).
    :param result: the rated season (None: no ratings, as when it cannot be rated).
    :param event: the event's name in *result* (its ratings before and after).
    :returns: one :class:`Standing` per name: rounds and points from *games*; rank among
        the players with at least one round (more points, plus one); the ratings before
        and after the event from *result* (before the first event: the season's start).

    A beats B and draws with him; C has a full-point bye (Elo, K 20: A gains 10 for 1.5
    points out of 2 against an equal rating):

    >>> import datetime
    >>> from xlrating.rating.tournament import Game, Player
    >>> games = [Game(1, "A", "B", 1.0), Game(2, "B", "A", 0.5), Game(2, "C", None, 1.0, "bye")]
    >>> players = [Player("A", 1500, 30), Player("B", 1500, 30), Player("C", None, 0)]
    >>> day = datetime.date(2025, 1, 1)
    >>> rated = rate_season(players, [("One", day, games)], system="elo", k=20)
    >>> rows = event_standings(["A", "B", "C"], games, result=rated, event="One")
    >>> [(s.name, s.rounds, s.points, s.rank, s.before, s.after) for s in rows]
    [('A', 2, 1.5, 1, 1500, 1510.0), ('B', 2, 0.5, 3, 1500, 1490.0), ('C', 1, 1.0, 2, None, None)]
    """
    rounds = dict.fromkeys(names, 0)
    points = dict.fromkeys(names, 0.0)
    for game in games:
        for who, scored in ((game.white, game.white_score), (game.black, game.black_points)):
            if who is not None and who in rounds:
                rounds[who] += 1
                points[who] += scored
    # Sorted once: the players with more points than p are found by bisection (n log n for
    # the whole table, where counting them for each player took n^2).
    playing = sorted(points[n] for n in names if rounds[n] > 0)
    at = -1
    if result is not None and event is not None and event in result.events:
        at = result.events.index(event)
    out = []
    for position, name in enumerate(names, start=1):
        before = after = None
        if at >= 0 and result is not None:
            row = result.row(name)
            before = row.start if at == 0 else row.after[at - 1]
            after = row.after[at]
        out.append(
            Standing(
                name,
                rounds[name],
                points[name],
                1 + len(playing) - bisect.bisect_right(playing, points[name])
                if rounds[name] > 0
                else None,
                position,
                at >= 0,
                before,
                after,
            )
        )
    return tuple(out)
