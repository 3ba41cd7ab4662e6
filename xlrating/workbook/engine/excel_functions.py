"""Excel functions the headless engine computes its own way, with ``formulas``' own rules.

:mod:`xlrating.workbook.engine.evaluation` installs these over ``formulas``' table of Excel
functions (:func:`replacements`).  Each gives what ``formulas`` 1.3 gives, and differs only where it
says why:

* :func:`text_bounded`: REPT, SUBSTITUTE, CONCAT, CONCATENATE and TEXTJOIN answer
  ``#VALUE!``, as Excel does, before building more than 32,767 characters;
* :func:`index_by_cell`: INDEX over one area of a reference builds the one cell it picks,
  not a reference object for every cell of the range;
* :func:`countifs_masks_once`: COUNTIFS works out each range's test for one value once a
  call, not once for each value of an array of criteria;
* :func:`unichar_as_excel`: UNICHAR answers ``#N/A`` for a surrogate and ``#VALUE!``
  outside 1 to U+10FFFF, as Excel does (``formulas`` made a lone surrogate);
* :func:`date_text_as_excel_reads`: text is read as a date or a time only when it is
  written as Excel writes dates and times (``formulas`` lets dateutil read any text, so
  ``M0001`` became the time 00:00:01 of today's year, and every criterion ``M0001`` of
  COUNTIFS matched every name ``M0002``, ``M0040``...).

Tests compare them with ``formulas``' own functions (tests/workbook/engine/test_evaluation.py) and
every template's values with LibreOffice's (tests/test_libreoffice_addin.py).
"""

from __future__ import annotations

import re
from typing import Any, Final

#: Excel's longest text in a cell: 32,767 characters.  Source: Microsoft Support, "Excel
#: specifications and limits" ("Total number of characters that a cell can contain");
#: REPT, CONCAT, TEXTJOIN and SUBSTITUTE give #VALUE! beyond it.
EXCEL_TEXT_CHARS: Final = 32_767


def text_bounded() -> dict[str, Any]:
    """Excel's text functions that can build long text, answering ``#VALUE!`` (as Excel
    does) before building more than :data:`EXCEL_TEXT_CHARS` characters:
    ``REPT("x", 1E9)`` in ``formulas`` 1.3 would build a gigabyte string first."""
    from formulas.functions import flatten, is_not_empty, replace_empty, wrap_func, wrap_ufunc
    from formulas.functions import text as xl
    from formulas.tokens.operand import Error

    too_long = Error.errors["#VALUE!"]

    def length(values: tuple[Any, ...]) -> int:
        return sum(len(xl._str(v)) for v in flatten(values, is_not_empty))

    def rept(text: Any, number_times: Any) -> Any:
        try:
            times = int(float(replace_empty(number_times)))
            size = len(xl._str(text)) * times
        except (TypeError, ValueError, OverflowError):
            size = 0  # REPT itself answers for what is not a number
        return too_long if size > EXCEL_TEXT_CHARS else xl.xrept(text, number_times)

    def substitute(text: Any, old: Any, new: Any, instance: Any = None) -> Any:
        if isinstance(text, str) and isinstance(old, str) and isinstance(new, str) and old:
            grows = text.count(old) * max(len(new) - len(old), 0)
            if len(text) + grows > EXCEL_TEXT_CHARS:
                return too_long
        return xl.xsubstitute(text, old, new, instance)

    def concat(text: Any, *args: Any) -> Any:
        return too_long if length((text, *args)) > EXCEL_TEXT_CHARS else xl.xconcat(text, *args)

    def textjoin(delimiter: Any, ignore_empty: Any, text: Any, *args: Any) -> Any:
        count = sum(1 for _ in flatten((text, *args), None))
        joints = max(count - 1, 0) * length((delimiter,))
        if length((text, *args)) + joints > EXCEL_TEXT_CHARS:
            return too_long
        return xl.xtextjoin(delimiter, ignore_empty, text, *args)

    concatenate = wrap_ufunc(concat, **xl._kw0)
    return {
        "REPT": wrap_ufunc(rept, **xl._kw0),
        "SUBSTITUTE": wrap_ufunc(
            substitute,
            input_parser=lambda *a: a,
            args_parser=lambda *a: (replace_empty(v, "") for v in a),
        ),
        "CONCAT": wrap_func(concat),
        "_XLFN.CONCAT": wrap_func(concat),
        "CONCATENATE": concatenate,
        "_XLFN.CONCATENATE": concatenate,
        "TEXTJOIN": wrap_func(textjoin),
        "_XLFN.TEXTJOIN": wrap_func(textjoin),
    }


