// Load a Lite bundle in Pyodide under Node and call it through xlwings' own code.
//
//   node tests/lite_runner.mjs MAIN.py CASES.json WHEEL_DIR [REPEAT]
//
// Pyodide comes from the npm package `pyodide` (node_modules/, installed by .ci/run or
// `npm install --no-save pyodide@VERSION`), or from the package named by the environment
// variable XLRATING_PYODIDE_PACKAGE (an npm alias such as `pyodide-oldest`, installed with
// `npm install --no-save pyodide-oldest@npm:pyodide@VERSION`); the wheels in WHEEL_DIR (xlwings' pure-Python
// wheel, as Lite installs it from requirements.txt) are unpacked into Pyodide's
// site-packages, as micropip would install them, without any network.  Then
// tests/lite_driver.py (beside this file) imports MAIN.py with xlwings' Lite decorators
// and calls every case; its JSON report goes to stdout with the Node-side timings added.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const { loadPyodide } = await import(process.env.XLRATING_PYODIDE_PACKAGE || "pyodide");

const [mainPath, casesPath, wheelDir, repeat = "0"] = process.argv.slice(2);
const here = dirname(fileURLToPath(import.meta.url));

const started = performance.now();
const pyodide = await loadPyodide({ stdout: (line) => process.stderr.write(line + "\n") });
const loaded = performance.now();

pyodide.FS.mkdirTree("/xlrating-lite/wheels");
const wheels = readdirSync(wheelDir).filter((name) => name.endsWith(".whl"));
if (wheels.length === 0) {
  throw new Error(`no .whl file in ${wheelDir}`);
}
for (const name of wheels) {
  pyodide.FS.writeFile(`/xlrating-lite/wheels/${name}`, readFileSync(join(wheelDir, name)));
}
pyodide.FS.writeFile("/xlrating-lite/main.py", readFileSync(mainPath));
pyodide.FS.writeFile("/xlrating-lite/lite_driver.py", readFileSync(join(here, "lite_driver.py")));
pyodide.globals.set("cases_text", readFileSync(casesPath, "utf8"));
pyodide.globals.set("repeat", Number(repeat));

await pyodide.runPythonAsync(`
import site, sys, zipfile, pathlib
target = site.getsitepackages()[0]
for wheel in sorted(pathlib.Path("/xlrating-lite/wheels").glob("*.whl")):
    zipfile.ZipFile(wheel).extractall(target)
sys.path.insert(0, "/xlrating-lite")
`);
const installed = performance.now();

const report = JSON.parse(
  await pyodide.runPythonAsync(`
import lite_driver
await lite_driver.run("/xlrating-lite/main.py", cases_text, repeat)
`),
);
report.ms.load_pyodide = loaded - started;
report.ms.install_wheels = installed - loaded;
report.pyodide = pyodide.version;
report.python = pyodide.runPython("import sys; sys.version.split()[0]");
process.stdout.write(JSON.stringify(report) + "\n");
