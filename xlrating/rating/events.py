"""Whole events: the US Chess five-step event rating and a FIDE rating period for everyone.

:func:`uscf_event` rates every player of an :class:`~xlrating.rating.tournament.Event` by the five
steps of "The US Chess Rating System" (Glickman and Doan), as written up with their sources
in ``docs/rules/uscf.md`` (cited by anchor; its rulings D1-D8 are binding):

1. initial ratings for unrated players (age rule; 1300, the adult rule, when the age is
   unknown), with N = 0;
2. N' = min(N, N*) for everyone (N' = N* when an established player's count is unknown);
3. a first estimate for every player with N = 0: the special rating with N' = 1 against
   the opponents' pre-event (or Step-1) ratings, at least 100 (used only as an opponent's
   strength in Step 4);
4. intermediate ratings for everyone, by :func:`xlrating.rating.uscf.rate` with the player's own
   R0 and N, against rated opponents' pre-event ratings and N = 0 opponents' Step-3
   estimates; bonus included, absolute floor 100 only (docs/rules/uscf.md#d5);
5. final ratings: the same computation against the opponents' Step-4 ratings, with the
   bonus and the player's own floor (``Player.floor``) as well as the absolute floor.

Byes, forfeits and unplayed games are not rated and count neither in m nor in N
(docs/rules/uscf.md#d8).  Bonus eligibility is per player: at least 3 rated games
(checked by :func:`xlrating.rating.uscf.rate`) and no opponent met more than twice
(docs/rules/uscf.md#d3).

:func:`fide_period` rates every player of one FIDE rating period (Rating Regulations B.02
effective 1 March 2024, ``docs/rules/fide.md``): rated players by 8.3 against their
opponents' pre-period ratings, newcomers by 7.1.4 and 8.2 with their games against rated
opponents pooled with earlier periods.

Readings chosen here where the sources leave a choice:

* ``Player`` carries no record of all-win or all-loss histories, so every prior record is
  taken as "mixed" (the special formula's history adjustment is not applied).
* An unrated player (``rating`` None) must have ``games`` 0; a rating given with
  ``games`` 0 is an initial rating based on no games (it gets a Step-3 estimate).
* FIDE: a rated player whose new rating is below 1400 is not published (7.2.1, from
  2024-03-01); the player becomes unrated, with an empty pool.  A newcomer who gets a
  first rating has completed the pooled games it rests on (``rated_games_after``).
"""

from __future__ import annotations

import datetime as _dt
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal, NamedTuple, get_args

from ..errors import InvalidInputError
from . import fide, uscf
from ._check import (
    check_computed,
    check_count,
    check_date,
    check_number,
    check_rating,
    check_result,
    show,
)
from .fide_rules import K_NEW_GAMES
from .tournament import Event, Game, GameKind, Player
from .uscf_rules import check_history, check_multiplier

__all__ = [
    "BONUS_MAX_MEETINGS",
    "STEP3_EFFECTIVE_GAMES",
    "EventFormula",
    "FidePeriodResult",
    "FidePeriodRow",
    "FidePlayer",
    "PlayedGames",
    "PooledGames",
    "UscfEventResult",
    "UscfEventRow",
    "fide_period",
    "played_games",
    "uscf_event",
]

#: The formula of a player's Step-5 rating; "" when the player had no rated game.
EventFormula = Literal["standard", "special", ""]

# US Chess Rating System, Step 3 (2015 text; 2004 spec): the first estimate of an unrated
# player whose Step-1 N is 0 is the special rating computed with N' = 1 (docs/rules/uscf.md#special,
# "Step 3 usage").  It is raised to the absolute floor 100 as the implementations do
# (docs/rules/uscf.md#special, [IMPL]; uscf.ABSOLUTE_FLOOR).
STEP3_EFFECTIVE_GAMES: Final = 1.0

# US Chess Rating System, bonus: no bonus when an opponent is met more than twice
# (docs/rules/uscf.md#standard; docs/rules/uscf.md#d3: a 3-game event with one repeated
# opponent still qualifies).
BONUS_MAX_MEETINGS: Final = 2

