// The record-hand form never loses what was typed: every change is kept on this phone
// (browser storage) until the hand is saved, and a fresh form brings it back. Before a
// form is sent, the laptop is asked whether it can be reached; if not, the phone says so
// and sends the form once the laptop answers again. The form's one-time token travels
// with what was kept, so a hand sent twice is stored once. Without JavaScript the form
// works as a plain form.
(function () {
  "use strict";

  var form = document.querySelector("form.tally[data-draft]");
  var note = document.getElementById("reach");
  if (!form || !window.fetch || !window.localStorage) { return; }
  var key = "scorekeeper-hand:" + form.getAttribute("data-draft");
  // The page's words, in its language (templates/_script_words.html).
  var WORDS = JSON.parse(document.getElementById("script-words").dataset.words);
  var sending = null;
  // Whether the laptop answers is asked of this script itself, the smallest thing it
  // serves (as reach.js does), not of the form, which it would draw whole each time.
  var probe = (document.currentScript && document.currentScript.src) || window.location.pathname;

  function say(text, back) {
    note.textContent = text;
    note.hidden = !text;
    note.classList.toggle("reach-back", !!back);
  }

  function fields() {
    return Array.prototype.filter.call(form.elements, function (f) {
      return f.name && f.name !== "csrf_token" && f.type !== "submit" && f.type !== "button";
    });
  }

  function keep() {
    var values = {};
    fields().forEach(function (f) {
      if ((f.type !== "radio" && f.type !== "checkbox") || f.checked) { values[f.name] = f.value; }
    });
    try { localStorage.setItem(key, JSON.stringify(values)); } catch (e) { /* storage full */ }
  }

  function kept() {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
  }

  function restore() {
    var values = kept();
    var saved = (form.getAttribute("data-saved") || "").split(" ");
    if (!values || !values.once || saved.indexOf(values.once) !== -1) {
      localStorage.removeItem(key);  // nothing kept, or that hand is saved already
      var visit = window.performance && performance.getEntriesByType("navigation")[0];
      if (values && values.once && visit && visit.type === "back_forward") {
        say(WORDS.already_saved, true);
      }
      return;
    }
    fields().forEach(function (f) {
      var has = Object.prototype.hasOwnProperty.call(values, f.name);
      if (f.type === "radio" || f.type === "checkbox") {
        f.checked = has && values[f.name] === f.value;
      } else if (has) {
        f.value = values[f.name];
      }
    });
    say(WORDS.typed_back, true);
  }

  function reachable() {
    return fetch(probe, { method: "HEAD", cache: "no-store" })
      .then(function () { return true; }, function () { return false; });
  }

  function send(submitter) {
    reachable().then(function (up) {
      if (up) {
        if (sending) { say(WORDS.sending, true); }
        sending = null;
        form.setAttribute("data-checked", "1");
        form.requestSubmit(submitter);
        return;
      }
      say(WORDS.unreachable_sending);
      sending = window.setTimeout(function () { send(submitter); }, 3000);
    });
  }

  if (form.getAttribute("data-fresh") === "1") { restore(); }
  keep();
  form.addEventListener("input", keep);
  form.addEventListener("change", keep);
  form.addEventListener("submit", function (event) {
    if (form.getAttribute("data-checked") === "1") { return; }
    event.preventDefault();
    keep();
    if (!sending) { send(event.submitter || null); }
  });
  window.addEventListener("pageshow", function () { form.removeAttribute("data-checked"); });

  // Between hands too, say when the laptop stops answering and when it is back.
  var lost = false;
  window.setInterval(function () {
    if (document.hidden || sending) { return; }
    reachable().then(function (up) {
      if (!up && !lost) { say(WORDS.unreachable); }
      if (up && lost) { say(WORDS.laptop_back, true); }
      lost = !up;
    });
  }, 10000);
}());

// The player who went out has no rack: once they are chosen their rack part is hidden
// and left out of the form, so nothing typed there before is sent.
(function () {
  "use strict";

  var form = document.querySelector("form.tally");
  if (!form) { return; }

  function showRacks() {
    var chosen = form.querySelector("input[name='went_out']:checked");
    form.querySelectorAll(".rack-part").forEach(function (part) {
      var out = !!chosen && chosen.value === part.getAttribute("data-player");
      part.hidden = out;
      part.querySelectorAll("input").forEach(function (f) { f.disabled = out; });
    });
  }

  // Once who went out is picked, the first other player's rack is selected for the pad.
  function selectFirstRack() {
    var part = form.querySelector(".rack-part:not([hidden])");
    var toggle = part && part.querySelector(".rack-toggle");
    if (toggle && toggle.getAttribute("aria-expanded") !== "true") { toggle.click(); }
  }

  showRacks();
  form.addEventListener("change", function (event) {
    if (event.target.name === "went_out") {
      showRacks();
      selectFirstRack();
    }
  });
  window.addEventListener("pageshow", showRacks);
}());
