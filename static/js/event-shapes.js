// The new-event and edit pages' shape cards (tournaments/forms/shapes.py): the phase settings a
// shape does not use are hidden and left out of the form (a disabled input is not sent, and the
// server then keeps the setting's neutral value); choosing a shape fills in its defaults where
// a setting it needs is still empty. Without this script every setting shows, and the server
// checks them against the shape chosen.
(function () {
  "use strict";

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

  radios.forEach(function (radio) {
    radio.addEventListener("change", function () { show(true); });
  });
  show(false);
}());
