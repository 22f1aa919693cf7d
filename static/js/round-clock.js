// The round clock: every element with data-round-clock counts down from the time the server
// computed (data-clock-deadline minus data-clock-now, both the server's), each second, in
// M:SS. It asks data-clock-url (the API's clock) for the server's clock on load, once a
// minute and when the tab comes back, so a page kept for a while, a pause or minutes added elsewhere
// are caught up (the organizer's buttons follow on the next load). Without this script the page says the minutes left when it was made.
(function () {
  "use strict";

  var clocks = document.querySelectorAll("[data-round-clock]");
  if (!clocks.length) {
    return;
  }
  var SYNC = 60000;

  function shown(seconds) {
    var h = Math.floor(seconds / 3600);
    var m = Math.floor((seconds % 3600) / 60);
    var s = seconds % 60;
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    return h ? h + ":" + two(m) + ":" + two(s) : m + ":" + two(s);
  }

  function Clock(element) {
    this.element = element;
    this.time = element.querySelector("[data-clock-time]");
    this.status = element.querySelector("[data-clock-status]");
    this.url = element.getAttribute("data-clock-url");
    this.state = element.getAttribute("data-clock-state");
    var deadline = element.getAttribute("data-clock-deadline");
    var now = element.getAttribute("data-clock-now");
    var left = deadline && now ? (Date.parse(deadline) - Date.parse(now)) / 1000
      : Number(element.getAttribute("data-clock-seconds"));
    this.anchor(left);
  }

  // The time left is `left` seconds at this moment of the page's own clock.
  Clock.prototype.anchor = function (left) {
    this.left = Math.max(0, left);
    this.at = Date.now();
  };

  Clock.prototype.secondsLeft = function () {
    if (this.state !== "running") {
      return Math.round(this.left);
    }
    return Math.max(0, Math.round(this.left - (Date.now() - this.at) / 1000));
  };

  // The words for each state come from the page (data-clock-text-called, ...), translated.
  Clock.prototype.become = function (state) {
    if (state === this.state) {
      return;
    }
    this.element.classList.remove("round-clock-" + this.state);
    this.state = state;
    this.element.classList.add("round-clock-" + state);
    this.element.setAttribute("data-clock-state", state);
    if (this.status) {
      this.status.textContent = this.element.getAttribute("data-clock-text-" + state) || "";
    }
  };

  Clock.prototype.show = function () {
    var left = this.secondsLeft();
    this.time.textContent = shown(left);
    if (this.state === "running" && left === 0) {
      this.become("called");
    }
  };

  Clock.prototype.sync = function () {
    if (!this.url || !window.fetch) {
      return;
    }
    var clock = this;
    fetch(this.url, {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (response) {
        if (!response.ok) {
          throw new Error(response.status);
        }
        return response.json();
      }).then(function (data) {
        clock.anchor(data.seconds_left);
        clock.element.setAttribute("data-clock-synced", "true");
        clock.become(data.called ? "called" : data.paused ? "paused"
          : data.started ? "running" : "waiting");
        clock.show();
      }).catch(function () { /* the next sync tries again */ });
  };

  var all = [];
  for (var i = 0; i < clocks.length; i++) {
    all.push(new Clock(clocks[i]));
  }
  function tick() {
    for (var i = 0; i < all.length; i++) {
      all[i].show();
    }
  }
  function sync() {
    if (document.hidden) {
      return;
    }
    for (var i = 0; i < all.length; i++) {
      all[i].sync();
    }
  }
  tick();
  // At once too: a page kept for visitors carries the server's time it was made at.
  sync();
  window.setInterval(tick, 1000);
  window.setInterval(sync, SYNC);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) {
      sync();
    }
  });
  // The page's live socket (live-socket.js) says the clock changed: ask at once.
  document.addEventListener("clash:live", function (event) {
    var hint = event.detail || {};
    if (hint.kind === "clock" || (hint.also && hint.also.indexOf("clock") >= 0)) {
      sync();
    }
  });
})();
