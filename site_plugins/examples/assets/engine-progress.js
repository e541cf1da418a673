// The engine load's progress, for the engine's worker (engine-worker.js): what is under way,
// how much of it has arrived, and what the reader is told if it stops. No rule logic lives here.
//
// While the engine loads, every chunk of every engine file that arrives (Pyodide's own fetches
// included) is reported, at most every REPORT_EVERY_MS. Each report tells the page how long to
// wait for the next one (silenceMs) and what to tell the reader if none comes (ifSilent): the
// page's watchdog (engine-client.js) acts on that silence, never on how long the whole load
// takes, so a slow link that keeps delivering always gets there.
//
// Messages out: {type: "progress", stage, fraction, silenceMs, ifSilent}

// How long a file under way may send nothing before the load is stopped (a manifest's
// stallLimitMs replaces it). A download that is only slow never goes that long without a byte:
// even at 56 kbit/s a full TCP segment comes every fifth of a second. 30 s rides out what a
// moving reader's link does (a cell handover, a tunnel, lost packets whose retransmission
// timeouts double from 1 s: 1 + 2 + 4 + 8 = 15 s of silence), and a reader whose download
// has really stopped hears so within half a minute instead of never.
const STALL_LIMIT_MS = 30_000;
// How long a step that cannot report progress may take: compiling what is left of the runtime
// once its last byte is in, starting Python, installing the engine from files already here,
// restoring a snapshot. Measured ≈ 3 s on a 2-core machine and ≈ 8 s with its CPU held to a
// quarter (README, "Deployed"): 60 s leaves a slow phone seven times that, and a step that hangs
// still ends.
const STEP_LIMIT_MS = 60_000;
const REPORT_EVERY_MS = 250; // often enough for a smooth bar, rare enough to cost nothing
const DOWNLOAD_SHARE = 0.9; // of the progress bar; the steps after the downloads get the rest
const LIST = new Intl.ListFormat("en", { type: "conjunction" });

const loading = {
  stallLimitMs: STALL_LIMIT_MS,
  step: { stage: "runtime", what: "starting the engine", floor: 0 },
  sizes: {}, // file → decoded size, from the manifest
  planned: [], // the files this start downloads, for the bar
  arrived: new Map(), // file → bytes so far
  underway: new Set(), // files still arriving (or loading): {name, received, stuck}
  reported: 0, // when the last report went out (performance.now())
  timer: 0, // a report waiting for REPORT_EVERY_MS to pass
  over: false, // the engine is ready: nothing more to report
  timeline: {}, // file or step → [start, end] in ms since the worker began, for benchmarks
};

// ---- what the start tells this module ------------------------------------------------------

// The manifest is read: its stall limit and the decoded size of every file.
export function useManifest(manifest) {
  loading.stallLimitMs = manifest.stallLimitMs || STALL_LIMIT_MS;
  loading.sizes = manifest.sizes;
}

// The files this start downloads, whose bytes make the bar.
export function plan(files) {
  loading.planned = files;
}

// Files a request named while the engine starts (a system's wheel): they are still to come
// too, so the bar counts them (until the engine is ready; later ones are the request's own).
export function addToPlan(files) {
  if (loading.over) return;
  loading.planned = [...new Set([...loading.planned, ...files])];
  report();
}

// How long a file under way may send nothing before the load is stopped.
export function stallLimitMs() {
  return loading.stallLimitMs;
}

// A step of the start begins; when no file is under way, it is what the reader is told about.
export function step(stage, what, floor = 0) {
  loading.timeline[stage] = [Math.round(performance.now())];
  loading.step = { stage, what, floor };
  report();
}

// A file starts to arrive (or to load, with ``stuck`` saying how it fails): count its bytes
// with add() until end().
export function arriving(name, stuck = "") {
  const file = { name, received: 0, stuck };
  if (loading.over) return { add() {}, end() {} }; // the snapshot kept after a plain start
  const times = [Math.round(performance.now())];
  loading.timeline[name] = times;
  loading.underway.add(file);
  report();
  return {
    add(bytes) {
      file.received += bytes;
      loading.arrived.set(name, Math.max(loading.arrived.get(name) ?? 0, file.received));
      reportSoon();
    },
    end() {
      if (times.length === 1) times.push(Math.round(performance.now()));
      if (loading.underway.delete(file)) report();
    },
  };
}

