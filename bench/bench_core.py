"""Time xlrating's rating core side by side with peer implementations, and check they agree.

Run through ``bench/run`` (it builds the virtualenv with the peers), or by hand from the
repository root with the peers importable:

    python bench/bench_core.py [--repeat 5]

Peers (pinned in bench/requirements.txt):

* ``glicko2`` 2.1.0 -- Glicko-2 (``glicko2.Player``).
* ``elo`` 0.1.1 -- plain Elo (``elo.Elo``).
* ``chessratings`` 0.0.1 -- module ``uscf_elo``: the US Chess standard and special
  formulas.  Its wheel on PyPI ships no module at all (``py_modules=['uscf_elo']`` points
  at a file that is not there), so ``bench/run`` takes ``uscf_elo.py`` out of the sdist.

Each operation starts from plain numbers on both sides (building the peer's objects is
part of its time, as validating the arguments is part of ours).  Times are the best of
``--repeat`` runs of ``timeit`` with an automatic loop count, in microseconds per call.
The numbers are compared as well: an "agree?" cell says "yes" with the largest absolute
difference, or "NO" with it; the notes below the table explain each disagreement and show
which side follows the published rule.  No timing is asserted anywhere.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib
import math
import os
import platform
import random
import sys
import timeit
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from types import ModuleType

from xlrating.rating import elo, events, glicko2, uscf
from xlrating.rating.tournament import Event, Game, Player

#: Differences at or below this count as agreement (floating-point noise).
TOLERANCE = 1e-9

#: Glickman, "Example of the Glicko-2 system" (30 Nov 2013): a 1500/200/0.06 player beats
#: 1400/30, loses to 1550/100 and to 1700/300; tau 0.5.  Printed: r' 1464.06, RD' 151.52,
#: sigma' 0.05999 (r' from the rounded mu' -0.2069; unrounded it is 1464.05).
GLICKMAN_PLAYER = (1500.0, 200.0, 0.06)
GLICKMAN_OPPONENTS = ((1400.0, 30.0), (1550.0, 100.0), (1700.0, 300.0))
GLICKMAN_RESULTS = (1.0, 0.0, 0.0)
GLICKMAN_PRINTED = (1464.06, 151.52, 0.05999)
#: How far the printed values may be from the exact ones: r' is off by the rounding of mu'
#: (173.7178 x 0.00005 < 0.01), RD' is rounded to 2 places, sigma' is given to 5 places.
GLICKMAN_PRINTED_SLACK = (0.01, 0.005, 0.00001)


@dataclass(frozen=True)
class Row:
    """One line of the table."""

    operation: str
    ours_us: float
    peer: str
    peer_us: float | None
    agree: str


def best_us(job: Callable[[], object], repeat: int) -> float:
    """Best of *repeat* timeit runs, in microseconds per call."""
    timer = timeit.Timer(job)
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=repeat, number=number)) / number * 1e6


def agreement(ours: Sequence[float], peer: Sequence[float]) -> str:
    """'yes' or 'NO' with Δ, the largest absolute difference between two lists of numbers."""
    worst = max(abs(float(a) - float(b)) for a, b in zip(ours, peer, strict=True))
    if worst == 0:
        return "yes (identical)"
    if worst <= TOLERANCE:
        return f"yes (Δ {worst:.1e})"
    return f"NO (Δ {worst:.3g})"


def load_peer(name: str) -> ModuleType | None:
    """Import a peer module, or None when it is not installed."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


# --- Glicko-2 -------------------------------------------------------------------------


def glicko2_twenty() -> tuple[tuple[float, float, float], list[tuple[float, float]], list[float]]:
    """A 1700/80/0.06 player against 20 seeded opponents, with a few upsets."""
    rng = random.Random(20)
    opponents = [(rng.uniform(1400, 2000), rng.uniform(30, 200)) for _ in range(20)]
    results = [rng.choice((1.0, 0.5, 0.0)) for _ in range(20)]
    return (1700.0, 80.0, 0.06), opponents, results


def glicko2_upsets(
    shift: float = 0.0,
) -> tuple[tuple[float, float, float], list[tuple[float, float]], list[float]]:
    """A 1500/50/0.06 player (plus *shift*) loses 20 games to 1200/50 opponents (plus *shift*).

    Glicko-2 depends on rating differences only, so adding the same *shift* to every rating
    must shift r' by it and leave RD' and sigma' alone.
    """
    return (1500.0 + shift, 50.0, 0.06), [(1200.0 + shift, 50.0)] * 20, [0.0] * 20


