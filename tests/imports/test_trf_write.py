"""Issue 36, item 4: an event written as FIDE TRF-16 (``xlrating export``), read back the
same.

The columns expected below are TRF-16's (FIDE Handbook C.04 Annex 2: start rank 5-8, name
15-47, FIDE rating 49-52, FIDE ID 58-68, points 81-84, rank 86-89, rounds from 92 in
10-column blocks), typed by hand; the round trips compare the event read from a file with
the event read from what was written.
"""

from __future__ import annotations

import datetime as dt
import shutil
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlrating.cli import main
from xlrating.errors import InvalidInputError
from xlrating.imports import ImportedEvent, read_tournament
from xlrating.imports.rate import rate_event
from xlrating.imports.trf_write import TrfHeader, write_trf
from xlrating.rating.tournament import Event, Game, GameKind, Player

DATA = Path(__file__).parents[1] / "data"
WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"
TRFS = [
    "sample_trf16.txt",
    "trf_arena_2020.txt",
    "trf_round_dates.txt",
    "trf_wild_2005.txt",
    "trf_lichess_swiss_2020.txt",
]
#: A date whose FIDE rules rate every file above (the 2024 rules).
RULES = dt.date(2025, 1, 1)


def _points(event: Event) -> dict[str, float]:
    points: dict[str, float] = {}
    for game in event.games:
        points[game.white] = points.get(game.white, 0.0) + (game.white_score or 0.0)
        if game.black is not None:
            points[game.black] = points.get(game.black, 0.0) + (game.black_points or 0.0)
    return points


def _same(a: ImportedEvent, b: ImportedEvent) -> None:
    """Same players and ratings, rated games, points, and FIDE ratings after the event."""
    assert sorted((p.name, p.rating) for p in a.event.players) == sorted(
        (p.name, p.rating) for p in b.event.players
    )

    def rated(e: Event) -> Counter[tuple[int, str, str | None, float | None]]:
        return Counter((g.round, g.white, g.black, g.white_score) for g in e.games if g.rated)

    assert rated(a.event) == rated(b.event)
    assert _points(a.event) == _points(b.event)
    one = {r.name: (r.post, r.rated_games) for r in rate_event(a, "fide", RULES, "t").rows}
    two = {r.name: (r.post, r.rated_games) for r in rate_event(b, "fide", RULES, "t").rows}
    assert one == two


@pytest.mark.parametrize("name", TRFS)
def test_every_trf_of_tests_data_round_trips(name: str) -> None:
    (first,) = read_tournament((DATA / name).read_text(encoding="utf-8-sig"))
    report = write_trf(first.event, birth_years=first.birth_years)
    (again,) = read_tournament(report.text)
    _same(first, again)
    assert again.birth_years == first.birth_years
    assert again.event.name == first.event.name


def test_the_columns_are_trf16s() -> None:
    event = Event(
        (Player("Low, Lu", 1800.0, None), Player("High, Hal", 2250.0, None), Player("New, Ned")),
        (
            Game(1, "High, Hal", "Low, Lu", 0.5),
            Game(1, "New, Ned", None, 1.0, "bye"),
            Game(2, "Low, Lu", "New, Ned", 1.0, "forfeit"),
        ),
        dt.date(2026, 1, 17),
        "Winter Open",
    )
    header = TrfHeader(
        city="Springfield",
        chief_arbiter="Arb, Ann",
        round_dates=(dt.date(2026, 1, 10), dt.date(2026, 1, 17)),
    )
    report = write_trf(event, header, fide_ids={"High, Hal": "12345678"})
    lines = report.text.splitlines()
    assert lines[:7] == [
        "012 Winter Open",
        "022 Springfield",
        "042 2026/01/10",
        "052 2026/01/17",
        "062 3",
        "072 2",
        "102 Arb, Ann",
    ]
    assert lines[7] == "132" + " " * 88 + "26/01/10  26/01/17"
    # start rank by rating: High 1, Low 2, New 3; rank by points: Low 1.5, New 1, High 0.5
    high, low, new = lines[8:]
    assert high[:52] == "001    1      High, Hal                         2250"
    assert high[57:68] == "   12345678"
    assert high[80:] == " 0.5    3     2 w =  0000 - Z"
    assert low[80:] == " 1.5    1     1 b =     3 w +"
    assert new[80:] == " 1.0    2  0000 - F     2 b -"
    assert report.without_id == ("Low, Lu", "New, Ned")
    assert report.without_rating == ("New, Ned",)


