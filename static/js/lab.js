// The deck lab's progress bar: polls the run's JSON status (finished chunks of the chord's
// header / all chunks) every second and reloads the page, which then shows the result, when
// the run is done. Without this script the page still works: reloading it shows the same.
(function () {
  "use strict";

  var panel = document.querySelector("[data-lab-status]");
  if (!panel || !window.fetch) {
    return;
  }
  var bar = panel.querySelector("[data-lab-progress]");
  var text = panel.querySelector("[data-lab-text]");
  var url = panel.getAttribute("data-lab-status");

  function poll() {
    fetch(url, {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (response) {
        if (!response.ok) {
          throw new Error(response.status);
        }
        return response.json();
      })
      .then(function (status) {
        bar.max = status.total;
        bar.value = status.done;
        bar.textContent = Math.floor(100 * status.done / status.total) + "%";
        text.textContent = status.done + " of " + status.total + " chunks done.";
        if (status.finished) {
          window.location.reload();
        } else {
          window.setTimeout(poll, 1000);
        }
      })
      .catch(function () {
        text.textContent = "Lost touch with the server; retrying.";
        window.setTimeout(poll, 5000);
      });
  }

  window.setTimeout(poll, 1000);
})();
