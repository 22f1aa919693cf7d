// The draft's pick timer: the element with data-pick-timer counts down, each second in M:SS,
// from the seconds the server left for the pick in progress (data-pick-seconds, the server's
// own count, so a phone's wrong clock does not matter). At zero it reloads the page: reading
// the draft makes the pick whose time ran out (the server's read repair), and the page shows
// it. Without this script the page says the seconds left when it was made, and refreshes.
(function () {
  "use strict";

  var timer = document.querySelector("[data-pick-timer]");
  if (!timer) {
    return;
  }
  var time = timer.querySelector("[data-pick-time]") || timer;
  var left = Math.max(0, Number(timer.getAttribute("data-pick-seconds") || 0));
  var start = Date.now();

  function shown(seconds) {
    var m = Math.floor(seconds / 60);
    var s = seconds % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  function tick() {
    var now = Math.max(0, Math.ceil(left - (Date.now() - start) / 1000));
    time.textContent = shown(now);
    if (now === 0) {
      window.clearInterval(every);
      // A second's grace: the server decides by its own clock.
      window.setTimeout(function () { window.location.reload(); }, 1000);
    }
  }

  var every = window.setInterval(tick, 1000);
  tick();
})();
