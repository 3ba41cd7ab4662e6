"""The core does rating math only: importing it must pull in no Excel library."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

CORE = [
    "xlrating",
    "xlrating.rating.elo",
    "xlrating.rating.fide",
    "xlrating.rating.uscf",
    "xlrating.rating.glicko2",
    "xlrating.rating.events",
    "xlrating.rating.season",
    "xlrating.rating.tournament",
    "xlrating.imports",
    "xlrating.imports.rate",
    "xlrating.rating.synthetic",
    "xlrating.rating.batch",  # numpy only when a function runs
    "xlrating.errors",
    "xlrating.rating.fide_rules",
    "xlrating.rating.uscf_rules",
    "xlrating.rating.uscf_special",
    "xlrating.rating._check",
    "xlrating.rating._numeric",
]
EXCEL_LIBRARIES = ["xlwings", "openpyxl", "formulas", "xlsxwriter", "schedula", "numpy", "lxml"]


def _modules_after_import(module: str) -> set[str]:
    code = f"import sys, {module}; print('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    return set(out.split())


def test_core_imports_no_excel_library() -> None:
    """One fresh interpreter imports the core modules one after another and reports what
    each import added: an Excel library that any of them pulls in appears after the first
    that does, so the union is empty exactly when every module's own imports are."""
    code = (
        "import importlib, sys\n"
        f"for module in {CORE!r}:\n"
        "    importlib.import_module(module)\n"
        f"    print(module, *sorted(lib for lib in {EXCEL_LIBRARIES!r} if lib in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    reported = [line.split() for line in out.splitlines()]
    assert [line[0] for line in reported] == CORE
    for module, *leaked in reported:
        assert not leaked, (
            f"importing {module} (after {CORE[: CORE.index(module)]}) imported {leaked}"
        )


def test_collection_never_imports_the_fork_servers_warm_up() -> None:
    """tests/cli_warm.py builds the engine's function table for tests.cli_process's fork
    server; ``--doctest-modules`` imported it in every test process (2 s each, scipy.stats
    included) until tests/conftest.py listed it in ``collect_ignore``."""
    assert "tests.cli_warm" not in sys.modules


def test_boundary_imports_no_excel_library() -> None:
    """The registry and cell coercion run in the headless engine and in Excel alike."""
    loaded = _modules_after_import("xlrating.sheet.catalog")
    loaded |= _modules_after_import("xlrating.sheet.tables")
    leaked = sorted(lib for lib in EXCEL_LIBRARIES if lib in loaded)
    assert not leaked, f"importing xlrating.sheet.catalog imported {leaked}"


def test_command_line_help_needs_no_excel_library() -> None:
    """`xlrating --help` works on a bare install: front ends import optional libraries lazily."""
    loaded = _modules_after_import("xlrating.cli")
    leaked = sorted(lib for lib in EXCEL_LIBRARIES if lib in loaded)
    assert not leaked, f"importing xlrating.cli imported {leaked}"


# --- The house: the layers in the folders, and no circles ---------------------------------

ROOT = Path(__file__).resolve().parent.parent
#: What each layer may import from the package (besides itself): the core only the one
#: exception family, the boundary the core, and so on up.  Front ends not listed
#: (workbook, libreoffice, commands, cli) may import any layer below them.
ALLOWED: dict[str, tuple[str, ...]] = {
    "xlrating.rating": ("xlrating.errors",),
    "xlrating.sheet": ("xlrating.errors", "xlrating.rating"),
    "xlrating.imports": ("xlrating.errors", "xlrating.rating"),
}


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the package's modules it imports (at the top or inside a function), read
    from the source of every module under *root*/xlrating."""
    paths = {_module_name(p, root): p for p in sorted((root / "xlrating").rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                target = ".".join([*base, *([node.module] if node.module else [])])
                for alias in node.names:
                    module = f"{target}.{alias.name}"
                    found.add(module if module in paths else target)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        graph[name] = {m for m in found if m in paths and m != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while (member := stack.pop()) != module:
                group.append(member)
            if group:
                found.append(sorted([*group, module]))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def _layer(module: str) -> str | None:
    return next((layer for layer in ALLOWED if module.startswith(layer + ".")), None)


def crossings(graph: dict[str, set[str]]) -> list[str]:
    """Imports that go up or across the layers, as "importer -> imported"."""
    wrong = []
    for module, targets in sorted(graph.items()):
        layer = _layer(module) if module not in ALLOWED else module
        for target in sorted(targets):
            if target == "xlrating.cli" and module.startswith("xlrating.commands"):
                wrong.append(f"{module} -> {target}")
            if layer is None or target.startswith(layer + ".") or target == layer:
                continue
            if not any(target == a or target.startswith(a + ".") for a in ALLOWED[layer]):
                wrong.append(f"{module} -> {target}")
    return wrong


#: The workbook wing's floors, bottom first, with the Excel host between the engine and the
#: season: a module imports its own floor's package and the floors below it, never one
#: above, and not the other package of its own floor (the engine and the lint stand side by
#: side).  The first floor whose package holds a module is its floor, so the modules at the
#: top of xlrating/workbook (finish, new_season) stand over all the others.
FLOORS: tuple[tuple[str, ...], ...] = (
    ("xlrating.workbook.ooxml",),
    ("xlrating.workbook.engine", "xlrating.workbook.lint"),
    ("xlrating.excel",),
    ("xlrating.workbook.season",),
    ("xlrating.workbook.templates",),
    ("xlrating.workbook",),
)
#: What the floors may import from outside them: the layers below the front ends.
BELOW_THE_FLOORS = ("xlrating.errors", "xlrating.rating", "xlrating.sheet", "xlrating.imports")


def _floor(module: str) -> tuple[int, str] | None:
    for number, packages in enumerate(FLOORS):
        for package in packages:
            if module == package or module.startswith(package + "."):
                return number, package
    return None


def floor_crossings(graph: dict[str, set[str]]) -> list[str]:
    """Imports of the workbook wing that go up a floor, across one, or out of the floors to
    anything but the layers below, as "importer -> imported"."""
    wrong = []
    for module, targets in sorted(graph.items()):
        here = _floor(module)
        if here is None:
            continue
        for target in sorted(targets):
            there = _floor(target)
            if there is None:
                if target != "xlrating" and not any(
                    target == layer or target.startswith(layer + ".") for layer in BELOW_THE_FLOORS
                ):
                    wrong.append(f"{module} -> {target}")
            elif there[0] > here[0] or (there[0] == here[0] and there[1] != here[1]):
                wrong.append(f"{module} -> {target}")
    return wrong


def test_the_workbook_floors_import_only_downwards() -> None:
    found = floor_crossings(import_graph(ROOT))
    assert not found, "\n".join(found)


def test_every_floor_is_a_folder_of_the_package() -> None:
    for packages in FLOORS:
        for package in packages:
            path = ROOT.joinpath(*package.split("."))
            assert path.is_dir() or path.with_suffix(".py").is_file(), package


def test_the_floor_rules_can_fail() -> None:
    graph = {
        "xlrating.workbook.ooxml.rows": {"xlrating.workbook.season.grow", "xlrating.sheet.cells"},
        "xlrating.workbook.engine.evaluation": {"xlrating.workbook.lint"},
        "xlrating.workbook.lint": {"xlrating.workbook.ooxml.xlsx"},
        "xlrating.excel.vba": {"xlrating.workbook.ooxml.files", "xlrating.commands.common"},
        "xlrating.workbook.season.grow": {"xlrating.excel.vba", "xlrating"},
        "xlrating.workbook.finish": {"xlrating.workbook.templates", "xlrating.excel.vba"},
    }
    assert floor_crossings(graph) == [
        "xlrating.excel.vba -> xlrating.commands.common",
        "xlrating.workbook.engine.evaluation -> xlrating.workbook.lint",
        "xlrating.workbook.ooxml.rows -> xlrating.workbook.season.grow",
    ]


def folder_graph(graph: dict[str, set[str]], root: Path) -> dict[str, set[str]]:
    """Folder -> the folders its modules import: the package's modules taken by the folder
    they sit in (a module at the top of ``xlrating/``, such as cli or errors, stands for
    itself: the top folder holds the entry points and the one exception family)."""

    def folder(module: str) -> str:
        if root.joinpath(*module.split(".")).is_dir():
            return module  # a package's __init__
        parent = module.rsplit(".", 1)[0]
        return module if parent == "xlrating" else parent

    out: dict[str, set[str]] = {}
    for module, targets in graph.items():
        here = folder(module)
        out.setdefault(here, set())
        for target in targets:
            there = folder(target)
            out.setdefault(there, set())
            if there != here:
                out[here].add(there)
    return out


def test_no_two_folders_import_each_other() -> None:
    """Folders, not only modules, import in one direction: xlrating/workbook (finish,
    new_season) uses xlrating/excel, so nothing in xlrating/excel imports a module at the
    top of xlrating/workbook (the lint is a floor of its own, xlrating/workbook/lint/)."""
    found = circles(folder_graph(import_graph(ROOT), ROOT))
    assert not found, found


def test_the_folder_rule_can_fail(tmp_path: Path) -> None:
    package = tmp_path / "xlrating"
    for folder in ("workbook", "excel"):
        (package / folder).mkdir(parents=True)
        (package / folder / "__init__.py").write_text("", "utf-8")
    (package / "__init__.py").write_text("", "utf-8")
    (package / "workbook" / "finish.py").write_text("from ..excel import vba\n", "utf-8")
    (package / "workbook" / "lint.py").write_text("", "utf-8")
    (package / "excel" / "vba.py").write_text("", "utf-8")
    (package / "excel" / "check.py").write_text("from ..workbook import lint\n", "utf-8")
    graph = import_graph(tmp_path)
    assert circles(graph) == []  # no module circle ...
    assert circles(folder_graph(graph, tmp_path)) == [["xlrating.excel", "xlrating.workbook"]]


def test_the_import_graph_has_no_circles() -> None:
    found = circles(import_graph(ROOT))
    assert not found, found


def test_every_import_goes_down_the_layers() -> None:
    found = crossings(import_graph(ROOT))
    assert not found, "\n".join(found)


def test_the_house_rules_can_fail(tmp_path: Path) -> None:
    """A circle and an upward import in a package of two layers are both found."""
    package = tmp_path / "xlrating"
    for folder in ("rating", "sheet", "commands"):
        (package / folder).mkdir(parents=True)
        (package / folder / "__init__.py").write_text("", "utf-8")
    (package / "__init__.py").write_text("", "utf-8")
    (package / "errors.py").write_text("", "utf-8")
    (package / "cli.py").write_text("from .commands import run\n", "utf-8")
    (package / "rating" / "elo.py").write_text("from ..sheet import cells\n", "utf-8")
    (package / "sheet" / "cells.py").write_text(
        "from ..errors import E\ndef f():\n    from ..rating.elo import g\n", "utf-8"
    )
    (package / "commands" / "run.py").write_text("from ..cli import main\n", "utf-8")
    graph = import_graph(tmp_path)
    assert circles(graph) == [
        ["xlrating.cli", "xlrating.commands.run"],
        ["xlrating.rating.elo", "xlrating.sheet.cells"],
    ]
    assert crossings(graph) == [
        "xlrating.commands.run -> xlrating.cli",
        "xlrating.rating.elo -> xlrating.sheet.cells",
    ]


def test_property_tests_never_fail_on_timing() -> None:
    """The suite's Hypothesis profile (tests/conftest.py) has no deadline and no too-slow
    health check: a one-second stall of the host failed a full run's health check."""
    import os

    from hypothesis import HealthCheck, settings

    if os.environ.get("HYPOTHESIS_PROFILE", "xlrating") not in ("xlrating", "quick"):
        pytest.skip("HYPOTHESIS_PROFILE names another profile, which is used as it is")
    current = settings.default
    assert current is not None
    assert current.deadline is None
    assert HealthCheck.too_slow in current.suppress_health_check
