"""Hostile cells and tables: every spreadsheet function answers with a value or one line.

Whatever a cell holds (huge, negative, NaN or infinite numbers, numbers as text, dates and
datetimes, TRUE/FALSE, Excel's error values, very long text) and whatever shape a range
has (ragged rows, duplicate or unknown names, a player paired with himself, results out
of range, 10,000 rows mostly blank or full), a registered function returns a cell value,
a table of cell values, or ONE line of text starting ``#VALUE! `` or ``#N/A `` that names
the argument.  It never raises, never returns NaN or infinity, and its work is bounded
by its input: no time is asserted, the 10,000-row cases just have to complete.

Cost: each property runs a small number of examples so that the file takes a few
seconds; ``XLRATING_FUZZ=1000`` runs every property with 1000 examples (a full-size run).
"""

from __future__ import annotations

import datetime as dt
import functools
import math
import os
import re
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xlrating.rating._check import show
from xlrating.sheet import cells
from xlrating.sheet.catalog import FUNCTIONS

from .sheet.test_catalog import _args as catalog_args
from .sheet.test_catalog import _assert_cell_value
from .xlwings_harness import MISSING, call_udf, com_value

#: A range as a list of row lists (Any: cells of every type, and lists are invariant).
Rows = list[list[Any]]

# ------------------------------------------------------------------ budget

#: Examples per property: XLRATING_FUZZ=1000 for a full-size run, else what CI affords.
FUZZ = int(os.environ.get("XLRATING_FUZZ") or 0)

settings.register_profile(
    "xlrating-hostile",
    # Tables of 10,000 rows are slow to generate by design; the data is big on purpose.
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
    deadline=None,
)


def budget(ci: int, deadline: timedelta | None = None) -> settings:
    """*ci* examples (or XLRATING_FUZZ); a deadline only where every input is small.

    The deadline is no timing assertion: it is hundreds of times what a call on small
    cells takes, and only turns a runaway loop into a failure instead of a hung run.
    """
    return settings(
        settings.get_profile("xlrating-hostile"), max_examples=FUZZ or ci, deadline=deadline
    )


SMALL_INPUT_DEADLINE = timedelta(seconds=5)
#: Excel's largest text in a cell.
EXCEL_MAX_TEXT = 32_767
#: The number of rows the issue asks every range argument to survive.
BIG = 10_000

# ------------------------------------------------------------------ what an answer is

#: Functions whose value (not only whose errors) may be text.
TEXT_VALUES = {"USCF_CLASS", "SEASON_CHECK", "SEASON_EVENT"}
#: Functions that spill a column for a range of opponents.
EXPECTED_ARRAYS = {"USCF_EXPECTED", "FIDE_EXPECTED", "ELO_EXPECTED"}

#: Words that also point at an argument: a season's errors name the event (games' column).
ALSO_NAMING: dict[str, tuple[str, ...]] = {
    "SEASON_RATINGS": ("event",),
    "SEASON_START_FINAL": ("event",),
    "SEASON_STANDINGS": ("event",),
    "SEASON_GAME_STATUS": ("event",),
    "SEASON_CHECK": ("event",),
}


def names_an_argument(name: str, text: str) -> bool:
    """True when *text* mentions one of *name*'s arguments as a word (or, for a wrong
    number of arguments, the function itself); a table's row is named as its sheet is
    ("Players row 9") when the function was given the table's first sheet row."""
    words = [name, *(p.name for p in FUNCTIONS[name].params), *ALSO_NAMING.get(name, ())]
    return any(
        re.search(rf"(?<![A-Za-z0-9_]){re.escape(word)}(?![A-Za-z0-9_])", text)
        for word in [*words, *(w[:1].upper() + w[1:] for w in words)]
    )


def assert_error_line(name: str, text: str) -> None:
    """One line of error text, as a cell shows it, naming the argument."""
    assert text.startswith(("#VALUE! ", "#N/A ")), (name, text)
    assert len(text.splitlines()) == 1 and "\n" not in text and "\r" not in text, (name, text)
    assert len(text) <= 250, (name, text)
    assert "internal error" not in text and "Traceback" not in text, (name, text)
    if text.startswith("#VALUE! "):
        assert names_an_argument(name, text), f"{name}: names no argument: {text}"


def assert_plain_value(name: str, value: object) -> None:
    """A number (finite, exact in a cell) or text, as a cell of a result holds it."""
    if isinstance(value, str):
        return
    assert isinstance(value, (int, float)) and not isinstance(value, bool), (name, value)
    if isinstance(value, float):
        assert math.isfinite(value), (name, value)
    else:
        assert abs(value) <= 2**53, (name, value)  # what a cell (a double) holds exactly


def assert_answer(name: str, out: object) -> None:
    """A value, a rectangular table of values, or one line of error text."""
    if isinstance(out, str) and (out.startswith("#") or name not in TEXT_VALUES):
        assert_error_line(name, out)
    elif isinstance(out, list):
        assert FUNCTIONS[name].spills or name in EXPECTED_ARRAYS, (name, out)
        assert out and all(isinstance(row, list) for row in out), (name, out)
        assert len({len(row) for row in out}) == 1, f"{name}: ragged table {out}"
        for row in out:
            for value in row:
                assert_plain_value(name, value)
    else:
        assert_plain_value(name, out)


# ------------------------------------------------------------------ hostile cells

HOSTILE_VALUES: list[object] = [
    math.nan,
    math.inf,
    -math.inf,
    1e308,
    -1e308,
    5e-324,
    -0.0,
    2.0**53 + 2,
    1e15,
    1e16,
    -1.0,
    4000.5,
    45658.0,  # 2025-01-01 as an Excel serial: a date typed where a number goes
    2025.0,  # a year where a date goes
    10**20,  # Python callers may pass ints
    -(10**20),
    10**400,  # no float holds it
    "1e400",
    "NaN",
    "inf",
    "-Infinity",
    "1,500",
    "1.500",
    "１５００",  # fullwidth digits
    " 1500 ",
    "1500\n",
    "0x10",
    "1_000",
    "=1+1",
    "\x00",
    "\u2028",  # a line separator
    "A\nB",
    "",
    "   ",
    "TRUE",
    "unrated",
    "BYE",
    "established",
    "W",
    "½",
    "+-",
    "9" * 400,
    "9" * EXCEL_MAX_TEXT + "x",  # a digit run that once made the number check backtrack
    "x" * EXCEL_MAX_TEXT,
    dt.date(2025, 1, 1),
    dt.datetime(2025, 1, 1, 13, 30),
    dt.datetime.min,
    dt.datetime.max,
]

