r"""Importers: a FIDE TRF-16 file or a US Chess crosstable, read into an :class:`Event`.

Pure text parsing: every function takes the *text* of a file (the caller opens it) and
returns the vocabulary of :mod:`xlrating.tournament`.  Nothing here computes a rating.

How both formats become games:

* A pairing appears ONCE although the file shows it twice (once in each player's row).
  The two views must agree (same round, each naming the other, complementary results,
  opposite colours where both are given); otherwise :class:`InvalidInputError` names the
  round and both pair numbers.
* Who had White: the colour shown in either view.  When neither view gives a colour, the
  player with the LOWER pair number (start rank) is taken to be White.  Colour does not
  change a rating; the choice only fixes how the game row is written.
* Byes are rows with ``black=None`` and ``kind="bye"``; ``white_score`` is the points the
  bye gives (1 full-point bye, 0.5 half-point bye, 0 unplayed round / zero-point bye).
* Players are listed by pair number (start rank); games by round, then pairings by the
  lower pair number of the two players, then byes by pair number.

Malformed input raises :class:`InvalidInputError` with one line naming the line number
and quoting the offending part.  Random text never raises anything else.

Files as other programs write them (:func:`read_tournament` says what it did in
:attr:`ImportedEvent.notes`): a date is never a reason to refuse a file (:func:`find_dates`
reads the common forms; one that cannot be read is noted and the next source is used);
TRF team (013), extension (``XX*``) and unknown records are skipped with a note; a 001
line whose round blocks are off TRF-16's columns is read by the order of its blocks,
with a note; crosstable pages may hold several sections, ``Event Name`` and ``Event
Date(s)`` lines, dual-rated ``Q:`` lines, headings and a footer.

Names (of players and events) that a workbook cannot hold are refused naming line and
column (:func:`xlrating.tournament.name_problem`): characters XML 1.0 cannot carry, more
than 32,767 characters, two players whose names differ only in spacing or case
(:func:`xlrating.tournament.name_key`), and a player named like the bye marker ``BYE``
(refused rather than kept: a games table could not tell the two apart).  A name that a
spreadsheet would read as a formula or an error (``=SUM(A1)``, ``+1``, ``@x``, ``#N/A``)
is kept as it is, a plain ``str``: storing it as text is the writer's job.

:func:`decode_text` turns a file's bytes into that text (UTF-8, UTF-16 or UTF-32 with a
byte-order mark, UTF-16 without one, else Windows-1252 or Latin-1) and refuses, in one
line naming the line, what is not text: NUL and other control characters, a file larger
than :data:`MAX_TEXT_BYTES`.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final, Literal

from ._check import MAX_RATING, show
from .errors import InvalidInputError
from .tournament import BYE, Event, Game, GameKind, Player, name_key, name_problem

__all__ = [
    "MAX_TEXT_BYTES",
    "TRF_FIRST_ROUND_COLUMN",
    "TRF_ROUND_WIDTH",
    "TWO_DIGIT_YEAR_PIVOT",
    "ImportedEvent",
    "crosstable_post_ratings",
    "decode_text",
    "find_dates",
    "parse_any",
    "parse_trf",
    "parse_uscf_crosstable",
    "read_date",
    "read_tournament",
]

# --- FIDE TRF-16 ---------------------------------------------------------------------
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
# Player section fields used here (1-based columns, inclusive).
_TRF_RANK: Final = (5, 8)
_TRF_NAME: Final = (15, 47)
_TRF_RATING: Final = (49, 52)
# "70 - 79 Birth Date Format: YYYY/MM/DD" (only the year is used: a junior's K).
_TRF_BIRTH: Final = (70, 79)
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

# --- US Chess crosstables ------------------------------------------------------------
# US Chess crosstable codes, from the help of the US Chess online crosstable editing form
# as quoted on the US Chess forum (uschess.discourse.group/t/reporting-tournaments-online/
# 1986): H half point bye, B full point bye, X forfeit win, F forfeit loss, U "unpaired in
# that round (or a zero point bye)"; "for all of the above, the opponent's pairing number
# should be blank or zero".  W, L, D are a win, loss or draw against the pair number shown.
_USCF_BYE_POINTS: Final[dict[str, float]] = {"H": 0.5, "B": 1.0, "U": 0.0}
_USCF_FORFEIT_POINTS: Final[dict[str, float]] = {"X": 1.0, "F": 0.0}
# Crosstable letters mapped onto the TRF codes used internally for a pairing.
_USCF_GAME_CODES: Final[dict[str, str]] = {"W": "1", "L": "0", "D": "=", "X": "+", "F": "-"}

# --- shared ----------------------------------------------------------------------------
# White's score for a pairing code (the TRF alphabet; crosstables are mapped onto it).
_SCORE: Final[dict[str, float]] = {
    "1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "W": 1.0, "D": 0.5, "L": 0.0,
}  # fmt: skip
# The codes the opponent may show for the same pairing ("-" against "-": double forfeit).
_PARTNER: Final[dict[str, frozenset[str]]] = {
    "1": frozenset("0"), "0": frozenset("1"), "=": frozenset("="),
    "+": frozenset("-"), "-": frozenset("+-"),
    "W": frozenset("L"), "L": frozenset("W"), "D": frozenset("D"),
}  # fmt: skip
# Codes of a game actually played (and so rated); the others become kind "forfeit".
_PLAYED: Final = frozenset("10=")

_LINE_BREAK: Final = re.compile(r"\r\n|\r|\n")
_DIGITS: Final = re.compile(r" *[0-9]+")
_TRF_RECORD: Final = re.compile(r"[0-9A-Za-z]{3}(?: |$)")
_TRF_START: Final = re.compile(r"[0-9]{3}(?: |$)")
_HEADER: Final = re.compile(r"\s*Pair\s*\|")
# Pair numbers are bounded (6 digits) so that no text can make int() refuse a number.
_PLAYER_LINE: Final = re.compile(r"\s*([0-9]{1,6})\s*\|")
_RULE: Final = re.compile(r"\s*-{3,}\s*")
_ROUND_CELL: Final = re.compile(r"([A-Za-z])\s*([0-9]{0,6})")
_RATING_CELL: Final = re.compile(
    r"(?:[^\s/|]*\s*/\s*)?(?:(?P<sys>[A-Za-z]{1,3}):\s*)?(?P<pre>\S+?)\s*(?:->\s*(?P<post>\S+))?"
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

# --- reading a file's bytes -------------------------------------------------------------
#: Largest tournament file read (an engineering limit, not a FIDE or US Chess rule: a
#: 1,000-player, 15-round TRF has about 200 KB).
MAX_TEXT_BYTES: Final = 4 * 1024 * 1024
# Byte-order marks, longest first (UTF-32 LE starts like UTF-16 LE).
_BOMS: Final = (
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xef\xbb\xbf", "utf-8"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)
# Control characters no text file holds: all of C0 and C1 but tab, line feed, vertical
# tab, form feed, carriage return and the DOS end-of-file mark (Ctrl-Z) older programs append.
_CONTROL: Final = re.compile(r"[\x00-\x08\x0e-\x19\x1b-\x1f\x7f-\x9f]")

Colour = Literal["w", "b"]


@dataclass(frozen=True, slots=True)
class _Entry:
    """One player's view of one round, as read from the file."""

    #: 1-based line number the entry was read from.
    line: int
    #: The entry's text, quoted in messages.
    raw: str
    #: Opponent's pair number, or None for a round without an opponent.
    opponent: int | None
    #: Colour shown, or None if not shown.
    colour: Colour | None
    #: For a pairing, the result code in the TRF alphabet ("1", "0", "=", "+", "-", ...).
    code: str = ""
    #: For a round without opponent, the points it gives and its kind.
    points: float = 0.0
    kind: GameKind = "bye"


