"""The headless engine: the ``formulas`` package adapted to the registry (:mod:`.evaluation`),
with its workaround (:mod:`.deferred`) and Excel's own functions."""
