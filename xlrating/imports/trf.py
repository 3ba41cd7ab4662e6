"""FIDE TRF-16 files: :func:`parse_trf` and the reading that notes what it skipped."""

from __future__ import annotations

import datetime as _dt
import re
from typing import Final, Literal

from ..errors import InvalidInputError
from ..rating._check import MAX_RATING, show
from ..rating.tournament import Event, Player
from .dates import find_dates
from .records import DIGITS, Entry, ImportedEvent, add_player, assemble, check_name, split_lines

# Source for every TRF constant below: FIDE Handbook C.04 Annex 2, "Format of TRF
# (Tournament Report File)" (TRF16: C. Krause, Torino 2006-06-01; updated Tromsø
# 2014-08-13; approved Elista 2015-08-10), https://www.fide.com/FIDE/handbook/C04Annex2_TRF16.pdf

# Player section: round 1 is "92 - 95 Player or forfeit id", "97 Scheduled color",
# "99 Result"; round 2 is 102-105/107/109, "and so on" (1-based columns).
TRF_FIRST_ROUND_COLUMN: Final = 92


TRF_ROUND_WIDTH: Final = 10
#: Most rounds one player line may hold (an engineering bound, not TRF16's: a double
#: round robin of 500 players has 998 rounds; 380,000 blocks once took 4 GB to import).
MAX_TRF_ROUNDS: Final = 1_000


# Result codes of a bye: "H half-point-bye", "F full-point-bye", "U pairing-allocated bye
# ... (U for player unpaired by the system)", "Z zero-point-bye", "(blank) equivalent to Z".
# The pairing-allocated bye is worth "usually the same as a win" (note on Points, 81-84).
_TRF_HALF_BYE: Final = 0.5


_TRF_FULL_BYE: Final = 1.0


_TRF_PAIRING_ALLOCATED_BYE: Final = 1.0


_TRF_ZERO_BYE: Final = 0.0


_TRF_BYE_POINTS: Final[dict[str, float]] = {
    "H": _TRF_HALF_BYE,
    "F": _TRF_FULL_BYE,
    "U": _TRF_PAIRING_ALLOCATED_BYE,
    "Z": _TRF_ZERO_BYE,
    " ": _TRF_ZERO_BYE,
    # Older exports write a game result against opponent 0000; "0000" means "the player
    # had a bye ... or was not paired", so the result is read as the bye's points.
    "1": 1.0, "+": 1.0, "W": 1.0,
    "=": 0.5, "D": 0.5,
    "0": 0.0, "-": 0.0, "L": 0.0,
}  # fmt: skip


# Result codes of a scheduled game: "- forfeit loss", "+ forfeit win"; "W win / D draw /
# L loss: the scheduled game lasted less than one move, not rated"; "1 win, = draw, 0 loss"
# for a regular game.  "Letter codes are case-insensitive."
_TRF_GAME_CODES: Final = frozenset("10=+-WDL")


_TRF_RESULT_CODES: Final = frozenset("10=+-WDLHFUZ ")


# Colour: "w", "b", "- (minus) if the player had a bye or was not paired", blank = "-".
_TRF_COLOURS: Final[dict[str, Literal["w", "b"] | None]] = {
    "w": "w", "b": "b", "-": None, " ": None,
}  # fmt: skip


#: Player section fields read here and written by :mod:`.trf_write` (1-based columns,
#: inclusive): "5 - 8 Starting rank", "15 - 47 Name", "49 - 52 FIDE Rating".
TRF_START_RANK: Final = (5, 8)


#: See :data:`TRF_START_RANK`.
TRF_NAME: Final = (15, 47)


#: See :data:`TRF_START_RANK`.
TRF_RATING: Final = (49, 52)


#: "58 - 68 FIDE Number" (read: the player's FIDE ID, which matches him on a club's
#: Players sheet).
TRF_FIDE_ID: Final = (58, 68)


#: "70 - 79 Birth Date Format: YYYY/MM/DD" (only the year is read: a junior's K).
TRF_BIRTH: Final = (70, 79)