_GAME_KINDS: Final[tuple[str, ...]] = get_args(GameKind)


# ------------------------------------------------------------------ shared game handling


@dataclass(slots=True)
class PlayedGames:
    """One player's rated games: opponents' names and the player's results, in order."""

    opponents: list[str] = field(default_factory=list)
    results: list[float] = field(default_factory=list)


def played_games(games: Sequence[Game], names: Sequence[str]) -> dict[str, PlayedGames]:
    """Each player's rated games (byes, forfeits and unplayed games left out), checked.

    Shared with :mod:`xlrating.rating.season`, which rates a season event by event.
    """
    if isinstance(games, (str, bytes)) or not isinstance(games, Sequence):
        raise InvalidInputError(f"games must be a list of Game, got {show(games)}")
    known = set(names)
    played = {name: PlayedGames() for name in names}
    for row, game in enumerate(games, start=1):
        if not isinstance(game, Game):
            raise InvalidInputError(f"games row {row} must be a Game, got {show(game)}")
        if game.kind not in _GAME_KINDS:
            raise InvalidInputError(
                f"games row {row}: kind must be played, forfeit or bye, got {show(game.kind)}"
            )
        for who in (game.white, game.black):
            if who is not None and who not in known:
                raise InvalidInputError(f"games row {row}: unknown player {show(who)}")
        if game.white == game.black:
            raise InvalidInputError(f"games row {row}: {show(game.white)} is paired with himself")
        # docs/rules/uscf.md#d8: only played games are rated
        if not game.rated or game.black is None:
            continue
        white = check_result(game.white_score, f"games row {row}: White's result")
        black = check_result(game.black_points, f"games row {row}: Black's result")
        if white + black != 1.0:
            raise InvalidInputError(
                f"games row {row}: a played game's results must add up to 1, "
                f"got {show(white)} and {show(black)}"
            )
        played[game.white].opponents.append(game.black)
        played[game.white].results.append(white)
        played[game.black].opponents.append(game.white)
        played[game.black].results.append(black)
    return played


def _for_player(row: int, name: str, error: InvalidInputError) -> InvalidInputError:
    """*error* with the player it is about: ``players row 3 (Ann): ...``."""
    return InvalidInputError(f"players row {row} ({name}): {error}")


def _check_computed(rating: float, row: int, name: str, what: str) -> None:
    """A rating the event computed must stay within what xlrating accepts (0 to 4000)."""
    check_computed(rating, f"players row {row}: the {what} rating of {name}")


def _check_flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidInputError(f"{name} must be True or False, got {show(value)}")
    return value


# ------------------------------------------------------------------ US Chess event


@dataclass(frozen=True, slots=True)
class UscfEventRow:
    """One player's US Chess event rating, step by step."""

    #: The player's name.
    name: str
    #: Pre-event rating as given; None for an unrated player.
    pre_event: float | None
    #: Step 1: R0, the pre-event rating or the initial rating of an unrated player.
    initial: float
    #: Prior games N (0 for an unrated player; None: established, count unknown).
    games_before: int | None
    #: Step 2: N' = min(N, N*), N* when the count is unknown.
    effective_games: float
    #: Step 3: first estimate (N = 0 players with rated games only), else None.
    estimate: float | None
    #: Step 4: intermediate rating (absolute floor only), None without rated games.
    intermediate: float | None
    #: Step 5: post-event rating, unrounded; the pre-event rating without rated games.
    post_event: float | None
    #: post_event - pre_event; None while the player is or was unrated.
    change: float | None
    #: The published post-event rating (rounded, halves up); None while unrated.
    rounded: int | None
    #: Games after the event, N + m (None when N is unknown).
    games_after: int | None
    #: Step 5 formula: "standard", "special", or "" without rated games.
    formula: EventFormula
    #: Step 5 K of the standard formula; None otherwise.
    k: float | None
    #: True when the standard formula's bonus may apply (m >= 3, no opponent met > twice).
    bonus_eligible: bool
    #: Step 5 bonus points.
    bonus: float
    #: Points scored in rated games, S (byes and forfeits not included).
    score: float
    #: Rated games in the event, m.
    event_games: int
    #: Full Step-4 computation (None without rated games).
    step4: uscf.UscfResult | None
    #: Full Step-5 computation (None without rated games).
    step5: uscf.UscfResult | None


