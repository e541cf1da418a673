// Fetching the engine's files, for the engine's worker (engine-worker.js): every fetch of an
// engine file (Pyodide's own included) has its bytes counted as they arrive, for the load's
// progress (engine-progress.js). No rule logic lives here.

import { arriving, stallLimitMs } from "./engine-progress.js";

const nativeFetch = self.fetch.bind(self);
const TYPES = { wasm: "application/wasm", json: "application/json", js: "text/javascript" };

// Download a file whose decoded size the build wrote in the manifest. The size is checked
// against that, never against Content-Length: a host that serves a precompressed file
// announces its compressed length, while the browser hands over the decoded bytes.
export async function fetchBytes(url, size) {
  const response = await self.fetch(url);
  if (!response.ok) throw new Error(`${url.pathname} answered HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (size && bytes.length > size) throw new Error(`${url.pathname} is longer than the build made it`);
  if (size && bytes.length < size) throw new Error(`${url.pathname} was cut short`);
  return bytes;
}

// The engine's manifest, from the ``runtime`` folder, asked for afresh every time.
export async function readManifest(runtime) {
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
export async function checkFiles(folder, names) {
  const answers = await Promise.all(names.map(async (name) => {
    // A host that does not answer is no missing file: the downloads' own watch names it.
    const signal = AbortSignal.timeout(stallLimitMs());
    const response = await nativeFetch(new URL(name, folder), { method: "HEAD", signal })
      .catch(() => null);
    return [name, response?.status ?? 0];
  }));
  const missing = answers.filter(([, status]) => status === 404 || status === 410);
  if (missing.length) {
    throw new Error(`the site is missing ${missing.map(([name]) => name).join(", ")}`);
  }
}

// Every fetch of an engine file (Pyodide's own included) goes through here, so that its bytes
// are counted as they arrive. A packed file is fetched as the .gz the build wrote beside it and
// unpacked here: a third of the bytes on any host, even one that compresses nothing.
export function watchFetches(folder, manifest) {
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
export async function importCounted(folder, name) {
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
