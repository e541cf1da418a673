// The engine client: one module worker (engine-worker.js) running the rules engine in Pyodide
// for the whole visit (it survives Material's instant navigation), the calls to it, and the
// watchdogs that stop a load that has stalled and a call running past its limit. No rule logic
// and no cards: anything on the page can call the engine through call(); cards.js is one such
// caller.
//
//   call(op, request, names) → Promise (see call)   state() → "idle" | "loading" | "ready" | "failed"
//   warm(names)        start loading without waiting      onState(listener) → unsubscribe
//   warmOnIntent(control, names)  warm once a mouse rests on the control or the keyboard's
//                      focus is on it; never a pointer passing by, a touch or a thrifty link
//   onManifest(listener) → unsubscribe: what the engine's manifest says of the site, once read
//   snapshotToKeep() → {bytes} | null: the start-up snapshot a later visit could restore
//   keepSnapshot() → Promise: download it into the engine's cache now (engine-keep.js asks)
//
// Loading has no total time limit: a slow link that keeps delivering gets all the time it
// needs. The load watchdog acts on silence instead. The worker reports progress on every chunk
// of every file it downloads, and each report re-arms the watchdog with the limit and the
// words the worker sends along: the stall limit and what stopped arriving while files are
// under way, a longer bound and the step's name while a step that reports nothing runs
// (starting Python). See engine-progress.js (the worker's progress) for the limits and why.

// Until the worker's first report (its own script still loading): as long as a download may
// go without a byte (engine-progress.js's STALL_LIMIT_MS).
const FIRST_REPORT_LIMIT_MS = 30_000;
let runLimitMs = 10_000; // replaced by the site's own limit once the engine is ready

// ---- the engine: one worker for the whole visit (it survives instant navigation) ----------

const engine = {
  worker: null,
  state: "idle", // idle | loading | ready | failed
  pending: new Map(),
  nextId: 1,
  listeners: new Set(),
  manifestListeners: new Set(),
  failure: "",
  loadTimer: 0, // the load watchdog, re-armed by every progress report
  keep: null, // the snapshot this start could keep for a later visit ({bytes}), from "ready"
  keeping: null, // {resolve, reject} while the worker keeps it
};

function setEngineState(state, detail = {}) {
  engine.state = state;
  document.documentElement.dataset.rxEngine = state;
  for (const listener of engine.listeners) listener(state, detail);
}

