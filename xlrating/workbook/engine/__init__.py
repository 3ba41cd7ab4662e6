"""The headless engine: the ``formulas`` package adapted to the registry (:mod:`.evaluation`),
with its workarounds (:mod:`.fast_values`, :mod:`.deferred`) and Excel's own functions."""
