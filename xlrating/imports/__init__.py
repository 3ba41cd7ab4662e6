r"""Importers: a FIDE TRF-16 file, a US Chess crosstable or a section of the US Chess Ratings
API (JSON, :mod:`~xlrating.imports.uschess_api`), read into an :class:`Event`.

Pure text parsing: every function takes the *text* of a file (the caller opens it) and
returns the vocabulary of :mod:`xlrating.rating.tournament`.  Nothing here computes a rating.

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
column (:func:`xlrating.rating.tournament.name_problem`): characters XML 1.0 cannot carry, more
than 32,767 characters, two players whose names differ only in spacing or case
(:func:`xlrating.rating.tournament.name_key`), and a player named like the bye marker ``BYE``
(refused rather than kept: a games table could not tell the two apart).  A name that a
spreadsheet would read as a formula or an error (``=SUM(A1)``, ``+1``, ``@x``, ``#N/A``)
is kept as it is, a plain ``str``: storing it as text is the writer's job.

:func:`decode_text` turns a file's bytes into that text (UTF-8, UTF-16 or UTF-32 with a
byte-order mark, UTF-16 without one, else Windows-1252 or Latin-1) and refuses, in one
line naming the line, what is not text: NUL and other control characters, a file larger
than :data:`MAX_TEXT_BYTES`.

The package, one module per piece (this module re-exports the public names):
:mod:`~xlrating.imports.records` (the entries and events both formats build),
:mod:`~xlrating.imports.dates`, :mod:`~xlrating.imports.text` (decoding),
:mod:`~xlrating.imports.trf`, :mod:`~xlrating.imports.crosstable`,
:mod:`~xlrating.imports.uschess_api` and :mod:`~xlrating.imports.reading`
(:func:`read_tournament`, :func:`read_files`, :func:`parse_any`).
"""

from __future__ import annotations

from .crosstable import crosstable_post_ratings as crosstable_post_ratings
from .crosstable import parse_uscf_crosstable as parse_uscf_crosstable
from .dates import TWO_DIGIT_YEAR_PIVOT as TWO_DIGIT_YEAR_PIVOT
from .dates import find_dates as find_dates
from .dates import read_date as read_date
from .reading import parse_any as parse_any
from .reading import read_files as read_files
from .reading import read_tournament as read_tournament
from .records import Colour as Colour
from .records import ImportedEvent as ImportedEvent
from .text import MAX_TEXT_BYTES as MAX_TEXT_BYTES
from .text import decode_text as decode_text
from .trf import MAX_TRF_ROUNDS as MAX_TRF_ROUNDS
from .trf import TRF_FIRST_ROUND_COLUMN as TRF_FIRST_ROUND_COLUMN
from .trf import TRF_ROUND_WIDTH as TRF_ROUND_WIDTH
from .trf import parse_trf as parse_trf
from .uschess_api import Start as Start
from .uschess_api import is_api_json as is_api_json
from .uschess_api import read_api as read_api

__all__ = [
    "MAX_TEXT_BYTES",
    "MAX_TRF_ROUNDS",
    "TRF_FIRST_ROUND_COLUMN",
    "TRF_ROUND_WIDTH",
    "TWO_DIGIT_YEAR_PIVOT",
    "ImportedEvent",
    "Start",
    "crosstable_post_ratings",
    "decode_text",
    "find_dates",
    "is_api_json",
    "parse_any",
    "parse_trf",
    "parse_uscf_crosstable",
    "read_api",
    "read_date",
    "read_files",
    "read_tournament",
]
