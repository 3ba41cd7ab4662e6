"""The club season workbook (workbooks/club_season.xlsx) against the season core.

The harness (tests/test_workbooks.py) lints the workbook, evaluates it headlessly and
checks its Checks sheet; here the Ratings sheet is compared with ``season.rate_season``
called directly on the Players and Games tables read from the file (the conversion of the
rows is written out below, independently of :mod:`xlrating.sheet.tables`), the Standings sheet
with points and ranks worked out by hand, the chart with the table it draws, and
``xlrating demo`` with the table it prints.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import math
import re
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from xlrating.rating.season import rate_season
from xlrating.rating.tournament import Game, GameKind, Player
from xlrating.workbook import templates
from xlrating.workbook.engine import evaluation as engine
from xlrating.workbook.engine.evaluation import Evaluation
from xlrating.workbook.season.find import SeasonLayout, find_season, layout_of
from xlrating.workbook.season.layout import CLUB_CHART_LINES

from ...conftest import Demo, evaluated

NAME = "club_season.xlsx"
#: The header row of the charts' lines below the Ratings table (its 40 players rows end
#: on row 53).
LINES_HEAD = 56
BOOK = Path(__file__).resolve().parents[3] / "workbooks" / NAME

# How the Games sheet writes results (White's points, kind) and, with BYE in the Black
# column, a bye's points.
RESULTS: dict[str, tuple[float, GameKind]] = {
    "1-0": (1.0, "played"),
    "0-1": (0.0, "played"),
    "½-½": (0.5, "played"),
    "+-": (1.0, "forfeit"),
    "-+": (0.0, "forfeit"),
}
BYES = {"+-": 1.0, "½-½": 0.5, "-+": 0.0}


def cells(ref: str) -> Iterator[list[str]]:
    """The cells of a range, row by row."""
    from openpyxl.utils.cell import get_column_letter, range_boundaries

    c1, r1, c2, r2 = range_boundaries(ref.replace("$", ""))
    for row in range(r1, r2 + 1):
        yield [f"{get_column_letter(c)}{row}" for c in range(c1, c2 + 1)]


def table_rows(wb: Any, sheet: str, ref: str) -> list[list[Any]]:
    """The rows of a table that hold anything."""
    rows = [[wb[sheet][c].value for c in row] for row in cells(ref)]
    return [row for row in rows if any(v is not None for v in row)]


def _digest(path: Path) -> str:
    return hashlib.blake2b(path.read_bytes(), digest_size=16).hexdigest()


def season_layout(path: Path) -> SeasonLayout:
    """``find_season(path)``, read once for each content of a file: tests read a book's
    layout several times (``spill``, ``season_from_book``), and many copies of one
    template, each read a whole openpyxl load.  Keyed by the file's bytes (not its name,
    which only error messages use), so a book changed since is read again."""
    return _once_per_content(_LAYOUTS, path, find_season)


_LAYOUTS: dict[str, SeasonLayout] = {}
_T = TypeVar("_T")


def _once_per_content(read: dict[str, _T], path: Path, reader: Callable[[Path], _T]) -> _T:
    """``reader(path)``, kept in *read* by the file's bytes: a copy reads as its original,
    a book changed since is read again."""
    digest = _digest(path)
    if digest not in read:
        read[digest] = reader(path)
    return read[digest]


def season_from_book(
    path: Path,
) -> tuple[list[Player], list[tuple[str, dt.date, list[Game]]]]:
    """The Players and Games tables of a season workbook as the core's objects (read once
    for each content of the file; each call returns new lists)."""
    players, events = _once_per_content(_TABLES, path, _season_from_book)
    return list(players), [(name, day, list(games)) for name, day, games in events]


_Tables = tuple[tuple[Player, ...], tuple[tuple[str, dt.date, tuple[Game, ...]], ...]]
#: season_from_book's tables by the file's bytes (a copy of a book reads as the book).
_TABLES: dict[str, _Tables] = {}


def _season_from_book(path: Path) -> _Tables:
    from openpyxl import load_workbook

    wb = load_workbook(path)
    layout = layout_of(wb, path.name)  # what find_season reads, from the same load
    players = []
    for name, rating, games, floor, age, *_ in table_rows(wb, *layout.players):
        rated = rating is not None
        count = int(games) if games is not None else (None if rated else 0)
        players.append(
            Player(name, float(rating) if rated else None, count, float(floor or 0), age)
        )
    events: dict[str, tuple[dt.date, list[Game]]] = {}
    for event, day, rnd, white, black, result in table_rows(wb, *layout.games):
        when = day.date() if isinstance(day, dt.datetime) else day
        if black == "BYE":
            game = Game(int(rnd), white, None, BYES[result], "bye")
        else:
            score, kind = RESULTS[result]
            game = Game(int(rnd), white, black, score, kind)
        events.setdefault(event, (when, []))[1].append(game)
    return tuple(players), tuple((name, day, tuple(games)) for name, (day, games) in events.items())


def whole(value: float | None) -> str:
    """A rating as the workbook shows it: rounded half up to a whole number."""
    assert value is not None
    return str(math.floor(value + 0.5))


def spill(ev: Evaluation, path: Path) -> list[list[object]]:
    layout = season_layout(path)
    return [[ev.value(layout.sheet, c) for c in row] for row in cells(layout.ref)]


def used_part(table: list[list[object]]) -> list[list[object]]:
    """The season's part of a SEASON_RATINGS table that covers its tables' room: the
    named rows and the events' columns, once every other cell is checked blank (the
    tables here fill their first rows, so the players' rows come first)."""
    width = 1 + sum(1 for head in table[0][1:] if head not in (None, ""))
    height = 1 + sum(1 for row in table[1:] if row[0] not in (None, ""))
    assert all(v in (None, "") for row in table for v in row[width:]), "a blank column holds"
    assert all(v in (None, "") for row in table[height:] for v in row), "a blank row holds"
    return [row[:width] for row in table[:height]]


