"""Run xlrating's UDFs the way classic xlwings on Windows runs them, on any OS.

On Linux xlwings' decorators do nothing, so calling ``xlrating.udfs`` directly would
skip xlwings' conversion.  This harness:

1. stubs the Windows-only modules that ``xlwings.udfs`` imports (pythoncom, pywintypes,
   win32com.client), only where they are missing;
2. registers a stand-in for the Excel engine whose ``clean_value_data`` and
   ``prepare_xl_data_element`` follow ``xlwings/_xlwindows.py`` (0.37.x);
3. re-executes ``xlrating/udfs.py`` with xlwings' real Windows decorators
   (``xlwings.udfs.xlfunc/xlarg/xlret``), so every function carries ``__xlfunc__``;
4. calls a function as ``xlwings.udfs.call_udf`` does: missing arguments become the
   declared optional value, every other argument goes through
   ``xlwings.conversion.read(None, value, options)``, the return value through
   ``xlwings.conversion.write`` and the shape collapse of ``com_server.CallUDF``.
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import sys
import types
from pathlib import Path
from typing import Any

import xlwings

#: What COM passes for an omitted optional argument (DISP_E_PARAMNOTFOUND), as call_udf tests.
MISSING = -2147352572

#: COM's integer codes for Excel's error values (xlwings/_xlwindows.py ``cell_errors``).
CELL_ERRORS = {
    -2146826281: "#DIV/0!",
    -2146826246: "#N/A",
    -2146826259: "#NAME?",
    -2146826288: "#NULL!",
    -2146826252: "#NUM!",
    -2146826265: "#REF!",
    -2146826273: "#VALUE!",
}


def _stub_windows_modules() -> None:
    for name in ("pythoncom", "pywintypes", "win32com", "win32com.client"):
        if name not in sys.modules:
            try:
                importlib.import_module(name)
            except ImportError:
                sys.modules[name] = types.ModuleType(name)
    pythoncom = sys.modules["pythoncom"]
    if not hasattr(pythoncom, "CoInitialize"):
        pythoncom.CoInitialize = lambda: None  # type: ignore[attr-defined]
    client = sys.modules["win32com.client"]
    if not hasattr(client, "Dispatch"):
        client.Dispatch = lambda *a, **k: None  # type: ignore[attr-defined]
    sys.modules["win32com"].client = client  # type: ignore[attr-defined]


class _ExcelEngineStandIn:
    """The two data-cleaning hooks of xlwings' Excel engine, as in _xlwindows.py."""

    name = "excel"
    type = "desktop"

    @staticmethod
    def clean_value_data(data, datetime_builder, empty_as, number_builder, err_to_str):  # type: ignore[no-untyped-def]
        def clean(value):  # type: ignore[no-untyped-def]
            if value in ("", None):
                return empty_as
            if isinstance(value, dt.datetime):  # pywintypes.TimeType under COM
                return datetime_builder(  # as _xlwindows._com_time_to_datetime
                    month=value.month,
                    day=value.day,
                    year=value.year,
                    hour=value.hour,
                    minute=value.minute,
                    second=value.second,
                    microsecond=value.microsecond,
                    tzinfo=None,
                )
            if number_builder is not None and isinstance(value, float):
                return number_builder(value)
            if isinstance(value, int) and not isinstance(value, bool) and value in CELL_ERRORS:
                return CELL_ERRORS[value] if err_to_str else None
            return value

        return [[clean(c) for c in row] for row in data]

    @staticmethod
    def prepare_xl_data_element(x, date_format):  # type: ignore[no-untyped-def]
        if x is None:
            return ""
        if isinstance(x, float) and x != x:
            return ""
        return x


_decorated: types.ModuleType | None = None


def decorated_udfs() -> types.ModuleType:
    """xlrating.udfs executed with xlwings' real (Windows) decorators."""
    global _decorated
    if _decorated is not None:
        return _decorated
    _stub_windows_modules()
    import xlwings.udfs as xludfs

    if "excel" not in xlwings.engines.engines_by_name:
        engine = xlwings.main.Engine(impl=_ExcelEngineStandIn())
        xlwings.engines.add(engine)
    saved = (xlwings.func, xlwings.arg, xlwings.ret)
    xlwings.func, xlwings.arg, xlwings.ret = xludfs.xlfunc, xludfs.xlarg, xludfs.xlret  # type: ignore[assignment]
    try:
        import xlrating

        path = Path(xlrating.__file__).with_name("udfs.py")
        spec = importlib.util.spec_from_file_location("xlrating_udfs_as_in_excel", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        xlwings.func, xlwings.arg, xlwings.ret = saved
    _decorated = module
    return module


def com_value(value: Any) -> Any:
    """Shape a Python value as COM hands it over: ranges as tuples of tuples, ints as floats."""
    if isinstance(value, list):
        if value and all(isinstance(r, list) for r in value):
            return tuple(tuple(com_value(c) for c in r) for r in value)
        return tuple((com_value(c),) for c in value)  # a column
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value not in CELL_ERRORS and value != MISSING:
        return float(value)
    return value


def call_udf(name: str, *args: Any) -> Any:
    """Call a UDF as xlwings' classic call_udf + com_server.CallUDF do."""
    from xlwings import conversion

    func = getattr(decorated_udfs(), name)
    info = func.__xlfunc__
    args_info = info["args"]
    converted = []
    for i, arg in enumerate(args):
        arg_info = args_info[min(i, len(args_info) - 1)]
        if isinstance(arg, int) and not isinstance(arg, bool) and arg == MISSING:
            converted.append(arg_info.get("optional", None))
        else:
            converted.append(conversion.read(None, arg, arg_info["options"]))
    # Excel passes every declared argument; omitted trailing ones arrive as MISSING.
    for arg_info in args_info[len(args) :]:
        converted.append(arg_info.get("optional", None))
    ret = func(*converted)
    res = conversion.write(ret, None, info["ret"]["options"])
    if len(res) == 1 and len(res[0]) == 1:
        return res[0][0]
    if len(res) == 1 and len(res[0]) > 1:
        return res[0]
    return res
