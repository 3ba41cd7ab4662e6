"""The one registry of spreadsheet functions: Excel name -> implementation over the core.

Every front end reads this table: the xlwings declarations in :mod:`xlrating.udfs`
(generated from it by :func:`xlrating.sheet.catalog_render.render_udfs`), the headless
workbook engine and the template builder.  Each entry takes raw cell values (what xlwings
or the headless engine hands over), coerces them with :mod:`xlrating.sheet.cells`, calls
the core, and returns a cell value: a number, a text, or a list of rows that spills.  Every
failure comes back as one line of text (see :func:`xlrating.sheet.cells.cell_error_text`).

The names, argument order and defaults are a contract with users' spreadsheets:
keep them, and add new optional arguments only at the end.

The arguments' descriptions and shared coercions live in :mod:`xlrating.sheet.catalog_args`, the
generated files' renderers in :mod:`xlrating.sheet.catalog_render` (``python -m
xlrating.generate`` writes them); this module re-exports :class:`Param`.
"""

from __future__ import annotations

import datetime as _dt
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, TypeGuard, get_args

from ..errors import EventError, InvalidInputError, NoRatingError, NotFoundError
from ..rating import elo, events, fide, glicko2, season, tiebreak, uscf
from ..rating._check import show
from ..rating.fide_rules import K_NEW_GAMES
from ..rating.tournament import Event, Player
from .catalog_args import ELO_ARGS as _ELO_ARGS
from .catalog_args import EVENT_DATE as _EVENT_DATE
from .catalog_args import FIDE_ARGS as _FIDE_ARGS
from .catalog_args import FIDE_METHODS as _FIDE_METHODS
from .catalog_args import MULTIPLIER as _MULTIPLIER
from .catalog_args import OPPONENT as _OPPONENT
from .catalog_args import OPPONENTS as _OPPONENTS
from .catalog_args import RATING as _RATING
from .catalog_args import RATING_LIST as _RATING_LIST
from .catalog_args import RATING_LISTS as _RATING_LISTS
from .catalog_args import RESULTS as _RESULTS
from .catalog_args import SCALE as _SCALE
from .catalog_args import USCF_ARGS as _USCF_ARGS
from .catalog_args import USCF_GAMES as _USCF_GAMES
from .catalog_args import Cell as Cell
from .catalog_args import (
    Param,
)
from .catalog_args import Table as Table
from .catalog_args import blank_if_none as _blank_if_none
from .catalog_args import expected_array as _expected_array
from .catalog_args import fide_opponent as _fide_opponent
from .catalog_args import optional as _o
from .catalog_args import optional_nonzero as _o0
from .catalog_args import rating_of as _rating
from .catalog_args import required as _p
from .catalog_args import uscf_games as _uscf_games
from .catalog_args import uscf_rate as _uscf_rate
from .cells import (
    EXCEL_COLUMNS,
    EXCEL_ROWS,
    cell_error_text,
    is_blank,
    paired_rows,
    to_bool,
    to_choice,
    to_date,
    to_grid,
    to_int,
    to_number,
    to_optional_number,
    to_result,
    to_vector,
)
from .names import suggest_member
from .tables import (
    PlayersTable,
    SeasonGames,
    SeasonRows,
    read_fide_players,
    read_games,
    read_name,
    read_players,
    read_players_table,
    read_season_games,
    read_season_rows,
    season_games_known,
)

__all__ = [
    "CATEGORY",
    "FUNCTIONS",
    "NO_GAMES",
    "UNRATED",
    "ExcelFunction",
    "Param",
    "call",
]


#: The function wizard's category for every xlrating function.
CATEGORY: Final = "Chess Ratings"


#: Excel's limit for a function or argument description in the wizard (MacroOptions).
WIZARD_LIMIT: Final = 255


@dataclass(frozen=True, slots=True)
class ExcelFunction:
    """A spreadsheet function: its Excel name, arguments, help text and implementation."""

    name: str
    summary: str
    params: tuple[Param, ...]
    impl: Callable[..., object]
    example: str
    spills: bool = False
    #: The function can return a table (it spills, or one value per entry of a range):
    #: front ends that fix the result type per function (LibreOffice) declare rows of cells.
    returns_table: bool = False
    #: How many arguments a formula must give, and may give (counted once, not per call).
    min_args: int = field(init=False, compare=False)
    max_args: int = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "min_args", sum(1 for p in self.params if not p.optional))
        object.__setattr__(self, "max_args", len(self.params))

    def __call__(self, *args: Cell) -> object:
        """Evaluate with cell values; missing optional arguments count as blank cells."""
        if len(args) == self.max_args:  # every argument given: nothing to pad
            try:
                return self.impl(*args)
            except Exception as error:  # every failure becomes one line in the cell
                return cell_error_text(error)
        if not self.min_args <= len(args) <= self.max_args:
            return cell_error_text(
                InvalidInputError(
                    f"{self.name} takes {self.min_args} to {self.max_args} arguments, "
                    f"got {len(args)}"
                )
            )
        padded = list(args) + [None] * (self.max_args - len(args))
        try:
            return self.impl(*padded)
        except Exception as error:  # every failure becomes one line in the cell
            return cell_error_text(error)


FUNCTIONS: dict[str, ExcelFunction] = {}


def call(name: str, *args: Cell) -> object:
    """Evaluate the spreadsheet function *name* with cell values (what udfs.py does)."""
    return FUNCTIONS[name](*args)


def _register(
    name: str,
    summary: str,
    params: tuple[Param, ...],
    example: str,
    *,
    spills: bool = False,
    returns_table: bool | None = None,
) -> Callable[[Callable[..., object]], Callable[..., object]]:
    """Add a function; *returns_table* defaults to *spills* (a function that always spills
    returns a table); give it for one that returns a table only for a range argument."""
    if len(summary) > WIZARD_LIMIT or any(len(p.doc) > WIZARD_LIMIT for p in params):
        raise AssertionError(f"{name}: help text longer than {WIZARD_LIMIT} characters")

    def add(impl: Callable[..., object]) -> Callable[..., object]:
        if name in FUNCTIONS:
            raise AssertionError(f"{name} registered twice")
        table = spills if returns_table is None else returns_table
        FUNCTIONS[name] = ExcelFunction(name, summary, params, impl, example, spills, table)
        return impl

    return add


# ---------------------------------------------------------------- US Chess


@_register(
    "USCF_NEW_RATING",
    "US Chess post-event rating (unrounded) by the standard or special formula, with bonus "
    "and floors.",
    _USCF_ARGS,
    "=USCF_NEW_RATING(1700, 30, B2:B5, C2:C5)",
)
def _uscf_new_rating(*args: Cell) -> float:
    return _uscf_rate(*args).new_rating


@_register(
    "USCF_RATING_CHANGE",
    "US Chess rating change (new rating minus old, unrounded).",
    _USCF_ARGS,
    "=USCF_RATING_CHANGE(1700, 30, B2:B5, C2:C5)",
)
def _uscf_rating_change(*args: Cell) -> float:
    return _uscf_rate(*args).change


