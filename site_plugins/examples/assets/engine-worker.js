// The rules engine's module Web Worker: starts Pyodide from this site's own folder and answers
// reroll requests by calling Python (site_plugins.examples.cards.reroll). No rule logic lives here.
// Its load's progress reports are engine-progress.js's; counting its fetches, engine-fetch.js's.
//
// Messages in:  {id, op: "load", names?}  |  {id, op, request} for each op Python answers
//               (site_plugins.examples.cards.reroll.answer: "reroll", "replay", "roll", "dice")
//               {id, op: "shown"}: the page shows the answer ``id``; its odds may follow
//               {op: "keep"}: download the start-up snapshot for the next visit, now
// Messages out: {type: "manifest", serviceWorker}: the manifest is read (does the site ship
//               its service worker? the page registers it then: cards.js)
//               {type: "progress", stage, fraction, silenceMs, ifSilent} (engine-progress.js)
//               {type: "ready", via, timeLimitMs, ms, timeline, keep}
//               (timeline: engine-progress.js; keep: {bytes} of a snapshot to keep, or null)
//               {type: "kept", ok, error?}: the snapshot is kept, or why not
//               {id, ok: true, result, more}  |  {id, ok: false, error, fatal}
//
// Every start loads the engine's core wheel; a game system's wheel (and icepool, which the
// odds need) loads once a request names the module that needs it (the manifest's "needs"),
// before Python answers it. The odds come after a first result: an answer drawn before icepool
// is here says "oddsPending" and goes out with more: true; once the page has shown it
// ({id, op: "shown"}), icepool is fetched, and the same request, with the same seed, is
// answered again: that answer (the same dice, with their odds) follows under the same id.
//
// After a plain start the snapshot is never fetched by itself: the page asks for it ({op:
// "keep"}) where the reader's device and link make that welcome, or where the reader chose it
// (engine-keep.js).

import {
  downloadFailures, fetchBytes, fetchWheel, importCounted, prefetch, readManifest, watchFetches,
} from "./engine-fetch.js";
import { addToPlan, finish, plan, step, timed, useManifest } from "./engine-progress.js";

const runtime = new URL("pyodide/", import.meta.url);
let engine = null; // a promise of {pyodide, answer, manifest, keepSnapshot, folder, wheels}
let refuse = null; // fails the Python start under way (WebAssembly refused the runtime)
let located = null; // a promise of {manifest, folder}, once the start has read the manifest
const fetches = new Map(); // wheel → the promise of its bytes, fetched once (while it starts too)

// Pyodide only warns when WebAssembly refuses its runtime (a Content-Security-Policy without
// 'wasm-unsafe-eval', a damaged file) and then waits forever: the start fails at once instead.
// Each compile is timed for the timeline ("compile", from the call to the module instantiated).
function watchCompiles() {
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const original = WebAssembly[name];
    if (typeof original !== "function" || original.watched) continue;
    WebAssembly[name] = Object.assign((...args) => {
      const compiled = timed("compile");
      return original.apply(WebAssembly, args).then((result) => {
        compiled();
        return result;
      }, (error) => {
        refuse?.(error);
        throw error;
      });
    }, { watched: true });
  }
}

// loadPyodide(options), failing as soon as WebAssembly refuses the runtime.
// A runtime file that could not be downloaded is said as such, naming the file; a runtime
// that arrived and was refused is the browser's refusal (a policy, a damaged file).
function startPyodide(loadPyodide, options, since) {
  const missed = () => downloadFailures().slice(since).at(-1);
  const refused = new Promise((resolve, reject) => {
    refuse = (error) => reject(new Error(missed() ?? "this browser refused to run the engine's "
      + `Python runtime (pyodide.asm.wasm): ${String(error?.message ?? error).replace(/\.$/, "")}`));
  });
  const started = loadPyodide(options).catch((error) => {
    // Pyodide ends in "Program terminated with exit(1)" when a file it fetched never came.
    throw missed() ? new Error(missed()) : error;
  });
  return Promise.race([started, refused]);
}

