"""USCF_EVENT, FIDE_PERIOD and SEASON_RATINGS as Excel calls them (through xlwings' conversion)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from xlrating.imports import parse_trf, parse_uscf_crosstable
from xlrating.rating import events
from xlrating.rating.tournament import Event, Game, Player

from ..xlwings_harness import MISSING, call_udf, com_value

DATA = Path(__file__).parents[1] / "data"

PLAYERS = [
    ["Name", "Rating", "Games", "Floor", "Age"],
    ["Ann", 1800.0, 40.0, None, None],
    ["Ben", 1650.0, 12.0, None, None],
    ["Cat", None, None, None, 30.0],
    ["Dev", 1500.0, 6.0, None, None],
]
GAMES = [
    ["Round", "White", "Black", "Result"],
    [1.0, "Ann", "Cat", "1-0"],
    [1.0, "Ben", "Dev", "½-½"],
    [2.0, "Cat", "Ben", "1-0"],
    [2.0, "Dev", "Ann", "0-1"],
    [3.0, "Ann", "Ben", "0-1"],
    [3.0, "Cat", "Dev", "+-"],
]
EVENT = Event(
    (
        Player("Ann", 1800.0, 40),
        Player("Ben", 1650.0, 12),
        Player("Cat", None, 0, 0.0, 30.0),
        Player("Dev", 1500.0, 6),
    ),
    (
        Game(1, "Ann", "Cat", 1.0),
        Game(1, "Ben", "Dev", 0.5),
        Game(2, "Cat", "Ben", 1.0),
        Game(2, "Dev", "Ann", 0.0),
        Game(3, "Ann", "Ben", 0.0),
        Game(3, "Cat", "Dev", 1.0, "forfeit"),
    ),
)


def _blank(value: object) -> object:
    return "" if value is None else value


def _table_from_core(result: events.UscfEventResult) -> list[list[object]]:
    rows: list[list[object]] = [
        ["Player", "Pre-event", "Post-event", "Change", "Games", "Formula", "Bonus"]
    ]
    for r in result.rows:
        rows.append(
            [
                r.name,
                _blank(r.pre_event),
                _blank(r.post_event),
                _blank(r.change),
                _blank(r.games_after),
                r.formula,
                r.bonus,
            ]
        )
    return rows


def test_uscf_event_spills_the_core_table() -> None:
    out = call_udf("USCF_EVENT", com_value(PLAYERS), com_value(GAMES), "2025-06-01")
    expected = _table_from_core(events.uscf_event(EVENT, event_date=dt.date(2025, 6, 1)))
    assert out[0] == expected[0]
    for got, want in zip(out[1:], expected[1:], strict=True):
        assert got[0] == want[0] and got[5] == want[5]
        for g, w in zip(got[1:5] + got[6:], want[1:5] + want[6:], strict=True):
            assert g == (pytest.approx(w) if isinstance(w, float) else w)
    cat = out[3]
    assert cat[1] == "" and isinstance(cat[2], float)  # unrated before, rated after
    assert cat[4] == 2  # the forfeit is not a rated game


@pytest.mark.parametrize(
    ("games", "message"),
    [
        ([[1.0, "Ann", "Zed", "1-0"]], "#VALUE! games row 1: unknown player 'Zed'"),
        ([[1.0, "Ann", "Ann", "1-0"]], "#VALUE! games row 1: 'Ann' is paired with himself"),
        ([[1.0, "Ann", "Ben", "1-0"], [2.0, "Ann", "Ben", "2:0"]], "#VALUE! games row 2: result"),
    ],
)
def test_event_errors_name_the_row(games: list[list[object]], message: str) -> None:
    out = call_udf("USCF_EVENT", com_value(PLAYERS), com_value(games))
    assert isinstance(out, str) and out.startswith(message), out


def test_duplicate_player_names_name_the_row() -> None:
    players = [*PLAYERS, ["Ann", 1700.0, 30.0, None, None]]
    out = call_udf("USCF_EVENT", com_value(players), com_value(GAMES))
    assert out == "#VALUE! players row 6: duplicate name 'Ann' (also row 2)"


def test_crosstable_imported_equals_games_typed_in() -> None:
    """The sample crosstable, imported and rated, gives the table of the same games typed in."""
    imported = parse_uscf_crosstable((DATA / "sample_uscf_crosstable.txt").read_text("utf-8"))
    rated = _table_from_core(events.uscf_event(imported))
    players = [["Name", "Rating", "Games"]] + [
        [p.name, p.rating, "established" if p.games is None and p.rating is not None else p.games]
        for p in imported.players
    ]
    typed_games: list[list[object]] = [["Round", "White", "Black", "Result"]]
    for g in imported.games:
        if g.black is None:
            typed_games.append([g.round, g.white, "BYE", g.white_score])
        elif g.kind == "forfeit":
            typed_games.append([g.round, g.white, g.black, "+-" if g.white_score == 1 else "-+"])
        else:
            typed_games.append(
                [g.round, g.white, g.black, {1.0: "1-0", 0.5: "½-½", 0.0: "0-1"}[g.white_score]]
            )
    out = call_udf("USCF_EVENT", com_value(players), com_value(typed_games))
    assert len(out) == len(rated)
    for got, want in zip(out, rated, strict=True):
        assert [pytest.approx(v) if isinstance(v, float) else v for v in want] == got


def test_trf_imported_equals_games_typed_in() -> None:
    """The sample TRF, imported and rated as a FIDE period, equals FIDE_PERIOD on typed games."""
    imported = parse_trf((DATA / "sample_trf16.txt").read_text("utf-8"))
    roster = [events.FidePlayer(p.name, p.rating) for p in imported.players]
    core = events.fide_period(roster, imported.games, period_date=imported.date)
    players = [["Name", "Rating"]] + [[p.name, p.rating] for p in imported.players]
    typed: list[list[object]] = [["Round", "White", "Black", "Result"]]
    for g in imported.games:
        if g.black is None:
            typed.append([g.round, g.white, "BYE", g.white_score])
        elif g.kind == "forfeit":
            typed.append([g.round, g.white, g.black, "+-" if g.white_score == 1 else "-+"])
        else:
            typed.append([g.round, g.white, g.black, g.white_score])
    out = call_udf(
        "FIDE_PERIOD",
        com_value(players),
        com_value(typed),
        MISSING,
        imported.date.isoformat() if imported.date else MISSING,
    )
    assert out[0] == ["Player", "Rating", "K", "Games", "Change", "New rating"]
    for got, row in zip(out[1:], core.rows, strict=True):
        assert got[0] == row.name and got[3] == row.games
        if row.rating is not None:
            assert got[1:3] == [row.rating, row.k] and got[4] == row.change
            assert got[5] == row.new_rating


def test_fide_period_seed_001() -> None:
    """seeds/001_2de337572f459679.txt: the 1800 player's five games, K 20 -> +15, 1815."""
    players = [
        ["Me", 1800.0, 100.0],
        ["A", 1750.0],
        ["B", 1850.0],
        ["C", 1900.0],
        ["D", 1700.0],
        ["E", 2000.0],
    ]
    players = [r + [None] * (3 - len(r)) for r in players]
    games = [
        [1.0, "Me", "A", "1-0"],
        [2.0, "B", "Me", "½-½"],
        [3.0, "Me", "C", "0-1"],
        [4.0, "D", "Me", "0-1"],
        [5.0, "Me", "E", "½-½"],
    ]
    out = call_udf("FIDE_PERIOD", com_value(players), com_value(games), MISSING, "2026-01-01")
    me = out[1]
    assert me == ["Me", 1800.0, 20.0, 5.0, 15.0, 1815.0]


