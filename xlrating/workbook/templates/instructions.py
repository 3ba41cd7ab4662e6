"""What a user does to get computed cells in Excel: the one text of the set-up steps.

The "How to use" sheet of every template (:func:`how_to_use_lines`), ``xlrating
excel-setup``'s closing message (:data:`EXCEL_SETUP_NEXT`) and its explanation off
Windows (:data:`ELSEWHERE`) are written from here; docs/excel.md's "Using the functions in
Excel" says the same, and a test holds them together.  Where a step comes from:

* xlrating is not published on the package index: it is installed from a clone of its
  repository or from a wheel built in one (never ``pip install xlrating``: the name
  could be anyone's);
* the ``.xlsm`` twins carry xlwings' standalone module and the function wrappers, so
  they need no add-in reference, no Trust access and no Import Functions (docs/excel.md);
* a workbook of the user's own needs the reference to the xlwings add-in's VBA project
  (xlwings docs/addin.md: "to use RunPython or UDFs in a workbook, you need to set a
  reference to xlwings in the VBA editor"; without it every wrapper fails with
  "Object required", xlwings issues #1163, #923, #729), and Import Functions, which
  needs Trust access to the VBA project object model (it imports a VBA module);
* Import Functions does not recalculate: cells that already show ``#NAME?`` stay so
  until a full calculation, Ctrl+Alt+F9 (xlwings docs/udfs.md);
* macros from a file downloaded from the internet are blocked until the file is
  unblocked in its Properties (Microsoft Learn, "Macros from the internet are blocked
  by default in Office"); any ``.xlsm`` opens with the Enable Content bar;
* Excel 2016 and 2019 have no dynamic arrays: a table function typed by hand returns
  only its first value unless entered with Ctrl+Shift+Enter over a range selected first.

Standard library only: ``xlrating excel-setup`` prints this text on a bare install.
"""

from __future__ import annotations

from typing import Final

from ... import __version__

__all__ = [
    "ELSEWHERE",
    "EXCEL_SETUP_NEXT",
    "INSTALL_FROM_CLONE",
    "INSTALL_FROM_WHEEL",
    "WHEEL",
    "how_to_use_lines",
]

#: Install xlrating with the Excel extra, in the folder of a clone of its repository.
INSTALL_FROM_CLONE: Final = 'python -m pip install -e ".[excel]"'
#: The wheel ``python -m pip wheel --no-deps -w dist .`` builds in a clone.
WHEEL: Final = f"xlrating-{__version__}-py3-none-any.whl"
INSTALL_FROM_WHEEL: Final = f'python -m pip install "{WHEEL}[excel]"'
BUILD_WHEEL: Final = "python -m pip wheel --no-deps -w dist ."
#: What ``xlrating excel-setup`` sets up, and how to point xlwings at this Python.
SETUP: Final = "xlrating excel-setup"
USE_THIS_PYTHON: Final = "xlrating excel-setup --use-this-python"