@dataclass(frozen=True, slots=True)
class UscfEventResult:
    """Every player's US Chess event rating, in the order of the event's players."""

    #: One row per player.
    rows: tuple[UscfEventRow, ...]
    #: The bonus multiplier B used.
    multiplier: float
    #: The event date used (None: today's rules).
    event_date: _dt.date | None
    #: True when rated as the Regular rating of a dual-rated event.
    dual_rated: bool
    #: The players as they leave the event: post-event ratings and game counts, same floors
    #: and ages (ready to enter the next event).
    players_after: tuple[Player, ...]
    _index: dict[str, UscfEventRow] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {row.name: row for row in self.rows})

    def row(self, name: str) -> UscfEventRow:
        """The row of the player called *name*."""
        try:
            return self._index[name]
        except (KeyError, TypeError):
            raise InvalidInputError(f"no player called {show(name)} in this event") from None


def _step1(player: Player, row: int) -> tuple[float, int | None]:
    """Step 1: R0 and N (docs/rules/uscf.md#step-1): the age rule or a given rating only."""
    if player.rating is None:
        if player.games != 0:
            raise InvalidInputError(
                f"players row {row}: {player.name} is unrated, so games must be 0, "
                f"got {show(player.games)}"
            )
        if player.age is None:
            return uscf.AGE_RATING_ADULT, 0
        return uscf.initial_rating(player.age), 0
    return float(player.rating), player.games


def _histories(
    histories: Mapping[str, uscf.History] | None, players: Sequence[Player]
) -> dict[str, uscf.History]:
    """The prior records given, checked: known players with N > 0 (or N unknown)."""
    if histories is None:
        return {}
    if not isinstance(histories, Mapping):
        raise InvalidInputError(f"histories must be a mapping of names, got {show(histories)}")
    by_name = {player.name: player for player in players}
    checked: dict[str, uscf.History] = {}
    for name, record in histories.items():
        player = by_name.get(name)
        if player is None:
            raise InvalidInputError(f"histories: no player called {show(name)} in this event")
        value = check_history(record)
        if value != "mixed" and (player.rating is None or player.games == 0):
            raise InvalidInputError(
                f"histories: {name} has no prior games, so no prior record, got {show(record)}"
            )
        checked[name] = value
    return checked


