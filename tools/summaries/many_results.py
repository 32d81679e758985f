#!/usr/bin/env python3
"""Writes a rooflab.results/1 file of N results, to time and size `rooflab report` at scale. The
machine, provenance and result shape come from TEMPLATE, a file rooflab wrote; every result is its
first nested SAXPY result at another depth m, size n, variant and time, so the points spread over
the chart as a large sweep's would. Written as rooflab writes (one-space indent), result by result,
so N = 10^6 needs little memory.

usage: many_results.py TEMPLATE.json N OUT.json
"""
import copy
import json
import random
import sys


def roofs(doc, template):
    """The highest compute roof of the template's precision and the fastest memory roof of its
    level, on its device: a generated time stays between 2% and 95% of what they allow."""
    device = next(d for d in doc["machine"]["devices"] if d["id"] == template["device"])
    precision, level = template["work"]["precision"], template["level"]
    peak = max(c["flops_per_s"]["median"] for c in device["ceilings"]["compute"]
               if c["precision"] == precision)
    bandwidth = max(m["bytes_per_s"]["median"] for m in device["ceilings"]["memory"]
                    if m["level"] == level)
    return peak, bandwidth


def scaled(template, k, rng, peak, bandwidth):
    r = copy.deepcopy(template)
    m = 1 << (k % 7)  # 1 … 64: AI m/6
    n = 1 << (12 + k % 13)  # 4 Ki … 64 Mi elements
    old_m = template["params"].get("m", 1)
    old_n = template["params"]["n"]
    r["variant"] = f"{template['variant']}_{k % 40}"
    r["params"]["m"], r["params"]["n"] = m, n
    work = r["work"]
    work["flops"] = work["flops"] / (old_m * old_n) * m * n
    for key in ("bytes", "bytes_write_allocate", "working_set"):
        work[key] = work[key] / old_n * n
    attainable = min(peak, bandwidth * work["flops"] / work["bytes"])
    seconds = work["flops"] / (attainable * 10 ** rng.uniform(-1.7, -0.02))
    spread = rng.uniform(0.001, 0.1)
    r["samples"] = [seconds * (1 + spread * rng.uniform(-1, 1)) for _ in range(5)]
    t = r["time"]
    t.update(n=5, median=seconds, mean=seconds, min=min(r["samples"]), max=max(r["samples"]))
    t.update(ci_low=t["min"], ci_high=t["max"], cv=spread / 2, unstable=spread / 2 > 0.05)
    p = r["placement"]
    p.update(ai=work["flops"] / work["bytes"], flops_per_s=work["flops"] / seconds)
    p["attainable_flops_per_s"] = attainable
    p["efficiency"] = p["flops_per_s"] / attainable
    p["efficiency_now"] = None
    r["roof_now"] = None
    return r


def indented(value, depth):
    return json.dumps(value, indent=1).replace("\n", "\n" + " " * depth)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    template_path, count, out_path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(template_path) as f:
        doc = json.load(f)
    template = next(r for r in doc["results"] if r["family"] == "nested_saxpy" and r["time"])
    peak, bandwidth = roofs(doc, template)
    rng = random.Random(29)
    with open(out_path, "w") as out:
        out.write('{\n "schema": "rooflab.results/1",\n')
        for key in ("provenance", "machine", "calibration", "roof_checks"):
            out.write(f' "{key}": {indented(doc.get(key, []), 1)},\n')
        out.write(' "results": [\n')
        for k in range(count):
            out.write("  " + indented(scaled(template, k, rng, peak, bandwidth), 2))
            out.write(",\n" if k + 1 < count else "\n")
        out.write(" ]\n}\n")


if __name__ == "__main__":
    main()
