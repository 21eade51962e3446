// The table screen (templates/screen/show.html). clock.js follows the clock and viewer.js
// the scores; this script keeps the screen awake where the browser allows it (and says
// when it cannot), marks whose turn it is on the circle of players, and speaks the turns,
// the last ten seconds, the time running out and who deals the next hand, if switched on
// (off by default, kept on this device), in the page's language.
(function () {
  "use strict";

  var screen = document.getElementById("screen");
  if (!screen) { return; }
  var words = JSON.parse(screen.getAttribute("data-words"));
  var SPEECH_KEY = "scorekeeper-screen-speech";
  var wake = document.getElementById("wake");
  var lock = null;

  function keepAwake() {
    if (!navigator.wakeLock || !window.isSecureContext) {
      wake.textContent = words.asleep;
      return;
    }
    if (lock || document.hidden) { return; }
    navigator.wakeLock.request("screen").then(function (held) {
      lock = held;
      wake.textContent = words.awake;
      // The browser lets go when the page is hidden; it is asked again when seen.
      held.addEventListener("release", function () { lock = null; });
    }).catch(function () {
      // A secure page the browser refused (a setting, a low battery): going to localhost
      // would not help there.
      wake.textContent = words.refused;
    });
  }

  // Speech: off until tapped on, remembered on this device.
  var speech = screen.querySelector(".screen-speech");
  var speaks = !!(window.speechSynthesis && window.SpeechSynthesisUtterance);

  function speechOn() {
    try { return window.localStorage.getItem(SPEECH_KEY) === "on"; } catch (e) { return false; }
  }

  function showSpeech() {
    var on = speechOn();
    speech.setAttribute("aria-pressed", on ? "true" : "false");
    speech.textContent = speech.getAttribute(on ? "data-on" : "data-off");
  }

  function speak(text) {
    if (!speaks || !speechOn() || !text) { return; }
    var said = new window.SpeechSynthesisUtterance(text);
    said.lang = document.documentElement.lang;
    window.speechSynthesis.speak(said);
  }

  if (speaks) {
    speech.hidden = false;
    showSpeech();
    speech.addEventListener("click", function () {
      try { window.localStorage.setItem(SPEECH_KEY, speechOn() ? "off" : "on"); } catch (e) { /* private mode */ }
      showSpeech();
      if (!speechOn()) { window.speechSynthesis.cancel(); }
    });
  }

  // What was last seen: the clock's panel (clock.js replaces it on every change), its turn,
  // what was already said of that turn, and the scores' version (viewer.js swaps #live).
  var panel = null, seenAt = 0, turn = null, saidTen = null, saidUp = null;
  var version = null;
  // Nothing is said of what the screen shows when it opens, only of what changes after.
  var opening = true;

  function look() {
    var now = document.getElementById("clock");
    var live = document.getElementById("live");
    if (live && live.getAttribute("data-version") !== version) {
      var first = version === null;
      version = live.getAttribute("data-version");
      if (!first) { speak(live.getAttribute("data-next")); }
    }
    if (now) { follow(now); }
    opening = false;
  }

  function follow(now) {
    if (now !== panel) {
      panel = now;
      seenAt = Date.now();
    }
    var state = JSON.parse(panel.getAttribute("data-state"));
    var turnWords = JSON.parse(panel.getAttribute("data-turn-words"));
    var timeUp = JSON.parse(panel.getAttribute("data-time-up"));
    // The circle may have been drawn again (viewer.js): whose turn is marked every time.
    var names = document.querySelectorAll(".ring-name");
    for (var i = 0; i < names.length; i++) {
      names[i].classList.toggle("ring-turn", String(state.seat) === names[i].getAttribute("data-seat"));
    }
    var key = state.seat === null ? null : state.hand + "." + state.seat + "." + state.turns.length;
    if (key !== turn) {
      turn = key;
      if (key !== null && !opening) { speak(turnWords[state.seat]); }
    }
    if (key === null || state.left_s === null) { return; }
    var left = state.left_s;
    if (state.running) { left = Math.max(0, left - (Date.now() - seenAt) / 1000); }
    if (left <= 0 && saidUp !== key) {
      saidUp = key;
      saidTen = key;
      if (!opening) { speak(timeUp[state.seat]); }
    } else if (left <= 10 && left > 0 && saidTen !== key && state.limit_s > 10) {
      saidTen = key;
      if (!opening) { speak(words.ten); }
    }
  }

  look();
  keepAwake();
  document.addEventListener("visibilitychange", keepAwake);
  window.setInterval(look, 250);
}());