def assert_equals_core(table: list[list[object]], path: Path, **options: Any) -> None:
    """The SEASON_RATINGS table equals rate_season on the book's own tables: it covers the
    tables' room (a row per players row, a column per event column), the season's players
    and events first (the tables here fill their first rows), blanks after."""
    players, events = season_from_book(path)
    core = rate_season(players, events, **options)
    width, used = len(table[0]), len(core.events) + 1
    assert table[0] == ["Player", *core.events] + [""] * (width - used)
    assert len(table) >= len(core.ratings) + 1
    assert all(value == "" for row in table[len(core.ratings) + 1 :] for value in row)
    assert all(value == "" for row in table[1:] for value in row[used:])
    for got, row in zip(table[1 : len(core.ratings) + 1], core.ratings, strict=True):
        assert got[0] == row.name
        for i, (value, want) in enumerate(zip(got[1:used], row.after, strict=True)):
            where = f"{path.name} {row.name} after {core.events[i]}"
            if want is None:
                assert value == "", f"{where}: {value!r}, core unrated"
            else:
                assert isinstance(value, float), f"{where}: {value!r}"
                assert math.isclose(value, want, rel_tol=1e-12), f"{where}: {value}, core {want}"


# ---------------------------------------------------------------- the shipped season


@pytest.mark.slow
def test_ratings_sheet_equals_the_season_core() -> None:
    assert_equals_core(spill(evaluated(NAME), BOOK), BOOK, system="uscf")


@pytest.mark.slow
def test_start_and_final_columns() -> None:
    ev = evaluated(NAME)
    players, _ = season_from_book(BOOK)
    table = spill(ev, BOOK)
    first = int(season_layout(BOOK).cell[1:])
    for i, player in enumerate(players, start=1):
        row = first + i
        # The player first; Start and Final right of the 16 event columns (B to Q).
        assert ev.value("Ratings", f"A{row}") == player.name
        start = ev.value("Ratings", f"R{row}")
        assert start == ("unrated" if player.rating is None else player.rating), player.name
        last = max(j for j, head in enumerate(table[0]) if head)  # the last event column
        assert ev.value("Ratings", f"S{row}") == table[i][last], player.name
    after = first + len(players) + 1
    assert [ev.value("Ratings", f"{c}{after}") for c in "RS"] == ["", ""]


