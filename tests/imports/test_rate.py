"""``xlrating rate FILE`` and ``xlrating import --dry-run`` (issue 14), and the core
:mod:`xlrating.imports.rate` they use.

Expected ratings are worked by hand:

* Section 2 of tests/data/uscf_crosstable_page.txt (US Chess, four established players
  whose game counts the page does not give, so N' = N*: 50 / sqrt(0.662 + 0.00000739 x
  (2569 - R)^2) = 20.05 for 1702, 21.46 for 1766, 16.57 for 1500; K = 800 / (N' + 1)).
  ALICE 1702 beats BOB 1766: Step 4 1702 + 38.0 x (1 - 0.409) = 1724.5, BOB 1766 - 35.6 x
  0.591 = 1745.0; Step 5 against those: ALICE 1702 + 38.0 x 0.563 = 1723.4 -> 1723, BOB
  1766 - 35.6 x 0.559 = 1746.1 -> 1746.  CARL 1500 beats DORA 1500: Step 4 1500 +/- 45.53
  x 0.5 = 1522.8 / 1477.2; Step 5 1500 + 45.53 x 0.467 = 1521.3 -> 1521 and 1478.7 -> 1479.
  The page publishes 1723, 1747, 1530, 1479: exact, within 1, worse (9), exact.
* tests/data/trf_round_dates.txt (FIDE, K 20, table 8.1.2: a 100-point difference expects
  0.64, 200 points 0.76): One 2000 beats 1900 and 1800: 20 x (0.36 + 0.24) = +12; Two 1900
  loses to 2000 and 1800: 20 x (-0.36 - 0.64) = -20; Three 1800 beats 1900, loses to 2000:
  20 x (0.64 - 0.24) = +8.
"""

from __future__ import annotations

import csv
import datetime as dt
import os
import shutil
from pathlib import Path

import pytest

from xlrating.cli import main
from xlrating.errors import InvalidInputError
from xlrating.imports import decode_text, read_tournament
from xlrating.imports.rate import rate_event

from .test_trf_crosstable import blk, trf, trf_line

DATA = Path(__file__).parents[1] / "data"
WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"
PAGE = DATA / "uscf_crosstable_page.txt"
ROUND_DATES = DATA / "trf_round_dates.txt"
#: A real US Chess crosstable with no date and no event name; its post-event ratings are
#: US Chess's published figures (tests/data/README_imports.md).
REAL = DATA / "uscf_crosstable_real_undated.txt"
#: The bonus multiplier of its era: B = 12, in force until 2017-04-30 ("changing the bonus
#: point threshold in the ratings formula from B=12 to B=14 ... effective with tournaments
#: ending on May 1 or later", new.uschess.org/news/us-chess-rating-bonus-formula-change,
#: 2017; docs/rules/uscf.md#bonus-b).  The file was public in February 2016, so it is not
#: of the 2023-2024 era of B = 12.
REAL_B = 12.0
#: The two players whose published figure is a rating floor the page does not mark: a
#: peak-based floor is a multiple of 100 from 1200 to 2100 (docs/rules/uscf.md#floors),
#: and US Chess shows exactly 1600 and 1200 where the formulas give less.
REAL_FLOORED = {"DAVID SUNDEEN": 1600.0, "LARRY HODGE": 1200.0}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


# --- the core -------------------------------------------------------------------------------


def test_us_chess_event_against_the_published_figures() -> None:
    (two,) = read_tournament(decode_text(PAGE.read_bytes()), section="2")
    rated = rate_event(two, "uscf", dt.date(2024, 4, 14), "the page")
    got = [(r.name, r.pre, r.post, r.change, r.published, r.difference, r.agreement)
           for r in rated.rows]  # fmt: skip
    assert got == [
        ("ALICE EXAMPLE", 1702.0, 1723.0, 21.0, 1723.0, 0.0, "exact"),
        ("BOB SAMPLE", 1766.0, 1746.0, -20.0, 1747.0, -1.0, "within 1"),
        ("CARL CASE", 1500.0, 1521.0, 21.0, 1530.0, -9.0, "worse"),
        ("DORA DOE", 1500.0, 1479.0, -21.0, 1479.0, 0.0, "exact"),
    ]
    counts = [rated.count(kind) for kind in ("exact", "within 1", "worse")]
    assert (rated.compared, counts) == (4, [2, 1, 1])
    assert (rated.games, rated.rated_games, rated.date_source) == (2, 2, "the page")


