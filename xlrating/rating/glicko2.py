"""Glicko-2 ratings: Glickman's published algorithm, steps 1 to 8.

Source: Mark E. Glickman, "Example of the Glicko-2 system", Boston University,
November 30, 2013 (glicko.net/glicko/glicko2.pdf).  Step numbers below are that
document's.  All games of a rating period are treated as played at the same time: every
player is rated from the ratings at the start of the period.  A player who plays no games
in the period keeps rating and volatility and only has the RD increased (step 6).

Ratings are given and returned on the Glicko scale (1500, 350, 0.06 for a new player);
the Glicko-2 scale (mu, phi) is internal, but :func:`period_steps` shows every
intermediate quantity for checking against the document.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from ..errors import InvalidInputError, NoRatingError
from ._check import (
    MAX_RATING,
    MIN_RATING,
    RESULT_VALUES,
    check_number,
    check_rating,
    check_result,
    show,
)

__all__ = [
    "CONVERGENCE_TOLERANCE",
    "DEFAULT_RATING",
    "DEFAULT_RD",
    "DEFAULT_TAU",
    "DEFAULT_VOLATILITY",
    "GLICKO2_SCALE",
    "MAX_RD",
    "MAX_TAU",
    "MAX_VOLATILITY",
    "MIN_TAU",
    "Glicko2Rating",
    "Glicko2Steps",
    "expected_score",
    "period_steps",
    "rate_period",
    "update",
]

# Glickman, "Example of the Glicko-2 system" (30 Nov 2013), Step 1: "If the player is
# unrated, set the rating to 1500 and the RD to 350.  Set the player's volatility to 0.06".
DEFAULT_RATING: Final = 1500.0
DEFAULT_RD: Final = 350.0
DEFAULT_VOLATILITY: Final = 0.06

# Glickman (2013), Step 2: mu = (r - 1500)/173.7178, phi = RD/173.7178; Step 8 converts back.
GLICKO2_SCALE: Final = 173.7178

# Glickman (2013), worked example below Step 8 and Step 5: "suppose tau = 0.5".  Step 1
# calls 0.3 to 1.2 reasonable choices for the system constant tau.
DEFAULT_TAU: Final = 0.5

# Glickman (2013), Step 5: "Set a convergence tolerance, epsilon.  The value
# epsilon = 0.000001 is a sufficiently small choice."
CONVERGENCE_TOLERANCE: Final = 0.000001

# Bounds on tau chosen by xlrating (not Glickman's): Step 1 recommends 0.3 to 1.2 and
# mentions tau "even as small as, say, 0.2" for very improbable results; we accept 0.2 to 2.
MIN_TAU: Final = 0.2
MAX_TAU: Final = 2.0

# Plausibility bound chosen by xlrating (not Glickman's): an RD above 500 is taken to be a
# typing error (a new player starts at 350).  The RD must also be above 0.
MAX_RD: Final = 500.0

# Plausibility bound chosen by xlrating (not Glickman's): volatility must be above 0 and
# below 1 (a new player starts at 0.06).
MAX_VOLATILITY: Final = 1.0

# Safety net of ours: the Illinois iteration of Step 5.4 converges in a handful of steps;
# this bound only turns an impossible endless loop into an error.
_MAX_ITERATIONS: Final = 10_000


@dataclass(frozen=True, slots=True)
class Glicko2Rating:
    """A Glicko-2 rating on the Glicko scale: rating, rating deviation (RD) and volatility."""

    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY


@dataclass(frozen=True, slots=True)
class Glicko2Steps:
    """Every quantity of one player's update, named as in Glickman's document.

    For a player with no games, ``g``, ``expected`` are empty and ``v``, ``delta`` are None.
    """

    #: Step 2: the pre-period rating on the Glicko-2 scale, (r - 1500)/173.7178.
    mu: float
    #: Step 2: the pre-period RD on the Glicko-2 scale, RD/173.7178.
    phi: float
    #: Step 3: g(phi_j) for each opponent.
    g: tuple[float, ...]
    #: Step 3: E(mu, mu_j, phi_j) for each opponent.
    expected: tuple[float, ...]
    #: Step 3: the estimated variance v from the game outcomes (None without games).
    v: float | None
    #: Step 4: the estimated improvement Delta (None without games).
    delta: float | None
    #: Step 5: the new volatility sigma'.
    volatility: float
    #: Step 6: the pre-rating-period value phi*.
    phi_star: float
    #: Step 7: the new rating mu' on the Glicko-2 scale.
    new_mu: float
    #: Step 7: the new RD phi' on the Glicko-2 scale.
    new_phi: float
    #: Step 8: the new rating, RD and volatility on the Glicko scale.
    new: Glicko2Rating


#: One game of a player's period: the opponent's rating (at the start of the period) and
#: the player's result, 1, 0.5 or 0.
_Game = tuple[Glicko2Rating, float]


def _check_player(value: object, name: str) -> Glicko2Rating:
    if (
        type(value) is Glicko2Rating
        and type(value.rating) is float
        and type(value.rd) is float
        and type(value.volatility) is float
        and MIN_RATING <= value.rating <= MAX_RATING
        and 0.0 < value.rd <= MAX_RD
        and 0.0 < value.volatility < MAX_VOLATILITY
    ):
        return value  # already what the checks below would give
    if not isinstance(value, Glicko2Rating):
        raise InvalidInputError(f"{name} must be a Glicko2Rating, got {show(value)}")
    check_rating(value.rating, f"{name}.rating")
    rd = check_number(value.rd, f"{name}.rd")
    if not 0.0 < rd <= MAX_RD:
        raise InvalidInputError(
            f"{name}.rd must be above 0 and at most {MAX_RD:g}, got {show(value.rd)}"
        )
    volatility = check_number(value.volatility, f"{name}.volatility")
    if not 0.0 < volatility < MAX_VOLATILITY:
        raise InvalidInputError(
            f"{name}.volatility must be above 0 and below {MAX_VOLATILITY:g}, "
            f"got {show(value.volatility)}"
        )
    return Glicko2Rating(float(value.rating), rd, volatility)


def _check_tau(tau: object) -> float:
    value = check_number(tau, "tau")
    if not MIN_TAU <= value <= MAX_TAU:
        raise InvalidInputError(f"tau must be between {MIN_TAU:g} and {MAX_TAU:g}, got {show(tau)}")
    return value


def _g(phi: float) -> float:
    """Step 3: g(phi) = 1 / sqrt(1 + 3 phi^2 / pi^2)."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, g_j: float) -> float:
    """Step 3: E(mu, mu_j, phi_j) = 1 / (1 + exp(-g(phi_j) (mu - mu_j)))."""
    return 1.0 / (1.0 + math.exp(-g_j * (mu - mu_j)))


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: sigma' by the Illinois algorithm (steps 5.1 to 5.5)."""
    # 5.1
    a = 2.0 * math.log(sigma)  # ln(sigma^2), defined even where sigma^2 underflows to 0
    phi2 = phi * phi
    delta2 = delta * delta

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta2 - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / (tau * tau)

    # 5.2
    big_a = a
    if delta2 > phi2 + v:
        big_b = math.log(delta2 - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0.0:
            k += 1
        big_b = a - k * tau
    # 5.3
    f_a = f(big_a)
    f_b = f(big_b)
    # 5.4
    for _ in range(_MAX_ITERATIONS):
        if abs(big_b - big_a) <= CONVERGENCE_TOLERANCE:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        # The 2013 text reads "f_C f_B < 0"; with f_C exactly 0 that never terminates.
        # Glickman's later revision of the document reads "<= 0", which we follow.
        if f_c * f_b <= 0.0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    else:  # pragma: no cover - the bracket always shrinks below the tolerance
        raise NoRatingError("the Glicko-2 volatility iteration (step 5) did not converge")
    # 5.5
    return math.exp(big_a / 2.0)


def _update(
    mu: float, phi: float, sigma: float, games: Sequence[_Game], tau: float
) -> tuple[tuple[float, ...], tuple[float, ...], float, float, float, float, float, float]:
    """Steps 3 to 7 for a player with games: g, E, v, Delta, sigma', phi*, phi', mu'."""
    g: list[float] = []
    expected: list[float] = []
    information: list[float] = []  # Step 3: the terms g(phi_j)^2 E (1 - E) of 1/v
    gains: list[float] = []  # Step 4: the terms g(phi_j) (s_j - E) of Delta/v
    for opponent, s_j in games:  # one pass over the games, each term from its own game
        g_j = _g(opponent.rd / GLICKO2_SCALE)
        e_j = _e(mu, (opponent.rating - DEFAULT_RATING) / GLICKO2_SCALE, g_j)
        g.append(g_j)
        expected.append(e_j)
        information.append(g_j * g_j * e_j * (1.0 - e_j))
        gains.append(g_j * (s_j - e_j))
    # Step 3
    v = 1.0 / math.fsum(information)
    # Step 4
    improvement = math.fsum(gains)
    delta = v * improvement
    # Step 5
    new_sigma = _new_volatility(phi, sigma, v, delta, tau)
    # Step 6
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    # Step 7
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return tuple(g), tuple(expected), v, delta, new_sigma, phi_star, new_phi, new_mu


def _new_rating(player: Glicko2Rating, games: Sequence[_Game], tau: float) -> Glicko2Rating:
    """Step 8 only, for checked inputs: what :func:`_steps` gives as ``new``."""
    mu = (player.rating - DEFAULT_RATING) / GLICKO2_SCALE
    phi = player.rd / GLICKO2_SCALE
    sigma = player.volatility
    if not games:
        return Glicko2Rating(
            player.rating, GLICKO2_SCALE * math.sqrt(phi * phi + sigma * sigma), sigma
        )
    *_, new_sigma, _, new_phi, new_mu = _update(mu, phi, sigma, games, tau)
    return Glicko2Rating(
        GLICKO2_SCALE * new_mu + DEFAULT_RATING, GLICKO2_SCALE * new_phi, new_sigma
    )


def _steps(player: Glicko2Rating, games: Sequence[_Game], tau: float) -> Glicko2Steps:
    """Steps 2 to 8 for inputs that are already checked."""
    # Step 2
    mu = (player.rating - DEFAULT_RATING) / GLICKO2_SCALE
    phi = player.rd / GLICKO2_SCALE
    sigma = player.volatility
    if not games:
        # Step 6 only: "the player's rating and volatility parameters remain the same".
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Glicko2Steps(
            mu=mu,
            phi=phi,
            g=(),
            expected=(),
            v=None,
            delta=None,
            volatility=sigma,
            phi_star=phi_star,
            new_mu=mu,
            new_phi=phi_star,
            new=Glicko2Rating(player.rating, GLICKO2_SCALE * phi_star, sigma),
        )
    g, expected, v, delta, new_sigma, phi_star, new_phi, new_mu = _update(
        mu, phi, sigma, games, tau
    )
    # Step 8
    new = Glicko2Rating(GLICKO2_SCALE * new_mu + DEFAULT_RATING, GLICKO2_SCALE * new_phi, new_sigma)
    return Glicko2Steps(
        mu=mu,
        phi=phi,
        g=g,
        expected=expected,
        v=v,
        delta=delta,
        volatility=new_sigma,
        phi_star=phi_star,
        new_mu=new_mu,
        new_phi=new_phi,
        new=new,
    )


def _check_period(
    player: object, opponents: object, results: object, tau: object
) -> tuple[Glicko2Rating, tuple[_Game, ...], float]:
    """The player, the games (each opponent with the result against them) and tau, checked:
    every opponent first, then every result, in order, as the messages name them."""
    own = _check_player(player, "player")
    if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Sequence):
        raise InvalidInputError(f"opponents must be a list of Glicko2Rating, got {show(opponents)}")
    if isinstance(results, (str, bytes)) or not isinstance(results, Sequence):
        raise InvalidInputError(f"results must be a list of results, got {show(results)}")
    if len(opponents) != len(results):
        raise InvalidInputError(
            f"opponents has {len(opponents)} entries but results has {len(results)}"
        )
    checked = tuple(
        _check_player(opponent, f"opponents[{i + 1}]") for i, opponent in enumerate(opponents)
    )
    # The lengths are equal (checked above): the i-th result is against the i-th opponent.
    games = tuple(
        (checked[i], check_result(result, f"results[{i + 1}]")) for i, result in enumerate(results)
    )
    return own, games, _check_tau(tau)


