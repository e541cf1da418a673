// The rules engine's module Web Worker: starts Pyodide from this site's own folder and answers
// reroll requests by calling Python (site_plugins.examples.reroll). No rule logic lives here.
//
// Messages in:  {id, op: "load"}  |  {id, op: "reroll", request: {target, cards}}
// Messages out: {type: "progress", stage, fraction, silenceMs, ifSilent}
//               {type: "ready", via, timeLimitMs, ms}
//               {id, ok: true, result}  |  {id, ok: false, error, fatal}
//
// While the engine loads, every chunk of every engine file that arrives (Pyodide's own fetches
// included) is reported, at most every REPORT_EVERY_MS. Each report tells the page how long to
// wait for the next one (silenceMs) and what to tell the reader if none comes (ifSilent): the
// page's watchdog (engine-client.js) acts on that silence, never on how long the whole load
// takes, so a slow link that keeps delivering always gets there.

const runtime = new URL("pyodide/", import.meta.url);
const nativeFetch = self.fetch.bind(self);
const TYPES = { wasm: "application/wasm", json: "application/json", js: "text/javascript" };
let engine = null; // a promise of {pyodide, reroll, manifest, keepSnapshot}

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

// ---- progress: what is under way, and what the reader is told if it stops ----------------

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
  refuse: null, // fails the Python start under way (WebAssembly refused the runtime)
};

function report() {
  clearTimeout(loading.timer);
  loading.timer = 0;
  if (loading.over) return;
  loading.reported = performance.now();
  const files = [...loading.underway];
  const silenceMs = files.length ? loading.stallLimitMs : STEP_LIMIT_MS;
  const seconds = Math.round(silenceMs / 100) / 10;
  const ifSilent = files.length
    ? `${stopped(files)}: nothing came for ${seconds} s`
    : `${loading.step.what} did not finish within ${seconds} s`;
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

// A step of the start begins; when no file is under way, it is what the reader is told about.
function step(stage, what, floor = 0) {
  loading.step = { stage, what, floor };
  report();
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

// A file starts to arrive (or to load, with ``stuck`` saying how it fails): count its bytes
// with add() until end().
function arriving(name, stuck = "") {
  const file = { name, received: 0, stuck };
  if (loading.over) return { add() {}, end() {} }; // the snapshot kept after a plain start
  loading.underway.add(file);
  report();
  return {
    add(bytes) {
      file.received += bytes;
      loading.arrived.set(name, Math.max(loading.arrived.get(name) ?? 0, file.received));
      reportSoon();
    },
    end() {
      if (loading.underway.delete(file)) report();
    },
  };
}

// What a reader is told about files that stopped: "the engine's Python runtime
// (pyodide.asm.wasm) stopped arriving at 41 %".
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
    const how = bytes ? (size ? `stopped arriving at ${Math.floor((100 * bytes) / size)} %`
      : `stopped arriving after ${Math.round(bytes / 1000)} kB`)
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

// ``body``, read as fast as it arrives whoever reads it on (so that its bytes count when they
// arrive, not when they are used: a reader that gives up on a body leaves no download that
// seems to stall), its bytes counted for ``file``.
function counted(body, file) {
  const reader = body.getReader();
  let cancelled = false;
  async function pump(controller) {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || cancelled) break;
        file.add(value.byteLength);
        controller.enqueue(value);
      }
      if (!cancelled) controller.close();
    } catch (error) {
      if (!cancelled) controller.error(error);
    } finally {
      file.end();
    }
  }
  return new ReadableStream({
    start(controller) {
      pump(controller); // not awaited: the stream is readable at once
    },
    cancel(reason) {
      cancelled = true;
      file.end();
      return reader.cancel(reason);
    },
  });
}

// ---- fetching the engine's files -----------------------------------------------------------

