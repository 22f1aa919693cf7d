// The deck lab's progress bar: fetches the run's JSON status (finished chunks of the chord's
// header / all chunks) whenever the run's socket (live-socket.js) says a chunk is done, and
// reloads the page, which then shows the result, when the run is done. Without the socket
// it polls every 5 seconds (every 30 with it, for a hint lost on the way). Without this
// script the page still works: reloading it shows the same.
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

  var panel = document.querySelector("[data-lab-status]");
  if (!panel || !window.fetch) {
    return;
  }
  var bar = panel.querySelector("[data-lab-progress]");
  var text = panel.querySelector("[data-lab-text]");
  var url = panel.getAttribute("data-lab-status");
  var POLL = 5000;
  var POLL_LIVE = 30000;
  var live = false;
  var timer = null;

  function later(ms) {
    if (timer) {
      window.clearTimeout(timer);
    }
    timer = window.setTimeout(poll, ms);
  }

  function poll() {
    timer = null;
    fetch(url, {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (response) {
        if (!response.ok) {
          throw new Error(response.status);
        }
        return response.json();
      })
      .then(function (status) {
        bar.max = status.total;
        bar.value = status.done;
        bar.textContent = Math.floor(100 * status.done / status.total) + "%";
        text.textContent = interpolate(
          ngettext("%(done)s of %(total)s chunk done.", "%(done)s of %(total)s chunks done.",
                   status.total),
          {done: status.done, total: status.total}, true);
        if (status.finished) {
          window.location.reload();
        } else {
          later(live ? POLL_LIVE : POLL);
        }
      })
      .catch(function () {
        text.textContent = gettext("Lost touch with the server; retrying.");
        later(POLL);
      });
  }

  later(1000);
  window.clashLive && window.clashLive(panel.getAttribute("data-socket-url"), function () {
    later(0);
  }, function (open) {
    live = open;
  });
})();
