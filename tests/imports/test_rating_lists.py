"""Rating-list readers (xlrating/imports/rating_lists.py): real FIDE list lines, and lists
generated around them (columns moved or missing, hostile XML, damaged zips, a million lines
streamed in bounded memory).

The expected values of the real lines are FIDE's own, as the source of the lines asserts
them (tests/data/README_imports.md, "Rating lists"): Leko, Peter, FIDE ID 703303, standard
2676, rapid 2700, blitz 2738, K 10, born 1979; Polgar, Judit, 700070, blitz 2736.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlrating.errors import InvalidInputError
from xlrating.imports.rating_lists import (
    MAX_LINE_CHARS,
    read_fide_text,
    read_fide_xml,
    read_rating_list,
    read_uschess_json,
)

DATA = Path(__file__).parents[1] / "data" / "rating_lists"
COMBINED = DATA / "fide_players_list_foa.txt"
BLITZ = DATA / "fide_blitz_rating_list.txt"
XML = DATA / "fide_players_list_xml_foa.xml"
MEMBER = DATA / "uschess_member.json"
SUPPLEMENTS = DATA / "uschess_99990002_supplements.json"
LEKO, POLGAR = "703303", "700070"


# ---------------------------------------------------------------- the real lines


@pytest.mark.parametrize(
    ("rating", "expected"), [(None, 2676), ("standard", 2676), ("rapid", 2700), ("blitz", 2738)]
)
def test_combined_list_real_line(rating: str | None, expected: int) -> None:
    found = read_rating_list(COMBINED, wanted={LEKO}, rating=rating)
    entry = found.entries[LEKO]
    assert (found.organisation, found.form, found.players) == ("FIDE", "FIDE TXT combined list", 1)
    assert (entry.name, entry.rating, entry.k, entry.birth_year, entry.flag) == (
        "Leko, Peter",
        expected,
        10,
        1979,
        "",
    )
    assert found.date is None  # the combined list's header has no month


def test_single_list_real_lines_type_and_date_from_the_file() -> None:
    found = read_rating_list(BLITZ, wanted={LEKO, POLGAR, "1"})
    assert (found.rating, found.form, found.date) == (
        "blitz",
        "FIDE TXT blitz list",
        dt.date(2026, 8, 1),
    )
    assert set(found.entries) == {LEKO, POLGAR}
    assert (found.entries[LEKO].rating, found.entries[LEKO].flag) == (2738, "i")
    assert found.entries[LEKO].inactive
    assert (found.entries[POLGAR].rating, found.entries[POLGAR].flag) == (2736, "wi")
    assert found.entries[POLGAR].birth_year == 1976


def test_single_list_type_must_agree_with_rating() -> None:
    with pytest.raises(InvalidInputError, match=r"FIDE's blitz list, but --rating standard"):
        read_rating_list(BLITZ, wanted={LEKO}, rating="standard")
    data = BLITZ.read_bytes()
    with pytest.raises(InvalidInputError, match="give --rating standard, rapid or blitz"):
        read_fide_text(io.BytesIO(data), wanted={LEKO}, source="list.txt")
    found = read_fide_text(io.BytesIO(data), wanted={LEKO}, rating="b", source="list.txt")
    assert found.entries[LEKO].rating == 2738


def test_xml_list_matches_the_text_list() -> None:
    for rating, expected in (("standard", 2676), ("rapid", 2700), ("blitz", 2738)):
        found = read_rating_list(XML, wanted={LEKO}, rating=rating)
        assert found.form == "FIDE XML combined list"
        assert (found.entries[LEKO].rating, found.entries[LEKO].birth_year) == (expected, 1979)


def _zip(
    path: Path, members: dict[str, bytes], when: tuple[int, ...] = (2026, 9, 1, 6, 0, 0)
) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            info = zipfile.ZipInfo(name, date_time=when)  # type: ignore[arg-type]
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return path


def test_zip_read_directly_dated_by_the_zip(tmp_path: Path) -> None:
    path = _zip(tmp_path / "players_list.zip", {"players_list_foa.txt": COMBINED.read_bytes()})
    found = read_rating_list(path, wanted={LEKO}, rating="rapid")
    assert found.entries[LEKO].rating == 2700
    assert found.date == dt.date(2026, 9, 1)
    assert found.source == "players_list.zip:players_list_foa.txt"
    xml = _zip(tmp_path / "players_list_xml.zip", {"players_list_xml_foa.xml": XML.read_bytes()})
    assert read_rating_list(xml, wanted={LEKO}).entries[LEKO].rating == 2676


def test_progress_reaches_the_whole_file() -> None:
    seen: list[tuple[int, int]] = []
    read_rating_list(
        COMBINED, wanted=set(), progress=lambda done, total: seen.append((done, total))
    )
    assert seen and seen[-1] == (COMBINED.stat().st_size, COMBINED.stat().st_size)


# ---------------------------------------------------------------- generated TXT lists

#: The combined list's columns (heading, width as FIDE lays them out) and a player's values.
_COLUMNS = [
    ("ID Number", 15),
    ("Name", 61),
    ("Fed", 4),
    ("Sex", 4),
    ("Tit", 5),
    ("WTit", 5),
    ("OTit", 15),
    ("FOA", 4),
    ("SRtng", 6),
    ("SGm", 4),
    ("SK", 3),
    ("RRtng", 6),
    ("RGm", 4),
    ("Rk", 3),
    ("BRtng", 6),
    ("BGm", 4),
    ("BK", 3),
    ("B-day", 6),
    ("Flag", 4),
]


def _values(member: int, name: str = "Test, Player") -> dict[str, str]:
    return {
        "ID Number": str(member),
        "Name": name,
        "Fed": "HUN",
        "Sex": "M",
        "SRtng": "2001",
        "SGm": "3",
        "SK": "20",
        "RRtng": "1902",
        "RGm": "",
        "Rk": "20",
        "BRtng": "",
        "B-day": "1990",
        "Flag": "w",
    }


def _layout(columns: list[tuple[str, int]], rows: list[dict[str, str]]) -> str:
    lines = ["".join(h.ljust(w) for h, w in columns).rstrip()]
    for row in rows:
        lines.append("".join(row.get(h, "").ljust(w) for h, w in columns))
    return "\n".join(lines) + "\n"


@settings(max_examples=40, deadline=None)
@given(
    order=st.permutations(list(range(2, len(_COLUMNS)))),
    extra=st.lists(st.integers(0, 3), min_size=len(_COLUMNS), max_size=len(_COLUMNS)),
)
def test_columns_found_from_the_header_wherever_they_are(
    order: list[int], extra: list[int]
) -> None:
    """Any order of the columns after ID and name, any widths: the values laid out are read."""
    columns = _COLUMNS[:2] + [_COLUMNS[i] for i in order]
    columns = [(h, max(w, len(h) + 1) + pad) for (h, w), pad in zip(columns, extra, strict=True)]
    text = _layout(columns, [_values(11), _values(12, "Other, One")])
    for rating, expected in (("standard", 2001), ("rapid", 1902), ("blitz", None)):
        found = read_fide_text(io.BytesIO(text.encode()), wanted={"12"}, rating=rating)
        entry = found.entries["12"]
        assert (entry.name, entry.rating, entry.birth_year, entry.flag) == (
            "Other, One",
            expected,
            1990,
            "w",
        )


def test_missing_columns() -> None:
    without = [c for c in _COLUMNS if c[0] not in ("SRtng", "B-day", "Flag")]
    text = _layout(without, [_values(5)])
    with pytest.raises(
        InvalidInputError, match="no SRtng column: the standard ratings are missing"
    ):
        read_fide_text(io.BytesIO(text.encode()), wanted={"5"}, source="x.txt")
    entry = read_fide_text(io.BytesIO(text.encode()), wanted={"5"}, rating="rapid").entries["5"]
    assert (entry.rating, entry.birth_year, entry.flag) == (1902, None, "")
    no_id = _layout([c for c in _COLUMNS if c[0] != "ID Number"], [_values(5)])
    with pytest.raises(InvalidInputError, match=r"x\.txt: the first line is not the header"):
        read_fide_text(io.BytesIO(no_id.encode()), wanted={"5"}, source="x.txt")


def test_names_of_more_than_one_byte_padded_by_characters_or_by_bytes() -> None:
    by_chars = _layout(_COLUMNS, [_values(7, "Müller, Jörg")]).encode()
    header, line = by_chars.split(b"\n")[:2]
    assert read_fide_text(io.BytesIO(by_chars), wanted={"7"}).entries["7"].rating == 2001
    # Padded by bytes: the name takes 61 bytes, so the columns after it move left by 2.
    name = "Müller, Jörg".encode()
    by_bytes = line[:15] + name + b" " * (61 - len(name)) + line[15 + 61 + 2 :]
    found = read_fide_text(io.BytesIO(header + b"\n" + by_bytes + b"\n"), wanted={"7"})
    assert (found.entries["7"].name, found.entries["7"].rating) == ("Müller, Jörg", 2001)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (b"12" + b" " * 13 + b"A\x00B", r"x.txt line 2: column \d+: control character U\+0000"),
        (
            b"12" + b" " * 13 + b"A" * (MAX_LINE_CHARS + 5),
            "x.txt line 2: longer than 1,000 characters",
        ),
    ],
)
def test_hostile_lines_are_one_line_errors(line: bytes, message: str) -> None:
    header = _layout(_COLUMNS, []).encode()
    with pytest.raises(InvalidInputError, match=message):
        read_fide_text(io.BytesIO(header + line + b"\n"), wanted={"12"}, source="x.txt")


def test_a_bad_number_in_a_wanted_line_is_named() -> None:
    row = _values(9) | {"SRtng": "2O01"}
    text = _layout(_COLUMNS, [row]).encode()
    with pytest.raises(
        InvalidInputError, match=r"x.txt line 2: SRtng '2O01' is not a whole number"
    ):
        read_fide_text(io.BytesIO(text), wanted={"9"}, source="x.txt")
    read_fide_text(io.BytesIO(text), wanted={"8"}, source="x.txt")  # not wanted: not read


def test_a_member_listed_twice_is_refused() -> None:
    text = _layout(_COLUMNS, [_values(4), _values(4)]).encode()
    with pytest.raises(
        InvalidInputError, match=r"line 3: FIDE ID 4 is listed twice \(also x.txt line 2\)"
    ):
        read_fide_text(io.BytesIO(text), wanted={"4"}, source="x.txt")


def test_not_a_list() -> None:
    for data in (b"", b"\n\n", b"hello world\n", _layout(_COLUMNS, []).encode()):
        with pytest.raises(InvalidInputError):
            read_fide_text(io.BytesIO(data), wanted={"1"}, source="x.txt")


class _Generated(io.RawIOBase):
    """A FIDE combined list of *lines* players, made as it is read (never held whole)."""

    def __init__(self, lines: int) -> None:
        header = _layout(_COLUMNS, []).encode()
        template = _layout(_COLUMNS, [_values(0)]).encode().split(b"\n")[1]
        self.pieces = self._pieces(header, template[15:] + b"\n", lines)
        self.pending = b""

    @staticmethod
    def _pieces(header: bytes, rest: bytes, lines: int) -> Iterator[bytes]:
        yield header
        for start in range(0, lines, 1000):
            yield b"".join(
                str(10_000_000 + n).encode().ljust(15) + rest
                for n in range(start, min(start + 1000, lines))
            )

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        while not self.pending:
            piece = next(self.pieces, None)
            if piece is None:
                return 0
            self.pending = piece
        size = min(len(buffer), len(self.pending))
        buffer[:size] = self.pending[:size]
        self.pending = self.pending[size:]
        return size


_MILLION = """
import io, resource, sys
from tests.imports.test_rating_lists import _Generated
from xlrating.imports.rating_lists import read_fide_text
stream = io.BufferedReader(_Generated(1_000_000), buffer_size=1 << 16)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
found = read_fide_text(stream, wanted={"10000000", "10499999", "10999999", "1"})
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
ratings = sorted((m, e.rating) for m, e in found.entries.items())
print(found.players, ratings, (after - before) * 1024)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="the resource module is POSIX only")
def test_a_million_lines_stream_in_bounded_memory() -> None:
    """The whole list is about a million lines (170 MB); reading it grows the peak memory
    (resident set size, measured in a fresh interpreter: Linux counts it in KiB) by less
    than the list's text."""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", _MILLION], cwd=root, capture_output=True, text=True, check=True
    )
    found, grown = done.stdout.rsplit(None, 1)
    assert found == "1000000 [('10000000', 2001), ('10499999', 2001), ('10999999', 2001)]"
    # A list held whole would take its 170 MB and more; the reader keeps a line at a time.
    assert int(grown) < 32 * 1024 * 1024, f"the peak grew by {int(grown):,} bytes"


