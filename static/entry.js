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
  var sending = null;

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
        say("The hand typed on this form before is saved already; this form is for the next one.", true);
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
    say("What you typed before is back. It is not saved yet: check it and tap Save hand.", true);
  }

  function reachable() {
    return fetch(window.location.pathname, { method: "HEAD", cache: "no-store" })
      .then(function () { return true; }, function () { return false; });
  }

  function send(submitter) {
    reachable().then(function (up) {
      if (up) {
        if (sending) { say("The laptop is back: sending the hand.", true); }
        sending = null;
        form.setAttribute("data-checked", "1");
        form.requestSubmit(submitter);
        return;
      }
      say("The laptop cannot be reached. What you typed is kept on this phone; the hand " +
          "will be sent once the laptop answers again.");
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
      if (!up && !lost) { say("The laptop cannot be reached. What you type is kept on this phone."); }
      if (up && lost) { say("The laptop is back.", true); }
      lost = !up;
    });
  }, 10000);
}());
