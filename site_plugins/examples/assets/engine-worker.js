// The rules engine's module Web Worker: starts Pyodide from this site's own folder and answers
// reroll requests by calling Python (site_plugins.examples.cards.reroll). No rule logic lives here.
// Its load's progress reports are engine-progress.js's; counting its fetches, engine-fetch.js's.
//
// Messages in:  {id, op: "load"}  |  {id, op, request} for each op Python answers
//               (site_plugins.examples.cards.reroll.answer: "reroll", "replay", "roll")
// Messages out: {type: "progress", stage, fraction, silenceMs, ifSilent} (engine-progress.js)
//               {type: "ready", via, timeLimitMs, ms, timeline} (timeline: engine-progress.js)
//               {id, ok: true, result}  |  {id, ok: false, error, fatal}

import {
  downloadFailures, fetchBytes, fetchWheel, importCounted, prefetch, readManifest, watchFetches,
} from "./engine-fetch.js";
import { finish, plan, step, timed, useManifest } from "./engine-progress.js";

const runtime = new URL("pyodide/", import.meta.url);
let engine = null; // a promise of {pyodide, answer, manifest, keepSnapshot}
let refuse = null; // fails the Python start under way (WebAssembly refused the runtime)

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

// Whether the link is one where a few more megabytes in the background are welcome.
function roomy() {
  const connection = self.navigator.connection;
  return !connection || (!connection.saveData && !/(^|-)(2g|3g)$/.test(connection.effectiveType ?? ""));
}

async function start() {
  const began = performance.now();
  const since = downloadFailures().length; // failures of this attempt only
  if (typeof WebAssembly !== "object") throw new Error("this browser has no WebAssembly");
  step("runtime", "starting the engine");
  const manifest = await readManifest(runtime);
  useManifest(manifest);
  const folder = new URL(manifest.dir, runtime); // the engine's content-named folder
  watchFetches(folder, manifest);
  watchCompiles();
  const snapshotURL = manifest.snapshot ? new URL(manifest.snapshot, folder) : null;
  const fromSnapshot = Boolean(snapshotURL)
    && (manifest.snapshotFirstVisit || await isCached(snapshotURL));
  plan([...manifest.files, manifest.lock, ...(fromSnapshot ? [manifest.snapshot] : manifest.wheels)]);
  // Every download starts now, Pyodide's own included: on a first visit the link, not the
  // CPU, is what the reader waits for, so it must never sit idle while a script loads.
  const scripts = manifest.files.filter((name) => name.endsWith(".js"));
  const fetched = manifest.files.filter((name) => !scripts.includes(name));
  const downloads = prefetch(folder, [...fetched, manifest.lock]);
  const snapshot = fromSnapshot ? fetchBytes(snapshotURL, manifest.sizes[manifest.snapshot]) : null;
  snapshot?.then(timed("snapshot read"), () => {}); // a failure is handled below, where
  // loadPyodide awaits it: no stray error. The timeline shows when its bytes were all read.
  const wheels = fromSnapshot ? [] : manifest.wheels.map((name) => fetchWheel(folder, name, manifest));
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
      via = "snapshot";
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
      ? manifest.wheels.map((name) => fetchWheel(folder, name, manifest)) : wheels);
    putOnPath(pyodide, manifest.wheels.map((name, index) => [name, data[index]]));
  }
  const answer = pyodide.pyimport("site_plugins.examples.cards.reroll").answer;
  const ms = Math.round(performance.now() - began);
  const timeline = finish();
  refuse = null;
  postMessage({ type: "ready", via, timeLimitMs: manifest.timeLimitMs, ms, timeline });
  // After a plain start, the snapshot is kept for the next one (the service worker caches it)
  // once this visit's first result is out, and only where the link has room for it.
  const keepSnapshot = via === "plain start" && snapshotURL && roomy() ? snapshotURL : null;
  return { pyodide, answer, manifest, keepSnapshot };
}

// The engine's wheels on sys.path as they are: Python imports their compiled modules from the
// zips (zipimport), with no install step. The build traces and snapshots the engine the same
// way (node/trace_stdlib.mjs, node/make_snapshot.mjs).
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
}

function keepSnapshotOnce(loaded) {
  if (!loaded.keepSnapshot) return;
  const url = loaded.keepSnapshot;
  loaded.keepSnapshot = null;
  setTimeout(() => fetch(url, { priority: "low" }).then((r) => r.arrayBuffer()).catch(() => {}), 500);
}

self.onmessage = async (event) => {
  const received = performance.timeOrigin + performance.now();
  const { id, op, request } = event.data;
  let loaded;
  try {
    engine ??= start();
    loaded = await engine;
  } catch (error) {
    engine = null; // the next request tries again
    postMessage({ id, ok: false, fatal: true, error: String(error?.message ?? error) });
    return;
  }
  try {
    if (op === "load") {
      postMessage({ id, ok: true, result: null });
    } else if (typeof op === "string" && op !== "load") {
      const began = performance.now();
      const result = JSON.parse(loaded.answer(op, JSON.stringify(request)));
      result.pythonMs = Math.round((performance.now() - began) * 10) / 10;
      result.received = received;
      result.replied = performance.timeOrigin + performance.now();
      postMessage({ id, ok: true, result });
      keepSnapshotOnce(loaded);
    } else {
      throw new Error(`unknown operation ${op}`);
    }
  } catch (error) {
    postMessage({ id, ok: false, fatal: false, error: String(error?.message ?? error) });
  }
};
