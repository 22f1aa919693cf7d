// The live pages' socket (core/live.py): clashLive(path, onHint, onChange) opens a WebSocket to
// `path` on this site, calls onHint(message) for each hint ({kind, version}) and once more
// after each reconnection (hints may have been missed meanwhile), and onChange(true) when it
// opens, onChange(false) when it cannot open or closes. It reconnects by itself, waiting 1 s,
// then twice as long each time up to 30 s (with jitter, so a restarted server is not hit by
// every page at once). A hint only says to fetch: the page gets the state from its own URL.
// Each hint is also a "clash:live" event on the document, for the page's other scripts.
// Without WebSocket support the page keeps polling.
(function () {
  "use strict";

  window.clashLive = function (path, onHint, onChange) {
    if (!window.WebSocket || !path) {
      onChange(false);
      return;
    }
    var FIRST = 1000;
    var LONGEST = 30000;
    var delay = FIRST;
    var opened = false;

    function open() {
      var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
      var socket;
      try {
        socket = new WebSocket(scheme + window.location.host + path);
      } catch (error) {
        onChange(false);
        return;
      }
      socket.onopen = function () {
        delay = FIRST;
        onChange(true);
        if (opened) {
          onHint({kind: null, version: null});
        }
        opened = true;
      };
      socket.onmessage = function (event) {
        var message;
        try {
          message = JSON.parse(event.data);
        } catch (error) {
          return;
        }
        onHint(message);
        // Other scripts of the page follow too (round-clock.js resyncs on a clock's hint).
        if (window.CustomEvent) {
          document.dispatchEvent(new CustomEvent("clash:live", {detail: message}));
        }
      };
      socket.onclose = function () {
        onChange(false);
        window.setTimeout(open, delay * (0.5 + Math.random()));
        delay = Math.min(delay * 2, LONGEST);
      };
    }

    open();
  };
})();