def ours_glicko2(
    player: tuple[float, float, float],
    opponents: Sequence[tuple[float, float]],
    results: Sequence[float],
) -> tuple[float, float, float]:
    new = glicko2.update(
        glicko2.Glicko2Rating(*player),
        [glicko2.Glicko2Rating(r, rd) for r, rd in opponents],
        results,
        tau=0.5,
    )
    return new.rating, new.rd, new.volatility


def peer_glicko2(
    peer: ModuleType,
    player: tuple[float, float, float],
    opponents: Sequence[tuple[float, float]],
    results: Sequence[float],
) -> tuple[float, float, float]:
    someone = peer.Player(*player)  # the peer's tau is a class attribute, 0.5
    someone.update_player([r for r, _ in opponents], [rd for _, rd in opponents], list(results))
    return someone.getRating(), someone.getRd(), someone.vol


def peer_glicko2_with_phi(
    peer: ModuleType,
    player: tuple[float, float, float],
    opponents: Sequence[tuple[float, float]],
    results: Sequence[float],
) -> tuple[float, float, float]:
    """The peer with its step-5 f(x) written as Glickman prints it (phi squared, not mu squared).

    Glickman, step 5: f(x) = e^x (Δ² − φ² − v − e^x) / (2 (φ² + v + e^x)²) − (x − a)/τ².
    The peer's ``Player._f`` uses the rating mu where φ belongs; this subclass swaps that
    one term and nothing else.
    """

    class Fixed(peer.Player):  # type: ignore[name-defined,misc]
        def _f(self, x: float, delta: float, v: float, a: float) -> float:
            ex = math.exp(x)
            phi2 = self.getRd() ** 2 / 173.7178**2
            return float(
                ex * (delta**2 - phi2 - v - ex) / (2 * (phi2 + v + ex) ** 2)
                - (x - a) / self._tau**2
            )

    someone = Fixed(*player)
    someone.update_player([r for r, _ in opponents], [rd for _, rd in opponents], list(results))
    return someone.getRating(), someone.getRd(), someone.vol


def printed_ok(values: Sequence[float]) -> bool:
    """True when (r', RD', sigma') match Glickman's printed example to its printed precision."""
    return all(
        abs(value - printed) <= slack
        for value, printed, slack in zip(
            values, GLICKMAN_PRINTED, GLICKMAN_PRINTED_SLACK, strict=True
        )
    )


def glicko2_rows(repeat: int, notes: list[str]) -> list[Row]:
    peer = load_peer("glicko2")
    cases = [
        ("Glicko-2 period, Glickman's example (3 games)", GLICKMAN_PLAYER,
         list(GLICKMAN_OPPONENTS), list(GLICKMAN_RESULTS)),
        ("Glicko-2 period, 20 opponents", *glicko2_twenty()),
        ("Glicko-2 period, 20 upset losses (2100/50 v 1800s)", *glicko2_upsets(600.0)),
    ]  # fmt: skip
    rows = []
    for name, player, opponents, results in cases:
        ours = ours_glicko2(player, opponents, results)
        ours_us = best_us(partial(ours_glicko2, player, opponents, results), repeat)
        if peer is None:
            rows.append(Row(name, ours_us, "glicko2 (not installed)", None, "n/a"))
            continue
        theirs = peer_glicko2(peer, player, opponents, results)
        peer_us = best_us(partial(peer_glicko2, peer, player, opponents, results), repeat)
        agree = agreement(ours, theirs)
        if player == GLICKMAN_PLAYER:
            agree += (
                f"; printed example: ours {'yes' if printed_ok(ours) else 'NO'},"
                f" peer {'yes' if printed_ok(theirs) else 'NO'}"
            )
        rows.append(Row(name, ours_us, "glicko2 2.1.0", peer_us, agree))
        fixed = peer_glicko2_with_phi(peer, player, opponents, results)
        notes.append(
            f"{name}: ours r'={ours[0]:.6f} RD'={ours[1]:.6f} σ'={ours[2]:.9f}; "
            f"peer r'={theirs[0]:.6f} RD'={theirs[1]:.6f} σ'={theirs[2]:.9f}; "
            f"peer with φ² in step 5's f(x): {agreement(ours, fixed)} against ours."
        )
    if peer is not None:
        at_1500 = glicko2_upsets()
        at_2100 = glicko2_upsets(600.0)
        notes.append(
            "Glicko-2 shift test (20 upset losses at 1500 and the same games 600 points "
            f"higher): σ' ours {ours_glicko2(*at_1500)[2]:.6f} / "
            f"{ours_glicko2(*at_2100)[2]:.6f}, peer {peer_glicko2(peer, *at_1500)[2]:.6f} / "
            f"{peer_glicko2(peer, *at_2100)[2]:.6f} (the rule depends on differences only)."
        )
    return rows