@pytest.mark.slow
def test_the_sample_season_is_what_the_template_promises() -> None:
    """Nine members with an unrated junior who has an age; four monthly events of 3-4
    rounds; byes and a forfeit."""
    players, events = season_from_book(BOOK)
    assert 8 <= len(players) <= 10
    unrated = [p for p in players if p.rating is None]
    assert len(unrated) == 1 and unrated[0].age is not None and unrated[0].age < 18
    assert len(events) == 4
    months = [day.month for _, day, _ in events]
    assert months == sorted(set(months))
    for name, _, games in events:
        assert {len({g.round for g in games})} <= {3, 4}, name
    kinds = {g.kind for _, _, games in events for g in games}
    assert kinds == {"played", "bye", "forfeit"}


# Hand-worked standings of the December Swiss (the Standings sheet's event): rounds, points
# (byes count: Farid's half-point bye, Grace's, Emma's and Henry's full-point byes) and
# rank (players with more points, plus one).
DECEMBER = {
    "Alice Morgan": (4, 3.0, 1),  # W, D, W, D
    "Ben Carter": (4, 3.0, 1),  # W, W, L, W
    "Chloe Nguyen": (4, 2.0, 4),  # D, L, W, D
    "David Okafor": (4, 3.0, 1),  # W, D, W, D
    "Emma Schulz": (4, 2.0, 4),  # L, D, bye 1, D
    "Farid Haddad": (4, 1.5, 7),  # bye ½, L, W, L
    "Grace Liu": (4, 1.5, 7),  # L, bye 1, L, D
    "Henry Walsh": (4, 1.5, 7),  # L, D, L, bye 1
    "Leo Park": (4, 2.0, 4),  # D, W, L, D
}


@pytest.mark.slow
def test_standings_of_the_december_swiss() -> None:
    ev, built = evaluated(NAME), templates.layout(NAME)
    columns = {
        key: [ev.value("Standings", row[0]) for row in cells(built.cells[key][1])]
        for key in ("standings_player", "rounds", "points", "rank", "rating_before", "new_rating")
    }
    shown = {
        name: (columns["rounds"][i], columns["points"][i], columns["rank"][i])
        for i, name in enumerate(columns["standings_player"])
        if name
    }
    assert shown == DECEMBER
    assert ev.value(*built.cells["event_rounds"]) == 4
    assert ev.value(*built.cells["event_players"]) == 9
    assert set(columns["standings_player"][len(DECEMBER) :]) == {""}
    # Rating before and after: the November and December columns of the Ratings table.
    table = spill(ev, BOOK)
    november, december = table[0].index("November Swiss"), table[0].index("December Swiss")
    for row in table[1:]:
        i = columns["standings_player"].index(row[0])
        assert columns["rating_before"][i] == row[november]
        assert columns["new_rating"][i] == row[december]


def test_the_charts_draw_the_card_player_and_the_top_players() -> None:
    """The Chart sheet's chart: a line for each row of its SEASON_CHART lines (the card's
    player, then the highest-rated), over every event column; the Player card's chart:
    the first of those lines (its player)."""
    with zipfile.ZipFile(BOOK) as zf:
        charts = [n for n in zf.namelist() if n.startswith("xl/charts/chart")]
        assert len(charts) == 2  # the Chart sheet's and the Player card's
        xmls = [zf.read(name).decode("utf-8") for name in charts]
    lines = [re.findall(r"<c:f>([^<]*)</c:f>", x) for x in xmls]
    (refs,) = [r for r in lines if len(r) > 4]
    (card,) = [r for r in lines if len(r) <= 4]
    head = LINES_HEAD
    assert "<c:lineChart>" in xmls[0] and "<c:lineChart>" in xmls[1]
    assert refs[0::3] == [f"Ratings!$A${head + i}" for i in range(1, CLUB_CHART_LINES + 1)]
    assert set(refs[1::3]) == {f"Ratings!$B${head}:$Q${head}"}  # every event column
    assert refs[2::3] == [f"Ratings!$B${head + i}:$Q${head + i}" for i in range(1, 9)]
    assert f"Ratings!$B${head + 1}:$Q${head + 1}" in card  # the card's player's line


