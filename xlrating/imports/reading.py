"""Any tournament file: :func:`read_tournament` and :func:`parse_any` tell the format by
its first line.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..errors import InvalidInputError
from ..rating.tournament import Event
from .crosstable import HEADER, parse_uscf_crosstable, read_crosstables
from .records import ImportedEvent, split_lines
from .trf import TRF_START, parse_trf, read_trf
from .uschess_api import Start, is_api_json, read_api


def read_tournament(
    text: str, *, section: str | None = None, rating: str | None = None
) -> tuple[ImportedEvent, ...]:
    r"""Read a FIDE TRF, a US Chess crosstable page or a US Chess API standings page (JSON),
    with its date, notes and sections.

    A TRF gives one event; a crosstable page one event per section (only *section*, its
    number or name, when given); an API page one event per rating system
    (:func:`read_files` reads a section from several files).  ``event.date`` is the date
    the file gives for the rules (TRF: record 052, the end date, else the last round date
    of 132, else 042; crosstable: the last date of an ``Event Date(s)`` or section date
    line; API: the section's or event's ``endDate``), None when the file gives none: a
    date is never a reason to refuse a file, and ``date_source`` says where it was read.

    :param text: the whole file as text.
    :param section: a crosstable section's number or name.
    :param rating: a crosstable's rating line to use ("R", "Q", "B"...); default: the first
        one each player shows.
    :raises InvalidInputError: ``file is neither a FIDE TRF nor a US Chess crosstable``, or
        what the format's reader raises (one line naming the line).

    >>> [e.event.name for e in read_tournament("012 Club\n001    1 m    Smith, Adam")]
    ['Club']
    """
    if isinstance(text, str) and is_api_json(text):
        return read_files([("file", text)], section=section, rating=rating)
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


def read_files(
    files: Sequence[tuple[str, str]],
    *,
    section: str | None = None,
    rating: str | None = None,
    starts: Mapping[str, Start] | None = None,
) -> tuple[ImportedEvent, ...]:
    """Read one event from its files: a TRF or crosstable page (one file), or a section of
    the US Chess Ratings API (JSON: standings pages, its section's and event's details).

    :param files: (label, text) of each file; the label names it in messages.
    :param section: a crosstable page's section.
    :param rating: the rating to read ("R", "Q", "B"...).
    :param starts: US Chess API files only: starts of unrated players by member ID or name.
    :raises InvalidInputError: one line naming the file.
    """
    if not files:
        raise InvalidInputError("no file given")
    json_files = [label for label, text in files if is_api_json(text)]
    if json_files:
        if len(json_files) != len(files):
            other = next(label for label, text in files if not is_api_json(text))
            raise InvalidInputError(
                f"{other}: not JSON, and {json_files[0]} is: a US Chess API section is read "
                "from JSON files only"
            )
        if section is not None:
            raise InvalidInputError(
                f"section {section!r}: a US Chess API standings page holds one section; "
                "its details are given as a further file (or --section-file)"
            )
        return read_api(files, rating=rating, starts=starts)
    label, text = files[0]
    if len(files) > 1:
        raise InvalidInputError(
            f"{files[1][0]}: a TRF or crosstable is one file; several files are read only "
            "for US Chess API JSON"
        )
    if starts:
        raise InvalidInputError(
            f"{label}: --start is read only for US Chess API files (a TRF or crosstable "
            "gives ratings or Unrated)"
        )
    return read_tournament(text, section=section, rating=rating)


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