def test_fide_period_of_a_trf() -> None:
    (imported,) = read_tournament(ROUND_DATES.read_text())
    rated = rate_event(imported, "fide", dt.date(2024, 3, 29), "record 132")
    assert [(r.name, r.pre, r.post, r.change, r.rated_games, r.score) for r in rated.rows] == [
        ("One, Ann", 2000.0, 2012.0, 12.0, 2, 2.0),
        ("Two, Ben", 1900.0, 1880.0, -20.0, 2, 0.0),
        ("Three, Cal", 1800.0, 1808.0, 8.0, 2, 1.0),
    ]
    assert rated.compared == 0 and all(not r.has_published for r in rated.rows)


def test_a_dual_rated_page_is_rated_with_the_dual_rated_k() -> None:
    one, _ = read_tournament(decode_text(PAGE.read_bytes()))
    rated = rate_event(one, "uscf", dt.date(2024, 4, 14), "x")
    assert "dual-rated: the Regular rating is rated with the dual-rated K" in rated.notes
    by_name = {r.name: r for r in rated.rows}
    assert by_name["CHEN, CHRIS"].pre is None and by_name["CHEN, CHRIS"].note.startswith(
        "first rating"
    )
    assert by_name["BROWN, BETTY"].note == "provisional (P17)"  # 13 + 4 games


def test_a_real_undated_crosstable_is_reproduced_with_its_eras_multiplier() -> None:
    (imported,) = read_tournament(decode_text(REAL.read_bytes()))
    assert imported.event.date is None and len(imported.published) == 64
    # The rules date does not matter once B is given (N* is the 2013 formula for any date).
    rated = rate_event(imported, "uscf", dt.date(2012, 6, 1), "test", multiplier=REAL_B)
    assert rated.compared == 64
    floored = {row.name: row for row in rated.rows if row.name in REAL_FLOORED}
    for name, floor in REAL_FLOORED.items():
        row = floored[name]
        assert row.published == floor and row.post is not None and row.post < floor
    rest = [row for row in rated.rows if row.name not in REAL_FLOORED]
    assert all(row.agreement in ("exact", "within 1") for row in rest), [
        (row.name, row.post, row.published) for row in rest if row.agreement == "worse"
    ]
    assert rated.count("exact") >= 51
    assert any("B = 12 as given (no B is known for an event ending 2012-06-01)" in note
               for note in rated.notes)  # fmt: skip
    # Today's rule (B = 10 since 2025-01-01) misses a third of the published figures.
    today = rate_event(imported, "uscf", dt.date(2025, 6, 1), "test")
    assert today.count("worse") >= 12 and today.count("exact") <= 40


def test_the_multiplier_is_us_chess_only() -> None:
    (imported,) = read_tournament(ROUND_DATES.read_text())
    with pytest.raises(InvalidInputError, match=r"^multiplier is used only by the uscf system"):
        rate_event(imported, "fide", dt.date(2024, 3, 29), "x", multiplier=12)


@pytest.mark.parametrize(("system", "day"), [("elo", dt.date(2024, 1, 1)), ("uscf", "soon")])
def test_bad_arguments_are_one_line(system: str, day: object) -> None:
    (imported,) = read_tournament(ROUND_DATES.read_text())
    with pytest.raises(InvalidInputError):
        rate_event(imported, system, day, "x")  # type: ignore[arg-type]