@pytest.mark.slow
def test_the_chart_lines_never_drop_to_zero() -> None:
    """The card's player first, then the highest last ratings; a rating missing after a
    player's last event (the season's blank event columns) is his last one."""
    ev = evaluated(NAME)
    table = spill(ev, BOOK)
    events = sum(1 for head in table[0][1:] if head)
    rows = [r for r in table[1:] if r[0]]
    card = ev.value("Player card", "C4")
    by_last = sorted((r for r in rows if r[0] != card), key=lambda r: -float(str(r[events])))
    expected = [next(r for r in rows if r[0] == card), *by_last][:CLUB_CHART_LINES]
    head = LINES_HEAD
    for i, row in enumerate(expected, start=1):
        shown = [ev.value("Ratings", f"{chr(65 + j)}{head + i}") for j in range(len(row))]
        assert shown[0] == row[0]
        assert shown[1 : events + 1] == row[1 : events + 1]  # every player is rated here
        assert set(shown[events + 1 :]) == {row[events]}  # the last rating carried on


def test_the_system_and_k_cells_reach_the_function(tmp_path: Path) -> None:
    """Elo with K 24 chosen on the Ratings sheet: the K cell is passed for elo only."""
    path = tmp_path / NAME
    templates.build_template(NAME, path, {"system": "elo", "k": 24})
    assert_equals_core(spill(engine.evaluate(path), path), path, system="elo", k=24)


# ---------------------------------------------------------------- xlrating demo


def test_demo_prints_the_season(demo: Demo) -> None:
    """xlrating demo, in process, run once for the session (tests/conftest.py; tests/test_cli.py
    checks the other templates of the same run)."""
    code, out, err = demo.code, demo.out, demo.err
    assert code == 0, err
    assert str(demo.folder.resolve()) in out
    lines = out.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("Player "))
    assert "club_season.xlsx" in lines[head - 1] and "uscf" in lines[head - 1]
    header = lines[head].split("  ")
    assert [h.strip() for h in header if h.strip()] == [
        "Player",
        "Start",
        "September Swiss",
        "October Swiss",
        "November Swiss",
        "December Swiss",
        "Final",
    ]
    players, events = season_from_book(demo.folder / NAME)
    core = rate_season(players, events)
    for line, row in zip(lines[head + 1 : head + 10], core.ratings, strict=True):
        assert line.startswith(row.name)
        numbers = line[len(row.name) :].split()
        start = "-" if row.start is None else whole(row.start)
        assert numbers == [start, *(whole(v) for v in row.after), whole(row.final_rating)]
    assert lines[head + 10] == ""
    assert re.search(r"^club_season\.xlsx +Checks sheet: ALL PASS$", out, re.M)


# ---------------------------------------------------------------- room for a longer season


def _long_season(players: int, games: int) -> tuple[list[list[object]], list[list[object]]]:
    """A seeded season: everyone paired each round, byes for the odd player out."""
    import random

    rng = random.Random(7)
    roster: list[list[object]] = [
        [f"Member {i:02d}", rng.randint(1000, 2200), rng.randint(10, 90), None, None]
        for i in range(players)
    ]
    rows: list[list[object]] = []
    for event in range(3):
        name, day, rnd = f"Long {event + 1}", dt.date(2025, 3 + event, 1), 0
        while len(rows) < games * (event + 1) // 3:
            rnd += 1
            order = [str(p[0]) for p in roster]
            rng.shuffle(order)
            if len(order) % 2:
                rows.append([name, day, rnd, order.pop(), "BYE", rng.choice(["+-", "½-½"])])
            for white, black in zip(order[0::2], order[1::2], strict=True):
                if len(rows) < games * (event + 1) // 3:
                    result = rng.choice(["1-0", "0-1", "½-½", "1-0", "0-1", "+-", "-+"])
                    rows.append([name, day, rnd, white, black, result])
    return roster, rows


