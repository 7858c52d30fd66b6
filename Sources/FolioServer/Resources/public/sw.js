// Folio's service worker, served at /sw.js so that it controls every page.
//
// The shell (styles, scripts, icons, the offline page) comes from a cache named after its version,
// so a visit works with or without a connection. Pages go to the network first, always: while
// online the reader sees the server's page, and a copy of each page the server lets us keep (not
// `no-store`: see OfflinePagesMiddleware) is kept for when the connection is gone. Without a
// connection a page is answered from its copy, or with the offline page, which says what needs
// the server. Nothing from an account page, a POST or the API is ever kept.
"use strict";

// The server writes the real line when it serves this file: a digest of the shell's files (any
// change to them makes this a new worker) and their list.
const SHELL = {"files":[],"version":"unversioned"};

const SHELL_CACHE = "folio-shell-" + SHELL.version;
// Kept pages outlive a new shell: what was read stays readable after an update. The number
// changes only if what is kept in it changes shape.
const PAGES_CACHE = "folio-pages-1";
// Ghost's dictionaries as the page that plays on the device downloaded them (public/ghost-offline.js):
// large, and the same for everyone, so kept through every update.
const WORDS_CACHE_PREFIX = "folio-ghost-words-";
// Pairs' sounds heard online, to be heard again offline: an account's, so they go when another
// account's pages are kept, and in a cache of their own so they never push a kept page out.
const AUDIO_CACHE = "folio-audio-1";
// Every pair of an account, as public/vocab-pairs-data.js keeps them to change without a
// connection: kept through updates, and gone when another account's pages are kept.
const PAIRS_CACHE = "folio-pairs-1";
const MAX_SOUNDS = 200;
const OFFLINE_URL = "/offline";
// Whose pages the pages cache holds (the server's Folio-Account tag), stored beside them.
const ACCOUNT_KEY = "/offline?kept-for";
// Enough for a week of reading; the oldest copies go first.
const MAX_KEPT = 300;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(SHELL_CACHE);
    // "reload": from the server itself, never a copy the browser kept of the last version.
    await cache.addAll([OFFLINE_URL].concat(SHELL.files).map((url) => new Request(url, { cache: "reload" })));
    // The new shell serves from the next page on, without waiting for every tab to close.
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names
      .filter((name) => name.startsWith("folio-") && name !== SHELL_CACHE && name !== PAGES_CACHE && name !== AUDIO_CACHE && name !== PAIRS_CACHE
        && !name.startsWith(WORDS_CACHE_PREFIX))
      .map((name) => caches.delete(name)));
    // The page that installed the worker is controlled at once, so it works offline too.
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(request.method === "GET" ? page(event) : send(event));
    return;
  }
  // A pair's sound, heard online, is kept to be heard again offline.
  if (request.method === "GET" && PAIR_AUDIO.test(url.pathname)) {
    event.respondWith(sound(event));
    return;
  }
  if (request.method !== "GET" || isNeverKept(url)) return;
  if (url.pathname.startsWith("/public/")) {
    event.respondWith(shellFile(request));
  } else if (request.destination === "image") {
    // Character portraits and the like: kept beside the pages that show them.
    event.respondWith(networkFirst(event));
  }
  // Anything else (live search, a game's board, the API) goes to the network untouched: the
  // page's own script says when it cannot be reached.
});

// Opened without a worker (the first visit), a page asks for its own copy once the worker runs.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep" || typeof data.url !== "string") return;
  const url = new URL(data.url, self.location.origin);
  if (url.origin !== self.location.origin || isNeverKept(url)) return;
  event.waitUntil(fetch(url.href, { credentials: "same-origin" })
    .then((response) => (isKeepable(url, response) ? keep(new Request(url.href), response) : undefined))
    .catch(() => undefined));
});

// A pair's sound (its address names the side's text, so an edited side is a new sound). It is the
// account's, kept beside its pages, and goes with them when another account's pages are kept.
const PAIR_AUDIO = /^\/api\/v1\/vocab\/pairs\/\d+\/audio$/;

function isNeverKept(url) {
  return url.pathname.startsWith("/account") || url.pathname.startsWith("/api/") || url.pathname.startsWith("/swapi/")
    || url.pathname === "/sw.js";
}