def test_season_ratings_equal_rating_the_events_one_at_a_time() -> None:
    season_games: list[list[object]] = [
        ["Event", "Date", "Round", "White", "Black", "Result"],
        ["Spring", "2026-03-07", 1.0, "Ann", "Ben", "1-0"],
        ["Spring", "2026-03-07", 1.0, "Cat", "Dev", "0-1"],
        ["Spring", "2026-03-07", 2.0, "Dev", "Ann", "½-½"],
        ["Spring", "2026-03-07", 2.0, "Ben", "Cat", "1-0"],
        ["Summer", "2026-06-06", 1.0, "Ben", "Ann", "1-0"],
        ["Summer", "2026-06-06", 1.0, "Dev", "Cat", "1-0"],
    ]
    out = call_udf("SEASON_RATINGS", com_value(PLAYERS), com_value(season_games))
    assert out[0] == ["Player", "Spring", "Summer"]
    # one event at a time through USCF_EVENT, carrying ratings and game counts by hand
    first = call_udf(
        "USCF_EVENT",
        com_value(PLAYERS),
        com_value([r[2:] for r in season_games[1:5]]),
        "2026-03-07",
    )
    after_first = {r[0]: r for r in first[1:]}
    players2 = [["Name", "Rating", "Games", "Floor", "Age"]] + [
        [
            name,
            after_first[name][2] if after_first[name][2] != "" else None,
            after_first[name][4],
            None,
            30.0 if name == "Cat" else None,
        ]
        for name in ("Ann", "Ben", "Cat", "Dev")
    ]
    second = call_udf(
        "USCF_EVENT",
        com_value(players2),
        com_value([r[2:] for r in season_games[5:]]),
        "2026-06-06",
    )
    for row, a, b in zip(out[1:], first[1:], second[1:], strict=True):
        assert row[1] == pytest.approx(a[2]) and row[2] == pytest.approx(b[2])


