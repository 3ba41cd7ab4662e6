"""Dates as tournament files write them: :func:`find_dates` and :func:`read_date`."""

from __future__ import annotations

import datetime as _dt
import re
from typing import Final

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
