// Live standings: refetch the season's table every 20 seconds while the page is visible.
(function () {
  "use strict";
  var table = document.getElementById("standings");
  if (!table || !table.dataset.live) return;
  var body = table.tBodies[0];
  var playerUrl = table.dataset.playerUrl;

  // Each cell is labelled with its column's header (a phone shows the rows as labelled lines).
  var labels = Array.prototype.map.call(table.tHead.rows[0].cells, function (th) { return th.textContent; });

  function label(tr) {
    Array.prototype.forEach.call(tr.cells, function (td, i) { td.dataset.label = labels[i] || ""; });
    return tr;
  }

  function cell(text, numeric) {
    var td = document.createElement("td");
    if (numeric) td.className = "num";
    td.textContent = text;
    return td;
  }

  function trend(value) {
    if (value === null || value === undefined) return "–";
    if (value > 0) return "▲ +" + value;
    if (value < 0) return "▼ " + value;
    return "= 0";
  }

  // The AI versions a row's results were against, by name as the page writes them ("dora" -> "Dora").
  function against(versions) {
    if (!versions || !versions.length) return "–";
    return versions.map(function (v) { return v.charAt(0).toUpperCase() + v.slice(1); }).join(", ");
  }

  function render(rows) {
    if (!rows.length) return;
    var fresh = document.createDocumentFragment();
    rows.forEach(function (row) {
      var tr = document.createElement("tr");
      tr.appendChild(cell(String(row.rank), true));
      var name = document.createElement("td");
      var link = document.createElement("a");
      link.href = playerUrl.replace("USERNAME", encodeURIComponent(row.username));
      link.textContent = row.name;
      name.appendChild(link);
      tr.appendChild(name);
      tr.appendChild(cell(String(row.matches), true));
      tr.appendChild(cell(row.points, true));
      tr.appendChild(cell(row.average, true));
      tr.appendChild(cell(String(row.wins), true));
      tr.appendChild(cell(row.rating === null ? "–" : String(row.rating), true));
      tr.appendChild(cell(trend(row.trend), true));
      var versus = cell(against(row.opponent_ai_versions), false);
      versus.dataset.field = "against";
      tr.appendChild(versus);
      fresh.appendChild(label(tr));
    });
    body.replaceChildren(fresh);
  }

  function refresh() {
    if (document.hidden) return;
    fetch(table.dataset.live, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) { if (data) render(data.standings); })
      .catch(function () { /* keep the last table; try again later */ });
  }

  setInterval(refresh, 20000);
})();
