"use strict";
// Roofline charts: toggles over the data-* attributes the chart's elements carry, a hover card
// (a point's <title>), point labels on demand and a zoom that rescales the axes (double-click:
// whole chart).
var kSvg = "http://www.w3.org/2000/svg";
var kGroups = [["layer", "Runs"], ["family", "Families"], ["variant", "Variants"],
               ["precision", "Precisions"], ["roof", "Roofs"], ["backend", "Backends"]];
document.querySelectorAll("figure.roofline-figure").forEach(function (figure) {
  var svg = figure.querySelector("svg");
  var controls = figure.querySelector(".controls");
  var card = figure.querySelector(".card");
  var hidden = {};  // "group=value" of every unticked box
  var relayout = function () {};  // the zoom's, once it is set up
  var toggled = svg.querySelectorAll(kGroups.map(function (g) { return "[data-" + g[0] + "]"; }).join(","));
  var apply = function () {
    toggled.forEach(function (el) {
      var off = kGroups.some(function (g) {
        var v = el.getAttribute("data-" + g[0]);
        return v !== null && hidden[g[0] + "=" + v];
      });
      el.style.display = off ? "none" : "";
    });
    // A label of several roofs goes when all of them do.
    svg.querySelectorAll("text[data-lines]:not([data-roof])").forEach(function (el) {
      var parts = Array.prototype.slice.call(el.querySelectorAll("tspan[data-roof]"));
      el.style.display = parts.every(function (t) { return t.style.display === "none"; }) ? "none" : "";
    });
    relayout();
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
    relayout();
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

  // Zoom: a box dragged over the plot becomes the axes' bounds, and the chart is redrawn for them
  // from the data coordinates its elements carry (chart tools' zoom): ticks for the new range,
  // roofs clipped, markers at their new places and of their size, labels placed afresh; the
  // legend stays. A double-click or "Whole chart" gives back the chart as drawn.
  var zoom = rescaling(figure, svg);
  var start = null, rect = null;
  var toSvg = function (e) {
    var p = svg.createSVGPoint();
    p.x = e.clientX;
    p.y = e.clientY;
    return p.matrixTransform(svg.getScreenCTM().inverse());
  };
  svg.addEventListener("mousedown", function (e) {
    if (e.button !== 0) return;
    start = toSvg(e);
    rect = document.createElementNS(kSvg, "rect");
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
    var p = toSvg(e);
    if (Math.abs(p.x - start.x) > 8 && Math.abs(p.y - start.y) > 8) zoom.to(start, p);
    rect.remove();
    start = null;
  });
  svg.addEventListener("dblclick", zoom.reset);
  options.querySelector(".reset-zoom").addEventListener("click", zoom.reset);
  relayout = zoom.relayout;
});

// The rescaling zoom of one chart: to(a, b) shows the data under the box with corners a and b
// (SVG coordinates); reset() the whole chart; relayout() places the labels again (after a toggle).
function rescaling(figure, svg) {
  var plot = (svg.getAttribute("data-plot") || "").split(" ").map(Number);
  var whole = (svg.getAttribute("data-extent") || "").split(" ").map(Number);
  var none = {to: function () {}, reset: function () {}, relayout: function () {}};
  if (plot.length !== 4 || whole.length !== 4) return none;
  var view = null;  // [ai lo, ai hi, FLOP/s lo, FLOP/s hi] while zoomed
  var saved = new Map();  // element → its attributes as drawn, before the zoom changed them
  var set = function (el, name, value) {
    if (!saved.has(el)) saved.set(el, {});
    var attrs = saved.get(el);
    if (!(name in attrs)) attrs[name] = el.getAttribute(name);
    el.setAttribute(name, value);
  };
  var num = function (el, name) { return parseFloat(el.getAttribute(name)); };
  var lg = Math.log10;
  var sx = function (v, b) { b = b || view; return plot[0] + plot[2] * (lg(v) - lg(b[0])) / (lg(b[1]) - lg(b[0])); };
  var sy = function (v, b) { b = b || view; return plot[1] + plot[3] * (1 - (lg(v) - lg(b[2])) / (lg(b[3]) - lg(b[2]))); };
  var ix = function (p) { return Math.pow(10, lg(view[0]) + (p - plot[0]) / plot[2] * (lg(view[1]) - lg(view[0]))); };
  var iy = function (p) { return Math.pow(10, lg(view[2]) + (plot[1] + plot[3] - p) / plot[3] * (lg(view[3]) - lg(view[2]))); };
  var inView = function (ai, perf) {
    return ai >= view[0] && ai <= view[1] && perf >= view[2] && perf <= view[3];
  };
  var shown = function (el) { return el.style.display !== "none" && !el.closest("[style*='display: none']"); };

  var axes = svg.querySelector("g.axes"), frame = axes.querySelector(".frame");
  var drawnTicks = Array.prototype.slice.call(axes.querySelectorAll(".grid, .tick"));
  var tickStyle = {grid: drawnTicks[0] ? drawnTicks[0].getAttribute("stroke") : "#e3e3e3",
                   size: parseFloat(axes.getAttribute("font-size")) || 11};
  var clip = document.createElementNS(kSvg, "clipPath");
  clip.id = "plot-" + Math.random().toString(36).slice(2);
  var clipRect = document.createElementNS(kSvg, "rect");
  [["x", plot[0]], ["y", plot[1]], ["width", plot[2]], ["height", plot[3]]].forEach(function (a) {
    clipRect.setAttribute(a[0], a[1]);
  });
  clip.appendChild(clipRect);
  svg.insertBefore(clip, svg.firstChild);
  var clipped = svg.querySelectorAll("g.roofs, g.ridges, g.pairs, g.points");

  var ticks = function () {
    axes.querySelectorAll(".grid, .tick").forEach(function (t) { t.remove(); });
    var add = function (tag, attrs, text) {
      var el = document.createElementNS(kSvg, tag);
      Object.keys(attrs).forEach(function (k) { el.setAttribute(k, attrs[k]); });
      if (text) el.textContent = text;
      axes.insertBefore(el, frame);
    };
    var bottom = plot[1] + plot[3], right = plot[0] + plot[2];
    tickValues(view[0], view[1]).forEach(function (t) {
      var x = sx(t.value);
      add("line", {"class": "grid", x1: x, y1: plot[1], x2: x, y2: bottom, stroke: tickStyle.grid});
      if (t.labelled) add("text", {"class": "tick", x: x, y: bottom + tickStyle.size + 6, "text-anchor": "middle"},
                          formatNumber(t.value, t.digits));
    });
    tickValues(view[2], view[3]).forEach(function (t) {
      var y = sy(t.value);
      add("line", {"class": "grid", x1: plot[0], y1: y, x2: right, y2: y, stroke: tickStyle.grid});
      if (t.labelled) add("text", {"class": "tick", x: plot[0] - 6, y: y + 0.35 * tickStyle.size, "text-anchor": "end"},
                          formatSi(t.value, "FLOP/s", t.digits));
    });
  };

  // Each roof's segment clipped to the view (Liang–Barsky on log coordinates), in pixels.
  var lines = [];
  var roofs = function () {
    lines = [];
    svg.querySelectorAll("line.roof[data-x0]").forEach(function (el) {
      var a = [lg(num(el, "data-x0")), lg(num(el, "data-y0"))], b = [lg(num(el, "data-x1")), lg(num(el, "data-y1"))];
      var t0 = 0, t1 = 1, d = [b[0] - a[0], b[1] - a[1]];
      var lo = [lg(view[0]), lg(view[2])], hi = [lg(view[1]), lg(view[3])];
      for (var k = 0; k < 2 && t0 <= t1; ++k) {
        [[-d[k], a[k] - lo[k]], [d[k], hi[k] - a[k]]].forEach(function (pq) {
          if (pq[0] === 0) { if (pq[1] < 0) t1 = -1; return; }
          var r = pq[1] / pq[0];
          if (pq[0] < 0) t0 = Math.max(t0, r); else t1 = Math.min(t1, r);
        });
      }
      var line = {el: el, compute: el.classList.contains("compute"), visible: t1 - t0 > 1e-9};
      if (line.visible) {
        var at = function (t) { return [Math.pow(10, a[0] + t * d[0]), Math.pow(10, a[1] + t * d[1])]; };
        line.p0 = at(t0);
        line.p1 = at(t1);
        line.x0 = sx(line.p0[0]); line.y0 = sy(line.p0[1]); line.x1 = sx(line.p1[0]); line.y1 = sy(line.p1[1]);
        set(el, "x1", line.x0); set(el, "y1", line.y0); set(el, "x2", line.x1); set(el, "y2", line.y1);
      }
      set(el, "visibility", line.visible ? "visible" : "hidden");
      lines[parseInt(el.getAttribute("data-line"), 10)] = line;
    });
    svg.querySelectorAll("path.roof-band").forEach(function (el) {
      var line = lines[parseInt(el.getAttribute("data-line"), 10)];
      set(el, "visibility", line && line.visible ? "visible" : "hidden");
      if (!line || !line.visible) return;
      var f = el.getAttribute("data-band").split(" ").map(Number);
      set(el, "d", "M" + line.x0 + " " + sy(line.p0[1] * f[0]) + "L" + line.x1 + " " + sy(line.p1[1] * f[0]) +
                   "L" + line.x1 + " " + sy(line.p1[1] * f[1]) + "L" + line.x0 + " " + sy(line.p0[1] * f[1]) + "Z");
    });
  };

  var markers = function () {
    svg.querySelectorAll("path.ridge").forEach(function (el) {
      var x = sx(num(el, "data-ai")), y = sy(num(el, "data-perf"));
      set(el, "d", "M" + x + " " + (y - 4.5) + "l4.5 4.5-4.5 4.5-4.5-4.5z");
    });
    svg.querySelectorAll(".point[data-ai]").forEach(function (el) {
      var ai = num(el, "data-ai"), perf = num(el, "data-perf");
      set(el, "transform", "translate(" + (sx(ai) - sx(ai, whole)) + " " + (sy(perf) - sy(perf, whole)) + ")");
      var ci = el.parentNode.querySelector("line.ci");
      if (!ci) return;
      set(ci, "x1", sx(ai)); set(ci, "x2", sx(ai));
      set(ci, "y1", sy(num(ci, "data-low"))); set(ci, "y2", sy(num(ci, "data-high")));
    });
    svg.querySelectorAll("g.pair").forEach(function (g) {
      var x0 = sx(num(g, "data-ai0")), y0 = sy(num(g, "data-perf0"));
      var x1 = sx(num(g, "data-ai1")), y1 = sy(num(g, "data-perf1"));
      var length = Math.hypot(x1 - x0, y1 - y0), end = 5.5, head = 6;
      var line = g.querySelector("line.arrow"), tip = g.querySelector("path.arrow-head");
      if (!line) {
        line = document.createElementNS(kSvg, "line");
        line.setAttribute("class", "arrow");
        line.setAttribute("stroke", "#222222");
        line.setAttribute("stroke-width", "1.2");
        tip = document.createElementNS(kSvg, "path");
        tip.setAttribute("class", "arrow-head");
        tip.setAttribute("fill", "#222222");
        g.appendChild(line);
        g.appendChild(tip);
      }
      set(line, "visibility", length >= 1 ? "visible" : "hidden");
      set(tip, "visibility", length >= 1 ? "visible" : "hidden");
      if (length < 1) return;
      if (length <= 2 * end + head) end = 0;
      head = Math.min(head, length - 2 * end);
      var ux = (x1 - x0) / length, uy = (y1 - y0) / length, tx = x1 - ux * end, ty = y1 - uy * end;
      var bx = tx - ux * head, by = ty - uy * head;
      set(line, "x1", x0 + ux * end); set(line, "y1", y0 + uy * end); set(line, "x2", bx); set(line, "y2", by);
      set(tip, "d", "M" + tx + " " + ty + "L" + (bx - uy * head / 2) + " " + (by + ux * head / 2) +
                    "L" + (bx + uy * head / 2) + " " + (by - ux * head / 2) + "Z");
    });
  };

  // Labels placed afresh, as the chart places them (reports/roof_labels.cpp, labels.cpp): roofs'
  // first, then ridges', changes' and points', each where it overlaps no marker or other label.
  var labels = function () {
    var taken = [];
    var free = function (b) {
      if (b.x < plot[0] || b.y < plot[1] || b.x + b.w > plot[0] + plot[2] || b.y + b.h > plot[1] + plot[3]) return false;
      return taken.every(function (t) {
        return !(b.x < t.x + t.w && t.x < b.x + b.w && b.y < t.y + t.h && t.y < b.y + b.h);
      });
    };
    var block = function (x, y, r) { taken.push({x: x - r, y: y - r, w: 2 * r, h: 2 * r}); };
    svg.querySelectorAll("path.ridge, .point[data-ai]").forEach(function (el) {
      var ai = num(el, "data-ai"), perf = num(el, "data-perf");
      if (shown(el) && inView(ai, perf)) block(sx(ai), sy(perf), 4.5);
    });
    var hide = function (el) { set(el, "visibility", "hidden"); };
    var put = function (el, x, y, anchor, angle) {
      set(el, "x", x); set(el, "y", y); set(el, "text-anchor", anchor);
      set(el, "transform", angle ? "rotate(" + angle + " " + x + " " + y + ")" : "");
      set(el, "visibility", "visible");
    };
    var roofLabel = function (el) {
      var ids = el.getAttribute("data-lines").split(" ");
      var top = lines[parseInt(ids[0], 10)], bottom = lines[parseInt(ids[ids.length - 1], 10)];
      if (!shown(el) || !top || !top.visible || !bottom.visible) return hide(el);
      var w = el.getComputedTextLength(), h = parseFloat(el.getAttribute("font-size")) || 10;
      var sides = [[top, 4], [bottom, -4 - 0.8 * h]];
      for (var s = 0; s < 2; ++s) {
        var line = sides[s][0], d = sides[s][1];
        if (line.compute) {
          var baseline = s === 0 ? line.y0 - 5 - 0.2 * h : line.y0 + 5 + 0.8 * h;
          for (var end = line.x1 - 4; end - w >= line.x0; end -= 12) {
            var box = {x: end - w, y: baseline - 0.8 * h, w: w, h: h};
            if (free(box)) { taken.push(box); return put(el, end, baseline, "end", 0); }
          }
          if (s === 0) continue;
          baseline = top.y0 + 0.35 * h;  // on the top line's height, before its start
          for (end = top.x0 - 6; end - w >= plot[0]; end -= 12) {
            box = {x: end - w, y: baseline - 0.8 * h, w: w, h: h};
            if (free(box)) { taken.push(box); return put(el, end, baseline, "end", 0); }
          }
          continue;
        }
        var length = Math.hypot(line.x1 - line.x0, line.y1 - line.y0);
        var ux = (line.x1 - line.x0) / length, uy = (line.y1 - line.y0) / length, nx = uy, ny = -ux;
        var side = h * (Math.abs(ux) + Math.abs(uy)), middle = d + 0.3 * h;
        for (var start = 10; start + w <= length; start += 12) {
          var boxes = [];
          for (var along = start; along < start + w; along += h) {
            var c = along + Math.min(h, start + w - along) / 2;
            var cx = line.x0 + ux * c + nx * middle, cy = line.y0 + uy * c + ny * middle;
            boxes.push({x: cx - side / 2, y: cy - side / 2, w: side, h: side});
          }
          if (!boxes.every(free)) continue;
          taken.push.apply(taken, boxes);
          return put(el, line.x0 + ux * start + nx * d, line.y0 + uy * start + ny * d, "start",
                     Math.atan2(uy, ux) * 180 / Math.PI);
        }
      }
      hide(el);
    };
    var blockLine = function (line) {  // as block_line: a roof's line kept free
      if (!line || !line.visible || !shown(line.el)) return;
      var length = Math.hypot(line.x1 - line.x0, line.y1 - line.y0);
      if (line.compute) return taken.push({x: line.x0, y: line.y0 - 1.5, w: line.x1 - line.x0, h: 3});
      for (var along = 0; along <= length; along += 3)
        block(line.x0 + (line.x1 - line.x0) * along / length, line.y0 + (line.y1 - line.y0) * along / length, 1.5);
    };
    svg.querySelectorAll("text.roof-label").forEach(roofLabel);
    lines.forEach(blockLine);
    // Right of, left of, above and below (x, y), as LabelPlacer::place tries them.
    var beside = function (el, x, y, gap) {
      var w = el.getComputedTextLength(), h = parseFloat(el.getAttribute("font-size")) || 10;
      var middle = y + 0.35 * h;
      var spots = [[x + gap, middle, "start", x + gap], [x - gap, middle, "end", x - gap - w],
                   [x, y - gap, "middle", x - w / 2], [x, y + gap + 0.8 * h, "middle", x - w / 2]];
      for (var i = 0; i < spots.length; ++i) {
        var box = {x: spots[i][3], y: spots[i][1] - 0.8 * h, w: w, h: h};
        if (free(box)) { taken.push(box); put(el, spots[i][0], spots[i][1], spots[i][2], 0); return true; }
      }
      return false;
    };
    svg.querySelectorAll("text.ridge-label").forEach(function (el) {
      var ai = num(el, "data-ai"), perf = num(el, "data-perf");
      if (!shown(el) || !inView(ai, perf)) return hide(el);
      if (!beside(el, sx(ai), sy(perf), 7)) hide(el);
    });
    svg.querySelectorAll("text.pair-label").forEach(function (el) {
      var g = svg.querySelector("g.pair[data-pair='" + el.getAttribute("data-pair") + "']");
      var a = [num(g, "data-ai0"), num(g, "data-perf0")], b = [num(g, "data-ai1"), num(g, "data-perf1")];
      if (!shown(el) || !inView(a[0], a[1]) && !inView(b[0], b[1])) return hide(el);
      var spots = [[(sx(a[0]) + sx(b[0])) / 2, (sy(a[1]) + sy(b[1])) / 2], [sx(b[0]), sy(b[1])], [sx(a[0]), sy(a[1])]];
      for (var i = 0; i < spots.length; ++i) if (beside(el, spots[i][0], spots[i][1], 6.5)) return;
      hide(el);
    });
    var withLabels = figure.classList.contains("labels");
    svg.querySelectorAll("text.point-label").forEach(function (el) {
      var ai = num(el, "data-ai"), perf = num(el, "data-perf");
      if (!withLabels || !shown(el) || !inView(ai, perf)) return hide(el);
      if (!beside(el, sx(ai), sy(perf), 6.5)) hide(el);
    });
  };

  var redraw = function () {
    ticks();
    roofs();
    markers();
    labels();
    clipped.forEach(function (g) { set(g, "clip-path", "url(#" + clip.id + ")"); });
  };
  return {
    to: function (a, b) {
      var clamp = function (v, lo, hi) { return Math.min(Math.max(v, lo), hi); };
      var left = clamp(Math.min(a.x, b.x), plot[0], plot[0] + plot[2]);
      var right = clamp(Math.max(a.x, b.x), plot[0], plot[0] + plot[2]);
      var top = clamp(Math.min(a.y, b.y), plot[1], plot[1] + plot[3]);
      var bottom = clamp(Math.max(a.y, b.y), plot[1], plot[1] + plot[3]);
      if (right - left < 8 || bottom - top < 8) return;
      if (!view) view = whole.slice();
      view = [ix(left), ix(right), iy(bottom), iy(top)];
      svg.setAttribute("data-view", view.map(function (v) { return v.toPrecision(6); }).join(" "));
      redraw();
    },
    reset: function () {
      if (!view) return;
      saved.forEach(function (attrs, el) {
        Object.keys(attrs).forEach(function (name) {
          if (attrs[name] === null) el.removeAttribute(name); else el.setAttribute(name, attrs[name]);
        });
      });
      saved.clear();
      axes.querySelectorAll(".grid, .tick").forEach(function (t) { t.remove(); });
      drawnTicks.forEach(function (t) { axes.insertBefore(t, frame); });
      svg.querySelectorAll("line.arrow, path.arrow-head").forEach(function (el) {
        if (!el.hasAttribute("x1") && !el.hasAttribute("d")) el.remove();  // added by the zoom
      });
      svg.removeAttribute("data-view");
      view = null;
    },
    relayout: function () { if (view) labels(); }
  };
}

// Ticks over [lo, hi] on a log axis: decades; 1-2-5 within two decades or so; every mantissa
// within one; evenly spaced values (1, 2 or 5 × 10^k apart) within a fraction of one. At most
// about eight labelled, the rest grid lines; `digits` enough to tell neighbours apart.
function tickValues(lo, hi) {
  var span = Math.log10(hi / lo), out = [];
  var steps = span > 4 ? [1] : span > 1.3 ? [1, 2, 5] : span > 0.5 ? [1, 2, 3, 4, 5, 6, 7, 8, 9] : null;
  if (steps) {
    for (var e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); ++e) {
      steps.forEach(function (m) {
        var v = m * Math.pow(10, e);
        if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) out.push({value: v, labelled: true, digits: 3});
      });
    }
  }
  if (out.length < 3) {
    out = [];
    var raw = (hi - lo) / 5, k = Math.pow(10, Math.floor(Math.log10(raw)));
    var step = [1, 2, 5, 10].map(function (m) { return m * k; }).find(function (s) { return s >= raw; });
    for (var v = Math.ceil(lo / step) * step; v <= hi * (1 + 1e-12); v += step) {
      var digits = Math.max(3, Math.ceil(Math.log10(Math.abs(v) / step)) + 1);
      out.push({value: Number(v.toPrecision(12)), labelled: true, digits: digits});
    }
  }
  // Too many to label: mantissas 1, 2 and 5 only, then decades only (every few).
  var mantissa = function (t) { return Math.round(t.value / Math.pow(10, Math.floor(Math.log10(t.value) + 1e-9))); };
  [[1, 2, 5], [1]].forEach(function (keep) {
    if (out.filter(function (t) { return t.labelled; }).length <= 9) return;
    out.forEach(function (t) { t.labelled = t.labelled && keep.indexOf(mantissa(t)) >= 0; });
  });
  var labelled = out.filter(function (t) { return t.labelled; });
  var every = Math.ceil(labelled.length / 8);
  labelled.forEach(function (t, i) { t.labelled = i % every === 0; });
  return out;
}