@dataclass(frozen=True, slots=True)
class ImportedEvent:
    """One event read from a tournament file, with what the file says around it."""

    #: The players and games.  ``event.date`` is the date that picks the rules (None when
    #: the file gives none) and ``event.name`` the name the file gives ("" if none).
    event: Event
    #: ``"trf"`` or ``"crosstable"``.
    source_format: Literal["trf", "crosstable"]
    #: Where ``event.date`` was read, e.g. ``record 052 (end date) on line 5``; "" if nowhere.
    date_source: str = ""
    #: What was read leniently or skipped (one line each), e.g. ``skipped 013 (team record...)``.
    notes: tuple[str, ...] = ()
    #: A crosstable's section name ("" for a TRF or a page with one unnamed section).
    section: str = ""
    #: Published post-event ratings (crosstables): name -> (rating or None if unrated, games
    #: if provisional else None); players without a ``->`` are left out.
    published: dict[str, tuple[float | None, int | None]] = field(default_factory=dict)
    #: Birth years a TRF gives (name -> year), for a FIDE junior's K.
    birth_years: dict[str, int] = field(default_factory=dict)
    #: Which rating a crosstable's players entered with: "R" regular, "Q" quick, "B" blitz,
    #: as the page labels it ("" for a TRF).
    rating_system: str = ""
    #: True when the crosstable shows a Regular and a Quick rating for its players: the
    #: Regular rating of a dual-rated event (US Chess's reduced K above 2200).
    dual_rated: bool = False