# --- Elo ------------------------------------------------------------------------------

#: Wikipedia's Elo example: 1613 against 1609 (L), 1477 (D), 1388 (W), 1586 (W), 1720 (L),
#: K = 32 -> 1601.
ELO_RATING = 1613.0
ELO_OPPONENTS = (1609.0, 1477.0, 1388.0, 1586.0, 1720.0)
ELO_RESULTS = (0.0, 0.5, 1.0, 1.0, 0.0)
ELO_K = 32.0


def elo_rows(repeat: int, notes: list[str]) -> list[Row]:
    peer = load_peer("elo")
    ours_e = elo.expected_score(ELO_RATING, ELO_OPPONENTS[0])
    ours_e_us = best_us(lambda: elo.expected_score(ELO_RATING, ELO_OPPONENTS[0]), repeat)

    def ours_update() -> float:
        return elo.rating_change(ELO_RATING, ELO_OPPONENTS, ELO_RESULTS, ELO_K).new_rating

    ours_r = ours_update()
    ours_r_us = best_us(ours_update, repeat)
    expected_name = "Elo expected score (1613 v 1609)"
    update_name = "Elo update, 5 games, K 32 (1613 -> 1601)"
    if peer is None:
        return [
            Row(expected_name, ours_e_us, "elo (not installed)", None, "n/a"),
            Row(update_name, ours_r_us, "elo (not installed)", None, "n/a"),
        ]
    env = peer.Elo(k_factor=ELO_K)  # beta 200: the 400 scale of the traditional formula
    series = list(zip(ELO_RESULTS, ELO_OPPONENTS, strict=True))
    theirs_e = env.expect(ELO_RATING, ELO_OPPONENTS[0])
    theirs_r = env.rate(ELO_RATING, series)
    notes.append(
        f"Elo: ours E={ours_e!r} new={ours_r!r} (rounds to {round(ours_r)}); "
        f"peer E={theirs_e!r} new={theirs_r!r}."
    )
    return [
        Row(
            expected_name,
            ours_e_us,
            "elo 0.1.1",
            best_us(lambda: env.expect(ELO_RATING, ELO_OPPONENTS[0]), repeat),
            agreement([ours_e], [theirs_e]),
        ),
        Row(
            update_name,
            ours_r_us,
            "elo 0.1.1",
            best_us(lambda: env.rate(ELO_RATING, series), repeat),
            agreement([ours_r], [theirs_r]),
        ),
    ]


# --- US Chess ---------------------------------------------------------------------------


@dataclass(frozen=True)
class UscfCase:
    """One player's event: R0, N, the prior record, opponents and results."""

    name: str
    rating: float
    games: int
    opponents: tuple[float, ...]
    results: tuple[float, ...]
    history: uscf.History = "mixed"
    dual_rated: bool = False


USCF_CASES = (
    # Seed 000 / docs/rules/uscf.md#examples, example 2: K 33.317, +16.658 -> 1716.66.
    UscfCase("US Chess standard (1700/30, 4 games)", 1700, 30,
             (1600, 1650, 1750, 1800), (1, 0.5, 0, 1)),
    # docs/rules/uscf.md#examples, example 3 (approx.pdf via skillratings): B 14 -> 1460.805.
    UscfCase("US Chess standard + bonus, B 14 (1300/45)", 1300, 45,
             (1250, 1400, 1500, 1550), (1, 0.5, 1, 1)),
    # docs/rules/uscf.md#examples, example 5: dual-rated K for 2200 < R0 < 2500.
    UscfCase("US Chess standard, dual-rated K (2300/40)", 2300, 40,
             (2250, 2400, 2350, 2200, 2450, 2300), (1, 0.5, 0, 1, 0.5, 1), dual_rated=True),
    # docs/rules/uscf.md#examples, example 4 (approx.pdf): 1500/6, W 1400, L 1550, D 1650:
    # 1511.11.
    UscfCase("US Chess special (1500/6, 3 games)", 1500, 6,
             (1400, 1550, 1650), (1, 0, 0.5)),
    # Opponents more than 400 points away: the special formula's iteration is exercised.
    UscfCase("US Chess special, wide field (1200/4)", 1200, 4,
             (1700, 1800, 900, 1250), (1, 1, 0, 0.5)),
    UscfCase("US Chess special, all-wins history (1800/12)", 1800, 12,
             (1900, 2000, 2300, 1500), (1, 1, 0, 1), history="all wins"),
)  # fmt: skip


