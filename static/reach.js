// Every page of the scorer says when the laptop stops answering and when it is back, so
// standings on screen are not taken for fresh ones and nobody taps into a dead page. The
// record-hand form (entry.js) and the viewer (viewer.js) say it their own way and do not
// load this. It asks for this script itself, the smallest thing the laptop serves. Without
// JavaScript nothing changes.
(function () {
  "use strict";

  var main = document.querySelector("main");
  var probe = document.currentScript && document.currentScript.src;
  if (!main || !probe || !window.fetch) { return; }
  var note = document.getElementById("reach");  // a page may say where it goes
  // The words, in the page's language, on this script's own tag (templates/base.html).
  var words = document.currentScript.dataset;

  function place() {
    // Made when first needed, after what the last action said (the flashes), before the
    // page itself: the page as it loads is left as the server drew it.
    note = document.createElement("p");
    note.id = "reach";
    note.className = "reach";
    note.setAttribute("role", "status");
    main.insertBefore(note, main.querySelector(":scope > :not(.flash)"));
  }

  var lost = false;
  var busy = false;
  var fading = null;

  function say(up) {
    window.clearTimeout(fading);
    if (!note) {
      // A screen reader reads a status line that changes, not one that appears with its words.
      place();
      window.setTimeout(function () { say(up); }, 100);
      return;
    }
    note.hidden = false;
    note.classList.toggle("reach-back", up);
    note.textContent = up ? words.back : words.lost;
    // "Back" is news for a moment; "cannot be reached" stays until it is not true.
    if (up) { fading = window.setTimeout(function () { note.hidden = true; }, 6000); }
  }

  function check() {
    if (busy || document.hidden) { return; }
    busy = true;
    fetch(probe, { method: "HEAD", cache: "no-store" })
      .then(function () { return true; }, function () { return false; })
      .then(function (up) {
        busy = false;
        if (up === lost) {
          lost = !up;
          say(up);
        }
      });
  }

  window.setInterval(check, 4000);
  window.addEventListener("online", check);
  window.addEventListener("offline", check);
  document.addEventListener("visibilitychange", check);
}());