// Download a file whose decoded size the build wrote in the manifest. The size is checked
// against that, never against Content-Length: a host that serves a precompressed file
// announces its compressed length, while the browser hands over the decoded bytes.
async function fetchBytes(url, size) {
  const response = await self.fetch(url);
  if (!response.ok) throw new Error(`${url.pathname} answered HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (size && bytes.length > size) throw new Error(`${url.pathname} is longer than the build made it`);
  if (size && bytes.length < size) throw new Error(`${url.pathname} was cut short`);
  return bytes;
}

async function readManifest() {
  const file = arriving("manifest.json");
  try {
    const response = await nativeFetch(new URL("manifest.json", runtime), { cache: "no-cache" });
    if (!response.ok) throw new Error(`the engine manifest answered HTTP ${response.status}`);
    return await new Response(counted(response.body, file)).json();
  } finally {
    file.end();
  }
}

// Pyodide can wait forever for a runtime file that is missing, so ask for each one first. No
// answer at all (offline, with the files in the service worker's cache) is not a missing file.
async function checkFiles(folder, names) {
  const answers = await Promise.all(names.map(async (name) => {
    // A host that does not answer is no missing file: the downloads' own watch names it.
    const signal = AbortSignal.timeout(loading.stallLimitMs);
    const response = await nativeFetch(new URL(name, folder), { method: "HEAD", signal })
      .catch(() => null);
    return [name, response?.status ?? 0];
  }));
  const missing = answers.filter(([, status]) => status === 404 || status === 410);
  if (missing.length) {
    throw new Error(`the site is missing ${missing.map(([name]) => name).join(", ")}`);
  }
}

// A body as sent, or unpacked if it is gzip (a .gz the host sent as plain bytes). A host that
// decodes it itself (Content-Encoding) hands over the unpacked bytes, which pass through.
async function unpacked(body) {
  const reader = body.getReader();
  const first = await reader.read();
  const whole = new ReadableStream({
    start(controller) {
      if (first.done) controller.close();
      else controller.enqueue(first.value);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const gzip = !first.done && first.value[0] === 0x1f && first.value[1] === 0x8b;
  return gzip ? whole.pipeThrough(new DecompressionStream("gzip")) : whole;
}

// Every fetch of an engine file (Pyodide's own included) goes through here, so that its bytes
// are counted as they arrive. A packed file is fetched as the .gz the build wrote beside it and
// unpacked here: a third of the bytes on any host, even one that compresses nothing.
function watchFetches(folder, manifest) {
  const packed = new Set(manifest.packed);
  const canUnpack = typeof DecompressionStream === "function";
  self.fetch = async (input, init) => {
    const url = input instanceof URL ? input.href : typeof input === "string" ? input : input.url;
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    const name = url.startsWith(folder.href) ? url.slice(folder.href.length) : "";
    if (!name || method !== "GET") return nativeFetch(input, init);
    const file = arriving(name);
    try {
      const pack = canUnpack && packed.has(name) && !init?.integrity;
      const response = await nativeFetch(pack ? `${url}.gz` : input, init);
      if (!response.ok || !response.body) {
        file.end();
        return response;
      }
      const type = (pack ? null : response.headers.get("Content-Type"))
        ?? TYPES[name.split(".").pop()] ?? "application/octet-stream";
      const body = pack ? await unpacked(response.body) : response.body;
      return new Response(counted(body, file), {
        status: response.status, statusText: response.statusText, headers: { "Content-Type": type },
      });
    } catch (error) {
      file.end();
      throw error;
    }
  };
}

// A module script, downloaded first so that its bytes count (an import reports none), then
// imported: the import finds it in the HTTP cache (or the service worker's), and Pyodide's own
// import of it later finds it loaded already.
async function importCounted(folder, name) {
  const url = new URL(name, folder);
  const response = await self.fetch(url);
  if (!response.ok) throw new Error(`${url.pathname} answered HTTP ${response.status}`);
  await response.arrayBuffer();
  const importing = arriving(name, "did not load");
  try {
    return await import(url.href);
  } finally {
    importing.end();
  }
}

// Pyodide only warns when WebAssembly refuses its runtime (a Content-Security-Policy without
// 'wasm-unsafe-eval', a damaged file) and then waits forever: the start fails at once instead.
function watchCompiles() {
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const original = WebAssembly[name];
    if (typeof original !== "function" || original.watched) continue;
    WebAssembly[name] = Object.assign((...args) => original.apply(WebAssembly, args).catch((error) => {
      loading.refuse?.(error);
      throw error;
    }), { watched: true });
  }
}

// loadPyodide(options), failing as soon as WebAssembly refuses the runtime.
function startPyodide(loadPyodide, options) {
  const refused = new Promise((resolve, reject) => {
    loading.refuse = (error) => reject(new Error("this browser refused to run the engine's Python "
      + `runtime (pyodide.asm.wasm): ${String(error?.message ?? error).replace(/\.$/, "")}`));
  });
  return Promise.race([loadPyodide(options), refused]);
}

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
  if (typeof WebAssembly !== "object") throw new Error("this browser has no WebAssembly");
  step("runtime", "starting the engine");
  const manifest = await readManifest();
  loading.stallLimitMs = manifest.stallLimitMs || STALL_LIMIT_MS;
  loading.sizes = manifest.sizes;
  const folder = new URL(manifest.dir, runtime); // the engine's content-named folder
  watchFetches(folder, manifest);
  watchCompiles();
  const snapshotURL = manifest.snapshot ? new URL(manifest.snapshot, folder) : null;
  const fromSnapshot = Boolean(snapshotURL)
    && (manifest.snapshotFirstVisit || await isCached(snapshotURL));
  loading.planned = [...manifest.files, manifest.lock, ...manifest.wheels,
    ...(fromSnapshot ? [manifest.snapshot] : [])];
  // The wheels download while Python starts; loadPackage then finds them in the cache.
  const wheels = manifest.wheels.map((name) => fetchBytes(new URL(name, folder)).catch(() => {}));
  const scripts = manifest.files.filter((name) => name.endsWith(".js"));
  const [modules] = await Promise.all([
    Promise.all(scripts.map((name) => importCounted(folder, name))),
    checkFiles(folder, [...manifest.files, manifest.lock]),
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
      const snapshot = fetchBytes(snapshotURL, manifest.sizes[manifest.snapshot]);
      snapshot.catch(() => {}); // handled below, where loadPyodide awaits it: no stray error
      pyodide = await startPyodide(loadPyodide, { ...options, _loadSnapshot: snapshot });
      pyodide.runPython("import site_plugins.examples.reroll");
      via = "snapshot";
    } catch (error) {
      console.warn(`rules-examples: snapshot restore failed (${error}); starting Pyodide plainly`);
      pyodide = null;
    }
  }
  if (!pyodide) {
    step("python", "starting Python");
    pyodide = await startPyodide(loadPyodide, options);
    step("engine", "installing the rules engine", 0.95);
    await Promise.all(wheels);
    await pyodide.loadPackage(manifest.package, { checkIntegrity: true, messageCallback: () => {} });
  }
  const reroll = pyodide.pyimport("site_plugins.examples.reroll").reroll_page;
  const ms = Math.round(performance.now() - began);
  loading.over = true;
  loading.refuse = null;
  clearTimeout(loading.timer);
  postMessage({ type: "ready", via, timeLimitMs: manifest.timeLimitMs, ms });
  // After a plain start, the snapshot is kept for the next one (the service worker caches it)
  // once this visit's first result is out, and only where the link has room for it.
  const keepSnapshot = via === "plain start" && snapshotURL && roomy() ? snapshotURL : null;
  return { pyodide, reroll, manifest, keepSnapshot };
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
    } else if (op === "reroll") {
      const began = performance.now();
      const result = JSON.parse(loaded.reroll(JSON.stringify(request)));
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