error_texts = st.sampled_from(sorted(cells.EXCEL_ERRORS))
numbers_as_text = st.one_of(
    st.integers(min_value=-(10**6), max_value=10**6).map(str),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.floats(min_value=0, max_value=3000).map(lambda x: f"{x:.1f}"),
)
hostile_cells = st.one_of(
    st.sampled_from(HOSTILE_VALUES),
    st.floats(),
    st.integers(min_value=-(10**20), max_value=10**20),
    numbers_as_text,
    error_texts,
    st.booleans(),
    st.dates(),
    st.datetimes(),
    st.text(max_size=20),
    st.none(),
)
hostile_ranges = st.one_of(
    # rectangular ranges as xlwings hands them: a list of row lists
    st.integers(min_value=1, max_value=4).flatmap(
        lambda w: st.lists(st.lists(hostile_cells, min_size=w, max_size=w), min_size=1, max_size=8)
    ),
    st.lists(hostile_cells, min_size=0, max_size=8),  # one row or column, flat
    st.lists(st.lists(hostile_cells, max_size=4), max_size=6),  # ragged, or no cells at all
    st.lists(hostile_cells, max_size=4).map(tuple),
)
hostile_args = st.one_of(hostile_cells, hostile_ranges, catalog_args)
#: What COM can hand over: no Python int (COM passes doubles; a huge int is no double).
com_cells = hostile_cells.filter(lambda v: not isinstance(v, int) or abs(v) < 10**300)
com_args = st.one_of(com_cells, st.lists(com_cells, min_size=1, max_size=6))


# ------------------------------------------------------------------ every function


@pytest.mark.slow
@budget(40, SMALL_INPUT_DEADLINE)
@given(data=st.data())
def test_every_function_answers_hostile_cells(data: st.DataObject) -> None:
    """Each registered function, with any number of hostile arguments (even too many)."""
    for name, spec in FUNCTIONS.items():
        n = data.draw(st.integers(min_value=0, max_value=spec.max_args + 1), label=name)
        args = [data.draw(hostile_args) for _ in range(n)]
        assert_answer(name, spec(*args))


@pytest.mark.slow
@budget(15, SMALL_INPUT_DEADLINE)
@given(data=st.data())
def test_every_function_answers_hostile_cells_through_xlwings(data: st.DataObject) -> None:
    """The same through xlwings' own conversion, as Excel calls the functions."""
    for name, spec in FUNCTIONS.items():
        n = data.draw(st.integers(min_value=spec.min_args, max_value=spec.max_args), label=name)
        args = [data.draw(com_args) for _ in range(n)]
        out = call_udf(name, *(com_value(a) for a in args))
        _assert_cell_value(out, name)
        if isinstance(out, str) and out.startswith("#"):
            assert_error_line(name, out)


#: The games of seeds/000_b8f3bb21fd400775.txt (1700, 30 games: 2.5/4 -> 1716.66) and the
#: FIDE example of seeds/001_2de337572f459679.txt (1800, K 20: 3/5 -> +15).
SEED_000 = ([1600.0, 1650.0, 1750.0, 1800.0], ["W", "D", "L", "W"])
SEED_001 = ([1750.0, 1850.0, 1900.0, 1700.0, 2000.0], [1.0, 0.5, 0.0, 1.0, 0.5])


def _spread(values: Sequence[object], rows: Sequence[int], size: int = BIG) -> Rows:
    """A column of *size* rows, blank except *values* at the given 0-based rows."""
    column: Rows = [[None] for _ in range(size)]
    for row, value in zip(rows, values, strict=True):
        column[row] = [value]
    return column


@pytest.mark.slow
@budget(10)
@given(rows=st.lists(st.integers(0, BIG - 1), min_size=5, max_size=5, unique=True).map(sorted))
def test_ten_thousand_mostly_blank_rows_give_the_compact_answer(rows: list[int]) -> None:
    """Spare blank rows are skipped: the seeds' games spread over 10,000 rows rate the same."""
    opps, res = _spread(SEED_000[0], rows[:4]), _spread(SEED_000[1], rows[:4])
    assert FUNCTIONS["USCF_NEW_RATING"](1700.0, 30.0, opps, res) == pytest.approx(1716.66, abs=0.01)
    opps, res = _spread(SEED_001[0], rows), _spread(SEED_001[1], rows)
    assert FUNCTIONS["FIDE_RATING_CHANGE"](1800.0, opps, res, 20.0) == 15
    assert FUNCTIONS["FIDE_PERFORMANCE"](opps, res) == 1912


RANGE_FUNCTIONS: dict[str, Callable[[Rows, Rows], tuple[object, ...]]] = {
    "USCF_NEW_RATING": lambda o, r: (1500.0, 30.0, o, r),
    "USCF_RATING_CHANGE": lambda o, r: (1500.0, 0.0, o, r),
    "USCF_DETAILS": lambda o, r: (1500.0, 3.0, o, r),
    "USCF_BONUS": lambda o, r: (1500.0, 30.0, o, r),
    "USCF_PERFORMANCE": lambda o, r: (o, r),
    "USCF_EXPECTED": lambda o, r: (1500.0, o),
    "FIDE_EXPECTED": lambda o, r: (1500.0, o),
    "FIDE_RATING_CHANGE": lambda o, r: (1500.0, o, r, 20.0),
    "FIDE_NEW_RATING": lambda o, r: (1500.0, o, r, 20.0),
    "FIDE_DETAILS": lambda o, r: (1500.0, o, r, 20.0),
    "FIDE_PERFORMANCE": lambda o, r: (o, r),
    "FIDE_FIRST_RATING": lambda o, r: (o, r),
    "ELO_EXPECTED": lambda o, r: (1500.0, o),
    "ELO_RATING_CHANGE": lambda o, r: (1500.0, o, r, 20.0, 1000.0),
    "ELO_NEW_RATING": lambda o, r: (1500.0, o, r, 20.0, 1000.0),
    "GLICKO2_RATING": lambda o, r: (1500.0, 200.0, 0.06, o, [[100.0]] * len(o), r),
}