@_register(
    "USCF_DETAILS",
    "US Chess rating calculation as a two-column table that spills: formula, N', K, score, "
    "expected score, change, bonus, new rating, performance, class.",
    _USCF_ARGS,
    "=USCF_DETAILS(1700, 30, B2:B5, C2:C5)",
    spills=True,
)
def _uscf_details(*args: Cell) -> Table:
    r = _uscf_rate(*args)
    return [
        ["Formula", r.formula],
        ["Effective games N'", r.effective_games],
        ["K", _blank_if_none(r.k)],
        ["Score", r.score],
        ["Expected score", r.expected],
        ["Change before bonus", r.change_before_bonus],
        ["Bonus", r.bonus],
        ["New rating", r.new_rating],
        ["Rounded rating", r.rounded],
        ["Performance", r.performance],
        ["Class", r.rating_class],
        ["Status", r.status],
    ]


@_register(
    "USCF_EXPECTED",
    "US Chess winning expectancy 1/(1+10^((opponent-rating)/400)); a range of opponents "
    "spills one value per opponent.",
    (_RATING, _OPPONENT),
    "=USCF_EXPECTED(1700, 1600)",
    returns_table=True,
)
def _uscf_expected(rating: Cell, opponent: Cell) -> float | Table:
    own = to_number(rating, "rating")
    return _expected_array(opponent, lambda opp: uscf.winning_expectancy(own, opp))


@_register(
    "USCF_EFFECTIVE_GAMES",
    "US Chess effective number of games N' = min(N, N*).",
    (_RATING, _USCF_GAMES),
    "=USCF_EFFECTIVE_GAMES(1700, 30)",
)
def _uscf_effective_games(rating: Cell, games: Cell) -> float:
    return uscf.effective_games(to_number(rating, "rating"), _uscf_games(games))


@_register(
    "USCF_K",
    "US Chess K factor 800/(N'+m), or the dual-rated K for Regular ratings above 2200.",
    (
        _RATING,
        _USCF_GAMES,
        _p("event_games", "Number of games in the event (m)."),
        _o("dual_rated", "TRUE for a dual-rated event (reduced K above 2200). Default FALSE."),
    ),
    "=USCF_K(1700, 30, 4)",
)
def _uscf_k(rating: Cell, games: Cell, event_games: Cell, dual_rated: Cell) -> float:
    return uscf.k_factor(
        to_number(rating, "rating"),
        _uscf_games(games),
        to_int(event_games, "event_games"),
        dual_rated=to_bool(dual_rated, "dual_rated", False),
    )


@_register(
    "USCF_BONUS",
    "US Chess bonus points for the event (0 if below the threshold B*sqrt(max(m,4))).",
    (_RATING, _USCF_GAMES, _OPPONENTS, _RESULTS, _EVENT_DATE, _MULTIPLIER),
    "=USCF_BONUS(1300, 45, B2:B5, C2:C5)",
)
def _uscf_bonus(
    rating: Cell, games: Cell, opponents: Cell, results: Cell, event_date: Cell, multiplier: Cell
) -> float:
    return _uscf_rate(
        rating, games, opponents, results, None, True, False, None, event_date, multiplier
    ).bonus


@_register(
    "USCF_PERFORMANCE",
    "US Chess performance rating: the rating whose expected score equals your score "
    "(perfect: highest opponent + 400; zero: lowest - 400).",
    (_OPPONENTS, _RESULTS),
    "=USCF_PERFORMANCE(B2:B5, C2:C5)",
)
def _uscf_performance(opponents: Cell, results: Cell) -> float:
    opps, res = paired_rows(opponents, results, _rating)
    return uscf.performance_rating(opps, res)


@_register(
    "USCF_CLASS",
    "US Chess rating class of a rating (Class A, Expert, ...).",
    (_p("rating", "A US Chess rating."),),
    "=USCF_CLASS(1717)",
)
def _uscf_class(rating: Cell) -> str:
    return uscf.rating_class(to_number(rating, "rating"))


@_register(
    "USCF_INITIAL_RATING",
    "US Chess starting rating of an unrated player from age: 50 x age (2 to 26), 100 under 2, "
    "1300 over 26.",
    (_p("age", "The player's age in years (fractions allowed)."),),
    "=USCF_INITIAL_RATING(12)",
)
def _uscf_initial_rating(age: Cell) -> float:
    return uscf.initial_rating(to_number(age, "age"))


@_register(
    "USCF_FLOOR",
    "US Chess rating floor: the highest of 100, the low-rating floor, the peak-based floor "
    "and the Original Life Master floor.",
    (
        _p("peak_rating", "Highest established rating ever reached (0 if none)."),
        _o("wins", "Rated wins in the player's career (default 0)."),
        _o("draws", "Rated draws in the player's career (default 0)."),
        _o("events", "Events with at least 3 rated games (default 0)."),
        _o("life_master", "TRUE for an Original Life Master (floor 2200). Default FALSE."),
    ),
    "=USCF_FLOOR(1941)",
)
def _uscf_floor(
    peak_rating: Cell, wins: Cell, draws: Cell, events: Cell, life_master: Cell
) -> float:
    return uscf.rating_floor(
        to_number(peak_rating, "peak_rating", 0.0),
        to_int(wins, "wins", 0),
        to_int(draws, "draws", 0),
        to_int(events, "events", 0),
        to_bool(life_master, "life_master", False),
    )


# ---------------------------------------------------------------- FIDE


def _fide_change(
    rating: Cell, opponents: Cell, results: Cell, k: Cell, rating_list: Cell, event_date: Cell
) -> fide.FideChange:
    opps, res = paired_rows(opponents, results, _fide_opponent)
    return fide.rating_change(
        to_number(rating, "rating"),
        opps,
        res,
        to_number(k, "k"),
        to_choice(rating_list, "rating_list", _RATING_LISTS, "standard"),
        to_date(event_date, "event_date"),
    )


@_register(
    "FIDE_EXPECTED",
    "FIDE expected score from table 8.1.2 with the 400-point rule (or the logistic curve); "
    "a range of opponents spills one value per opponent.",
    (
        _RATING,
        _OPPONENT,
        _RATING_LIST,
        _EVENT_DATE,
        _o0("method", "table (FIDE's table 8.1.2, default) or logistic."),
    ),
    "=FIDE_EXPECTED(1800, 1750)",
    returns_table=True,
)
def _fide_expected(
    rating: Cell, opponent: Cell, rating_list: Cell, event_date: Cell, method: Cell
) -> float | Table:
    own = to_number(rating, "rating")
    rlist = to_choice(rating_list, "rating_list", _RATING_LISTS, "standard")
    when = to_date(event_date, "event_date")
    how = to_choice(method, "method", _FIDE_METHODS, "table")
    return _expected_array(opponent, lambda opp: fide.expected_score(own, opp, rlist, when, how))


@_register(
    "FIDE_K",
    "FIDE development coefficient K (40, 20 or 10) from the player's facts, with the "
    "K x n <= 700 rule for the period's games.",
    (
        _RATING,
        _o(
            "rated_games",
            f"Rated games completed so far (default {K_NEW_GAMES}: not new).",
        ),
        _o0(
            "birth_year",
            "Year of birth (juniors: K 40 to the end of the year they turn 18, "
            "under 2300). Blank: not a junior.",
        ),
        _o("reached_2400", "TRUE once a published rating has reached 2400. Default FALSE."),
        _o("period_games", "Games in this rating period (for the 700 rule; default 1)."),
        _o0("period_date", "Date of the rating period (default today)."),
    ),
    "=FIDE_K(1800, 45, 2012)",
)
def _fide_k(
    rating: Cell,
    rated_games: Cell,
    birth_year: Cell,
    reached_2400: Cell,
    period_games: Cell,
    period_date: Cell,
) -> int:
    year = to_optional_number(birth_year, "birth_year")
    if year is not None and year != int(year):
        raise InvalidInputError(f"birth_year must be a whole year, got {show(birth_year)}")
    return fide.k_factor(
        to_number(rating, "rating"),
        to_int(rated_games, "rated_games", K_NEW_GAMES),
        None if year is None else int(year),
        to_bool(reached_2400, "reached_2400", False),
        to_int(period_games, "period_games", 1),
        to_date(period_date, "period_date"),
    )


