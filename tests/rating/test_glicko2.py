"""Tests for xlrating.rating.glicko2: Glickman's worked example, validation, properties.

Source of the worked example: Mark E. Glickman, "Example of the Glicko-2 system", Boston
University, November 30, 2013 (glicko.net/glicko/glicko2.pdf), the example after Step 8.
"""

from __future__ import annotations

import itertools
import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlrating.errors import InvalidInputError
from xlrating.rating.glicko2 import (
    GLICKO2_SCALE,
    MAX_RD,
    Glicko2Rating,
    expected_score,
    period_steps,
    rate_period,
    update,
)

# Glickman (2013), worked example: the player and the three opponents, tau = 0.5.
PLAYER = Glicko2Rating(1500, 200, 0.06)
OPPONENTS = (Glicko2Rating(1400, 30), Glicko2Rating(1550, 100), Glicko2Rating(1700, 300))
RESULTS = (1.0, 0.0, 0.0)


def test_glickman_example_final_values() -> None:
    """Glickman, "Example of the Glicko-2 system" (2013): r' 1464.06, RD' 151.52, sigma' 0.05999.

    The document prints mu' = -0.2069, phi' = 0.8722 and converts the ROUNDED mu':
    173.7178 x (-0.2069) + 1500 = 1464.06.  The unrounded mu' (-0.20694) gives 1464.05, so
    the rating is checked to the error that rounding mu' to 4 places can cause
    (173.7178 x 0.00005 = 0.0087) plus the 0.005 of printing r' to 2 places.
    sigma' = 0.05999 is the unrounded 0.0599960 cut (not rounded) to 5 places, so it is
    checked as a truncation.
    """
    new = update(PLAYER, OPPONENTS, RESULTS, tau=0.5)
    assert abs(new.rating - 1464.06) <= GLICKO2_SCALE * 0.00005 + 0.005
    assert round(new.rd, 2) == 151.52
    assert math.floor(new.volatility * 1e5) / 1e5 == 0.05999
    assert new.volatility == pytest.approx(0.05999, abs=1e-5)


def test_glickman_example_glicko2_scale() -> None:
    """Glickman (2013): mu' = -0.2069, phi' = 0.8722 (Step 7), both to the 4 printed places.

    Also Step 2: mu = 0, phi = 1.1513 for the player.
    """
    steps = period_steps(PLAYER, OPPONENTS, RESULTS, tau=0.5)
    assert steps.mu == 0.0
    assert round(steps.phi, 4) == 1.1513
    assert round(steps.new_mu, 4) == -0.2069
    assert round(steps.new_phi, 4) == 0.8722
    assert steps.new.rating == pytest.approx(GLICKO2_SCALE * steps.new_mu + 1500, abs=1e-9)


def test_glickman_example_step_3_table() -> None:
    """Glickman (2013), Step 3 table: g(phi_j) 0.9955, 0.9531, 0.7242; E 0.639, 0.432, 0.303."""
    steps = period_steps(PLAYER, OPPONENTS, RESULTS, tau=0.5)
    assert tuple(round(g, 4) for g in steps.g) == (0.9955, 0.9531, 0.7242)
    assert tuple(round(e, 3) for e in steps.expected) == (0.639, 0.432, 0.303)
    assert round(expected_score(PLAYER, OPPONENTS[0]), 3) == 0.639


def test_glickman_example_v_and_delta() -> None:
    """Glickman (2013), Steps 3 and 4: v = 1.7785, Delta = -0.4834.

    The document computes these from its ROUNDED g and E (4 and 3 places).  Redoing its
    arithmetic with the printed g and E gives 1.77851 and -0.48339 (checked by hand below);
    with unrounded g and E the values are 1.77898 and -0.48393, so they are compared to the
    printed figures within 1e-3 (the effect of rounding E to 3 places), and the document's
    own rounded-input arithmetic is checked exactly.
    """
    steps = period_steps(PLAYER, OPPONENTS, RESULTS, tau=0.5)
    assert steps.v is not None
    assert steps.delta is not None
    assert steps.v == pytest.approx(1.7785, abs=1e-3)
    assert steps.delta == pytest.approx(-0.4834, abs=1e-3)
    # The document's arithmetic with its printed intermediates.
    g = (0.9955, 0.9531, 0.7242)
    e = (0.639, 0.432, 0.303)
    v = 1 / sum(gj * gj * ej * (1 - ej) for gj, ej in zip(g, e, strict=True))
    delta = v * sum(gj * (sj - ej) for gj, ej, sj in zip(g, e, RESULTS, strict=True))
    assert round(v, 4) == 1.7785
    assert round(delta, 4) == -0.4834


