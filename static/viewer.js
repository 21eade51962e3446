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
  // Say when the laptop stops answering, so old standings are not taken for new ones.
  var reach = document.createElement("p");
  reach.className = "viewer-reach";
  reach.setAttribute("role", "status");
  reach.hidden = true;
  live.parentNode.insertBefore(reach, live);
  var lost = false;

  function reached(up) {
    if (up === !lost) { return; }
    lost = !up;
    reach.hidden = false;
    reach.classList.toggle("viewer-reach-back", up);
    // The page's words, in its language (templates/_script_words.html).
    var words = JSON.parse(document.getElementById("script-words").dataset.words);
    reach.textContent = up ? words.standings_back : words.standings_lost;
  }

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
    // "no-cache": the browser sends back the last answer's ETag and takes a 304 as that answer.
    fetch(poll, { cache: "no-cache", headers: { "Accept": "application/json" } })
      .then(function (response) { reached(true); return response.ok ? response.json() : null; })
      .then(function (state) {
        if (state && state.version !== live.getAttribute("data-version")) {
          return swap();
        }
      })
      .catch(function () { reached(false); /* asleep or gone; try again next time */ })
      .then(function () { busy = false; });
  }

  window.setInterval(check, seconds * 1000);
  document.addEventListener("visibilitychange", check);
}());
