"""Build the LibreOffice Calc extension (.oxt), install it, and recalculate books with it.

The extension holds the add-in component (``xlrating_addin.py``), its declarations
generated from the registry (:mod:`xlrating.libreoffice.generate`) and a copy of the
pure-Python rating core and registry under ``pythonpath/`` (no workbook wing: the add-in
needs neither openpyxl nor formulas).  Building it needs the standard library only.

Installing it:

* as a normal user into the default profile: ``unopkg add``, LibreOffice's own tool;
* as root, or into a given profile (``--profile``, what tests and CI use): ``unopkg``
  refuses per-user installs as root, and has no profile option of its own, so a headless
  soffice on that profile adds it through the ExtensionManager API (``uno_driver.py``,
  run by a Python with LibreOffice's ``uno`` module).  ``unopkg add --shared`` is not used:
  it changes the LibreOffice installation for every user.

Only LibreOffice 25.2 and later are supported (:data:`generate.MINIMUM_VERSION`): older
releases (7.4 tested) read ``USCF_NEW_RATING`` in an .xlsx as an unknown name and save the
add-in's internal name ``ORG.XLRATING.CALC.RATINGFUNCTIONS.USCF_NEW_RATING`` back into
the .xlsx, which Excel cannot read: the Excel round trip would break.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from ..errors import WorkbookError
from . import generate

HERE: Final = Path(__file__).resolve().parent
PACKAGE: Final = HERE.parent
DRIVER: Final = HERE / "uno_driver.py"
#: Files of this folder that go to the root of the .oxt as they are.
STATIC: Final = (
    "xlrating_addin.py",
    "xlrating.components",
    "CalcAddIns.xcu",
    "XRatingFunctions.idl",
    "description.xml",
)
#: Modules of the package's top level the add-in does not need: the command line, the
#: xlwings declarations (they import xlwings) and the generator of the registry's files.
NOT_VENDORED: Final = frozenset({"cli.py", "udfs.py", "generate.py"})
#: The subpackages the add-in imports: the rating core and the spreadsheet boundary (the
#: front ends in the other subpackages stay out).
VENDORED_PACKAGES: Final = ("rating", "sheet")
#: Environment: the Python that has LibreOffice's ``uno`` module, and soffice itself.
UNO_PYTHON_VARIABLE: Final = "XLRATING_UNO_PYTHON"
SOFFICE_VARIABLE: Final = "XLRATING_SOFFICE"
#: Seconds one driver command may take (start soffice, load, recalculate, stop).
DRIVER_SECONDS: Final = 600


class LibreOfficeError(WorkbookError):
    """LibreOffice is missing, unsupported or failed: one line for the user."""


@dataclass(frozen=True, slots=True)
class Office:
    """A LibreOffice installation: soffice, its version, and a Python with ``uno``."""

    soffice: Path
    version: tuple[int, ...]
    python: Path | None

    @property
    def version_text(self) -> str:
        return ".".join(map(str, self.version))

    @property
    def supported(self) -> bool:
        return self.version[:2] >= generate.MINIMUM_VERSION

    @property
    def unopkg(self) -> Path | None:
        found = self.soffice.resolve().with_name("unopkg")
        return found if found.exists() else None


def _version(soffice: Path) -> tuple[int, ...]:
    try:
        done = subprocess.run(
            [str(soffice), "--version"],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
            env=office_env(),
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise LibreOfficeError(f"cannot run {soffice} --version: {error}") from None
    found = re.search(r"LibreOffice\s+(\d+(?:\.\d+)+)", done.stdout)
    if not found:
        raise LibreOfficeError(f"{soffice} --version does not name a LibreOffice release")
    return tuple(int(part) for part in found.group(1).split("."))


#: Variables that point a Python at a particular installation: meant for the Python that
#: runs xlrating, never for LibreOffice's.
_PYTHON_VARIABLES: Final = frozenset({"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"})


def office_env() -> dict[str, str]:
    """soffice's environment, without our Python's: no PYTHONPATH, PYTHONHOME or
    VIRTUAL_ENV, and no virtual environment's ``bin`` folder on PATH.  LibreOffice's
    embedded Python finds its home by looking for ``python3`` on PATH; an activated
    virtual environment (of another Python version) there makes it read that
    environment's standard library, and every document then fails to open."""
    env = {k: v for k, v in os.environ.items() if k not in _PYTHON_VARIABLES}
    if env.get("PATH"):
        env["PATH"] = os.pathsep.join(
            part
            for part in env["PATH"].split(os.pathsep)
            if part and not (Path(part).parent / "pyvenv.cfg").is_file()
        )
    return env