def test_glickman_example_volatility_and_phi_star() -> None:
    """Glickman (2013), Steps 5-6: sigma' = 0.05999 and phi* = 1.152862.

    The document's phi* = sqrt(1.1513^2 + 0.05999^2) uses phi rounded to 4 places, which
    moves phi* by up to 0.00005; unrounded phi = 1.1512925 gives 1.152855.
    """
    steps = period_steps(PLAYER, OPPONENTS, RESULTS, tau=0.5)
    assert steps.volatility == pytest.approx(0.05999, abs=1e-5)
    assert steps.phi_star == pytest.approx(1.152862, abs=5e-5)
    assert round(steps.phi_star, 4) == round(1.152862, 4)


def test_idle_player_only_rd_grows() -> None:
    """Glickman (2013), after Step 8: a player with no games keeps rating and volatility and
    phi' = sqrt(phi^2 + sigma^2).  Hand-worked for a new player: 0.06 x 173.7178 = 10.42307;
    sqrt(350^2 + 10.42307^2) = sqrt(122608.64) = 350.1552.
    """
    new = update(Glicko2Rating(), [], [])
    assert new.rating == 1500.0
    assert new.volatility == 0.06
    assert new.rd == pytest.approx(350.1552, abs=1e-4)
    steps = period_steps(Glicko2Rating(), [], [])
    assert steps.v is None
    assert steps.delta is None
    assert steps.g == ()


def test_rate_period_reproduces_example_and_idles() -> None:
    """Glickman's example as a rating period: the player's figures come out as in the document,
    each opponent is rated from the pre-period ratings, and an absent player only gets Step 6.
    """
    players = {
        "p": PLAYER,
        "a": OPPONENTS[0],
        "b": OPPONENTS[1],
        "c": OPPONENTS[2],
        "idle": Glicko2Rating(),
    }
    games = [("p", "a", 1.0), ("b", "p", 1.0), ("p", "c", 0.0)]
    new = rate_period(players, games, tau=0.5)
    assert list(new) == ["p", "a", "b", "c", "idle"]
    assert abs(new["p"].rating - 1464.06) <= GLICKO2_SCALE * 0.00005 + 0.005
    assert round(new["p"].rd, 2) == 151.52
    assert new["a"] == update(OPPONENTS[0], [PLAYER], [0.0])
    assert new["b"] == update(OPPONENTS[1], [PLAYER], [1.0])
    assert new["c"] == update(OPPONENTS[2], [PLAYER], [1.0])
    assert new["a"].rating < 1400 < 1550 < new["b"].rating
    assert new["idle"].rating == 1500.0
    assert new["idle"].rd == pytest.approx(350.1552, abs=1e-4)


def test_rate_period_uses_pre_period_ratings() -> None:
    """Two games in one period: the second game must see the first opponent's OLD rating."""
    players = {"x": Glicko2Rating(), "y": Glicko2Rating(), "z": Glicko2Rating(1600, 80)}
    new = rate_period(players, [("x", "y", 1.0), ("y", "z", 0.5)])
    assert new["y"] == update(Glicko2Rating(), [Glicko2Rating(), Glicko2Rating(1600, 80)], [0, 0.5])


def test_volatility_can_raise_rd_above_the_idle_rd() -> None:
    """Why the RD property below compares with phi* at the NEW volatility.

    1500/30/0.06 beating a 4000/30 player is a large surprise: sigma' > 0.06, so
    phi* = sqrt(phi^2 + sigma'^2) exceeds the idle phi* and so can the RD after the game.
    RD after games <= idle RD therefore holds only when sigma' <= sigma.
    """
    player = Glicko2Rating(1500, 30, 0.06)
    idle = update(player, [], [])
    played = update(player, [Glicko2Rating(4000, 30)], [1.0])
    assert played.volatility > 0.06
    assert played.rd > idle.rd


