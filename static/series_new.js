// New series: "Who deals first" names the players as they are typed. Without this script the
// choices say "Seat 1" to "Seat 6", counted from the first name typed, and work the same.
(function () {
  "use strict";
  // The page's words, in its language (templates/_script_words.html).
  var WORDS = JSON.parse(document.getElementById("script-words").dataset.words);
  function relabel(form) {
    var names = Array.prototype.map.call(form.querySelectorAll("input[id^='seats-']"),
      function (box) { return box.value.trim(); })
      .filter(function (name) { return name !== ""; });
    var dealer = form.querySelector("#first_dealer");
    Array.prototype.forEach.call(dealer.options, function (option, i) {
      var named = i < names.length;
      option.textContent = named ? names[i] : WORDS.seat.replace("{number}", String(i + 1));
      // Seats nobody took are not offered once names are typed.
      option.hidden = names.length > 0 && !named;
    });
    // The hint on counting seats is only needed while the choices are numbers.
    var hint = document.getElementById("first_dealer-hint");
    if (hint) { hint.hidden = names.length > 0; }
  }
  document.addEventListener("DOMContentLoaded", function () {
    var dealer = document.getElementById("first_dealer");
    if (!dealer) { return; }
    var form = dealer.form;
    form.addEventListener("input", function (event) {
      if (event.target.id && event.target.id.indexOf("seats-") === 0) { relabel(form); }
    });
    relabel(form);
  });
})();