@pytest.mark.slow
def test_ten_thousand_full_rows_complete_for_every_range_function() -> None:
    """10,000 draws against 1500 from a 1500: every expected score is 0.5, so the change is
    0 (US Chess, Elo, Glicko-2), the performance is 1500, or the 700 rule refuses K 20."""
    opps, res = [[1500.0]] * BIG, [[0.5]] * BIG
    assert set(RANGE_FUNCTIONS) >= {
        n for n, f in FUNCTIONS.items() if {"opponents", "opponent"} & {p.name for p in f.params}
    }
    answers = {name: FUNCTIONS[name](*make(opps, res)) for name, make in RANGE_FUNCTIONS.items()}
    for name, out in answers.items():
        assert_answer(name, out)
    assert answers["USCF_NEW_RATING"] == pytest.approx(1500.0)
    assert answers["USCF_PERFORMANCE"] == pytest.approx(1500.0)
    assert answers["USCF_EXPECTED"] == [[0.5]] * BIG
    assert answers["ELO_RATING_CHANGE"] == pytest.approx(0.0)
    assert answers["FIDE_EXPECTED"] == [[0.5]] * BIG
    glicko: Any = answers["GLICKO2_RATING"]
    assert dict(glicko)["Rating"] == pytest.approx(1500.0)
    assert str(answers["FIDE_RATING_CHANGE"]).startswith(
        "#VALUE! k 20 x 10000 rated games exceeds 700 (8.3.3)"
    )


@pytest.mark.parametrize("name", sorted(RANGE_FUNCTIONS))
def test_a_range_of_the_longest_texts_is_refused_row_by_row(name: str) -> None:
    """Every cell of the range is Excel's longest text, digits then a letter: refused with
    one line naming the first row (checking such text was once quadratic in its length)."""
    digits = "9" * EXCEL_MAX_TEXT + "x"
    out = FUNCTIONS[name](*RANGE_FUNCTIONS[name]([[digits]] * 100, [[1.0]] * 100))
    assert isinstance(out, str), out
    assert_error_line(name, out)
    assert re.search(r"\bentry 1\b|\[1\]", out), out


# ------------------------------------------------------------------ event and season tables

NAMES = ("Ann", "Ben", "Cat", "Dev", "Eve", "Fay", "Gus", "Hal")
FUNCTION_OF = {"uscf": "USCF_EVENT", "fide": "FIDE_PERIOD", "season": "SEASON_RATINGS"}
PLAYER_HEADERS = {
    "uscf": ["Name", "Rating", "Games", "Floor", "Age"],
    "fide": ["Name", "Rating", "Rated games", "Born", "Reached 2400", "K"],
}
GAME_HEADER = ["Round", "White", "Black", "Result"]
#: Results from White's side as people type them (played games and forfeits).
RESULTS = [1.0, 0.5, 0.0, "1-0", "0-1", "½-½", "1/2-1/2", "=", "1", "0.5", "0", "+-", "-+"]
#: Results that no reading accepts, and what the games table says of them.
BAD_RESULTS = [2.0, -1.0, 1.5, 0.25, math.nan, "2-0", "1:0", "x", "1-1", True]
BAD_RESULT_TEXT = "result must be 1, 0.5, 0, 1-0, 0-1, ½-½, +- or -+"
#: Dates for which every system has rules (FIDE first ratings from 2024-03-01).
DATES = st.dates(min_value=dt.date(2024, 3, 1), max_value=dt.date(2026, 12, 31))


class Tables:
    """A players table and a games table as typed in a sheet, and where each row went.

    ``players`` and ``games`` are lists of rows (header and spare blank rows included);
    ``player_rows`` and ``game_rows`` are the 1-based row numbers of the players and of
    the games, as the error messages count them.
    """

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.players: Rows = []
        self.games: Rows = []
        self.player_rows: list[int] = []
        self.game_rows: list[int] = []
        self.played_rows: list[int] = []  # games with two players (not byes)
        self.extra: tuple[object, ...] = ()
        self.first = 1  # the column of White: round, white, black, result start one before

    @property
    def function(self) -> str:
        return FUNCTION_OF[self.kind]

    def call(self) -> object:
        return FUNCTIONS[self.function](self.players, self.games, *self.extra)

    def names(self) -> list[str]:
        return [str(self.players[r - 1][0]) for r in self.player_rows]

    def game(self, row: int) -> list[object]:
        """The round, white, black, result cells of a games row (a view to edit)."""
        return self.games[row - 1]


def _add(draw: st.DrawFn, table: Rows, row: list[object], width: int) -> int:
    """Append *row* after perhaps a spare blank row; return its 1-based row number."""
    if draw(st.integers(0, 3)) == 0:
        table.append([None] * width)
    table.append(row)
    return len(table)


# What the table strategies below draw from, made once (a strategy made inside a composite
# is made, and validated, again for every example).
_UNRATED = st.sampled_from([None, "unrated", "NR"])
_NO_GAMES = st.sampled_from([None, 0.0])
_AGES = st.one_of(st.none(), st.integers(4, 90).map(float))
_COUNTS = st.one_of(st.none(), st.just("established"), st.integers(0, 300).map(float))
_FLOORS = st.one_of(st.none(), st.integers(1, 20).map(lambda x: x * 100.0))
_FIDE_RATINGS = st.one_of(st.none(), st.integers(1400, 2800).map(float))
_FIDE_GAMES = st.one_of(st.none(), st.integers(0, 200).map(float))
_BORN = st.one_of(st.none(), st.integers(1940, 2012).map(float))
_REACHED = st.sampled_from([None, True, False])
_K = st.sampled_from([None, None, 10.0, 20.0, 40.0])
_RESULT_CELLS = st.sampled_from(RESULTS)
_BYE_CELLS = st.sampled_from([None, "BYE", "bye"])
_BYE_SCORES = st.sampled_from([None, 1.0, 0.5, 0.0])
_DUAL_RATED = st.sampled_from([None, False, True])
_RATING_LISTS = st.sampled_from([None, "standard", "rapid", "Blitz"])
_SYSTEMS = st.sampled_from([None, "uscf", "fide", "elo", "glicko2"])
_ELO_K = st.integers(10, 40).map(float)


@functools.cache
def _uscf_ratings(lowest: int) -> st.SearchStrategy[float]:
    return st.integers(2 * lowest, 5400).map(lambda x: x / 2)


@functools.cache
def uscf_player(name: str, lowest: int) -> st.SearchStrategy[list[object]]:
    return _uscf_player(name, lowest)