def test_season_systems_and_k() -> None:
    games = [["E1", 1.0, "Ann", "Ben", 1.0], ["E2", 1.0, "Ben", "Ann", 0.5]]
    players = [["Ann", 1800.0, 40.0], ["Ben", 1650.0, 40.0]]
    elo = call_udf("SEASON_RATINGS", com_value(players), com_value(games), "elo", 20)
    # by hand: E(1800 v 1650) = 1/(1+10^(-150/400)) = 0.70340; Ann +20*(1-0.70340) = +5.932
    assert elo[1][1] == pytest.approx(1805.932, abs=0.001)
    assert call_udf("SEASON_RATINGS", com_value(players), com_value(games), "elo") == (
        "#VALUE! k is blank: the elo system needs a K-factor"
    )
    assert call_udf("SEASON_RATINGS", com_value(players), com_value(games), "chess960").startswith(
        "#VALUE! system must be one of"
    )
    for system in ("fide", "glicko2", "uscf"):
        out = call_udf("SEASON_RATINGS", com_value(players), com_value(games), system)
        assert out[0] == ["Player", "E1", "E2"] and len(out) == 3, system


def test_season_start_final_by_hand() -> None:
    """The Ratings sheet's Start and Final: SEASON_RATINGS' rows (one per player, in the
    players table's order), the start from the players table and the rating after the
    last event, padded to the players table's height. Elo, K 20, worked by hand as in
    test_season_standings_by_hand: Ann 1800 -> 1805.932 -> 1801.584, Ben 1650 -> 1644.068
    -> 1648.417 (+4.349 for the draw), Cat unrated throughout (a bye and a forfeit), Dev
    1500 (a forfeit is not rated)."""
    players = [
        ["Name", "Rating", "Games"],
        ["Ann", 1800.0, 40.0],
        [None, None, None],
        ["Ben", 1650.0, 40.0],
        ["Cat", None, None],
        ["Dev", 1500.0, 40.0],
    ]
    games = [
        ["E1", 1.0, "Ann", "Ben", "1-0"],
        ["E1", 1.0, "Cat", "BYE", "½-½"],
        ["E2", 1.0, "Ben", "Ann", "½-½"],
        ["E2", 1.0, "Cat", "Dev", "-+"],
    ]
    out = call_udf("SEASON_START_FINAL", com_value(players), com_value(games), "elo", 20)
    assert out[0] == ["Start", "Final"] and len(out) == 1 + len(players)
    ann, ben, cat, dev = out[1:5]
    assert ann[0] == 1800 and ann[1] == pytest.approx(1801.584, abs=0.001)
    assert ben[0] == 1650 and ben[1] == pytest.approx(1648.417, abs=0.001)
    assert cat == ["unrated", "unrated"] and dev == [1500, 1500]
    assert out[5:] == [["", ""], ["", ""]]
    # the same rows as SEASON_RATINGS: its names beside, its last column as Final
    table = call_udf("SEASON_RATINGS", com_value(players), com_value(games), "elo", 20)
    assert [row[0] for row in table[1:]] == ["Ann", "Ben", "Cat", "Dev"]
    assert [row[-1] if row[-1] != "" else "unrated" for row in table[1:]] == [
        row[1] for row in out[1:5]
    ]
    # what SEASON_RATINGS refuses, it refuses with the same line
    refused = call_udf("SEASON_START_FINAL", com_value(players), com_value(games), "elo")
    assert refused == "#VALUE! k is blank: the elo system needs a K-factor"
    assert refused == call_udf("SEASON_RATINGS", com_value(players), com_value(games), "elo")