# --- Validation -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("player", "fragment"),
    [
        (Glicko2Rating(rd=0), "player.rd must be above 0 and at most 500"),
        (Glicko2Rating(rd=MAX_RD + 0.1), "player.rd must be above 0 and at most 500"),
        (Glicko2Rating(volatility=0), "player.volatility must be above 0 and below 1"),
        (Glicko2Rating(volatility=1), "player.volatility must be above 0 and below 1"),
        (Glicko2Rating(rating=-5), "player.rating must be between 0 and 4000"),
        (Glicko2Rating(rating=math.inf), "player.rating must be a finite number"),
        ((1500, 200, 0.06), "player must be a Glicko2Rating"),
    ],
)
def test_update_rejects_player(player: object, fragment: str) -> None:
    with pytest.raises(InvalidInputError) as caught:
        update(player, [Glicko2Rating()], [1])  # type: ignore[arg-type]
    assert fragment in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("arguments", "fragment"),
    [
        (([Glicko2Rating()], [1, 0]), "opponents has 1 entries but results has 2"),
        (([Glicko2Rating()], [0.25]), "results[1] must be 1, 0.5 or 0"),
        (([Glicko2Rating(rd=-1)], [1]), "opponents[1].rd must be above 0"),
        ((Glicko2Rating(), [1]), "opponents must be a list"),
        (([Glicko2Rating()], "1"), "results must be a list"),
    ],
)
def test_update_rejects_games(arguments: tuple[object, object], fragment: str) -> None:
    with pytest.raises(InvalidInputError) as caught:
        update(Glicko2Rating(), *arguments)  # type: ignore[arg-type]
    assert fragment in str(caught.value)


@pytest.mark.parametrize("tau", [0.19, 2.01, -0.5, math.nan])
def test_update_rejects_tau(tau: float) -> None:
    with pytest.raises(InvalidInputError, match="tau must be"):
        update(Glicko2Rating(), [Glicko2Rating()], [1], tau=tau)


def test_tau_limits_accepted() -> None:
    for tau in (0.2, 2.0):
        assert math.isfinite(update(PLAYER, OPPONENTS, RESULTS, tau=tau).rating)


@pytest.mark.parametrize(
    ("games", "fragment"),
    [
        ([("a", "nobody", 1)], "games[1] names 'nobody', who is not in players"),
        ([("a", "a", 1)], "games[1] pairs 'a' with themself"),
        ([("a", "b", 2)], "games[1] score must be 1, 0.5 or 0"),
        ([("a", "b")], "games[1] must be (white, black, score)"),
        ("ab1", "games must be a list"),
    ],
)
def test_rate_period_rejects(games: object, fragment: str) -> None:
    players = {"a": Glicko2Rating(), "b": Glicko2Rating()}
    with pytest.raises(InvalidInputError) as caught:
        rate_period(players, games)  # type: ignore[arg-type]
    assert fragment in str(caught.value)


def test_rate_period_rejects_bad_player() -> None:
    with pytest.raises(InvalidInputError, match=r"players\['a'\].rd must be above 0"):
        rate_period({"a": Glicko2Rating(rd=0)}, [])


def test_rating_is_frozen() -> None:
    with pytest.raises(AttributeError):
        PLAYER.rating = 1600.0  # type: ignore[misc]


# --- Properties -------------------------------------------------------------------------------

glicko_ratings = st.builds(
    Glicko2Rating,
    rating=st.floats(min_value=0, max_value=4000),
    rd=st.floats(min_value=1, max_value=MAX_RD),
    volatility=st.floats(min_value=0.001, max_value=0.5),
)
scores = st.sampled_from([0.0, 0.5, 1.0])
taus = st.floats(min_value=0.2, max_value=2.0)


@given(glicko_ratings, st.lists(st.tuples(glicko_ratings, scores), max_size=6), taus)
def test_output_is_finite_and_positive(
    player: Glicko2Rating, games: list[tuple[Glicko2Rating, float]], tau: float
) -> None:
    new = update(player, [o for o, _ in games], [s for _, s in games], tau)
    assert math.isfinite(new.rating)
    assert math.isfinite(new.rd) and new.rd > 0
    assert math.isfinite(new.volatility) and new.volatility > 0


