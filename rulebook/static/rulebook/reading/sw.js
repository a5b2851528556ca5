/* Offline reading (served as /sw.js by rulebook.reading.offline, scope "/").
 *
 * - Every rule page the reader opens is fetched from the network and a copy
 *   kept (cache "pages"); when the network fails, the copy is served with
 *   data-offline-copy="<when it was stored>" on <body>, and reader.js shows
 *   the banner "offline copy from … — may be out of date".
 * - The calculator and search need the server: offline they answer with the
 *   stored page /<language>/offline/ ("this page needs a connection").
 * - Static files (hashed names) are kept once fetched.
 * - reader.js sends "visit" on every page opened online: the worker keeps
 *   that page, its assets and the offline page, and compares what has been
 *   published (/offline-state.json) with what its copies show; after a new
 *   publication it fetches every stored page again.  "keep" stores a list
 *   of pages ("keep this game offline").
 * The worker adds no script to a page and keeps each page's own headers,
 * Content-Security-Policy included.
 */
"use strict";

const PAGES = "rulebook-pages-v1";
const ASSETS = "rulebook-assets-v1";
const STATE = "rulebook-state-v1";
const STATE_URL = "/offline-state.json";
const LANGUAGE_PAGE = /^\/(de|ru|en)\//;
const NEEDS_SERVER = /^\/(de|ru|en)\/(search|calculator)(\/|$)/;
const NOT_KEPT = /(\/feed\/|\/offline\/|\.json|\.webmanifest|\.xml)$/;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  const current = [PAGES, ASSETS, STATE];
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (!current.includes(name)) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

function sameOrigin(url) {
  return url.origin === self.location.origin;
}

function isRulePage(url) {
  return sameOrigin(url) && LANGUAGE_PAGE.test(url.pathname) && !NEEDS_SERVER.test(url.pathname)
    && !NOT_KEPT.test(url.pathname);
}

function languageOf(url) {
  const match = LANGUAGE_PAGE.exec(url.pathname);
  return match ? match[1] : "de";
}

/* Keep a copy of a page response with the time it was stored. */
async function keep(url, response) {
  const type = response.headers.get("Content-Type") || "";
  if (response.status !== 200 || !type.startsWith("text/html")) return false;
  const headers = new Headers(response.headers);
  headers.set("X-Offline-Stored", new Date().toISOString());
  headers.delete("Vary");
  const body = await response.clone().arrayBuffer();
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

async function needsConnection(url) {
  const cache = await caches.open(PAGES);
  const page = await cache.match(`/${languageOf(url)}/offline/`, { ignoreVary: true });
  return page || Response.error();
}

async function navigate(event, url) {
  try {
    const response = await fetch(event.request);
    if (isRulePage(url)) event.waitUntil(keep(url.href, response));
    return response;
  } catch (error) {
    if (NEEDS_SERVER.test(url.pathname)) return needsConnection(url);
    return (await offlineCopy(event.request)) || needsConnection(url);
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
  if (request.mode === "navigate" && LANGUAGE_PAGE.test(url.pathname)) {
    event.respondWith(navigate(event, url));
  } else if (url.pathname.startsWith("/static/")) {
    event.respondWith(asset(request));
  }
});

/* Renew every stored page when something new has been published. */
async function renewIfPublished() {
  const response = await fetch(STATE_URL, { cache: "no-store" });
  const { generation } = await response.json();
  const state = await caches.open(STATE);
  const stored = await state.match(STATE_URL);
  const previous = stored ? (await stored.json()).generation : null;
  let renewed = 0;
  if (previous !== generation) {
    if (previous !== null) {
      const pages = await caches.open(PAGES);
      for (const request of await pages.keys()) {
        if (await fetchAndKeep(request.url)) renewed += 1;
      }
    }
    await state.put(STATE_URL, new Response(JSON.stringify({ generation }),
      { headers: { "Content-Type": "application/json" } }));
  }
  return renewed;
}

async function visit(data) {
  const url = new URL(data.url);
  const pages = await caches.open(PAGES);
  if (isRulePage(url) && !(await pages.match(url.href, { ignoreVary: true }))) {
    await fetchAndKeep(url.href);
  }
  const offline = `/${languageOf(url)}/offline/`;
  if (!(await pages.match(offline, { ignoreVary: true }))) await fetchAndKeep(offline);
  const assets = await caches.open(ASSETS);
  for (const href of data.assets || []) {
    if (!(await assets.match(href))) {
      try { await assets.add(href); } catch (error) { /* kept on the next visit */ }
    }
  }
  return { renewed: await renewIfPublished() };
}

async function keepAll(data) {
  let kept = 0;
  for (const href of data.urls || []) {
    const url = new URL(href, self.location.origin);
    if (isRulePage(url) && await fetchAndKeep(url.href)) kept += 1;
  }
  return { kept, total: (data.urls || []).length };
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  const port = event.ports && event.ports[0];
  const work = data.type === "visit" ? visit(data) : data.type === "keep" ? keepAll(data) : null;
  if (!work) return;
  event.waitUntil(work.then(
    (result) => port && port.postMessage({ ok: true, ...result }),
    (error) => port && port.postMessage({ ok: false, error: String(error) })));
});
