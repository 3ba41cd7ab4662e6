"""xlrating's spreadsheet functions as a LibreOffice Calc add-in (a Python UNO component).

This file runs inside LibreOffice (its Python loader imports it from the installed .oxt),
never in the package itself.  Every method of ``org.xlrating.calc.XRatingFunctions``
(XRatingFunctions.idl, generated from the registry) hands the cell values to
``xlrating.sheet.catalog.call(NAME, *args)``; the copy of xlrating vendored in the extension's
``pythonpath/`` folder is on ``sys.path`` (LibreOffice puts it there).  Calc reads the
function names, help texts and Excel names from CalcAddIns.xcu.

What Calc hands over, and how it is made what Excel (xlwings) hands the registry:

* a range arrives as rows of cells (a blank is ``''``); a one-cell range is that cell's
  value, as xlwings passes it;
* an argument left out arrives as ``None``;
* a blank single cell arrives as the number 0.0: for the arguments the registry declares
  ``zero_is_blank`` (dates, choices, numbers that cannot be 0) a 0 is read as blank;
* the result is one value, or rows of values for the functions the registry declares
  ``returns_table`` (the .idl declares those ``sequence< sequence< any > >``).
"""

import datetime as _dt

import unohelper
from com.sun.star.lang import XServiceInfo, XServiceName
from org.xlrating.calc import XRatingFunctions

IMPLEMENTATION = "org.xlrating.calc.RatingFunctions"
SERVICES = ("com.sun.star.sheet.AddIn",)
#: Day 0 of spreadsheet date serials (the 1900 date system as Excel and Calc count it).
EPOCH = _dt.date(1899, 12, 30)

_catalog = None


def _registry():
    global _catalog
    if _catalog is None:  # imported on the first call, not when Calc lists the add-in
        from xlrating.sheet import catalog

        _catalog = catalog
    return _catalog


def _cell(value):
    """A Python result as a Calc cell value."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, _dt.datetime):
        value = value.date()
    if isinstance(value, _dt.date):
        return float((value - EPOCH).days)
    if value is None:
        return ""
    return str(value)


def _rows(result):
    """A result as rows of cells, padded to a rectangle: one value is a 1x1 table."""
    if not isinstance(result, (list, tuple)):
        return ((_cell(result),),)
    rows = [r if isinstance(r, (list, tuple)) else [r] for r in result] or [[""]]
    width = max(len(r) for r in rows) or 1
    return tuple(tuple(_cell(c) for c in r) + ("",) * (width - len(r)) for r in rows)


def _one(result):
    if isinstance(result, (list, tuple)):  # cannot happen: the registry declares tables
        return "#VALUE! a table where the function returns one value"
    return _cell(result)


def _function(name):
    """The method for registry function *name* (made once, on its first call)."""
    fn = _registry().FUNCTIONS[name]
    zero_blank = tuple(p.zero_is_blank for p in fn.params)
    shape = _rows if fn.returns_table else _one

    def method(self, *args):
        given = []
        for arg, blank_if_zero in zip(args, zero_blank, strict=False):
            if isinstance(arg, tuple) and len(arg) == 1 and len(arg[0]) == 1:
                arg = arg[0][0]  # a one-cell range is that cell, as xlwings hands it
            elif blank_if_zero and not isinstance(arg, (tuple, bool)) and arg == 0:
                arg = None  # Calc's 0.0 for a blank cell, where 0 means nothing
            given.append(arg)
        try:
            return shape(fn(*given))
        except Exception as error:  # a traceback would reach Calc as Err:504
            return shape(f"#VALUE! {type(error).__name__}: {error}")

    method.__name__ = name
    return method


class RatingFunctions(unohelper.Base, XRatingFunctions, XServiceName, XServiceInfo):
    """The add-in: each registry function is a method, made on its first call."""

    def __init__(self, ctx):
        self.ctx = ctx

    def __getattr__(self, name):
        if name.isupper() and name in _registry().FUNCTIONS:
            method = _function(name)
            setattr(type(self), name, method)
            return method.__get__(self)
        raise AttributeError(name)

    def getServiceName(self):
        return IMPLEMENTATION

    def getImplementationName(self):
        return IMPLEMENTATION

    def supportsService(self, name):
        return name in SERVICES

    def getSupportedServiceNames(self):
        return SERVICES


g_ImplementationHelper = unohelper.ImplementationHelper()
g_ImplementationHelper.addImplementation(RatingFunctions, IMPLEMENTATION, SERVICES)
