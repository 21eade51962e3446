// Scorekeeper's service worker (issue 28), drawn by web/offline.py, registered by
// static/install.js only where the page is a secure context (HTTPS, or the machine itself).
//
// What it does, and what it never does:
// - A page (a navigation) always goes to the network first. Only when the network fails (or
//   a proxy in front says the app cannot be reached) does the phone get the offline page, in
//   its language: never a score page kept from before, which would pass for the current one.
// - Static files are answered from the cache: each is kept at its fingerprinted address, and
//   a changed file has a new address, so a kept one is never stale.
// - The API, the polls, every form post and everything else go to the network untouched,
//   and nothing they answer is kept.
//
// Updates: the cache's name holds the app's version and a digest of what it keeps, so a new
// release or a changed file changes this script, and the phone installs the new worker at
// its next visit. The new worker takes over at once (skipWaiting and clients.claim) rather
// than waiting for every tab to close or asking the player to reload: it serves no page
// from its cache, and every page asks for its files by fingerprint, so a page loaded under
// the old worker keeps working under the new one (a file it lacks comes from the network,
// as it did before any worker). A reload prompt in the middle of a hand would be one more
// thing to tap for nothing. Old caches are deleted once the new worker is active.
"use strict";

var CACHE = {{ cache | tojson }};
// Where the phone's language is kept between the worker's runs: not versioned, so an
// update does not forget it.
var PHONE = "scorekeeper-phone";
var LANGUAGE_KEY = "/offline/language";
var FILES = {{ files | tojson }};
var OFFLINE = {{ offline | tojson }};
var LANGUAGES = {{ languages | tojson }};
// Behind a reverse proxy (README, "Running it for a club") the app stopped or asleep is not a
// failed fetch but the proxy's own answer: 502 Bad Gateway, or 504 when it waited in vain.
// The app itself never answers either (its 503 says the database is damaged, and is shown).
var UNREACHABLE = [502, 504];

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      // Fetched afresh, past the browser's own cache: the offline pages are sent no-cache,
      // and the fingerprinted files are the same wherever they come from.
      return cache.addAll(FILES.map(function (file) {
        return new Request(file, { cache: "reload" });
      }));
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name !== CACHE && name !== PHONE && name.indexOf("scorekeeper-") === 0;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

// Every page tells the worker its language (static/install.js): the language cookie is
// not readable here, and the page's own language is the one the player chose.
self.addEventListener("message", function (event) {
  var language = event.data && event.data.language;
  if (LANGUAGES.indexOf(language) < 0) { return; }
  event.waitUntil(caches.open(PHONE).then(function (cache) {
    return cache.put(LANGUAGE_KEY, new Response(language));
  }));
});

// The phone's language: the one its last page was in, else the first of the phone's own
// languages the app speaks, else English.
function phoneLanguage() {
  return caches.open(PHONE).then(function (cache) {
    return cache.match(LANGUAGE_KEY);
  }).then(function (kept) {
    return kept ? kept.text() : "";
  }).then(function (kept) {
    if (LANGUAGES.indexOf(kept) >= 0) { return kept; }
    var wanted = (self.navigator.languages || []).map(function (tag) {
      return tag.toLowerCase().split("-")[0];
    });
    for (var i = 0; i < wanted.length; i++) {
      if (LANGUAGES.indexOf(wanted[i]) >= 0) { return wanted[i]; }
    }
    return "en";
  });
}

function offlinePage() {
  return phoneLanguage().then(function (language) {
    return caches.open(CACHE).then(function (cache) {
      return cache.match(OFFLINE[language]).then(function (found) {
        return found || cache.match(OFFLINE.en);
      });
    });
  }).then(function (found) {
    // Nothing kept (the cache was cleared): the browser's own error, as without a worker.
    return found || Response.error();
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).then(function (answer) {
      return UNREACHABLE.indexOf(answer.status) >= 0 ? offlinePage() : answer;
    }).catch(offlinePage));
    return;
  }
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin ||
      url.pathname.indexOf("/static/") !== 0) {
    return;
  }
  event.respondWith(caches.match(request, { cacheName: CACHE }).then(function (kept) {
    return kept || fetch(request);
  }));
});