def _split_lines(text: object) -> list[str]:
    """The lines of *text* (any line ending; a leading byte-order mark dropped)."""
    if not isinstance(text, str):
        raise InvalidInputError(f"text must be the text of a file, got {show(text)}")
    # A DOS end-of-file mark (Ctrl-Z) that older programs append ends the text.
    return _LINE_BREAK.split(text.removeprefix("\ufeff").rstrip("\x1a"))


def _assemble(
    players: dict[int, Player],
    entries: dict[tuple[int, int], _Entry],
    *,
    date: _dt.date | None,
    name: str,
) -> Event:
    """Turn every player's view of every round into one row per pairing or bye."""
    rows: list[tuple[tuple[int, int, int], Game]] = []
    for (rnd, pair), entry in sorted(entries.items()):
        me = players[pair].name
        opp = entry.opponent
        if opp is None:
            rows.append(((rnd, 1, pair), Game(rnd, me, None, entry.points, entry.kind)))
            continue
        if opp not in players:
            raise InvalidInputError(
                f"line {entry.line}: round {rnd}: opponent {opp} of pair {pair} is not "
                f"a pair number in this file, got {show(entry.raw)}"
            )
        other = entries.get((rnd, opp))
        if other is None or other.opponent != pair:
            shown = "no entry" if other is None else f"{show(other.raw)} (line {other.line})"
            raise InvalidInputError(
                f"round {rnd}: pair {pair} lists pair {opp} as opponent (line {entry.line}) "
                f"but pair {opp} shows {shown}"
            )
        if pair > opp:
            continue  # written from the lower pair number's side
        if other.code not in _PARTNER[entry.code] or (
            entry.colour is not None and entry.colour == other.colour
        ):
            raise InvalidInputError(
                f"round {rnd}: pairs {pair} and {opp} disagree: line {entry.line} shows "
                f"{show(entry.raw)}, line {other.line} shows {show(other.raw)}"
            )
        if entry.colour == "b" or other.colour == "w":
            white, black, white_pair, black_pair = other, entry, opp, pair
        else:  # entry shows White, other shows Black, or neither: lower pair is White
            white, black, white_pair, black_pair = entry, other, pair, opp
        kind: GameKind = "played" if white.code in _PLAYED else "forfeit"
        black_score = 0.0 if white.code == "-" and black.code == "-" else None
        game = Game(
            rnd,
            players[white_pair].name,
            players[black_pair].name,
            _SCORE[white.code],
            kind,
            black_score,
        )
        rows.append(((rnd, 0, pair), game))
    rows.sort(key=lambda row: row[0])
    return Event(
        players=tuple(players[pair] for pair in sorted(players)),
        games=tuple(game for _, game in rows),
        date=date,
        name=name,
    )


def _check_name(name: str, what: str, line: int, column: int) -> None:
    """Refuse, naming line and column, a name no workbook can hold (see
    :func:`xlrating.tournament.name_problem`)."""
    problem = name_problem(name)
    if problem is not None:
        offset, reason = problem
        raise InvalidInputError(f"line {line}, column {column + offset}: {what} holds {reason}")


def _add_player(
    players: dict[int, Player],
    lines_of: dict[int, int],
    names: dict[str, int],  # name_key -> pair number
    pair: int,
    player: Player,
    line: int,
    quote: str,
    column: int = 1,
) -> None:
    """Register a player, refusing a pair number or a name seen before.

    Names are also refused when a workbook could not tell them apart from another
    player's (same once spaces and case are ignored, as :func:`xlrating.tournament.name_key`
    matches them) or from the bye marker of a games table (:data:`BYE`); *column* is where
    the name starts on its line.
    """
    _check_name(player.name, "the player's name", line, column)
    if pair in players:
        raise InvalidInputError(
            f"line {line}: pair number {pair} is already used on line {lines_of[pair]}, "
            f"got {show(quote)}"
        )
    key = name_key(player.name)
    if key == name_key(BYE):
        raise InvalidInputError(
            f"line {line}: a player named {show(player.name)} cannot be told from the bye "
            f"marker {BYE!r} of a games table; rename the player (e.g. 'Bye, Ann')"
        )
    if key in names:
        other_pair = names[key]
        other = players[other_pair].name
        if other == player.name:
            raise InvalidInputError(
                f"line {line}: name {show(player.name)} is already used by pair {other_pair}"
            )
        raise InvalidInputError(
            f"line {line}: name {show(player.name)} is the same as {show(other)} (pair "
            f"{other_pair}, line {lines_of[other_pair]}) once spaces and case are ignored"
        )
    players[pair] = player
    lines_of[pair] = line
    names[key] = pair


