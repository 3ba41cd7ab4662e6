"""``uscf_event.xlsx``: a US Chess rating estimate for one event (seed 000's worked example).

One sheet, Event: the player's rating and history, the event's opponents and results, and
the new rating, change, bonus and performance as formulas calling the US Chess functions
of the registry; the details table spills.
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
    YES_NO,
    Book,
    Ref,
    as_list,
    cell_at,
    choice_validation,
    column_cells,
    date_validation,
    detail_format,
    number_validation,
    rating_validation,
)

__all__ = ["USCF_CHECKS"]


_SEED_000: Final = "'USCF Rating Calculator', worked example"
_USCF_OPPONENTS: Final = [1600, 1650, 1750, 1800]
_USCF_RESULTS: Final = ["W", "D", "L", "W"]
_USCF_GAMES_IN_WORDS: Final = "1700, 30 games; 1600 W, 1650 D, 1750 L, 1800 W"
_USCF_EVENT: Final = {
    "rating": 1700,
    "games": 30,
    "opponents": _USCF_OPPONENTS,
    "results": _USCF_RESULTS,
}
_USCF_ROWS: Final = 12

USCF_CHECKS: Final = (
    Check(
        "uscf-effective-games",
        "Effective games N' (1700 based on 30 games)",
        "USCF_EFFECTIVE_GAMES",
        {"rating": 1700, "games": 30},
        20.01,
        0.005,
        f"{_SEED_000}: N* of about 20.01, so N' is about 20.01",
        "1700, 30 games",
    ),
    Check(
        "uscf-n-star-cap",
        "Effective games above 2355: N* is 50",
        "USCF_EFFECTIVE_GAMES",
        {"rating": 2400, "games": 100},
        50,
        0,
        "US Chess rating system, effective games ('USCF Rating Calculator'): above 2355, N* is 50",
        "2400, 100 games",
        num_format="0",
    ),
    Check(
        "uscf-k",
        "K factor (4-game event)",
        "USCF_K",
        {"rating": 1700, "games": 30, "event_games": 4},
        33.32,
        0.005,
        f"{_SEED_000}: the normal K factor is about 33.32",
        "1700, 30 games, 4 games",
    ),
    Check(
        "uscf-expected",
        "Total expected score",
        "USCF_EXPECTED",
        {"rating": 1700, "opponent": _USCF_OPPONENTS},
        2.0,
        0.005,
        f"{_SEED_000}: total expected score 2.0",
        "1700 against 1600, 1650, 1750, 1800",
        total=True,
    ),
    Check(
        "uscf-change",
        "Rating change for 2.5 out of 4",
        "USCF_RATING_CHANGE",
        _USCF_EVENT,
        16.66,
        0.005,
        f"{_SEED_000}: the pre-bonus rating change is about 16.66 (no bonus)",
        _USCF_GAMES_IN_WORDS,
    ),
    Check(
        "uscf-bonus",
        "Bonus points (below the 4-round threshold)",
        "USCF_BONUS",
        _USCF_EVENT,
        0,
        0,
        f"{_SEED_000}: the performance does not cross the four-round bonus threshold",
        _USCF_GAMES_IN_WORDS,
    ),
    Check(
        "uscf-new-rating",
        "New rating (shown rounded)",
        "USCF_NEW_RATING",
        _USCF_EVENT,
        1717,
        0.5,
        f"{_SEED_000}: about 1717 after rounding",
        _USCF_GAMES_IN_WORDS,
        num_format=RATING_FORMAT,
    ),
    Check(
        "uscf-class",
        "Rating class of 1717",
        "USCF_CLASS",
        {"rating": 1717},
        "Class B",
        0,
        "US Chess rating classes ('USCF Rating Calculator'): 1600-1799 is Class B",
        "1717",
        num_format="General",
    ),
)


@template(
    "uscf_event.xlsx",
    "US Chess rating estimate for one event",
    defaults={
        "rating": 1700,
        "games": 30,
        "history": "mixed",
        "floor": 0,
        "dual_rated": "No",
        "bonus_ok": "Yes",
        "event_date": None,
        "opponents": _USCF_OPPONENTS,
        "results": _USCF_RESULTS,
    },
    sample={
        "rating": 1540,
        "games": 42,
        "history": "mixed",
        "floor": 0,
        "dual_rated": "No",
        "bonus_ok": "Yes",
        "event_date": dt.date(2026, 3, 14),
        "opponents": [1610, 1485, 1720, 1580, 1655],
        "results": ["W", "W", "D", "L", "W"],
    },
    checks=USCF_CHECKS,
    summary=("new_rating", "change", "performance"),
)
def _uscf_event(book: Book, v: Mapping[str, object]) -> None:
    """One US Chess event: the Event sheet and How to use."""
    _event_sheet(book, v)
    _uscf_how_to(book)


def _event_sheet(book: Book, v: Mapping[str, object]) -> None:
    """The player before the event, the games, the result and the details table."""
    s = book.sheet("Event")
    s.widths(A=42, B=16, C=16, D=3, E=24, F=18)
    s.one_page = True  # a calculator: one sheet of paper
    s.title("US Chess rating estimate for one event", SUBTITLE)
    s.section("A4", "Your rating before the event")
    s.input(
        "rating",
        "B5",
        "Pre-event rating",
        v["rating"],
        rating_validation(
            "Pre-event rating", "Your US Chess rating before the event (unrounded if you know it)."
        ),
    )
    s.input(
        "games",
        "B6",
        "Rated games before the event",
        v["games"],
        number_validation(
            0,
            100000,
            "Rated games",
            "Number of rated games your rating is based "
            "on (0 if unrated). Up to 8 games uses the special formula.",
            whole=True,
        ),
    )
    s.input(
        "history",
        "B7",
        "Earlier results",
        v["history"],
        choice_validation(
            ["mixed", "all wins", "all losses"],
            "Earlier results",
            "all wins or all losses only if every earlier rated game was a win "
            "(or a loss); otherwise mixed.",
        ),
    )
    s.input(
        "floor",
        "B8",
        "Your rating floor (0 if unknown)",
        v["floor"],
        rating_validation(
            "Rating floor", "Your personal floor; 0 uses only the absolute floor of 100."
        ),
    )
    s.input(
        "dual_rated",
        "B9",
        "Dual-rated event, Regular rating above 2200",
        v["dual_rated"],
        choice_validation(
            YES_NO,
            "Dual-rated",
            "Yes only for an OTB Regular rating above 2200 "
            "in a dual-rated time control (reduced K).",
        ),
    )
    s.input(
        "bonus_ok",
        "B10",
        "Event can give bonus points",
        v["bonus_ok"],
        choice_validation(
            YES_NO,
            "Bonus eligible",
            "No for a match, or when an opponent was met more than twice.",
        ),
    )
    s.input(
        "event_date",
        "B11",
        "Event date (blank: today)",
        v["event_date"],
        date_validation(
            dt.date(2017, 5, 1),
            "Event date",
            "The event's end date picks the bonus multiplier (10 from 2025). Blank means today.",
        ),
        DATE_FORMAT,
    )
    s.section("A13", "Games")
    first = 14
    for col, text in enumerate(["Round", "Opponent's rating", "Result (W, D, L)"]):
        s.write(cell_at(first - 1, col), text, "header")
    for i, ref in enumerate(column_cells(f"A{first + 1}", _USCF_ROWS), start=1):
        s.write(ref, i)
    s.input_column(
        "opponents",
        f"B{first + 1}",
        as_list(v["opponents"]),
        _USCF_ROWS,
        rating_validation(
            "Opponent's rating", "The opponent's US Chess rating (the most recent you have)."
        ),
        "Opponents' ratings",
    )
    s.input_column(
        "results", f"C{first + 1}", as_list(v["results"]), _USCF_ROWS, RESULT_VALIDATION, "Results"
    )
    args: dict[str, object] = {
        "rating": Ref("$B$5"),
        "games": Ref("$B$6"),
        "opponents": Ref(book.cells["opponents"][1]),
        "results": Ref(book.cells["results"][1]),
        "floor": Ref("$B$8"),
        "bonus_ok": Ref("$B$10"),
        "dual_rated": Ref("$B$9"),
        "history": Ref("$B$7"),
        "event_date": Ref("$B$11"),
    }
    s.section("E4", "Result")
    s.call("new_rating", "F5", "USCF_NEW_RATING", args, "headline", RATING_FORMAT, "New rating")
    s.call("change", "F6", "USCF_RATING_CHANGE", args, "headline", CHANGE_FORMAT, "Rating change")
    s.call(
        "performance",
        "F7",
        "USCF_PERFORMANCE",
        {"opponents": args["opponents"], "results": args["results"]},
        "output",
        RATING_FORMAT,
        "Performance rating",
    )
    s.section("E9", "Full calculation (USCF_DETAILS)")
    s.spill("details", "E10", "USCF_DETAILS", args, "Full calculation", detail_format)
    s.write(
        "E23",
        "An estimate: US Chess rates a whole event in five steps, using "
        "opponents' intermediate ratings.",
        "note",
    )


def _uscf_how_to(book: Book) -> None:
    """The How to use sheet of the US Chess workbook."""
    how_to_use_sheet(
        book,
        [
            "The sheet Event estimates a US Chess rating after one event: the standard "
            "or special formula, the effective number of games N', K, bonus points, the "
            "dual-rated exception and your rating floor, with up to 12 games.",
        ],
    )