# --- xlrating rate ------------------------------------------------------------------------------


def test_rate_prints_the_table_the_date_and_the_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "rate", str(PAGE), "--section", "2")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == (
        "SPRING TEST OPEN - U1800 TEAM PLAYOFF (US Chess, all five steps): 4 players, "
        "2 games, 2 rated"
    )
    assert lines[1] == (
        "rules of 2024-04-14, from 'Event Date(s)  2024-04-13 thru 2024-04-14' on line 6"
    )
    assert lines[2].split() == ["Player", "Pre", "Post", "Change", "Games", "Score",
                                "Published", "Diff", "Note"]  # fmt: skip
    assert lines[4].split() == ["BOB", "SAMPLE", "1766", "1746", "-20", "1", "0", "1747", "-1"]
    assert "published post-event ratings: 4 compared: 2 exact, 1 within 1, 1 worse" in lines


def test_rate_every_section_and_a_trf(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rate", str(PAGE))
    assert code == 0 and out.count("(US Chess, all five steps)") == 2
    code, out, _ = run(capsys, "rate", str(ROUND_DATES))
    assert code == 0
    assert "Club Championship (FIDE rating period): 3 players, 6 games, 3 rated" in out
    assert "rules of 2024-03-29, from record 132 (the last round date) on line 3" in out
    assert "note: line 2: the start date of record 042 is not read" in out


def test_rate_with_date_and_system(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rate", str(ROUND_DATES), "--system", "uscf", "--date",
                       "2025-02-01")  # fmt: skip
    assert code == 0 and "rules of 2025-02-01, from --date" in out
    assert "US Chess bonus multiplier B = 10 for an event ending 2025-02-01" in out


def test_a_file_without_a_date_is_rated_by_todays_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "nodate.trf"
    path.write_text(trf(trf_line(1, "One", "2000", [blk("2", "w", "1")]),
                        trf_line(2, "Two", "1900", [blk("1", "b", "0")])))  # fmt: skip
    code, out, _ = run(capsys, "rate", str(path))
    assert code == 0
    assert (
        f"rules of {dt.date.today().isoformat()}, from today: the file gives no date "
        "(--date sets one)" in out
    )


def test_an_undated_file_says_first_which_rules_it_used(capsys: pytest.CaptureFixture[str]) -> None:
    from xlrating.rating.uscf_rules import uscf_rules

    today = uscf_rules(dt.date.today())
    assert today.bonus_from is not None and today.bonus_multiplier is not None
    code, out, err = run(capsys, "rate", str(REAL))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == (
        f"no event date in {REAL.name}: rated by the rules in force today (bonus multiplier "
        f"B = {today.bonus_multiplier:g}, from {today.bonus_from.isoformat()}); give --date or "
        "--bonus-multiplier to choose others"
    )
    assert lines[1] == f"{REAL.name} (US Chess, all five steps): 64 players, 244 games, 204 rated"
    code, out, _ = run(capsys, "rate", str(REAL), "--bonus-multiplier", "12")
    lines = out.splitlines()
    assert code == 0 and lines[0] == (
        f"no event date in {REAL.name}: rated by the US Chess rules in force today, "
        f"{dt.date.today().isoformat()}, with bonus multiplier B = 12 (--bonus-multiplier); "
        "give --date to choose others"
    )
    assert "published post-event ratings: 64 compared: 51 exact, 11 within 1, 2 worse" in lines
    code, out, _ = run(capsys, "rate", str(PAGE), "--section", "2")  # dated: no such line
    assert code == 0 and not out.startswith("no event date")


def test_a_date_before_the_first_known_multiplier_names_the_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "rate", str(REAL), "--date", "2012-06-01")
    assert (code, out) == (2, "")
    assert one_line(err) == (
        f"xlrating rate: {REAL.name}: no US Chess bonus multiplier is known for an event ending "
        "2012-06-01 (rules date from --date; the first dated one applies from 2017-05-01): "
        "give it with --bonus-multiplier B"
    )
    code, out, err = run(capsys, "rate", str(REAL), "--date", "2012-06-01",
                         "--bonus-multiplier", "12")  # fmt: skip
    assert (code, err) == (0, "")
    assert "published post-event ratings: 64 compared: 51 exact, 11 within 1, 2 worse" in out
    assert "rules of 2012-06-01, from --date" in out
    # A dated era needs no option: 2017-05-01 to 2023-01-31 is B = 14.
    code, out, _ = run(capsys, "rate", str(REAL), "--date", "2020-01-01")
    assert code == 0 and "US Chess bonus multiplier B = 14 for an event ending 2020-01-01" in out


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("abc", "must be a number such as 12, got 'abc'"),
        ("", "must be a number such as 12, got ''"),
        ("-1", "must be at least 0, got '-1'"),
        ("nan", "must be a number such as 12, got 'nan'"),
        ("inf", "must be a number such as 12, got 'inf'"),
        # what Python's float() takes but nobody types as a number
        ("1_2", "must be a number such as 12, got '1_2'"),
        ("1e1", "must be a number such as 12, got '1e1'"),
        ("\uff11\uff12", "must be a number such as 12, got '\uff11\uff12'"),
        ("120", "must be at most 100 (US Chess has used 6 to 14), got '120'"),
    ],
)
def test_a_bad_multiplier_is_one_line_naming_the_option(
    capsys: pytest.CaptureFixture[str], value: str, message: str
) -> None:
    for command in (["rate", str(REAL)], ["import", str(REAL), "--into", "book.xlsx"]):
        code, out, err = run(capsys, *command, f"--bonus-multiplier={value}")
        assert (code, out) == (2, "")
        assert one_line(err) == (
            f"xlrating {command[0]}: argument --bonus-multiplier: {message} "
            f"(see xlrating {command[0]} --help)"
        )