// A step that reports no progress of its own began (WebAssembly compiling a module): returns
// what to call when it ends. Only the timeline shows it, for the benchmarks.
export function timed(name) {
  const times = [Math.round(performance.now())];
  let label = name;
  for (let n = 2; label in loading.timeline; n += 1) label = `${name} ${n}`;
  if (!loading.over) loading.timeline[label] = times;
  return () => {
    if (times.length === 1) times.push(Math.round(performance.now()));
  };
}

// The engine is ready: nothing more is reported. Returns when each file and step began (and
// each file ended), in ms since the worker began: the benchmarks read it.
export function finish() {
  loading.over = true;
  clearTimeout(loading.timer);
  return { ...loading.timeline, ready: [Math.round(performance.now())], origin: performance.timeOrigin };
}

// ---- the reports ---------------------------------------------------------------------------

function report() {
  clearTimeout(loading.timer);
  loading.timer = 0;
  if (loading.over) return;
  loading.reported = performance.now();
  const files = [...loading.underway];
  const silenceMs = files.length ? loading.stallLimitMs : STEP_LIMIT_MS;
  const seconds = Math.round(silenceMs / 100) / 10;
  const ifSilent = files.length
    ? `${stopped(files)}, and nothing more came for ${seconds}\u00a0seconds (check your connection)`
    : `${loading.step.what} did not finish within ${seconds}\u00a0seconds`;
  const stage = files.length ? "download" : loading.step.stage;
  postMessage({ type: "progress", stage, fraction: fraction(), silenceMs, ifSilent });
}

// Report now if the last report is old enough, else as soon as it is.
function reportSoon() {
  if (loading.timer || loading.over) return;
  const wait = loading.reported + REPORT_EVERY_MS - performance.now();
  if (wait <= 0) report();
  else loading.timer = setTimeout(report, wait);
}

function fraction() {
  let total = 0;
  let arrived = 0;
  for (const name of loading.planned) {
    const size = loading.sizes[name] ?? 0;
    total += size;
    arrived += Math.min(loading.arrived.get(name) ?? 0, size);
  }
  return Math.max(total ? DOWNLOAD_SHARE * (arrived / total) : 0, loading.step.floor);
}

// What a reader is told about files that stopped: "the engine's Python runtime
// (pyodide.asm.wasm) stopped downloading at 41 %".
function stopped(files) {
  const received = new Map(); // file → bytes, once per file (the most, if fetched twice)
  const stuck = new Map();
  for (const file of files) {
    received.set(file.name, Math.max(received.get(file.name) ?? 0, file.received));
    if (file.stuck) stuck.set(file.name, file.stuck);
  }
  const byHow = new Map(); // how it stopped → the files that stopped so
  for (const [name, bytes] of received) {
    const size = loading.sizes[name];
    const how = bytes ? (size ? `stopped downloading at ${Math.floor((100 * bytes) / size)}\u00a0%`
      : `stopped downloading after ${Math.round(bytes / 1000)}\u00a0kB`)
      : stuck.get(name) ?? "never started arriving";
    byHow.set(how, [...byHow.get(how) ?? [], `${whatIs(name)} (${name})`]);
  }
  return LIST.format([...byHow].map(([how, names]) => `${LIST.format(names)} ${how}`));
}

// An engine file in words a reader understands.
function whatIs(name) {
  if (name.endsWith(".wasm")) return "the engine's Python runtime";
  if (name.endsWith(".js")) return "part of the engine's Python runtime";
  if (name.endsWith(".zip")) return "the engine's Python standard library";
  if (name.endsWith(".whl")) return "a package of the rules engine";
  if (name.endsWith(".bin")) return "the engine's start-up snapshot";
  if (name === "manifest.json") return "the engine's list of files";
  if (name.endsWith(".json")) return "the engine's list of packages";
  return "a file of the engine";
}
