// The tile pad: fills a tile text field with a tap per tile. Without
// JavaScript the field is a plain text box in the tile notation, so this only
// makes entry faster; it never holds state the form does not show.
(function () {
  "use strict";

  var COLOURS = [
    ["r", "Red"], ["b", "Blue"], ["k", "Black"], ["y", "Yellow"]
  ];
  var SUITS = { r: "Hearts", b: "Clubs", k: "Spades", y: "Diamonds" };

  function tokens(field) {
    return field.value.trim().split(/[\s,]+/).filter(Boolean);
  }

  function write(field, list) {
    field.value = list.length ? list.join(" ") + " " : "";
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function button(label, title, onTap, extraClass) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "pad-key" + (extraClass ? " " + extraClass : "");
    b.innerHTML = label;
    b.setAttribute("aria-label", title);
    b.addEventListener("click", onTap);
    return b;
  }

  function buildPad(field) {
    var pad = document.createElement("div");
    pad.className = "tilepad";
    pad.setAttribute("role", "group");
    pad.setAttribute("aria-label", "Tile pad");
    var suits = field.dataset.suits === "1";
    var acePlaces = field.dataset.acePlaces === "1";
    var colour = "r";

    var colourRow = document.createElement("div");
    colourRow.className = "pad-row pad-colours";
    COLOURS.forEach(function (c) {
      var label = suits ? SUITS[c[0]] : c[1];
      var key = button(label + " <b>" + c[0] + "</b>", label + " (" + c[0] + ")", function () {
        colour = c[0];
        nameColour();
        colourRow.querySelectorAll(".pad-key").forEach(function (k) {
          k.setAttribute("aria-pressed", k === key ? "true" : "false");
        });
      }, "pad-colour pad-" + c[0]);
      key.setAttribute("aria-pressed", c[0] === colour ? "true" : "false");
      colourRow.appendChild(key);
    });
    pad.appendChild(colourRow);

    // Each number key says its colour and number to a screen reader ("Red 12"), and says
    // the new colour when another is chosen: the colour chosen stays chosen between tiles.
    var numberKeys = [];
    var FACES = { 1: "Ace", 11: "Jack", 12: "Queen", 13: "King" };
    var PLACES = { low: "in a low run", high: "in a high run", set: "in a set" };
    function keyName(n, place) {
      if (suits) {
        return (FACES[n] || String(n)) + " of " + SUITS[colour] + (place ? " " + PLACES[place] : "");
      }
      var name = COLOURS.filter(function (x) { return x[0] === colour; })[0][1];
      return place ? name + " ace " + PLACES[place] : name + " " + n;
    }
    function nameColour() {
      numberKeys.forEach(function (k) { k.key.setAttribute("aria-label", keyName(k.n, k.place)); });
    }

    var numbers = document.createElement("div");
    numbers.className = "pad-row pad-numbers";
    function add(token) {
      var list = tokens(field);
      list.push(token);
      write(field, list);
    }
    for (var n = 1; n <= 13; n++) {
      (function (n) {
        var face = suits ? ({ 1: "A", 11: "J", 12: "Q", 13: "K" }[n] || String(n)) : String(n);
        if (n === 1 && acePlaces) {
          [["low", "1 low"], ["high", "1 high"], ["set", "1 set"]].forEach(function (p) {
            var key = button(p[1], "", function () { add(colour + "1/" + p[0]); }, "pad-ace");
            numberKeys.push({ key: key, n: 1, place: p[0] });
            numbers.appendChild(key);
          });
        } else {
          var key = button(face, "", function () { add(colour + n); });
          numberKeys.push({ key: key, n: n, place: null });
          numbers.appendChild(key);
        }
      })(n);
    }
    nameColour();
    pad.appendChild(numbers);

    var tools = document.createElement("div");
    tools.className = "pad-row pad-tools";
    tools.appendChild(button("Joker <b>j</b>", "joker (j)", function () { add("j"); }, "pad-joker"));
    tools.appendChild(button("&#9003; Back", "remove the last tile", function () {
      var list = tokens(field);
      list.pop();
      write(field, list);
    }, "pad-back"));
    tools.appendChild(button("Clear", "remove every tile", function () { write(field, []); }));
    tools.appendChild(button("Done", "close the tile pad", function () {
      pad.hidden = true;
      pad.dispatchEvent(new Event("padclosed", { bubbles: true }));
    }, "pad-done"));
    pad.appendChild(tools);
    return pad;
  }

  function enhance(field) {
    var toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "pad-toggle";
    toggle.textContent = "Tile pad";
    toggle.setAttribute("aria-expanded", "false");
    var pad = null;
    toggle.addEventListener("click", function () {
      if (!pad) {
        pad = buildPad(field);
        toggle.parentNode.insertBefore(pad, toggle.nextSibling);
        pad.addEventListener("padclosed", function () {
          toggle.setAttribute("aria-expanded", "false");
          document.body.classList.remove("pad-open");
        });
      } else {
        // A rack on the record-hand form is selected by tapping it; Done closes the pad.
        pad.hidden = toggle.classList.contains("rack-toggle") ? false : !pad.hidden;
      }
      // Close the other pads so one hand can reach the keys.
      document.querySelectorAll(".tilepad").forEach(function (other) {
        if (other !== pad) { other.hidden = true; }
      });
      document.querySelectorAll(".pad-toggle").forEach(function (t) {
        t.setAttribute("aria-expanded", t === toggle && !pad.hidden ? "true" : "false");
      });
      document.body.classList.toggle("pad-open", !pad.hidden);
    });
    field.parentNode.insertBefore(toggle, field.nextSibling);
    return toggle;
  }

  // On the record-hand form the pad is docked at the bottom and each player's rack is its
  // toggle: tapping the rack selects it, and it shows the rack as small tiles with its
  // running points (each tile's cost comes from the page, as the rules count it).
  var form = document.querySelector("form.tally[data-rack-costs]");
  var costs = form ? JSON.parse(form.getAttribute("data-rack-costs")) : null;

  function cost(token) {
    var m = /^[rbky]?(\d+)/.exec(token);
    return token.charAt(0) === "j" ? costs.j : (m && costs[String(Number(m[1]))]) || 0;
  }

  function drawRack(field, toggle) {
    var list = tokens(field);
    var points = list.reduce(function (sum, t) { return sum + cost(t); }, 0);
    toggle.textContent = "";
    if (!list.length) {
      toggle.appendChild(document.createTextNode("Tap to add tiles"));
    }
    list.forEach(function (t) {
      var tile = document.createElement("span");
      tile.className = "rack-tile pad-" + (t.charAt(0) === "j" ? "j" : t.charAt(0));
      tile.textContent = t.charAt(0) === "j" ? "J" : t.replace(/^[rbky]/, "");
      toggle.appendChild(tile);
    });
    if (list.length) {
      var sum = document.createElement("span");
      sum.className = "rack-points";
      sum.textContent = points + (points === 1 ? " point" : " points");
      toggle.appendChild(sum);
    }
    // Whose rack it is, as a screen reader reaches the toggle without the legend above it.
    var part = field.closest("[data-player]");
    var whose = part ? part.getAttribute("data-player") + "'s rack"
      : field.labels[0].textContent.trim();
    toggle.setAttribute("aria-label", "Tile pad for " + whose + ": " +
      (list.length ? list.join(" ") + ", " + points + " points" : "empty"));
    liveTotal();
  }

  function liveTotal() {
    var total = document.getElementById("live-total");
    if (!total) { return; }
    var sum = 0;
    form.querySelectorAll(".rack-part:not([hidden])").forEach(function (part) {
      var rack = part.querySelector("input[data-tiles]");
      var typed = part.querySelector("input[name$='-rack_points']");
      var jokers = part.querySelector("input[name$='-rack_jokers']");
      sum += tokens(rack).reduce(function (s, t) { return s + cost(t); }, 0);
      sum += Number(typed && typed.value) || 0;
      sum += (Number(jokers && jokers.value) || 0) * costs.j;
    });
    total.textContent = "On the racks: " + sum;
    total.hidden = false;
  }

  document.querySelectorAll("input[data-tiles]").forEach(function (field) {
    var toggle = enhance(field);
    if (costs && /-rack$/.test(field.name)) {
      toggle.classList.add("rack-toggle");
      drawRack(field, toggle);
      field.addEventListener("input", function () { drawRack(field, toggle); });
    }
  });
  if (form && costs) {
    form.classList.add("docked");
    // The pad sits right on top of the Preview/Save bar, however tall the bar wraps.
    var bar = form.querySelector(".entry-bar");
    var fit = function () {
      document.documentElement.style.setProperty("--bar-height", bar.offsetHeight + "px");
    };
    fit();
    window.addEventListener("resize", fit);
    form.addEventListener("input", liveTotal);
    form.addEventListener("change", liveTotal);
  }
})();
