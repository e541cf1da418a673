// The Pyodide half of benchmarks/odds.py: time rules_core.odds.answer inside Pyodide under Node.
//
//   node benchmarks/odds_pyodide.mjs PYODIDE_DIR REPO_DIR REPEAT WHEEL...
//
// Starts a fresh Pyodide (the pinned npm package in PYODIDE_DIR), unpacks the wheels (ours
// and icepool's, built by odds.py) into its site-packages, times the first `import icepool`,
// mounts REPO_DIR at /repo (nothing is written there, not even bytecode), calls the same
// `measure` function of benchmarks/odds.py that the CPython side calls: it rebuilds the
// questions from /repo/docs with verify_page and times each one cold. Prints one line of JSON
// to stdout; Python's own output goes to stderr.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, repoDir, repeat, ...wheels] = process.argv.slice(2);
if (!wheels.length || !(Number(repeat) > 0)) {
  console.error("usage: node odds_pyodide.mjs PYODIDE_DIR REPO_DIR REPEAT WHEEL...");
  process.exit(2);
}
const started = performance.now();
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const toStderr = (line) => process.stderr.write(line + "\n");
const py = await loadPyodide({ indexURL: pyodideDir + path.sep, stdout: toStderr,
                               stderr: toStderr });
const bootMs = performance.now() - started;
const sitePackages = py.runPython("import site; site.getsitepackages()[0]");
for (const wheel of wheels) {
  py.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: sitePackages });
}
const importMs = py.runPython(`
import sys, time
sys.dont_write_bytecode = True
start = time.perf_counter()
import icepool
(time.perf_counter() - start) * 1000
`);
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(repoDir) }, "/repo");
const measured = py.runPython(`
import json, sys
from pathlib import Path
sys.path.insert(0, "/repo/benchmarks")
import odds as bench
json.dumps(bench.measure(bench.collect_questions(Path("/repo")), ${Number(repeat)}))
`);
const version = py.runPython("import sys; sys.version.split()[0]");
process.stdout.write(JSON.stringify({
  python: version, pyodide: py.version, boot_ms: bootMs, icepool_import_ms: importMs,
  questions: JSON.parse(measured),
}) + "\n");
