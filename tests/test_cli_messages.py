"""The terminal says things as the user typed them (issue 35, item 5): options by their
option names, numbers as typed, the event date by that name, every system in --help."""

from __future__ import annotations

import pytest

from xlrating.cli import main

TRF = "tests/data/sample_trf16.txt"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_help_lists_every_system(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--help")
    assert code == 0
    for words in ("US Chess", "FIDE", "Elo", "Glicko-2", "uscf", "fide", "elo", "glicko2"):
        assert words in out, words


def test_glicko2_reproduces_glickmans_example(capsys: pytest.CaptureFixture[str]) -> None:
    """Mark Glickman, "Example of the Glicko-2 system" (2013), section "Example calculation":
    a player rated 1500, RD 200, volatility 0.06, against 1400 (RD 30, won), 1550 (RD 100,
    lost) and 1700 (RD 300, lost), tau 0.5: r' = 1464.06, RD' = 151.52, sigma' = 0.05999."""
    code, out, err = _run(
        capsys, "glicko2", "1500", "200", "0.06", "--opponents", "1400", "1550", "1700",
        "--opponent-rds", "30", "100", "300", "--results", "1", "0", "0", "--tau", "0.5",
        "--json",
    )  # fmt: skip
    assert code == 0, err
    import json

    got = json.loads(out)
    # The paper rounds its intermediate steps: its figures are met to their last digit.
    assert got["Rating"] == pytest.approx(1464.06, abs=0.01)
    assert got["RD"] == pytest.approx(151.52, abs=0.01)
    assert got["Volatility"] == pytest.approx(0.05999, abs=0.00001)


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["uscf", "0", "30", "--opponents", "1600", "--results", "W"],
            "xlrating uscf: rating must be a US Chess rating of at least 100, got 0",
        ),
        (
            ["uscf", "1700", "30", "--opponents", "1600", "0", "--results", "W", "L"],
            "xlrating uscf: --opponents value 2 must be a US Chess rating of at least 100, got 0",
        ),
        (
            ["fide", "2000", "20", "--opponents", "1900", "--results", "1", "--event-date", "xyz"],
            "xlrating fide: --event-date must be a date such as 2025-10-01, got 'xyz'",
        ),
        (
            ["glicko2", "1500", "200", "0.06", "--opponents", "1400", "1550",
             "--opponent-rds", "30", "--results", "1", "0"],
            "xlrating glicko2: --opponents has 2 entries, --opponent-rds 1 and --results 2",
        ),
        (
            ["glicko2", "1500", "200", "0.06", "--opponents", "1400",
             "--opponent-rds", "-30", "--results", "1"],
            "xlrating glicko2: --opponent-rds value 1 must be above 0 and at most 500, "
            "got -30",
        ),
        (
            ["glicko2", "1500", "200", "0.06", "--opponents", "-1400",
             "--opponent-rds", "30", "--results", "1"],
            "xlrating glicko2: --opponents value 1 must be between 0 and 4000, got -1400",
        ),
        (
            ["uscf", "1700", "30", "--opponents", "1600", "--results", "W",
             "--event-date", "2010-01-01"],
            "xlrating uscf: --event-date 2010-01-01 is before 2017-05-01, the earliest date "
            "with a known bonus multiplier: give --multiplier",
        ),
    ],
)  # fmt: skip
def test_messages_name_options_and_numbers_as_typed(
    capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    code, out, err = _run(capsys, *argv)
    assert (code, out) == (2, "")
    assert err == line + "\n"


def test_rate_file_says_the_event_date(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "rate", TRF, "--date", "1990-01-01")
    assert code == 1
    assert "the event date before 2014-07-01 is not supported" in err
    assert "period_date" not in err and "event_date" not in err
