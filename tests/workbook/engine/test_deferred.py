"""The engine's deferred import (xlrating/workbook/engine/deferred.py), on a package of its own:
a deferred module answers its import metadata without executing, executes once, in place,
on first use, and a module that fails is not left behind half executed."""

from __future__ import annotations

import importlib
import sys
import types
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from xlrating.workbook.engine.deferred import defer


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A fresh package (a unique name) whose ``used`` module counts its executions in
    the package's ``runs`` and whose ``broken`` module raises."""
    name = f"xlrating_deferred_{uuid.uuid4().hex}"
    folder = tmp_path / name
    folder.mkdir()
    (folder / "__init__.py").write_text("runs = []\n", "utf-8")
    (folder / "used.py").write_text(
        '"""The used module."""\nfrom . import runs\nruns.append(__name__)\nVALUE = 42\n', "utf-8"
    )
    (folder / "broken.py").write_text("raise RuntimeError('broken on purpose')\n", "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield name
    for key in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
        del sys.modules[key]


def test_metadata_does_not_execute_and_first_use_executes_once_in_place(package: str) -> None:
    defer(f"{package}.used")
    parent = importlib.import_module(package)
    module = sys.modules[f"{package}.used"]
    # What the import system and tools read (Hypothesis reads __file__ of every module).
    spec = module.__spec__
    assert spec is not None and module.__name__ == spec.name == f"{package}.used"
    assert module.__file__ is not None and module.__file__.endswith("used.py")
    assert module.__package__ == package and module.__loader__ is spec.loader
    assert module.__doc__ is None  # the module's own docstring only once executed
    for each in list(sys.modules.values()):  # the walk Hypothesis makes before each example
        getattr(each, "__file__", None)
    # ``from package import used`` finds the module itself, still unexecuted.
    assert importlib.import_module(package).used is module and parent.runs == []
    assert module.VALUE == 42  # the first use executes it
    assert parent.runs == [f"{package}.used"] and type(module) is types.ModuleType
    assert module.__doc__ == "The used module."
    assert module.VALUE == 42 and importlib.import_module(f"{package}.used") is module
    assert parent.runs == [f"{package}.used"]  # once
    with pytest.raises(AttributeError):
        module.missing  # noqa: B018 - a plain module's AttributeError from now on


def test_a_module_that_fails_is_not_left_half_executed(package: str) -> None:
    defer(f"{package}.broken")
    parent = importlib.import_module(package)
    module = sys.modules[f"{package}.broken"]
    with pytest.raises(RuntimeError, match="broken on purpose"):
        module.anything  # noqa: B018
    assert f"{package}.broken" not in sys.modules and "broken" not in vars(parent)
    with pytest.raises(RuntimeError, match="broken on purpose"):  # imported afresh
        importlib.import_module(f"{package}.broken")


def test_loaded_or_missing_modules_are_left_alone(package: str) -> None:
    loaded = importlib.import_module(f"{package}.used")
    defer(f"{package}.used")
    assert sys.modules[f"{package}.used"] is loaded
    defer(f"{package}.absent")
    assert f"{package}.absent" not in sys.modules
    defer("xlrating_no_such_package.stats")
    assert "xlrating_no_such_package.stats" not in sys.modules
    with pytest.raises(ValueError, match="takes a submodule"):
        defer("scipy")


def test_a_stand_in_executes_the_module_on_its_first_call(package: str) -> None:
    """``from package.module import NAME`` takes a stand-in that does not execute the
    module; its first call does, and calls the module's own NAME."""
    folder = Path(importlib.import_module(package).__file__ or "").parent
    (folder / "helpers.py").write_text(
        "from . import runs\nruns.append(__name__)\ndef double(x):\n    return 2 * x\n", "utf-8"
    )
    defer(f"{package}.helpers", ("double", "absent"))
    parent = importlib.import_module(package)
    double = importlib.import_module(f"{package}.helpers").double
    assert parent.runs == [] and double.__name__ == "double"
    assert double(21) == 42 and parent.runs == [f"{package}.helpers"]
    module = sys.modules[f"{package}.helpers"]
    assert type(module) is types.ModuleType and module.double is not double
    assert double(4) == module.double(4) == 8 and parent.runs == [f"{package}.helpers"]
    with pytest.raises(AttributeError, match="has no attribute 'absent'"):
        module.absent()
