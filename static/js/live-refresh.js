// Live pairings and standings: every element with data-live-url is re-fetched (the server
// sends only that part of the page) and replaced as soon as the event's socket
// (live-socket.js, data-live-socket) says something changed, within a second spread at
// random so a crowd of pages does not ask all at once; a visitor who is not signed in is
// sent the part itself with the hint (tournaments/consumers.py), and nothing is fetched. Without the socket it polls every 20
// seconds while the tab is visible (every 2 minutes with it, for a hint lost on the way).
// Without this script the page is complete; reloading it shows the same thing.
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

  var INTERVAL = 20000;
  var INTERVAL_LIVE = 120000;
  var SPREAD = 1000;
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

  // The time of day as the page's language writes it, on a 24-hour clock as the site's
  // times are (the browser's Intl; HH:MM:SS where it has none).
  function clock() {
    var now = new Date();
    if (window.Intl && Intl.DateTimeFormat) {
      try {
        return new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
          hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23"
        }).format(now);
      } catch (e) {
        // An unknown language tag: the plain form below.
      }
    }
    function two(n) { return (n < 10 ? "0" : "") + n; }
    return two(now.getHours()) + ":" + two(now.getMinutes()) + ":" + two(now.getSeconds());
  }

  function show(region, html) {
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
      show(region, html);
    });
  }

  var live = false;
  var timer = null;
  var soon = null;

  function tick(hinted) {
    if (document.hidden && !hinted) {
      return;
    }
    var all = [];
    for (var i = 0; i < regions.length; i++) {
      all.push(refresh(regions[i]));
    }
    Promise.all(all).then(function () {
      say(live ? interpolate(gettext("Updated at %(time)s. Updates as soon as something "
                                     + "changes."), {time: clock()}, true)
               : interpolate(gettext("Updated at %(time)s. Updates every 20 seconds."),
                             {time: clock()}, true));
    }, function () {
      say(interpolate(gettext("Could not update at %(time)s: retrying in 20 seconds."),
                      {time: clock()}, true));
    });
  }

  function poll() {
    if (timer) {
      window.clearInterval(timer);
    }
    timer = window.setInterval(tick, live ? INTERVAL_LIVE : INTERVAL);
  }

  say(gettext("Updates every 20 seconds."));
  poll();
  var socket = status && status.getAttribute("data-live-socket");
  window.clashLive && window.clashLive(socket, function (hint) {
    // A visitor's page is sent the fragment itself (the same for every visitor): nothing
    // to fetch.
    if (typeof hint.html === "string" && regions.length === 1) {
      show(regions[0], hint.html);
      say(interpolate(gettext("Updated at %(time)s. Updates as soon as something "
                              + "changes."), {time: clock()}, true));
      return;
    }
    if (soon === null) {
      soon = window.setTimeout(function () {
        soon = null;
        tick(true);
      }, Math.random() * SPREAD);
    }
  }, function (open) {
    if (open !== live) {
      live = open;
      poll();
      say(live ? gettext("Updates as soon as something changes.")
               : gettext("Live updates are off: updates every 20 seconds."));
    }
  });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) {
      tick();
    }
  });
})();
