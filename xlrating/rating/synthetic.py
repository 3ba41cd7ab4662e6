"""Seeded synthetic chess data for benchmarks and scale tests: same seed, same data.

Nothing here is a rating rule.  The generator invents players and plays out events so
that the benchmarks (``bench/``) measure the same work on every run and every machine:

* :func:`open_event`: a Swiss open as US Chess would rate it (unrated and provisional
  players mixed in), with :func:`event_tables` giving the Players and Games ranges a
  sheet would hold;
* :func:`season`: a season of Swiss events for :func:`xlrating.rating.season.rate_season`, with
  :func:`season_tables` for ``SEASON_RATINGS``;
* :func:`elo_games`: one long stream of games for game-by-game Elo updates;
* :func:`fide_month`: a federation's rating period in columns (for :mod:`xlrating.rating.batch`).

Results are drawn from each player's hidden strength with the logistic expectancy and a
fixed share of draws; pairings are a plain Swiss (score groups, no rematches where it can
be avoided, a bye for the lowest player left over).  Standard library only.
"""

from __future__ import annotations

import datetime as _dt
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import InvalidInputError
from ._check import check_count, check_number, show
from ._numeric import logistic_expected
from .events import FidePlayer
from .tournament import Event, Game, Player

__all__ = [
    "FideMonth",
    "Season",
    "elo_games",
    "event_tables",
    "fide_month",
    "open_event",
    "season",
    "season_tables",
]

#: Share of played games drawn (a plausible open-tournament figure, not a rule).
DRAW_SHARE = 0.2
_RESULT_TEXT = {1.0: "1-0", 0.5: "½-½", 0.0: "0-1"}


def _share(value: object, name: str) -> float:
    number = check_number(value, name)
    if not 0.0 <= number <= 1.0:
        raise InvalidInputError(f"{name} must be between 0 and 1, got {show(value)}")
    return number


def _strength(rng: random.Random, low: float = 100.0, high: float = 2700.0) -> float:
    return float(min(high, max(low, round(rng.gauss(1500.0, 350.0)))))


def _play(rng: random.Random, white: float, black: float) -> float:
    """White's score, drawn from the hidden strengths."""
    expected = logistic_expected(white, black, 400.0)
    draw = DRAW_SHARE * (1.0 - abs(2.0 * expected - 1.0))
    roll = rng.random()
    if roll < draw:
        return 0.5
    return 1.0 if roll < draw + (1.0 - draw) * expected else 0.0


def _swiss(
    rng: random.Random,
    names: Sequence[str],
    strength: dict[str, float],
    seed_rating: dict[str, float],
    rounds: int,
) -> list[Game]:
    """A plain Swiss: pair down the score order, avoiding rematches; a bye when odd."""
    score = dict.fromkeys(names, 0.0)
    met: set[tuple[str, str]] = set()
    had_bye: set[str] = set()
    games: list[Game] = []
    for rnd in range(1, rounds + 1):
        order = sorted(names, key=lambda n: (-score[n], -seed_rating[n], n))
        if len(order) % 2:
            bye = next((n for n in reversed(order) if n not in had_bye), order[-1])
            order.remove(bye)
            had_bye.add(bye)
            score[bye] += 1.0
            games.append(Game(rnd, bye, None, 1.0, "bye"))
        waiting = order
        while waiting:
            first = waiting.pop(0)
            pick = next(
                (i for i, other in enumerate(waiting) if (first, other) not in met),
                0,
            )
            second = waiting.pop(pick)
            met.add((first, second))
            met.add((second, first))
            white, black = (first, second) if rng.random() < 0.5 else (second, first)
            result = _play(rng, strength[white], strength[black])
            score[white] += result
            score[black] += 1.0 - result
            games.append(Game(rnd, white, black, result))
    return games


