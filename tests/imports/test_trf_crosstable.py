"""Tests of xlrating.imports: FIDE TRF-16 files and US Chess crosstables.

The two sample files under tests/data were written by hand for these tests, following the
documented formats (see tests/data/README_imports.md); the expected events are typed by
hand below.  Small inline files are laid out by the helpers ``trf_line`` and
``crosstable``, which follow the format documents and share no code with the parser.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlrating.errors import InvalidInputError, RatingError
from xlrating.imports import (
    crosstable_post_ratings,
    parse_any,
    parse_trf,
    parse_uscf_crosstable,
)
from xlrating.rating.tournament import Event, Game, Player

DATA = Path(__file__).parents[1] / "data"
TRF_TEXT = (DATA / "sample_trf16.txt").read_text(encoding="utf-8")
CROSSTABLE_TEXT = (DATA / "sample_uscf_crosstable.txt").read_text(encoding="utf-8")


# --- helpers that lay out files per the format documents ------------------------------


def trf_line(rank: int, name: str, rating: str, blocks: list[str]) -> str:
    """A 001 record: rank 5-8, name 15-47, rating 49-52, rounds from column 92."""
    head = f"001 {rank:>4} m    {name:<33} {rating:>4} ENG {'':>11} {'':<10} {'0.0':>4} {rank:>4}  "
    assert len(head) == 91
    return (head + "  ".join(blocks)).rstrip()


def blk(opponent: str, colour: str, result: str) -> str:
    """One TRF round block: opponent (4 columns), colour, result."""
    return f"{opponent:>4} {colour} {result}"


def trf(*lines: str) -> str:
    return "\n".join(("012 Inline test", *lines))


def crosstable(rows: list[tuple[int, str, str, list[str], list[str]]]) -> str:
    """A one-section crosstable; each row is (pair, name, rating cell text, round cells,
    colour cells)."""
    rounds = len(rows[0][3])
    lines = [
        "-" * (47 + 6 * rounds),
        " Pair | Player Name                     |Total|" + "Round|" * rounds,
        " Num  | USCF ID / Rtg (Pre->Post)       | Pts |"
        + "".join(f"{r:^5}|" for r in range(1, rounds + 1)),
        "-" * (47 + 6 * rounds),
    ]
    for pair, name, rating, results, colours in rows:
        lines.append(f"{pair:>5} | {name:<32}|0.0  |" + "".join(f"{c:<5}|" for c in results))
        lines.append(
            f"   MI | {'12345678 / R: ' + rating:<32}|     |" + "".join(f"{c:<5}|" for c in colours)
        )
        lines.append("-" * (47 + 6 * rounds))
    return "\n".join(lines)


# --- the TRF sample ---------------------------------------------------------------------

A, B, C, D = "Alvarez, Ana", "Becker, Bruno", "Chen, Carl", "Dubois, Dana"
E, F, G, H = "Evans, Eric", "Fischer, Felix", "Garcia, Gina", "Hoang, Hung"

TRF_EXPECTED = Event(
    players=(
        Player(A, 2405.0, None),
        Player(B, 2310.0, None),
        Player(C, 2105.0, None),
        Player(D, 1987.0, None),
        Player(E, 1850.0, None),
        Player(F, None, 0),  # rating "0": unrated
        Player(G, None, 0),  # rating blank: unrated
        Player(H, 1700.0, None),
    ),
    games=(
        Game(1, A, E, 1.0),
        Game(1, B, F, 0.5),
        Game(1, G, C, 0.0),  # 7 had White ("w" on 7's line, "b" on 3's)
        Game(1, D, None, 1.0, "bye"),  # U: pairing-allocated bye
        Game(1, H, None, 0.0, "bye"),  # Z
        Game(2, D, A, 0.5),
        Game(2, B, C, 1.0, "forfeit"),  # "+" / "-"
        Game(2, E, G, 1.0, "forfeit"),  # "W" / "L": lasted less than one move, not rated
        Game(2, F, None, 0.5, "bye"),  # H
        Game(2, H, None, 0.0, "bye"),  # blank block in mid-line = Z
        Game(3, A, B, 0.0),
        Game(3, C, D, 0.5),  # colour "-" on both lines: lower start rank (3) is White
        Game(3, F, G, 0.0, "forfeit", 0.0),  # double forfeit
        Game(3, E, None, 1.0, "bye"),  # F
        Game(3, H, None, 0.0, "bye"),  # Z
        Game(4, C, A, 0.0),
        Game(4, B, E, 0.0),
        Game(4, F, D, 0.0),
        Game(4, G, None, 0.0, "bye"),  # line ends after round 3: blank = Z
        Game(4, H, None, 0.5, "bye"),  # "h": codes are case-insensitive
    ),
    date=dt.date(2024, 3, 17),  # record 052: the rules go by the date the event ends
    name="Hand-written test sample (TRF16 layout, not a real event)",
)


def test_trf_sample_matches_hand_typed_event() -> None:
    event = parse_trf(TRF_TEXT)
    assert event.players == TRF_EXPECTED.players
    assert list(event.games) == list(TRF_EXPECTED.games)
    assert (event.date, event.name) == (TRF_EXPECTED.date, TRF_EXPECTED.name)
    assert event == TRF_EXPECTED


def test_trf_sample_with_crlf_line_endings() -> None:
    """TRF16 Remark 1: "Each line shall have a CR as last character"."""
    assert parse_trf(TRF_TEXT.replace("\n", "\r\n")) == TRF_EXPECTED
    assert parse_trf("\ufeff" + TRF_TEXT.replace("\n", "\r")) == TRF_EXPECTED


def test_trf_rated_games_of_sample() -> None:
    """Only the 9 regular games are rated (forfeits, W/D/L and byes are not)."""
    assert sum(game.rated for game in parse_trf(TRF_TEXT).games) == 9


# --- the crosstable sample --------------------------------------------------------------

AL, BO, CA = "ALICE EXAMPLE", "BOB SAMPLE", "CAROL TESTER"
DA, ER, FR = "DAVID PLACEHOLDER", "ERIN MOCK", "FRANK DUMMY"

CROSSTABLE_EXPECTED = Event(
    players=(
        Player(AL, 1702.0, None),  # established: games unknown
        Player(BO, 1366.0, 14),  # 1366P14
        Player(CA, 1550.0, None),
        Player(DA, None, 0),  # Unrated
        Player(ER, 980.0, 6),  # " 980P6"
        Player(FR, 1820.0, None),
    ),
    games=(
        Game(1, AL, CA, 1.0),
        Game(1, BO, DA, 0.5),
        Game(1, FR, ER, 1.0),
        Game(2, BO, AL, 0.5),
        Game(2, CA, ER, 1.0, "forfeit"),  # X 5 / F 3, no colours: lower pair is White
        Game(2, DA, None, 0.5, "bye"),  # H
        Game(2, FR, None, 1.0, "bye"),  # B
        Game(3, AL, DA, 1.0),
        Game(3, BO, FR, 0.0),  # no colour on either line: lower pair (2) is White
        Game(3, CA, None, 0.0, "bye"),  # U
        Game(3, ER, None, 1.0, "forfeit"),  # X without opponent
        Game(4, ER, AL, 0.0),  # only Alice's line shows a colour (B)
        Game(4, BO, CA, 0.0),
        Game(4, FR, DA, 0.5),
    ),
)


def test_crosstable_sample_matches_hand_typed_event() -> None:
    event = parse_uscf_crosstable(CROSSTABLE_TEXT)
    assert event.players == CROSSTABLE_EXPECTED.players
    assert list(event.games) == list(CROSSTABLE_EXPECTED.games)
    assert (event.date, event.name) == (None, "")
    assert event == CROSSTABLE_EXPECTED


def test_crosstable_post_ratings_of_sample() -> None:
    assert crosstable_post_ratings(CROSSTABLE_TEXT) == {
        AL: (1745.0, None),
        BO: (1390.0, 18),
        CA: (1530.0, None),
        DA: (1404.0, 3),
        ER: (1002.0, 8),
        FR: (1805.0, None),
    }


def test_post_ratings_leave_out_players_without_arrow() -> None:
    text = crosstable(
        [(1, "ANN", "1500", ["W   2"], ["W"]), (2, "BEN", "1400   ->1390", ["L   1"], ["B"])]
    )
    assert crosstable_post_ratings(text) == {"BEN": (1390.0, None)}
    assert crosstable_post_ratings(text.replace("->1390", "->Unrated")) == {"BEN": (None, 0)}


def test_post_rating_that_does_not_parse_names_the_pair() -> None:
    text = crosstable(
        [(1, "ANN", "1500 ->15x0", ["W   2"], ["W"]), (2, "BEN", "1400", ["L   1"], ["B"])]
    )
    with pytest.raises(InvalidInputError, match=r"^pair 1: post-event rating .*'15x0'"):
        crosstable_post_ratings(text)
    parse_uscf_crosstable(text)  # the event itself does not need post-event ratings


# --- parse_any ----------------------------------------------------------------------------


def test_parse_any_detects_both_formats() -> None:
    assert parse_any(TRF_TEXT) == TRF_EXPECTED
    assert parse_any(CROSSTABLE_TEXT) == CROSSTABLE_EXPECTED


@pytest.mark.parametrize(
    "text",
    ["", "hello", "Pair Name Total\n1 ALICE 3.5", "12 players\n001 x", "\n\n   \n", "0012 x"],
)
def test_parse_any_rejects_other_text(text: str) -> None:
    with pytest.raises(
        InvalidInputError, match=r"^file is neither a FIDE TRF nor a US Chess crosstable$"
    ):
        parse_any(text)


@pytest.mark.parametrize("value", [None, 12, b"012 x", ["001"]])
def test_text_must_be_a_string(value: object) -> None:
    for parse in (parse_any, parse_trf, parse_uscf_crosstable, crosstable_post_ratings):
        with pytest.raises(InvalidInputError, match="text must be the text of a file"):
            parse(value)  # type: ignore[arg-type]


# --- TRF: byes, forfeits, colours ----------------------------------------------------------


@pytest.mark.parametrize(
    ("block", "points"),
    [
        (blk("0000", "-", "H"), 0.5),
        (blk("0000", "-", "F"), 1.0),
        (blk("0000", "-", "U"), 1.0),  # pairing-allocated bye: "usually the same as a win"
        (blk("0000", "-", "Z"), 0.0),
        (blk("0000", "-", " "), 0.0),  # blank result = Z
        (blk("", " ", " "), 0.0),  # four blanks = 0000, blank colour = -, blank = Z
        (blk("0000", "-", "f"), 1.0),  # case-insensitive
        (blk("0000", "-", "+"), 1.0),  # older exports: a result against 0000
        (blk("0000", "-", "="), 0.5),
        (blk("0000", "-", "-"), 0.0),
    ],
)
def test_trf_bye_codes(block: str, points: float) -> None:
    text = trf(
        trf_line(1, "One", "2000", [blk("2", "w", "1"), block]),
        trf_line(2, "Two", "1900", [blk("1", "b", "0"), blk("0000", "-", "Z")]),
    )
    event = parse_trf(text)
    assert event.games == (
        Game(1, "One", "Two", 1.0),
        Game(2, "One", None, points, "bye"),
        Game(2, "Two", None, 0.0, "bye"),
    )


@pytest.mark.parametrize(
    ("one", "two", "score", "kind", "black_score"),
    [
        ("1", "0", 1.0, "played", None),
        ("=", "=", 0.5, "played", None),
        ("0", "1", 0.0, "played", None),
        ("+", "-", 1.0, "forfeit", None),
        ("-", "+", 0.0, "forfeit", None),
        ("-", "-", 0.0, "forfeit", 0.0),
        ("W", "L", 1.0, "forfeit", None),
        ("d", "d", 0.5, "forfeit", None),
        ("L", "W", 0.0, "forfeit", None),
    ],
)
def test_trf_game_codes(
    one: str, two: str, score: float, kind: str, black_score: float | None
) -> None:
    text = trf(
        trf_line(1, "One", "2000", [blk("2", "w", one)]),
        trf_line(2, "Two", "1900", [blk("1", "b", two)]),
    )
    assert parse_trf(text).games == (Game(1, "One", "Two", score, kind, black_score),)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("colour_1", "colour_2", "white"),
    [
        ("w", "b", "One"),
        ("b", "w", "Two"),
        ("-", "-", "One"),  # unknown: the lower start rank is White
        (" ", " ", "One"),
        ("-", "w", "Two"),  # one side is enough
        ("b", "-", "Two"),
        ("w", "-", "One"),
    ],
)
def test_trf_colour(colour_1: str, colour_2: str, white: str) -> None:
    text = trf(
        trf_line(2, "Two", "1900", [blk("1", colour_2, "0")]),  # listed first on purpose
        trf_line(1, "One", "2000", [blk("2", colour_1, "1")]),
    )
    game = parse_trf(text).games[0]
    assert game.white == white
    assert game.white_score == (1.0 if white == "One" else 0.0)
    assert [p.name for p in parse_trf(text).players] == ["One", "Two"]  # start-rank order


def test_trf_date_and_name_records() -> None:
    one = trf_line(1, "One", "", [])
    assert parse_trf("\n".join(["052 2024/05/02", one])).date == dt.date(2024, 5, 2)
    assert parse_trf("\n".join(["042 15.03.2024", one])).date == dt.date(2024, 3, 15)
    # Both given: the end date (052) picks the rules, as US Chess goes by the event's end.
    assert parse_trf("\n".join(["042 2024-03-15", "052 2024/04/01", one])).date == dt.date(
        2024, 4, 1
    )
    event = parse_trf(one)
    assert (event.date, event.name, event.games) == (None, "", ())
    assert event.players == (Player("One", None, 0),)


def test_trf_skips_other_records() -> None:
    text = trf(
        "013 Team A                            1    2",
        "XXR 4",
        trf_line(1, "One", "2000", [blk("2", "w", "1")]),
        trf_line(2, "Two", "1900", [blk("1", "b", "0")]),
        "",
    )
    assert parse_trf(text).games == (Game(1, "One", "Two", 1.0),)


# --- TRF: disagreeing views and malformed lines ---------------------------------------------


@pytest.mark.parametrize(
    ("block_1", "block_2"),
    [
        (blk("2", "w", "1"), blk("1", "b", "1")),  # both won
        (blk("2", "w", "="), blk("1", "b", "0")),
        (blk("2", "w", "+"), blk("1", "b", "0")),  # forfeit against a regular loss
        (blk("2", "w", "W"), blk("1", "b", "-")),
        (blk("2", "w", "1"), blk("1", "w", "0")),  # both had White
        (blk("2", "b", "1"), blk("1", "b", "0")),
    ],
)
def test_trf_disagreeing_views_raise(block_1: str, block_2: str) -> None:
    filler = blk("0000", "-", "Z")
    text = trf(
        trf_line(1, "One", "2000", [filler, block_1]),
        trf_line(2, "Two", "1900", [filler, block_2]),
    )
    with pytest.raises(InvalidInputError, match=r"^round 2: pairs 1 and 2 disagree: line 2 "):
        parse_trf(text)


def test_trf_opponent_who_lists_someone_else_raises() -> None:
    text = trf(
        trf_line(1, "One", "2000", [blk("2", "w", "1")]),
        trf_line(2, "Two", "1900", [blk("3", "w", "1")]),
        trf_line(3, "Three", "1800", [blk("2", "b", "0")]),
    )
    with pytest.raises(
        InvalidInputError,
        match=r"^round 1: pair 1 lists pair 2 as opponent \(line 2\) but pair 2 shows '   3 w 1'",
    ):
        parse_trf(text)


def test_trf_opponent_whose_block_is_a_bye_raises() -> None:
    text = trf(
        trf_line(1, "One", "2000", [blk("2", "w", "1")]),
        trf_line(2, "Two", "1900", [blk("0000", "-", "H")]),
    )
    with pytest.raises(InvalidInputError, match=r"^round 1: pair 1 lists pair 2 .* pair 2 shows"):
        parse_trf(text)


GOOD = trf_line(1, "One", "2000", [blk("2", "w", "1")])
GOOD_2 = trf_line(2, "Two", "1900", [blk("1", "b", "0")])


@pytest.mark.parametrize(
    ("lines", "pattern"),
    [
        ([GOOD, GOOD_2.replace("1900", "19O0")], r"^line 3: FIDE rating .*' 19O0 '"),
        ([GOOD, GOOD_2.replace(" 1900", "19000")], r"^line 3: FIDE rating .*'19000 '"),
        ([GOOD, GOOD_2.replace("1900", "4001")], r"^line 3: FIDE rating must be at most 4000"),
        ([GOOD, "## comment", GOOD_2], r"^line 3: not a TRF record .*'## comment'"),
        ([GOOD, GOOD_2.replace("   2 m", "2    m")], r"^line 3: start rank .*'001 2    m"),
        ([GOOD, GOOD_2.replace("   2 m", "   0 m")], r"^line 3: start rank must be 1 to 9999"),
        ([GOOD, GOOD_2.replace("Two", "   ")], r"^line 3: name \(columns 15-47\) is blank"),
        ([GOOD, GOOD_2.replace("Two ", "Two\t")], r"^line 3: a tab breaks the fixed columns"),
        ([GOOD, GOOD_2.replace("   1 b 0", "   1 b 0 7")], r"^line 3: round 1: expected "),
        ([GOOD, GOOD_2.replace("   1 b 0", "   1 x 0")], r"^line 3: round 1: colour .*'   1 x 0'"),
        ([GOOD, GOOD_2.replace("   1 b 0", "   1 b X")], r"^line 3: round 1: result .*'   1 b X'"),
        ([GOOD, GOOD_2.replace("   1 b 0", "   1 b H")], r"^line 3: round 1: a bye .*'   1 b H'"),
        ([GOOD, GOOD_2.replace("   1 b 0", "  1A b 0")], r"^line 3: round 1: opponent must"),
        ([GOOD, GOOD_2.replace("   1 b 0", "   2 b 0")], r"^line 3: round 1: player 2 is paired"),
        ([GOOD.replace("   2 w 1", "   9 w 1"), GOOD_2], r"^line 2: round 1: opponent 9 of pair 1"),
        ([GOOD, GOOD_2.replace("   2 m", "   1 m")], r"^line 3: pair number 1 is already used"),
        ([GOOD, GOOD_2.replace("Two", "One")], r"^line 3: name 'One' is already used by pair 1"),
        ([GOOD + "X", GOOD_2], r"^line 2: round 1: expected opponent"),
        ([GOOD.replace("0.0    1  ", "0.0    1 x"), GOOD_2], r"^line 2: columns 90-91 must be"),
    ],
)
def test_trf_malformed_lines_raise(lines: list[str], pattern: str) -> None:
    with pytest.raises(InvalidInputError, match=pattern) as info:
        parse_trf(trf(*lines))
    assert "\n" not in str(info.value)


def test_trf_without_players_raises() -> None:
    with pytest.raises(InvalidInputError, match="no player record"):
        parse_trf("012 Empty\n042 2024/01/01")


# --- crosstables: ratings, byes, forfeits, colours ------------------------------------------


@pytest.mark.parametrize(
    ("cell", "rating", "games"),
    [
        ("1702   ->1745", 1702.0, None),
        ("1366P14->1390P18", 1366.0, 14),
        (" 980P12->1077P17", 980.0, 12),
        ("Unrated->1404P3", None, 0),
        ("1702/1600 ->1745", 1702.0, None),  # unknown suffix ignored
        ("1702*", 1702.0, None),
        ("1702", 1702.0, None),  # no post-event rating shown
    ],
)
def test_crosstable_rating_cells(cell: str, rating: float | None, games: int | None) -> None:
    text = crosstable(
        [(1, "ANN", cell, ["W   2"], ["W"]), (2, "BEN", "1500   ->1490", ["L   1"], ["B"])]
    )
    assert parse_uscf_crosstable(text).players[0] == Player("ANN", rating, games)


@pytest.mark.parametrize(
    "cell", ["17O2 ->1745", "1702P ->1745", "17.5", "abc", "5000", "1702x", "17021", "-"]
)
def test_crosstable_bad_rating_names_the_pair(cell: str) -> None:
    text = crosstable([(1, "ANN", "1500", ["W   2"], ["W"]), (2, "BEN", cell, ["L   1"], ["B"])])
    with pytest.raises(InvalidInputError, match=r"^pair 2: (pre-event )?rating"):
        parse_uscf_crosstable(text)


def test_crosstable_empty_rating_cell_raises() -> None:
    text = crosstable([(1, "ANN", "1500", ["W   2"], ["W"]), (2, "BEN", "", ["L   1"], ["B"])])
    head, _, tail = text.rpartition("12345678 / R: ")
    text = head + " " * 14 + tail
    with pytest.raises(InvalidInputError, match=r"^pair 2: rating cell must look like"):
        parse_uscf_crosstable(text)


@pytest.mark.parametrize(
    ("cell", "game"),
    [
        ("H", Game(1, "ANN", None, 0.5, "bye")),
        ("B", Game(1, "ANN", None, 1.0, "bye")),
        ("U", Game(1, "ANN", None, 0.0, "bye")),
        ("", Game(1, "ANN", None, 0.0, "bye")),  # empty cell: unplayed
        ("X", Game(1, "ANN", None, 1.0, "forfeit")),  # forfeit, opponent not shown
        ("F", Game(1, "ANN", None, 0.0, "forfeit")),
        ("X   0", Game(1, "ANN", None, 1.0, "forfeit")),  # "blank or zero"
        ("h", Game(1, "ANN", None, 0.5, "bye")),
    ],
)
def test_crosstable_cells_without_opponent(cell: str, game: Game) -> None:
    text = crosstable([(1, "ANN", "1500", [cell], [""]), (2, "BEN", "1400", ["U"], [""])])
    assert parse_uscf_crosstable(text).games == (game, Game(1, "BEN", None, 0.0, "bye"))


@pytest.mark.parametrize(
    ("one", "two", "game"),
    [
        ("W   2", "L   1", Game(1, "ANN", "BEN", 1.0)),
        ("D   2", "D   1", Game(1, "ANN", "BEN", 0.5)),
        ("L   2", "W   1", Game(1, "ANN", "BEN", 0.0)),
        ("X   2", "F   1", Game(1, "ANN", "BEN", 1.0, "forfeit")),
        ("F   2", "F   1", Game(1, "ANN", "BEN", 0.0, "forfeit", 0.0)),
        ("W2", "L1", Game(1, "ANN", "BEN", 1.0)),
    ],
)
def test_crosstable_pairings(one: str, two: str, game: Game) -> None:
    text = crosstable([(1, "ANN", "1500", [one], [""]), (2, "BEN", "1400", [two], [""])])
    assert parse_uscf_crosstable(text).games == (game,)


@pytest.mark.parametrize(
    ("colour_1", "colour_2", "white"),
    [("W", "B", "ANN"), ("B", "W", "BEN"), ("", "", "ANN"), ("", "W", "BEN"), ("B", "", "BEN")],
)
def test_crosstable_colour(colour_1: str, colour_2: str, white: str) -> None:
    text = crosstable(
        [
            (2, "BEN", "1400", ["L   1"], [colour_2]),  # listed first on purpose
            (1, "ANN", "1500", ["W   2"], [colour_1]),
        ]
    )
    event = parse_uscf_crosstable(text)
    assert event.games[0].white == white
    assert [p.name for p in event.players] == ["ANN", "BEN"]


@pytest.mark.parametrize(
    ("one", "two", "colours"),
    [
        ("W   2", "W   1", ("W", "B")),
        ("D   2", "L   1", ("W", "B")),
        ("X   2", "L   1", ("W", "B")),
        ("W   2", "L   1", ("W", "W")),
        ("W   2", "L   1", ("B", "B")),
    ],
)
def test_crosstable_disagreeing_views_raise(one: str, two: str, colours: tuple[str, str]) -> None:
    text = crosstable(
        [
            (1, "ANN", "1500", ["U", one], ["", colours[0]]),
            (2, "BEN", "1400", ["U", two], ["", colours[1]]),
        ]
    )
    with pytest.raises(InvalidInputError, match=r"^round 2: pairs 1 and 2 disagree: line 5 "):
        parse_uscf_crosstable(text)


def test_crosstable_opponent_mismatch_raises() -> None:
    text = crosstable(
        [
            (1, "ANN", "1500", ["W   2"], ["W"]),
            (2, "BEN", "1400", ["W   3"], ["W"]),
            (3, "CID", "1300", ["L   2"], ["B"]),
        ]
    )
    with pytest.raises(
        InvalidInputError, match=r"^round 1: pair 1 lists pair 2 as opponent \(line 5\) but pair 2"
    ):
        parse_uscf_crosstable(text)


BASE = crosstable([(1, "ANN", "1500", ["W   2"], ["W"]), (2, "BEN", "1400", ["L   1"], ["B"])])


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        (BASE.replace("W   2", "?   2"), r"^line 5: round 1: result must be .*'\? {3}2'"),
        (BASE.replace("W   2", "W    "), r"^line 5: round 1: a game needs the opponent"),
        (BASE.replace("W   2", "H   2"), r"^line 5: round 1: a bye cannot have an opponent"),
        (BASE.replace("W   2", "W   1"), r"^line 5: round 1: player 1 is paired with himself"),
        (BASE.replace("W   2", "W   7"), r"^line 5: round 1: opponent 7 of pair 1"),
        (BASE.replace("|W    |", "|G    |"), r"^line 6: round 1: colour must be W, B or blank"),
        (BASE.replace("W   2|", "W   2|D   2|"), r"^line 5: a player line must have 3 cells"),
        (BASE.replace("|W    |", "|"), r"^line 6: the second line of pair 1 must have"),
        (BASE.replace("BEN   ", "ANN   "), r"^line 8: name 'ANN' is already used by pair 1"),
        (BASE.replace("    2 | BEN", "    1 | BEN"), r"^line 8: pair number 1 is already used"),
        (BASE.replace("    2 | BEN", "    0 | BEN"), r"^line 8: a player needs a pair number"),
        (BASE.replace("W   2", "W   " + "2" * 5000), r"^line 5: round 1: result must be"),
        (BASE.replace("    2 | BEN", "2" * 5000 + " | BEN"), r"^line 8: expected a player line"),
        (BASE + "\nThat | is all.", r"^line 11: expected a player line .*'That \| is all.'"),
        (BASE + "\n" + BASE, r"^the page has 2 sections \(1, 2\); pick one"),
        (BASE.replace("  1  |", "  2  |"), r"^line 3: second header line must number"),
        (BASE.replace("Round|", "Rnd|"), r"^line 2: header must be Pair"),
        ("\n".join(BASE.splitlines()[:5]), r"^line 6: pair 1 lacks its second line"),
        ("\n".join(BASE.splitlines()[:4]), r"^crosstable has no player lines"),
        ("Player Name | Total", r"^text has no crosstable header"),
    ],
)
def test_crosstable_malformed_lines_raise(text: str, pattern: str) -> None:
    with pytest.raises(InvalidInputError, match=pattern) as info:
        parse_uscf_crosstable(text)
    assert "\n" not in str(info.value)


def test_crosstable_ignores_a_title_and_trailing_spaces() -> None:
    text = "2024 Spring Open - Section A\n\n" + BASE.replace("|\n", "| \n")
    assert parse_uscf_crosstable(text).games == (Game(1, "ANN", "BEN", 1.0),)


# --- property tests -----------------------------------------------------------------------

# White's score and kind per TRF code, and the code the opponent shows (typed from TRF16).
TRF_CODES = {
    "1": (1.0, "played", "0"),
    "=": (0.5, "played", "="),
    "0": (0.0, "played", "1"),
    "+": (1.0, "forfeit", "-"),
    "-": (0.0, "forfeit", "+"),
    "W": (1.0, "forfeit", "L"),
    "D": (0.5, "forfeit", "D"),
    "L": (0.0, "forfeit", "W"),
}
TRF_BYES = {"H": 0.5, "F": 1.0, "U": 1.0, "Z": 0.0, " ": 0.0}


# What trf_events and crosstable_events draw from, made once (a strategy made inside a
# composite is made, and validated, again for every example).
_TRF_RESULTS = st.sampled_from([*TRF_CODES, "--"])
_TRF_BYE_CODES = st.sampled_from(list(TRF_BYES))
_COLOURS_SHOWN = st.sampled_from(["both", "a", "b", "none"])


@functools.cache
def _orders(n: int) -> st.SearchStrategy[list[int]]:
    """The players 1..n in some order."""
    return st.permutations(range(1, n + 1))


@st.composite
def trf_events(draw: st.DrawFn) -> tuple[str, list[Game]]:
    """A random Swiss-like event as TRF text and the games it must give."""
    n = draw(st.integers(2, 7))
    rounds = draw(st.integers(1, 4))
    blocks: dict[int, list[str]] = {p: [] for p in range(1, n + 1)}
    keyed: list[tuple[tuple[int, int, int], Game]] = []
    for rnd in range(1, rounds + 1):
        order = draw(_orders(n))
        for i in range(0, n - 1, 2):
            a, b = order[i], order[i + 1]
            code = draw(_TRF_RESULTS)
            colours = draw(_COLOURS_SHOWN)
            code_a, code_b = ("-", "-") if code == "--" else (code, TRF_CODES[code][2])
            blocks[a].append(blk(str(b), "w" if colours in ("both", "a") else "-", code_a))
            blocks[b].append(blk(str(a), "b" if colours in ("both", "b") else "-", code_b))
            white, black = (a, b) if colours != "none" or a < b else (b, a)
            white_code = code_a if white == a else code_b
            score, kind = TRF_CODES[white_code][:2]
            black_score = 0.0 if code == "--" else None
            game = Game(rnd, f"P{white}", f"P{black}", score, kind, black_score)  # type: ignore[arg-type]
            keyed.append(((rnd, 0, min(a, b)), game))
        if n % 2:
            p = order[-1]
            bye = draw(_TRF_BYE_CODES)
            blocks[p].append(blk("0000", "-", bye))
            keyed.append(((rnd, 1, p), Game(rnd, f"P{p}", None, TRF_BYES[bye], "bye")))
    lines = [trf_line(p, f"P{p}", "1500", blocks[p]) for p in draw(st.permutations(list(blocks)))]
    keyed.sort(key=lambda item: item[0])
    return trf(*lines), [game for _, game in keyed]


@given(trf_events())
@settings(max_examples=150, deadline=None)
def test_trf_round_trip_of_random_events(case: tuple[str, list[Game]]) -> None:
    text, games = case
    assert list(parse_trf(text).games) == games
    assert list(parse_any(text).games) == games


USCF_CODES = {
    "W": (1.0, "played", "L"),
    "D": (0.5, "played", "D"),
    "L": (0.0, "played", "W"),
    "X": (1.0, "forfeit", "F"),
}


_USCF_RESULTS = st.sampled_from(list(USCF_CODES))


@st.composite
def crosstable_events(draw: st.DrawFn) -> tuple[str, list[Game]]:
    """A random event as a crosstable and the games it must give."""
    n = draw(st.integers(2, 7))
    rounds = draw(st.integers(1, 4))
    cells: dict[int, list[str]] = {p: [] for p in range(1, n + 1)}
    colours: dict[int, list[str]] = {p: [] for p in range(1, n + 1)}
    keyed: list[tuple[tuple[int, int, int], Game]] = []
    for rnd in range(1, rounds + 1):
        order = draw(_orders(n))
        for i in range(0, n - 1, 2):
            a, b = order[i], order[i + 1]
            code = draw(_USCF_RESULTS)
            shown = draw(_COLOURS_SHOWN)
            cells[a].append(f"{code}{b:>4}")
            cells[b].append(f"{USCF_CODES[code][2]}{a:>4}")
            colours[a].append("W" if shown in ("both", "a") else "")
            colours[b].append("B" if shown in ("both", "b") else "")
            white, black = (a, b) if shown != "none" or a < b else (b, a)
            score = USCF_CODES[code][0] if white == a else 1.0 - USCF_CODES[code][0]
            game = Game(rnd, f"P{white}", f"P{black}", score, USCF_CODES[code][1])  # type: ignore[arg-type]
            keyed.append(((rnd, 0, min(a, b)), game))
        if n % 2:
            p = order[-1]
            bye, points, kind = draw(
                st.sampled_from(
                    [
                        ("H", 0.5, "bye"),
                        ("B", 1.0, "bye"),
                        ("U", 0.0, "bye"),
                        ("", 0.0, "bye"),
                        ("X", 1.0, "forfeit"),
                        ("F", 0.0, "forfeit"),
                    ]
                )
            )
            cells[p].append(bye)
            colours[p].append("")
            keyed.append(((rnd, 1, p), Game(rnd, f"P{p}", None, points, kind)))  # type: ignore[arg-type]
    rows = [(p, f"P{p}", "1500", cells[p], colours[p]) for p in range(1, n + 1)]
    keyed.sort(key=lambda item: item[0])
    return crosstable(rows), [game for _, game in keyed]


@given(crosstable_events())
@settings(max_examples=150, deadline=None)
def test_crosstable_round_trip_of_random_events(case: tuple[str, list[Game]]) -> None:
    text, games = case
    assert list(parse_uscf_crosstable(text).games) == games
    assert list(parse_any(text).games) == games


PARSERS: list[Callable[[str], object]] = [
    parse_any,
    parse_trf,
    parse_uscf_crosstable,
    crosstable_post_ratings,
]


@given(st.text())
@settings(max_examples=300, deadline=None)
def test_random_text_raises_only_rating_errors(text: str) -> None:
    for parse in PARSERS:
        with contextlib.suppress(RatingError):
            parse(text)


TRF_ALPHABET = st.sampled_from(list("0123456789 wb-+=WDLHFUZ|\t\r\n.,/Pa\u00e9\u2003"))


@pytest.mark.slow
@given(
    st.sampled_from([TRF_TEXT, CROSSTABLE_TEXT]),
    st.lists(
        st.tuples(st.integers(0, 3000), st.integers(0, 3), st.text(TRF_ALPHABET, max_size=3)),
        min_size=1,
        max_size=4,
    ),
)
@settings(max_examples=400, deadline=None)
def test_mutated_samples_raise_only_rating_errors(
    text: str, edits: list[tuple[int, int, str]]
) -> None:
    """Small edits anywhere in a valid file either still parse or raise a RatingError."""
    for at, cut, insert in edits:
        at %= len(text) + 1
        text = text[:at] + insert + text[at + cut :]
    for parse in PARSERS:
        try:
            parse(text)
        except RatingError as error:
            assert "\n" not in str(error)


@given(st.text(max_size=40))
def test_random_record_lines_raise_only_rating_errors(tail: str) -> None:
    for head in ("001    1 m    ", "001 ", "042 ", " Pair | Player Name |Total|Round|\n Num  |"):
        try:
            parse_any(head + tail)
        except RatingError as error:
            assert re.fullmatch(r"[^\n]+", str(error))


def test_an_event_refuses_objects_that_are_not_players_or_games() -> None:
    from xlrating.rating.events import FidePlayer
    from xlrating.rating.tournament import Event, Player

    with pytest.raises(InvalidInputError, match="players row 1 must be a Player"):
        Event((FidePlayer("A", 1800.0),), ())  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="games row 1 must be a Game"):
        Event((Player("A", 1800.0),), ((1, "A", None, 1.0),))  # type: ignore[arg-type]
