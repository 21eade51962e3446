// The scorer's record-hand form fills itself with the racks the players count on their own
// phones ("My rack"): it asks the laptop every second for the hand's drafts and puts each
// into its player's boxes, marked as sent by that player's phone. A box the scorer has
// changed since is never overwritten. Nothing is saved until the scorer taps Save hand;
// without JavaScript the racks sent before the form was opened are filled in by the server.
(function () {
  "use strict";

  var form = document.querySelector("form.tally[data-drafts]");
  if (!form || !window.fetch) { return; }
  var url = form.getAttribute("data-drafts");
  var counting = document.getElementById("counting");
  var busy = false;

  function box(seat, field) {
    return form.querySelector("[name='players-" + seat + "-" + field + "']");
  }

  function same(a, b) { return String(a).trim() === String(b).trim(); }

  function fill(seat, draft) {
    Object.keys(draft).forEach(function (field) {
      var f = box(seat, field);
      if (!f) { return; }
      var value = String(draft[field]);
      var last = f.getAttribute("data-from-phone");
      // Empty, or still what the phone sent last: the scorer has not made it theirs.
      var untouched = same(f.value, "") || (last !== null && same(f.value, last));
      if (!untouched && !same(f.value, value)) { return; }
      f.setAttribute("data-from-phone", value);
      if (same(f.value, value)) { return; }
      f.value = value;
      var folded = f.closest("details");
      if (folded) { folded.open = true; }
      f.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }

  function mark(seat) {
    var note = form.querySelector(".sent-by[data-seat='" + seat.seat + "']");
    if (!note) { return; }
    note.textContent = seat.sent_by || "";
    note.hidden = !seat.sent_by;
  }

  function sayWhoIsCounting(state) {
    if (!counting) { return; }
    var out = form.querySelector("input[name='went_out']:checked");
    var names = state.still_counting.filter(function (n) { return !out || out.value !== n; });
    var held = state.seats.some(function (s) { return s.held; });
    counting.hidden = !held;
    counting.textContent = names.length
      ? counting.getAttribute("data-words-counting").replace("{names}", names.join(", "))
      : counting.getAttribute("data-words-done");
  }

  function check() {
    if (busy || document.hidden) { return; }
    busy = true;
    fetch(url, { cache: "no-store", headers: { "Accept": "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (state) {
        if (!state || state.finished) { return; }
        state.seats.forEach(function (seat) {
          if (seat.draft) { fill(seat.seat, seat.draft); }
          mark(seat);
        });
        sayWhoIsCounting(state);
      })
      .catch(function () { /* the laptop is away: entry.js says so */ })
      .then(function () { busy = false; });
  }

  check();
  window.setInterval(check, 1000);
  form.addEventListener("change", function (event) {
    if (event.target.name === "went_out") { check(); }
  });
}());