@st.composite
def _uscf_player(draw: st.DrawFn, name: str, lowest: int) -> list[object]:
    if draw(st.integers(0, 3)) == 0:  # unrated: games blank or 0, perhaps an age
        rating: object = draw(_UNRATED)
        games: object = draw(_NO_GAMES)
        age = draw(_AGES)
        return [name, rating, games, None, age]
    rating = draw(_uscf_ratings(lowest))
    games = draw(_COUNTS)
    floor = draw(_FLOORS)
    return [name, rating, games, floor, None]


@functools.cache
def fide_player(name: str) -> st.SearchStrategy[list[object]]:
    return _fide_player(name)


@st.composite
def _fide_player(draw: st.DrawFn, name: str) -> list[object]:
    rating = draw(_FIDE_RATINGS)
    games = draw(_FIDE_GAMES)
    born = draw(_BORN)
    reached = draw(_REACHED)
    k = draw(_K)
    return [name, rating, games, born, reached, k]


@st.composite
def valid_tables(draw: st.DrawFn, kind: str) -> Tables:
    """Valid tables for USCF_EVENT ("uscf"), FIDE_PERIOD ("fide") or SEASON_RATINGS
    ("season"): 2 to 8 players, 1 to 3 rounds where everybody plays (the odd one out has
    a bye), perhaps header rows and spare blank rows, and valid optional arguments."""
    t = Tables(kind)
    names = NAMES[: draw(st.integers(2, len(NAMES)))]
    layout = "fide" if kind == "fide" else "uscf"
    width = draw(st.integers(2, len(PLAYER_HEADERS[layout])))
    if draw(st.booleans()):
        t.players.append(PLAYER_HEADERS[layout][:width])
    for name in names:
        row = draw(
            fide_player(name)
            if kind == "fide"
            else uscf_player(name, 1400 if kind == "season" else 100)
        )
        t.player_rows.append(_add(draw, t.players, row[:width], width))

    dated = kind == "season" and draw(st.booleans())
    t.first = 1 + (kind == "season") + dated
    when = {event: draw(DATES) for event in ("Spring", "Summer", "Autumn")}
    header = ["Event", "Date"][: t.first - 1] + GAME_HEADER
    if draw(st.booleans()):
        t.games.append(header)
    for rnd in range(1, draw(st.integers(1, 3)) + 1):
        event = draw(st.sampled_from(sorted(when)))
        lead = [event, when[event]][: t.first - 1]
        order = draw(st.permutations(list(names)))
        for white, black in zip(order[::2], order[1::2], strict=False):
            row = [*lead, float(rnd), white, black, draw(_RESULT_CELLS)]
            t.played_rows.append(_add(draw, t.games, row, len(header)))
            t.game_rows.append(t.played_rows[-1])
        if len(order) % 2:
            bye = [draw(_BYE_CELLS), draw(_BYE_SCORES)]
            t.game_rows.append(
                _add(draw, t.games, [*lead, float(rnd), order[-1], *bye], len(header))
            )

    day = draw(DATES)
    day_cell = draw(
        st.sampled_from([None, day, dt.datetime.combine(day, dt.time()), day.isoformat()])
    )
    if kind == "uscf":
        t.extra = (day_cell, draw(_DUAL_RATED))
    elif kind == "fide":
        t.extra = (draw(_RATING_LISTS), day_cell)
    else:
        system = draw(_SYSTEMS)
        t.extra = (system, draw(_ELO_K) if system == "elo" else None)
    return t


any_tables = st.sampled_from(sorted(FUNCTION_OF)).flatmap(valid_tables)


def _table_values(out: object) -> Rows:
    assert isinstance(out, list), out
    return out


@budget(30)
@given(t=any_tables)
def test_valid_tables_give_one_row_per_player(t: Tables) -> None:
    out = t.call()
    assert_answer(t.function, out)
    table = _table_values(out)
    assert table[0][0] == "Player"
    assert [row[0] for row in table[1:]] == t.names()


def _as_text(value: object) -> object:
    """A number typed as text ("1523.5"); anything else as it is."""
    if isinstance(value, float):
        return repr(value)
    return value


def _as_serial(value: object) -> object:
    """A date as Excel's serial number (days since 1899-12-30)."""
    if isinstance(value, dt.date):
        return float((value - dt.date(1899, 12, 30)).days)
    return value


@budget(20)
@given(t=any_tables, form=st.sampled_from(["text", "serial", "datetime", "iso"]))
def test_numbers_as_text_and_dates_in_any_form_change_nothing(t: Tables, form: str) -> None:
    """Every number typed as text, or every date of the season as a datetime, an ISO text or
    an Excel serial number, gives the very same table."""
    before = t.call()
    if form == "text":
        t.players = [[_as_text(c) for c in row] for row in t.players]
        t.games = [[_as_text(c) for c in row] for row in t.games]
        t.extra = tuple(_as_text(c) for c in t.extra)
    elif t.kind == "season" and t.first == 3:
        change: Callable[[object], object] = {
            "serial": _as_serial,
            "datetime": lambda d: (
                dt.datetime.combine(d, dt.time(0)) if isinstance(d, dt.date) else d
            ),
            "iso": lambda d: d.isoformat() if isinstance(d, dt.date) else d,
        }[form]
        t.games = [[*row[:1], change(row[1]), *row[2:]] for row in t.games]
    assert t.call() == before


def _spread_rows(rows: Rows, at: Sequence[int], keep_header: bool) -> tuple[Rows, dict[int, int]]:
    """*rows* placed at the 0-based rows *at* of a 10,000-row range (blank elsewhere); the
    header, when there is one, stays in the first row.  Returns the range and where each
    1-based row went."""
    width = len(rows[0])
    out: Rows = [[None] * width for _ in range(BIG)]
    moved: dict[int, int] = {}
    targets = [0, *at] if keep_header else list(at)
    for i, (row, target) in enumerate(zip(rows, targets, strict=False), start=1):
        out[target] = row
        moved[i] = target + 1
    return out, moved


