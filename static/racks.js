// "My rack": the player's page sends the rack without leaving the page and says at once
// whether the scorer has it or why not; once the scorer saves the hand (or the series
// ends) the page moves on to the next hand by itself. Without JavaScript the form is a
// plain form and the page a plain page.
(function () {
  "use strict";

  var form = document.querySelector("form.my-rack[data-state]");
  var status = document.getElementById("rack-sent");
  if (!form || !window.fetch || !window.FormData) { return; }
  var hand = form.getAttribute("data-hand");

  function say(text, refused) {
    status.textContent = text;
    status.classList.toggle("sent-refused", !!refused);
  }

  // Each refusal beside the box it is about, as the answer's "beside" names the boxes
  // (the same place the page without JavaScript puts it).
  function clearBeside() {
    form.querySelectorAll("p.error[id$='-error']").forEach(function (p) { p.remove(); });
    form.querySelectorAll("[aria-invalid='true']").forEach(function (box) {
      box.removeAttribute("aria-invalid");
      box.closest(".field").classList.remove("field-invalid");
    });
  }

  function showBeside(beside) {
    Object.keys(beside || {}).forEach(function (field) {
      var box = document.getElementById("mine-" + field);
      if (!box) { return; }
      var note = document.getElementById(box.id + "-error");
      if (!note) {
        note = document.createElement("p");
        note.className = "error";
        note.id = box.id + "-error";
        box.parentNode.insertBefore(note, box);
      }
      note.textContent = beside[field].join(" ");
      box.setAttribute("aria-invalid", "true");
      box.setAttribute("aria-describedby", note.id);
      box.closest(".field").classList.add("field-invalid");
      var folded = box.closest("details");
      if (folded) { folded.open = true; }
    });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    clearBeside();
    say(status.getAttribute("data-sending") || "…");
    fetch(form.action || window.location.href, {
      method: "POST", body: new FormData(form), headers: { "Accept": "application/json" }
    })
      .then(function (response) {
        var json = (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
        // Anything but the app's answer (an expired form, say): send it the plain way, and
        // the page that comes back says what happened.
        if (!json) { form.submit(); return null; }
        return response.json();
      })
      .then(function (answer) {
        if (!answer) { return; }
        if (answer.error) {
          say(answer.error, true);
          showBeside(answer.beside);
        } else { say(answer.message); }
      })
      .catch(function () {
        say(status.getAttribute("data-unreachable"), true);
      });
  });

  // The hand being recorded moved on: draw the page for the next one.
  window.setInterval(function () {
    if (document.hidden) { return; }
    // "no-cache": the browser sends back the last answer's ETag and takes a 304 as that answer.
    fetch(form.getAttribute("data-state"), { cache: "no-cache" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (state) {
        if (state && String(state.hand) !== hand) { window.location.reload(); }
      })
      .catch(function () { /* asleep or away; try again */ });
  }, 3000);
}());
