// The scorer's record-hand form fills itself with the racks the players count on their own
// phones ("My rack"): it asks the laptop every second for the hand's drafts and puts each
// into its player's boxes, marked as sent from the phone that joined as that player (all the
// app knows of it). A box the scorer has changed is never overwritten: when the phone sends
// something newer, the form says so beside the player ("The phone that joined as Ana sent a
// new rack: r7") with a button to use it, and the mark then says the scorer changed the
// box. Nothing is saved until the scorer taps Save hand; without JavaScript the racks sent
// before the form was opened are filled in by the server. Each seat's hidden "draft-seen"
// box keeps the token of the draft its boxes hold: Save is refused when a newer rack came
// that the hand does not hold (web/racks/seen.py), so a rack sent between this script's last
// look and Save is never dropped unseen. A box the scorer changed keeps the older token.
(function () {
  "use strict";

  var form = document.querySelector("form.tally[data-drafts]");
  if (!form || !window.fetch) { return; }
  var url = form.getAttribute("data-drafts");
  var counting = document.getElementById("counting");
  // The page's words, in its language (templates/racks/_counting.html).
  var words = counting ? counting.dataset : {};
  var FIELDS = ["rack", "rack_points", "rack_jokers", "swapped_jokers", "melded_tiles",
                "melded_points", "credited_jokers"];
  // Counts of jokers start at 0 on the form: 0 there is what an empty box is on a phone.
  var ZERO_IS_EMPTY = ["rack_jokers", "swapped_jokers", "credited_jokers"];
  var busy = false;
  var latest = {};
  var tokens = {};

  function seen(seat, token) {
    var kept = form.querySelector("input[name='draft-seen-" + seat + "']");
    if (kept && token) { kept.value = token; }
  }

  function box(seat, field) {
    return form.querySelector("[name='players-" + seat + "-" + field + "']");
  }

  // A phone sends its rack in the notation's letters (the API's); the page's boxes hold the
  // letters of its language (the tile pad's notation says which), as the player would type them.
  var notation = document.getElementById("tile-notation");
  var LETTERS = notation ? JSON.parse(notation.dataset.notation).letters : {};
  var TILE_FIELDS = ["rack", "melded_tiles"];

  function inPageLetters(code) {
    return code.replace(/(^|[\s,=])([^\s,=])/g, function (whole, before, letter) {
      return before + (LETTERS[letter.toLowerCase()] || letter);
    });
  }

  // What the phone sent for a box, as the box would hold it.
  function sent(field, draft) {
    var value = plain(field, draft[field]);
    return TILE_FIELDS.indexOf(field) !== -1 ? inPageLetters(value) : value;
  }

  function plain(field, value) {
    var text = value === null || value === undefined ? "" : String(value).trim();
    return ZERO_IS_EMPTY.indexOf(field) !== -1 && text === "0" ? "" : text;
  }

  function put(f, value) {
    f.setAttribute("data-from-phone", value);
    if (plain(f.name.split("-")[2], f.value) === value) { return; }
    f.value = value;
    f.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function unfold(f, value) {
    var folded = f.closest("details");
    if (folded && value !== "") { folded.open = true; }  // points sent: show them
  }

  // The draft the server filled the seat's boxes from, as the form keeps it (its hidden
  // "draft-read" box, web/racks/seen.py), or null.
  function readOf(seat) {
    var kept = form.querySelector("input[name='draft-read-" + seat + "']");
    if (!kept || !kept.value) { return null; }
    try { return JSON.parse(kept.value); } catch (e) { return null; }
  }

  // Each box of the seat: filled with what the phone sent while the scorer has not made it
  // theirs (empty, or still what the phone sent last); otherwise kept. Answers whether the
  // scorer's boxes differ from the draft, whether they still hold the earlier draft the
  // server filled them from (then the difference is the phone's, not the scorer's), and
  // whether the phone sent something since.
  function fill(seat, draft) {
    var changed = false;
    var earlier = false;
    var newer = false;
    var read = readOf(seat);
    FIELDS.forEach(function (field) {
      var f = box(seat, field);
      if (!f) { return; }
      var last = f.getAttribute("data-from-phone");
      if (!(field in draft) && last === null) { return; }  // never the phone's
      var value = sent(field, draft);
      var now = plain(field, f.value);
      if (now === "" || (last !== null && now === plain(field, last))) {
        put(f, value);
        unfold(f, value);
      } else if (now === value) {
        f.setAttribute("data-from-phone", value);
        unfold(f, value);
      } else {
        if (last === null && read && read.fields && now === sent(field, read.fields)) {
          earlier = true;
        } else {
          changed = true;
        }
        if (last === null || value !== plain(field, last)) { newer = true; }
      }
    });
    // One box the scorer changed makes the seat's boxes the scorer's.
    return { changed: changed, earlier: earlier && !changed, newer: newer };
  }

  function useIt(seat) {
    var draft = latest[seat];
    if (!draft) { return; }
    FIELDS.forEach(function (field) {
      var f = box(seat, field);
      if (!f || (!(field in draft) && f.getAttribute("data-from-phone") === null)) { return; }
      var value = sent(field, draft);
      put(f, value);
      unfold(f, value);
    });
    seen(seat, tokens[seat]);
    check();
  }

  // What the phone sent, in a line: the tiles, or each box's label and number.
  function summary(seat, draft) {
    return FIELDS.filter(function (field) { return sent(field, draft) !== ""; })
      .map(function (field) {
        if (field === "rack") { return sent(field, draft); }
        var f = box(seat, field);
        var label = f && form.querySelector("label[for='" + f.id + "']");
        return (label ? label.textContent.trim() + " " : "") + sent(field, draft);
      }).join(", ");
  }

  // Who sent the draft, in the page's language: the API's "sent_by" is the API's words, and
  // the page's own sentence (templates/racks/_counting.html) takes the seat's name.
  function sentBy(seat) {
    if (!seat.draft) { return ""; }
    return seat.by_player ? words.wordsSentByPhone.replace("{name}", seat.name)
      : words.wordsSentByScorer;
  }

  // The boxes still hold the draft the server filled them from, and a newer one came.
  function earlierRack(seat) {
    var read = readOf(seat.seat);
    return read && read.by_player ? words.wordsEarlierPhone.replace("{name}", seat.name)
      : words.wordsEarlierScorer;
  }

  function mark(seat, found) {
    var note = form.querySelector(".sent-by[data-seat='" + seat.seat + "']");
    var offer = form.querySelector(".new-rack[data-seat='" + seat.seat + "']");
    if (note) {
      // Never "sent from the phone that joined as Ana" above a box the scorer changed, and
      // never "changed by the scorer" above the rack the phone sent before.
      note.textContent = found.changed ? words.wordsChanged
        : found.earlier ? earlierRack(seat) : sentBy(seat);
      note.hidden = !note.textContent;
    }
    if (!offer) { return; }
    offer.hidden = !found.newer;
    if (found.newer) {
      offer.querySelector(".new-rack-text").textContent = (seat.by_player
        ? words.wordsNewer : words.wordsNewerScorer)
        .replace("{name}", seat.name).replace("{rack}", summary(seat.seat, seat.draft));
      offer.querySelector("button").hidden = false;
    }
  }

  function filled(seat) {
    return ["rack", "rack_points"].some(function (field) {
      var f = box(seat, field);
      return f && f.value.trim() !== "";
    });
  }

  // Who still has no rack, phone or not, and whose phone has sent theirs (the same words
  // and order as the server's, web/racks/drafts.py counting_words).
  function sayWhoIsCounting(state) {
    if (!counting) { return; }
    var out = form.querySelector("input[name='went_out']:checked");
    var lists = { counting: [], noPhone: [], sent: [] };
    state.seats.forEach(function (s) {
      if (out && out.value === s.name) { return; }
      if (!s.draft && s.held) { lists.counting.push(s.name); }
      else if (!s.draft && !filled(s.seat)) { lists.noPhone.push(s.name); }
      else if (s.draft && s.by_player) { lists.sent.push(s.name); }
    });
    counting.hidden = !state.seats.some(function (s) { return s.held; });
    if (!lists.counting.length && !lists.noPhone.length) {
      counting.textContent = words.wordsDone;
      return;
    }
    counting.textContent = [["counting", words.wordsCounting], ["noPhone", words.wordsNoPhone],
                            ["sent", words.wordsSent]]
      .filter(function (pair) { return lists[pair[0]].length; })
      .map(function (pair) { return pair[1].replace("{names}", lists[pair[0]].join(", ")); })
      .join(" ");
  }

  function check() {
    if (busy || document.hidden) { return; }
    busy = true;
    // "no-cache": the browser sends back the last answer's ETag and takes a 304 as that answer.
    fetch(url, { cache: "no-cache", headers: { "Accept": "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (state) {
        if (!state || state.finished) { return; }
        state.seats.forEach(function (seat) {
          latest[seat.seat] = seat.draft;
          tokens[seat.seat] = seat.token;
          var found = seat.draft ? fill(seat.seat, seat.draft) : {};
          // Boxes holding another rack than the draft keep the older token.
          if (seat.draft && !found.changed && !found.earlier) { seen(seat.seat, seat.token); }
          mark(seat, found);
        });
        sayWhoIsCounting(state);
      })
      .catch(function () { /* the laptop is away: entry.js says so */ })
      .then(function () { busy = false; });
  }

  form.addEventListener("click", function (event) {
    var use = event.target.closest(".new-rack button");
    if (!use) { return; }
    var seat = use.closest(".new-rack").getAttribute("data-seat");
    if (!latest[seat]) { return; }  // not read here yet: the server puts it in
    event.preventDefault();
    busy = false;
    useIt(seat);
  });
  check();
  window.setInterval(check, 1000);
  form.addEventListener("change", function (event) {
    if (event.target.name === "went_out") { check(); }
  });
}());