@pytest.mark.parametrize(
    ("event", "options", "message"),
    [
        (
            Event((Player("A" * 34, 1500.0, None), Player("B")), (), None, "E"),
            {},
            "longer than the 33 columns",
        ),
        (
            Event(
                (Player("A", 1500.0, None), Player("B"), Player("C")),
                (Game(1, "A", "B", 1.0), Game(1, "A", "C", 1.0)),
                None,
                "E",
            ),
            {},
            "'A' has two games in round 1",
        ),
        (
            Event((Player("A", 1500.0, None), Player("B")), (), None, "E"),
            {"fide_ids": {"A": "12a"}},
            "FIDE ID of 'A' must be digits",
        ),
        (
            Event((Player("A", 1500.0, None), Player("B")), (Game(1, "A", "B", 1.0),), None, "E"),
            {"header": TrfHeader(round_dates=(dt.date(2026, 1, 1), dt.date(2026, 1, 2)))},
            "2 round dates for 1 rounds",
        ),
    ],
)
def test_what_a_trf_cannot_hold_is_refused_in_one_line(
    event: Event, options: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidInputError, match=message) as caught:
        write_trf(event, **options)  # type: ignore[arg-type]
    assert "\n" not in str(caught.value)


_NAMES = [f"Player {i}" for i in range(12)]


@st.composite
def _events(draw: st.DrawFn) -> Event:
    count = draw(st.integers(2, 12))
    ratings = draw(st.lists(st.none() | st.integers(1000, 2800), min_size=count, max_size=count))
    players = tuple(
        Player(name, None if r is None else float(r), None if r is not None else 0)
        for name, r in zip(_NAMES[:count], ratings, strict=True)
    )
    games: list[Game] = []
    for rnd in range(1, draw(st.integers(1, 6)) + 1):
        order = draw(st.permutations([p.name for p in players]))
        for white, black in zip(order[::2], order[1::2], strict=False):
            kinds: list[GameKind] = ["played", "played", "forfeit"]
            kind = draw(st.sampled_from(kinds))
            score = draw(st.sampled_from([1.0, 0.5, 0.0] if kind == "played" else [1.0, 0.0]))
            games.append(Game(rnd, white, black, score, kind))
        if len(order) % 2:
            points = draw(st.sampled_from([1.0, 0.5, 0.0]))
            games.append(Game(rnd, order[-1], None, points, "bye"))
    return Event(players, tuple(games), dt.date(2025, 6, 1), "Generated")


@settings(max_examples=60, deadline=None)
@given(event=_events())
def test_any_event_round_trips_through_trf(event: Event) -> None:
    (again,) = read_tournament(write_trf(event).text)
    first = ImportedEvent(event=event, source_format="trf")
    _same(first, again)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_export_writes_an_imported_event_that_rates_the_same(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("openpyxl")
    book = tmp_path / "season.xlsx"
    shutil.copy(WORKBOOKS / "club_season.xlsx", book)
    source = DATA / "trf_round_dates.txt"
    code, _, err = run(capsys, "import", str(source), "--into", str(book), "--event", "Spring")
    assert code == 0, err
    out_trf = tmp_path / "spring.trf"
    code, out, err = run(
        capsys, "export", str(book), "--event", "spring", "--trf", str(out_trf),
        "--city", "Springfield", "--fide-id", "One, Ann=1234567",
    )  # fmt: skip
    assert code == 0, err
    assert f"wrote {out_trf}: 'Spring'" in out
    (line,) = [line for line in out.splitlines() if line.startswith("no FIDE ID")]
    assert "One, Ann" not in line and "Two, Ben" in line
    text = out_trf.read_text(encoding="utf-8")
    assert "022 Springfield" in text and "    1234567" in text
    (original,) = read_tournament(source.read_text(encoding="utf-8"))
    (exported,) = read_tournament(text)
    _same(original, exported)
    code, _, err = run(capsys, "export", str(book), "--event", "Autumn", "--trf", str(out_trf))
    assert code != 0 and "has no event 'Autumn'" in err and "'Spring'" in err
    code, _, err = run(
        capsys, "export", str(book), "--event", "Spring", "--trf", str(out_trf),
        "--fide-id", "Nobody=1",
    )  # fmt: skip
    assert code != 0 and "--fide-id Nobody: no player of that name" in err


def test_export_to_standard_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--trf -``: the report is the output (no file named "-"), the notes go to stderr;
    the same report as a file gives."""
    pytest.importorskip("openpyxl")
    monkeypatch.chdir(tmp_path)
    book = WORKBOOKS / "club_season.xlsx"
    code, out, err = run(capsys, "export", str(book), "--event", "December Swiss", "--trf", "-")
    assert code == 0, err
    assert err.startswith("wrote standard output: 'December Swiss', 9 players, 4 rounds")
    assert list(tmp_path.iterdir()) == []
    code, _, _ = run(capsys, "export", str(book), "--event", "December Swiss", "--trf", "out.trf")
    assert code == 0 and (tmp_path / "out.trf").read_text(encoding="utf-8") == out
    (event,) = read_tournament(out)
    assert len(event.event.players) == 9
