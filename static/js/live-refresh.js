// Live pairings and standings: every element with data-live-url is re-fetched (the server
// sends only that part of the page) and replaced, every 20 seconds while the tab is visible.
// Without this script the page is complete; reloading it shows the same thing.
(function () {
  "use strict";

  var INTERVAL = 20000;
  if (!window.fetch) {
    return;
  }
  var regions = document.querySelectorAll("[data-live-url]");
  var status = document.querySelector("[data-live-status]");
  if (!regions.length) {
    return;
  }

  function say(text) {
    if (status) {
      status.textContent = text;
    }
  }

  function clock() {
    var now = new Date();
    function two(n) { return (n < 10 ? "0" : "") + n; }
    return two(now.getHours()) + ":" + two(now.getMinutes()) + ":" + two(now.getSeconds());
  }

  function refresh(region) {
    return fetch(region.getAttribute("data-live-url"), {
      credentials: "same-origin",
      headers: {"X-Requested-With": "fetch"}
    }).then(function (response) {
      if (!response.ok) {
        throw new Error(response.status);
      }
      return response.text();
    }).then(function (html) {
      // Keep the keyboard focus where it was if it is inside the region.
      var focused = document.activeElement;
      var keep = focused && region.contains(focused) && focused.getAttribute("href");
      region.innerHTML = html;
      if (keep) {
        var again = region.querySelector('[href="' + keep + '"]');
        if (again) {
          again.focus();
        }
      }
    });
  }

  function tick() {
    if (document.hidden) {
      return;
    }
    var all = [];
    for (var i = 0; i < regions.length; i++) {
      all.push(refresh(regions[i]));
    }
    Promise.all(all).then(function () {
      say("Updated at " + clock() + ". Updates every 20 seconds.");
    }, function () {
      say("Could not update at " + clock() + ": retrying in 20 seconds.");
    });
  }

  say("Updates every 20 seconds.");
  window.setInterval(tick, INTERVAL);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) {
      tick();
    }
  });
})();
