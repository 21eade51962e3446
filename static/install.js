// Registers the service worker (/sw.js, templates/offline/sw.js) that makes the app
// installable and shows the offline page when the machine that keeps the scores cannot be
// reached. A browser runs a service worker only on a secure page (HTTPS, or the machine
// itself at localhost): over plain http on the LAN this does nothing, and the app works as
// it always did. Each page then tells the worker its language, so the offline page is
// shown in the one the player reads.
(function () {
  "use strict";

  var script = document.currentScript;
  if (!script || !window.isSecureContext || !("serviceWorker" in navigator)) { return; }
  var worker = script.getAttribute("data-worker");
  var language = document.documentElement.lang;

  navigator.serviceWorker.register(worker, { scope: "/" }).then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (registration) {
    if (registration.active) { registration.active.postMessage({ language: language }); }
  }).catch(function () {
    // Refused (a private window, storage switched off): the pages work without it.
  });
}());
