"""US Chess crosstable pages: :func:`parse_uscf_crosstable` and :func:`crosstable_post_ratings`."""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from typing import Final

from ..errors import InvalidInputError
from ..rating._check import MAX_RATING, show
from ..rating.tournament import Event, Player
from .dates import find_dates
from .records import Colour, Entry, ImportedEvent, add_player, assemble, check_name, split_lines

# US Chess crosstable codes, from the help of the US Chess online crosstable editing form
# as quoted on the US Chess forum (uschess.discourse.group/t/reporting-tournaments-online/
# 1986): H half point bye, B full point bye, X forfeit win, F forfeit loss, U "unpaired in
# that round (or a zero point bye)"; "for all of the above, the opponent's pairing number
# should be blank or zero".  W, L, D are a win, loss or draw against the pair number shown.
_USCF_BYE_POINTS: Final[dict[str, float]] = {"H": 0.5, "B": 1.0, "U": 0.0}


_USCF_FORFEIT_POINTS: Final[dict[str, float]] = {"X": 1.0, "F": 0.0}


# Crosstable letters mapped onto the TRF codes used internally for a pairing.
_USCF_GAME_CODES: Final[dict[str, str]] = {"W": "1", "L": "0", "D": "=", "X": "+", "F": "-"}


HEADER: Final = re.compile(r"\s*Pair\s*\|")


# Pair numbers are bounded (6 digits) so that no text can make int() refuse a number.
_PLAYER_LINE: Final = re.compile(r"\s*([0-9]{1,6})\s*\|")


_RULE: Final = re.compile(r"\s*-{3,}\s*")


_ROUND_CELL: Final = re.compile(r"([A-Za-z])\s*([0-9]{0,6})")


_RATING_CELL: Final = re.compile(
    r"(?:(?P<id>[^\s/|]*)\s*/\s*)?(?:(?P<sys>[A-Za-z]{1,3}):\s*)?(?P<pre>\S+?)\s*(?:->\s*(?P<post>\S+))?"
)


# A further rating line of the same player (a dual-rated event shows the Quick rating
# under the Regular one): a blank first cell and a cell with a rating-system label.
_MORE_RATING: Final = re.compile(r"\s*\|\s*(?:[^\s/|]*\s*/\s*)?[A-Za-z]{1,3}:")


# Lines around the tables: "Section 2 - U1600", "Event Name  Spring Open", "Event Date(s)
# 2020-05-29 thru 2020-05-31" (dates received, rated or printed are not the event's).
_SECTION_LINE: Final = re.compile(
    r"\s*section\s+(?P<num>[0-9]{1,3})\b\s*(?:[-:\u2013]\s*(?P<name>.*?))?\s*$", re.IGNORECASE
)


_EVENT_LINE: Final = re.compile(
    r"\s*(?:event(?:\s+name)?|tournament)\s*[:|]?\s+(?P<name>\S.*?)\s*$", re.IGNORECASE
)


_NOT_A_NAME: Final = re.compile(r"(?:date|id\b|no\.|number|#|location|stats)", re.IGNORECASE)


_DATE_LABEL: Final = re.compile(r"\bdates?\b|date\(s\)", re.IGNORECASE)


_NOT_EVENT_DATE: Final = re.compile(r"received|rated|printed|submitted|processed|updated", re.I)


_RATING_TOKEN: Final = re.compile(r"(?P<r>[0-9]{1,4})(?:P(?P<n>[0-9]{1,3}))?(?P<rest>.*)")


# After the number: a floor or other marker shown by the page (``/1600``, ``*``, ``(F)``,
# ``F``), ignored.
_RATING_SUFFIX: Final = re.compile(r"[/*(\[].*|F[0-9]{0,4}")


def _uscf_rating(token: str, pair: int, what: str) -> tuple[float | None, int | None]:
    """A crosstable rating: ``1702`` (established, games None), ``1366P14`` (provisional,
    14 games) or ``Unrated`` (None, 0).  A suffix starting with ``/``, ``*`` or ``(`` (a
    floor or other marker) is ignored; anything else raises."""
    if token.lower() in ("unrated", "unr", "unr."):
        return None, 0
    match = _RATING_TOKEN.fullmatch(token)
    rest = match.group("rest") if match else ""
    if match is None or (rest and not _RATING_SUFFIX.fullmatch(rest)):
        raise InvalidInputError(
            f"pair {pair}: {what} rating must look like 1702, 1366P14 or Unrated, got {show(token)}"
        )
    rating = int(match.group("r"))
    if rating > MAX_RATING:
        raise InvalidInputError(
            f"pair {pair}: {what} rating must be at most {MAX_RATING:g}, got {show(token)}"
        )
    games = match.group("n")
    return float(rating), (int(games) if games is not None else None)