@_register(
    "FIDE_RATING_CHANGE",
    "FIDE rating change for a rating period: K x sum(score - expected), rounded to a whole "
    "number (8.3.4). Unrated opponents are ignored.",
    _FIDE_ARGS,
    "=FIDE_RATING_CHANGE(1800, B2:B6, C2:C6, 20)",
)
def _fide_rating_change(*args: Cell) -> int:
    return _fide_change(*args).change


@_register(
    "FIDE_NEW_RATING",
    "FIDE rating after the rating period: rating + the rounded change.",
    _FIDE_ARGS,
    "=FIDE_NEW_RATING(1800, B2:B6, C2:C6, 20)",
)
def _fide_new_rating(*args: Cell) -> float:
    return _fide_change(*args).new_rating


@_register(
    "FIDE_DETAILS",
    "FIDE rating calculation as a two-column table that spills: games rated, score, expected "
    "score, K, change, new rating, performance.",
    _FIDE_ARGS,
    "=FIDE_DETAILS(1800, B2:B6, C2:C6, 20)",
    spills=True,
)
def _fide_details(*args: Cell) -> Table:
    r = _fide_change(*args)
    return [
        ["Games rated", r.rated_games],
        ["Score", r.score],
        ["Expected score", r.expected_total],
        ["K", r.k],
        ["Change (unrounded)", r.change_unrounded],
        ["Change", r.change],
        ["New rating", r.new_rating],
        ["Performance", _blank_if_none(r.performance)],
    ]


@_register(
    "FIDE_PERFORMANCE",
    "FIDE performance rating: average opponent rating plus dp from table 8.1.1 for the "
    "percentage scored (Title Regulations 1.4.7-1.4.9).",
    (_OPPONENTS, _RESULTS),
    "=FIDE_PERFORMANCE(B2:B6, C2:C6)",
)
def _fide_performance(opponents: Cell, results: Cell) -> int:
    opps, res = paired_rows(opponents, results, _fide_opponent)
    return fide.performance_rating(opps, res)


@_register(
    "FIDE_FIRST_RATING",
    "FIDE first rating of a new player (8.2): opponents' average with two 1800 draws plus dp; "
    "at most 2200, published from 1400 and 5 games.",
    (
        _OPPONENTS,
        _RESULTS,
        _o(
            "first_event_games",
            "How many of the first rows are the player's first event (a zero score there is "
            "disregarded, 8.2.1); 0 if it is not among them. Default: all one event.",
        ),
    ),
    "=FIDE_FIRST_RATING(B2:B7, C2:C7)",
)
def _fide_first_rating(opponents: Cell, results: Cell, first_event_games: Cell) -> int:
    opps, res = paired_rows(opponents, results, _fide_opponent)
    first = None if is_blank(first_event_games) else to_int(first_event_games, "first_event_games")
    outcome = fide.first_rating(opps, res, first)
    if outcome.rating is None or not outcome.published:
        raise NoRatingError(outcome.reason)
    return outcome.rating


@_register(
    "FIDE_DP",
    "FIDE rating difference dp for a fractional score p (table 8.1.1; p rounded to a whole "
    "percent).",
    (_p("fraction", "The fractional score p, from 0 to 1 (for example 0.6)."),),
    "=FIDE_DP(0.6)",
)
def _fide_dp(fraction: Cell) -> int:
    return fide.dp(to_number(fraction, "fraction"))


# ---------------------------------------------------------------- plain Elo


def _elo_change(
    rating: Cell, opponents: Cell, results: Cell, k: Cell, games: Cell, scale: Cell
) -> elo.EloChange:
    opps, res = paired_rows(opponents, results, _rating)
    return elo.rating_change(
        to_number(rating, "rating"),
        opps,
        res,
        to_number(k, "k"),
        to_int(games, "games", 1),
        to_number(scale, "scale", 400.0),
    )


@_register(
    "ELO_EXPECTED",
    "Elo expected score 1/(1+10^((opponent-rating)/scale)); a range of opponents spills one "
    "value per opponent.",
    (_RATING, _OPPONENT, _SCALE),
    "=ELO_EXPECTED(1500, 1700)",
    returns_table=True,
)
def _elo_expected(rating: Cell, opponent: Cell, scale: Cell) -> float | Table:
    own = to_number(rating, "rating")
    s = to_number(scale, "scale", 400.0)
    return _expected_array(opponent, lambda opp: elo.expected_score(own, opp, s))


@_register(
    "ELO_RATING_CHANGE",
    "Elo rating change K x (score - expected) over the listed games, repeated games times.",
    _ELO_ARGS,
    "=ELO_RATING_CHANGE(1500, 1700, 1, 20)",
)
def _elo_rating_change(*args: Cell) -> float:
    return _elo_change(*args).change


@_register(
    "ELO_NEW_RATING",
    "Elo rating after the listed games (unrounded): rating + K x (score - expected).",
    _ELO_ARGS,
    "=ELO_NEW_RATING(1500, 1700, 1, 20)",
)
def _elo_new_rating(*args: Cell) -> float:
    return _elo_change(*args).new_rating


# ---------------------------------------------------------------- Glicko-2


@_register(
    "GLICKO2_RATING",
    "Glicko-2 rating after one rating period (Glickman's algorithm): a table that spills: "
    "rating, RD and volatility.",
    (
        _p("rating", "The player's Glicko-2 rating before the period (1500 for a new player)."),
        _p("rd", "The player's rating deviation RD (350 for a new player)."),
        _p("volatility", "The player's volatility (0.06 for a new player)."),
        _p("opponents", "Range of the opponents' ratings (a row or a column)."),
        _p("opponent_rds", "Range of the same shape with the opponents' RDs."),
        _RESULTS,
        _o0("tau", "The system constant tau (default 0.5; Glickman suggests 0.3 to 1.2)."),
    ),
    "=GLICKO2_RATING(1500, 200, 0.06, B2:B4, C2:C4, D2:D4)",
    spills=True,
)
def _glicko2_rating(
    rating: Cell,
    rd: Cell,
    volatility: Cell,
    opponents: Cell,
    opponent_rds: Cell,
    results: Cell,
    tau: Cell,
) -> Table:
    opps = to_vector(opponents, "opponents")
    rds = to_vector(opponent_rds, "opponent_rds")
    ress = to_vector(results, "results")
    if not len(opps) == len(rds) == len(ress):
        raise InvalidInputError(
            f"opponents has {len(opps)} entries, opponent_rds {len(rds)} and results {len(ress)}"
        )
    rivals: list[glicko2.Glicko2Rating] = []
    scores: list[float] = []
    for row, (o, d, r) in enumerate(zip(opps, rds, ress, strict=True), start=1):
        blanks = [is_blank(c) for c in (o, d, r)]
        if all(blanks):
            continue
        if any(blanks):
            raise InvalidInputError(
                f"entry {row}: opponents, opponent_rds and results must all be given, "
                f"got {show(o)}, {show(d)}, {show(r)}"
            )
        rivals.append(
            glicko2.Glicko2Rating(
                to_number(o, f"opponents entry {row}"), to_number(d, f"opponent_rds entry {row}")
            )
        )
        scores.append(to_result(r, f"results entry {row}"))
    new = glicko2.update(
        glicko2.Glicko2Rating(
            to_number(rating, "rating"), to_number(rd, "rd"), to_number(volatility, "volatility")
        ),
        rivals,
        scores,
        to_number(tau, "tau", glicko2.DEFAULT_TAU),
    )
    return [["Rating", new.rating], ["RD", new.rd], ["Volatility", new.volatility]]


