"""The guard counts what openpyxl will make, scans every file it is given, and is said to
have run one way: by its Inspection, handed down.

The first tests pin the count: openpyxl makes a cell of every child of a ``<row>``, a ``<c>``
or not, so the guard's cell limit counts each of them, and a row number openpyxl cannot read
is refused in one line.  The rest pin the contract: nothing is remembered between checks
(no cache of accepted files); a function given the guard's inspection of a file does not
scan it again, one given only a path scans it; a command scans its book once.  The
hostile files themselves are in test_hostile_files.py."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xlrating.workbook.ooxml import guard
from xlrating.workbook.ooxml.package import Package

from ...hostile import make_corpus

WORKBOOKS = Path(__file__).resolve().parents[3] / "workbooks"
#: Limits that only the cell count can break (the rest as shipped).
FEW_CELLS = dataclasses.replace(guard.LIMITS, cells=5)


def _openpyxl_cells(path: Path) -> int:
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.load_workbook(path)
    return len(book.active._cells)


def test_every_child_of_a_row_is_a_cell_as_openpyxl_makes_one(tmp_path: Path) -> None:
    rows = '<row r="1">' + '<x:z xmlns:x="urn:other"/>' * 6 + "</row>"
    path = make_corpus.write_book(tmp_path / "children.xlsx", rows)
    assert _openpyxl_cells(path) == 6  # what the guard must count
    assert guard.check_workbook(path).cells == 6
    with pytest.raises(guard.WorkbookRefusedError, match="more than 5 cells"):
        guard.check_workbook(path, FEW_CELLS)


def test_a_cell_outside_a_row_is_not_one(tmp_path: Path) -> None:
    rows = '<row r="1"><c r="A1"><v>1</v></c></row>'
    sheet = make_corpus.sheet_xml(rows).replace("</sheetData>", '</sheetData><c r="B2"/>')
    path = make_corpus.write_book(tmp_path / "outside.xlsx", sheet=sheet)
    assert _openpyxl_cells(path) == 1
    assert guard.check_workbook(path).cells == 1


@pytest.mark.parametrize("number", ["\u00b2", "1.5", "x", "9" * 5000])
def test_a_row_number_openpyxl_cannot_read_is_refused_in_one_line(
    tmp_path: Path, number: str
) -> None:
    path = make_corpus.write_book(tmp_path / "row.xlsx", f'<row r="{number}"><c><v>1</v></c></row>')
    with pytest.raises(ValueError):  # openpyxl cannot read it either
        _openpyxl_cells(path)
    with pytest.raises(guard.WorkbookRefusedError) as refused:
        guard.check_workbook(path)
    assert str(refused.value) == (
        f"part 'xl/worksheets/sheet1.xml': row number {number[:20]!r} is not a whole number"
    )


def test_a_row_number_written_as_a_whole_float_is_read_as_openpyxl_reads_it(
    tmp_path: Path,
) -> None:
    path = make_corpus.write_book(tmp_path / "row.xlsx", '<row r="3.0"><c><v>1</v></c></row>')
    openpyxl = pytest.importorskip("openpyxl")
    assert [c.coordinate for c in openpyxl.load_workbook(path).active._cells.values()] == ["A3"]
    assert guard.check_workbook(path).cells == 1


@pytest.mark.parametrize("ref", [" A1", "A1 ", "A 1", "A1:B1"])
def test_a_cell_reference_with_spaces_is_refused_in_one_line(tmp_path: Path, ref: str) -> None:
    """``r=" A1"``: refused by the guard in its line naming the part, not let through to
    fail later as "ValueError: not a cell reference" from openpyxl or the engine."""
    rows = f'<row r="1"><c r="{ref}"><v>1</v></c><c r="B1"><f>1+1</f></c></row>'
    path = make_corpus.write_book(tmp_path / "ref.xlsx", rows)
    with pytest.raises(guard.WorkbookRefusedError) as refused:
        guard.check_workbook(path)
    assert str(refused.value) == (
        f"part 'xl/worksheets/sheet1.xml': {ref!r} is not a cell reference"
    )


_CHILD = st.sampled_from(
    [
        "<c><v>1</v></c>",
        "<c/>",
        '<o:c xmlns:o="urn:other"/>',
        "<extLst/>",
        "<c><is><t>a</t></is></c>",
    ]
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.lists(_CHILD, max_size=6), min_size=1, max_size=6))
def test_the_guard_counts_the_cells_openpyxl_makes(tmp_path: Path, rows: list[list[str]]) -> None:
    """Rows of mixed children without ``r``: no two share a place, so openpyxl makes one
    cell per child, and the guard counts exactly as many."""
    text = "".join("<row>" + "".join(children) + "</row>" for children in rows)
    path = make_corpus.write_book(tmp_path / "mixed.xlsx", text)
    assert guard.check_workbook(path).cells == _openpyxl_cells(path)


@pytest.fixture
def scans(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """The guard, with a list that grows by the bytes of each file it scans."""
    calls: list[bytes] = []
    scan = guard._check_bytes

    def counted(data: bytes, limits: guard.Limits) -> guard.Inspection:
        calls.append(data)
        return scan(data, limits)

    monkeypatch.setattr(guard, "_check_bytes", counted)
    return calls


def test_every_check_scans_the_file_nothing_is_remembered(
    scans: list[bytes], tmp_path: Path
) -> None:
    book = Path(shutil.copy(WORKBOOKS / "elo.xlsx", tmp_path / "elo.xlsx"))
    first = guard.check_workbook(book)
    assert first.worksheets >= 1 and len(scans) == 1
    twin = Path(shutil.copy(book, tmp_path / "renamed.xlsx"))
    assert guard.check_workbook(book) == first
    assert guard.check_workbook(twin) == first
    assert len(scans) == 3


def test_a_file_changed_after_it_was_accepted_is_judged_by_its_new_bytes(
    scans: list[bytes], tmp_path: Path
) -> None:
    book = Path(shutil.copy(WORKBOOKS / "elo.xlsx", tmp_path / "elo.xlsx"))
    guard.check_workbook(book)
    data = book.read_bytes()
    book.write_bytes(data[:-2] + b"\x02\x00OK")  # a zip comment: still a good workbook
    guard.check_workbook(book)
    book.write_bytes(data[: len(data) // 2])
    with pytest.raises(guard.WorkbookRefusedError, match="damaged or truncated"):
        guard.check_workbook(book)
    book.write_text("hello")
    with pytest.raises(guard.WorkbookRefusedError, match="not an xlsx file"):
        guard.check_workbook(book)
    book.write_bytes(data)  # as it was first
    guard.check_workbook(book)
    assert len(scans) == 5  # each read anew


def test_stricter_limits_check_the_file_again(scans: list[bytes], tmp_path: Path) -> None:
    book = Path(shutil.copy(WORKBOOKS / "club_season.xlsx", tmp_path / "club_season.xlsx"))
    held = guard.check_workbook(book)
    strict = dataclasses.replace(guard.LIMITS, formulas=held.formulas - 1)
    with pytest.raises(guard.WorkbookRefusedError, match="formula cells"):
        guard.check_workbook(book, strict)
    with pytest.raises(guard.WorkbookRefusedError):
        guard.check_workbook(book, strict)
    assert guard.check_workbook(book) == held
    assert len(scans) == 4


# The guard having run is said one way: its Inspection, handed down.  A function given
# one does not scan the file again; one given only a path scans it.


def test_the_engine_given_an_inspection_does_not_scan_again(
    scans: list[bytes], tmp_path: Path
) -> None:
    pytest.importorskip("formulas")
    from xlrating.workbook.engine import evaluation as engine

    book = Path(shutil.copy(WORKBOOKS / "elo.xlsx", tmp_path / "elo.xlsx"))
    unchecked = engine.evaluate(book).values
    assert len(scans) == 1
    inspection = guard.check_workbook(book)
    assert len(scans) == 2
    assert engine.evaluate(Package.open(inspection)).values == unchecked
    assert len(scans) == 2


def test_the_season_reader_given_an_inspection_does_not_scan_again(
    scans: list[bytes], tmp_path: Path
) -> None:
    pytest.importorskip("openpyxl")
    from xlrating.workbook.season.find import load_book, open_book

    book = Path(shutil.copy(WORKBOOKS / "club_season.xlsx", tmp_path / "club_season.xlsx"))
    names = load_book(open_book(book)).sheetnames
    assert len(scans) == 1
    inspection = guard.check_workbook(book)
    assert load_book(open_book(book, inspection)).sheetnames == names
    assert len(scans) == 2


@pytest.mark.parametrize("command", ["recalc", "import"])
def test_a_command_scans_its_book_once(
    scans: list[bytes], tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``recalc`` and ``import`` check the book as they start and hand the inspection down:
    the book as given is scanned once (``import`` scans the book it built too, before it
    replaces the given one)."""
    pytest.importorskip("formulas")
    from xlrating import cli

    book = Path(shutil.copy(WORKBOOKS / "club_season.xlsx", tmp_path / "club_season.xlsx"))
    given = book.read_bytes()
    trf = Path(__file__).resolve().parents[2] / "data" / "sample_trf16.txt"
    args = {
        "recalc": ["recalc", str(book), "-o", str(tmp_path / "out.xlsx")],
        "import": ["import", str(trf), "--into", str(book)],
    }[command]
    assert cli.main(args) == 0
    capsys.readouterr()
    assert scans.count(given) == 1
    assert book.read_bytes() != given or command == "recalc"