def uscf_event(
    event: Event,
    *,
    event_date: _dt.date | None = None,
    dual_rated: bool = False,
    multiplier: float | None = None,
    histories: Mapping[str, uscf.History] | None = None,
) -> UscfEventResult:
    """US Chess event rating of all players: Steps 1-5 (initial, N', estimate, intermediate, final).

    Steps 1-5 of the US Chess Rating System (see the module docstring).  Byes, forfeits
    and unplayed games are not rated.  A player without rated games keeps the pre-event
    rating and game count (an unrated player stays unrated).

    :param event: the players (with pre-event ratings, games, floors and ages) and games.
    :param event_date: the event's end date, choosing the bonus multiplier B; None takes
        ``event.date``, and today's rules when that is None too.
    :param dual_rated: True for the Regular rating of a dual-rated event (reduced K above
        2200).
    :param multiplier: an explicit bonus multiplier B, overriding the date.
    :param histories: the prior record ("all wins", "all losses" or "mixed") of players
        with N > 0, by name; "mixed" for everyone not named (an event file does not show
        it; the special formula's adjustment depends on it).
    :returns: a :class:`UscfEventResult` with one row per player, in event order.
    :raises InvalidInputError: on a bad argument, player or game.

    An established 1800 (40 games) loses to an unrated adult, who then draws a 1600.
    Step 1 gives the newcomer 1300; Step 3 (a virtual draw with 1300, N' = 1) estimates
    (1300 + 1800 + 1600 + 400 x (3 - 2)) / 3 = 1700; Step 4 (N' = 0) gives
    (1800 + 1600 + 400 x (2 - 1)) / 2 = 1900; Step 5 rates again against the 1800's and
    the 1600's Step-4 ratings.

    >>> import datetime
    >>> from xlrating.rating.tournament import Event, Game, Player
    >>> event = Event(
    ...     (Player("A", 1800, 40), Player("B", 1600, 30), Player("New")),
    ...     (Game(1, "A", "New", 0), Game(2, "New", "B", 0.5)),
    ...     datetime.date(2025, 6, 1),
    ... )
    >>> result = uscf_event(event)
    >>> new = result.row("New")
    >>> new.initial, new.estimate, new.intermediate, new.rounded, new.games_after
    (1300.0, 1700.0, 1900.0, 1892, 2)
    """
    if not isinstance(event, Event):
        raise InvalidInputError(f"event must be an Event, got {show(event)}")
    day: _dt.date | None = None
    if event_date is not None:
        day = check_date(event_date, "event_date")
    elif event.date is not None:
        day = check_date(event.date, "event date")
    dual = _check_flag(dual_rated, "dual_rated")
    b = uscf.bonus_multiplier(day) if multiplier is None else check_multiplier(multiplier)
    records = _histories(histories, event.players)

    players = event.players
    rows_of = {player.name: row for row, player in enumerate(players, start=1)}
    # Step 1 (and the floors, checked here so that a bad one names its player).
    start: dict[str, tuple[float, int | None]] = {}
    for row, player in enumerate(players, start=1):
        start[player.name] = _step1(player, row)
        check_rating(player.floor, f"floor of {player.name}")
        if player.rating is not None:
            uscf.check_uscf_rating(player.rating, f"players row {row}: rating of {player.name}")
    played = played_games(event.games, [player.name for player in players])

    # Step 3: estimates for N = 0 players, against pre-event or Step-1 ratings.
    estimates: dict[str, float] = {}
    for name, (r0, n) in start.items():
        games = played[name]
        if n == 0 and games.opponents:
            opponents = [start[opponent][0] for opponent in games.opponents]
            special = uscf.special_rating(r0, STEP3_EFFECTIVE_GAMES, opponents, games.results)
            estimates[name] = max(uscf.ABSOLUTE_FLOOR, special)

    # Step 4 strengths: the Step-3 estimate of an N = 0 opponent, else the pre-event rating.
    # (A rating with N > 0 is always a pre-event rating here: no conversions,
    # docs/rules/uscf.md#d6.)
    strength = {name: estimates.get(name, r0) for name, (r0, _) in start.items()}

    def rate_all(opponent_rating: Mapping[str, float], final: bool) -> dict[str, uscf.UscfResult]:
        rated: dict[str, uscf.UscfResult] = {}
        for player in players:
            games = played[player.name]
            if not games.opponents:
                continue
            r0, n = start[player.name]
            meetings = Counter(games.opponents)
            for opponent in games.opponents:
                stage = "Step-4" if final else "Step-3"
                _check_computed(opponent_rating[opponent], rows_of[opponent], opponent, stage)
            try:
                rated[player.name] = uscf.rate(
                    r0,
                    n,
                    [opponent_rating[opponent] for opponent in games.opponents],
                    games.results,
                    # docs/rules/uscf.md#d5: personal floors only in Step 5; the absolute
                    # floor 100 always (uscf.rate applies it in any case).
                    floor=player.floor if final else uscf.ABSOLUTE_FLOOR,
                    bonus_ok=max(meetings.values()) <= BONUS_MAX_MEETINGS,
                    dual_rated=dual,
                    history=records.get(player.name, "mixed"),
                    multiplier=b,
                )
            except InvalidInputError as error:
                raise _for_player(rows_of[player.name], player.name, error) from None
        return rated

    step4 = rate_all(strength, final=False)
    step5 = rate_all({name: result.new_rating for name, result in step4.items()}, final=True)
    for name, result in step5.items():
        _check_computed(result.new_rating, rows_of[name], name, "post-event")

    rows: list[UscfEventRow] = []
    after: list[Player] = []
    for player in players:
        r0, n = start[player.name]
        four = step4.get(player.name)
        five = step5.get(player.name)
        post = player.rating if five is None else five.new_rating
        games_after = player.games if five is None else five.games_after
        rows.append(
            UscfEventRow(
                name=player.name,
                pre_event=None if player.rating is None else float(player.rating),
                initial=r0,
                games_before=n,
                effective_games=uscf.effective_games(r0, n),
                estimate=estimates.get(player.name),
                intermediate=None if four is None else four.new_rating,
                post_event=None if post is None else float(post),
                change=None if post is None or player.rating is None else post - player.rating,
                rounded=None if post is None else uscf.rounded_rating(post),
                games_after=games_after,
                formula="" if five is None else five.formula,
                k=None if five is None else five.k,
                bonus_eligible=False if five is None else five.bonus_eligible,
                bonus=0.0 if five is None else five.bonus,
                score=0.0 if five is None else five.score,
                event_games=0 if five is None else five.event_games,
                step4=four,
                step5=five,
            )
        )
        after.append(
            Player(
                player.name,
                None if post is None else float(post),
                games_after,
                player.floor,
                player.age,
            )
        )
    return UscfEventResult(
        rows=tuple(rows),
        multiplier=b,
        event_date=day,
        dual_rated=dual,
        players_after=tuple(after),
    )