// While the engine starts, a rejection nobody awaits inside Pyodide (after a download that
// failed) is not a page error: the start fails in words of its own (startPyodide).
self.addEventListener("unhandledrejection", (event) => {
  if (refuse && downloadFailures().length) {
    event.preventDefault();
    console.warn(`rules-examples: ${String(event.reason?.message ?? event.reason)}`);
  }
});

// Whether a previous visit left ``url`` in the service worker's cache.
async function isCached(url) {
  try {
    return Boolean(await caches.match(url.href) ?? await caches.match(`${url.href}.gz`));
  } catch {
    return false; // no Cache Storage here (an insecure origin, a private window)
  }
}

// The wheels of the manifest's "needs" that ``text`` names (a module such as rules_core.kruhl,
// written in an example's code or setup, or the system a roller rolls).
function wheelsNamed(manifest, text) {
  const named = Object.entries(manifest.needs ?? {}).filter(([module]) => text.includes(module)
    && new RegExp(`(^|[^\\w.])${module.replaceAll(".", "\\.")}(?!\\w)`).test(text));
  return [...new Set(named.map(([, wheel]) => wheel))];
}

// What a message names: the texts of its request (a roller's system is its package), and what
// a "load" sends (engine-client.js, warm: the hovered card's data, or a roller's package).
function namedIn(message) {
  const { request, names = [] } = message;
  const page = names.map((name) => { try { return JSON.parse(name); } catch { return name; } });
  return textsOf([request, page]).join("\n");
}

// Every string in a request (the code and setup of its cards), as written.
function textsOf(value) {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(textsOf);
  return [];
}

// The bytes of a wheel, fetched once.
function fetchOnce(manifest, folder, name) {
  if (!fetches.has(name)) {
    const bytes = fetchWheel(folder, name, manifest);
    bytes.catch(() => fetches.delete(name)); // a later request tries again
    fetches.set(name, bytes);
  }
  return fetches.get(name);
}

// Start fetching what ``message`` names as soon as the manifest is read, while the engine
// starts too (the bar counts them: engine-progress.js).
async function fetchNamed(message) {
  if (!located) return;
  const { manifest, folder } = await located;
  const names = wheelsNamed(manifest, namedIn(message)).filter((name) => !fetches.has(name));
  addToPlan(names);
  for (const name of names) fetchOnce(manifest, folder, name).catch(() => {});
}

