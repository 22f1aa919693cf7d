// The deck builder checks the list as the player picks. The server is the judge: every change
// posts the form to the validate view, which runs the same checks as saving
// (decklist_problems) and answers the problems per field. Without this script the page
// still works: the problems are shown when the form is submitted. A list of The Spoils or
// Berserk (data-game) counts copies instead of picks; its rules module is the judge.
(function () {
  "use strict";

  // The site's translations (Django's JavaScriptCatalog, loaded first by templates/base.html);
  // English wherever a page lacks it.
  var gettext = window.gettext || function (text) { return text; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  var interpolate = window.interpolate || function (format, values, named) {
    return named
      ? format.replace(/%\(\w+\)s/g, function (m) { return String(values[m.slice(2, -2)]); })
      : format.replace(/%s/g, function () { return String(values.shift()); });
  };

  var form = document.getElementById("deck-builder");
  if (!form || !window.fetch || !window.FormData) {
    return;
  }
  var url = form.getAttribute("data-validate-url");
  var needed = parseInt(form.getAttribute("data-needed"), 10);
  var game = form.getAttribute("data-game");
  var status = document.getElementById("builder-status");
  var sequence = 0;
  var timer = null;

  function kind() {
    if (game) {
      return "game";
    }
    var fixed = form.querySelector("input[type=hidden][name=kind]");
    if (fixed) {
      return fixed.value;
    }
    var checked = form.querySelector("input[name=kind]:checked");
    return checked ? checked.value : null;
  }

  function pickedCount() {
    if (game) {
      var total = 0;
      var inputs = form.querySelectorAll("input[data-copies]");
      for (var i = 0; i < inputs.length; i++) {
        var copies = parseInt(inputs[i].value, 10);
        total += isNaN(copies) || copies < 0 ? 0 : copies;
      }
      return total;
    }
    return form.querySelectorAll("input[name=cards]:checked").length;
  }

  // Only the section of the chosen kind is shown (both are shown without the script).
  function showKind() {
    var current = kind();
    var sections = form.querySelectorAll("[data-kind-section]");
    for (var i = 0; i < sections.length; i++) {
      sections[i].hidden = current !== null && sections[i].getAttribute("data-kind-section") !== current;
    }
  }

  function setText(element, text, className) {
    element.textContent = "";
    var span = document.createElement("span");
    if (className) {
      span.className = className;
    }
    span.textContent = text;
    element.appendChild(span);
  }

  function summary(problems) {
    var parts = [];
    if (kind() === "constructed") {
      parts.push(interpolate(gettext("%(picked)s of %(needed)s picked"),
                             {picked: pickedCount(), needed: needed}, true));
    } else if (game) {
      parts.push(interpolate(ngettext("%(n)s card", "%(n)s cards", pickedCount()),
                             {n: pickedCount()}, true));
    }
    if (problems === null) {
      setText(status, parts.join(" · "));
    } else if (problems.length === 0) {
      parts.push(gettext("ready to save"));
      setText(status, parts.join(" · "), "ok");
    } else {
      parts.push(interpolate(ngettext("%(n)s problem", "%(n)s problems", problems.length),
                             {n: problems.length}, true));
      setText(status, parts.join(" · "));
    }
  }

  function showErrors(errors) {
    var lists = form.querySelectorAll("[data-errors-for]");
    for (var i = 0; i < lists.length; i++) {
      var list = lists[i];
      var field = list.getAttribute("data-errors-for");
      var messages = errors[field] || [];
      list.textContent = "";
      for (var j = 0; j < messages.length; j++) {
        var item = document.createElement("li");
        item.textContent = messages[j];
        list.appendChild(item);
      }
      var holder = list.closest(".field");
      if (holder) {
        holder.classList.toggle("field-invalid", messages.length > 0);
      }
      var inputs = form.querySelectorAll("[name=" + field + "]");
      for (var k = 0; k < inputs.length; k++) {
        if (messages.length > 0) {
          inputs[k].setAttribute("aria-invalid", "true");
        } else {
          inputs[k].removeAttribute("aria-invalid");
        }
      }
    }
  }

  function validate() {
    var mine = ++sequence;
    fetch(url, {
      method: "POST",
      body: new FormData(form),
      credentials: "same-origin",
      headers: { "Accept": "application/json" }
    }).then(function (response) {
      if (!response.ok) {
        throw new Error("validate answered " + response.status);
      }
      return response.json();
    }).then(function (answer) {
      if (mine !== sequence) {
        return; // a later change is being checked already
      }
      var errors = answer.errors || {};
      // Keep quiet about an empty name until the player has typed one or tried to save.
      if (!form.querySelector("[name=name]").value.trim() && !form.hasAttribute("data-submitted")) {
        delete errors.name;
      }
      showErrors(errors);
      var problems = [];
      for (var field in errors) {
        if (Object.prototype.hasOwnProperty.call(errors, field)) {
          problems = problems.concat(errors[field]);
        }
      }
      summary(problems);
    }).catch(function () {
      summary(null); // offline or a server error: saving still checks everything
    });
  }

  function changed() {
    showKind();
    summary(null);
    clearTimeout(timer);
    timer = setTimeout(validate, 250);
  }

  form.addEventListener("change", changed);
  form.addEventListener("input", function (event) {
    if (event.target.name === "name" || event.target.hasAttribute("data-copies")) {
      changed();
    }
  });
  form.addEventListener("submit", function () {
    form.setAttribute("data-submitted", "");
  });
  if (form.querySelector(".field-invalid, .errors-form")) {
    form.setAttribute("data-submitted", ""); // the page came back with errors: show them all
  }
  showKind();
  // An existing list, or one sent back with errors, is checked at once; a new one from the
  // first pick, so an empty form does not open with a list of problems.
  if (kind() !== null && (form.querySelector("[name=base_version]") ||
                          form.hasAttribute("data-submitted"))) {
    validate();
  }
})();
