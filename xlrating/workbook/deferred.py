"""Load ``scipy.stats`` when a formula first needs it, not when the engine starts.

``formulas`` 1.3 imports ``scipy.stats`` with its table of Excel functions (for NORM.DIST,
T.TEST and the like).  Importing it took 0.4-0.9 s of every ``xlrating recalc``, ``import``
and ``demo``, though xlrating's workbooks call none of those functions.  The module is
registered through the standard library's :class:`importlib.util.LazyLoader` (the recipe
of the ``importlib`` documentation, "Implementing lazy imports"): it is executed on the
first attribute a formula reads from it, and behaves as the real module from then on.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys

__all__ = ["defer_scipy_stats"]

_MODULE = "scipy.stats"


def defer_scipy_stats() -> None:
    """Register ``scipy.stats`` to load on first use (nothing if it is loaded already or
    scipy is absent)."""
    if _MODULE in sys.modules:
        return
    try:
        parent = importlib.import_module("scipy")
        spec = importlib.util.find_spec(_MODULE)
    except ImportError:
        return
    if spec is None or spec.loader is None:
        return
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[_MODULE] = module
    loader.exec_module(module)
    # ``from scipy import stats`` then finds the attribute and does not ask the import
    # system, whose check of ``__spec__`` would load the module at once (Python 3.11).
    vars(parent)["stats"] = module