@given(glicko_ratings, st.lists(st.tuples(glicko_ratings, scores), min_size=1, max_size=6), taus)
def test_rd_after_games_at_most_phi_star(
    player: Glicko2Rating, games: list[tuple[Glicko2Rating, float]], tau: float
) -> None:
    """Step 7: phi' = 1/sqrt(1/phi*^2 + 1/v) <= phi* = sqrt(phi^2 + sigma'^2); and when the
    volatility does not rise, the RD after games is at most the idle player's RD."""
    new = update(player, [o for o, _ in games], [s for _, s in games], tau)
    phi = player.rd / GLICKO2_SCALE
    phi_star = math.sqrt(phi * phi + new.volatility * new.volatility)
    assert new.rd <= GLICKO2_SCALE * phi_star * (1 + 1e-12)
    if new.volatility <= player.volatility:
        assert new.rd <= update(player, [], []).rd * (1 + 1e-12)


@given(glicko_ratings, glicko_ratings, st.lists(st.tuples(glicko_ratings, scores), max_size=5))
def test_win_never_rates_below_loss(
    player: Glicko2Rating, opponent: Glicko2Rating, others: list[tuple[Glicko2Rating, float]]
) -> None:
    """Same period, one game changed from loss to draw to win: the new rating never falls."""
    opponents = [opponent, *(o for o, _ in others)]
    rest = [s for _, s in others]
    loss, draw, win = (update(player, opponents, [s, *rest]) for s in (0.0, 0.5, 1.0))
    assert loss.rating <= draw.rating <= win.rating


@given(glicko_ratings, glicko_ratings)
def test_expected_scores_sum_to_one_for_equal_rd(a: Glicko2Rating, b: Glicko2Rating) -> None:
    """E uses the opponent's RD only, so E(a, b) + E(b, a) = 1 when both RDs are equal."""
    b = Glicko2Rating(b.rating, a.rd, b.volatility)
    assert expected_score(a, b) + expected_score(b, a) == pytest.approx(1.0, abs=1e-12)
    assert 0.0 <= expected_score(a, b) <= 1.0


@pytest.mark.slow
@given(
    st.lists(
        st.tuples(
            st.integers(1000, 2600).map(float),
            st.integers(30, 350).map(float),
            st.sampled_from([0.04, 0.06, 0.09]),
        ),
        min_size=2,
        max_size=6,
    ).flatmap(
        lambda people: st.tuples(
            st.just(people),
            st.lists(
                st.tuples(
                    st.integers(0, len(people) - 1),
                    st.integers(0, len(people) - 1),
                    st.sampled_from([0.0, 0.5, 1.0]),
                ).filter(lambda g: g[0] != g[1]),
                max_size=12,
            ),
        )
    )
)
def test_rate_period_equals_update_player_by_player(
    data: tuple[list[tuple[float, float, float]], list[tuple[int, int, float]]],
) -> None:
    """The period's lean path gives, bit for bit, what `update` (every step recorded) gives
    each player against the pre-period ratings; idle players only widen their RD."""
    people, games = data
    start = {f"p{i}": Glicko2Rating(*person) for i, person in enumerate(people)}
    named = [(f"p{w}", f"p{b}", s) for w, b, s in games]
    new = rate_period(start, named, tau=0.5)
    for name, rating in start.items():
        opponents = [start[b] for w, b, _ in named if w == name]
        opponents += [start[w] for w, b, _ in named if b == name]
        results = [s for w, _, s in named if w == name]
        results += [1.0 - s for _, b, s in named if b == name]
        assert new[name] == update(rating, opponents, results, tau=0.5)


# --- Messages, whole, and both sides of each bound ----------------------------------------


def refused(message: str) -> pytest.RaisesExc[InvalidInputError]:
    """The whole one-line message, matched literally."""
    return pytest.raises(InvalidInputError, match=f"^{re.escape(message)}$")


