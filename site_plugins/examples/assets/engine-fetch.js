// Fetching the engine's files, for the engine's worker (engine-worker.js): every fetch of an
// engine file (Pyodide's own included) has its bytes counted as they arrive, for the load's
// progress (engine-progress.js); the large ones are fetched as the compressed copy the build
// wrote beside them and unpacked here; and every download can start ahead of the code that
// asks for it (prefetch). No rule logic lives here.

import { arriving } from "./engine-progress.js";

const nativeFetch = self.fetch.bind(self);
const TYPES = { wasm: "application/wasm", json: "application/json", js: "text/javascript" };
// What a file starts with once unpacked (a WebAssembly module, a zip): a ".br" that starts so
// was unpacked on the way already (a host that sends it with Content-Encoding: br).
const UNPACKED = [[0x00, 0x61, 0x73, 0x6d], [0x50, 0x4b, 0x03, 0x04]];
const BROTLI_OUTPUT_BYTES = 1 << 20; // unpacked per call into the decoder
const early = new Map(); // URL → the response of a download started ahead (prefetch)
const failures = []; // each engine file that could not be had, in words, in order

// What the engine's downloads could not get so far ("python_stdlib.zip could not be
// downloaded (Failed to fetch)"): Pyodide's own errors name no file ("Program terminated
// with exit(1)"), so the worker says which one it was.
export function downloadFailures() {
  return failures.slice();
}

function failedDownload(name, error) {
  if (error?.failedDownload) return error; // said already, by the fetch that started it
  const why = String(error?.message ?? error).replace(/\.$/, "");
  const message = `${name} could not be downloaded (${why}: the network or the host refused it)`;
  failures.push(message);
  return Object.assign(new TypeError(message), { failedDownload: true });
}

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
    let response;
    try {
      response = await nativeFetch(new URL("manifest.json", runtime), { cache: "no-cache" });
    } catch (error) {
      throw failedDownload("the engine's manifest (manifest.json)", error);
    }
    if (!response.ok) throw new Error(`the engine's manifest (manifest.json) answered HTTP ${response.status}`);
    const manifest = await new Response(counted(response.body, file)).json();
    // A host that sent the manifest brotli-encoded sends the .br the build wrote beside a file
    // for the file's own name (nginx's brotli_static): the page then asks for each file by
    // its name and the browser unpacks it natively, with no decoder to fetch (watchFetches).
    manifest.hostBrotli = brotliEncoded(response);
    return manifest;
  } finally {
    file.end();
  }
}

// Start downloading ``names`` now, ahead of the code that will ask for them (Pyodide's own
// fetches included): the first fetch of each gets the response already under way. Resolves
// once every one has answered, and fails naming the files the site is missing (Pyodide would
// wait forever for a runtime file that is missing). No answer at all (offline) is no missing
// file: the fetch that gets the response fails in its own words.
export async function prefetch(folder, names) {
  const answers = await Promise.all(names.map((name) => {
    const url = new URL(name, folder).href;
    const response = self.fetch(url);
    early.set(url, response);
    return response.then((answer) => [name, answer.status], () => [name, 0]);
  }));
  const missing = answers.filter(([, status]) => status === 404 || status === 410);
  if (missing.length) {
    throw new Error(`the site is missing ${missing.map(([name]) => name).join(", ")}`);
  }
}