# ---------------------------------------------------------------- whole events and seasons
_PLAYERS = _p(
    "players",
    "Players table: name, rating (blank if unrated), games (blank or 0 if unrated), "
    "[floor], [age]. A header row is skipped.",
)


_GAMES = _p(
    "games",
    "Games table: round, white, black, result from White's side (1-0, 0-1, ½-½, 1, 0.5, 0, "
    "+- or -+ for forfeits); a bye has black blank or BYE.",
)


def _event(players: Cell, games: Cell, event_date: Cell) -> Event:
    roster = read_players(players)
    return Event(tuple(roster), tuple(read_games(games, roster)), to_date(event_date, "event_date"))


@_register(
    "USCF_EVENT",
    "US Chess rating of a whole event (all five steps): a table that spills, one row per "
    "player: Player, Pre-event, Post-event, Change, Games, Formula, Bonus.",
    (
        _PLAYERS,
        _GAMES,
        _EVENT_DATE,
        _o("dual_rated", "TRUE for a dual-rated event (reduced K above 2200). Default FALSE."),
    ),
    "=USCF_EVENT(Players!A2:E9, Games!A2:D17)",
    spills=True,
)
def _uscf_event(players: Cell, games: Cell, event_date: Cell, dual_rated: Cell) -> Table:
    result = events.uscf_event(
        _event(players, games, event_date), dual_rated=to_bool(dual_rated, "dual_rated", False)
    )
    table: Table = [["Player", "Pre-event", "Post-event", "Change", "Games", "Formula", "Bonus"]]
    for row in result.rows:
        table.append(
            [
                row.name,
                _blank_if_none(row.pre_event),
                _blank_if_none(row.post_event),
                _blank_if_none(row.change),
                _blank_if_none(row.games_after),
                row.formula,
                row.bonus,
            ]
        )
    return table


@_register(
    "FIDE_PERIOD",
    "FIDE rating period for every player: a table that spills: Player, Rating, K, Games, "
    "Change, New rating; newcomers get a first rating when earned.",
    (
        _p(
            "players",
            "Players table: name, rating (blank if unrated), [rated games so far], "
            "[birth year], [reached 2400: TRUE/FALSE], [K to use instead of the rules].",
        ),
        _GAMES,
        _RATING_LIST,
        _o0("period_date", "Date of the rating period (default today)."),
    ),
    "=FIDE_PERIOD(Players!A2:F9, Games!A2:D17)",
    spills=True,
)
def _fide_period(players: Cell, games: Cell, rating_list: Cell, period_date: Cell) -> Table:
    roster = read_fide_players(players)
    plain = [Player(p.name, p.rating, None if p.rating is not None else 0) for p in roster]
    played = read_games(games, plain)
    result = events.fide_period(
        roster,
        played,
        rating_list=to_choice(rating_list, "rating_list", _RATING_LISTS, "standard"),
        period_date=to_date(period_date, "period_date"),
    )
    table: Table = [["Player", "Rating", "K", "Games", "Change", "New rating"]]
    for row in result.rows:
        new: object = _blank_if_none(row.new_rating)
        if row.rating is None and row.new_rating is None:
            new = row.first_rating_reason or ""
        table.append(
            [
                row.name,
                _blank_if_none(row.rating),
                _blank_if_none(row.k),
                row.games,
                _blank_if_none(row.change),
                new,
            ]
        )
    return table


_SYSTEMS: Final[tuple[season.System, ...]] = get_args(season.System)
#: What the Start and Final columns, the Standings and the Player card show for a player still
#: unrated.
UNRATED: Final = "unrated"
#: The last header of a SEASON_RATINGS table whose room ran out: "+3 events: xlrating
#: resize --event-columns 20" (how many more, then how many columns the season needs).
_MORE_EVENTS: Final = " events: xlrating resize --event-columns "
#: What SEASON_EVENT and SEASON_CHECK say of a season with no game yet.
NO_GAMES: Final = "No games yet: type them on the Games sheet, or run xlrating import"
#: The most rows of Excel's grid (cells.EXCEL_ROWS): a first row is one of them.
_GRID_ROWS: Final = EXCEL_ROWS

_SEASON_GAMES = _p(
    "games",
    "Games table with the event first: event, [date], round, white, black, result "
    "(as SEASON_RATINGS reads it).",
)
#: The event a season table shows (SEASON_STANDINGS, EVENT_CROSSTABLE).
_EVENT_SHOWN = _o0(
    "event",
    "The event to show (its name in the games table's first column); blank or 0: "
    "the latest event in date order.",
)
_SKIP = _o(
    "skip",
    "TRUE: rate the rows that can be rated and leave the others out (SEASON_GAME_STATUS "
    "says why). Blank or FALSE: a row that cannot be read is an error.",
)
_PLAYERS_FIRST_ROW = _o0(
    "players_first_row",
    "Sheet row of the players range's first row, e.g. ROW(Players!A5): messages then name "
    "the row you see (Players row 9). Blank: rows counted in the range.",
)
_GAMES_FIRST_ROW = _o0(
    "games_first_row",
    "Sheet row of the games range's first row, e.g. ROW(Games!A5): messages then name the "
    "row you see (Games row 77). Blank: rows counted in the range.",
)
_SYSTEM = _o0("system", "uscf (default), fide, elo or glicko2, as for SEASON_RATINGS.")
_K = _o0("k", "K-factor for the elo system.")


def _first_row(value: Cell, name: str) -> int | None:
    """A table's first sheet row (blank: None, rows are counted in the range)."""
    if is_blank(value):
        return None
    row = to_int(value, name)
    if not 1 <= row <= _GRID_ROWS:
        raise InvalidInputError(
            f"{name} must be a sheet row from 1 to {_GRID_ROWS:,}, got {show(value)}"
        )
    return row


def _is_blank_choice(value: Cell) -> bool:
    """A blank selector cell: blank, or 0 (LibreOffice hands a blank cell over as 0)."""
    return is_blank(value) or (_is_number(value) and value == 0)


@dataclass(frozen=True, slots=True)
class _Season:
    """A season's tables as the season functions read them (strict, or with ``skip``)."""

    table: PlayersTable
    #: The games of the rows read (with ``skip``: those whose players are all known).
    grouped: SeasonGames
    #: The rows read row by row (the one reading of the table; ``skip`` looks at its
    #: refused rows).
    read: SeasonRows
    #: With ``skip``: rows naming a player not in the table, row -> (where, name).
    unknown: dict[int, tuple[str, str]]
    #: With ``skip``: rows pairing a player a second time in a round, row -> why.
    twice: dict[int, str]
    skip: bool
    players_first_row: int | None
    games_first_row: int | None

    @property
    def roster(self) -> list[Player]:
        return list(self.table.players)


