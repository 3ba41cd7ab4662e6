"""The special rating formula's solver (US Chess rating system, step 4): the provisional
winning expectancy, the breakpoints of the objective, the starting point and the exact
solution.

Split from :mod:`xlrating.rating.uscf`, whose :func:`~xlrating.rating.uscf.special_rating` and
:func:`~xlrating.rating.uscf.special_objective` use it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .uscf_rules import PWE_HALF_WIDTH, SPECIAL_EPSILON, SPECIAL_HISTORY_SHIFT, History

# ------------------------------------------------------------------ pure kernels


def pwe(rating: float, opponent: float) -> float:
    # Compared against the same expressions as the breakpoints, so that PWe is exactly 0
    # (or 1) at the breakpoints themselves.
    if rating <= opponent - PWE_HALF_WIDTH:
        return 0.0
    if rating >= opponent + PWE_HALF_WIDTH:
        return 1.0
    return 0.5 + (rating - opponent) / (2.0 * PWE_HALF_WIDTH)


@dataclass(frozen=True, slots=True)
class _Special:
    """The special formula's objective f(R) = N' PWe(R, R0') + sum PWe(R, Ri) - S'."""

    weight: float  # N'
    prior: float  # R0'
    target: float  # S'
    opponents: tuple[float, ...]

    def __call__(self, rating: float) -> float:
        total = self.weight * pwe(rating, self.prior)
        total += math.fsum(pwe(rating, opponent) for opponent in self.opponents)
        return total - self.target


def special_setup(
    rating: float, effective: float, pairs: Sequence[tuple[float, float]], history: History
) -> _Special:
    score = math.fsum(result for _, result in pairs)
    prior, target = rating, score + effective / 2.0
    # The all-wins / all-losses adjustment needs a prior history: only when N' > 0.
    if effective > 0.0:
        if history == "all wins":
            prior, target = rating - SPECIAL_HISTORY_SHIFT, score + effective
        elif history == "all losses":
            prior, target = rating + SPECIAL_HISTORY_SHIFT, score
    return _Special(effective, prior, target, tuple(opponent for opponent, _ in pairs))


def _breakpoints(f: _Special) -> tuple[float, ...]:
    """Sz: R0' +- 400 and Ri +- 400, sorted, without repeats (docs/rules/uscf.md#special)."""
    points = {f.prior - PWE_HALF_WIDTH, f.prior + PWE_HALF_WIDTH}
    for opponent in f.opponents:
        points.update((opponent - PWE_HALF_WIDTH, opponent + PWE_HALF_WIDTH))
    return tuple(sorted(points))


def _start(f: _Special, score: float) -> float:
    """Step 1: M = (N' R0' + sum Ri + 400 (2S - m)) / (N' + m), raw S (docs/rules/uscf.md#d2)."""
    m = len(f.opponents)
    total = f.weight * f.prior + math.fsum(f.opponents)
    return (total + PWE_HALF_WIDTH * (2.0 * score - m)) / (f.weight + m)


def solve_special(rating: float, f: _Special, score: float) -> float:
    """Steps 1-4 of the special formula (docs/rules/uscf.md#special), uncapped.

    Termination.  f is continuous, non-decreasing and linear between consecutive
    breakpoints Sz.  Below min(Sz) every PWe is 0, so f = -S' <= 0; above max(Sz) every
    PWe is 1, so f = N' + m - S' >= 0.  Hence when f(M) > eps a breakpoint za < M exists
    (and zb > M when f(M) < -eps), and the start M lies in [min Sz, max Sz] because it is
    a weighted mean of R0' and of Ri + 400 (2 si - 1).  f is linear on [za, M], so the
    secant M* is the exact root of that piece: each pass either stops (|f| <= eps), moves
    M to the root of its piece (after which |f| <= eps up to rounding) or moves M to a
    breakpoint strictly further in the same direction where f keeps its sign (the root
    lies beyond it, or f is flat there and f(za) > f(M) - eps > 0).  So the search never
    turns back and visits each breakpoint at most once: at most len(Sz) + 2 passes.
    The loop below allows more than that and raises if the proof were ever wrong.
    """
    knots = _breakpoints(f)
    point = _start(f, score)
    for _ in range(2 * len(knots) + 8):
        value = f(point)
        if value > SPECIAL_EPSILON:  # Step 2: move down.
            below = max(z for z in knots if z < point)
            at_below = f(below)
            if abs(value - at_below) < SPECIAL_EPSILON:
                point = below
                continue
            secant = point - value * (point - below) / (value - at_below)
            # value - at_below >= eps > 0 here, so secant < point.
            point = below if secant < below else secant
        elif value < -SPECIAL_EPSILON:  # Step 3: move up, the mirror image.
            above = min(z for z in knots if z > point)
            at_above = f(above)
            if abs(at_above - value) < SPECIAL_EPSILON:
                point = above
                continue
            secant = point - value * (above - point) / (at_above - value)
            point = above if secant > above else secant
        else:
            break
    else:  # pragma: no cover - unreachable, see the termination argument above
        raise RuntimeError("special formula did not converge; please report this input")

    # Step 4 (tie rule, docs/rules/uscf.md#d2): count opponents within 400 (inclusive) and the prior
    # only when it has weight; with none, M is inside a flat stretch and the answer is the
    # unadjusted R0 clamped to the neighbouring breakpoints.  "Within 400" is tested
    # against the breakpoints' own expressions (not |M - Ri| <= 400, which rounding can
    # push to 400.0000000000003 when M sits on the knot Ri + 400).
    def within(centre: float) -> bool:
        return centre - PWE_HALF_WIDTH <= point <= centre + PWE_HALF_WIDTH

    near = any(within(opponent) for opponent in f.opponents)
    if not near and not (f.weight > 0.0 and within(f.prior)):
        low = max((z for z in knots if z < point), default=-math.inf)
        high = min((z for z in knots if z > point), default=math.inf)
        point = min(max(rating, low), high)
    return point