def test_season_standings_by_hand() -> None:
    """One event's standings for every players row (the header and a blank row give blank
    rows), worked by hand: Elo, K 20, E(1800 v 1650) = 0.70340."""
    players = [
        ["Name", "Rating", "Games"],
        ["Ann", 1800.0, 40.0],
        [None, None, None],
        ["Ben", 1650.0, 40.0],
        ["Cat", None, None],
        ["Dev", 1500.0, 40.0],
    ]
    games = [
        ["E1", 1.0, "Ann", "Ben", "1-0"],
        ["E1", 1.0, "Cat", "BYE", "½-½"],  # a half-point bye
        ["E2", 1.0, "Ben", "Ann", "½-½"],
        ["E2", 1.0, "Cat", "Dev", "-+"],  # a forfeit: Dev scores, nobody is rated
    ]
    out = call_udf("SEASON_STANDINGS", com_value(players), com_value(games), "E2", "elo", 20)
    assert out[0] == [
        "Player",
        "Rounds",
        "Points",
        "Rank",
        "Rating before",
        "New rating",
        "Change",
        "Ratings row",
    ]
    assert len(out) == 1 + len(players)
    assert out[1] == [""] * 8 and out[3] == [""] * 8  # the header row and the blank row
    ann, ben, cat, dev = out[2], out[4], out[5], out[6]
    # E1: Ann +20 x (1 - 0.70340) = +5.932; E2 (draw): Ann 1805.932 v Ben 1644.068,
    # E = 1/(1+10^(-161.865/400)) = 0.71743, Ann 20 x (0.5 - 0.71743) = -4.349
    assert ann[:4] == ["Ann", 1, 0.5, 2] and ann[7] == 1
    assert ann[4] == pytest.approx(1805.932, abs=0.001)
    assert ann[5] == pytest.approx(1801.584, abs=0.001)
    assert ann[6] == pytest.approx(-4.349, abs=0.001)
    assert ben[:4] == ["Ben", 1, 0.5, 2] and ben[7] == 2
    assert cat[:7] == ["Cat", 1, 0.0, 4, "unrated", "unrated", ""] and cat[7] == 3
    assert dev[:4] == ["Dev", 1, 1.0, 1] and dev[4] == dev[5] == 1500 and dev[6] == 0
    # the first event starts from the Players table; an event not in the games: no rounds
    first = call_udf("SEASON_STANDINGS", com_value(players), com_value(games), "E1", "elo", 20)
    assert first[2][4] == 1800 and first[5][:4] == ["Cat", 1, 0.5, 2]
    none = call_udf("SEASON_STANDINGS", com_value(players), com_value(games), "E9", "elo", 20)
    assert none[2] == ["Ann", 0, 0.0, "", "", "", "", 1]
    # a season the Ratings sheet cannot rate (elo without K) leaves the ratings blank
    blank = call_udf("SEASON_STANDINGS", com_value(players), com_value(games), "E2", "elo")
    assert blank[2] == ["Ann", 1, 0.5, 2, "", "", "", 1]
    assert (
        call_udf("SEASON_STANDINGS", com_value(players), com_value(games), True)
        == "#VALUE! event must be an event's name, got True"
    )