// A wheel of the engine, its bytes checked against the build's sha256: here when unpacked
// from a compressed copy, by the browser (Subresource Integrity) when fetched as it is (also
// where this page cannot hash: crypto.subtle needs HTTPS or localhost).
export async function fetchWheel(folder, name, manifest) {
  const url = new URL(name, folder);
  const packed = Boolean(self.crypto?.subtle)
    && (manifest.brotli.includes(name) || manifest.packed.includes(name));
  const response = await self.fetch(url, packed ? {} : { integrity: manifest.integrity[name] });
  if (!response.ok) throw new Error(`${url.pathname} answered HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (packed) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
    if (hex !== manifest.sha256[name]) throw new Error(`${name} failed its sha256 integrity check`);
  }
  return bytes;
}

// Every fetch of an engine file (Pyodide's own included) goes through here, so that its bytes
// are counted as they arrive. A packed file is fetched by its own name from a host that sends
// the .br beside it brotli-encoded (manifest.hostBrotli: the browser unpacks it, no decoder),
// else as the compressed copy the build wrote beside it and unpacked here, so that even a host
// that compresses nothing sends the small file: the .br (brotli, a quarter smaller than gzip) with the decoder the build ships
// (brotli-dec-wasm, loaded the first time a .br is fetched), or the .gz with the browser's own
// DecompressionStream where the decoder is missing or did not load. Every file is kept in the
// engine's cache as it is used, the unpacked ones under their own names (keptCopies), and a
// later visit reads it from there: no download, no decoder, nothing unpacked again.
export function watchFetches(folder, manifest) {
  const gzipped = new Set(typeof DecompressionStream === "function" ? manifest.packed : []);
  const brotli = new Set(manifest.brotli ?? []);
  const kept = keptCopies(manifest.cache);
  let hostBrotli = Boolean(manifest.hostBrotli); // until a file says otherwise
  let decoder = null; // the decoder's promise, once a .br is fetched
  const brotliDecoder = () => (decoder ??= loadDecoder(folder, manifest.decoder));
  self.fetch = async (input, init) => {
    const url = input instanceof URL ? input.href : typeof input === "string" ? input : input.url;
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    const name = url.startsWith(folder.href) ? url.slice(folder.href.length) : "";
    if (!name || method !== "GET") return nativeFetch(input, init);
    if (early.has(url) && !init?.integrity) {
      const response = early.get(url);
      early.delete(url);
      return response.then((answer) => {
        if (!answer.ok) failures.push(`${name} answered HTTP ${answer.status}`);
        return answer;
      }, (error) => {
        throw failedDownload(name, error);
      });
    }
    const file = arriving(name);
    try {
      const whole = init?.integrity !== undefined; // checked as sent: never a compressed copy
      const found = whole ? null : await kept.match(url);
      if (found) return keptResponse(found, file, manifest.sizes?.[name]);
      const fromHost = hostBrotli && !whole && brotli.has(name);
      let response = fromHost ? await hostEncoded(url, name) : null;
      if (fromHost && !response) hostBrotli = false; // it came as it is: .br copies from now on
      const brotliModule = !response && !whole && brotli.has(name) ? await brotliDecoder() : null;
      const pack = response ? "host" : brotliModule ? "br" : !whole && gzipped.has(name) ? "gz" : "";
      try {
        response ??= await nativeFetch(pack ? `${url}.${pack}` : input, init);
      } catch (error) {
        throw failedDownload(name, error);
      }
      if (!response.ok || !response.body) {
        if (!response.ok) failures.push(`${name} answered HTTP ${response.status}`);
        file.end();
        return response;
      }
      const type = (pack ? null : response.headers.get("Content-Type"))
        ?? TYPES[name.split(".").pop()] ?? "application/octet-stream";
      // A file used as it came is kept as it came, its headers too.
      if (response.status === 200 && !pack) kept.keep(url, null, response.clone());
      let body = pack === "br" ? await unbrotli(response, brotliModule)
        : pack === "gz" ? await ungzipped(response.body) : response.body;
      if (response.status === 200 && pack) {
        const [mine, copy] = body.tee();
        kept.keep(url, `${url}.${pack === "host" ? "br" : pack}`,
          new Response(copy, { headers: { "Content-Type": type } }));
        body = mine;
      }
      return new Response(counted(body, file), {
        status: response.status, statusText: response.statusText, headers: { "Content-Type": type },
      });
    } catch (error) {
      file.end();
      throw error;
    }
  };
}

// Whether the host sent ``response`` brotli-encoded (the browser unpacks it as it arrives).
function brotliEncoded(response) {
  return /\bbr\b/.test(response.headers.get("Content-Encoding") ?? "");
}

// ``url`` asked for by its own name from a host that keeps the .br beside it
// (manifest.hostBrotli): the response if the host sent that brotli-encoded (the browser
// unpacks it as it arrives), else null, the download stopped at its headers (a host that
// compresses the manifest on the fly may send the runtime as it is: 9.6 MB, not 2.8).
async function hostEncoded(url, name) {
  const stop = new AbortController();
  let response;
  try {
    response = await nativeFetch(url, { signal: stop.signal });
  } catch (error) {
    throw failedDownload(name, error);
  }
  if (response.ok && response.body && brotliEncoded(response)) {
    return response;
  }
  stop.abort();
  return null;
}

// A file a previous visit unpacked, from the service worker's cache, handed on as it is: its
// bytes are on this device, so they count as arrived at once, and the browser reads them
// natively, not through a counting stream (the 31 MB snapshot among them). The WebAssembly
// runtime keeps its URL so: a response made here has none, which rules out the browser's
// cache of compiled code.
function keptResponse(response, file, size) {
  file.add(size ?? 0);
  file.end();
  return response;
}

// The engine's files as this worker used them, kept in the engine's cache (``cacheName``, from
// the manifest) under each file's own name: a packed one unpacked, in place of the packed copy
// the service worker may have kept on the way. Kept whether or not the service worker is in
// control yet (it is registered when the engine is first used, while these download), but
// only where the manifest names that cache: where the site ships its service worker, which
// deletes an old engine's cache once a build changes the engine. Without one nothing is kept,
// since nothing would ever delete it.
function keptCopies(cacheName) {
  async function open() {
    if (!cacheName || !self.caches) return null;
    return caches.open(cacheName);
  }
  return {
    // The kept copy of ``url``, or null (none kept, no Cache Storage here). A packed copy the
    // service worker finished keeping after it was dropped (keep) goes now.
    async match(url) {
      try {
        const cache = await open();
        const found = (await cache?.match(url)) ?? null;
        if (found) for (const pack of ["br", "gz"]) cache.delete(`${url}.${pack}`).catch(() => {});
        return found;
      } catch {
        return null;
      }
    },
    // Keep ``response`` (``url`` as the engine used it: unpacked, or as it came, with its
    // headers) and drop ``packedURL``, the packed copy it came as (null: it came as it is).
    keep(url, packedURL, response) {
      (async () => {
        const cache = await open();
        if (!cache) return response.body?.cancel();
        await cache.put(url, response);
        if (packedURL) await cache.delete(packedURL);
      })().catch(() => response.body?.cancel().catch(() => {})); // a cut download keeps nothing
    },
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

// The brotli decoder the build ships (brotli-dec-wasm: its module script and its WebAssembly,
// fetched as its .gz), or null where it cannot load: the .gz copies are unpacked instead.
async function loadDecoder(folder, decoder) {
  try {
    const module = await importCounted(folder, decoder.script);
    await module.default({ module_or_path: new URL(decoder.wasm, folder) });
    return module;
  } catch (error) {
    console.warn(`rules-examples: the brotli decoder did not load (${error}); unpacking .gz copies`);
    return null;
  }
}

// The body of a .br response, unpacked as it arrives. A host that decoded it on the way (sent
// with Content-Encoding: br) hands over the unpacked bytes, which pass through.
async function unbrotli(response, brotli) {
  const [first, body] = await peek(response.body);
  if (brotliEncoded(response) || UNPACKED.some((magic) => magic.every((byte, i) => first[i] === byte))) {
    return body;
  }
  const stream = new brotli.DecompressStream();
  const { ResultSuccess, NeedsMoreOutput } = brotli.BrotliStreamResultCode;
  let complete = false;
  return body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      let input = chunk;
      for (;;) {
        let result;
        try {
          result = stream.decompress(input, BROTLI_OUTPUT_BYTES);
        } catch (error) {
          throw new Error(`${new URL(response.url).pathname} is damaged (brotli: ${error?.message ?? error})`);
        }
        const output = result.buf;
        const { code } = result;
        input = input.subarray(result.input_offset);
        result.free();
        if (output.length) controller.enqueue(output);
        complete = code === ResultSuccess;
        if (code !== NeedsMoreOutput) return;
      }
    },
    flush() {
      stream.free();
      if (!complete) throw new Error(`${new URL(response.url).pathname} was cut short`);
    },
  }));
}

// The first chunk of ``body`` (empty if there is none), and the whole body still to read.
async function peek(body) {
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
  return [first.done ? new Uint8Array(0) : first.value, whole];
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
async function ungzipped(body) {
  const [first, whole] = await peek(body);
  const gzip = first[0] === 0x1f && first[1] === 0x8b;
  return gzip ? whole.pipeThrough(new DecompressionStream("gzip")) : whole;
}