def test_the_option_takes_what_the_spreadsheet_functions_take() -> None:
    """The command line and the cells accept the same range of B (0 to 100)."""
    from xlrating.rating.uscf_rules import MULTIPLIER_MAX
    from xlrating.sheet.catalog import call

    assert MULTIPLIER_MAX == 100
    args = (1700, 30, [1600, 1650, 1750, 1800], [1, 1, 1, 1], None, None, None, None, None)
    assert isinstance(call("USCF_NEW_RATING", *args, 100), float)
    assert isinstance(call("USCF_NEW_RATING", *args, 0), float)
    refused = call("USCF_NEW_RATING", *args, 100.5)
    assert refused == (
        "#VALUE! multiplier must be at most 100 (US Chess has used 6 to 14), got 100.5"
    )


def test_the_option_is_refused_for_a_fide_rating(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rate", str(ROUND_DATES), "--bonus-multiplier", "12")
    assert (code, out) == (2, "")
    assert "--bonus-multiplier is US Chess's bonus, and trf_round_dates.txt is rated by FIDE" in (
        one_line(err)
    )
    code, _, err = run(capsys, "rate", str(ROUND_DATES), "--bonus-multiplier", "12",
                       "--system", "fide")  # fmt: skip
    assert code == 2 and "--system fide has none" in one_line(err)
    code, out, _ = run(capsys, "rate", str(ROUND_DATES), "--bonus-multiplier", "12",
                       "--system", "uscf")  # fmt: skip
    assert code == 0
    assert "B = 12 as given (the rule for an event ending 2024-03-29 is B = 12)" in out


def test_rules_unknown_for_the_files_date_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rate", str(DATA / "trf_wild_2005.txt"))
    assert (code, out) == (1, "")
    line = one_line(err)
    assert line.startswith("xlrating rate: trf_wild_2005.txt: ")
    assert "(rules date 2005-07-30 from record 052 (end date) on line 5; --date picks another)" in (
        line
    )
    code, out, _ = run(capsys, "rate", str(DATA / "trf_wild_2005.txt"), "--date", "2024-06-01")
    assert code == 0 and "Müller, Jörg" in out


def test_rate_csv_is_written_beside_and_renamed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "out.csv"
    target.write_text("old")
    code, out, _ = run(capsys, "rate", str(PAGE), "--section", "2", "--csv", str(target))
    assert code == 0 and f"wrote {target}" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]  # no temporary left
    with target.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["player"], r["post"], r["published"], r["agreement"]) for r in rows] == [
        ("ALICE EXAMPLE", "1723", "1723", "exact"),
        ("BOB SAMPLE", "1746", "1747", "within 1"),
        ("CARL CASE", "1521", "1530", "worse"),
        ("DORA DOE", "1479", "1479", "exact"),
    ]
    assert [(r["change"], r["difference"], r["score"]) for r in rows] == [
        ("21", "0", "1"), ("-20", "-1", "0"), ("21", "-9", "1"), ("-21", "0", "0"),
    ]  # fmt: skip
    assert rows[0]["rules date"] == "2024-04-14" and rows[0]["system"] == "uscf"