@dataclass(frozen=True, slots=True)
class _CrossRow:
    """One player's lines of a crosstable."""

    pair: int
    name: str
    #: Rating system label ("R", "Q", "B"...) -> (pre-event token, post-event token or None).
    ratings: dict[str, tuple[str, str | None]]
    line: int
    #: The US Chess ID the rating cell shows before its "/" ("" if none or not a number).
    member_id: str = ""


@dataclass(slots=True)
class _Section:
    """One table of a crosstable page and the text lines before it."""

    header: int  # 0-based index of its " Pair |" line
    number: int
    title: str = ""
    date: tuple[_dt.date, str] | None = None
    rows: list[_CrossRow] = field(default_factory=list)
    entries: dict[tuple[int, int], Entry] = field(default_factory=dict)
    skipped: list[int] = field(default_factory=list)
    end: int = 0  # index after its last player line


def _cells(line: str, number: int, rounds: int, what: str) -> list[str]:
    """The ``|``-separated cells of a player line: 3 fixed cells, then one per round, each
    closed by a ``|``."""
    cells = line.split("|")
    if len(cells) < 4 + rounds or any(cell.strip() for cell in cells[3 + rounds :]):
        raise InvalidInputError(
            f"line {number}: {what} must have 3 cells and {rounds} round cells, "
            f"got {show(line.strip())}"
        )
    return cells[: 3 + rounds]


def _uscf_round(cell: str, number: int, rnd: int, pair: int, colour_cell: str) -> Entry:
    """One round cell (``W   3``, ``H``...) with its colour cell from the second line."""
    raw = cell.strip()
    where = f"line {number}: round {rnd}"
    colour_text = colour_cell.strip().upper()
    if colour_text not in ("W", "B", ""):
        raise InvalidInputError(
            f"line {number + 1}: round {rnd}: colour must be W, B or blank, "
            f"got {show(colour_cell.strip())}"
        )
    colour: Colour | None = "w" if colour_text == "W" else "b" if colour_text == "B" else None
    if not raw:  # an empty cell: the round was not played
        return Entry(number, raw, None, None, points=_USCF_BYE_POINTS["U"])
    match = _ROUND_CELL.fullmatch(raw)
    letter = match.group(1).upper() if match else ""
    if match is None or letter not in "WLDHBUXF":
        raise InvalidInputError(
            f"{where}: result must be W, L, D, H, B, U, X or F, got {show(raw)}"
        )
    opponent = int(match.group(2)) if match.group(2) else 0
    if letter in _USCF_BYE_POINTS:
        if opponent:
            raise InvalidInputError(f"{where}: a bye cannot have an opponent, got {show(raw)}")
        return Entry(number, raw, None, None, points=_USCF_BYE_POINTS[letter])
    if opponent == 0:
        if letter in _USCF_FORFEIT_POINTS:  # opponent not shown, as US Chess uploads do
            return Entry(
                number, raw, None, None, points=_USCF_FORFEIT_POINTS[letter], kind="forfeit"
            )
        raise InvalidInputError(f"{where}: a game needs the opponent's number, got {show(raw)}")
    if opponent == pair:
        raise InvalidInputError(f"{where}: player {pair} is paired with himself, got {show(raw)}")
    return Entry(number, raw, opponent, colour, _USCF_GAME_CODES[letter])


def _member_id(cell: str) -> str:
    """The US Chess ID of a rating cell ("12345678 / R: 1702 ->1745"), "" if it shows none."""
    match = _RATING_CELL.fullmatch(cell.strip())
    member = (match.group("id") or "") if match is not None else ""
    return str(int(member)) if member.isascii() and member.isdigit() and int(member) else ""


def _rating_cell(cell: str, pair: int) -> tuple[str, str, str | None]:
    """(system label, pre token, post token) of a rating cell."""
    match = _RATING_CELL.fullmatch(cell.strip())
    if match is None:
        raise InvalidInputError(
            f"pair {pair}: rating cell must look like '12345678 / R: 1702 ->1745', "
            f"got {show(cell.strip())}"
        )
    return (match.group("sys") or "R").upper(), match.group("pre"), match.group("post")