def period_steps(
    player: Glicko2Rating,
    opponents: Sequence[Glicko2Rating],
    results: Sequence[float],
    tau: float = DEFAULT_TAU,
) -> Glicko2Steps:
    """Intermediate values of a Glicko-2 update (Glickman steps 2-8): g, E, v, Delta, sigma', phi'.

    :param player: the player's rating, RD and volatility at the start of the period.
    :param opponents: each opponent's rating, RD and volatility at the start of the period.
    :param results: the player's result in each game: 1 win, 0.5 draw, 0 loss.
    :param tau: the system constant tau (0.2 to 2; Glickman suggests 0.3 to 1.2).
    :returns: a :class:`Glicko2Steps` whose ``new`` field is the updated rating.
    :raises InvalidInputError: if an argument is out of range or the lists differ in length.

    Glickman (2013), worked example: v = 1.7785 and Delta = -0.4834 in the document, which
    carries rounded intermediates; unrounded arithmetic gives 1.7790 and -0.4839.

    >>> steps = period_steps(
    ...     Glicko2Rating(1500, 200, 0.06),
    ...     [Glicko2Rating(1400, 30), Glicko2Rating(1550, 100), Glicko2Rating(1700, 300)],
    ...     [1, 0, 0],
    ... )
    >>> round(steps.new_mu, 4), round(steps.new_phi, 4)
    (-0.2069, 0.8722)
    """
    own, games, system = _check_period(player, opponents, results, tau)
    return _steps(own, games, system)