# ------------------------------------------------------------------ FIDE rating period


@dataclass(frozen=True, slots=True)
class FidePlayer:
    """A player entering a FIDE rating period.

    :param name: unique name (or FIDE ID).
    :param rating: the published rating at the start of the period; None if unrated.
    :param rated_games: rated games completed before the period (K = 40 below 30).
    :param birth_year: year of birth (juniors get K = 40 under 2300); None: not a junior.
    :param reached_2400: True once a published rating has reached 2400 (K = 10).
    :param k: a K-factor to use instead of the 8.3.3 rules (None: by the rules).
    """

    name: str
    rating: float | None
    rated_games: int = K_NEW_GAMES  # not new
    birth_year: int | None = None
    reached_2400: bool = False
    k: float | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise InvalidInputError(f"player name must be text, got {show(self.name)}")
        if self.rating is not None:
            check_rating(self.rating, f"rating of {self.name}")
        check_count(self.rated_games, f"rated_games of {self.name}")
        if self.birth_year is not None:
            check_count(self.birth_year, f"birth_year of {self.name}", minimum=1)
        _check_flag(self.reached_2400, f"reached_2400 of {self.name}")
        if self.k is not None and check_number(self.k, f"k of {self.name}") <= 0.0:
            raise InvalidInputError(
                f"k of {self.name} must be a positive number, got {show(self.k)}"
            )


class PooledGames(NamedTuple):
    """A newcomer's games against rated opponents from earlier rating periods (7.1.4).

    ``first_event_games`` is how many leading games are the player's first event, which
    8.2.1 disregards if it scored zero; 0 when the pool does not hold the whole first
    event (it has left the 26-month window, or its points were scored against unrated
    opponents, whose games are not pooled): 8.2.1 is then not applied.
    """

    opponents: tuple[float, ...]
    results: tuple[float, ...]
    first_event_games: int


@dataclass(frozen=True, slots=True)
class FidePeriodRow:
    """One player's FIDE rating period."""

    #: The player's name.
    name: str
    #: Rating at the start of the period; None for a newcomer.
    rating: float | None
    #: K used (8.3.3 with the 700 rule, or the player's own); None for a newcomer.
    k: float | None
    #: Rated games this period (a newcomer: games against rated opponents).
    games: int
    #: Points in those games.
    score: float
    #: K x sum(score - PD) before rounding; None for a newcomer.
    change_unrounded: float | None
    #: The rating change, rounded .5 away from zero (8.3.4); None for a newcomer.
    change: int | None
    #: The rating computed: rating + change, or a newcomer's Ru (None if no Ru).
    computed: float | None
    #: The rating on the next list; None when unrated (no first rating yet, or below 1400).
    new_rating: float | None
    #: Why a newcomer has or has not a first rating ("" for a rated player).
    first_rating_reason: str
    #: Rated games completed after the period (for the next K).
    rated_games_after: int
    #: True once a published rating has reached 2400.
    reached_2400: bool
    #: The rating-change details (None for a newcomer).
    details: fide.FideChange | None
    #: The first-rating details (None for a rated player).
    first: fide.FirstRating | None


