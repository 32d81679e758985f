"use strict";
// For automated checks: how many result points the charts hold once the page has loaded.
window.addEventListener("load", function () {
  document.body.dataset.pointsRendered = String(document.querySelectorAll(".point").length);
});

// Tables: a filter box above each, and a click on a header sorts by that column (by the cells'
// data-v where they have one, else by their text).
document.querySelectorAll("main table").forEach(function (table) {
  var body = table.tBodies[0];
  if (!body || body.rows.length < 2) return;
  table.classList.add("sortable");
  var tools = document.createElement("div");
  tools.className = "table-tools";
  var filter = document.createElement("input");
  filter.type = "search";
  filter.placeholder = "Filter rows";
  tools.appendChild(filter);
  var holder = table.parentNode.classList.contains("table-scroll") ? table.parentNode : table;
  holder.parentNode.insertBefore(tools, holder);
  filter.addEventListener("input", function () {
    var words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    Array.prototype.forEach.call(body.rows, function (row) {
      var text = row.textContent.toLowerCase();
      row.hidden = !words.every(function (w) { return text.indexOf(w) >= 0; });
    });
  });
  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, column) {
    th.addEventListener("click", function () {
      var dir = th.dataset.dir === "asc" ? "desc" : "asc";
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (h) { delete h.dataset.dir; });
      th.dataset.dir = dir;
      var key = function (row) {
        var cell = row.cells[column];
        if (!cell) return "";
        return cell.dataset.v !== undefined ? parseFloat(cell.dataset.v) : cell.textContent;
      };
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = key(a), y = key(b), order;
        if (typeof x === "number" && typeof y === "number") order = x - y;
        else if (typeof x === "number") order = -1;  // numbers before "—"
        else if (typeof y === "number") order = 1;
        else order = x.localeCompare(y);
        return dir === "asc" ? order : -order;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
});