@pytest.mark.parametrize(
    ("player", "message"),
    [
        # floats, as a checked rating holds them: the quick check must refuse these too
        (Glicko2Rating(1500.0, 0.0, 0.06), "player.rd must be above 0 and at most 500, got 0"),
        (
            Glicko2Rating(1500.0, 500.5, 0.06),
            "player.rd must be above 0 and at most 500, got 500.5",
        ),
        (
            Glicko2Rating(1500.0, 200.0, 0.0),
            "player.volatility must be above 0 and below 1, got 0",
        ),
        (
            Glicko2Rating(1500.0, 200.0, 1.0),
            "player.volatility must be above 0 and below 1, got 1",
        ),
        (
            Glicko2Rating(-0.5, 200.0, 0.06),
            "player.rating must be between 0 and 4000, got -0.5",
        ),
        (
            Glicko2Rating(4000.5, 200.0, 0.06),
            "player.rating must be between 0 and 4000, got 4000.5",
        ),
        (Glicko2Rating(1500.0, math.nan, 0.06), "player.rd must be a finite number, got nan"),
        (
            Glicko2Rating(1500.0, 200.0, math.nan),
            "player.volatility must be a finite number, got nan",
        ),
        (Glicko2Rating(1500, "200", 0.06), "player.rd must be a number, got '200'"),  # type: ignore[arg-type]
        (Glicko2Rating(1500, 200, "x"), "player.volatility must be a number, got 'x'"),  # type: ignore[arg-type]
        ((1500, 200, 0.06), "player must be a Glicko2Rating, got (1500, 200, 0.06)"),
    ],
)
def test_update_refuses_a_player_with_the_whole_message(player: object, message: str) -> None:
    with refused(message):
        update(player, [Glicko2Rating()], [1])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "player",
    [
        Glicko2Rating(0.0, 500.0, 0.999),
        Glicko2Rating(4000.0, 0.001, 1e-9),
        Glicko2Rating(0, 500, 0.5),
        Glicko2Rating(4000, 1, 0.01),
    ],
)
def test_the_limits_of_a_rating_are_accepted(player: Glicko2Rating) -> None:
    new = rate_period({"p": player}, [])["p"]  # idle: the rating stays as it was
    assert new.rating == player.rating
    assert new.volatility == player.volatility
    assert type(new.rating) is float


def test_other_arguments_are_named_in_the_message() -> None:
    with refused("opponents[2].rd must be above 0 and at most 500, got 0"):
        update(PLAYER, [Glicko2Rating(), Glicko2Rating(1500.0, 0.0, 0.06)], [1, 0])
    with refused("results[2] must be 1, 0.5 or 0, got 0.25"):
        update(PLAYER, [Glicko2Rating(), Glicko2Rating()], [1, 0.25])
    with refused("opponents must be a list of Glicko2Rating, got 'ab'"):
        update(PLAYER, "ab", [1, 0])  # type: ignore[arg-type]
    with refused("results must be a list of results, got b'10'"):
        update(PLAYER, [Glicko2Rating(), Glicko2Rating()], b"10")
    with refused("opponents has 1 entries but results has 2"):
        update(PLAYER, [Glicko2Rating()], [1, 0])
    with refused("tau must be between 0.2 and 2, got 0.19"):
        update(PLAYER, OPPONENTS, RESULTS, tau=0.19)
    with refused("tau must be between 0.2 and 2, got 2.01"):
        update(PLAYER, OPPONENTS, RESULTS, tau=2.01)
    with refused("tau must be a number, got '0.5'"):
        update(PLAYER, OPPONENTS, RESULTS, tau="0.5")  # type: ignore[arg-type]
    with refused("opponent must be a Glicko2Rating, got 1500"):
        expected_score(PLAYER, 1500)  # type: ignore[arg-type]
    with refused("player must be a Glicko2Rating, got 1500"):
        expected_score(1500, PLAYER)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("games", "message"),
    [
        ([("a", "b", 1), ("a", "x", 1)], "games[2] names 'x', who is not in players"),
        ([("x", "a", 1)], "games[1] names 'x', who is not in players"),
        ([("a", 1, 1)], "games[1] names 1, who is not in players"),
        ([("b", "b", 0.5)], "games[1] pairs 'b' with themself"),
        ([("a", "b", 2.0)], "games[1] score must be 1, 0.5 or 0, got 2"),
        ([("a", "b", True)], "games[1] score must be 1, 0.5 or 0, got True"),
        ([("a", "b", 1), "ab1"], "games[2] must be (white, black, score), got 'ab1'"),
        ([("a", "b", 1, 0)], "games[1] must be (white, black, score), got ('a', 'b', 1, 0)"),
        ([5], "games[1] must be (white, black, score), got 5"),
        ("ab1", "games must be a list of (white, black, score), got 'ab1'"),
        (5, "games must be a list of (white, black, score), got 5"),
    ],
)
def test_rate_period_refuses_with_the_whole_message(games: object, message: str) -> None:
    players = {"a": Glicko2Rating(), "b": Glicko2Rating()}
    with refused(message):
        rate_period(players, games)  # type: ignore[arg-type]


