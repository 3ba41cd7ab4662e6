"""Import never breaks a book (issue 16, the writing side): whatever the source of a name
(a TRF, a crosstable, ``--event``, a Python caller), what is written into a season book is
text an xlsx can hold and the season's functions can read, or it is refused in one line
before anything is written.

* Characters XML 1.0 cannot carry (C0 controls but tab, LF, CR; U+FFFE, U+FFFF; lone
  surrogates) and text longer than a cell holds (32,767 characters) are refused, naming
  the name (or ``--event``) and the character.  Nothing is replaced silently.
* Text a spreadsheet would read as a formula (``=HYPERLINK(...)``, ``+``, ``-``, ``@``
  leading) is written as an inline string: Excel, openpyxl and our engine read it as
  text; ``xlrating recalc`` computes the season and shows the names.
* A name that reads as an Excel error value (``#N/A``), a player named like the bye marker
  and names that collide once case and spacing are ignored are refused.
"""

from __future__ import annotations

import datetime as dt
import shutil
import zipfile
from pathlib import Path
from xml.parsers import expat

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlrating.cli import main
from xlrating.rating.tournament import Event, Game, Player
from xlrating.workbook.ooxml import guard
from xlrating.workbook.ooxml.cells import SheetCells
from xlrating.workbook.ooxml.package import parse, serialize
from xlrating.workbook.season.book import import_event
from xlrating.workbook.season.find import MAX_CELL_CHARS, SeasonBookError

from ...hostile import make_corpus

WORKBOOKS = Path(__file__).resolve().parents[3] / "workbooks"
NAME = "club_season.xlsx"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.fixture()
def book(tmp_path: Path) -> Path:
    target = tmp_path / NAME
    shutil.copy(WORKBOOKS / NAME, target)
    return target


def pair(first: str, second: str = "Doe, Jane") -> Event:
    return Event(
        (Player(first, 1600, 30), Player(second, 1500, 30)),
        (Game(1, first, second, 1.0),),
    )


# ---------------------------------------------------------------- refused, from any source


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("name_vertical_tab.trf", "the player name 'Smith\\x0bJohn' holds the character U+000B"),
        ("name_form_feed.trf", "the player name 'Smith\\x0cJohn' holds the character U+000C"),
        ("event_ctrl_z.trf", "the event name 'Club\\x1aNight' holds the character U+001A"),
        ("name_fffe.trf", "the player name 'Smith\\ufffeJohn' holds the character U+FFFE"),
        ("name_ffff.trf", "the player name 'Smith\\uffffJohn' holds the character U+FFFF"),
        ("name_error_value.trf", "the player name '#N/A' reads as Excel's error value #N/A"),
        ("name_bye.trf", "the player name 'Bye' is the bye marker of the Games sheet's Black"),
        (
            "names_colliding.trf",
            "the players 'Smith, John' and 'SMITH, JOHN' have one name once case and "
            "spacing are ignored",
        ),
    ],
)
def test_hostile_names_are_refused_and_the_book_kept(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, book: Path, name: str, says: str
) -> None:
    """Through the command, from the hostile corpus. (A parser may refuse some of these
    first: then its line is the one shown; either way one line, exit 1, the book kept.)"""
    source = make_corpus.build(tmp_path / "corpus", [name])[name]
    before = book.read_bytes()
    code, out, err = run(capsys, "import", str(source), "--into", str(book))
    assert code == 1 and out == ""
    line = one_line(err)
    assert line.startswith("xlrating import: ")
    assert says in line or source.name in line, line
    assert book.read_bytes() == before
    assert sorted(p.name for p in book.parent.iterdir()) == sorted([NAME, "corpus"])


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (
            pair("Smith\ud800John"),
            "the player name 'Smith\\ud800John' holds character U+D800, which a workbook "
            "(XML 1.0) cannot hold",
        ),
        (
            pair("x" * 40_000),
            f"the player name {'x' * 60!r}... holds 40,000 characters, more than the 32,767 a "
            "spreadsheet cell holds",
        ),
        (pair("#ref!"), "the player name '#ref!' reads as Excel's error value #REF!"),
        (pair(" bye "), "the player name ' bye ' is the bye marker"),
    ],
)
def test_any_source_is_checked_where_the_book_is_written(
    book: Path, event: Event, message: str
) -> None:
    before = book.read_bytes()
    with pytest.raises(SeasonBookError) as caught:
        import_event(book, event, name="Club night", date=dt.date(2026, 1, 10))
    assert str(caught.value).startswith(message), str(caught.value)
    assert "\n" not in str(caught.value)
    assert book.read_bytes() == before