# --- dates as files write them ----------------------------------------------------------

# Two-digit years: 69-99 are 1969-1999 and 00-68 are 2000-2068, the POSIX convention
# (The Open Group Base Specifications, strptime(), %y: "values in the range [69,99] shall
# refer to years 1969 to 1999 inclusive and values in the range [00,68] shall refer to
# years 2000 to 2068 inclusive").
TWO_DIGIT_YEAR_PIVOT: Final = 69
_MONTHS: Final[dict[str, int]] = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january", "jän", "jänner", "janv", "janvier", "ene", "enero", "gen"),
            ("feb", "february", "febr", "februar", "fév", "févr", "février", "fev"),
            ("mar", "march", "mär", "märz", "mars", "marzo"),
            ("apr", "april", "avr", "avril", "abr", "abril"),
            ("may", "mai", "mayo", "maggio"),
            ("jun", "june", "juni", "juin", "junio", "giu"),
            ("jul", "july", "juli", "juil", "juillet", "julio", "lug"),
            ("aug", "august", "août", "aout", "ago", "agosto"),
            ("sep", "sept", "september", "septembre", "set", "septiembre"),
            ("oct", "october", "okt", "oktober", "octobre", "octubre", "ott"),
            ("nov", "november", "novembre", "noviembre"),
            ("dec", "december", "dez", "dezember", "déc", "décembre", "dic", "diciembre"),
        ),
        start=1,
    )
    for name in names
}
_MONTH: Final = r"(?P<mon>[A-Za-zÀ-ÿ]{3,9})\.?"
_DATE_FORMS: Final = (
    # 2020-05-29, 2020/05/29, 2020.05.29, 2020. 05. 29
    re.compile(r"(?P<y>[0-9]{4})\s*(?P<s>[-/.])\s*(?P<m>[0-9]{1,2})\s*(?P=s)\s*(?P<d>[0-9]{1,2})"),
    # 29.05.2020, 28. 07. 2005, 29/05/2020, 05-29-2020 (day or month first: see _numeric)
    re.compile(r"(?P<a>[0-9]{1,2})\s*(?P<s>[-/.])\s*(?P<b>[0-9]{1,2})\s*(?P=s)\s*(?P<y>[0-9]{4})"),
    # 29.05.20, 24/03/15: two-digit years, read only where one reading is a date
    re.compile(r"(?P<a>[0-9]{1,2})\s*(?P<s>[-/.])\s*(?P<b>[0-9]{1,2})\s*(?P=s)\s*(?P<c>[0-9]{2})"),
    # May 29, 2020; May 29 2020; Sept. 3rd, 2020
    re.compile(
        _MONTH + r"\s*(?P<d>[0-9]{1,2})(?:st|nd|rd|th)?(?:\s*,\s*|\s+)(?P<y>[0-9]{4}|'?[0-9]{2})"
    ),
    # 29 May 2020; 29-May-2020; 29. Mai 2020; 29th of May, 2020
    re.compile(
        r"(?P<d>[0-9]{1,2})(?:st|nd|rd|th)?\.?\s*[-/ ]?\s*(?:of\s+)?"
        + _MONTH
        + r"\s*[-/ ,]?\s*(?P<y>[0-9]{4}|'?[0-9]{2})"
    ),
    # 2020 May 29, 2020-May-29
    re.compile(r"(?P<y>[0-9]{4})\s*[-/ ]\s*" + _MONTH + r"\s*[-/ ]\s*(?P<d>[0-9]{1,2})"),
)


def _year(text: str) -> int:
    digits = text.lstrip("'")
    year = int(digits)
    if len(digits) == 2:
        year += 1900 if year >= TWO_DIGIT_YEAR_PIVOT else 2000
    return year


def _date_or_none(year: int, month: int, day: int) -> _dt.date | None:
    try:
        return _dt.date(year, month, day)
    except ValueError:
        return None


