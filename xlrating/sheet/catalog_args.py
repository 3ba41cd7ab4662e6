"""The arguments of the registry's functions: :class:`Param`, the argument descriptions the
functions share, and the coercions of cell values they share.

Split from :mod:`xlrating.sheet.catalog` (the registry), which re-exports :class:`Param`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, get_args

from ..rating import fide, uscf
from .cells import (
    UNRATED_WORDS,
    CellValue,
    is_blank,
    paired_rows,
    to_bool,
    to_choice,
    to_date,
    to_int,
    to_number,
    to_optional_number,
    to_vector,
)

Cell = CellValue


Table = list[list[object]]


@dataclass(frozen=True, slots=True)
class Param:
    """One argument of a spreadsheet function."""

    name: str
    doc: str
    optional: bool = False
    #: A blank single cell reaches a LibreOffice add-in as the number 0 (Excel and xlwings
    #: hand over None).  True where 0 is no meaningful value (a date, a choice, or a number
    #: that must not be 0), so the LibreOffice front end may read 0 as blank; False where 0
    #: means something (or blank and 0 mean the same), so 0 stays 0.
    zero_is_blank: bool = False


def required(name: str, doc: str) -> Param:
    return Param(name, doc)


def optional(name: str, doc: str) -> Param:
    return Param(name, doc, optional=True)


def optional_nonzero(name: str, doc: str) -> Param:
    """An optional argument for which 0 is no meaningful value: 0 from LibreOffice is blank."""
    return Param(name, doc, optional=True, zero_is_blank=True)


# ---------------------------------------------------------------- shared argument text
RATING = required("rating", "The player's rating before the event.")


OPPONENTS = required("opponents", "Range (a row or a column) of the opponents' ratings.")


RESULTS = required(
    "results",
    "Range of the same shape with your results: 1, 0.5, 0 or W, D, L. "
    "Rows blank in both ranges are skipped.",
)


OPPONENT = required(
    "opponent", "The opponent's rating, or a range of ratings (one result per row)."
)


EVENT_DATE = optional_nonzero(
    "event_date", "Date of the event (a date or ISO text); default today."
)


USCF_GAMES = required(
    "games",
    "Number of rated games the rating is based on (0 if unrated; 'established' if unknown).",
)


_USCF_EXTRA = (
    optional(
        "floor", "Your rating floor, if you know it (default 0: only the absolute floor 100)."
    ),
    optional(
        "bonus_ok",
        "FALSE if the event cannot give bonus points (a match, or an opponent met "
        "more than twice). Default TRUE.",
    ),
    optional(
        "dual_rated",
        "TRUE for the reduced K of a Regular rating above 2200 in a dual-rated "
        "event. Default FALSE.",
    ),
    optional_nonzero(
        "history", "Your rated history before the event: mixed (default), all wins or all losses."
    ),
    EVENT_DATE,
)


MULTIPLIER = optional(
    "multiplier",
    "Bonus multiplier B (0 to 100); default by the event date: 14 from 2017-05-01, 12 from "
    "2023-02-01, 10 from 2025-01-01 (give it for earlier events).",
)


USCF_ARGS = (RATING, USCF_GAMES, OPPONENTS, RESULTS, *_USCF_EXTRA, MULTIPLIER)


RATING_LIST = optional_nonzero(
    "rating_list", "FIDE rating list: standard (default), rapid or blitz."
)


_K = required("k", "The development coefficient K (for example from FIDE_K).")


FIDE_ARGS = (RATING, OPPONENTS, RESULTS, _K, RATING_LIST, EVENT_DATE)


SCALE = optional_nonzero("scale", "The Elo scale (default 400).")


ELO_ARGS = (
    RATING,
    OPPONENTS,
    RESULTS,
    required("k", "The K-factor (for example 10, 20 or 40)."),
    optional_nonzero("games", "Repeat the listed games this many times (1 to 1000, default 1)."),
    SCALE,
)


# ---------------------------------------------------------------- coercion helpers
RATING_LISTS: Final[tuple[fide.RatingList, ...]] = get_args(fide.RatingList)


FIDE_METHODS: Final[tuple[fide.ExpectedMethod, ...]] = get_args(fide.ExpectedMethod)


_HISTORIES: Final[tuple[uscf.History, ...]] = get_args(uscf.History)


def rating_of(value: Cell, name: str) -> float:
    return to_number(value, name)


_UNKNOWN_GAMES: Final = frozenset({"established", "est", "e", "unknown", "?"})


def uscf_games(value: Cell) -> int | None:
    if isinstance(value, str) and value.strip().lower() in _UNKNOWN_GAMES:
        return None
    return to_int(value, "games")


def fide_opponent(value: Cell, name: str) -> float | None:
    """A FIDE opponent: a rating, or the text 'unrated' (such games are not rated)."""
    if isinstance(value, str) and value.strip().lower() in UNRATED_WORDS:
        return None
    return to_number(value, name)


def expected_array(opponent: Cell, one: Callable[[float], float]) -> float | Table:
    """A scalar for one opponent; a spilling column for a range of opponents."""
    if isinstance(opponent, (list, tuple)):
        cells = to_vector(opponent, "opponent")
        return [
            ["" if is_blank(c) else one(to_number(c, f"opponent entry {i}"))]
            for i, c in enumerate(cells, start=1)
        ]
    return one(to_number(opponent, "opponent"))


def uscf_rate(
    rating: Cell,
    games: Cell,
    opponents: Cell,
    results: Cell,
    floor: Cell,
    bonus_ok: Cell,
    dual_rated: Cell,
    history: Cell,
    event_date: Cell,
    multiplier: Cell = None,
) -> uscf.UscfResult:
    opps, res = paired_rows(opponents, results, rating_of)
    return uscf.rate(
        to_number(rating, "rating"),
        uscf_games(games),
        opps,
        res,
        floor=to_number(floor, "floor", 0.0),
        bonus_ok=to_bool(bonus_ok, "bonus_ok", True),
        dual_rated=to_bool(dual_rated, "dual_rated", False),
        history=to_choice(history, "history", _HISTORIES, "mixed"),
        event_date=to_date(event_date, "event_date"),
        multiplier=to_optional_number(multiplier, "multiplier"),
    )


def blank_if_none(value: object) -> object:
    """None shows as an empty cell."""
    return "" if value is None else value
