// The app's service worker: every file the page needs, cached under the app's version, so that after one
// visit the app opens, plays, solves and runs code with no network.
//
// static/vendor/sw-files.js (written by tools/configs.py at set-up and by the server) sets self.APP:
// {version, files: {path: integrity}, lazy: {path: integrity}, sizes: {path: bytes}}, paths from this file's folder ("" is the
// page). The browser compares this script and that one byte for byte at every start of the page, so any
// changed file makes a new version, which installs beside the running one:
// - install: one cache per version, `bfs-puzzles-<version>`; each file is copied from the version before
//   when its digest is the same, else fetched with its integrity, so a file that changed on the server
//   after the list was written fails the install (tried again at the next start) instead of caching a mix.
//   The page registers this worker as soon as its board is playable, while its solver still starts, and
//   the install comes in two parts so that it never competes with that start for the network: first
//   every file the HTTP cache already holds (`only-if-cached`: no request at all; the integrity decides
//   whether that copy is this version's) and the small ones it does not; then, once the page says its
//   solver is ready (it posts "started"; or after START_UP_WAIT_MS), the large ones (BIG: the runtimes and
//   their snapshots), from the HTTP cache when the page fetched them meanwhile (`force-cache`), else from
//   the server (`no-cache`: the HTTP cache answers only once the server said it is current). Each part
//   runs PARALLEL files at a time, each lane taking the next file as soon as it is done, the largest first.
// - the new version waits: the page (static/offline.js) offers "A new version is ready — Reload"; it takes
//   over when the player agrees (the page posts "skip-waiting") or once no page of the old one is open.
// - activate: the other versions' caches are deleted (no page uses them any more).
// - fetch: same-origin GETs of the listed files come from this version's cache (a navigation to the page,
//   whatever its query, gets index.html); the lazy files (the sliding pattern tables) are cached the first
//   time a page asks for them. Anything else, the race's socket (/race) and other origins included, goes to
//   the network untouched.
// - isolation: what this worker answers carries COOP/COEP (same-origin / require-corp), as the serve command
//   sends them, so that a page on a static host, which sends no such headers, is cross-origin isolated from
//   its second load on too (the Code panel then can ask a slow program where it is; without, it only stops
//   it). Every file the page loads is same-origin, so require-corp blocks none.
importScripts("./static/vendor/sw-files.js");

const PREFIX = "bfs-puzzles-";
const CACHE = PREFIX + self.APP.version;
const LIST = "__files__"; // a version's cache keeps its list of files under this key
const BASE = new URL("./", self.location).href;
const PARALLEL = 6;

const url = (path) => BASE + path;

let startedUp;
const startUp = new Promise((resolve) => { startedUp = resolve; });
const BIG = 1 << 20; // bytes: a file this large that the page has not fetched yet waits for its start-up
const START_UP_WAIT_MS = 15000; // no page said its solver is ready (none open, or one that failed): go on

// `path` of this version (its integrity checked), asked with the fetch cache mode `mode`; null when it
// cannot be had that way (not in the HTTP cache, another version's bytes there, or no answer).
async function fetched(path, sri, mode) {
  try {
    const response = await fetch(url(path), { cache: mode, mode: "same-origin", integrity: sri, credentials: "same-origin" });
    return response.ok ? response : null;
  } catch (e) {
    return null;
  }
}

// `path` of this version: the HTTP cache's copy when it is this version's, else the server's; else an error.
async function get(path, sri) {
  const response = (await fetched(path, sri, "force-cache")) ?? (await fetched(path, sri, "no-cache"));
  if (!response) throw new Error(`${path}: not fetched`);
  return response;
}

// Run `task` on each item, PARALLEL at a time, each lane taking the next item as soon as it is done.
async function lanes(items, task) {
  const queue = [...items];
  const lane = async () => { while (queue.length) await task(queue.shift()); };
  await Promise.all(Array.from({ length: PARALLEL }, lane));
}

async function install() {
  const cache = await caches.open(CACHE);
  const wanted = Object.entries(self.APP.files);
  // The versions before this one: a file with the same digest is taken from them, not fetched again.
  const older = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const old = await caches.open(name);
    const list = await old.match(url(LIST));
    if (list) older.push([old, await list.json()]);
  }
  const copyOf = async (path, sri) => {
    for (const [old, list] of older) {
      if (list.files[path] === sri || list.lazy[path] === sri) {
        const hit = await old.match(url(path));
        if (hit) return hit;
      }
    }
    return null;
  };
  const later = [];
  await lanes(wanted, async ([path, sri]) => {
    if (await cache.match(url(path))) return; // an install tried before got this far
    let response = (await copyOf(path, sri)) ?? (await fetched(path, sri, "only-if-cached"));
    if (!response && (self.APP.sizes[path] ?? BIG) < BIG) response = await get(path, sri); // small: now
    if (response) await cache.put(url(path), response);
    else later.push([path, sri]);
  });
  await Promise.race([startUp, new Promise((resolve) => setTimeout(resolve, START_UP_WAIT_MS))]);
  later.sort(([a], [b]) => (self.APP.sizes[b] ?? 0) - (self.APP.sizes[a] ?? 0));
  await lanes(later, async ([path, sri]) => { await cache.put(url(path), await get(path, sri)); });
  // Pattern tables the version before had fetched and that did not change are kept.
  for (const [path, sri] of Object.entries(self.APP.lazy)) {
    const hit = await copyOf(path, sri);
    if (hit) await cache.put(url(path), hit);
  }
  await cache.put(url(LIST), new Response(JSON.stringify(self.APP), { headers: { "Content-Type": "application/json" } }));
}

self.addEventListener("install", (event) => event.waitUntil(install()));

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    await self.clients.claim(); // the first visit's page too: what it loads from now on comes from here
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  if (event.data === "started") startedUp(); // a page's solver is ready: the install fetches the rest
});

const ISOLATION = { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" };

// `response` with the isolation headers (the same body, status and other headers).
function isolated(response) {
  if (response.type === "opaque" || response.type === "opaqueredirect" || response.status === 0) return response;
  if (Object.entries(ISOLATION).every(([k, v]) => response.headers.get(k) === v)) return response;
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(ISOLATION)) headers.set(k, v);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function fromCache(path, request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(url(path));
  if (hit) return isolated(hit);
  const sri = self.APP.files[path] ?? self.APP.lazy[path];
  const response = await fetch(url(path), { cache: "no-cache", integrity: sri, signal: request.signal });
  if (response.ok) await cache.put(url(path), response.clone());
  return isolated(response);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(BASE) || request.headers.has("range")) return;
  const address = new URL(request.url);
  let path = address.pathname.slice(new URL(BASE).pathname.length);
  if (request.mode === "navigate" && (path === "" || path === "index.html")) path = "";
  else if (address.search) return; // the listed files are asked for without a query
  if (!(path in self.APP.files) && !(path in self.APP.lazy)) return;
  event.respondWith(fromCache(path, request));
});
