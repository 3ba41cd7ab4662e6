"""Small numeric helpers shared by the core modules (no regulation numbers here)."""

from __future__ import annotations

import math
from typing import Final

__all__ = ["logistic_expected", "round_half_up"]

# Decimal places kept before rounding half up, so that float noise such as
# 1512.4999999999998 (a true 1512.5) rounds the way the exact value would.
_ROUND_GUARD: Final = 9


def logistic_expected(rating: float, opponent: float, scale: float) -> float:
    """Logistic expected score 1/(1+10^((opponent-rating)/scale)), with no overflow.

    >>> logistic_expected(1600, 1600, 400)
    0.5
    """
    exponent = (opponent - rating) / scale
    if exponent > 0.0:
        small = math.pow(10.0, -exponent)
        return small / (1.0 + small)
    return 1.0 / (1.0 + math.pow(10.0, exponent))


def round_half_up(value: float) -> int:
    """Round to a whole number, halves up (1338.5 -> 1339, -2.5 -> -2).

    >>> round_half_up(1338.5), round_half_up(1338.4999999999998)
    (1339, 1339)
    """
    return math.floor(round(value, _ROUND_GUARD) + 0.5)
