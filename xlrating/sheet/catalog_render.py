"""The files generated from the registry: the xlwings declarations :mod:`xlrating.udfs`
(:func:`render_udfs`) and ``docs/functions.md`` (:func:`render_function_docs`);
``python -m xlrating.generate`` writes them.

Split from :mod:`xlrating.sheet.catalog`, which re-exports these names.  The registry is read
when a file is rendered, so that importing the catalog imports this module and not the
other way round.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from .catalog import ExcelFunction

# ---------------------------------------------------------------- generated xlwings module
_UDF_HEADER: Final = '''"""xlwings declarations of the xlrating spreadsheet functions.

GENERATED from the registry in xlrating/sheet/catalog.py by ``python -m xlrating.generate``:
do not edit by hand (a test checks that this file is up to date).  Each function only
declares its arguments for Excel and hands the cell values to the registry, which
coerces them, calls the rating core, and turns any failure into one line of text.

Set "UDF Modules" to ``xlrating.udfs`` in the xlwings add-in, then Import Functions.
On Linux and macOS the decorators do nothing and the functions are plain Python.
"""

from __future__ import annotations

import xlwings as xw

from xlrating.sheet.catalog import call
'''


def _py(text: str) -> str:
    return repr(text)


#: The functions that read a whole Players or Games table (and most rate it): xlwings'
#: Function Wizard would call them on every keystroke, each call up to half a second on a
#: big season, so they are declared ``call_in_wizard=False`` (xlwings then generates
#: ``If (Not Application.CommandBars("Standard").Controls(1).Enabled) Then Exit Function``).
def _is_table_function(fn: ExcelFunction) -> bool:
    # (a table function takes its table first; USCF's "games" elsewhere is a count)
    return fn.params[0].name in ("players", "games")


def declaration(fn: ExcelFunction, func: str, call: str = "call") -> str:
    """The xlwings declaration of *fn*: the decorator line *func* (``@xw.func(...)``), one
    ``@xw.arg`` per argument with its help text, the signature (optional arguments default
    to None), the summary as docstring and a body handing the cell values to *call*."""
    lines = [func]
    for p in fn.params:
        lines.append(f"@xw.arg({_py(p.name)}, doc={_py(p.doc)}, err_to_str=True)")
    sig = ", ".join(p.name + ("=None" if p.optional else "") for p in fn.params)
    lines.append(f"def {fn.name}({sig}):")
    lines.append(f"    {_py(fn.summary)}")
    args = ", ".join(p.name for p in fn.params)
    lines.append(f"    return {call}({_py(fn.name)}, {args})")
    return "\n".join(lines) + "\n"


def render_udfs() -> str:
    """The source of :mod:`xlrating.udfs`, generated from :data:`FUNCTIONS`."""
    from .catalog import CATEGORY, FUNCTIONS  # read when rendered (the catalog imports this)

    parts = [_UDF_HEADER]
    for fn in FUNCTIONS.values():
        wizard = ", call_in_wizard=False" if _is_table_function(fn) else ""
        parts.append("\n\n" + declaration(fn, f'@xw.func(category="{CATEGORY}"{wizard})'))
    return "".join(parts).rstrip("\n") + "\n"


def _cell_text(text: str) -> str:
    return text.replace("|", "\\|")


def render_function_docs() -> str:
    """The text of docs/functions.md: every function with its arguments and an example."""
    from .catalog import FUNCTIONS  # read when rendered (the catalog imports this)

    out = [
        "# Spreadsheet functions",
        "",
        "GENERATED from the registry in `xlrating/sheet/catalog.py` by"
        " `python -m xlrating.generate`; a test checks that it is up to date.",
        "",
        "Arguments in [brackets] are optional: leave them out or leave the cell blank.",
        "Ranges may be a row or a column; rows blank in both the opponents and the results",
        'range are skipped. Results are 1, 0.5, 0 or W, D, L (also "Win", "Draw", "Loss",',
        '"1-0", "½-½", "0-1", "½", "=": the words a Games table accepts, in any case).',
        "Dates may be Excel dates or ISO text such as 2025-10-01.",
        "A failure shows as one line of text starting with `#VALUE!` (bad input) or `#N/A`",
        "(the rules give no rating), naming the argument and the value.",
        "",
        "| Function | What it returns | Example |",
        "|---|---|---|",
    ]
    for fn in FUNCTIONS.values():
        args = ", ".join(f"[{p.name}]" if p.optional else p.name for p in fn.params)
        out.append(
            f"| `{fn.name}({args})` | {_cell_text(fn.summary)} | `{_cell_text(fn.example)}` |"
        )
    out.append("")
    for fn in FUNCTIONS.values():
        out += [f"## {fn.name}", "", fn.summary, "", f"Example: `{fn.example}`", ""]
        if fn.spills:
            out += ["The result is a table that spills into the cells below and beside.", ""]
        out += ["| Argument | Meaning |", "|---|---|"]
        for p in fn.params:
            name = f"[{p.name}]" if p.optional else p.name
            out.append(f"| `{name}` | {_cell_text(p.doc)} |")
        out.append("")
    return "\n".join(out)


def write_generated(target: Path, text: str) -> None:
    """Write *text* to *target* through a temporary file, so a failure never damages it."""
    partial = target.with_name(target.name + ".tmp")
    partial.write_text(text, encoding="utf-8")
    partial.replace(target)


#: Where the generated files live.
UDFS_PATH: Final = Path(__file__).resolve().parent.parent / "udfs.py"


FUNCTION_DOCS_PATH: Final = Path(__file__).resolve().parents[2] / "docs" / "functions.md"
