// The tile pad: fills a tile text field with a tap per tile. Without
// JavaScript the field is a plain text box in the tile notation, so this only
// makes entry faster; it never holds state the form does not show.
(function () {
  "use strict";

  var COLOURS = [
    ["r", "Red"], ["b", "Blue"], ["k", "Black"], ["y", "Yellow"]
  ];

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
      var label = suits ? { r: "Hearts", b: "Clubs", k: "Spades", y: "Diamonds" }[c[0]] : c[1];
      var key = button(label + " <b>" + c[0] + "</b>", label + " (" + c[0] + ")", function () {
        colour = c[0];
        colourRow.querySelectorAll(".pad-key").forEach(function (k) {
          k.setAttribute("aria-pressed", k === key ? "true" : "false");
        });
      }, "pad-colour pad-" + c[0]);
      key.setAttribute("aria-pressed", c[0] === colour ? "true" : "false");
      colourRow.appendChild(key);
    });
    pad.appendChild(colourRow);

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
            numbers.appendChild(button(p[1], "ace in a " + p[0] + (p[0] === "set" ? "" : " run"),
              function () { add(colour + "1/" + p[0]); }, "pad-ace"));
          });
        } else {
          numbers.appendChild(button(face, face, function () { add(colour + n); }));
        }
      })(n);
    }
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
      } else {
        pad.hidden = !pad.hidden;
      }
      // Close the other pads so one hand can reach the keys.
      document.querySelectorAll(".tilepad").forEach(function (other) {
        if (other !== pad) { other.hidden = true; }
      });
      toggle.setAttribute("aria-expanded", pad.hidden ? "false" : "true");
    });
    field.parentNode.insertBefore(toggle, field.nextSibling);
  }

  document.querySelectorAll("input[data-tiles]").forEach(enhance);
})();
