// The engine client: one module worker (engine-worker.js) running the rules engine in Pyodide
// for the whole visit (it survives Material's instant navigation), the calls to it, and the
// watchdog that stops a call running past its limit. No rule logic and no cards: anything on
// the page can call the engine through call(); cards.js is one such caller.
//
//   call(op, request) → Promise   state() → "idle" | "loading" | "ready" | "failed"
//   warm()             start loading without waiting      onState(listener) → unsubscribe

const LOAD_LIMIT_MS = 90_000; // longest the engine may take to start before the watchdog acts
let runLimitMs = 10_000; // replaced by the site's own limit once the engine is ready

// ---- the engine: one worker for the whole visit (it survives instant navigation) ----------

const engine = {
  worker: null,
  state: "idle", // idle | loading | ready | failed
  pending: new Map(),
  nextId: 1,
  listeners: new Set(),
  failure: "",
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
  const worker = new Worker(new URL("engine-worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (event) => {
    const message = event.data;
    if (message.type === "progress") {
      setEngineState("loading", message);
    } else if (message.type === "ready") {
      runLimitMs = message.timeLimitMs || runLimitMs;
      for (const pending of engine.pending.values()) pending.arm(runLimitMs); // runs start now
      performance.mark("rx-engine-ready", { detail: { via: message.via, ms: message.ms } });
      document.documentElement.dataset.rxEngineVia = message.via;
      setEngineState("ready", message);
    } else {
      const call = engine.pending.get(message.id);
      if (!call) return;
      engine.pending.delete(message.id);
      clearTimeout(call.timer);
      if (message.ok) call.resolve(message.result);
      else call.reject(Object.assign(new Error(message.error), { fatal: message.fatal }));
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    stop(`the engine could not start (${event.message || "its script failed to load"})`, true);
  };
  engine.worker = worker;
  setEngineState("loading", { stage: "runtime", fraction: 0 });
  return worker;
}

// Terminate the worker and fail everything waiting on it; the next request starts a new one.
function stop(reason, fatal) {
  if (engine.worker) engine.worker.terminate();
  engine.worker = null;
  for (const call of engine.pending.values()) {
    clearTimeout(call.timer);
    call.reject(Object.assign(new Error(reason), { fatal }));
  }
  engine.pending.clear();
  engine.failure = fatal ? reason : "";
  setEngineState(fatal ? "failed" : "idle");
}

export function call(op, request) {
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
    // The watchdog: terminate the worker if it is still busy after the limit.
    pending.arm = (limit) => {
      clearTimeout(pending.timer);
      pending.timer = setTimeout(() => {
        const seconds = Math.round(limit / 100) / 10;
        const what = engine.state === "ready" ? "ran" : "took to load";
        stop(`the engine ${what} for more than ${seconds} s, so it was stopped; press Reroll to restart it`,
          engine.state !== "ready");
      }, limit);
    };
    pending.arm(engine.state === "ready" ? runLimitMs : LOAD_LIMIT_MS);
    engine.pending.set(id, pending);
    worker.postMessage({ id, op, request });
  });
}

// Start loading without waiting for it (a reader showed interest).
export function warm() {
  if (engine.state === "idle") call("load").catch(() => {});
}

// The engine's state now.
export function state() {
  return engine.state;
}

// Call listener(state, detail) on every change of state; returns a function that stops it.
export function onState(listener) {
  engine.listeners.add(listener);
  return () => engine.listeners.delete(listener);
}
