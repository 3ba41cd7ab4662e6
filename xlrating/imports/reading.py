"""Any tournament file: :func:`read_tournament` and :func:`parse_any` tell the format by
its first line.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import InvalidInputError
from ..rating.tournament import Event
from .crosstable import HEADER, parse_uscf_crosstable, read_crosstables
from .records import ImportedEvent, split_lines
from .trf import TRF_START, parse_trf, read_trf


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
    lines = split_lines(text)
    if any(HEADER.match(line) for line in lines):
        return read_crosstables(text, section, rating)
    if TRF_START.match(_first_text_line(lines)):
        if section is not None or rating is not None:
            what = "section" if section is not None else "rating"
            raise InvalidInputError(
                f"{what} {section if section is not None else rating!r}: a TRF has one event "
                "and one rating; the choice is for crosstable pages"
            )
        return (read_trf(text),)
    raise InvalidInputError("file is neither a FIDE TRF nor a US Chess crosstable")


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
    lines = split_lines(text)
    if any(HEADER.match(line) for line in lines):
        return parse_uscf_crosstable(text)
    if TRF_START.match(_first_text_line(lines)):
        return parse_trf(text)
    raise InvalidInputError("file is neither a FIDE TRF nor a US Chess crosstable")
