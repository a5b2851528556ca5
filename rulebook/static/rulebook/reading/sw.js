/* Offline reading (served as /sw.js by rulebook.reading.offline, scope "/").
 *
 * - At install the worker stores the offline pages of every language
 *   (cache "offline": /<language>/offline/, …/not-kept/, …/kept/) and the
 *   static files they use, so a reader offline never meets the browser's
 *   error page, whatever language the address asks for.
 * - Every rule page the reader opens is fetched from the network and a copy
 *   kept (cache "pages"); when the network fails, the copy is served with
 *   data-offline-copy="<when it was stored>" on <body>, and reader.js shows
 *   the banner "offline copy from … (… ago) — may be out of date".
 * - Offline, the calculator and search answer with /<language>/offline/
 *   ("this page needs a connection"), a page that was not kept with
 *   /<language>/offline/not-kept/ ("this page was not kept"), both in the
 *   language of the address; each links /<language>/offline/kept/, where
 *   reader.js lists what is kept (message "kept").
 * - Static files (hashed names) are kept once fetched.
 * - reader.js sends "visit" on every page opened online: the worker keeps
 *   that page and its assets, and compares what has been published and the
 *   release (/offline-state.json) with what its copies show; after a new
 *   publication it fetches every stored page again, after a new release
 *   the offline pages.  "keep" stores a game's pages in every language
 *   ("keep this game offline") and records when (cache "state").
 * The worker adds no script to a page and keeps each page's own headers,
 * Content-Security-Policy included.  A new version of this file changes
 * the caches' names: the activated worker deletes every other cache.
 */
"use strict";

const VERSION = "v2";
const PAGES = `rulebook-pages-${VERSION}`;
const ASSETS = `rulebook-assets-${VERSION}`;
const STATE = `rulebook-state-${VERSION}`;
const OFFLINE = `rulebook-offline-${VERSION}`;
const STATE_URL = "/offline-state.json";
const GAME_RECORD = "/offline-games/";
const LANGUAGES = ["de", "ru", "en"];
const LANGUAGE_PAGE = /^\/(de|ru|en)\//;
const NEEDS_SERVER = /^\/(de|ru|en)\/(search|calculator)(\/|$)/;
const OFFLINE_PAGE = /^\/(de|ru|en)\/offline\/(not-kept\/|kept\/)?$/;
const NOT_KEPT = /(\/feed\/|\.json|\.webmanifest|\.xml)$/;
const STATIC_LINK = /(?:href|src)="(\/static\/[^"?#]+)"/g;
const PARALLEL = 4;

function offlinePages() {
  return LANGUAGES.flatMap((code) => [`/${code}/offline/`, `/${code}/offline/not-kept/`,
    `/${code}/offline/kept/`]);
}

/* The offline pages of every language and their static files; fails (and
 * with it the install, tried again on the next visit) if one is missing. */
async function storeOfflinePages() {
  const offline = await caches.open(OFFLINE);
  const assets = new Set();
  await Promise.all(offlinePages().map(async (path) => {
    const response = await fetch(path, { cache: "no-cache", credentials: "same-origin" });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    for (const match of (await response.clone().text()).matchAll(STATIC_LINK)) {
      assets.add(match[1]);
    }
    await offline.put(path, response);
  }));
  const cache = await caches.open(ASSETS);
  for (const href of assets) {
    if (!(await cache.match(href))) await cache.add(href);
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(storeOfflinePages().then(() => self.skipWaiting()));
});

/* Copy what an older version kept (pages, static files) into this
 * version's cache; true if anything was copied. */
async function carryOver(name, into) {
  const old = await caches.open(name);
  const cache = await caches.open(into);
  let copied = false;
  for (const request of await old.keys()) {
    if (!(await cache.match(request))) {
      await cache.put(request, await old.match(request));
      copied = true;
    }
  }
  return copied;
}

/* Activated: the pages and static files an older version kept move over
 * (the next visit online renews the pages), every other cache is deleted. */
self.addEventListener("activate", (event) => {
  const current = [PAGES, ASSETS, STATE, OFFLINE];
  event.waitUntil((async () => {
    let carried = false;
    for (const name of await caches.keys()) {
      if (current.includes(name)) continue;
      if (name.startsWith("rulebook-pages-")) carried = (await carryOver(name, PAGES)) || carried;
      if (name.startsWith("rulebook-assets-")) await carryOver(name, ASSETS);
      await caches.delete(name);
    }
    if (carried) await putJSON(await caches.open(STATE), STATE_URL, { generation: "carried over" });
    await self.clients.claim();
  })());
});

