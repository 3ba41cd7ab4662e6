"""Lint a formula before anyone opens it in Excel (:mod:`.book` lints a whole workbook).

Every formula is tokenised (openpyxl's tokenizer) and checked:

* every function is one of the registry's (:data:`xlrating.sheet.catalog.FUNCTIONS`) or one of
  Excel's own, and a registry function gets a number of arguments it accepts;
* Excel 2010+ "future functions" carry the ``_xlfn.`` prefix that Excel needs in the file
  (without it Excel shows ``#NAME?``), and nothing carries ``_xludf.`` (Excel writes that for
  a function it did not know when the file was saved; such a cell shows ``#NAME?`` forever);
* every reference names an existing sheet and lands inside that sheet's used area;
* a registry function that spills is written as an array formula, not as a plain cell
  (Excel 365 would show only its first value, as ``=@NAME(...)``);

The headless engine cannot catch the prefix mistakes: the ``formulas`` package (like pycel)
evaluates ``XLOOKUP`` with or without ``_xlfn.``, while Excel needs it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from ...sheet.catalog import FUNCTIONS, ExcelFunction
from ...sheet.cells import EXCEL_COLUMNS, EXCEL_ROWS
from ..ooxml.a1 import CELL, column_number, split_sheet

__all__ = [
    "EXCEL_COLUMNS",
    "EXCEL_ROWS",
    "FUTURE_FUNCTIONS",
    "XLWS_FUNCTIONS",
    "FunctionCall",
    "formula_problems",
    "function_calls",
    "references",
    "with_prefixes",
]

#: Functions added to Excel after the 2007 file format: the file must spell them
#: ``_xlfn.NAME`` or Excel shows ``#NAME?``.  From libxlsxwriter's "Formulas added in Excel
#: 2010 and later" list (https://libxlsxwriter.github.io/working_with_formulas.html), as
#: XlsxWriter 3.x applies it (``Worksheet._prepare_formula``), with the later additions
#: ENCODEURL, GROUPBY, PIVOTBY, PERCENTOF, REGEX*, TRIMRANGE and STOCKHISTORY.
FUTURE_FUNCTIONS: Final = frozenset(
    [
        "ACOT",
        "ACOTH",
        "AGGREGATE",
        "ANCHORARRAY",
        "ARABIC",
        "ARRAYTOTEXT",
        "BASE",
        "BETA.DIST",
        "BETA.INV",
        "BINOM.DIST",
        "BINOM.DIST.RANGE",
        "BINOM.INV",
        "BITAND",
        "BITLSHIFT",
        "BITOR",
        "BITRSHIFT",
        "BITXOR",
        "BYCOL",
        "BYROW",
        "CEILING.MATH",
        "CEILING.PRECISE",
        "CHISQ.DIST",
        "CHISQ.DIST.RT",
        "CHISQ.INV",
        "CHISQ.INV.RT",
        "CHISQ.TEST",
        "CHOOSECOLS",
        "CHOOSEROWS",
        "COMBINA",
        "CONCAT",
        "CONFIDENCE.NORM",
        "CONFIDENCE.T",
        "COT",
        "COTH",
        "COVARIANCE.P",
        "COVARIANCE.S",
        "CSC",
        "CSCH",
        "DAYS",
        "DECIMAL",
        "DROP",
        "ENCODEURL",
        "ERF.PRECISE",
        "ERFC.PRECISE",
        "EXPAND",
        "EXPON.DIST",
        "F.DIST",
        "F.DIST.RT",
        "F.INV",
        "F.INV.RT",
        "F.TEST",
        "FILTERXML",
        "FLOOR.MATH",
        "FLOOR.PRECISE",
        "FORECAST.ETS",
        "FORECAST.ETS.CONFINT",
        "FORECAST.ETS.SEASONALITY",
        "FORECAST.ETS.STAT",
        "FORECAST.LINEAR",
        "FORMULATEXT",
        "GAMMA",
        "GAMMA.DIST",
        "GAMMA.INV",
        "GAMMALN.PRECISE",
        "GAUSS",
        "GROUPBY",
        "HSTACK",
        "HYPGEOM.DIST",
        "IFNA",
        "IFS",
        "IMAGE",
        "IMCOSH",
        "IMCOT",
        "IMCSC",
        "IMCSCH",
        "IMSEC",
        "IMSECH",
        "IMSINH",
        "IMTAN",
        "ISFORMULA",
        "ISOMITTED",
        "ISOWEEKNUM",
        "LAMBDA",
        "LET",
        "LOGNORM.DIST",
        "LOGNORM.INV",
        "MAKEARRAY",
        "MAP",
        "MAXIFS",
        "MINIFS",
        "MODE.MULT",
        "MODE.SNGL",
        "MUNIT",
        "NEGBINOM.DIST",
        "NORM.DIST",
        "NORM.INV",
        "NORM.S.DIST",
        "NORM.S.INV",
        "NUMBERVALUE",
        "PDURATION",
        "PERCENTILE.EXC",
        "PERCENTILE.INC",
        "PERCENTOF",
        "PERCENTRANK.EXC",
        "PERCENTRANK.INC",
        "PERMUTATIONA",
        "PHI",
        "PIVOTBY",
        "POISSON.DIST",
        "QUARTILE.EXC",
        "QUARTILE.INC",
        "QUERYSTRING",
        "RANDARRAY",
        "RANK.AVG",
        "RANK.EQ",
        "REDUCE",
        "REGEXEXTRACT",
        "REGEXREPLACE",
        "REGEXTEST",
        "RRI",
        "SCAN",
        "SEC",
        "SECH",
        "SEQUENCE",
        "SHEET",
        "SHEETS",
        "SINGLE",
        "SKEW.P",
        "SORTBY",
        "STDEV.P",
        "STDEV.S",
        "STOCKHISTORY",
        "SWITCH",
        "T.DIST",
        "T.DIST.2T",
        "T.DIST.RT",
        "T.INV",
        "T.INV.2T",
        "T.TEST",
        "TAKE",
        "TEXTAFTER",
        "TEXTBEFORE",
        "TEXTJOIN",
        "TEXTSPLIT",
        "TOCOL",
        "TOROW",
        "TRIMRANGE",
        "UNICHAR",
        "UNICODE",
        "UNIQUE",
        "VALUETOTEXT",
        "VAR.P",
        "VAR.S",
        "VSTACK",
        "WEBSERVICE",
        "WEIBULL.DIST",
        "WRAPCOLS",
        "WRAPROWS",
        "XLOOKUP",
        "XMATCH",
        "XOR",
        "Z.TEST",
    ]
)
#: Dynamic-array functions that Excel stores as ``_xlfn._xlws.NAME`` (same source).
XLWS_FUNCTIONS: Final = frozenset({"FILTER", "SORT"})

_XLFN: Final = "_XLFN."
_XLWS: Final = "_XLWS."
_XLUDF: Final = "_XLUDF."

_CELL_RE: Final = re.compile(rf"^{CELL}(?::{CELL})?#?$")
_COLUMNS_RE: Final = re.compile(r"^\$?([A-Z]{1,3}):\$?([A-Z]{1,3})$")
_ROWS_RE: Final = re.compile(r"^\$?([0-9]+):\$?([0-9]+)$")


@dataclass(frozen=True, slots=True)
class FunctionCall:
    """A function called in a formula, as written (``_xlfn.`` prefix kept)."""

    #: The name as written, upper case, e.g. ``"_XLFN.XLOOKUP"``.
    name: str
    #: How many arguments the call passes (``F()`` passes 0, ``F(1,,3)`` passes 3).
    args: int
    #: True when this call is the whole formula (``=F(...)``), not part of an expression.
    outermost: bool

    @property
    def base(self) -> str:
        """The name without ``_xlfn.`` / ``_xlws.`` prefixes."""
        name = self.name
        for prefix in (_XLFN, _XLWS):
            if name.startswith(prefix):
                name = name[len(prefix) :]
        return name


def _tokens(formula: str) -> tuple[Any, ...]:
    """The tokens of *formula*, with or without its "=" (read only: shared)."""
    return _tokens_of(formula if formula.startswith("=") else "=" + formula)


@functools.lru_cache(maxsize=8192)
def _tokens_of(text: str) -> tuple[Any, ...]:
    """The tokens of a formula text starting with "=": one formula is linted by several
    checks, when it is written and again with its workbook."""
    from openpyxl.formula.tokenizer import Tokenizer

    return tuple(t for t in Tokenizer(text).items if t.type != "WHITE-SPACE")


def function_calls(formula: str) -> list[FunctionCall]:
    """Every function call in *formula* with its argument count.

    >>> [(c.name, c.args) for c in function_calls('=IF(F(1,,3),SUM(A1:A3),G())')]
    [('IF', 3), ('F', 3), ('SUM', 1), ('G', 0)]
    """
    return list(_calls_of(formula if formula.startswith("=") else "=" + formula))


@functools.lru_cache(maxsize=8192)
def _calls_of(text: str) -> tuple[FunctionCall, ...]:
    """:func:`function_calls` of a formula text starting with "=" (shared, frozen)."""
    tokens = _tokens_of(text)
    calls: list[list[Any]] = []  # [name, args, outermost] in order of appearance
    stack: list[tuple[str, int | None]] = []  # ("FUNC", index into calls) or ("PAREN"/"ARRAY")
    for i, token in enumerate(tokens):
        kind, sub = token.type, token.subtype
        if kind == "FUNC" and sub == "OPEN":
            empty = (
                i + 1 < len(tokens)
                and tokens[i + 1].type == "FUNC"
                and (tokens[i + 1].subtype == "CLOSE")
            )
            outermost = i == 0
            calls.append([token.value[:-1].upper(), 0 if empty else 1, outermost])
            stack.append(("FUNC", len(calls) - 1))
        elif kind in ("PAREN", "ARRAY") and sub == "OPEN":
            stack.append((kind, None))
        elif sub == "CLOSE" and kind in ("FUNC", "PAREN", "ARRAY"):
            if stack:
                opened, index = stack.pop()
                # A call closed before the end of the formula is part of an expression.
                if opened == "FUNC" and index is not None and i != len(tokens) - 1:
                    calls[index][2] = False
        elif kind == "SEP" and sub == "ARG" and stack and stack[-1][0] == "FUNC":
            index = stack[-1][1]
            if index is not None:
                calls[index][1] += 1
    return tuple(FunctionCall(name, args, outermost) for name, args, outermost in calls)


def with_prefixes(formula: str) -> str:
    """*formula* with the prefixes Excel needs in the file added to newer functions.

    >>> with_prefixes('=IFERROR(XLOOKUP(1,A1:A3,B1:B3),"none")')
    '=IFERROR(_xlfn.XLOOKUP(1,A1:A3,B1:B3),"none")'
    >>> with_prefixes("=SORT(A1:A3)")
    '=_xlfn._xlws.SORT(A1:A3)'
    """
    from openpyxl.formula.tokenizer import Tokenizer

    text = formula if formula.startswith("=") else "=" + formula
    upper = text.upper()
    if not any(f"{name}(" in upper for name in (*XLWS_FUNCTIONS, *FUTURE_FUNCTIONS)):
        return formula  # no newer function's name in the text: nothing to prefix
    tokenizer = Tokenizer(text)
    for token in tokenizer.items:
        if token.type == "FUNC" and token.subtype == "OPEN":
            name = token.value[:-1].upper()
            if name in XLWS_FUNCTIONS:
                token.value = f"_xlfn._xlws.{name}("
            elif name in FUTURE_FUNCTIONS:
                token.value = f"_xlfn.{name}("
    rendered: str = tokenizer.render()
    return rendered if formula.startswith("=") else rendered[1:]


def references(formula: str) -> list[str]:
    """Every reference or name operand in *formula*, as written.

    >>> references("=SUM(Event!$B$2:$B$13)+'How to use'!A1+Rating")
    ['Event!$B$2:$B$13', "'How to use'!A1", 'Rating']
    """
    return [t.value for t in _tokens(formula) if t.type == "OPERAND" and t.subtype == "RANGE"]


def _extent(ref: str) -> tuple[int, int] | None:
    """The last (row, column) a reference touches, or None if it is not a reference."""
    ref = ref.upper()
    match = _CELL_RE.match(ref)
    if match:
        col1, row1, col2, row2 = match.groups()
        rows = [int(row1)] + ([int(row2)] if row2 else [])
        cols = [column_number(col1)] + ([column_number(col2)] if col2 else [])
        return max(rows), max(cols)
    match = _COLUMNS_RE.match(ref)
    if match:
        return EXCEL_ROWS, max(column_number(c) for c in match.groups())
    match = _ROWS_RE.match(ref)
    if match:
        return max(int(r) for r in match.groups()), EXCEL_COLUMNS
    return None


def _call_problems(
    call: FunctionCall,
    functions: Mapping[str, ExcelFunction],
    builtin: Collection[str],
    array: bool,
) -> Iterator[str]:
    name, base = call.name, call.base
    if name.startswith(_XLUDF):
        yield (
            f"{name} carries _xludf. (Excel did not know the function when the file was "
            "saved): write the plain name"
        )
        return
    fn = functions.get(base)
    if fn is not None:
        if name != base:
            yield f"{name}: a registry function takes no _xlfn. prefix"
        if not fn.min_args <= call.args <= fn.max_args:
            yield f"{base} takes {fn.min_args} to {fn.max_args} arguments, got {call.args}"
        if fn.spills and call.outermost and not array:
            yield f"{base} spills: write it as a dynamic array formula, not a plain cell"
        return
    if base in XLWS_FUNCTIONS:
        if name != _XLFN + _XLWS + base:
            yield f"{base} must be written _xlfn._xlws.{base} (a dynamic-array function)"
        return
    if base in FUTURE_FUNCTIONS:
        if name != _XLFN + base:
            yield f"{base} must be written _xlfn.{base} (a function newer than Excel 2007)"
        return
    if base in builtin:
        if name != base:
            yield f"{name}: {base} is an Excel 2007 function and takes no prefix"
        return
    yield f"unknown function {name} (neither in the registry nor one of Excel's)"


def formula_problems(
    formula: str,
    *,
    sheets: Mapping[str, tuple[int, int]] | None = None,
    sheet: str | None = None,
    array: bool = False,
    names: Collection[str] = (),
    functions: Mapping[str, ExcelFunction] | None = None,
) -> list[str]:
    """What is wrong with one formula (an empty list when nothing is).

    :param formula: the formula text, with or without the leading ``=``.
    :param sheets: the workbook's sheets and their used area (last row, last column); when
        given, every reference must name one of them and land inside its used area.
    :param sheet: the sheet the formula is on (for references without a sheet name).
    :param array: True when the formula is an array formula (spilling functions allowed).
    :param names: the workbook's defined names (upper case).
    :param functions: the registry; default :data:`xlrating.sheet.catalog.FUNCTIONS`.

    >>> formula_problems("=XLOOKUP(1,A1:A3,B1:B3)")
    ['XLOOKUP must be written _xlfn.XLOOKUP (a function newer than Excel 2007)']
    >>> formula_problems("=ELO_EXPECTED(1500)")
    ['ELO_EXPECTED takes 2 to 3 arguments, got 1']
    """
    from openpyxl.utils import FORMULAE

    registry = FUNCTIONS if functions is None else functions
    problems: list[str] = []
    try:
        calls = function_calls(formula)
        refs = references(formula)
    except Exception as error:  # the tokenizer's own message, on one line
        return [f"formula cannot be parsed: {' '.join(str(error).split())}"]
    for call in calls:
        problems.extend(_call_problems(call, registry, FORMULAE, array))
    if "#REF!" in formula.upper():
        problems.append("formula contains #REF! (a reference to deleted cells)")
    upper_names = {n.upper() for n in names}
    lookup = {name.upper(): (name, extent) for name, extent in (sheets or {}).items()}
    for ref in refs:
        target, address = split_sheet(ref)
        if target is not None and target.startswith("["):
            problems.append(f"{ref}: a reference to another workbook")
            continue
        extent = _extent(address)
        if extent is None:
            if address.upper() not in upper_names:
                problems.append(f"{ref}: unknown name or reference")
            continue
        row, col = extent
        if row > EXCEL_ROWS or col > EXCEL_COLUMNS:
            problems.append(f"{ref}: outside Excel's grid")
            continue
        if sheets is None:
            continue
        key = (target if target is not None else sheet or "").upper()
        if key not in lookup:
            problems.append(f"{ref}: no sheet named {target or sheet!r}")
            continue
        title, (last_row, last_col) = lookup[key]
        if (row > last_row and row != EXCEL_ROWS) or (col > last_col and col != EXCEL_COLUMNS):
            problems.append(f"{ref}: outside the used area of sheet {title!r}")
    return problems
