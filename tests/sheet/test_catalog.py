"""The spreadsheet functions: the contract, the seeds' examples, and bad input, as Excel calls them.

Every call here goes through xlwings' own conversion (see tests/xlwings_harness.py):
values are shaped as COM hands them over (floats, None for blanks, tuples of tuples for
ranges, COM error codes), read with the options our declarations give, and the result
written back as xlwings writes it.
"""

from __future__ import annotations

import datetime as dt
import io
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import xlrating
from xlrating.sheet import catalog, catalog_args
from xlrating.sheet.catalog import FUNCTIONS
from xlrating.sheet.catalog_render import FUNCTION_DOCS_PATH, render_function_docs, render_udfs

from ..xlwings_harness import MISSING, call_udf, com_value, decorated_udfs

#: The catalog as the function-catalog issue fixes it: names and argument order are a
#: contract with users' spreadsheets (new optional arguments may only be added at the end).
CONTRACT: dict[str, list[str]] = {
    "USCF_NEW_RATING": [
        "rating",
        "games",
        "opponents",
        "results",
        "floor",
        "bonus_ok",
        "dual_rated",
        "history",
        "event_date",
    ],
    "USCF_RATING_CHANGE": [
        "rating",
        "games",
        "opponents",
        "results",
        "floor",
        "bonus_ok",
        "dual_rated",
        "history",
        "event_date",
    ],
    "USCF_DETAILS": [
        "rating",
        "games",
        "opponents",
        "results",
        "floor",
        "bonus_ok",
        "dual_rated",
        "history",
        "event_date",
    ],
    "USCF_EXPECTED": ["rating", "opponent"],
    "USCF_EFFECTIVE_GAMES": ["rating", "games"],
    "USCF_K": ["rating", "games", "event_games", "dual_rated"],
    "USCF_BONUS": ["rating", "games", "opponents", "results", "event_date"],
    "USCF_PERFORMANCE": ["opponents", "results"],
    "USCF_CLASS": ["rating"],
    "USCF_INITIAL_RATING": ["age"],
    "USCF_FLOOR": ["peak_rating", "wins", "draws", "events", "life_master"],
    "FIDE_EXPECTED": ["rating", "opponent", "rating_list", "event_date", "method"],
    "FIDE_K": [
        "rating",
        "rated_games",
        "birth_year",
        "reached_2400",
        "period_games",
        "period_date",
    ],
    "FIDE_RATING_CHANGE": ["rating", "opponents", "results", "k", "rating_list", "event_date"],
    "FIDE_NEW_RATING": ["rating", "opponents", "results", "k", "rating_list", "event_date"],
    "FIDE_PERFORMANCE": ["opponents", "results"],
    "FIDE_FIRST_RATING": ["opponents", "results"],
    "FIDE_DP": ["fraction"],
    "FIDE_DETAILS": ["rating", "opponents", "results", "k", "rating_list", "event_date"],
    "ELO_EXPECTED": ["rating", "opponent", "scale"],
    "ELO_RATING_CHANGE": ["rating", "opponents", "results", "k", "games", "scale"],
    "ELO_NEW_RATING": ["rating", "opponents", "results", "k", "games", "scale"],
    # the events-and-seasons issue
    "USCF_EVENT": ["players", "games", "event_date", "dual_rated"],
    "FIDE_PERIOD": ["players", "games", "rating_list", "period_date"],
    "SEASON_RATINGS": ["players", "games", "system", "k"],
}
#: Required arguments (the rest are optional) per the issue's bracket notation.
REQUIRED: dict[str, int] = {
    "USCF_NEW_RATING": 4,
    "USCF_RATING_CHANGE": 4,
    "USCF_DETAILS": 4,
    "USCF_EXPECTED": 2,
    "USCF_EFFECTIVE_GAMES": 2,
    "USCF_K": 3,
    "USCF_BONUS": 4,
    "USCF_PERFORMANCE": 2,
    "USCF_CLASS": 1,
    "USCF_INITIAL_RATING": 1,
    "USCF_FLOOR": 1,
    "FIDE_EXPECTED": 2,
    "FIDE_K": 1,
    "FIDE_RATING_CHANGE": 4,
    "FIDE_NEW_RATING": 4,
    "FIDE_PERFORMANCE": 2,
    "FIDE_FIRST_RATING": 2,
    "FIDE_DP": 1,
    "FIDE_DETAILS": 4,
    "ELO_EXPECTED": 2,
    "ELO_RATING_CHANGE": 4,
    "ELO_NEW_RATING": 4,
    "USCF_EVENT": 2,
    "FIDE_PERIOD": 2,
    "SEASON_RATINGS": 2,
}