#: The set-up sections of the "How to use" sheet: (kind, text), kind one of "section",
#: "text", "code" (the builder's styles).
_HOW_TO_USE: Final[tuple[tuple[str, str], ...]] = (
    ("section", "Windows: Excel with xlwings"),
    (
        "text",
        "1. Install Python 3.10 or newer. xlrating is not on the package index: install it "
        "from a clone of its repository (in the clone's folder, in a command prompt):",
    ),
    ("code", f"    {INSTALL_FROM_CLONE}"),
    (
        "text",
        f"   or from a wheel built in a clone ({BUILD_WHEEL} writes dist\\{WHEEL}):",
    ),
    ("code", f"    {INSTALL_FROM_WHEEL}"),
    ("text", "2. Set up xlwings for that Python (once per computer; close Excel first):"),
    ("code", f"    {SETUP}"),
    (
        "text",
        "   It installs the xlwings add-in, adds UDF Modules = xlrating.udfs to "
        "%USERPROFILE%\\.xlwings\\xlwings.conf and prints the Python that xlwings.conf "
        "names. If that is another Python (cells then show \"No module named 'xlrating'\"), "
        f"run {USE_THIS_PYTHON}.",
    ),
    (
        "text",
        "3. Open the macro-enabled workbook (.xlsm): this file if its name ends in .xlsm, "
        "otherwise its twin of the same name in the workbooks folder of the clone. Click "
        "Enable Content on the yellow bar. A file downloaded from the internet opens with "
        "its macros blocked (a red bar): close it, right-click the file > Properties, tick "
        "Unblock, click OK, and open it again.",
    ),
    (
        "text",
        "4. The green cells show the values computed when the workbook was made. Press "
        "Ctrl+Alt+F9 to compute every cell with your set-up: the Checks sheet then shows "
        "ALL PASS. Nothing else is needed: the .xlsm carries the functions in its VBA "
        "project.",
    ),
    ("section", "Your own workbooks (or this workbook as .xlsx)"),
    (
        "text",
        "5. Save the workbook as a macro-enabled workbook (.xlsm). Once per workbook, open "
        "the VBA editor (Alt+F11), choose Tools > References, tick xlwings, click OK and "
        'save. Without this reference every function cell shows "Object required".',
    ),
    (
        "text",
        "6. Once per computer allow File > Options > Trust Center > Trust Center Settings "
        "> Macro Settings > Trust access to the VBA project object model. Then click "
        "xlwings > Import Functions and press Ctrl+Alt+F9: cells that showed #NAME? are "
        "computed only by that full calculation. After an update of xlrating that changes "
        "the functions, click Import Functions again.",
    ),
    (
        "text",
        "7. The functions are found through the setting UDF Modules = xlrating.udfs: the "
        "templates carry it in their sheet xlwings.conf, and xlrating excel-setup wrote it "
        "into your xlwings.conf (or set it on the xlwings ribbon tab).",
    ),
    ("code", "    UDF Modules = xlrating.udfs"),
    ("section", "Excel 2016 and Excel 2019"),
    (
        "text",
        "8. Tables such as USCF_DETAILS or SEASON_RATINGS spill by themselves in Excel 365 "
        "and Excel 2021. Excel 2016 and 2019 show the templates' tables as array formulas "
        "{=...} of a fixed size. A table function you type yourself shows only its first "
        "value there: select the whole range it should fill first, type the formula and "
        "press Ctrl+Shift+Enter (a message such as #VALUE! ... then repeats in every cell "
        "of the range).",
    ),
    ("section", "LibreOffice Calc 25.2 or later"),
    (
        "text",
        "xlrating's functions compute live in LibreOffice Calc once its add-in is installed "
        "(LibreOffice with its Python bridge; xlrating installed from a clone):",
    ),
    ("code", "    xlrating libreoffice-setup"),
    (
        "text",
        "Restart LibreOffice and open this workbook: every cell computes, and saving as "
        ".xlsx keeps the names Excel reads. Tables do not spill in LibreOffice: a table "
        "function you type needs its range selected first and Ctrl+Shift+Enter.",
    ),
    ("section", "Excel for Mac, Excel on the web: xlwings Lite"),
    (
        "text",
        "xlwings Lite, a free Excel add-in (Microsoft 365 or Office 2021+), runs Python "
        "inside Excel on Windows, Mac and the web, with no Python installed. 1. Add it: "
        "Home > Add-ins, search xlwings. 2. In its editor, paste xlwings==0.37.8 into the "
        "requirements.txt tab (then restart Lite from its menu) and the whole of "
        "workbooks/lite/main.py from xlrating's repository (or what xlrating lite-bundle "
        "writes) into the main.py tab; save the workbook. 3. The functions compute with "
        "the same names, results and error texts (use the .xlsx templates: Lite runs no "
        "VBA). What differs: docs/lite.md in xlrating's repository.",
    ),
    ("section", "Google Sheets and other programs"),
    (
        "text",
        "Elsewhere the workbook shows the values cached in it until a cell they depend on "
        "changes; then they show #NAME?. Fill in the yellow cells, save, and let Python "
        "compute the results (xlrating installed "
        'from a clone with python -m pip install -e ".[workbook]"):',
    ),
    ("code", "    xlrating recalc THIS_FILE.xlsx --values-only"),
    (
        "text",
        "That writes THIS_FILE.recalc.xlsx with every result as a plain value, which every "
        "program shows. Without --values-only the formulas stay and carry the results: "
        "Excel with the functions set up keeps computing them, and Excel elsewhere shows "
        "the results until a cell they depend on changes (LibreOffice recomputes the "
        "tables on opening and shows #NAME? there).",
    ),
)


def how_to_use_lines() -> list[tuple[str, str]]:
    """The set-up sections of a template's "How to use" sheet, as (kind, text) lines."""
    return list(_HOW_TO_USE)


#: ``xlrating excel-setup``'s last words on Windows, once xlwings is set up.
EXCEL_SETUP_NEXT: Final = (
    "Next, in Excel:\n"
    "  * a template: open its macro-enabled twin (workbooks\\*.xlsm in your clone of "
    "xlrating), click Enable Content (a downloaded file: right-click > Properties > "
    "Unblock first), press Ctrl+Alt+F9: the Checks sheet shows ALL PASS.\n"
    "  * your own workbook: save it as .xlsm; in the VBA editor (Alt+F11) Tools > "
    "References, tick xlwings; allow File > Options > Trust Center > Trust Center Settings "
    "> Macro Settings > Trust access to the VBA project object model (once); click "
    "xlwings > Import Functions, then press Ctrl+Alt+F9.\n"
    "  * Excel 2016/2019: a table function typed by hand needs its range selected first "
    "and Ctrl+Shift+Enter."
)

#: ``xlrating excel-setup`` off Windows ({system}: the system's name).
ELSEWHERE: Final = """\
xlrating excel-setup sets up xlwings for Excel on Windows, the only Excel that runs
classic xlwings functions. On Windows it runs `python -m xlwings.cli addin install` with
the Python xlrating is installed in, adds the line
    "UDF MODULES","xlrating.udfs"
to %USERPROFILE%\\.xlwings\\xlwings.conf (keeping the lines already there), and prints the
Python that xlwings.conf names. The macro-enabled templates (workbooks/*.xlsm) then
compute as they are: open one, click Enable Content, press Ctrl+Alt+F9.

On this computer ({system}) Excel cannot call xlrating's functions. Instead:
  * fill in a template and let Python compute it:
        xlrating templates                      (writes ./workbooks/*.xlsx)
        xlrating recalc workbooks/uscf_event.xlsx --values-only
    The copy uscf_event.recalc.xlsx shows every result in any program. Without
    --values-only the formulas stay and carry the results: Excel shows them until a
    cell they depend on changes.
  * or use xlwings Lite (lite.xlwings.org), a free add-in that runs Python inside Excel
    on Windows, Mac and the web: `xlrating lite-bundle DIR` writes the main.py and
    requirements.txt to paste into it (docs/lite.md).
"""