def _read_table(lines: list[str], section: _Section, stop: int, names: dict[str, int]) -> None:
    """Read the players of the table whose header is ``lines[section.header]``, up to line
    index *stop* (the next table's header); text lines without a ``|`` (team or section
    headings, a footer) are skipped."""
    start = section.header
    header = [cell.strip() for cell in lines[start].split("|")]
    while header and not header[-1]:
        header.pop()
    rounds = len(header) - 3
    if rounds < 1 or any(cell != "Round" for cell in header[3:]):
        raise InvalidInputError(
            f"line {start + 1}: header must be Pair | Player Name | Total | Round..., "
            f"got {show(lines[start].strip())}"
        )
    numbers = lines[start + 1].split("|") if start + 1 < len(lines) else []
    expected = [str(rnd) for rnd in range(1, rounds + 1)]
    if [cell.strip() for cell in numbers[3 : 3 + rounds]] != expected:
        raise InvalidInputError(
            f"line {start + 2}: second header line must number the rounds 1 to {rounds}, "
            f"got {show(lines[start + 1].strip() if numbers else '')}"
        )
    players: dict[int, Player] = {}
    lines_of: dict[int, int] = {}
    index = start + 2
    section.end = index
    while index < stop:
        line, number = lines[index], index + 1
        if not line.strip() or _RULE.fullmatch(line):
            index += 1
            continue
        player_match = _PLAYER_LINE.match(line)
        if player_match is None:
            if "|" in line:
                raise InvalidInputError(
                    f"line {number}: expected a player line ('    1 | NAME |...'), "
                    f"got {show(line.strip())}"
                )
            section.skipped.append(number)  # a heading or a footer
            index += 1
            continue
        first = _cells(line, number, rounds, "a player line")
        pair = int(player_match.group(1))
        name = first[1].strip()
        if pair == 0 or not name:
            raise InvalidInputError(
                f"line {number}: a player needs a pair number and a name, got {show(line.strip())}"
            )
        second_line = lines[index + 1] if index + 1 < stop else ""
        if (
            not second_line.strip()
            or _RULE.fullmatch(second_line)
            or _PLAYER_LINE.match(second_line)
        ):
            raise InvalidInputError(
                f"line {number + 1}: pair {pair} lacks its second line "
                f"(ID / rating and colours), got {show(second_line.strip())}"
            )
        second = _cells(second_line, number + 1, rounds, f"the second line of pair {pair}")
        system, pre, post = _rating_cell(second[1], pair)
        ratings = {system: (pre, post)}
        index += 2
        while index < stop and _MORE_RATING.match(lines[index]):  # Quick under Regular...
            more = lines[index].split("|")
            other, pre_more, post_more = _rating_cell(more[1], pair)
            ratings.setdefault(other, (pre_more, post_more))
            index += 1
        rating, games = _uscf_rating(pre, pair, "pre-event")
        player = Player(name, rating, games)
        column = len(first[0]) + 2 + len(first[1]) - len(first[1].lstrip())
        add_player(players, lines_of, names, pair, player, number, first[0].strip(), column)
        section.rows.append(_CrossRow(pair, name, ratings, number, _member_id(second[1])))
        for rnd in range(1, rounds + 1):
            section.entries[rnd, pair] = _uscf_round(
                first[2 + rnd], number, rnd, pair, second[2 + rnd]
            )
        section.end = index
    if not section.rows:
        raise InvalidInputError("crosstable has no player lines")


def _page_text(
    lines: list[str], start: int, stop: int
) -> tuple[str, tuple[_dt.date, str] | None, str]:
    """Event name, event date (and where) and section title in ``lines[start:stop]``."""
    name, title, date = "", "", None
    for index in range(start, stop):
        line = lines[index]
        if "|" in line:
            continue
        if (section := _SECTION_LINE.match(line)) is not None:
            title = (section.group("name") or "").strip() or f"Section {section.group('num')}"
            if section.group("name"):
                check_name(title, "the section's name", index + 1, line.index(title) + 1)
            continue
        event = _EVENT_LINE.match(line)
        if (
            event is not None
            and not name
            and not _NOT_A_NAME.match(event.group("name"))
            and not _DATE_LABEL.search(line.split(event.group("name"))[0])
        ):
            name = event.group("name")
            check_name(name, "the event's name", index + 1, line.index(name) + 1)
            continue
        if _DATE_LABEL.search(line) and not _NOT_EVENT_DATE.search(line):
            days, _ = find_dates(line)
            if days:  # "2020-05-29 thru 2020-05-31": the last date is the end
                date = (days[-1], f"{line.strip()[:60]!r} on line {index + 1}")
    return name, date, title


