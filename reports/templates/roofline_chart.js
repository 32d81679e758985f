"use strict";
// Roofline charts: toggles over the data-* attributes the chart's elements carry, a hover card
// (a point's <title>), point labels on demand and drag-to-zoom (double-click: whole chart).
var kGroups = [["layer", "Runs"], ["family", "Families"], ["variant", "Variants"],
               ["precision", "Precisions"], ["roof", "Roofs"], ["backend", "Backends"]];
document.querySelectorAll("figure.roofline-figure").forEach(function (figure) {
  var svg = figure.querySelector("svg");
  var controls = figure.querySelector(".controls");
  var card = figure.querySelector(".card");
  var hidden = {};  // "group=value" of every unticked box
  var toggled = svg.querySelectorAll(kGroups.map(function (g) { return "[data-" + g[0] + "]"; }).join(","));
  var apply = function () {
    toggled.forEach(function (el) {
      var off = kGroups.some(function (g) {
        var v = el.getAttribute("data-" + g[0]);
        return v !== null && hidden[g[0] + "=" + v];
      });
      el.style.display = off ? "none" : "";
    });
  };
  kGroups.forEach(function (g) {
    var values = [];
    toggled.forEach(function (el) {
      var v = el.getAttribute("data-" + g[0]);
      if (v !== null && values.indexOf(v) < 0) values.push(v);
    });
    if (values.length < (g[0] === "roof" ? 1 : 2)) return;
    var set = document.createElement("fieldset");
    set.innerHTML = "<legend></legend>";
    set.firstChild.textContent = g[1];
    values.forEach(function (v) {
      var label = document.createElement("label");
      var box = document.createElement("input");
      box.type = "checkbox";
      box.checked = true;
      box.dataset.group = g[0];
      box.value = v;
      box.addEventListener("change", function () {
        hidden[g[0] + "=" + v] = !box.checked;
        apply();
      });
      label.appendChild(box);
      label.appendChild(document.createTextNode(" " + v));
      set.appendChild(label);
    });
    controls.appendChild(set);
  });
  var options = document.createElement("fieldset");
  options.innerHTML = "<legend>View</legend><label><input type=\"checkbox\" class=\"show-labels\"> " +
                      "point labels</label><button type=\"button\" class=\"reset-zoom\">Whole chart</button>";
  controls.appendChild(options);
  options.querySelector(".show-labels").addEventListener("change", function (e) {
    figure.classList.toggle("labels", e.target.checked);
  });

  // The card: a point's <title> (moved here, so that the browser's own tooltip does not double
  // it), with a link to the point's row in the results table.
  svg.querySelectorAll(".result").forEach(function (g) {
    var title = g.querySelector("title");
    if (title) {
      g.dataset.card = title.textContent;
      title.remove();
    }
  });
  svg.addEventListener("mouseover", function (e) {
    var result = e.target.closest(".result");
    if (!result || !result.dataset.card) return;
    card.textContent = result.dataset.card;
    if (result.dataset.row && document.getElementById(result.dataset.row)) {
      var link = document.createElement("a");
      link.href = "#" + result.dataset.row;
      link.textContent = "\nits row in the results table";
      card.appendChild(link);
    }
    var box = figure.getBoundingClientRect(), at = e.target.getBoundingClientRect();
    card.style.left = Math.min(at.right - box.left + 8, box.width - 300) + "px";
    card.style.top = (at.bottom - box.top + 4) + "px";
    card.hidden = false;
  });
  figure.addEventListener("mouseleave", function () { card.hidden = true; });

  // Zoom: drag a box over the plot; the view box becomes it.
  var whole = svg.getAttribute("viewBox");
  var toSvg = function (e) {
    var p = svg.createSVGPoint();
    p.x = e.clientX;
    p.y = e.clientY;
    return p.matrixTransform(svg.getScreenCTM().inverse());
  };
  var start = null, rect = null;
  svg.addEventListener("mousedown", function (e) {
    if (e.button !== 0) return;
    start = toSvg(e);
    rect = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    rect.setAttribute("class", "zoom-box");
    svg.appendChild(rect);
    e.preventDefault();
  });
  svg.addEventListener("mousemove", function (e) {
    if (!start) return;
    var p = toSvg(e);
    rect.setAttribute("x", Math.min(p.x, start.x));
    rect.setAttribute("y", Math.min(p.y, start.y));
    rect.setAttribute("width", Math.abs(p.x - start.x));
    rect.setAttribute("height", Math.abs(p.y - start.y));
  });
  window.addEventListener("mouseup", function (e) {
    if (!start) return;
    var p = toSvg(e), w = Math.abs(p.x - start.x), h = Math.abs(p.y - start.y);
    // A box, not a click: keep the chart's proportions so that text is not distorted.
    if (w > 8 && h > 8) {
      var full = whole.split(" ").map(Number), scale = Math.max(w / full[2], h / full[3]);
      svg.setAttribute("viewBox", [Math.min(p.x, start.x), Math.min(p.y, start.y),
                                   full[2] * scale, full[3] * scale].join(" "));
    }
    rect.remove();
    start = null;
  });
  var reset = function () { svg.setAttribute("viewBox", whole); };
  svg.addEventListener("dblclick", reset);
  options.querySelector(".reset-zoom").addEventListener("click", reset);
});