// As reports/format.cpp writes numbers: `digits` significant digits, no trailing zeros.
function formatNumber(v, digits) {
  digits = digits || 3;
  if (!isFinite(v)) return "\u2014";
  if (v === 0) return "0";
  if (Math.abs(v) < 1e-4 || Math.abs(v) >= 1e9) return Number(v.toPrecision(digits)).toExponential().replace(/e\+?/, "e");
  var rounded = Number(v.toPrecision(digits));
  var decimals = Math.max(0, digits - 1 - Math.floor(Math.log10(Math.abs(rounded))));
  var text = rounded.toFixed(decimals);
  if (text.indexOf(".") >= 0) text = text.replace(/0+$/, "").replace(/\.$/, "");
  return text;
}

function formatSi(v, unit, digits) {
  var prefixes = ["n", "\u00b5", "m", "", "k", "M", "G", "T", "P"], i = 3, m = v;
  while (Math.abs(m) >= 1000 && i + 1 < prefixes.length) { m /= 1000; ++i; }
  while (Math.abs(m) < 1 && m !== 0 && i > 0) { m *= 1000; --i; }
  if (Math.abs(Number(formatNumber(m, digits))) >= 1000 && i + 1 < prefixes.length) { m /= 1000; ++i; }
  return formatNumber(m, digits) + " " + prefixes[i] + unit;
}
