// New series: "Who goes first" names the players as they are typed, and the hints say how to
// list the players and what "who goes first" asks for under the rules chosen. Without this
// script the choices say "Seat 1" to "Seat 6", counted from the first name typed, and the hints
// say it for every set of rules: the form works the same.
(function () {
  "use strict";
  // The page's words, in its language (templates/_script_words.html).
  var WORDS = JSON.parse(document.getElementById("script-words").dataset.words);
  function relabel(form) {
    var names = Array.prototype.map.call(form.querySelectorAll("input[id^='seats-']"),
      function (box) { return box.value.trim(); })
      .filter(function (name) { return name !== ""; });
    var first = form.querySelector("#first_dealer");
    Array.prototype.forEach.call(first.options, function (option) {
      if (!/^[0-9]+$/.test(option.value)) { return; }  // "Pick at random" keeps its words
      var i = Number(option.value);
      var named = i < names.length;
      option.textContent = named ? names[i] : WORDS.seat.replace("{number}", String(i + 1));
      // Seats nobody took are not offered once names are typed.
      option.hidden = names.length > 0 && !named;
    });
    // The hint on counting seats is only needed while the choices are numbers.
    var hint = document.getElementById("first_dealer-hint");
    if (hint) { hint.hidden = names.length > 0; }
  }
  // The engine's words for the rules chosen, in place of those for every set of rules.
  function explain(form) {
    var order = document.getElementById("play-order");
    var first = document.getElementById("first-seat");
    if (!order || !first) { return; }
    var hints = JSON.parse(order.dataset.hints)[form.querySelector("#variant").value];
    if (!hints) { return; }
    [[order, hints.order], [first, hints.first]].forEach(function (pair) {
      var line = document.createElement("p");
      line.textContent = pair[1];
      pair[0].replaceChildren(line);
    });
    // The choice's label says what the name chosen does: deals, or plays first.
    var label = form.querySelector("label[for='first_dealer']");
    if (label && hints.label) { label.textContent = hints.label; }
  }
  document.addEventListener("DOMContentLoaded", function () {
    var dealer = document.getElementById("first_dealer");
    if (!dealer) { return; }
    var form = dealer.form;
    form.addEventListener("input", function (event) {
      if (event.target.id && event.target.id.indexOf("seats-") === 0) { relabel(form); }
    });
    form.addEventListener("change", function (event) {
      if (event.target.id === "variant") { explain(form); }
    });
    relabel(form);
    explain(form);
  });
})();
