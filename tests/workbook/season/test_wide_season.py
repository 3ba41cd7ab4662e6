"""A ladder club: every game is its own event, so the season table is wide (issue 16, part 3).

What made it slow must not change what it computes: the engine skips blank cells and the
cached cells of an array formula (it computes them again), the import streams the tables
and creates the cells the ratings array gains row by row.  These tests pin the results
(they equal the season core on the book's own tables) and that ``import`` has the same
time limit as ``recalc``.  Times themselves are measured in ``bench/`` only.
"""

from __future__ import annotations

import datetime as dt
import shutil
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from xlrating import cli
from xlrating.commands import base
from xlrating.rating import synthetic
from xlrating.workbook.engine import evaluation as engine
from xlrating.workbook.ooxml import a1, xlsx
from xlrating.workbook.ooxml.guard import check_workbook
from xlrating.workbook.ooxml.package import Package
from xlrating.workbook.season import book as season_book
from xlrating.workbook.season import find as season_fit
from xlrating.workbook.season import write as season_write
from xlrating.workbook.templates import build_club_season

from ..templates.test_club_season import assert_equals_core, cells, spill

DATA = Path(__file__).parents[2] / "data"
TRF = DATA / "sample_trf16.txt"
#: A small ladder: 12 players, 40 events of one game each.
PLAYERS, EVENTS = 12, 40


@pytest.fixture(scope="module")
def ladder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    players, games = synthetic.season_tables(synthetic.season(PLAYERS, EVENTS, EVENTS, seed=7))
    assert len({row[0] for row in games}) == EVENTS  # one game per event
    path = tmp_path_factory.mktemp("ladder") / "ladder.xlsx"
    build_club_season(path, players, games, player_rows=PLAYERS + 10, game_rows=EVENTS + 40)
    return path


@pytest.fixture(scope="module")
def ladder_evaluated(ladder: Path) -> engine.Evaluation:
    return engine.evaluate(ladder)


def test_a_ladder_season_rates_as_the_core(
    ladder: Path, ladder_evaluated: engine.Evaluation
) -> None:
    table = spill(ladder_evaluated, ladder)
    assert len(table[0]) == EVENTS + 1
    assert_equals_core(table, ladder)


def test_cached_array_cells_are_computed_again_not_read(
    ladder: Path, ladder_evaluated: engine.Evaluation, tmp_path: Path
) -> None:
    """A recalculated book holds the array's results as cached values; computing it again
    gives the same values, and a cached value changed by hand does not survive."""
    first = ladder_evaluated
    cached = tmp_path / "cached.xlsx"
    xlsx.write_cached_values(ladder, cached, first.values)
    layout = season_fit.find_season(cached)
    tampered = tmp_path / "tampered.xlsx"
    _replace_cached_numbers(cached, tampered, layout)
    again = engine.evaluate(tampered)
    assert spill(again, tampered) == spill(first, ladder)


def _replace_cached_numbers(source: Path, target: Path, layout: season_fit.SeasonLayout) -> None:
    """Every cached number ``<v>N</v>`` inside the season array becomes ``<v>-1</v>``."""
    import re

    from openpyxl.utils.cell import coordinate_to_tuple, range_boundaries

    c1, r1, c2, r2 = range_boundaries(layout.ref)

    def tamper(match: re.Match[bytes]) -> bytes:
        row, col = coordinate_to_tuple(match.group(2).decode())
        inside = r1 <= row <= r2 and c1 <= col <= c2 and (row, col) != (r1, c1)
        return match.group(1) + b"<v>-1</v>" if inside else match.group(0)

    package = Package.open(check_workbook(source))
    part = package.sheet_part(layout.sheet)
    assert part is not None
    data, count = re.subn(
        rb'(<c r="([A-Z]+[0-9]+)"(?: s="[0-9]+")?>)<v>[0-9.]+</v>', tamper, package.read(part)
    )
    assert count > 0
    package.write(part, data)
    package.save(target)


def test_import_into_a_ladder_rates_as_the_core(ladder: Path, tmp_path: Path) -> None:
    book = tmp_path / "ladder.xlsx"
    shutil.copy(ladder, book)
    assert cli.main(["import", str(TRF), "--into", str(book)]) == 0
    ev = engine.evaluate(book)
    table = spill(ev, book)
    # The names, 40 events and the imported one (the event columns grew to make room).
    assert sum(1 for head in table[0] if head) == EVENTS + 2
    assert_equals_core(table, book)