@pytest.mark.slow
@budget(8)
@given(t=any_tables, data=st.data())
def test_tables_spread_over_ten_thousand_rows(t: Tables, data: st.DataObject) -> None:
    """The same tables spread over 10,000 rows (mostly blank) rate the same; a player paired
    with himself there is reported at the row where he really is."""
    before = t.call()

    def spread(rows: Rows, header: bool) -> tuple[Rows, dict[int, int]]:
        count = len(rows) - header
        at = data.draw(
            st.lists(st.integers(1, BIG - 1), min_size=count, max_size=count, unique=True)
        )
        return _spread_rows(rows, sorted(at), header)

    p_header = t.players[0][0] == "Name"
    g_header = t.games[0][t.first] == "White"
    players, _ = spread(t.players, p_header)
    games, moved = spread(t.games, g_header)
    assert FUNCTIONS[t.function](players, games, *t.extra) == before

    row = data.draw(st.sampled_from(t.played_rows))
    white = t.game(row)[t.first]
    games[moved[row] - 1][t.first + 1] = white
    out = FUNCTIONS[t.function](players, games, *t.extra)
    assert out == f"#VALUE! games row {moved[row]}: {white!r} is paired with himself"


def _date_in_message(value: dt.date) -> str:
    """How the message quotes a date: ISO, with the time only when there is one."""
    if isinstance(value, dt.datetime) and value.time() != dt.time(0):
        return value.isoformat(sep=" ")
    return value.isoformat()[:10]


DEFECTS = [
    "self",
    "duplicate",
    "unknown",
    "result",
    "date rating",
    "error rating",
    "error round",
    "ragged",
]


@pytest.mark.slow
@budget(60)
@given(t=any_tables, defect=st.sampled_from(DEFECTS), data=st.data())
def test_one_defect_gives_its_own_line(t: Tables, defect: str, data: st.DataObject) -> None:
    """One defect in otherwise valid tables gives exactly its message, naming the row (rows
    count the header and the blank rows, as the sheet does)."""
    draw = data.draw
    if defect == "self":
        row = draw(st.sampled_from(t.played_rows))
        cells_ = t.game(row)
        cells_[t.first + 1] = cells_[t.first]
        expected = f"#VALUE! games row {row}: {cells_[t.first]!r} is paired with himself"
    elif defect == "duplicate":
        first, again = sorted(
            draw(st.lists(st.sampled_from(t.player_rows), min_size=2, max_size=2, unique=True))
        )
        name = t.players[first - 1][0]
        t.players[again - 1][0] = draw(st.sampled_from([name, f"  {name} ", f"{name}\n"]))
        expected = f"#VALUE! players row {again}: duplicate name {name!r} (also row {first})"
    elif defect == "unknown":
        row = draw(st.sampled_from(t.played_rows))
        t.game(row)[t.first + draw(st.integers(0, 1))] = "Zed"
        expected = f"#VALUE! games row {row}: unknown player 'Zed'"
    elif defect == "result":
        row = draw(st.sampled_from(t.played_rows))
        bad = draw(st.sampled_from(BAD_RESULTS))
        t.game(row)[t.first + 2] = bad
        expected = f"#VALUE! games row {row}: {BAD_RESULT_TEXT}, got {show(bad)}"
    elif defect == "date rating":
        row = draw(st.sampled_from(t.player_rows))
        when = draw(st.one_of(st.dates(), st.datetimes()))
        t.players[row - 1][1] = when
        expected = (
            f"#VALUE! players row {row}: rating must be a number, "
            f"got the date {_date_in_message(when)}"
        )
    elif defect == "error rating":
        row = draw(st.sampled_from(t.player_rows))
        error = draw(error_texts)
        t.players[row - 1][1] = error
        expected = f"#VALUE! players row {row}: rating is an error cell {error!r}"
    elif defect == "error round":
        row = draw(st.sampled_from(t.game_rows))
        error = draw(error_texts)
        t.game(row)[t.first - 1] = error
        expected = f"#VALUE! games row {row}: round is an error cell {error!r}"
    else:  # ragged: a row with cells missing at the end
        row = draw(st.sampled_from(t.player_rows))
        width = len(t.players[0])
        keep = draw(st.integers(0, width - 1))
        del t.players[row - 1][keep:]
        bad, cells_in_bad, cells_in_first = (2, width, keep) if row == 1 else (row, keep, width)
        expected = (
            f"#VALUE! players must be a rectangular range: row {bad} has {cells_in_bad} cells "
            f"but row 1 has {cells_in_first}"
        )
    assert t.call() == expected


@budget(40)
@given(t=any_tables, data=st.data())
def test_hostile_cells_anywhere_in_the_tables(t: Tables, data: st.DataObject) -> None:
    """Valid tables with a few cells (or optional arguments) replaced by hostile values,
    perhaps a ragged row: a table of values or one line naming the argument."""
    for _ in range(data.draw(st.integers(1, 4))):
        which = data.draw(st.sampled_from(["players", "games", "extra"]))
        if which == "extra":
            extra = list(t.extra)
            extra[data.draw(st.integers(0, len(extra) - 1))] = data.draw(hostile_cells)
            t.extra = tuple(extra)
            continue
        table = t.players if which == "players" else t.games
        row = data.draw(st.integers(0, len(table) - 1))
        table[row][data.draw(st.integers(0, len(table[row]) - 1))] = data.draw(hostile_cells)
        if data.draw(st.integers(0, 9)) == 0:
            table[row].append(data.draw(hostile_cells))
    assert_answer(t.function, t.call())


# ------------------------------------------------------------------ messages as Excel shows them

PLAYERS: Rows = [
    ["Name", "Rating", "Games", "Floor", "Age"],
    ["Ann", 1800.0, 40.0, None, None],
    ["Ben", 1650.0, 12.0, None, None],
    ["Cat", None, None, None, 30.0],
    ["Dev", 1500.0, 6.0, None, None],
]
FIDE_PLAYERS: Rows = [
    ["Name", "Rating", "Rated games", "Born", "Reached 2400", "K"],
    ["Ann", 1800.0, 40.0, None, None, None],
    ["Ben", 1650.0, 12.0, 2010.0, None, None],
    ["Cat", None, None, None, None, None],
    ["Dev", 1500.0, 6.0, None, False, None],
]
GAMES: Rows = [
    ["Round", "White", "Black", "Result"],
    [1.0, "Ann", "Cat", "1-0"],
    [1.0, "Ben", "Dev", "½-½"],
    [2.0, "Cat", "Ben", "1-0"],
    [2.0, "Dev", "Ann", "0-1"],
]
SEASON: Rows = [["Event", "Date", *GAME_HEADER]] + [["Spring", "2026-03-07", *g] for g in GAMES[1:]]
TABLE_CALLS: dict[str, tuple[Rows, Rows]] = {
    "USCF_EVENT": (PLAYERS, GAMES),
    "FIDE_PERIOD": (FIDE_PLAYERS, GAMES),
    "SEASON_RATINGS": (PLAYERS, SEASON),
}