_TRF_BIRTH_YEAR: Final = re.compile(r"\s*((?:19|20)[0-9]{2})\b")


# One round block as TRF-16 lays it out, and the same fields written one space off.
_TRF_BLOCK: Final = re.compile(r"[ 0-9]{4} [wWbB\- ] [10=+\-WDLHFUZwdlhfuz ] *")


_TRF_TOKEN: Final = re.compile(r"\s*([0-9]{1,4})\s+([wWbB-])\s+([10=+\-WDLHFUZwdlhfuz])(?=\s|$)")


_TRF_TOKENS: Final = re.compile(r"(?:\s*[0-9]{1,4}\s+[wWbB-]\s+[10=+\-WDLHFUZwdlhfuz](?=\s|$))+\s*")


# Records of the TRF-16 header (skipped silently: they say nothing about games) and the
# records that are skipped with a note: 013 team records (TRF-16 "Team section") and the
# XX* extension records of JaVaFo and bbpPairings (XXR rounds, XXC colour, XXS scoring...).
_TRF_HEADER_RECORDS: Final = frozenset(
    ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132")
)


_TRF_RECORD: Final = re.compile(r"[0-9A-Za-z]{3}(?: |$)")


# Lichess writes its Swiss tournaments as TRF (lila, modules/swiss SwissTrf.scala): "022
# https://lichess.org/swiss/<id>" and "032 Lichess".
_LICHESS: Final = re.compile(r"\blichess\b", re.IGNORECASE)


TRF_START: Final = re.compile(r"[0-9]{3}(?: |$)")


def _field(line: str, columns: tuple[int, int]) -> str:
    """The text of 1-based inclusive *columns* of a (padded) line."""
    return line[columns[0] - 1 : columns[1]]


def _trf_block(block: str, line: int, rnd: int, pair: int) -> Entry:
    """One 10-column round block of a player line (opponent, colour, result)."""
    raw = block.rstrip()
    where = f"line {line}: round {rnd}"
    opponent_text, colour_text, result_text = block[0:4], block[5], block[7]
    if block[4] != " " or block[6] != " " or block[8:].strip():
        raise InvalidInputError(
            f"{where}: expected opponent (4 columns), colour and result, got {show(raw)}"
        )
    if opponent_text.strip() and not DIGITS.fullmatch(opponent_text):
        raise InvalidInputError(f"{where}: opponent must be a start rank, got {show(raw)}")
    colour_key = colour_text.lower()
    if colour_key not in _TRF_COLOURS:
        raise InvalidInputError(f"{where}: colour must be w, b or -, got {show(raw)}")
    code = result_text.upper()
    if code not in _TRF_RESULT_CODES:
        raise InvalidInputError(
            f"{where}: result must be 1, =, 0, +, -, W, D, L, H, F, U or Z, got {show(raw)}"
        )
    opponent = int(opponent_text) if opponent_text.strip() else 0
    if opponent == 0:
        return Entry(line, raw, None, None, points=_TRF_BYE_POINTS[code], kind="bye")
    if opponent == pair:
        raise InvalidInputError(f"{where}: player {pair} is paired with himself, got {show(raw)}")
    if code not in _TRF_GAME_CODES:
        raise InvalidInputError(
            f"{where}: a bye or absence (H, F, U, Z or blank) cannot have an opponent, "
            f"got {show(raw)}"
        )
    return Entry(line, raw, opponent, _TRF_COLOURS[colour_key], code)