def _standings_by_hand(rows: list[list[object]], event: str) -> dict[str, tuple[int, float]]:
    """Rounds and points of each player in *event*, counted row by row from White's side."""
    white_points = {"1-0": 1.0, "+-": 1.0, "½-½": 0.5, "0-1": 0.0, "-+": 0.0}
    out: dict[str, tuple[int, float]] = {}
    for name, _, _, white, black, result in rows:
        if name != event:
            continue
        sides = [(str(white), white_points[str(result)])]
        if black != "BYE":
            sides.append((str(black), 1.0 - white_points[str(result)]))
        for player, points in sides:
            rounds, total = out.get(player, (0, 0.0))
            out[player] = (rounds + 1, total + points)
    return out


@pytest.mark.slow
def test_a_longer_season_gets_room_and_the_same_numbers(tmp_path: Path) -> None:
    """45 players and 651 game rows (more than the standard 40 and 600): the tables grow
    to fit, the Ratings sheet equals the season core, and the Standings sheet's array
    formulas equal the points counted row by row, with ranks from those points."""
    roster, rows = _long_season(45, 651)
    path = tmp_path / NAME
    built = templates.build_club_season(path, roster, rows, event="Long 2")
    assert built.cells["players"] == ("Players", "$A$5:$G$49")
    assert built.cells["games"] == ("Games", "$A$5:$F$655")
    ev = engine.evaluate(path)
    assert_equals_core(spill(ev, path), path, system="uscf")
    shown = {
        ev.value("Standings", f"A{row}"): tuple(ev.value("Standings", f"{c}{row}") for c in "BCD")
        for row in range(9, 9 + 45)
    }
    counted = _standings_by_hand(rows, "Long 2")
    assert len(counted) == 45
    for player, (rounds, points) in counted.items():
        better = sum(1 for _, p in counted.values() if p > points)
        assert shown[player] == (rounds, points, better + 1), player


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("game_rows", 50, "game_rows must be a whole number from 72 to 1000000"),
        ("player_rows", 8, "player_rows must be a whole number from 9 to 10000"),
        ("event_columns", 3, "event_columns must be a whole number from 4 to 1000"),
        ("game_rows", True, "got True"),
        ("player_rows", 12.5, "got 12.5"),
    ],
)
def test_room_too_small_is_refused(
    tmp_path: Path, option: str, value: object, message: str
) -> None:
    target = tmp_path / NAME
    with pytest.raises(templates.TemplateError, match=re.escape(message)):
        templates.build_template(NAME, target, {option: value})
    assert not target.exists()


@pytest.mark.slow
def test_room_asked_for_is_given(tmp_path: Path) -> None:
    """More room than the season needs: blank rows to fill in Excel, same numbers."""
    path = tmp_path / NAME
    built = templates.build_template(
        NAME, path, {"player_rows": 12, "game_rows": 200, "event_columns": 6}
    )
    assert built.cells["players"] == ("Players", "$A$5:$G$16")
    assert built.cells["games"] == ("Games", "$A$5:$F$204")
    assert built.cells["rounds"] == ("Standings", "$B$9:$B$20")
    ev = engine.evaluate(path)
    assert_equals_core(spill(ev, path), path, system="uscf")
    shown = {ev.value("Standings", f"A{r}"): ev.value("Standings", f"C{r}") for r in range(9, 21)}
    assert {k: v for k, v in shown.items() if k} == {k: v[1] for k, v in DECEMBER.items()}