def col(*values: Any) -> list[list[Any]]:
    """A column range as a list of rows."""
    return [[v] for v in values]


# ------------------------------------------------------------------ the contract


def test_catalog_keeps_the_contract() -> None:
    for name, args in CONTRACT.items():
        assert name in FUNCTIONS, f"{name} is missing from the registry"
        fn = FUNCTIONS[name]
        assert [p.name for p in fn.params][: len(args)] == args, name
        # anything beyond the contract must be optional (added at the end)
        assert all(p.optional for p in fn.params[len(args) :]), name
        assert fn.min_args == REQUIRED[name], name


def test_udfs_module_is_generated_from_the_registry() -> None:
    path = Path(xlrating.__file__).with_name("udfs.py")
    assert path.read_text(encoding="utf-8") == render_udfs(), (
        "xlrating/udfs.py is stale: run python -m xlrating.generate"
    )
    from xlrating.libreoffice.generate import GENERATED  # the LibreOffice add-in's files

    for generated, render in GENERATED.items():
        assert generated.read_text(encoding="utf-8") == render(), (
            f"{generated.name} is stale: run python -m xlrating.generate"
        )


def test_function_docs_are_generated_from_the_registry() -> None:
    assert FUNCTION_DOCS_PATH.read_text(encoding="utf-8") == render_function_docs(), (
        "docs/functions.md is stale: run python -m xlrating.generate"
    )


def test_readme_lists_every_function() -> None:
    readme = (FUNCTION_DOCS_PATH.parent.parent / "README.md").read_text(encoding="utf-8")
    missing = [name for name in FUNCTIONS if f"`{name}" not in readme]
    assert not missing, f"README.md does not list {missing}"


def test_xlwings_declarations_match_the_registry() -> None:
    module = decorated_udfs()
    declared = {n: f for n, f in vars(module).items() if hasattr(f, "__xlfunc__")}
    assert set(declared) == set(FUNCTIONS)
    for name, func in declared.items():
        info = func.__xlfunc__
        spec = FUNCTIONS[name]
        assert info["category"] == "Chess Ratings"
        assert [a["name"] for a in info["args"]] == [p.name for p in spec.params]
        for arg, param in zip(info["args"], spec.params, strict=True):
            assert arg["doc"] == param.doc and 0 < len(arg["doc"]) <= 255
            assert ("optional" in arg) == param.optional
            assert arg["options"].get("err_to_str") is True
        doc = info["ret"]["doc"]
        assert doc.splitlines()[0] == spec.summary and len(doc) <= 255
        assert "expand" not in info["ret"]["options"], "never the legacy expand="


def test_vba_wrapper_generator_wraps_every_function() -> None:
    """Run xlwings' own 'Import Functions' generator over the module."""
    module = decorated_udfs()  # stubs the Windows-only imports first
    import xlwings.udfs as xludfs

    class Book:
        Name = "club.xlsm"

    out = io.StringIO()
    xludfs.generate_vba_wrapper("xlrating.udfs", module, out, Book())
    vba = out.getvalue()
    for name, spec in FUNCTIONS.items():
        params = ", ".join(("Optional " if p.optional else "") + p.name for p in spec.params)
        assert f"Function {name}({params})" in vba
        assert f'XLPy.CallUDF("xlrating.udfs", "{name}"' in vba


@pytest.mark.slow
def test_registry_feeds_every_front_end() -> None:
    """udfs.py (checked above), the headless engine and the template lint list the same
    functions with the same argument counts as FUNCTIONS."""
    import formulas

    from xlrating.workbook.engine import evaluation as engine
    from xlrating.workbook.lint import formulas as lint

    engine.register_functions()
    table = formulas.get_functions()
    assert all(name in table for name in FUNCTIONS)
    assert catalog.call("USCF_CLASS", 1717.0) == "Class B"
    for name, spec in FUNCTIONS.items():
        call = f"{name}({', '.join(['1'] * (spec.max_args + 1))})"
        problems = lint.formula_problems("=" + call, sheet="S", functions=FUNCTIONS)
        assert problems, f"lint accepts {spec.max_args + 1} arguments for {name}"
        fine = f"={name}({', '.join(['1'] * spec.min_args)})"
        assert (
            lint.formula_problems(fine, sheet="S", array=spec.spills, functions=FUNCTIONS) == []
        ), name