def test_csv_keeps_formula_like_names_as_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "formula.trf"
    path.write_text(trf(trf_line(1, "=HYPERLINK(1)", "2000", [blk("2", "w", "1")]),
                        trf_line(2, "@SUM(A1)", "1900", [blk("1", "b", "0")])))  # fmt: skip
    target = tmp_path / "out.csv"
    assert run(capsys, "rate", str(path), "--csv", str(target), "--date", "2025-01-01")[0] == 0
    with target.open(newline="", encoding="utf-8") as handle:
        names = [row["player"] for row in csv.DictReader(handle)]
    assert names == ["'=HYPERLINK(1)", "'@SUM(A1)"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("hello\n", "bad.txt: file is neither a FIDE TRF nor a US Chess crosstable"),
        ("012 X\n001    1 m    A\x0bB", "bad.txt: line 2, column 16: the player's name holds"),
        (None, "no such file"),
    ],
)
def test_bad_files_are_one_line_and_write_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str | None, message: str
) -> None:
    source = tmp_path / "bad.txt"
    if content is not None:
        source.write_text(content)
    code, out, err = run(capsys, "rate", str(source), "--csv", str(tmp_path / "out.csv"))
    assert (code, out) == (1, "")
    line = one_line(err)
    assert line.startswith("xlrating rate: ") and message in line, line
    assert not (tmp_path / "out.csv").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == (["bad.txt"] if content else [])


def test_a_big_file_shows_a_progress_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = []
    for pair in range(1, 241):
        opponent = pair + 1 if pair % 2 else pair - 1
        colour, result = ("w", "1") if pair % 2 else ("b", "0")
        block = blk(str(opponent), colour, result)
        lines.append(trf_line(pair, f"Player {pair:03}", "1800", [block]))
    path = tmp_path / "big.trf"
    path.write_text(trf("052 2025-03-01", *lines))
    code, out, err = run(capsys, "rate", str(path))
    assert code == 0 and "240 players, 120 games, 120 rated" in out
    assert err == "rating Inline test: 240 players, 120 games (FIDE rating period)\n"


# --- xlrating import --dry-run -------------------------------------------------------------------


@pytest.fixture()
def book(tmp_path: Path) -> Path:
    target = tmp_path / "club_season.xlsx"
    shutil.copy(WORKBOOKS / "club_season.xlsx", target)
    old = dt.datetime(2026, 1, 1).timestamp()
    os.utime(target, (old, old))
    return target