def _season(
    players: Cell, games: Cell, skip: Cell, players_first_row: Cell, games_first_row: Cell
) -> _Season:
    lenient = to_bool(skip, "skip", False)
    player_row = _first_row(players_first_row, "players_first_row")
    game_row = _first_row(games_first_row, "games_first_row")
    table = read_players_table(players, first_row=player_row, skip=lenient)
    read = read_season_rows(games, first_row=game_row)
    if lenient:
        grouped, unknown, twice = season_games_known(read, frozenset(p.name for p in table.players))
    else:
        grouped = read_season_games(games, table.players, first_row=game_row, read=read)
        unknown, twice = {}, {}
    return _Season(table, grouped, read, unknown, twice, lenient, player_row, game_row)


@dataclass(frozen=True, slots=True)
class _Rating:
    """A season rated: the result (None: no game to rate, with ``skip``) and the events
    left unrated (with ``skip``) with the reason."""

    result: season.SeasonResult | None
    dropped: dict[str, str]


#: The seasons rated last: (games read, players, system, k, skip, today: the date of an
#: undated event) and the rating; the games are the very object
#: :func:`~xlrating.sheet.tables.season_games_known` keeps for their cells.
_RATED: list[tuple[SeasonGames, str, str, str, bool, str, _Rating]] = []


def _rated(s: _Season, system: Cell, k: Cell) -> _Rating:
    """The season rated as SEASON_RATINGS rates it (system and k as its cells give them);
    the season's functions over the same tables rate it once."""
    key = (repr(s.roster), repr(system), repr(k), s.skip, _dt.date.today().isoformat())
    for games, *given, rating in _RATED:
        if games is s.grouped and tuple(given) == key:
            return rating
    rating = _rate(s.roster, s.grouped, system, k, s.skip)
    _RATED.append((s.grouped, *key, rating))
    del _RATED[:-2]
    return rating


def _system(system: Cell, k: Cell) -> tuple[season.System, float | None]:
    """The rating system and K of a season function's arguments (a bad one: an error)."""
    how = to_choice(system, "system", _SYSTEMS, "uscf")
    k_value = to_optional_number(k, "k")
    if how == "elo" and k_value is None:
        raise InvalidInputError("k is blank: the elo system needs a K-factor")
    if how != "elo" and k_value is not None:
        raise InvalidInputError(f"k is only used by the elo system, got {show(k_value)} for {how}")
    if how == "elo":
        elo.check_k(k_value)
    return how, k_value


def _rate(roster: list[Player], grouped: SeasonGames, system: Cell, k: Cell, skip: bool) -> _Rating:
    how, k_value = _system(system, k)
    if not grouped.events and not skip:
        raise InvalidInputError("games is empty: a season needs at least one game")
    if not roster:
        return _Rating(None, {})
    today = _dt.date.today()
    dated = [
        (name, when or today, list(played))
        for name, when, played in zip(grouped.events, grouped.dates, grouped.games, strict=True)
    ]
    entrants: list[Player] | list[events.FidePlayer]
    if how == "fide":
        entrants = [
            events.FidePlayer(p.name, p.rating, p.games if p.games is not None else K_NEW_GAMES)
            for p in roster
        ]
    else:
        entrants = roster
    dropped: dict[str, str] = {}
    while True:
        try:
            return _Rating(season.rate_season(entrants, dated, system=how, k=k_value), dropped)
        except EventError as error:  # with skip: the season without the event refused
            if not skip or error.event in dropped:
                raise
            dropped[error.event] = error.reason
            dated = [entry for entry in dated if entry[0] != error.event]


def _shown_rating(rating: float | None, rated: bool) -> object:
    if not rated:
        return ""
    return UNRATED if rating is None else rating


def _placed(s: _Season, rows: list[list[object]], width: int) -> Table:
    """One row per row of the players range (a row of *width* empty texts where the range
    has no player), the players' rows (*rows*, in the table's order) in theirs."""
    out: Table = [[""] * width for _ in range(s.table.height)]
    for row_no, row in zip(s.table.rows, rows, strict=True):
        out[row_no - 1] = row
    return out


@_register(
    "SEASON_RATINGS",
    "Ratings of every player after each event of a season (uscf, fide, elo or glicko2): a "
    "table that spills, one row per player, one column per event in date order.",
    (
        _PLAYERS,
        _p(
            "games",
            "Games table with the event first: event, [date], round, white, black, result. "
            "Each event is rated with the ratings the previous one left.",
        ),
        _o0("system", "uscf (default), fide, elo or glicko2."),
        _K,
        _o0(
            "columns",
            "Event columns to give (blank: one per event). Then one row per players row, "
            "padded with empty texts; more events than columns: the last header says so.",
        ),
        _SKIP,
        _PLAYERS_FIRST_ROW,
        _GAMES_FIRST_ROW,
    ),
    "=SEASON_RATINGS(Players!A2:E20, Games!A2:F200)",
    spills=True,
)
def _season_ratings(
    players: Cell,
    games: Cell,
    system: Cell,
    k: Cell,
    columns: Cell,
    skip: Cell,
    players_first_row: Cell,
    games_first_row: Cell,
) -> Table:
    s = _season(players, games, skip, players_first_row, games_first_row)
    room = None if _is_blank_choice(columns) else to_int(columns, "columns")
    if room is not None and not 1 <= room <= _MOST_EVENTS:
        raise InvalidInputError(
            f"columns must be a whole number from 1 to {_MOST_EVENTS:,}, got {show(columns)}"
        )
    result = _rated(s, system, k).result
    names = [] if result is None else list(result.events)
    rows = [] if result is None else [list(row.after) for row in result.ratings]
    if room is None and not s.skip:  # as before the room: one row per player
        table: Table = [["Player", *names]]
        for player, after in zip(s.roster, rows, strict=True):
            table.append([player.name, *(_blank_if_none(v) for v in after)])
        return table
    width = len(names) if room is None else room
    header: list[object] = [*names[:width], *[""] * (width - len(names))]
    shown = width
    if len(names) > width:  # the room runs out: say so, drop nothing silently
        shown = width - 1
        header[-1] = f"+{len(names) - shown}{_MORE_EVENTS}{len(names)}"
    body = [
        [
            player.name,
            *(_blank_if_none(v) for v in after[:shown]),
            *[""] * (width - min(len(after), shown)),
        ]
        for player, after in zip(s.roster, rows or [[] for _ in s.roster], strict=True)
    ]
    return [["Player", *header], *_placed(s, body, 1 + width)]


@_register(
    "SEASON_START_FINAL",
    "Each SEASON_RATINGS row's rating at the start of the season (the players table's) "
    "and after its last event: a table that spills, Start and Final, in the same rows, "
    "padded with blank rows to the players table's height.",
    (
        _PLAYERS,
        _SEASON_GAMES,
        _SYSTEM,
        _K,
        _SKIP,
        _PLAYERS_FIRST_ROW,
        _GAMES_FIRST_ROW,
    ),
    "=SEASON_START_FINAL(Players!A2:E20, Games!A2:F200)",
    spills=True,
)
def _season_start_final(
    players: Cell,
    games: Cell,
    system: Cell,
    k: Cell,
    skip: Cell,
    players_first_row: Cell,
    games_first_row: Cell,
) -> Table:
    s = _season(players, games, skip, players_first_row, games_first_row)
    result = _rated(s, system, k).result
    body: list[list[object]] = []
    for i, player in enumerate(s.roster):  # SEASON_RATINGS' order
        after = () if result is None else result.ratings[i].after
        start, final = player.rating, after[-1] if after else player.rating
        body.append([UNRATED if start is None else start, UNRATED if final is None else final])
    if s.skip:  # in the players range's rows, as SEASON_RATINGS with skip
        return [["Start", "Final"], *_placed(s, body, 2)]
    table: Table = [["Start", "Final"], *body]
    table.extend(["", ""] for _ in range(s.table.height - len(body)))
    return table