def _one_date(match: re.Match[str], year_first: bool) -> tuple[_dt.date | None, str]:
    """The date a match of one of :data:`_DATE_FORMS` stands for, or None and why not."""
    found = match.group()
    groups = match.groupdict()
    if groups.get("mon") is not None:
        month = _MONTHS.get(groups["mon"].lower())
        if month is None:
            return None, f"{found!r}: {groups['mon']!r} is not a month"
        day = _date_or_none(_year(groups["y"]), month, int(groups["d"]))
        return (day, "") if day else (None, f"{found!r} is no such date")
    if groups.get("m") is not None:  # year first
        day = _date_or_none(int(groups["y"]), int(groups["m"]), int(groups["d"]))
        return (day, "") if day else (None, f"{found!r} is no such date")
    a, b, sep = int(groups["a"]), int(groups["b"]), groups["s"]
    readings: list[_dt.date | None]
    if groups.get("c") is not None:  # two-digit year: YY/MM/DD, DD.MM.YY or MM/DD/YY
        c = int(groups["c"])
        if year_first:
            readings = [_date_or_none(_year(groups["a"]), b, c)]
        else:
            readings = [
                _date_or_none(_year(groups["a"]), b, c),
                _date_or_none(_year(groups["c"]), b, a),
            ]
            if sep != ".":
                readings.append(_date_or_none(_year(groups["c"]), a, b))
    else:
        year = int(groups["y"])
        readings = [_date_or_none(year, b, a)]  # day first: 28.07.2005, 28/07/2005
        if sep != ".":  # slashes and dashes are also written month first (US): 07/28/2005
            readings.append(_date_or_none(year, a, b))
    valid = sorted({day for day in readings if day is not None})
    if len(valid) == 1:
        return valid[0], ""
    if not valid:
        return None, f"{found!r} is no such date"
    shown = " or ".join(day.isoformat() for day in valid)
    return None, f"{found!r} is ambiguous ({shown})"


def find_dates(text: str, *, year_first: bool = False) -> tuple[list[_dt.date], list[str]]:
    """Every date written in *text*, in order, and why some date-like parts were not read.

    Forms read: ISO ``2020-05-29`` (also with ``/`` or ``.``); day first ``29.05.2020``,
    ``28. 07. 2005``, ``29/05/2020``; month first ``05/29/2020`` where no day-first
    reading is a date (a dotted date is always day first); month names ``May 29, 2020``,
    ``29 May 2020``, ``29-May-2020``, ``2020 May 29`` (English, German, French, Spanish,
    Italian abbreviations); two-digit years (69-99: 1900s, 00-68: 2000s) where exactly
    one of the readings is a date, or year first when *year_first* (TRF record 132's
    ``YY/MM/DD``).  A date-like part with two readings (``05/07/2020``) is not read.

    >>> find_dates("28. 07. 2005")[0], find_dates("May 29, 2020 - May 31, 2020")[0]
    ([datetime.date(2005, 7, 28)], [datetime.date(2020, 5, 29), datetime.date(2020, 5, 31)])
    >>> find_dates("05/07/2020")
    ([], ["'05/07/2020' is ambiguous (2020-05-07 or 2020-07-05)"])
    """
    found: list[tuple[int, _dt.date | None, str]] = []
    taken: list[tuple[int, int]] = []
    for form in _DATE_FORMS:
        for match in form.finditer(text):
            start, end = match.span()
            if any(start < e and s < end for s, e in taken):
                continue  # part of a date an earlier form read
            if (start and text[start - 1].isalnum()) or (end < len(text) and text[end].isdigit()):
                continue  # digits inside a longer number
            day, why = _one_date(match, year_first)
            taken.append((start, end))
            found.append((start, day, why))
    found.sort(key=lambda item: item[0])
    return [day for _, day, _ in found if day is not None], [why for _, day, why in found if why]


def read_date(text: str, *, year_first: bool = False) -> tuple[_dt.date | None, str]:
    """The one date *text* holds (see :func:`find_dates`), or None and why not.

    >>> read_date("May 29, 2020"), read_date("29 May 2020")[0], read_date("2020/05/29")[0]
    ((datetime.date(2020, 5, 29), ''), datetime.date(2020, 5, 29), datetime.date(2020, 5, 29))
    >>> read_date("someday")
    (None, "'someday' is not a date")
    """
    days, why = find_dates(text, year_first=year_first)
    if len(days) == 1 and not why:
        return days[0], ""
    if why:
        return None, why[0]
    if days:
        return None, f"{text.strip()!r} holds {len(days)} dates"
    return None, f"{text.strip()!r} is not a date"


# --- FIDE TRF-16 ---------------------------------------------------------------------


def _field(line: str, columns: tuple[int, int]) -> str:
    """The text of 1-based inclusive *columns* of a (padded) line."""
    return line[columns[0] - 1 : columns[1]]


def _trf_block(block: str, line: int, rnd: int, pair: int) -> _Entry:
    """One 10-column round block of a player line (opponent, colour, result)."""
    raw = block.rstrip()
    where = f"line {line}: round {rnd}"
    opponent_text, colour_text, result_text = block[0:4], block[5], block[7]
    if block[4] != " " or block[6] != " " or block[8:].strip():
        raise InvalidInputError(
            f"{where}: expected opponent (4 columns), colour and result, got {show(raw)}"
        )
    if opponent_text.strip() and not _DIGITS.fullmatch(opponent_text):
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
        return _Entry(line, raw, None, None, points=_TRF_BYE_POINTS[code], kind="bye")
    if opponent == pair:
        raise InvalidInputError(f"{where}: player {pair} is paired with himself, got {show(raw)}")
    if code not in _TRF_GAME_CODES:
        raise InvalidInputError(
            f"{where}: a bye or absence (H, F, U, Z or blank) cannot have an opponent, "
            f"got {show(raw)}"
        )
    return _Entry(line, raw, opponent, _TRF_COLOURS[colour_key], code)


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


