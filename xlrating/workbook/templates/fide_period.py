"""``fide_period.xlsx``: a FIDE rating period (seeds 001 and 002), and a first rating.

The Period sheet rates one player's games of a rating period with the FIDE functions of
the registry (K, the 400-point rule, rounding as FIDE rounds); a second table computes
an unrated player's first rating from the games played against rated opponents.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Final

from .registry import Check, how_to_use_sheet, template
from .writer import (
    CHANGE_FORMAT,
    DATE_FORMAT,
    RATING_FORMAT,
    RESULT_VALIDATION,
    SUBTITLE,
    WHOLE_CHANGE_FORMAT,
    YES_NO,
    Book,
    Expr,
    Ref,
    TemplateError,
    as_list,
    cell_at,
    choice_validation,
    column_cells,
    date_validation,
    detail_format,
    number_validation,
    rating_validation,
)

__all__ = ["FIDE_CHECKS", "SEED_001"]


SEED_001: Final = "'Elo rating calculator'"
_SEED_002: Final = "'FIDE rating calculator' (Aback Chess)"
_FIDE_OPPONENTS: Final = [1750, 1850, 1900, 1700, 2000]
_FIDE_RESULTS: Final = ["W", "D", "L", "W", "D"]
_FIDE_EVENT: Final = {
    "rating": 1800,
    "opponents": _FIDE_OPPONENTS,
    "results": _FIDE_RESULTS,
    "k": 20,
}
_FIDE_EVENT_WORDS: Final = "1800, K 20; 1750 W, 1850 D, 1900 L, 1700 W, 2000 D"
_FIDE_WORKED: Final = f"{SEED_001}, worked example: a five-round tournament"
_FIDE_ROWS: Final = 20
_FIRST_ROWS: Final = 30


def _fide_expected(
    check_id: str,
    rating: int,
    opponent: int,
    expected: float,
    source: str,
    method: str | None = None,
) -> Check:
    args: dict[str, object] = {"rating": rating, "opponent": opponent}
    words = f"{rating} against {opponent}"
    digits = 2
    if method is not None:
        args.update(rating_list="standard", event_date=None, method=method)
        words += f", {method} curve"
        digits = 3
    return Check(
        check_id,
        f"Expected score, {rating - opponent:+d} points"
        + (f" ({method})" if method else " (table 8.1.2)"),
        "FIDE_EXPECTED",
        args,
        expected,
        0.5 * 10**-digits,
        source,
        words,
        num_format="0." + "0" * digits,
    )


def _fide_single(
    check_id: str, label: str, rating: int, opponent: int, result: str, expected: float, source: str
) -> Check:
    return Check(
        check_id,
        label,
        "FIDE_DETAILS",
        {"rating": rating, "opponents": opponent, "results": result, "k": 20},
        expected,
        0.05,
        source,
        f"{rating} against {opponent}, {result}, K 20",
        num_format=CHANGE_FORMAT,
        row="Change (unrounded)",
    )


FIDE_CHECKS: Final = (
    _fide_expected(
        "fide-expected-100",
        1600,
        1500,
        0.64,
        f"{SEED_001}: 100 points is 0.64 for the higher-rated player",
    ),
    _fide_expected("fide-expected-200", 1700, 1500, 0.76, f"{SEED_001}: 200 points is 0.76"),
    _fide_expected("fide-expected-400", 1900, 1500, 0.92, f"{SEED_001}: 400 points is 0.92"),
    _fide_expected(
        "fide-expected-lower",
        1500,
        1600,
        0.36,
        f"{SEED_001}: rated 1500 against 1600 you are expected to score 0.36",
    ),
    _fide_expected(
        "fide-expected-95",
        1595,
        1500,
        0.63,
        f"{_SEED_002}: 92 to 98 points above your opponent gives 0.63",
    ),
    _fide_expected(
        "fide-expected-minus-95", 1500, 1595, 0.37, f"{_SEED_002}: 92 to 98 below gives 0.37"
    ),
    _fide_expected(
        "fide-logistic-100",
        1600,
        1500,
        0.640,
        f"{SEED_001}: the logistic formula gives 0.640",
        "logistic",
    ),
    _fide_expected(
        "fide-logistic-200",
        1700,
        1500,
        0.760,
        f"{SEED_001}: the logistic formula gives 0.760",
        "logistic",
    ),
    _fide_expected(
        "fide-logistic-400",
        1900,
        1500,
        0.909,
        f"{SEED_001}: the logistic formula gives 0.909",
        "logistic",
    ),
    _fide_single(
        "fide-win-up",
        "Change for a win, 100 points up (unrounded)",
        1500,
        1600,
        "W",
        12.8,
        f"{SEED_001}: with K = 20 a win gains 20 x (1 - 0.36) = 12.8 points",
    ),
    _fide_single(
        "fide-loss-up",
        "Change for a loss, 100 points up (unrounded)",
        1500,
        1600,
        "L",
        -7.2,
        f"{SEED_001}: and a loss costs 7.2",
    ),
    _fide_single(
        "fide-win-down",
        "Change for a win, 400 points down (unrounded)",
        2000,
        1600,
        "W",
        1.6,
        f"{SEED_001}: a win gains only 1.6 points",
    ),
    _fide_single(
        "fide-loss-down",
        "Change for a loss, 400 points down (unrounded)",
        2000,
        1600,
        "L",
        -18.4,
        f"{SEED_001}: while a loss costs 18.4",
    ),
    Check(
        "fide-k-700",
        "K for a new player with 18 games in the month",
        "FIDE_K",
        {
            "rating": 1500,
            "rated_games": 10,
            "birth_year": None,
            "reached_2400": False,
            "period_games": 18,
        },
        38,
        0,
        f"{SEED_001} and {_SEED_002}: K x games may not exceed 700: 38 instead of 40 for 18 games",
        "1500, 10 games so far, 18 this month",
        num_format="0",
    ),
    Check(
        "fide-k-2400",
        "K after reaching 2400, now below",
        "FIDE_K",
        {"rating": 2350, "rated_games": 100, "birth_year": None, "reached_2400": True},
        10,
        0,
        f"{_SEED_002}: 10 once your published rating has reached 2400, even if it drops "
        "below again",
        "2350, 100 games, reached 2400",
        num_format="0",
    ),
    Check(
        "fide-k-20",
        "K for an adult under 2400",
        "FIDE_K",
        {"rating": 2100, "rated_games": 100},
        20,
        0,
        f"{_SEED_002}: 20 while you are rated under 2400",
        "2100, 100 games",
        num_format="0",
    ),
    Check(
        "fide-k-junior",
        "K for a junior under 2300",
        "FIDE_K",
        {
            "rating": 1900,
            "rated_games": 100,
            "birth_year": 2010,
            "reached_2400": False,
            "period_games": 1,
            "period_date": "2026-06-01",
        },
        40,
        0,
        f"{_SEED_002}: 40 until the end of the year you turn 18, while under 2300",
        "1900, born 2010, June 2026",
        num_format="0",
    ),
    Check(
        "fide-performance-64",
        "Performance, 4.5 out of 7 against 1800",
        "FIDE_PERFORMANCE",
        {"opponents": [1800] * 7, "results": ["W", "W", "W", "W", "D", "L", "L"]},
        1902,
        0,
        f"{SEED_001}: 4.5 out of 7 is 64%, +102, so against 1800 the performance is 1902",
        "seven opponents rated 1800; 4 W, 1 D, 2 L",
        num_format=RATING_FORMAT,
    ),
    Check(
        "fide-dp-64",
        "Rating difference dp for 4.5 out of 7",
        "FIDE_DP",
        {"fraction": Expr("4.5/7", 4.5 / 7)},
        102,
        0,
        f"{SEED_001}: 64%, which the table turns into +102",
        "p = 4.5/7",
        num_format="0",
    ),
    Check(
        "fide-expected-total",
        "Five rounds: total expected score",
        "FIDE_DETAILS",
        _FIDE_EVENT,
        2.24,
        0.005,
        f"{_FIDE_WORKED}: the expected scores add up to 2.24",
        _FIDE_EVENT_WORDS,
        row="Expected score",
    ),
    Check(
        "fide-change",
        "Five rounds: rating change",
        "FIDE_RATING_CHANGE",
        _FIDE_EVENT,
        15,
        0,
        f"{_FIDE_WORKED}: 20 x (3 - 2.24) = +15.2, rounded to +15",
        _FIDE_EVENT_WORDS,
        num_format=WHOLE_CHANGE_FORMAT,
    ),
    Check(
        "fide-new-rating",
        "Five rounds: new rating",
        "FIDE_NEW_RATING",
        _FIDE_EVENT,
        1815,
        0,
        f"{_FIDE_WORKED}: the new rating of 1815",
        _FIDE_EVENT_WORDS,
        num_format=RATING_FORMAT,
    ),
    Check(
        "fide-performance",
        "Five rounds: performance",
        "FIDE_PERFORMANCE",
        {"opponents": _FIDE_OPPONENTS, "results": _FIDE_RESULTS},
        1912,
        0,
        f"{_FIDE_WORKED}: average 1840, 60%, +72, performance 1912",
        _FIDE_EVENT_WORDS,
        num_format=RATING_FORMAT,
    ),
    Check(
        "fide-dp-60",
        "Rating difference dp for 60%",
        "FIDE_DP",
        {"fraction": 0.6},
        72,
        0,
        f"{_FIDE_WORKED}: the table gives a rating difference of +72",
        "p = 0.6",
        num_format="0",
    ),
    Check(
        "fide-first-rating",
        "First rating: 5 wins against 1800",
        "FIDE_FIRST_RATING",
        {"opponents": [1800] * 5, "results": ["W"] * 5},
        2109,
        0,
        f"{_SEED_002}, 'First rating' rule, worked by hand: two 1800 draws added, average "
        "1800, 6 of 7 = 86%, dp 309 (table 8.1.1), 2109",
        "five opponents rated 1800, 5 W",
        num_format=RATING_FORMAT,
    ),
    Check(
        "fide-first-rating-cap",
        "First rating: at most 2200",
        "FIDE_FIRST_RATING",
        {"opponents": [2500] * 5, "results": ["W"] * 5},
        2200,
        0,
        f"{_SEED_002}, 'First rating': the result is at most 2200 (2300 + 309 capped)",
        "five opponents rated 2500, 5 W",
        num_format=RATING_FORMAT,
    ),
)


@template(
    "fide_period.xlsx",
    "FIDE rating change for one rating period",
    defaults={
        "rating_list": "standard",
        "rating": 1800,
        "period_date": None,
        "rated_games": 30,
        "birth_year": None,
        "reached_2400": "No",
        "k": None,
        "opponents": _FIDE_OPPONENTS,
        "results": _FIDE_RESULTS,
        "first_opponents": [1720, 1650, 1810, 1580, 1690, 1755],
        "first_results": ["D", "W", "L", "W", "D", "L"],
    },
    sample={
        "rating_list": "standard",
        "rating": 1925,
        "period_date": dt.date(2026, 3, 31),
        "rated_games": 120,
        "birth_year": 1990,
        "reached_2400": "No",
        "k": None,
        "opponents": [1880, 2010, 1955, 1790, 2105, 1920, 1850],
        "results": ["W", "D", "L", "W", "D", "W", "D"],
        "first_opponents": [1540, 1620, 1710, 1480, 1590, 1665, 1805],
        "first_results": ["W", "D", "L", "W", "W", "D", "L"],
    },
    checks=FIDE_CHECKS,
    summary=("new_rating", "change", "performance", "k_used", "first_rating"),
)
def _fide_period(book: Book, v: Mapping[str, object]) -> None:
    """A FIDE rating period: the Rating period sheet, the First rating sheet, How to use."""
    _period_sheet(book, v)
    _first_rating_sheet(book, v)
    _fide_how_to(book)


def _period_sheet(book: Book, v: Mapping[str, object]) -> None:
    """One rating period of a rated player: inputs, K, the games, the results and details."""
    s = book.sheet("Rating period")
    s.widths(A=42, B=16, C=16, D=14, E=3, F=24, G=16)
    s.one_page = True  # a calculator: one sheet of paper
    s.title("FIDE rating change for one rating period (a month)", SUBTITLE)
    s.section("A4", "Your rating")
    s.input(
        "rating_list",
        "B5",
        "Rating list",
        v["rating_list"],
        choice_validation(
            ["standard", "rapid", "blitz"],
            "Rating list",
            "Standard, rapid or blitz: the 400-point rule and the 600-point rule "
            "differ between them.",
        ),
    )
    s.input(
        "rating",
        "B6",
        "Your rating at the start of the period",
        v["rating"],
        rating_validation(
            "Your FIDE rating", "Your published FIDE rating on the list for this month."
        ),
    )
    s.input(
        "period_date",
        "B7",
        "Date of the period (blank: today)",
        v["period_date"],
        date_validation(
            dt.date(2024, 3, 1),
            "Period date",
            "A day of the rating period; it picks the rules in force. Blank means today.",
        ),
        DATE_FORMAT,
    )
    s.section("A9", "K-factor")
    s.input(
        "rated_games",
        "B10",
        "Rated games completed before this period",
        v["rated_games"],
        number_validation(
            0,
            100000,
            "Rated games",
            "Games in rated events so far: under 30 means K = 40.",
            whole=True,
        ),
    )
    s.input(
        "birth_year",
        "B11",
        "Year of birth (blank: not a junior)",
        v["birth_year"],
        number_validation(
            1900,
            2100,
            "Year of birth",
            "Juniors keep K = 40 to the end of the year they turn 18, while under 2300.",
            whole=True,
        ),
    )
    s.input(
        "reached_2400",
        "B12",
        "Published rating has ever reached 2400",
        v["reached_2400"],
        choice_validation(
            YES_NO, "Reached 2400", "Yes once any published rating reached 2400: K = 10 for good."
        ),
    )
    games = "$B$18:$B$37"
    s.formula(
        "k_rules",
        "B13",
        f"FIDE_K($B$6,$B$10,$B$11,$B$12,COUNT({games}),$B$7)",
        "output",
        "0",
        "K from the rules (FIDE_K)",
    )
    s.input(
        "k",
        "B14",
        "K typed in (blank: use the rules)",
        v["k"],
        number_validation(
            1,
            100,
            "K typed in",
            "Type a K to override the rules (for example the K "
            "shown on your FIDE profile). Blank uses the rules.",
        ),
    )
    s.formula("k_used", "B15", "IF(ISNUMBER($B$14),$B$14,$B$13)", "output", "0", "K used")
    first = 18
    for col, text in enumerate(["Game", "Opponent's rating", "Result (W, D, L)", "Expected score"]):
        s.write(cell_at(first - 2, col), text, "header")
    for i, ref in enumerate(column_cells(f"A{first}", _FIDE_ROWS), start=1):
        s.write(ref, i)
    s.input_column(
        "opponents",
        f"B{first}",
        as_list(v["opponents"]),
        _FIDE_ROWS,
        rating_validation(
            "Opponent's rating",
            "The opponent's FIDE rating. Leave out games against unrated opponents.",
        ),
        "Opponents' ratings",
    )
    s.input_column(
        "results", f"C{first}", as_list(v["results"]), _FIDE_ROWS, RESULT_VALIDATION, "Results"
    )
    if book.cells["opponents"][1] != games:
        raise TemplateError(f"the games table moved: {book.cells['opponents'][1]} != {games}")
    opponents, results = Ref(games), Ref(book.cells["results"][1])
    s.spill(
        "expected",
        f"D{first}",
        "FIDE_EXPECTED",
        {
            "rating": Ref("$B$6"),
            "opponent": opponents,
            "rating_list": Ref("$B$5"),
            "event_date": Ref("$B$7"),
        },
        "Expected score per game",
        num_format="0.00",
    )
    args: dict[str, object] = {
        "rating": Ref("$B$6"),
        "opponents": opponents,
        "results": results,
        "k": Ref("$B$15"),
        "rating_list": Ref("$B$5"),
        "event_date": Ref("$B$7"),
    }
    s.section("F4", "Result")
    s.call("new_rating", "G5", "FIDE_NEW_RATING", args, "headline", RATING_FORMAT, "New rating")
    s.call(
        "change",
        "G6",
        "FIDE_RATING_CHANGE",
        args,
        "headline",
        WHOLE_CHANGE_FORMAT,
        "Rating change",
    )
    s.call(
        "performance",
        "G7",
        "FIDE_PERFORMANCE",
        {"opponents": opponents, "results": results},
        "output",
        RATING_FORMAT,
        "Performance rating",
    )
    s.section("F9", "Full calculation (FIDE_DETAILS)")
    # K (B15) is itself a formula: any K gives the table its size.
    s.spill(
        "details", "F10", "FIDE_DETAILS", args, "Full calculation", detail_format, probe={"k": 20}
    )
    s.write("F19", "Games against unrated opponents do not change a rated player's rating.", "note")


def _first_rating_sheet(book: Book, v: Mapping[str, object]) -> None:
    """An unrated player's first rating from games against rated opponents."""
    f = book.sheet("First rating")
    f.widths(A=10, B=18, C=16, D=3, E=30, F=16)
    f.one_page = True  # a calculator: one sheet of paper
    f.title("FIDE first rating (Rating Regulations 8.2)", SUBTITLE)
    f.write(
        "A3",
        "Games against rated opponents from events within 26 months (at least 5). "
        "Two hypothetical 1800 opponents, both draws, are added; the rating is at "
        "most 2200 and is published from 1400.",
        "note",
    )
    top = 6
    for col, text in enumerate(["Game", "Opponent's rating", "Result (W, D, L)"]):
        f.write(cell_at(top - 2, col), text, "header")
    for i, ref in enumerate(column_cells(f"A{top}", _FIRST_ROWS), start=1):
        f.write(ref, i)
    f.input_column(
        "first_opponents",
        f"B{top}",
        as_list(v["first_opponents"]),
        _FIRST_ROWS,
        rating_validation("Opponent's rating", "The opponent's FIDE rating."),
        "Opponents' ratings",
    )
    f.input_column(
        "first_results",
        f"C{top}",
        as_list(v["first_results"]),
        _FIRST_ROWS,
        RESULT_VALIDATION,
        "Results",
    )
    pair = {
        "opponents": Ref(book.cells["first_opponents"][1]),
        "results": Ref(book.cells["first_results"][1]),
    }
    f.section("E4", "Result")
    f.call(
        "first_rating", "F5", "FIDE_FIRST_RATING", pair, "headline", RATING_FORMAT, "First rating"
    )
    f.formula(
        "first_games",
        "F6",
        f"COUNT({book.cells['first_opponents'][1]})",
        "output",
        "0",
        "Games against rated opponents",
    )
    f.call(
        "first_performance",
        "F7",
        "FIDE_PERFORMANCE",
        pair,
        "output",
        RATING_FORMAT,
        "Performance rating",
    )


def _fide_how_to(book: Book) -> None:
    """The How to use sheet of the FIDE workbook."""
    how_to_use_sheet(
        book,
        [
            "The sheet Rating period works out a FIDE rating change for one month (seeds 001 and "
            "002): FIDE's expected-score table with the 400-point rule, K from your facts (or "
            "typed in) with the 700 limit, the change rounded once for the month, the new "
            "rating and the performance rating.",
            "The sheet First rating works out the first rating of a player new to the list.",
        ],
    )
