// Build-time only: take a Pyodide memory snapshot with the rules engine already imported, and
// restore it as the page will before writing it: a snapshot that does not restore is never
// shipped.
// Usage: node make_snapshot.mjs <pyodide-dir> <out-file> <stdlib-zip> <systems-json> <wheel>...
// <stdlib-zip>: the standard library the page loads (the trimmed one, or Pyodide's own);
// <systems-json>: the game systems' packages among the wheels, as a JSON list.
// The browser restores it instead of starting Python from scratch (see runtime.py).
import "./report_failure.mjs";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, outFile, stdlib, systems, ...wheels] = process.argv.slice(2);
if (!wheels.length) {
  console.error("usage: node make_snapshot.mjs <pyodide-dir> <out-file> <stdlib-zip> <systems-json> <wheel>...");
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

// The snapshot holds the standard library the page will load: Python's importer keeps where
// each module lies in that zip, so it is restored with that file and no other.
const stdLibURL = stdlib;
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
const snapshot = pyodide.makeMemorySnapshot();
await restores(snapshot, pyodide._module.HEAP8.length);
fs.writeFileSync(outFile, snapshot);

// Restore ``snapshot`` (of a memory of ``size`` bytes) as the page does (engine-worker.js: the
// same runtime, the same standard library, the engine imported) and answer one question, or
// fail saying why. Pyodide copies a snapshot into the memory its runtime starts with and never
// grows that first, so a snapshot of a larger memory (one that imported Python sources, which
// compiling them grew: Pyodide's whole standard library, wheels that were not compiled)
// cannot be restored anywhere: "RangeError: offset is out of bounds" in the page.
async function restores(snapshot, size) {
  const initial = initialMemory(path.join(pyodideDir, "pyodide.asm.wasm"));
  const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
  if (size > initial) {
    throw new Error(`it holds ${mb(size)} of memory, more than the ${mb(initial)} Pyodide `
      + "starts with and a restore cannot grow, so no browser could restore it");
  }
  try {
    const restored = await loadPyodide({ indexURL: pyodideDir + path.sep, stdLibURL, _loadSnapshot: snapshot });
    restored.runPython(`
import json, site_plugins.examples.cards.reroll as reroll
json.loads(reroll.answer("dice", json.dumps({"dice": "2d6 + 3"}), 1))
`);
  } catch (error) {
    const said = String(error?.message ?? error).split("\n").filter(Boolean).at(-1);
    throw new Error(`it does not restore as the page restores it (${said})`);
  }
}

// The memory a Pyodide runtime starts with, in bytes: the initial size of the memory its
// WebAssembly module declares (the memory section, id 5; pages of 64 KiB).
function initialMemory(wasmFile) {
  const bytes = fs.readFileSync(wasmFile);
  let at = 8; // after the magic number and the version
  const leb = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) return value;
    }
  };
  while (at < bytes.length) {
    const id = bytes[at++];
    const length = leb();
    if (id === 5) {
      leb(); // how many memories: one
      at += 1; // its limits' flags
      return leb() * 65536;
    }
    at += length;
  }
  throw new Error(`${wasmFile} declares no memory`);
}