def open_event(
    players: int = 500,
    rounds: int = 9,
    *,
    unrated: float = 0.10,
    provisional: float = 0.20,
    seed: int = 2026,
    date: _dt.date = _dt.date(2026, 6, 1),
) -> Event:
    """A Swiss open: *players* entrants, *rounds* rounds, some unrated and some provisional.

    Established players have 26 to 600 prior games, provisional ones 1 to 25 (a third of
    them 8 or fewer: the special formula), unrated ones none (half of them with an age).

    >>> event = open_event(60, 6, seed=1)
    >>> len(event.players), sum(g.rated for g in event.games)
    (60, 180)
    >>> event == open_event(60, 6, seed=1)
    True
    """
    count = check_count(players, "players", minimum=2)
    rounds = check_count(rounds, "rounds", minimum=1)
    unrated_share = _share(unrated, "unrated")
    provisional_share = _share(provisional, "provisional")
    rng = random.Random(seed)
    roster: list[Player] = []
    strength: dict[str, float] = {}
    for i in range(count):
        name = f"P{i + 1:04d}"
        hidden = _strength(rng)
        strength[name] = hidden
        roll = rng.random()
        if roll < unrated_share:
            age = float(rng.randint(8, 70)) if rng.random() < 0.5 else None
            roster.append(Player(name, None, 0, 0.0, age))
            continue
        rating = float(min(2700.0, max(100.0, round(hidden + rng.gauss(0.0, 80.0)))))
        if roll < unrated_share + provisional_share:
            prior = rng.randint(1, 8) if rng.random() < 1 / 3 else rng.randint(9, 25)
        else:
            prior = rng.randint(26, 600)
        floor = float(max(100, (int(rating) // 100 - 2) * 100)) if prior > 25 else 0.0
        roster.append(Player(name, rating, prior, floor))
    seed_rating = {p.name: p.rating if p.rating is not None else 0.0 for p in roster}
    played = _swiss(rng, [p.name for p in roster], strength, seed_rating, rounds)
    return Event(tuple(roster), tuple(played), date, f"Open {seed}")


def _cell(value: float | None) -> float | None:
    return None if value is None else float(value)


def event_tables(event: Event) -> tuple[list[list[object]], list[list[object]]]:
    """The event as a sheet holds it: Players (name, rating, games, floor, age) and Games
    (round, white, black, result text; a bye has black "BYE" and its points).

    Cells are shaped as xlwings hands them to a function: numbers as floats, blanks None.
    """
    players: list[list[object]] = [
        [p.name, _cell(p.rating), _cell(p.games), float(p.floor), _cell(p.age)]
        for p in event.players
    ]
    games: list[list[object]] = []
    for game in event.games:
        if game.black is None:
            games.append([float(game.round), game.white, "BYE", "+-"])
        else:
            games.append(
                [float(game.round), game.white, game.black, _RESULT_TEXT[game.white_score]]
            )
    return players, games


@dataclass(frozen=True)
class Season:
    """A club's season: players before it and its events (name, date, games)."""

    players: tuple[Player, ...]
    events: tuple[tuple[str, _dt.date, tuple[Game, ...]], ...]

    @property
    def fide_players(self) -> tuple[FidePlayer, ...]:
        """The same players for the FIDE system (rated games as given, no juniors)."""
        return tuple(FidePlayer(p.name, p.rating, p.games or 0) for p in self.players)

    @property
    def games(self) -> int:
        """Pairings in the season (byes included)."""
        return sum(len(games) for _, _, games in self.events)


def season(
    players: int = 300,
    events: int = 40,
    games: int = 20_000,
    *,
    unrated: float = 0.05,
    seed: int = 2026,
    start: _dt.date = _dt.date(2025, 9, 6),
) -> Season:
    """A season of weekly Swiss events with about *games* pairings in all.

    Every event takes an even number of entrants drawn from the club (at most all of
    them) and as many rounds as spread the games evenly.  Ratings are between 1000 and
    2700, so the same season serves US Chess, FIDE, Elo and Glicko-2.

    >>> s = season(20, 3, 60, seed=1)
    >>> len(s.players), len(s.events), s.games
    (20, 3, 60)
    """
    count = check_count(players, "players", minimum=2)
    event_count = check_count(events, "events", minimum=1)
    total = check_count(games, "games", minimum=event_count)
    unrated_share = _share(unrated, "unrated")
    rng = random.Random(seed)
    roster: list[Player] = []
    strength: dict[str, float] = {}
    for i in range(count):
        name = f"M{i + 1:04d}"
        hidden = _strength(rng, 1000.0, 2700.0)
        strength[name] = hidden
        if rng.random() < unrated_share:
            roster.append(Player(name, None, 0))
        else:
            rating = float(min(2700.0, max(1000.0, round(hidden + rng.gauss(0.0, 60.0)))))
            roster.append(Player(name, rating, rng.randint(10, 400)))
    names = [p.name for p in roster]
    seed_rating = {p.name: p.rating if p.rating is not None else 0.0 for p in roster}
    per_event = total // event_count
    most = count // 2  # boards when the whole club plays
    schedule: list[tuple[str, _dt.date, tuple[Game, ...]]] = []
    for e in range(event_count):
        want = per_event + (1 if e < total % event_count else 0)
        rounds = -(-want // most)
        boards = -(-want // rounds)
        field = sorted(rng.sample(names, 2 * boards))
        played = _swiss(rng, field, strength, seed_rating, rounds)[:want]
        schedule.append((f"Event {e + 1:03d}", start + _dt.timedelta(weeks=e), tuple(played)))
    return Season(tuple(roster), tuple(schedule))


def season_tables(data: Season) -> tuple[list[list[object]], list[list[object]]]:
    """The season as ``SEASON_RATINGS`` reads it: Players (name, rating, games) and Games
    (event, date, round, white, black, result text), dates as datetimes as xlwings gives."""
    players: list[list[object]] = [
        [p.name, _cell(p.rating), _cell(p.games), 0.0, None] for p in data.players
    ]
    games: list[list[object]] = []
    for name, day, played in data.events:
        when = _dt.datetime(day.year, day.month, day.day)
        for game in played:
            black, result = (
                ("BYE", "+-")
                if game.black is None
                else (game.black, _RESULT_TEXT[game.white_score])
            )
            games.append([name, when, float(game.round), game.white, black, result])
    return players, games


def elo_games(
    players: int = 1_000, games: int = 100_000, *, seed: int = 2026
) -> tuple[list[float], list[tuple[int, int, float]]]:
    """Starting ratings and a stream of games (white index, black index, White's score).

    >>> ratings, stream = elo_games(10, 5, seed=1)
    >>> len(ratings), len(stream), all(w != b for w, b, _ in stream)
    (10, 5, True)
    """
    count = check_count(players, "players", minimum=2)
    total = check_count(games, "games")
    rng = random.Random(seed)
    hidden = [_strength(rng, 1000.0, 2700.0) for _ in range(count)]
    ratings = [float(min(2700.0, max(1000.0, round(h + rng.gauss(0.0, 60.0))))) for h in hidden]
    stream: list[tuple[int, int, float]] = []
    for _ in range(total):
        white, black = rng.sample(range(count), 2)
        stream.append((white, black, _play(rng, hidden[white], hidden[black])))
    return ratings, stream


@dataclass(frozen=True)
class FideMonth:
    """A FIDE rating period in columns: one entry per player, one per game."""

    #: Published ratings; None for an unrated player.
    ratings: list[float | None]
    rated_games: list[int]
    birth_year: list[int | None]
    reached_2400: list[bool]
    white: list[int]
    black: list[int]
    white_score: list[float]
    period_date: _dt.date


def fide_month(
    players: int = 200_000,
    games: int = 1_000_000,
    *,
    unrated: float = 0.05,
    seed: int = 2026,
    period_date: _dt.date = _dt.date(2026, 6, 1),
) -> FideMonth:
    """A federation's month: ratings 1000-2800, juniors, new players, about 5 games each.

    >>> month = fide_month(100, 400, seed=1)
    >>> len(month.ratings), len(month.white), month.white_score[0] in (0.0, 0.5, 1.0)
    (100, 400, True)
    """
    count = check_count(players, "players", minimum=2)
    total = check_count(games, "games")
    unrated_share = _share(unrated, "unrated")
    rng = random.Random(seed)
    ratings: list[float | None] = []
    hidden: list[float] = []
    rated_games: list[int] = []
    birth_year: list[int | None] = []
    reached: list[bool] = []
    year = period_date.year
    for _ in range(count):
        strength = float(min(2800.0, max(1000.0, round(rng.gauss(1700.0, 300.0)))))
        hidden.append(strength)
        if rng.random() < unrated_share:
            ratings.append(None)
            rated_games.append(0)
        else:
            ratings.append(strength)
            rated_games.append(rng.randint(0, 120))
        birth_year.append(rng.randint(year - 17, year - 6) if rng.random() < 0.2 else None)
        reached.append(strength >= 2300 and rng.random() < 0.5)
    white: list[int] = []
    black: list[int] = []
    scores: list[float] = []
    for _ in range(total):
        w = rng.randrange(count)
        b = rng.randrange(count - 1)
        b += b >= w
        white.append(w)
        black.append(b)
        scores.append(_play(rng, hidden[w], hidden[b]))
    return FideMonth(ratings, rated_games, birth_year, reached, white, black, scores, period_date)