// A page may be kept when the server answered it in full, for this origin, and did not forbid it.
function isKeepable(url, response) {
  if (isNeverKept(url) || response.status !== 200 || response.type !== "basic" || response.redirected) return false;
  return !/(^|[,\s])no-store\b/i.test(response.headers.get("Cache-Control") || "");
}

async function page(event) {
  const request = event.request;
  const url = new URL(request.url);
  let response;
  try {
    // Back or Forward may ask for a page from the browser's cache alone ("only-if-cached"),
    // which fetch() refuses for a navigation: such a page is asked for like any other (a
    // redirect left to the browser, as a navigation's must be).
    response = await fetch(request.cache === "only-if-cached"
      ? new Request(request.url, { credentials: "same-origin", redirect: "manual" }) : request);
  } catch (error) {
    return (await keptCopy(request)) || offlinePage();
  }
  // A proxy answering for a server that is down: the kept copy says more than its error page.
  if (response.status === 502 || response.status === 503 || response.status === 504) {
    return (await keptCopy(request)) || response;
  }
  if (isKeepable(url, response)) event.waitUntil(keep(request, response.clone()));
  return response;
}

// A form sent as a navigation: never kept, and without a connection the offline page says
// that it was not saved.
async function send(event) {
  const request = event.request;
  try {
    const response = await fetch(request);
    if (new URL(request.url).pathname === SEARCH_OPTIONS) event.waitUntil(refreshKeptLists());
    return response;
  } catch (error) {
    // Back or Forward to a page that answered a form (a refused log-in, say): the browser asks
    // only its own cache for it, so as not to send the form again, and finds nothing there. That
    // is no lost connection: the form's own page is shown instead, and nothing is sent.
    if (request.cache === "only-if-cached" && request.referrer && new URL(request.referrer).origin === self.location.origin) {
      return Response.redirect(request.referrer, 303);
    }
    return offlinePage();
  }
}

// Monologues' saved search options (gender, tone, length…) shape every list of speeches the
// server sends, so a list kept before they changed would show the old filters offline. Once
// options are sent (saved or cleared), the newest kept lists are fetched again and the others
// let go: a few requests, once, for a form a reader sends rarely.
const SEARCH_OPTIONS = "/monologues/options";
const SEARCH_LIST = "/monologues";
const LISTS_REFRESHED = 8;

async function refreshKeptLists() {
  const cache = await caches.open(PAGES_CACHE);
  const lists = (await cache.keys()).filter((key) => new URL(key.url).pathname === SEARCH_LIST).reverse();
  for (let k = 0; k < lists.length; k++) {
    const key = lists[k];
    let response = null;
    if (k < LISTS_REFRESHED) {
      try {
        response = await fetch(key.url, { credentials: "same-origin" });
      } catch (error) {
        response = null;
      }
    }
    if (response && isKeepable(new URL(key.url), response)) await keep(new Request(key.url), response);
    else await cache.delete(key);
  }
}

async function shellFile(request) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") cache.put(request, response.clone());
  return response;
}

async function networkFirst(event) {
  const request = event.request;
  try {
    const response = await fetch(request);
    if (isKeepable(new URL(request.url), response)) {
      const copy = response.clone();
      event.waitUntil(caches.open(PAGES_CACHE).then((cache) => cache.put(request, copy)));
    }
    return response;
  } catch (error) {
    const kept = await keptCopy(request);
    if (kept) return kept;
    throw error;
  }
}

async function sound(event) {
  const request = event.request;
  const cache = await caches.open(AUDIO_CACHE);
  try {
    const response = await fetch(request);
    if (response.status === 200 && response.type === "basic") {
      const copy = response.clone();
      event.waitUntil((async () => {
        await cache.put(request.url, copy);
        const keys = await cache.keys();
        await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_SOUNDS)).map((key) => cache.delete(key)));
      })());
    }
    return response;
  } catch (error) {
    const kept = await cache.match(request.url);
    if (kept) return kept;
    throw error;
  }
}

async function keptCopy(request) {
  const cache = await caches.open(PAGES_CACHE);
  const url = new URL(request.url);
  return (await cache.match(request)) || (await keptPlotPage(cache, url)) || (await keptPairsPage(cache, url)) || (await keptRevisionPage(cache, url))
    || (await keptRehearsalPage(cache, url)) || (await keptGhostPage(cache, url));
}