def _trf_player(line: str, number: int) -> tuple[int, Player, list[str], int | None, str]:
    """Start rank, player, raw round blocks, birth year (or None) and a note (or "") of one
    ``001`` line."""
    if "\t" in line:
        raise InvalidInputError(
            f"line {number}: a tab breaks the fixed columns of TRF, got {show(line)}"
        )
    padded = line.ljust(TRF_FIRST_ROUND_COLUMN - 1)
    rank_text = _field(padded, _TRF_RANK)
    if padded[3] != " " or padded[8] != " " or not _DIGITS.fullmatch(rank_text):
        raise InvalidInputError(
            f"line {number}: start rank must be a number in columns 5-8, got {show(padded[:12])}"
        )
    pair = int(rank_text)
    if pair == 0:
        raise InvalidInputError(
            f"line {number}: start rank must be 1 to 9999, got {show(padded[:12])}"
        )
    name = _field(padded, _TRF_NAME).strip()
    if not name:
        raise InvalidInputError(
            f"line {number}: name (columns 15-47) is blank, got {show(padded[:47].rstrip())}"
        )
    rating_text = _field(padded, _TRF_RATING)
    rating_area = padded[_TRF_RATING[0] - 2 : _TRF_RATING[1] + 1]
    if (
        rating_area[0] != " "
        or rating_area[-1] != " "
        or (rating_text.strip() and not _DIGITS.fullmatch(rating_text))
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
    _check_name(name, "the player's name", number, _name_column(padded))
    # "FIDE Rating" blank or 0: the player is unrated (no rating, no games).  A TRF
    # does not say how many games a rating rests on: games None (unknown).
    player = Player(name, float(rating), None) if rating else Player(name, None, 0)
    born = _TRF_BIRTH_YEAR.match(_field(padded, _TRF_BIRTH))
    return pair, player, blocks, int(born.group(1)) if born else None, note


def _name_column(padded: str) -> int:
    """The 1-based column where the (stripped) name of a 001 line starts."""
    field = _field(padded, _TRF_NAME)
    return _TRF_NAME[0] + len(field) - len(field.lstrip())


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
    return _read_trf(text).event


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


def _read_trf(text: str) -> ImportedEvent:
    """A TRF read into an :class:`ImportedEvent` (see :func:`parse_trf`)."""
    lines = _split_lines(text)
    name: str | None = None
    dates: dict[str, tuple[_dt.date, str]] = {}
    notes: list[str] = []
    skipped: dict[str, list[int]] = {}
    players: dict[int, Player] = {}
    lines_of: dict[int, int] = {}
    names: dict[str, int] = {}
    blocks_of: dict[int, list[str]] = {}
    born: dict[str, int] = {}
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
            _add_player(
                players, lines_of, names, pair, player, number, line[:47].rstrip(),
                _name_column(padded),
            )  # fmt: skip
            blocks_of[pair] = blocks
            if year is not None:
                born[player.name] = year
            if note:
                notes.append(note)
        elif record == "012" and name is None:
            name = line[4:].strip()
            _check_name(
                name, "the event's name", number, 5 + len(line[4:]) - len(line[4:].lstrip())
            )
        elif record in ("042", "052"):
            what = "start" if record == "042" else "end"
            found = _trf_header_date(line[4:], number, record, what, notes)
            if found is not None and record not in dates:
                dates[record] = found
        elif record == "132":
            found = _trf_round_dates(line, number, notes)
            if found is not None and "132" not in dates:
                dates["132"] = found
        elif record not in _TRF_HEADER_RECORDS:
            skipped.setdefault(record, []).append(number)
    if not players:
        raise InvalidInputError("text has no player record (lines starting with 001)")
    for record, numbers in skipped.items():
        kind = (
            "team record" if record == "013"
            else "extension record (JaVaFo/bbpPairings)" if record.upper().startswith("XX")
            else "record of an unknown kind"
        )  # fmt: skip
        count = f"{len(numbers)} lines" if len(numbers) > 1 else "1 line"
        notes.append(f"skipped {record} ({kind}, {count}, first on line {numbers[0]})")
    rounds = max(len(blocks) for blocks in blocks_of.values())
    entries: dict[tuple[int, int], _Entry] = {}
    blank = " " * TRF_ROUND_WIDTH
    for pair, blocks in blocks_of.items():
        for rnd in range(1, rounds + 1):
            block = blocks[rnd - 1] if rnd <= len(blocks) else blank
            entries[rnd, pair] = _trf_block(block, lines_of[pair], rnd, pair)
    # The rules go by the date the event ENDS (US Chess picks the bonus by "events ending
    # on or after" a date): record 052, else the last round date of 132, else 042.
    chosen = next((dates[key] for key in ("052", "132", "042") if key in dates), None)
    event = _assemble(players, entries, date=None if chosen is None else chosen[0], name=name or "")
    return ImportedEvent(
        event=event,
        source_format="trf",
        date_source="" if chosen is None else chosen[1],
        notes=tuple(notes),
        birth_years=born,
    )


# --- US Chess crosstables ------------------------------------------------------------


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


@dataclass(slots=True)
class _Section:
    """One table of a crosstable page and the text lines before it."""

    header: int  # 0-based index of its " Pair |" line
    number: int
    title: str = ""
    date: tuple[_dt.date, str] | None = None
    rows: list[_CrossRow] = field(default_factory=list)
    entries: dict[tuple[int, int], _Entry] = field(default_factory=dict)
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


def _uscf_round(cell: str, number: int, rnd: int, pair: int, colour_cell: str) -> _Entry:
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
        return _Entry(number, raw, None, None, points=_USCF_BYE_POINTS["U"])
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
        return _Entry(number, raw, None, None, points=_USCF_BYE_POINTS[letter])
    if opponent == 0:
        if letter in _USCF_FORFEIT_POINTS:  # opponent not shown, as US Chess uploads do
            return _Entry(
                number, raw, None, None, points=_USCF_FORFEIT_POINTS[letter], kind="forfeit"
            )
        raise InvalidInputError(f"{where}: a game needs the opponent's number, got {show(raw)}")
    if opponent == pair:
        raise InvalidInputError(f"{where}: player {pair} is paired with himself, got {show(raw)}")
    return _Entry(number, raw, opponent, colour, _USCF_GAME_CODES[letter])


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
        _add_player(players, lines_of, names, pair, player, number, first[0].strip(), column)
        section.rows.append(_CrossRow(pair, name, ratings, number))
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
                _check_name(title, "the section's name", index + 1, line.index(title) + 1)
            continue
        event = _EVENT_LINE.match(line)
        if (
            event is not None
            and not name
            and not _NOT_A_NAME.match(event.group("name"))
            and not _DATE_LABEL.search(line.split(event.group("name"))[0])
        ):
            name = event.group("name")
            _check_name(name, "the event's name", index + 1, line.index(name) + 1)
            continue
        if _DATE_LABEL.search(line) and not _NOT_EVENT_DATE.search(line):
            days, _ = find_dates(line)
            if days:  # "2020-05-29 thru 2020-05-31": the last date is the end
                date = (days[-1], f"{line.strip()[:60]!r} on line {index + 1}")
    return name, date, title


def _read_page(text: str) -> tuple[str, tuple[_dt.date, str] | None, list[_Section]]:
    """A crosstable page: event name, event date, and its tables (sections)."""
    lines = _split_lines(text)
    headers = [index for index, line in enumerate(lines) if _HEADER.match(line)]
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
    event = _assemble(
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
    )


def _read_crosstables(
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
    events = _read_crosstables(text, section)
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


def read_tournament(
    text: str, *, section: str | None = None, rating: str | None = None
) -> tuple[ImportedEvent, ...]:
    r"""Read a FIDE TRF or a US Chess crosstable page, with its date, notes and sections.

    A TRF gives one event; a crosstable page one event per section (only *section*, its
    number or name, when given).  ``event.date`` is the date the file gives for the rules
    (TRF: record 052, the end date, else the last round date of 132, else 042; crosstable:
    the last date of an ``Event Date(s)`` or section date line), None when the file gives
    none: a date is never a reason to refuse a file, and ``date_source`` says where it
    was read.

    :param text: the whole file as text.
    :param section: a crosstable section's number or name.
    :param rating: a crosstable's rating line to use ("R", "Q", "B"...); default: the first
        one each player shows.
    :raises InvalidInputError: ``file is neither a FIDE TRF nor a US Chess crosstable``, or
        what the format's reader raises (one line naming the line).

    >>> [e.event.name for e in read_tournament("012 Club\n001    1 m    Smith, Adam")]
    ['Club']
    """
    lines = _split_lines(text)
    if any(_HEADER.match(line) for line in lines):
        return _read_crosstables(text, section, rating)
    if _TRF_START.match(_first_text_line(lines)):
        if section is not None or rating is not None:
            what = "section" if section is not None else "rating"
            raise InvalidInputError(
                f"{what} {section if section is not None else rating!r}: a TRF has one event "
                "and one rating; the choice is for crosstable pages"
            )
        return (_read_trf(text),)
    raise InvalidInputError("file is neither a FIDE TRF nor a US Chess crosstable")


# --- decoding ----------------------------------------------------------------------------


def _utf16_without_bom(data: bytes) -> str | None:
    """UTF-16 without a byte-order mark: the NUL bytes of ASCII text sit at even (big
    endian) or odd (little endian) offsets; None when the data does not look so."""
    sample = data[:4096]
    if len(sample) < 2:
        return None
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    half = len(sample) // 2
    if odd >= half * 0.9 > even:
        return "utf-16-le"
    if even >= half * 0.9 > odd:
        return "utf-16-be"
    return None


def _where(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}"


def decode_text(data: bytes) -> str:
    r"""The text of a tournament file from its bytes, or one line saying why it is not text.

    A byte-order mark chooses UTF-8, UTF-16 or UTF-32; UTF-16 without one is recognised by
    its NUL bytes; anything else is UTF-8 if it decodes as such, else Windows-1252 (what
    pairing programs on Windows write), else Latin-1.  The mark is dropped.

    :param data: the file's bytes.
    :raises InvalidInputError: for more than :data:`MAX_TEXT_BYTES`, bytes the chosen
        encoding cannot decode, or control characters (NUL and the like) that no text file
        holds; the message names the line and column.

    >>> decode_text("Müller".encode("utf-8")), decode_text("Müller".encode("cp1252"))
    ('Müller', 'Müller')
    >>> decode_text("012 Open".encode("utf-16"))
    '012 Open'
    >>> decode_text(b"012 Open\n\x00\x01\x02")
    Traceback (most recent call last):
    ...
    xlrating.errors.InvalidInputError: line 2, column 1: control character U+0000: not a text file
    """
    if not isinstance(data, (bytes, bytearray)):
        raise InvalidInputError(f"data must be the bytes of a file, got {show(data)}")
    if len(data) > MAX_TEXT_BYTES:
        raise InvalidInputError(
            f"file is larger than {MAX_TEXT_BYTES:,} bytes, the limit for a tournament file"
        )
    data = bytes(data)
    encoding = next((name for bom, name in _BOMS if data.startswith(bom)), None)
    if encoding is not None:
        bom = next(b for b, name in _BOMS if name == encoding)
        body = data[len(bom) :]
    else:
        encoding, body = _utf16_without_bom(data), data
    if encoding is not None:
        try:
            text = body.decode(encoding)
        except UnicodeDecodeError as error:
            partial = body[: error.start].decode(encoding, errors="replace")
            raise InvalidInputError(
                f"{_where(partial, len(partial))}: bytes {body[error.start : error.end]!r} "
                f"are not {encoding.upper()}: not a text file in that encoding"
            ) from None
    else:
        text = body.decode("latin-1")  # every byte decodes: the last resort
        for candidate in ("utf-8", "cp1252"):
            try:
                text = body.decode(candidate)
                break
            except UnicodeDecodeError:
                continue
    found = _CONTROL.search(text)
    if found is not None:
        raise InvalidInputError(
            f"{_where(text, found.start())}: control character U+{ord(found.group()):04X}: "
            "not a text file"
        )
    return text


# --- detection -------------------------------------------------------------------------


def _first_text_line(lines: Iterable[str]) -> str:
    return next((line for line in lines if line.strip()), "")


def parse_any(text: str) -> Event:
    r"""Read a FIDE TRF or a US Chess crosstable, whichever the text is, into an Event.

    A line starting `` Pair |`` marks a crosstable; a first line starting with a 3-digit
    record code and a space (``012 ``, ``001 ``) marks a TRF.

    :param text: the whole file as text.
    :raises InvalidInputError: ``file is neither a FIDE TRF nor a US Chess crosstable``,
        or what the chosen parser raises.

    >>> [p.name for p in parse_any("012 Club match\n001    1 m    Smith, Adam").players]
    ['Smith, Adam']
    >>> parse_any("hello")
    Traceback (most recent call last):
    ...
    xlrating.errors.InvalidInputError: file is neither a FIDE TRF nor a US Chess crosstable
    """
    lines = _split_lines(text)
    if any(_HEADER.match(line) for line in lines):
        return parse_uscf_crosstable(text)
    if _TRF_START.match(_first_text_line(lines)):
        return parse_trf(text)
    raise InvalidInputError("file is neither a FIDE TRF nor a US Chess crosstable")
