// Build-time only: take a Pyodide memory snapshot with the rules engine already imported.
// Usage: node make_snapshot.mjs <pyodide-dir> <out-file> <stdlib-zip or -> <systems-json> <wheel>...
// <systems-json>: the game systems' packages among the wheels, as a JSON list.
// The browser restores it instead of starting Python from scratch (see runtime.py).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, outFile, stdlib, systems, ...wheels] = process.argv.slice(2);
if (!wheels.length) {
  console.error("usage: node make_snapshot.mjs <pyodide-dir> <out-file> <stdlib-zip or -> <systems-json> <wheel>...");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);

// The wheels on sys.path as they are, as the page puts them (engine-worker.js, putOnPath):
// Python imports their compiled modules from the zips, with no install step; each system's
// wheel joins rules_core's own path (site_plugins.examples.cards.wheel_path).
function putOnPath(pyodide, wheels) {
  pyodide.FS.mkdirTree("/lib/rules-examples");
  const sys = pyodide.pyimport("sys");
  for (const [name, bytes] of [...wheels].reverse()) {
    pyodide.FS.writeFile(`/lib/rules-examples/${name}`, bytes);
    sys.path.insert(0, `/lib/rules-examples/${name}`);
  }
  sys.destroy();
  pyodide.runPython("from site_plugins.examples.cards.wheel_path import join_systems; join_systems()");
}

// The snapshot holds the standard library the page will load (the trimmed one, if any).
const stdLibURL = stdlib === "-" ? undefined : stdlib;
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, stdLibURL, _makeSnapshot: true });
putOnPath(pyodide, wheels.map((wheel) => [path.basename(wheel), new Uint8Array(fs.readFileSync(wheel))]));
// Import every module of the engine and of each game system shipped, the modules its answers
// import later (a roller's, dice in the prose) and icepool for the odds: after a restore only
// what is in memory exists. One small question warms icepool's own caches.
pyodide.globals.set("SYSTEMS_JSON", systems);
pyodide.runPython(`
import importlib, json, pkgutil
import rules_core
for info in pkgutil.walk_packages(rules_core.__path__, "rules_core."):
    importlib.import_module(info.name)
for package in json.loads(SYSTEMS_JSON):
    module = importlib.import_module(package)
    for info in pkgutil.walk_packages(module.__path__, f"{package}."):
        importlib.import_module(info.name)
import icepool
import site_plugins.examples.cards.reroll
for name in site_plugins.examples.cards.reroll.LATER_MODULES:
    importlib.import_module(name)
from rules_core.odds_text import describe
from rules_core.procedure import CountAtLeast, Procedure
from rules_core.question import AtLeast
describe(AtLeast(Procedure(2, 6, (), CountAtLeast(5)), 1))
`);
fs.writeFileSync(outFile, pyodide.makeMemorySnapshot());