def index_by_cell() -> dict[str, Any]:
    """Excel's INDEX as ``formulas`` 1.3 computes it, building only the cell it picks.

    ``formulas``' own INDEX, given a reference, first makes a one-cell reference object for
    every cell of the range (a 600-row Games table: 3,600 objects, each with a copy of the
    model's value table) and then picks one; it took two thirds of a club season's
    recalculation.  Here the same ``_index`` picks from a view that builds the cell it is
    asked for, with the same row, column and area rules and the same errors; every case
    but one area of a reference (several areas, arrays, INDEX over INDEX) goes to
    ``formulas``' own function unchanged.
    """
    import numpy as np
    from formulas.functions import Array, look, parse_ranges, wrap_func, wrap_impure_func
    from formulas.ranges import Ranges
    from formulas.tokens.operand import _index2col

    class Cells:
        """The cells of one area, built one at a time as ``_index`` asks for them."""

        def __init__(self, array: Any) -> None:
            self.array = array
            self.area = array.ranges[0]
            self.value = Ranges((self.area,), array.values).value
            self.shape = self.value.shape

        def __getitem__(self, key: tuple[int, int]) -> Any:
            row, col = key
            if not (0 <= row < self.shape[0] and 0 <= col < self.shape[1]):
                raise IndexError(key)
            area = self.area
            number = int(area["n1"]) + col
            letters = _index2col(number)
            ref = f"{letters}{int(area['r1']) + row}"
            sheet_id = area["sheet_id"]
            cell = {
                "r1": int(area["r1"]) + row,
                "r2": int(area["r1"]) + row,
                "c1": letters,
                "c2": letters,
                "n1": number,
                "n2": number,
                "ref": ref,
                "name": f"{sheet_id}!{ref}" if sheet_id else ref,
                "sheet_id": sheet_id,
            }
            return Ranges(values=dict(self.array.values)).set_value(cell, self.value[row, col])

    def index(array: Any, row_num: Any, col_num: Any = None, area_num: Any = 1) -> Any:
        if not isinstance(array, Ranges) or array.is_set or len(array.ranges) != 1:
            return look.xindex(array, row_num, col_num, area_num)
        row_num, col_num, area_num = parse_ranges(row_num, col_num, area_num)[0]
        one = [np.ndim(v) == 0 or np.size(v) == 1 for v in (row_num, col_num, area_num)]
        if not all(one):
            return look.xindex(array, row_num, col_num, area_num)
        picked = look._index(
            [Cells(array)],
            *(v if np.ndim(v) == 0 else np.asarray(v).flat[0] for v in (row_num, col_num)),
            area_num if np.ndim(area_num) == 0 else np.asarray(area_num).flat[0],
            True,
            False,
        )
        if isinstance(picked, Ranges):
            return picked
        result = np.asarray([[picked]], dtype=object)
        return result.view(Array)

    fast = wrap_impure_func(wrap_func(index, ranges=True))
    return {"INDEX": {**look.FUNCTIONS["INDEX"], "function": fast}}


def countifs_masks_once() -> dict[str, Any]:
    """Excel's COUNTIFS as ``formulas`` 1.3 computes it, each range's test for one value
    worked out once per call.

    Given an array where a criterion belongs (the club season's Standings count each
    player's games with ``COUNTIFS(Games!A5:A604, $B$4, Games!D5:D604, $A$9:$A$48)``),
    ``formulas`` works out every range's test again for each value of the array: the
    event column's test once per player, over every game row (COUNTIFS was a fifth of a
    grown club season's calculation; three seasons calculate 15% faster without the
    repeats).  Here the tests are the same function
    (``formulas.functions.__xfilter``: operators, wildcards, numbers as text, case) on the
    same range tables, kept for the call by range and by value (type included: TRUE, 1
    and "1" test differently), and combined in the same order with the same errors.
    """
    import formulas.functions as xl
    import numpy as np
    from formulas.errors import FoundError
    from formulas.functions import Array, replace_empty, wrap_func

    test = getattr(xl, "__xfilter")  # a module function: its name is not mangled

    def countifs(test_range: Any, condition: Any, *args: Any) -> Any:
        if len(args) % 2:
            raise ValueError(
                "Additional arguments must be supplied in (test_range, condition) pairs."
            )
        ranges = [{"raw": replace_empty(v, "")} for v in (test_range, *args[0::2])]
        operating = np.asarray(test_range)
        kept: dict[tuple[int, type, object], Any] = {}

        def count(*values: Any) -> Any:
            try:
                chosen = None
                for i, (table, value) in enumerate(zip(ranges, values, strict=True)):
                    key = (i, type(value), value)
                    try:
                        mask, keep = kept.get(key), True
                    except TypeError:  # a value that cannot be a key: tested each time
                        mask, keep = None, False
                    if mask is None:
                        mask = test(table, value)
                        if keep:
                            kept[key] = mask
                    if chosen is None:
                        chosen = mask.copy()
                    else:  # in place, as formulas combines them (the same shapes pass)
                        chosen &= mask
                return len(operating[chosen])
            except FoundError as error:
                return error.err

        counted = np.vectorize(count, otypes=[object])(condition, *args[1::2])
        return counted.view(Array)

    return {"COUNTIFS": wrap_func(countifs)}


