"""``xlrating excel-setup`` (the xlwings add-in and xlwings.conf on Windows) and
``xlrating excel-check`` (compute workbooks in Excel and compare with the engine)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path
from typing import Final

from ..workbook.ooxml import files
from .base import CliError, Commands, Step, doing
from .common import add_ignore_lock, workbook_modules

#: The module xlwings' "UDF Modules" setting must name.
UDF_MODULE: Final = "xlrating.udfs"


#: The key of that setting in xlwings.conf (as the xlwings ribbon writes it).
UDF_MODULES_KEY: Final = "UDF MODULES"


def add_udf_module(conf: str | Path, module: str = UDF_MODULE) -> bool:
    """Add *module* to the "UDF MODULES" line of an xlwings.conf file, keeping other lines.

    The file holds ``"KEY","VALUE"`` lines (xlwings ``read_user_config``); several UDF
    modules are separated by ``;``.  A missing file is created.  Returns False when the
    module was already listed (the file is then left untouched).
    """
    path = Path(conf)
    raw = path.read_bytes() if path.is_file() else b""
    text = raw.decode("latin-1")  # a lossless round trip for whatever encoding it has
    newline = "\r\n" if "\r\n" in text else ("\n" if text else os.linesep)
    lines = text.splitlines()
    for i, line in enumerate(lines):
        quoted = [part for part in line.split('"')[1::2]]
        if quoted and quoted[0].strip().upper() == UDF_MODULES_KEY:
            current = quoted[1] if len(quoted) > 1 else ""
            modules = [m.strip() for m in current.split(";") if m.strip()]
            if module in modules:
                return False
            lines[i] = f'"{UDF_MODULES_KEY}","{";".join([*modules, module])}"'
            break
    else:
        lines.append(f'"{UDF_MODULES_KEY}","{module}"')
    files.write_bytes(path, (newline.join(lines) + newline).encode("latin-1"))
    return True


def xlwings_conf_path() -> Path:
    """The user's xlwings.conf: %USERPROFILE%\\.xlwings\\xlwings.conf."""
    home = os.environ.get("USERPROFILE")
    return (Path(home) if home else Path.home()) / ".xlwings" / "xlwings.conf"


#: xlwings.conf keys naming the Python Excel starts (xlwings' addin/Config.bas, Main.bas).
INTERPRETER_KEY: Final = "INTERPRETER_WIN"


_CONDA_KEYS: Final = ("CONDA PATH", "CONDA ENV")


def read_conf(conf: str | Path) -> dict[str, str]:
    """The ``"KEY","VALUE"`` lines of an xlwings.conf file, keys upper-cased (as xlwings'
    VBA reads them); an empty dict when the file does not exist."""
    path = Path(conf)
    if not path.is_file():
        return {}
    settings: dict[str, str] = {}
    for line in path.read_bytes().decode("latin-1").splitlines():
        quoted = line.split('"')[1::2]
        if quoted:
            settings[quoted[0].strip().upper()] = quoted[1] if len(quoted) > 1 else ""
    return settings


def set_conf_value(conf: str | Path, key: str, value: str) -> None:
    """Set *key* to *value* in an xlwings.conf file, keeping every other line."""
    path = Path(conf)
    raw = path.read_bytes() if path.is_file() else b""
    text = raw.decode("latin-1")
    newline = "\r\n" if "\r\n" in text else ("\n" if text else os.linesep)
    lines = text.splitlines()
    entry = f'"{key}","{value}"'
    for i, line in enumerate(lines):
        quoted = line.split('"')[1::2]
        if quoted and quoted[0].strip().upper() == key.upper():
            lines[i] = entry
            break
    else:
        lines.append(entry)
    files.write_bytes(path, (newline.join(lines) + newline).encode("latin-1"))


def _same_python(configured: str, running: str) -> bool:
    """Whether two interpreters are one environment (python.exe and pythonw.exe of one
    folder are)."""

    def folder(path: str) -> str:
        return os.path.normcase(os.path.abspath(os.path.dirname(path)))

    return folder(configured) == folder(running)


def conf_python(settings: dict[str, str]) -> tuple[str, bool | None]:
    """What the xlwings.conf *settings* make Excel start, and whether that is the Python
    running this command (None: cannot tell)."""
    interpreter = settings.get(INTERPRETER_KEY, "").strip()
    conda_path, conda_env = (settings.get(k, "").strip() for k in _CONDA_KEYS)
    if interpreter and interpreter.lower() not in ("python", "pythonw"):
        return interpreter, _same_python(interpreter, sys.executable)
    if conda_path and conda_env:  # xlwings' Main.bas: python of that conda environment
        if conda_env == "base":
            prefix = conda_path
        elif "\\" in conda_env or "/" in conda_env:
            prefix = conda_env
        else:
            prefix = os.path.join(conda_path, "envs", conda_env)
        same = os.path.normcase(os.path.abspath(prefix)) == os.path.normcase(
            os.path.abspath(sys.prefix)
        )
        return f"the conda environment {conda_env} ({prefix})", same
    return "pythonw from the PATH (no INTERPRETER_WIN)", None