async function start(first) {
  const began = performance.now();
  const since = downloadFailures().length; // failures of this attempt only
  if (typeof WebAssembly !== "object") throw new Error("this browser has no WebAssembly");
  step("runtime", "starting the engine");
  const reading = readManifest(runtime);
  located = reading.then((manifest) => ({ manifest, folder: new URL(manifest.dir, runtime) }));
  located.catch(() => { located = null; });
  const manifest = await reading;
  useManifest(manifest);
  postMessage({ type: "manifest", serviceWorker: Boolean(manifest.serviceWorker) });
  const folder = new URL(manifest.dir, runtime); // the engine's content-named folder
  watchFetches(folder, manifest);
  watchCompiles();
  const snapshotURL = manifest.snapshot ? new URL(manifest.snapshot, folder) : null;
  const fromSnapshot = Boolean(snapshotURL)
    && (manifest.snapshotFirstVisit || await isCached(snapshotURL));
  const core = manifest.core ?? manifest.wheels;
  const needed = [...core, ...wheelsNamed(manifest, namedIn(first))];
  plan([...manifest.files, manifest.lock, ...(fromSnapshot ? [manifest.snapshot] : needed)]);
  // Every download starts now, Pyodide's own included: on a first visit the link, not the
  // CPU, is what the reader waits for, so it must never sit idle while a script loads.
  const scripts = manifest.files.filter((name) => name.endsWith(".js"));
  const fetched = manifest.files.filter((name) => !scripts.includes(name));
  const downloads = prefetch(folder, [...fetched, manifest.lock]);
  const snapshot = fromSnapshot ? fetchBytes(snapshotURL, manifest.sizes[manifest.snapshot]) : null;
  snapshot?.then(timed("snapshot read"), () => {}); // a failure is handled below, where
  // loadPyodide awaits it: no stray error. The timeline shows when its bytes were all read.
  const wheels = fromSnapshot ? [] : needed.map((name) => fetchOnce(manifest, folder, name));
  wheels.forEach((wheel) => wheel.catch(() => {})); // awaited below, where a failure counts
  const [modules] = await Promise.all([
    Promise.all(scripts.map((name) => importCounted(folder, name))),
    downloads,
  ]);
  const { loadPyodide } = modules[scripts.indexOf(manifest.module)];
  const options = {
    indexURL: folder.href,
    lockFileURL: new URL(manifest.lock, folder).href,
    stdLibURL: new URL(manifest.stdlib, folder).href,
  };
  let pyodide = null;
  let via = "plain start";
  if (fromSnapshot) {
    try {
      step("snapshot", "restoring the engine's start-up snapshot");
      pyodide = await startPyodide(loadPyodide, { ...options, _loadSnapshot: snapshot }, since);
      pyodide.runPython("import site_plugins.examples.cards.reroll");
      via = "snapshot"; // every wheel's modules are imported already
    } catch (error) {
      console.warn(`rules-examples: snapshot restore failed (${error}); starting Pyodide plainly`);
      pyodide = null;
    }
  }
  if (!pyodide) {
    step("python", "starting Python");
    pyodide = await startPyodide(loadPyodide, options, since);
    step("engine", "installing the rules engine", 0.95);
    const data = await Promise.all(fromSnapshot // a restore that failed: fetch them now
      ? needed.map((name) => fetchOnce(manifest, folder, name)) : wheels);
    putOnPath(pyodide, needed.map((name, index) => [name, data[index]]));
  }
  const onPath = new Map((via === "snapshot" ? manifest.wheels : needed)
    .map((name) => [name, Promise.resolve()]));
  const answer = pyodide.pyimport("site_plugins.examples.cards.reroll").answer;
  const ms = Math.round(performance.now() - began);
  const timeline = finish();
  refuse = null;
  // After a plain start, the snapshot a later start could restore (kept in the engine's cache,
  // which the manifest names where the site ships its service worker), if the page asks.
  const keepSnapshot = via === "plain start" && snapshotURL && manifest.cache ? snapshotURL : null;
  const keep = keepSnapshot ? { bytes: snapshotBytes(manifest) } : null;
  postMessage({ type: "ready", via, timeLimitMs: manifest.timeLimitMs, ms, timeline, keep });
  return { pyodide, answer, manifest, keepSnapshot, folder, wheels: onPath };
}

// The wheels ``names`` on sys.path, each fetched once (a failure lets a later request retry).
function loadWheels(loaded, names) {
  return Promise.all(names.map((name) => {
    if (!loaded.wheels.has(name)) {
      const put = fetchOnce(loaded.manifest, loaded.folder, name)
        .then((bytes) => putOnPath(loaded.pyodide, [[name, bytes]]))
        .catch((error) => {
          loaded.wheels.delete(name);
          throw new Error(`${name} could not be loaded (${error?.message ?? error})`);
        });
      loaded.wheels.set(name, put);
    }
    return loaded.wheels.get(name);
  }));
}

// Python's answer to ``op``, parsed, with the times the benchmarks read.
function answerOf(loaded, op, request, seed, received) {
  const began = performance.now();
  const result = JSON.parse(loaded.answer(op, JSON.stringify(request), seed));
  result.pythonMs = Math.round((performance.now() - began) * 10) / 10;
  result.received = received;
  result.replied = performance.timeOrigin + performance.now();
  return result;
}