# ------------------------------------------------------------------ the seeds, through xlwings


def test_seed_000_uscf_worked_example() -> None:
    """seeds/000_b8f3bb21fd400775.txt: 1700/30 vs 1600, 1650, 1750, 1800, 2.5/4 -> about 1717."""
    opps, res = col(1600, 1650, 1750, 1800), col("W", "D", "L", "W")
    new = call_udf("USCF_NEW_RATING", 1700, 30, com_value(opps), com_value(res))
    assert round(new) == 1717
    assert new == pytest.approx(1716.66, abs=0.01)
    assert call_udf("USCF_RATING_CHANGE", 1700, 30, com_value(opps), com_value(res)) == (
        pytest.approx(16.66, abs=0.01)
    )
    assert call_udf("USCF_EFFECTIVE_GAMES", 1700, 30) == pytest.approx(20.01, abs=0.005)
    assert call_udf("USCF_K", 1700, 30, 4) == pytest.approx(33.32, abs=0.005)
    details = dict(call_udf("USCF_DETAILS", 1700, 30, com_value(opps), com_value(res)))
    assert details["Formula"] == "standard"
    assert details["Score"] == 2.5
    assert details["Expected score"] == pytest.approx(2.0, abs=0.005)
    assert details["Bonus"] == 0
    assert details["Rounded rating"] == 1717
    assert details["Class"] == "Class B"


def test_seed_001_fide_five_round_example() -> None:
    """seeds/001_2de337572f459679.txt: 1800, K 20, 3/5 -> expected 2.24, +15, 1815; Rp 1912."""
    opps = com_value(col(1750, 1850, 1900, 1700, 2000))
    res = com_value(col(1, 0.5, 0, 1, 0.5))
    assert call_udf("FIDE_RATING_CHANGE", 1800, opps, res, 20) == 15
    assert call_udf("FIDE_NEW_RATING", 1800, opps, res, 20) == 1815
    assert call_udf("FIDE_PERFORMANCE", opps, res) == 1912
    details = dict(call_udf("FIDE_DETAILS", 1800, opps, res, 20))
    assert details["Expected score"] == pytest.approx(2.24)
    assert details["Change (unrounded)"] == pytest.approx(15.2)
    # the seed's FIDE table values: 100 points -> .64, 200 -> .76, 400 -> .92
    assert call_udf("FIDE_EXPECTED", 1700, 1600) == pytest.approx(0.64)
    assert call_udf("FIDE_EXPECTED", 1800, 1600) == pytest.approx(0.76)
    assert call_udf("FIDE_EXPECTED", 2000, 1600) == pytest.approx(0.92)
    # logistic switch: .640, .760, .909
    assert call_udf("FIDE_EXPECTED", 2000, 1600, MISSING, MISSING, "logistic") == (
        pytest.approx(0.909, abs=0.0005)
    )
    # 4.5/7 is 64% -> +102 (seed 001's performance paragraph)
    assert call_udf("FIDE_DP", 4.5 / 7) == 102


def test_seed_002_fide_k_and_700_rule() -> None:
    """seeds/002_bc71a4c07b0835e4.txt: K 40 becomes 38 for 18 games in a month."""
    assert call_udf("FIDE_K", 1500, 10, MISSING, MISSING, 18) == 38
    assert call_udf("FIDE_K", 1500, 10) == 40
    assert call_udf("FIDE_K", 2100, 100) == 20
    assert call_udf("FIDE_K", 2300, 100, MISSING, True) == 10


def test_seed_004_elo_examples() -> None:
    """seeds/004_0fabf97504becfe4.txt, examples 1 to 4."""
    assert call_udf("ELO_EXPECTED", 1500, 1700) == pytest.approx(0.2403, abs=0.00005)
    assert round(call_udf("ELO_NEW_RATING", 1500, 1700, 1, 20)) == 1515
    assert round(call_udf("ELO_NEW_RATING", 1700, 1500, 0, 20)) == 1685
    assert call_udf("ELO_RATING_CHANGE", 1600, 1600, "D", 20) == pytest.approx(0)
    for k, change in ((10, 7.60), (20, 15.19), (40, 30.39)):
        assert call_udf("ELO_RATING_CHANGE", 1500, 1700, "W", k) == pytest.approx(change, abs=0.005)
    # N identical games: 3 wins = 3 x one win
    assert call_udf("ELO_RATING_CHANGE", 1500, 1700, 1, 20, 3) == pytest.approx(3 * 15.19, abs=0.02)