def test_rate_period_names_the_players_argument() -> None:
    with refused("players must map names to Glicko2Rating, got a range of 1 cell"):
        rate_period([1500], [])  # type: ignore[arg-type]
    with refused("players['b'].rd must be above 0 and at most 500, got 0"):
        rate_period({"a": Glicko2Rating(), "b": Glicko2Rating(1500.0, 0.0, 0.06)}, [])
    with refused("tau must be between 0.2 and 2, got 3"):
        rate_period({"a": Glicko2Rating()}, [], tau=3)


def test_rate_period_scores_black_the_rest() -> None:
    """White's 1 is Black's 0 (and a draw both halves): the same as update() player by
    player, whichever spelling of the score."""
    players = {"a": PLAYER, "b": OPPONENTS[0]}
    for score in (1, 1.0):
        new = rate_period(players, [("a", "b", score)])
        assert new["a"] == update(PLAYER, [OPPONENTS[0]], [1.0])
        assert new["b"] == update(OPPONENTS[0], [PLAYER], [0.0])
    drawn = rate_period(players, [("b", "a", 0.5)])
    assert drawn["a"] == update(PLAYER, [OPPONENTS[0]], [0.5])
    assert drawn["b"] == update(OPPONENTS[0], [PLAYER], [0.5])


# --- Step 5 against an independent root finder ---------------------------------------------