def _xlwings_command() -> list[str]:
    """xlwings' command line in the Python xlrating is installed in (never another
    environment's ``xlwings`` found on the PATH)."""
    import importlib.util

    if importlib.util.find_spec("xlwings") is None:
        from ..workbook.templates.instructions import INSTALL_FROM_CLONE

        raise CliError(
            f"xlrating excel-setup: xlwings is not installed in this Python "
            f"({sys.executable}); in your clone of xlrating run: {INSTALL_FROM_CLONE}"
        )
    return [sys.executable, "-m", "xlwings.cli"]


def run_excel_setup(args: argparse.Namespace) -> int:
    from ..workbook.templates import instructions

    if sys.platform != "win32":
        system = {"darwin": "macOS", "linux": "Linux"}.get(sys.platform, sys.platform)
        print(instructions.ELSEWHERE.format(system=system), end="")
        return 0
    command = [*_xlwings_command(), "addin", "install"]
    print("running: " + " ".join(command))
    with doing(Step("xlrating excel-setup", os_error="cannot run xlwings")):
        done = subprocess.run(command, check=False)
    if done.returncode != 0:
        raise CliError(
            f"xlrating excel-setup: `xlwings addin install` failed "
            f"(exit {done.returncode}); is Excel closed?"
        )
    conf = Path(args.conf) if args.conf else xlwings_conf_path()
    with doing(Step("xlrating excel-setup", os_error=f"cannot update {conf}")):
        changed = add_udf_module(conf)
        if args.use_this_python:
            set_conf_value(conf, INTERPRETER_KEY, sys.executable)
        settings = read_conf(conf)
    state = "added to" if changed else "already in"
    print(f'"{UDF_MODULES_KEY}","{UDF_MODULE}" {state} {conf}')
    configured, same = conf_python(settings)
    print(f"xlwings.conf makes Excel run: {configured}")
    print(f"xlrating is installed in:     {sys.executable}")
    if same is False:
        print(
            "That is another Python, in which xlrating is not installed: every function "
            "cell would show \"No module named 'xlrating'\". Point xlwings at this Python "
            f"(keeping your other settings) with: {instructions.USE_THIS_PYTHON}  "
            "(or install xlrating into the other Python)."
        )
    elif same is None:
        print(
            f"Cannot tell which Python that is: to make Excel run this one, use "
            f"{instructions.USE_THIS_PYTHON}"
        )
    print(instructions.EXCEL_SETUP_NEXT)
    return 0


def run_excel_check(args: argparse.Namespace) -> int:
    """Open each workbook in Excel (through xlwings), compute it, compare with the engine."""
    if sys.platform == "win32":
        workbook_modules()  # the engine computes what Excel must agree with
    from ..excel import check as excel_check

    return excel_check.main(args.books, err=lambda line: print(line, file=sys.stderr))


def add_setup_parser(commands: Commands) -> None:
    """Add the ``excel-setup`` command to the ``xlrating`` parser."""
    setup = commands.add_parser(
        "excel-setup",
        help="set up the xlwings Excel add-in (Windows)",
        description="On Windows: run `python -m xlwings.cli addin install` with this Python, "
        "set UDF Modules to xlrating.udfs in xlwings.conf and print the Python that "
        "xlwings.conf names. Elsewhere: explain what to do instead.",
    )
    setup.add_argument(
        "--conf",
        metavar="PATH",
        help="the xlwings.conf to edit (default: %%USERPROFILE%%\\.xlwings\\xlwings.conf)",
    )
    setup.add_argument(
        "--use-this-python",
        action="store_true",
        help="make xlwings.conf name this Python (INTERPRETER_WIN), keeping its other lines",
    )
    add_ignore_lock(setup)
    setup.set_defaults(handler=run_excel_setup)


def add_check_parser(commands: Commands) -> None:
    """Add the ``excel-check`` command to the ``xlrating`` parser."""
    check = commands.add_parser(
        "excel-check",
        help="compute workbooks in Excel and compare with the headless engine (Windows)",
        description="Open each BOOK in Excel through xlwings, force a full calculation, "
        "compare every cell calling an xlrating function with the headless engine and "
        "require PASS on every Checks sheet; one line per book, exit 1 on any difference. "
        "Needs Excel on Windows (exit 2 elsewhere). Default: workbooks/*.xlsm.",
    )
    check.add_argument(
        "books", metavar="BOOK", nargs="*", help="macro-enabled workbooks (.xlsm) to check"
    )
    check.set_defaults(handler=run_excel_check)