def _trf_rounds(line: str, number: int) -> tuple[list[str], str]:
    """The 10-column round blocks of a 001 line from column 92, and a note when they had to
    be read by their order because the line is not in TRF-16's columns (a program that
    writes one space too many or too few); such blocks are laid out again in the columns."""
    area = line[TRF_FIRST_ROUND_COLUMN - 1 :].rstrip()
    blocks = [
        area[start : start + TRF_ROUND_WIDTH].ljust(TRF_ROUND_WIDTH)
        for start in range(0, len(area), TRF_ROUND_WIDTH)
    ]
    if all(_TRF_BLOCK.fullmatch(block) for block in blocks):
        return blocks, ""
    if _TRF_TOKENS.fullmatch(area):
        tokens = _TRF_TOKEN.findall(area)
        blocks = [
            f"{opp:>4} {colour} {result}".ljust(TRF_ROUND_WIDTH) for opp, colour, result in tokens
        ]
        return blocks, (
            f"line {number}: round results are not in TRF-16's 10-column blocks from column "
            f"92; read as {len(blocks)} rounds in order"
        )
    return blocks, ""  # _trf_block names the block that cannot be read


def trf_fide_id(line: str, number: int, notes: list[str]) -> str | None:
    """The FIDE ID of a ``001`` line (columns 58-68), or None: blank or 0 (no ID), or not
    a number (noted in *notes*, not used)."""
    text = _field(line.ljust(TRF_FIDE_ID[1]), TRF_FIDE_ID).strip()
    if not text or (DIGITS.fullmatch(text) and not int(text)):
        return None
    if DIGITS.fullmatch(text):
        return str(int(text))
    notes.append(
        f"line {number}: the FIDE number (columns 58-68) is not a number, got {show(text)}; "
        "not used"
    )
    return None