def _read_page(text: str) -> tuple[str, tuple[_dt.date, str] | None, list[_Section]]:
    """A crosstable page: event name, event date, and its tables (sections)."""
    lines = split_lines(text)
    headers = [index for index, line in enumerate(lines) if HEADER.match(line)]
    if not headers:
        raise InvalidInputError("text has no crosstable header (a line starting ' Pair |')")
    name, date, title = _page_text(lines, 0, headers[0])
    sections: list[_Section] = []
    names: dict[str, int] = {}
    previous_end = 0
    for number, header in enumerate(headers, start=1):
        section = _Section(header, number)
        if number > 1:
            _, section_date, section.title = _page_text(lines, previous_end, header)
            section.date = section_date
            names = {}  # names are unique within a section
        else:
            section.title = title
        stop = headers[number] if number < len(headers) else len(lines)
        _read_table(lines, section, stop, names)
        previous_end = section.end
        sections.append(section)
    for section in sections:  # text after the last player belongs to the next title
        section.skipped = [n for n in section.skipped if n <= section.end]
    return name, date, sections


def _section_label(section: _Section) -> str:
    return f"{section.number} {section.title!r}" if section.title else str(section.number)


def _pick_sections(sections: list[_Section], wanted: str | None) -> list[_Section]:
    if wanted is None:
        return sections
    key = wanted.strip().casefold()
    exact = [s for s in sections if str(s.number) == key or s.title.casefold() == key]
    found = exact or [s for s in sections if key and key in s.title.casefold()]
    if len(found) != 1:
        listed = ", ".join(_section_label(s) for s in sections)
        what = "matches several" if found else "matches none"
        raise InvalidInputError(f"section {wanted!r} {what} of the page's sections: {listed}")
    return found


def _crosstable_event(
    name: str, date: tuple[_dt.date, str] | None, section: _Section, rating: str | None
) -> ImportedEvent:
    """One section as an :class:`ImportedEvent`, its players rated by *rating* (a label)."""
    systems = [system for row in section.rows for system in row.ratings]
    chosen = (rating or (systems[0] if systems else "R")).strip().upper()
    notes: list[str] = []
    players: dict[int, Player] = {}
    published: dict[str, tuple[float | None, int | None]] = {}
    members = {row.name: row.member_id for row in section.rows if row.member_id}
    missing = 0
    for row in section.rows:
        pre, post = row.ratings.get(chosen, ("Unrated", None))
        if chosen not in row.ratings:
            missing += 1
        rating_value, games = _uscf_rating(pre, row.pair, "pre-event")
        players[row.pair] = Player(row.name, rating_value, games)
        if post is not None:
            try:
                published[row.name] = _uscf_rating(post, row.pair, "post-event")
            except InvalidInputError as error:  # not needed to rate the event
                notes.append(f"{error}; not compared")
    if missing:
        notes.append(
            f"{missing} player{'s' if missing != 1 else ''} show no {chosen} rating: "
            "taken as unrated"
        )
    others = sorted(set(systems) - {chosen})
    if others:
        notes.append(f"the page also shows {', '.join(others)} ratings; rated here: {chosen}")
    if section.skipped:
        count = len(section.skipped)
        notes.append(
            f"skipped {count} line{'s' if count != 1 else ''} of text between the players "
            f"(headings; first on line {section.skipped[0]})"
        )
    when = section.date or date
    event = assemble(
        players,
        section.entries,
        date=None if when is None else when[0],
        name=" - ".join(part for part in (name, section.title) if part),
    )
    return ImportedEvent(
        event=event,
        source_format="crosstable",
        date_source="" if when is None else when[1],
        notes=tuple(notes),
        section=section.title,
        published=published,
        rating_system=chosen,
        dual_rated=chosen == "R" and "Q" in systems,
        member_ids=members,
    )


def read_crosstables(
    text: str, section: str | None = None, rating: str | None = None
) -> tuple[ImportedEvent, ...]:
    name, date, sections = _read_page(text)
    picked = _pick_sections(sections, section)
    if rating is not None:  # only the sections that show that rating line
        wanted = rating.strip().upper()
        showing = [one for one in picked if any(wanted in row.ratings for row in one.rows)]
        if not showing:
            shown = sorted({label for one in picked for row in one.rows for label in row.ratings})
            raise InvalidInputError(
                f"rating {rating!r}: no player shows it; the page shows {', '.join(shown)}"
            )
        picked = showing
    return tuple(_crosstable_event(name, date, one, rating) for one in picked)


def _one_section(text: str, section: str | None) -> ImportedEvent:
    events = read_crosstables(text, section)
    if len(events) > 1:
        _, _, sections = _read_page(text)
        listed = ", ".join(_section_label(s) for s in sections)
        raise InvalidInputError(
            f"the page has {len(events)} sections ({listed}); pick one "
            "(xlrating: --section NAME or number)"
        )
    return events[0]