@dataclass(frozen=True, slots=True)
class FidePeriodResult:
    """Every player's FIDE rating period, in the order of the players."""

    #: One row per player.
    rows: tuple[FidePeriodRow, ...]
    #: Newcomers still unrated, with their pooled games for the next period.
    pool: dict[str, PooledGames]
    #: The rating list.
    rating_list: fide.RatingList
    #: The period date used (None: today's rules).
    period_date: _dt.date | None
    #: The players as they leave the period (ready for the next period).
    players_after: tuple[FidePlayer, ...]
    _index: dict[str, FidePeriodRow] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {row.name: row for row in self.rows})

    def row(self, name: str) -> FidePeriodRow:
        """The row of the player called *name*."""
        try:
            return self._index[name]
        except (KeyError, TypeError):
            raise InvalidInputError(f"no player called {show(name)} in this period") from None


def _check_pool(
    pooled: Mapping[str, Sequence[object]] | None, players: Mapping[str, FidePlayer]
) -> dict[str, PooledGames]:
    if pooled is None:
        return {}
    if not isinstance(pooled, Mapping):
        raise InvalidInputError(f"pooled must map names to pooled games, got {show(pooled)}")
    checked: dict[str, PooledGames] = {}
    for name, entry in pooled.items():
        where = f"pooled[{name!r}]"
        if name not in players:
            raise InvalidInputError(f"{where}: unknown player {show(name)}")
        if players[name].rating is not None:
            raise InvalidInputError(f"{where}: {name} is rated, so nothing can be pooled")
        if isinstance(entry, (str, bytes)) or not isinstance(entry, Sequence) or len(entry) != 3:
            raise InvalidInputError(
                f"{where} must be (opponents, results, first_event_games), got {show(entry)}"
            )
        opponents, results, first = entry
        if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Sequence):
            raise InvalidInputError(f"{where} opponents must be a list, got {show(opponents)}")
        if isinstance(results, (str, bytes)) or not isinstance(results, Sequence):
            raise InvalidInputError(f"{where} results must be a list, got {show(results)}")
        if len(opponents) != len(results):
            raise InvalidInputError(
                f"{where}: opponents has {len(opponents)} entries but results has {len(results)}"
            )
        count = check_count(first, f"{where} first_event_games")
        if count > len(results):
            raise InvalidInputError(
                f"{where} first_event_games must not exceed the {len(results)} games, "
                f"got {show(first)}"
            )
        checked[name] = PooledGames(
            tuple(check_rating(o, f"{where} opponents[{i + 1}]") for i, o in enumerate(opponents)),
            tuple(check_result(r, f"{where} results[{i + 1}]") for i, r in enumerate(results)),
            count,
        )
    return checked


def _first_rating(pool: PooledGames, day: _dt.date | None) -> fide.FirstRating:
    """fide.first_rating on a pool; ``first_event_games`` 0 means 8.2.1 does not apply."""
    return fide.first_rating(pool.opponents, pool.results, pool.first_event_games, period_date=day)


_NO_RATED_GAMES: Final = "no games against rated opponents; at least 5 are needed (7.1.4)"


def _newcomer(
    pairs: Sequence[tuple[float | None, float]],
    earlier: PooledGames | None,
    day: _dt.date | None,
) -> tuple[fide.FirstRating | None, PooledGames | None]:
    """A newcomer's first-rating attempt and pool after this period (7.1.4, 8.2).

    *pairs* are this period's games: the opponent's pre-period rating (None: unrated) and
    the result.  Returns (None, None) for a newcomer who has never played, and a first
    rating of None while the pool holds no game against a rated opponent.
    """
    opponents = tuple(rating for rating, _ in pairs if rating is not None)
    results = tuple(result for rating, result in pairs if rating is not None)
    if earlier is None:
        if not pairs:
            return None, None
        # This period is the player's first event; the pool holds the whole of it unless
        # points were scored against unrated opponents (whose games are not pooled).
        whole = math.fsum(result for _, result in pairs) == math.fsum(results)
        combined = PooledGames(opponents, results, len(results) if whole else 0)
    else:
        combined = PooledGames(
            earlier.opponents + opponents, earlier.results + results, earlier.first_event_games
        )
    if not combined.results:
        return None, combined
    return _first_rating(combined, day), combined


