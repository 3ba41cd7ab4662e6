"""xlrating's spreadsheet functions in xlwings Lite: Excel on Windows, Mac and the web.

xlwings Lite is an Excel add-in that runs Python inside Excel (Pyodide, Python compiled
to WebAssembly) and declares custom functions with xlwings' own ``func``/``arg``
decorators, from the code in its editor's ``main.py`` tab; its ``requirements.txt`` tab
lists the packages it installs (https://lite.xlwings.org/custom-functions,
https://lite.xlwings.org/dependencies).  This module renders both from the one registry,
:data:`xlrating.sheet.catalog.FUNCTIONS` (``xlrating lite-bundle DIR`` writes them):

* ``main.py`` declares every registry function with ``@xw.func``/``@xw.arg`` (the same
  declarations as the classic :mod:`xlrating.udfs`, by
  :func:`xlrating.sheet.catalog_render.declaration`), and carries the rating core inlined: the
  modules ``xlrating.sheet.catalog`` imports, as a zip archive in base64 text that main.py puts
  on ``sys.path`` (zipimport) the first time it runs.  xlrating is on no package index,
  so nothing has to be hosted anywhere;
* ``requirements.txt`` names xlwings only, pinned to the version the ``excel`` extra
  pins (xlwings publishes a pure-Python wheel, which Pyodide installs from PyPI).

What differs from classic xlwings, and why, is in docs/lite.md.  Two differences in what
Office.js hands over are evened out in main.py, so that the registry sees what it sees
under classic xlwings (xlwings' Office.js custom-functions documentation, "Custom functions
vs. legacy UDFs"): integers arrive as integers (COM: floats), so main.py makes them floats;
a blank single cell arrives as 0 (COM: None), as in LibreOffice, so main.py reads 0 as
blank for the arguments the registry declares ``zero_is_blank`` (dates, choices, numbers
that cannot be 0), exactly as the LibreOffice add-in does (docs/libreoffice.md).

``python -m xlrating.lite`` rewrites the bundle committed in ``workbooks/lite/``.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Final

from .sheet.catalog_render import declaration

__all__ = [
    "ARCHIVE_START",
    "BUNDLE_PATH",
    "MAIN",
    "REQUIREMENTS",
    "XLWINGS_VERSION",
    "archive_members",
    "core_archive",
    "core_digest",
    "core_files",
    "render_main",
    "render_requirements",
    "split_main",
    "write_bundle",
]

#: The xlwings that Lite installs from requirements.txt: the version the ``excel`` extra
#: pins (pyproject.toml), so that classic and Lite run the same conversion code.  A test
#: checks that the two agree.
XLWINGS_VERSION: Final = "0.37.8"

#: The file names of the bundle, as Lite's editor names its tabs.
MAIN: Final = "main.py"
REQUIREMENTS: Final = "requirements.txt"

#: Where the bundle users download is committed (``python -m xlrating.lite`` rewrites it).
BUNDLE_PATH: Final = Path(__file__).resolve().parent.parent / "workbooks" / "lite"

#: The date every archive member carries, so that the same sources give the same archive.
_ZIP_DATE: Final = (2020, 1, 1, 0, 0, 0)

#: Characters per line of the archive's base64 text in main.py.
_B64_LINE: Final = 88

_PACKAGE_ROOT: Final = Path(__file__).resolve().parent.parent

#: Lists the package's source files that importing the registry loads, in a fresh
#: interpreter (so that what this process has imported, such as the CLI, is not counted),
#: with this copy of the package first on its path.
_LIST_CORE: Final = (
    "import json, sys\n"
    "sys.path.insert(0, sys.argv[1])\n"
    "import xlrating.sheet.catalog\n"
    "files = sorted({m.__file__ for n, m in list(sys.modules.items())\n"
    "                if (n == 'xlrating' or n.startswith('xlrating.')) and m.__file__})\n"
    "print(json.dumps(files))\n"
)


def core_files() -> list[tuple[str, Path]]:
    """The rating core as main.py carries it: (name in the archive, source file) for every
    module of the package that ``import xlrating.sheet.catalog`` loads, and the packages'
    ``__init__.py``; names are relative to the folder holding the ``xlrating`` package."""
    listed = subprocess.run(
        [sys.executable, "-c", _LIST_CORE, str(_PACKAGE_ROOT)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = {Path(name) for name in json.loads(listed)}
    for path in list(found):  # every package on the way holds an __init__.py
        for folder in path.parents:
            if folder == _PACKAGE_ROOT:
                break
            found.add(folder / "__init__.py")
    return sorted((path.relative_to(_PACKAGE_ROOT).as_posix(), path) for path in found)


def archive_members(archive: bytes) -> dict[str, bytes]:
    """The files in a core *archive*: name -> contents."""
    with zipfile.ZipFile(io.BytesIO(archive)) as opened:
        return {name: opened.read(name) for name in opened.namelist()}


def core_digest(members: dict[str, bytes]) -> str:
    """A digest of the core's files (names and contents, not their compressed bytes, which
    another zlib may make differently): main.py's header names it."""
    digest = hashlib.sha256()
    for name in sorted(members):
        digest.update(name.encode() + b"\0" + members[name] + b"\0")
    return digest.hexdigest()[:16]


def core_archive(files: list[tuple[str, Path]] | None = None) -> bytes:
    """The zip archive of *files* (default :func:`core_files`): the same sources always
    give the same bytes (fixed dates and order)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, path in files if files is not None else core_files():
            member = zipfile.ZipInfo(name, date_time=_ZIP_DATE)
            member.compress_type = zipfile.ZIP_DEFLATED
            member.external_attr = 0o644 << 16
            archive.writestr(member, path.read_bytes(), compresslevel=9)
    return buffer.getvalue()


_MAIN_HEADER: Final = '''"""xlrating's chess rating functions for xlwings Lite (any Excel).

