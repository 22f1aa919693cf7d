// The dashboard's and a match page's notice (templates/tournaments/_live_notice.html): shown
// when the page's socket (live-socket.js) says the event or the match changed since the page
// was built. The page is not replaced by itself: an organizer may be filling in a form.
// data-live-open says whether the socket is open now ("1") or not ("0").
(function () {
  "use strict";

  var notice = document.querySelector("[data-live-notice]");
  if (!notice || !window.clashLive) {
    return;
  }
  window.clashLive(notice.getAttribute("data-socket-url"), function () {
    notice.hidden = false;
  }, function (open) {
    notice.setAttribute("data-live-open", open ? "1" : "0");
  });
})();