# ------------------------------------------------------------------ cell conventions


def test_results_as_text_and_blank_spare_rows() -> None:
    opps = com_value(col(1600, None, 1650, 1750, 1800, None))
    words = com_value(col(" w ", None, "½", "l", "1", None))
    numbers = com_value(col(1, None, 0.5, 0, 1, None))
    a = call_udf("USCF_NEW_RATING", 1700, 30, opps, words)
    b = call_udf("USCF_NEW_RATING", 1700, 30, opps, numbers)
    assert a == b and round(a) == 1717


def test_a_row_with_one_blank_names_the_row() -> None:
    opps = com_value(col(1600, 1650, None))
    res = com_value(col(1, 0.5, "W"))
    out = call_udf("USCF_NEW_RATING", 1700, 30, opps, res)
    assert out == "#VALUE! opponents entry 3 is blank but results is 'W'"


def test_length_mismatch_message() -> None:
    out = call_udf(
        "FIDE_RATING_CHANGE", 1800, com_value(col(1, 2, 3, 4, 5)), com_value(col(1, 0, 1, 0)), 20
    )
    assert out == "#VALUE! opponents has 5 entries but results has 4"


def test_error_cells_are_not_taken_for_blanks() -> None:
    na = -2146826246  # COM's code for #N/A
    out = call_udf("USCF_NEW_RATING", 1700, 30, com_value(col(1600, na)), com_value(col(1, na)))
    assert out.startswith("#VALUE! ") and "#N/A" in out


def test_row_ranges_work_like_columns() -> None:
    row_opps = com_value([[1750, 1850, 1900, 1700, 2000]])
    row_res = com_value([[1, 0.5, 0, 1, 0.5]])
    assert call_udf("FIDE_RATING_CHANGE", 1800, row_opps, row_res, 20) == 15


def test_dates_as_excel_dates_serials_and_text() -> None:
    """The bonus multiplier follows the event date: B = 12 in 2024, 10 from 2025-01-01."""
    opps = com_value(col(1250, 1400, 1500, 1550))
    res = com_value(col(1, 0.5, 1, 1))
    # uscf_vectors "standard_bonus": 1300/45 -> 1464.805 (B=12) and 1468.805 (B=10)
    b12 = call_udf(
        "USCF_NEW_RATING",
        1300,
        45,
        opps,
        res,
        MISSING,
        MISSING,
        MISSING,
        MISSING,
        dt.datetime(2024, 6, 1),
    )
    b10 = call_udf(
        "USCF_NEW_RATING", 1300, 45, opps, res, MISSING, MISSING, MISSING, MISSING, "2025-03-01"
    )
    serial = call_udf(
        "USCF_NEW_RATING", 1300, 45, opps, res, MISSING, MISSING, MISSING, MISSING, 45352.0
    )  # 2024-03-01 as an Excel serial number
    assert b12 == pytest.approx(1464.805, abs=0.001)
    assert b10 == pytest.approx(1468.805, abs=0.001)
    assert serial == pytest.approx(b12)


def test_expected_spills_a_column_for_a_range() -> None:
    out = call_udf("FIDE_EXPECTED", 1800, com_value(col(1750, 1850, 1900, 1700, 2000)))
    assert [r[0] for r in out] == pytest.approx([0.57, 0.43, 0.36, 0.64, 0.24])
    row = call_udf("ELO_EXPECTED", 1500, com_value([[1700, 1500]]))
    assert [r[0] for r in row] == pytest.approx([0.2403, 0.5], abs=0.0001)


def test_fide_first_rating_says_why_there_is_none() -> None:
    out = call_udf("FIDE_FIRST_RATING", com_value(col(1800, 1900)), com_value(col(1, 0)))
    assert isinstance(out, str) and out.startswith("#N/A ") and "\n" not in out


def test_fide_unrated_opponents_are_ignored() -> None:
    opps = com_value(col(1750, 1850, 1900, 1700, 2000, "unrated"))
    res = com_value(col(1, 0.5, 0, 1, 0.5, 1))
    assert call_udf("FIDE_RATING_CHANGE", 1800, opps, res, 20) == 15