function sameOrigin(url) {
  return url.origin === self.location.origin;
}

function isRulePage(url) {
  return sameOrigin(url) && LANGUAGE_PAGE.test(url.pathname) && !NEEDS_SERVER.test(url.pathname)
    && !OFFLINE_PAGE.test(url.pathname) && !NOT_KEPT.test(url.pathname);
}

/* The address's language; for an address without one (the root, the
 * admin), the first of the browser's languages the site has. */
function languageOf(url) {
  const match = LANGUAGE_PAGE.exec(url.pathname);
  if (match) return match[1];
  const preferred = (self.navigator.languages || []).map((code) => code.slice(0, 2));
  return preferred.find((code) => LANGUAGES.includes(code)) || "en";
}

/* The page's <title>, without the site's name after the last " · ". */
function titleOf(body) {
  const head = new TextDecoder().decode(body.slice(0, 16384));
  const match = /<title>([^<]*)<\/title>/.exec(head);
  if (!match) return "";
  const parts = match[1].trim().split(" · ");
  return (parts.length > 1 ? parts.slice(0, -1).join(" · ") : parts[0]).trim();
}

/* Keep a copy of a page response with the time it was stored and its title. */
async function keep(url, response) {
  const type = response.headers.get("Content-Type") || "";
  if (response.status !== 200 || !type.startsWith("text/html")) return false;
  const headers = new Headers(response.headers);
  const body = await response.clone().arrayBuffer();
  headers.set("X-Offline-Stored", new Date().toISOString());
  headers.set("X-Offline-Title", encodeURIComponent(titleOf(body)));
  headers.delete("Vary");
  const cache = await caches.open(PAGES);
  await cache.put(url, new Response(body, { status: 200, headers }));
  return true;
}

async function fetchAndKeep(url) {
  try {
    const response = await fetch(url, { cache: "no-cache", credentials: "same-origin" });
    if (response.status === 404 || response.status === 410) {
      await (await caches.open(PAGES)).delete(url);
      return false;
    }
    return await keep(url, response);
  } catch (error) {
    return false;
  }
}

