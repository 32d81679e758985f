#!/usr/bin/env python3
"""Summarizes `rooflab run -d cpu --family reduce --machine M` runs: per operation, type and length,
the best Rooflab variant against the faster OpenBLAS variant of the same run (target >= 1.00x) and
against the probe's read ceiling of the level the data lives in at the best variant's thread count
(its per-thread share against the caches), at that thread count (target >= 0.95); beside it, the
fastest one-thread variant against the one-thread ceiling of its level, which shows what a core
reaches where a call is too short to pay for waking another, and the best variant against the
probe's own read at the same working set and thread count (log-log between the sweep's points),
which shows it where the data lives between two plateaus. Medians over the runs, with the range.
Exits 1 when a result failed.

usage: cpu_reduce_summary.py RESULTS.json...
"""
import json
import math
import statistics
import sys


def rate(r):
    return r["work"]["bytes"] / r["time"]["median"]


def read_ceiling(device, level, threads):
    for m in device["ceilings"]["memory"]:
        if m["level"] == level and m["kernel"] == "read" and m["threads"] == threads:
            return m["bytes_per_s"]["median"]
    return None


def sweep_read(device, working_set, threads):
    """The probe's read at this working set: log-log between the sweep points around it."""
    points = sorted((p["working_set"], statistics.median(p["bytes_per_s"]))
                    for p in device["sweep"]
                    if p["kernel"] == "read" and p["threads"] == threads and p["bytes_per_s"])
    for (w0, b0), (w1, b1) in zip(points, points[1:]):
        if w0 <= working_set <= w1:
            t = math.log(working_set / w0) / math.log(w1 / w0) if w1 > w0 else 0
            return math.exp(math.log(b0) + t * math.log(b1 / b0))
    return None


def ratios(doc):
    """{(op, precision, n): (best / OpenBLAS, best / read ceiling, best variant and level,
    fastest one-thread variant / its read ceiling, best / the probe's read at its working set)}."""
    device = next(d for d in doc["machine"]["devices"] if d["id"] == "cpu")
    groups = {}
    for r in doc["results"]:
        if r["family"] != "reduce" or r["device"] != "cpu" or r["work"]["precision"] == "int32":
            continue
        key = (r["params"]["op"], r["work"]["precision"], r["params"]["n"])
        groups.setdefault(key, []).append(r)
    out = {}
    for key, rs in groups.items():
        ours = [r for r in rs if not r["variant"].startswith("openblas")]
        blas = [r for r in rs if r["variant"].startswith("openblas")]
        if not ours:
            continue
        best = max(ours, key=rate)
        ceiling = read_ceiling(device, best["level"], best["params"]["threads"])
        single = [r for r in ours if r["params"]["threads"] == 1]
        one = max(single, key=rate) if single else None
        one_ceiling = read_ceiling(device, one["level"], 1) if one else None
        # No OpenBLAS result where its self-check left the case out (not_offered).
        out[key] = (rate(best) / max(rate(r) for r in blas) if blas else None,
                    rate(best) / ceiling if ceiling else float("nan"),
                    f"{best['variant']} ({best['level']})",
                    rate(one) / one_ceiling if one_ceiling else float("nan"),
                    rate(best) / swept
                    if (swept := sweep_read(device, best["work"]["working_set"],
                                            best["params"]["threads"]))
                    else float("nan"))
    return out


def spread(values):
    return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    docs = [json.load(open(path)) for path in sys.argv[1:]]
    failed = [r for d in docs for r in d["results"]
              if r["family"] == "reduce" and (r.get("error") or
                                              r["verification"]["status"] != "passed")]
    for r in failed:
        print(f"FAILED {r['variant']} {json.dumps(r['params'])}")
    per_run = [ratios(d) for d in docs]
    keys = sorted(set().union(*per_run))
    print(f"{len(docs)} runs; median (min–max) over the runs\n")
    print("| op | type | n | best / OpenBLAS | best / read ceiling | best variants (level) "
          "| fastest 1-thread / 1-thread ceiling | best / probe's read at its working set |")
    print("|---|---|---|---|---|---|---|---|")
    short = {"blas": 0, "ceiling": 0}
    compared = 0
    for key in keys:
        runs = [run[key] for run in per_run if key in run]
        blas = [r[0] for r in runs if r[0] is not None]
        ceiling = [r[1] for r in runs]
        if blas:
            compared += 1
            short["blas"] += statistics.median(blas) < 1.0
        short["ceiling"] += statistics.median(ceiling) < 0.95
        names = ", ".join(sorted({r[2] for r in runs}))
        print(f"| {key[0]} | {key[1]} | {key[2]} | {spread(blas) if blas else 'not offered'} "
              f"| {spread(ceiling)} | {names} | {spread([r[3] for r in runs])} "
              f"| {spread([r[4] for r in runs])} |")
    print(f"\nmedian below 1.00x OpenBLAS at {short['blas']} of {compared} lengths; "
          f"below 0.95 of the read ceiling at {short['ceiling']} of {len(keys)}")
    for d in docs[:1]:
        for device in d["machine"]["devices"]:
            if device["id"] == "cpu":
                for line in device.get("not_offered", {}).get("reduce", []):
                    print(f"not offered: {line}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
