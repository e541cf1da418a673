// Build-time (and test) only: which modules of Python's standard library the engine needs in
// the browser, and whether a cut-down library holds them.
//
//   node trace_stdlib.mjs <pyodide-dir> <work-dir> <out-file> [<stdlib-zip> <seed> <seeds> [first]]
//
// <work-dir> holds the wheels, cards.json (every rerollable page's cards, as a page sends
// them) and systems.json (the game systems' packages among the wheels). The script starts Pyodide as the page does (the wheels on sys.path, engine-worker.js),
// imports the engine, rerolls every card of every page with each seed (every reroll stopped
// after REROLL_SECONDS of CPU time, for a runaway example: a loaded machine makes a reroll
// slower, never shorter), and lets one malformed request fail into JavaScript (Pyodide formats
// the traceback). It prints a line as it starts and after every reroll: the build stops a run
// that goes quiet (site_plugins/examples/browser_engine/node_step.py), never a slow one.
//
// Tracing (no <stdlib-zip>): writes the standard library files the run imported, one per line,
// as paths inside python_stdlib.zip. Checking (a <stdlib-zip>, "-" for Pyodide's own): runs on
// that library and writes a sha256 of every reroll's answer (JSON), so that two libraries can
// be compared; a reroll that imports what the library lacks is printed and exits with 1. With
// "first", each page is rerolled from its first example only (every card after it runs with the
// new dice, once, not once for every card before it: a tenth of the work on this site's pages).
import "./report_failure.mjs";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, workDir, outFile, stdlib, firstSeed = "0", seeds = "2", targets = "every"] =
  process.argv.slice(2);
// A reroll's bound in seconds of CPU time (a runaway example): a whole page rerolled from its
// first example ("first") takes several times one from a later card.
const REROLL_SECONDS = targets === "first" ? 30 : 5;
if (!outFile) {
  console.error("usage: node trace_stdlib.mjs <pyodide-dir> <work-dir> <out-file> [<stdlib-zip> <seed> <seeds> [first]]");
  process.exit(2);
}
const checking = stdlib !== undefined;
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

const pyodide = await loadPyodide({
  indexURL: pyodideDir + path.sep,
  stdLibURL: checking && stdlib !== "-" ? stdlib : undefined,
});
putOnPath(pyodide, fs.readdirSync(workDir).filter((name) => name.endsWith(".whl")).sort()
  .map((name) => [name, new Uint8Array(fs.readFileSync(path.join(workDir, name)))]));
pyodide.globals.set("CARDS_JSON", fs.readFileSync(path.join(workDir, "cards.json"), "utf-8"));
pyodide.globals.set("SYSTEMS_JSON", fs.readFileSync(path.join(workDir, "systems.json"), "utf-8"));
pyodide.globals.set("SEEDS", [Number(firstSeed), Number(seeds)]);
pyodide.globals.set("REROLL_SECONDS", REROLL_SECONDS);
pyodide.globals.set("FIRST_ONLY", targets === "first");
// The CPU time this process has used, in seconds (what a reroll's bound counts).
pyodide.globals.set("cpu_seconds", () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
});
pyodide.runPython(`
import hashlib, importlib, json, pkgutil, sys
import rules_core
for info in pkgutil.walk_packages(rules_core.__path__, "rules_core."):
    importlib.import_module(info.name)
PACKAGES = json.loads(SYSTEMS_JSON)
for package in PACKAGES:
    module = importlib.import_module(package)
    for info in pkgutil.walk_packages(module.__path__, f"{package}."):
        importlib.import_module(info.name)
from site_plugins.examples.cards.reroll import reroll_page
print("started", flush=True)


class Overrun(BaseException):
    """A reroll ran past its share of the run (a runaway example): stop it, go on."""


def bounded(call, seconds):
    """call(), stopped once this process has spent seconds of CPU time on it."""
    deadline = cpu_seconds() + seconds
    events = 0

    def tracer(frame, event, arg):
        nonlocal events
        events += 1
        if events % 1000 == 0 and cpu_seconds() > deadline:
            raise Overrun
        return tracer

    sys.settrace(tracer)
    try:
        return call()
    except Overrun:
        return None
    finally:
        sys.settrace(None)


MISSING, DIGESTS = [], {}
first, count = SEEDS
for page, cards in enumerate(json.loads(CARDS_JSON)):
    examples = [card for card in cards if card["kind"] == "example"]
    for card in examples[:1] if FIRST_ONLY else examples:
        request = json.dumps({"target": card["index"], "cards": cards})
        for seed in range(first, first + count):
            answer = bounded(lambda: reroll_page(request, seed), REROLL_SECONDS)
            print(f"page {page}, line {card['line']}, seed {seed}", flush=True)
            if answer is None:
                continue
            if "ModuleNotFoundError" in answer or "ImportError" in answer:
                MISSING.append(f"page {page}, line {card['line']}, seed {seed}: {answer[:1500]}")
            DIGESTS[f"{page}:{card['line']}:{seed}"] = hashlib.sha256(answer.encode()).hexdigest()

# Each chapter's roller, as its page's Roll button asks (site_plugins.examples.cards.roll_forms).
from site_plugins.examples.cards.reroll import answer as answer_op
for system in PACKAGES:
    if not hasattr(importlib.import_module(system), "ROLL_FORM"):
        continue
    request = json.dumps({"system": system, "values": {}})
    for seed in range(first, first + count):
        answer = bounded(lambda: answer_op("roll", request, seed), REROLL_SECONDS)
        print(f"the roller of {system}, seed {seed}", flush=True)
        if answer is None:
            continue
        if "ModuleNotFoundError" in answer or "ImportError" in answer:
            MISSING.append(f"the roller of {system}, seed {seed}: {answer[:1500]}")
        DIGESTS[f"roller:{system}:{seed}"] = hashlib.sha256(answer.encode()).hexdigest()

# Dice written in the prose, as a click on them asks (site_plugins.examples.cards.dice_notation):
# its module is imported by its first answer only, so no reroll above imports it.
for seed in range(first, first + count):
    try:
        answer = answer_op("dice", json.dumps({"dice": "2d6 + 3"}), seed)
    except ImportError as error:
        MISSING.append(f"dice in the prose, seed {seed}: {error!r}")
        continue
    DIGESTS[f"dice:{seed}"] = hashlib.sha256(answer.encode()).hexdigest()
`);
try {
  pyodide.runPython(`reroll_page('{"target": 1, "cards": []}')`);
} catch {
  // expected: the error crossed into JavaScript, as a page script's failure would
}
if (checking) {
  const missing = pyodide.runPython(`"\\n".join(MISSING)`);
  fs.writeFileSync(outFile, pyodide.runPython("json.dumps(DIGESTS, sort_keys=True)"));
  if (missing) {
    console.error(`a reroll imports what the standard library ${stdlib} lacks:\n${missing}`);
    process.exit(1);
  }
} else {
  fs.writeFileSync(outFile, pyodide.runPython(`
root = next(p for p in sys.path if p.endswith(".zip")) + "/"
found = set()
for module in list(sys.modules.values()):
    spec = getattr(module, "__spec__", None)
    origin = getattr(spec, "origin", None) or getattr(module, "__file__", None) or ""
    if origin.startswith(root):
        found.add(origin[len(root):])
"\\n".join(sorted(found)) + "\\n"
`));
}