/* fetchAndKeep every address, PARALLEL at a time; how many were kept. */
async function fetchAndKeepAll(urls) {
  let next = 0;
  let kept = 0;
  async function worker() {
    while (next < urls.length) {
      const url = urls[next];
      next += 1;
      if (await fetchAndKeep(url)) kept += 1;
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return kept;
}

/* A stored copy, marked as such for reader.js (the page keeps its headers). */
async function offlineCopy(request) {
  const cache = await caches.open(PAGES);
  const stored = await cache.match(request, { ignoreVary: true });
  if (!stored) return null;
  const when = stored.headers.get("X-Offline-Stored") || "";
  const html = (await stored.text()).replace("<body", `<body data-offline-copy="${when}"`);
  const headers = new Headers(stored.headers);
  headers.delete("Content-Length");
  headers.delete("ETag");
  return new Response(html, { status: 200, headers });
}

/* One of the offline pages stored at install. */
async function offlinePage(path) {
  const cache = await caches.open(OFFLINE);
  return (await cache.match(path, { ignoreVary: true })) || Response.error();
}

/* What a navigation gets when the network fails. */
async function withoutNetwork(request, url) {
  const language = languageOf(url);
  if (OFFLINE_PAGE.test(url.pathname)) return offlinePage(url.pathname);
  if (NEEDS_SERVER.test(url.pathname)) return offlinePage(`/${language}/offline/`);
  if (LANGUAGE_PAGE.test(url.pathname)) {
    return (await offlineCopy(request)) || offlinePage(`/${language}/offline/not-kept/`);
  }
  // The root ("/") sends the reader to a language's home page.
  return (await offlineCopy(new Request(`/${language}/`)))
    || offlinePage(`/${language}/offline/kept/`);
}

async function navigate(event, url) {
  try {
    const response = await fetch(event.request);
    if (isRulePage(url)) event.waitUntil(keep(url.href, response));
    return response;
  } catch (error) {
    return withoutNetwork(event.request, url);
  }
}

async function asset(request) {
  const cache = await caches.open(ASSETS);
  const stored = await cache.match(request, { ignoreVary: true });
  if (stored) return stored;
  const response = await fetch(request);
  if (response.status === 200) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (!sameOrigin(url)) return;
  if (request.mode === "navigate" && (LANGUAGE_PAGE.test(url.pathname) || url.pathname === "/")) {
    event.respondWith(navigate(event, url));
  } else if (url.pathname.startsWith("/static/")) {
    event.respondWith(asset(request));
  }
});

async function readJSON(cache, key) {
  const stored = await cache.match(key);
  return stored ? stored.json() : null;
}

function putJSON(cache, key, value) {
  return cache.put(key, new Response(JSON.stringify(value),
    { headers: { "Content-Type": "application/json" } }));
}

async function gameRecords(state) {
  const records = [];
  for (const request of await state.keys()) {
    if (new URL(request.url).pathname.startsWith(GAME_RECORD)) {
      records.push(await readJSON(state, request));
    }
  }
  return records.filter(Boolean);
}

/* Renew every stored page when something new has been published, and the
 * offline pages when the site runs a new release. */
async function renewIfPublished() {
  const response = await fetch(STATE_URL, { cache: "no-store" });
  const { generation, release } = await response.json();
  const state = await caches.open(STATE);
  const previous = (await readJSON(state, STATE_URL)) || {};
  let renewed = 0;
  if (previous.release !== undefined && previous.release !== release) {
    try { await storeOfflinePages(); } catch (error) { return renewed; }  // the next visit
  }
  if (previous.generation !== undefined && previous.generation !== generation) {
    const pages = await caches.open(PAGES);
    const urls = (await pages.keys()).map((request) => request.url);
    renewed = await fetchAndKeepAll(urls);
    if (renewed === urls.length) {  // every kept game is as new as its pages
      const now = new Date().toISOString();
      for (const record of await gameRecords(state)) {
        await putJSON(state, GAME_RECORD + record.game, { ...record, stored: now });
      }
    }
  }
  if (previous.generation !== generation || previous.release !== release) {
    await putJSON(state, STATE_URL, { generation, release });
  }
  return renewed;
}

async function visit(data) {
  const url = new URL(data.url);
  const pages = await caches.open(PAGES);
  if (isRulePage(url) && !(await pages.match(url.href, { ignoreVary: true }))) {
    await fetchAndKeep(url.href);
  }
  const offline = await caches.open(OFFLINE);
  if ((await offline.keys()).length < offlinePages().length) {
    try { await storeOfflinePages(); } catch (error) { /* stored on the next visit */ }
  }
  const assets = await caches.open(ASSETS);
  for (const href of data.assets || []) {
    if (!(await assets.match(href))) {
      try { await assets.add(href); } catch (error) { /* kept on the next visit */ }
    }
  }
  return { renewed: await renewIfPublished() };
}

/* "Keep this game offline": the game's pages in every language (the list
 * of /<language>/<game>/offline.json), and, once all are stored, a record
 * of when (the game's names and pages per language, for the kept list). */
async function keepAll(data) {
  const urls = [];
  for (const href of data.urls || []) {
    const url = new URL(href, self.location.origin);
    if (isRulePage(url)) urls.push(url.href);
  }
  const kept = await fetchAndKeepAll(urls);
  if (data.game && kept > 0 && kept === urls.length) {  // a partial copy keeps the last date
    await putJSON(await caches.open(STATE), GAME_RECORD + data.game.game, {
      game: data.game.game, names: data.game.names || {}, homes: data.game.homes || {},
      languages: data.game.languages || [], source: data.source || "",
      stored: new Date().toISOString(), kept, total: urls.length,
    });
  }
  return { kept, total: (data.urls || []).length };
}

/* What is kept for a language: the kept games (their records) and the
 * other pages opened in that language, newest first. */
async function keptList(data) {
  const state = await caches.open(STATE);
  const games = await gameRecords(state);
  const language = LANGUAGES.includes(data.language) ? data.language : "en";
  const inGames = games.map((record) => `/${language}/${record.game}/`);
  const pages = await caches.open(PAGES);
  const list = [];
  for (const request of await pages.keys()) {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(`/${language}/`)
        || inGames.some((prefix) => url.pathname.startsWith(prefix))) continue;
    const stored = await pages.match(request);
    list.push({
      url: url.pathname + url.search,
      title: decodeURIComponent(stored.headers.get("X-Offline-Title") || ""),
      stored: stored.headers.get("X-Offline-Stored") || "",
    });
  }
  list.sort((a, b) => (a.stored < b.stored ? 1 : -1));
  return { games, pages: list };
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  const port = event.ports && event.ports[0];
  const work = data.type === "visit" ? visit(data) : data.type === "keep" ? keepAll(data)
    : data.type === "kept" ? keptList(data) : null;
  if (!work) return;
  event.waitUntil(work.then(
    (result) => port && port.postMessage({ ok: true, ...result }),
    (error) => port && port.postMessage({ ok: false, error: String(error) })));
});