def _chosen_event(read: SeasonRows, event: Cell) -> str | None:
    """The event *event* names in the games *read*: its name, or the latest event (date
    order) when blank or 0; None when blank or 0 and the games have none.  A name the games
    table does not have is given back as it is (a season table shows it empty)."""
    if isinstance(event, bool) or not (is_blank(event) or isinstance(event, (str, int, float))):
        raise InvalidInputError(f"event must be an event's name, got {show(event)}")
    if _is_blank_choice(event):
        return read.latest_event()
    return _event_name(event)  # 2025 typed in a cell arrives as 2025.0


@_register(
    "SEASON_STANDINGS",
    "One event's standings for every players row, a table that spills: Player, Rounds, "
    "Points, Rank, Rating before, New rating, Change, Ratings row (ratings as "
    "SEASON_RATINGS gives them).",
    (
        _PLAYERS,
        _SEASON_GAMES,
        _EVENT_SHOWN,
        _SYSTEM,
        _K,
        _SKIP,
        _PLAYERS_FIRST_ROW,
        _GAMES_FIRST_ROW,
        _o0(
            "order",
            "rows (default): the players table's order; rank: by rank, players without a "
            "game in the event after them, blank rows last.",
        ),
    ),
    '=SEASON_STANDINGS(Players!A2:E20, Games!A2:F200, "May Swiss")',
    spills=True,
)
def _season_standings(
    players: Cell,
    games: Cell,
    event: Cell,
    system: Cell,
    k: Cell,
    skip: Cell,
    players_first_row: Cell,
    games_first_row: Cell,
    order: Cell,
) -> Table:
    s = _season(players, games, skip, players_first_row, games_first_row)
    by_rank = to_choice(order, "order", ("rows", "rank"), "rows") == "rank"
    wanted = _chosen_event(s.read, event)
    header: list[object] = [
        "Player",
        "Rounds",
        "Points",
        "Rank",
        "Rating before",
        "New rating",
        "Change",
        "Ratings row",
    ]
    blank: list[object] = [""] * len(header)
    if wanted is None:  # no game at all: the header and blank rows
        return [header, *(list(blank) for _ in range(s.table.height))]
    grouped = s.grouped
    played = grouped.games[grouped.events.index(wanted)] if wanted in grouped.events else ()
    if s.skip:  # a bad argument is an error, not a season left unrated
        _system(system, k)
    try:  # as the Ratings sheet: a season it cannot rate leaves the ratings blank
        rating = _rated(s, system, k)
        result = None if wanted in rating.dropped else rating.result
    except InvalidInputError:
        result = None
    rows = season.event_standings([p.name for p in s.roster], played, result=result, event=wanted)
    lines = [
        [
            row.name,
            row.rounds,
            row.points,
            _blank_if_none(row.rank),
            _shown_rating(row.before, row.rated),
            _shown_rating(row.after, row.rated),
            _blank_if_none(row.change),
            # The row of the SEASON_RATINGS table: with skip it follows the players range.
            number if s.skip else row.position,
        ]
        for row, number in zip(rows, s.table.rows, strict=True)
    ]
    if by_rank:
        ranked = sorted(
            range(len(rows)),
            key=lambda i: (rows[i].rank is None, rows[i].rank or 0, i),
        )
        body = [lines[i] for i in ranked]
        return [header, *body, *(list(blank) for _ in range(s.table.height - len(body)))]
    return [header, *_placed(s, lines, len(header))]


