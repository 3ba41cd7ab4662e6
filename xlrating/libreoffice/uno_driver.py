"""Drive a headless LibreOffice over UNO: install the add-in, recalculate workbooks.

Runs under a Python that can ``import uno`` (Debian: ``/usr/bin/python3`` with python3-uno),
started by :mod:`xlrating.libreoffice.office`; it imports nothing from xlrating.  Each
command starts its own ``soffice --headless`` on the user profile it is given, and stops
it at the end.  The answer is one JSON document on stdout; a failure is one line on
stderr and exit status 1.

    uno_driver.py install PROFILE OXT      add the extension to PROFILE ("user" scope)
    uno_driver.py remove PROFILE ID        remove the extension with identifier ID
    uno_driver.py recalc PROFILE REQUEST   REQUEST: a JSON file {"books": [...], "save": DIR}
    uno_driver.py type PROFILE REQUEST     REQUEST: {"book": B, "steps": [[SHEET, CELL, V]],
                                           "save": FILE}: type each value into its cell,
                                           recalculating after each as Calc does

The install goes through the ExtensionManager singleton, which (unlike ``unopkg add``)
also works for root and for any profile.  A running soffice does not see an extension
added while it runs, so every command uses a fresh soffice.
"""

import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import uno
import unohelper
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException
from com.sun.star.task import XInteractionHandler
from com.sun.star.ucb import XCommandEnvironment

#: com.sun.star.sheet.CellFlags.FORMULA and FormulaResult.ERROR.
FORMULA_CELLS = 16
ERROR_RESULT = 4
#: How long to wait for soffice to listen (seconds).
START_SECONDS = 120


class Failure(Exception):
    """A failure to report as one line."""


def _prop(name, value):
    prop = PropertyValue()
    prop.Name, prop.Value = name, value
    return prop


def start(profile):
    """A headless soffice on *profile*: (process, remote component context)."""
    soffice = os.environ.get("XLRATING_SOFFICE") or shutil.which("soffice")
    if not soffice:
        raise Failure("soffice is not on PATH")
    pipe = f"xlrating_{os.getpid()}_{time.monotonic_ns()}"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    proc = subprocess.Popen(
        [
            soffice,
            "--headless",
            "--invisible",
            "--norestore",
            "--nolockcheck",
            "--nodefault",
            "-env:UserInstallation=" + Path(profile).resolve().as_uri(),
            f"--accept=pipe,name={pipe};urp;",
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", local
    )
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise Failure(f"soffice exited with status {proc.returncode} while starting")
        try:
            ctx = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
            return proc, ctx
        except NoConnectException:
            time.sleep(0.05)
    proc.kill()
    raise Failure(f"soffice did not start within {START_SECONDS} s")


def stop(proc, ctx):
    with contextlib.suppress(Exception):  # terminate() drops the connection it was called over
        ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx).terminate()
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class _Approve(unohelper.Base, XInteractionHandler):
    """Approve the extension manager's questions (with no handler, adding is refused)."""

    def handle(self, request):
        approve = uno.getTypeByName("com.sun.star.task.XInteractionApprove")
        for choice in request.getContinuations():
            if choice.queryInterface(approve) is not None:
                choice.select()
                return


class _Environment(unohelper.Base, XCommandEnvironment):
    def getInteractionHandler(self):
        return _Approve()

    def getProgressHandler(self):
        return None


def _manager(ctx):
    return ctx.getValueByName("/singletons/com.sun.star.deployment.ExtensionManager")


def install(profile, oxt):
    proc, ctx = start(profile)
    try:
        package = _manager(ctx).addExtension(
            Path(oxt).resolve().as_uri(), (), "user", None, _Environment()
        )
        if package is None:
            raise Failure(f"LibreOffice refused the extension {oxt}")
        return {"installed": package.getIdentifier().Value, "version": package.getVersion()}
    finally:
        stop(proc, ctx)


def remove(profile, identifier):
    proc, ctx = start(profile)
    try:
        manager = _manager(ctx)
        present = [
            p
            for p in manager.getDeployedExtensions("user", None, _Environment())
            if p is not None and p.getIdentifier().Value == identifier
        ]
        for package in present:
            manager.removeExtension(identifier, package.getName(), "user", None, _Environment())
        return {"removed": len(present)}
    finally:
        stop(proc, ctx)


def _formula_values(doc):
    """Every formula cell's result: {"Sheet!A1": number | text | {"error": shown}}."""
    values = {}
    for sheet in doc.Sheets:
        name = sheet.Name
        ranges = sheet.queryContentCells(FORMULA_CELLS)
        for area in ranges.RangeAddresses:
            block = sheet.getCellRangeByPosition(
                area.StartColumn, area.StartRow, area.EndColumn, area.EndRow
            )
            for i, row in enumerate(block.getDataArray()):
                for j, value in enumerate(row):
                    values[f"{name}!{_address(area.StartColumn + j, area.StartRow + i)}"] = value
        errors = ranges.queryFormulaCells(ERROR_RESULT)
        for area in errors.RangeAddresses:
            for r in range(area.StartRow, area.EndRow + 1):
                for c in range(area.StartColumn, area.EndColumn + 1):
                    values[f"{name}!{_address(c, r)}"] = {
                        "error": sheet.getCellByPosition(c, r).String
                    }
    return values