# ------------------------------------------------------------------ fuzzing every function

_cells = st.one_of(
    st.none(),
    st.just(""),
    st.text(max_size=8),
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-(10**12), max_value=10**12).map(float),
    st.sampled_from(
        [
            1500.0,
            2000.0,
            0.5,
            1.0,
            0.0,
            30.0,
            "W",
            "D",
            "L",
            "standard",
            "blitz",
            "logistic",
            "all wins",
            -2146826246,
        ]
    ),
    st.datetimes(min_value=dt.datetime(1990, 1, 1), max_value=dt.datetime(2030, 1, 1)),
)
_ranges = st.lists(st.lists(_cells, min_size=1, max_size=3), min_size=1, max_size=6).map(
    lambda rows: [r + [None] * (3 - len(r)) for r in rows]
)
_args = st.one_of(
    _cells, _ranges, st.lists(_cells, min_size=1, max_size=6).map(lambda v: [[c] for c in v])
)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_function_returns_a_value_or_one_line(data: st.DataObject) -> None:
    for name, spec in FUNCTIONS.items():
        n = data.draw(st.integers(min_value=spec.min_args, max_value=spec.max_args))
        args = [com_value(data.draw(_args)) for _ in range(n)]
        out = call_udf(name, *args)
        _assert_cell_value(out, name)


def _assert_cell_value(out: Any, name: str) -> None:
    if isinstance(out, str):
        assert "\n" not in out and "Traceback" not in out, (name, out)
        assert "internal error" not in out, (name, out)
        # An error is one short line; a text read from the input and handed back (an
        # event's name from a table's header, PLAYER_RATINGS) is as long as its cell.
        assert not out.startswith("#") or len(out) <= 250, (name, out)
    elif isinstance(out, (list, tuple)):
        for row in out:
            for cell in row if isinstance(row, (list, tuple)) else [row]:
                _assert_cell_value(cell, name)
    else:
        assert isinstance(out, (int, float)), (name, out)
        assert not isinstance(out, float) or math.isfinite(out), (name, out)


# ------------------------------------------------------------------ no silently wrong numbers


@pytest.mark.parametrize(
    ("name", "args", "message"),
    [
        (
            "FIDE_EXPECTED",
            ("1.700", 1650),
            "#VALUE! rating looks like a number with a thousands separator, got '1.700'",
        ),
        (
            "USCF_EXPECTED",
            (1700, "1,650"),
            "#VALUE! opponent looks like a number with a thousands separator, got '1,650'",
        ),
        ("FIDE_EXPECTED", ("١٧٠٠", 1650), "#VALUE! rating must be a number, got '١٧٠٠'"),
        (
            "FIDE_RATING_CHANGE",
            (20, [[1800]], [[1]], 1800),
            "#VALUE! rating must be a FIDE rating of at least 1000, got 20",
        ),
        (
            "USCF_NEW_RATING",
            (1700, 30, [[1600]], [["+"]]),
            "#VALUE! results entry 1 must be W, D, L, 1, 0.5 or 0, got '+'",
        ),
        (
            "USCF_BONUS",
            (1300, 45, [[1250]], [[1]], 2025),
            "#VALUE! event_date looks like a year, got 2025",
        ),
        (
            "USCF_BONUS",
            (1300, 45, [[1250]], [[1]], "2025-10-01 or so"),
            "#VALUE! event_date must be a date such as 2025-10-01, got '2025-10-01 or so'",
        ),
        ("FIDE_K", (2250, MISSING, 8), "#VALUE! birth_year must be a year such as 2008, got 8"),
    ],
)
def test_suspicious_input_is_refused(name: str, args: tuple[Any, ...], message: str) -> None:
    out = call_udf(name, *(com_value(a) for a in args))
    assert isinstance(out, str) and out.startswith(message), out


def test_typed_fide_k_respects_the_700_rule() -> None:
    out = call_udf(
        "FIDE_RATING_CHANGE", 1800, com_value(col(*[1800] * 20)), com_value(col(*["W"] * 20)), 40
    )
    assert out.startswith("#VALUE! k 40 x 20 rated games exceeds 700")