GENERATED by ``xlrating lite-bundle`` from the registry in xlrating/sheet/catalog.py (xlrating
{version}): do not edit by hand.  Paste this whole file into xlwings Lite's main.py tab and
{requirements} into its requirements.txt tab; then =USCF_NEW_RATING(1700, 30, B2:B5, C2:C5)
computes in any cell.  Every function hands the cell values to xlrating's registry, which
coerces them, calls the rating core and turns any failure into one line of text.

The rating core is inlined at the end of this file (_CORE: a zip archive of xlrating's
modules, {modules} files, digest {digest}); it is put on sys.path the first time a function
runs.  See docs/lite.md in xlrating's repository for what differs from classic xlwings.
"""

import xlwings as xw
'''

_MAIN_LOADER: Final = '''

# ---------------------------------------------------------------- the rating core
_functions = None


def _registry():
    """xlrating's registry, imported from the archive below on the first call."""
    global _functions
    if _functions is None:
        import base64
        import hashlib
        import os
        import sys
        import tempfile

        data = base64.b64decode("".join(_CORE))
        name = "xlrating-core-" + hashlib.sha256(data).hexdigest()[:16] + ".zip"
        path = os.path.join(tempfile.gettempdir(), name)
        if not os.path.exists(path):
            partial = path + "." + str(os.getpid()) + ".tmp"
            with open(partial, "wb") as file:
                file.write(data)
            os.replace(partial, path)
        # An earlier main.py (before an edit) may have put another xlrating in place.
        for module in [m for m in sys.modules if m == "xlrating" or m.startswith("xlrating.")]:
            del sys.modules[module]
        sys.path[:] = [p for p in sys.path if not os.path.basename(p).startswith("xlrating-core-")]
        sys.path.insert(0, path)
        from xlrating.sheet.catalog import FUNCTIONS

        _functions = FUNCTIONS
    return _functions


def _as_com(value):
    """A cell value as classic xlwings (COM) hands it over: Office.js keeps integers as
    integers, COM makes every number a float, and the registry then sees the same values
    (and quotes them the same way in its error texts)."""
    if isinstance(value, list):
        return [_as_com(item) for item in value]
    if isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    return value


def _call(name, *args):
    """Evaluate registry function *name* with the cell values Lite hands over.

    Office.js hands a blank single cell over as 0: where 0 means nothing (a date, a
    choice, a number that cannot be 0: zero_is_blank in the registry) it is read as blank.
    """
    function = _registry()[name]
    given = []
    for value, param in zip(args, function.params, strict=False):
        if (
            param.zero_is_blank
            and isinstance(value, (int, float))
            and not isinstance(value, bool)
            and value == 0
        ):
            value = None
        given.append(_as_com(value))
    return function(*given)


_CORE = (
'''


#: The line of main.py that opens the archive's text; everything before it is the code.
ARCHIVE_START: Final = "_CORE = (\n"


def split_main(text: str) -> tuple[str, bytes]:
    """A main.py's code (the text before the archive) and its core archive."""
    code, _, rest = text.partition(ARCHIVE_START)
    lines = [line.strip().strip('"') for line in rest.splitlines() if line.startswith('    "')]
    return code, base64.b64decode("".join(lines))


def render_requirements() -> str:
    """The text of Lite's requirements.txt tab."""
    return f"xlwings=={XLWINGS_VERSION}\n"


def render_main(archive: bytes | None = None) -> str:
    """The text of Lite's main.py tab, with *archive* (default :func:`core_archive`)."""
    from . import __version__
    from .sheet.catalog import FUNCTIONS  # read when rendered

    data = core_archive() if archive is None else archive
    members = archive_members(data)
    parts = [
        _MAIN_HEADER.format(
            version=__version__,
            requirements=f"xlwings=={XLWINGS_VERSION}",
            modules=len(members),
            digest=core_digest(members),
        )
    ]
    for fn in FUNCTIONS.values():
        parts.append("\n\n" + declaration(fn, "@xw.func", call="_call"))
    parts.append(_MAIN_LOADER)
    text = base64.b64encode(data).decode("ascii")
    for start in range(0, len(text), _B64_LINE):
        parts.append(f'    "{text[start : start + _B64_LINE]}"\n')
    parts.append(")\n")
    return "".join(parts)


def write_bundle(folder: Path, *, named: bool = True) -> list[Path]:
    """Write main.py and requirements.txt into *folder* (made if missing), each through a
    temporary file renamed into place; returns the paths written. *named* False (the
    ``lite-bundle`` command: the user named the folder, not the files): an existing file
    is refused unless ``--force`` (:func:`xlrating.workbook.ooxml.files.check_writable`)."""
    from .workbook.ooxml.files import check_writable, replacing

    bundle = ((MAIN, render_main()), (REQUIREMENTS, render_requirements()))
    for name, _ in bundle:  # both checked before either is written
        check_writable(folder / name, named=named)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in bundle:
        target = folder / name
        with replacing(target, named=named) as temp:
            temp.write_text(text, encoding="utf-8", newline="\n")
        written.append(target)
    return written


if __name__ == "__main__":  # python -m xlrating.lite: rewrite the committed bundle
    for path in write_bundle(BUNDLE_PATH):
        print(f"wrote {path}")
