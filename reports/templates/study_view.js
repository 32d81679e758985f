"use strict";
// Size studies (reports/study_view.hpp): each panel's data drawn as a log-log chart whose view is
// picked once per family: time; throughput under each level's roof, a band over the sizes in that
// level; time relative to a reference series; or each series' latency-aware roof over its time
// (1 is the roof). Variants and devices toggle across the family's panels; each line carries its
// 95% interval as a shaded band and rings its unstable points; a point above a roof is ringed red
// and its card says why.
(function () {
  var NS = "http://www.w3.org/2000/svg";
  var W = 640, H = 330, PAD = {left: 64, right: 14, top: 24, bottom: 40};
  var VIEWS = [["time", "Time"], ["throughput", "Throughput"], ["relative", "Relative"],
               ["roof", "Latency-aware roof / time"]];

  function svgEl(parent, name, attrs, text) {
    var e = document.createElementNS(NS, name);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  function htmlEl(parent, name, attrs, text) {
    var e = document.createElement(name);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  function num(v) { return Number(v.toPrecision(3)).toString(); }
  function si(v, unit) {
    var prefixes = [["P", 1e15], ["T", 1e12], ["G", 1e9], ["M", 1e6], ["k", 1e3], ["", 1],
                    ["m", 1e-3], ["µ", 1e-6], ["n", 1e-9], ["p", 1e-12]];
    for (var i = 0; i < prefixes.length - 1; i++)
      if (Math.abs(v) >= prefixes[i][1] * 0.9995) break;
    return num(v / prefixes[i][1]) + " " + prefixes[i][0] + unit;
  }
  function sizeLabel(n) {
    var units = ["", "K", "M", "G"], i = 0;
    for (; i < units.length - 1 && n >= 1024; i++) n /= 1024;
    return num(n) + units[i];
  }
  // A log axis from data [lo, hi] onto pixels [a, b], ticks at powers of `base` (at most 8) and,
  // over less than a decade, at 2 and 5 times the powers of ten.
  function logAxis(lo, hi, a, b, base) {
    if (!(lo > 0) || !(hi > 0)) { lo = 1; hi = 10; }
    if (hi / lo < 1.5) { lo /= 1.25; hi *= 1.25; }
    var l0 = Math.log(lo), l1 = Math.log(hi), lb = Math.log(base);
    var ticks = [], k0 = Math.ceil(l0 / lb - 1e-9), k1 = Math.floor(l1 / lb + 1e-9);
    var step = Math.max(1, Math.ceil((k1 - k0 + 1) / 8));
    for (var k = k0; k <= k1; k += step) ticks.push(Math.pow(base, k));
    if (base === 10 && ticks.length < 3)
      for (var d = Math.floor(l0 / Math.LN10); d <= l1 / Math.LN10; d++)
        [2, 5].forEach(function (m) {
          var v = m * Math.pow(10, d);
          if (v >= lo && v <= hi) ticks.push(v);
        });
    ticks.sort(function (x, y) { return x - y; });
    return {map: function (v) { return a + (Math.log(v) - l0) / (l1 - l0) * (b - a); },
            ticks: ticks};
  }

  function key(data, s) { return s.name + " on " + data.devices[s.device].title; }

  // One series' points in a view: per size [y, y_low, y_high], or null where it has none.
  function values(data, s, view, ref) {
    return s.size.map(function (size, i) {
      var t = s.time[i], lo = s.low[i], hi = s.high[i];
      if (view === "time") return [t, lo, hi];
      if (view === "throughput") return s.work[i] > 0 ? [s.work[i] / t, s.work[i] / hi, s.work[i] / lo] : null;
      if (view === "roof") return s.roof[i] === null ? null : [s.roof[i] / t, s.roof[i] / hi, s.roof[i] / lo];
      var j = ref ? ref.size.indexOf(size) : -1;
      return j < 0 ? null : [t / ref.time[j], lo / ref.time[j], hi / ref.time[j]];
    });
  }

  function draw(figure, data, state) {
    var old = figure.querySelector("svg.study-chart");
    var svg = svgEl(null, "svg", {"class": "chart study-chart", viewBox: "0 0 " + W + " " + H,
                                  "font-family": "sans-serif", "font-size": "11",
                                  "data-view": state.view});
    if (old) figure.replaceChild(svg, old);
    else figure.insertBefore(svg, figure.querySelector("figcaption"));
    var ref = null;
    data.series.forEach(function (s) { if (key(data, s) === state.reference) ref = s; });
    var shown = data.series.map(function (s) {
      return !state.hidden["variant=" + s.name] && !state.hidden["device=" + data.devices[s.device].title];
    });
    var ys = data.series.map(function (s) { return values(data, s, state.view, ref); });
    var xLo = Infinity, xHi = 0, yLo = Infinity, yHi = 0;
    var grow = function (x, y) {
      xLo = Math.min(xLo, x); xHi = Math.max(xHi, x);
      if (y > 0) { yLo = Math.min(yLo, y); yHi = Math.max(yHi, y); }
    };
    data.series.forEach(function (s, k) {
      if (shown[k]) ys[k].forEach(function (v, i) { if (v) { grow(s.size[i], v[1]); grow(s.size[i], v[2]); } });
    });
    var bands = state.view !== "throughput" ? [] : data.bands.filter(function (b) {
      return !state.hidden["device=" + data.devices[b.device].title];
    });
    bands.forEach(function (b) { grow(b.lo, b.low); grow(b.hi, b.high); });
    if ((state.view === "relative" || state.view === "roof") && yHi > 0) grow(xLo, 1);
    // Room above the highest line, and for the roofs' labels above their bands.
    yHi *= bands.length ? 1.6 : 1.1;
    var plot = {x: PAD.left, y: PAD.top, w: W - PAD.left - PAD.right, h: H - PAD.top - PAD.bottom};
    var x = logAxis(xLo, xHi, plot.x, plot.x + plot.w, 2);
    var y = logAxis(yLo, yHi, plot.y + plot.h, plot.y, 10);
    var yText = function (v) {
      if (state.view === "relative") return num(v) + "×";
      if (state.view === "roof") return num(v * 100) + "%";
      return si(v, state.view === "time" ? "s" : data.unit);
    };
    svgEl(svg, "text", {x: W / 2, y: 15, "text-anchor": "middle", "font-size": "13",
                        "font-weight": "bold"}, data.title);
    svgEl(svg, "rect", {x: plot.x, y: plot.y, width: plot.w, height: plot.h, fill: "none", stroke: "#999"});
    if (!(yHi > 0)) {
      svgEl(svg, "text", {"class": "no-lines", x: W / 2, y: H / 2, "text-anchor": "middle", fill: "#666"},
            state.view === "relative" && !ref ? "No " + state.reference + " in this panel"
                                              : "Nothing to draw in this view");
      return;
    }
    var axes = svgEl(svg, "g", {"class": "axes"});
    x.ticks.forEach(function (t) {
      svgEl(axes, "line", {x1: x.map(t), x2: x.map(t), y1: plot.y, y2: plot.y + plot.h, stroke: "#eee"});
      svgEl(axes, "text", {"class": "x-tick", x: x.map(t), y: plot.y + plot.h + 13,
                           "text-anchor": "middle"}, sizeLabel(t));
    });
    y.ticks.forEach(function (t) {
      svgEl(axes, "line", {x1: plot.x, x2: plot.x + plot.w, y1: y.map(t), y2: y.map(t), stroke: "#eee"});
      svgEl(axes, "text", {"class": "y-tick", x: plot.x - 4, y: y.map(t) + 4, "text-anchor": "end"}, yText(t));
    });
    svgEl(axes, "text", {x: plot.x + plot.w / 2, y: H - 6, "text-anchor": "middle"}, data.x_label);
    var yTitle = {time: "Median time per call", throughput: data.unit === "B/s" ? "Bytes/s" : "FLOP/s",
                  relative: "Time / " + state.reference, roof: "Latency-aware roof / time"}[state.view];
    svgEl(axes, "text", {"class": "y-title", x: 12, y: plot.y + plot.h / 2, "text-anchor": "middle",
                         transform: "rotate(-90 12 " + (plot.y + plot.h / 2) + ")"}, yTitle);

    var clip = "clip-" + Math.random().toString(36).slice(2);
    svgEl(svgEl(svg, "clipPath", {id: clip}), "rect", {x: plot.x, y: plot.y, width: plot.w, height: plot.h});
    var body = svgEl(svg, "g", {"clip-path": "url(#" + clip + ")"});
    bands.forEach(function (b) {
      var x0 = x.map(b.lo) - 5, x1 = x.map(b.hi) + 5, device = data.devices[b.device];
      var g = svgEl(body, "g", {"class": "roof-band", "data-level": b.level, "data-device": device.title});
      svgEl(g, "rect", {x: x0, width: x1 - x0, y: y.map(b.high), height: Math.max(1.5, y.map(b.low) - y.map(b.high)),
                        fill: "#888", "fill-opacity": "0.2"});
      svgEl(g, "line", {x1: x0, x2: x1, y1: y.map(b.value), y2: y.map(b.value), stroke: "#555",
                        "stroke-dasharray": device.dash});
      svgEl(g, "text", {x: x0 + 2, y: y.map(b.value) - 3, fill: "#444", "font-size": "10"},
            b.level + " " + si(b.value, data.unit));
      svgEl(g, "title", {}, device.title + ": the " + b.level + " roof, " + si(b.value, data.unit) +
            " (95% interval " + si(b.low, data.unit) + " to " + si(b.high, data.unit) + ")");
    });
    if (state.view === "relative" || state.view === "roof")
      svgEl(body, "line", {"class": "reference-line", x1: plot.x, x2: plot.x + plot.w, y1: y.map(1),
                           y2: y.map(1), stroke: "#777", "stroke-dasharray": "2 3"});
    data.series.forEach(function (s, k) {
      if (!shown[k]) return;
      var device = data.devices[s.device];
      var g = svgEl(body, "g", {"class": "study-series", "data-variant": s.name, "data-device": device.title});
      var line = [], upper = [], lower = [];
      ys[k].forEach(function (v, i) {
        if (!v) return;
        var px = x.map(s.size[i]);
        line.push(px + "," + y.map(v[0]));
        upper.push(px + "," + y.map(v[2]));
        lower.unshift(px + "," + y.map(v[1]));
      });
      if (!line.length) return;
      svgEl(g, "polygon", {"class": "interval", points: upper.concat(lower).join(" "), fill: s.colour,
                           "fill-opacity": "0.15"});
      svgEl(g, "polyline", {"class": "study-line", points: line.join(" "), fill: "none", stroke: s.colour,
                            "stroke-width": key(data, s) === state.reference ? "2.6" : "1.6",
                            "stroke-dasharray": device.dash});
      ys[k].forEach(function (v, i) {
        if (!v) return;
        var above = s.above[i] !== "", ring = s.unstable[i] || above;
        var p = svgEl(g, "circle", {"class": "study-point" + (s.unstable[i] ? " unstable" : "") + (above ? " above-roof" : ""),
                                    cx: x.map(s.size[i]), cy: y.map(v[0]), r: ring ? 4 : 2.5,
                                    fill: s.unstable[i] ? "#fff" : s.colour, stroke: above ? "#b00020" : s.colour,
                                    "stroke-width": above ? 2 : 1.2, "data-value": v[0]});
        svgEl(p, "title", {}, key(data, s) + " at " + sizeLabel(s.size[i]) + ": " + si(s.time[i], "s") +
              " (95%: " + si(s.low[i], "s") + " to " + si(s.high[i], "s") + ")" +
              (s.work[i] > 0 ? ", " + si(s.work[i] / s.time[i], data.unit) : "") +
              (s.unstable[i] ? ", unstable" : "") +
              (s.roof[i] !== null ? "\nlatency-aware roof " + si(s.roof[i], "s") + " (" + s.sync + ")" : "") +
              (above ? "\n" + s.above[i] : ""));
      });
    });
  }

  // A family's controls: the view, the reference, and a box per variant (its colour) and device
  // (its dash), shared by the family's panels.
  document.querySelectorAll("div.study-family").forEach(function (family) {
    var panels = Array.prototype.map.call(family.querySelectorAll("figure.study-figure"), function (f) {
      return {figure: f, data: JSON.parse(f.querySelector("script.study-data").textContent)};
    });
    if (!panels.length) return;
    var state = {view: "time", reference: "", hidden: {}};
    var series = [], variants = [], devices = [], hasRoof = false;
    panels.forEach(function (p) {
      p.data.series.forEach(function (s, k) {
        var name = key(p.data, s), device = p.data.devices[s.device];
        if (!state.reference && k === p.data.reference) state.reference = name;
        if (series.indexOf(name) < 0) series.push(name);
        if (!variants.some(function (v) { return v.name === s.name; })) variants.push(s);
        if (!devices.some(function (d) { return d.title === device.title; })) devices.push(device);
        hasRoof = hasRoof || s.roof.some(function (r) { return r !== null; });
      });
    });
    if (!state.reference) state.reference = series[0];
    var controls = family.querySelector(".controls");
    var redraw = function () {
      family.dataset.view = state.view;
      panels.forEach(function (p) { draw(p.figure, p.data, state); });
    };
    var group = "study-view-" + Math.random().toString(36).slice(2);
    var views = htmlEl(controls, "fieldset", {"class": "study-views"});
    htmlEl(views, "legend", {}, "View");
    VIEWS.forEach(function (v) {
      if (v[0] === "roof" && !hasRoof) return;
      var label = htmlEl(views, "label");
      var radio = htmlEl(label, "input", {type: "radio", name: group, value: v[0]});
      radio.checked = v[0] === state.view;
      radio.addEventListener("change", function () { state.view = v[0]; redraw(); });
      label.appendChild(document.createTextNode(" " + v[1]));
    });
    var refs = htmlEl(controls, "fieldset", {"class": "study-reference"});
    htmlEl(refs, "legend", {}, "Relative to");
    var picker = htmlEl(refs, "select", {"class": "reference-picker"});
    series.forEach(function (name) {
      htmlEl(picker, "option", {value: name}, name).selected = name === state.reference;
    });
    picker.addEventListener("change", function () {
      state.reference = picker.value;
      state.view = "relative";
      views.querySelectorAll("input").forEach(function (r) { r.checked = r.value === state.view; });
      redraw();
    });
    var toggles = function (legend, items, group, swatch) {
      if (items.length < 2) return;
      var set = htmlEl(controls, "fieldset", {"class": "study-" + group + "s"});
      htmlEl(set, "legend", {}, legend);
      items.forEach(function (item) {
        var label = htmlEl(set, "label");
        var value = group === "variant" ? item.name : item.title;
        var box = htmlEl(label, "input", {type: "checkbox", value: value, "data-group": group});
        box.checked = true;
        box.addEventListener("change", function () { state.hidden[group + "=" + value] = !box.checked; redraw(); });
        swatch(label, item);
        label.appendChild(document.createTextNode(value));
      });
    };
    toggles("Variants", variants, "variant", function (label, s) {
      htmlEl(label, "span", {"class": "swatch", style: "background:" + s.colour});
    });
    toggles("Devices", devices, "device", function (label, d) {
      var sample = svgEl(label, "svg", {width: 26, height: 8, "class": "dash-swatch"});
      svgEl(sample, "line", {x1: 0, x2: 26, y1: 4, y2: 4, stroke: "#333", "stroke-width": 2,
                             "stroke-dasharray": d.dash});
    });
    redraw();
  });
})();
