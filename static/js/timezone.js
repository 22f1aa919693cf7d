// The browser's time zone, stored in a cookie for the server (core/i18n.py), which shows the
// times of pages outside events in it; a signed-in person's own zone (their account) wins.
// Without this script times are shown in UTC, with the zone named.
(function () {
  "use strict";
  var name = "clash_time_zone";
  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (error) {
    return;
  }
  // An IANA name has letters, digits, "/", "_", "+" and "-": nothing a cookie must quote.
  if (!zone || !/^[A-Za-z0-9_+\-\/]+$/.test(zone)) {
    return;
  }
  var current = document.cookie.split("; ").filter(function (part) {
    return part.indexOf(name + "=") === 0;
  })[0];
  if (current !== name + "=" + zone) {
    document.cookie = name + "=" + zone + "; path=/; max-age=31536000; samesite=lax";
  }
})();
