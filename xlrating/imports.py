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

:func:`decode_text` turns a file's bytes into that text (UTF-8, UTF-16 or UTF-32 with a
byte-order mark, UTF-16 without one, else Windows-1252 or Latin-1) and refuses, in one
line naming the line, what is not text: NUL and other control characters, a file larger
than :data:`MAX_TEXT_BYTES`.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal

from ._check import MAX_RATING, show
from .errors import InvalidInputError
from .tournament import Event, Game, GameKind, Player

__all__ = [
    "MAX_TEXT_BYTES",
    "TRF_FIRST_ROUND_COLUMN",
    "TRF_ROUND_WIDTH",
    "crosstable_post_ratings",
    "decode_text",
    "parse_any",
    "parse_trf",
    "parse_uscf_crosstable",
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
_YMD: Final = re.compile(r"([0-9]{4})[-/.]([0-9]{1,2})[-/.]([0-9]{1,2})")
_DMY: Final = re.compile(r"([0-9]{1,2})\.([0-9]{1,2})\.([0-9]{4})")
_HEADER: Final = re.compile(r"\s*Pair\s*\|")
# Pair numbers are bounded (6 digits) so that no text can make int() refuse a number.
_PLAYER_LINE: Final = re.compile(r"\s*([0-9]{1,6})\s*\|")
_RULE: Final = re.compile(r"\s*-{3,}\s*")
_ROUND_CELL: Final = re.compile(r"([A-Za-z])\s*([0-9]{0,6})")
_RATING_CELL: Final = re.compile(
    r"[^\s/]*\s*/\s*(?:[A-Za-z]{1,2}:\s*)?(?P<pre>\S+?)\s*(?:->\s*(?P<post>\S+))?"
)
_RATING_TOKEN: Final = re.compile(r"(?P<r>[0-9]{1,4})(?:P(?P<n>[0-9]{1,3}))?(?P<rest>.*)")
_RATING_SUFFIX: Final = re.compile(r"[/*(].*")

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


def _split_lines(text: object) -> list[str]:
    """The lines of *text* (any line ending; a leading byte-order mark dropped)."""
    if not isinstance(text, str):
        raise InvalidInputError(f"text must be the text of a file, got {show(text)}")
    return _LINE_BREAK.split(text.removeprefix("\ufeff"))


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


def _add_player(
    players: dict[int, Player],
    lines_of: dict[int, int],
    names: dict[str, int],
    pair: int,
    player: Player,
    line: int,
    quote: str,
) -> None:
    """Register a player, refusing a pair number or a name seen before."""
    if pair in players:
        raise InvalidInputError(
            f"line {line}: pair number {pair} is already used on line {lines_of[pair]}, "
            f"got {show(quote)}"
        )
    if player.name in names:
        raise InvalidInputError(
            f"line {line}: name {show(player.name)} is already used by pair {names[player.name]}"
        )
    players[pair] = player
    lines_of[pair] = line
    names[player.name] = pair


# --- FIDE TRF-16 ---------------------------------------------------------------------


def _field(line: str, columns: tuple[int, int]) -> str:
    """The text of 1-based inclusive *columns* of a (padded) line."""
    return line[columns[0] - 1 : columns[1]]


def _trf_date(text: str, line: int) -> _dt.date | None:
    """A TRF start/end date: YYYY/MM/DD (also with - or .), or DD.MM.YYYY; blank is None."""
    value = text.strip()
    if not value:
        return None
    if match := _YMD.fullmatch(value):
        year, month, day = (int(part) for part in match.groups())
    elif match := _DMY.fullmatch(value):
        day, month, year = (int(part) for part in match.groups())
    else:
        raise InvalidInputError(f"line {line}: date must be written YYYY/MM/DD, got {show(value)}")
    try:
        return _dt.date(year, month, day)
    except ValueError:
        raise InvalidInputError(f"line {line}: no such date, got {show(value)}") from None


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


def _trf_player(line: str, number: int) -> tuple[int, Player, list[str]]:
    """Start rank, player and raw round blocks of one ``001`` line."""
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
    blocks = [
        rounds[start : start + TRF_ROUND_WIDTH].ljust(TRF_ROUND_WIDTH)
        for start in range(0, len(rounds), TRF_ROUND_WIDTH)
    ]
    # "FIDE Rating" blank or 0: the player is unrated (no rating, no games).  A TRF
    # does not say how many games a rating rests on: games None (unknown).
    player = Player(name, float(rating), None) if rating else Player(name, None, 0)
    return pair, player, blocks


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
    lines = _split_lines(text)
    name: str | None = None
    start: _dt.date | None = None
    end: _dt.date | None = None
    players: dict[int, Player] = {}
    lines_of: dict[int, int] = {}
    names: dict[str, int] = {}
    blocks_of: dict[int, list[str]] = {}
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
            pair, player, blocks = _trf_player(line, number)
            _add_player(players, lines_of, names, pair, player, number, line[:47].rstrip())
            blocks_of[pair] = blocks
        elif record == "012" and name is None:
            name = line[4:].strip()
        elif record == "042":
            start = _trf_date(line[4:], number)
        elif record == "052":
            end = _trf_date(line[4:], number)
    if not players:
        raise InvalidInputError("text has no player record (lines starting with 001)")
    rounds = max(len(blocks) for blocks in blocks_of.values())
    entries: dict[tuple[int, int], _Entry] = {}
    blank = " " * TRF_ROUND_WIDTH
    for pair, blocks in blocks_of.items():
        for rnd in range(1, rounds + 1):
            block = blocks[rnd - 1] if rnd <= len(blocks) else blank
            entries[rnd, pair] = _trf_block(block, lines_of[pair], rnd, pair)
    return _assemble(players, entries, date=start or end, name=name or "")


# --- US Chess crosstables ------------------------------------------------------------


def _uscf_rating(token: str, pair: int, what: str) -> tuple[float | None, int | None]:
    """A crosstable rating: ``1702`` (established, games None), ``1366P14`` (provisional,
    14 games) or ``Unrated`` (None, 0).  A suffix starting with ``/``, ``*`` or ``(`` (a
    floor or other marker) is ignored; anything else raises."""
    if token.lower() == "unrated":
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
    """One player's two lines of a crosstable."""

    pair: int
    player: Player
    post: str | None
    line: int


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


def _read_crosstable(text: str) -> tuple[list[_CrossRow], dict[tuple[int, int], _Entry]]:
    """Players and their per-round entries, checked line by line (not yet paired up)."""
    lines = _split_lines(text)
    start = next((i for i, line in enumerate(lines) if _HEADER.match(line)), None)
    if start is None:
        raise InvalidInputError("text has no crosstable header (a line starting ' Pair |')")
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
    rows: list[_CrossRow] = []
    players: dict[int, Player] = {}
    lines_of: dict[int, int] = {}
    names: dict[str, int] = {}
    entries: dict[tuple[int, int], _Entry] = {}
    index = start + 2
    while index < len(lines):
        line, number = lines[index], index + 1
        if not line.strip() or _RULE.fullmatch(line):
            index += 1
            continue
        if _HEADER.match(line):
            raise InvalidInputError(
                f"line {number}: a second section starts here; give one section at a time"
            )
        player_match = _PLAYER_LINE.match(line)
        if player_match is None:
            raise InvalidInputError(
                f"line {number}: expected a player line ('    1 | NAME |...'), "
                f"got {show(line.strip())}"
            )
        first = _cells(line, number, rounds, "a player line")
        pair = int(player_match.group(1))
        name = first[1].strip()
        if pair == 0 or not name:
            raise InvalidInputError(
                f"line {number}: a player needs a pair number and a name, got {show(line.strip())}"
            )
        second_line = lines[index + 1] if index + 1 < len(lines) else ""
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
        match = _RATING_CELL.fullmatch(second[1].strip())
        if match is None:
            raise InvalidInputError(
                f"pair {pair}: rating cell must look like '12345678 / R: 1702 ->1745', "
                f"got {show(second[1].strip())}"
            )
        rating, games = _uscf_rating(match.group("pre"), pair, "pre-event")
        player = Player(name, rating, games)
        _add_player(players, lines_of, names, pair, player, number, first[0].strip())
        rows.append(_CrossRow(pair, player, match.group("post"), number))
        for rnd in range(1, rounds + 1):
            entries[rnd, pair] = _uscf_round(first[2 + rnd], number, rnd, pair, second[2 + rnd])
        index += 2
    if not rows:
        raise InvalidInputError("crosstable has no player lines")
    return rows, entries


def parse_uscf_crosstable(text: str) -> Event:
    r"""Read a US Chess crosstable (the text table of the US Chess ratings site) into an Event.

    Each player has two lines: ``pair | NAME | total | round cells`` and ``state | ID /
    R: pre->post | ... | colour cells``.  Round cells: ``W 3``, ``L 3``, ``D 3`` a win,
    loss or draw against pair 3; ``H`` half-point bye (0.5), ``B`` full-point bye (1),
    ``U`` or an empty cell an unplayed round (0); ``X`` / ``F`` a forfeit win / loss.
    US Chess uploads usually omit the forfeit's opponent: ``X`` or ``F`` without a pair
    number becomes a one-player row with ``black=None``, ``kind="forfeit"`` and 1 or 0
    points; with a pair number it is a forfeit pairing both sides must agree on.

    Pre-event rating: ``1702`` established (games None: unknown), ``1366P14``
    provisional on 14 games, ``Unrated`` (rating None, games 0).  A suffix after the
    number starting with ``/``, ``*`` or ``(`` is ignored; any other text raises,
    naming the pair number.  Lines before the `` Pair |`` header (a title) are ignored;
    the event's date and name are not in the table (None and "").

    :param text: the crosstable of ONE section as text.
    :returns: players by pair number and one Game per pairing or bye.
    :raises InvalidInputError: on a malformed line, an unreadable rating or views that
        disagree.

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
    rows, entries = _read_crosstable(text)
    players = {row.pair: row.player for row in rows}
    return _assemble(players, entries, date=None, name="")


def crosstable_post_ratings(text: str) -> dict[str, tuple[float | None, int | None]]:
    r"""The post-event ratings a US Chess crosstable shows: name -> (rating, games).

    ``->1745`` gives (1745.0, None) (established, games unknown), ``->1390P18`` gives
    (1390.0, 18), ``->Unrated`` gives (None, 0).  Players whose cell shows no ``->``
    are left out.  Use it to compare xlrating's event rating with US Chess's.

    :param text: the crosstable of one section as text.
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
    rows, _ = _read_crosstable(text)
    return {
        row.player.name: _uscf_rating(row.post, row.pair, "post-event")
        for row in rows
        if row.post is not None
    }


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
