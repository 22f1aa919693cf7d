// The time zone list of the preferences page (accounts/forms.py PreferencesForm): some 600
// names are too many to scroll on a phone, so a box above the list narrows it to the zones
// whose name holds what the person types ("belgrade", "new york"), and the list shows the
// first of them chosen. Without this script the box stays hidden and the whole list is
// offered; the server takes only a zone of the list either way.
(function () {
  "use strict";

  // The site's translations (Django's JavaScriptCatalog, loaded first by templates/base.html).
  var gettext = window.gettext || function (text) { return text; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  var interpolate = window.interpolate || function (format, values) {
    return format.replace(/%\(\w+\)s/g, function (m) { return String(values[m.slice(2, -2)]); });
  };

  var select = document.querySelector("select[data-zone-filter]");
  var box = document.querySelector("[data-zone-filter-box]");
  if (!select || !box) {
    return;
  }
  var input = box.querySelector("input");
  var count = box.querySelector("[data-zone-filter-count]");
  // Every option, once: the list is rebuilt from these (an option hidden by an attribute
  // still shows in some phones' pickers).
  var options = Array.prototype.slice.call(select.options);

  function key(text) {
    return text.toLowerCase().replace(/[\s_]+/g, " ");
  }

  function narrow() {
    var wanted = key(input.value.trim());
    var chosen = select.value;
    var matches = options.filter(function (option) {
      return option.value && (!wanted || key(option.value).indexOf(wanted) !== -1);
    });
    var shown = options.filter(function (option) {
      // The browser's zone and the one chosen stay offered whatever is typed.
      return !option.value || option.value === chosen || matches.indexOf(option) !== -1;
    });
    while (select.firstChild) {
      select.removeChild(select.firstChild);
    }
    shown.forEach(function (option) { select.appendChild(option); });
    // What was chosen stays chosen while it matches; else the list shows the first match.
    var keep = !wanted || !matches.length || matches.some(function (option) {
      return option.value === chosen;
    });
    select.value = keep ? chosen : matches[0].value;
    if (!wanted) {
      count.textContent = "";
    } else if (matches.length) {
      count.textContent = interpolate(ngettext("%(count)s zone matches.",
                                               "%(count)s zones match.", matches.length),
                                      {count: matches.length}, true);
    } else {
      count.textContent = interpolate(gettext("No zone has “%(text)s” in its name: try a "
                                              + "city near you, spelled in English."),
                                      {text: input.value.trim()}, true);
    }
  }

  input.addEventListener("input", narrow);
  // Enter in the box chooses the zone shown rather than sending the form half done.
  input.addEventListener("keydown", function (event) {
    if (event.key === "Enter") {
      event.preventDefault();
      select.focus();
    }
  });
  box.hidden = false;
})();