def parse_uscf_crosstable(text: str, *, section: str | None = None) -> Event:
    r"""Read a US Chess crosstable (the text table of the US Chess ratings site) into an Event.

    Each player has two lines: ``pair | NAME | total | round cells`` and ``state | ID /
    R: pre->post | ... | colour cells``; a dual-rated event may add a line with a blank
    first cell and the Quick rating (``|  Q: 1750 ->1760 |``).  Round cells: ``W 3``,
    ``L 3``, ``D 3`` a win, loss or draw against pair 3; ``H`` half-point bye (0.5), ``B``
    full-point bye (1), ``U`` or an empty cell an unplayed round (0, as for a withdrawn
    player's later rounds); ``X`` / ``F`` a forfeit win / loss.  US Chess uploads usually
    omit the forfeit's opponent: ``X`` or ``F`` without a pair number becomes a one-player
    row with ``black=None``, ``kind="forfeit"`` and 1 or 0 points; with a pair number it
    is a forfeit pairing both sides must agree on.

    Pre-event rating: ``1702`` established (games None: unknown), ``1366P14``
    provisional on 14 games, ``Unrated`` (rating None, games 0).  A suffix after the
    number starting with ``/``, ``*``, ``(`` or ``[``, or an ``F`` (a floor shown), is
    ignored; any other text raises, naming the pair number.  Text lines without a ``|``
    (the page's title, event and section lines, team headings, a footer) are skipped;
    the event's name comes from an ``Event Name`` line and its date from an ``Event
    Date(s)`` line (the last date: the end), when the page has them.

    :param text: the crosstable page as text.
    :param section: the section to read (its number or name) when the page has several.
    :returns: players by pair number and one Game per pairing or bye.
    :raises InvalidInputError: on a malformed line, an unreadable rating, views that
        disagree, or a page of several sections without *section*.

    >>> table = "\n".join([
    ...     " Pair | Player Name                     |Total|Round|",
    ...     " Num  | USCF ID / Rtg (Pre->Post)       | Pts |  1  |",
    ...     "    1 | ALICE EXAMPLE                   |1.0  |W   2|",
    ...     "   ON | 12345678 / R: 1702   ->1710     |     |B    |",
    ...     "    2 | BOB SAMPLE                      |0.0  |L   1|",
    ...     "   MI | 23456789 / R: 1366P14->1360P15  |     |W    |",
    ... ])
    >>> event = parse_uscf_crosstable(table)
    >>> [(p.name, p.rating, p.games) for p in event.players]
    [('ALICE EXAMPLE', 1702.0, None), ('BOB SAMPLE', 1366.0, 14)]
    >>> [(g.round, g.white, g.black, g.white_score, g.kind) for g in event.games]
    [(1, 'BOB SAMPLE', 'ALICE EXAMPLE', 0.0, 'played')]
    """
    return _one_section(text, section).event


def crosstable_post_ratings(
    text: str, *, section: str | None = None
) -> dict[str, tuple[float | None, int | None]]:
    r"""The post-event ratings a US Chess crosstable shows: name -> (rating, games).

    ``->1745`` gives (1745.0, None) (established, games unknown), ``->1390P18`` gives
    (1390.0, 18), ``->Unrated`` gives (None, 0).  Players whose cell shows no ``->``
    are left out.  Use it to compare xlrating's event rating with US Chess's.

    :param text: the crosstable page as text.
    :param section: the section (number or name) when the page has several.
    :raises InvalidInputError: on a malformed table or an unreadable post-event rating.

    >>> table = "\n".join([
    ...     " Pair | Player Name                     |Total|Round|",
    ...     " Num  | USCF ID / Rtg (Pre->Post)       | Pts |  1  |",
    ...     "    1 | ALICE EXAMPLE                   |1.0  |W   2|",
    ...     "   ON | 12345678 / R: 1702   ->1710     |     |B    |",
    ...     "    2 | BOB SAMPLE                      |0.0  |L   1|",
    ...     "   MI | 23456789 / R: 1366P14->1360P15  |     |W    |",
    ... ])
    >>> crosstable_post_ratings(table)
    {'ALICE EXAMPLE': (1710.0, None), 'BOB SAMPLE': (1360.0, 15)}
    """
    event = _one_section(text, section)
    _, _, sections = _read_page(text)
    (picked,) = _pick_sections(sections, section) if section is not None else sections
    posts = {row.name: row.ratings.get(event.rating_system, ("", None))[1] for row in picked.rows}
    pairs = {row.name: row.pair for row in picked.rows}
    return {
        name: _uscf_rating(post, pairs[name], "post-event")
        for name, post in posts.items()
        if post is not None
    }