def _excel(name: str, players: Rows, games: Rows) -> Any:
    """The function as Excel calls it, through xlwings' conversion."""
    return call_udf(name, com_value(players), com_value(games))


@pytest.mark.parametrize("name", sorted(TABLE_CALLS))
def test_the_example_tables_are_rated(name: str) -> None:
    out = _excel(name, *TABLE_CALLS[name])
    assert isinstance(out, list) and [row[0] for row in out[1:]] == ["Ann", "Ben", "Cat", "Dev"]


@pytest.mark.parametrize("name", sorted(TABLE_CALLS))
def test_a_player_paired_with_himself_names_the_row(name: str) -> None:
    players, games = TABLE_CALLS[name]
    games = [list(row) for row in games]
    games[3][-2] = games[3][-3]  # row 4: Cat against Cat
    assert _excel(name, players, games) == "#VALUE! games row 4: 'Cat' is paired with himself"


@pytest.mark.parametrize("name", sorted(TABLE_CALLS))
def test_duplicate_names_name_both_rows(name: str) -> None:
    players, games = TABLE_CALLS[name]
    players = [list(row) for row in players]
    players[4][0] = " Ben "  # row 5 repeats row 3 (spaces do not make another player)
    assert (
        _excel(name, players, games) == "#VALUE! players row 5: duplicate name 'Ben' (also row 3)"
    )


@pytest.mark.parametrize("name", sorted(TABLE_CALLS))
def test_a_date_in_the_rating_column_says_it_is_a_date(name: str) -> None:
    """A date-formatted cell reaches Python as a datetime: say so, not "got '2025-01-01T00:00'"."""
    players, games = TABLE_CALLS[name]
    players = [list(row) for row in players]
    players[2][1] = dt.datetime(2025, 1, 1)
    assert _excel(name, players, games) == (
        "#VALUE! players row 3: rating must be a number, got the date 2025-01-01"
    )


def test_an_excel_serial_in_the_rating_column_names_the_row() -> None:
    """A date typed into a number-formatted rating cell is a serial number far above 4000."""
    players = [list(row) for row in PLAYERS]
    players[2][1] = 45658.0  # 2025-01-01
    assert _excel("USCF_EVENT", players, GAMES) == (
        "#VALUE! players row 3: rating of Ben must be between 0 and 4000, got 45658"
    )


def test_an_error_in_the_first_row_is_no_header() -> None:
    """A first row whose rating (or round) cell shows #N/A is data, not column titles: it
    used to be skipped as a header, dropping a player or a game without a word."""
    na, ref = -2146826246, -2146826265  # COM's codes for #N/A and #REF!
    players = [["Ann", na, 40.0], ["Ben", 1650.0, 12.0]]
    assert _excel("USCF_EVENT", players, [[1.0, "Ann", "Ben", 1.0]]) == (
        "#VALUE! players row 1: rating is an error cell '#N/A'"
    )
    players = [["Ann", 1800.0, 40.0], ["Ben", 1650.0, 12.0]]
    games = [[ref, "Ann", "Ben", 1.0], [2.0, "Ben", "Ann", 1.0]]
    assert (
        _excel("USCF_EVENT", players, games)
        == "#VALUE! games row 1: round is an error cell '#REF!'"
    )
    assert _excel("USCF_EVENT", players, [["one", "Ann", "Ben", 1.0]]) == (
        "#VALUE! games row 1: round must be a number, got 'one'"
    )


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (math.nan, "#VALUE! players row 2: name must be a player's name, got nan"),
        (math.inf, "#VALUE! players row 2: name must be a player's name, got inf"),
        ("#N/A", "#VALUE! players row 2: name must be a player's name, got '#N/A'"),
        (True, "#VALUE! players row 2: name must be a player's name, got True"),
    ],
)
def test_names_that_are_not_names(name: object, message: str) -> None:
    players = [["Name", "Rating"], [name, 1500.0], ["Ben", 1500.0]]
    assert FUNCTIONS["USCF_EVENT"](players, [[1.0, "Ben", None, 1.0]]) == message


def test_member_numbers_as_names_match_as_numbers_or_text() -> None:
    """12345 typed as a number in one table and as text in the other is the same player."""
    players: Rows = [[12345.0, 1500.0, 30.0], ["67890", 1500.0, 30.0]]
    out = _excel("USCF_EVENT", players, [[1.0, "12345", 67890.0, 1.0]])
    assert [row[0] for row in out[1:]] == ["12345", "67890"] and out[1][3] > 0


def test_an_event_name_that_is_not_a_name() -> None:
    out = FUNCTIONS["SEASON_RATINGS"](PLAYERS, [[math.nan, 1.0, "Ann", "Ben", 1.0]])
    assert out == "#VALUE! games row 1: event must be an event's name, got nan"


def test_an_event_with_two_dates_names_the_row() -> None:
    games = [list(row) for row in SEASON]
    games[3][1] = "2026-03-08"
    assert _excel("SEASON_RATINGS", PLAYERS, games) == (
        "#VALUE! games row 4: event 'Spring' has two dates, 2026-03-07 and 2026-03-08"
    )


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            1e300,
            "#VALUE! players row 2: games must be a whole number of at most 15 digits, got 1e+300",
        ),
        (-3.0, "#VALUE! players row 2: games of Ann must be at least 0, got -3"),
        (2.5, "#VALUE! players row 2: games must be a whole number, got 2.5"),
    ],
)
def test_game_counts_out_of_range_name_the_row(value: float, message: str) -> None:
    players = [["Name", "Rating", "Games"], ["Ann", 1500.0, value], ["Ben", 1500.0, 30.0]]
    assert FUNCTIONS["USCF_EVENT"](players, [[1.0, "Ann", "Ben", 1.0]]) == message


def test_a_floor_out_of_range_names_the_row() -> None:
    players = [["Ann", 1500.0, 30.0, -100.0], ["Ben", 1500.0, 30.0, None]]
    assert FUNCTIONS["USCF_EVENT"](players, [[1.0, "Ann", "Ben", 1.0]]) == (
        "#VALUE! players row 1: floor must be between 0 and 4000, got -100"
    )


