// The viewer follows the standings: it asks every few seconds whether anything
// changed and, if so, swaps in the freshly drawn standings. Without JavaScript
// the page reloads itself (the <noscript> refresh), so this is only smoother.
(function () {
  "use strict";

  var live = document.getElementById("live");
  if (!live || !window.fetch || !window.DOMParser) {
    return;
  }
  var seconds = parseInt(live.getAttribute("data-seconds"), 10) || 4;
  var poll = live.getAttribute("data-poll");
  var busy = false;

  function swap() {
    return fetch(window.location.href, { cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) { return; }
        // A parsed document runs no scripts; the server escaped every name already.
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live");
        if (fresh) {
          live.replaceWith(fresh);
          live = fresh;
        }
      });
  }

  function check() {
    if (busy || document.hidden) { return; }
    busy = true;
    fetch(poll, { cache: "no-store", headers: { "Accept": "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (state) {
        if (state && state.version !== live.getAttribute("data-version")) {
          return swap();
        }
      })
      .catch(function () { /* the laptop may be asleep; try again next time */ })
      .then(function () { busy = false; });
  }

  window.setInterval(check, seconds * 1000);
  document.addEventListener("visibilitychange", check);
}());