def test_dry_run_shows_and_writes_nothing(capsys: pytest.CaptureFixture[str], book: Path) -> None:
    before = (book.read_bytes(), book.stat().st_mtime_ns)
    listing = sorted(book.parent.iterdir())
    code, out, err = run(capsys, "import", str(DATA / "trf_wild_2005.txt"), "--into", str(book),
                         "--dry-run", "--date", "2025-08-02")  # fmt: skip
    assert (code, err) == (0, "")
    assert (book.read_bytes(), book.stat().st_mtime_ns) == before
    assert sorted(book.parent.iterdir()) == listing
    lines = out.splitlines()
    assert lines[0] == f"dry run: nothing written to {book}"
    assert lines[1].startswith(
        "would import 'Sommer-Open Wildbad 2005' (2025-08-02): 7 players (7 new, 0 already "
        "listed), 14 games (5 rated) in "
    )
    assert lines[2] == "rules of 2025-08-02, from --date (US Chess bonus multiplier B = 10)"
    assert "  Müller, Jörg  1720  (new)" in lines
    assert "  Berg, Bo  unrated  (new)" in lines
    assert "note: skipped 013 (team record, 1 line, first on line 12)" in lines


def test_dry_run_says_the_import_would_be_refused(
    capsys: pytest.CaptureFixture[str], book: Path
) -> None:
    """The season book rates US Chess by each event's date: an event of 2005, before the
    first dated bonus multiplier, would turn every rating into an error."""
    before = (book.read_bytes(), book.stat().st_mtime_ns)
    code, out, err = run(capsys, "import", str(DATA / "trf_wild_2005.txt"), "--into", str(book),
                         "--dry-run")  # fmt: skip
    assert (code, out) == (1, "")
    assert one_line(err) == (
        "xlrating import --dry-run: club_season.xlsx rates its season by US Chess (system "
        "uscf), whose bonus multiplier is known only for events ending 2017-05-01 or later, "
        "and 'Sommer-Open Wildbad 2005' is dated 2005-07-30: every rating of the season would "
        "show an error, so nothing was written (the book rates each event by its date and "
        "holds no multiplier); give a date from 2017-05-01 on (--date), or choose another "
        "system on the Ratings sheet"
    )
    assert (book.read_bytes(), book.stat().st_mtime_ns) == before


def test_dry_run_of_an_undated_file_says_first_which_rules(
    capsys: pytest.CaptureFixture[str], book: Path
) -> None:
    from xlrating.rating.uscf_rules import uscf_rules

    today = dt.date.today()
    rules = uscf_rules(today)
    assert rules.bonus_from is not None and rules.bonus_multiplier is not None
    code, out, _ = run(capsys, "import", str(REAL), "--into", str(book), "--dry-run",
                       "--event", "Real")  # fmt: skip
    lines = out.splitlines()
    assert code == 0 and lines[0] == (
        f"no event date in {REAL.name}: dated today, {today.isoformat()}, which picks the "
        f"rules in force today (US Chess bonus multiplier B = {rules.bonus_multiplier:g}, "
        f"from {rules.bonus_from.isoformat()}); give --date to choose others"
    )
    assert lines[1] == f"dry run: nothing written to {book}"


def test_dry_run_of_a_section_with_known_players_and_a_date(
    capsys: pytest.CaptureFixture[str], book: Path
) -> None:
    before = book.read_bytes()
    code, out, _ = run(capsys, "import", str(PAGE), "--into", str(book), "--dry-run",
                       "--section", "OPEN", "--date", "2025-03-01")  # fmt: skip
    assert code == 0 and book.read_bytes() == before
    assert "would import 'SPRING TEST OPEN - OPEN' (2025-03-01): 6 players (6 new" in out
    assert "rules of 2025-03-01, from --date (US Chess bonus multiplier B = 10)" in out


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["{page}"], 2, "has 2 sections ('OPEN', 'U1800 TEAM PLAYOFF'): import one at a time"),
        (["{page}", "--section", "9"], 1, "section '9' matches none of the page's sections"),
        (["{trf}", "--event", "Bad\x0bName"], 2, "argument --event: column 4 of the name holds "
         "character U+000B"),
        (["{bad}"], 1, "bad.txt: line 1, column 7: the event's name holds character U+000C"),
    ],
)  # fmt: skip
def test_import_refusals_are_one_line_and_leave_the_book(
    capsys: pytest.CaptureFixture[str],
    book: Path,
    tmp_path: Path,
    argv: list[str],
    code: int,
    message: str,
) -> None:
    (tmp_path / "bad.txt").write_text("012 Cl\x0cub\n001    1 m    One")
    names = {"page": PAGE, "trf": ROUND_DATES, "bad": tmp_path / "bad.txt"}
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in tmp_path.iterdir()}
    for extra in ([], ["--dry-run"]):
        got, out, err = run(capsys, "import", *(a.format(**names) for a in argv), "--into",
                            str(book), *extra)  # fmt: skip
        assert (got, out) == (code, "")
        assert message in one_line(err), err
        assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in tmp_path.iterdir()} == before


