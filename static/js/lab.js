// The deck lab's progress bar: fetches the run's JSON status (games played of all games, and
// the sentence that says so in the reader's language) whenever the run's socket
// (live-socket.js) says games were played, and every second besides, so the bar moves as the
// chunks report (at least every half second each); it reloads the page, which then shows the
// result, when the run is done. Without this script the page still works: reloading it shows
// the same.
(function () {
  "use strict";

  // The site's translations (Django's JavaScriptCatalog, loaded first by templates/base.html);
  // English wherever a page lacks it.
  var gettext = window.gettext || function (text) { return text; };

  var panel = document.querySelector("[data-lab-status]");
  if (!panel || !window.fetch) {
    return;
  }
  var bar = panel.querySelector("[data-lab-progress]");
  var text = panel.querySelector("[data-lab-text]");
  var url = panel.getAttribute("data-lab-status");
  var POLL = 1000;
  var timer = null;
  var busy = false;

  function later(ms) {
    if (timer) {
      window.clearTimeout(timer);
    }
    timer = window.setTimeout(poll, ms);
  }

  function poll() {
    timer = null;
    if (busy) {
      later(POLL);
      return;
    }
    busy = true;
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
        // The percentage as the reader's language writes it ("12%", "12 %", "%12"): the
        // server's words, like the sentence.
        bar.textContent = status.percent;
        text.textContent = status.text;
        busy = false;
        if (status.finished) {
          window.location.reload();
        } else {
          later(POLL);
        }
      })
      .catch(function () {
        busy = false;
        text.textContent = gettext("Lost touch with the server; retrying.");
        later(POLL);
      });
  }

  later(POLL / 2);
  window.clashLive && window.clashLive(panel.getAttribute("data-socket-url"), function () {
    later(0);
  }, function () {});
})();