def _uno_python(soffice: Path) -> Path | None:
    """A Python that can ``import uno``: $XLRATING_UNO_PYTHON, the one LibreOffice bundles
    (Windows, macOS and TDF builds), or the system Python (Linux distributions)."""
    named = os.environ.get(UNO_PYTHON_VARIABLE)
    candidates = [Path(named)] if named else []
    program = soffice.resolve().parent
    candidates += [program / "python", program / "python.exe", Path("/usr/bin/python3")]
    for candidate in candidates:
        if not candidate.is_file():
            continue
        try:
            done = subprocess.run(
                [str(candidate), "-c", "import uno"],
                capture_output=True,
                timeout=60,
                check=False,
                env=office_env(),
            )
        except (OSError, subprocess.TimeoutExpired):
            continue
        if done.returncode == 0:
            return candidate
    return None


#: Where LibreOffice's installers put soffice when it is not on the PATH (the path a
#: user names in XLRATING_SOFFICE comes first): macOS's LibreOffice.app (for every user or
#: in the user's own Applications), Windows' Program Files (64- and 32-bit), and on Linux
#: the Document Foundation's own packages (``/opt/libreofficeX.Y``) and the snap.
_MAC_APP: Final = "Applications/LibreOffice.app/Contents/MacOS/soffice"
_WINDOWS_PROGRAM: Final = ("LibreOffice", "program", "soffice.exe")
_LINUX_PLACES: Final = ("/opt/libreoffice*/program/soffice", "/snap/bin/libreoffice")
#: What to install where nothing is found (LibreOffice 25.2 or later, with its Python).
_INSTALL_HINT: Final = {
    "darwin": "install LibreOffice 25.2 or later from https://www.libreoffice.org/download/",
    "win32": "install LibreOffice 25.2 or later from https://www.libreoffice.org/download/",
    "linux": "Debian 12: apt-get install -t bookworm-backports libreoffice-calc python3-uno "
    "libreoffice-script-provider-python (libreoffice-calc opens windows; "
    "libreoffice-calc-nogui is the package without any, for servers)",
}


def standard_places() -> list[Path]:
    """Where LibreOffice is installed on this system when it is not on the PATH."""
    import glob

    if sys.platform == "darwin":
        return [Path("/") / _MAC_APP, Path.home() / _MAC_APP]
    if sys.platform == "win32":  # pragma: no cover - Windows
        folders = [os.environ.get(k) for k in ("ProgramFiles", "ProgramW6432", "ProgramFiles(x86)")]
        return [Path(f, *_WINDOWS_PROGRAM) for f in folders if f]
    return [Path(p) for pattern in _LINUX_PLACES for p in sorted(glob.glob(pattern), reverse=True)]


def find_office() -> Office:
    """The LibreOffice on this machine, or :class:`LibreOfficeError` saying what is missing.

    Looked for in this order: the program :data:`SOFFICE_VARIABLE` (``XLRATING_SOFFICE``)
    names, ``soffice`` or ``libreoffice`` on the PATH, then LibreOffice's standard install
    places (:func:`standard_places`)."""
    named = os.environ.get(SOFFICE_VARIABLE)
    if named:
        if not Path(named).is_file():
            raise LibreOfficeError(
                f"{SOFFICE_VARIABLE} names {named}, which is not a file: give the path of "
                "LibreOffice's soffice program, or unset it"
            )
        found: str | None = named
    else:
        found = shutil.which("soffice") or shutil.which("libreoffice")
        if not found:
            found = next((str(p) for p in standard_places() if p.is_file()), None)
    if not found or not Path(found).exists():
        key = "linux" if sys.platform.startswith("linux") else sys.platform
        hint = _INSTALL_HINT.get(key, _INSTALL_HINT["linux"])
        raise LibreOfficeError(
            "LibreOffice is not installed (no soffice on the PATH nor in its standard "
            f"places); {hint}; or set {SOFFICE_VARIABLE} to its soffice program"
        )
    soffice = Path(found)
    return Office(soffice, _version(soffice), _uno_python(soffice))


