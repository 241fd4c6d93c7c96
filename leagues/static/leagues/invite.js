// The invite field's suggestions as one types: GET /api/leagues/players/?q= fills the field's datalist
// (the browser's own list: arrow keys, Enter and screen readers work as for any input with a list).
(function () {
  "use strict";
  var input = document.querySelector("input[data-suggest]");
  if (!input) return;
  var list = document.getElementById(input.getAttribute("list"));
  var timer = null;
  var asked = "";

  function fill(players) {
    list.replaceChildren.apply(list, players.map(function (p) {
      var option = document.createElement("option");
      option.value = p.username;
      option.label = p.display_name === p.username ? p.username : p.display_name + " (" + p.username + ")";
      option.textContent = option.label;
      return option;
    }));
  }

  function ask() {
    var q = input.value.trim();
    if (q === asked) return;
    asked = q;
    if (q.length < 2) { fill([]); return; }
    fetch(input.dataset.suggest + "?q=" + encodeURIComponent(q), {
      credentials: "same-origin", headers: { Accept: "application/json" },
    })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (body) { if (body && body.q === input.value.trim()) fill(body.players); })
      .catch(function () { /* offline: no suggestions */ });
  }

  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(ask, 150);
  });
})();