@pytest.mark.parametrize("count", [3, 4])
def test_shared_strings_are_counted_against_their_limit(tmp_path: Path, count: int) -> None:
    strings = "".join(f"<si><t>{i}</t></si>" for i in range(count))
    part = f'<sst xmlns="{make_corpus.MAIN_NS}">{strings}</sst>'
    path = make_corpus.write_book(
        tmp_path / "strings.xlsx", "", parts={"xl/sharedStrings.xml": part}
    )
    limits = dataclasses.replace(guard.LIMITS, shared_strings=3)
    if count <= 3:
        guard.check_workbook(path, limits)
        return
    with pytest.raises(guard.WorkbookRefusedError, match=r"^more than 3 shared strings"):
        guard.check_workbook(path, limits)


@pytest.mark.parametrize("count", [4, 5])
def test_style_records_are_counted_against_their_limit(tmp_path: Path, count: int) -> None:
    # two fonts and the rest cell formats: every kind of record counts
    records = "<fonts><font/><font/></fonts><cellXfs>" + "<xf/>" * (count - 2) + "</cellXfs>"
    part = f'<styleSheet xmlns="{make_corpus.MAIN_NS}">{records}</styleSheet>'
    path = make_corpus.write_book(tmp_path / "styles.xlsx", "", parts={"xl/styles.xml": part})
    limits = dataclasses.replace(guard.LIMITS, style_records=4)
    if count <= 4:
        guard.check_workbook(path, limits)
        return
    with pytest.raises(guard.WorkbookRefusedError, match=r"^more than 4 cell formats and styles"):
        guard.check_workbook(path, limits)
