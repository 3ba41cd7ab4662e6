"""The template builder: extension by registration, safety of the target, formula text."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from xlrating.workbook import templates
from xlrating.workbook.lint.book import lint_workbook
from xlrating.workbook.templates import Check, Ref, TemplateError, build_template


@pytest.fixture()
def extra_template() -> Iterator[str]:
    """A template registered the way club_season.xlsx will be, removed afterwards."""
    name = "test_extra.xlsx"

    @templates.template(
        name,
        "A test template",
        defaults={"rating": 1500, "opponent": 1700},
        sample={"rating": 1600, "opponent": 1600},
        checks=[
            Check(
                "extra-expected",
                "Expected score",
                "ELO_EXPECTED",
                {"rating": 1500, "opponent": 1700},
                0.2403,
                0.00005,
                "Seed 004 (Chess Elo calculator), example 1",
                "1500 against 1700",
                num_format="0.0000",
            ),
        ],
        summary=("expected",),
    )
    def build(book: templates._Book, values: Mapping[str, object]) -> None:
        sheet = book.sheet("Main")
        sheet.input(
            "rating",
            "B2",
            "Rating",
            values["rating"],
            templates._number(0, 4000, "Rating", "A rating."),
        )
        sheet.input(
            "opponent",
            "B3",
            "Opponent",
            values["opponent"],
            templates._number(0, 4000, "Opponent", "A rating."),
        )
        sheet.call(
            "expected",
            "B4",
            "ELO_EXPECTED",
            {"rating": Ref("$B$2"), "opponent": Ref("$B$3")},
            label="Expected",
        )
        sheet.formula("lookup", "B5", 'IFERROR(XLOOKUP(B2,B2:B3,B2:B3),"none")', label="Lookup")

    try:
        yield name
    finally:
        del templates.TEMPLATES[name]


def test_a_registered_template_builds_and_lints_clean(extra_template: str, tmp_path: Path) -> None:
    from openpyxl import load_workbook

    built = build_template(extra_template, tmp_path / extra_template)
    assert built.path is not None and lint_workbook(built.path) == []
    wb = load_workbook(built.path)
    assert wb.sheetnames == ["Main", "Checks", "xlwings.conf"]
    expected = wb["Main"]["B4"].value
    assert (expected.ref, expected.text) == ("B4", "=ELO_EXPECTED($B$2,$B$3)")
    # A newer Excel function is written with the prefix Excel needs in the file (and
    # XlsxWriter writes a formula with a dynamic-array function as a dynamic array).
    lookup = wb["Main"]["B5"].value
    assert getattr(lookup, "text", lookup) == '=IFERROR(_xlfn.XLOOKUP(B2,B2:B3,B2:B3),"none")'
    assert built.cells["expected"] == ("Main", "$B$4")
    assert built.cells["check:extra-expected"] == ("Checks", "$C$6")


def test_inputs_replace_the_defaults(extra_template: str, tmp_path: Path) -> None:
    from openpyxl import load_workbook

    built = build_template(extra_template, tmp_path / "x.xlsx", {"rating": 1234})
    assert built.path is not None
    assert load_workbook(built.path)["Main"]["B2"].value == 1234
    with pytest.raises(TemplateError, match="has no input colour"):
        build_template(extra_template, tmp_path / "y.xlsx", {"colour": "red"})


def test_a_failed_build_leaves_the_target_alone(
    extra_template: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / extra_template
    target.write_bytes(b"the user's own file")
    spec = templates.TEMPLATES[extra_template]

    def broken(book: templates._Book, values: Mapping[str, object]) -> None:
        book.sheet("Main").call("bad", "B2", "NO_SUCH_FUNCTION", {})

    monkeypatch.setitem(
        templates.TEMPLATES,
        extra_template,
        templates.Template(**{**spec.__dict__, "build": broken}),
    )
    with pytest.raises(TemplateError, match="NO_SUCH_FUNCTION is not in the registry"):
        build_template(extra_template, target)
    assert target.read_bytes() == b"the user's own file"
    assert [p.name for p in tmp_path.iterdir()] == [extra_template]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"rating": 1}, "ELO_EXPECTED needs opponent"),
        ({"rating": 1, "opponent": 2, "colour": 3}, "ELO_EXPECTED has no parameter colour"),
    ],
)
def test_registry_calls_are_checked(args: dict[str, object], message: str) -> None:
    with pytest.raises(TemplateError, match=message):
        templates._call_text("ELO_EXPECTED", args)


def test_call_text_follows_the_registry_order() -> None:
    # Arguments are given by name; the text follows the registry's parameter order, with
    # an omitted optional argument in the middle written as "" (blank) and trailing ones
    # left out.
    text = templates._call_text(
        "FIDE_EXPECTED", {"method": "logistic", "opponent": 1500, "rating": 1600}
    )
    assert text == 'FIDE_EXPECTED(1600,1500,"","","logistic")'
    assert (
        templates._call_text("ELO_EXPECTED", {"opponent": [1, 2.5], "rating": Ref("A1")})
        == "ELO_EXPECTED(A1,{1,2.5})"
    )


def test_unknown_template() -> None:
    with pytest.raises(TemplateError, match="no template"):
        build_template("nothing.xlsx", "nothing.xlsx")


def test_long_check_tables_are_written_once_into_cells(tmp_path: Path) -> None:
    """A check's table argument of more than INLINE_TABLE_ROWS rows goes into cells below
    the checks; every check that passes it reads that range, and the cells hold the table
    as the check gives it. Short tables stay array constants in the formula."""
    from openpyxl import load_workbook

    from xlrating.workbook.templates.club_sample import TEC_EXERCISE_GAMES, TEC_EXERCISE_PLAYERS
    from xlrating.workbook.templates.registry import INLINE_TABLE_ROWS

    assert len(TEC_EXERCISE_PLAYERS) > INLINE_TABLE_ROWS
    assert len(TEC_EXERCISE_GAMES) > INLINE_TABLE_ROWS
    path = tmp_path / "club_season.xlsx"
    build_template("club_season.xlsx", path)
    sheet = load_workbook(path)["Checks"]
    texts = [
        cell.value.text if hasattr(cell.value, "text") else cell.value
        for row in sheet.iter_rows(min_col=3, max_col=3)
        for cell in row
        if cell.data_type == "f"
    ]
    crosstables = [t for t in texts if "EVENT_CROSSTABLE(" in t]
    assert len(crosstables) == 8
    refs = {t.split("EVENT_CROSSTABLE(")[1].rsplit(',"TEC Swiss"', 1)[0] for t in crosstables}
    assert len(refs) == 1  # one copy of the tables, read by all eight
    players_ref, games_ref = next(iter(refs)).split(",")

    def table(ref: str) -> list[list[object]]:
        return [[c.value for c in row] for row in sheet[ref.replace("$", "")]]

    assert table(players_ref) == [list(r) for r in TEC_EXERCISE_PLAYERS]
    assert table(games_ref) == [list(r) for r in TEC_EXERCISE_GAMES]
    # The five-game season example (5 rows) stays a constant in its formula.
    assert any('SEASON_RATINGS({"Me",1800,100;' in t for t in texts)