@pytest.mark.slow
def test_a_table_that_grew_by_many_events_says_so_then_is_resized(tmp_path: Path) -> None:
    """Games typed in for 36 more events into a book of 16 event columns: recalc rates
    them all (nothing is fitted); the table shows 15 events and its last column's header
    how many more there are and the resize that shows them; after that resize the table
    equals the season core on the book's own tables."""
    players, games = synthetic.season_tables(synthetic.season(PLAYERS, EVENTS, EVENTS, seed=7))
    first = sorted({str(row[0]) for row in games})[:4]
    start = tmp_path / "first4.xlsx"
    build_club_season(start, players, [g for g in games if g[0] in first], game_rows=EVENTS + 40)
    layout = season_fit.find_season(start)
    sheet, ref = layout.games
    row1, col1, _, _ = a1.bounds(ref)
    edits: dict[tuple[int, int], object] = {}
    for i, game in enumerate(games):
        day = game[1]
        assert isinstance(day, dt.datetime)  # as xlwings hands dates over
        values = [game[0], season_book._serial(day.date()), *game[2:6]]
        for j, value in enumerate(values):
            edits[(row1 + i, col1 + j)] = value
    grown = tmp_path / "grown.xlsx"
    season_write.write_book(season_fit.open_book(start), grown, layout, {sheet: edits})
    out = tmp_path / "out.xlsx"
    assert cli.main(["recalc", str(grown), "-o", str(out)]) == 0
    assert season_fit.find_season(out).ref == layout.ref  # its room, as it was
    table = cached_table(out, layout)
    assert str(table[0][16]).startswith("+25 events: xlrating resize --event-columns 40")
    wide = tmp_path / "wide.xlsx"
    assert cli.main(["resize", str(grown), "--event-columns", "40", "-o", str(wide)]) == 0
    assert cli.main(["recalc", str(wide), "-o", str(out), "--force"]) == 0
    widened = season_fit.find_season(out)
    # The table recalc computed, as it cached it in *out*: evaluating *out* again would
    # compute the same formulas once more (test_cached_array_cells_are_computed_again_not_read
    # pins that computing a recalculated book again gives its cached values).
    table = cached_table(out, widened)
    assert len(table[0]) == EVENTS + 1
    assert_equals_core(table, out)


def cached_table(path: Path, layout: season_fit.SeasonLayout) -> list[list[object]]:
    """The SEASON_RATINGS table as ``recalc`` cached it in *path*, with its numbers as the
    engine gives them (a whole number is cached as ``<v>1910</v>``: read back as a float)."""
    from openpyxl import load_workbook

    ws = load_workbook(path, data_only=True)[layout.sheet]
    return [
        [float(v) if type(v) is int else "" if v is None else v for v in (ws[c].value for c in row)]
        for row in cells(layout.ref)
    ]


def test_import_has_the_time_limit_of_recalc(
    ladder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    """A stuck import is stopped by the time limit's SIGALRM.  The alarm the command asks
    for (1 s, XLRATING_TIME_LIMIT) is recorded, and the real SIGALRM is sent a twentieth
    of it later, so that the test does not sit idle for the whole second."""
    book = tmp_path / "ladder.xlsx"
    shutil.copy(ladder, book)
    before = book.read_bytes()

    def stuck(*args: object, **kwargs: object) -> None:
        time.sleep(30)

    asked: list[int] = []

    def alarm_sooner(seconds: int) -> int:
        asked.append(seconds)
        signal.setitimer(signal.ITIMER_REAL, seconds / 20)  # 0 cancels, as alarm(0) does
        return 0

    monkeypatch.setattr(season_book, "import_event", stuck)
    monkeypatch.setattr(signal, "alarm", alarm_sooner)
    monkeypatch.setenv(base.TIME_LIMIT_VARIABLE, "1")
    assert cli.main(["import", str(TRF), "--into", str(book), "--date", "2026-01-10"]) == 1
    assert asked == [1, 0]  # the limit armed, then disarmed
    err = capsys.readouterr().err
    assert err.splitlines() == [
        f"xlrating import: {book}: gave up after 1 s (the time limit; XLRATING_TIME_LIMIT sets "
        "another); the book is never half-written: it is as it was, or holds the whole event"
    ]
    assert book.read_bytes() == before
