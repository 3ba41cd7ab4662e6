"""xlwings Lite (Pyodide) against the classic Python path: cold start and cost per call.

Run from the repository root (not part of the test suite; no timing is asserted), with
Node, the npm package pyodide in node_modules/ and xlwings' wheel in .lite-wheels/ (as
``.ci/run`` installs them; docs/lite.md):

    python bench/bench_lite.py [--repeat 200] [--json OUT.json]

The same cells (four of ``tests/test_lite.py``'s documented examples) are computed by

* **Lite in Pyodide**: ``tests/lite_runner.mjs`` under Node loads Pyodide, unpacks xlwings'
  wheel, imports the bundle's main.py with xlwings' Lite decorators and calls each case
  through ``xlwings.server.custom_functions_call``, *repeat* times;
* **Lite's code in CPython**: the same driver (``tests/lite_driver.py``) in this Python:
  what Pyodide adds, against what xlwings' Office.js conversion costs anyway;
* **classic**: xlwings' classic decorators and COM conversion (``tests/xlwings_harness``),
  as ``xlwings.udfs.call_udf`` runs them, in this Python; and the registry alone
  (``xlrating.sheet.catalog.call``).

Cold start: for Lite, the time from nothing to the first result (Pyodide loaded, xlwings
installed, main.py registered, the first call, which imports the inlined core); for
classic, a fresh ``python`` importing xlwings' decorators, ``xlrating.udfs`` and making
the first call (Excel's own start of the COM server is not measurable here).  Neither
includes Excel.  The machine is shared: each figure is the best of 3 runs.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
import timeit
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.test_lite import EXAMPLES, classic, officejs_arg  # noqa: E402
from xlrating import lite  # noqa: E402
from xlrating.sheet.catalog import call  # noqa: E402

CASES = ("USCF_NEW_RATING", "USCF_DETAILS", "FIDE_RATING_CHANGE", "USCF_EVENT")
WHEELS = ROOT / ".lite-wheels"

_CLASSIC_COLD = """
import time; started = time.perf_counter()
import sys; sys.path.insert(0, sys.argv[1])
from tests.xlwings_harness import call_udf, decorated_udfs
decorated_udfs()
call_udf("USCF_NEW_RATING", 1700.0, 30.0, ((1600.0,), (1650.0,), (1750.0,), (1800.0,)),
         ((1.0,), (0.5,), (0.0,), (1.0,)))
print((time.perf_counter() - started) * 1000)
"""


def _best(runs: list[dict[str, Any]], key: str) -> float:
    return min(float(r["ms"][key]) for r in runs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200, help="calls per case (default 200)")
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    args = parser.parse_args()
    node = shutil.which("node")
    if (
        node is None
        or not (ROOT / "node_modules" / "pyodide").is_dir()
        or not any(WHEELS.glob("*.whl"))
    ):
        print("bench_lite: needs Node, node_modules/pyodide and .lite-wheels/ (docs/lite.md)")
        return 0

    work = Path(tempfile.mkdtemp(prefix="bench-lite-"))
    lite.write_bundle(work)
    cases = [{"func": n, "args": [officejs_arg(a) for a in EXAMPLES[n]]} for n in CASES]
    (work / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    runner = [node, str(ROOT / "tests" / "lite_runner.mjs"), str(work / "main.py")]

    pyodide_runs = []
    for _ in range(3):
        started = time.perf_counter()
        done = subprocess.run(
            [*runner, str(work / "cases.json"), str(WHEELS), str(args.repeat)],
            capture_output=True,
            text=True,
            check=True,
        )
        report = json.loads(done.stdout)
        report["ms"]["process"] = (time.perf_counter() - started) * 1000
        pyodide_runs.append(report)

    # a fresh process: xlwings picks its Lite decorators when it is imported
    env = {k: v for k, v in os.environ.items() if not k.startswith("XLWINGS_")}
    driver = [sys.executable, str(ROOT / "tests" / "lite_driver.py"), str(work / "main.py")]
    cpython_runs = [
        json.loads(
            subprocess.run(
                [*driver, str(work / "cases.json"), str(args.repeat)],
                capture_output=True,
                text=True,
                check=True,
                env=env,
            ).stdout
        )
        for _ in range(3)
    ]

    classic_cold = min(
        float(
            subprocess.run(
                [sys.executable, "-c", _CLASSIC_COLD, str(ROOT)],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        )
        for _ in range(3)
    )
    classic_call: dict[str, float] = {}
    registry_call: dict[str, float] = {}
    for name in CASES:
        cells = EXAMPLES[name]
        classic(name, cells)  # decorate once
        timer = timeit.Timer(lambda name=name, cells=cells: classic(name, cells))  # type: ignore[misc]
        classic_call[name] = min(timer.repeat(3, args.repeat)) * 1000 / args.repeat
        # what xlwings hands the registry: a column as a flat list, a table as rows
        plain = [
            [r[0] for r in c] if isinstance(c, list) and all(len(r) == 1 for r in c) else c
            for c in cells
        ]
        timer = timeit.Timer(lambda name=name, plain=plain: call(name, *plain))  # type: ignore[misc]
        registry_call[name] = min(timer.repeat(3, args.repeat)) * 1000 / args.repeat

    pyodide = pyodide_runs[0]
    figures: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": f"{os.cpu_count()} cores, {platform.machine()}, load {os.getloadavg()[0]:.1f}",
        "python": platform.python_version(),
        "pyodide": pyodide["pyodide"],
        "pyodide_python": pyodide["python"],
        "xlwings": pyodide["xlwings"],
        "repeat": args.repeat,
        "lite_cold_ms": {
            key: _best(pyodide_runs, key)
            for key in (
                "load_pyodide",
                "install_wheels",
                "import_xlwings",
                "register_main",
                "first_call",
                "process",
            )
        },
        "classic_cold_ms": classic_cold,
        "per_call_ms": {
            name: {
                "lite_pyodide": min(r["ms"]["per_call"][i] for r in pyodide_runs),
                "lite_cpython": min(r["ms"]["per_call"][i] for r in cpython_runs),
                "classic_cpython": classic_call[name],
                "registry_cpython": registry_call[name],
            }
            for i, name in enumerate(CASES)
        },
    }
    cold = figures["lite_cold_ms"]
    print(
        f"bench_lite: {figures['machine']}; Pyodide {figures['pyodide']} "
        f"(Python {figures['pyodide_python']}), CPython {figures['python']}, "
        f"xlwings {figures['xlwings']}; best of 3"
    )
    print(
        "cold start, ms: Lite in Pyodide "
        + ", ".join(f"{k} {v:.0f}" for k, v in cold.items())
        + f"; classic (fresh python to first result) {classic_cold:.0f}"
    )
    print(
        f"{'per call, ms':<22}{'Lite/Pyodide':>14}{'Lite/CPython':>14}"
        f"{'classic':>10}{'registry':>10}{'Pyodide/classic':>17}"
    )
    for name, row in figures["per_call_ms"].items():
        ratio = row["lite_pyodide"] / row["classic_cpython"]
        print(
            f"{name:<22}{row['lite_pyodide']:>14.3f}{row['lite_cpython']:>14.3f}"
            f"{row['classic_cpython']:>10.3f}{row['registry_cpython']:>10.3f}{ratio:>16.1f}x"
        )
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
