"""``elo.xlsx``: plain Elo for one game and for a short series (seed 004)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from .fide_period import SEED_001
from .registry import Check, how_to_use_sheet, template
from .writer import (
    CHANGE_FORMAT,
    RATING_FORMAT,
    RESULT_VALIDATION,
    SUBTITLE,
    Book,
    Ref,
    choice_validation,
    number_validation,
    rating_validation,
)

__all__ = ["ELO_CHECKS", "SEED_004"]


SEED_004: Final = "'Chess Elo Calculator'"


def _elo(
    check_id: str,
    label: str,
    function: str,
    rating: int,
    opponent: int,
    result: str,
    k: int,
    expected: float,
    tolerance: float,
    source: str,
    num_format: str = CHANGE_FORMAT,
) -> Check:
    args: dict[str, object] = {"rating": rating, "opponents": opponent, "results": result, "k": k}
    return Check(
        check_id,
        label,
        function,
        args,
        expected,
        tolerance,
        source,
        f"{rating} against {opponent}, {result}, K {k}",
        num_format=num_format,
    )


ELO_CHECKS: Final = (
    Check(
        "elo-expected-up",
        "Expected score, 200 points down",
        "ELO_EXPECTED",
        {"rating": 1500, "opponent": 1700},
        0.2403,
        0.00005,
        f"{SEED_004}, example 1: E is approximately 0.2403",
        "1500 against 1700",
        num_format="0.0000",
    ),
    _elo(
        "elo-win-up",
        "Change for a win, 200 points down",
        "ELO_RATING_CHANGE",
        1500,
        1700,
        "W",
        20,
        15.19,
        0.005,
        f"{SEED_004}, example 1: +15.19",
    ),
    _elo(
        "elo-new-up",
        "New rating after the win (rounded)",
        "ELO_NEW_RATING",
        1500,
        1700,
        "W",
        20,
        1515,
        0.5,
        f"{SEED_004}, example 1: rounded, 1,515",
        RATING_FORMAT,
    ),
    Check(
        "elo-expected-down",
        "Expected score, 200 points up",
        "ELO_EXPECTED",
        {"rating": 1700, "opponent": 1500},
        0.7597,
        0.00005,
        f"{SEED_004}, example 2: approximately 75.97%",
        "1700 against 1500",
        num_format="0.0000",
    ),
    _elo(
        "elo-loss-down",
        "Change for a loss, 200 points up",
        "ELO_RATING_CHANGE",
        1700,
        1500,
        "L",
        20,
        -15.19,
        0.005,
        f"{SEED_004}, example 2: -15.19",
    ),
    _elo(
        "elo-new-down",
        "New rating after the loss (rounded)",
        "ELO_NEW_RATING",
        1700,
        1500,
        "L",
        20,
        1685,
        0.5,
        f"{SEED_004}, example 2: 1684.81, rounded 1,685",
        RATING_FORMAT,
    ),
    Check(
        "elo-expected-equal",
        "Expected score, equal ratings",
        "ELO_EXPECTED",
        {"rating": 1600, "opponent": 1600},
        0.5,
        0.00005,
        f"{SEED_004}, example 3: when both ratings are equal, the expected score is 0.50",
        "1600 against 1600",
        num_format="0.0000",
    ),
    _elo(
        "elo-draw-equal",
        "Change for a draw, equal ratings",
        "ELO_RATING_CHANGE",
        1600,
        1600,
        "D",
        20,
        0,
        0.005,
        f"{SEED_004}, example 3: the rating remains 1,600",
    ),
    _elo(
        "elo-k10",
        "Change for the win with K = 10",
        "ELO_RATING_CHANGE",
        1500,
        1700,
        "W",
        10,
        7.60,
        0.005,
        f"{SEED_004}, example 4: K 10, +7.60",
    ),
    _elo(
        "elo-k40",
        "Change for the win with K = 40",
        "ELO_RATING_CHANGE",
        1500,
        1700,
        "W",
        40,
        30.39,
        0.005,
        f"{SEED_004}, example 4: K 40, +30.39",
    ),
    Check(
        "elo-expected-100",
        "Expected score, 100 points down",
        "ELO_EXPECTED",
        {"rating": 1500, "opponent": 1600},
        0.36,
        0.005,
        f"{SEED_001}, 'How does the Elo formula work?': expected to score 0.36",
        "1500 against 1600",
        num_format="0.00",
    ),
    _elo(
        "elo-win-100",
        "Change for a win, 100 points down",
        "ELO_RATING_CHANGE",
        1500,
        1600,
        "W",
        20,
        12.8,
        0.05,
        f"{SEED_001}: with K = 20 a win gains 12.8 points",
    ),
    _elo(
        "elo-loss-100",
        "Change for a loss, 100 points down",
        "ELO_RATING_CHANGE",
        1500,
        1600,
        "L",
        20,
        -7.2,
        0.05,
        f"{SEED_001}: and a loss costs 7.2",
    ),
)


@template(
    "elo.xlsx",
    "Elo rating change",
    defaults={"rating": 1500, "opponent": 1700, "result": "W", "k": 20, "games": 1},
    sample={"rating": 1650, "opponent": 1720, "result": "D", "k": 20, "games": 5},
    checks=ELO_CHECKS,
    summary=("expected", "change_per_game", "total_change", "new_rating"),
)
def _elo_sheet(book: Book, v: Mapping[str, object]) -> None:
    """The Elo sheet: the player, the games, the expected scores and the change."""
    s = book.sheet("Elo")
    s.widths(A=40, B=14, C=3, D=26, E=16)
    s.one_page = True  # a calculator: one sheet of paper
    s.title("Elo rating change", SUBTITLE)
    s.section("A4", "Inputs")
    s.input(
        "rating",
        "B5",
        "Your rating",
        v["rating"],
        rating_validation("Your rating", "Your current Elo rating (0 to 4000)."),
    )
    s.input(
        "opponent",
        "B6",
        "Opponent's rating",
        v["opponent"],
        rating_validation("Opponent's rating", "Your opponent's rating (0 to 4000)."),
    )
    s.input("result", "B7", "Result (W, D, L)", v["result"], RESULT_VALIDATION)
    s.input(
        "k",
        "B8",
        "K-factor",
        v["k"],
        choice_validation(
            [10, 20, 40],
            "K-factor",
            "10 established player, 20 standard, 40 new or "
            "provisional player (the seed's options; rating bodies have their own).",
        ),
    )
    s.input(
        "games",
        "B9",
        "Number of games",
        v["games"],
        number_validation(
            1,
            100,
            "Number of games",
            "The same opponent and result each time; the rating is not updated between games.",
            whole=True,
        ),
    )
    one = {
        "rating": Ref("$B$5"),
        "opponents": Ref("$B$6"),
        "results": Ref("$B$7"),
        "k": Ref("$B$8"),
    }
    s.section("D4", "Result")
    s.call(
        "expected",
        "E5",
        "ELO_EXPECTED",
        {"rating": Ref("$B$5"), "opponent": Ref("$B$6")},
        "output",
        "0.00%",
        "Expected score",
    )
    s.call(
        "change_per_game",
        "E6",
        "ELO_RATING_CHANGE",
        one,
        "output",
        CHANGE_FORMAT,
        "Rating change per game",
    )
    s.call(
        "total_change",
        "E7",
        "ELO_RATING_CHANGE",
        {**one, "games": Ref("$B$9")},
        "headline",
        CHANGE_FORMAT,
        "Total rating change",
    )
    s.call(
        "new_rating",
        "E8",
        "ELO_NEW_RATING",
        {**one, "games": Ref("$B$9")},
        "headline",
        RATING_FORMAT,
        "New rating",
    )
    s.write(
        "A11",
        "Expected score E = 1 / (1 + 10^((opponent - rating) / 400)); change "
        "= K x (score - E) per game; the new rating is shown rounded.",
        "note",
    )
    how_to_use_sheet(
        book,
        [
            "The sheet Elo works out the classic Elo rating change: the expected score "
            "against one opponent, the change for one game, the total for several identical "
            "games and the new rating.",
        ],
    )
