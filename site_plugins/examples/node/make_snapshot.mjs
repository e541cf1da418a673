// Build-time only: take a Pyodide memory snapshot with the rules engine already imported.
// Usage: node make_snapshot.mjs <pyodide-dir> <out-file> <stdlib-zip or -> <wheel>...
// The browser restores it instead of starting Python from scratch (see runtime.py).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, outFile, stdlib, ...wheels] = process.argv.slice(2);
if (!wheels.length) {
  console.error("usage: node make_snapshot.mjs <pyodide-dir> <out-file> <stdlib-zip or -> <wheel>...");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
// The snapshot holds the standard library the page will load (the trimmed one, if any).
const stdLibURL = stdlib === "-" ? undefined : stdlib;
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, stdLibURL, _makeSnapshot: true });
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
for (const wheel of wheels) {
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", {
    extractDir: sitePackages,
  });
}
// Import every module of the engine, and icepool for the odds: after a restore only what is
// in memory exists. One small question warms icepool's own caches.
pyodide.runPython(`
import importlib, pkgutil
import rules_core
for info in pkgutil.walk_packages(rules_core.__path__, "rules_core."):
    importlib.import_module(info.name)
import icepool
import site_plugins.examples.reroll
from rules_core.odds_text import describe
from rules_core.procedure import CountAtLeast, Procedure
from rules_core.question import AtLeast
describe(AtLeast(Procedure(2, 6, (), CountAtLeast(5)), 1))
`);
fs.writeFileSync(outFile, pyodide.makeMemorySnapshot());