#: The words a date or time text may hold, as Excel reads one (its DATEVALUE and TIMEVALUE
#: take "1/30/2008", "30-Jan-2008", "January 30, 2008", "6:45 PM"): month names, whole or
#: their first three letters (and "Sept"), and AM/PM.  Source: Microsoft Support,
#: "DATEVALUE function" and "TIMEVALUE function" (date_text / time_text examples).
_MONTHS: Final = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
_DATE_WORDS: Final = frozenset([*_MONTHS, *(m[:3] for m in _MONTHS), "sept", "am", "pm", "a", "p"])
#: A date or time as typed: numbers, those words, and the separators / - . , : and spaces.
_DATE_SHAPE: Final = re.compile(r"[0-9A-Za-z/\-.,: ]*[0-9][0-9A-Za-z/\-.,: ]*")
_ORIGINAL_TEXT2DATETIME: list[Any] = []


def excel_reads_as_date(text: str) -> bool:
    """Whether *text* is written the way Excel reads a date or a time: at least one digit,
    the separators ``/ - . , :`` and spaces, and only month names and AM/PM as words.

    >>> [excel_reads_as_date(t) for t in ("1/30/2008", "30-Jan-2008", "6:45 PM", "1-0")]
    [True, True, True, True]
    >>> [excel_reads_as_date(t) for t in ("M0001", "May", "Event 001", "2020-01-01T10:00")]
    [False, False, False, False]
    """
    stripped = text.strip()
    if not _DATE_SHAPE.fullmatch(stripped):
        return False
    return all(word.casefold() in _DATE_WORDS for word in re.findall(r"[A-Za-z]+", stripped))


def date_text_as_excel_reads() -> None:
    """Let ``formulas`` read text as a date or time only where Excel would
    (:func:`excel_reads_as_date`); other text stays text.

    ``formulas`` 1.3 reads text as a number (criteria of COUNTIF, COUNTIFS, SUMIF...,
    arithmetic, VALUE, DATEVALUE, DAY...) with ``float`` and then dateutil's lenient
    parser, which reads ``M0001`` as 00:00:01 on 1 January of the current year: the
    criterion ``M0001`` then became that date, every name ``M0002``... of the range became
    the same date, and COUNTIFS counted every player's games for each player.  Excel
    compares the text ``M0001`` as text ("criteria can be expressed as 32, "32", ">32",
    "apples"": Microsoft, WorksheetFunction.CountIfs).  ``formulas.functions.date``'s
    ``_text2datetime`` is the one place every such reading goes through (each caller looks
    it up in that module when it runs); it is wrapped once, and text of another shape fails
    as the original fails on text it cannot read (an ``AssertionError``, which its callers
    turn into the text itself or ``#VALUE!``).
    """
    from formulas.functions import date

    if _ORIGINAL_TEXT2DATETIME:
        return
    original = date._text2datetime
    _ORIGINAL_TEXT2DATETIME.append(original)

    def text2datetime(date_text: Any) -> Any:
        if isinstance(date_text, str) and not excel_reads_as_date(date_text):
            raise AssertionError(f"{date_text!r} is not a date as Excel reads one")
        return original(date_text)

    date._text2datetime = text2datetime


#: UNICHAR's code points: 1 to U+10FFFF, the surrogates U+D800-U+DFFF giving ``#N/A``.
#: Source: Microsoft Support, "UNICHAR function" ("If Unicode numbers are partial
#: surrogates and data types are not valid, UNICHAR returns the #N/A error value. If
#: numbers are numeric values that fall outside the allowed range, UNICHAR returns the
#: #VALUE! error value.").
UNICHAR_MAX: Final = 0x10FFFF
SURROGATES: Final = range(0xD800, 0xE000)


def unichar_as_excel() -> dict[str, Any]:
    """UNICHAR as Excel answers it: ``#N/A`` for a surrogate (``formulas`` 1.3 made a lone
    surrogate, which no file can hold: ``=UNICHAR(55296)`` ended in a UnicodeEncodeError),
    ``#VALUE!`` outside 1 to U+10FFFF."""
    from formulas.functions import text as xl
    from formulas.functions import wrap_ufunc
    from formulas.tokens.operand import Error

    def unichar(number: Any) -> Any:
        try:
            code = int(number)
        except (TypeError, ValueError, OverflowError):
            return xl.xunichar(number)  # formulas' own answer for what is not a number
        if code in SURROGATES:
            return Error.errors["#N/A"]
        if not 1 <= code <= UNICHAR_MAX:
            return Error.errors["#VALUE!"]
        return chr(code)

    wrapped = wrap_ufunc(unichar)
    return {"UNICHAR": wrapped, "_XLFN.UNICHAR": wrapped}


def replacements() -> dict[str, Any]:
    """Every function of this module, by the names ``formulas``' table knows them by (and
    ``formulas``' reading of date text narrowed: :func:`date_text_as_excel_reads`)."""
    date_text_as_excel_reads()
    return {
        **text_bounded(),
        **index_by_cell(),
        **countifs_masks_once(),
        **unichar_as_excel(),
    }
