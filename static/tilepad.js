// The tile pad: fills a tile text field with a tap per tile. Without
// JavaScript the field is a plain text box in the tile notation, so this only
// makes entry faster; it never holds state the form does not show.
(function () {
  "use strict";

  // The page's words, in its language (templates/_script_words.html).
  var WORDS = JSON.parse(document.getElementById("script-words").dataset.words);
  // The engine's tile notation (scorekeeper/engine/notation.py): its colour letters with
  // their names, the letters read as the same colour, the joker, the numbers, the faces of
  // card-faced tiles and where an ace may lie. Nothing of it is written here again.
  var NOTATION = JSON.parse(document.getElementById("tile-notation").dataset.notation);
  var NAMES = NOTATION.names;
  var SUITS = NOTATION.suits;
  // The letter a player of the page's language types for each of the notation's letters
  // (on a Hungarian page "k" for blue, kék): the pad writes and reads tiles in those, as
  // the page's tile boxes do; READ is the other way, for the colours.
  var LETTERS = NOTATION.letters;
  var JOKER = LETTERS[NOTATION.joker];
  var READ = {};
  NOTATION.colours.concat(Object.keys(NOTATION.aliases)).forEach(function (letter) {
    READ[LETTERS[letter]] = NOTATION.aliases[letter] || letter;
  });

  // A token read as the engine reads it: {colour, number} for a numbered tile (a colour's
  // other letter read as that colour), {joker: true} for a joker, null for anything else.
  function readTile(token) {
    var text = token.toLowerCase();
    var mark = text.indexOf(NOTATION.ace_mark);
    if (mark > 0) { text = text.slice(0, mark); }
    if (text === JOKER || text.indexOf(JOKER + NOTATION.stands_for) === 0) {
      return { joker: true };
    }
    var letter = text.charAt(0);
    var colour = Object.prototype.hasOwnProperty.call(READ, letter) ? READ[letter] : null;
    var digits = text.slice(1);
    var number = Number(digits);
    if (!colour || !/^[0-9]{1,2}$/.test(digits) || number < NOTATION.numbers[0] ||
        number > NOTATION.numbers[1]) {
      return null;
    }
    return { colour: colour, number: number };
  }

  // A text of the page's words with each "{name}" filled in.
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? values[name] : whole;
    });
  }

  // A key's name starts with a capital, whatever word the language puts first.
  function capital(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  // The words for a count, in the plural form the page's language uses for it.
  function counted(forms, count) {
    var form = window.Intl && Intl.PluralRules
      ? new Intl.PluralRules(document.documentElement.lang).select(count) : "other";
    return forms[form] || forms.other;
  }

  // Text for a key's face: the page's words escaped, then the tile's letter in bold.
  function plain(text) {
    var box = document.createElement("span");
    box.textContent = text;
    return box.innerHTML;
  }

  function tokens(field) {
    return field.value.trim().split(/[\s,]+/).filter(Boolean);
  }

  function write(field, list) {
    field.value = list.length ? list.join(" ") + " " : "";
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }

  var LONG_WORD = 6, LONGER_WORD = 8;  // letters

  function button(label, title, onTap, extraClass) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "pad-key" + (extraClass ? " " + extraClass : "");
    b.innerHTML = label;
    // A long word ("Albastru", "Galben", "Effacer") takes smaller type on the docked pad,
    // whose keys are a seventh of the phone: whole and unclipped (static/entry.css).
    var longest = Math.max.apply(null, b.textContent.split(/\s+/).map(function (w) {
      return w.length;
    }));
    if (longest >= LONG_WORD) { b.classList.add("pad-long"); }
    if (longest >= LONGER_WORD) { b.classList.add("pad-longer"); }
    b.setAttribute("aria-label", title);
    b.addEventListener("click", onTap);
    return b;
  }

  function buildPad(field) {
    var pad = document.createElement("div");
    pad.className = "tilepad";
    pad.setAttribute("role", "group");
    pad.setAttribute("aria-label", WORDS.tile_pad);
    var suits = field.dataset.suits === "1";
    var acePlaces = field.dataset.acePlaces === "1";
    var colour = NOTATION.colours[0];

    var colourRow = document.createElement("div");
    colourRow.className = "pad-row pad-colours";
    NOTATION.colours.forEach(function (letter) {
      var label = suits ? SUITS[letter] : NAMES[letter];
      var key = button(plain(label) + " <b>" + plain(LETTERS[letter]) + "</b>",
        fill(WORDS.colour_key, { colour: label, letter: LETTERS[letter] }), function () {
        colour = letter;
        nameColour();
        colourRow.querySelectorAll(".pad-key").forEach(function (k) {
          k.setAttribute("aria-pressed", k === key ? "true" : "false");
        });
      }, "pad-colour pad-" + letter);
      key.setAttribute("aria-pressed", letter === colour ? "true" : "false");
      colourRow.appendChild(key);
    });
    pad.appendChild(colourRow);

    // Each number key says its tile to a screen reader, in the words breakdowns use ("red
    // 12", "12 rouge", "kék 12"), and says the new colour when another is chosen: the
    // colour chosen stays chosen between tiles.
    var numberKeys = [];
    function keyName(n, place) {
      if (suits) {
        var card = capital(fill(NOTATION.card_name,
          { face: WORDS.faces[n] || String(n), suit: NOTATION.suit_words[colour] }));
        return place ? fill(WORDS.card_in[place], { card: card, key: WORDS["ace_" + place] }) : card;
      }
      var name = NAMES[colour];
      // An ace key's name starts with the words on it ("1 high"), as a voice user says them.
      return place ? fill(WORDS.ace_in[place], { colour: name, key: WORDS["ace_" + place] })
        : capital(fill(NOTATION.tile_name, { colour: NOTATION.colour_words[colour], number: n }));
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
    for (var n = NOTATION.numbers[0]; n <= NOTATION.numbers[1]; n++) {
      (function (n) {
        var face = suits ? (NOTATION.faces[String(n)] || String(n)) : String(n);
        if (n === NOTATION.ace && acePlaces) {
          NOTATION.ace_places.forEach(function (place) {
            var key = button(plain(WORDS["ace_" + place]), "",
              function () { add(LETTERS[colour] + n + NOTATION.ace_mark + place); }, "pad-ace");
            numberKeys.push({ key: key, n: n, place: place });
            numbers.appendChild(key);
          });
        } else {
          var key = button(face, "", function () { add(LETTERS[colour] + n); });
          numberKeys.push({ key: key, n: n, place: null });
          numbers.appendChild(key);
        }
      })(n);
    }
    nameColour();
    pad.appendChild(numbers);

    var tools = document.createElement("div");
    tools.className = "pad-row pad-tools";
    tools.appendChild(button(plain(WORDS.joker) + " <b>" + plain(JOKER) + "</b>",
      fill(WORDS.joker_words, { letter: JOKER }), function () { add(JOKER); }, "pad-joker"));
    // Each key's name holds the word on it (a voice user says what they see), then what it does.
    tools.appendChild(button(plain(WORDS.back), fill(WORDS.back_words, { key: WORDS.back }), function () {
      var list = tokens(field);
      list.pop();
      write(field, list);
    }, "pad-back"));
    tools.appendChild(button(plain(WORDS.clear), fill(WORDS.clear_words, { key: WORDS.clear }),
      function () { write(field, []); }));
    tools.appendChild(button(plain(WORDS.done), fill(WORDS.done_words, { key: WORDS.done }), function () {
      pad.hidden = true;
      pad.dispatchEvent(new Event("padclosed", { bubbles: true }));
    }, "pad-done"));
    pad.appendChild(tools);
    return pad;
  }

  // The pad's toggle is drawn by the page (templates/_macros.html) right after its box, so
  // nothing moves when this script arrives; a box drawn without one gets one here.
  function enhance(field) {
    var toggle = field.nextElementSibling;
    var drawn = toggle && toggle.classList.contains("pad-toggle");
    if (!drawn) {
      toggle = document.createElement("button");
      toggle.type = "button";
      toggle.className = "pad-toggle";
      toggle.textContent = WORDS.tile_pad;
      toggle.setAttribute("aria-expanded", "false");
    }
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
      if (!pad.hidden && toggle.classList.contains("rack-toggle")) { keepInSight(toggle, pad); }
    });
    if (!drawn) { field.parentNode.insertBefore(toggle, field.nextSibling); }
    return toggle;
  }

  // The docked pad covers the bottom of the screen: the rack it fills and the name of its
  // player are scrolled to just above it (or below the top of the screen, if above it).
  function keepInSight(toggle, pad) {
    var player = toggle.closest(".player");
    var name = player && player.querySelector("legend");
    var rack = toggle.getBoundingClientRect();
    var box = name ? name.getBoundingClientRect() : rack;
    var top = Math.min(rack.top, box.top);
    var bottom = Math.max(rack.bottom, box.bottom);
    var room = pad.getBoundingClientRect().top;
    // A little room either side, and whole pixels: a scroll lands on a whole pixel.
    if (bottom > room) {
      window.scrollBy(0, Math.ceil(bottom - room) + 4);
    } else if (top < 0) {
      window.scrollBy(0, Math.floor(top) - 4);
    }
  }

  // On the record-hand form the pad is docked at the bottom and each player's rack is its
  // toggle: tapping the rack selects it, and it shows the rack as small tiles with its
  // running points (each tile's cost comes from the page, as the rules count it).
  var form = document.querySelector("form.tally[data-rack-costs]");
  var costs = form ? JSON.parse(form.getAttribute("data-rack-costs")) : null;

  // What a token costs on a rack, as the engine counts it (the page's costs per number and
  // for a joker); a token the engine would refuse counts nothing until it is corrected.
  function cost(token) {
    var tile = readTile(token);
    if (!tile) { return 0; }
    return tile.joker ? costs.joker : costs[String(tile.number)] || 0;
  }

  function drawRack(field, toggle) {
    var list = tokens(field);
    var points = list.reduce(function (sum, t) { return sum + cost(t); }, 0);
    // Whose rack it is, for a screen reader that reaches the toggle without the name beside
    // it; the toggle's name is this and the words on it, and its description (its title)
    // the tiles as typed, colours and all.
    var part = field.closest("[data-player]");
    var whose = document.createElement("span");
    whose.className = "sr";
    whose.textContent = (part ? fill(WORDS.rack_of, { player: part.getAttribute("data-player") })
      : field.labels[0].textContent.trim()) + " ";
    toggle.textContent = "";
    toggle.appendChild(whose);
    if (list.length) { toggle.title = list.join(" "); } else { toggle.removeAttribute("title"); }
    if (!list.length) {
      toggle.appendChild(document.createTextNode(WORDS.tap_to_add));
    }
    list.forEach(function (t) {
      var read = readTile(t);
      var tile = document.createElement("span");
      tile.className = "rack-tile pad-" + (read ? (read.joker ? NOTATION.joker : read.colour)
        : "unread");
      tile.textContent = read ? (read.joker ? JOKER.toUpperCase() : String(read.number))
        : t;
      toggle.appendChild(tile);
    });
    if (list.length) {
      var sum = document.createElement("span");
      sum.className = "rack-points";
      sum.textContent = fill(counted(WORDS.points, points), { points: points });
      toggle.appendChild(sum);
    }
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
      sum += (Number(jokers && jokers.value) || 0) * costs.joker;
    });
    total.textContent = fill(WORDS.on_the_racks, { points: sum });
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