@pytest.mark.parametrize(
    ("event", "message"),
    [
        ("A\x07B", "--event: column 2 of the name holds character U+0007"),
        ("x" * (MAX_CELL_CHARS + 1), "holds 32,768 characters, more than the 32,767"),
        ("#N/A", "the event name '#N/A' reads as Excel's error value #N/A"),
    ],
)
def test_event_option_is_checked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, book: Path, event: str, message: str
) -> None:
    source = make_corpus.build(tmp_path / "corpus", ["utf8.trf"])["utf8.trf"]
    before = book.read_bytes()
    code, out, err = run(capsys, "import", str(source), "--into", str(book), "--event", event)
    assert code in (1, 2) and out == ""
    assert message in one_line(err)
    assert book.read_bytes() == before


# ---------------------------------------------------------------- kept as text


@pytest.mark.slow
def test_formula_like_names_are_text_and_recalc_shows_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, book: Path
) -> None:
    from openpyxl import load_workbook

    source = make_corpus.build(tmp_path / "corpus", ["names_formulas.trf"])["names_formulas.trf"]
    code, _, err = run(capsys, "import", str(source), "--into", str(book))
    assert code == 0 and err == "", err
    names = [
        '=HYPERLINK("http://e.x","c")',
        '=WEBSERVICE("http://e.x")',
        "+1+2",
        "-3",
        "@SUM(A1)",
        "=1/0",
    ]
    # Stored as strings: no formula element, the guard counts no new formula.
    with zipfile.ZipFile(book) as zf:
        players = zf.read("xl/worksheets/sheet1.xml").decode()
    for row in range(14, 20):
        start = players.index(f'<c r="A{row}"')
        cell = players[start : players.index("</c>", start)]
        assert 't="inlineStr"' in cell and "<f>" not in cell, cell
    shipped = guard.check_workbook(WORKBOOKS / NAME)
    assert guard.check_workbook(book).formulas == shipped.formulas
    wb = load_workbook(book)
    assert [wb["Players"][f"A{r}"].value for r in range(14, 20)] == names
    assert {wb["Players"][f"A{r}"].data_type for r in range(14, 20)} == {"s"}
    # Recalculated headlessly: the season computes, and shows the names as text.
    out_path = tmp_path / "recalc.xlsx"
    code, _, err = run(capsys, "recalc", str(book), "-o", str(out_path))
    assert code == 0 and err == "", err
    values = load_workbook(out_path, data_only=True)
    ratings = values["Ratings"]
    shown = [ratings[f"A{r}"].value for r in range(14, 30)]
    assert set(names) <= set(shown)
    last = [ratings[f"F{r}"].value for r in range(14, 30) if ratings[f"A{r}"].value in names]
    assert len(last) == 6 and all(isinstance(v, (int, float)) for v in last), last
    assert values["Checks"]["B3"].value == "ALL PASS"


# ---------------------------------------------------------------- the property


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_any_text_writes_well_formed_xml_that_reads_back(text: str) -> None:
    """Any text, written into a cell as the import writes it, gives a part that parses and
    reads back as the text (Excel's ST_Xstring escapes decoded, as Excel and LibreOffice
    decode them): the writer escapes what XML cannot hold. text_problem still refuses
    such characters in names (one line naming the name), before anything is written."""
    import re
    from xml.etree import ElementTree

    sheet = SheetCells(
        parse(
            b'<?xml version="1.0" encoding="UTF-8"?>'
            b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
            b"<sheetData/></worksheet>"
        )
    )
    sheet.set_value(sheet.cell(1, 1), text, values_only=True)
    data = serialize(sheet.root)
    expat.ParserCreate().Parse(data, True)
    written = "".join(ElementTree.fromstring(data).itertext())
    decoded = re.sub(r"_x([0-9A-Fa-f]{4})_", lambda m: chr(int(m.group(1), 16)), written)
    assert decoded == text


def test_a_part_that_does_not_parse_is_never_renamed_into_place(
    book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last line of defence: were a name check to miss a character, the new file's
    parts are parsed before the rename, and the book is kept."""
    from xlrating.workbook.ooxml import cells
    from xlrating.workbook.season import book as season_book

    monkeypatch.setattr(season_book, "text_problem", lambda text: None)
    monkeypatch.setattr(cells, "excel_text", lambda text: text)  # and the writer's escape
    before = book.read_bytes()
    with pytest.raises(SeasonBookError) as caught:
        import_event(book, pair("Smith\x0bJohn"), name="Night", date=dt.date(2026, 1, 10))
    message = str(caught.value)
    assert message.startswith(f"{NAME}: the workbook as changed would not pass xlrating's check")
    assert "not well-formed XML" in message and message.endswith("nothing was written")
    assert book.read_bytes() == before
    assert sorted(p.name for p in book.parent.iterdir()) == [NAME]
