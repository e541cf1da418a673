// The rules engine's module Web Worker: starts Pyodide from this site's own folder and answers
// reroll requests by calling Python (site_plugins.examples.reroll). No rule logic lives here.
//
// Messages in:  {id, op: "load"}  |  {id, op: "reroll", request: {target, cards}}
// Messages out: {type: "progress", stage, fraction}  |  {type: "ready", via, timeLimitMs, ms}
//               {id, ok: true, result}  |  {id, ok: false, error, fatal}

const runtime = new URL("pyodide/", import.meta.url);
const nativeFetch = self.fetch.bind(self);
const TYPES = { wasm: "application/wasm", json: "application/json" };
let engine = null; // a promise of {pyodide, reroll, manifest, keepSnapshot}

function progress(stage, fraction) {
  postMessage({ type: "progress", stage, fraction });
}

// Download a file whose decoded size the build wrote in the manifest. The size is checked
// against that, never against Content-Length: a host that serves a precompressed file
// announces its compressed length, while the browser hands over the decoded bytes.
async function fetchBytes(url, size, onFraction) {
  const response = await self.fetch(url);
  if (!response.ok) throw new Error(`${url.pathname} answered HTTP ${response.status}`);
  if (!response.body || !size) return new Uint8Array(await response.arrayBuffer());
  const bytes = new Uint8Array(size);
  const reader = response.body.getReader();
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (received + value.length > size) throw new Error(`${url.pathname} is longer than the build made it`);
    bytes.set(value, received);
    received += value.length;
    onFraction(received / size);
  }
  if (received !== size) throw new Error(`${url.pathname} was cut short`);
  return bytes;
}

// Pyodide can wait forever for a runtime file that is missing, so ask for each one first. No
// answer at all (offline, with the files in the service worker's cache) is not a missing file.
async function checkFiles(folder, names) {
  const answers = await Promise.all(names.map(async (name) => {
    const response = await nativeFetch(new URL(name, folder), { method: "HEAD" }).catch(() => null);
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

// Every fetch of a packed engine file (Pyodide's own fetches included) asks for the .gz the
// build wrote beside it and unpacks it here: a third of the bytes on any host, even one that
// compresses nothing.
function fetchPacked(folder, manifest) {
  if (typeof DecompressionStream !== "function") return;
  const packed = new Set(manifest.packed.map((name) => new URL(name, folder).href));
  self.fetch = async (input, init) => {
    const url = input instanceof URL ? input.href : typeof input === "string" ? input : input.url;
    if (!packed.has(url) || (init?.method && init.method !== "GET") || init?.integrity) {
      return nativeFetch(input, init);
    }
    const response = await nativeFetch(`${url}.gz`, init);
    if (!response.ok || !response.body) return response;
    const type = TYPES[url.split(".").pop()] ?? "application/octet-stream";
    return new Response(await unpacked(response.body), { headers: { "Content-Type": type } });
  };
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
  progress("runtime", 0);
  const manifestResponse = await fetch(new URL("manifest.json", runtime), { cache: "no-cache" });
  if (!manifestResponse.ok) throw new Error(`the engine manifest answered HTTP ${manifestResponse.status}`);
  const manifest = await manifestResponse.json();
  const folder = new URL(manifest.dir, runtime); // the engine's content-named folder
  fetchPacked(folder, manifest);
  // The wheels download while Python starts; loadPackage then finds them in the cache.
  const wheels = manifest.wheels.map((name) => fetch(new URL(name, folder)).catch(() => {}));
  const [{ loadPyodide }] = await Promise.all([
    import(new URL(manifest.module, folder).href),
    checkFiles(folder, [...manifest.files, manifest.lock]),
  ]);
  const options = {
    indexURL: folder.href,
    lockFileURL: new URL(manifest.lock, folder).href,
    stdLibURL: new URL(manifest.stdlib, folder).href,
  };
  const snapshotURL = manifest.snapshot ? new URL(manifest.snapshot, folder) : null;
  let pyodide = null;
  let via = "plain start";
  if (snapshotURL && (manifest.snapshotFirstVisit || await isCached(snapshotURL))) {
    try {
      const snapshot = fetchBytes(snapshotURL, manifest.sizes[manifest.snapshot],
        (f) => progress("snapshot", f));
      snapshot.catch(() => {}); // handled below, where loadPyodide awaits it: no stray error
      pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
      pyodide.runPython("import site_plugins.examples.reroll");
      via = "snapshot";
    } catch (error) {
      console.warn(`rules-examples: snapshot restore failed (${error}); starting Pyodide plainly`);
      pyodide = null;
    }
  }
  if (!pyodide) {
    progress("python", 0.5);
    pyodide = await loadPyodide(options);
    progress("engine", 0.8);
    await Promise.all(wheels);
    await pyodide.loadPackage(manifest.package, { checkIntegrity: true, messageCallback: () => {} });
  }
  const reroll = pyodide.pyimport("site_plugins.examples.reroll").reroll_page;
  const ms = Math.round(performance.now() - began);
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
