// The turn clock (templates/clock/_clock.html): the server draws it and keeps it; this
// script counts the time left down between two looks at the server, asks the server
// every two seconds whether the clock changed (a 304 when not: the tag it was given), and
// then swaps in the clock as the page now draws it. When a turn runs out it shows the
// penalty, with a beep and a vibration where the phone allows (off with one tap, kept on
// this phone), and keeps the screen awake while a turn is timed, where the page may. Its
// buttons post the same forms as without script, then swap in the answer; a Done says
// which turn it ends, so one refused (409) redraws the clock as it now is.
(function () {
  "use strict";

  var panel = document.getElementById("clock");
  if (!panel || !window.fetch || !window.DOMParser) { return; }
  var SOUND_KEY = "scorekeeper-clock-sound";
  var tag = null;
  var state, words, timeUp, since, warned = null, busy = false;

  function soundOn() {
    try { return window.localStorage.getItem(SOUND_KEY) !== "off"; } catch (e) { return true; }
  }

  function read() {
    state = JSON.parse(panel.getAttribute("data-state"));
    words = JSON.parse(panel.getAttribute("data-words"));
    timeUp = JSON.parse(panel.getAttribute("data-time-up"));
    since = Date.now();
    var sound = panel.querySelector(".clock-sound");
    sound.hidden = false;
    showSound(sound);
    sound.addEventListener("click", function () {
      try { window.localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on"); } catch (e) { /* private mode */ }
      showSound(sound);
    });
    var form = panel.querySelector(".clock-buttons");
    form.addEventListener("submit", press);
  }

  function showSound(button) {
    var on = soundOn();
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = on ? button.getAttribute("data-on") : button.getAttribute("data-off");
  }

  function beep() {
    if (navigator.vibrate) { try { navigator.vibrate([300, 150, 300]); } catch (e) { /* refused */ } }
    var Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) { return; }
    try {
      var context = new Audio();
      var tone = context.createOscillator();
      var volume = context.createGain();
      tone.frequency.value = 880;
      volume.gain.value = 0.2;
      tone.connect(volume);
      volume.connect(context.destination);
      tone.start();
      tone.stop(context.currentTime + 0.6);
    } catch (e) { /* a browser that allows no sound before a tap */ }
  }

  // One turn of one hand: its time runs out once.
  function turnKey() {
    return state.hand + "." + state.seat + "." + state.turns.length;
  }

  function tick() {
    if (!state || state.seat === null || state.left_s === null) { return; }
    var left = state.left_s;
    if (state.running) { left = Math.max(0, left - (Date.now() - since) / 1000); }
    var whole = Math.ceil(left);
    var digits = panel.querySelector(".clock-digits");
    if (digits) {
      var shown = Math.floor(whole / 60) + ":" + ("0" + (whole % 60)).slice(-2);
      digits.textContent = words.left.replace("{time}", shown);
    }
    if (left <= 0 && warned !== turnKey()) {
      warned = turnKey();
      var penalty = panel.querySelector(".clock-penalty");
      penalty.textContent = timeUp[state.seat];
      penalty.hidden = false;
      panel.classList.add("clock-up");
      if (soundOn()) { beep(); }
    }
  }

  // While a turn is timed the screen stays awake (Screen Wake Lock, which a browser offers
  // on a secure page only): a phone lying on the table must not go dark in the middle of a
  // turn. The browser lets go of the lock when the page is hidden, so it is asked for again
  // when the page is seen; it is let go when the clock stops or is paused. The table screen
  // keeps itself awake all the while it is open (screen.js), so this leaves it alone.
  var lock = null, asking = false;

  function timing() {
    return !panel.hidden && state.seat !== null && state.running;
  }

  function keepAwake() {
    if (!navigator.wakeLock || document.getElementById("screen")) { return; }
    if (!timing()) {
      if (lock) { var held = lock; lock = null; held.release().catch(function () { /* gone */ }); }
      return;
    }
    if (lock || asking || document.hidden) { return; }
    asking = true;
    navigator.wakeLock.request("screen").then(function (given) {
      asking = false;
      lock = given;
      given.addEventListener("release", function () { if (lock === given) { lock = null; } });
      keepAwake();  // the clock may have stopped while the browser was asked
    }, function () { asking = false; /* refused (battery saver): the screen may sleep */ });
  }

  function swap() {
    return fetch(window.location.href, { cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) { return; }
        // A parsed document runs no scripts; the server escaped every name already.
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("clock");
        // The series is over: no hand is played, and the page draws no clock.
        if (!fresh) { panel.hidden = true; keepAwake(); return; }
        panel.replaceWith(fresh);
        panel = fresh;
        read();
        keepAwake();
        // A turn drawn run out: announced once, whether this phone saw it run out or the
        // server said so first (a shorter limit set, a phone that was asleep).
        if (panel.classList.contains("clock-up")) {
          if (warned !== turnKey() && soundOn()) { beep(); }
          warned = turnKey();
        }
        tick();
      });
  }

  function look() {
    if (busy || document.hidden) { return; }
    busy = true;
    var headers = { "Accept": "application/json" };
    if (tag) { headers["If-None-Match"] = tag; }
    fetch(panel.getAttribute("data-api"), { cache: "no-store", headers: headers })
      .then(function (response) {
        // The server answers again: "cannot be reached" is over (a refusal stays to be read
        // until the next swap or tap).
        var error = panel.querySelector(".clock-error");
        if (error.textContent === words.lost) { error.hidden = true; }
        if (response.status === 304) { return null; }
        var first = tag === null;
        tag = response.headers.get("ETag");
        return first ? null : swap();
      })
      .catch(function () {
        var error = panel.querySelector(".clock-error");
        error.textContent = words.lost;
        error.hidden = false;
      })
      .then(function () { busy = false; });
  }

  function press(event) {
    var button = event.submitter;
    if (!button || !button.name) { return; }
    event.preventDefault();
    panel.querySelector(".clock-error").hidden = true;
    var data = new FormData(event.target);
    data.set(button.name, button.value);
    fetch(event.target.action, { method: "POST", body: data, headers: { "Accept": "application/json" } })
      .then(function (response) {
        return response.json().then(function (body) {
          if (!response.ok) {
            // 409: the turn this page showed was over (ended on another phone, or a second
            // tap): draw the clock as it is now, then say why nothing was ended.
            var shown = response.status === 409 ? swap() : Promise.resolve();
            return shown.then(function () {
              var error = panel.querySelector(".clock-error");
              error.textContent = body.error;
              error.hidden = false;
            });
          }
          return swap();
        });
      })
      .catch(function () {
        var error = panel.querySelector(".clock-error");
        error.textContent = words.lost;
        error.hidden = false;
      });
  }

  read();
  // A page drawn with the time already run out shows the penalty without a sound.
  if (panel.classList.contains("clock-up")) { warned = turnKey(); }
  tick();
  keepAwake();
  look();
  window.setInterval(tick, 250);
  window.setInterval(look, 2000);
  document.addEventListener("visibilitychange", look);
  document.addEventListener("visibilitychange", keepAwake);
}());
