// Pages that change as a whole (a seat's draft): the element with data-live-reload names its
// socket (live-socket.js) and the version the page shows (data-version: the pair's picks on a
// draft page); a hint of another version reloads the page. Without the socket, a page with
// data-refresh (a draft page while waiting) asks for itself that often (seconds) and reloads
// only when its version has changed: a reload on a timer would take a reader, or a screen
// reader, back to the top of an unchanged page. Without this script the page refreshes itself
// (a <meta> in <noscript>).
(function () {
  "use strict";

  var mark = document.querySelector("[data-live-reload]");
  if (!mark || !window.clashLive) {
    return;
  }
  var shown = mark.getAttribute("data-version");
  var every = Number(mark.getAttribute("data-refresh") || 0) * 1000;
  var polling = null;

  function changed() {
    if (document.hidden || !window.fetch || !window.DOMParser) {
      return;
    }
    window.fetch(window.location.href, {credentials: "same-origin"})
      .then(function (response) {
        return response.ok ? response.text() : null;
      })
      .then(function (text) {
        if (text === null) {
          return;
        }
        var now = new DOMParser().parseFromString(text, "text/html")
          .querySelector("[data-live-reload]");
        if (!now || now.getAttribute("data-version") !== shown) {
          window.location.reload();
        }
      })
      .catch(function () {});
  }

  window.clashLive(mark.getAttribute("data-socket-url"), function (hint) {
    if (shown && hint.version !== null && String(hint.version) === shown) {
      return;
    }
    window.location.reload();
  }, function (open) {
    if (open && polling !== null) {
      window.clearInterval(polling);
      polling = null;
    } else if (!open && every > 0 && polling === null) {
      polling = window.setInterval(changed, every);
    }
  });
})();