# ------------------------------------------------------------------ full 10,000-row tables


def _round_robin_games(players: int, rows: int) -> Rows:
    """*rows* games: player i against the next ones in turn, results cycling W, D, L; each
    game in a round of its own (a player has one pairing per round)."""
    games: Rows = []
    step = 1
    while len(games) < rows:
        for i in range(players):
            if len(games) == rows:
                break
            result = [1.0, 0.5, 0.0][len(games) % 3]
            games.append([float(len(games) + 1), f"P{i}", f"P{(i + step) % players}", result])
        step = step % (players - 1) + 1
    return games


@pytest.mark.slow
def test_ten_thousand_games_and_ten_thousand_players_complete() -> None:
    """Full ranges: 10,000 games among 200 players, and 10,000 players (5,000 games)."""
    players = [[f"P{i}", 1000.0 + 5 * i, 30.0] for i in range(200)]
    games = _round_robin_games(200, BIG)
    for name, table in (("USCF_EVENT", players), ("FIDE_PERIOD", players)):
        out = FUNCTIONS[name](table, games)
        assert_answer(name, out)
        assert [row[0] for row in _table_values(out)[1:]] == [f"P{i}" for i in range(200)]
    everybody = [[f"P{i}", 1000.0 + i % 2000, 30.0] for i in range(BIG)]
    pairs = [[1.0, f"P{2 * i}", f"P{2 * i + 1}", 0.5] for i in range(BIG // 2)]
    out = FUNCTIONS["USCF_EVENT"](everybody, pairs)
    assert_answer("USCF_EVENT", out)
    assert len(_table_values(out)) == BIG + 1


@pytest.mark.slow
@pytest.mark.parametrize("system", ["uscf", "elo"])
def test_a_season_of_ten_thousand_rows_completes(system: str) -> None:
    """100 events of 100 games among 50 players."""
    players = [[f"P{i}", 1400.0 + 10 * i, 30.0] for i in range(50)]
    games = [[f"E{r // 100:03d}", *g] for r, g in enumerate(_round_robin_games(50, BIG))]
    out = FUNCTIONS["SEASON_RATINGS"](players, games, system, 20.0 if system == "elo" else None)
    assert_answer("SEASON_RATINGS", out)
    table = _table_values(out)
    assert len(table) == 51 and len(table[0]) == 101


# ------------------------------------------------------------------ gaps in the rating core


def test_uscf_event_names_the_player_whose_rating_is_too_low() -> None:
    players = [["Ann", 50.0, 30.0], ["Ben", 1500.0, 30.0]]
    out = FUNCTIONS["USCF_EVENT"](players, [[1.0, "Ann", "Ben", 1.0]])
    assert isinstance(out, str) and out.startswith("#VALUE! players row 1")


def test_fide_period_names_the_player_whose_k_is_too_high() -> None:
    players = [["Ann", 1500.0, 30.0, None, None, 50.0], ["Ben", 1500.0, 30.0, None, None, None]]
    out = FUNCTIONS["FIDE_PERIOD"](players, [[1.0, "Ann", "Ben", 1.0]])
    assert isinstance(out, str) and out.startswith("#VALUE! players row 1")


def test_fide_period_names_the_player_whose_rating_is_too_low() -> None:
    players = [["Ann", 900.0], ["Ben", 1500.0]]
    out = FUNCTIONS["FIDE_PERIOD"](players, [[1.0, "Ann", "Ben", 1.0]])
    assert isinstance(out, str) and out.startswith("#VALUE! players row 1")


def test_a_season_rating_above_4000_is_a_value_or_names_the_event() -> None:
    players = [["Ann", 3900.0], ["Ben", 3900.0]]
    out = FUNCTIONS["SEASON_RATINGS"](players, [["E1", 1.0, "Ann", "Ben", 1.0]], "elo", 1000.0)
    assert out == (
        "#VALUE! event 'E1': the new rating of Ann comes to 4400.0, outside 0 to 4000, "
        "the ratings xlrating accepts"
    )


def test_uscf_event_with_intermediate_ratings_above_4000() -> None:
    players = [["Ann", 3995.0, 30.0], ["Ben", 3995.0, 30.0]]
    out = FUNCTIONS["USCF_EVENT"](players, [[1.0, "Ann", "Ben", 1.0]])
    assert out == (
        "#VALUE! players row 1: the Step-4 rating of Ann comes to 4007.9, outside 0 to 4000, "
        "the ratings xlrating accepts"
    )


# ------------------------------------------------------------------ every argument, every value
#
# Issue 16: not a random draw but a sweep.  Each function gets valid arguments (its
# baseline: a value, checked below), then each argument in turn is replaced by each value
# xlwings can hand over, and the answer must be a value or one line naming an argument.

_OPP, _RES = [1600.0, 1650.0, 1750.0, 1800.0], ["W", "D", "L", "W"]
_FIDE_OPP, _FIDE_RES = [1750.0, 1850.0, 1900.0, 1700.0, 2000.0], [1.0, 0.5, 0.0, 1.0, 0.5]
_PLAYERS: Rows = [
    ["Name", "Rating", "Games", "Floor", "Age"],
    ["Ann", 1800.0, 40.0, None, None],
    ["Ben", 1650.0, 12.0, None, None],
    ["Cat", None, None, None, 30.0],
    ["Dev", 1500.0, 6.0, None, None],
]
_GAMES: Rows = [
    ["Round", "White", "Black", "Result"],
    [1.0, "Ann", "Cat", "1-0"],
    [1.0, "Ben", "Dev", "½-½"],
    [2.0, "Cat", "Ben", "1-0"],
    [2.0, "Dev", "Ann", "0-1"],
]
_SEASON: Rows = [
    ["Event", "Date", "Round", "White", "Black", "Result"],
    ["Spring", "2026-03-07", 1.0, "Ann", "Ben", "1-0"],
    ["Spring", "2026-03-07", 1.0, "Cat", "Dev", "0-1"],
    ["Summer", "2026-06-06", 1.0, "Ben", "Ann", "1-0"],
]
#: Valid arguments of every function (its required ones; optional ones are left out).
BASELINES: dict[str, tuple[Any, ...]] = {
    "USCF_NEW_RATING": (1700.0, 30.0, _OPP, _RES),
    "USCF_RATING_CHANGE": (1700.0, 30.0, _OPP, _RES),
    "USCF_DETAILS": (1700.0, 30.0, _OPP, _RES),
    "USCF_EXPECTED": (1700.0, 1600.0),
    "USCF_EFFECTIVE_GAMES": (1700.0, 30.0),
    "USCF_K": (1700.0, 30.0, 4.0),
    "USCF_BONUS": (1300.0, 45.0, _OPP, _RES),
    "USCF_PERFORMANCE": (_OPP, _RES),
    "USCF_CLASS": (1717.0,),
    "USCF_INITIAL_RATING": (12.0,),
    "USCF_FLOOR": (1941.0,),
    "FIDE_EXPECTED": (1800.0, 1750.0),
    "FIDE_K": (1800.0, 45.0, 2012.0),
    "FIDE_RATING_CHANGE": (1800.0, _FIDE_OPP, _FIDE_RES, 20.0),
    "FIDE_NEW_RATING": (1800.0, _FIDE_OPP, _FIDE_RES, 20.0),
    "FIDE_DETAILS": (1800.0, _FIDE_OPP, _FIDE_RES, 20.0),
    "FIDE_PERFORMANCE": (_FIDE_OPP, _FIDE_RES),
    "FIDE_FIRST_RATING": ([*_FIDE_OPP, 1800.0], [*_FIDE_RES, 1.0]),
    "FIDE_DP": (0.6,),
    "ELO_EXPECTED": (1500.0, 1700.0),
    "ELO_RATING_CHANGE": (1500.0, 1700.0, 1.0, 20.0),
    "ELO_NEW_RATING": (1500.0, 1700.0, 1.0, 20.0),
    "GLICKO2_RATING": (
        1500.0,
        200.0,
        0.06,
        [1400.0, 1550.0, 1700.0],
        [30.0, 100.0, 300.0],
        [1.0, 0.0, 0.0],
    ),
    "USCF_EVENT": (_PLAYERS, _GAMES),
    "FIDE_PERIOD": ([row[:3] for row in _PLAYERS], _GAMES),
    "SEASON_RATINGS": (_PLAYERS, _SEASON),
    "SEASON_START_FINAL": (_PLAYERS, _SEASON),
    "EVENT_CROSSTABLE": (_PLAYERS, _SEASON, "Spring"),
    "SEASON_STANDINGS": (_PLAYERS, _SEASON, "Spring"),
    "PLAYER_GAMES": (_SEASON, "Ann"),
    "SEASON_GAME_STATUS": (_PLAYERS, _SEASON),
    "SEASON_CHECK": (_PLAYERS, _SEASON),
    "SEASON_EVENT": (_SEASON,),
    "PLAYER_RATINGS": ([["Player", "Spring", "Summer"], ["Ann", 1510.0, ""]], "Ann"),
    "SEASON_CHART": ([["Player", "Spring", "Summer"], ["Ann", 1510.0, ""]], "Ann"),
}
#: Every kind of value xlwings hands a function for one cell (COM: doubles, text, bool,
#: datetimes, empty; Excel's errors as text), at its extremes.
SWEEP_VALUES: list[object] = [
    math.nan,
    math.inf,
    -math.inf,
    1e308,
    -1e308,
    1.7976931348623157e308,
    5e-324,
    -5e-324,
    1e-300,
    -0.0,
    2.0**53 + 2,
    "x" * 1_000_000,
    "9" * 1_000_000,
    "nan",
    "-inf",
    "1e308",
    "#N/A",
    dt.datetime(2025, 1, 1, 13, 30),
    dt.date(2025, 1, 1),
    dt.datetime.min,
    dt.datetime.max,
    True,
    False,
    None,
    [[math.nan] * 3] * 3,
]
#: A 1000 x 1000 range, as xlwings' conversion hands it over (a list of row lists).
MILLION = [[1500.0] * 1000 for _ in range(1000)]


def _with(name: str, position: int, value: object) -> list[Any]:
    """The baseline of *name* with argument *position* replaced by *value* (arguments
    between the baseline and *position* omitted, as Excel passes them)."""
    base = [com_value(a) for a in BASELINES[name]]
    args: list[Any] = base + [MISSING] * (FUNCTIONS[name].max_args - len(base))
    args[position] = com_value(value)
    return args


def test_every_baseline_is_a_value() -> None:
    """The sweep starts from valid arguments: each baseline answers a value, not an error."""
    assert set(BASELINES) == set(FUNCTIONS)
    for name in FUNCTIONS:
        out = call_udf(name, *_with(name, 0, BASELINES[name][0]))
        assert not (isinstance(out, str) and out.startswith("#")), (name, out)


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_every_argument_answers_every_value_through_xlwings(name: str) -> None:
    """Each argument of *name* replaced by each of :data:`SWEEP_VALUES`, through xlwings'
    conversion: a value, or one line naming an argument (``GLICKO2_RATING`` with volatility
    5e-324 once answered "internal error (ValueError): math domain error")."""
    for position in range(FUNCTIONS[name].max_args):
        for value in SWEEP_VALUES:
            out = call_udf(name, *_with(name, position, value))
            _assert_cell_value(out, name)
            if isinstance(out, str) and out.startswith("#"):
                assert_error_line(name, out)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_every_argument_answers_a_million_cell_range(name: str) -> None:
    """Each argument of *name* given a 1000 x 1000 range (as xlwings' conversion hands it
    over; converting a million cells through the harness would only cost time)."""
    spec = FUNCTIONS[name]
    for position in range(spec.max_args):
        args: list[Any] = list(BASELINES[name]) + [None] * (spec.max_args - len(BASELINES[name]))
        args[position] = MILLION
        assert_answer(name, spec(*args))


def test_glicko2_volatility_as_small_as_a_double_goes() -> None:
    """Volatility 5e-324 (the smallest double): ln(sigma^2) is computed as 2 ln(sigma), so
    it rates like any small volatility instead of failing in the logarithm of 0."""
    out = call_udf("GLICKO2_RATING", *_with("GLICKO2_RATING", 2, 5e-324))
    tiny = call_udf("GLICKO2_RATING", *_with("GLICKO2_RATING", 2, 1e-10))
    assert isinstance(out, list) and isinstance(tiny, list)
    assert dict(out)["Rating"] == pytest.approx(dict(tiny)["Rating"], abs=1e-9)
    assert 0.0 < dict(out)["Volatility"] < 1e-300