def test_dry_run_names_players_the_book_already_lists(
    capsys: pytest.CaptureFixture[str], book: Path, tmp_path: Path
) -> None:
    path = tmp_path / "club.trf"
    path.write_text(trf("052 2026-02-01",
                        trf_line(1, "ALICE  MORGAN", "1845", [blk("2", "w", "1")]),
                        trf_line(2, "New, Nina", "", [blk("1", "b", "0")])))  # fmt: skip
    before = book.read_bytes()
    code, out, _ = run(capsys, "import", str(path), "--into", str(book), "--dry-run")
    assert code == 0 and book.read_bytes() == before
    assert "2 players (1 new, 1 already listed), 1 game (1 rated)" in out
    assert "  ALICE  MORGAN  1845  (already listed as Alice Morgan, by name)" in out.splitlines()
    assert "  New, Nina  unrated  (new)" in out.splitlines()


def test_fide_rapid_list_and_choices_a_trf_does_not_have(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "rate", str(ROUND_DATES), "--fide-list", "rapid")
    assert code == 0 and "note: FIDE, rapid list: a TRF gives no rated-game counts" in out
    code, out, err = run(capsys, "rate", str(ROUND_DATES), "--section", "2")
    assert (code, out) == (1, "")
    assert one_line(err) == (
        "xlrating rate: trf_round_dates.txt: section '2': a TRF has one event and one rating; "
        "the choice is for crosstable pages"
    )


def test_a_multiplier_is_shown_as_typed(capsys: pytest.CaptureFixture[str]) -> None:
    # 12.0000000000001 is not 12: the first line must not round it to 12 (as :g did)
    for typed in ("12.0000000000001", "12"):
        code, out, _ = run(capsys, "rate", str(REAL), f"--bonus-multiplier={typed}")
        assert code == 0 and f"with bonus multiplier B = {typed} (--bonus-multiplier)" in out


def test_csv_to_standard_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--csv -``: the CSV is the output (no file named "-"), the notes go to stderr."""
    import csv
    import io

    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "rate", str(REAL), "--csv", "-")
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][:5] == ["event", "section", "system", "rules date", "player"]
    assert len(rows) == 1 + 64  # every player of the crosstable
    assert err.startswith("no event date in uscf_crosstable_real_undated.txt")
    assert list(tmp_path.iterdir()) == []


def test_csv_into_a_pipe_is_written_straight(tmp_path: Path) -> None:
    """``--csv /dev/stdout | ...``: a pipe is written as it is, not replaced through a
    temporary file beside it (which failed with a /proc/.../pipe:[...] line)."""
    import subprocess
    import sys

    code = "import sys; from xlrating.cli import main; sys.exit(main())"
    done = subprocess.run(
        [sys.executable, "-c", code, "rate", str(REAL), "--csv", "/dev/stdout"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("\nevent,section,system") + done.stdout.startswith("event,") == 1
    assert "wrote /dev/stdout" not in done.stdout
    assert list(tmp_path.iterdir()) == []