def require_supported(office: Office) -> None:
    """Refuse a LibreOffice older than :data:`generate.MINIMUM_VERSION`, in one line."""
    if not office.supported:
        major, minor = generate.MINIMUM_VERSION
        raise LibreOfficeError(
            f"LibreOffice {office.version_text} is not supported: xlrating needs "
            f"LibreOffice {major}.{minor} or later (older releases save the functions to "
            ".xlsx under names Excel cannot read)"
        )


def _vendored() -> Iterable[tuple[str, Path]]:
    """(path in the .oxt, file) for the package's own modules the add-in imports."""
    for module in sorted(PACKAGE.glob("*.py")):
        if module.name not in NOT_VENDORED:
            yield f"pythonpath/xlrating/{module.name}", module
    for package in VENDORED_PACKAGES:
        for module in sorted((PACKAGE / package).glob("*.py")):
            yield f"pythonpath/xlrating/{package}/{module.name}", module


#: The time stamp of generated entries (zip's earliest), so a build is reproducible.
_ZIP_TIME: Final = (1980, 1, 1, 0, 0, 0)


def oxt_bytes() -> bytes:
    """The extension (.oxt, a zip archive) built from the registry and the package."""
    generated = {path.name: render() for path, render in generate.GENERATED.items()}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as oxt:
        oxt.write(HERE / "manifest.xml", "META-INF/manifest.xml")
        for name in STATIC:
            if name in generated:  # always the registry's current declarations
                entry = zipfile.ZipInfo(name, date_time=_ZIP_TIME)  # same bytes every build
                entry.compress_type = zipfile.ZIP_DEFLATED
                oxt.writestr(entry, generated[name])
            else:
                oxt.write(HERE / name, name)
        for arcname, path in _vendored():
            oxt.write(path, arcname)
    return buffer.getvalue()


def build_oxt(target: Path, data: bytes | None = None) -> Path:
    """Write the extension to *target* (through a temporary file beside it)."""
    partial = target.with_name(target.name + ".tmp")
    partial.write_bytes(oxt_bytes() if data is None else data)
    partial.replace(target)
    return target


def default_profile() -> Path:
    """LibreOffice's default user profile on Linux and macOS-like systems."""
    config = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(config) / "libreoffice" / "4"


def _driver(office: Office, command: str, profile: Path, argument: str) -> Any:
    if office.python is None:
        raise LibreOfficeError(
            f"no Python with LibreOffice's uno module (install python3-uno and "
            f"libreoffice-script-provider-python, or set {UNO_PYTHON_VARIABLE})"
        )
    env = office_env()
    env[SOFFICE_VARIABLE] = str(office.soffice)
    posix = os.name == "posix"
    # The driver and the soffice it starts form a process group of their own, so a
    # timeout, Ctrl+C or `recalc`'s time limit ends both (no soffice is left behind).
    proc = subprocess.Popen(
        [str(office.python), str(DRIVER), command, str(profile), argument],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        env=env,
        start_new_session=posix,
    )
    try:
        stdout, stderr = proc.communicate(timeout=DRIVER_SECONDS)
    except BaseException as error:
        if posix:
            with contextlib.suppress(OSError):
                os.killpg(proc.pid, signal.SIGKILL)
        proc.kill()
        proc.wait()
        if isinstance(error, subprocess.TimeoutExpired):
            raise LibreOfficeError(
                f"LibreOffice did not finish {command} within {DRIVER_SECONDS} s"
            ) from None
        raise
    done = subprocess.CompletedProcess(proc.args, proc.returncode, stdout, stderr)
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
        raise LibreOfficeError(lines[-1])
    return json.loads(done.stdout)


def _unopkg(office: Office, *args: str) -> subprocess.CompletedProcess[str]:
    if office.unopkg is None:
        raise LibreOfficeError(f"unopkg is missing beside {office.soffice}")
    try:
        return subprocess.run(
            [str(office.unopkg), *args],
            capture_output=True,
            text=True,
            timeout=DRIVER_SECONDS,
            check=False,
            env=office_env(),
        )
    except subprocess.TimeoutExpired:
        raise LibreOfficeError(f"unopkg did not finish within {DRIVER_SECONDS} s") from None


def _use_unopkg(profile: Path | None) -> bool:
    return profile is None and hasattr(os, "geteuid") and os.geteuid() != 0


#: How long a second ``libreoffice-setup`` waits for another one on the same profile.
PROFILE_WAIT_SECONDS: Final = 120
#: The file LibreOffice keeps in a user profile while it runs on it.
PROFILE_LOCK: Final = ".lock"
#: The file ``libreoffice-setup`` holds (flock) while it changes a profile.
SETUP_LOCK: Final = ".xlrating-setup.lock"


