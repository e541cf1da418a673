// The site's service worker (written at the site's root by the rules-examples plugin, unless
// its option service_worker is off). The page registers it when a reader first uses the engine,
// never on a mere page view (cards.js). It keeps the in-browser rules engine, so that a second
// visit rerolls without downloading it again; it fetches nothing by itself, and keeps nothing
// else of the site: every other request is left to the browser. Only where the site asks for
// it (the option offline_pages) does it keep the pages read too, for reading offline.
//
// Engine files live in a folder named by their content, so they are served from the cache
// first; with offline_pages, pages and everything else go to the network first, the cache
// answering only offline. A build that changes the engine changes ENGINE_CACHE below (named by
// the engine's folder), so this file changes, the browser installs it, and the old engine's
// cache is deleted (and the pages' cache, where the site no longer keeps pages). The engine's
// worker keeps the files it used in ENGINE_CACHE too, the unpacked ones under their own names
// (engine-fetch.js), so that a second visit reads them as they are.

const ENGINE_CACHE = "__ENGINE_CACHE__";
const PAGE_CACHE = "rules-examples-pages";
// The plugin's option offline_pages, written by the build ("true" or "false").
const OFFLINE_PAGES = "__OFFLINE_PAGES__" === "true";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("rules-examples-engine-") && name !== ENGINE_CACHE) await caches.delete(name);
      if (name === PAGE_CACHE && !OFFLINE_PAGES) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

function isEngineFile(url) {
  return url.pathname.includes("/assets/rules-examples/pyodide/") && !url.pathname.endsWith("/manifest.json");
}

// A response is handed on as its bytes arrive, while a copy of it goes into the cache: waiting
// for the whole file to be cached first would hide every byte of a download from the engine's
// progress reports, whose silence the page takes for a stalled load.
function keep(event, cache, request, response) {
  if (!response.ok || response.status !== 200) return;
  event.waitUntil(cache.put(request, response.clone()).catch(() => {}));
}

async function cacheFirst(event) {
  const request = event.request;
  const cache = await caches.open(ENGINE_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  keep(event, cache, request, response);
  return response;
}

async function networkFirst(event) {
  const request = event.request;
  const cache = await caches.open(PAGE_CACHE);
  try {
    const response = await fetch(request);
    keep(event, cache, request, response);
    return response;
  } catch (error) {
    const cached = await cache.match(request, { ignoreSearch: true });
    if (cached) return cached;
    throw error;
  }
}

// The page that registered this worker loaded before it was in control: it names itself, its
// stylesheets and scripts and the engine's worker and manifest, so that, where the site keeps
// pages for offline reading, they are kept too.
self.addEventListener("message", (event) => {
  if (!OFFLINE_PAGES || event.data?.type !== "keep" || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls.filter((url) => new URL(url).origin === self.location.origin);
  event.waitUntil((async () => {
    const cache = await caches.open(PAGE_CACHE);
    await Promise.all(urls.map(async (url) => {
      if (await cache.match(url)) return;
      const response = await fetch(url).catch(() => null);
      if (response?.ok && response.status === 200) await cache.put(url, response);
    }));
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.headers.has("range")) return; // partial responses are not cached
  if (url.pathname.includes("/livereload/")) return; // `mkdocs serve` polling for changes
  if (isEngineFile(url)) event.respondWith(cacheFirst(event));
  else if (OFFLINE_PAGES) event.respondWith(networkFirst(event));
  // Anything else goes to the network as if there were no service worker, and is not kept.
});