def update(
    player: Glicko2Rating,
    opponents: Sequence[Glicko2Rating],
    results: Sequence[float],
    tau: float = DEFAULT_TAU,
) -> Glicko2Rating:
    """New Glicko-2 rating, RD and volatility after one rating period (Glickman 2013, steps 1-8).

    With no games (empty lists) only the RD grows: RD' = 173.7178 * sqrt(phi^2 + sigma^2).

    :param player: the player's rating, RD and volatility at the start of the period.
    :param opponents: each opponent's rating, RD and volatility at the start of the period.
    :param results: the player's result in each game: 1 win, 0.5 draw, 0 loss.
    :param tau: the system constant tau (0.2 to 2; Glickman suggests 0.3 to 1.2).
    :returns: the new :class:`Glicko2Rating` (not rounded).
    :raises InvalidInputError: if an argument is out of range or the lists differ in length.

    Glickman (2013), worked example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and
    1700/300, tau = 0.5: the document gives r' = 1464.06, RD' = 151.52, sigma' = 0.05999
    (its r' comes from the rounded mu' = -0.2069; unrounded it is 1464.05).

    >>> new = update(
    ...     Glicko2Rating(1500, 200, 0.06),
    ...     [Glicko2Rating(1400, 30), Glicko2Rating(1550, 100), Glicko2Rating(1700, 300)],
    ...     [1, 0, 0],
    ... )
    >>> round(new.rating, 2), round(new.rd, 2), round(new.volatility, 6)
    (1464.05, 151.52, 0.059996)
    """
    return period_steps(player, opponents, results, tau).new


