// The leaderboard save line under a finished table: shows the server's status and retries on demand.
(function () {
  "use strict";

  function csrfToken() {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  function attach(box) {
    var message = box.querySelector("[data-message]");
    var button = box.querySelector("[data-retry]");
    var polls = 0;

    function show(status) {
      message.textContent = status.message || "";
      button.hidden = !status.can_retry;
      button.disabled = false;
      if (status.state === "pending" && polls < 10) {
        polls += 1;
        window.setTimeout(load, 2000);
      }
    }

    function load() {
      fetch(box.dataset.statusUrl, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (status) { if (status) { show(status); } })
        .catch(function () { /* offline: keep what is shown */ });
    }

    button.addEventListener("click", function () {
      button.disabled = true;
      fetch(box.dataset.saveUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: { Accept: "application/json", "X-CSRFToken": csrfToken() },
      })
        .then(function () { load(); })
        .catch(function () { button.disabled = false; });
    });

    load();
  }

  document.querySelectorAll("[data-leaderboard-save]").forEach(attach);
})();
