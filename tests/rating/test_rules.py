"""The dated rules, decided once: what a date resolves to, at every era boundary.

Every expected value here is a number from the regulations (B.02, the Rapid and Blitz
regulations, US Chess's bonus announcements), written out, never read from xlrating's
constants, so a wrong constant or a wrong comparison (``>`` for ``>=``) fails a test.
"""

from __future__ import annotations

import ast
import dataclasses
import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from xlrating.errors import InvalidInputError
from xlrating.rating import fide, uscf

PACKAGE = Path(__file__).resolve().parents[2] / "xlrating"
DAY = dt.timedelta(days=1)


# --- FIDE: the default ---------------------------------------------------------------------


def test_fide_default_is_today_and_pins_todays_rules() -> None:
    """On 2026-12-01 (and until a new rule is added): 400 cap with the 2650 exemption in
    standard (B.02 8.3.1 as amended 2025-10-01), the 600-point rule in rapid and blitz (R&B
    7.3.1 from 2024-12-01), 8.3.3 with the 700 rule, 2024 first ratings and 7.2.1's 1400."""
    standard = fide.fide_rules()
    assert standard is fide.fide_rules(dt.date.today(), "standard")
    assert dataclasses.replace(standard, date=dt.date(2026, 12, 1)) == fide.FideRules(
        date=dt.date(2026, 12, 1),
        rating_list="standard",
        cap=400,
        exemption_rating=2650,
        one_upgrade=False,
        unrated_difference=None,
        unrated_above=None,
        k_rules=True,
        k_everyone=None,
        k_period_limit=700,
        first_rating_2024=True,
        delisting_floor=1400,
    )
    for rating_list in ("rapid", "blitz"):
        other = fide.fide_rules(rating_list=rating_list)
        assert (other.cap, other.exemption_rating) == (400, None)
        assert (other.unrated_difference, other.unrated_above) == (600, 2600)
        assert (other.k_everyone, other.k_period_limit) == (None, 700)


def test_fide_rules_are_cached_and_frozen() -> None:
    rules = fide.fide_rules(dt.date(2025, 10, 1))
    assert rules is fide.fide_rules(dt.date(2025, 10, 1), "standard")
    assert rules is fide.fide_rules("2025-10-01")  # type: ignore[arg-type]
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.cap = 350  # type: ignore[misc]


def test_fide_rules_refuse_bad_arguments() -> None:
    with pytest.raises(InvalidInputError, match="rating_list must be standard, rapid or blitz"):
        fide.fide_rules(dt.date(2025, 1, 1), "classic")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="on must be a date"):
        fide.fide_rules("soon")  # type: ignore[arg-type]


# --- FIDE: every era boundary, the day before and the day of ----------------------------------

#: (rating list, first day of the change, field, value the day before, value from that day)
FIDE_BOUNDARIES: list[tuple[str, dt.date, str, Any, Any]] = [
    # chesselo.com/350_rule.html: 350-point rule from 1 April 2006; no rule found before.
    ("standard", dt.date(2006, 4, 1), "cap", None, 350),
    # chesselo.com/400_rule.html, FIDE news 2009: 400 points from 1 July 2009.
    ("standard", dt.date(2009, 7, 1), "cap", 350, 400),
    ("blitz", dt.date(2009, 7, 1), "cap", 350, 400),
    # K 40/20/10 from 1 July 2014 (handbook id=172); the 700 rule applied with them.
    ("standard", dt.date(2014, 7, 1), "k_rules", False, True),
    ("standard", dt.date(2014, 7, 1), "k_period_limit", None, 700),
    # B.02 in force 1 January 2022: one upgrade per tournament (8.3.1) ...
    ("standard", dt.date(2022, 1, 1), "one_upgrade", False, True),
    # ... abolished by B.02 effective 1 March 2024 (qc.fide.com, 1 March 2024).
    ("standard", dt.date(2024, 3, 1), "one_upgrade", True, False),
    # R&B regulations: the standard K rules from 1 October 2022; K 20 for everybody before.
    ("rapid", dt.date(2022, 10, 1), "k_everyone", 20, None),
    ("blitz", dt.date(2022, 10, 1), "k_everyone", 20, None),
    ("standard", dt.date(2022, 10, 1), "k_everyone", None, None),
    # B.02 effective 1 March 2024: first ratings by 8.2 (2024) and 7.2.1's floor 1400.
    ("standard", dt.date(2024, 3, 1), "first_rating_2024", False, True),
    ("standard", dt.date(2024, 3, 1), "delisting_floor", None, 1400),
    ("blitz", dt.date(2024, 3, 1), "delisting_floor", None, 1400),
    # R&B 7.3.1, effective 1 December 2024: 600 points or more, a player above 2600.
    ("rapid", dt.date(2024, 12, 1), "unrated_difference", None, 600),
    ("blitz", dt.date(2024, 12, 1), "unrated_above", None, 2600),
    ("standard", dt.date(2024, 12, 1), "unrated_difference", None, None),
    # B.02 8.3.1 as amended effective 1 October 2025 (standard only): 2650 and above.
    ("standard", dt.date(2025, 10, 1), "exemption_rating", None, 2650),
    ("rapid", dt.date(2025, 10, 1), "exemption_rating", None, None),
    ("blitz", dt.date(2025, 10, 1), "exemption_rating", None, None),
]