def step_5_by_bisection(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """sigma' = exp(A/2), A the root of Glickman's (2013) step 5 function
    f(x) = e^x (Delta^2 - phi^2 - v - e^x) / (2 (phi^2 + v + e^x)^2) - (x - a) / tau^2,
    a = ln(sigma^2), found here by plain bisection (f is positive far left of its one root
    and negative far right), not by the Illinois algorithm the module uses."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2

    low, high = a - 100.0, a + 100.0
    # One root in the range (more extreme upsets can give f three roots: not these cases).
    grid = [low + i * 0.05 for i in range(4001)]
    assert sum((f(x) > 0) != (f(y) > 0) for x, y in itertools.pairwise(grid)) == 1
    for _ in range(200):
        middle = (low + high) / 2
        if f(middle) > 0:
            low = middle
        else:
            high = middle
    return math.exp(low / 2)


@pytest.mark.parametrize(
    ("player", "opponents", "results", "tau", "wide"),
    [
        # Glickman's example: Delta^2 < phi^2 + v, the bracket found by stepping (5.2, else).
        (PLAYER, OPPONENTS, RESULTS, 0.5, False),
        (PLAYER, OPPONENTS, RESULTS, 0.2, False),
        (PLAYER, OPPONENTS, RESULTS, 2.0, False),
        # A sure player's upset win over a far stronger one: Delta^2 > phi^2 + v (5.2, if).
        (Glicko2Rating(1500, 60, 0.06), [Glicko2Rating(1900, 30)] * 2, [1, 1], 0.8, True),
        (Glicko2Rating(1500, 100, 0.3), [Glicko2Rating(1800, 50)] * 3, [1, 1, 1], 1.0, True),
        # Stepping a long way left: a volatile player meeting expectations exactly.
        (Glicko2Rating(1500, 350, 0.9), [Glicko2Rating(1500, 350)], [0.5], 0.2, False),
    ],
)
def test_step_5_volatility_is_the_root_of_glickmans_function(
    player: Glicko2Rating,
    opponents: list[Glicko2Rating],
    results: list[float],
    tau: float,
    wide: bool,
) -> None:
    steps = period_steps(player, opponents, results, tau)
    assert steps.v is not None and steps.delta is not None
    assert (steps.delta**2 > steps.phi**2 + steps.v) is wide
    expected = step_5_by_bisection(steps.phi, player.volatility, steps.v, steps.delta, tau)
    # Glickman's tolerance 0.000001 is on A = ln(sigma'^2): sigma' is good to 5e-7 of itself.
    assert steps.volatility == pytest.approx(expected, rel=1e-6)
    # Steps 6 and 7 from sigma' (Glickman's formulas).
    assert steps.phi_star == pytest.approx(math.sqrt(steps.phi**2 + steps.volatility**2))
    assert steps.new_phi == pytest.approx(1 / math.sqrt(1 / steps.phi_star**2 + 1 / steps.v))


def test_period_steps_of_an_idle_player() -> None:
    """Glickman (2013), step 6 for a player who does not compete: rating and volatility stay,
    phi' = phi* = sqrt(phi^2 + sigma^2). Hand-worked for 1600, RD 200, volatility 0.06:
    mu = 100/173.7178 = 0.575646, phi = 200/173.7178 = 1.151293,
    phi* = sqrt(1.325476 + 0.0036) = 1.152855, RD' = 173.7178 x 1.152856 = 200.27."""
    steps = period_steps(Glicko2Rating(1600, 200, 0.06), [], [])
    assert steps.mu == pytest.approx(0.575646, abs=1e-6)
    assert steps.phi == pytest.approx(1.151293, abs=1e-6)
    assert steps.g == () and steps.expected == ()
    assert steps.v is None and steps.delta is None
    assert steps.volatility == 0.06
    assert steps.phi_star == pytest.approx(1.152855, abs=1e-6)
    assert steps.new_mu == steps.mu
    assert steps.new_phi == steps.phi_star
    assert (steps.new.rating, steps.new.volatility) == (1600.0, 0.06)
    assert steps.new.rd == pytest.approx(200.27, abs=0.005)


# --- Mutation testing: the fast paths take valid floats as they are -------------------------
# A valid Glicko2Rating of floats is what _check_player's full checks would give, so the
# fast path hands it back as the very same object; a score that is exactly 0.0, 0.5 or 1.0
# is taken without check_result.  These tests fail if a fast path refuses a valid value
# (docs/mutation.md, "glicko2.py").

_TINY = 5e-324  # the smallest float above 0
_BELOW_ONE = math.nextafter(1.0, 0.0)  # the largest float below 1


@pytest.mark.parametrize(
    "rating",
    [
        Glicko2Rating(1500.0, 350.0, 0.06),
        Glicko2Rating(0.0, 350.0, 0.06),  # MIN_RATING
        Glicko2Rating(4000.0, 350.0, 0.06),  # MAX_RATING
        Glicko2Rating(1500.0, 500.0, 0.06),  # MAX_RD
        Glicko2Rating(1500.0, _TINY, 0.06),  # the least RD above 0
        Glicko2Rating(1500.0, 350.0, _TINY),  # the least volatility above 0
        Glicko2Rating(1500.0, 350.0, _BELOW_ONE),  # the greatest volatility below 1
        Glicko2Rating(4000.0, 500.0, _BELOW_ONE),
        Glicko2Rating(0.0, _TINY, _TINY),
    ],
)
def test_a_valid_rating_of_floats_is_taken_as_it_is(rating: Glicko2Rating) -> None:
    """_check_player returns a valid Glicko2Rating of floats itself (``is``), at every bound
    included: 0 <= rating <= 4000, 0 < RD <= 500, 0 < volatility < 1."""
    from xlrating.rating.glicko2 import _check_player

    assert _check_player(rating, "player") is rating


def test_a_rating_of_ints_is_checked_and_made_floats() -> None:
    """A rating of ints is not the object handed back: it is checked and rebuilt of floats."""
    from xlrating.rating.glicko2 import _check_player

    given_ = Glicko2Rating(1500, 350, 0.06)
    got = _check_player(given_, "player")
    assert got is not given_
    assert got == Glicko2Rating(1500.0, 350.0, 0.06)
    assert type(got.rating) is float and type(got.rd) is float


def test_rate_period_takes_float_scores_without_check_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Scores exactly 0.0, 0.5 and 1.0 are taken as they are: check_result is called only
    for a score that is not such a float (here the int 1 of the last game)."""
    from xlrating.rating import glicko2
    from xlrating.rating._check import check_result as real

    checked: list[object] = []

    def spy(value: object, name: str = "result") -> float:
        checked.append(value)
        return real(value, name)

    monkeypatch.setattr(glicko2, "check_result", spy)
    players = {"a": Glicko2Rating(), "b": Glicko2Rating(), "c": Glicko2Rating()}
    rate_period(players, [("a", "b", 0.0), ("b", "c", 0.5), ("c", "a", 1.0)])
    assert checked == []
    rate_period(players, [("a", "b", 1.0), ("a", "c", 1)])
    assert checked == [1]
