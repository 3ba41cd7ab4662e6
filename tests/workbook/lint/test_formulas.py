"""The formula lint: function names, prefixes, argument counts, references, spills."""

from __future__ import annotations

import pytest

from xlrating.sheet.catalog import FUNCTIONS, ExcelFunction, Param
from xlrating.workbook.lint import formulas as lint
from xlrating.workbook.lint.formulas import formula_problems, function_calls


def _fn(name: str, required: int, optional: int = 0, spills: bool = False) -> ExcelFunction:
    params = tuple(Param(f"r{i}", "") for i in range(required)) + tuple(
        Param(f"o{i}", "", optional=True) for i in range(optional)
    )
    return ExcelFunction(name, "", params, lambda *a: 0, "", spills)


#: A registry of our own, so these tests do not move when the real one grows.
REGISTRY = {fn.name: fn for fn in (_fn("RATE_IT", 2, 2), _fn("TABLE", 1, 0, spills=True))}
SHEETS = {"Event": (20, 6), "How to use": (10, 2)}


def problems(formula: str, **kw: object) -> list[str]:
    return formula_problems(formula, sheets=SHEETS, sheet="Event", functions=REGISTRY, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("formula", "expected"),
    [
        ("=F()", [("F", 0)]),
        ("=F(1)", [("F", 1)]),
        ("=F(1,,3)", [("F", 3)]),
        ("=F({1,2;3,4},G(1,2),(1+2))", [("F", 3), ("G", 2)]),
        ('=IF(A1,"a,b",SUM(1,2,3))', [("IF", 3), ("SUM", 3)]),
        ("=_xlfn.XLOOKUP(1,A1:A3,B1:B3)", [("_XLFN.XLOOKUP", 3)]),
    ],
)
def test_function_calls_count_arguments(formula: str, expected: list[tuple[str, int]]) -> None:
    assert [(c.name, c.args) for c in function_calls(formula)] == expected


def test_outermost_call() -> None:
    assert [c.outermost for c in function_calls("=F(G(1))")] == [True, False]
    assert [c.outermost for c in function_calls("=F(1)+1")] == [False]
    assert [c.outermost for c in function_calls("=1+F(1)")] == [False]


def test_clean_formulas_pass() -> None:
    assert problems("=RATE_IT($B$2,B3:B12)") == []
    assert problems("=RATE_IT(B2,B3,C3,D3)") == []
    assert problems('=IFERROR(ROUND(RATE_IT(B2,B3),0),"bad")') == []
    assert problems("=_xlfn.XLOOKUP(1,A1:A3,B1:B3)") == []
    assert problems("=_xlfn._xlws.FILTER(A1:A3,B1:B3)") == []
    assert problems("=SUM('How to use'!A1:B10)") == []
    assert problems("=SUM(TABLE(A1:A3))") == []  # spills inside an expression: fine
    assert problems("=TABLE(A1:A3)", array=True) == []


@pytest.mark.parametrize(
    ("formula", "fragment"),
    [
        ("=RATE_IT(B2)", "RATE_IT takes 2 to 4 arguments, got 1"),
        ("=RATE_IT(1,2,3,4,5)", "RATE_IT takes 2 to 4 arguments, got 5"),
        ("=_xludf.RATE_IT(1,2)", "_xludf."),
        ("=_xlfn.RATE_IT(1,2)", "takes no _xlfn. prefix"),
        ("=XLOOKUP(1,A1:A3,B1:B3)", "must be written _xlfn.XLOOKUP"),
        ("=IFS(A1>1,1)", "must be written _xlfn.IFS"),
        ("=_xlfn.FILTER(A1:A3,B1:B3)", "must be written _xlfn._xlws.FILTER"),
        ("=_xlfn.SUM(1)", "takes no prefix"),
        ("=NOSUCH(1)", "unknown function NOSUCH"),
        ("=SUM(Missing!A1)", "no sheet named 'Missing'"),
        ("=SUM(A1:A21)", "outside the used area of sheet 'Event'"),
        ("=SUM(G1)", "outside the used area"),
        ("=XFE1", "outside Excel's grid"),
        ("=A1048577", "outside Excel's grid"),
        ("=SUM(#REF!)", "#REF!"),
        ("=Rating*2", "unknown name or reference"),
        ("=[1]Sheet1!A1", "another workbook"),
        ("=TABLE(A1:A3)", "TABLE spills: write it as a dynamic array formula"),
    ],
)
def test_problems_are_found(formula: str, fragment: str) -> None:
    found = problems(formula)
    assert any(fragment in p for p in found), found


def test_defined_names_are_accepted() -> None:
    assert problems("=Rating*2", names={"RATING"}) == []


def test_whole_columns_and_rows_are_inside_the_grid() -> None:
    assert problems("=SUM(A:A)") == []
    assert problems("=SUM(1:1)") == []


def test_future_function_list_covers_the_known_traps() -> None:
    """The prefixed functions Excel needs (libxlsxwriter's list), spot-checked."""
    for name in (
        "XLOOKUP",
        "IFS",
        "CONCAT",
        "TEXTJOIN",
        "LET",
        "SEQUENCE",
        "UNIQUE",
        "MAXIFS",
        "SWITCH",
        "STDEV.S",
    ):
        assert name in lint.FUTURE_FUNCTIONS
    for name in ("IFERROR", "SUM", "VLOOKUP", "COUNTIF", "ROUND", "INDEX"):
        assert name not in lint.FUTURE_FUNCTIONS  # Excel 2007 functions: no prefix


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_every_registry_example_lints_clean(name: str) -> None:
    fn = FUNCTIONS[name]
    assert formula_problems(fn.example, array=fn.spills) == [], fn.example


@pytest.mark.parametrize(
    ("formula", "expected"),
    [
        (
            '=IFERROR(XLOOKUP(1,A1:A3,B1:B3),"none")',
            '=IFERROR(_xlfn.XLOOKUP(1,A1:A3,B1:B3),"none")',
        ),
        ("=_xlfn.XLOOKUP(1,A1:A3,B1:B3)", "=_xlfn.XLOOKUP(1,A1:A3,B1:B3)"),
        ("=SORT(A1:A3)", "=_xlfn._xlws.SORT(A1:A3)"),
        ("SUM(A1:A3)+IFS(A1>0,1)", "SUM(A1:A3)+_xlfn.IFS(A1>0,1)"),
        ('=ELO_EXPECTED(1500,"XLOOKUP(")', '=ELO_EXPECTED(1500,"XLOOKUP(")'),
    ],
)
def test_with_prefixes(formula: str, expected: str) -> None:
    assert lint.with_prefixes(formula) == expected
    assert formula_problems(lint.with_prefixes(formula)) == []
