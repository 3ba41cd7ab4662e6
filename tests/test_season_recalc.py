"""``xlrating recalc`` computes a season book first and fits its ratings array only when the
array's SEASON_RATINGS call shows that it must (xlrating/workbook/season_recalc.py)."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest

from xlrating.workbook import engine, season_recalc
from xlrating.workbook.season_fit import layout_from_xml
from xlrating.workbook.season_recalc import evaluate_fitted

WORKBOOKS = Path(__file__).resolve().parent.parent / "workbooks"
NAME = "club_season.xlsx"


class Recorder:
    """An ``evaluate`` that records the books it is given and (when *calls* is given) plays
    those registry calls to the observer instead of computing anything."""

    def __init__(self, calls: list[tuple[str, tuple[object, ...], object]] | None = None):
        self.books: list[Path] = []
        self.calls = calls

    def __call__(self, book: Path, *, observer: Any = None, **options: Any) -> Any:
        self.books.append(Path(book))
        if self.calls is None:
            return engine.evaluate(book, observer=observer, **options)
        for name, shaped, result in self.calls:
            if observer is not None:
                observer(name, (), shaped, result)
        return f"evaluation of {Path(book).name}"


def _table(rows: int, cols: int) -> list[list[object]]:
    return [[float(c) for c in range(cols)] for _ in range(rows)]


def _layout_sizes(book: Path) -> tuple[tuple[int, int], tuple[int, int], str]:
    """The Players and Games tables' sizes and the array's range, counted from the A1
    references the template's formula holds."""
    layout = layout_from_xml(book)
    assert layout is not None
    assert layout.players[1] == "A5:E44" and layout.games[1] == "A5:F604"
    assert layout.ref == "A13:E22"
    return (40, 5), (600, 6), layout.ref


def test_a_book_that_fits_is_computed_once_and_not_copied(tmp_path: Path) -> None:
    scratch = tmp_path / "scratch.xlsx"
    recorder = Recorder()
    done = evaluate_fitted(WORKBOOKS / NAME, scratch, recorder, checked=True)
    assert recorder.books == [WORKBOOKS / NAME]
    assert done.book == WORKBOOKS / NAME and done.report is None
    assert not scratch.exists()
    # The results are the engine's for the book itself (the template's first rating).
    assert done.evaluation.values == engine.evaluate(WORKBOOKS / NAME).values


def test_a_book_whose_array_is_too_big_is_fitted_and_computed_again(tmp_path: Path) -> None:
    """The template with a ratings array two rows and one column too big (as a spreadsheet
    that deleted a player and an event would leave it): the first computation shows it,
    the fitted copy is computed, and it is the one whose results are written."""
    book, scratch = tmp_path / NAME, tmp_path / "scratch.xlsx"
    with zipfile.ZipFile(WORKBOOKS / NAME) as zf, zipfile.ZipFile(book, "w") as out:
        for info in zf.infolist():
            data = zf.read(info)
            if b'ref="A13:E22"' in data:
                data = data.replace(b'ref="A13:E22"', b'ref="A13:F24"')
            out.writestr(info, data)
    recorder = Recorder()
    done = evaluate_fitted(book, scratch, recorder, checked=True)
    assert recorder.books == [book, scratch]
    assert done.book == scratch
    assert done.report is not None
    assert (done.report.before, done.report.after) == ("A13:F24", "A13:E22")
    assert done.evaluation.values == engine.evaluate(scratch).values


@pytest.mark.parametrize(
    ("shape", "fitted"),
    [
        ((10, 5), False),  # the template's A13:E22: 9 players and 4 events
        (None, False),  # an error text: the array is left as it is
        ((12, 5), True),  # two more players than the array has rows
        ((10, 6), True),  # one more event
    ],
)
def test_the_array_calls_result_decides(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shape: tuple[int, int] | None, fitted: bool
) -> None:
    """Only the call whose tables have the sizes of the book's Players and Games ranges
    counts; the Checks sheet's SEASON_RATINGS over literal arrays does not."""
    fits: list[Path] = []
    from xlrating.workbook.season_grow import fit_season

    def recorded(source: Path, target: Path, **options: Any) -> Any:
        fits.append(Path(source))
        return fit_season(source, target, **options)

    monkeypatch.setattr(season_recalc, "fit_season", recorded)
    players, games, _ = _layout_sizes(WORKBOOKS / NAME)
    result: object = "SEASON_RATINGS: no such system" if shape is None else _table(*shape)
    calls: list[tuple[str, tuple[object, ...], object]] = [
        ("SEASON_RATINGS", (_table(2, 3), _table(1, 5)), _table(3, 2)),  # a Checks example
        ("SEASON_RATINGS", (_table(*players), _table(*games)), result),
        ("FIDE_K", (1.0, 2.0), 20.0),
    ]
    recorder = Recorder(calls)
    scratch = tmp_path / "scratch.xlsx"
    done = evaluate_fitted(WORKBOOKS / NAME, scratch, recorder)
    assert fits == ([WORKBOOKS / NAME] if fitted else [])
    if not fitted:
        assert recorder.books == [WORKBOOKS / NAME] and done.report is None
        assert done.evaluation == f"evaluation of {NAME}"
        return
    # fit_season reads the tables themselves: the template fits them, so nothing is
    # written and the first computation stands.
    assert recorder.books == [WORKBOOKS / NAME]
    assert done.report is None and not scratch.exists()


@pytest.mark.parametrize(
    "calls",
    [
        [],  # the array's call not seen
        [  # seen twice with different results: cannot tell which is the array's
            ("SEASON_RATINGS", (_table(40, 5), _table(600, 6)), _table(10, 5)),
            ("SEASON_RATINGS", (_table(40, 5), _table(600, 6)), _table(11, 5)),
        ],
    ],
)
def test_a_call_that_cannot_be_told_apart_fits_first(
    tmp_path: Path, calls: list[tuple[str, tuple[object, ...], object]]
) -> None:
    """The book is then fitted first and computed after, as recalc always did."""
    book, scratch = tmp_path / NAME, tmp_path / "scratch.xlsx"
    shutil.copy(WORKBOOKS / NAME, book)
    recorder = Recorder(calls)
    done = evaluate_fitted(book, scratch, recorder)
    assert recorder.books == [book, book]  # computed, then (it fits) computed again
    assert done.book == book and done.report is None
