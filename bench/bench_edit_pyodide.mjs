// One edit of a club season in Pyodide (xlwings Lite's Python): bench_suite.py's case 7
// (every season array computed cold after one game cell changed) run by Pyodide under
// Node, on the package's own source (no xlwings: the arrays are called through the
// registry, as in CPython).
//
//   node bench/bench_edit_pyodide.mjs [REPEAT]        (from the repository root)
//
// Needs the npm package `pyodide` in node_modules/ (docs/lite.md). Prints bench_suite's
// JSON rows; nothing is asserted about the times.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { loadPyodide } from "pyodide";

const repeat = Number(process.argv[2] ?? "5");
const pyodide = await loadPyodide({ stdout: (line) => process.stderr.write(line + "\n") });

function copyTree(from, to) {
  pyodide.FS.mkdirTree(to);
  for (const name of readdirSync(from)) {
    const path = join(from, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") copyTree(path, `${to}/${name}`);
    } else if (name.endsWith(".py")) {
      pyodide.FS.writeFile(`${to}/${name}`, readFileSync(path));
    }
  }
}
copyTree("xlrating", "/bench/xlrating");
pyodide.FS.writeFile("/bench/bench_suite.py", readFileSync("bench/bench_suite.py"));
pyodide.globals.set("repeat", repeat);
const rows = await pyodide.runPythonAsync(`
import json, sys
sys.path.insert(0, "/bench")
import bench_suite
json.dumps(bench_suite.edit_cost(repeat, False))
`);
process.stdout.write(JSON.stringify({ pyodide: pyodide.version, cases: JSON.parse(rows) }) + "\n");