def _event_name(value: Cell) -> str:
    """An event cell as the games table's event column reads it (spaces tidied, a whole
    number without its decimal point)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return " ".join(str(value).split())


@_register(
    "EVENT_CROSSTABLE",
    "One event of a season as a crosstable that spills: Place, Player, Rating, each round "
    "(opponent's place, colour w/b, result), Total, Buchholz, Sonneborn-Berger (FIDE C.07).",
    (
        _PLAYERS,
        _SEASON_GAMES,
        _EVENT_SHOWN,
        _o0(
            "rounds",
            "Round columns to give (blank: the most rounds of any event in games); the "
            "table is padded with empty texts to this width and to one row per players row.",
        ),
        _SKIP,
        _PLAYERS_FIRST_ROW,
        _GAMES_FIRST_ROW,
    ),
    '=EVENT_CROSSTABLE(Players!A2:E20, Games!A2:F200, "May Swiss")',
    spills=True,
)
def _event_crosstable(
    players: Cell,
    games: Cell,
    event: Cell,
    rounds: Cell,
    skip: Cell,
    players_first_row: Cell,
    games_first_row: Cell,
) -> Table:
    s = _season(players, games, skip, players_first_row, games_first_row)
    grouped = s.grouped
    wanted = _chosen_event(s.read, event)
    if wanted is not None and wanted not in grouped.events and not s.skip:
        raise InvalidInputError(f"event {show(event)} is not in the games table")
    most = max((g.round for played in grouped.games for g in played), default=1)
    width = to_int(rounds, "rounds", most)
    if not 1 <= width <= tiebreak.MAX_ROUNDS:
        raise InvalidInputError(
            f"rounds must be a whole number from 1 to {tiebreak.MAX_ROUNDS}, got {show(rounds)}"
        )
    rows: list[tiebreak.CrosstableRow] = []
    if wanted is not None and wanted in grouped.events:
        at = grouped.events.index(wanted)
        try:  # the event's date picks the edition of FIDE C.07
            rows = list(
                tiebreak.crosstable(
                    grouped.games[at], {p.name: p.rating for p in s.roster}, grouped.dates[at]
                )
            )
        except InvalidInputError:
            if not s.skip:
                raise
            rows = []  # with skip: an event that cannot be tabled shows no row
    needed = len(rows[0].rounds) if rows else 0
    shown = width
    header: list[object] = ["Place", "Player", "Rating"]
    header += [f"R{r}" for r in range(1, width + 1)]
    if width < needed:
        if not s.skip:
            raise InvalidInputError(
                f"rounds must be a whole number from {max(needed, 1)} to {tiebreak.MAX_ROUNDS} "
                f"(event {show(wanted)} has {needed} rounds), got {show(rounds)}"
            )
        shown = width - 1  # with skip: the last round column says the room ran out
        header[-1] = f"+{needed - shown} rounds"
    places = {row.name: row.place for row in rows}
    table: Table = [[*header, "Total", "Buchholz", "Sonneborn-Berger"]]
    for row in rows:
        cells = [tiebreak.round_text(c, places) for c in row.rounds[:shown]]
        table.append(
            [row.place, row.name, _blank_if_none(row.rating)]
            + cells
            + [""] * (width - len(cells))
            + [row.total, row.buchholz, row.sonneborn_berger]
        )
    blank_row: list[object] = [""] * len(table[0])
    table.extend(list(blank_row) for _ in range(s.table.height - len(rows)))
    return table


def _not_rated(s: _Season, rating: _Rating | None) -> dict[int, str]:
    """The rows of the games range not rated, row -> the reason (naming the row)."""
    out: dict[int, str] = dict(s.read.refused)
    members = [p.name for p in s.roster]
    left_out = {name: why for _, why, name in s.table.left_out if name is not None}
    for row_no, (where, name) in s.unknown.items():
        if name in left_out:
            hint = f" (left out of the players table: {left_out[name]})"
        else:
            close = suggest_member(name, members)
            hint = "" if close is None else f" (did you mean {close}?)"
        out[row_no] = f"{where}: unknown player {show(name)}{hint}"
    out.update(s.twice)
    if rating is not None and rating.dropped:
        for row in s.read.rows:
            if row.event in rating.dropped and row.row not in out:
                why = rating.dropped[row.event]
                out[row.row] = f"{row.where}: event {show(row.event)} cannot be rated: {why}"
    return out


def _reason(message: str) -> str:
    """A message without the row it names ("Games row 77: round is blank" -> "round is
    blank")."""
    return message.split(": ", 1)[1] if ": " in message else message


@_register(
    "SEASON_GAME_STATUS",
    "Whether each row of a season's games table is rated: one cell per games row, rated, "
    "'not rated yet: ' and why (round is blank, unknown player...), or empty for a blank row.",
    (
        _PLAYERS,
        _SEASON_GAMES,
        _SYSTEM,
        _K,
        _PLAYERS_FIRST_ROW,
        _GAMES_FIRST_ROW,
    ),
    "=SEASON_GAME_STATUS(Players!A2:E20, Games!A2:F200)",
    spills=True,
)
def _season_game_status(
    players: Cell,
    games: Cell,
    system: Cell,
    k: Cell,
    players_first_row: Cell,
    games_first_row: Cell,
) -> Table:
    s = _season(players, games, True, players_first_row, games_first_row)
    out = _not_rated(s, _rated(s, system, k))
    rated = {row.row for row in s.read.rows}
    return [
        [f"not rated yet: {_reason(out[n])}" if n in out else "rated" if n in rated else ""]
        for n in range(1, s.read.height + 1)
    ] or [[""]]  # (a range of no cells: only a Python caller passes one)


def _count(n: int, what: str) -> str:
    return f"{n:,} {what}{'' if n == 1 else 's'}"


@_register(
    "SEASON_CHECK",
    "One line on a season's tables: 'All 412 game rows rated', 'No games yet...', or how "
    "many game rows are not rated yet and players rows left out, with the first of each.",
    (
        _PLAYERS,
        _SEASON_GAMES,
        _SYSTEM,
        _K,
        _PLAYERS_FIRST_ROW,
        _GAMES_FIRST_ROW,
    ),
    "=SEASON_CHECK(Players!A2:E20, Games!A2:F200)",
)
def _season_check(
    players: Cell,
    games: Cell,
    system: Cell,
    k: Cell,
    players_first_row: Cell,
    games_first_row: Cell,
) -> str:
    s = _season(players, games, True, players_first_row, games_first_row)
    out = _not_rated(s, _rated(s, system, k))
    done = sum(1 for row in s.read.rows if row.row not in out)
    left = s.table.left_out
    parts = []
    if out:
        first = out[min(out)]
        parts.append(f"{_count(len(out), 'game row')} not rated yet (first: {first})")
    elif done:
        parts.append(f"{'All ' if not left else ''}{_count(done, 'game row')} rated")
    if left:
        parts.append(f"{_count(len(left), 'players row')} left out ({left[0][1]})")
    if not parts:
        return NO_GAMES
    return "; ".join(parts)


@_register(
    "SEASON_EVENT",
    "The event SEASON_STANDINGS and EVENT_CROSSTABLE show for an event argument: the name "
    "given, the latest event (date order) when blank or 0, or a 'No games yet' line.",
    (
        _SEASON_GAMES,
        _o0(
            "event",
            "An event's name (it must be in the games table); blank or 0: the latest event "
            "in date order.",
        ),
        _SKIP,
        _GAMES_FIRST_ROW,
    ),
    "=SEASON_EVENT(Games!A2:F200)",
)
def _season_event(games: Cell, event: Cell, skip: Cell, games_first_row: Cell) -> str:
    lenient = to_bool(skip, "skip", False)
    read = read_season_rows(games, first_row=_first_row(games_first_row, "games_first_row"))
    if read.refused and not lenient:
        raise InvalidInputError(read.refused[0][1])
    wanted = _chosen_event(read, event)
    if wanted is None:
        return NO_GAMES
    if wanted not in read.dates:  # only a name given can be missing: the latest is there
        raise NotFoundError(f"event {show(event)} is not in the games table")
    return wanted


#: The most rows a spilled table can have below its header (Excel's grid: _GRID_ROWS).
_MOST_ROWS: Final = _GRID_ROWS - 1
#: What a player's card says of each pairing, from the player's side.
_OUTCOMES: Final = {1.0: "win", 0.5: "draw", 0.0: "loss"}
_FORFEITS: Final = {1.0: "forfeit win", 0.0: "forfeit loss"}


@_register(
    "PLAYER_GAMES",
    "One player's games of a season as a table that spills: Event, Round, Colour, "
    "Opponent, Result and Points from the player's side, in the games table's order.",
    (
        _SEASON_GAMES,
        _o0(
            "player",
            "The player's name as the games table writes it (blank or 0: an empty table).",
        ),
        _o0(
            "rows",
            "Rows to give below the header (blank: one per game); padded with empty texts. "
            "With more games than rows, the last row says how many more there are.",
        ),
        _SKIP,
        _GAMES_FIRST_ROW,
    ),
    '=PLAYER_GAMES(Games!A2:F200, "Alice Morgan", 60)',
    spills=True,
)
def _player_games(
    games: Cell, player: Cell, rows: Cell, skip: Cell, games_first_row: Cell
) -> Table:
    first_row = _first_row(games_first_row, "games_first_row")
    if to_bool(skip, "skip", False):  # the rows that read as games
        grouped = season_games_known(read_season_rows(games, first_row=first_row), None)[0]
    else:
        grouped = read_season_games(games, first_row=first_row)
    if not (_is_blank_choice(player) or isinstance(player, str)):
        raise InvalidInputError(f"player must be a player's name, got {show(player)}")
    name = "" if _is_blank_choice(player) else " ".join(str(player).split())
    found: list[list[object]] = []
    for event, played in zip(grouped.events, grouped.games, strict=True):
        for game in played:
            if name not in (game.white, game.black):
                continue
            white = game.white == name
            points = game.white_score if white else game.black_points
            if game.black is None:
                colour, opponent, result = "bye", "", "bye"
            else:
                colour, opponent = ("White", game.black) if white else ("Black", game.white)
                words = _FORFEITS if game.kind == "forfeit" else _OUTCOMES
                result = words.get(points, f"{points:g} points")
            found.append([event, game.round, colour, opponent, result, points])
    height = to_int(rows, "rows", len(found))
    if not (1 <= height <= _MOST_ROWS or (is_blank(rows) and height == 0)):
        raise InvalidInputError(
            f"rows must be a whole number from 1 to {_MOST_ROWS:,}, got {show(rows)}"
        )
    if len(found) > height:
        more = len(found) - height + 1
        found = [*found[: height - 1], ["", "", "", f"and {more} more games", "", ""]]
    table: Table = [["Event", "Round", "Colour", "Opponent", "Result", "Points"], *found]
    table.extend(["", "", "", "", "", ""] for _ in range(height - len(found)))
    return table


def _ratings_grid(ratings: Cell) -> list[list[Cell]]:
    """A Ratings table's cells (SEASON_RATINGS' output), refusing a range of no cells."""
    grid = to_grid(ratings, "ratings")
    if not grid or not grid[0]:  # only a Python caller can pass a range of no cells
        raise InvalidInputError("ratings is an empty range: give at least one cell")
    return grid


def _event_names(header: list[Cell]) -> list[str]:
    """The events' names of a Ratings table's header, the cells after the names column
    ("" for a blank cell: a blank header ends the season's events)."""
    return [
        "" if is_blank(cell) else read_name(cell, f"ratings column {j} header", "an event's name")
        for j, cell in enumerate(header, start=2)
    ]


@_register(
    "PLAYER_RATINGS",
    "One player's rating after each event, read from a SEASON_RATINGS table, as a table "
    "that spills: Event and Rating, one row per event ('unrated' before a first rating).",
    (
        _p(
            "ratings",
            "A SEASON_RATINGS table with its header row: the names first, then one column "
            "per event.",
        ),
        _p("player", "The player's name as the table writes it (blank: no ratings shown)."),
        _o0(
            "rows",
            "Rows to give (blank: one per event column); padded with empty texts, from one "
            "per event to 16,383.",
        ),
    ),
    '=PLAYER_RATINGS(Ratings!A13:Q53, "Alice Morgan", 16)',
    spills=True,
)
def _player_ratings(ratings: Cell, player: Cell, rows: Cell) -> Table:
    grid = _ratings_grid(ratings)
    # Names as the season's tables read them (and SEASON_RATINGS writes them): spaces
    # tidied, a member number typed as 123 read as "123".
    name = "" if is_blank(player) else read_name(player, "player")
    # The events are the header's names after the names column, as the card counts them
    # (a blank header ends the season's events: SEASON_RATINGS fills them from the left).
    header = grid[0][1:]
    events = _event_names(header)
    count = sum(1 for text in events if text)
    mine = next((row for row in grid[1:] if row and row[0] == name), None) if name else None
    height = to_int(rows, "rows", max(len(header), 1))
    if not max(count, 1) <= height <= _MOST_EVENTS:
        raise InvalidInputError(
            f"rows must be a whole number from {max(count, 1)} to {_MOST_EVENTS:,} (the table "
            f"has {count} events), got {show(rows)}"
        )
    table: Table = []
    for k in range(height):
        if k >= count:
            table.append(["", ""])
            continue
        value = mine[k + 1] if mine is not None and k + 1 < len(mine) else None
        if _is_number(value) and not math.isfinite(value):  # no cell holds one: Python only
            raise InvalidInputError(
                f"ratings column {k + 2} of {name} must be a rating, got {show(value)}"
            )
        more = events[k].startswith("+") and _MORE_EVENTS in events[k]  # the room ran out
        shown: object = "" if mine is None or more else value if _is_number(value) else UNRATED
        table.append([events[k], shown])
    return table


#: The most events a SEASON_RATINGS table can hold: one per column of Excel's grid but the
#: names column (cells.EXCEL_COLUMNS).
_MOST_EVENTS: Final = EXCEL_COLUMNS - 1


def _is_number(value: object) -> TypeGuard[float]:
    """A number as Excel's ISNUMBER sees one (TRUE and FALSE are not numbers)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


#: The lines a season's rating chart draws when no number is given: the card's player and
#: the players with the highest last rating (a line per member of a 40-player club would
#: be unreadable).
_CHART_LINES: Final = 8


@_register(
    "SEASON_CHART",
    "The lines of a season's rating chart from a SEASON_RATINGS table: its header, the "
    "player given, then the highest-rated players; a missing rating is carried from the "
    "nearest event, so no line drops to 0.",
    (
        _p(
            "ratings",
            "A SEASON_RATINGS table with its header row: the names first, then one column "
            "per event.",
        ),
        _o0("player", "A player to draw first, as the table writes the name (blank: none)."),
        _o0(
            "lines",
            "Rows to give below the header (blank: 8), from 1 to 16,383; rows past the "
            "players repeat the last line, named with a space (a chart shows no name).",
        ),
    ),
    '=SEASON_CHART(Ratings!A13:Q53, "Alice Morgan", 8)',
    spills=True,
)
def _season_chart(ratings: Cell, player: Cell, lines: Cell) -> Table:
    """The chart's data: every row as wide as *ratings*; a rating cell a player has no
    number in takes the number of the nearest event before it (or, before his first
    rating, his first rating); a player with no rating at all is left out (unless given).

    >>> table = [["Player", "May", "June", ""], ["Ann", 1500.0, 1510.0, ""],
    ...          ["Bob", "", 1600.0, ""], ["Cy", "", "", ""]]
    >>> for row in FUNCTIONS["SEASON_CHART"](table, None, 3):
    ...     print(row)
    ['Player', 'May', 'June', '']
    ['Bob', 1600.0, 1600.0, 1600.0]
    ['Ann', 1500.0, 1510.0, 1510.0]
    [' ', 1500.0, 1510.0, 1510.0]
    """
    grid = _ratings_grid(ratings)
    width = len(grid[0])
    # The events' names as PLAYER_RATINGS reads them from the header.
    header: list[object] = ["" if is_blank(grid[0][0]) else read_name(grid[0][0], "ratings")]
    header += _event_names(grid[0][1:])
    name = "" if is_blank(player) else read_name(player, "player")
    height = to_int(lines, "lines", _CHART_LINES)
    if not 1 <= height <= _MOST_EVENTS:
        raise InvalidInputError(
            f"lines must be a whole number from 1 to {_MOST_EVENTS:,}, got {show(lines)}"
        )
    drawn: list[tuple[str, list[float]]] = []
    given: tuple[str, list[object]] | None = None
    for row in grid[1:]:
        if not row or is_blank(row[0]):
            continue
        label = read_name(row[0], "ratings column 1")
        numbers = [value for value in row[1:width] if _is_number(value)]
        if any(not math.isfinite(value) for value in numbers):  # Python callers only
            raise InvalidInputError(f"ratings row of {label} holds a rating that is not finite")
        if label == name:
            given = (label, list(row[1:width]))
        elif numbers:
            drawn.append((label, _carried(row[1:width], width - 1)))
    drawn.sort(key=lambda line: -line[1][-1])  # by the last rating; sort keeps table order
    if given is not None:
        has = any(_is_number(value) for value in given[1])
        first: list[object] = list(_carried(given[1], width - 1)) if has else [""] * (width - 1)
        chosen: list[list[object]] = [[given[0], *first]]
    else:
        chosen = []
    chosen += [[label, *values] for label, values in drawn[: height - len(chosen)]]
    table: Table = [header]
    table += chosen
    last: list[object] = chosen[-1] if chosen else [""] * width
    # A space, not an empty text: a chart names a series of an empty name "Row 59".
    table += [[" ", *last[1:]] for _ in range(height - len(chosen))]
    return table


def _carried(row: list[object], width: int) -> list[float]:
    """A row's *width* ratings with every gap filled from the nearest number before it
    (from the first number, before that); the row holds at least one number."""
    cells = list(row) + [""] * (width - len(row))
    numbers = [value for value in cells if _is_number(value)]
    current = float(numbers[0])
    out: list[float] = []
    for value in cells:
        if _is_number(value):
            current = float(value)
        out.append(current)
    return out