@pytest.mark.parametrize(
    ("rating_list", "first_day", "name", "before", "after"),
    [pytest.param(*case, id=f"{case[2]}-{case[0]}-{case[1]}") for case in FIDE_BOUNDARIES],
)
def test_fide_era_boundaries(
    rating_list: Any, first_day: dt.date, name: str, before: Any, after: Any
) -> None:
    assert getattr(fide.fide_rules(first_day - DAY, rating_list), name) == before
    assert getattr(fide.fide_rules(first_day, rating_list), name) == after


def test_every_dated_constant_has_a_boundary_test() -> None:
    """A date constant added to fide.py without a boundary case above fails here."""
    dated = {
        value for name, value in vars(fide).items() if name.isupper() and type(value) is dt.date
    }
    assert dated == {first_day for _, first_day, *_ in FIDE_BOUNDARIES}


def test_fide_rules_decide_what_the_functions_do() -> None:
    """The rules object and the public functions agree on both sides of each boundary."""
    exempt = fide.fide_rules(dt.date(2025, 10, 1))
    assert (exempt.cap_for(2650), exempt.cap_for(2649)) == (None, 400)
    assert fide.expected_score(2650, 2150, event_date=dt.date(2025, 10, 1)) == 0.96
    assert fide.expected_score(2650, 2150, event_date=dt.date(2025, 9, 30)) == 0.92
    blitz = fide.fide_rules(dt.date(2024, 12, 1), "blitz")
    assert not blitz.is_rated(2601, 2001) and not blitz.is_rated(2001.0, 2601.0)
    assert blitz.is_rated(2600, 2000) and blitz.is_rated(2601.0, 2001.5)
    assert fide.fide_rules(dt.date(2024, 11, 30), "blitz").is_rated(2601, 2001)
    junior = fide.fide_rules(dt.date(2026, 12, 31))
    assert junior.is_junior(2008) and not fide.fide_rules(dt.date(2027, 1, 1)).is_junior(2008)
    assert junior.k(2250, 100, True, False) == 40 and junior.limit_k(40, 18) == 38
    early = fide.fide_rules(dt.date(2022, 9, 30), "rapid")
    assert early.k(1500, 0, True, False) == 20  # K 20 for everybody before 2022-10-01
    assert fide.fide_rules(dt.date(2024, 3, 1)).is_delisted(1399, 1)
    assert not fide.fide_rules(dt.date(2024, 2, 29)).is_delisted(1399, 1)
    assert not fide.fide_rules(dt.date(2024, 3, 1)).is_delisted(1399, 0)


@pytest.mark.parametrize(
    ("check", "day", "message"),
    [
        ("check_difference_rule", dt.date(2006, 3, 31), "no rating-difference rule found"),
        ("check_k_rules", dt.date(2014, 6, 30), "K was 30/15/10"),
        ("check_first_rating_rules", dt.date(2024, 2, 29), "first ratings used the 2022 rules"),
    ],
)
def test_unsupported_dates_are_refused_in_one_line(check: str, day: dt.date, message: str) -> None:
    rules = fide.fide_rules(day)
    with pytest.raises(InvalidInputError, match=f"^when before .*{message}.*got '{day}'$"):
        getattr(rules, check)("when")
    getattr(fide.fide_rules(day + DAY), check)("when")  # the day after passes