def test_first_rating_first_event_games() -> None:
    """8.2.1 disregards a zero score in the first event only.  By hand: 3 zeros against 2000
    (the first event) then 5 wins against 1500: with the first event disregarded,
    Ra = (5 x 1500 + 2 x 1800)/7 = 1585.714, p = (5 + 1)/7 = 85.7% -> 86% -> dp 309,
    Ru = 1894.714 -> 1895."""
    opps = com_value(col(2000, 2000, 2000, 1500, 1500, 1500, 1500, 1500))
    res = com_value(col(0, 0, 0, 1, 1, 1, 1, 1))
    assert call_udf("FIDE_FIRST_RATING", opps, res, 3) == 1895
    # all one event: the zeros count. Ra = (3x2000 + 5x1500 + 3600)/10 = 1710, p = 6/10 -> 72
    assert call_udf("FIDE_FIRST_RATING", opps, res) == 1782


def test_uscf_multiplier_for_events_before_2017() -> None:
    """B has no dated value before 2017-05-01, so such events need it given (uscf_vectors
    standard_bonus: 1300/45 with B = 12 -> 1464.805)."""
    opps = com_value(col(1250, 1400, 1500, 1550))
    res = com_value(col(1, 0.5, 1, 1))
    before = call_udf(
        "USCF_NEW_RATING", 1300, 45, opps, res, MISSING, MISSING, MISSING, MISSING, "2016-05-01"
    )
    assert before.startswith("#VALUE! ") and "multiplier" in before
    given = call_udf(
        "USCF_NEW_RATING", 1300, 45, opps, res, MISSING, MISSING, MISSING, MISSING, "2016-05-01", 12
    )
    assert given == pytest.approx(1464.805, abs=0.001)


def test_glicko2_rating_reproduces_glickmans_example() -> None:
    """M. E. Glickman, "Example of the Glicko-2 system" (2013): 1500/200/0.06 vs 1400/30 W,
    1550/100 L, 1700/300 L, tau 0.5 -> r' 1464.06, RD' 151.52, sigma' 0.05999 (printed from
    rounded working values: r' is within 173.7178 x 0.00005 of the unrounded result)."""
    out = call_udf(
        "GLICKO2_RATING",
        1500,
        200,
        0.06,
        com_value(col(1400, 1550, 1700)),
        com_value(col(30, 100, 300)),
        com_value(col("W", "L", "L")),
        0.5,
    )
    table = dict(out)
    assert table["Rating"] == pytest.approx(1464.06, abs=0.0137)
    assert round(table["RD"], 2) == 151.52
    assert math.floor(table["Volatility"] * 1e5) / 1e5 == 0.05999
    partial = call_udf(
        "GLICKO2_RATING",
        1500,
        200,
        0.06,
        com_value(col(1400, None)),
        com_value(col(30, 100)),
        com_value(col("W", "L")),
    )
    assert partial.startswith("#VALUE! entry 2: opponents, opponent_rds and results")


_PLAIN_CELL = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, 0.5, 1.0, 1500.0, None, "W", "1600", True, "#N/A"]),
)


_RESULT_CELL = st.sampled_from([0.0, 0.5, 1.0, 0.25, None, "D", 2.0])
_RANGES = st.integers(1, 10).flatmap(
    lambda n: st.tuples(
        st.one_of(
            st.lists(st.floats(0, 4000), min_size=n, max_size=n),  # the fast path's case
            st.lists(_PLAIN_CELL, min_size=n, max_size=n),
        ),
        st.one_of(
            st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=n, max_size=n),
            st.lists(_RESULT_CELL, min_size=n, max_size=n),
            st.lists(_RESULT_CELL, max_size=10),  # lengths that differ
        ),
    )
)


@given(ranges=_RANGES, fide=st.booleans())
def test_paired_rows_fast_sweep_equals_the_cell_by_cell_path(
    ranges: tuple[list[Any], list[Any]], fide: bool
) -> None:
    """Lists (as xlwings hands ranges over) may take the one-sweep path; tuples of the same
    cells always go cell by cell: the answer, or the error line, must be the same."""
    from xlrating.sheet.cells import paired_rows

    opponents, results = ranges
    convert = catalog_args.fide_opponent if fide else catalog_args.rating_of

    def outcome(opps: Any, ress: Any) -> object:
        try:
            return paired_rows(opps, ress, convert)
        except Exception as error:  # compared as text
            return f"{type(error).__name__}: {error}"

    fast = outcome(list(opponents), list(results))
    slow = outcome(tuple(opponents), tuple(results))
    assert fast == slow