// Ghost's games are refereed by the server, but plain Ghost can be played on the device: without
// a connection, the setup page and a game's page are answered with the page that plays it there.
const GHOST_ADDRESS = /^\/ghost(\/games(\/[^/]+)?)?\/?$/;

async function keptGhostPage(cache, url) {
  if (!GHOST_ADDRESS.test(url.pathname)) return undefined;
  return cache.match(new URL("/ghost/offline", url.origin).href);
}

// The list of pairs, a new pair and a pair's pages need the server, but keeping pairs does not:
// without a connection they are answered with the page that lists and changes the pairs kept on
// the device, once it is kept (else the list falls to the revision page, as before it was).
const PAIRS_ADDRESS = /^\/vocab(\/new|\/pairs\/\d+(\/edit)?)?\/?$/;

async function keptPairsPage(cache, url) {
  if (!PAIRS_ADDRESS.test(url.pathname)) return undefined;
  return cache.match(new URL("/vocab/offline", url.origin).href);
}

// Vocabulary's pages need the server, but revising does not: without a connection, its pages
// are answered with the page that revises from the cards kept on the device, once it is kept.
const REVISION_ADDRESS = /^\/vocab(\/revise(\/[a-z]*)?)?\/?$/;

async function keptRevisionPage(cache, url) {
  if (!REVISION_ADDRESS.test(url.pathname)) return undefined;
  return cache.match(new URL("/vocab/revise/offline", url.origin).href);
}

// A favourite's rehearsal needs the server too, but rehearsing does not: without a connection, its
// pages (the line asked, a line checked) are answered with the page that rehearses from what the
// device took with it, which reads the favourite and the line from the address.
const REHEARSAL_ADDRESS = /^\/monologues\/favourites\/[^/]+\/rehearse(\/check)?\/?$/;

async function keptRehearsalPage(cache, url) {
  if (!REHEARSAL_ADDRESS.test(url.pathname)) return undefined;
  return cache.match(new URL("/monologues/rehearse/offline", url.origin).href);
}

// A plot's address (/plots/917484202, /plots/s3-p12-m40) names its plot completely, and every
// plot page holds all the wheels: one kept plot page shows any plot, its script turning the
// wheels to the one the address names. So a plot dealt offline by Spin can be reloaded.
const PLOT_ADDRESS = /^\/plots(\/(\d{1,20}|s\d+-p\d+-m\d+))?$/;

async function keptPlotPage(cache, url) {
  if (!PLOT_ADDRESS.test(url.pathname)) return undefined;
  const keys = await cache.keys();
  // The copy kept last holds the wheels as they stand now.
  for (let k = keys.length - 1; k >= 0; k--) {
    const kept = new URL(keys[k].url);
    if (kept.origin === url.origin && PLOT_ADDRESS.test(kept.pathname) && !kept.search) return cache.match(keys[k]);
  }
  return undefined;
}

async function offlinePage() {
  const cache = await caches.open(SHELL_CACHE);
  return (await cache.match(OFFLINE_URL))
    || new Response("Folio is offline, and this page has not been kept on this device.",
      { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

// Keeps a page's copy. The pages of one account only: when the server says the page is someone
// else's (a log-out, another person logging in), every kept page goes first, so that nobody
// reads another person's favourites offline on a shared device.
async function keep(request, response) {
  const owner = response.headers.get("Folio-Account") || "visitor";
  let cache = await caches.open(PAGES_CACHE);
  const marker = await cache.match(ACCOUNT_KEY);
  if (!marker || (await marker.text()) !== owner) {
    await caches.delete(PAGES_CACHE);
    await caches.delete(AUDIO_CACHE);
    await caches.delete(PAIRS_CACHE);
    cache = await caches.open(PAGES_CACHE);
    await cache.put(ACCOUNT_KEY, new Response(owner));
  }
  await cache.put(request, response);
  // Keys come back in the order they were stored, and storing again moves a page to the end.
  const keys = (await cache.keys()).filter((key) => new URL(key.url).href !== new URL(ACCOUNT_KEY, self.location.origin).href);
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_KEPT)).map((key) => cache.delete(key)));
}