# --- US Chess ------------------------------------------------------------------------------

#: (first day, B the day before, B from that day): new.uschess.org news of 2017 (14 for
#: events ending 1 May 2017 or later), of 30 October 2023 (12 from 1 February 2023), and
#: forum.uschess.org (10 for all 2025 events).
USCF_BOUNDARIES = [
    (dt.date(2017, 5, 1), None, 14.0),
    (dt.date(2023, 2, 1), 14.0, 12.0),
    (dt.date(2025, 1, 1), 12.0, 10.0),
]


@pytest.mark.parametrize(("first_day", "before", "after"), USCF_BOUNDARIES)
def test_uscf_era_boundaries(first_day: dt.date, before: float | None, after: float) -> None:
    assert uscf.uscf_rules(first_day - DAY).bonus_multiplier == before
    assert uscf.uscf_rules(first_day).bonus_multiplier == after
    assert uscf.bonus_multiplier(first_day) == after


def test_uscf_default_is_today_and_pins_b_10() -> None:
    rules = uscf.uscf_rules()
    assert rules is uscf.uscf_rules(dt.date.today())
    assert rules.bonus_multiplier == 10.0 and uscf.bonus_multiplier() == 10.0
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.bonus_multiplier = 14.0  # type: ignore[misc]


def test_uscf_before_the_first_known_b_is_refused() -> None:
    with pytest.raises(InvalidInputError, match=r"before 2017-05-01.*give the multiplier"):
        uscf.bonus_multiplier(dt.date(2017, 4, 30))


# --- No module reaches into another's private names --------------------------------------


def _private_uses(path: Path) -> list[str]:
    """``from .x import _name`` and ``x._name`` on a package module, in one source file."""
    tree = ast.parse(path.read_text("utf-8"))
    modules: set[str] = set()
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.level or "xlrating" in (node.module or "")):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{path.name}:{node.lineno} imports {alias.name}")
                if node.module is None or node.module == "xlrating":  # from . import fide
                    modules.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            found.append(f"{path.name}:{node.lineno} uses {node.value.id}.{node.attr}")
    return found


def test_no_module_uses_another_modules_private_names() -> None:
    found = [use for path in sorted(PACKAGE.rglob("*.py")) for use in _private_uses(path)]
    assert not found


def test_the_private_name_scan_can_fail(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from . import fide\nfrom .fide import _cap\nfide._check_list('x')\n")
    assert _private_uses(sample) == [
        "sample.py:2 imports _cap",
        "sample.py:3 uses fide._check_list",
    ]


# --- US Chess: the eras of B, and a B given by the caller (issue 25) -----------------------


def test_uscf_rules_name_the_first_day_of_the_era() -> None:
    assert uscf.uscf_rules(dt.date(2024, 12, 31)).bonus_from == dt.date(2023, 2, 1)
    assert uscf.uscf_rules(dt.date(2025, 1, 1)).bonus_from == dt.date(2025, 1, 1)
    assert uscf.uscf_rules(dt.date(2017, 4, 30)).bonus_from is None


def test_bonus_eras_of_each_b() -> None:
    assert uscf.bonus_eras(14.0) == ((dt.date(2017, 5, 1), dt.date(2023, 1, 31)),)
    assert uscf.bonus_eras(12.0) == ((dt.date(2023, 2, 1), dt.date(2024, 12, 31)),)
    assert uscf.bonus_eras(10.0) == ((dt.date(2025, 1, 1), None),)
    assert uscf.bonus_eras(6.0) == ()  # reported for earlier years, never dated (D3)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (-0.5, "multiplier must be at least 0, got -0.5"),
        (100.01, "multiplier must be at most 100 (US Chess has used 6 to 14), got 100.01"),
        (float("nan"), "multiplier must be a finite number, got nan"),
        ("12", "multiplier must be a number, got '12'"),
    ],
)
def test_a_given_multiplier_is_checked(value: object, message: str) -> None:
    from xlrating.rating.uscf_rules import check_multiplier

    with pytest.raises(InvalidInputError) as raised:
        check_multiplier(value)
    assert str(raised.value) == message
    assert check_multiplier(0) == 0.0 and check_multiplier(100) == 100.0
    with pytest.raises(InvalidInputError, match=r"^--bonus-multiplier must be at least 0"):
        check_multiplier(-1, "--bonus-multiplier")
