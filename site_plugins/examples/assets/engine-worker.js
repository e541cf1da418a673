// The rules engine's module Web Worker: starts Pyodide from this site's own folder and answers
// reroll requests by calling Python (site_plugins.examples.reroll). No rule logic lives here.
//
// Messages in:  {id, op: "load"}  |  {id, op: "reroll", request: {target, cards}}
// Messages out: {type: "progress", stage, fraction}  |  {type: "ready", via, timeLimitMs, ms}
//               {id, ok: true, result}  |  {id, ok: false, error, fatal}

const runtime = new URL("pyodide/", import.meta.url);
let engine = null; // a promise of {pyodide, reroll, manifest}

function progress(stage, fraction) {
  postMessage({ type: "progress", stage, fraction });
}

// Download a file whose decoded size the build wrote in the manifest. The size is checked
// against that, never against Content-Length: a host that serves a precompressed file
// announces its compressed length, while the browser hands over the decoded bytes.
async function fetchBytes(url, size, onFraction) {
  const response = await fetch(url);
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

// Pyodide can wait forever for a runtime file that is missing, so ask for each one first.
async function checkFiles(names) {
  const answers = await Promise.all(names.map(async (name) => {
    const response = await fetch(new URL(name, runtime), { method: "HEAD" });
    return [name, response.status];
  }));
  const missing = answers.filter(([, status]) => status === 404 || status === 410);
  if (missing.length) {
    throw new Error(`the site is missing ${missing.map(([name]) => name).join(", ")}`);
  }
}

async function start() {
  const began = performance.now();
  if (typeof WebAssembly !== "object") throw new Error("this browser has no WebAssembly");
  progress("runtime", 0);
  const manifestResponse = await fetch(new URL("manifest.json", runtime));
  if (!manifestResponse.ok) throw new Error(`the engine manifest answered HTTP ${manifestResponse.status}`);
  const manifest = await manifestResponse.json();
  const [{ loadPyodide }] = await Promise.all([
    import(new URL(manifest.module, runtime).href),
    checkFiles([...manifest.files, manifest.lock]),
  ]);
  const options = { indexURL: runtime.href, lockFileURL: new URL(manifest.lock, runtime).href };
  let pyodide = null;
  let via = "plain start";
  if (manifest.snapshot) {
    try {
      const snapshot = fetchBytes(new URL(manifest.snapshot, runtime), manifest.sizes[manifest.snapshot],
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
    await pyodide.loadPackage(manifest.package, { checkIntegrity: true, messageCallback: () => {} });
  }
  const reroll = pyodide.pyimport("site_plugins.examples.reroll").reroll_page;
  const ms = Math.round(performance.now() - began);
  postMessage({ type: "ready", via, timeLimitMs: manifest.timeLimitMs, ms });
  return { pyodide, reroll, manifest };
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
    } else {
      throw new Error(`unknown operation ${op}`);
    }
  } catch (error) {
    postMessage({ id, ok: false, fatal: false, error: String(error?.message ?? error) });
  }
};