# ---------------------------------------------------------------- hostile XML and zips


@pytest.mark.parametrize(
    ("xml", "message"),
    [
        (
            b'<?xml version="1.0"?><!DOCTYPE playerslist SYSTEM "http://x/list.dtd"><playerslist/>',
            "line 1: it has a DOCTYPE",
        ),
        (
            b'<?xml version="1.0"?>\n<!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;">]>'
            b"<playerslist><player><fideid>1</fideid><name>&b;</name></player></playerslist>",
            "line 2: it has a DOCTYPE",
        ),
        (b"<playerslist><player><fideid>1</fideid><name>&b;</name>", "undefined entity"),
        (b"<playerslist><player><fideid>1</fideid>", "not well-formed XML"),
        (b"<playerslist></playerslist>", "no <player> elements"),
        (
            b"<playerslist><player><name>" + b"x" * 2000 + b"</name></player></playerslist>",
            "longer than 1,000",
        ),
    ],
)
def test_hostile_xml(xml: bytes, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        read_fide_xml(io.BytesIO(xml), wanted={"1"}, source="standard_list.xml")


def test_damaged_zips(tmp_path: Path) -> None:
    whole = _zip(tmp_path / "list.zip", {"players_list_foa.txt": COMBINED.read_bytes() * 3})
    data = whole.read_bytes()
    truncated = tmp_path / "truncated.zip"
    truncated.write_bytes(data[: len(data) // 2])
    with pytest.raises(InvalidInputError, match=r"truncated\.zip: a damaged or truncated zip"):
        read_rating_list(truncated, wanted={LEKO})
    many = _zip(tmp_path / "many.zip", {f"{n}.pdf": b"" for n in range(101)})
    with pytest.raises(InvalidInputError, match=r"many\.zip: a zip of 101 members"):
        read_rating_list(many, wanted={LEKO})
    two = _zip(tmp_path / "two.zip", {"a.txt": b"x", "b.xml": b"<x/>", "readme.pdf": b""})
    with pytest.raises(InvalidInputError, match=r"two.zip: .* holds 2 \(a.txt, b.xml\)"):
        read_rating_list(two, wanted={LEKO})


def test_a_zipped_list_is_counted_as_it_is_inflated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The limit holds for the text inflated, whatever the zip declares."""
    from xlrating.imports import list_entries

    monkeypatch.setattr(list_entries, "MAX_LIST_BYTES", 10_000)
    body = COMBINED.read_bytes() + _layout(_COLUMNS, [_values(n) for n in range(200)]).encode()
    path = _zip(tmp_path / "big.zip", {"players_list_foa.txt": body})
    with pytest.raises(InvalidInputError, match="more than 10,000 bytes"):
        read_rating_list(path, wanted={LEKO})


# ---------------------------------------------------------------- US Chess API JSON


def test_uschess_member_ratings_by_system() -> None:
    regular = read_rating_list(MEMBER, wanted={"99990001"}).entries["99990001"]
    assert (regular.rating, regular.games, regular.floor, regular.provisional) == (
        1872,
        131,
        1700,
        False,
    )
    quick = read_rating_list(MEMBER, wanted={"99990001"}, rating="Q").entries["99990001"]
    assert (quick.rating, quick.games, quick.provisional) == (1790, 18, True)
    blitz = read_rating_list(MEMBER, wanted={"99990001"}, rating="B").entries["99990001"]
    assert blitz.rating is None
    with pytest.raises(InvalidInputError, match="--rating 'standard': a US Chess member"):
        read_rating_list(MEMBER, wanted={"99990001"}, rating="standard")


def test_uschess_member_page_and_supplements(tmp_path: Path) -> None:
    page = {"items": [json.loads(MEMBER.read_text())], "offset": 0, "hasNextPage": False}
    found = read_uschess_json(json.dumps(page).encode(), wanted={"99990001"})
    assert found.players == 1 and found.entries["99990001"].rating == 1872
    supplements = read_rating_list(SUPPLEMENTS, wanted={"99990002"})
    entry = supplements.entries["99990002"]
    assert (entry.rating, entry.games, supplements.date) == (1211, 14, dt.date(2026, 12, 1))
    unnamed = tmp_path / "supplements.json"
    unnamed.write_bytes(SUPPLEMENTS.read_bytes())
    with pytest.raises(InvalidInputError, match="does not name its member"):
        read_rating_list(unnamed, wanted={"99990002"})


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"{", "not JSON"),
        (b"[" * 100_000, "nests too deeply|not JSON"),
        (b'{"hello": 1}', "neither a US Chess member"),
        (
            b'{"id": "1", "ratings": [{"ratingSystem": "R", "rating": "1500"}]}',
            "rating must be a whole number",
        ),
        (
            b'{"id": "1", "ratings": [{"ratingSystem": "R", "rating": 99999}]}',
            "99999 is not a rating",
        ),
        (b'{"id": "1", "ratings": {"R": 1500}}', "'ratings' must be a list"),
        (b"[]", "no member and no rating supplement"),
        (b'{"id": "1", "firstName": NaN, "ratings": []}', "not JSON .NaN is not a JSON number"),
    ],
)
def test_hostile_json(data: bytes, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        read_uschess_json(data, wanted={"1"}, source="m.json")


def test_uschess_json_refusal_quotes_a_long_value_briefly() -> None:
    data = json.dumps({"id": "12641216", "ratings": {"x": "a" * 5000}}).encode()
    with pytest.raises(InvalidInputError) as caught:
        read_uschess_json(data, wanted={"12641216"}, source="12641216.json")
    message = str(caught.value)
    assert "'ratings' must be a list" in message
    assert "\n" not in message and len(message) < 200
