"""The template builder: extension by registration, safety of the target, formula text."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from xlrating.workbook import templates
from xlrating.workbook.lint import lint_workbook
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
