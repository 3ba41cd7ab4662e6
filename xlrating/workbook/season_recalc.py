"""A season book computed with its ratings array fitted to its tables
(:func:`evaluate_fitted`), for ``xlrating recalc``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .a1 import bounds
from .season_fit import (
    FUNCTION,
    FitReport,
    SeasonLayout,
    fitted_ref,
    layout_from_xml,
    prints_used_rows,
)
from .season_grow import fit_season

__all__ = ["Fitted", "evaluate_fitted"]


@dataclass(frozen=True)
class Fitted:
    """What :func:`evaluate_fitted` computed."""

    #: The engine's :class:`~xlrating.workbook.engine.Evaluation`.
    evaluation: Any
    #: The book the evaluation read: the source, or the fitted copy written to the scratch
    #: file (the one the results are written into).
    book: Path
    #: What fitting changed (None: nothing, the source already fitted).
    report: FitReport | None


def _size(area: tuple[str, str]) -> tuple[int, int]:
    first_row, first_col, last_row, last_col = bounds(area[1])
    return last_row - first_row + 1, last_col - first_col + 1


def _grid_size(value: object) -> tuple[int, int] | None:
    """Rows and columns of a range argument as xlwings hands it over (a cell, a row or
    column as one list, a block as a list of rows)."""
    if not isinstance(value, list):
        return (1, 1)
    if value and all(isinstance(row, list) for row in value):
        return len(value), len(value[0])
    return None  # a single row or column: never the shape of a season's two tables


class _SeasonCall:
    """Watches the engine's registry calls for the one the ratings array makes: the
    SEASON_RATINGS call whose first two arguments have the sizes of the book's Players and
    Games tables, and remembers the shape of what it returned."""

    def __init__(self, layout: SeasonLayout) -> None:
        self.sizes = (_size(layout.players), _size(layout.games))
        self.shapes: set[tuple[int, int] | None] = set()

    def __call__(self, name: str, raw: object, shaped: Any, result: object) -> None:
        if name.upper() != FUNCTION or len(shaped) < 2:
            return
        if (_grid_size(shaped[0]), _grid_size(shaped[1])) != self.sizes:
            return
        if isinstance(result, list) and result and isinstance(result[0], list):
            self.shapes.add((len(result), len(result[0])))
        else:
            self.shapes.add(None)  # one line of error text: the array is left as it is


def evaluate_fitted(
    source: Path,
    scratch: Path,
    evaluate: Callable[..., Any],
    **options: Any,
) -> Fitted:
    """Compute *source* as it would be with its SEASON_RATINGS array sized to its tables.

    A book almost always fits already, so it is computed first, as it is, by
    ``evaluate(book, observer=..., **options)``: what the array's SEASON_RATINGS call
    returns tells whether its range (and the Games sheet's print area) is right. Only when
    it is not is the fitted copy written to *scratch*
    (:func:`~xlrating.workbook.season_grow.fit_season`) and computed again. A book whose
    ratings array cannot be told from its sheet XML alone, or whose call cannot be told
    apart, is fitted first and computed once, as before.

    :param source: a book the guard has checked.
    :param scratch: a file of ours that the fitted copy may overwrite.
    """
    layout = layout_from_xml(source)
    if layout is None:
        return _fit_then_evaluate(source, scratch, evaluate, options)
    watch = _SeasonCall(layout)
    evaluation = evaluate(source, observer=watch, **options)
    if len(watch.shapes) != 1:  # not seen, or seen twice with different results
        return _fit_then_evaluate(source, scratch, evaluate, options)
    (shape,) = watch.shapes
    fits = shape is None or fitted_ref(layout, shape) == layout.ref
    if fits and prints_used_rows(source, layout):
        return Fitted(evaluation, source, None)
    report = fit_season(source, scratch, checked=True)
    if report is None:
        return Fitted(evaluation, source, None)
    return Fitted(evaluate(scratch, **options), scratch, report)


def _fit_then_evaluate(
    source: Path, scratch: Path, evaluate: Callable[..., Any], options: dict[str, Any]
) -> Fitted:
    report = fit_season(source, scratch, checked=True)
    book = scratch if report is not None else source
    return Fitted(evaluate(book, **options), book, report)
