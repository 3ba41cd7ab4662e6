"""Load what ``formulas`` imports from scipy when a formula first needs it, not when the
engine starts.

``formulas`` 1.3 imports ``scipy.stats``, ``scipy.linalg`` and ``scipy.interpolate``'s
``interp1d`` with its table of Excel functions (for NORM.DIST, T.TEST, FORECAST.ETS and the
like), though xlrating's workbooks call none of those functions.  Importing ``scipy.stats``
took 0.4-0.9 s of every ``xlrating recalc``, ``import`` and ``demo`` (measured 2026-12-02:
1.83-1.94 s of CPU in a fresh interpreter); with it deferred, the rest (``scipy.linalg``,
``scipy.interpolate`` and the ``scipy.special`` and ``scipy.optimize`` they pull in) still
made registering the functions take 0.8 s, against 0.1 s with all three deferred (measured
2026-12-02 on the 2-core test machine).  ``from scipy.interpolate import interp1d`` reads
the attribute at once, so it gets a stand-in that imports the module on its first call.

The module is created as the import system creates any module before executing it
(:func:`importlib.util.module_from_spec`: ``__name__``, ``__file__``, ``__spec__``,
``__path__``, ``__loader__``, ``__package__`` set) and put in ``sys.modules``; it executes,
in place, on the first read of any other attribute, and is a plain module from then on.
The standard library's :class:`importlib.util.LazyLoader` executed it on *any* attribute,
``__file__`` included: a tool that walks ``sys.modules`` reading each module's file
(Hypothesis does, for every module imported since its last example) loaded scipy.stats
for nothing.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from collections.abc import Callable, Iterable
from typing import Any, Final

__all__ = ["defer", "defer_scipy"]


class _Deferred(types.ModuleType):
    """A module with its import metadata set, executed on the first read of anything else.

    Only attributes the module does not hold reach :meth:`__getattr__`, so the metadata
    (and ``__doc__``, None until then) never executes it."""

    def __getattr__(self, name: str) -> Any:
        _execute(self)
        return getattr(self, name)


def _execute(module: _Deferred) -> None:
    """Execute a deferred *module* in place; it is a plain module from then on."""
    spec = module.__spec__
    if spec is None or spec.loader is None:  # pragma: no cover - set by defer
        raise AttributeError("a deferred module without a loader")
    # A plain module before executing: the module reads its own names as it runs.
    object.__setattr__(module, "__class__", types.ModuleType)
    try:
        spec.loader.exec_module(module)
    except BaseException:  # as a failed import: no half-executed module left behind
        if sys.modules.get(spec.name) is module:
            del sys.modules[spec.name]
        parent, _, child = spec.name.rpartition(".")
        if parent in sys.modules and vars(sys.modules[parent]).get(child) is module:
            delattr(sys.modules[parent], child)
        raise


def defer(name: str, attributes: Iterable[str] = ()) -> None:
    """Register the submodule *name* (``package.module``) to execute on first use: nothing
    if it is loaded already, or if it or its package cannot be found.

    *attributes*: names that ``from package.module import NAME`` takes at once (formulas'
    ``from scipy.interpolate import interp1d``); each is a stand-in that executes the module
    when first called and then calls the module's own."""
    package, _, child = name.rpartition(".")
    if not package:
        raise ValueError(f"defer takes a submodule (package.module), got {name!r}")
    if name in sys.modules:
        return
    try:
        parent = importlib.import_module(package)
        spec = importlib.util.find_spec(name)
    except ImportError:
        return
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    module.__class__ = _Deferred
    for attribute in attributes:
        vars(module)[attribute] = _stand_in(name, attribute)
    sys.modules[name] = module
    # ``from package import child`` (``from scipy import stats`` in formulas) finds the
    # attribute at once, not through the package's own lazy ``__getattr__`` (scipy has one).
    vars(parent)[child] = module


def _stand_in(module: str, attribute: str) -> Callable[..., Any]:
    """A callable for ``module.attribute`` that imports *module* on its first call."""

    def call(*args: Any, **kwargs: Any) -> Any:
        loaded = sys.modules.get(module) or importlib.import_module(module)
        if isinstance(loaded, _Deferred):
            _execute(loaded)
        own = vars(loaded).get(attribute)
        if own is None or own is call:
            raise AttributeError(f"module {module!r} has no attribute {attribute!r}")
        return own(*args, **kwargs)

    call.__name__ = call.__qualname__ = attribute
    call.__module__ = module
    call.__doc__ = f"{module}.{attribute}, imported on the first call."
    return call


#: What ``formulas`` 1.3's table of Excel functions imports from scipy (its statistical
#: functions, ``formulas/functions/stat.py``: ``from scipy import stats, linalg`` and
#: ``from scipy.interpolate import interp1d``), deferred to the first formula that uses it.
_SCIPY: Final = (("scipy.stats", ()), ("scipy.linalg", ()), ("scipy.interpolate", ("interp1d",)))


def defer_scipy() -> None:
    """Register what ``formulas`` imports from scipy to load on first use (nothing for what
    is loaded already, or when scipy is absent)."""
    for name, attributes in _SCIPY:
        defer(name, attributes)