// The engine's wheels on sys.path as they are: Python imports their compiled modules from the
// zips (zipimport), with no install step, and a system's wheel joins rules_core's own path
// (site_plugins.examples.cards.wheel_path). The build traces and snapshots the engine the
// same way (node/trace_stdlib.mjs, node/make_snapshot.mjs).
function putOnPath(pyodide, wheels) {
  pyodide.FS.mkdirTree("/lib/rules-examples");
  const sys = pyodide.pyimport("sys");
  try {
    for (const [name, bytes] of [...wheels].reverse()) {
      pyodide.FS.writeFile(`/lib/rules-examples/${name}`, bytes);
      sys.path.insert(0, `/lib/rules-examples/${name}`);
    }
  } finally {
    sys.destroy();
  }
  pyodide.runPython("from site_plugins.examples.cards.wheel_path import join_systems; join_systems()");
}

// What downloading the snapshot costs: its compressed copy, the one fetched (engine-fetch.js),
// where the build wrote one and this browser can unpack it.
function snapshotBytes(manifest) {
  const packed = typeof DecompressionStream === "function"
    && (manifest.packed ?? []).includes(manifest.snapshot);
  return (packed && manifest.packedSizes?.[manifest.snapshot]) || manifest.sizes[manifest.snapshot];
}

// Download the snapshot into the engine's cache (engine-fetch.js keeps it there unpacked), at a
// low priority: the page asked for it ({op: "keep"}), once the reader's result is out.
async function keepSnapshot() {
  const loaded = await engine?.catch(() => null);
  const url = loaded?.keepSnapshot;
  if (!url) {
    postMessage({ type: "kept", ok: false, error: "there is no snapshot to keep" });
    return;
  }
  loaded.keepSnapshot = null;
  try {
    const response = await fetch(url, { priority: "low" });
    if (!response.ok) throw new Error(`${url.pathname} answered HTTP ${response.status}`);
    await response.arrayBuffer();
    postMessage({ type: "kept", ok: true });
  } catch (error) {
    loaded.keepSnapshot = url; // asked again, it is tried again
    postMessage({ type: "kept", ok: false, error: String(error?.message ?? error) });
  }
}

// Answers waiting for the page to show them before their odds are fetched: id → resolve.
const showing = new Map();
// How long an answer waits for the page to say it is shown before its odds are fetched anyway.
const SHOWN_WAIT_MS = 2000;

// Resolves once the page says the answer ``id`` is on screen ({id, op: "shown"}), or after
// SHOWN_WAIT_MS: the odds' download never holds back the first result, nor waits forever.
function shown(id) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, SHOWN_WAIT_MS);
    showing.set(id, () => {
      clearTimeout(timer);
      resolve();
    });
  }).finally(() => showing.delete(id));
}

self.onmessage = async (event) => {
  const received = performance.timeOrigin + performance.now();
  const { id, op, request } = event.data;
  if (op === "shown") {
    showing.get(id)?.();
    return;
  }
  if (op === "keep") {
    keepSnapshot();
    return;
  }
  let loaded;
  try {
    // The start under way fetches the first message's wheels; a later message's start now
    // (a start that fails says why itself, below).
    if (engine) fetchNamed(event.data).catch(() => {});
    engine ??= start(event.data);
    loaded = await engine;
    await loadWheels(loaded, wheelsNamed(loaded.manifest, namedIn(event.data)));
  } catch (error) {
    engine = null; // the next request tries again
    postMessage({ id, ok: false, fatal: true, error: String(error?.message ?? error) });
    return;
  }
  try {
    if (op === "load") {
      postMessage({ id, ok: true, result: null });
    } else if (typeof op === "string" && op !== "load") {
      const seed = crypto.getRandomValues(new Uint32Array(1))[0]; // the same dice, asked again
      const result = answerOf(loaded, op, request, seed, received);
      const odds = result.oddsPending ? loaded.manifest.needs?.["rules_core.odds"] : null;
      const onScreen = odds ? shown(id) : null;
      postMessage({ id, ok: true, result, more: Boolean(odds) });
      if (odds) {
        await onScreen;
        await loadWheels(loaded, [odds]);
        postMessage({ id, ok: true, result: answerOf(loaded, op, request, seed, received) });
      }
    } else {
      throw new Error(`unknown operation ${op}`);
    }
  } catch (error) {
    postMessage({ id, ok: false, fatal: false, error: String(error?.message ?? error) });
  }
};