def _address(col, row):
    letters = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(65 + rest) + letters
    return f"{letters}{row + 1}"


def recalc(profile, request):
    """Load each book (a copy), recalculate everything, report values and timings."""
    spec = json.loads(Path(request).read_text(encoding="utf-8"))
    save = spec.get("save")
    started = time.perf_counter()
    proc, ctx = start(profile)
    report = {"start_s": time.perf_counter() - started, "books": {}}
    work = Path(tempfile.mkdtemp(prefix="xlrating-lo-"))
    try:
        desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        for book in spec["books"]:
            copy = work / Path(book).name  # a crash then leaves no lock file beside the book
            shutil.copyfile(book, copy)
            t0 = time.perf_counter()
            doc = desktop.loadComponentFromURL(copy.as_uri(), "_blank", 0, (_prop("Hidden", True),))
            if doc is None:
                raise Failure(f"LibreOffice could not open {book}")
            t1 = time.perf_counter()
            doc.calculateAll()
            t2 = time.perf_counter()
            entry = {"load_s": t1 - t0, "calculate_s": t2 - t1}
            if not spec.get("timings_only"):
                entry["values"] = _formula_values(doc)
            if save:
                target = Path(save, Path(book).name).resolve()
                t3 = time.perf_counter()
                doc.storeToURL(target.as_uri(), (_prop("FilterName", "Calc MS Excel 2007 XML"),))
                entry["save_s"] = time.perf_counter() - t3
                entry["saved"] = str(target)
            doc.close(True)
            report["books"][book] = entry
    finally:
        stop(proc, ctx)
        shutil.rmtree(work, ignore_errors=True)
    return report


def _shown_errors(doc):
    """Every formula cell showing an error after a recalculation: an error value, or a
    text starting "#" (how the add-in's functions report one): {"Sheet!A1": shown}."""
    found = {}
    for key, value in _formula_values(doc).items():
        if isinstance(value, dict):
            found[key] = value["error"]
        elif isinstance(value, str) and value.startswith("#"):
            found[key] = value
    return found


def type_cells(profile, request):
    """Open a book, type each step's value into its cell one at a time (a number with
    setValue, a text with setString, as Calc stores what is typed into a cell formatted
    as text or a number), recalculate the cells that changed (``calculate``: what Calc's
    AutoCalculate does after each entry) and record the cells showing an error; then
    every formula cell's value, and the book saved as .xlsx."""
    spec = json.loads(Path(request).read_text(encoding="utf-8"))
    proc, ctx = start(profile)
    work = Path(tempfile.mkdtemp(prefix="xlrating-lo-"))
    report = {"steps": []}
    try:
        desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        copy = work / Path(spec["book"]).name
        shutil.copyfile(spec["book"], copy)
        doc = desktop.loadComponentFromURL(copy.as_uri(), "_blank", 0, (_prop("Hidden", True),))
        if doc is None:
            raise Failure(f"LibreOffice could not open {spec['book']}")
        doc.calculateAll()
        report["opened"] = _shown_errors(doc)
        for sheet_name, cell_name, value in spec["steps"]:
            cell = doc.Sheets.getByName(sheet_name).getCellRangeByName(cell_name)
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                cell.setValue(value)
            else:
                cell.setString(str(value))
            doc.calculate()
            report["steps"].append(
                {"cell": f"{sheet_name}!{cell_name}", "errors": _shown_errors(doc)}
            )
        report["values"] = _formula_values(doc)
        if spec.get("save"):
            target = Path(spec["save"]).resolve()
            doc.storeToURL(target.as_uri(), (_prop("FilterName", "Calc MS Excel 2007 XML"),))
            report["saved"] = str(target)
        doc.close(True)
    finally:
        stop(proc, ctx)
        shutil.rmtree(work, ignore_errors=True)
    return report


def main(argv):
    commands = {"install": install, "remove": remove, "recalc": recalc, "type": type_cells}
    if len(argv) != 3 or argv[0] not in commands:
        print("usage: uno_driver.py install|remove|recalc|type PROFILE ARG", file=sys.stderr)
        return 2
    try:
        answer = commands[argv[0]](argv[1], argv[2])
    except Exception as error:  # one line for the caller, never a traceback
        text = " ".join(str(error).split()) or type(error).__name__
        print(f"LibreOffice: {type(error).__name__}: {text}", file=sys.stderr)
        return 1
    json.dump(answer, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