function spawn() {
  if (engine.worker) return engine.worker;
  if (typeof Worker === "undefined" || typeof WebAssembly !== "object") {
    throw new Error("this browser cannot run the engine (no Web Workers or WebAssembly)");
  }
  const url = new URL("engine-worker.js", import.meta.url);
  const worker = new Worker(url, { type: "module" });
  worker.onmessage = (event) => {
    const message = event.data;
    if (message.type === "manifest") {
      for (const listener of engine.manifestListeners) listener(message);
    } else if (message.type === "progress") {
      if (engine.state !== "loading") return;
      watchLoad(message.silenceMs || FIRST_REPORT_LIMIT_MS,
        message.ifSilent || "the engine stopped reporting its progress");
      setEngineState("loading", message);
    } else if (message.type === "ready") {
      clearTimeout(engine.loadTimer);
      runLimitMs = message.timeLimitMs || runLimitMs;
      for (const pending of engine.pending.values()) pending.arm(runLimitMs); // runs start now
      performance.mark("rx-engine-ready", {
        detail: { via: message.via, ms: message.ms, timeline: message.timeline } });
      document.documentElement.dataset.rxEngineVia = message.via;
      engine.keep = message.keep ?? null;
      setEngineState("ready", message);
    } else if (message.type === "kept") {
      const keeping = engine.keeping;
      engine.keeping = null;
      if (message.ok) keeping?.resolve();
      else keeping?.reject(new Error(message.error));
    } else {
      const call = engine.pending.get(message.id);
      if (!call) return;
      if (!message.ok && message.fatal) {
        stop(message.error, true); // the engine could not load: this worker is done
        return;
      }
      clearTimeout(call.timer);
      if (message.ok && message.more) { // the odds follow under the same id
        const follow = {};
        message.result.complete = new Promise((resolve, reject) => Object.assign(follow, { resolve, reject }));
        message.result.complete.catch(() => {}); // a caller that does not wait for the odds
        call.resolve(message.result);
        Object.assign(call, follow);
        // The odds' download waits until the first result is on screen: the caller draws it
        // as this promise resolves, and the frame after that is painted.
        const worker = engine.worker;
        requestAnimationFrame(() => setTimeout(() => worker?.postMessage({ id: message.id, op: "shown" })));
        return;
      }
      engine.pending.delete(message.id);
      if (message.ok) call.resolve(message.result);
      else call.reject(Object.assign(new Error(message.error), { fatal: message.fatal }));
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    notStarted(event, url).then((why) => {
      if (engine.worker === worker) stop(`the engine could not start (${why})`, true);
    });
  };
  engine.worker = worker;
  setEngineState("loading", { stage: "runtime", fraction: 0 });
  watchLoad(FIRST_REPORT_LIMIT_MS, `the engine's script (engine-worker.js) did not start within ${
    seconds(FIRST_REPORT_LIMIT_MS)} s`);
  return worker;
}

// Why the worker's script did not start, in words. The browser says nothing when a host sends
// it with a type that a module refuses (application/octet-stream, for one): that is asked of
// the host here, so the reader (and the site's author) can be told.
async function notStarted(event, url) {
  if (event.message) return event.message;
  try {
    const response = await fetch(url, { cache: "no-store" });
    const type = response.headers.get("Content-Type") || "no type";
    if (!response.ok) return `${url.pathname} answered HTTP ${response.status}`;
    if (!/javascript|ecmascript/i.test(type)) {
      return `the host sends ${url.pathname} as ${type}, which browsers refuse for a module: `
        + "it must serve .js files as text/javascript";
    }
  } catch {
    // no answer at all: the words below
  }
  return "its script failed to load";
}

// The load watchdog: stop the worker unless it reports again within limitMs. ifSilent says
// what the reader is told then (the worker's words: what stopped downloading, or which step did
// not finish, and for how long).
function watchLoad(limitMs, ifSilent) {
  clearTimeout(engine.loadTimer);
  engine.loadTimer = setTimeout(() => {
    stop(`${ifSilent}. Press Reroll to try again`, true);
  }, limitMs);
}

function seconds(ms) {
  return Math.round(ms / 100) / 10;
}

// Terminate the worker and fail everything waiting on it; the next request starts a new one.
function stop(reason, fatal) {
  clearTimeout(engine.loadTimer);
  if (engine.worker) engine.worker.terminate();
  engine.worker = null;
  for (const call of engine.pending.values()) {
    clearTimeout(call.timer);
    call.reject(Object.assign(new Error(reason), { fatal }));
  }
  engine.pending.clear();
  engine.keeping?.reject(new Error(reason));
  engine.keeping = null;
  engine.keep = null;
  engine.failure = fatal ? reason : "";
  setEngineState(fatal ? "failed" : "idle");
}

// Ask the engine; resolves with its answer. An answer drawn before the odds were loaded has
// ``complete``: a promise of the same answer with its odds (engine-worker.js).
export function call(op, request, names = []) {
  let worker;
  try {
    worker = spawn();
  } catch (error) {
    setEngineState("failed");
    return Promise.reject(Object.assign(error, { fatal: true }));
  }
  const id = engine.nextId++;
  return new Promise((resolve, reject) => {
    const pending = { resolve, reject, timer: 0 };
    // The run watchdog: terminate the worker if it is still busy after the limit. It starts
    // once the engine is ready; until then the load watchdog keeps the call from waiting on
    // a load that has stalled.
    pending.arm = (limit) => {
      clearTimeout(pending.timer);
      pending.timer = setTimeout(() => {
        stop(`the engine ran for more than ${seconds(limit)} s, so it was stopped; press Reroll to restart it`,
          false);
      }, limit);
    };
    if (engine.state === "ready") pending.arm(runLimitMs);
    engine.pending.set(id, pending);
    worker.postMessage({ id, op, request, names });
  });
}

// Start loading without waiting for it (a reader showed interest): the engine, and the
// wheels of the systems ``names`` use (a card's data, its code and setup; a roller's
// "rules_core.<system>"), which the caller reads from its own element.
export function warm(names = []) {
  if (engine.state === "idle") call("load", null, names).catch(() => {});
}

// A link the reader pays for, or a slow one: the browser says so (Save-Data, or a 2G/3G
// connection). There, nothing is fetched before a press.
export function thrifty() {
  const link = navigator.connection;
  return Boolean(link?.saveData) || /(^|slow-)2g$|^3g$/.test(link?.effectiveType ?? "");
}

// How long a mouse must rest on a control before the engine warms. A pointer on its way across
// a card to somewhere else spends 20–80 ms over a 44 px button; a reader about to press it
// rests there a quarter of a second or more (the click comes 0.3–0.6 s after), so warming still
// starts well before the press.
export const REST_MS = 150;

// Warm on a sign of intent only: a mouse that rests on ``control`` (REST_MS), or the
// keyboard's focus on it or on a field of ``fields`` (a roller's form). Never a pointer
// passing over, never a touch (a reader on a phone who taps text or scrolls asks for nothing:
// the press itself loads the engine), and never on a thrifty link. ``names``: a function
// giving what the request will name (a card's data), read when warming starts.
export function warmOnIntent(control, names, fields = control) {
  let resting = 0;
  const warmNow = () => thrifty() || warm(names());
  control.addEventListener("pointerenter", (event) => {
    if (event.pointerType !== "mouse" || engine.state !== "idle") return;
    clearTimeout(resting);
    resting = setTimeout(warmNow, REST_MS);
  });
  control.addEventListener("pointerleave", () => clearTimeout(resting));
  fields.addEventListener("focusin", (event) => {
    if (event.target.closest?.("button, input, select")) warmNow();
  });
}

// The engine's state now.
export function state() {
  return engine.state;
}

// The start-up snapshot this visit's engine could keep for the next visit ({bytes}: what its
// download costs), or null: none (the site ships none, or no service worker to keep it; the
// engine started from it already; it is kept or being kept).
export function snapshotToKeep() {
  return engine.state === "ready" && !engine.keeping ? engine.keep : null;
}

// Download the start-up snapshot into the engine's cache now, in the background: resolves once
// it is kept, rejects if it could not be (the next visit then starts plainly, as this one did).
export function keepSnapshot() {
  if (!engine.worker || !engine.keep) return Promise.reject(new Error("there is nothing to keep"));
  engine.keep = null;
  return new Promise((resolve, reject) => {
    engine.keeping = { resolve, reject };
    engine.worker.postMessage({ op: "keep" });
  });
}

// Call listener({serviceWorker}) each time an engine's worker has read the manifest: whether
// the site ships its service worker. Returns a function that stops it.
export function onManifest(listener) {
  engine.manifestListeners.add(listener);
  return () => engine.manifestListeners.delete(listener);
}

// Call listener(state, detail) on every change of state; returns a function that stops it.
export function onState(listener) {
  engine.listeners.add(listener);
  return () => engine.listeners.delete(listener);
}