def _trf_player(line: str, number: int) -> tuple[int, Player, list[str], int | None, str]:
    """Start rank, player, raw round blocks, birth year (or None) and a note (or "") of one
    ``001`` line."""
    if "\t" in line:
        raise InvalidInputError(
            f"line {number}: a tab breaks the fixed columns of TRF, got {show(line)}"
        )
    padded = line.ljust(TRF_FIRST_ROUND_COLUMN - 1)
    rank_text = _field(padded, TRF_START_RANK)
    if padded[3] != " " or padded[8] != " " or not DIGITS.fullmatch(rank_text):
        raise InvalidInputError(
            f"line {number}: start rank must be a number in columns 5-8, got {show(padded[:12])}"
        )
    pair = int(rank_text)
    if pair == 0:
        raise InvalidInputError(
            f"line {number}: start rank must be 1 to 9999, got {show(padded[:12])}"
        )
    name = _field(padded, TRF_NAME).strip()
    if not name:
        raise InvalidInputError(
            f"line {number}: name (columns 15-47) is blank, got {show(padded[:47].rstrip())}"
        )
    rating_text = _field(padded, TRF_RATING)
    rating_area = padded[TRF_RATING[0] - 2 : TRF_RATING[1] + 1]
    if (
        rating_area[0] != " "
        or rating_area[-1] != " "
        or (rating_text.strip() and not DIGITS.fullmatch(rating_text))
    ):
        raise InvalidInputError(
            f"line {number}: FIDE rating must be a number in columns 49-52, got {show(rating_area)}"
        )
    rating = int(rating_text) if rating_text.strip() else 0
    if rating > MAX_RATING:
        raise InvalidInputError(
            f"line {number}: FIDE rating must be at most {MAX_RATING:g}, got {show(rating_text)}"
        )
    first = TRF_FIRST_ROUND_COLUMN - 1
    if padded[first - 2 : first].strip():
        raise InvalidInputError(
            f"line {number}: columns 90-91 must be blank, got {show(padded[first - 2 :])}"
        )
    rounds = line[first:].rstrip()
    if len(rounds) > MAX_TRF_ROUNDS * TRF_ROUND_WIDTH:
        count = -(-len(rounds) // TRF_ROUND_WIDTH)
        raise InvalidInputError(f"line {number}: {count:,} rounds (limit {MAX_TRF_ROUNDS:,})")
    blocks, note = _trf_rounds(line, number)
    check_name(name, "the player's name", number, _name_column(padded))
    # "FIDE Rating" blank or 0: the player is unrated (no rating, no games).  A TRF
    # does not say how many games a rating rests on: games None (unknown).
    player = Player(name, float(rating), None) if rating else Player(name, None, 0)
    born = _TRF_BIRTH_YEAR.match(_field(padded, TRF_BIRTH))
    return pair, player, blocks, int(born.group(1)) if born else None, note


def _name_column(padded: str) -> int:
    """The 1-based column where the (stripped) name of a 001 line starts."""
    field = _field(padded, TRF_NAME)
    return TRF_NAME[0] + len(field) - len(field.lstrip())


def parse_trf(text: str) -> Event:
    r"""Read a FIDE TRF-16 tournament report (Swiss-Manager, Vega, JaVaFo) into an Event.

    Record 012 gives the event name and 042 its date (052, the end date, if 042 is
    absent); each 001 record is a player (start rank, name, FIDE rating) followed by one
    10-column block per round: opponent's start rank, colour, result.  Other records
    (022, 032, 062, 092, 102, 132, team 013, TRFx XX* records...) are skipped.

    Result codes: ``1 = 0`` a played game; ``+ -`` a forfeit; ``W D L`` a game that
    "lasted less than one move" and is not rated, recorded as kind ``"forfeit"`` with its
    score (Game has no kind for an unrated game; "forfeit" keeps it out of the rating);
    ``H`` a half-point bye (0.5), ``F`` a full-point bye (1), ``U`` the pairing-allocated
    bye (1, "usually the same as a win" per TRF16), ``Z`` or blank a zero-point bye /
    absence (0).  Opponent ``0000`` or blank always means a bye.  Codes are
    case-insensitive.

    A FIDE rating of 0 or blank means unrated (rating None, games 0); a TRF does not give
    the number of games a rating rests on, so rated players have games None.

    :param text: the whole file as text (the caller decodes it).
    :returns: the players in start-rank order and one Game per pairing or bye.
    :raises InvalidInputError: on a malformed line (its number and the offending part are
        quoted) or when the two players' views of a pairing disagree.

    >>> trf = "\n".join([
    ...     "012 Club match",
    ...     "042 2024/03/15",
    ...     "001    1 m    Smith, Adam                       2100 ENG     1234567 1990/01/01"
    ...     "  1.0    1     2 w 1",
    ...     "001    2 m    Jones, Bob                           0 ENG     7654321 1991/02/02"
    ...     "  0.0    2     1 b 0",
    ... ])
    >>> event = parse_trf(trf)
    >>> event.name, event.date
    ('Club match', datetime.date(2024, 3, 15))
    >>> event.players[1]
    Player(name='Jones, Bob', rating=None, games=0, floor=0.0, age=None)
    >>> [(g.round, g.white, g.black, g.white_score, g.kind) for g in event.games]
    [(1, 'Smith, Adam', 'Jones, Bob', 1.0, 'played')]
    """
    return read_trf(text).event


def _trf_header_date(
    text: str, number: int, record: str, what: str, notes: list[str]
) -> tuple[_dt.date, str] | None:
    """A date of record 042 or 052 (the first or last date it holds), or None with a note."""
    if not text.strip():
        return None
    days, why = find_dates(text)
    if not days:
        reason = why[0] if why else f"{text.strip()!r} is not a date"
        notes.append(f"line {number}: the {what} date of record {record} is not read: {reason}")
        return None
    day = days[0] if record == "042" else days[-1]
    return day, f"record {record} ({what} date) on line {number}"


def _trf_round_dates(line: str, number: int, notes: list[str]) -> tuple[_dt.date, str] | None:
    """The last round date of record 132 ("YY/MM/DD" per round from column 92)."""
    area = line[TRF_FIRST_ROUND_COLUMN - 1 :] if len(line) >= TRF_FIRST_ROUND_COLUMN else line[4:]
    days, why = find_dates(area, year_first=True)
    if why:
        notes.append(f"line {number}: record 132 (round dates): {why[0]}; not used")
    if not days:
        return None
    return max(days), f"record 132 (the last round date) on line {number}"


def _skipped_notes(skipped: dict[str, list[int]]) -> list[str]:
    """One note per kind of record skipped: its kind, how many lines, the first."""
    notes = []
    for record, numbers in skipped.items():
        kind = (
            "team record" if record == "013"
            else "extension record (JaVaFo/bbpPairings)" if record.upper().startswith("XX")
            else "record of an unknown kind"
        )  # fmt: skip
        count = f"{len(numbers)} lines" if len(numbers) > 1 else "1 line"
        notes.append(f"skipped {record} ({kind}, {count}, first on line {numbers[0]})")
    return notes


def read_trf(text: str) -> ImportedEvent:
    """A TRF read into an :class:`ImportedEvent` (see :func:`parse_trf`)."""
    lines = split_lines(text)
    name: str | None = None
    dates: dict[str, tuple[_dt.date, str]] = {}
    notes: list[str] = []
    skipped: dict[str, list[int]] = {}
    players: dict[int, Player] = {}
    lines_of: dict[int, int] = {}
    names: dict[str, int] = {}
    blocks_of: dict[int, list[str]] = {}
    born: dict[str, int] = {}
    fide_ids: dict[str, str] = {}
    lichess = ""
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        if not _TRF_RECORD.match(line):
            raise InvalidInputError(
                f"line {number}: not a TRF record (3-character code such as 001 and a "
                f"space), got {show(line)}"
            )
        record = line[:3]
        if record == "001":
            pair, player, blocks, year, note = _trf_player(line, number)
            padded = line.ljust(TRF_FIRST_ROUND_COLUMN - 1)
            add_player(
                players, lines_of, names, pair, player, number, line[:47].rstrip(),
                _name_column(padded),
            )  # fmt: skip
            blocks_of[pair] = blocks
            if year is not None:
                born[player.name] = year
            fide_id = trf_fide_id(line, number, notes)
            if fide_id is not None:
                fide_ids[player.name] = fide_id
            if note:
                notes.append(note)
        elif record == "012" and name is None:
            name = line[4:].strip()
            check_name(name, "the event's name", number, 5 + len(line[4:]) - len(line[4:].lstrip()))
        elif record in ("042", "052"):
            what = "start" if record == "042" else "end"
            found = _trf_header_date(line[4:], number, record, what, notes)
            if found is not None and record not in dates:
                dates[record] = found
        elif record in ("022", "032") and _LICHESS.search(line[4:]) and not lichess:
            lichess = line[4:].strip()
        elif record == "132":
            found = _trf_round_dates(line, number, notes)
            if found is not None and "132" not in dates:
                dates["132"] = found
        elif record not in _TRF_HEADER_RECORDS:
            skipped.setdefault(record, []).append(number)
    if not players:
        raise InvalidInputError("text has no player record (lines starting with 001)")
    notes.extend(_skipped_notes(skipped))
    if lichess:
        notes.append(
            f"a Lichess Swiss ({lichess}): its ratings are Lichess ratings, read as the "
            "file's ratings (Lichess writes them where TRF-16 has the FIDE rating)"
        )
    rounds = max(len(blocks) for blocks in blocks_of.values())
    entries: dict[tuple[int, int], Entry] = {}
    blank = " " * TRF_ROUND_WIDTH
    for pair, blocks in blocks_of.items():
        for rnd in range(1, rounds + 1):
            block = blocks[rnd - 1] if rnd <= len(blocks) else blank
            entries[rnd, pair] = _trf_block(block, lines_of[pair], rnd, pair)
    # The rules go by the date the event ENDS (US Chess picks the bonus by "events ending
    # on or after" a date): record 052, else the last round date of 132, else 042.
    chosen = next((dates[key] for key in ("052", "132", "042") if key in dates), None)
    event = assemble(players, entries, date=None if chosen is None else chosen[0], name=name or "")
    return ImportedEvent(
        event=event,
        source_format="trf",
        date_source="" if chosen is None else chosen[1],
        notes=tuple(notes),
        birth_years=born,
        fide_ids=fide_ids,
    )