@contextlib.contextmanager
def _changing(profile: Path) -> Any:
    """Hold *profile* for a change: a folder xlrating can write, no LibreOffice running on
    it, and one ``libreoffice-setup`` at a time (a second one waits for the first).  Each
    refusal is one line: a headless LibreOffice started on a profile it cannot write, or on
    one another LibreOffice holds, only says "exited with status 77" or "status 0"."""
    import time

    try:
        profile.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=profile):
            pass
    except OSError as error:
        raise LibreOfficeError(
            f"cannot write the LibreOffice profile {profile} ({error.strerror or error}): "
            "give --profile with a folder you can write, or make it writable"
        ) from None
    try:
        import fcntl
    except ImportError:  # Windows: unopkg, not this path, changes the user's own profile
        yield
        return
    handle = os.open(profile / SETUP_LOCK, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        deadline = time.monotonic() + PROFILE_WAIT_SECONDS
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise LibreOfficeError(
                        f"another xlrating libreoffice-setup has held the profile {profile} "
                        f"for {PROFILE_WAIT_SECONDS} s; try again when it has finished"
                    ) from None
                time.sleep(0.2)
        if (profile / PROFILE_LOCK).exists():
            raise LibreOfficeError(
                f"LibreOffice is running on the profile {profile} (its lock file "
                f"{profile / PROFILE_LOCK} exists): close every LibreOffice window and the "
                "quick starter, then run libreoffice-setup again (if LibreOffice is not "
                "running, delete that file)"
            )
        yield
    finally:
        os.close(handle)  # releases the flock


def install(office: Office, profile: Path | None = None) -> str:
    """Build the extension and add it to *profile* (default: the user's own); returns how."""
    require_supported(office)
    with tempfile.TemporaryDirectory(prefix="xlrating-oxt-") as work:
        oxt = build_oxt(Path(work) / "xlrating.oxt")
        if _use_unopkg(profile):
            done = _unopkg(office, "add", "--force", str(oxt))
            if done.returncode != 0:
                text = " ".join((done.stderr or done.stdout).split()) or "no message"
                raise LibreOfficeError(f"unopkg add failed: {text}")
            return "unopkg add"
        where = profile or default_profile()
        with _changing(where):
            _driver(office, "install", where, str(oxt))
        return "the ExtensionManager of a headless LibreOffice"


def remove(office: Office, profile: Path | None = None) -> bool:
    """Remove the extension from *profile*; False if it was not there."""
    require_supported(office)
    if _use_unopkg(profile):
        listed = _unopkg(office, "list", generate.IDENTIFIER)
        if listed.returncode != 0 or generate.IDENTIFIER not in listed.stdout:
            return False
        done = _unopkg(office, "remove", generate.IDENTIFIER)
        if done.returncode != 0:
            text = " ".join((done.stderr or done.stdout).split()) or "no message"
            raise LibreOfficeError(f"unopkg remove failed: {text}")
        return True
    where = profile or default_profile()
    with _changing(where):
        answer = _driver(office, "remove", where, generate.IDENTIFIER)
    return bool(answer["removed"])


class CalcError(str):
    """An error value a cell shows in LibreOffice (``#N/A``, ``#VALUE!``, ``Err:504``), as
    opposed to text a function returned."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Recalculated:
    """One book recalculated by LibreOffice: seconds to start soffice (once per run), to
    load, to calculate and to save the book, and every formula cell's value keyed
    ``(sheet, "A1")``: a number, a text, or an error's text."""

    start_seconds: float
    load_seconds: float
    calculate_seconds: float
    values: Mapping[tuple[str, str], object]
    saved: Path | None
    save_seconds: float | None


def recalculate(
    office: Office,
    profile: Path,
    books: Iterable[Path],
    *,
    save: Path | None = None,
    values: bool = True,
) -> dict[Path, Recalculated]:
    """Open each book in a headless LibreOffice on *profile*, recalculate every formula
    (``calculateAll``) and read back every formula cell; *save*: also store each one as .xlsx
    in that folder."""
    books = [Path(b).resolve() for b in books]
    with tempfile.TemporaryDirectory(prefix="xlrating-lo-") as work:
        request = Path(work) / "request.json"
        spec: dict[str, Any] = {"books": [str(b) for b in books], "timings_only": not values}
        if save is not None:
            spec["save"] = str(save.resolve())
        request.write_text(json.dumps(spec), encoding="utf-8")
        answer = _driver(office, "recalc", profile, str(request))
    out: dict[Path, Recalculated] = {}
    for book in books:
        entry = answer["books"][str(book)]
        cells: dict[tuple[str, str], object] = {}
        for key, value in entry.get("values", {}).items():
            sheet, _, cell = key.rpartition("!")
            cells[(sheet, cell)] = CalcError(value["error"]) if isinstance(value, dict) else value
        saved = entry.get("saved")
        out[book] = Recalculated(
            answer["start_s"],
            entry["load_s"],
            entry["calculate_s"],
            cells,
            Path(saved) if saved else None,
            entry.get("save_s"),
        )
    return out


@dataclass(frozen=True, slots=True)
class Typed:
    """A book typed into cell by cell in LibreOffice (:func:`type_cells`): the cells
    showing an error when it opened and after each step (``(sheet, "A1")`` -> what the
    cell shows: an error value, or a function's text starting "#"), every formula cell's
    value at the end, and where the book was saved."""

    opened: Mapping[tuple[str, str], str]
    steps: tuple[tuple[str, Mapping[tuple[str, str], str]], ...]
    values: Mapping[tuple[str, str], object]
    saved: Path | None


def _keyed(cells: Mapping[str, object]) -> dict[tuple[str, str], Any]:
    out: dict[tuple[str, str], Any] = {}
    for key, value in cells.items():
        sheet, _, cell = key.rpartition("!")
        out[(sheet, cell)] = CalcError(value["error"]) if isinstance(value, dict) else value
    return out


def type_cells(
    office: Office,
    profile: Path,
    book: Path,
    steps: Iterable[tuple[str, str, object]],
    *,
    save: Path | None = None,
) -> Typed:
    """Open *book* in a headless LibreOffice on *profile*, type each step's value (sheet,
    cell, value: a number or a text) into its cell one at a time, recalculating after
    each as Calc does, and report the cells showing an error at every step; *save*: store
    the book there as .xlsx at the end."""
    with tempfile.TemporaryDirectory(prefix="xlrating-lo-") as work:
        request = Path(work) / "request.json"
        spec: dict[str, Any] = {
            "book": str(Path(book).resolve()),
            "steps": [list(step) for step in steps],
        }
        if save is not None:
            spec["save"] = str(save.resolve())
        request.write_text(json.dumps(spec), encoding="utf-8")
        answer = _driver(office, "type", profile, str(request))
    return Typed(
        _keyed(answer["opened"]),
        tuple((step["cell"], _keyed(step["errors"])) for step in answer["steps"]),
        _keyed(answer["values"]),
        Path(answer["saved"]) if answer.get("saved") else None,
    )


def _cache_home() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "xlrating"


def recalculate_once(office: Office, book: Path) -> Recalculated:
    """Recalculate *book* in a headless LibreOffice with the add-in, on a profile of
    xlrating's own (the user's profile is not touched).

    The profile is kept in ``~/.cache/xlrating/`` for the extension as built now (a new
    build gets a new profile), so only the first run pays for installing it; runs on the
    same profile take turns (a lock file), since one profile serves one soffice at a time.
    Where that folder cannot be used, or without POSIX file locks, a temporary profile
    is made for the run."""
    require_supported(office)
    data = oxt_bytes()
    key = hashlib.sha256(data).hexdigest()[:16]
    try:
        import fcntl

        cache = _cache_home()
        cache.mkdir(parents=True, exist_ok=True)
        lock = (cache / f"libreoffice-{key}.lock").open("a")
    except (ImportError, OSError):
        with tempfile.TemporaryDirectory(prefix="xlrating-lo-profile-") as work:
            profile = Path(work) / "profile"
            install(office, profile)
            return recalculate(office, profile, [book])[Path(book).resolve()]
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        profile = cache / f"libreoffice-{key}"
        if not (profile / "xlrating-installed").is_file():
            shutil.rmtree(profile, ignore_errors=True)
            for old in cache.glob("libreoffice-*"):  # profiles of earlier builds
                if old.is_dir():
                    shutil.rmtree(old, ignore_errors=True)
                elif old.suffix == ".lock" and old.stem != profile.name:
                    old.unlink(missing_ok=True)
            install(office, profile)
            (profile / "xlrating-installed").write_text(key, encoding="utf-8")
        return recalculate(office, profile, [book])[Path(book).resolve()]
