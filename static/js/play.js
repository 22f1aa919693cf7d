// The game page: while the game waits for the other side, fetch the game region (the server
// sends only that part) and replace it, until it is this player's turn or the game is over
// (also during a constructed match game's bans, reloading the page when the game begins). The
// game's socket (live-socket.js) says when the game changed, and the region is fetched at
// once; without the socket the page asks every 15 seconds, and every minute with it (a hint
// lost on the way costs a minute at most). Also keeps one action per page: after a button is pressed, the others
// are disabled so a second click cannot post a second action built on the same page (the
// server refuses a stale one anyway). "End the turn" while cards are still playable opens
// the question "End the turn now?" in place. Without this script the page works the same:
// the Reload link shows the current game, and the server asks that question as a step.
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

  var POLL = 15000;
  var POLL_LIVE = 60000;
  var region = document.getElementById("play-game");
  var status = document.querySelector("[data-play-status]");
  if (!region) {
    return;
  }

  function say(text) {
    if (status) {
      status.textContent = text;
    }
  }

  function confirmEnd(form) {
    var end = form.querySelector("[data-confirm-end]");
    if (!end) {
      return;
    }
    var box = document.getElementById(end.getAttribute("data-confirm-end"));
    var actions = end.parentNode;
    if (!box) {
      return;
    }
    end.addEventListener("click", function (event) {
      event.preventDefault();
      box.hidden = false;
      actions.hidden = true;
      var yes = box.querySelector("[data-confirm-yes]");
      if (yes) {
        yes.focus();
      }
    });
    var cancel = box.querySelector("[data-confirm-cancel]");
    if (cancel) {
      cancel.addEventListener("click", function (event) {
        event.preventDefault();
        box.hidden = true;
        actions.hidden = false;
        end.focus();
      });
    }
  }

  function guard(root) {
    var form = root.querySelector("form.play-form");
    if (!form) {
      return;
    }
    confirmEnd(form);
    form.addEventListener("submit", function () {
      // Disable after the submit has read the pressed button's name and value.
      window.setTimeout(function () {
        var buttons = form.querySelectorAll("button");
        for (var i = 0; i < buttons.length; i++) {
          buttons[i].disabled = true;
        }
        say(gettext("Sending your move\u2026"));
      }, 0);
    });
  }

  function waiting() {
    return region.getAttribute("data-waiting") === "1";
  }

  var live = false;
  var timer = null;

  function refresh(hinted) {
    if (!window.fetch || (!hinted && (document.hidden || !waiting()))) {
      return;
    }
    fetch(region.getAttribute("data-fragment-url"), {
      credentials: "same-origin",
      headers: {"X-Requested-With": "fetch"}
    }).then(function (response) {
      if (!response.ok) {
        throw new Error(response.status);
      }
      return response.text();
    }).then(function (html) {
      var box = document.createElement("div");
      box.innerHTML = html;
      var fresh = box.querySelector("#play-game");
      if (!fresh) {
        return;
      }
      if (fresh.getAttribute("data-status") !== region.getAttribute("data-status")) {
        // The bans are over and the game began: the whole page changes.
        window.location.reload();
        return;
      }
      if (fresh.getAttribute("data-n") !== region.getAttribute("data-n")
          || fresh.getAttribute("data-waiting") !== region.getAttribute("data-waiting")) {
        region.replaceWith(fresh);
        region = fresh;
        guard(region);
      }
      sayWaiting();
    }).catch(function () {
      say(gettext("Could not reach the server: retrying."));
    });
  }

  function sayWaiting() {
    if (!waiting()) {
      say("");
    } else if (live) {
      say(gettext("Waiting for the other side: this page updates by itself."));
    } else {
      say(gettext("Waiting for the other side. Live updates are off: this page updates "
                  + "every 15 seconds."));
    }
  }

  function poll() {
    if (timer) {
      window.clearInterval(timer);
    }
    timer = window.setInterval(refresh, live ? POLL_LIVE : POLL);
  }

  guard(region);
  sayWaiting();
  poll();
  window.clashLive && window.clashLive(region.getAttribute("data-socket-url"), function (hint) {
    // The page already shows this step: nothing to fetch (a repeated hint).
    if (hint.kind === region.getAttribute("data-status")
        && String(hint.version) === region.getAttribute("data-n")) {
      return;
    }
    refresh(true);
  }, function (open) {
    if (open !== live) {
      live = open;
      poll();
      sayWaiting();
    }
  });
})();