def expected_score(player: Glicko2Rating, opponent: Glicko2Rating) -> float:
    """Glicko-2 expected score against an opponent, E(mu, mu_j, phi_j) (Glickman step 3).

    Only the opponent's RD enters (through g(phi_j)), as in Glickman's step 3.

    :param player: the player's rating (RD and volatility are checked but not used).
    :param opponent: the opponent's rating and RD.
    :returns: the expected score, between 0 and 1.
    :raises InvalidInputError: if an argument is not a valid :class:`Glicko2Rating`.

    Glickman (2013), worked example: 1500 against 1400 with RD 30 expects 0.639.

    >>> round(expected_score(Glicko2Rating(1500, 200), Glicko2Rating(1400, 30)), 3)
    0.639
    """
    own = _check_player(player, "player")
    other = _check_player(opponent, "opponent")
    mu = (own.rating - DEFAULT_RATING) / GLICKO2_SCALE
    mu_j = (other.rating - DEFAULT_RATING) / GLICKO2_SCALE
    return _e(mu, mu_j, _g(other.rd / GLICKO2_SCALE))


def rate_period(
    players: Mapping[str, Glicko2Rating],
    games: Sequence[tuple[str, str, float]],
    tau: float = DEFAULT_TAU,
) -> dict[str, Glicko2Rating]:
    """Glicko-2 ratings of every player after one rating period of games (white, black, score).

    Every player is updated from the same pre-period ratings (Glickman: the games of a
    period are treated as played at the same time).  Players without games only have the
    RD increased (step 6).

    :param players: each player's name and rating at the start of the period.
    :param games: one ``(white, black, white's score)`` per game; black scores 1 - score.
    :param tau: the system constant tau (0.2 to 2; Glickman suggests 0.3 to 1.2).
    :returns: each player's new rating, in the order of ``players``.
    :raises InvalidInputError: if a name is unknown, a player meets themself, or a value is
        out of range.

    >>> new = rate_period({"a": Glicko2Rating(), "b": Glicko2Rating(), "c": Glicko2Rating()},
    ...                   [("a", "b", 1)])
    >>> new["a"].rating > 1500 > new["b"].rating, round(new["c"].rd, 2)
    (True, 350.16)
    """
    if not isinstance(players, Mapping):
        raise InvalidInputError(f"players must map names to Glicko2Rating, got {show(players)}")
    start = {name: _check_player(rating, f"players[{name!r}]") for name, rating in players.items()}
    if isinstance(games, (str, bytes)) or not isinstance(games, Sequence):
        raise InvalidInputError(f"games must be a list of (white, black, score), got {show(games)}")
    system = _check_tau(tau)
    played: dict[str, list[_Game]] = {name: [] for name in start}
    for i, game in enumerate(games, start=1):
        if isinstance(game, (str, bytes)) or not isinstance(game, Sequence) or len(game) != 3:
            raise InvalidInputError(f"games[{i}] must be (white, black, score), got {show(game)}")
        white, black, score = game
        for name in (white, black):
            if not isinstance(name, str) or name not in start:
                raise InvalidInputError(f"games[{i}] names {show(name)}, who is not in players")
        if white == black:
            raise InvalidInputError(f"games[{i}] pairs {show(white)} with themself")
        points = (
            score
            if type(score) is float and score in RESULT_VALUES
            else check_result(score, f"games[{i}] score")
        )
        played[white].append((start[black], points))
        played[black].append((start[white], 1.0 - points))
    return {name: _new_rating(rating, played[name], system) for name, rating in start.items()}
