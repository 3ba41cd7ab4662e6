"""Tournament files as other programs write them (issue 14) and names a workbook cannot hold
(issue 16, the parsing side).

The files under tests/data were written by hand from the format descriptions (FIDE TRF16:
FIDE Handbook C.04 Annex 2; the US Chess ratings-site crosstable layout); see
tests/data/README_imports.md.  Every expected event below is typed by hand from them.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlrating.errors import InvalidInputError, RatingError
from xlrating.imports import (
    crosstable_post_ratings,
    decode_text,
    find_dates,
    parse_trf,
    parse_uscf_crosstable,
    read_date,
    read_tournament,
)
from xlrating.rating.tournament import MAX_NAME_CHARS, Game, Player

from .test_trf_crosstable import blk, crosstable, trf, trf_line

DATA = Path(__file__).parents[1] / "data"


def text_of(name: str) -> str:
    return decode_text((DATA / name).read_bytes())


# --- dates --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("2020-05-29", dt.date(2020, 5, 29)),
        ("2020/05/29", dt.date(2020, 5, 29)),
        ("2020.5.9", dt.date(2020, 5, 9)),
        ("28. 07. 2005", dt.date(2005, 7, 28)),
        ("28.07.2005", dt.date(2005, 7, 28)),
        ("28/07/2005", dt.date(2005, 7, 28)),
        ("07/28/2005", dt.date(2005, 7, 28)),  # month first: the only reading that is a date
        ("05.07.2020", dt.date(2020, 7, 5)),  # dots: always day first
        ("May 29, 2020", dt.date(2020, 5, 29)),
        ("Fri, May 29, 2020", dt.date(2020, 5, 29)),
        ("29 May 2020", dt.date(2020, 5, 29)),
        ("29-May-2020", dt.date(2020, 5, 29)),
        ("29. Mai 2020", dt.date(2020, 5, 29)),
        ("Sept. 3rd, 2020", dt.date(2020, 9, 3)),
        ("2020 May 29", dt.date(2020, 5, 29)),
        ("31.12.99", dt.date(1999, 12, 31)),  # two-digit year: one reading only
        ("12/31/99", dt.date(1999, 12, 31)),  # month first, US style
        ("  2024-03-15   ", dt.date(2024, 3, 15)),
    ],
)
def test_dates_in_the_forms_files_write(text: str, day: dt.date) -> None:
    assert read_date(text) == (day, "")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("05/07/2020", "'05/07/2020' is ambiguous (2020-05-07 or 2020-07-05)"),
        ("24/03/15", "'24/03/15' is ambiguous (2015-03-24 or 2024-03-15)"),
        ("2024/02/30", "'2024/02/30' is no such date"),
        ("someday", "'someday' is not a date"),
        ("2024-01-01 2024-01-02", "'2024-01-01 2024-01-02' holds 2 dates"),
    ],
)
def test_dates_that_are_not_read_say_why(text: str, why: str) -> None:
    assert read_date(text) == (None, why)


def test_record_132_dates_are_year_first() -> None:
    assert read_date("24/03/15", year_first=True) == (dt.date(2024, 3, 15), "")


def test_a_range_gives_both_ends() -> None:
    days, why = find_dates("Event Date(s)  2024-04-13 thru 2024-04-14")
    assert (days, why) == ([dt.date(2024, 4, 13), dt.date(2024, 4, 14)], [])
    assert find_dates("USCF ID 12345678, rating 1702") == ([], [])


MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]  # fmt: skip


@given(st.dates(dt.date(1900, 1, 1), dt.date(2099, 12, 31)))
def test_every_date_reads_back_in_every_unambiguous_form(day: dt.date) -> None:
    month = MONTHS[day.month - 1]
    forms = [
        day.isoformat(),
        f"{day.year}/{day.month:02}/{day.day:02}",
        f"{day.day}.{day.month}.{day.year}",
        f"{day.day:02}. {day.month:02}. {day.year}",
        f"{month} {day.day}, {day.year}",
        f"{month[:3]} {day.day} {day.year}",
        f"{day.day} {month} {day.year}",
        f"{day.day}-{month[:3]}-{day.year}",
    ]
    for form in forms:
        assert read_date(form) == (day, ""), form


# --- TRF as other programs write it --------------------------------------------------------

A, BO, CC, DD = "Alvarez, Ana", "Berg, Bo", "Cruz, Carmen", "Dahl, Dag"
JM, FF, GG = "Müller, Jörg", "Fox, Fiona", "Gil, Gus"


def test_wild_trf_reads_as_typed_by_hand() -> None:
    (imported,) = read_tournament(text_of("trf_wild_2005.txt"))
    event = imported.event
    assert event.name == "Sommer-Open Wildbad 2005"
    assert (event.date, imported.date_source) == (
        dt.date(2005, 7, 30),
        "record 052 (end date) on line 5",
    )
    assert event.players == (
        Player(A, 2210.0, None),
        Player(BO, None, 0),  # rating 0
        Player(CC, None, 0),  # rating blank
        Player(DD, 1850.0, None),
        Player(JM, 1720.0, None),
        Player(FF, 1600.0, None),
        Player(GG, 1450.0, None),
    )
    assert event.games == (
        Game(1, A, BO, 1.0),  # an unrated opponent
        Game(1, CC, DD, 0.5),
        Game(1, JM, FF, 1.0, "forfeit"),  # on the line whose rounds start in column 93
        Game(1, GG, None, 1.0, "bye"),  # U: pairing-allocated bye
        Game(2, A, DD, 0.0),
        Game(2, JM, CC, 0.0),
        Game(2, BO, None, 0.5, "bye"),  # H
        Game(2, FF, None, 1.0, "bye"),  # "+" against 0000
        Game(2, GG, None, 0.0, "bye"),  # "-" against 0000
        Game(3, BO, CC, 1.0, "forfeit"),  # W/L: less than one move, not rated
        Game(3, DD, JM, 0.0),
        Game(3, A, None, 1.0, "bye"),  # F
        Game(3, FF, None, 0.0, "bye"),  # Z
        Game(3, GG, None, 0.0, "bye"),  # the line ends after round 2: blank is Z
    )
    assert imported.birth_years == {
        A: 1980, BO: 1990, DD: 1975, JM: 2009, FF: 2001, GG: 1999,
    }  # fmt: skip
    assert imported.notes == (
        "line 18: round results are not in TRF-16's 10-column blocks from column 92; "
        "read as 3 rounds in order",
        "skipped XXR (extension record (JaVaFo/bbpPairings), 1 line, first on line 10)",
        "skipped XXC (extension record (JaVaFo/bbpPairings), 1 line, first on line 11)",
        "skipped 013 (team record, 1 line, first on line 12)",
        "skipped 250 (record of an unknown kind, 1 line, first on line 13)",
    )


def test_wild_trf_bytes_have_a_bom_and_crlf() -> None:
    data = (DATA / "trf_wild_2005.txt").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"\r\n" in data
    assert parse_trf(text_of("trf_wild_2005.txt")).players[4].name == JM


def test_header_dates_written_with_month_names() -> None:
    (imported,) = read_tournament(text_of("trf_arena_2020.txt"))
    assert (imported.event.date, imported.date_source) == (
        dt.date(2020, 5, 29),
        "record 052 (end date) on line 3",
    )
    assert imported.notes == ()


def test_round_dates_decide_when_the_header_has_none() -> None:
    (imported,) = read_tournament(text_of("trf_round_dates.txt"))
    assert (imported.event.date, imported.date_source) == (
        dt.date(2024, 3, 29),
        "record 132 (the last round date) on line 3",
    )
    assert imported.notes == (
        "line 2: the start date of record 042 is not read: 'sometime in spring' is not a date",
    )


@pytest.mark.parametrize(
    "header",
    [
        ["042 99/99/9999"],
        ["042 05/07/2020", "052 next week"],
        ["042", "052 "],
        ["132" + " " * 88 + "xx/yy/zz"],
    ],
)
def test_a_date_is_never_a_reason_to_refuse(header: list[str]) -> None:
    text = trf(*header, trf_line(1, "One", "2000", [blk("2", "w", "1")]),
               trf_line(2, "Two", "1900", [blk("1", "b", "0")]))  # fmt: skip
    (imported,) = read_tournament(text)
    assert imported.event.date is None and imported.date_source == ""
    assert imported.event.games == (Game(1, "One", "Two", 1.0),)


def test_start_date_is_used_when_it_is_the_only_date() -> None:
    one = trf_line(1, "One", "", [])
    (imported,) = read_tournament("\n".join(["042 15. 03. 2024", one]))
    assert (imported.event.date, imported.date_source) == (
        dt.date(2024, 3, 15),
        "record 042 (start date) on line 1",
    )


def test_ctrl_z_at_the_end_and_lines_of_blanks() -> None:
    text = trf(trf_line(1, "One", "2000", [blk("2", "w", "1")]) + "      ", "   ",
               trf_line(2, "Two", "1900", [blk("1", "b", "0")]), "\x1a")  # fmt: skip
    assert parse_trf(decode_text(text.encode())).games == (Game(1, "One", "Two", 1.0),)


# --- crosstable pages ------------------------------------------------------------------------

PAGE = text_of("uscf_crosstable_page.txt")
ADAMS, BROWN, CHEN = "ADAMS, ALAN", "BROWN, BETTY", "CHEN, CHRIS"
DIAZ, EVANS, FORD = "DIAZ, DORA", "EVANS, ED", "FORD, FAY"


def test_a_page_of_two_sections_reads_as_two_events() -> None:
    one, two = read_tournament(PAGE)
    assert (one.event.name, one.section) == ("SPRING TEST OPEN - OPEN", "OPEN")
    assert (two.event.name, two.section) == (
        "SPRING TEST OPEN - U1800 TEAM PLAYOFF",
        "U1800 TEAM PLAYOFF",
    )
    for imported in (one, two):
        assert imported.event.date == dt.date(2024, 4, 14)  # "2024-04-13 thru 2024-04-14"
        assert imported.date_source == "'Event Date(s)  2024-04-13 thru 2024-04-14' on line 6"
    assert one.event.players == (
        Player(ADAMS, 2210.0, None),
        Player(BROWN, 1220.0, 13),
        Player(CHEN, None, 0),
        Player(DIAZ, 1815.0, None),
        Player(EVANS, 1500.0, None),
        Player(FORD, 1990.0, None),
    )
    assert one.event.games == (
        Game(1, ADAMS, CHEN, 1.0),
        Game(1, BROWN, DIAZ, 0.5),
        Game(1, EVANS, FORD, 0.0, "forfeit"),  # F 6 / X 5, no colours: pair 5 is White
        Game(2, BROWN, ADAMS, 0.0),
        Game(2, CHEN, EVANS, 1.0),
        Game(2, DIAZ, None, 0.5, "bye"),  # H
        Game(2, FORD, None, 1.0, "bye"),  # B
        Game(3, ADAMS, DIAZ, 0.5),
        Game(3, FORD, BROWN, 0.0),
        Game(3, CHEN, None, 0.0, "bye"),  # U
        Game(3, EVANS, None, 0.0, "bye"),  # U: withdrawn
        Game(4, FORD, ADAMS, 1.0),
        Game(4, BROWN, CHEN, 0.5),
        Game(4, DIAZ, None, 1.0, "forfeit"),  # X without an opponent
        Game(4, EVANS, None, 0.0, "bye"),
    )
    assert (one.rating_system, one.dual_rated) == ("R", True)
    assert one.published == {
        ADAMS: (2219.0, None),
        BROWN: (1416.0, 17),
        CHEN: (1650.0, 3),
        DIAZ: (1800.0, None),  # the floor marker F is not part of the figure
        EVANS: (1490.0, None),
        FORD: (2001.0, None),
    }
    assert one.notes == ("the page also shows Q ratings; rated here: R",)
    assert [p.name for p in two.event.players] == [
        "ALICE EXAMPLE", "BOB SAMPLE", "CARL CASE", "DORA DOE",
    ]  # fmt: skip
    assert (two.rating_system, two.dual_rated) == ("R", False)
    assert two.notes == (
        "skipped 2 lines of text between the players (headings; first on line 48)",
    )


def test_the_quick_line_can_be_read_instead() -> None:
    (one,) = read_tournament(PAGE, rating="q")  # section 2 shows no Quick ratings
    assert [(p.rating, p.games) for p in one.event.players] == [
        (2150.0, None), (None, 0), (1600.0, 5), (1790.0, None), (1480.0, None), (1950.0, None),
    ]  # fmt: skip
    assert (one.rating_system, one.dual_rated) == ("Q", False)
    assert one.published[BROWN] == (1390.0, 4)


@pytest.mark.parametrize("section", ["2", "u1800 team playoff", "playoff", " U1800 TEAM PLAYOFF "])
def test_a_section_is_picked_by_number_or_name(section: str) -> None:
    (two,) = read_tournament(PAGE, section=section)
    assert two.section == "U1800 TEAM PLAYOFF"
    assert parse_uscf_crosstable(PAGE, section=section) == two.event
    assert crosstable_post_ratings(PAGE, section=section)["BOB SAMPLE"] == (1747.0, None)


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ("3", "section '3' matches none of the page's sections: 1 'OPEN', 2 'U1800 TEAM PLAYOFF'"),
        ("O", "section 'O' matches several of the page's sections"),
    ],
)
def test_a_section_that_is_not_there(section: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match="^" + message):
        read_tournament(PAGE, section=section)


def test_one_event_from_a_page_of_several_needs_a_section() -> None:
    with pytest.raises(
        InvalidInputError,
        match=r"^the page has 2 sections \(1 'OPEN', 2 'U1800 TEAM PLAYOFF'\); pick one "
        r"\(xlrating: --section NAME or number\)$",
    ):
        parse_uscf_crosstable(PAGE)


@pytest.mark.parametrize(
    ("cell", "rating", "games"),
    [
        ("1220P13 ->1416P17", 1220.0, 13),
        ("1815   ->1800F", 1815.0, None),
        ("2100F  ->2100F", 2100.0, None),
        ("1800(F) ->1800(F)", 1800.0, None),
        ("Unr.   ->1404P3", None, 0),
    ],
)
def test_crosstable_ratings_with_floors_and_provisional_counts(
    cell: str, rating: float | None, games: int | None
) -> None:
    text = crosstable(
        [(1, "ANN", cell, ["W   2"], ["W"]), (2, "BEN", "1500   ->1490", ["L   1"], ["B"])]
    )
    assert parse_uscf_crosstable(text).players[0] == Player("ANN", rating, games)


# --- names a workbook cannot hold ---------------------------------------------------------


@pytest.mark.parametrize(
    ("char", "code"),
    [("\x0b", "000B"), ("\x0c", "000C"), ("\x1a", "001A"), ("\ufffe", "FFFE"),
     ("\uffff", "FFFF"), ("\ud800", "D800"), ("\x01", "0001")],
)  # fmt: skip
def test_trf_name_with_a_character_xml_cannot_carry(char: str, code: str) -> None:
    text = trf(trf_line(1, "Bad" + char + "Name", "2000", [blk("2", "w", "1")]),
               trf_line(2, "Two", "1900", [blk("1", "b", "0")]))  # fmt: skip
    with pytest.raises(InvalidInputError) as info:
        parse_trf(text)
    assert str(info.value) == (
        f"line 2, column 18: the player's name holds character U+{code}, which a workbook "
        "(XML 1.0) cannot hold"
    )


def test_crosstable_name_with_a_control_character_names_line_and_column() -> None:
    text = crosstable(
        [(1, "ANN\x0cLEE", "1500", ["W   2"], ["W"]), (2, "BEN", "1400", ["L   1"], ["B"])]
    )
    with pytest.raises(InvalidInputError, match=r"^line 5, column 12: the player's name holds "
                       r"character U\+000C"):  # fmt: skip
        parse_uscf_crosstable(text)


def test_event_name_with_a_control_character() -> None:
    with pytest.raises(InvalidInputError, match=r"^line 1, column 10: the event's name holds "
                       r"character U\+000B"):  # fmt: skip
        parse_trf("012 Club \x0bOpen\n" + trf_line(1, "One", "", []))


def test_a_name_longer_than_a_cell_holds() -> None:
    long = "A" * (MAX_NAME_CHARS + 1)
    text = crosstable([(1, long, "1500", ["W   2"], ["W"]), (2, "BEN", "1400", ["L   1"], ["B"])])
    with pytest.raises(InvalidInputError) as info:
        parse_uscf_crosstable(text)
    assert str(info.value) == (
        "line 5, column 32776: the player's name holds 32,768 characters, more than the "
        "32,767 a spreadsheet cell holds"
    )
    fits = "A" * MAX_NAME_CHARS
    text = crosstable([(1, fits, "1500", ["W   2"], ["W"]), (2, "BEN", "1400", ["L   1"], ["B"])])
    assert parse_uscf_crosstable(text).players[0].name == fits


@pytest.mark.parametrize(("one", "two"), [("Ann  Lee", "Ann Lee"), ("ANN LEE", "Ann Lee")])
def test_names_that_collide_once_spaces_and_case_are_ignored(one: str, two: str) -> None:
    text = trf(trf_line(1, one, "2000", [blk("2", "w", "1")]),
               trf_line(2, two, "1900", [blk("1", "b", "0")]))  # fmt: skip
    with pytest.raises(InvalidInputError) as info:
        parse_trf(text)
    assert str(info.value) == (
        f"line 3: name {two!r} is the same as {one!r} (pair 1, line 2) once spaces and case "
        "are ignored"
    )


@pytest.mark.parametrize("name", ["BYE", "Bye", "bye", " BYE  "])
def test_a_player_named_like_the_bye_marker_is_refused(name: str) -> None:
    text = crosstable([(1, "ANN", "1500", ["W   2"], ["W"]), (2, name, "1400", ["L   1"], ["B"])])
    with pytest.raises(InvalidInputError, match=r"^line 8: a player named '.*' cannot be told "
                       r"from the bye marker 'BYE' of a games table"):  # fmt: skip
        parse_uscf_crosstable(text)
    assert parse_uscf_crosstable(text.replace(name.strip(), "BYE, ANN", 1)).players[1].name


@pytest.mark.parametrize(
    "name", ['=HYPERLINK("http://x")', "=WEBSERVICE(A1)", "+1", "-2", "@SUM(A1)", "#N/A"]
)
def test_names_that_look_like_formulas_stay_plain_text(name: str) -> None:
    text = trf(trf_line(1, name, "2000", [blk("2", "w", "1")]),
               trf_line(2, "Two", "1900", [blk("1", "b", "0")]))  # fmt: skip
    player = parse_trf(text).players[0]
    assert type(player.name) is str and player.name == name
    table = crosstable([(1, name, "1500", ["W   2"], ["W"]), (2, "BEN", "1400", ["L   1"], ["B"])])
    assert type(parse_uscf_crosstable(table).players[0].name) is str


# --- random damage never raises anything but a one-line RatingError --------------------------


@given(st.text(alphabet=st.sampled_from(list(" |-0123456789WLDXFHUBPQR:>/.\nabcEventDate()")),
               max_size=400))  # fmt: skip
def test_random_pages_raise_only_rating_errors(text: str) -> None:
    try:
        read_tournament(text)
    except RatingError as error:
        assert "\n" not in str(error)


@given(st.data())
def test_damaged_sample_files_raise_only_rating_errors(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(["trf_wild_2005.txt", "uscf_crosstable_page.txt",
                                      "trf_arena_2020.txt"]))  # fmt: skip
    text = text_of(name)
    at = data.draw(st.integers(0, len(text) - 1))
    cut = data.draw(st.integers(0, 12))
    insert = data.draw(st.text(max_size=6))
    try:
        read_tournament(text[:at] + insert + text[at + cut :])
    except RatingError as error:
        assert "\n" not in str(error)


def test_a_section_name_with_a_control_character() -> None:
    page = PAGE.replace("Section 2 - U1800 TEAM", "Section 2 - U1800\x0bTEAM")
    with pytest.raises(InvalidInputError, match=r"^line 42, column 18: the section's name holds "
                       r"character U\+000B"):  # fmt: skip
        read_tournament(page)


def test_a_rating_line_no_player_shows() -> None:
    with pytest.raises(InvalidInputError, match=r"^rating 'B': no player shows it; the page "
                       r"shows Q, R$"):  # fmt: skip
        read_tournament(PAGE, rating="B")


def test_round_blocks_one_column_early_are_read_in_order() -> None:
    early = trf_line(1, "One", "2000", []).ljust(90) + "   2 w 1     3 b =  0000 - H"
    two = trf_line(2, "Two", "1900", [blk("1", "b", "0"), blk("0000", "-", "F")])
    three = trf_line(3, "Three", "1800", [blk("0000", "-", "Z"), blk("1", "w", "=")])
    text = trf(early, two, three)
    (imported,) = read_tournament(text)
    assert imported.event.games == (
        Game(1, "One", "Two", 1.0),
        Game(1, "Three", None, 0.0, "bye"),
        Game(2, "Three", "One", 0.5),
        Game(2, "Two", None, 1.0, "bye"),
        Game(3, "One", None, 0.5, "bye"),
        Game(3, "Two", None, 0.0, "bye"),
        Game(3, "Three", None, 0.0, "bye"),
    )
    assert imported.notes == (
        "line 2: round results are not in TRF-16's 10-column blocks from column 92; read as "
        "3 rounds in order",
    )
