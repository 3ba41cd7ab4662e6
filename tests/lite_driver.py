"""Call a Lite bundle's main.py as xlwings Lite does: through xlwings' own Office.js code.

The same file runs in Pyodide (under Node, ``tests/lite_runner.mjs`` loads it) and in
CPython (``python tests/lite_driver.py MAIN CASES``).  It imports main.py with xlwings'
Server/Lite decorators active (``XLWINGS_ON_SERVER=true``, as in Lite, makes
``xlwings.func``/``arg`` those of ``xlwings.server``), reads the custom-functions metadata
Excel registers (``xlwings.server.custom_functions_meta``) and calls every case through
``xlwings.server.custom_functions_call``: each argument arrives as Office.js sends it (a
matrix: a single cell is ``[[value]]``), is converted by xlwings' officejs engine, and the
result is written back by xlwings' officejs conversion.  Nothing of xlwings is replaced.

xlwings' Server/Lite code is the ``xlwings.pro`` part of the xlwings wheel (PolyForm
Noncommercial 1.0.0 or the xlwings PRO licence); it runs here under the ``noncommercial``
key (``XLWINGS_LICENSE_KEY``), set only if none is set.  Importing this module does
nothing: :func:`run` does the work.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import time
from typing import Any

#: What Excel sends with every custom-function call besides the arguments
#: (xlwings' custom-functions JavaScript: client, caller address, culture, date format,
#: requirement-set runtime).
CALL_CONTEXT: dict[str, Any] = {
    "client": "Office.js",
    "caller_address": "[Book1]Sheet1!A1",
    "culture_info_name": "en-US",
    "date_format": "M/d/yyyy",
    "runtime": "1.4",
}


def _lite_environment() -> None:
    os.environ["XLWINGS_ON_SERVER"] = "true"
    os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")


async def run(main_path: str, cases_text: str, repeat: int = 0) -> str:
    """Import *main_path* as Lite's main module, register it and call every case of
    *cases_text* (JSON: a list of ``{"func": NAME, "args": [matrix, ...]}``); with
    *repeat* > 0 each case is also timed over that many calls.  Returns JSON: the
    registered metadata, each case's result (or the exception's text) and timings in ms."""
    _lite_environment()
    started = time.perf_counter()
    import xlwings
    import xlwings.server as server

    imported_xlwings = time.perf_counter()
    spec = importlib.util.spec_from_file_location("main", main_path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["main"] = module
    spec.loader.exec_module(module)
    meta = server.custom_functions_meta(module)
    registered = time.perf_counter()

    results: list[dict[str, Any]] = []
    per_call: list[float] = []
    first_call = 0.0
    for number, case in enumerate(json.loads(cases_text)):
        payload = dict(CALL_CONTEXT, func_name=case["func"], args=case["args"])
        payload["version"] = xlwings.__version__
        before = time.perf_counter()
        try:
            value = await server.custom_functions_call(payload, module)
            results.append({"value": value})
        except Exception as error:  # the test reports which case failed, and how
            results.append({"exception": f"{type(error).__name__}: {error}"})
        if number == 0:
            first_call = (time.perf_counter() - before) * 1000
        if repeat:
            before = time.perf_counter()
            for _ in range(repeat):
                await server.custom_functions_call(payload, module)
            per_call.append((time.perf_counter() - before) * 1000 / repeat)
    return json.dumps(
        {
            "python": sys.version.split()[0],
            "platform": sys.platform,
            "xlwings": xlwings.__version__,
            "meta": meta,
            "results": results,
            "ms": {
                "import_xlwings": (imported_xlwings - started) * 1000,
                "register_main": (registered - imported_xlwings) * 1000,
                "first_call": first_call,
                "per_call": per_call,
            },
        }
    )


if __name__ == "__main__":  # CPython: python tests/lite_driver.py MAIN CASES [REPEAT]
    import asyncio

    with open(sys.argv[2], encoding="utf-8") as file:
        cases = file.read()
    times = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    print(asyncio.run(run(sys.argv[1], cases, times)))
