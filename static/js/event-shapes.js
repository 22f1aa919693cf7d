// The new-event and edit pages' shape cards (tournaments/forms/shapes.py): the phase settings a
// shape does not use are hidden and left out of the form (a disabled input is not sent, and the
// server then keeps the setting's neutral value); choosing a shape fills in its defaults where
// a setting it needs is still empty. Without this script every setting shows, and the server
// checks them against the shape chosen. The Phases list above the settings says in words what
// the shape and its settings make, as the event's page will (tournaments/presenters/phases.py
// writes the same sentences on the server), and follows every change.
(function () {
  "use strict";

  // The site's translations (Django's JavaScriptCatalog, loaded first by templates/base.html).
  var gettext = window.gettext || function (text) { return text; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };

  function fill(format, values) {
    return format.replace(/%\((\w+)\)[sd]/g, function (m, name) { return String(values[name]); });
  }

  var form = document.querySelector("form[data-shape-form]");
  if (!form) {
    return;
  }
  var radios = Array.prototype.slice.call(form.querySelectorAll("input[name='shape']"));
  var parts = Array.prototype.slice.call(form.querySelectorAll("[data-shapes]"));
  var inputs = "input, select, textarea";
  // The settings the server disabled (the event has started) stay disabled whatever is shown.
  parts.forEach(function (part) {
    Array.prototype.forEach.call(part.querySelectorAll(inputs), function (input) {
      if (input.disabled) {
        input.setAttribute("data-locked", "");
      }
    });
  });

  function chosen() {
    for (var i = 0; i < radios.length; i += 1) {
      if (radios[i].checked) {
        return radios[i];
      }
    }
    return null;
  }

  function show(fill) {
    var radio = chosen();
    if (!radio) {
      return;
    }
    parts.forEach(function (part) {
      var shown = part.getAttribute("data-shapes").split(" ").indexOf(radio.value) !== -1;
      part.hidden = !shown;
      Array.prototype.forEach.call(part.querySelectorAll(inputs), function (input) {
        if (!input.hasAttribute("data-locked")) {
          input.disabled = !shown;
        }
      });
    });
    if (!fill) {
      return;
    }
    var defaults = JSON.parse(radio.getAttribute("data-defaults") || "{}");
    Object.keys(defaults).forEach(function (name) {
      var input = form.elements[name];
      if (input && !input.disabled && (input.value === "" || input.value === "0")) {
        input.value = String(defaults[name]);
      }
    });
  }

  // A setting's value as the shape makes it: its neutral value when the shape does not use it.
  function setting(name, shape) {
    var input = form.elements[name];
    var part = input && input.closest ? input.closest("[data-shapes]") : null;
    var used = part && part.getAttribute("data-shapes").split(" ").indexOf(shape) !== -1;
    if (!used) {
      return null;
    }
    if (input.type === "checkbox") {
      return input.checked;
    }
    var number = parseInt(input.value, 10);
    return isNaN(number) ? null : number;
  }

  function thirdPlace(line, shape) {
    return setting("third_place", shape)
      ? line + " " + gettext("The semifinals' losers play a match for third place.") : line;
  }

  function lines(radio) {
    var shape = radio.value;
    var structure = radio.getAttribute("data-structure");
    var found = [];
    var groups = setting("groups", shape) || 1;
    if (structure === "single_elimination") {
      found.push(thirdPlace(gettext("Single elimination of the whole field, seeded by rating, " +
                                    "byes to the top seeds."), shape));
    } else if (structure === "double_elimination") {
      var double = gettext("Double elimination of the whole field, seeded by rating, byes to " +
                           "the top seeds: a player is out at their second loss.");
      if (setting("grand_final_reset", shape)) {
        double += " " + gettext("If the losers bracket's champion wins the grand final, it is " +
                                "played again.");
      }
      found.push(double);
    } else if (structure === "round_robin") {
      var line = setting("cycles", shape) === 2
        ? ngettext("Round robin in %(groups)d group: each pair meets twice, who goes first " +
                   "swapped.",
                   "Round robin in %(groups)d groups: each pair of a group meets twice, who " +
                   "goes first swapped.", groups)
        : ngettext("Round robin in %(groups)d group: each pair meets once.",
                   "Round robin in %(groups)d groups: each pair of a group meets once.", groups);
      line = fill(line, {groups: groups});
      if (setting("head_to_head", shape)) {
        line += " " + gettext("Head-to-head breaks ties on match points first.");
      }
      found.push(line);
    } else {
      var rounds = setting("rounds", shape);
      found.push(rounds
        ? fill(ngettext("Swiss, %(rounds)d round.", "Swiss, %(rounds)d rounds.", rounds),
               {rounds: rounds})
        : gettext("Swiss, as many rounds as the number of players calls for (set at the " +
                  "start)."));
    }
    var points = setting("day2_points", shape);
    if (points !== null) {
      var more = setting("day2_rounds", shape) || 0;
      found.push(
        fill(ngettext("Day 2: Swiss, %(rounds)d round, points and opponents carried over.",
                      "Day 2: Swiss, %(rounds)d rounds, points and opponents carried over.",
                      more), {rounds: more}) + " " +
        fill(ngettext("The players with at least %(points)d match point play it.",
                      "The players with at least %(points)d match points play it.", points),
             {points: points}));
    }
    var cut = setting("top_cut", shape);
    if (cut && structure !== "single_elimination" && structure !== "double_elimination") {
      var each = Math.floor(cut / groups);
      found.push(thirdPlace(structure === "round_robin"
        ? fill(ngettext("Top %(cut)d, single elimination: the best player of each group.",
                        "Top %(cut)d, single elimination: the best %(each)d of each group.",
                        each), {cut: cut, each: each})
        : fill(gettext("Top %(cut)d, single elimination."), {cut: cut}), shape));
    }
    return found;
  }

  var planned = form.querySelector("[data-planned-phases]");

  function tell() {
    var radio = chosen();
    if (!planned || !radio) {
      return;
    }
    var list = planned.querySelector("ol");
    list.textContent = "";
    lines(radio).forEach(function (text) {
      var item = document.createElement("li");
      item.textContent = text;
      list.appendChild(item);
    });
    planned.hidden = false;
  }

  radios.forEach(function (radio) {
    radio.addEventListener("change", function () { show(true); tell(); });
  });
  form.addEventListener("input", tell);
  form.addEventListener("change", tell);
  show(false);
  tell();
}());
