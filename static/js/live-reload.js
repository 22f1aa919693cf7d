// Pages that change as a whole (a seat's draft, the pods' progress): the element with
// data-live-reload names its socket (live-socket.js) and the version the page shows
// (data-version: the pair's picks on a draft page); a hint of another version reloads the
// page. Without the socket the page refreshes itself as before (a draft page while waiting).
(function () {
  "use strict";

  var mark = document.querySelector("[data-live-reload]");
  if (!mark || !window.clashLive) {
    return;
  }
  var shown = mark.getAttribute("data-version");
  window.clashLive(mark.getAttribute("data-socket-url"), function (hint) {
    if (shown && hint.version !== null && String(hint.version) === shown) {
      return;
    }
    window.location.reload();
  }, function () {});
})();