def _rated_row(
    player: FidePlayer,
    own: float,
    mine: PlayedGames,
    pre: Mapping[str, float | None],
    rating_list: fide.RatingList,
    day: _dt.date | None,
) -> FidePeriodRow:
    """A rated player's period (8.3): K with the 700 rule, change, 7.2.1 delisting."""
    opponents = [pre[name] for name in mine.opponents]
    counted = sum(fide.is_rated_game(own, opponent, rating_list, day) for opponent in opponents)
    k: float
    if player.k is not None:
        k = player.k
    else:
        k = fide.k_factor(
            own,
            player.rated_games,
            player.birth_year,
            player.reached_2400,
            period_games=counted,
            period_date=day,
            rating_list=rating_list,
        )
    details = None
    computed = float(own)
    if counted:
        details = fide.rating_change(own, opponents, mine.results, k, rating_list, event_date=day)
        computed = details.new_rating
    # B.02 from 2024-03-01, 7.1.4 ("The rating must be at least 1400") and 7.2.1 (players
    # whose ratings drop below 1400 are shown as unrated): applied to a rating the period's
    # games made.
    delisted = fide.fide_rules(day, rating_list).is_delisted(computed, counted)
    new_rating = None if delisted else computed
    return FidePeriodRow(
        name=player.name,
        rating=own,
        k=k,
        games=counted,
        score=0.0 if details is None else details.score,
        change_unrounded=0.0 if details is None else details.change_unrounded,
        change=0 if details is None else details.change,
        computed=computed,
        new_rating=new_rating,
        first_rating_reason=(
            f"{computed:g} is below {fide.RATING_FLOOR}: shown as unrated (7.2.1)"
            if delisted
            else ""
        ),
        rated_games_after=player.rated_games + counted,
        # 8.3.3: K = 10 once a published rating has reached 2400.
        reached_2400=player.reached_2400
        or (new_rating is not None and new_rating >= fide.K_ELITE_RATING),
        details=details,
        first=None,
    )


