"""Typing a season into the shipped empty book, one cell at a time, as a club secretary
does: two players, then the games of a new event (shared by the engine's test in
test_new_season.py and LibreOffice's in test_season_typing_libreoffice.py).

Each step is (sheet, cell, value): a text as typed, a number as the cell stores it (the
date 2026-03-14 as its serial, 46095, which a cell formatted as a date shows as typed).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

EMPTY: Final = "club_season_empty.xlsx"
EVENT: Final = "Spring Rapid"
#: 2026-03-14 as Excel's date serial (days since 1899-12-30).
DATE: Final = 46095.0
ANN, BO = "Ann Lee", "Bo Park"

STEPS: Final[tuple[tuple[str, str, object], ...]] = (
    ("Players", "A5", ANN),
    ("Players", "B5", 1500.0),
    ("Players", "A6", BO),
    ("Players", "B6", 1620.0),
    # Round 1: Ann beats Bo; round 2: a draw.
    ("Games", "A5", EVENT),
    ("Games", "B5", DATE),
    ("Games", "C5", 1.0),
    ("Games", "D5", ANN),
    ("Games", "E5", BO),
    ("Games", "F5", "1-0"),
    ("Games", "A6", EVENT),
    ("Games", "B6", DATE),
    ("Games", "C6", 2.0),
    ("Games", "D6", BO),
    ("Games", "E6", ANN),
    ("Games", "F6", "½-½"),
)

#: The Games sheet's Status column: the one place a cell may say what is wrong.
STATUS_COLUMN: Final = ("Games", "G")

#: What every table shows once the steps are typed: (sheet, cell) -> value.
AFTER: Final[Mapping[tuple[str, str], object]] = {
    ("Ratings", "A11"): "All 2 game rows rated",
    ("Ratings", "A14"): ANN,
    ("Ratings", "A15"): BO,
    ("Ratings", "B13"): EVENT,
    ("Ratings", "C13"): "",
    ("Ratings", "R14"): 1500.0,
    ("Ratings", "R15"): 1620.0,
    ("Games", "G5"): "rated",
    ("Games", "G6"): "rated",
    ("Standings", "C4"): EVENT,
    ("Standings", "A9"): ANN,
    ("Standings", "A10"): BO,
    ("Standings", "B6"): 2.0,
    ("Crosstable", "B5"): EVENT,
    ("Player card", "C4"): ANN,
    ("Player card", "A11"): EVENT,
    ("Checks", "B3"): "ALL PASS",
}


def outside_status(errors: Mapping[tuple[str, str], object]) -> dict[tuple[str, str], object]:
    """The cells of *errors* outside the Games sheet's Status column."""
    sheet, column = STATUS_COLUMN
    return {
        key: value
        for key, value in errors.items()
        if not (key[0] == sheet and key[1].rstrip("0123456789") == column)
    }