def ours_uscf(case: UscfCase) -> float:
    return uscf.rate(
        case.rating,
        case.games,
        case.opponents,
        case.results,
        history=case.history,
        dual_rated=case.dual_rated,
        multiplier=14.0,  # the peer's B, fixed at 14 (events from 2017-05-01 to 2023-01-31)
    ).new_rating


def peer_uscf(peer: ModuleType, case: UscfCase) -> float:
    """One player's new rating by chessratings' ``uscf_elo``, built from plain numbers.

    The peer rates players inside a ``Tournament``; its per-player entry point is
    ``_PlayerTournament(player, tournament).update_player_rating()``, which this calls
    for our player only (``Tournament.run`` would rate the opponents as well).
    """
    wins = {"all wins": case.games, "all losses": 0}.get(case.history, case.games // 2)
    losses = {"all wins": 0, "all losses": case.games}.get(case.history, case.games - wins)
    me = peer.Player("me", case.rating, nr_games_played=case.games, nr_wins=wins, nr_losses=losses)
    players = [me]
    results = []
    for i, (opponent, score) in enumerate(zip(case.opponents, case.results, strict=True)):
        name = f"o{i}"
        players.append(peer.Player(name, opponent, nr_games_played=100))
        winner = "me" if score == 1 else name if score == 0 else None
        results.append([("me", name), winner])
    # The peer's default time control (G/60) is dual-rated: ask for G/120 unless dual.
    tournament = peer.Tournament(
        players, results, time_control_minutes=60 if case.dual_rated else 120
    )
    return float(peer._PlayerTournament(me, tournament).update_player_rating())


def peer_step3(
    peer: ModuleType, initial: float, opponents: Sequence[float], results: Sequence[float]
) -> float:
    """The peer's first estimate (Step 3) of an unrated adult's rating."""
    me = peer.Player("me", None, nr_games_played=0, nr_wins=0, nr_losses=0)
    assert me.initialized_rating == initial  # an adult: 1300 by the age rule
    players = [me] + [peer.Player(f"o{i}", r, nr_games_played=100) for i, r in enumerate(opponents)]
    games = [
        [("me", f"o{i}"), "me" if s == 1 else f"o{i}" if s == 0 else None]
        for i, s in enumerate(results)
    ]
    peer.Tournament(players, games, time_control_minutes=120)
    return float(me.estimated_rating)


#: An unrated adult (1300 by the age rule) beats a 2000, loses to a 700, beats a 1350 and
#: draws a 1500: two opponents are more than 400 points from the answer.
STEP3_OPPONENTS = (2000.0, 700.0, 1350.0, 1500.0)
STEP3_RESULTS = (1.0, 0.0, 1.0, 0.5)


def ours_step3(opponents: Sequence[float], results: Sequence[float]) -> float:
    estimate = uscf.special_rating(
        uscf.AGE_RATING_ADULT, events.STEP3_EFFECTIVE_GAMES, opponents, results
    )
    return max(estimate, uscf.ABSOLUTE_FLOOR)


def uscf_rows(repeat: int, notes: list[str]) -> list[Row]:
    peer = load_peer("uscf_elo")
    label = "chessratings 0.0.1"
    rows = []
    for case in USCF_CASES:
        ours = ours_uscf(case)
        ours_us = best_us(partial(ours_uscf, case), repeat)
        if peer is None:
            rows.append(Row(case.name, ours_us, "chessratings (no uscf_elo)", None, "n/a"))
            continue
        theirs = peer_uscf(peer, case)
        peer_us = best_us(partial(peer_uscf, peer, case), repeat)
        rows.append(Row(case.name, ours_us, label, peer_us, agreement([ours], [theirs])))
        notes.append(f"{case.name}: ours {ours!r}, peer {theirs!r}.")

    name = "US Chess Step-3 estimate, unrated adult (N' 1)"
    ours = ours_step3(STEP3_OPPONENTS, STEP3_RESULTS)
    ours_us = best_us(lambda: ours_step3(STEP3_OPPONENTS, STEP3_RESULTS), repeat)
    if peer is None:
        rows.append(Row(name, ours_us, "chessratings (no uscf_elo)", None, "n/a"))
        return rows
    initial = uscf.AGE_RATING_ADULT
    theirs = peer_step3(peer, initial, STEP3_OPPONENTS, STEP3_RESULTS)
    peer_us = best_us(lambda: peer_step3(peer, initial, STEP3_OPPONENTS, STEP3_RESULTS), repeat)
    rows.append(Row(name, ours_us, label, peer_us, agreement([ours], [theirs])))
    m = len(STEP3_OPPONENTS)
    wins_minus_losses = sum(2 * s - 1 for s in STEP3_RESULTS)
    shortcut = (initial + sum(STEP3_OPPONENTS) + 400 * wins_minus_losses) / (1 + m)

    def residual(candidate: float) -> float:
        return uscf.special_objective(
            candidate, initial, events.STEP3_EFFECTIVE_GAMES, STEP3_OPPONENTS, STEP3_RESULTS
        )

    notes.append(
        f"{name}: ours {ours!r}, peer {theirs!r}; the approximation "
        f"(N'R0 + ΣRi + 400(W − L))/(N' + m) gives {shortcut!r}.  The special formula's "
        f"equation f(R) = N'·PWe(R, R0) + Σ PWe(R, Ri) − S' is {residual(ours):.3g} at ours "
        f"and {residual(theirs):.3g} at the peer's."
    )
    return rows


def sample_event(players: int = 60, rounds: int = 6, seed: int = 60) -> Event:
    """A seeded event: established, provisional and unrated players, random pairings."""
    rng = random.Random(seed)
    entrants = []
    for i in range(players):
        if i % 9 == 8:  # 6 unrated players, rated by age
            entrants.append(Player(f"P{i:02d}", None, 0, age=rng.uniform(8, 40)))
        elif i % 9 == 7:  # 6 provisional players (N <= 8: the special formula)
            entrants.append(Player(f"P{i:02d}", rng.uniform(700, 1700), rng.randint(1, 20)))
        else:
            entrants.append(Player(f"P{i:02d}", rng.uniform(1000, 2300), rng.randint(26, 900)))
    strength = {p.name: p.rating if p.rating is not None else 1000.0 for p in entrants}
    games = []
    for rnd in range(1, rounds + 1):
        order = [p.name for p in entrants]
        rng.shuffle(order)
        for white, black in zip(order[::2], order[1::2], strict=True):
            expected = uscf.winning_expectancy(strength[white], strength[black])
            draw = 0.2
            roll = rng.random()
            score = 0.5 if roll < draw else 1.0 if roll < draw + (1 - draw) * expected else 0.0
            games.append(Game(rnd, white, black, score))
    return Event(tuple(entrants), tuple(games), dt.date(2025, 6, 1), "bench")


def event_rows(repeat: int, notes: list[str]) -> list[Row]:
    event = sample_event()
    result = events.uscf_event(event)
    formulas: dict[str, int] = {}
    for row in result.rows:
        formulas[row.formula] = formulas.get(row.formula, 0) + 1
    notes.append(
        f"Event: {len(event.players)} players, {len(event.games)} games, formulas {formulas}; "
        f"time is for the whole event (Steps 1-5), {repeat} repeats."
    )
    return [
        Row(
            f"US Chess event, {len(event.players)} players x 6 rounds (per event)",
            best_us(lambda: events.uscf_event(event), repeat),
            "(ours only)",
            None,
            "n/a",
        )
    ]


# --- the table ------------------------------------------------------------------------


def table(rows: Sequence[Row]) -> str:
    lines = [
        "| operation | xlrating µs | peer | peer µs | agree? |",
        "|---|---:|---|---:|---|",
    ]
    for row in rows:
        peer_us = "—" if row.peer_us is None else f"{row.peer_us:,.1f}"
        lines.append(
            f"| {row.operation} | {row.ours_us:,.1f} | {row.peer} | {peer_us} | {row.agree} |"
        )
    return "\n".join(lines)


def machine() -> str:
    cores = os.cpu_count()
    return (
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.system()} {platform.machine()}, {cores} cores, {dt.date.today()}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=5, help="timeit repeats (best is kept)")
    args = parser.parse_args(argv)
    notes: list[str] = []
    rows: list[Row] = []
    for section in (glicko2_rows, elo_rows, uscf_rows, event_rows):
        rows.extend(section(args.repeat, notes))
    print(f"## Rating core: xlrating and peers ({machine()})\n")
    print(table(rows))
    print("\nNotes:")
    for note in notes:
        print(f"- {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