def fide_period(
    players: Sequence[FidePlayer],
    games: Sequence[Game],
    *,
    rating_list: fide.RatingList = "standard",
    period_date: _dt.date | None = None,
    pooled: Mapping[str, Sequence[object]] | None = None,
) -> FidePeriodResult:
    """FIDE ratings of every player for one rating period: changes (8.3) and first ratings (8.2).

    Rated players: K by 8.3.3 with the period's rated games (700 rule) unless the player
    has their own ``k``; change K x sum(score - PD) against the opponents' pre-period
    ratings, rounded once (8.3.4).  Games against unrated opponents, byes, forfeits and
    rapid/blitz games removed by the 600-point rule are not rated.  A new rating below
    1400 is not published from 2024-03-01 (7.2.1): the player becomes unrated.
    Newcomers: their games against rated opponents are added to their ``pooled`` games
    from earlier periods (within 26 months, 7.1.4: the caller's choice of periods) and
    :func:`xlrating.rating.fide.first_rating` decides whether a first rating is published.  A
    newcomer without a pool entry plays their first event in this period.

    :param players: every player, with the ratings at the start of the period.
    :param games: the period's games (``Game``; ``white_score`` from White's side).
    :param rating_list: ``"standard"``, ``"rapid"`` or ``"blitz"``.
    :param period_date: a date in the rating period (rules by date); None means today.
    :param pooled: newcomer name -> (opponents, results, first_event_games), see
        :class:`PooledGames`; None for none.
    :returns: a :class:`FidePeriodResult`; its ``pool`` holds the still-unrated
        newcomers' games for the next period.
    :raises InvalidInputError: on a bad argument, player, game or pool.

    Seed 001's example: 1800 (K 20) meets 1750 W, 1850 D, 1900 L, 1700 W, 2000 D:
    PD sum 2.24, score 3, change +15.2, rounded +15.

    >>> import datetime
    >>> from xlrating.rating.tournament import Game
    >>> people = [FidePlayer("P", 1800), FidePlayer("a", 1750), FidePlayer("b", 1850),
    ...           FidePlayer("c", 1900), FidePlayer("d", 1700), FidePlayer("e", 2000)]
    >>> games = [Game(1, "P", "a", 1), Game(2, "b", "P", 0.5), Game(3, "P", "c", 0),
    ...          Game(4, "d", "P", 0), Game(5, "P", "e", 0.5)]
    >>> result = fide_period(people, games, period_date=datetime.date(2025, 6, 1))
    >>> row = result.row("P")
    >>> row.k, row.change_unrounded, row.change, row.new_rating
    (20, 15.2, 15, 1815)
    """
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise InvalidInputError(f"players must be a list of FidePlayer, got {show(players)}")
    index: dict[str, FidePlayer] = {}
    rows_of: dict[str, int] = {}
    for row, player in enumerate(players, start=1):
        if not isinstance(player, FidePlayer):
            raise InvalidInputError(f"players row {row} must be a FidePlayer, got {show(player)}")
        if player.name in index:
            raise InvalidInputError(f"players row {row}: duplicate name {show(player.name)}")
        if player.rating is not None:
            fide.check_fide_rating(player.rating, f"players row {row}: rating of {player.name}")
        # FidePlayer has refused a k of 0 or less already.
        if player.k is not None and player.k > fide.K_MAX:
            raise InvalidInputError(
                f"players row {row}: K of {player.name} must be a number above 0 and at most "
                f"{fide.K_MAX}, got {show(player.k)}"
            )
        index[player.name] = player
        rows_of[player.name] = row
    rating_list = fide.check_rating_list(rating_list)
    day = None if period_date is None else check_date(period_date, "period_date")
    pool = _check_pool(pooled, index)
    played = played_games(games, list(index))

    rows: list[FidePeriodRow] = []
    new_pool: dict[str, PooledGames] = {}
    for player in index.values():
        mine = played[player.name]
        pre = {name: index[name].rating for name in mine.opponents}
        try:
            if player.rating is not None:
                rows.append(_rated_row(player, player.rating, mine, pre, rating_list, day))
                continue
            # A newcomer: pool this period's games against rated opponents (7.1.4).
            pairs = [
                (pre[name], result)
                for name, result in zip(mine.opponents, mine.results, strict=True)
            ]
            first, combined = _newcomer(pairs, pool.get(player.name), day)
        except InvalidInputError as error:
            raise _for_player(rows_of[player.name], player.name, error) from None
        rating = None if first is None else first.rating
        if rating is None and combined is not None:
            new_pool[player.name] = combined
        counted = [result for rating, result in pairs if rating is not None]
        rows.append(
            FidePeriodRow(
                name=player.name,
                rating=None,
                k=None,
                games=len(counted),
                score=math.fsum(counted),
                change_unrounded=None,
                change=None,
                computed=None if first is None or first.computed is None else float(first.computed),
                new_rating=None if rating is None else float(rating),
                first_rating_reason=_NO_RATED_GAMES if first is None else first.reason,
                # A first rating rests on the pooled games: they are completed (8.3.3).
                rated_games_after=player.rated_games
                if first is None or rating is None
                else first.games,
                reached_2400=player.reached_2400,
                details=None,
                first=first,
            )
        )
    after = tuple(
        FidePlayer(
            row.name,
            row.new_rating,
            row.rated_games_after,
            index[row.name].birth_year,
            row.reached_2400,
            index[row.name].k,
        )
        for row in rows
    )
    return FidePeriodResult(
        rows=tuple(rows),
        pool=new_pool,
        rating_list=rating_list,
        period_date=day,
        players_after=after,
    )
