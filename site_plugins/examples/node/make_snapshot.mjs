// Build-time only: take a Pyodide memory snapshot with the rules engine already imported.
// Usage: node make_snapshot.mjs <pyodide-dir> <wheel> <out-file>
// The browser restores it instead of starting Python from scratch (see runtime.py).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelPath, outFile] = process.argv.slice(2);
if (!outFile) {
  console.error("usage: node make_snapshot.mjs <pyodide-dir> <wheel> <out-file>");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, _makeSnapshot: true });
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheelPath)), "wheel", {
  extractDir: sitePackages,
});
// Import every module of the wheel: after a restore only what is in memory exists.
pyodide.runPython(`
import importlib, pkgutil
import rules_core
for info in pkgutil.walk_packages(rules_core.__path__, "rules_core."):
    importlib.import_module(info.name)
import site_plugins.examples.reroll
`);
fs.writeFileSync(outFile, pyodide.makeMemorySnapshot());
